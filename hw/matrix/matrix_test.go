package matrix

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"periph.io/x/conn/v3/gpio"

	"github.com/tavoliere/tavoliere/hw"
	"github.com/tavoliere/tavoliere/hw/hwtest"
)

// newTraced returns a matrix over a diode model whose pins, and the settle wait, record
// into one trace.
func newTraced(t *testing.T, rows, cols int, activeLow bool) (*Dev, *hwtest.Matrix, *hwtest.Trace) {
	t.Helper()
	tr := &hwtest.Trace{}
	m := hwtest.NewMatrix(rows, cols, activeLow, true, tr)
	o := DefaultOpts
	o.ActiveLow = activeLow
	d, err := New(m.RowPins(), m.ColPins(), &o)
	if err != nil {
		t.Fatal(err)
	}
	d.wait = func(s time.Duration) { tr.Add("wait(%s)", s) }
	return d, m, tr
}

func TestNewConfiguresPins(t *testing.T) {
	for _, tc := range []struct {
		activeLow bool
		want      []string
	}{
		{true, []string{"R0.In(Float)", "R1.In(Float)", "C0.In(PullUp)", "C1.In(PullUp)"}},
		{false, []string{"R0.In(Float)", "R1.In(Float)", "C0.In(PullDown)", "C1.In(PullDown)"}},
	} {
		t.Run(fmt.Sprint("activeLow=", tc.activeLow), func(t *testing.T) {
			_, _, tr := newTraced(t, 2, 2, tc.activeLow)
			if got := tr.Events(); !slices.Equal(got, tc.want) {
				t.Errorf("New did\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

// TestScanSequence proves the drive order and level, the settle wait between driving a
// row and reading the columns, and the release of each row before the next is driven.
func TestScanSequence(t *testing.T) {
	for _, tc := range []struct {
		activeLow bool
		want      []string
	}{
		{true, []string{
			"R0.Out(Low)", "wait(10µs)", "C0.Read()=Low", "C1.Read()=High", "C2.Read()=High", "R0.In(PullNoChange)",
			"R1.Out(Low)", "wait(10µs)", "C0.Read()=High", "C1.Read()=High", "C2.Read()=Low", "R1.In(PullNoChange)",
		}},
		{false, []string{
			"R0.Out(High)", "wait(10µs)", "C0.Read()=High", "C1.Read()=Low", "C2.Read()=Low", "R0.In(PullNoChange)",
			"R1.Out(High)", "wait(10µs)", "C0.Read()=Low", "C1.Read()=Low", "C2.Read()=High", "R1.In(PullNoChange)",
		}},
	} {
		t.Run(fmt.Sprint("activeLow=", tc.activeLow), func(t *testing.T) {
			d, m, tr := newTraced(t, 2, 3, tc.activeLow)
			m.SetAll(0, 5) // (0,0) and (1,2)
			tr.Reset()
			cells := make([]hw.Reading, d.Cells())
			if err := d.Scan(cells); err != nil {
				t.Fatal(err)
			}
			if got := tr.Events(); !slices.Equal(got, tc.want) {
				t.Errorf("Scan did\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
			if want := []hw.Reading{1, 0, 0, 0, 0, 1}; !slices.Equal(cells, want) {
				t.Errorf("cells %v, want %v", cells, want)
			}
		})
	}
}

// TestCellMapping closes one switch at a time on a non-square matrix, so a row/column
// swap or a wrong stride shows.
func TestCellMapping(t *testing.T) {
	const rows, cols = 3, 5
	for _, activeLow := range []bool{true, false} {
		d, m, _ := newTraced(t, rows, cols, activeLow)
		cells := make([]hw.Reading, d.Cells())
		for r := range rows {
			for c := range cols {
				m.SetAll(r*cols + c)
				if err := d.Scan(cells); err != nil {
					t.Fatal(err)
				}
				for i, v := range cells {
					if want := hw.Reading(0); i == r*cols+c {
						want = 1
						if v != want {
							t.Errorf("activeLow=%t switch (%d,%d) closed: cell %d reads %d", activeLow, r, c, i, v)
						}
					} else if v != want {
						t.Errorf("activeLow=%t switch (%d,%d) closed: cell %d reads %d, want 0", activeLow, r, c, i, v)
					}
				}
			}
		}
		if n := m.BadReads(); n != 0 {
			t.Errorf("activeLow=%t: %d column reads while not exactly one row was driven", activeLow, n)
		}
	}
}

// TestPatterns reads whole-board patterns, among them the ghosting ones: with diodes the
// matrix reads exactly the closed switches. The diode-less model shows what the diodes
// prevent (and that the model is able to fail).
func TestPatterns(t *testing.T) {
	const n = 4
	all := make([]int, n*n)
	for i := range all {
		all[i] = i
	}
	var checker []int
	for i := range n * n {
		if (i/n+i%n)%2 == 0 {
			checker = append(checker, i)
		}
	}
	for _, tc := range []struct {
		name     string
		closed   []int
		noDiodes []int // what a diode-less matrix reads
	}{
		{"empty", nil, nil},
		{"rectangle corners", []int{0, 1, 4}, []int{0, 1, 4, 5}},
		{"two rectangles", []int{0, 3, 12, 6, 10, 9}, nil},
		{"full", all, all},
		{"checkerboard", checker, checker}, // two separate conducting graphs: no ghost
		{"one row", []int{4, 5, 6, 7}, []int{4, 5, 6, 7}},
		{"one column", []int{2, 6, 10, 14}, []int{2, 6, 10, 14}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, diodes := range []bool{true, false} {
				m := hwtest.NewMatrix(n, n, true, diodes, nil)
				d, err := New(m.RowPins(), m.ColPins(), &DefaultOpts)
				if err != nil {
					t.Fatal(err)
				}
				m.SetAll(tc.closed...)
				cells := make([]hw.Reading, d.Cells())
				if err := d.Scan(cells); err != nil {
					t.Fatal(err)
				}
				want := tc.closed
				if !diodes {
					if tc.noDiodes == nil {
						continue
					}
					want = tc.noDiodes
				}
				if got := occupied(cells); !slices.Equal(got, sorted(want)) {
					t.Errorf("diodes=%t: read %v, want %v", diodes, got, sorted(want))
				}
			}
		})
	}
}

func occupied(cells []hw.Reading) []int {
	var out []int
	for i, v := range cells {
		if v != 0 {
			out = append(out, i)
		}
	}
	return out
}

func sorted(s []int) []int {
	if len(s) == 0 {
		return nil
	}
	s = slices.Clone(s)
	slices.Sort(s)
	return s
}

// assertReleased checks every row floats and every column keeps its pull.
func assertReleased(t *testing.T, m *hwtest.Matrix, colPull gpio.Pull) {
	t.Helper()
	for _, p := range m.Rows {
		if out, lvl, pull := p.State(); out || pull != gpio.Float {
			t.Errorf("row %s: output=%t (%s), pull %s; want a floating input", p, out, lvl, pull)
		}
	}
	for _, p := range m.Cols {
		if out, _, pull := p.State(); out || pull != colPull {
			t.Errorf("column %s: output=%t, pull %s; want an input with %s", p, out, pull, colPull)
		}
	}
}

func TestRowsReleasedAfterScanAndHalt(t *testing.T) {
	d, m, _ := newTraced(t, 4, 4, true)
	m.SetAll(1, 6, 11)
	cells := make([]hw.Reading, d.Cells())
	for range 3 {
		if err := d.Scan(cells); err != nil {
			t.Fatal(err)
		}
		assertReleased(t, m, gpio.PullUp)
	}
	// Something else drove the rows; Halt lets go of all of them.
	for _, p := range m.Rows {
		_ = p.Out(gpio.Low)
	}
	if err := d.Halt(); err != nil {
		t.Fatal(err)
	}
	assertReleased(t, m, gpio.PullUp)
	if got := d.String(); got != "matrix{4×4, active low}" {
		t.Errorf("String() = %q", got)
	}
}

func TestScanErrors(t *testing.T) {
	t.Run("drive fails", func(t *testing.T) {
		d, m, tr := newTraced(t, 3, 2, true)
		m.Rows[1].FailOut(true)
		tr.Reset()
		err := d.Scan(make([]hw.Reading, d.Cells()))
		if !errors.Is(err, hwtest.ErrPin) || !strings.Contains(err.Error(), "drive row R1") {
			t.Fatalf("Scan = %v, want the failure to drive R1", err)
		}
		assertReleased(t, m, gpio.PullUp)
		if in, out, _ := m.Rows[2].Calls(); out != 0 || in != 1 {
			t.Errorf("R2 saw %d Out and %d In calls after R1 failed; want only New's In", out, in)
		}
	})
	t.Run("release fails", func(t *testing.T) {
		d, m, _ := newTraced(t, 3, 2, true)
		m.Rows[0].FailIn(true)
		err := d.Scan(make([]hw.Reading, d.Cells()))
		if !errors.Is(err, hwtest.ErrPin) || !strings.Contains(err.Error(), "release row R0") {
			t.Fatalf("Scan = %v, want the failure to release R0", err)
		}
		if _, out, _ := m.Rows[1].Calls(); out != 0 {
			t.Error("R1 was driven while R0 could not be released")
		}
		m.Rows[0].FailIn(false)
		if err := d.Halt(); err != nil {
			t.Fatal(err)
		}
		assertReleased(t, m, gpio.PullUp)
	})
	t.Run("wrong length", func(t *testing.T) {
		d, _, _ := newTraced(t, 2, 2, true)
		if err := d.Scan(make([]hw.Reading, 3)); err == nil {
			t.Fatal("Scan into 3 cells of a 2×2 matrix succeeded")
		}
	})
}

func TestNewErrors(t *testing.T) {
	m := hwtest.NewMatrix(2, 2, true, true, nil)
	rows, cols := m.RowPins(), m.ColPins()
	badKind := DefaultOpts
	badKind.Kind = hw.Polarity
	badSettle := DefaultOpts
	badSettle.Settle = -time.Microsecond
	for _, tc := range []struct {
		name       string
		rows, cols []gpio.PinIO
		o          *Opts
	}{
		{"no rows", nil, cols, nil},
		{"no columns", rows, nil, nil},
		{"polarity", rows, cols, &badKind},
		{"negative settle", rows, cols, &badSettle},
		{"nil pin", []gpio.PinIO{rows[0], nil}, cols, nil},
		{"pin twice", rows, []gpio.PinIO{cols[0], rows[1]}, nil},
		{"too big", make([]gpio.PinIO, 33), make([]gpio.PinIO, 32), nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if d, err := New(tc.rows, tc.cols, tc.o); err == nil {
				t.Fatalf("New succeeded: %s", d)
			}
		})
	}
	failing := hwtest.NewMatrix(2, 2, true, true, nil)
	failing.Cols[1].FailIn(true)
	if _, err := New(failing.RowPins(), failing.ColPins(), nil); !errors.Is(err, hwtest.ErrPin) {
		t.Errorf("New with a failing column = %v", err)
	}
}

func TestScanDoesNotAllocate(t *testing.T) {
	m := hwtest.NewMatrix(8, 8, true, true, nil)
	o := DefaultOpts
	o.Settle = 0
	d, err := New(m.RowPins(), m.ColPins(), &o)
	if err != nil {
		t.Fatal(err)
	}
	cells := make([]hw.Reading, d.Cells())
	if n := testing.AllocsPerRun(100, func() { _ = d.Scan(cells) }); n != 0 {
		t.Errorf("Scan allocates %v times", n)
	}
}

// BenchmarkScan scans an 8×8 board. gpio-ops/scan counts In, Out and Read calls; with the
// default settle the wait dominates (8 × 10 µs).
func BenchmarkScan(b *testing.B) {
	for _, settle := range []time.Duration{0, DefaultOpts.Settle} {
		b.Run("settle="+settle.String(), func(b *testing.B) {
			m := hwtest.NewMatrix(8, 8, true, true, nil)
			m.SetAll(0, 9, 18, 27, 36, 45, 54, 63)
			o := DefaultOpts
			o.Settle = settle
			d, err := New(m.RowPins(), m.ColPins(), &o)
			if err != nil {
				b.Fatal(err)
			}
			before := pinOps(m)
			cells := make([]hw.Reading, d.Cells())
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				if err := d.Scan(cells); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			b.ReportMetric(float64(pinOps(m)-before)/float64(b.N), "gpio-ops/scan")
		})
	}
}

func pinOps(m *hwtest.Matrix) int {
	n := 0
	for _, p := range append(slices.Clone(m.Rows), m.Cols...) {
		in, out, read := p.Calls()
		n += in + out + read
	}
	return n
}
