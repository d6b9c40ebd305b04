package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/journal"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/kiosk"
	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/hw/tbp"
)

// What the service publishes: the journal written for every move and event, the kiosk's
// log, the board's link, and the state encoded for the kiosk's hub.

// boardState hears from a serial board's driver: the game waits while the board is away.
func (s *Service) boardState(connected bool, err error) {
	code := "away"
	switch {
	case errors.Is(err, tbp.ErrMismatch):
		code = "wrong-board"
	case errors.Is(err, tbp.ErrVersion):
		code = "version"
	}
	s.setBoard(connected, err, code)
}

// setBoard says whether the board answers, and why not.
func (s *Service) setBoard(connected bool, err error, code string) {
	s.mu.Lock()
	s.boardDown, s.boardErr, s.boardCode = !connected || err != nil, "", ""
	if s.boardDown {
		s.boardCode = code
	}
	if err != nil {
		s.boardErr = err.Error()
	}
	s.mu.Unlock()
	if !connected || err != nil {
		s.endDemo() // the kiosk says the board is away
	}
	s.publish()
}

// busState hears from the session that the board on the Pi's own buses stopped answering,
// or answers again; the kiosk says so while the game waits.
func (s *Service) busState(up bool, err error) {
	if up {
		s.log.Info("the board answers again")
	} else {
		s.log.Warn("the board stopped answering; retrying", "err", err)
	}
	s.setBoard(up, err, "bus")
}

// record runs in the session's goroutine for every committed move, before anything shows
// it: a move the journal cannot record is not accepted (the referee takes it back).
func (s *Service) record(e boards.Event) error {
	s.mu.Lock()
	game := s.journalGame
	s.mu.Unlock()
	err := s.journal.AddMove(game, e.Ply, e.Text, e.At)
	s.mu.Lock()
	defer s.mu.Unlock()
	if err != nil {
		s.journalErr = fmt.Sprintf("the journal could not record %s: %v", e.Text, err)
		s.journalMsg = &kiosk.Msg{Code: "journal-move", Args: map[string]string{"move": e.Text}}
		s.log.Error("journal", "move", e.Text, "err", err)
		return err
	}
	s.journalErr, s.journalMsg = "", nil
	return nil
}

// onEvent runs in the session's goroutine, before the lights show the event: the journal
// records games, the AI's announced moves, takebacks and results here (moves in record).
func (s *Service) onEvent(e boards.Event) {
	if e.Kind == boards.Think {
		return
	}
	s.mu.Lock()
	rules, sides, level, game, resuming := s.rules, s.sides, s.level, s.journalGame, s.resuming
	s.mu.Unlock()
	var err error
	switch e.Kind {
	case boards.NewGame:
		if resuming {
			s.mu.Lock()
			s.resuming = false
			s.mu.Unlock()
			break
		}
		settings := map[string]string{}
		for _, d := range rules.Settings().Defs() {
			settings[d.Key] = rules.Settings().Get(d.Key)
		}
		names := make([]string, rules.Players())
		for p := range names {
			names[p] = "human"
			if p < len(sides) {
				names[p] = kiosk.SideName(sides[p])
			}
		}
		var id int64
		id, err = s.journal.StartGame(journal.Game{Rules: rules.ID(), Settings: settings, Sides: names, Level: level, Started: e.At})
		if err == nil {
			s.mu.Lock()
			s.journalGame = id
			s.mu.Unlock()
		}
	case boards.AIMove:
		err = s.journal.Announce(game, e.Ply+1, e.Text, e.At) // kept across a restart
	case boards.TakenBack:
		err = s.journal.TakeBack(game, e.Ply, e.At)
	case boards.GameOver:
		err = s.journal.EndGame(game, e.Text, e.At)
	}
	level2 := slog.LevelInfo
	if e.Kind == boards.Warning || e.Kind == boards.Mismatch {
		level2 = slog.LevelWarn
	}
	s.log.Log(context.Background(), level2, e.Kind.String(), "game", game, "ply", e.Ply, "text", e.Text)
	s.mu.Lock()
	defer s.mu.Unlock()
	if err != nil {
		s.journalErr = fmt.Sprintf("the journal could not record %s: %v", e.Kind, err)
		s.journalMsg = &kiosk.Msg{Code: "journal-event", Args: map[string]string{"kind": e.Kind.String()}}
		s.log.Error("journal", "err", err)
	}
	if e.Kind == boards.Mismatch {
		s.mismatch = kiosk.TextMsg{Text: e.Text, Msg: kiosk.MsgOf(e.Msg)}
	}
	l := kiosk.Log{At: e.At, Kind: e.Kind.String(), Text: e.Text}
	if m := kiosk.MsgOf(e.Msg); m != nil {
		l.Code, l.Args = m.Code, m.Args
	}
	if e.Kind == boards.GameOver { // the engine's reason in English: its code, for the page
		r := kiosk.ReasonMsg(e.Outcome.Reason)
		l.Args = map[string]string{"winners": e.Msg.Args["winners"], "reason": r.Code}
		for k, v := range r.Args {
			l.Args[k] = v
		}
	}
	s.logLine(l)
}

// logLine keeps a line of the kiosk's log, the newest 50. Called with s.mu held.
func (s *Service) logLine(l kiosk.Log) {
	s.events = append(s.events, l)
	if len(s.events) > 50 {
		s.events = s.events[len(s.events)-50:]
	}
}

// onUpdate runs in the session's goroutine: it publishes the new state to the kiosks.
// A change on the sensors is somebody playing, and a game that needs somebody (a question
// opens) needs the screen: either ends attract mode.
func (s *Service) onUpdate(snap boards.Snapshot) {
	s.mu.Lock()
	touched := s.hasSnap && !slices.Equal(s.snap.Cells, snap.Cells)
	needed := s.att.cancel != nil && attractBlocked(snap, s.boardDown) != ""
	s.snap, s.hasSnap = snap, true
	s.mu.Unlock()
	switch {
	case touched:
		s.activity(time.Now())
	case needed:
		s.endDemo()
	}
	s.publish()
}

// publish encodes the latest snapshot with the service's facts and hands it to the hub.
func (s *Service) publish() {
	s.mu.Lock()
	if !s.hasSnap {
		s.mu.Unlock()
		return
	}
	s.version++
	layout := s.layout
	facts := kiosk.Facts{
		Version: s.version, JournalGame: s.journalGame, Simulated: s.board != nil, Level: s.level, Brightness: s.brightnessFacts(), Phys: s.physNow(),
		JournalError: s.journalErr, JournalMsg: s.journalMsg, Mismatch: s.mismatch, Log: append([]kiosk.Log(nil), s.events...), Faces: s.faces,
		Board: kiosk.Board{Connected: !s.boardDown, Error: s.boardErr, Code: s.boardCode}, AISecrets: s.aiSecrets(s.snap),
		Demo: s.att.demo,
	}
	snap := s.snap
	s.mu.Unlock()
	fits := func(engine.Rules) bool { return true } // a simulated board is built to each game's size
	if s.hw != nil {
		fits = func(r engine.Rules) bool { return layout.Fits(r.Geometry()) == nil }
	}
	facts.Games = kiosk.Listings(fits)
	b, err := kiosk.Encode(snap, facts)
	if err != nil {
		s.log.Error("state", "err", err)
		return
	}
	s.hub.Publish(facts.Version, b)
}
