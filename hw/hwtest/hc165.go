package hwtest

import (
	"errors"
	"sync"

	"periph.io/x/conn/v3"
	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/spi"
)

// HC165 models a chain of 74HC165 parallel-in, serial-out shift registers read over SPI:
// chip 0's SER is tied low, each chip's QH feeds the next one's SER, the last chip's QH
// drives MISO, SCLK drives every CLK (CLK INH tied low) and Load drives every SH/LD.
//
// While SH/LD is low the registers follow the parallel inputs and clocks are ignored, so
// every bit read is the last chip's D7. While it is high each clock shifts the chain one
// place toward MISO: a read without a fresh load returns what was left, zeros after a full
// read. It is an spi.Conn; MOSI is not connected.
type HC165 struct {
	Load  *Pin
	Trace *Trace

	mu     sync.Mutex
	inputs []uint8 // per chip, bit k is input Dk
	reg    []uint8 // per chip, bit 7 is QH
	txs    int
	loads  int
}

// NewHC165 returns a chain of n chips with all inputs low and the SH/LD pin floating.
func NewHC165(n int, t *Trace) *HC165 {
	h := &HC165{Trace: t, inputs: make([]uint8, n), reg: make([]uint8, n)}
	h.Load = NewPin("load", t)
	h.Load.OnOut = func(l gpio.Level) {
		if l == gpio.Low {
			h.mu.Lock()
			h.loads++
			copy(h.reg, h.inputs)
			h.mu.Unlock()
		}
	}
	return h
}

// SetInputs sets the parallel input levels of each chip, chip 0 first (bit k is Dk).
func (h *HC165) SetInputs(levels ...uint8) {
	h.mu.Lock()
	defer h.mu.Unlock()
	copy(h.inputs, levels)
}

// Counts returns the SPI transactions and the parallel loads (falling edges of SH/LD).
func (h *HC165) Counts() (txs, loads int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.txs, h.loads
}

func (h *HC165) String() string { return "hwtest-74hc165" }

// Duplex implements conn.Conn.
func (h *HC165) Duplex() conn.Duplex { return conn.Full }

// Tx implements conn.Conn: it clocks 8*len(r) bits out of the chain.
func (h *HC165) Tx(w, r []byte) error {
	if err := checkTx(w, r); err != nil {
		return err
	}
	if h.Trace != nil {
		h.Trace.Add("spi.Tx(R%d)", len(r))
	}
	out, level, _ := h.Load.State()
	if !out {
		return errors.New("hwtest: 74HC165 SH/LD is floating")
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	h.txs++
	last := len(h.reg) - 1
	for i := range r {
		var b byte
		for range 8 {
			if level == gpio.Low {
				copy(h.reg, h.inputs) // parallel load: the clock is ignored
			}
			b = b<<1 | h.reg[last]>>7
			if level == gpio.High {
				for k := last; k > 0; k-- {
					h.reg[k] = h.reg[k]<<1 | h.reg[k-1]>>7
				}
				h.reg[0] <<= 1 // SER tied low
			}
		}
		r[i] = b
	}
	return nil
}

// TxPackets implements spi.Conn; it is not modelled.
func (h *HC165) TxPackets([]spi.Packet) error {
	return errors.New("hwtest: TxPackets is not modelled")
}

var _ spi.Conn = (*HC165)(nil)
