package boards

import (
	"slices"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/registry"
	"github.com/tavoliere/tavoliere/hw"
	"github.com/tavoliere/tavoliere/hw/sim"
)

// resumedRig is a rig on a game of Quad Wrangle resumed after moves, with the AI's move
// announced before the restart (Config.Announced), and the board set up as the game stands.
func resumedRig(t *testing.T, moves []string, announced string) (*rig, []Event) {
	t.Helper()
	rules, err := registry.New("quadwrangle", nil)
	if err != nil {
		t.Fatal(err)
	}
	g := rules.Geometry()
	layout, err := NewLayout(Spec{Files: g.Files, Ranks: g.Ranks, Kind: hw.Presence})
	if err != nil {
		t.Fatal(err)
	}
	board, err := sim.New(layout.Cells(), hw.Presence, layout.LEDs(), nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg := DefaultConfig(layout, rules)
	cfg.Sides = []Side{Human, AI}
	cfg.Resume = []engine.Move{}
	for _, m := range moves {
		cfg.Resume = append(cfg.Resume, mustMove(t, rules, m))
	}
	if announced != "" {
		cfg.Announced = mustMove(t, rules, announced)
	}
	ref, err := NewReferee(cfg, epoch)
	if err != nil {
		t.Fatal(err)
	}
	evs := append([]Event(nil), ref.Pending()...)
	x := &rig{t: t, rules: rules, layout: layout, board: board, ref: ref, now: epoch}
	x.setUp()
	x.run(5 * tick)
	return x, evs
}

func kinds(evs []Event) []EventKind {
	var out []EventKind
	for _, e := range evs {
		out = append(out, e.Kind)
	}
	return out
}

// TestResumeAnnounced: a game resumed with the AI's move announced before the restart
// announces it again at once, lit, with no search; carried out, it commits. A move that is
// not the AI's to make there is ignored: the AI searches, or the player is to move.
func TestResumeAnnounced(t *testing.T) {
	x, evs := resumedRig(t, []string{"f4"}, "g5-f6")
	if len(evs) != 2 || evs[0].Kind != NewGame || evs[1].Kind != AIMove || evs[1].Text != "g5-f6" {
		t.Fatalf("events on resuming: %v", kinds(evs))
	}
	snap := x.ref.Snapshot()
	if snap.AIMove != "g5-f6" || snap.Thinking || snap.Waiting {
		t.Fatalf("AI's move %q, thinking %v, waiting %v", snap.AIMove, snap.Thinking, snap.Waiting)
	}
	if x.light("g5") != LightAIFrom || x.light("f6") != LightAITo {
		t.Fatalf("g5 lit %v, f6 lit %v", x.light("g5"), x.light("f6"))
	}
	x.lift("g5")
	x.run(5 * tick)
	x.put("f6", x.piece())
	x.run(time.Second)
	x.wantMoves("f4 g5-f6")
	if len(x.took(MoveCommitted)) != 1 || x.ref.Snapshot().AIMove != "" {
		t.Fatal("the announced move, carried out, is not committed")
	}

	for _, c := range []struct {
		moves     []string
		announced string
		want      []EventKind
	}{
		{[]string{"f4"}, "f4", []EventKind{NewGame, Think}},   // not legal: search
		{[]string{"f4", "g5-f6"}, "a1", []EventKind{NewGame}}, // the player's turn
		{[]string{"f4"}, "", []EventKind{NewGame, Think}},     // none kept
	} {
		x, evs := resumedRig(t, c.moves, c.announced)
		if !slices.Equal(kinds(evs), c.want) || x.ref.Snapshot().AIMove != "" {
			t.Errorf("%v announced %q: events %v, AI's move %q", c.moves, c.announced, kinds(evs), x.ref.Snapshot().AIMove)
		}
	}
}
