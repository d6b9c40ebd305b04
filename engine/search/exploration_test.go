package search

import (
	"math"
	"testing"
)

// A smaller UCT constant spends more of the same playouts on the best move: in Nim from a
// pile of 10 (take 1…3; taking 2 leaves a multiple of 4 and wins), with the seed fixed.
func TestMCTSExplorationConcentrates(t *testing.T) {
	r := newNim(2, 10)
	share := func(c float64) float64 {
		m := NewMCTS(MCTSOptions{Iterations: 3000, Seed: 1, Exploration: c})
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
