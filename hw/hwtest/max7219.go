package hwtest

import (
	"errors"
	"sync"

	"periph.io/x/conn/v3"
	"periph.io/x/conn/v3/spi"
)

// MAX7219Chip is the register state of one MAX7219.
type MAX7219Chip struct {
	Digits    [8]byte // DIG0…DIG7, registers 0x1…0x8
	Decode    byte
	Intensity byte
	ScanLimit byte
	Shutdown  bool // true at power-up: display blank
	Test      bool // display test: every LED on, overriding everything else
}

// MAX7219 models a daisy chain of MAX7219 LED drivers on an spi.Conn: chip 0's DIN is
// wired to MOSI, each DOUT to the next chip's DIN. The chain is one long shift register of
// 16 bits a chip; when chip select rises at the end of a transaction every chip latches the
// 16 bits it holds, so the last two bytes sent land in chip 0 and the first two in the
// farthest chip. Digit registers power up holding garbage (0xA5) and the chips in shutdown.
type MAX7219 struct {
	Trace *Trace

	mu    sync.Mutex
	chips []MAX7219Chip
	shift []byte
	txs   int
	fail  int
}

// NewMAX7219 returns a chain of n chips in their power-up state.
func NewMAX7219(n int, t *Trace) *MAX7219 {
	m := &MAX7219{Trace: t, chips: make([]MAX7219Chip, n), shift: make([]byte, 2*n)}
	m.PowerUp()
	return m
}

// PowerUp puts every chip in its power-up state, as after a brown-out.
func (m *MAX7219) PowerUp() {
	m.mu.Lock()
	defer m.mu.Unlock()
	for i := range m.chips {
		m.chips[i] = MAX7219Chip{Shutdown: true, Digits: [8]byte{0xA5, 0xA5, 0xA5, 0xA5, 0xA5, 0xA5, 0xA5, 0xA5}}
	}
}

// FailNext makes the next n transactions fail, writing nothing, as a bus fault would.
func (m *MAX7219) FailNext(n int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.fail = n
}

// Chip returns the registers of chip i (0 nearest the host).
func (m *MAX7219) Chip(i int) MAX7219Chip {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.chips[i]
}

// Lit says whether the LED at digit row and segment bit of chip i is visibly on.
func (m *MAX7219) Lit(i, row, bit int) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	c := m.chips[i]
	if c.Test {
		return true
	}
	return !c.Shutdown && row <= int(c.ScanLimit) && c.Digits[row]&(1<<bit) != 0
}

// Txs returns the number of transactions so far.
func (m *MAX7219) Txs() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.txs
}

func (m *MAX7219) String() string { return "hwtest-max7219" }

// Duplex implements conn.Conn.
func (m *MAX7219) Duplex() conn.Duplex { return conn.Full }

// Tx implements conn.Conn. DOUT is not wired back, so reads return zeros.
func (m *MAX7219) Tx(w, r []byte) error {
	if err := checkTx(w, r); err != nil {
		return err
	}
	if m.Trace != nil {
		m.Trace.Add("spi.Tx(% x)", w)
	}
	clear(r)
	m.mu.Lock()
	defer m.mu.Unlock()
	m.txs++
	if m.fail > 0 {
		m.fail--
		return errors.New("hwtest: SPI transfer failed (a fault injected)")
	}
	n := len(m.shift)
	for _, b := range w {
		copy(m.shift, m.shift[1:])
		m.shift[n-1] = b
	}
	for i := range m.chips {
		k := 2 * (len(m.chips) - 1 - i)
		m.chips[i].latch(m.shift[k], m.shift[k+1])
	}
	return nil
}

func (c *MAX7219Chip) latch(addr, data byte) {
	switch a := addr & 0x0F; {
	case a >= 0x1 && a <= 0x8:
		c.Digits[a-1] = data
	case a == 0x9:
		c.Decode = data
	case a == 0xA:
		c.Intensity = data & 0x0F
	case a == 0xB:
		c.ScanLimit = data & 0x07
	case a == 0xC:
		c.Shutdown = data&1 == 0
	case a == 0xF:
		c.Test = data&1 != 0
	}
}

// TxPackets implements spi.Conn; it is not modelled.
func (m *MAX7219) TxPackets([]spi.Packet) error {
	return errors.New("hwtest: TxPackets is not modelled")
}

var _ spi.Conn = (*MAX7219)(nil)
