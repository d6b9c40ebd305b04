package search_test

import (
	"context"
	"testing"

	"github.com/tavoliere/tavoliere/engine/quixo"
	"github.com/tavoliere/tavoliere/engine/search"
)

// BenchmarkAlphaBeta searches a Quixo midgame to a fixed number of nodes with a table that
// is warm from the first search: ns/node and allocations per search, which are the root's
// move list and nothing per node.
func BenchmarkAlphaBeta(b *testing.B) {
	r, err := quixo.New(quixo.ID, nil)
	if err != nil {
		b.Fatal(err)
	}
	s, err := r.ParsePosition("X...O/.X.O./..X../...../O.... X 5")
	if err != nil {
		b.Fatal(err)
	}
	const nodes = 100_000
	ab := search.NewAlphaBeta(r, search.Options{Iterations: nodes}, 0)
	if _, err := ab.Search(context.Background(), s); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	var searched int
	for b.Loop() {
		res, err := ab.Search(context.Background(), s)
		if err != nil {
			b.Fatal(err)
		}
		searched += res.Iterations
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(searched), "ns/node")
	b.ReportMetric(float64(searched)/float64(b.N), "nodes/op")
}
