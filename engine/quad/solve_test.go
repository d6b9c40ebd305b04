package quad

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/enginetest"
	"github.com/tavoliere/tavoliere/engine/search"
)

// positionsWith returns n positions of seeded random games with exactly pieces pieces on
// the board, none of them over.
func positionsWith(r *Rules, seed uint64, n, pieces int) []*State {
	rng := rand.New(rand.NewPCG(seed, 0x501e))
	var out []*State
	for len(out) < n {
		s := r.Start().(*State)
		for s.Ply() < pieces && !s.Outcome().Over {
			moves := s.Legal(nil)
			s.Play(moves[rng.IntN(len(moves))])
		}
		if !s.Outcome().Over {
			out = append(out, s)
		}
	}
	return out
}

// moveValues returns each legal move of s with its value for the mover, by plain negamax:
// 1 for a move that makes a line, else minus the value of the position after it.
func moveValues(s engine.State) ([]engine.Move, []int) {
	moves := s.Legal(nil)
	values := make([]int, len(moves))
	for i, m := range moves {
		s.Play(m)
		if o := s.Outcome(); o.Over && o.Winners != 0 {
			values[i] = 1
		} else {
			values[i] = -search.Negamax(s)
		}
		s.Undo()
	}
	return moves, values
}

// solvedValues returns each legal move of s with its value for the mover, by sv's solve of
// the position after it (a finished game's value is -1 for the player to move, so a move
// that makes a line is worth 1).
func solvedValues(t testing.TB, sv engine.Solver, s engine.State) ([]engine.Move, []int) {
	t.Helper()
	moves := s.Legal(nil)
	values := make([]int, len(moves))
	for j, m := range moves {
		s.Play(m)
		c, err := sv.Solve(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		values[j] = -c.Value
		s.Undo()
	}
	return moves, values
}

// bestOf returns the moves whose value is the greatest, and that value.
func bestOf(moves []engine.Move, values []int) ([]engine.Move, int) {
	v := slices.Max(values)
	var best []engine.Move
	for i, m := range moves {
		if values[i] == v {
			best = append(best, m)
		}
	}
	return best, v
}

func formatMoves(r *Rules, moves []engine.Move) string {
	var out []string
	for _, m := range moves {
		out = append(out, r.FormatMove(m))
	}
	return strings.Join(out, " ")
}

// TestSolveNegamax checks the solver against plain negamax on random positions late enough
// for negamax: the value, and Best as the moves whose value after them is the value. One
// solver serves all positions, so that its table carries over between calls.
func TestSolveNegamax(t *testing.T) {
	n, fewest := 200, 8
	if short() {
		n, fewest = 60, 9
	}
	tablesOnce.Do(initTables) // for threats below
	for f, first := range []string{"light", "dark"} {
		r := mustRules(t, map[string]string{"first": first})
		sv := NewSolver()
		values := map[int]int{}
		for i, seed := 0, uint64(f<<20); i < n; seed++ {
			s := positionsWith(r, seed, 1, fewest+i%(16-fewest))[0]
			// Most positions where the mover completes a line at once are left out: they
			// are decided before the search.
			if win, _ := nodeOf(&s.pos).threats(); win != 0 && i%4 != 0 {
				continue
			}
			i++
			before, hash := s.String(), s.Hash()
			sol, err := sv.Solve(context.Background(), s)
			if err != nil {
				t.Fatalf("%s: %v", s, err)
			}
			if s.String() != before || s.Hash() != hash {
				t.Fatalf("Solve changed %s into %s", before, s)
			}
			moves, vals := moveValues(s)
			best, v := bestOf(moves, vals)
			if nm := search.Negamax(s); nm != v {
				t.Fatalf("%s: negamax %d, its moves %d", s, nm, v)
			}
			if sol.Value != v || !slices.Equal(sol.Best, best) || sol.Plies != -1 || sol.Nodes == 0 {
				t.Fatalf("%s: value %d best %s (plies %d, %d nodes); negamax %d best %s",
					s, sol.Value, formatMoves(r, sol.Best), sol.Plies, sol.Nodes, v, formatMoves(r, best))
			}
			values[v]++
		}
		t.Logf("first=%s: values %v", first, values)
		if len(values) != 3 {
			t.Errorf("first=%s: values %v: the sample should hold wins, draws and losses", first, values)
		}
	}
}

// TestSolveConsistent checks positions too early for negamax against the solver itself:
// the value is the best of the moves' values, and Best holds the moves that reach it.
func TestSolveConsistent(t *testing.T) {
	r := mustRules(t, nil)
	n := 12
	if short() {
		n = 3
	}
	sv := NewSolver()
	for i := range n {
		s := positionsWith(r, uint64(100+i), 1, BookPieces+2+i%3)[0]
		sol, err := sv.Solve(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		moves, values := solvedValues(t, sv, s)
		if best, v := bestOf(moves, values); sol.Value != v || !slices.Equal(sol.Best, best) {
			t.Errorf("%s: value %d best %s; its moves give %d best %s",
				s, sol.Value, formatMoves(r, sol.Best), v, formatMoves(r, best))
		}
	}
}

// TestSolveLimits: search alone (the solver without its book) refuses the positions before
// the book's; the solver takes finished games, and refuses another game's positions.
func TestSolveLimits(t *testing.T) {
	r := mustRules(t, nil)
	alone := newSolver(nil)
	ctx := context.Background()
	for pieces := range BookPieces {
		s := positionsWith(r, 1, 1, pieces)[0]
		if _, err := alone.Solve(ctx, s); !errors.Is(err, engine.ErrTooDeep) {
			t.Errorf("%s: %v, want ErrTooDeep", s, err)
		}
	}
	s := positionsWith(r, 1, 1, BookPieces)[0]
	if _, err := alone.Solve(ctx, s); err != nil {
		t.Errorf("%s, %d pieces: %v", s, BookPieces, err)
	}
	sv := r.NewSolver()

	// Finished games: the side to move has lost, or it is a draw.
	for _, c := range []struct {
		pos   string
		value int
	}{
		{"......../......../......../QFrfRFqf l", -1},
		{"qhRFQHrh/RHRHqfRF/rfrhQFQH/QFqfrfqh l", 0},
	} {
		sol, err := sv.Solve(ctx, mustParse(t, r, c.pos))
		if err != nil || sol.Value != c.value || len(sol.Best) != 0 || sol.Plies != 0 {
			t.Errorf("%s: %+v, %v; want value %d, no moves", c.pos, sol, err, c.value)
		}
	}

	if _, err := sv.Solve(ctx, otherState{r.Start()}); err == nil {
		t.Error("a position of another game solved")
	}
}

// TestWins: Wins says whether the side to move wins, as Solve's value does, on random
// positions with 6 pieces and on the empty board, and refuses what Solve refuses.
func TestWins(t *testing.T) {
	r := mustRules(t, nil)
	sv, wsv := NewSolver(), NewSolver()
	wins := 0
	for _, s := range positionsWith(r, 23, 60, 6) {
		sol, err := sv.Solve(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		won, err := wsv.Wins(context.Background(), s)
		if err != nil || won != (sol.Value == 1) {
			t.Errorf("%s: Wins %v, %v; value %d", s, won, err, sol.Value)
		}
		if won {
			wins++
		}
	}
	start, err := sv.Solve(context.Background(), r.Start())
	if err != nil {
		t.Fatal(err)
	}
	if won, err := wsv.Wins(context.Background(), r.Start()); err != nil || won != (start.Value == 1) || start.Value != -1 {
		t.Errorf("start: Wins %v, %v; value %d, want -1: the first player loses (the book)", won, err, start.Value)
	}
	if wins == 0 || wins == 60 {
		t.Errorf("%d of 60 positions won: want both kinds", wins)
	}
	if _, err := newSolver(nil).Wins(context.Background(), r.Start()); !errors.Is(err, engine.ErrTooDeep) {
		t.Errorf("start, without the book: %v, want ErrTooDeep", err)
	}
}

// TestSolveWinBeforeDeadline: the solver returns a win proven before its deadline, with the
// winning moves it had found (enginetest.WinBeforeDeadline), in positions with 5 pieces.
func TestSolveWinBeforeDeadline(t *testing.T) {
	r := mustRules(t, nil)
	var positions []engine.State
	for _, s := range positionsWith(r, 17, 40, 5) {
		positions = append(positions, s)
	}
	enginetest.WinBeforeDeadline(t, r.NewSolver, positions, 4)
}

// otherState is a State of some other game, as far as the solver can tell.
type otherState struct{ engine.State }

// TestSolveCancel: a cancelled solve returns the context's error, and leaves a solver that
// still solves right.
func TestSolveCancel(t *testing.T) {
	r := mustRules(t, nil)
	s := mustParse(t, r, benchPositions[0].pos)
	sv := NewSolver()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := sv.Solve(ctx, s); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled before: %v", err)
	}
	ctx, cancel = context.WithTimeout(context.Background(), time.Millisecond)
	defer cancel()
	if _, err := sv.Solve(ctx, s); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("a millisecond for %s: %v", s, err)
	}
	if short() {
		return // a solve at BookPieces takes seconds with the race detector
	}
	sol, err := sv.Solve(context.Background(), s)
	if err != nil || sol.Value != benchPositions[0].value || formatMoves(r, sol.Best) != benchPositions[0].best {
		t.Errorf("after the cancelled solves: %+v, %v", sol, err)
	}
}

// benchPositions are positions with BookPieces pieces, with their solutions (Best left out
// for a loss, where it holds every move).
var benchPositions = []struct {
	name, pos string
	value     int
	best      string
}{
	{"draw", "QH....../rhQF..qf/......../........ l", 0, "RHb1 RHc1 RHd1 RHb2 RHc2 RHd2 RHc3 RHb4 RHc4 RHd4 " +
		"QHb1 QHc1 QHb2 QHd2 RFa1 RFb1 RFc1 RFd1 RFa2 RFb2 RFc2 RFd2 RFc3 RFb4 RFc4 RFd4 QFa1 QFb1 QFc1 QFa2 QFb2 QFd2 QFd4"},
	{"win", "......../rh....rh/......../QH....QF l", 1, "QFb2"}, // no line to complete yet
	{"loss", "......../..rfqh../....QF../..RF.... l", -1, ""},
}

func TestSolveBenchPositions(t *testing.T) {
	if short() {
		t.Skip("solves at BookPieces take seconds with the race detector")
	}
	r := mustRules(t, nil)
	for _, c := range benchPositions {
		s := mustParse(t, r, c.pos)
		if s.Ply() != BookPieces {
			t.Errorf("%s: %d pieces, want BookPieces", c.pos, s.Ply())
		}
		sol, err := NewSolver().Solve(context.Background(), s)
		best := formatMoves(r, sol.Best)
		if c.value == -1 {
			best = ""
			if len(sol.Best) != len(s.Legal(nil)) {
				t.Errorf("%s: a loss, but Best omits moves", c.pos)
			}
		}
		if err != nil || sol.Value != c.value || best != c.best {
			t.Errorf("%s: value %d best %s, %v; want %d %s", c.pos, sol.Value, best, err, c.value, c.best)
		}
	}
}

// BenchmarkSolve solves, each time with a cold table, the positions of benchPositions with
// the book and by search alone, and the empty board with the book.
func BenchmarkSolve(b *testing.B) {
	r := mustRules(b, nil)
	bk, err := embeddedBook()
	if err != nil {
		b.Fatal(err)
	}
	type bench struct {
		name string
		pos  *State
		book *book
	}
	var cases []bench
	for _, c := range benchPositions {
		s := mustParse(b, r, c.pos)
		cases = append(cases,
			bench{fmt.Sprintf("%s/%d-pieces", c.name, BookPieces), s, bk},
			bench{fmt.Sprintf("%s/%d-pieces/search-alone", c.name, BookPieces), s, nil})
	}
	cases = append(cases, bench{"loss/empty-board", r.Start().(*State), bk})
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			var nodes uint64
			for b.Loop() {
				sol, err := newSolver(c.book).Solve(context.Background(), c.pos) // a cold table each time
				if err != nil {
					b.Fatal(err)
				}
				nodes += sol.Nodes
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}
