// Package sim is a simulated board: it holds pieces on sensor cells, yields frames as they
// change, and shows light frames. Code drives it (Lift, Put, Flip, Set): the simulated hand
// of package boards, for the kiosk's virtual board and the referee's tests.
//
// It imports only the standard library and hw.
package sim

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/tavoliere/tavoliere/hw"
)

// Opts configures a simulated board.
type Opts struct {
	Period time.Duration    // time between frames Read yields: 20 ms (50 Hz) by default
	Clock  func() time.Time // time.Now by default
}

// DefaultOpts is a 50 Hz board on the wall clock.
var DefaultOpts = Opts{Period: 20 * time.Millisecond}

// Board is a simulated sensor grid with LEDs. It is safe for concurrent use.
type Board struct {
	mu     sync.Mutex
	kind   hw.SensorKind
	cells  []hw.Reading
	leds   hw.LightFrame
	shown  int
	bright uint8
	period time.Duration
	clock  func() time.Time
	next   time.Time
}

// New returns an empty board of cells sensor channels of kind k and leds LEDs.
func New(cells int, k hw.SensorKind, leds int, o *Opts) (*Board, error) {
	if o == nil {
		o = &DefaultOpts
	}
	if cells < 1 || cells > 1024 || leds < 0 || leds > 1024 {
		return nil, fmt.Errorf("sim: %d cells and %d LEDs: want 1…1024 and 0…1024", cells, leds)
	}
	b := &Board{kind: k, cells: make([]hw.Reading, cells), leds: make(hw.LightFrame, leds), period: o.Period, clock: o.Clock, bright: 255}
	if b.period <= 0 {
		b.period = DefaultOpts.Period
	}
	if b.clock == nil {
		b.clock = time.Now
	}
	return b, nil
}

func (b *Board) String() string {
	return fmt.Sprintf("sim(%d %s cells, %d LEDs)", len(b.cells), b.kind, len(b.leds))
}

// Cells implements hw.Source.
func (b *Board) Cells() int { return len(b.cells) }

// Kind implements hw.Source.
func (b *Board) Kind() hw.SensorKind { return b.kind }

// LEDs implements hw.Sink.
func (b *Board) LEDs() int { return len(b.leds) }

// Set puts reading v on cell c (0 empties it).
func (b *Board) Set(c int, v hw.Reading) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.cells[c] = v
}

// Get returns the reading of cell c.
func (b *Board) Get(c int) hw.Reading {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.cells[c]
}

// Lift takes the piece off cell c and returns its reading.
func (b *Board) Lift(c int) hw.Reading {
	b.mu.Lock()
	defer b.mu.Unlock()
	v := b.cells[c]
	b.cells[c] = 0
	return v
}

// Put puts a piece reading v on cell c.
func (b *Board) Put(c int, v hw.Reading) { b.Set(c, v) }

// Flip turns over the disc on cell c: a polarity reading changes side; other kinds do not
// see it.
func (b *Board) Flip(c int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.kind == hw.Polarity && b.cells[c] != 0 {
		b.cells[c] = 3 - b.cells[c]
	}
}

// Load sets every cell at once.
func (b *Board) Load(cells []hw.Reading) {
	b.mu.Lock()
	defer b.mu.Unlock()
	copy(b.cells, cells)
}

// Snapshot writes the current readings into f, stamped at.
func (b *Board) Snapshot(at time.Time, f *hw.Frame) {
	b.mu.Lock()
	defer b.mu.Unlock()
	f.At = at
	f.Cells = append(f.Cells[:0], b.cells...)
}

// Read implements hw.Source: a frame every Period.
func (b *Board) Read(ctx context.Context, f *hw.Frame) error {
	b.mu.Lock()
	now := b.clock()
	if b.next.IsZero() || b.next.Before(now) {
		b.next = now
	}
	wait := b.next.Sub(now)
	b.next = b.next.Add(b.period)
	b.mu.Unlock()
	if err := hw.Sleep(ctx, wait); err != nil {
		return err
	}
	b.Snapshot(b.clock(), f)
	return nil
}

// Show implements hw.Sink.
func (b *Board) Show(l hw.LightFrame) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(l) != len(b.leds) {
		return fmt.Errorf("sim: light frame of %d LEDs, the board has %d", len(l), len(b.leds))
	}
	copy(b.leds, l)
	b.shown++
	return nil
}

// Lights returns a copy of the last light frame shown and how many frames were shown.
func (b *Board) Lights() (hw.LightFrame, int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append(hw.LightFrame(nil), b.leds...), b.shown
}

// SetBrightness implements hw.Dimmer: the board keeps the level for Brightness to tell.
func (b *Board) SetBrightness(level uint8) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.bright = level
	return nil
}

// Brightness returns the level last set, 255 until one is.
func (b *Board) Brightness() uint8 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.bright
}

// Halt darkens the LEDs.
func (b *Board) Halt() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	clear(b.leds)
	return nil
}
