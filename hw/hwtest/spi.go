package hwtest

import (
	"errors"
	"fmt"
	"sync"

	"periph.io/x/conn/v3"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"
)

// checkTx applies the full-duplex rule of Linux spidev: when both buffers are given they
// have the same length, and at least one is given.
func checkTx(w, r []byte) error {
	if len(w) == 0 && len(r) == 0 {
		return errors.New("hwtest: Tx with empty buffers")
	}
	if len(w) != 0 && len(r) != 0 && len(w) != len(r) {
		return fmt.Errorf("hwtest: Tx with %d bytes to write and %d to read", len(w), len(r))
	}
	return nil
}

// Discard is an spi.Port and spi.Conn that throws writes away, reads zeros and counts
// transactions and bytes: the sink benchmarks run against.
type Discard struct {
	mu    sync.Mutex
	txs   int
	bytes int
}

// Counts returns the transactions and bytes seen so far.
func (d *Discard) Counts() (txs, bytes int) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.txs, d.bytes
}

func (d *Discard) String() string { return "hwtest-discard" }

// Connect implements spi.Port.
func (d *Discard) Connect(physic.Frequency, spi.Mode, int) (spi.Conn, error) { return d, nil }

// Duplex implements conn.Conn.
func (d *Discard) Duplex() conn.Duplex { return conn.Full }

// Tx implements conn.Conn.
func (d *Discard) Tx(w, r []byte) error {
	if err := checkTx(w, r); err != nil {
		return err
	}
	clear(r)
	d.mu.Lock()
	d.txs++
	d.bytes += max(len(w), len(r))
	d.mu.Unlock()
	return nil
}

// TxPackets implements spi.Conn; it is not modelled.
func (d *Discard) TxPackets([]spi.Packet) error {
	return errors.New("hwtest: TxPackets is not modelled")
}

var (
	_ spi.Port = (*Discard)(nil)
	_ spi.Conn = (*Discard)(nil)
)
