// Package max7219 shows light frames on daisy-chained MAX7219 LED drivers, each driving an
// 8×8 single-colour matrix over SPI: any colour other than hw.Off lights an LED.
//
// Wiring: MOSI to the first chip's DIN, each DOUT to the next chip's DIN, SCLK to every
// CLK, chip select to every LOAD/CS. Chip 0 is the one on MOSI. The chain is one long
// shift register, so a transaction carries one 16-bit command per chip, farthest chip
// first, and every chip executes its command when chip select rises.
//
// Each Show writes the eight digit (row) registers of every chip: eight transactions of
// 2*Chips bytes, each setting one row across the whole chain.
//
// Datasheet: https://www.analog.com/media/en/technical-documentation/data-sheets/MAX7219-MAX7221.pdf
//
// max7219 imports hw and periph.io/x/conn only.
package max7219

import (
	"fmt"
	"slices"
	"sync"
	"time"

	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"

	"github.com/tavoliere/tavoliere/hw"
)

// What cmd passes to spi.Port.Connect for the chain: the chip clocks in data on rising
// edges at up to 10 MHz.
const (
	Mode    = spi.Mode0
	MaxFreq = 10 * physic.MegaHertz
)

// Register addresses.
const (
	regDigit0    = 0x1 // digits (rows) 0…7 are registers 0x1…0x8
	regDecode    = 0x9
	regIntensity = 0xA
	regScanLimit = 0xB
	regShutdown  = 0xC
	regTest      = 0xF
)

// Map places LED i of a light frame on a chip of the chain (0 nearest the host), a digit
// register (row 0…7, register row+1) and a segment bit (0…7, bit 7 = segment DP, shifted
// out first). It must place every LED on a different LED of the chain.
type Map func(i int) (chip, row, bit int)

// DefaultMap is frame order chip by chip, row by row, eight LEDs a row: LED i is chip
// i/64, row i%64/8, and column i%8 on bit 7-i%8, so column 0 is the MSB. Modules are built
// rotated or mirrored; give New a Map that undoes yours.
func DefaultMap(i int) (chip, row, bit int) { return i / 64, i % 64 / 8, 7 - i%8 }

// Opts configures a chain.
type Opts struct {
	// Chips is the number of MAX7219 in the chain, 1 to 64.
	Chips int
	// Intensity is the LED current duty cycle, 0 (1/32) to 15 (31/32).
	Intensity uint8
	// Map places frame LEDs on the chain; nil means DefaultMap.
	Map Map
}

// DefaultOpts is one chip (an 8×8 matrix) at intensity 4. Copy it and edit the copy.
var DefaultOpts = Opts{Chips: 1, Intensity: 4}

// Dev is a chain of MAX7219. It implements hw.Sink and is safe for concurrent use.
type Dev struct {
	mu      sync.Mutex
	conn    spi.Conn
	chips   int
	halted  bool
	stale   bool             // a transaction failed: the chips may have lost power, initialise again
	setup   [][2]byte        // the registers New writes before the rows: test, decode, scan limit, intensity
	setupAt time.Time        // when setup was last written
	now     func() time.Time // time.Now; tests set it
	where   []uint32         // per LED: byte offset in rows << 3 | bit
	rows    []byte           // 8 transactions of 2*chips bytes: {row register, data} per chip, farthest first
	cmd     []byte           // one command to every chip
}

// New initialises the chain over conn, which cmd opened (spireg.Open, then
// Connect(MaxFreq, Mode, 8)) and closes. One transaction each, to every chip:
//
//	0xF ← 0x00      display test off (it would light everything whatever else is set)
//	0x9 ← 0x00      no Code B decoding: each digit register is eight raw LEDs
//	0xB ← 0x07      scan all eight rows
//	0xA ← Intensity
//	0x1…0x8 ← 0x00  all rows dark (they power up undefined)
//	0xC ← 0x01      leave shutdown: the display comes on, dark
//
// Leaving shutdown last keeps power-up garbage from flashing.
func New(conn spi.Conn, o *Opts) (*Dev, error) {
	if o == nil {
		o = &DefaultOpts
	}
	if o.Chips < 1 || o.Chips > 64 {
		return nil, fmt.Errorf("max7219: %d chips: want 1 to 64", o.Chips)
	}
	if o.Intensity > 15 {
		return nil, fmt.Errorf("max7219: intensity %d: want 0 to 15", o.Intensity)
	}
	m := o.Map
	if m == nil {
		m = DefaultMap
	}
	n := o.Chips
	d := &Dev{conn: conn, chips: n, where: make([]uint32, 64*n), rows: make([]byte, 8*2*n), cmd: make([]byte, 2*n), now: time.Now}
	used := make([]bool, 64*n)
	for i := range d.where {
		chip, row, bit := m(i)
		if chip < 0 || chip >= n || row < 0 || row > 7 || bit < 0 || bit > 7 {
			return nil, fmt.Errorf("max7219: map puts LED %d on chip %d row %d bit %d: out of range", i, chip, row, bit)
		}
		k := (chip*8+row)*8 + bit
		if used[k] {
			return nil, fmt.Errorf("max7219: map puts LED %d on chip %d row %d bit %d, already taken", i, chip, row, bit)
		}
		used[k] = true
		off := row*2*n + 2*(n-1-chip) + 1
		d.where[i] = uint32(off)<<3 | uint32(bit)
	}
	for row := range 8 {
		for c := range n {
			d.rows[row*2*n+2*c] = regDigit0 + byte(row)
		}
	}
	d.setup = [][2]byte{{regTest, 0}, {regDecode, 0}, {regScanLimit, 7}, {regIntensity, o.Intensity}}
	init := slices.Clone(d.setup)
	for row := range 8 {
		init = append(init, [2]byte{regDigit0 + byte(row), 0})
	}
	init = append(init, [2]byte{regShutdown, 1})
	for _, c := range init {
		if err := d.send(c[0], c[1]); err != nil {
			return nil, err
		}
	}
	d.setupAt = d.now()
	return d, nil
}

// send writes one command to every chip.
func (d *Dev) send(reg, v byte) error {
	for c := range d.chips {
		d.cmd[2*c], d.cmd[2*c+1] = reg, v
	}
	if err := d.conn.Tx(d.cmd, nil); err != nil {
		return fmt.Errorf("max7219: register %#x ← %#02x: %w", reg, v, err)
	}
	return nil
}

func (d *Dev) String() string { return fmt.Sprintf("max7219{%s, %d chips}", d.conn, d.chips) }

// LEDs implements hw.Sink: 64 a chip.
func (d *Dev) LEDs() int { return 64 * d.chips }

// Show implements hw.Sink: LEDs whose colour is not hw.Off light. After Halt it also
// brings the chips out of shutdown, once the rows are written. After a failed transaction,
// and at least once a second, it writes New's setup again first: chips that lost power wake
// in shutdown, scanning one row, their intensity unset, and SPI has no acknowledge to say
// so (the session shows a frame at least once a second).
func (d *Dev) Show(f hw.LightFrame) error {
	if len(f) != len(d.where) {
		return fmt.Errorf("max7219: frame of %d colours for %d LEDs", len(f), len(d.where))
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	for i := 1; i < len(d.rows); i += 2 {
		d.rows[i] = 0
	}
	for i, c := range f {
		if c != hw.Off {
			w := d.where[i]
			d.rows[w>>3] |= 1 << (w & 7)
		}
	}
	if err := d.show(); err != nil {
		d.stale = true
		return err
	}
	return nil
}

func (d *Dev) show() error {
	now := d.now()
	if now.Sub(d.setupAt) >= time.Second {
		d.stale = true
	}
	if d.stale {
		for _, c := range d.setup {
			if err := d.send(c[0], c[1]); err != nil {
				return err
			}
		}
		d.setupAt = now
	}
	step := 2 * d.chips
	for k := 0; k < len(d.rows); k += step {
		if err := d.conn.Tx(d.rows[k:k+step], nil); err != nil {
			return fmt.Errorf("max7219: row %d: %w", k/step, err)
		}
	}
	if d.halted || d.stale {
		if err := d.send(regShutdown, 1); err != nil {
			return err
		}
		d.halted, d.stale = false, false
	}
	return nil
}

// SetIntensity sets the LED duty cycle of every chip, 0 to 15, at once.
func (d *Dev) SetIntensity(i uint8) error {
	if i > 15 {
		return fmt.Errorf("max7219: intensity %d: want 0 to 15", i)
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	d.setup[3][1] = i
	return d.send(regIntensity, i)
}

// SetBrightness implements hw.Dimmer: level 1…255 onto the intensity register's 16 steps
// (IntensityOf), at once. The chip cannot go dark by its intensity: 0 is as 1.
func (d *Dev) SetBrightness(level uint8) error { return d.SetIntensity(IntensityOf(level)) }

// IntensityOf maps a brightness level 1…255 onto the intensity register's 0…15 in steps of
// 16 levels (1…16 is 0, 241…255 is 15); 0 is as 1.
func IntensityOf(level uint8) uint8 { return uint8(max(int(level)-1, 0) * 16 / 255) }

// LevelOf is the brightness level, 1…255, that an intensity 0…15 is shown as: 1 for 0, 255
// for 15, evenly between. IntensityOf(LevelOf(i)) is i.
func LevelOf(intensity uint8) uint8 { return uint8(1 + int(min(intensity, 15))*254/15) }

// Halt implements conn.Resource: every chip enters shutdown, which blanks the display
// (one transaction). The next Show lights it again.
func (d *Dev) Halt() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.halted = true // even if the command fails: the next Show must bring the chips back
	return d.send(regShutdown, 0)
}

var (
	_ hw.Sink   = (*Dev)(nil)
	_ hw.Dimmer = (*Dev)(nil)
)
