package quantik

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/engine/search"
)

// TestAINeverLosesAWonGame: Quantik's start is lost for the player to move (the solver), so
// the AI moving second wins every game against a random first player, and it never lets a
// won position go.
func TestAINeverLosesAWonGame(t *testing.T) {
	games := 20
	if short() {
		games = 5
	}
	r, err := New(nil)
	if err != nil {
		t.Fatal(err)
	}
	ai := search.NewAI(r, search.Options{Think: 10 * time.Second, Seed: 1})
	check := NewSolver()
	rng := rand.New(rand.NewPCG(5, 6))
	for g := range games {
		s := r.Start()
		for !s.Outcome().Over {
			if s.Turn() == r.First() {
				legal := s.Legal(nil)
				s.Play(legal[rng.IntN(len(legal))])
				continue
			}
			res, err := ai.Search(context.Background(), s)
			if err != nil {
				t.Fatal(err)
			}
			before, err := check.Solve(context.Background(), s)
			if err != nil {
				t.Fatal(err)
			}
			s.Play(res.Move)
			if before.Value == 1 && !s.Outcome().Over {
				after, err := check.Solve(context.Background(), s)
				if err != nil {
					t.Fatal(err)
				}
				if after.Value != -1 {
					t.Fatalf("game %d: the AI's %s lets a won position go", g, r.FormatMove(res.Move))
				}
			}
		}
		if o := s.Outcome(); !o.Won(1 - r.First()) {
			t.Fatalf("game %d: %s, want the second player's win", g, o.Text(r))
		}
	}
}
