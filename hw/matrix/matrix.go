// Package matrix reads a sensor grid wired as a direct GPIO row/column switch matrix, one
// reed switch or digital hall switch per cell and a diode in series with each (without
// diodes, three closed switches on the corners of a rectangle make the fourth corner read
// closed, the matrix's ghosting).
//
// A scan drives one row at a time to the active level while the other rows float
// (high-impedance inputs), waits for the lines to settle, then reads every column: a
// column reads the active level when the switch joining it to the driven row is closed.
// With ActiveLow (the default) rows are driven low and columns have pull-ups.
//
// matrix imports hw and periph.io/x/conn only.
package matrix

import (
	"errors"
	"fmt"
	"sync"
	"time"

	"periph.io/x/conn/v3/gpio"

	"github.com/tavoliere/tavoliere/hw"
)

// Opts configures a matrix.
type Opts struct {
	// ActiveLow drives the scanned row low and pulls the columns up; otherwise the row is
	// driven high and the columns pulled down. Orient the diodes to match: with ActiveLow
	// the cathode faces the row.
	ActiveLow bool
	// Settle is how long to wait after driving a row before reading the columns, long
	// enough for the column wires and pull resistors to follow: about 10 µs for a board's
	// worth of wire and the Pi's ~50 kΩ pull-ups. Waits under 100 µs spin rather than sleep,
	// because the kernel's sleep granularity would stretch them several times over.
	Settle time.Duration
	// Kind is what a cell reads. A switch matrix reads one bit a cell, so only hw.Presence
	// (0 means Presence) is accepted.
	Kind hw.SensorKind
}

// DefaultOpts is an active-low matrix with a 10 µs settle. Copy it and edit the copy.
var DefaultOpts = Opts{ActiveLow: true, Settle: 10 * time.Microsecond, Kind: hw.Presence}

// maxCells bounds the matrix to what a board needs.
const maxCells = 1024

// Dev is a GPIO switch matrix. It implements hw.Scanner and is safe for concurrent use.
type Dev struct {
	mu      sync.Mutex
	rows    []gpio.PinIO
	cols    []gpio.PinIO
	active  gpio.Level
	colPull gpio.Pull
	settle  time.Duration
	wait    func(time.Duration) // replaced in tests to record the settle time
}

// New returns a matrix scanning rows and reading cols, cell index row*len(cols)+col. It
// leaves every row floating and every column an input with its pull resistor, which is
// the state each scan returns them to. The pins come from the caller (gpioreg.ByName in
// cmd); New only configures them.
func New(rows, cols []gpio.PinIO, o *Opts) (*Dev, error) {
	if o == nil {
		o = &DefaultOpts
	}
	if len(rows) == 0 || len(cols) == 0 || len(rows)*len(cols) > maxCells {
		return nil, fmt.Errorf("matrix: %d rows × %d columns: want at least one of each and at most %d cells", len(rows), len(cols), maxCells)
	}
	if o.Kind != 0 && o.Kind != hw.Presence {
		return nil, fmt.Errorf("matrix: a switch matrix reads presence, not %s", o.Kind)
	}
	if o.Settle < 0 {
		return nil, fmt.Errorf("matrix: negative settle time %s", o.Settle)
	}
	seen := map[gpio.PinIO]bool{}
	for _, p := range append(append([]gpio.PinIO(nil), rows...), cols...) {
		if p == nil {
			return nil, errors.New("matrix: nil pin")
		}
		if seen[p] {
			return nil, fmt.Errorf("matrix: pin %s used twice", p)
		}
		seen[p] = true
	}
	d := &Dev{
		rows:    append([]gpio.PinIO(nil), rows...),
		cols:    append([]gpio.PinIO(nil), cols...),
		active:  gpio.High,
		colPull: gpio.PullDown,
		settle:  o.Settle,
		wait:    hw.Spin,
	}
	if o.ActiveLow {
		d.active, d.colPull = gpio.Low, gpio.PullUp
	}
	for _, p := range d.rows {
		if err := p.In(gpio.Float, gpio.NoEdge); err != nil {
			return nil, fmt.Errorf("matrix: release row %s: %w", p, err)
		}
	}
	for _, p := range d.cols {
		if err := p.In(d.colPull, gpio.NoEdge); err != nil {
			return nil, fmt.Errorf("matrix: column %s: %w", p, err)
		}
	}
	return d, nil
}

func (d *Dev) String() string {
	lvl := "high"
	if d.active == gpio.Low {
		lvl = "low"
	}
	return fmt.Sprintf("matrix{%d×%d, active %s}", len(d.rows), len(d.cols), lvl)
}

// Cells implements hw.Scanner.
func (d *Dev) Cells() int { return len(d.rows) * len(d.cols) }

// Kind implements hw.Scanner: always hw.Presence.
func (d *Dev) Kind() hw.SensorKind { return hw.Presence }

// Scan implements hw.Scanner: 1 where a switch is closed, 0 where it is open. Rows are
// scanned in order; each is released before the next is driven, on every path out.
func (d *Dev) Scan(cells []hw.Reading) error {
	if len(cells) != d.Cells() {
		return fmt.Errorf("matrix: scan into %d cells, have %d", len(cells), d.Cells())
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	nc := len(d.cols)
	for r, row := range d.rows {
		if err := row.Out(d.active); err != nil {
			return errors.Join(fmt.Errorf("matrix: drive row %s: %w", row, err), release(row))
		}
		d.wait(d.settle)
		for c, col := range d.cols {
			cells[r*nc+c] = 0
			if col.Read() == d.active {
				cells[r*nc+c] = 1
			}
		}
		if err := release(row); err != nil {
			return err
		}
	}
	return nil
}

// Halt implements conn.Resource: every row floats, so nothing is driven. Columns stay
// inputs with their pulls.
func (d *Dev) Halt() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	var errs []error
	for _, row := range d.rows {
		if err := release(row); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// release turns a row back into an input. PullNoChange keeps the Float set by New and
// spares a pull-register write per row (slow on the BCM283x).
func release(row gpio.PinIO) error {
	if err := row.In(gpio.PullNoChange, gpio.NoEdge); err != nil {
		return fmt.Errorf("matrix: release row %s: %w", row, err)
	}
	return nil
}

var _ hw.Scanner = (*Dev)(nil)
