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

// A smaller UCT constant spends more of the same playouts on the best move: in Nim from a
// pile of 10 (take 1…3; taking 2 leaves a multiple of 4 and wins), with the seed fixed.
func TestMCTSExplorationConcentrates(t *testing.T) {
	r := newNim(2, 10)
	share := func(c float64) float64 {
		m := NewMCTS(Options{Iterations: 3000, Seed: 1, Exploration: c})
		res, err := m.Search(t.Context(), r.Start())
		if err != nil {
			t.Fatal(err)
		}
		if got := r.FormatMove(res.Move); got != "2" {
			t.Errorf("C %v: played %s, want 2 (the winning take)", c, got)
		}
		return float64(res.Children[0].Visits) / float64(res.Iterations)
	}
	narrow, wide := share(0.35), share(math.Sqrt2)
	if narrow <= wide {
		t.Errorf("the winning move had %.1f%% of the visits with C 0.35, %.1f%% with √2: want more with the smaller constant",
			100*narrow, 100*wide)
	}
	t.Logf("the winning move's share of 3000 playouts: %.1f%% with C 0.35, %.1f%% with √2", 100*narrow, 100*wide)
}

// The AI's MCTS explores with the game's own constant where it has one
// (engine.Exploration: Krypte, Push) and with √2 elsewhere (Push 4), from its first search to
// its last, whatever constant the caller's options give.
func TestAIExplorationByGame(t *testing.T) {
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
	if _, ok := engine.Rules(p4).(engine.Exploration); ok {
		t.Fatal("Push 4 implements engine.Exploration; this test wants a game that does not")
	}
	for _, c := range []struct {
		r    engine.Rules
		want float64
	}{{kr, kr.Exploration()}, {pu, pu.Exploration()}, {p4, math.Sqrt2}} {
		a := NewAI(c.r, Options{Iterations: 200, Seed: 1, Exploration: 3})
		check := func(when string) {
			t.Helper()
			if got := a.mcts.opt.Exploration; got != c.want {
				t.Errorf("%s: %s the AI's MCTS explores with C %v, want %v", c.r.ID(), when, got, c.want)
			}
		}
		check("new,")
		a.SetOptions(Options{Think: 200 * time.Millisecond, Seed: 2, Exploration: 3})
		check("after SetOptions")
		if _, err := a.Search(t.Context(), c.r.Start()); err != nil {
			t.Fatal(err)
		}
		check("after a search")
	}
}
