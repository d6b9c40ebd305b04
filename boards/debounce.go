package boards

import (
	"time"

	"github.com/tavoliere/tavoliere/hw"
)

// debouncer turns raw scans into stable readings: a cell changes only after n agreeing
// scans in a row. It also notices cells that flicker: more than limit raw changes within
// one second.
type debouncer struct {
	n      int
	limit  int
	stable []hw.Reading
	cand   []hw.Reading
	count  []uint8
	raw    []hw.Reading
	flips  []uint16 // raw changes in the current one-second window
	window time.Time
	flicky []bool
}

func newDebouncer(cells, n, limit int) *debouncer {
	return &debouncer{
		n: n, limit: limit,
		stable: make([]hw.Reading, cells), cand: make([]hw.Reading, cells),
		count: make([]uint8, cells), raw: make([]hw.Reading, cells),
		flips: make([]uint16, cells), flicky: make([]bool, cells),
	}
}

// reset makes cells the stable state at once (the first frame, or a resynchronisation).
func (d *debouncer) reset(cells []hw.Reading) {
	copy(d.stable, cells)
	copy(d.raw, cells)
	clear(d.count)
}

// update feeds one scan and calls changed(cell) for every cell whose stable reading
// changed. It reports through flicker(cell, on) when a cell starts or stops flickering, and
// through glimpse(cell, v) a reading v that a cell showed for fewer scans than it takes to
// change, then left: a bounce, or a hand quicker than the scans.
func (d *debouncer) update(at time.Time, cells []hw.Reading, changed func(int), flicker func(int, bool), glimpse func(int, hw.Reading)) {
	if at.Sub(d.window) >= time.Second {
		for c := range d.flips {
			if d.flicky[c] && int(d.flips[c]) <= d.limit/2 {
				d.flicky[c] = false
				flicker(c, false)
			}
		}
		clear(d.flips)
		d.window = at
	}
	for c, v := range cells {
		if v != d.raw[c] {
			d.raw[c] = v
			d.flips[c]++
			if int(d.flips[c]) > d.limit && !d.flicky[c] {
				d.flicky[c] = true
				flicker(c, true)
			}
		}
		switch {
		case v == d.stable[c]:
			if d.count[c] > 0 {
				glimpse(c, d.cand[c])
			}
			d.count[c] = 0
		case d.count[c] > 0 && v == d.cand[c]:
			d.count[c]++
		default:
			if d.count[c] > 0 {
				glimpse(c, d.cand[c]) // (left for another: 1, 0, 2 is a piece swapped, or a disc turned faster than a scan)
			}
			d.cand[c], d.count[c] = v, 1
		}
		if d.count[c] >= uint8(d.n) {
			d.stable[c], d.count[c] = v, 0
			changed(c)
		}
	}
}
