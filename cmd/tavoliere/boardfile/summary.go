package boardfile

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tavoliere/tavoliere/boards"
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
		p("  %d x MCP23017 on %s, pull-ups %s, %s", len(m.Addrs), m.Bus, onOff(m.PullUps), low(m.ActiveLow, "a closed switch reads low", "a closed switch reads high"))
		for i, a := range m.Addrs {
			lo, hi := 16*i, min(16*(i+1), cells)-1
			switch {
			case lo >= cells:
				p("  %#x: unused", a)
			default:
				p("  %#x: %s on %s", a, span("cell", lo, hi), mcpPins(hi-lo+1))
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
		p("serial: %s at %d baud, TBP/1, HELLO from %s with %d cells", sr.Port, sr.Baud, id, sr.Cells)
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

// mcpPins names the first n pins of an MCP23017 in channel order.
func mcpPins(n int) string {
	last := n - 1
	if last == 0 {
		return "GPA0"
	}
	if last < 8 {
		return fmt.Sprintf("GPA0…GPA%d", last)
	}
	return fmt.Sprintf("GPA0…GPA7, GPB0…GPB%d", last-8)
}

// inputs165 names the first n inputs of a 74HC165.
func inputs165(n int) string {
	if n == 1 {
		return "input A"
	}
	return fmt.Sprintf("inputs A…%c", 'A'+n-1)
}
