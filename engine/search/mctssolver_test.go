package search

import (
	"fmt"
	"testing"

	"github.com/tavoliere/tavoliere/engine"
)

// With MCTSOptions.Solve, MCTS proves two-player Nim's positions: the root's proven value is
// the one Negamax finds, a won root is answered with a winning move, a lost one has every
// move proven lost, and the search stops once the root is proven. A move cap makes draws.
func TestMCTSSolverNim(t *testing.T) {
	for _, moveCap := range []int{0, 7} {
		for pile := 1; pile <= 14; pile++ {
			r := newNim(2, pile)
			r.moveCap = moveCap
			t.Run(fmt.Sprintf("cap %d pile %d", moveCap, pile), func(t *testing.T) {
				s := r.Start()
				want := Negamax(s.Clone())
				const budget = 200000
				res, err := NewMCTS(MCTSOptions{Iterations: budget, Seed: 3, Solve: true}).Search(t.Context(), s)
				if err != nil {
					t.Fatal(err)
				}
				if res.Iterations >= budget {
					t.Fatalf("root not proven in %d iterations; children %v", budget, res.Children)
				}
				best := res.Children[0]
				if !best.Proven || best.Value != float64(want+1)/2 || res.Value != best.Value || res.Move != best.Move {
					t.Fatalf("Negamax %d, search says move %d value %v; children %v", want, res.Move, res.Value, res.Children)
				}
				// The move chosen keeps the value.
				s.Play(res.Move)
				after := Negamax(s.Clone())
				if s.Turn() != 0 {
					after = -after
				}
				if after != want {
					t.Errorf("move %d leads to value %d, the position's is %d", res.Move, after, want)
				}
				if want == -1 {
					for _, c := range res.Children {
						if !c.Proven || c.Value != 0 {
							t.Errorf("lost root: move %d not proven lost: %+v", c.Move, c)
						}
					}
				}
			})
		}
	}
}

// Past two sides, a position is proven only when its player to move has a proven win: when
// every move of his loses, which opponent wins is not his choice, and the playouts weigh it.
func TestMCTSSolverThreePlayers(t *testing.T) {
	r := newNim(3, 4) // every move leaves 1…3 stones, which the next player takes
	const budget = 2000
	res, err := NewMCTS(MCTSOptions{Iterations: budget, Seed: 1, Solve: true}).Search(t.Context(), r.Start())
	if err != nil {
		t.Fatal(err)
	}
	if res.Iterations != budget {
		t.Errorf("the root was proven after %d iterations; it must not be", res.Iterations)
	}
	for _, c := range res.Children {
		if !c.Proven || c.Value != 0 {
			t.Errorf("move %d: %+v, want proven lost", c.Move, c)
		}
	}
	// Three stones: the player to move takes them all.
	res, err = NewMCTS(MCTSOptions{Iterations: budget, Seed: 1, Solve: true}).Search(t.Context(), r.at(3, 1))
	if err != nil {
		t.Fatal(err)
	}
	if res.Move != 3 || !res.Children[0].Proven || res.Value != 1 || res.Iterations >= budget {
		t.Errorf("pile 3: move %d value %v after %d iterations; want 3, proven won, early stop",
			res.Move, res.Value, res.Iterations)
	}
}

// A team's win proves the position for the partner too.
func TestMCTSSolverTeams(t *testing.T) {
	r := newNim(4, 8)
	r.teams = true
	// Player 1 takes 2 of 6 and leaves 4: player 2 must leave 1…3 for player 3, player 1's
	// partner, who takes the last stone.
	s := r.at(6, 1)
	res, err := NewMCTS(MCTSOptions{Iterations: 100000, Seed: 2, Solve: true}).Search(t.Context(), s)
	if err != nil {
		t.Fatal(err)
	}
	if res.Move != 2 || !res.Children[0].Proven || res.Value != 1 {
		t.Errorf("move %d, children %v; want 2 proven won", res.Move, res.Children)
	}
}

// The baseline proves nothing: it is plain UCT.
func TestMCTSBaselineProvesNothing(t *testing.T) {
	r := newNim(2, 3)
	const budget = 500
	res, err := NewMCTS(MCTSOptions{Iterations: budget, Seed: 1}).Search(t.Context(), r.Start())
	if err != nil {
		t.Fatal(err)
	}
	if res.Iterations != budget {
		t.Errorf("baseline stopped after %d iterations of %d", res.Iterations, budget)
	}
	for _, c := range res.Children {
		if c.Proven {
			t.Errorf("baseline proved move %d", c.Move)
		}
	}
	var _ engine.Move = res.Move
}

// A move proven lost gets no more playouts while another remains: in Nim with 5 stones,
// taking 2 or 3 lets the opponent take the rest, which the first visits of their replies
// prove, so each is visited at most once for itself and once per reply (or less, when the
// root is proven first).
func TestMCTSSolverSkipsLostMoves(t *testing.T) {
	r := newNim(2, 5)
	for seed := range uint64(20) {
		res, err := NewMCTS(MCTSOptions{Iterations: 100000, Seed: seed, Solve: true}).Search(t.Context(), r.Start())
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range res.Children {
			if c.Move != 1 && (c.Visits > 4 || c.Proven && c.Value != 0) {
				t.Errorf("seed %d: move %d: %+v, want at most 4 visits, and lost if proven", seed, c.Move, c)
			}
		}
	}
}

// With MCTSOptions.Solve in a game with an endgame table (engine.Oracle), MCTS proves the
// positions the table knows: a pile of 201 or 202 stones, out of reach of proofs to the
// end within the budget, is proven won with the table of piles up to 195, and lost at 200
// or 204, by two players or two teams; the search stops once the root is proven. Without
// the table, or in a game of three players, it proves nothing.
func TestMCTSSolverOracle(t *testing.T) {
	const budget = 20000
	for _, c := range []struct {
		players, pile, table int
		teams, proven        bool
	}{
		{2, 201, 195, false, true},
		{2, 202, 195, false, true},
		{2, 200, 195, false, true},
		{2, 204, 195, false, true},
		{4, 202, 195, true, true}, // two teams: a table's win is the team's
		{4, 200, 195, true, true},
		{2, 202, 0, false, false},
		{3, 202, 195, false, false},
	} {
		r := newNim(c.players, c.pile)
		r.table, r.teams = c.table, c.teams
		res, err := NewMCTS(MCTSOptions{Iterations: budget, Seed: 1, Solve: true, Decisive: true}).Search(t.Context(), r.Start())
		if err != nil {
			t.Fatal(err)
		}
		won := c.pile%4 != 0
		allProven := len(res.Children) > 0
		for _, ch := range res.Children {
			allProven = allProven && ch.Proven
		}
		switch {
		case c.proven && won && (!res.Children[0].Proven || res.Value != 1 || int(res.Move) != c.pile%4):
			t.Errorf("%+v: takes %d (value %v, proven %v), want %d proven won", c, res.Move, res.Value, res.Children[0].Proven, c.pile%4)
		case c.proven && !won && (!allProven || res.Value != 0):
			t.Errorf("%+v: value %v, children %+v: want every move proven lost", c, res.Value, res.Children)
		case c.proven && res.Iterations >= budget:
			t.Errorf("%+v: %d iterations: want the search to stop once the root is proven", c, res.Iterations)
		case !c.proven && (res.Children[0].Proven || res.Iterations != budget):
			t.Errorf("%+v: %+v after %d iterations: want nothing proven", c, res.Children[0], res.Iterations)
		}
	}
}

// A playout that reaches a position the table knows ends there with the table's value,
// with MCTSOptions.Solve (the AI's MCTS): a table that calls every pile up to 150 won for the
// player to move keeps every line of the search above 147, and its values decide the
// root's: a pile of 151 is lost (every move leaves the opponent a pile of the table), so
// are 155 and 159, and from 160 taking one wins. The baseline, without
// Solve, plays its playouts to the last stone.
func TestMCTSOracleEndsPlayouts(t *testing.T) {
	for _, solve := range []bool{true, false} {
		r := newNim(2, 160)
		r.table, r.lie, r.lowest = 150, true, 160
		res, err := NewMCTS(MCTSOptions{Iterations: 3000, Seed: 1, Solve: solve}).Search(t.Context(), r.Start())
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case solve && (r.lowest < 148 || res.Move != 1 || res.Value != 1):
			t.Errorf("with Solve: the search reached a pile of %d, takes %d (value %.3f): want none below 148, and 1 to win", r.lowest, res.Move, res.Value)
		case !solve && r.lowest > 0:
			t.Errorf("without Solve: the lowest pile %d: want the playouts to reach 0", r.lowest)
		}
	}
}
