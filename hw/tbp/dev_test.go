package tbp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/creack/pty"
	"github.com/tarm/serial"

	"github.com/tavoliere/tavoliere/hw"
)

// The interfaces Dev stands behind.
var (
	_ hw.Source  = (*Dev)(nil)
	_ hw.Sink    = (*Dev)(nil)
	_ hw.Buttons = (*Dev)(nil)
)

// within bounds every wait for something the test expects: generous, since only a failure
// ever waits this long.
const within = 20 * time.Second

// board is a fake microcontroller on the master side of a pseudo-terminal. The Dev opens
// the slave through SerialOpener, as it opens a real port.
type board struct {
	t  *testing.T
	rx chan string // every line the host sent, exactly as on the wire

	wmu sync.Mutex // serialises writes to master

	mu      sync.Mutex
	master  *os.File
	keep    *os.File // the slave, held open so that the Dev closing it is no hang-up
	name    string
	gone    bool
	answer  bool                     // answers HELLO? and F?
	noOK    bool                     // does not acknowledge L and BRI
	skipOK  map[string]int           // acknowledges none of the next n commands of a verb
	okDelay map[string]time.Duration // acknowledges a verb this late
	refuse  map[string]string        // answers a verb with ERR and this reason
	hello   Hello
	data    []byte // the frame it sends
	seq     uint16
	opens   []time.Time
	stopStr chan struct{}
	wg      sync.WaitGroup
}

func newBoard(t *testing.T, hello Hello, data []byte) *board {
	t.Helper()
	b := &board{t: t, rx: make(chan string, 4096), answer: true, hello: hello, data: data,
		skipOK: map[string]int{}, okDelay: map[string]time.Duration{}, refuse: map[string]string{}}
	b.plugIn()
	t.Cleanup(func() {
		b.stream(0)
		b.unplug()
		b.wg.Wait()
	})
	return b
}

// plugIn makes a new pseudo-terminal, as a USB device that comes back gets a new node.
func (b *board) plugIn() {
	b.t.Helper()
	ptmx, slave, err := pty.Open()
	if err != nil {
		b.t.Fatalf("pty: %v", err)
	}
	master := pollable(b.t, ptmx)
	// Raw mode before anything flows, so the slave never echoes the board's lines back.
	p, err := serial.OpenPort(&serial.Config{Name: slave.Name(), Baud: 115200})
	if err != nil {
		b.t.Fatalf("raw mode on %s: %v", slave.Name(), err)
	}
	p.Close()
	b.mu.Lock()
	b.master, b.keep, b.name, b.gone = master, slave, slave.Name(), false
	b.mu.Unlock()
	b.wg.Add(1)
	go func() {
		defer b.wg.Done()
		b.listen(master)
	}()
}

// pollable returns f as a non-blocking file on the runtime's poller, so that Close
// interrupts a Read and really closes it (pty.Open's ioctls leave it blocking, and then a
// Close waits for the pending Read, and the terminal never hangs up).
func pollable(t *testing.T, f *os.File) *os.File {
	t.Helper()
	defer f.Close()
	fd, err := syscall.Dup(int(f.Fd()))
	if err == nil {
		err = syscall.SetNonblock(fd, true)
	}
	if err != nil {
		t.Fatalf("%s: %v", f.Name(), err)
	}
	return os.NewFile(uintptr(fd), f.Name())
}

// unplug closes the pseudo-terminal: the Dev's reads fail and it cannot open it again.
func (b *board) unplug() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.gone {
		return
	}
	b.gone = true
	b.master.Close()
	b.keep.Close()
}

func (b *board) open() (io.ReadWriteCloser, error) {
	b.mu.Lock()
	b.opens = append(b.opens, time.Now())
	name, gone := b.name, b.gone
	b.mu.Unlock()
	if gone {
		return nil, errors.New("no such device")
	}
	return SerialOpener(name, 115200)()
}

func (b *board) openTimes() []time.Time {
	b.mu.Lock()
	defer b.mu.Unlock()
	return slices.Clone(b.opens)
}

// listen records the host's lines and answers HELLO? and F?.
func (b *board) listen(master *os.File) {
	s := NewSplitter(master)
	for {
		line, err := s.Next()
		if err != nil {
			return
		}
		select {
		case b.rx <- string(line):
		default:
			b.t.Errorf("board: more than %d lines unread", cap(b.rx))
		}
		p, err := Decode(line)
		if err != nil {
			b.t.Errorf("board: the host sent a bad line %q: %v", line, err)
			continue
		}
		m, err := ParseCommand(p)
		if err != nil {
			b.t.Errorf("board: the host sent a bad command %q: %v", p, err)
			continue
		}
		verb, _, _ := strings.Cut(string(p), " ")
		b.mu.Lock()
		answer, ok := b.answer, !b.noOK
		if b.skipOK[verb] > 0 {
			b.skipOK[verb]--
			ok = false
		}
		delay, reason := b.okDelay[verb], b.refuse[verb]
		b.mu.Unlock()
		switch m.(type) {
		case HelloQuery:
			if answer {
				b.sendMsg(b.hello)
			}
		case FrameQuery:
			if answer {
				b.sendFrame()
			}
		case Lights, Brightness:
			if !answer || !ok {
				break
			}
			var reply Msg = OK{Verb: verb}
			if reason != "" {
				reply = Err{Verb: verb, Reason: reason}
			}
			if delay == 0 {
				b.sendMsg(reply)
				break
			}
			b.wg.Add(1)
			go func() {
				defer b.wg.Done()
				time.Sleep(delay)
				b.sendMsg(reply)
			}()
		}
	}
}

// send writes raw bytes to the host; a board that is gone drops them.
func (b *board) send(s string) {
	b.mu.Lock()
	master, gone := b.master, b.gone
	b.mu.Unlock()
	if gone {
		return
	}
	b.wmu.Lock()
	defer b.wmu.Unlock()
	master.Write([]byte(s))
}

func (b *board) sendMsg(m Msg) {
	line, err := AppendMsg(nil, m)
	if err != nil {
		b.t.Errorf("board: %v", err)
		return
	}
	b.send(string(line))
}

// sendFrame sends the current frame with the next seq.
func (b *board) sendFrame() {
	b.mu.Lock()
	f := Frame{Seq: b.seq, Data: slices.Clone(b.data)}
	b.seq++
	b.mu.Unlock()
	b.sendMsg(f)
}

func (b *board) set(answer bool, data []byte) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.answer = answer
	if data != nil {
		b.data = data
	}
}

// stream sends a frame every period (0 stops).
func (b *board) stream(period time.Duration) {
	b.mu.Lock()
	if b.stopStr != nil {
		close(b.stopStr)
		b.stopStr = nil
	}
	if period == 0 {
		b.mu.Unlock()
		return
	}
	stop := make(chan struct{})
	b.stopStr = stop
	b.mu.Unlock()
	b.wg.Add(1)
	go func() {
		defer b.wg.Done()
		t := time.NewTicker(period)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				b.sendFrame()
			}
		}
	}()
}

// expect waits for the host to send exactly these lines next.
func (b *board) expect(lines ...string) {
	b.t.Helper()
	for _, want := range lines {
		select {
		case got := <-b.rx:
			if got != want {
				b.t.Fatalf("the host sent %q, want %q", got, want)
			}
		case <-time.After(within):
			b.t.Fatalf("the host did not send %q", want)
		}
	}
}

// expectSet waits for the host to send these lines next, in any order.
func (b *board) expectSet(lines ...string) {
	b.t.Helper()
	left := slices.Clone(lines)
	for len(left) > 0 {
		select {
		case got := <-b.rx:
			i := slices.Index(left, got)
			if i < 0 {
				b.t.Fatalf("the host sent %q, want one of %q", got, left)
			}
			left = slices.Delete(left, i, i+1)
		case <-time.After(within):
			b.t.Fatalf("the host did not send %q", left)
		}
	}
}

// next waits for the host's next line and says when it came.
func (b *board) next() (string, time.Time) {
	b.t.Helper()
	select {
	case got := <-b.rx:
		return got, time.Now()
	case <-time.After(within):
		b.t.Fatal("the host sent nothing")
		return "", time.Time{}
	}
}

// skipTo drops the host's lines up to and including want.
func (b *board) skipTo(want string) {
	b.t.Helper()
	deadline := time.After(within)
	for {
		select {
		case got := <-b.rx:
			if got == want {
				return
			}
		case <-deadline:
			b.t.Fatalf("the host did not send %q", want)
		}
	}
}

type state struct {
	up  bool
	err error
}

// rig is a Dev on a fake board, with what it reports.
type rig struct {
	*board
	dev    *Dev
	states chan state
	logs   chan string
}

func newRig(t *testing.T, hello Hello, data []byte, edit func(*Opts)) *rig {
	t.Helper()
	r := &rig{board: newBoard(t, hello, data), states: make(chan state, 1024), logs: make(chan string, 1024)}
	o := DefaultOpts
	o.Cells, o.Kind, o.LEDs = 64, hw.Presence, 4
	o.Open = r.open
	o.Clock = fakeClock()
	o.Watchdog = within // tests that want the watchdog shorten it
	o.BackoffMin, o.BackoffMax = 20*time.Millisecond, 80*time.Millisecond
	o.OnState = func(up bool, err error) { r.states <- state{up, err} }
	o.Log = func(s string) { r.logs <- s }
	if edit != nil {
		edit(&o)
	}
	d, err := New(&o)
	if err != nil {
		t.Fatal(err)
	}
	r.dev = d
	t.Cleanup(func() { d.Halt() })
	return r
}

var epoch = time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)

// fakeClock ticks a millisecond a call, so every stamp is distinct and known to come
// from it.
func fakeClock() func() time.Time {
	var mu sync.Mutex
	now := epoch
	return func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		now = now.Add(time.Millisecond)
		return now
	}
}

// waitState waits for a report that ok accepts, skipping others.
func (r *rig) waitState(what string, ok func(state) bool) state {
	r.t.Helper()
	deadline := time.After(within)
	for {
		select {
		case s := <-r.states:
			if ok(s) {
				return s
			}
		case <-deadline:
			r.t.Fatalf("no report of %s", what)
		}
	}
}

func (r *rig) waitUp() {
	r.t.Helper()
	s := r.waitState("a connected board", func(s state) bool { return s.up })
	if s.err != nil {
		r.t.Fatalf("connected with %v", s.err)
	}
}

func (r *rig) read() hw.Frame {
	r.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), within)
	defer cancel()
	var f hw.Frame
	if err := r.dev.Read(ctx, &f); err != nil {
		r.t.Fatalf("Read: %v", err)
	}
	return f
}

// readUntil reads until a frame of data comes.
func (r *rig) readUntil(data []byte) hw.Frame {
	r.t.Helper()
	want, err := Frame{Data: data}.Readings(r.dev.Cells(), r.dev.Kind(), nil)
	if err != nil {
		r.t.Fatal(err)
	}
	for {
		if f := r.read(); slices.Equal(f.Cells, want) {
			return f
		}
	}
}

// waitStats waits until ok accepts the counters.
func (r *rig) waitStats(what string, ok func(Stats) bool) Stats {
	r.t.Helper()
	deadline := time.Now().Add(within)
	for {
		s := r.dev.Stats()
		if ok(s) {
			return s
		}
		if time.Now().After(deadline) {
			r.t.Fatalf("stats %+v: never %s", s, what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

var (
	hello64 = Hello{Board: "tav-8x8", Cells: 64, Kind: hw.Presence}
	empty   = make([]byte, 8)
	corners = []byte{0x01, 0, 0, 0, 0, 0, 0, 0x80}
	allOn   = []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}
)

// The whole life of a link: connect, resync, lights, silence, reconnect with back-off,
// resync with the lights restored, halt.
func TestDevLink(t *testing.T) {
	r := newRig(t, hello64, corners, func(o *Opts) { o.Watchdog = 400 * time.Millisecond })
	r.board.stream(20 * time.Millisecond)
	r.expect(wire("HELLO?"))
	r.waitUp()
	r.expect(wire("F?"))
	f := r.readUntil(corners)
	if !f.At.After(epoch) {
		t.Errorf("frame stamped %v, want a time from Opts.Clock", f.At)
	}
	if want := "tbp(tav-8x8: 64 presence cells, 4 LEDs, 115200 baud; connected)"; r.dev.String() != want {
		t.Errorf("String() = %q, want %q", r.dev.String(), want)
	}

	// Lights and brightness go out as exact lines.
	if err := r.dev.Show(hw.LightFrame{{R: 255}, {G: 255}, {B: 255}, {}}); err != nil {
		t.Fatal(err)
	}
	if err := r.dev.SetBrightness(96); err != nil {
		t.Fatal(err)
	}
	r.expectSet(wire("L FF000000FF000000FF000000"), wire("BRI 96"))
	if err := r.dev.Show(make(hw.LightFrame, 3)); err == nil || !strings.Contains(err.Error(), "3 LEDs, the board has 4") {
		t.Errorf("Show of 3 LEDs: %v", err)
	}

	// The board goes silent: the watchdog drops the link, or, where a line was still
	// unacknowledged as it fell silent (its ack late on a loaded machine), the acks that
	// never come.
	r.board.stream(0)
	r.board.set(false, nil)
	s := r.waitState("the watchdog", func(s state) bool { return !s.up })
	if s.err == nil || !strings.Contains(s.err.Error(), "no frame for 400ms") && !strings.Contains(s.err.Error(), "the board did not acknowledge") {
		t.Errorf("lost with %v, want the watchdog or the acks", s.err)
	}
	// It keeps trying: the board says nothing, not even HELLO.
	s = r.waitState("a silent board", func(s state) bool {
		return !s.up && s.err != nil && strings.Contains(s.err.Error(), "no HELLO tbp/2 within 400ms")
	})
	// Meanwhile the game changes the lights; they are kept for when the board is back.
	if err := r.dev.Show(hw.LightFrame{{R: 0x10, G: 0x20, B: 0x30}, {}, {}, {R: 0xab, G: 0xcd, B: 0xef}}); err != nil {
		t.Fatalf("Show while away: %v", err)
	}

	// The board comes back: resync from a full frame, brightness and lights restored.
	r.board.set(true, empty)
	r.waitUp()
	r.skipTo(wire("F?")) // after the HELLO? that was answered
	r.expect(wire("BRI 96"), wire("L 102030000000000000ABCDEF"))
	r.readUntil(empty)
	st := r.dev.Stats()
	if st.Reconnects < 1 {
		t.Errorf("Reconnects = %d, want at least 1", st.Reconnects)
	}
	if st.BadChecksum+st.Overlong+st.Malformed != 0 {
		t.Errorf("bad lines counted on a clean link: %+v", st)
	}

	// Halt darkens the LEDs, closes the port and ends Read.
	if err := r.dev.Halt(); err != nil {
		t.Fatal(err)
	}
	r.skipTo(wire("L 000000000000000000000000"))
	if err := r.dev.Read(context.Background(), &f); !errors.Is(err, ErrHalted) {
		t.Errorf("Read after Halt: %v, want ErrHalted", err)
	}
	if err := r.dev.Show(make(hw.LightFrame, 4)); !errors.Is(err, ErrHalted) {
		t.Errorf("Show after Halt: %v, want ErrHalted", err)
	}
	n := len(r.board.openTimes())
	time.Sleep(100 * time.Millisecond) // more than the back-off: a reconnect would show
	if m := len(r.board.openTimes()); m != n {
		t.Errorf("the port was opened %d more times after Halt", m-n)
	}
	if err := r.dev.Halt(); err != nil {
		t.Errorf("second Halt: %v", err)
	}
}

// Bad lines are counted, one each, and never become frames.
func TestDevBadLines(t *testing.T) {
	r := newRig(t, hello64, corners, nil)
	r.waitUp()
	r.readUntil(corners)
	before := r.dev.Stats()

	line := func(p string) string { l, _ := Encode(p); return l }
	badFrame := "F 99 FFFFFFFFFFFFFFFF"
	good := line(badFrame)
	tests := []struct {
		line, kind string
	}{
		{"\x00\xff\x13 garbage\n", "malformed"},
		{"\n", "malformed"},
		{"F 99 FFFFFFFFFFFFFFFF*0000\n", "checksum"},
		{strings.Replace(good, "F 99", "F 98", 1), "checksum"},
		{strings.ToLower(good[:len(good)-6]) + good[len(good)-6:], "checksum"}, // 17 letters changed case
		{good[:len(good)-2] + "b\n", "malformed"},                              // a lower-case checksum digit
		{strings.TrimSuffix(good, "\n") + " \n", "malformed"},
		{badFrame + "\n", "malformed"},                 // no checksum at all
		{line("F 99 FFFFFFFFFFFFFF"), "malformed"},     // 56 cells, the board has 64
		{line("F 99 FFFFFFFFFFFFFFFFFF"), "malformed"}, // 72
		{line("F 70000 FFFFFFFFFFFFFFFF"), "malformed"},
		{line("F  FFFFFFFFFFFFFFFF"), "malformed"},
		{line("F 99 FFFFFFFFFFFFFFFG"), "malformed"},
		{line("F 99 FFFFFFFF FFFFFFFF"), "malformed"},
		{line("HELLO tbp/x tav-8x8 64 presence"), "malformed"},
		{line("B start maybe"), "malformed"},
		{line("WHAT 1"), "malformed"},
		{"F 99 FFFFFFFF\x07FFFFFFFF*" + hex4("F 99 FFFFFFFF\x07FFFFFFFF") + "\n", "malformed"},
		{"F 99 FFFFFFFF\rFFFFFFFF*" + hex4("F 99 FFFFFFFF\rFFFFFFFF") + "\r\n", "malformed"},
		{badFrame + " " + strings.Repeat("F", MaxLine) + "*0000\n", "overlong"},
		{strings.Repeat("\xff", 5*MaxLine) + "\r\n", "overlong"},
		{line("LOG " + strings.Repeat("x", MaxLine-10)), ""}, // the longest line there is: a good one
		{"\x00\n", "malformed"},
	}
	want := before
	for _, tt := range tests {
		switch tt.kind {
		case "checksum":
			want.BadChecksum++
		case "malformed":
			want.Malformed++
		case "overlong":
			want.Overlong++
		}
	}
	var b strings.Builder
	for _, tt := range tests {
		b.WriteString(tt.line)
	}
	b.WriteString(line("F 100 0000000000000001"))
	r.board.send(b.String())
	got := r.readUntil([]byte{0, 0, 0, 0, 0, 0, 0, 1})
	if got.Cells[0] != 0 {
		t.Fatal("a bad frame came through")
	}
	want.Frames++
	want.SeqGaps++ // from 0 (the answer to F?) to 100
	st := r.dev.Stats()
	if st != want {
		t.Errorf("stats after the bad lines:\n got %+v\nwant %+v", st, want)
	}
	select {
	case l := <-r.logs:
		if len(l) != MaxLine-10 {
			t.Errorf("log of %d bytes, want %d", len(l), MaxLine-10)
		}
	case <-time.After(within):
		t.Error("the LOG line was not passed on")
	}

	// With "\r\n" and seq counting on: no new gaps; a repeated seq is no gap either.
	r.board.send(strings.ReplaceAll(line("F 101 0000000000000002")+line("F 101 0000000000000003")+line("F 102 0000000000000004"), "\n", "\r\n"))
	r.readUntil([]byte{0, 0, 0, 0, 0, 0, 0, 4})
	if st := r.dev.Stats(); st.SeqGaps != want.SeqGaps || st.Frames != want.Frames+3 {
		t.Errorf("after three good frames: %+v", st)
	}
	// The link survived it all.
	if st := r.dev.Stats(); st.Reconnects != 0 {
		t.Errorf("Reconnects = %d, want 0", st.Reconnects)
	}
}

// Buttons, LOG and ERR lines.
func TestDevButtonsAndLog(t *testing.T) {
	r := newRig(t, hello64, corners, nil)
	r.waitUp()
	r.board.sendMsg(Button{Name: "start", Down: true})
	r.board.sendMsg(Log{Text: "scan 100 Hz"})
	r.board.sendMsg(Err{Verb: "L", Reason: "too-many"})
	r.board.sendMsg(OK{Verb: "L"})
	r.board.sendMsg(Button{Name: "start"})
	ctx, cancel := context.WithTimeout(context.Background(), within)
	defer cancel()
	for _, down := range []bool{true, false} {
		e, err := r.dev.ReadButton(ctx)
		if err != nil || e.Name != "start" || e.Down != down || !e.At.After(epoch) {
			t.Errorf("ReadButton = %+v, %v; want start down=%v stamped by Opts.Clock", e, err, down)
		}
	}
	for _, want := range []string{"scan 100 Hz", "ERR L too-many"} {
		select {
		case got := <-r.logs:
			if got != want {
				t.Errorf("Log(%q), want %q", got, want)
			}
		case <-time.After(within):
			t.Errorf("no Log(%q)", want)
		}
	}
	if st := r.dev.Stats(); st.Refused != 1 || st.Malformed != 0 {
		t.Errorf("stats %+v: want one refusal, nothing malformed", st)
	}
	// ReadButton ends with its context and with Halt.
	short, cancel2 := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel2()
	if _, err := r.dev.ReadButton(short); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("ReadButton with nothing to read: %v", err)
	}
	done := make(chan error)
	go func() {
		_, err := r.dev.ReadButton(context.Background())
		done <- err
	}()
	r.dev.Halt()
	select {
	case err := <-done:
		if !errors.Is(err, ErrHalted) {
			t.Errorf("ReadButton during Halt: %v", err)
		}
	case <-time.After(within):
		t.Error("ReadButton still waiting after Halt")
	}
}

// A board that is not the one in the board file is reported, and its frames ignored.
func TestDevMismatch(t *testing.T) {
	for _, tt := range []struct {
		name  string
		hello Hello
		id    string
		says  string
	}{
		{"cells", Hello{Board: "tav-6x6", Cells: 36, Kind: hw.Presence}, "", `board "tav-6x6" has 36 presence cells, the board file says 64 presence`},
		{"kind", Hello{Board: "tav-8x8", Cells: 64, Kind: hw.Identity}, "", "has 64 identity cells"},
		{"id", hello64, "tav-8x8-hall", `the board says it is "tav-8x8", the board file wants "tav-8x8-hall"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := newRig(t, tt.hello, corners, func(o *Opts) { o.BoardID = tt.id })
			s := r.waitState("the HELLO", func(s state) bool { return s.up })
			if !errors.Is(s.err, ErrMismatch) || !strings.Contains(s.err.Error(), tt.says) {
				t.Errorf("OnState(true, %v), want ErrMismatch saying %q", s.err, tt.says)
			}
			if !strings.Contains(r.dev.String(), tt.says) {
				t.Errorf("String() = %q, want the mismatch", r.dev.String())
			}
			r.board.sendFrame()
			r.board.sendMsg(Button{Name: "start", Down: true})
			r.board.sendFrame()
			st := r.waitStats("ignoring 3 lines", func(s Stats) bool { return s.Ignored == 3 })
			if st.Frames != 0 {
				t.Errorf("%d frames delivered from a board that does not match", st.Frames)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
			defer cancel()
			var f hw.Frame
			if err := r.dev.Read(ctx, &f); !errors.Is(err, context.DeadlineExceeded) {
				t.Errorf("Read: %v, want nothing", err)
			}
			// Nothing but HELLO? went to it.
			r.expect(wire("HELLO?"))
			r.dev.Show(make(hw.LightFrame, 4))
			r.dev.Halt()
			r.expect(wire("L 000000000000000000000000")) // Halt darkens whatever is there
		})
	}
}

// A USB port that vanishes: the driver reports it, backs off, and picks the board up
// again on its new node; Read waits throughout and ends only with its context.
func TestDevUnplug(t *testing.T) {
	r := newRig(t, hello64, corners, nil)
	r.waitUp()
	r.board.stream(10 * time.Millisecond)
	r.readUntil(corners)

	r.board.unplug()
	s := r.waitState("the lost link", func(s state) bool { return !s.up })
	if s.err == nil || !strings.Contains(s.err.Error(), "tbp: read:") {
		t.Errorf("lost with %v, want a read error", s.err)
	}
	s = r.waitState("a failed open", func(s state) bool { return !s.up })
	if s.err == nil || !strings.Contains(s.err.Error(), "tbp: open: no such device") {
		t.Errorf("OnState(false, %v), want the open error", s.err)
	}
	// It keeps trying, and says so once: the same failure is not reported again.
	for len(r.board.openTimes()) < 6 {
		time.Sleep(10 * time.Millisecond)
	}
	if len(r.states) != 0 {
		t.Errorf("%d more reports of the same failed open", len(r.states))
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	var f hw.Frame
	for {
		// Frames that arrived before the unplug may still be unread; then it waits.
		if err := r.dev.Read(ctx, &f); err != nil {
			if !errors.Is(err, context.DeadlineExceeded) {
				t.Errorf("Read while unplugged: %v, want only the context's end", err)
			}
			break
		}
	}

	r.board.set(true, allOn)
	r.board.plugIn()
	r.waitUp()
	r.readUntil(allOn)

	// The waits between failed opens follow the back-off: 40, 80, 80 ms at least (the
	// first, after a good link, is BackoffMin, 20 ms).
	opens := r.board.openTimes()
	if len(opens) < 5 {
		t.Fatalf("%d opens", len(opens))
	}
	gaps := []time.Duration{40, 80, 80}
	for i, g := range gaps {
		if d := opens[i+2].Sub(opens[i+1]); d < g*time.Millisecond {
			t.Errorf("open %d came %v after the one before, want at least %v", i+2, d, g*time.Millisecond)
		}
	}
}

// Each L and BRI waits for its OK: the next command goes only after it, and Shows made
// meanwhile are not queued: the newest frame goes next.
func TestDevAckPacing(t *testing.T) {
	r := newRig(t, hello64, corners, nil)
	r.waitUp()
	r.expect(wire("HELLO?"), wire("F?"))
	r.board.mu.Lock()
	r.board.okDelay["L"] = 60 * time.Millisecond // within AckWait
	r.board.mu.Unlock()
	r.dev.Show(hw.LightFrame{{R: 1}, {}, {}, {}})
	_, sent := r.board.next()
	for i := 2; i <= 5; i++ { // while the first L waits for its OK
		r.dev.Show(hw.LightFrame{{R: byte(i)}, {}, {}, {}})
	}
	r.dev.SetBrightness(7)
	got, at := r.board.next()
	if d := at.Sub(sent); d < 55*time.Millisecond {
		t.Errorf("%q came %v after an L whose OK takes 60ms", got, d)
	}
	if got != wire("BRI 7") {
		t.Errorf("after the OK: %q, want the brightness first", got)
	}
	r.board.mu.Lock()
	r.board.okDelay["L"] = 0
	r.board.mu.Unlock()
	r.expect(wire("L 050000000000000000000000")) // the newest; 2, 3 and 4 never went
	if st := r.dev.Stats(); st.Resent != 0 {
		t.Errorf("Resent = %d, want 0: every OK came within its wait", st.Resent)
	}
}

// An L whose OK does not come within its wait is sent again; an ERR is a reply too.
func TestDevAckResend(t *testing.T) {
	r := newRig(t, hello64, corners, nil)
	r.waitUp()
	r.expect(wire("HELLO?"), wire("F?"))
	r.board.mu.Lock()
	r.board.skipOK["L"] = 1 // the first L is lost (a cut line fails its CRC at the board)
	r.board.mu.Unlock()
	l := hw.LightFrame{{R: 255}, {}, {}, {B: 255}}
	r.dev.Show(l)
	want := wire("L FF00000000000000000000FF")
	_, first := r.board.next()
	got, again := r.board.next()
	if got != want {
		t.Fatalf("then %q, want the same L again", got)
	}
	if d := again.Sub(first); d < AckWait {
		t.Errorf("sent again after %v, want at least AckWait (%v)", d, AckWait)
	}
	r.waitStats("one resend", func(s Stats) bool { return s.Resent == 1 })

	r.board.mu.Lock()
	r.board.refuse["BRI"] = "range"
	r.board.mu.Unlock()
	r.dev.SetBrightness(200)
	r.expect(wire("BRI 200"))
	r.dev.Show(make(hw.LightFrame, 4))
	r.expect(wire("L 000000000000000000000000")) // at once: the ERR BRI was the reply
	if st := r.dev.Stats(); st.Resent != 1 || st.Refused != 1 {
		t.Errorf("stats %+v: want 1 resend, 1 refusal", st)
	}
}

// A board that never acknowledges: after AckTries lines the link is dropped, with the
// reason, and the driver reconnects.
func TestDevAckReset(t *testing.T) {
	r := newRig(t, hello64, corners, nil)
	r.waitUp()
	r.expect(wire("HELLO?"), wire("F?"))
	r.board.mu.Lock()
	r.board.noOK = true
	r.board.mu.Unlock()
	start := time.Now()
	r.dev.Show(hw.LightFrame{{G: 1}, {}, {}, {}})
	s := r.waitState("the link dropped", func(s state) bool { return !s.up })
	if s.err == nil || !strings.Contains(s.err.Error(), "the board did not acknowledge L 3 times") {
		t.Errorf("lost with %v, want the missing OKs", s.err)
	}
	if d := time.Since(start); d < AckTries*AckWait {
		t.Errorf("dropped after %v, want %d waits of at least %v", d, AckTries, AckWait)
	}
	for range AckTries {
		r.expect(wire("L 000100000000000000000000"))
	}
	r.waitUp()
	r.expect(wire("HELLO?"), wire("F?"), wire("L 000100000000000000000000"))
	if st := r.dev.Stats(); st.Resent != AckTries-1 || st.Reconnects != 1 {
		t.Errorf("stats %+v: want %d resends, a reconnect", st, AckTries-1)
	}
}

// After the microcontroller resets (a HELLO mid-link) the host sends F?, then BRI, and L
// only once BRI's OK has come: the firmware redraws on both, and a line that arrives while
// it shifts a frame out is lost.
func TestDevAfterReset(t *testing.T) {
	r := newRig(t, hello64, corners, nil)
	r.dev.SetBrightness(96)
	r.dev.Show(hw.LightFrame{{R: 0x10}, {}, {}, {}})
	r.waitUp()
	r.expect(wire("HELLO?"), wire("F?"), wire("BRI 96"), wire("L 100000000000000000000000"))

	r.board.mu.Lock()
	r.board.okDelay["BRI"] = 60 * time.Millisecond // within AckWait
	r.board.mu.Unlock()
	r.board.sendMsg(hello64) // it reset
	r.waitUp()
	r.expect(wire("F?"))
	got, bri := r.board.next()
	if got != wire("BRI 96") {
		t.Fatalf("after F?: %q, want the brightness", got)
	}
	got, l := r.board.next()
	if got != wire("L 100000000000000000000000") {
		t.Fatalf("after BRI: %q, want the lights", got)
	}
	if d := l.Sub(bri); d < 55*time.Millisecond {
		t.Errorf("L came %v after BRI, before BRI's OK (60ms)", d)
	}
}

func TestBackoff(t *testing.T) {
	var got []time.Duration
	for w := DefaultOpts.BackoffMin; len(got) < 7; w = nextBackoff(w, DefaultOpts.BackoffMax) {
		got = append(got, w)
	}
	want := []time.Duration{250, 500, 500, 500, 500, 500, 500}
	for i := range want {
		want[i] *= time.Millisecond
	}
	if !slices.Equal(got, want) {
		t.Errorf("back-off %v, want %v", got, want)
	}
}

func TestNew(t *testing.T) {
	open := func() (io.ReadWriteCloser, error) { return nil, errors.New("unused") }
	tests := []struct {
		edit func(*Opts)
		says string
	}{
		{func(o *Opts) { o.Cells = 0 }, "0 presence cells: a frame line holds 1 to 4032"},
		{func(o *Opts) { o.Cells = 4033 }, "4033 presence cells"},
		{func(o *Opts) { o.Kind, o.Cells = hw.Polarity, 505 }, "505 polarity cells: a frame line holds 1 to 504"},
		{func(o *Opts) { o.Kind = 0 }, "sensor kind SensorKind(0)"},
		{func(o *Opts) { o.LEDs = MaxLEDs + 1 }, "170 LEDs: an L line holds 0 to 169"},
		{func(o *Opts) { o.LEDs = -1 }, "-1 LEDs"},
		{func(o *Opts) { o.Open = nil }, "Opts.Open is nil"},
		{func(o *Opts) { o.BackoffMin, o.BackoffMax = 2*time.Second, time.Second }, "min <= max"},
	}
	for _, tt := range tests {
		o := DefaultOpts
		o.Cells, o.Kind, o.LEDs, o.Open = 64, hw.Presence, 64, open
		tt.edit(&o)
		if d, err := New(&o); err == nil || !strings.Contains(err.Error(), tt.says) {
			if d != nil {
				d.Halt()
			}
			t.Errorf("New(%+v) = %v, want an error saying %q", o, err, tt.says)
		}
	}
	if _, err := New(nil); err == nil {
		t.Error("New(nil) succeeded")
	}
	// A board that never comes: New does not wait, Halt does not hang.
	o := DefaultOpts
	o.Cells, o.Kind, o.Open = 16, hw.Identity, open
	d, err := New(&o)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(d.String(), "tbp(?: 16 identity cells, 0 LEDs, 115200 baud;") {
		t.Errorf("String() = %q", d.String())
	}
	if err := d.Show(nil); err != nil {
		t.Errorf("Show of no LEDs: %v", err)
	}
	if err := d.Halt(); err != nil {
		t.Errorf("Halt with no board: %v", err)
	}
}

// SerialOpener reports a port that is not there, with its name.
func TestSerialOpenerMissing(t *testing.T) {
	name := fmt.Sprintf("%s/no-such-tty", t.TempDir())
	_, err := SerialOpener(name, 115200)()
	if err == nil || !strings.Contains(err.Error(), name) {
		t.Errorf("open %s: %v", name, err)
	}
}

// wire is payload's line, as it goes over the wire.
func wire(payload string) string {
	l, err := Encode(payload)
	if err != nil {
		panic(err)
	}
	return l
}

// legacyWire is payload as a TBP/1 board sends it: "*HH", the XOR of the bytes.
func legacyWire(payload string) string {
	return fmt.Sprintf("%s*%02X\n", payload, legacyChecksum([]byte(payload)))
}

// A board whose firmware speaks TBP/1 is refused with both versions named, whether it says
// its HELLO (it reset as the port opened) or only streams frames (it was running); its
// frames are never used, and the link stays up with the message rather than churning.
func TestDevOldFirmware(t *testing.T) {
	for _, tt := range []struct {
		name  string
		hello bool
	}{{"hello", true}, {"frames only", false}} {
		t.Run(tt.name, func(t *testing.T) {
			r := newRig(t, hello64, corners, func(o *Opts) { o.Watchdog = 300 * time.Millisecond })
			r.board.set(false, nil) // it cannot read TBP/2: it answers nothing
			r.expect(wire("HELLO?"))
			if tt.hello {
				r.board.send(legacyWire("HELLO tbp/1 tav-8x8 64 presence"))
			}
			stop := make(chan struct{})
			defer close(stop)
			go func() {
				for seq := 0; ; seq++ {
					select {
					case <-stop:
						return
					case <-time.After(50 * time.Millisecond):
						r.board.send(legacyWire(fmt.Sprintf("F %d 0100000000000080", seq)))
					}
				}
			}()
			s := r.waitState("the refusal", func(s state) bool { return s.err != nil })
			var ve *VersionError
			const says = "tbp: the board speaks tbp/1, this tavoliere speaks tbp/2: update the board's firmware"
			if !s.up || !errors.As(s.err, &ve) || ve.Board != "tbp/1" || s.err.Error() != says {
				t.Fatalf("OnState(%v, %v), want (true, %q)", s.up, s.err, says)
			}
			if !strings.Contains(r.dev.String(), says) {
				t.Errorf("String() = %q, want the refusal", r.dev.String())
			}
			time.Sleep(time.Second) // more than three watchdogs
			st := r.dev.Stats()
			if st.Frames != 0 || st.Ignored < 10 || st.Reconnects != 0 {
				t.Errorf("stats %+v: want no frame delivered, the old board's frames ignored, the link kept", st)
			}
			for len(r.states) > 0 {
				if s := <-r.states; !s.up || !errors.Is(s.err, ErrVersion) {
					t.Errorf("later OnState(%v, %v), want only the refusal", s.up, s.err)
				}
			}
		})
	}
}

// A HELLO in another version after the link is up (a board reflashed and reset mid-game)
// is refused, not used: its frames are ignored until a HELLO tbp/2 that matches.
func TestDevVersionMidLink(t *testing.T) {
	r := newRig(t, hello64, corners, nil)
	r.waitUp()
	r.readUntil(corners)
	r.board.sendMsg(Log{Text: "flashed"}) // (a line between, as a reset board would)
	r.board.send(wire("HELLO tbp/3 tav-8x8 64 presence"))
	s := r.waitState("the refusal", func(s state) bool { return s.err != nil })
	if !s.up || !errors.Is(s.err, ErrVersion) ||
		s.err.Error() != "tbp: the board speaks tbp/3, this tavoliere speaks tbp/2: update tavoliere, or flash the board with firmware for tbp/2" {
		t.Fatalf("OnState(%v, %v), want the tbp/3 board refused", s.up, s.err)
	}
	before := r.dev.Stats()
	r.board.set(true, allOn)
	r.board.sendFrame()
	r.waitStats("the frame ignored", func(s Stats) bool { return s.Ignored == before.Ignored+1 })
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	var f hw.Frame
	if err := r.dev.Read(ctx, &f); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Read after a tbp/3 HELLO: %v, %v; want nothing", f.Cells, err)
	}
	// A HELLO tbp/2 again: the board is used again.
	r.board.sendMsg(hello64)
	r.waitUp()
	r.readUntil(allOn)
}

// A board that floods the line with LOG: at most LogRate lines a second reach Opts.Log,
// the rest are counted, and the next line logged says how many were dropped.
func TestDevLogFlood(t *testing.T) {
	var mu sync.Mutex
	var logged, notes []string
	r := newRig(t, hello64, corners, func(o *Opts) {
		o.Log = func(s string) {
			mu.Lock()
			defer mu.Unlock()
			if strings.HasPrefix(s, "tbp: ") {
				notes = append(notes, s)
			} else {
				logged = append(logged, s)
			}
		}
	})
	r.waitUp()
	const n = 5000
	var b strings.Builder
	for i := range n {
		b.WriteString(wire(fmt.Sprintf("LOG flood %d %s", i, strings.Repeat("x", 300))))
	}
	start := time.Now()
	r.board.send(b.String())
	st := r.waitStats("every LOG line seen", func(s Stats) bool {
		mu.Lock()
		defer mu.Unlock()
		return int(s.LogsDropped)+len(logged) == n
	})
	elapsed := time.Since(start)
	mu.Lock()
	got := len(logged)
	mu.Unlock()
	t.Logf("%d LOG lines (%d KB) in %v: %d logged, %d dropped", n, b.Len()>>10, elapsed, got, st.LogsDropped)
	if limit := LogRate + int(elapsed.Seconds()*LogRate) + 1; got > limit {
		t.Errorf("%d LOG lines logged in %v, want at most %d", got, elapsed, limit)
	}
	if got < LogRate {
		t.Errorf("only %d logged, want the first %d at least", got, LogRate)
	}
	// A second later the next one is logged, after a note of the dropped.
	time.Sleep(time.Second / LogRate)
	r.board.sendMsg(Log{Text: "after"})
	r.waitStats("the line after", func(Stats) bool {
		mu.Lock()
		defer mu.Unlock()
		return len(logged) > 0 && logged[len(logged)-1] == "after"
	})
	mu.Lock()
	defer mu.Unlock()
	sum := 0
	for _, note := range notes {
		var k int
		if _, err := fmt.Sscanf(note, "tbp: %d LOG lines from the board dropped (at most 10 a second are logged)", &k); err != nil {
			t.Errorf("note %q: %v", note, err)
		}
		sum += k
	}
	if len(notes) == 0 || uint64(sum) != st.LogsDropped {
		t.Errorf("notes %q: %d dropped in all, want %d", notes, sum, st.LogsDropped)
	}
}

// A board unplugged and plugged back is connected within 2 s, with the driver's default
// back-off and watchdog. TBP_REPLUG_AWAY (a duration) sets how long it stays away; 3.5 s
// by default, long enough for the back-off to reach its cap.
func TestDevReplug(t *testing.T) {
	if testing.Short() {
		t.Skip("takes the time a board stays away")
	}
	away := 3500 * time.Millisecond
	if s := os.Getenv("TBP_REPLUG_AWAY"); s != "" {
		var err error
		if away, err = time.ParseDuration(s); err != nil {
			t.Fatalf("TBP_REPLUG_AWAY: %v", err)
		}
	}
	r := newRig(t, hello64, corners, func(o *Opts) {
		o.Watchdog, o.BackoffMin, o.BackoffMax = DefaultOpts.Watchdog, DefaultOpts.BackoffMin, DefaultOpts.BackoffMax
	})
	r.waitUp()
	r.board.stream(500 * time.Millisecond) // the reference firmware's heartbeat
	r.readUntil(corners)

	r.board.unplug()
	r.waitState("the lost link", func(s state) bool { return !s.up })
	time.Sleep(away)
	r.board.set(true, allOn)
	r.board.plugIn()
	back := time.Now()
	r.waitUp()
	took := time.Since(back)
	r.readUntil(allOn)
	t.Logf("away %v: connected %v after the board came back (%d opens)", away, took.Round(time.Millisecond), len(r.board.openTimes()))
	if took > 2*time.Second {
		t.Errorf("connected %v after the board came back, want within 2s", took)
	}
}
