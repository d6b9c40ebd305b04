package tbp

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/tavoliere/tavoliere/hw"
)

// Sentinels a caller branches on.
var (
	// ErrHalted is what Read, ReadButton, Show and SetBrightness return after Halt.
	ErrHalted = errors.New("tbp: halted")
	// ErrMismatch is reported through Opts.OnState when the board's HELLO does not match
	// the board file: its frames are ignored until a HELLO that does.
	ErrMismatch = errors.New("tbp: board does not match the board file")
)

// Opts configures a Dev. Cells, Kind and LEDs come from the board file; Open from cmd.
type Opts struct {
	Cells int           // sensor channels the board file declares
	Kind  hw.SensorKind // what they read
	LEDs  int           // LEDs in the chain, 0 to MaxLEDs
	// BoardID, when set, is the board-id the HELLO must carry (the board file's).
	BoardID string

	// Baud is the line speed cmd opens the port at (SerialOpener); the driver only keeps
	// it for String. USB CDC boards ignore it.
	Baud int
	// Watchdog is how long the link may go without a frame (and, after connecting, without
	// a HELLO) before the driver drops it and reconnects.
	Watchdog time.Duration
	// BackoffMin and BackoffMax bound the wait before reconnecting: BackoffMin after a link
	// that carried frames, doubling after each attempt that failed, at most BackoffMax.
	BackoffMin, BackoffMax time.Duration
	// Clock stamps frames and button events; time.Now when nil. Timers use real time.
	Clock func() time.Time
	// Open opens the port, once at start and again for every reconnect; the driver closes
	// what it returns. Closing it must make a pending Read return (an *os.File for a
	// terminal does; SerialOpener's port does within 100 ms). Required.
	Open func() (io.ReadWriteCloser, error)

	// Log, when set, receives the board's diagnostics: the text of every LOG line, and
	// "ERR <verb> <reason>" for every refused command, at most LogRate a second (the rest
	// are counted in Stats.LogsDropped). Calls come one at a time from the driver's reading
	// goroutine; they must not block or call Halt.
	Log func(text string)
	// OnState, when set, hears about the link: (true, nil) when a board that matches the
	// board file (Cells, Kind, and BoardID if set) has said HELLO; (true, err wrapping
	// ErrMismatch) when one that does not has; (true, a *VersionError, which wraps
	// ErrVersion) when the board speaks another version of the protocol (a HELLO naming
	// another tbp/N, or TBP/1's lines); (false, err) when the link is lost or an attempt to
	// open it fails, except that a failure with the same text as the last report is not
	// reported again (a board away is tried twice a second). Calls come one at a time from
	// the driver's goroutine; they must not block or call Halt.
	OnState func(connected bool, err error)
}

// DefaultOpts: 115200 baud, a 2 s watchdog, back-off from 250 ms doubling to 500 ms. Copy
// them and fill in Cells, Kind, LEDs and Open.
//
// The back-off is short so that a board plugged back is found within 2 s: the port is
// opened again at most 500 ms after it comes back, and a board that resets as its port
// opens (an Uno's bootloader waits about a second) still says HELLO within the rest. (The
// design's 1 s doubling to 10 s found a board back from 20 s away after 5 s, 10 s at
// worst.) A failed open of a port that is not there costs next to nothing, and a failure
// that repeats is reported once (OnState).
var DefaultOpts = Opts{
	Baud:       115200,
	Watchdog:   2 * time.Second,
	BackoffMin: 250 * time.Millisecond,
	BackoffMax: 500 * time.Millisecond,
}

// Stats counts what came over the link since New.
type Stats struct {
	Frames      uint64 // frames delivered
	BadChecksum uint64 // lines dropped for a wrong checksum
	Overlong    uint64 // lines dropped for being longer than MaxLine
	Malformed   uint64 // other lines dropped: no *HH, not ASCII, unknown or bad fields, a frame that does not fit the board
	Reconnects  uint64 // times the port was opened again after the first link
	SeqGaps     uint64 // frames whose seq did not follow the previous one (harmless: frames are whole)
	Ignored     uint64 // good frames and button events before a matching HELLO on their link, and lines of another protocol version
	Refused     uint64 // ERR replies
	Dropped     uint64 // button events lost because nobody read them (the newest 64 are kept)
	Resent      uint64 // L and BRI lines sent again because no OK or ERR came within their wait
	LogsDropped uint64 // LOG and ERR lines not passed to Opts.Log, over LogRate a second
}

const maxButtons = 64

// Dev is a board behind a TBP/2 link. It implements hw.Source, hw.Sink and hw.Buttons and
// is safe for concurrent use; Read and ReadButton each expect one reader.
//
// From New to Halt a goroutine keeps the link: it opens the port, asks for HELLO, and
// reconnects whenever the link fails. While the board is away Read simply waits. On each
// link a writer goroutine sends the commands, one at a time, each L and BRI waiting for
// its OK or ERR (see AckWait): Show and SetBrightness only record what the board should
// show and wake it.
type Dev struct {
	o    Opts
	halt chan struct{} // closed when Halt begins: the writer darkens the LEDs and stops
	stop chan struct{} // closed by Halt once the LEDs are dark: the link goroutine ends
	done chan struct{} // closed when the link goroutine ends

	frameReady  chan struct{} // a new frame, or a halt, since the last Read
	buttonReady chan struct{}
	haltOnce    sync.Once

	// The last report, kept by the link goroutine.
	reported bool
	lastUp   bool
	lastErr  string

	// The LOG rate limit, kept by the reading goroutine (one at a time).
	logTokens  float64
	logAt      time.Time
	logSkipped int // dropped since the last line logged

	mu        sync.Mutex
	halted    bool
	link      *link // nil while disconnected
	board     string
	state     error // why the link is down or unusable, nil when it is fine
	cells     []hw.Reading
	at        time.Time
	gen       uint64 // frames delivered
	readGen   uint64 // frames Read has returned
	buttons   []hw.ButtonEvent
	lights    hw.LightFrame
	lightsGen uint64 // one more on every Show; 0: no lights to show yet
	bri       int    // -1 until SetBrightness
	stats     Stats
}

// link is one connection: from a successful Open to its Close.
type link struct {
	conn     io.ReadWriteCloser
	lost     chan error    // the first error that ends the link
	fed      chan struct{} // a HELLO or a frame: the board is alive
	hellos   chan struct{} // a HELLO came: report it
	kick     chan struct{} // something to send may have changed: the writer looks again
	reset    chan struct{} // a matching HELLO came: a wait for an OK ends, the writer starts over
	acks     chan reply    // OK and ERR replies, for the writer
	darkened chan error    // the writer's all-dark L at Halt: nil once acknowledged
	done     chan struct{} // closed when the link ends: the writer stops

	// guarded by Dev.mu
	needFrame bool   // a matching HELLO came: ask for a frame (F?) first
	ackedBri  int    // the brightness the board acknowledged since its last HELLO, -1 none
	ackedGen  uint64 // the lights (Dev.lightsGen) it acknowledged since its last HELLO, 0 none
	resets    uint64 // matching HELLOs so far on this link
	hello     bool   // a HELLO came (or a TBP/1 board showed itself)
	matched   bool   // a HELLO tbp/2 that matched the board file
	helloErr  error  // why not: ErrMismatch, or a *VersionError
	good      bool   // a frame was delivered
	seq       uint16
	haveSeq   bool
	lastBad   error
}

// reply is an OK or an ERR from the board.
type reply struct {
	verb    string
	refused bool // ERR
}

// signal wakes whoever waits on c, once.
func signal(c chan struct{}) {
	select {
	case c <- struct{}{}:
	default:
	}
}

func (l *link) fail(err error) {
	select {
	case l.lost <- err:
	default:
	}
}

func (l *link) feed() { signal(l.fed) }

// New checks o and starts keeping the link; it does not wait for the board.
func New(o *Opts) (*Dev, error) {
	if o == nil {
		return nil, errors.New("tbp: no Opts: Cells, Kind, LEDs and Open are required")
	}
	c := *o
	if c.Watchdog == 0 {
		c.Watchdog = DefaultOpts.Watchdog
	}
	if c.BackoffMin == 0 {
		c.BackoffMin = DefaultOpts.BackoffMin
	}
	if c.BackoffMax == 0 {
		c.BackoffMax = max(DefaultOpts.BackoffMax, c.BackoffMin)
	}
	if c.Baud == 0 {
		c.Baud = DefaultOpts.Baud
	}
	if c.Clock == nil {
		c.Clock = time.Now
	}
	switch {
	case c.Kind != hw.Presence && c.Kind != hw.Polarity && c.Kind != hw.Identity:
		return nil, fmt.Errorf("tbp: sensor kind %v: want presence, polarity or identity", c.Kind)
	case c.Cells < 1 || FrameBytes(c.Cells, c.Kind) > MaxFrameBytes:
		return nil, fmt.Errorf("tbp: %d %s cells: a frame line holds 1 to %d", c.Cells, c.Kind, maxCells(c.Kind))
	case c.LEDs < 0 || c.LEDs > MaxLEDs:
		return nil, fmt.Errorf("tbp: %d LEDs: an L line holds 0 to %d", c.LEDs, MaxLEDs)
	case c.Open == nil:
		return nil, errors.New("tbp: Opts.Open is nil: cmd must say how to open the port")
	case c.Baud < 0 || c.Watchdog < 0 || c.BackoffMin < 0 || c.BackoffMax < c.BackoffMin:
		return nil, fmt.Errorf("tbp: baud %d, watchdog %v, back-off %v to %v: want positive values, min <= max",
			c.Baud, c.Watchdog, c.BackoffMin, c.BackoffMax)
	}
	d := &Dev{
		o:           c,
		halt:        make(chan struct{}),
		stop:        make(chan struct{}),
		done:        make(chan struct{}),
		frameReady:  make(chan struct{}, 1),
		buttonReady: make(chan struct{}, 1),
		cells:       make([]hw.Reading, c.Cells),
		lights:      make(hw.LightFrame, c.LEDs),
		bri:         -1,
		state:       errors.New("tbp: not connected yet"),
		logTokens:   LogRate,
		logAt:       time.Now(),
	}
	go d.run()
	return d, nil
}

func maxCells(k hw.SensorKind) int {
	if k == hw.Presence {
		return 8 * MaxFrameBytes
	}
	return MaxFrameBytes
}

func (d *Dev) String() string {
	d.mu.Lock()
	defer d.mu.Unlock()
	board := d.board
	if board == "" {
		board = "?"
	}
	state := "connected"
	switch {
	case d.halted:
		state = "halted"
	case d.state != nil:
		state = d.state.Error()
	}
	return fmt.Sprintf("tbp(%s: %d %s cells, %d LEDs, %d baud; %s)", board, d.o.Cells, d.o.Kind, d.o.LEDs, d.o.Baud, state)
}

// Cells implements hw.Source.
func (d *Dev) Cells() int { return d.o.Cells }

// Kind implements hw.Source.
func (d *Dev) Kind() hw.SensorKind { return d.o.Kind }

// Debounced reports that the board's frames are debounced by its firmware (hw.Debounced).
func (d *Dev) Debounced() bool { return true }

var (
	_ hw.Debounced = (*Dev)(nil)
	_ hw.Dimmer    = (*Dev)(nil)
)

// LEDs implements hw.Sink.
func (d *Dev) LEDs() int { return d.o.LEDs }

// Stats returns the counters so far.
func (d *Dev) Stats() Stats {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.stats
}

// Read implements hw.Source: it waits for a frame newer than the last one it returned.
// Every frame is whole, so a slow reader skips frames but never sees a partial one. While
// the board is away it keeps waiting: it returns only with a frame, ctx.Err(), or
// ErrHalted.
func (d *Dev) Read(ctx context.Context, f *hw.Frame) error {
	for {
		d.mu.Lock()
		if d.halted {
			d.mu.Unlock()
			return ErrHalted
		}
		if d.gen != d.readGen {
			f.Cells = append(f.Cells[:0], d.cells...)
			f.At = d.at
			d.readGen = d.gen
			d.mu.Unlock()
			return nil
		}
		d.mu.Unlock()
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-d.frameReady:
		case <-d.stop:
		}
	}
}

// ReadButton implements hw.Buttons.
func (d *Dev) ReadButton(ctx context.Context) (hw.ButtonEvent, error) {
	for {
		d.mu.Lock()
		if d.halted {
			d.mu.Unlock()
			return hw.ButtonEvent{}, ErrHalted
		}
		if len(d.buttons) > 0 {
			e := d.buttons[0]
			d.buttons = append(d.buttons[:0], d.buttons[1:]...)
			d.mu.Unlock()
			return e, nil
		}
		d.mu.Unlock()
		select {
		case <-ctx.Done():
			return hw.ButtonEvent{}, ctx.Err()
		case <-d.buttonReady:
		case <-d.stop:
		}
	}
}

// Show implements hw.Sink with an L line. It records the frame and wakes the link's
// writer, which sends the newest frame once the board has acknowledged the one before
// (frames shown meanwhile are skipped: each is whole), and again after every HELLO, so
// while the board is away Show succeeds and the board shows the newest frame when it is
// back. Show fails only for a frame of the wrong length or after Halt.
func (d *Dev) Show(l hw.LightFrame) error {
	if len(l) != d.o.LEDs {
		return fmt.Errorf("tbp: light frame of %d LEDs, the board has %d", len(l), d.o.LEDs)
	}
	d.mu.Lock()
	if d.halted {
		d.mu.Unlock()
		return ErrHalted
	}
	copy(d.lights, l)
	d.lightsGen++
	lk := d.link
	d.mu.Unlock()
	if lk != nil {
		signal(lk.kick)
	}
	return nil
}

// SetBrightness sends BRI; like Show, it records the level, returns at once, and the level
// is sent again after every HELLO, before the lights.
func (d *Dev) SetBrightness(level uint8) error {
	d.mu.Lock()
	if d.halted {
		d.mu.Unlock()
		return ErrHalted
	}
	d.bri = int(level)
	lk := d.link
	d.mu.Unlock()
	if lk != nil {
		signal(lk.kick)
	}
	return nil
}

// Halt darkens every LED with an all-dark L line (waiting for its OK, as any L), closes
// the port and stops the driver. When the board is away there is nothing to darken and
// Halt returns nil; it returns an error when the dark L could not be written or was not
// acknowledged. Only the first call does anything.
func (d *Dev) Halt() error {
	var err error
	d.haltOnce.Do(func() {
		d.mu.Lock()
		d.halted = true
		clear(d.lights)
		lk := d.link
		d.mu.Unlock()
		close(d.halt)
		if lk != nil && d.o.LEDs > 0 {
			limit := time.NewTimer(AckTries*d.ackWait(MaxLine) + time.Second)
			select {
			case err = <-lk.darkened:
			case <-lk.done:
			case <-limit.C: // a write stuck on the port: closing it below ends it
				err = errors.New("tbp: halt: the all-dark L was not written")
			}
			limit.Stop()
		}
		close(d.stop)
		<-d.done
	})
	return err
}

// AckWait is how long the host waits for the OK or ERR of an L or BRI line, beyond the
// time the line takes on the wire at Opts.Baud, before it sends the line again; after
// AckTries lines without a reply it drops the link and reconnects. A board that drives a
// WS2812 chain cannot receive while it shifts the colours out, so nothing else is sent
// meanwhile either (firmware-config/tbp.md, "Acknowledgements").
const (
	AckWait  = 100 * time.Millisecond
	AckTries = 3
)

// ackWait is AckWait plus the time n bytes take at the link's speed (10 bits a byte).
func (d *Dev) ackWait(n int) time.Duration {
	return AckWait + time.Duration(10*n)*time.Second/time.Duration(d.o.Baud)
}

// command is one line for the writer to send.
type command struct {
	payload []byte
	verb    string // "L" or "BRI": wait for its OK or ERR; "" for HELLO? and F?
	bri     int    // BRI: the level
	gen     uint64 // L: the Dev.lightsGen it carries
	dark    bool   // the all-dark L of Halt
	resets  uint64 // link.resets when it was chosen
}

// next is the command the writer sends now, if any; stop says the writer is done (after
// the dark L of Halt). Called with mu held.
func (d *Dev) next(lk *link, buf []byte, darkSent bool) (c command, ok, stop bool) {
	c.resets = lk.resets
	switch {
	case d.halted:
		if darkSent || d.o.LEDs == 0 {
			return c, false, true
		}
		c.payload, c.verb, c.dark = Lights{Colors: d.lights}.AppendPayload(buf), "L", true
	case !lk.matched:
		return c, false, false
	case lk.needFrame:
		lk.needFrame = false
		c.payload = FrameQuery{}.AppendPayload(buf)
	case d.bri >= 0 && lk.ackedBri != d.bri:
		c.payload, c.verb, c.bri = Brightness{Level: uint8(d.bri)}.AppendPayload(buf), "BRI", d.bri
	case d.o.LEDs > 0 && d.lightsGen != 0 && lk.ackedGen != d.lightsGen:
		c.payload, c.verb, c.gen = Lights{Colors: d.lights}.AppendPayload(buf), "L", d.lightsGen
	default:
		return c, false, false
	}
	return c, true, false
}

// writer sends lk's commands until the link ends: HELLO? first, then, once a matching
// HELLO has come, F?, the brightness and the lights, each L and BRI after the OK or ERR of
// the one before; after a HELLO that says the board reset, all of it again, BRI before L.
// At Halt it sends the all-dark L, to any board, and stops.
func (d *Dev) writer(lk *link) {
	buf := make([]byte, 0, MaxLine)
	if err := d.write(lk, HelloQuery{}.AppendPayload(buf)); err != nil {
		return
	}
	darkSent := false
	for {
		d.mu.Lock()
		c, ok, stop := d.next(lk, buf, darkSent)
		d.mu.Unlock()
		if stop {
			return
		}
		if !ok {
			select {
			case <-lk.kick:
			case <-d.halt:
			case <-lk.done:
				return
			}
			continue
		}
		if c.dark {
			darkSent = true
			lk.darkened <- d.command(lk, c)
			return
		}
		if err := d.command(lk, c); err != nil {
			return
		}
	}
}

// errReset ends a wait for an OK when the board says HELLO again: what it was sent is
// lost, and the writer starts over.
var errReset = errors.New("tbp: the board reset")

// command sends c, and for an L or BRI waits for its OK or ERR, sending it again after
// each wait that ends without one, AckTries times in all; then it drops the link. An ERR
// counts as the reply (the board refused the command: sending it again would not help).
func (d *Dev) command(lk *link, c command) error {
	if c.verb == "" {
		return d.write(lk, c.payload)
	}
	wait := d.ackWait(len(c.payload) + CheckLen + 1)
	for try := 1; ; try++ {
		for len(lk.acks) > 0 { // replies that came after their wait ended
			<-lk.acks
		}
		if err := d.write(lk, c.payload); err != nil {
			return err
		}
		err := d.awaitReply(lk, c, wait)
		if errors.Is(err, errReset) && c.dark {
			err = os.ErrDeadlineExceeded // the board reset: darken it all the same
		}
		switch {
		case err == nil:
			d.mu.Lock()
			if lk.resets == c.resets {
				switch c.verb {
				case "BRI":
					lk.ackedBri = c.bri
				case "L":
					lk.ackedGen = c.gen
				}
			}
			d.mu.Unlock()
			return nil
		case errors.Is(err, errReset):
			return nil // the writer starts over from the HELLO
		case !errors.Is(err, os.ErrDeadlineExceeded):
			return err
		case try == AckTries:
			err := fmt.Errorf("tbp: the board did not acknowledge %s %d times (%v each)", c.verb, AckTries, wait)
			if c.dark {
				return fmt.Errorf("tbp: halt: darkening the LEDs: %w", err)
			}
			lk.fail(err)
			return err
		}
		d.mu.Lock()
		d.stats.Resent++
		d.mu.Unlock()
	}
}

// awaitReply waits for the OK or ERR of c: nil when it comes, os.ErrDeadlineExceeded when
// wait passes first, errReset when a matching HELLO comes, ErrHalted when Halt begins
// (unless c is Halt's own dark L), and an error when the link ends.
func (d *Dev) awaitReply(lk *link, c command, wait time.Duration) error {
	t := time.NewTimer(wait)
	defer t.Stop()
	halt := d.halt
	if c.dark {
		halt = nil
	}
	for {
		select {
		case r := <-lk.acks:
			if r.verb == c.verb {
				return nil
			}
		case <-t.C:
			return os.ErrDeadlineExceeded
		case <-lk.reset:
			d.mu.Lock()
			again := lk.resets != c.resets
			d.mu.Unlock()
			if again { // not the HELLO before c was chosen
				return errReset
			}
		case <-halt:
			return errReset // start over: the writer sends the dark L next
		case <-lk.done:
			return errors.New("tbp: the link ended")
		}
	}
}

// write sends the payload in b as a line over lk; a failure ends the link. Only lk's
// writer calls it.
func (d *Dev) write(lk *link, b []byte) error {
	b, err := finishLine(b, 0)
	if err != nil {
		err = fmt.Errorf("tbp: write: %w", err) // a bug: the limits in New prevent it
		lk.fail(err)
		return err
	}
	if _, err := lk.conn.Write(b); err != nil {
		err = fmt.Errorf("tbp: write: %w", err)
		lk.fail(err)
		return err
	}
	return nil
}

// report calls OnState, but not for a failure like the last one reported. Only the link
// goroutine calls it.
func (d *Dev) report(connected bool, err error) {
	if d.o.OnState == nil {
		return
	}
	text := ""
	if err != nil {
		text = err.Error()
	}
	if !connected && d.reported && !d.lastUp && text == d.lastErr {
		return
	}
	d.reported, d.lastUp, d.lastErr = true, connected, text
	d.o.OnState(connected, err)
}

// run keeps the link until Halt.
func (d *Dev) run() {
	defer close(d.done)
	wait := d.o.BackoffMin
	opened := false
	for {
		conn, err := d.o.Open()
		if err != nil {
			err = fmt.Errorf("tbp: open: %w", err)
			d.setState(err)
			d.report(false, err)
		} else {
			if opened {
				d.mu.Lock()
				d.stats.Reconnects++
				d.mu.Unlock()
			}
			opened = true
			good, err := d.serve(conn)
			if errors.Is(err, ErrHalted) {
				return
			}
			d.setState(err)
			d.report(false, err)
			if good {
				wait = d.o.BackoffMin
			}
		}
		t := time.NewTimer(wait)
		select {
		case <-d.stop:
			t.Stop()
			return
		case <-t.C:
		}
		wait = nextBackoff(wait, d.o.BackoffMax)
	}
}

func nextBackoff(wait, limit time.Duration) time.Duration {
	return min(2*wait, limit)
}

func (d *Dev) setState(err error) {
	d.mu.Lock()
	d.state = err
	d.mu.Unlock()
}

// serve runs one link until it fails or Halt, and says whether it carried frames.
func (d *Dev) serve(conn io.ReadWriteCloser) (good bool, err error) {
	lk := &link{
		conn:     conn,
		lost:     make(chan error, 1),
		fed:      make(chan struct{}, 1),
		hellos:   make(chan struct{}, 1),
		kick:     make(chan struct{}, 1),
		reset:    make(chan struct{}, 1),
		acks:     make(chan reply, 16),
		darkened: make(chan error, 1),
		done:     make(chan struct{}),
		ackedBri: -1,
	}
	d.mu.Lock()
	if d.halted { // Halt came while Open ran
		d.mu.Unlock()
		conn.Close()
		return false, ErrHalted
	}
	d.link = lk
	d.state = errors.New("tbp: waiting for HELLO")
	d.mu.Unlock()

	readDone, writeDone := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(readDone)
		d.read(lk)
	}()
	go func() {
		defer close(writeDone)
		d.writer(lk)
	}()

	t := time.NewTimer(d.o.Watchdog)
	defer t.Stop()
wait:
	for {
		select {
		case <-d.stop:
			err = ErrHalted
			break wait
		case err = <-lk.lost:
			break wait
		case <-lk.fed:
			t.Reset(d.o.Watchdog)
		case <-lk.hellos:
			d.mu.Lock()
			herr := lk.helloErr
			d.mu.Unlock()
			d.report(true, herr)
		case <-t.C:
			d.mu.Lock()
			hello := lk.hello
			d.mu.Unlock()
			if hello {
				err = fmt.Errorf("tbp: no frame for %v", d.o.Watchdog)
			} else {
				err = fmt.Errorf("tbp: no HELLO %s within %v", Version, d.o.Watchdog)
			}
			break wait
		}
	}
	// Close first: it unblocks a Read or Write stuck on the port.
	close(lk.done)
	conn.Close()
	<-readDone
	<-writeDone
	d.mu.Lock()
	d.link = nil
	good = lk.good
	if lk.lastBad != nil && !good && !errors.Is(err, ErrHalted) {
		err = fmt.Errorf("%w (last bad line: %v)", err, lk.lastBad)
	}
	d.mu.Unlock()
	return good, err
}

// read reads lk's lines until the port fails or is closed.
func (d *Dev) read(lk *link) {
	sp := NewSplitter(lk.conn)
	scratch := make([]hw.Reading, d.o.Cells)
	over := 0
	for {
		line, err := sp.Next()
		if n := sp.Overlong(); n != over {
			d.mu.Lock()
			d.stats.Overlong += uint64(n - over)
			lk.lastBad = fmt.Errorf("%w: more than %d bytes", ErrOverlong, MaxLine)
			d.mu.Unlock()
			over = n
		}
		if err != nil {
			if errors.Is(err, io.EOF) {
				err = io.ErrUnexpectedEOF // the port is gone: ports do not end
			}
			lk.fail(fmt.Errorf("tbp: read: %w", err))
			return
		}
		d.handle(lk, line, scratch)
	}
}

// handle acts on one line: a bad line is counted and otherwise ignored.
func (d *Dev) handle(lk *link, line []byte, scratch []hw.Reading) {
	payload, err := Decode(line)
	if err != nil {
		if !d.legacy(lk, line) {
			d.bad(lk, err)
		}
		return
	}
	if len(payload) >= 2 && payload[0] == 'F' && payload[1] == ' ' {
		seq, cells, err := ParseFrame(payload, d.o.Cells, d.o.Kind, scratch)
		if err != nil {
			d.bad(lk, err)
			return
		}
		d.frame(lk, seq, cells)
		return
	}
	m, err := Parse(payload)
	if err != nil {
		if ve := (*VersionError)(nil); errors.As(err, &ve) {
			d.refuse(lk, ve, true)
			return
		}
		d.bad(lk, err)
		return
	}
	switch m := m.(type) {
	case Hello:
		d.hello(lk, m)
	case Button:
		d.button(lk, m)
	case Err:
		d.mu.Lock()
		d.stats.Refused++
		d.mu.Unlock()
		d.ack(lk, reply{verb: m.Verb, refused: true})
		d.log("ERR " + m.Verb + " " + m.Reason)
	case Log:
		d.log(m.Text)
	case OK:
		d.ack(lk, reply{verb: m.Verb})
	}
}

// LogRate is how many of the board's LOG and ERR lines a second reach Opts.Log at most: a
// burst of LogRate, then one every 1/LogRate s. The others are dropped and counted
// (Stats.LogsDropped), and the next line logged is preceded by a note of how many. A
// board that floods the line with LOG (one sent 2 MB in 0.1 s) cannot flood the journal.
const LogRate = 10

// log passes text to Opts.Log within LogRate. Only the reading goroutine calls it.
func (d *Dev) log(text string) {
	if d.o.Log == nil {
		return
	}
	now := time.Now()
	d.logTokens = min(LogRate, d.logTokens+now.Sub(d.logAt).Seconds()*LogRate)
	d.logAt = now
	if d.logTokens < 1 {
		d.mu.Lock()
		d.stats.LogsDropped++
		d.mu.Unlock()
		d.logSkipped++
		return
	}
	d.logTokens--
	if d.logSkipped > 0 {
		d.o.Log(fmt.Sprintf("tbp: %d LOG lines from the board dropped (at most %d a second are logged)", d.logSkipped, LogRate))
		d.logSkipped = 0
	}
	d.o.Log(text)
}

// ack hands a reply to the writer; with none waiting, a full queue drops it.
func (d *Dev) ack(lk *link, r reply) {
	select {
	case lk.acks <- r:
	default:
	}
}

func (d *Dev) bad(lk *link, err error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	switch {
	case errors.Is(err, ErrChecksum):
		d.stats.BadChecksum++
	case errors.Is(err, ErrOverlong):
		d.stats.Overlong++
	default:
		d.stats.Malformed++
	}
	lk.lastBad = err
}

func (d *Dev) frame(lk *link, seq uint16, cells []hw.Reading) {
	d.mu.Lock()
	if d.link != lk || d.halted {
		d.mu.Unlock()
		return
	}
	if !lk.matched {
		d.stats.Ignored++
		hello := lk.hello
		d.mu.Unlock()
		if hello {
			lk.feed() // a board that does not match is still alive
		}
		return
	}
	if lk.haveSeq && seq != lk.seq+1 && seq != lk.seq {
		d.stats.SeqGaps++
	}
	lk.seq, lk.haveSeq, lk.good = seq, true, true
	copy(d.cells, cells)
	d.at = d.o.Clock()
	d.gen++
	d.stats.Frames++
	d.mu.Unlock()
	lk.feed()
	select {
	case d.frameReady <- struct{}{}:
	default:
	}
}

func (d *Dev) button(lk *link, b Button) {
	d.mu.Lock()
	if d.link != lk || d.halted {
		d.mu.Unlock()
		return
	}
	if !lk.matched {
		d.stats.Ignored++
		d.mu.Unlock()
		return
	}
	if len(d.buttons) == maxButtons {
		d.buttons = append(d.buttons[:0], d.buttons[1:]...)
		d.stats.Dropped++
	}
	d.buttons = append(d.buttons, hw.ButtonEvent{Name: b.Name, Down: b.Down, At: d.o.Clock()})
	d.mu.Unlock()
	select {
	case d.buttonReady <- struct{}{}:
	default:
	}
}

// hello checks the board against the board file, and when it matches has the writer start
// over: the reader never writes, so that a write waiting for an OK cannot wait for the
// reader.
func (d *Dev) hello(lk *link, h Hello) {
	var err error
	switch {
	case h.Cells != d.o.Cells || h.Kind != d.o.Kind:
		err = fmt.Errorf("%w: board %q has %d %s cells, the board file says %d %s",
			ErrMismatch, h.Board, h.Cells, h.Kind, d.o.Cells, d.o.Kind)
	case d.o.BoardID != "" && h.Board != d.o.BoardID:
		err = fmt.Errorf("%w: the board says it is %q, the board file wants %q", ErrMismatch, h.Board, d.o.BoardID)
	}
	d.mu.Lock()
	if d.link != lk || d.halted {
		d.mu.Unlock()
		return
	}
	d.board = h.Board
	d.state = err
	lk.hello, lk.matched, lk.helloErr, lk.haveSeq = true, err == nil, err, false
	if err == nil {
		// The board has forgotten what it showed: a frame now, then brightness and lights.
		lk.needFrame, lk.ackedBri, lk.ackedGen = true, -1, 0
		lk.resets++
	}
	d.mu.Unlock()
	lk.feed()
	if err == nil {
		signal(lk.reset)
		signal(lk.kick)
	}
	signal(lk.hellos)
}

// legacy recognises a board that speaks TBP/1 by a line that fails TBP/2's framing but is
// a good TBP/1 line (its XOR checksum right, its payload a board message): a HELLO, or any
// message on a link where no TBP/2 HELLO has come (a board already running when the port
// opened says HELLO only when asked, and cannot read a TBP/2 HELLO?). The board is refused
// and told about, never used; its lines keep the link alive so the message stays. It says
// whether the line was such.
func (d *Dev) legacy(lk *link, line []byte) bool {
	p, ok := decodeLegacy(line)
	if !ok {
		return false
	}
	ve := &VersionError{Board: "tbp/1"}
	_, err := Parse(p)
	var named *VersionError
	isHello := bytes.HasPrefix(p, []byte("HELLO "))
	switch {
	case errors.As(err, &named):
		ve = named
	case err != nil && !(isHello && errors.Is(err, ErrMalformed)):
		return false
	}
	d.mu.Lock()
	tbp2 := lk.hello && lk.helloErr == nil || errors.Is(lk.helloErr, ErrMismatch)
	d.mu.Unlock()
	if tbp2 && !isHello {
		return false // a stray line on a TBP/2 link: counted as malformed
	}
	d.refuse(lk, ve, isHello)
	return true
}

// refuse takes the link's board as one that speaks another version of the protocol: its
// frames and buttons are ignored until a HELLO tbp/2 that matches. A HELLO is reported
// every time, as any HELLO is; other lines only when the version named changes.
func (d *Dev) refuse(lk *link, ve *VersionError, hello bool) {
	d.mu.Lock()
	if d.link != lk || d.halted {
		d.mu.Unlock()
		return
	}
	var was *VersionError
	known := errors.As(lk.helloErr, &was) && was.Board == ve.Board
	if !hello {
		d.stats.Ignored++
	}
	d.state = ve
	lk.hello, lk.matched, lk.helloErr, lk.haveSeq = true, false, ve, false
	d.mu.Unlock()
	lk.feed()
	if hello || !known {
		signal(lk.hellos)
	}
}
