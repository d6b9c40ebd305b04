package quixo

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/search"
)

// boardOf returns the cubes of a and b as a board: a shows X when xa, else O.
func boardOf(a, b uint32, xa bool) *[cells]engine.Piece {
	var board [cells]engine.Piece
	mine, theirs := Cube(Crosses, 0), Cube(Circles, 0)
	if !xa {
		mine, theirs = theirs, mine
	}
	for sq := range board {
		switch {
		case a&(1<<sq) != 0:
			board[sq] = mine
		case b&(1<<sq) != 0:
			board[sq] = theirs
		default:
			board[sq] = Blank
		}
	}
	return &board
}

// TestTableSolver: with a table loaded, the solver gives each position the table's value,
// for X to move and for O (the colour swap is one entry), and its best moves are exactly
// those that keep the value with the fewest plies to a win or the most to a loss.
func TestTableSolver(t *testing.T) {
	sub, tab, _ := fullBoardsTable(t)
	r, _ := New(ID, nil)
	if _, err := r.NewSolver().Solve(context.Background(), r.Start()); !errors.Is(err, engine.ErrTooDeep) {
		t.Fatalf("without a table: %v, want ErrTooDeep", err)
	}
	SetTable(tab)
	t.Cleanup(func() { SetTable(nil) })
	sv := r.NewSolver()
	if _, err := sv.Solve(context.Background(), r.Start()); !errors.Is(err, engine.ErrTooDeep) {
		t.Fatalf("the start: %v, want ErrTooDeep", err)
	}
	rng := rand.New(rand.NewPCG(7, 8))
	counts := map[int]int{}
	for _, i := range sub.list {
		e := tab.entries[i]
		if e == entryNone || e == 0 && counts[0] > 20 || e != 0 && rng.IntN(300) != 0 {
			continue
		}
		want := decodeEntry(e)
		a, b := tablePosition(i)
		for turn := range 2 {
			s := r.NewState(boardOf(a, b, turn == Crosses), turn, 10)
			sol, err := sv.Solve(context.Background(), s)
			if err != nil {
				t.Fatalf("%s: %v", s, err)
			}
			if sol.Value != want.Value || want.Value != 0 && sol.Plies != want.Plies {
				t.Fatalf("%s: value %d in %d plies, the table says %+v", s, sol.Value, sol.Plies, want)
			}
			if v, n, ok := r.Lookup(s); !ok || v != want.Value || n != want.Plies {
				t.Fatalf("%s: Lookup %d %d %v, want %+v", s, v, n, ok, want)
			}
			// Each move's value by the table, to the mover.
			for _, m := range s.Legal(nil) {
				s.Play(m)
				v, n := 0, 0
				switch o := s.Outcome(); {
				case o.Over && o.Won(turn):
					v, n = 1, 1
				case o.Over:
					v, n = -1, 1
				default:
					c := decodeEntry(tab.entries[tableIndex(uint32(s.symbols(turn^1)), uint32(s.symbols(turn)))])
					v, n = -c.Value, c.Plies+1
				}
				s.Undo()
				keeps := v == want.Value && (v == 0 || n == want.Plies)
				if keeps != slices.Contains(sol.Best, m) {
					t.Fatalf("%s: %s (value %d in %d plies) keeps the value: %v; in Best %v", s, r.FormatMove(m), v, n, keeps, sol.Best)
				}
			}
		}
		counts[want.Value]++
	}
	if counts[1] == 0 || counts[0] == 0 || counts[-1] == 0 {
		t.Fatalf("checked %v: want wins, draws and losses", counts)
	}
	// The AI never plays a move that loses value, or wins slower or loses sooner than the
	// table's best, on 60 positions: wins, draws and losses.
	ai := search.NewAI(r, search.Options{Iterations: 1000, Seed: 1})
	played := map[int]int{}
	for _, i := range sub.list {
		e := tab.entries[i]
		if e == entryNone || played[decodeEntry(e).Value] >= 20 || rng.IntN(50) != 0 {
			continue
		}
		a, b := tablePosition(i)
		s := r.NewState(boardOf(a, b, true), Crosses, 0)
		sol, _ := sv.Solve(context.Background(), s)
		res, err := ai.Search(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(sol.Best, res.Move) {
			t.Fatalf("%s: the AI plays %s, not one of %v", s, r.FormatMove(res.Move), sol.Best)
		}
		played[decodeEntry(e).Value]++
	}
	if played[1] < 20 || played[0] < 20 || played[-1] < 20 {
		t.Fatalf("the AI played %v: want 20 wins, draws and losses", played)
	}
}

// TestTableMoveCap: a win or loss that the move cap would end first is not the table's
// to give a search (Lookup), and the solver finds it drawn; Quixo for four has no table.
func TestTableMoveCap(t *testing.T) {
	sub, tab, _ := fullBoardsTable(t)
	SetTable(tab)
	t.Cleanup(func() { SetTable(nil) })
	r, _ := New(ID, map[string]string{"move-cap": "100"})
	for _, i := range sub.list {
		e := decodeEntry(tab.entries[i])
		if tab.entries[i] == entryNone || e.Plies < 3 {
			continue
		}
		a, b := tablePosition(i)
		for _, c := range []struct {
			ply   int
			ok    bool
			value int
		}{{100 - e.Plies, true, e.Value}, {101 - e.Plies, false, 0}} {
			s := r.NewState(boardOf(a, b, true), Crosses, c.ply)
			_, _, ok := r.Lookup(s)
			sol, err := r.NewSolver().Solve(context.Background(), s)
			if ok != c.ok || err != nil || sol.Value != c.value {
				t.Fatalf("%s, %d plies to the end, cap 100: Lookup %v, Solve %+v %v", s, e.Plies, ok, sol, err)
			}
		}
		break
	}
	r4, _ := New(ID4, nil)
	if _, err := r4.NewSolver().Solve(context.Background(), r4.Start()); !errors.Is(err, engine.ErrTooDeep) {
		t.Fatalf("quixo4: %v, want ErrTooDeep", err)
	}
}
