package service

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/kiosk"
	"github.com/tavoliere/tavoliere/engine/registry"
	"github.com/tavoliere/tavoliere/engine/search"
)

// Command carries out one kiosk command (API.md). Any command is somebody playing: it ends
// attract mode.
func (s *Service) Command(ctx context.Context, c kiosk.Command) error {
	s.activity(time.Now())
	s.mu.Lock()
	session, snap, has := s.session, s.snap, s.hasSnap
	s.mu.Unlock()
	// The ply the command was made at: the screen's when it says, else the latest state's.
	// A second tap on the same screen then takes nothing more back.
	atPly := uint64(snap.Ply) + 1
	if c.Ply != nil {
		if *c.Ply < 0 {
			return kiosk.Coded(fmt.Errorf("%w: ply %d: want the ply shown, 0 or more", kiosk.ErrBadRequest, *c.Ply), "bad-ply")
		}
		atPly = uint64(*c.Ply) + 1
	}
	current := func() error {
		switch {
		case !has || c.Session != snap.Game:
			return kiosk.Coded(fmt.Errorf("%w: session %d is not the game being played (%d)", kiosk.ErrConflict, c.Session, snap.Game), "stale-game")
		}
		return nil
	}
	switch c.Cmd {
	case "touch":
		return nil // (a touch on the page: activity alone)
	case "new-game":
		return s.newGame(ctx, c)
	case "level":
		l, ok := search.LevelNamed(c.Level)
		if !ok {
			return kiosk.Coded(fmt.Errorf("%w: level %q: want one of %v", kiosk.ErrBadRequest, c.Level, search.LevelNames()), "bad-level", "level", c.Level)
		}
		s.mu.Lock()
		s.level = c.Level
		s.mu.Unlock()
		session.SetThink(l.Think)
		session.SetBlunder(l.Blunder)
		s.publish()
		return nil
	case "brightness":
		return s.setBrightness(c)
	case "takeback":
		if err := current(); err != nil {
			return err
		}
		if code, err := snap.Takebackable(); err != nil {
			return kiosk.Coded(fmt.Errorf("%w: %v", kiosk.ErrConflict, err), code)
		}
		return session.Send(ctx, boards.Message{Kind: boards.CmdTakeback, Game: c.Session, Version: atPly})
	case "hints":
		if err := current(); err != nil {
			return err
		}
		if c.On == nil {
			return kiosk.Coded(fmt.Errorf("%w: hints needs on: true or false", kiosk.ErrBadRequest), "bad-hints")
		}
		return session.Send(ctx, boards.Message{Kind: boards.CmdHints, Game: c.Session, On: *c.On})
	case "suggest":
		if err := current(); err != nil {
			return err
		}
		if code, err := snap.Suggestable(); err != nil {
			return kiosk.Coded(fmt.Errorf("%w: %v", kiosk.ErrConflict, err), code)
		}
		return session.Send(ctx, boards.Message{Kind: boards.CmdSuggest, Game: c.Session, Version: atPly})
	case "choose":
		if err := current(); err != nil {
			return err
		}
		if snap.Outcome.Over {
			return kiosk.Coded(fmt.Errorf("%w: the game is over", kiosk.ErrConflict), "over")
		}
		m, err := snap.Rules.ParseMove(c.Move)
		if err != nil {
			return kiosk.Coded(fmt.Errorf("%w: %v", kiosk.ErrBadRequest, err), "bad-move", "move", c.Move)
		}
		if !slices.Contains(snap.Asking, snap.Rules.FormatMove(m)) {
			return kiosk.Coded(fmt.Errorf("%w: %s is not one of the moves asked about (%v)", kiosk.ErrConflict, c.Move, snap.Asking), "not-asked", "move", c.Move)
		}
		return session.Send(ctx, boards.Message{Kind: boards.CmdChoose, Game: c.Session, Move: m, Version: atPly})
	case "dismiss":
		if err := current(); err != nil {
			return err
		}
		if code, err := snap.Dismissable(); err != nil {
			return kiosk.Coded(fmt.Errorf("%w: %v", kiosk.ErrConflict, err), code)
		}
		return session.Send(ctx, boards.Message{Kind: boards.CmdDismiss, Game: c.Session, Version: atPly})
	case "enter":
		if err := current(); err != nil {
			return err
		}
		m, err := snap.Rules.ParseMove(c.Move)
		if err != nil {
			return kiosk.Coded(fmt.Errorf("%w: %v", kiosk.ErrBadRequest, err), "bad-move", "move", c.Move)
		}
		if !slices.Contains(snap.Unseen, snap.Rules.FormatMove(m)) {
			return kiosk.Coded(fmt.Errorf("%w: %s is not a move the board shows made and cannot see (%v)", kiosk.ErrConflict, c.Move, snap.Unseen), "not-unseen", "move", c.Move)
		}
		return session.Send(ctx, boards.Message{Kind: boards.CmdEnter, Game: c.Session, Move: m, Version: atPly})
	case "sim":
		if err := s.simAction(c); err != nil {
			return err
		}
		s.publish() // a hand's change the referee may not see (a disc turned on presence sensors)
		return nil
	case "":
		return kiosk.Coded(fmt.Errorf("%w: no cmd", kiosk.ErrBadRequest), "bad-cmd")
	}
	return kiosk.Coded(fmt.Errorf("%w: unknown cmd %q", kiosk.ErrBadRequest, c.Cmd), "bad-cmd")
}

func (s *Service) newGame(ctx context.Context, c kiosk.Command) error {
	rules, err := registry.New(c.Game, registry.Dealt(c.Game, c.Settings, rand.IntN))
	if err != nil {
		return kiosk.Coded(fmt.Errorf("%w: %v", kiosk.ErrBadRequest, err), "bad-game", "game", c.Game)
	}
	spec := Game{Rules: rules, Level: c.Level}
	if spec.Level == "" {
		s.mu.Lock()
		spec.Level = s.level
		s.mu.Unlock()
	}
	if _, ok := search.LevelNamed(spec.Level); !ok {
		return kiosk.Coded(fmt.Errorf("%w: level %q: want one of %v", kiosk.ErrBadRequest, spec.Level, search.LevelNames()), "bad-level", "level", spec.Level)
	}
	if len(c.Sides) != rules.Players() {
		return kiosk.Coded(fmt.Errorf("%w: %d sides for a %d-player game", kiosk.ErrBadRequest, len(c.Sides), rules.Players()), "bad-sides")
	}
	for _, name := range c.Sides {
		side, err := kiosk.ParseSide(name)
		if err != nil {
			return kiosk.Coded(fmt.Errorf("%w: %v", kiosk.ErrBadRequest, err), "bad-sides")
		}
		spec.Sides = append(spec.Sides, side)
	}
	return s.run(spec)
}
