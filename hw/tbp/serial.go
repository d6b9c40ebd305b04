package tbp

import (
	"fmt"
	"io"
	"os"
	"sync/atomic"
	"time"

	"github.com/tarm/serial"
)

// serialPoll is how long a read on a serial port waits before it looks whether the port
// was closed: tarm/serial's ports block in read(2), which Close does not interrupt.
const serialPoll = 100 * time.Millisecond

// SerialOpener returns an Opts.Open that opens the serial port name (a USB CDC device such
// as /dev/ttyACM0, or a UART) at baud, 8N1, raw, and discards whatever was waiting in it.
func SerialOpener(name string, baud int) func() (io.ReadWriteCloser, error) {
	return func() (io.ReadWriteCloser, error) {
		p, err := serial.OpenPort(&serial.Config{Name: name, Baud: baud, ReadTimeout: serialPoll})
		if err != nil {
			return nil, fmt.Errorf("serial port %s at %d baud: %w", name, baud, err)
		}
		if err := p.Flush(); err != nil {
			p.Close()
			return nil, fmt.Errorf("serial port %s: flush: %w", name, err)
		}
		return &port{p: p, name: name}, nil
	}
}

// port makes a tarm/serial port behave like a stream: a read that times out with nothing
// (which the os package reports as io.EOF) is retried until the port is closed.
type port struct {
	p      *serial.Port
	name   string
	closed atomic.Bool
}

func (p *port) Read(b []byte) (int, error) {
	for {
		start := time.Now()
		n, err := p.p.Read(b)
		if n > 0 || err != io.EOF {
			return n, err
		}
		if p.closed.Load() {
			return 0, os.ErrClosed
		}
		if time.Since(start) < serialPoll/2 {
			// An empty read that did not wait is a hang-up: the device went away.
			return 0, fmt.Errorf("serial port %s: hung up", p.name)
		}
	}
}

func (p *port) Write(b []byte) (int, error) { return p.p.Write(b) }

func (p *port) Close() error {
	p.closed.Store(true)
	return p.p.Close()
}
