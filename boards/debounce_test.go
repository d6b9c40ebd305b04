package boards

import (
	"slices"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/hw"
)

// TestDebouncerGlimpses: a reading shown for fewer scans than a change takes, then left,
// is a glimpse, whether the cell goes back (a bounce) or on to another reading (a piece
// swapped for another of the other colour: 1, 0, 2); one held long enough is a change.
func TestDebouncerGlimpses(t *testing.T) {
	for _, tc := range []struct {
		name     string
		scans    []hw.Reading
		glimpsed []hw.Reading
		stable   hw.Reading
	}{
		{"bounce", []hw.Reading{0, 1, 1, 1}, []hw.Reading{0}, 1},
		{"swapped", []hw.Reading{0, 2, 2, 2}, []hw.Reading{0}, 2},
		{"lifted", []hw.Reading{0, 0, 0, 2, 2}, nil, 2},
		{"turned", []hw.Reading{2, 2}, nil, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := newDebouncer(1, 2, 100)
			d.reset([]hw.Reading{1})
			var got []hw.Reading
			at := time.Unix(0, 0)
			for _, v := range tc.scans {
				at = at.Add(20 * time.Millisecond)
				d.update(at, []hw.Reading{v}, func(int) {}, func(int, bool) {}, func(_ int, v hw.Reading) { got = append(got, v) })
			}
			if !slices.Equal(got, tc.glimpsed) || d.stable[0] != tc.stable {
				t.Errorf("scans %v: glimpsed %v, stable %v; want %v, %v", tc.scans, got, d.stable[0], tc.glimpsed, tc.stable)
			}
		})
	}
}
