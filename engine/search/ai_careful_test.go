package search

import (
	"math"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/krypte"
	"github.com/tavoliere/tavoliere/engine/push"
	"github.com/tavoliere/tavoliere/engine/push4"
)

// The AI's MCTS takes what its game asks for, from its first search to its last: careful
// playouts (engine.Tuning.CarefulPlayouts: Push 4, not Krypte or Push) and the game's own
// UCT constant (engine.Tuning.Exploration: 0.35 in Krypte and Push; √2 for Push 4).
func TestAIMCTSByGame(t *testing.T) {
	p4, err := push4.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	kr, err := krypte.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	pu, err := push.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	if engine.TuningOf(p4).Exploration != 0 {
		t.Fatal("Push 4 sets its UCT constant; this test wants a game that does not")
	}
	for _, c := range []struct {
		r           engine.Rules
		careful     bool
		exploration float64
	}{{p4, true, math.Sqrt2}, {kr, false, 0.35}, {pu, false, 0.35}} {
		a := NewAI(c.r, Options{Iterations: 200, Seed: 1})
		check := func(when string) {
			t.Helper()
			if got := a.mcts.opt.Careful; got != c.careful {
				t.Errorf("%s: %s the AI's playouts careful %v, want %v", c.r.ID(), when, got, c.careful)
			}
			if got := a.mcts.opt.Exploration; got != c.exploration {
				t.Errorf("%s: %s the AI's MCTS explores with C %v, want %v", c.r.ID(), when, got, c.exploration)
			}
		}
		check("new,")
		a.SetOptions(Options{Think: 200 * time.Millisecond, Seed: 2})
		check("after SetOptions")
		if _, err := a.Search(t.Context(), c.r.Start()); err != nil {
			t.Fatal(err)
		}
		check("after a search")
	}
}
