// Package hc165 reads a sensor grid wired to a chain of 74HC165 8-bit parallel-in,
// serial-out shift registers through the host's SPI controller: one reed switch or
// digital hall switch per input, 8 cells a chip, no ghosting.
//
// Wiring: SCLK to every CLK; MISO to QH of the last chip in the chain; each chip's QH to
// the next one's SER, the first chip's SER to ground; CLK INH to ground; every SH/LD to
// one GPIO (the load pin). MOSI and chip select are not used. Chip 0 is the first in the
// chain (farthest from MISO).
//
// A scan pulses the load pin low (the chips latch their inputs) and back high, then reads
// Chips bytes in one SPI transaction. The first byte out is the last chip's (the one on
// MISO), the last byte chip 0's; within a byte the first bit out is QH, input D7, so with
// the usual MSB-first SPI each byte's bit k is its chip's input Dk. Cell i is chip i/8,
// input D(i%8).
//
// Datasheet: https://www.ti.com/lit/ds/symlink/sn74hc165.pdf
//
// hc165 imports hw and periph.io/x/conn only.
package hc165

import (
	"errors"
	"fmt"
	"sync"
	"time"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"

	"github.com/tavoliere/tavoliere/hw"
)

// What cmd passes to spi.Port.Connect for the chain. In Mode2 the clock idles high and
// the controller samples MISO on each falling edge, half a period after the 74HC165
// shifted on the rising edge; the first bit (QH right after the load) is there before any
// edge. Mode0 samples on the shifting edge itself and works only while the wires are
// short. 1 MHz reads eight chips in 64 µs and tolerates board-length wiring; the chip
// itself manages about 20 MHz at 3.3 V.
const (
	Mode = spi.Mode2
	Freq = physic.MegaHertz
)

// Opts configures a chain.
type Opts struct {
	// Chips is the number of 74HC165 in the chain, 1 to 128.
	Chips int
	// ActiveLow means a closed switch pulls its input low (switches to ground, pull-up
	// resistors on the inputs): a low input reads occupied.
	ActiveLow bool
	// Cells is how many inputs are sensors, from 8*(Chips-1)+1 to 8*Chips; 0 means all.
	Cells int
	// LoadPulse is how long SH/LD is held low. The chip needs 20 ns at 4.5 V and 100 ns
	// at 2 V; 1 µs leaves room for slow edges on a long wire. Waits under 100 µs spin.
	LoadPulse time.Duration
}

// DefaultOpts is eight chips (64 cells, a chessboard) of switches to ground, loaded with a
// 1 µs pulse. Copy it and edit the copy.
var DefaultOpts = Opts{Chips: 8, ActiveLow: true, Cells: 64, LoadPulse: time.Microsecond}

// Dev is a chain of 74HC165 shift registers. It implements hw.Scanner and is safe for
// concurrent use.
type Dev struct {
	mu        sync.Mutex
	conn      spi.Conn
	load      gpio.PinOut
	cells     int
	activeLow bool
	pulse     time.Duration
	buf       []byte
	wait      func(time.Duration) // replaced in tests to record the pulse
}

// New returns the chain read over conn, whose parallel loads are triggered by load. conn
// comes from the caller (spireg.Open then Connect(Freq, Mode, 8) in cmd). New drives the
// load pin high, its idle level, so the chain is ready to shift.
func New(conn spi.Conn, load gpio.PinOut, o *Opts) (*Dev, error) {
	if o == nil {
		o = &DefaultOpts
	}
	if o.Chips < 1 || o.Chips > 128 {
		return nil, fmt.Errorf("hc165: %d chips: want 1 to 128", o.Chips)
	}
	cells := o.Cells
	if cells == 0 {
		cells = 8 * o.Chips
	}
	if cells <= 8*(o.Chips-1) || cells > 8*o.Chips {
		return nil, fmt.Errorf("hc165: %d cells on %d chips: want %d…%d", cells, o.Chips, 8*(o.Chips-1)+1, 8*o.Chips)
	}
	if o.LoadPulse < 0 {
		return nil, fmt.Errorf("hc165: negative load pulse %s", o.LoadPulse)
	}
	if conn == nil || load == nil {
		return nil, errors.New("hc165: nil SPI connection or load pin")
	}
	if err := load.Out(gpio.High); err != nil {
		return nil, fmt.Errorf("hc165: load pin %s: %w", load, err)
	}
	return &Dev{conn: conn, load: load, cells: cells, activeLow: o.ActiveLow, pulse: o.LoadPulse, buf: make([]byte, o.Chips), wait: hw.Spin}, nil
}

func (d *Dev) String() string {
	return fmt.Sprintf("hc165{%s, load %s, %d chips, %d cells}", d.conn, d.load, len(d.buf), d.cells)
}

// Cells implements hw.Scanner.
func (d *Dev) Cells() int { return d.cells }

// Kind implements hw.Scanner: always hw.Presence.
func (d *Dev) Kind() hw.SensorKind { return hw.Presence }

// Scan implements hw.Scanner: one load pulse, one SPI read of Chips bytes. It leaves the
// load pin high on every path out that the pin allows.
func (d *Dev) Scan(cells []hw.Reading) error {
	if len(cells) != d.cells {
		return fmt.Errorf("hc165: scan into %d cells, have %d", len(cells), d.cells)
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if err := d.load.Out(gpio.Low); err != nil {
		return errors.Join(fmt.Errorf("hc165: load: %w", err), d.idle())
	}
	d.wait(d.pulse)
	if err := d.idle(); err != nil {
		return err
	}
	if err := d.conn.Tx(nil, d.buf); err != nil {
		return fmt.Errorf("hc165: read: %w", err)
	}
	last := len(d.buf) - 1
	var flip byte
	if d.activeLow {
		flip = 0xFF
	}
	for i := range cells {
		b := d.buf[last-i/8] ^ flip
		cells[i] = hw.Reading(b >> (i % 8) & 1)
	}
	return nil
}

func (d *Dev) idle() error {
	if err := d.load.Out(gpio.High); err != nil {
		return fmt.Errorf("hc165: end load: %w", err)
	}
	return nil
}

// Halt implements conn.Resource: the chain only reads, so Halt just leaves the load pin
// at its idle level, high.
func (d *Dev) Halt() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.idle()
}

var _ hw.Scanner = (*Dev)(nil)
