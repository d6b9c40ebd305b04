// Package mcp23017 reads a sensor grid wired to MCP23017 16-bit I²C port expanders: up to
// eight chips (addresses 0x20–0x27) on one bus, one reed switch or digital hall switch per
// input, 14 cells a chip. Direct inputs cannot ghost, so no diodes are needed.
//
// GPA7 and GPB7 are never inputs: the datasheet's revision D makes them output-only (an
// input there that changes during a read can corrupt SDA), so New drives them low and the
// scan ignores them. Cell i is chip i/14 (in Addrs order), pin i%14: GPA0…GPA6 then
// GPB0…GPB6.
//
// A scan reads each chip's two ports in one transaction: the register pointer is set to
// GPIOA and two bytes are read, the chip's address pointer stepping from GPIOA to GPIOB
// (IOCON.BANK=0, SEQOP=0, which New writes). After a failed transaction the next scan
// writes the configuration again first: a chip that lost power on a loose wire comes back
// in its power-on state, without pull-ups or polarity inversion. A brown-out between two
// scans fails no transaction, so once a second a scan also reads the configuration back
// (one 14-byte read a chip) and writes it again where a chip lost it.
//
// Datasheet: DS20001952, revision D or later (https://www.microchip.com/en-us/product/mcp23017).
//
// mcp23017 imports hw and periph.io/x/conn only.
package mcp23017

import (
	"fmt"
	"strings"
	"sync"
	"time"

	"periph.io/x/conn/v3/i2c"

	"github.com/tavoliere/tavoliere/hw"
)

// Register addresses with IOCON.BANK=0 (A and B registers alternate).
const (
	regIODIRA   = 0x00
	regIPOLA    = 0x02
	regGPINTENB = 0x05 // is IOCON when BANK=1: see New
	regIOCON    = 0x0A
	regGPPUA    = 0x0C
	regGPIOA    = 0x12
	regOLATA    = 0x14

	// PinsPerChip is how many inputs a chip reads: GPA0…GPA6 and GPB0…GPB6.
	PinsPerChip = 14
	outputOnly  = 0x80 // GPA7, GPB7: bit 7 of each port
)

// Opts configures a set of expanders.
type Opts struct {
	// Addrs are the chips' I²C addresses, 0x20–0x27, in cell order: cells 0–13 are on
	// Addrs[0]. Assign a new slice rather than editing DefaultOpts.Addrs in place.
	Addrs []uint16
	// PullUps enables the chips' internal ~100 kΩ pull-ups (GPPU), so a switch to ground
	// needs no resistor.
	PullUps bool
	// ActiveLow means a closed switch pulls its pin low: a low pin reads occupied. It is
	// applied in the chip (IPOL), so the scan does no arithmetic.
	ActiveLow bool
	// Cells is how many inputs are sensors, from 14*(len(Addrs)-1)+1 to 14*len(Addrs);
	// 0 means all of them.
	Cells int
}

// DefaultOpts is five chips at 0x20–0x24 (64 cells of 70, a chessboard) with reed switches
// to ground on the internal pull-ups. Copy it and edit the copy.
var DefaultOpts = Opts{Addrs: []uint16{0x20, 0x21, 0x22, 0x23, 0x24}, PullUps: true, ActiveLow: true, Cells: 64}

// Dev is a set of MCP23017 expanders on one bus. It implements hw.Scanner and is safe for
// concurrent use.
type Dev struct {
	mu      sync.Mutex
	bus     i2c.Bus
	addrs   []uint16
	cells   int
	config  [][]byte // the writes that configure a chip, in order
	want    [14]byte // registers 0x00…0x0D as configured; DEFVAL and INTCON (6…9) not compared
	stale   bool     // a transaction failed: configure again before the next read
	checked time.Time
	now     func() time.Time // time.Now; tests set it
	reg     [1]byte          // the register pointer each scan writes: GPIOA
	buf     [2]byte          // GPIOA, GPIOB
	back    [14]byte         // the configuration read back
}

// New configures every chip as 14 inputs and returns the set. For each chip it writes, in
// this order (one transaction each, the pairs through the auto-incrementing pointer):
//
//	0x05 ← 0x00        IOCON if a previous program left BANK=1 (it moves IOCON to 0x05),
//	                   GPINTENB (interrupt-on-change off) if not; either way harmless
//	0x0A ← 0x00        IOCON: BANK=0, sequential addressing, no interrupt mirroring
//	0x14 ← 0x00 0x00   OLATA, OLATB: GPA7 and GPB7 will drive low
//	0x00 ← 0x7F 0x7F   IODIRA, IODIRB: GPx0…GPx6 inputs, GPA7 and GPB7 outputs
//	0x02 ← p p         IPOLA, IPOLB: p = 0x7F when ActiveLow, else 0x00
//	0x0C ← u u         GPPUA, GPPUB: u = 0x7F when PullUps, else 0x00
//
// Nothing is left to power-on defaults. A chip that does not answer fails New. The bus
// comes from the caller (i2creg.Open in cmd), which also closes it.
func New(bus i2c.Bus, o *Opts) (*Dev, error) {
	if o == nil {
		o = &DefaultOpts
	}
	n := len(o.Addrs)
	if n == 0 || n > 8 {
		return nil, fmt.Errorf("mcp23017: %d chips: want 1 to 8", n)
	}
	seen := map[uint16]bool{}
	for _, a := range o.Addrs {
		if a < 0x20 || a > 0x27 {
			return nil, fmt.Errorf("mcp23017: address %#02x: want 0x20…0x27", a)
		}
		if seen[a] {
			return nil, fmt.Errorf("mcp23017: address %#02x listed twice", a)
		}
		seen[a] = true
	}
	cells := o.Cells
	if cells == 0 {
		cells = PinsPerChip * n
	}
	if cells <= PinsPerChip*(n-1) || cells > PinsPerChip*n {
		return nil, fmt.Errorf("mcp23017: %d cells on %d chips of %d inputs (GPA7 and GPB7 are output-only): want %d…%d",
			cells, n, PinsPerChip, PinsPerChip*(n-1)+1, PinsPerChip*n)
	}
	const in = 0xFF &^ outputOnly
	ipol, gppu := byte(0x00), byte(0x00)
	if o.ActiveLow {
		ipol = in
	}
	if o.PullUps {
		gppu = in
	}
	d := &Dev{bus: bus, addrs: append([]uint16(nil), o.Addrs...), cells: cells, reg: [1]byte{regGPIOA},
		config: [][]byte{
			{regGPINTENB, 0x00},
			{regIOCON, 0x00},
			{regOLATA, 0x00, 0x00},
			{regIODIRA, in, in},
			{regIPOLA, ipol, ipol},
			{regGPPUA, gppu, gppu},
		}}
	d.want = [14]byte{in, in, ipol, ipol, 0, 0, 0, 0, 0, 0, 0, 0, gppu, gppu}
	d.now = time.Now
	if err := d.configure(); err != nil {
		return nil, err
	}
	d.checked = d.now()
	return d, nil
}

// verify reads every chip's configuration back and writes it again where it differs.
func (d *Dev) verify() error {
	zero := [1]byte{regIODIRA}
	for _, a := range d.addrs {
		if err := d.bus.Tx(a, zero[:], d.back[:]); err != nil {
			return fmt.Errorf("mcp23017 %#02x: read the configuration back: %w", a, err)
		}
		for i, v := range d.back {
			if (i < 6 || i > 9) && v != d.want[i] {
				return d.configure()
			}
		}
	}
	return nil
}

// configure writes every chip's configuration.
func (d *Dev) configure() error {
	for _, a := range d.addrs {
		for _, w := range d.config {
			if err := d.bus.Tx(a, w, nil); err != nil {
				return fmt.Errorf("mcp23017 %#02x: write register %#02x: %w", a, w[0], err)
			}
		}
	}
	return nil
}

func (d *Dev) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "mcp23017{%s:", d.bus)
	for i, a := range d.addrs {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "%#02x", a)
	}
	fmt.Fprintf(&b, " %d cells}", d.cells)
	return b.String()
}

// Cells implements hw.Scanner.
func (d *Dev) Cells() int { return d.cells }

// Kind implements hw.Scanner: always hw.Presence.
func (d *Dev) Kind() hw.SensorKind { return hw.Presence }

// Scan implements hw.Scanner with one 2-byte read per chip: 1 where the input is active
// (low, with ActiveLow), 0 elsewhere. After a failed transaction it configures the chips
// again before reading them.
func (d *Dev) Scan(cells []hw.Reading) error {
	if len(cells) != d.cells {
		return fmt.Errorf("mcp23017: scan into %d cells, have %d", len(cells), d.cells)
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if now := d.now(); d.stale || now.Sub(d.checked) >= time.Second {
		var err error
		if d.stale {
			err = d.configure()
		} else {
			err = d.verify()
		}
		if err != nil {
			d.stale = true
			return err
		}
		d.stale, d.checked = false, now
	}
	for k, a := range d.addrs {
		if err := d.bus.Tx(a, d.reg[:], d.buf[:]); err != nil {
			d.stale = true
			return fmt.Errorf("mcp23017 %#02x: read GPIO: %w", a, err)
		}
		v := uint16(d.buf[0]&^outputOnly) | uint16(d.buf[1]&^outputOnly)<<7
		base := PinsPerChip * k
		for bit := range min(PinsPerChip, d.cells-base) {
			cells[base+bit] = hw.Reading(v >> bit & 1)
		}
	}
	return nil
}

// Halt implements conn.Resource. The chips are configured as inputs only, so there is
// nothing to stop: Halt does no I/O.
func (d *Dev) Halt() error { return nil }

var _ hw.Scanner = (*Dev)(nil)
