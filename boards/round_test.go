package boards

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/hw"
)

// TestRoundWonAnnounced: in Xe Queo! the move that ends a round (the card shown) is followed
// by an event that says who won the ring and the rings count, for the kiosk to word; before,
// only the card was logged and nobody was told the round was over.
func TestRoundWonAnnounced(t *testing.T) {
	x := newRig(t, "xequeo", map[string]string{"seed": "7"}, hw.Identity)
	s, moves, last := roundToItsEnd(x)
	x.send(Message{Kind: CmdResume, Rules: x.rules, Sides: x.ref.sides, Moves: moves})
	x.setUp()
	x.run(time.Second)
	c := s.Clone()
	c.Play(last)
	winner := 0
	if c.Score(1) > 0 {
		winner = 1
	}
	x.took(RoundOver)
	kind := CmdEnter // (the card shown is asked: no sensor sees it)
	if x.ref.Snapshot().Asking != nil {
		kind = CmdChoose
	}
	x.send(Message{Kind: kind, Move: last})
	x.run(tick)
	if len(x.ref.History()) != len(moves)+1 {
		t.Fatalf("%s not taken: %v", x.rules.FormatMove(last), x.events)
	}
	got := x.took(RoundOver)
	if len(got) != 1 {
		t.Fatalf("after %s ended the round: %d round events", x.rules.FormatMove(last), len(got))
	}
	want := map[string]string{"player": itoa(winner), "rings": [...]string{"1–0", "0–1"}[winner]}
	if m := got[0].Msg; m.Code != "round-won" || m.Args["player"] != want["player"] || m.Args["rings"] != want["rings"] {
		t.Errorf("round event %+v, want round-won %v", m, want)
	}
}

// TestRoundWonByTheAIUnlit: the AI's card that ends a round leaves no light: the next round
// has begun, and the pawn of the card shown, lit as the AI's move, was a stale move to carry
// out until the next move.
func TestRoundWonByTheAIUnlit(t *testing.T) {
	x := newRig(t, "xequeo", map[string]string{"seed": "7"}, hw.Identity)
	s, moves, last := roundToItsEnd(x)
	sides := []Side{Human, Human}
	sides[s.Turn()] = AI
	x.send(Message{Kind: CmdResume, Rules: x.rules, Sides: sides, Moves: moves})
	x.setUp()
	x.run(time.Second)
	if len(x.took(Think)) == 0 {
		t.Fatal("the AI was not asked to move")
	}
	x.send(Message{Kind: CmdAIResult, Move: last, Version: uint64(len(moves))})
	x.run(time.Second)
	if len(x.ref.History()) != len(moves)+1 {
		t.Fatalf("the AI's %s not taken: %v", x.rules.FormatMove(last), x.events)
	}
	if len(x.took(RoundOver)) != 1 {
		t.Fatal("the round's end not announced")
	}
	if lit := x.lit(LightAITo); len(lit) != 0 {
		t.Errorf("after the AI's %s ended the round, %v lit as the AI's move", x.rules.FormatMove(last), lit)
	}
}

// roundToItsEnd plays the first round of x's game at random to the move before the one that
// ends it: the position then, the moves to it and the move that ends the round.
func roundToItsEnd(x *rig) (engine.State, []engine.Move, engine.Move) {
	s := x.rules.Start()
	rng := rand.New(rand.NewPCG(1, 2))
	var moves []engine.Move
	for {
		legal := s.Legal(nil)
		m := legal[rng.IntN(len(legal))]
		s.Play(m)
		if s.Score(0)+s.Score(1) > 0 {
			s.Undo()
			return s, moves, m
		}
		moves = append(moves, m)
	}
}
