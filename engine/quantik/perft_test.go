package quantik

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/enginetest"
	"github.com/tavoliere/tavoliere/engine/search"
)

// perftTable: counts from the empty board, computed by this engine and, to depth 5,
// independently by naivePerft (naive_test.go; TestPerftNaive). Depth 6 takes the engine
// half a minute.
var perftTable = []struct {
	depth int
	nodes uint64
	deep  bool
}{
	{1, 64, false},
	{2, 3392, false},
	{3, 167552, false},
	{4, 6776960, false},
	{5, 231883776, true},
	{6, 6241600512, true}, // (about half a minute: with -tags soak only, as CI runs it)
}

func TestPerft(t *testing.T) {
	r := mustRules(t, nil)
	for _, c := range perftTable {
		t.Run(fmt.Sprint(c.depth), func(t *testing.T) {
			if c.deep && short() {
				t.Skip("deep perft runs without -short and -race")
			}
			if c.depth == 6 && !enginetest.Soak {
				t.Skip("the deepest perft runs with -tags soak (CI's soak step)")
			}
			if n := engine.Perft(r.Start(), c.depth); n != c.nodes {
				t.Errorf("perft %d = %d, want %d", c.depth, n, c.nodes)
			}
		})
	}
}

// gamePositions plays n seeded random games to the end and returns every position of
// each, the finished ones included.
func gamePositions(r *Rules, seed uint64, n int) []*State {
	rng := rand.New(rand.NewPCG(seed, 0x9a3e))
	var out []*State
	for range n {
		s := r.Start().(*State)
		for {
			out = append(out, s.Clone().(*State))
			moves := s.Legal(nil)
			if len(moves) == 0 {
				break
			}
			s.Play(moves[rng.IntN(len(moves))])
		}
	}
	return out
}

func TestPerftNaive(t *testing.T) {
	r := mustRules(t, nil)
	startDepth, depth, games := 5, 4, 12
	if short() {
		startDepth, depth, games = 4, 3, 4
	}
	// Every first move is an image of Ca1 under the board's symmetries and the orderings of
	// the shapes (rows, like columns, permute transitively), so perft 5 of the start is 64
	// times perft 4 after Ca1: the table's count at depth 5, checked even under -short.
	s := r.Start()
	if _, err := engine.Play(s, "Ca1"); err != nil {
		t.Fatal(err)
	}
	sub, err := naivePerft(s.String(), 4)
	if err != nil {
		t.Fatal(err)
	}
	if got := engine.Perft(s, 4); got != sub || 64*sub != perftTable[4].nodes {
		t.Errorf("perft 4 after Ca1: %d, naive %d; 64 times it is %d, the table's perft 5 %d", got, sub, 64*sub, perftTable[4].nodes)
	}
	for d := 1; d <= startDepth; d++ {
		want, err := naivePerft(r.Start().String(), d)
		if err != nil {
			t.Fatal(err)
		}
		if got := engine.Perft(r.Start(), d); got != want {
			t.Errorf("perft %d of the start: %d, naive %d", d, got, want)
		}
	}
	positions := enginetest.RandomPositions(r, 42, 4*games)
	for _, s := range gamePositions(r, 7, games) {
		positions = append(positions, s)
	}
	for _, s := range positions {
		want, err := naivePerft(s.String(), depth)
		if err != nil {
			t.Fatal(err)
		}
		if got := engine.Perft(s, depth); got != want {
			t.Errorf("perft %d of %s: %d, naive %d", depth, s, got, want)
		}
	}
}

// TestOutcomeNaive checks, at every position of random games, that the engine and the
// naive rules agree on whether the game is over.
func TestOutcomeNaive(t *testing.T) {
	r := mustRules(t, map[string]string{"first": "dark"})
	for _, s := range gamePositions(r, 11, 200) {
		p, err := naiveParse(s.String())
		if err != nil {
			t.Fatal(err)
		}
		over := naiveWon(&p) || len(naiveMoves(&p, nil)) == 0
		if o := s.Outcome(); o.Over != over || o.Over && !o.Won(1-s.Turn()) {
			t.Fatalf("%s: %+v, naive over %v", s, o, over)
		}
	}
}

func TestIllegalMovesRefused(t *testing.T) {
	r := mustRules(t, nil)
	var candidates []string
	for _, k := range shapeLetters {
		for sq := range engine.Square(16) {
			candidates = append(candidates, string(k)+r.Geometry().Name(sq))
		}
	}
	positions := enginetest.RandomPositions(r, 5, 10)
	for _, s := range gamePositions(r, 5, 10) {
		positions = append(positions, s)
	}
	enginetest.Illegal(t, r, positions, candidates)
}

func FuzzParsePosition(f *testing.F) {
	r := mustRules(f, nil)
	solver := NewSolver()
	f.Add(r.Start().String())
	f.Add("..../..S./p.Y./ysC. l")
	f.Add("C.Sy/ps../.CY./y.Sp l")
	f.Add("SSyc/YCss/YCPP/ppyc l")
	f.Add("..Y./..Cs/..../...P d")
	f.Add("CCYY/SS../ccy./s..p d")
	f.Fuzz(func(t *testing.T, text string) {
		s := enginetest.ParsedPosition(t, r, text)
		// The solver takes any position, however odd; from where negamax is quick, they agree.
		if s != nil && s.Ply() >= 9 {
			sol, err := solver.Solve(context.Background(), s)
			if err != nil || sol.Value != search.Negamax(s) {
				t.Fatalf("%s: solved %+v, %v; negamax %d", s, sol, err, search.Negamax(s))
			}
		}
	})
}

func FuzzParseMove(f *testing.F) {
	r := mustRules(f, nil)
	for _, m := range []string{"Ca1", "Yb2", "Sc3", "Pd4", "Pe4", "cb2", "", "C", "Ca10"} {
		f.Add(m)
	}
	f.Fuzz(func(t *testing.T, text string) {
		enginetest.ParsedMove(t, r, text)
	})
}

func BenchmarkPerft(b *testing.B) {
	enginetest.BenchPerft(b, mustRules(b, nil).Start(), 4)
}
