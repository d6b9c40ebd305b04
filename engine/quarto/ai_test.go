package quarto

import (
	"context"
	"maps"
	"slices"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/search"
)

// TestAINeverHandsOverAWin: before the solver reaches, the AI's MCTS still never hands over
// a piece that completes a pattern at once while a safe piece exists, and takes a win.
func TestAINeverHandsOverAWin(t *testing.T) {
	r := mustRules(t, IDBase, nil)
	// Three tall pieces on row 1 (d1 empty): every tall piece handed over wins there.
	s := board(t, r, "sLRH", "a1 BLRH", "b1 BLQH", "c1 BDQH", "a3 sDRF")
	var ai *search.AI
	for seed := range uint64(8) {
		ai = search.NewAI(r, search.Options{Iterations: 200, Seed: seed})
		res, err := ai.Search(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		sq, give := Unpack(res.Move)
		if give >= 0 && give&Tall != 0 && sq != 3 {
			t.Fatalf("seed %d: %s hands over a tall piece with d1 open", seed, r.FormatMove(res.Move))
		}
	}
	// Holding a tall piece, the AI wins at once on d1.
	w := board(t, r, "BDRF", "a1 BLRH", "b1 BLQH", "c1 BDQH", "a3 sDRF")
	res, err := ai.Search(context.Background(), w)
	if err != nil || r.FormatMove(res.Move) != "d1" {
		t.Fatalf("holding a winning piece the AI plays %s, %v", r.FormatMove(res.Move), err)
	}
}

// TestAIPlaysExactly: once the solver reaches, the AI's move is one of the solver's best.
func TestAIPlaysExactly(t *testing.T) {
	r := mustRules(t, IDAdvanced, nil)
	sv := NewSolver(r)
	ai := search.NewAI(r, search.Options{Think: 5 * time.Second, Seed: 1})
	checked := 0
	for _, s := range midgames(r, 31, 20) {
		if s.Placed() < MinPlaced+2 {
			continue
		}
		sol, err := sv.Solve(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		res, err := ai.Search(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(sol.Best, res.Move) || res.Value != float64(sol.Value+1)/2 {
			t.Errorf("%s: AI plays %s (value %.1f); best %v, value %d", s, r.FormatMove(res.Move), res.Value, sol.Best, sol.Value)
		}
		checked++
	}
	if checked < 5 {
		t.Fatalf("only %d positions checked", checked)
	}
}

// TestAITemptingDraw: in a drawn position the AI plays a drawing move that leaves the
// opponent the largest share of losing replies, as plain negamax counts them, among the
// replies that do not hand the AI a piece that wins at once (blunders the opponent would
// not make).
func TestAITemptingDraw(t *testing.T) {
	r := mustRules(t, IDBase, nil)
	sv := NewSolver(r)
	// A budget far beyond what these positions need: the ranking runs within it.
	ai := search.NewAI(r, search.Options{Think: time.Minute, Seed: 1})
	checked, told := 0, 0
	for _, s := range midgames(r, 5, 1000) {
		if s.Placed() < 10 || checked >= 40 {
			continue
		}
		sol, err := sv.Solve(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		if sol.Value != 0 || len(sol.Best) < 2 {
			continue
		}
		me := s.Turn()
		share := map[engine.Move]float64{}
		for _, m := range sol.Best {
			s.Play(m)
			lost, considered := 0, 0
			for _, rep := range s.Legal(nil) {
				s.Play(rep)
				if _, blunder := engine.WinningMoveByPlay(s, s.Legal(nil)); !blunder {
					considered++
					v := search.Negamax(s.Clone())
					if s.Turn() != me {
						v = -v
					}
					if v > 0 {
						lost++
					}
				}
				s.Undo()
			}
			if considered == 0 {
				share[m] = -1 // every reply a blunder: not ranked
			} else {
				share[m] = float64(lost) / float64(considered)
			}
			s.Undo()
		}
		top := slices.Max(slices.Collect(maps.Values(share)))
		if top != slices.Min(slices.Collect(maps.Values(share))) {
			told++
		}
		res, err := ai.Search(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		if share[res.Move] != top {
			t.Errorf("%s: AI plays %s, whose share of losing replies is %.3f; the best is %.3f",
				s, r.FormatMove(res.Move), share[res.Move], top)
		}
		checked++
	}
	if checked < 20 || told < 5 {
		t.Fatalf("%d drawn positions checked, %d of them with drawing moves that differ", checked, told)
	}
}

// TestMCTSSolverAgainstNegamax: every root move that the AI's MCTS proves (MCTSOptions.Solve)
// has the value plain negamax gives it, on Quarto endgames.
func TestMCTSSolverAgainstNegamax(t *testing.T) {
	r := mustRules(t, IDBase, nil)
	m := search.NewMCTS(search.MCTSOptions{Iterations: 20000, Seed: 1, Solve: true, Decisive: true})
	proved := 0
	for _, s := range midgames(r, 9, 300) {
		if s.Placed() < 10 {
			continue
		}
		me := s.Turn()
		res, err := m.Search(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range res.Children {
			if !c.Proven {
				continue
			}
			s.Play(c.Move)
			v := search.Negamax(s.Clone())
			if s.Turn() != me {
				v = -v
			}
			s.Undo()
			if want := float64(v+1) / 2; c.Value != want {
				t.Errorf("%s: %s proven worth %v, negamax %v", s, r.FormatMove(c.Move), c.Value, want)
			}
			proved++
		}
	}
	if proved < 200 {
		t.Fatalf("only %d root moves proven", proved)
	}
}
