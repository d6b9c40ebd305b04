package service

import (
	"context"
	"strings"
	"testing"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/kiosk"
	"github.com/tavoliere/tavoliere/hw"
)

// pressed is a board's buttons, pressed by the test.
type pressed chan hw.ButtonEvent

func (p pressed) ReadButton(ctx context.Context) (hw.ButtonEvent, error) {
	select {
	case e := <-p:
		return e, nil
	case <-ctx.Done():
		return hw.ButtonEvent{}, ctx.Err()
	}
}

func (p pressed) press(name string) {
	p <- hw.ButtonEvent{Name: name, Down: true}
	p <- hw.ButtonEvent{Name: name, Down: false}
}

// TestButtonActions: each action a board file binds to a button does what the kiosk's
// Command does; a button bound to nothing, or an action that cannot be done now, is said
// in the kiosk's log and changes nothing.
func TestButtonActions(t *testing.T) {
	k := newKiosk(t, "krypte", []boards.Side{boards.Human, boards.Human}, hw.Presence, false)
	buttons := make(pressed)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go k.svc.readButtons(ctx, buttons, map[string]string{"T": "takeback", "H": "hint", "N": "new-game", "C": "confirm"})
	logged := func(what string) {
		t.Helper()
		k.waitFor(what, func(s kiosk.State) bool {
			for _, l := range s.Log {
				if strings.Contains(l.Text, what) {
					return true
				}
			}
			return false
		})
	}

	s := k.state()
	k.carryOut(s, "d1")
	k.waitFor("d1", func(s kiosk.State) bool { return len(s.Game.Moves) == 1 })
	buttons.press("T")
	k.waitFor("d1 taken back", func(s kiosk.State) bool { return len(s.Game.Moves) == 0 })
	k.click("d1") // the piece taken off, as the lights ask
	k.waitFor("the board put back", func(s kiosk.State) bool { return !s.Waiting })

	buttons.press("H")
	k.waitFor("a suggestion", func(s kiosk.State) bool { return s.Suggestion != "" })

	buttons.press("C")
	logged("button C (confirm): no question is open")
	buttons.press("X")
	logged("button X does nothing")

	old := k.state().Session
	buttons.press("N")
	s = k.waitFor("a new game", func(s kiosk.State) bool { return s.Session != old && !s.Waiting })
	if s.Game.ID != "krypte" || len(s.Game.Players) != 2 || s.Game.Players[1].Side != "human" {
		t.Fatalf("the new game: %s, players %+v", s.Game.ID, s.Game.Players)
	}
}
