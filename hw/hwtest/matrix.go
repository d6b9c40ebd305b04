package hwtest

import (
	"fmt"
	"sync"

	"periph.io/x/conn/v3/gpio"
)

// Matrix is a row/column switch matrix wired to fake pins: a closed switch at (row, col)
// joins the two wires, through a diode when Diodes is set (conducting from a row driven
// at the active level, never the other way).
//
// A column reads the active level when a driven row reaches it through closed switches,
// and otherwise its pull; a floating column reads the active level, the worst case, so a
// driver that forgets the pulls sees every cell occupied. Without diodes, current also
// flows back up through other closed switches on floating rows, which is how ghosts
// appear in a real diode-less matrix.
type Matrix struct {
	Rows, Cols []*Pin
	ActiveLow  bool // rows pull columns low (and columns have pull-ups)
	Diodes     bool

	mu       sync.Mutex
	closed   []bool
	badReads int
}

// NewMatrix returns a rows×cols matrix (at most 64×64) of open switches on pins named
// R0…, C0… that record into t (which may be nil).
func NewMatrix(rows, cols int, activeLow, diodes bool, t *Trace) *Matrix {
	if rows > 64 || cols > 64 {
		panic("hwtest: a Matrix has at most 64 rows and 64 columns")
	}
	m := &Matrix{ActiveLow: activeLow, Diodes: diodes, closed: make([]bool, rows*cols)}
	for r := range rows {
		m.Rows = append(m.Rows, NewPin(fmt.Sprintf("R%d", r), t))
	}
	for c := range cols {
		p := NewPin(fmt.Sprintf("C%d", c), t)
		p.Input = func() gpio.Level { return m.column(c) }
		m.Cols = append(m.Cols, p)
	}
	return m
}

// Set opens or closes the switch at (row, col).
func (m *Matrix) Set(row, col int, closed bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.closed[row*len(m.Cols)+col] = closed
}

// SetAll closes exactly the switches whose cell index (row*cols+col) is listed.
func (m *Matrix) SetAll(cells ...int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	clear(m.closed)
	for _, i := range cells {
		m.closed[i] = true
	}
}

// RowPins returns the row pins as gpio.PinIO.
func (m *Matrix) RowPins() []gpio.PinIO { return pins(m.Rows) }

// ColPins returns the column pins as gpio.PinIO.
func (m *Matrix) ColPins() []gpio.PinIO { return pins(m.Cols) }

// BadReads counts column reads made while the rows were not exactly one driven, at the
// active level, and the others undriven.
func (m *Matrix) BadReads() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.badReads
}

func pins(ps []*Pin) []gpio.PinIO {
	out := make([]gpio.PinIO, len(ps))
	for i, p := range ps {
		out[i] = p
	}
	return out
}

func (m *Matrix) active() gpio.Level { return gpio.Level(!m.ActiveLow) }

// column is what column c reads now. Rows and columns are bit sets (at most 64 of each)
// so that reading a column allocates nothing and benchmarks measure the driver alone.
func (m *Matrix) column(c int) gpio.Level {
	act := m.active()
	var driving, floating uint64 // rows driven at the active level; undriven rows
	nDriven := 0
	for r, p := range m.Rows {
		out, lvl, _ := p.State()
		switch {
		case !out:
			floating |= 1 << r
		case lvl == act:
			driving |= 1 << r
			nDriven++
		default:
			nDriven++
		}
	}
	_, _, pull := m.Cols[c].State()

	m.mu.Lock()
	defer m.mu.Unlock()
	if nDriven != 1 || driving == 0 {
		m.badReads++
	}
	if m.reaches(c, driving, floating) {
		return act
	}
	switch pull {
	case gpio.PullUp:
		return gpio.High
	case gpio.PullDown:
		return gpio.Low
	}
	return act
}

// reaches says whether a driven row reaches column c through closed switches.
func (m *Matrix) reaches(c int, driving, floating uint64) bool {
	// Without diodes the wires form a graph: spread from the driven rows through columns
	// and floating rows until nothing new is reached. With diodes only the first step
	// conducts.
	rows := driving
	var cols uint64
	for {
		newCols := cols
		for r := range m.Rows {
			if rows&(1<<r) != 0 {
				newCols |= m.colsOf(r)
			}
		}
		if m.Diodes {
			return newCols&(1<<c) != 0
		}
		newRows := rows
		for r := range m.Rows {
			if floating&(1<<r) != 0 && m.colsOf(r)&newCols != 0 {
				newRows |= 1 << r
			}
		}
		if newCols == cols && newRows == rows {
			return cols&(1<<c) != 0
		}
		cols, rows = newCols, newRows
	}
}

// colsOf is the set of columns row r's closed switches touch.
func (m *Matrix) colsOf(r int) uint64 {
	var s uint64
	nc := len(m.Cols)
	for c, closed := range m.closed[r*nc : (r+1)*nc] {
		if closed {
			s |= 1 << c
		}
	}
	return s
}
