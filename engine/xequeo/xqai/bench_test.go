package xqai

import (
	"context"
	"testing"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/xequeo"
)

// benchPosition is a round of seed 1 two moves in: the ring on d6, Player 2 to move.
func benchPosition(tb testing.TB) (*xequeo.Rules, *xequeo.State) {
	tb.Helper()
	r, err := xequeo.New(nil)
	if err != nil {
		tb.Fatal(err)
	}
	s := r.Start().(*xequeo.State)
	for _, m := range []string{"@d6", "b3-c4", "f1-f2"} {
		if _, err := engine.Play(s, m); err != nil {
			tb.Fatal(err)
		}
	}
	return r, s
}

// BenchmarkAIMove is one decision of the move phase with a budget of 1000 playouts.
func BenchmarkAIMove(b *testing.B) {
	r, s := benchPosition(b)
	a := NewAI(r, s.Turn(), Options{Iterations: 1000, Seed: 1})
	ctx := context.Background()
	if _, err := a.Choose(ctx, s); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := a.Act(ctx, s); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(a.Stats().Playouts), "playouts/op")
}
