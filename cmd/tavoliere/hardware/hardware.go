// Package hardware opens a board from its board file (cmd/tavoliere/boardfile): the buses
// and the port its sensors and LEDs are on, the drivers of hw/ on them, and the layout of
// boards that says which channel and which LED is under which square. It is cmd's: it
// opens buses and ports, which the referee (boards) and the drivers never do themselves.
// serve's service plays on a Board; the sensors command reads one.
//
// It imports boards (the layout), hw and its drivers, periph.io and the board file; never
// the service or the kiosk.
package hardware

import (
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpioreg"
	"periph.io/x/conn/v3/i2c/i2creg"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"
	"periph.io/x/conn/v3/spi/spireg"
	"periph.io/x/host/v3"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/boardfile"
	"github.com/tavoliere/tavoliere/hw"
	"github.com/tavoliere/tavoliere/hw/hc165"
	"github.com/tavoliere/tavoliere/hw/matrix"
	"github.com/tavoliere/tavoliere/hw/max7219"
	"github.com/tavoliere/tavoliere/hw/mcp23017"
	"github.com/tavoliere/tavoliere/hw/sim"
	"github.com/tavoliere/tavoliere/hw/tbp"
	"github.com/tavoliere/tavoliere/hw/ws2812"
)

// scanPeriod is how often the GPIO, I²C and SPI boards are scanned: 50 Hz.
const scanPeriod = 20 * time.Millisecond

// Board is a board opened from its board file: its layout, its sensors and its LEDs. Open
// opens the buses and the port, and Close closes them.
type Board struct {
	File   *boardfile.File
	Layout *boards.Layout
	Source hw.Source
	Sink   hw.Sink    // nil for a board without LEDs
	Sim    *sim.Board // the board file's simulated board (driver sim); nil for a real one
	Serial *tbp.Dev   // a TBP/2 microcontroller: sensors, LEDs and buttons
	Log    *slog.Logger

	closers []func() error

	mu       sync.Mutex
	onState  func(connected bool, err error) // the service's: tells the kiosk
	reported bool                            // a state has been reported: the last is below
	linkUp   bool
	linkErr  error
}

// SetOnState sets who hears about the board's link (the kiosk, through the service); it
// hears the state reported so far at once, since the link may be up before it listens.
func (h *Board) SetOnState(f func(connected bool, err error)) {
	h.mu.Lock()
	h.onState = f
	reported, up, err := h.reported, h.linkUp, h.linkErr
	h.mu.Unlock()
	if reported && f != nil {
		f(up, err)
	}
}

func (h *Board) linkState(connected bool, err error) {
	h.mu.Lock()
	h.reported, h.linkUp, h.linkErr = true, connected, err
	f := h.onState
	h.mu.Unlock()
	if f != nil {
		f(connected, err)
	}
}

// Dimmer is the LEDs' brightness control, and the level 1…255 the board file starts them
// at (a MAX7219's intensity as max7219.LevelOf shows it); nil and 0 for a board whose LEDs
// cannot dim, or that has none.
func (h *Board) Dimmer() (hw.Dimmer, uint8) {
	d, ok := h.Sink.(hw.Dimmer)
	switch {
	case !ok:
		return nil, 0
	case h.File == nil: // (a board a test put together)
		return d, boardfile.DefaultBrightness
	}
	if m := h.File.LEDs.MAX7219; h.File.LEDs.Driver == boardfile.MAX7219 && m != nil {
		return d, max7219.LevelOf(uint8(m.Intensity))
	}
	return d, uint8(h.File.LEDs.Brightness)
}

// Close closes what Open opened, the last first.
func (h *Board) Close() error {
	var errs []error
	for i := len(h.closers) - 1; i >= 0; i-- {
		errs = append(errs, h.closers[i]())
	}
	return errors.Join(errs...)
}

// Open validates nothing more (boardfile.Load did) and opens what the file describes.
func Open(f *boardfile.File, log *slog.Logger) (*Board, error) {
	spec, err := f.Spec()
	if err != nil {
		return nil, err
	}
	layout, err := boards.NewLayout(spec)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", f.Path, err)
	}
	h := &Board{File: f, Layout: layout, Log: log}
	if err := h.open(); err != nil {
		_ = h.Close()
		return nil, fmt.Errorf("%s: %w", f.Path, err)
	}
	return h, nil
}

func (h *Board) open() error {
	f := h.File
	if f.Sensors.Driver == boardfile.Sim || f.LEDs.Driver == boardfile.Sim {
		b, err := sim.New(h.Layout.Cells(), f.Sensors.Kind, h.Layout.LEDs(), nil)
		if err != nil {
			return err
		}
		h.Sim = b
	}
	if f.Sensors.Driver != boardfile.Sim && f.Sensors.Driver != boardfile.TBP ||
		f.LEDs.Driver == boardfile.WS2812 || f.LEDs.Driver == boardfile.MAX7219 {
		if _, err := host.Init(); err != nil {
			return fmt.Errorf("periph host: %w", err)
		}
	}
	if err := h.openSensors(); err != nil {
		return err
	}
	return h.openLEDs()
}

func (h *Board) openSensors() error {
	f := h.File
	cells := f.Cells()
	switch f.Sensors.Driver {
	case boardfile.Sim:
		h.Source = h.Sim
	case boardfile.Matrix:
		m := f.Sensors.Matrix
		rows, err := pins(m.Rows)
		if err != nil {
			return err
		}
		cols, err := pins(m.Cols)
		if err != nil {
			return err
		}
		o := matrix.DefaultOpts
		o.ActiveLow, o.Settle = m.ActiveLow, m.Settle
		d, err := matrix.New(rows, cols, &o)
		if err != nil {
			return err
		}
		h.closers = append(h.closers, d.Halt)
		h.Source = hw.Poll(d, scanPeriod, nil)
	case boardfile.MCP23017:
		e := f.Sensors.MCP23017
		bus, err := i2creg.Open(e.Bus)
		if err != nil {
			return fmt.Errorf("I²C %s: %w", e.Bus, err)
		}
		h.closers = append(h.closers, bus.Close)
		o := mcp23017.DefaultOpts
		o.Addrs = make([]uint16, len(e.Addrs))
		for i, a := range e.Addrs {
			o.Addrs[i] = uint16(a)
		}
		o.PullUps, o.ActiveLow, o.Cells = e.PullUps, e.ActiveLow, cells
		d, err := mcp23017.New(bus, &o)
		if err != nil {
			return err
		}
		h.closers = append(h.closers, d.Halt)
		h.Source = hw.Poll(d, scanPeriod, nil)
	case boardfile.HC165:
		c := f.Sensors.HC165
		conn, closer, err := spiConn(c.SPI, c.Speed, hc165.Freq, hc165.Mode)
		if err != nil {
			return err
		}
		h.closers = append(h.closers, closer)
		load := gpioreg.ByName(c.LoadPin)
		if load == nil {
			return fmt.Errorf("no GPIO %s", c.LoadPin)
		}
		o := hc165.DefaultOpts
		o.Chips, o.ActiveLow, o.Cells = c.Chips, c.ActiveLow, cells
		d, err := hc165.New(conn, load, &o)
		if err != nil {
			return err
		}
		h.closers = append(h.closers, d.Halt)
		h.Source = hw.Poll(d, scanPeriod, nil)
	case boardfile.TBP:
		return h.openSerial()
	default:
		return fmt.Errorf("sensor driver %q is not known", f.Sensors.Driver)
	}
	return nil
}

func (h *Board) openLEDs() error {
	f := h.File
	switch f.LEDs.Driver {
	case boardfile.None, "":
	case boardfile.Sim:
		h.Sink = h.Sim
		if err := h.Sim.SetBrightness(uint8(f.LEDs.Brightness)); err != nil {
			return err
		}
	case boardfile.TBP:
		if h.Serial == nil {
			return fmt.Errorf("LED driver tbp needs the sensors on TBP too")
		}
		h.Sink = h.Serial
	case boardfile.WS2812:
		s := f.LEDs.WS2812
		port, err := spireg.Open(s.SPI)
		if err != nil {
			return fmt.Errorf("SPI %s: %w", s.SPI, err)
		}
		h.closers = append(h.closers, port.Close)
		o := ws2812.DefaultOpts
		o.LEDs, o.Brightness, o.Order = f.LEDs.Count, uint8(f.LEDs.Brightness), s.ColourOrder
		d, err := ws2812.New(port, &o)
		if err != nil {
			return err
		}
		h.closers = append(h.closers, d.Halt)
		h.Sink = d
	case boardfile.MAX7219:
		m := f.LEDs.MAX7219
		conn, closer, err := spiConn(m.SPI, m.Speed, max7219.MaxFreq, max7219.Mode)
		if err != nil {
			return err
		}
		h.closers = append(h.closers, closer)
		o := max7219.DefaultOpts
		o.Chips, o.Intensity = m.Chips, uint8(m.Intensity)
		d, err := max7219.New(conn, &o)
		if err != nil {
			return err
		}
		h.closers = append(h.closers, d.Halt)
		h.Sink = d
	default:
		return fmt.Errorf("LED driver %q is not known", f.LEDs.Driver)
	}
	return nil
}

func pins(names []string) ([]gpio.PinIO, error) {
	out := make([]gpio.PinIO, len(names))
	for i, n := range names {
		if out[i] = gpioreg.ByName(n); out[i] == nil {
			return nil, fmt.Errorf("no GPIO %s", n)
		}
	}
	return out, nil
}

// spiConn opens an SPI port and connects at speed (or def when zero).
func spiConn(name string, speed, def physic.Frequency, mode spi.Mode) (spi.Conn, func() error, error) {
	port, err := spireg.Open(name)
	if err != nil {
		return nil, nil, fmt.Errorf("SPI %s: %w", name, err)
	}
	if speed == 0 {
		speed = def
	}
	conn, err := port.Connect(speed, mode, 8)
	if err != nil {
		port.Close()
		return nil, nil, fmt.Errorf("SPI %s: %w", name, err)
	}
	return conn, port.Close, nil
}

// openSerial starts the TBP/2 driver: it opens the port itself, again after every loss
// of the link; the game waits while the board is away.
func (h *Board) openSerial() error {
	f := h.File
	sr := f.Serial
	if sr == nil {
		return fmt.Errorf("sensor driver tbp needs a [serial] table")
	}
	o := tbp.DefaultOpts
	o.Cells, o.Kind, o.BoardID = f.Cells(), f.Sensors.Kind, sr.BoardID
	if f.LEDs.Driver == boardfile.TBP {
		o.LEDs = f.LEDs.Count
	}
	o.Baud = sr.Baud
	o.Open = tbp.SerialOpener(sr.Port, sr.Baud)
	o.Log = func(text string) { h.Log.Info("board", "port", sr.Port, "log", text) }
	o.OnState = func(connected bool, err error) {
		switch {
		case connected && err == nil:
			h.Log.Info("board connected", "port", sr.Port)
		case err != nil:
			h.Log.Warn("board link", "port", sr.Port, "connected", connected, "err", err)
		}
		h.linkState(connected, err)
	}
	d, err := tbp.New(&o)
	if err != nil {
		return err
	}
	h.closers = append(h.closers, d.Halt)
	if f.LEDs.Driver == boardfile.TBP && f.LEDs.Brightness > 0 {
		if err := d.SetBrightness(uint8(f.LEDs.Brightness)); err != nil {
			return err
		}
	}
	h.Serial, h.Source = d, d
	return nil
}
