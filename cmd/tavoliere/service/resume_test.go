package service

import (
	"io"
	"log/slog"
	"path/filepath"
	"testing"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/journal"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/kiosk"
	"github.com/tavoliere/tavoliere/engine/registry"
	"github.com/tavoliere/tavoliere/hw"
)

// TestAIMoveSurvivesARestart: the service stops while the AI's move is announced and not yet
// carried out; started again from the same journal, it shows the same move with the same
// lights, and carrying it out on the board commits it. The second service's AI has another
// seed, as a search on a time budget may as well find another move: the move shown must be
// the one the journal kept, not a new search's.
func TestAIMoveSurvivesARestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "journal.db")
	rules, err := registry.New("quadwrangle", nil)
	if err != nil {
		t.Fatal(err)
	}
	spec := Game{Rules: rules, Sides: []boards.Side{boards.Human, boards.AI}, Level: "beginner"}
	serve := func(seed uint64) *stand {
		j, err := journal.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		svc := &Service{log: slog.New(slog.NewTextHandler(io.Discard, nil)), journal: j, hub: kiosk.NewHub(), sensor: hw.Presence, seed: seed}
		return runKiosk(t, svc, spec, false)
	}

	k := serve(1)
	k.click("f4")
	before := k.waitFor("the AI's move", func(s kiosk.State) bool { return len(s.Game.Moves) == 1 && s.AIMove != "" })
	k.stop()
	if err := k.svc.Shutdown(); err != nil {
		t.Fatal(err)
	}

	k = serve(3)
	after := k.waitFor("the AI's move after the restart", func(s kiosk.State) bool { return s.AIMove != "" })
	if after.AIMove != before.AIMove || len(after.Game.Moves) != 1 {
		t.Fatalf("after the restart: moves %v, the AI's move %q; before: moves %v, %q", after.Game.Moves, after.AIMove, before.Game.Moves, before.AIMove)
	}
	if after.Thinking {
		t.Error("the AI thinks again after the restart")
	}
	lit := 0
	for i, sq := range after.Squares {
		if sq.Light != before.Squares[i].Light {
			t.Errorf("%s: lit %+v after the restart, %+v before", sq.Name, sq.Light, before.Squares[i].Light)
		}
		if sq.Light.Pattern != "off" {
			lit++
		}
	}
	if lit == 0 {
		t.Fatal("the AI's move is not lit")
	}

	k.carryOut(after, after.AIMove)
	s := k.waitFor("the AI's move carried out", func(s kiosk.State) bool { return len(s.Game.Moves) == 2 })
	if s.Game.Moves[1] != before.AIMove || s.AIMove != "" {
		t.Fatalf("moves %v (AI's move %q), want the AI's %s second", s.Game.Moves, s.AIMove, before.AIMove)
	}
	g, ok, err := k.j.InProgress()
	if err != nil || !ok || len(g.Moves) != 2 || g.Moves[1].Text != before.AIMove {
		t.Fatalf("journal: %+v %v %v", g.Moves, ok, err)
	}
}
