package boards

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/quadwrangle"
	"github.com/tavoliere/tavoliere/engine/search"
	"github.com/tavoliere/tavoliere/hw"
	"github.com/tavoliere/tavoliere/hw/hwtest"
	"github.com/tavoliere/tavoliere/hw/mcp23017"
	"github.com/tavoliere/tavoliere/hw/sim"
)

// events collects a session's events for a test, safely across goroutines.
type events struct {
	mu  sync.Mutex
	all []Event
	ch  chan struct{}
}

func (e *events) add(ev Event) {
	e.mu.Lock()
	e.all = append(e.all, ev)
	e.mu.Unlock()
	select {
	case e.ch <- struct{}{}:
	default:
	}
}

// wait returns the first event of kind k after skip of them, waiting up to a minute.
func (e *events) wait(t *testing.T, k EventKind, skip int) Event {
	t.Helper()
	deadline := time.After(time.Minute)
	for {
		e.mu.Lock()
		n := 0
		for _, ev := range e.all {
			if ev.Kind == k {
				if n == skip {
					e.mu.Unlock()
					return ev
				}
				n++
			}
		}
		e.mu.Unlock()
		select {
		case <-e.ch:
		case <-time.After(10 * time.Millisecond):
		case <-deadline:
			t.Fatalf("no %v event", k)
		}
	}
}

// qwSession returns Quad Wrangle on a 7x7 simulated presence board set up at the start,
// and the referee's configuration for it.
func qwSession(t *testing.T) (engine.Rules, *Layout, *sim.Board, Config) {
	t.Helper()
	rules, err := quadwrangle.New(quadwrangle.IDQuadWrangle, nil)
	if err != nil {
		t.Fatal(err)
	}
	layout, err := NewLayout(Spec{Files: 7, Ranks: 7, Kind: hw.Presence})
	if err != nil {
		t.Fatal(err)
	}
	board, err := sim.New(layout.Cells(), hw.Presence, layout.LEDs(), &sim.Opts{Period: 5 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	start := Project(rules.Start(), hw.Presence)
	for sq := range layout.Size() {
		board.Set(sq, start[sq])
	}
	return rules, layout, board, DefaultConfig(layout, rules)
}

// TestSessionAgainstAI plays on a simulated board in real time: the human's drop is
// committed, the AI answers, its move is lit on the board's LEDs, and carrying it out
// commits it. Stopping the session leaves the LEDs dark.
func TestSessionAgainstAI(t *testing.T) {
	rules, layout, board, cfg := qwSession(t)
	cfg.Sides = []Side{Human, AI}
	got := &events{ch: make(chan struct{}, 1)}
	s, err := NewSession(cfg, SessionOpts{Source: board, Sink: board, Think: 20 * time.Millisecond, OnEvent: got.add})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx) }()
	got.wait(t, NewGame, 0)
	<-s.Ready() // moves count once the board has shown the start position

	f4, _ := rules.Geometry().ParseSquare("f4")
	board.Set(layout.CellOf(f4), 1)
	if e := got.wait(t, MoveCommitted, 0); e.Text != "f4" {
		t.Fatalf("committed %s, want f4", e.Text)
	}
	ai := got.wait(t, AIMove, 0)
	fp := rules.Start()
	fp.Play(mustMove(t, rules, "f4"))
	foot := fp.Footprint(ai.Move)
	// The AI's destination is lit on the board.
	to := (foot.Filled | foot.Replaced).First()
	deadline := time.Now().Add(time.Minute)
	for {
		leds, _ := board.Lights()
		if leds[layout.LEDOf(to)] != hw.Off {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the AI's move %s is not lit", ai.Text)
		}
		time.Sleep(5 * time.Millisecond)
	}
	// Carry it out.
	for b := foot.Emptied; b != 0; {
		board.Set(layout.CellOf(b.Pop()), 0)
	}
	board.Set(layout.CellOf(to), 1)
	if e := got.wait(t, MoveCommitted, 1); e.Move != ai.Move {
		t.Fatalf("committed %s, want the AI's %s", e.Text, ai.Text)
	}
	// A command for another game is dropped.
	if err := s.Send(ctx, Message{Kind: CmdTakeback, Game: 99}); err != nil {
		t.Fatal(err)
	}
	got.wait(t, Warning, 0)

	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	leds, shown := board.Lights()
	for i, c := range leds {
		if c != hw.Off {
			t.Fatalf("LED %d is %v after the session stopped", i, c)
		}
	}
	if shown < 2 {
		t.Errorf("%d light frames shown", shown)
	}
}

// TestLightRate checks that light frames are rate-limited however fast frames arrive.
func TestLightRate(t *testing.T) {
	rules, _ := quadwrangle.New(quadwrangle.IDQuadWrangle, nil)
	layout, _ := NewLayout(Spec{Files: 7, Ranks: 7, Kind: hw.Presence})
	board, _ := sim.New(layout.Cells(), hw.Presence, layout.LEDs(), &sim.Opts{Period: time.Millisecond})
	// An empty board against the start position: 20 squares blink "put a piece here".
	s, err := NewSession(DefaultConfig(layout, rules), SessionOpts{Source: board, Sink: board, LightEvery: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	begin := time.Now()
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx) }()
	time.Sleep(400 * time.Millisecond)
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	elapsed := time.Since(begin)
	_, shown := board.Lights()
	if max := int(elapsed/(50*time.Millisecond)) + 2; shown > max || shown < 2 {
		t.Errorf("%d light frames in %v: want 2…%d", shown, elapsed, max)
	}
}

func TestSessionErrors(t *testing.T) {
	rules, _ := quadwrangle.New(quadwrangle.IDQuadWrangle, nil)
	layout, _ := NewLayout(Spec{Files: 7, Ranks: 7, Kind: hw.Presence})
	small, _ := sim.New(10, hw.Presence, 49, nil)
	if _, err := NewSession(DefaultConfig(layout, rules), SessionOpts{Source: small}); err == nil {
		t.Error("a source of 10 cells for a 49-cell layout")
	}
	if _, err := NewSession(DefaultConfig(layout, rules), SessionOpts{}); err == nil {
		t.Error("no source")
	}
	big, _ := NewLayout(Spec{Files: 8, Ranks: 8, Kind: hw.Presence})
	src, _ := sim.New(64, hw.Presence, 64, nil)
	if _, err := NewSession(DefaultConfig(big, rules), SessionOpts{Source: src}); err == nil {
		t.Error("a 7x7 game on an 8x8 board")
	}
}

// TestUnrecordedMoveIsRefused: a move the journal cannot record is not accepted. The
// referee takes it back, says why, and lights the square to clear; played again once the
// journal works, it is accepted.
func TestUnrecordedMoveIsRefused(t *testing.T) {
	rules, _ := quadwrangle.New(quadwrangle.IDQuadWrangle, nil)
	layout, _ := NewLayout(Spec{Files: 7, Ranks: 7, Kind: hw.Presence})
	board, _ := sim.New(layout.Cells(), hw.Presence, layout.LEDs(), &sim.Opts{Period: 5 * time.Millisecond})
	start := Project(rules.Start(), hw.Presence)
	for sq := range layout.Size() {
		board.Set(sq, start[sq])
	}
	var mu sync.Mutex
	failing := true
	var recorded []string
	got := &events{ch: make(chan struct{}, 1)}
	s, err := NewSession(DefaultConfig(layout, rules), SessionOpts{Source: board, Sink: board, OnEvent: got.add,
		Record: func(e Event) error {
			mu.Lock()
			defer mu.Unlock()
			if failing {
				return errors.New("disk full")
			}
			recorded = append(recorded, e.Text)
			return nil
		}})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx) }()
	defer func() { cancel(); <-done }()
	<-s.Ready()
	d4, _ := rules.Geometry().ParseSquare("d4")
	board.Set(layout.CellOf(d4), 1)
	w := got.wait(t, Warning, 0)
	if !strings.Contains(w.Text, "d4 could not be recorded") || !strings.Contains(w.Text, "disk full") {
		t.Fatalf("warning %q", w.Text)
	}
	deadline := time.Now().Add(time.Minute)
	for { // d4 is lit to clear
		leds, _ := board.Lights()
		if leds[layout.LEDOf(d4)] != hw.Off {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the unaccepted stone on d4 is not lit")
		}
		time.Sleep(5 * time.Millisecond)
	}
	got.mu.Lock()
	for _, e := range got.all {
		if e.Kind == MoveCommitted {
			t.Fatalf("an unrecorded move reached the kiosk: %v", e.Text)
		}
	}
	got.mu.Unlock()
	// The journal works again: clear d4, play it again.
	mu.Lock()
	failing = false
	mu.Unlock()
	board.Set(layout.CellOf(d4), 0)
	time.Sleep(100 * time.Millisecond)
	board.Set(layout.CellOf(d4), 1)
	if e := got.wait(t, MoveCommitted, 0); e.Text != "d4" {
		t.Fatalf("committed %s", e.Text)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(recorded) != 1 || recorded[0] != "d4" {
		t.Fatalf("recorded %v", recorded)
	}
}

// scripted is a Thinker that plays the last legal move and counts its searches.
type scripted struct {
	mu       sync.Mutex
	searches int
	opts     search.Options
}

func (p *scripted) SetOptions(o search.Options) { p.mu.Lock(); p.opts = o; p.mu.Unlock() }

func (p *scripted) Search(_ context.Context, s engine.State) (search.Result, error) {
	p.mu.Lock()
	p.searches++
	p.mu.Unlock()
	moves := s.Legal(nil)
	return search.Result{Move: moves[len(moves)-1]}, nil
}

// A session seats the game's own AI where SessionOpts.NewThinker gives one: its move is the
// AI's, and it is made once per game's rules and asked for every AI move.
func TestSessionThinker(t *testing.T) {
	rules, _, board, cfg := qwSession(t)
	cfg.Sides = []Side{AI, Human}
	made := 0
	var p scripted
	got := &events{ch: make(chan struct{}, 1)}
	s, err := NewSession(cfg, SessionOpts{Source: board, Think: 20 * time.Millisecond, Blunder: 0.25, OnEvent: got.add,
		NewThinker: func(r engine.Rules, o search.Options) Thinker { made++; return &p }})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go s.Run(ctx)
	ai := got.wait(t, AIMove, 0)
	moves := rules.Start().Legal(nil)
	if ai.Move != moves[len(moves)-1] {
		t.Fatalf("the AI played %s, not the thinker's move", ai.Text)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if made != 1 || p.searches != 1 || p.opts.Think != 20*time.Millisecond || p.opts.Blunder != 0.25 {
		t.Errorf("thinkers made %d, searches %d, think %v, blunder %v", made, p.searches, p.opts.Think, p.opts.Blunder)
	}
}

// onChange is a board that sends a frame only when a cell changes, and a heartbeat every
// beat, as a TBP/1 microcontroller does.
type onChange struct {
	*sim.Board
	beat time.Duration
	last []hw.Reading
	sent time.Time
}

func (o *onChange) Read(ctx context.Context, f *hw.Frame) error {
	for {
		if err := o.Board.Read(ctx, f); err != nil {
			return err
		}
		if o.last != nil && slices.Equal(o.last, f.Cells) && f.At.Sub(o.sent) < o.beat {
			continue
		}
		o.last = append(o.last[:0], f.Cells...)
		o.sent = f.At
		return nil
	}
}

// TestSessionClockOnChangeBoard: on a board that sends frames only on change, a drop is
// committed by the host's clock, long before the next heartbeat (10 s here): the debouncer
// and the settle window go on between frames.
func TestSessionClockOnChangeBoard(t *testing.T) {
	rules, layout, board, cfg := qwSession(t)
	src := &onChange{Board: board, beat: 10 * time.Second}
	got := &events{ch: make(chan struct{}, 1)}
	s, err := NewSession(cfg, SessionOpts{Source: src, OnEvent: got.add})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx) }()
	<-s.Ready()
	time.Sleep(100 * time.Millisecond) // the first frame settles
	f4, _ := rules.Geometry().ParseSquare("f4")
	put := time.Now()
	board.Set(layout.CellOf(f4), 1)
	e := got.wait(t, MoveCommitted, 0)
	if e.Text != "f4" {
		t.Fatalf("committed %s, want f4", e.Text)
	}
	if waited := time.Since(put); waited > 5*time.Second {
		t.Errorf("committed %v after the drop: the next heartbeat did it, not the clock", waited)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// debounced is an on-change board whose firmware debounces (hw.Debounced), as TBP/1's does.
type debounced struct{ *onChange }

func (debounced) Debounced() bool { return true }

// TestSessionDebouncedSource: a board that debounces its own contacts has each frame's
// changes taken at once (a tap of 80 ms on a board sending frames on change and a heartbeat
// was read as a glimpse, and the answer to a question lost); any other board is debounced
// by the referee.
func TestSessionDebouncedSource(t *testing.T) {
	_, _, board, cfg := qwSession(t)
	for _, c := range []struct {
		src  hw.Source
		want int
	}{{&onChange{Board: board, beat: time.Second}, DefaultConfig(cfg.Layout, cfg.Rules).Debounce}, {debounced{&onChange{Board: board, beat: time.Second}}, 1}} {
		s, err := NewSession(cfg, SessionOpts{Source: c.src})
		if err != nil {
			t.Fatal(err)
		}
		if got := s.ref.cfg.Debounce; got != c.want {
			t.Errorf("%T: the referee debounces over %d scans, want %d", c.src, got, c.want)
		}
	}
}

// wire is a 7x7 presence board read through MCP23017 register models on an I²C bus that
// can fail, as a loose wire does.
type wire struct {
	bus    *hwtest.I2CBus
	layout *Layout
	cells  []bool
}

func (w *wire) set(sq engine.Square, on bool) {
	w.cells[w.layout.CellOf(sq)] = on
	w.bus.GroundCells(w.cells)
}

// flakySink is an LED chain whose frames fail while fail > 0 (each failure counts down).
type flakySink struct {
	mu    sync.Mutex
	leds  int
	fail  int
	shown int
	last  hw.LightFrame
}

func (s *flakySink) LEDs() int { return s.leds }

func (s *flakySink) Show(f hw.LightFrame) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.fail > 0 {
		s.fail--
		return errors.New("no acknowledge")
	}
	s.shown++
	s.last = append(s.last[:0], f...)
	return nil
}

func (s *flakySink) counts() (shown int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.shown
}

// linkLog collects OnLink's calls.
type linkLog struct {
	mu   sync.Mutex
	said []string
	ch   chan struct{}
}

func (l *linkLog) add(up bool, err error) {
	l.mu.Lock()
	if up {
		l.said = append(l.said, "up")
	} else {
		l.said = append(l.said, "down: "+err.Error())
	}
	l.mu.Unlock()
	select {
	case l.ch <- struct{}{}:
	default:
	}
}

// waitFor waits until OnLink's n-th call (from 0) and returns it.
func (l *linkLog) waitFor(t *testing.T, n int) string {
	t.Helper()
	deadline := time.After(30 * time.Second)
	for {
		l.mu.Lock()
		if len(l.said) > n {
			s := l.said[n]
			l.mu.Unlock()
			return s
		}
		l.mu.Unlock()
		select {
		case <-l.ch:
		case <-time.After(10 * time.Millisecond):
		case <-deadline:
			t.Fatalf("OnLink was called %d times, waiting for call %d", len(l.said), n+1)
		}
	}
}

// TestSessionSurvivesBusFaults: at the wire, the scans fail (the expanders NACK) and one
// chip loses power meanwhile; then the light frames fail six times. The session says so
// through OnLink each time, goes on when the bus answers, sends the lights again, and a
// move made after the faults is committed.
func TestSessionSurvivesBusFaults(t *testing.T) {
	rules, err := quadwrangle.New(quadwrangle.IDQuadWrangle, nil)
	if err != nil {
		t.Fatal(err)
	}
	layout, err := NewLayout(Spec{Files: 7, Ranks: 7, Kind: hw.Presence})
	if err != nil {
		t.Fatal(err)
	}
	w := &wire{bus: hwtest.NewI2CBus(nil, 0x20, 0x21, 0x22, 0x23), layout: layout, cells: make([]bool, 49)}
	start := Project(rules.Start(), hw.Presence)
	for sq := range layout.Size() {
		w.set(engine.Square(sq), start[sq] != 0)
	}
	chips, err := mcp23017.New(w.bus, &mcp23017.Opts{Addrs: []uint16{0x20, 0x21, 0x22, 0x23}, PullUps: true, ActiveLow: true, Cells: 49})
	if err != nil {
		t.Fatal(err)
	}
	sink := &flakySink{leds: 49}
	links := &linkLog{ch: make(chan struct{}, 1)}
	got := &events{ch: make(chan struct{}, 1)}
	s, err := NewSession(DefaultConfig(layout, rules), SessionOpts{Source: hw.Poll(chips, 5*time.Millisecond, nil), Sink: sink,
		OnEvent: got.add, OnLink: links.add, LightEvery: 10 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx) }()
	<-s.Ready()

	w.bus.FailNext(1 << 30)
	if said := links.waitFor(t, 0); !strings.HasPrefix(said, "down: sensors: scan: mcp23017 0x20") {
		t.Fatalf("OnLink said %q when the scans failed", said)
	}
	w.bus.Chip(0x21).Reset() // it lost power: no pull-ups, no inversion
	time.Sleep(50 * time.Millisecond)
	before := sink.counts()
	w.bus.FailNext(0)
	if said := links.waitFor(t, 1); said != "up" {
		t.Fatalf("OnLink said %q when the bus came back", said)
	}
	for deadline := time.Now().Add(10 * time.Second); sink.counts() == before; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the lights were not sent again after the bus came back")
		}
	}

	sink.mu.Lock()
	sink.fail = 6 // 20+40+80+160+320 ms of retries: long enough to be said
	sink.mu.Unlock()
	f4, _ := rules.Geometry().ParseSquare("f4")
	w.set(f4, true) // a drop: it changes the lights, which fail three times
	if e := got.wait(t, MoveCommitted, 0); e.Text != "f4" {
		t.Fatalf("committed %s after the faults, want f4", e.Text)
	}
	if said := links.waitFor(t, 2); !strings.HasPrefix(said, "down: lights: no acknowledge") {
		t.Fatalf("OnLink said %q when the lights failed", said)
	}
	if said := links.waitFor(t, 3); said != "up" {
		t.Fatalf("OnLink said %q when the lights came back", said)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("Run = %v", err)
	}
}

// TestSessionGivesUp: a bus that stays down past GiveUp ends Run with ErrBoardLost, so
// the service can exit and its supervisor restart it; so do light frames that keep failing.
func TestSessionGivesUp(t *testing.T) {
	for _, what := range []string{"scans", "lights"} {
		t.Run(what, func(t *testing.T) {
			_, layout, board, cfg := qwSession(t)
			var src hw.Source = board
			sink := &flakySink{leds: layout.LEDs()}
			if what == "scans" {
				src = hw.Poll(failingScanner{board}, 5*time.Millisecond, nil)
			} else {
				sink.fail = 1 << 30
			}
			s, err := NewSession(cfg, SessionOpts{Source: src, Sink: sink, GiveUp: 200 * time.Millisecond, LightEvery: 10 * time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- s.Run(context.Background()) }()
			select {
			case err := <-done:
				if !errors.Is(err, ErrBoardLost) {
					t.Fatalf("Run = %v, want ErrBoardLost", err)
				}
			case <-time.After(30 * time.Second):
				t.Fatal("Run went on with the board lost")
			}
		})
	}
}

// failingScanner is a scanner of a board's size whose every scan fails.
type failingScanner struct{ b *sim.Board }

func (f failingScanner) Scan([]hw.Reading) error { return errors.New("remote I/O error") }
func (f failingScanner) Cells() int              { return f.b.Cells() }
func (f failingScanner) Kind() hw.SensorKind     { return f.b.Kind() }

// flapping is a scanner of fixed cells whose every other scan fails: a loose wire that
// mostly works.
type flapping struct {
	cells []hw.Reading
	n     atomic.Int64
}

func (f *flapping) Scan(c []hw.Reading) error {
	if f.n.Add(1)%2 == 0 {
		return errors.New("remote I/O error")
	}
	copy(c, f.cells)
	return nil
}
func (f *flapping) Cells() int          { return len(f.cells) }
func (f *flapping) Kind() hw.SensorKind { return hw.Presence }

// TestSessionFlappingBus: a bus that fails every other scan is no lost board: OnLink is
// not told (no banner flickering, no log flood), Run goes on, and the lights are not sent
// again on every good scan, only when they change or once a second.
func TestSessionFlappingBus(t *testing.T) {
	rules, layout, _, cfg := qwSession(t)
	scanner := &flapping{cells: make([]hw.Reading, layout.Cells())}
	start := Project(rules.Start(), hw.Presence)
	for sq := range layout.Size() {
		scanner.cells[layout.CellOf(engine.Square(sq))] = start[sq]
	}
	sink := &flakySink{leds: layout.LEDs()}
	links := &linkLog{ch: make(chan struct{}, 1)}
	s, err := NewSession(cfg, SessionOpts{Source: hw.Poll(scanner, 5*time.Millisecond, nil), Sink: sink, OnLink: links.add,
		GiveUp: time.Second, LightEvery: 10 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	if err := s.Run(ctx); err != nil {
		t.Fatalf("Run = %v on a bus that mostly works", err)
	}
	links.mu.Lock()
	said := links.said
	links.mu.Unlock()
	if len(said) != 0 {
		t.Errorf("OnLink said %v", said)
	}
	if n := sink.counts(); n > 8 {
		t.Errorf("%d light frames in 3 s of an unchanged board: want its first, a refresh a second and the dark one", n)
	}
}

// watching is a scripted Thinker that is a Watcher: it tells the plies of the positions it
// is shown.
type watching struct {
	scripted
	watched chan int
}

func (w *watching) Watch(_ context.Context, s engine.State) error {
	w.watched <- s.Ply()
	return nil
}

// A resumed game is shown to a Watcher as the session starts, with the player to move and
// no search: Xe Queo!'s AI takes back its pawn for the round and shows its commitment
// before anybody moves.
func TestSessionWatcherSeesTheResumedGame(t *testing.T) {
	rules, _, board, cfg := qwSession(t)
	cfg.Sides = []Side{Human, AI}
	s0 := rules.Start()
	for range 2 {
		m := s0.Legal(nil)[0]
		cfg.Resume = append(cfg.Resume, m)
		s0.Play(m)
	}
	w := &watching{watched: make(chan int, 8)}
	s, err := NewSession(cfg, SessionOpts{Source: board, Think: 20 * time.Millisecond,
		NewThinker: func(engine.Rules, search.Options) Thinker { return w }})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go s.Run(ctx)
	select {
	case ply := <-w.watched:
		if ply != 2 {
			t.Errorf("watched the game at ply %d, resumed at 2", ply)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the resumed game was not shown to the watcher")
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.searches != 0 {
		t.Errorf("%d searches with the human to move", w.searches)
	}
}
