package hwtest

import (
	"fmt"
	"sync"

	"periph.io/x/conn/v3/i2c"
	"periph.io/x/conn/v3/physic"
)

// MCP23017 register addresses with IOCON.BANK=0, the power-on layout: A and B registers
// alternate. The model stores its 22 registers in this order whatever BANK says.
const (
	MCPIODIRA   = 0x00
	MCPIPOLA    = 0x02
	MCPGPINTENA = 0x04
	MCPDEFVALA  = 0x06
	MCPINTCONA  = 0x08
	MCPIOCON    = 0x0A // also at 0x0B
	MCPGPPUA    = 0x0C
	MCPINTFA    = 0x0E
	MCPINTCAPA  = 0x10
	MCPGPIOA    = 0x12
	MCPOLATA    = 0x14
	mcpRegs     = 0x16

	mcpBANK  = 0x80 // IOCON bit 7: registers grouped by port
	mcpSEQOP = 0x20 // IOCON bit 5: 1 disables the address pointer's increment
)

// MCP23017 is a register model of one MCP23017 port expander.
//
// Pins GPA0…GPA7 are bits 0…7 of the 16-bit pin values, GPB0…GPB7 bits 8…15. An input pin
// reads Low when Grounded (a closed reed switch to ground), High when it has a pull-up
// (GPPU or ExtPullUp), and Low when it floats (the worst case for an active-low switch).
// GPIO reads return the pin levels XOR IPOL on inputs and OLAT on outputs. The address
// pointer auto-increments (wrapping after the last register) unless IOCON.SEQOP is set,
// and IOCON.BANK=1 switches to the by-port address map, so a driver that assumes the wrong
// layout reads the wrong registers.
type MCP23017 struct {
	Addr uint16

	mu        sync.Mutex
	regs      [mcpRegs]byte
	ptr       byte
	grounded  uint16
	extPullUp uint16
}

// NewMCP23017 returns a chip at addr in its power-on state: all pins inputs, no pull-ups,
// BANK=0, sequential addressing.
func NewMCP23017(addr uint16) *MCP23017 {
	c := &MCP23017{Addr: addr}
	c.Reset()
	return c
}

// Reset returns the chip to its power-on state.
func (c *MCP23017) Reset() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.regs = [mcpRegs]byte{}
	c.regs[MCPIODIRA], c.regs[MCPIODIRA+1] = 0xFF, 0xFF
	c.ptr = 0
}

// Ground sets which pins are held low from outside (bit i: GPA0… then GPB0…).
func (c *MCP23017) Ground(pins uint16) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.grounded = pins
}

// SetExtPullUp sets which pins have external pull-up resistors.
func (c *MCP23017) SetExtPullUp(pins uint16) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.extPullUp = pins
}

// Reg returns a register by its BANK=0 address (MCPIODIRA…).
func (c *MCP23017) Reg(a byte) byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.regs[a]
}

// Reg16 returns an A/B register pair by the A register's BANK=0 address, A in the low byte.
func (c *MCP23017) Reg16(a byte) uint16 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return uint16(c.regs[a]) | uint16(c.regs[a+1])<<8
}

// SetReg writes a register by its BANK=0 address, as another program might have left it.
func (c *MCP23017) SetReg(a, v byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.store(a, v)
}

// index maps a register address under the current BANK to the BANK=0 index.
func (c *MCP23017) index(a byte) (byte, bool) {
	if c.regs[MCPIOCON]&mcpBANK == 0 {
		return a, a < mcpRegs
	}
	switch {
	case a <= 0x0A:
		return 2 * a, true
	case a >= 0x10 && a <= 0x1A:
		return 2*(a-0x10) + 1, true
	}
	return 0, false
}

func (c *MCP23017) next(a byte) byte {
	iocon := c.regs[MCPIOCON]
	switch {
	case iocon&mcpSEQOP != 0 && iocon&mcpBANK == 0:
		return a ^ 1 // byte mode toggles within the A/B pair
	case iocon&mcpSEQOP != 0:
		return a
	case iocon&mcpBANK == 0:
		return (a + 1) % mcpRegs
	case a == 0x0A:
		return 0x10
	case a == 0x1A:
		return 0x00
	}
	return a + 1
}

func (c *MCP23017) store(i, v byte) {
	switch i {
	case MCPIOCON, MCPIOCON + 1:
		c.regs[MCPIOCON], c.regs[MCPIOCON+1] = v, v
	case MCPINTFA, MCPINTFA + 1, MCPINTCAPA, MCPINTCAPA + 1:
		// read-only
	case MCPGPIOA, MCPGPIOA + 1:
		c.regs[i+2] = v // writing GPIO writes OLAT
	default:
		c.regs[i] = v
	}
}

func (c *MCP23017) load(i byte) byte {
	if i != MCPGPIOA && i != MCPGPIOA+1 {
		return c.regs[i]
	}
	port := i - MCPGPIOA // 0 for A, 1 for B
	shift := 8 * port
	pulled := byte((c.extPullUp>>shift)&0xFF) | c.regs[MCPGPPUA+port]
	level := pulled &^ byte(c.grounded>>shift)
	in := c.regs[MCPIODIRA+port]
	return (level^c.regs[MCPIPOLA+port])&in | c.regs[MCPOLATA+port]&^in
}

// tx is one I²C transaction addressed to this chip: the first written byte sets the
// address pointer, further bytes are written, then r is read, all from the pointer on.
func (c *MCP23017) tx(w, r []byte) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(w) > 0 {
		c.ptr = w[0]
		for _, v := range w[1:] {
			if i, ok := c.index(c.ptr); ok {
				c.store(i, v)
			}
			c.ptr = c.next(c.ptr)
		}
	}
	for k := range r {
		r[k] = 0
		if i, ok := c.index(c.ptr); ok {
			r[k] = c.load(i)
		}
		c.ptr = c.next(c.ptr)
	}
	return nil
}

// I2CBus is an i2c.Bus with MCP23017 models on it. A transaction to an address no chip
// answers fails, as a NACK does; FailNext makes the next ones fail as a loose wire would.
// It counts transactions.
type I2CBus struct {
	Chips []*MCP23017
	Trace *Trace

	mu   sync.Mutex
	txs  int
	fail int
}

// GroundCells grounds the pins of the cells that are on and frees the others, as closed
// and open switches do, for a driver reading 14 inputs a chip: cell c is chip c/14 in
// Chips order, GPA0…GPA6 then GPB0…GPB6 (GPA7 and GPB7 are outputs).
func (b *I2CBus) GroundCells(on []bool) {
	masks := make([]uint16, len(b.Chips))
	for c, closed := range on {
		if pin := c % 14; closed && c/14 < len(masks) {
			masks[c/14] |= 1 << (pin + pin/7) // GPB0 is bit 8
		}
	}
	for i, chip := range b.Chips {
		chip.Ground(masks[i])
	}
}

// FailNext makes the next n transactions fail with a NACK, whatever their address.
func (b *I2CBus) FailNext(n int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.fail = n
}

// NewI2CBus returns a bus with one power-on chip at each address.
func NewI2CBus(t *Trace, addrs ...uint16) *I2CBus {
	b := &I2CBus{Trace: t}
	for _, a := range addrs {
		b.Chips = append(b.Chips, NewMCP23017(a))
	}
	return b
}

// Chip returns the chip at addr, or nil.
func (b *I2CBus) Chip(addr uint16) *MCP23017 {
	for _, c := range b.Chips {
		if c.Addr == addr {
			return c
		}
	}
	return nil
}

// Txs returns the number of transactions so far.
func (b *I2CBus) Txs() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.txs
}

func (b *I2CBus) String() string { return "hwtest-i2c" }

// SetSpeed implements i2c.Bus.
func (b *I2CBus) SetSpeed(physic.Frequency) error { return nil }

// Tx implements i2c.Bus.
func (b *I2CBus) Tx(addr uint16, w, r []byte) error {
	b.mu.Lock()
	b.txs++
	failing := b.fail > 0
	if failing {
		b.fail--
	}
	b.mu.Unlock()
	if b.Trace != nil {
		b.Trace.Add("i2c %#02x W%x R%d", addr, w, len(r))
	}
	if failing {
		return fmt.Errorf("hwtest: %#02x: no acknowledge (a fault injected)", addr)
	}
	c := b.Chip(addr)
	if c == nil {
		return fmt.Errorf("hwtest: no device acknowledges address %#02x", addr)
	}
	return c.tx(w, r)
}

var _ i2c.Bus = (*I2CBus)(nil)
