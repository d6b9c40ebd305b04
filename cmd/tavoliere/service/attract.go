package service

import (
	"context"
	"fmt"
	"time"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/kiosk"
	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/registry"
	"github.com/tavoliere/tavoliere/engine/search"
)

// Attract mode. After the idle time (serve -attract, the config's attract key; 0: never)
// with nobody playing (no command, no touch the page reports, no change on the sensors),
// the kiosk plays the AI against itself to invite visitors: the games of a rotation, each
// on an engine State of the demo's own that nothing records, a move every pace, drawn by
// the page over the board with an invitation (the state's demo); the LEDs show the attract
// sweep (boards.Session.SetAttract), never a move to carry out. Any activity ends it at
// once, and the game that was on is there as it was: the referee's game, its question and
// its journal are never touched, and its lights come back.
//
// A demo does not start while the game needs somebody: a question open, a mismatch shown,
// the board to be set up as lit, the AI thinking or suggesting, the board away; and one
// running ends when the game comes to need somebody (Quarto's first question opens once
// the board is read). A game that is over needs nobody: its board may be cleared and a
// demo start.

// AttractIdle is the idle time before a demo by default; demoPace the time between two of
// its moves, which a visitor can follow; demoThink the AI's time for each (the easy
// level's, without its random moves); demoPlies the length of a demo game at most (Quixo
// and Push can go on for hundreds), and demoRest how many paces a finished game stays.
const (
	AttractIdle = 5 * time.Minute
	demoPace    = 1500 * time.Millisecond
	demoThink   = 100 * time.Millisecond
	demoPlies   = 60
	demoRest    = 3
)

// ParseIdle reads attract mode's idle time: a time such as 5m or 90s, or 0 for never.
func ParseIdle(text string) (time.Duration, error) {
	d, err := time.ParseDuration(text)
	if err != nil || d < 0 {
		return 0, fmt.Errorf("%q: want a time, as in \"5m\" or \"90s\", or \"0\" (never)", text)
	}
	return d, nil
}

// attractState is the service's attract mode; the service's mu guards it.
type attractState struct {
	last   time.Time          // the last activity
	cancel context.CancelFunc // stops the demo running; nil: none runs
	run    uint64             // demos started so far: the demo running's number
	demo   *kiosk.Demo        // what the page draws; nil while none runs
	next   string             // the game the next demo begins with ("": the game on)
}

// attractBlocked says why a demo may not start now, "" when it may.
func attractBlocked(snap boards.Snapshot, boardDown bool) string {
	switch {
	case boardDown:
		return "board-away"
	case snap.Thinking || snap.Suggesting:
		return "thinking"
	case len(snap.Asking) > 0:
		return "asking"
	case snap.Outcome.Over:
		return ""
	case snap.Mismatch != "":
		return "mismatch"
	case snap.Waiting:
		return "waiting"
	}
	return ""
}

// watchIdle starts a demo once the kiosk has been idle for s.idle, until ctx ends.
func (s *Service) watchIdle(ctx context.Context) {
	every := min(max(s.idle/4, 20*time.Millisecond), time.Second)
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-tick.C:
			s.maybeAttract(ctx, now)
		}
	}
}

// maybeAttract starts a demo if nobody has been playing since s.idle before now and the
// game needs nobody.
func (s *Service) maybeAttract(ctx context.Context, now time.Time) {
	s.mu.Lock()
	if s.att.cancel != nil || !s.hasSnap || s.session == nil || now.Sub(s.att.last) < s.idle ||
		attractBlocked(s.snap, s.boardDown) != "" {
		s.mu.Unlock()
		return
	}
	dctx, cancel := context.WithCancel(ctx)
	s.att.cancel = cancel
	s.att.run++
	run, next := s.att.run, s.att.next
	if next == "" {
		next = s.snap.Rules.ID()
	}
	s.session.SetAttract(true) // (under mu: an end that comes at once turns it off after)
	s.mu.Unlock()
	s.log.Info("attract mode: nobody has played for a while; the AI plays itself", "idle", s.idle)
	go s.playDemos(dctx, run, next)
}

// activity says somebody is playing: a demo running ends, and the idle time starts again.
func (s *Service) activity(now time.Time) {
	s.mu.Lock()
	s.att.last = now
	s.mu.Unlock()
	s.endDemo()
}

// endDemo ends the demo running, if one is: the LEDs show the game's lights again and the
// page the game.
func (s *Service) endDemo() {
	s.mu.Lock()
	cancel := s.att.cancel
	s.att.cancel, s.att.demo = nil, nil
	if cancel != nil && s.session != nil {
		s.session.SetAttract(false)
	}
	s.mu.Unlock()
	if cancel == nil {
		return
	}
	cancel()
	s.log.Info("attract mode ends")
	s.publish()
}

// demoGames is the rotation: the games this board can play but those that keep secret choices
// (registry.Entry.Secret: Xe Queo!, whose AI keeps a secret pawn a demo has no use for).
func (s *Service) demoGames() []string {
	s.mu.Lock()
	layout, hw := s.layout, s.hw != nil
	s.mu.Unlock()
	var ids []string
	for _, e := range registry.All() {
		if e.Secret {
			continue
		}
		if r, err := e.New(nil); err == nil && (!hw || layout.Fits(r.Geometry()) == nil) {
			ids = append(ids, e.ID)
		}
	}
	return ids
}

// playDemos plays the rotation's games, the AI against itself, beginning with first, until
// ctx ends.
func (s *Service) playDemos(ctx context.Context, run uint64, first string) {
	ids := s.demoGames()
	at := 0
	for i, id := range ids {
		if id == first {
			at = i
		}
	}
	for n := 0; len(ids) > 0 && ctx.Err() == nil; n++ {
		id := ids[(at+n)%len(ids)]
		s.mu.Lock()
		s.att.next = ids[(at+n+1)%len(ids)]
		s.mu.Unlock()
		rules, err := registry.New(id, nil)
		if err != nil {
			continue
		}
		s.playDemo(ctx, run, rules, s.seed+uint64(run)<<16+uint64(n))
	}
}

// playDemo plays one game of rules, showing each move, and waits demoRest paces at its end.
func (s *Service) playDemo(ctx context.Context, run uint64, rules engine.Rules, seed uint64) {
	st := rules.Start()
	ai := search.NewAI(rules, search.Options{Think: demoThink, Seed: seed})
	s.showDemo(run, st, "", 0)
	for !st.Outcome().Over && st.Ply() < demoPlies {
		next := time.Now().Add(s.pace)
		ai.SetOptions(search.Options{Think: demoThink, Seed: seed + uint64(st.Ply())})
		res, err := ai.Search(ctx, st.Clone())
		if err != nil {
			return // cancelled; or no move, and the next game begins
		}
		if sleepUntil(ctx, next) != nil {
			return
		}
		f := st.Footprint(res.Move)
		text := rules.FormatMove(res.Move)
		st.Play(res.Move)
		s.showDemo(run, st, text, f.Emptied|f.Filled|f.Flipped|f.Replaced|f.Line)
	}
	_ = sleepUntil(ctx, time.Now().Add(demoRest*s.pace))
}

func sleepUntil(ctx context.Context, t time.Time) error {
	timer := time.NewTimer(time.Until(t))
	defer timer.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-timer.C:
		return nil
	}
}

// showDemo publishes the demo's position st, last the squares its last move changed, if
// demo run is still the one running.
func (s *Service) showDemo(run uint64, st engine.State, move string, last engine.Bitboard) {
	d := kiosk.DemoOf(st, move, last)
	d.Run = run
	s.mu.Lock()
	if s.att.cancel == nil || s.att.run != run {
		s.mu.Unlock()
		return
	}
	s.att.demo = d
	s.mu.Unlock()
	s.publish()
}
