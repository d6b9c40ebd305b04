package hwtest

import (
	"bytes"
	"testing"

	"periph.io/x/conn/v3/gpio"
)

// These tests pin down the models' own behaviour, which the drivers' tests rely on.

func TestDecodeNRZ(t *testing.T) {
	for _, tc := range []struct {
		in   []byte
		want []byte
		ok   bool
	}{
		{[]byte{0, 0, 0, 0x88, 0x88, 0x88, 0x88, 0, 0, 0}, []byte{0x00}, true},
		{[]byte{0xEE, 0xEE, 0xEE, 0xEE, 0xE8, 0x88, 0x88, 0x8E}, []byte{0xFF, 0x81}, true},
		{[]byte{0, 0x88, 0x88, 0x88, 0x8F}, nil, false}, // 1111 is no symbol
		{[]byte{0x88, 0x88, 0x88}, nil, false},          // not a whole byte
	} {
		got, err := DecodeNRZ(tc.in)
		if (err == nil) != tc.ok || !bytes.Equal(got, tc.want) {
			t.Errorf("DecodeNRZ(% x) = % x, %v", tc.in, got, err)
		}
	}
}

func TestMCP23017Addressing(t *testing.T) {
	b := NewI2CBus(nil, 0x20)
	c := b.Chips[0]
	c.SetExtPullUp(0xFFFF)
	c.Ground(0x0201) // GPA0, GPB1
	r := make([]byte, 2)
	// Sequential mode: GPIOA then GPIOB.
	if err := b.Tx(0x20, []byte{MCPGPIOA}, r); err != nil || !bytes.Equal(r, []byte{0xFE, 0xFD}) {
		t.Errorf("GPIOA/B = % x, %v", r, err)
	}
	// The pointer wraps from OLATB to IODIRA.
	if err := b.Tx(0x20, []byte{MCPOLATA + 1}, r); err != nil || !bytes.Equal(r, []byte{0x00, 0xFF}) {
		t.Errorf("OLATB/IODIRA = % x, %v", r, err)
	}
	// Byte mode with BANK=0 toggles within the pair.
	c.SetReg(MCPIOCON, mcpSEQOP)
	r3 := make([]byte, 3)
	if err := b.Tx(0x20, []byte{MCPGPIOA}, r3); err != nil || !bytes.Equal(r3, []byte{0xFE, 0xFD, 0xFE}) {
		t.Errorf("byte mode = % x, %v", r3, err)
	}
	// BANK=1: GPIOA at 0x09, GPIOB at 0x19; IPOL applies to inputs.
	c.SetReg(MCPIOCON, mcpBANK)
	c.SetReg(MCPIPOLA, 0xFF)
	if err := b.Tx(0x20, []byte{0x09}, r[:1]); err != nil || r[0] != 0x01 {
		t.Errorf("BANK=1 GPIOA = %#02x, %v", r[0], err)
	}
	if err := b.Tx(0x20, []byte{0x19}, r[:1]); err != nil || r[0] != 0xFD {
		t.Errorf("BANK=1 GPIOB = %#02x, %v", r[0], err)
	}
	if err := b.Tx(0x21, []byte{0}, nil); err == nil {
		t.Error("a missing chip acknowledged")
	}
	if b.Txs() != 6 {
		t.Errorf("%d transactions counted, want 6", b.Txs())
	}
}

func TestHC165Shifting(t *testing.T) {
	h := NewHC165(2, nil)
	h.SetInputs(0x12, 0xA5)
	r := make([]byte, 2)
	if err := h.Tx(nil, r); err == nil {
		t.Error("read with SH/LD floating succeeded")
	}
	_ = h.Load.Out(gpio.Low)
	_ = h.Load.Out(gpio.High)
	if err := h.Tx(nil, r); err != nil || !bytes.Equal(r, []byte{0xA5, 0x12}) {
		t.Errorf("after a load: % x, %v", r, err)
	}
	if err := h.Tx(nil, r); err != nil || !bytes.Equal(r, []byte{0, 0}) {
		t.Errorf("without a new load: % x, %v", r, err)
	}
	_ = h.Load.Out(gpio.Low) // held low: QH is the last chip's D7, unshifted
	if err := h.Tx(nil, r); err != nil || !bytes.Equal(r, []byte{0xFF, 0xFF}) {
		t.Errorf("during load: % x, %v", r, err)
	}
}

func TestMAX7219Chain(t *testing.T) {
	m := NewMAX7219(3, nil)
	// One command shifted in lands in chip 0; the next pushes it on to chip 1, where it is
	// executed again when chip select rises.
	_ = m.Tx([]byte{0x01, 0x11}, nil)
	_ = m.Tx([]byte{0x02, 0x22}, nil)
	if c0, c1 := m.Chip(0), m.Chip(1); c0.Digits[1] != 0x22 || c1.Digits[0] != 0x11 {
		t.Errorf("chip 0 digits % x, chip 1 digits % x", c0.Digits, c1.Digits)
	}
	_ = m.Tx([]byte{0x0C, 0x01, 0x0B, 0x07, 0x0F, 0x00}, nil) // chip 2, 1, 0
	if !m.Chip(0).Shutdown || m.Chip(2).Shutdown || m.Chip(1).ScanLimit != 7 {
		t.Errorf("chips %+v %+v %+v", m.Chip(0), m.Chip(1), m.Chip(2))
	}
	// Chip 2 is on with its power-up garbage (0xA5) and power-up scan limit (row 0 only).
	if !m.Lit(2, 0, 0) || m.Lit(2, 0, 1) || m.Lit(2, 1, 0) || m.Lit(0, 1, 1) {
		t.Error("Lit disagrees with the registers")
	}
}

func TestMatrixBadReads(t *testing.T) {
	m := NewMatrix(2, 2, true, true, nil)
	m.Set(0, 0, true)
	_ = m.Rows[0].Out(gpio.Low)
	_ = m.Rows[1].Out(gpio.Low)
	if m.Cols[0].Read() != gpio.Low || m.BadReads() != 1 {
		t.Errorf("two rows driven: BadReads %d", m.BadReads())
	}
	_ = m.Rows[1].In(gpio.Float, gpio.NoEdge)
	_ = m.Cols[1].In(gpio.PullUp, gpio.NoEdge)
	if m.Cols[1].Read() != gpio.High || m.BadReads() != 1 {
		t.Errorf("one row driven, open switch: BadReads %d", m.BadReads())
	}
	_ = m.Cols[1].In(gpio.Float, gpio.NoEdge)
	if m.Cols[1].Read() != gpio.Low {
		t.Error("a floating column did not read the worst case")
	}
}
