package service

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/boardfile"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/kiosk"
	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/hw"
)

// readButtons carries out the action the board file binds to each button pressed, until
// ctx ends or the buttons fail. A button with no action, or an action that cannot be done
// now (nothing to take back, no question open), is logged and goes no further.
func (s *Service) readButtons(ctx context.Context, b hw.Buttons, bound map[string]string) {
	for {
		e, err := b.ReadButton(ctx)
		if err != nil {
			if ctx.Err() == nil {
				s.log.Warn("buttons", "err", err)
			}
			return
		}
		if !e.Down {
			continue
		}
		act, ok := bound[e.Name]
		if !ok {
			s.note(boards.Warning.String(), fmt.Sprintf("button %s does nothing: the board file's [buttons] gives it no action", e.Name))
			continue
		}
		if err := s.button(ctx, act); err != nil {
			s.note(boards.Warning.String(), fmt.Sprintf("button %s (%s): %v", e.Name, act, err))
		}
	}
}

// button does one action of boardfile.Actions, as the kiosk's command would.
func (s *Service) button(ctx context.Context, act string) error {
	s.mu.Lock()
	snap, has, level := s.snap, s.hasSnap, s.level
	sides := make([]string, len(s.sides))
	for i, sd := range s.sides {
		sides[i] = kiosk.SideName(sd)
	}
	s.mu.Unlock()
	if !has {
		return errors.New("the board has not been read yet")
	}
	c := kiosk.Command{Session: snap.Game}
	switch act {
	case boardfile.ActTakeback:
		c.Cmd = "takeback"
	case boardfile.ActHint:
		c.Cmd = "suggest"
	case boardfile.ActConfirm:
		if len(snap.Asking) != 1 {
			if len(snap.Asking) == 0 {
				return errors.New("no question is open")
			}
			return fmt.Errorf("%d moves are asked about: choose one on the board or the screen", len(snap.Asking))
		}
		c.Cmd, c.Move = "choose", snap.Asking[0]
	case boardfile.ActNewGame:
		c.Cmd, c.Game, c.Level, c.Sides, c.Settings = "new-game", snap.Rules.ID(), level, sides, replayed(snap.Rules)
	default:
		return fmt.Errorf("unknown action %q", act)
	}
	return s.Command(ctx, c)
}

// replayed is the settings of rules for a new game of the same kind: those drawn afresh
// for every game (Xe Queo!'s deal) are left out, to be drawn again.
func replayed(rules engine.Rules) map[string]string {
	out := map[string]string{}
	for _, d := range rules.Settings().Defs() {
		if !d.Random {
			out[d.Key] = rules.Settings().Get(d.Key)
		}
	}
	return out
}

// note adds a line to the kiosk's log and the service's, and shows it.
func (s *Service) note(kind, text string) {
	s.log.Warn(kind, "text", text)
	s.mu.Lock()
	s.logLine(kiosk.Log{At: time.Now(), Kind: kind, Text: text})
	s.mu.Unlock()
	s.publish()
}
