package hw

import (
	"context"
	"fmt"
	"time"
)

// Scanner reads every sensor cell once per call: a GPIO matrix, a chain of expanders or
// shift registers. Poll turns it into a Source.
type Scanner interface {
	// Scan writes one reading per cell into cells (len(cells) == Cells()).
	Scan(cells []Reading) error
	Cells() int
	Kind() SensorKind
}

// Poll returns a Source that scans s every period (at most), stamping each frame with
// clock() (time.Now when nil). A failed scan ends Read with the error: the caller decides
// whether to retry.
func Poll(s Scanner, period time.Duration, clock func() time.Time) Source {
	if clock == nil {
		clock = time.Now
	}
	if period <= 0 {
		period = 20 * time.Millisecond
	}
	return &poller{s: s, period: period, clock: clock}
}

type poller struct {
	s      Scanner
	period time.Duration
	clock  func() time.Time
	next   time.Time
}

func (p *poller) Cells() int       { return p.s.Cells() }
func (p *poller) Kind() SensorKind { return p.s.Kind() }

func (p *poller) Read(ctx context.Context, f *Frame) error {
	if err := Sleep(ctx, p.next.Sub(p.clock())); err != nil {
		return err
	}
	if cap(f.Cells) < p.s.Cells() {
		f.Cells = make([]Reading, p.s.Cells())
	}
	f.Cells = f.Cells[:p.s.Cells()]
	if err := p.s.Scan(f.Cells); err != nil {
		return fmt.Errorf("scan: %w", err)
	}
	f.At = p.clock()
	p.next = f.At.Add(p.period)
	return nil
}

// Sleep waits d, or until ctx ends, whichever comes first; then it returns ctx.Err(). A
// d of zero or less only checks ctx.
func Sleep(ctx context.Context, d time.Duration) error {
	if d > 0 {
		t := time.NewTimer(d)
		defer t.Stop()
		select {
		case <-ctx.Done():
		case <-t.C:
		}
	}
	return ctx.Err()
}

// Spin waits d, busy-waiting when d is short: time.Sleep on Linux rounds a wait of a few
// microseconds up to 50 µs or more, and scans wait once per row or load pulse.
func Spin(d time.Duration) {
	if d <= 0 {
		return
	}
	if d >= 100*time.Microsecond {
		time.Sleep(d)
		return
	}
	for start := time.Now(); time.Since(start) < d; {
	}
}
