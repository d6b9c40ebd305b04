// Package boardfile decodes and validates the board files of firmware-config/: one TOML
// file per board build, saying how big the board is and how it is turned, which sensors
// sit under the squares and how they are wired (a GPIO matrix, MCP23017 expanders, 74HC165
// shift registers, a microcontroller on a serial line, or the simulated board), which LEDs
// light them, and the off-board cells (a reserve rack, gutters). The keys are documented in
// firmware-config/README.md.
//
// Decoding is strict: an unknown key, a value of the wrong type, a pin used twice, an LED
// chain that does not add up are all errors that name the file, the line and the key, and
// every problem is reported at once (ErrorList). A File that Load returns has been
// validated; its Spec is what boards.NewLayout takes, and cmd opens the drivers it names.
//
// boardfile is part of cmd: it reads files, and touches no hardware. It imports boards,
// engine and hw for their value types, go-toml and periph.io's units, and from the
// drivers only what keeps the two in step (ws2812.ValidOrder, mcp23017.PinsPerChip).
package boardfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"time"

	"github.com/pelletier/go-toml/v2"
	"periph.io/x/conn/v3/physic"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/hw"
)

// Sensor drivers ([sensors] driver).
const (
	Matrix   = "matrix"   // a row/column switch matrix on the Pi's GPIO pins
	MCP23017 = "mcp23017" // MCP23017 16-bit I/O expanders on I2C, one switch per input
	HC165    = "hc165"    // a chain of 74HC165 shift registers on SPI, one switch per input
	TBP      = "tbp"      // a microcontroller on a serial line speaking TBP/2
	Sim      = "sim"      // the simulated board
)

// Button actions ([buttons] name = action).
const (
	ActTakeback = "takeback" // take the last move back
	ActHint     = "hint"     // suggest a move for the player to move
	ActNewGame  = "new-game" // start the game being played again, same sides and settings
	ActConfirm  = "confirm"  // answer the referee's question when one move is left to choose
)

// Actions are the actions a button may do.
var Actions = []string{ActTakeback, ActHint, ActNewGame, ActConfirm}

// LED drivers ([leds] driver) other than TBP and Sim.
const (
	WS2812  = "ws2812"  // a WS2812 (NeoPixel) chain on SPI MOSI
	MAX7219 = "max7219" // MAX7219 LED drivers on SPI, 64 one-colour LEDs each
	None    = "none"    // no LEDs
)

// File is a decoded board file.
type File struct {
	Path    string // the name given to Load or Parse, used in every error
	Board   Board
	Sensors Sensors
	Serial  *Serial // nil without a [serial] table
	LEDs    LEDs
	Slots   []boards.Slot // off-board cells; LED -1 for none
	// Buttons is the [buttons] table: what each of the board's buttons does when pressed,
	// by the name its microcontroller gives it (B <name> 1); a board on TBP only.
	Buttons map[string]string

	// Firmware is the [firmware] table: the reference microcontroller firmware's own
	// wiring, which firmware-config/firmware/gen_pins.py reads and checks. The service
	// keeps it only so that one file describes the whole board; it needs driver "tbp".
	Firmware map[string]any

	pos *positions
}

// Board is the [board] table.
type Board struct {
	ID           string // short name: lower case letters, digits and '-'
	Name         string // for people; the ID when not given
	Files, Ranks int    // 2…8
	Rotation     int    // degrees the game's diagram is turned clockwise on the board
}

// Sensors is the [sensors] table and its driver's table.
type Sensors struct {
	Kind   hw.SensorKind
	Driver string
	Order  boards.Order // how channels 0… run under the squares

	Matrix   *MatrixPins // [sensors.matrix], for Driver == Matrix
	MCP23017 *Expanders  // [sensors.mcp23017], for Driver == MCP23017
	HC165    *Chain165   // [sensors.hc165], for Driver == HC165
}

// MatrixPins wires a switch matrix (a diode in series with every switch): the driver
// drives one row at a time and reads the columns. Channel c is row c/len(Cols), column
// c%len(Cols).
type MatrixPins struct {
	Rows, Cols []string      // BCM GPIO names, "GPIO17"
	ActiveLow  bool          // a row is selected by driving it low; columns have pull-ups
	Settle     time.Duration // wait between selecting a row and reading the columns
}

// Expanders are MCP23017s on one I2C bus, 14 inputs a chip: channel c is chip c/14 (in
// Addrs order), pin c%14 (GPA0…GPA6, then GPB0…GPB6). GPA7 and GPB7 are output-only on
// the MCP23017 (datasheet revision D: an input changing during a read can corrupt SDA):
// the driver drives them low and never reads them, so n chips read 14*n channels and an
// 8x8 board needs 5.
type Expanders struct {
	Bus           string // "I2C1" or "/dev/i2c-1"
	Addrs         []int  // 0x20…0x27
	InputsPerChip int    // must be written, and be 14: a file wired for 16 is refused, not misread
	PullUps       bool   // enable the chips' internal pull-ups
	ActiveLow     bool   // a closed switch reads low
}

// Chain165 is a daisy chain of 74HC165s read over SPI (SCLK and MISO; CLK INH to ground).
// Channel c is input D(c%8) (A…H) of chip c/8, chip 0 being the first in the chain, the
// farthest from MISO.
type Chain165 struct {
	SPI       string // "SPI0.0" or "/dev/spidev0.0"
	LoadPin   string // the GPIO driving SH/LD (parallel load, active low)
	Chips     int
	ActiveLow bool // a closed switch reads low
	Speed     physic.Frequency
}

// Serial is the [serial] table: the line to a TBP/2 microcontroller.
type Serial struct {
	Port    string // "/dev/ttyACM0" (USB CDC) or "/dev/serial0" (the header's UART)
	Baud    int
	BoardID string // the id HELLO must carry; empty accepts any
	Cells   int    // the cells HELLO must announce: the grid's and the slots'
}

// LEDs is the [leds] table and its driver's table.
type LEDs struct {
	Driver     string
	Count      int          // LEDs in the chain: the grid's, then the slots'
	Order      boards.Order // how LEDs 0… run under the squares
	Brightness int          // 1…255: global brightness (ws2812, tbp, sim)
	Mono       bool         // one colour: colours become blink patterns

	WS2812  *Strip   // [leds.ws2812]
	MAX7219 *Max7219 // [leds.max7219]
}

// Strip is a WS2812 chain fed from an SPI port's MOSI.
type Strip struct {
	SPI         string
	ColourOrder string // the order the chips take the channels in: "GRB" for WS2812B, "GRBW" for SK6812 RGBW
}

// Max7219 is a chain of MAX7219s, each an 8x8 matrix: LED i is chip i/64, row (digit)
// i%64/8, column i%8 (bit 7-i%8).
type Max7219 struct {
	SPI       string
	Chips     int
	Intensity int // 0…15
	Speed     physic.Frequency
}

// Load reads, decodes and validates the board file at path. Only a regular file of at most
// MaxSize bytes is read: a named pipe, a device or a directory is refused before it is
// opened (reading a pipe waits for a writer, /dev/zero never ends).
func Load(path string) (*File, error) {
	data, err := readFile(path)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err // the path is in front already
		}
		return nil, ErrorList{{File: path, Err: err}}
	}
	return Parse(path, data)
}

// MaxSize is the largest board file Load reads, 1 MiB: the reference files are a few
// kilobytes.
const MaxSize = 1 << 20

func readFile(path string) ([]byte, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if err := regular(fi); err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi, err = f.Stat(); err != nil { // what was opened, should the path have changed
		return nil, err
	}
	if err := regular(fi); err != nil {
		return nil, err
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxSize {
		return nil, tooBig(fi.Size())
	}
	return data, nil
}

// regular refuses what is not a regular file of at most MaxSize bytes.
func regular(fi fs.FileInfo) error {
	m := fi.Mode()
	if m.IsRegular() {
		if fi.Size() > MaxSize {
			return tooBig(fi.Size())
		}
		return nil
	}
	what := "not a regular file"
	switch {
	case m.IsDir():
		what = "a directory"
	case m&fs.ModeNamedPipe != 0:
		what = "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		what = "a socket"
	case m&fs.ModeDevice != 0:
		what = "a device"
	}
	return fmt.Errorf("%s, not a file: a board file is a TOML text file, such as firmware-config/sim.toml", what)
}

func tooBig(size int64) error {
	what := "more than 1 MiB" // it grew while being read, or Stat did not know its size
	if size > MaxSize {
		what = fmt.Sprintf("%.1f MiB", float64(size)/(1<<20))
	}
	return fmt.Errorf("%s: too big for a board file, a few kilobytes of TOML text (at most 1 MiB)", what)
}

// Parse decodes and validates a board file's text; name is what errors call the file.
// A UTF-8 byte order mark in front, which some editors write, is skipped. The error is an
// ErrorList.
func Parse(name string, data []byte) (*File, error) {
	data = bytes.TrimPrefix(data, bom)
	ps := scanPositions(data)
	if errs := checkShapes(name, ps); len(errs) > 0 {
		return nil, errs.sorted()
	}
	var raw rawFile
	dec := toml.NewDecoder(bytes.NewReader(data)).DisallowUnknownFields()
	if err := dec.Decode(&raw); err != nil {
		return nil, decodeErrors(name, ps, err)
	}
	f, convErrs := convert(name, ps, &raw)
	errs := convErrs
	if verr := f.Validate(); verr != nil {
		var vl ErrorList
		errors.As(verr, &vl)
	next:
		for _, e := range vl {
			for _, c := range convErrs {
				if c.Key == e.Key { // already told: the value could not be read
					continue next
				}
			}
			errs = append(errs, e)
		}
	}
	if len(errs) > 0 {
		return nil, errs.sorted()
	}
	return f, nil
}

// bom is the UTF-8 byte order mark, U+FEFF.
var bom = []byte("\xef\xbb\xbf")

// Cells returns the number of sensor channels the board reads: the grid's, then the
// slots'. The sensor driver is opened for exactly these.
func (f *File) Cells() int { return f.Board.Files*f.Board.Ranks + len(f.Slots) }

// Spec returns what boards.NewLayout takes.
func (f *File) Spec() (boards.Spec, error) {
	if err := f.Validate(); err != nil {
		return boards.Spec{}, err
	}
	return f.spec(), nil
}

func (f *File) spec() boards.Spec {
	return boards.Spec{
		Files:    f.Board.Files,
		Ranks:    f.Board.Ranks,
		Kind:     f.Sensors.Kind,
		Cells:    f.Sensors.Order,
		LEDs:     f.LEDs.Order,
		Rotation: f.Board.Rotation,
		Slots:    append([]boards.Slot(nil), f.Slots...),
		Mono:     f.LEDs.Mono,
	}
}

// errorAt builds an Error about key, placed where the file writes it (or its table).
func (f *File) errorAt(key string, err error) *Error {
	e := &Error{File: f.Path, Key: key, Err: err}
	if f.pos != nil {
		p := f.pos.find(key)
		e.Line, e.Col = p.line, p.col
	}
	return e
}

func (f *File) errorf(key, format string, args ...any) *Error {
	return f.errorAt(key, fmt.Errorf(format, args...))
}
