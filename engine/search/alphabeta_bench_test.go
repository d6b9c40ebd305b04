package search_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/quadwrangle"
	"github.com/tavoliere/tavoliere/engine/quixo"
	"github.com/tavoliere/tavoliere/engine/registry"
	"github.com/tavoliere/tavoliere/engine/search"
)

// BenchmarkAlphaBeta searches a midgame of each game with an evaluation to a fixed number
// of nodes, with a table that is warm from the first search: ns/node and allocations per
// search, which are the root's move list and nothing per node.
func BenchmarkAlphaBeta(b *testing.B) {
	for _, c := range []struct {
		id, position string
		plies        int // random plies from the start when position is empty
	}{
		{id: quixo.ID, position: "X...O/.X.O./..X../...../O.... X 5"},
		{id: quixo.ID4, plies: 8},
		{id: quadwrangle.IDQuadWrangle, plies: 10},
		{id: quadwrangle.IDCrowded, plies: 10},
		{id: "krypte", plies: 8},
	} {
		b.Run(c.id, func(b *testing.B) {
			r, s := benchPosition(b, c.id, c.position, c.plies)
			const nodes = 100_000
			ab := search.NewAlphaBeta(r.(engine.Evaluator), search.AlphaBetaOptions{Nodes: nodes}, 0)
			if _, err := ab.Search(context.Background(), s); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.ResetTimer()
			var searched, depth int
			for b.Loop() {
				res, err := ab.Search(context.Background(), s)
				if err != nil {
					b.Fatal(err)
				}
				searched += res.Iterations
				depth = res.Depth
			}
			b.ReportMetric(float64(depth), "depth")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(searched), "ns/node")
			b.ReportMetric(float64(searched)/float64(b.N), "nodes/op")
		})
	}
}

// benchPosition returns the rules of game id and its position, parsed, or reached by
// plies random moves (seeded) from the start.
func benchPosition(b *testing.B, id, position string, plies int) (engine.Rules, engine.State) {
	r, err := registry.New(id, nil)
	if err != nil {
		b.Fatal(err)
	}
	if position != "" {
		s, err := r.ParsePosition(position)
		if err != nil {
			b.Fatal(err)
		}
		return r, s
	}
	rng := rand.New(rand.NewPCG(1, 2))
	s := r.Start()
	for range plies {
		ms := s.Legal(nil)
		s.Play(ms[rng.IntN(len(ms))])
	}
	if s.Outcome().Over {
		b.Fatalf("%s: the game is over after %d random plies", id, plies)
	}
	return r, s
}

// BenchmarkAlphaBetaDepth times a search to a fixed depth from four midgames of each game
// with an evaluation (random plies from the start), each with a fresh table: what move
// ordering buys at a fixed time.
func BenchmarkAlphaBetaDepth(b *testing.B) {
	for _, c := range []struct {
		id           string
		plies, depth int
	}{
		{quixo.ID, 6, 6},
		{quixo.ID4, 8, 5},
		{quadwrangle.IDQuadWrangle, 10, 5},
		{quadwrangle.IDCrowded, 10, 6},
	} {
		b.Run(fmt.Sprintf("%s/depth=%d", c.id, c.depth), func(b *testing.B) {
			r, err := registry.New(c.id, nil)
			if err != nil {
				b.Fatal(err)
			}
			var starts []engine.State
			for p := range uint64(4) {
				rng := rand.New(rand.NewPCG(p+1, 2))
				s := r.Start()
				for range c.plies {
					ms := s.Legal(nil)
					s.Play(ms[rng.IntN(len(ms))])
				}
				starts = append(starts, s)
			}
			nodes := 0
			for b.Loop() {
				for _, s := range starts {
					ab := search.NewAlphaBeta(r.(engine.Evaluator), search.AlphaBetaOptions{Nodes: 1 << 30, Depth: c.depth}, 0)
					res, err := ab.Search(context.Background(), s)
					if err != nil {
						b.Fatal(err)
					}
					if res.Depth != c.depth && res.Value != 0 && res.Value != 1 {
						b.Fatalf("%s: depth %d, want %d", s, res.Depth, c.depth)
					}
					nodes += res.Iterations
				}
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}
