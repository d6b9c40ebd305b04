package search

import (
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/krypte"
	"github.com/tavoliere/tavoliere/engine/push4"
)

// The AI's playouts are careful where the game asks for it (engine.CarefulPlayouts: Push 4)
// and not elsewhere (Krypte), from its first search to its last.
func TestAICarefulByGame(t *testing.T) {
	p4, err := push4.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	kr, err := krypte.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		r    engine.Rules
		want bool
	}{{p4, true}, {kr, false}} {
		a := NewAI(c.r, Options{Iterations: 200, Seed: 1})
		if a.mcts.opt.Careful != c.want {
			t.Errorf("%s: new AI's playouts careful %v, want %v", c.r.ID(), a.mcts.opt.Careful, c.want)
		}
		a.SetOptions(Options{Think: 50 * time.Millisecond, Seed: 2})
		if a.mcts.opt.Careful != c.want {
			t.Errorf("%s: after SetOptions careful %v, want %v", c.r.ID(), a.mcts.opt.Careful, c.want)
		}
		if _, err := a.Search(t.Context(), c.r.Start()); err != nil {
			t.Fatal(err)
		}
		if a.mcts.opt.Careful != c.want {
			t.Errorf("%s: after a search careful %v, want %v", c.r.ID(), a.mcts.opt.Careful, c.want)
		}
	}
}
