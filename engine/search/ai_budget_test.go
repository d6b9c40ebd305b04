package search_test

import (
	"context"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/krypte"
	"github.com/tavoliere/tavoliere/engine/quixo"
	"github.com/tavoliere/tavoliere/engine/search"
)

// TestAIAlphaBetaBudget: Krypte's evaluation serves alpha-beta up to 100 ms a move
// (engine.Tuning.AlphaBetaUpTo); the AI searches with alpha-beta within it, or with a budget of
// iterations, and with MCTS beyond it. MCTS reports its root moves' statistics
// (Result.Children), alpha-beta does not.
func TestAIAlphaBetaBudget(t *testing.T) {
	r, err := krypte.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := engine.TuningOf(r).AlphaBetaUpTo; got != 100*time.Millisecond {
		t.Fatalf("Krypte's AlphaBetaUpTo %v, want 100ms", got)
	}
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

// TestAIQuixoMCTS: in Quixo and Quixo for four the AI searches with MCTS at every time per
// move (their AlphaBetaUpTo is NoAlphaBeta), and with alpha-beta only on a budget of
// iterations.
func TestAIQuixoMCTS(t *testing.T) {
	for _, c := range []struct{ id, position string }{
		{quixo.ID, "X...O/.X.O./..X../...../O.... X 5"},
		{quixo.ID4, "..X../.O.x./..o../X...O/..... A1 6"},
	} {
		r, err := quixo.New(c.id, nil)
		if err != nil {
			t.Fatal(err)
		}
		s := parse(t, r, c.position)
		for _, o := range []search.Options{
			{Think: 20 * time.Millisecond},
			{Think: 150 * time.Millisecond},
			{Iterations: 2000},
		} {
			res, err := search.NewAI(r, o).Search(context.Background(), s)
			if err != nil {
				t.Fatal(err)
			}
			if mcts := o.Think > 0; (len(res.Children) > 0) != mcts || mcts != (res.Depth == 0) {
				t.Errorf("%s %+v: %d root statistics, depth %d: MCTS %v, want %v",
					c.id, o, len(res.Children), res.Depth, len(res.Children) > 0, mcts)
			}
		}
	}
}
