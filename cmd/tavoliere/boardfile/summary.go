package boardfile

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/engine"
)

// Summary describes a validated file's hardware for a person checking the wiring: the
// drivers, which chip, row or pin reads which channels, the LED chain, and every GPIO pin
// the file takes.
func (f *File) Summary() string {
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	bd := f.Board
	p("board %s: %s", bd.ID, bd.Name)
	p("  %dx%d squares, diagram turned %d degrees, %d slots", bd.Files, bd.Ranks, bd.Rotation, len(f.Slots))

	s := f.Sensors
	cells := f.Cells()
	p("sensors: %s, driver %s, %d channels (%s)", s.Kind, s.Driver, cells, orderText(s.Order))
	switch {
	case s.Driver == Matrix && s.Matrix != nil:
		m := s.Matrix
		p("  matrix %d rows x %d columns, %s, settle %v", len(m.Rows), len(m.Cols), low(m.ActiveLow, "rows driven low, columns pulled up", "rows driven high, columns pulled down"), m.Settle)
		for i, r := range m.Rows {
			lo, hi := i*len(m.Cols), min((i+1)*len(m.Cols), cells)-1
			if lo >= cells {
				p("  row %d (%s): unused", i, r)
				continue
			}
			p("  row %d (%s): %s, columns %s", i, r, span("cell", lo, hi), strings.Join(m.Cols[:hi-lo+1], " "))
		}
	case s.Driver == MCP23017 && s.MCP23017 != nil:
		m := s.MCP23017
		p("  %d x MCP23017 on %s, %d inputs each, pull-ups %s, %s", len(m.Addrs), m.Bus, mcpInputs, onOff(m.PullUps), low(m.ActiveLow, "a closed switch reads low", "a closed switch reads high"))
		p("  GPA7 and GPB7 are output-only (datasheet revision D): driven low, never read; wire no switch to them")
		names := f.cellNames()
		if names != nil && bd.Rotation != 0 {
			p("  squares as the build marks them, before the rotation")
		}
		for i, a := range m.Addrs {
			lo, hi := mcpInputs*i, min(mcpInputs*(i+1), cells)-1
			if lo >= cells {
				p("  %#x: unused", a)
				continue
			}
			p("  %#x: %s on %s", a, span("cell", lo, hi), mcpPins(hi-lo+1))
			if names == nil {
				continue
			}
			for port, first := range []int{lo, lo + mcpInputs/2} { // GPA0…GPA6, GPB0…GPB6
				last := min(first+mcpInputs/2-1, hi)
				if first > last {
					break
				}
				p("    %s: %s", portPins("AB"[port], last-first+1), strings.Join(names[first:last+1], " "))
			}
		}
	case s.Driver == HC165 && s.HC165 != nil:
		h := s.HC165
		p("  %d x 74HC165 on %s at %v, SH/LD on %s, %s", h.Chips, h.SPI, h.Speed, h.LoadPin, low(h.ActiveLow, "a closed switch reads low", "a closed switch reads high"))
		for i := range h.Chips {
			lo, hi := 8*i, min(8*(i+1), cells)-1
			if lo >= cells {
				p("  chip %d: unused", i)
				continue
			}
			p("  chip %d: %s on %s", i, span("cell", lo, hi), inputs165(hi-lo+1))
			if i == 0 && h.Chips > 1 {
				b.WriteString("    (chip 0 is the first in the chain, the farthest from MISO)\n")
			}
		}
	case s.Driver == TBP:
		p("  a microcontroller on the serial line reads them")
	case s.Driver == Sim:
		p("  simulated: the kiosk's board lifts and puts the pieces")
	}
	if sr := f.Serial; sr != nil {
		id := sr.BoardID
		if id == "" {
			id = "any board id"
		}
		p("serial: %s at %d baud, TBP/2, HELLO from %s with %d cells", sr.Port, sr.Baud, id, sr.Cells)
	}
	if len(f.Buttons) > 0 {
		names := make([]string, 0, len(f.Buttons))
		for n := range f.Buttons {
			names = append(names, n)
		}
		slices.Sort(names)
		for i, n := range names {
			names[i] = n + ": " + f.Buttons[n]
		}
		p("buttons: %s", strings.Join(names, ", "))
	}

	l := f.LEDs
	switch l.Driver {
	case None:
		p("leds: none")
	default:
		colour := "RGB"
		if l.Mono {
			colour = "one colour"
		}
		p("leds: driver %s, %d LEDs, %s (%s)", l.Driver, l.Count, colour, orderText(l.Order))
		switch {
		case l.Driver == WS2812 && l.WS2812 != nil:
			p("  WS2812 chain on %s MOSI, colour order %s, brightness %d/255", l.WS2812.SPI, l.WS2812.ColourOrder, l.Brightness)
		case l.Driver == MAX7219 && l.MAX7219 != nil:
			m := l.MAX7219
			p("  %d x MAX7219 on %s at %v, intensity %d/15", m.Chips, m.SPI, m.Speed, m.Intensity)
			for i := range m.Chips {
				lo, hi := 64*i, min(64*(i+1), l.Count)-1
				if lo >= l.Count {
					p("  chip %d: unused", i)
					continue
				}
				p("  chip %d: %s (LED i: row i%%64/8, column i%%8)", i, span("LED", lo, hi))
			}
		default:
			p("  brightness %d/255", l.Brightness)
		}
	}

	uses, _ := f.pinUses()
	if len(uses) == 0 {
		p("pins: none of the Pi's GPIO")
		return b.String()
	}
	slices.SortFunc(uses, func(a, b pinUse) int { return a.Pin - b.Pin })
	p("pins:")
	for _, u := range uses {
		p("  %-7s %-17s %s", fmt.Sprintf("GPIO%d", u.Pin), u.What, u.Key)
	}
	return b.String()
}

func orderText(o boards.Order) string {
	s := "from " + o.Start
	if o.ByFile {
		s += " along files"
	} else {
		s += " along ranks"
	}
	if o.Serpentine {
		s += ", serpentine"
	}
	return s
}

// span names a run of channels or LEDs: "cell 48", "cells 0…15".
func span(what string, lo, hi int) string {
	if lo == hi {
		return fmt.Sprintf("%s %d", what, lo)
	}
	return fmt.Sprintf("%ss %d…%d", what, lo, hi)
}

func low(activeLow bool, yes, no string) string {
	if activeLow {
		return yes
	}
	return no
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

// mcpPins names the first n inputs of an MCP23017 in channel order: GPA0…GPA6, then
// GPB0…GPB6 (GPA7 and GPB7 are output-only).
func mcpPins(n int) string {
	const half = mcpInputs / 2
	if n <= half {
		return portPins('A', n)
	}
	return portPins('A', half) + ", " + portPins('B', n-half)
}

// portPins names the first n pins of an MCP23017 port: "GPA0", "GPB0…GPB6".
func portPins(port byte, n int) string {
	if n == 1 {
		return fmt.Sprintf("GP%c0", port)
	}
	return fmt.Sprintf("GP%c0…GP%c%d", port, port, n-1)
}

// cellNames names what lies over each sensor channel: the square, as the build marks it
// (before the rotation), or the slot. Nil when the file does not make a layout.
func (f *File) cellNames() []string {
	spec := f.spec()
	spec.Rotation = 0
	l, err := boards.NewLayout(spec)
	if err != nil {
		return nil
	}
	g := engine.NewGeometry(f.Board.Files, f.Board.Ranks, false)
	names := make([]string, l.Cells())
	for c := range names {
		if c < l.Size() {
			names[c] = g.Name(l.SquareOf(c))
		}
	}
	for _, s := range f.Slots {
		names[s.Cell] = s.Name
	}
	return names
}

// inputs165 names the first n inputs of a 74HC165.
func inputs165(n int) string {
	if n == 1 {
		return "input A"
	}
	return fmt.Sprintf("inputs A…%c", 'A'+n-1)
}
