package hw

import (
	"context"
	"fmt"
	"time"
)

// SensorKind is what a sensor grid reads per cell (design.md, "Sensing").
type SensorKind uint8

// The three kinds of sensor grid.
const (
	Presence SensorKind = iota + 1 // empty / occupied: reed switches, digital hall sensors
	Polarity                       // empty / side A / side B: linear hall sensors, a magnet per piece
	Identity                       // empty / piece code: RFID, coded resistors
)

func (k SensorKind) String() string {
	switch k {
	case Presence:
		return "presence"
	case Polarity:
		return "polarity"
	case Identity:
		return "identity"
	}
	return fmt.Sprintf("SensorKind(%d)", uint8(k))
}

// ParseSensorKind reads the name String writes.
func ParseSensorKind(s string) (SensorKind, error) {
	for _, k := range []SensorKind{Presence, Polarity, Identity} {
		if k.String() == s {
			return k, nil
		}
	}
	return 0, fmt.Errorf("sensor kind %q: want presence, polarity or identity", s)
}

// Reading is one sensor cell's value: 0 is empty. A presence cell reads 1 when occupied; a
// polarity cell 1 or 2 for the face up; an identity cell the piece's code.
type Reading uint8

// Frame is one scan of every sensor cell, in the board's cell order, stamped with the
// monotonic time the scan ended.
type Frame struct {
	At    time.Time
	Cells []Reading
}

// Source yields sensor frames: a driver that scans a grid, a microcontroller that streams
// them, or the simulated board.
type Source interface {
	// Read waits for the next frame and copies it into f (reusing f.Cells). It returns
	// ctx.Err() when ctx ends first, or the error that stopped the source.
	Read(ctx context.Context, f *Frame) error
	Cells() int
	Kind() SensorKind
}

// Debounced is a Source whose frames are readings already debounced (a board whose
// microcontroller debounces its contacts and sends a frame on each change, TBP): the
// referee takes a change at the first frame that shows it.
type Debounced interface {
	Debounced() bool
}

// Color is an RGB colour, 8 bits a channel.
type Color struct{ R, G, B uint8 }

// Off is a dark LED.
var Off = Color{}

// LightFrame is one colour per LED, in chain order.
type LightFrame []Color

// Sink shows light frames: an LED chain or matrix driver, or the simulated board.
type Sink interface {
	Show(LightFrame) error
	LEDs() int
}

// Dimmer is a Sink whose brightness can change while it shows frames: the kiosk's
// operator sets it. Level 255 is full brightness and 1 the dimmest a driver can light; a
// driver with fewer steps maps the levels onto its own (a MAX7219's 16). Halt, not a
// level, darkens the LEDs.
type Dimmer interface {
	SetBrightness(level uint8) error
}

// ButtonEvent says a button went down or up.
type ButtonEvent struct {
	Name string
	Down bool
	At   time.Time
}

// Buttons yields button events.
type Buttons interface {
	ReadButton(ctx context.Context) (ButtonEvent, error)
}
