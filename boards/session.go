package boards

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/search"
	"github.com/tavoliere/tavoliere/hw"
)

// SessionOpts configures a Session.
type SessionOpts struct {
	Source  hw.Source
	Sink    hw.Sink          // nil for a board without LEDs
	Think   time.Duration    // the AI's time per move
	Blunder float64          // the AI's chance of a random move (search.Options.Blunder)
	Seed    uint64           // the AI's random seed
	Clock   func() time.Time // time.Now by default: when commands happen
	// Record is called, in the session's goroutine, with every committed move before
	// anything else sees it: the journal. If it fails, the move is not accepted: the
	// referee takes it back and OnEvent hears a Warning instead.
	Record func(Event) error
	// OnEvent is called, in the session's goroutine, with every event, before the lights
	// show it.
	OnEvent func(Event)
	// OnUpdate is called, in the session's goroutine, with the referee's state whenever it
	// changed: at once after events, at most once every LightEvery for readings alone.
	OnUpdate func(Snapshot)
	// LightEvery is the least time between two light frames: 1/30 s by default.
	LightEvery time.Duration
	// OnLink is called, in the session's goroutine, when the board stops answering (a scan
	// or a light frame failed: up is false, err says what) and when it answers again (up,
	// nil). Failed scans and light frames are retried with back-off meanwhile, and the game
	// waits: no reading, no tick, reaches the referee.
	OnLink func(up bool, err error)
	// GiveUp is how long the board may fail without a break before Run ends with
	// ErrBoardLost: 30 s by default. The caller exits and lets its supervisor restart it.
	GiveUp time.Duration
	// NewThinker returns the AI for a game's rules; nil: search.NewAI, which every game
	// can use. A game whose AI must be more than a search of the public position (Xe
	// Queo!'s keeps a secret and a belief) gives its own.
	NewThinker func(r engine.Rules, o search.Options) Thinker
}

// Thinker chooses the AI's moves. A session keeps one per game's rules, so that what it
// learns (a solver's table, a belief) serves the whole game; Search is called with the
// position, and its history, whenever an AI side is to move.
type Thinker interface {
	SetOptions(o search.Options)
	Search(ctx context.Context, s engine.State) (search.Result, error)
}

// ErrBoardLost ends Run when the board's scans or light frames have failed for
// SessionOpts.GiveUp.
var ErrBoardLost = errors.New("the board stopped answering")

// The back-off between retries of a failed scan or light frame: doubling from retryFirst
// up to retryMost, so a bus that comes back is read again within half a second. The board
// is said to be away once it has failed for linkDownAfter without a break, and back once
// it has answered for linkUpAfter, so that a flapping bus neither floods the log nor makes
// the kiosk's banner flicker. The light frame is sent again every refreshEvery, changed or
// not: LED chips that lost power (which SPI cannot tell) show it again within a second.
const (
	retryFirst    = 20 * time.Millisecond
	retryMost     = 500 * time.Millisecond
	linkDownAfter = 200 * time.Millisecond
	linkUpAfter   = time.Second
	refreshEvery  = time.Second
)

// reading is what the frame reader hands the session: a frame, or the error of a failed
// read (the board is not answering; the reader retries) and since when the reads fail.
type reading struct {
	f     hw.Frame
	err   error
	since time.Time
}

// Session runs a referee: one goroutine owns the game; sensor frames, commands and AI
// results reach it as messages. It searches for the AI sides, and shows the lights.
type Session struct {
	ref      *Referee
	layout   *Layout // the referee's, for the attract pattern
	opts     SessionOpts
	in       chan Message
	ai       chan Message
	frame    chan reading
	ready    chan struct{} // closed and cleared by Run at the first frame
	readyOut <-chan struct{}

	lights    hw.LightFrame
	shown     hw.LightFrame
	shownAt   time.Time
	published uint64
	updatedAt time.Time
	thinkNS   atomic.Int64  // the AI's time per move, in nanoseconds
	blunder   atomic.Uint64 // math.Float64bits of the AI's chance of a random move (its level)
	attract   atomic.Bool   // the attract pattern in place of the game's lights (SetAttract)

	stopSuggest context.CancelFunc // cancels the search for a suggestion; Run's goroutine only

	// The board's link, in Run's goroutine: the last failed scan's and light frame's
	// errors (nil while they succeed).
	scanErr, lightErr error
	scanFailing       time.Time     // when the scans began to fail
	lightFailing      time.Time     // when the light frames began to fail
	answering         time.Time     // since when neither has failed
	lightWait         time.Duration // the back-off before the next light frame is tried
	lightRetry        time.Time     // not before then
	linkDown          bool          // what OnLink was last told
	resend            bool          // the LEDs may not show s.shown: send the next frame whatever it is

	aiMu      sync.Mutex // one search at a time: a cancelled one may still be unwinding
	player    Thinker
	playerFor engine.Rules
}

// SetThink sets the AI's time per move from the next search on. It is safe to call from
// any goroutine.
func (s *Session) SetThink(d time.Duration) { s.thinkNS.Store(int64(d)) }

// SetBlunder sets the chance that the AI plays a random move instead of searching (the
// weaker levels; search.Options.Blunder) from the next move on. A suggestion never
// blunders. It is safe to call from any goroutine.
func (s *Session) SetBlunder(p float64) { s.blunder.Store(math.Float64bits(p)) }

// SetAttract shows the attract pattern on the LEDs in place of the game's lights while on
// (the kiosk's attract mode: attract.go), and the game's again when off; the game goes on
// unchanged underneath. It is safe to call from any goroutine.
func (s *Session) SetAttract(on bool) { s.attract.Store(on) }

// aiOptions are the options of the AI's search at ply.
func (s *Session) aiOptions(ply int) search.Options {
	return search.Options{Think: time.Duration(s.thinkNS.Load()), Seed: s.opts.Seed + uint64(ply),
		Blunder: math.Float64frombits(s.blunder.Load())}
}

// NewSession returns a session of cfg reading o.Source.
func NewSession(cfg Config, o SessionOpts) (*Session, error) {
	if o.Source == nil {
		return nil, errors.New("session: no sensor source")
	}
	if o.Source.Cells() != cfg.Layout.Cells() {
		return nil, fmt.Errorf("session: the source has %d cells, the layout %d", o.Source.Cells(), cfg.Layout.Cells())
	}
	if o.Sink != nil && o.Sink.LEDs() != cfg.Layout.LEDs() {
		return nil, fmt.Errorf("session: the LEDs number %d, the layout %d", o.Sink.LEDs(), cfg.Layout.LEDs())
	}
	if o.Clock == nil {
		o.Clock = time.Now
	}
	if o.Think <= 0 {
		o.Think = time.Second
	}
	if o.LightEvery <= 0 {
		o.LightEvery = time.Second / 30
	}
	if o.GiveUp <= 0 {
		o.GiveUp = 30 * time.Second
	}
	if d, ok := o.Source.(hw.Debounced); ok && d.Debounced() {
		cfg.Debounce = 1 // (the board's firmware debounced each frame: a tap is no glimpse)
	}
	ref, err := NewReferee(cfg, o.Clock())
	if err != nil {
		return nil, err
	}
	ready := make(chan struct{})
	sess := &Session{ref: ref, layout: cfg.Layout, opts: o, in: make(chan Message, 16), ai: make(chan Message, 1), frame: make(chan reading, 4),
		ready: ready, readyOut: ready}
	sess.thinkNS.Store(int64(o.Think))
	sess.SetBlunder(o.Blunder)
	return sess, nil
}

// Ready is closed once the session has read the board for the first time.
func (s *Session) Ready() <-chan struct{} { return s.readyOut }

// Send queues a command for the session; it waits while the queue is full, until ctx ends.
func (s *Session) Send(ctx context.Context, m Message) error {
	select {
	case s.in <- m:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Run runs the session until ctx ends or the board has failed for GiveUp (ErrBoardLost),
// and leaves the LEDs dark. Callers must not touch the referee while it runs; events arrive
// through OnEvent.
func (s *Session) Run(ctx context.Context) error {
	ctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	readErr := make(chan error, 1)
	wg.Add(1)
	go func() { // the frame reader: it owns the source
		defer wg.Done()
		readErr <- s.read(ctx)
	}()
	var stopAI context.CancelFunc = func() {}
	s.stopSuggest = func() {}
	defer func() {
		stopAI()
		s.stopSuggest()
		cancel()
		wg.Wait()
		s.dark()
	}()
	s.deliver(ctx, s.ref.Pending(), &stopAI, &wg) // the first game's events
	s.update(true)
	tick := time.NewTicker(s.opts.LightEvery)
	defer tick.Stop()
	// The last frame's time and when it arrived by the session's clock: a tick reads as the
	// board unchanged since, on the frames' time line (HandleTick).
	var frameAt, arrived time.Time
	for {
		var evs []Event
		select {
		case <-ctx.Done():
			return nil
		case err := <-readErr:
			if ctx.Err() != nil {
				return nil
			}
			return fmt.Errorf("session: %w", err)
		case r := <-s.frame:
			now := s.opts.Clock()
			if r.err != nil {
				s.scanErr, s.scanFailing = r.err, r.since
				s.link(now)
				break
			}
			if s.scanErr != nil {
				s.scanErr = nil
				s.link(now)
			}
			f := r.f
			frameAt, arrived = f.At, s.opts.Clock()
			evs = s.ref.HandleFrame(f)
			if s.ready != nil && s.ref.Seeded() {
				close(s.ready)
				s.ready = nil
			}
		case m := <-s.in:
			evs = s.ref.HandleMessage(m, s.opts.Clock())
		case m := <-s.ai:
			evs = s.ref.HandleMessage(m, s.opts.Clock())
		case <-tick.C:
			s.link(s.opts.Clock())
			if !frameAt.IsZero() && s.scanErr == nil { // (no reading: no evidence of a still board)
				evs = s.ref.HandleTick(frameAt.Add(s.opts.Clock().Sub(arrived)))
			}
		}
		s.deliver(ctx, evs, &stopAI, &wg)
		s.update(len(evs) > 0)
		if err := s.show(); err != nil {
			return fmt.Errorf("session: %w", err)
		}
	}
}

// link tells OnLink when the board has failed for linkDownAfter without a break, with the
// error, and when it has answered again for linkUpAfter; then the lights are sent again.
func (s *Session) link(now time.Time) {
	err, since := s.scanErr, s.scanFailing
	if err == nil || s.lightErr != nil && s.lightFailing.Before(since) {
		err, since = s.lightErr, s.lightFailing
	}
	switch {
	case err != nil:
		s.answering = time.Time{}
		if s.linkDown || now.Sub(since) < linkDownAfter {
			return
		}
		s.linkDown = true
	case s.answering.IsZero():
		s.answering = now
		return
	case !s.linkDown || now.Sub(s.answering) < linkUpAfter:
		return
	default:
		s.linkDown, s.resend = false, true
	}
	if s.opts.OnLink != nil {
		s.opts.OnLink(err == nil, err)
	}
}

// update hands the kiosk a snapshot when the referee changed.
func (s *Session) update(urgent bool) {
	if s.opts.OnUpdate == nil || s.ref.Version() == s.published {
		return
	}
	now := s.opts.Clock()
	if !urgent && now.Sub(s.updatedAt) < s.opts.LightEvery {
		return
	}
	s.published, s.updatedAt = s.ref.Version(), now
	s.opts.OnUpdate(s.ref.Snapshot())
}

// read hands the session every frame the source reads. A failed read is handed on too and
// retried with back-off; after GiveUp of failures without a frame, read ends with
// ErrBoardLost.
func (s *Session) read(ctx context.Context) error {
	var failing time.Time // when the reads began to fail; zero while they succeed
	wait := retryFirst
	for {
		var r reading
		r.err = s.opts.Source.Read(ctx, &r.f)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if r.err == nil {
			failing, wait = time.Time{}, retryFirst
		} else {
			r.err = fmt.Errorf("sensors: %w", r.err)
			now := s.opts.Clock()
			if failing.IsZero() {
				failing = now
			}
			r.since = failing
			if now.Sub(failing) >= s.opts.GiveUp {
				return fmt.Errorf("%w for %s: %v", ErrBoardLost, s.opts.GiveUp, r.err)
			}
		}
		select {
		case s.frame <- r:
		case <-ctx.Done():
			return ctx.Err()
		}
		if r.err != nil {
			if err := hw.Sleep(ctx, wait); err != nil {
				return err
			}
			wait = min(2*wait, retryMost)
		}
	}
}

// deliver passes events on and starts the AI's search when it is to move.
func (s *Session) deliver(ctx context.Context, evs []Event, stopAI *context.CancelFunc, wg *sync.WaitGroup) {
	for i, e := range evs {
		if e.Kind == MoveCommitted && s.opts.Record != nil {
			if err := s.opts.Record(e); err != nil {
				// Not recorded, so not accepted: the move, and what followed it in this
				// batch, is taken back before anything shows it.
				n := 0
				for _, later := range evs[i:] {
					if later.Kind == MoveCommitted {
						n++
					}
				}
				why := fmt.Sprintf("%s could not be recorded (%v): it is not accepted; put the board back as lit", e.Text, err)
				s.deliver(ctx, s.ref.Retract(n, why), stopAI, wg)
				return
			}
		}
		if (e.Kind == MoveCommitted || e.Kind == NewGame) && s.ref.AISide() {
			// A thinker that watches the game (Xe Queo!'s AI takes its pawn as a round
			// begins, and shows the commitment before anybody moves) sees every move, and
			// a game as it starts or resumes, whoever is to move.
			wg.Add(1)
			go func(st engine.State) {
				defer wg.Done()
				s.watch(ctx, st)
			}(s.ref.State().Clone())
		}
		switch e.Kind {
		case Think:
			(*stopAI)()
			actx, cancel := context.WithCancel(ctx)
			*stopAI = cancel
			wg.Add(1)
			go func(e Event) {
				defer wg.Done()
				s.think(actx, e)
			}(e)
		case NewGame, TakenBack:
			(*stopAI)() // a search for a position that is gone
		case Suggest:
			s.stopSuggest()
			sctx, cancel := context.WithCancel(ctx)
			s.stopSuggest = cancel
			wg.Add(1)
			go func(e Event) {
				defer wg.Done()
				s.suggest(sctx, e)
			}(e)
		}
		switch e.Kind {
		case MoveCommitted, NewGame, TakenBack, Think:
			s.stopSuggest() // the position suggested for is gone, or the AI needs the core
		}
		if s.opts.OnEvent != nil {
			s.opts.OnEvent(e)
		}
	}
}

// Watcher is a Thinker that follows the game as it is played, not only when it is to move.
type Watcher interface {
	Watch(ctx context.Context, s engine.State) error
}

// thinker returns the AI for the rules of st, made on first use, with the options of the
// move at hand. Called with aiMu held.
func (s *Session) thinker(st engine.State, o search.Options) Thinker {
	// One AI per game's rules, kept between moves: a solver's table serves the whole game.
	if s.player == nil || s.playerFor != st.Rules() {
		newThinker := s.opts.NewThinker
		if newThinker == nil {
			newThinker = func(r engine.Rules, o search.Options) Thinker { return search.NewAI(r, o) }
		}
		s.player, s.playerFor = newThinker(st.Rules(), o), st.Rules()
	}
	s.player.SetOptions(o)
	return s.player
}

// watch shows a Watcher the game after a move.
func (s *Session) watch(ctx context.Context, st engine.State) {
	s.aiMu.Lock()
	defer s.aiMu.Unlock()
	o := s.aiOptions(st.Ply())
	if w, ok := s.thinker(st, o).(Watcher); ok {
		_ = w.Watch(ctx, st) // what it could not follow now, Search catches up on
	}
}

func (s *Session) think(ctx context.Context, e Event) {
	s.aiMu.Lock()
	defer s.aiMu.Unlock()
	o := s.aiOptions(e.Ply)
	res, err := s.thinker(e.State, o).Search(ctx, e.State)
	if err != nil {
		return // cancelled: the position is gone
	}
	select {
	case s.ai <- Message{Kind: CmdAIResult, Game: e.Game, Version: uint64(e.Ply), Move: res.Move}:
	case <-ctx.Done():
	}
}

// suggest searches a move for the player to move, as the AI would play it at its level.
func (s *Session) suggest(ctx context.Context, e Event) {
	s.aiMu.Lock()
	defer s.aiMu.Unlock()
	if ctx.Err() != nil {
		return
	}
	o := s.aiOptions(e.Ply)
	o.Blunder = 0 // a suggestion is the AI's best at the level's time
	res, err := s.thinker(e.State, o).Search(ctx, e.State)
	if err != nil && ctx.Err() != nil {
		return // cancelled: the position is gone
	}
	if err != nil {
		res.Move = 0 // the referee says there is none
	}
	select {
	case s.ai <- Message{Kind: CmdSuggestion, Game: e.Game, Version: uint64(e.Ply), Move: res.Move}:
	case <-ctx.Done():
	}
}

// show sends the newest light frame to the LEDs when it differs from the last one shown,
// at most once every LightEvery. A frame that fails is tried again with back-off; after
// GiveUp of failures, show returns ErrBoardLost.
func (s *Session) show() error {
	if s.opts.Sink == nil {
		return nil
	}
	now := s.opts.Clock()
	if now.Sub(s.shownAt) < s.opts.LightEvery || s.lightErr != nil && now.Before(s.lightRetry) {
		return nil
	}
	s.lights = s.ref.Lights(now, s.lights)
	if s.attract.Load() {
		attractLights(s.layout, now, s.lights)
	}
	if !s.resend && now.Sub(s.shownAt) < refreshEvery && slices.Equal(s.lights, s.shown) {
		return nil
	}
	if err := s.opts.Sink.Show(s.lights); err != nil {
		if s.lightErr == nil {
			s.lightFailing, s.lightWait = now, retryFirst
		} else {
			s.lightWait = min(2*s.lightWait, retryMost)
		}
		s.lightErr, s.lightRetry, s.resend = fmt.Errorf("lights: %w", err), now.Add(s.lightWait), true
		s.link(now)
		if now.Sub(s.lightFailing) >= s.opts.GiveUp {
			return fmt.Errorf("%w for %s: %v", ErrBoardLost, s.opts.GiveUp, s.lightErr)
		}
		return nil
	}
	if s.lightErr != nil {
		s.lightErr = nil
		s.link(now)
	}
	s.shown = append(s.shown[:0], s.lights...)
	s.shownAt, s.resend = now, false
	return nil
}

// dark leaves the LEDs off.
func (s *Session) dark() {
	if s.opts.Sink == nil {
		return
	}
	off := make(hw.LightFrame, s.opts.Sink.LEDs())
	if err := s.opts.Sink.Show(off); err == nil {
		s.shown = off
	}
}
