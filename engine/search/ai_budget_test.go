package search_test

import (
	"context"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/krypte"
	"github.com/tavoliere/tavoliere/engine/search"
)

// TestAIAlphaBetaBudget: Krypte's evaluation serves alpha-beta up to 100 ms a move
// (engine.AlphaBetaBudget); the AI searches with alpha-beta within it, or with a budget of
// iterations, and with MCTS beyond it. MCTS reports its root moves' statistics
// (Result.Children), alpha-beta does not.
func TestAIAlphaBetaBudget(t *testing.T) {
	r, err := krypte.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	var _ engine.AlphaBetaBudget = r
	s := parse(t, r, "......../......../......../...B..../...W..../......../......../........ b S")
	for _, c := range []struct {
		o    search.Options
		mcts bool
	}{
		{search.Options{Think: 20 * time.Millisecond}, false},
		{search.Options{Think: 100 * time.Millisecond}, false},
		{search.Options{Think: 150 * time.Millisecond}, true},
		{search.Options{Iterations: 2000}, false},
	} {
		res, err := search.NewAI(r, c.o).Search(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		if (len(res.Children) > 0) != c.mcts {
			t.Errorf("%+v: %d root statistics: MCTS %v, want %v", c.o, len(res.Children), len(res.Children) > 0, c.mcts)
		}
	}
}
