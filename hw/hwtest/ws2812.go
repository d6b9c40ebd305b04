package hwtest

import (
	"errors"
	"fmt"
	"sync"

	"periph.io/x/conn/v3"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"
)

// DecodeNRZ turns the SPI bytes of a WS2812-style transfer back into the bytes the LEDs
// receive. At 2.5 MHz each SPI bit lasts 400 ns and each LED bit is four of them: a 0 is
// 1000 (400 ns high, 1.2 µs low), a 1 is 1110 (1.2 µs high, 400 ns low). Zero bytes before
// and after are the line held low (reset/latch); anything else is an error.
func DecodeNRZ(b []byte) ([]byte, error) {
	i, j := 0, len(b)
	for i < j && b[i] == 0 {
		i++
	}
	for j > i && b[j-1] == 0 {
		j--
	}
	body := b[i:j]
	if len(body)%4 != 0 {
		return nil, fmt.Errorf("hwtest: %d NRZ bytes between the latches: want a multiple of 4", len(body))
	}
	out := make([]byte, 0, len(body)/4)
	for k := 0; k < len(body); k += 4 {
		var v byte
		for _, sb := range body[k : k+4] {
			for _, sym := range [2]byte{sb >> 4, sb & 0xF} {
				switch sym {
				case 0x8:
					v <<= 1
				case 0xE:
					v = v<<1 | 1
				default:
					return nil, fmt.Errorf("hwtest: byte %d: NRZ symbol %04b is neither 1000 nor 1110", i+k, sym)
				}
			}
		}
		out = append(out, v)
	}
	return out, nil
}

// Strip is an spi.Port with a WS2812-style LED strip on MOSI. It records the parameters
// Connect was called with and decodes every transaction into the bytes the strip receives.
type Strip struct {
	mu    sync.Mutex
	freq  physic.Frequency
	mode  spi.Mode
	bits  int
	conns int
	raw   [][]byte
	wire  [][]byte
	err   error
}

func (s *Strip) String() string { return "hwtest-strip" }

// Connect implements spi.Port.
func (s *Strip) Connect(f physic.Frequency, mode spi.Mode, bits int) (spi.Conn, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.conns++
	s.freq, s.mode, s.bits = f, mode, bits
	return stripConn{s}, nil
}

// Params returns what the last Connect asked for and how many times it was called.
func (s *Strip) Params() (f physic.Frequency, mode spi.Mode, bits, conns int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.freq, s.mode, s.bits, s.conns
}

// Frames returns each transaction decoded, oldest first, and the first decoding error.
func (s *Strip) Frames() ([][]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([][]byte(nil), s.wire...), s.err
}

// Raw returns each transaction's SPI bytes.
func (s *Strip) Raw() [][]byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([][]byte(nil), s.raw...)
}

type stripConn struct{ s *Strip }

func (c stripConn) String() string      { return "hwtest-strip" }
func (c stripConn) Duplex() conn.Duplex { return conn.Full }

func (c stripConn) Tx(w, r []byte) error {
	if err := checkTx(w, r); err != nil {
		return err
	}
	clear(r)
	s := c.s
	s.mu.Lock()
	defer s.mu.Unlock()
	s.raw = append(s.raw, append([]byte(nil), w...))
	d, err := DecodeNRZ(w)
	if err != nil && s.err == nil {
		s.err = err
	}
	s.wire = append(s.wire, d)
	return nil
}

func (c stripConn) TxPackets([]spi.Packet) error {
	return errors.New("hwtest: TxPackets is not modelled")
}

var _ spi.Port = (*Strip)(nil)
