package hwtest

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/physic"
)

// Trace is the ordered list of operations several fakes saw. A nil *Trace records nothing;
// the fakes test for nil before formatting, so benchmarks pay nothing for it.
type Trace struct {
	mu     sync.Mutex
	events []string
}

// Add appends one event.
func (t *Trace) Add(format string, a ...any) {
	if t == nil {
		return
	}
	t.mu.Lock()
	t.events = append(t.events, fmt.Sprintf(format, a...))
	t.mu.Unlock()
}

// Events returns a copy of what was recorded.
func (t *Trace) Events() []string {
	if t == nil {
		return nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	return append([]string(nil), t.events...)
}

// Reset forgets what was recorded.
func (t *Trace) Reset() {
	if t == nil {
		return
	}
	t.mu.Lock()
	t.events = t.events[:0]
	t.mu.Unlock()
}

func (t *Trace) String() string { return strings.Join(t.Events(), "\n") }

// Pin is a fake gpio.PinIO. As an output it holds the level last written; as an input it
// reads what Input returns, or, with Input nil, its pull (a floating input reads Low).
// Every call is added to Trace (when not nil) as "N.Out(Low)", "N.In(Float)",
// "N.Read()=High". FailIn and FailOut make In or Out return ErrPin.
type Pin struct {
	N     string
	Trace *Trace
	// Input says what the pin reads as an input. It is called without the pin's lock held.
	Input func() gpio.Level
	// OnOut, when set, is called after each successful Out with the new level.
	OnOut func(gpio.Level)

	mu      sync.Mutex
	output  bool
	level   gpio.Level
	pull    gpio.Pull
	failIn  bool
	failOut bool
	ins     int
	outs    int
	reads   int
}

// NewPin returns a floating input named n that records into t.
func NewPin(n string, t *Trace) *Pin { return &Pin{N: n, Trace: t, pull: gpio.Float} }

// ErrPin is what a pin made to fail returns.
var ErrPin = errors.New("hwtest: pin failure")

// FailIn makes In fail (with ErrPin) from now on, or succeed again with false.
func (p *Pin) FailIn(fail bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.failIn = fail
}

// FailOut makes Out fail (with ErrPin) from now on, or succeed again with false.
func (p *Pin) FailOut(fail bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.failOut = fail
}

// State returns whether the pin is an output, the level it drives, and its pull.
func (p *Pin) State() (output bool, level gpio.Level, pull gpio.Pull) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.output, p.level, p.pull
}

// Calls returns how many times In, Out and Read were called.
func (p *Pin) Calls() (in, out, read int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.ins, p.outs, p.reads
}

func (p *Pin) String() string   { return p.N }
func (p *Pin) Halt() error      { return nil }
func (p *Pin) Name() string     { return p.N }
func (p *Pin) Number() int      { return -1 }
func (p *Pin) Function() string { return "" }

// In implements gpio.PinIn. PullNoChange keeps the pull set before; edges are refused.
func (p *Pin) In(pull gpio.Pull, edge gpio.Edge) error {
	if p.Trace != nil {
		p.Trace.Add("%s.In(%s)", p.N, pull)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.ins++
	if p.failIn {
		return ErrPin
	}
	if edge != gpio.NoEdge {
		return errors.New("hwtest: edges are not modelled")
	}
	p.output = false
	if pull != gpio.PullNoChange {
		p.pull = pull
	}
	return nil
}

// Read implements gpio.PinIn.
func (p *Pin) Read() gpio.Level {
	p.mu.Lock()
	p.reads++
	out, lvl, pull, input := p.output, p.level, p.pull, p.Input
	p.mu.Unlock()
	switch {
	case out:
	case input != nil:
		lvl = input()
	default:
		lvl = pull == gpio.PullUp
	}
	if p.Trace != nil {
		p.Trace.Add("%s.Read()=%s", p.N, lvl)
	}
	return lvl
}

// WaitForEdge implements gpio.PinIn; edges are not modelled.
func (p *Pin) WaitForEdge(time.Duration) bool { return false }

// Pull implements gpio.PinIn.
func (p *Pin) Pull() gpio.Pull {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.pull
}

// DefaultPull implements gpio.PinIn.
func (p *Pin) DefaultPull() gpio.Pull { return gpio.Float }

// Out implements gpio.PinOut.
func (p *Pin) Out(l gpio.Level) error {
	if p.Trace != nil {
		p.Trace.Add("%s.Out(%s)", p.N, l)
	}
	p.mu.Lock()
	p.outs++
	if p.failOut {
		p.mu.Unlock()
		return ErrPin
	}
	p.output, p.level = true, l
	hook := p.OnOut
	p.mu.Unlock()
	if hook != nil {
		hook(l)
	}
	return nil
}

// PWM implements gpio.PinOut; it is not modelled.
func (p *Pin) PWM(gpio.Duty, physic.Frequency) error {
	return errors.New("hwtest: PWM is not modelled")
}

var _ gpio.PinIO = (*Pin)(nil)
