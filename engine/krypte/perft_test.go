package krypte

import (
	"fmt"
	"testing"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/enginetest"
)

// perftTable: counts from the empty board, computed by this engine and, independently, by
// naivePerft (naive_test.go).
var perftTable = []struct {
	depth int
	nodes uint64
	deep  bool
}{
	{1, 8, false},
	{2, 112, false},
	{3, 1554, false},
	{4, 21350, false},
	{5, 293680, false},
	{6, 4002752, true},
	{7, 54284710, true},
}

func TestPerft(t *testing.T) {
	r := mustRules(t)
	for _, c := range perftTable {
		t.Run(fmt.Sprint(c.depth), func(t *testing.T) {
			if c.deep && enginetest.Short() {
				t.Skip("deep perft runs without -short")
			}
			if n := engine.Perft(r.Start(), c.depth); n != c.nodes {
				t.Errorf("perft %d = %d, want %d", c.depth, n, c.nodes)
			}
		})
	}
}

func TestPerftNaive(t *testing.T) {
	r := mustRules(t)
	depth, games := 4, 16
	if enginetest.Short() {
		depth, games = 3, 6
	}
	positions := append([]engine.State{r.Start()}, enginetest.RandomPositions(r, 42, games)...)
	// The sheet's game at every move, including the threats around move 16.
	s := r.Start()
	for _, mv := range sheetGame[:17] {
		if _, err := engine.Play(s, mv.cell); err != nil {
			t.Fatal(err)
		}
		positions = append(positions, s.Clone())
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

func TestIllegalMovesRefused(t *testing.T) {
	r := mustRules(t)
	enginetest.Illegal(t, r, enginetest.RandomPositions(r, 5, 10), enginetest.SquarePairs(r.Geometry(), "-"))
}

func FuzzParsePosition(f *testing.F) {
	r := mustRules(f)
	f.Add(r.Start().String())
	f.Add("..WWB..B/..BWW..W/......../B......./B...WBWB/....W.../....W.../...WW... b S")
	f.Add("......../......../......../......../.WWWB.../......../....W.../....W... b E")
	f.Fuzz(func(t *testing.T, text string) {
		enginetest.ParsedPosition(t, r, text)
	})
}

func FuzzParseMove(f *testing.F) {
	r := mustRules(f)
	for _, m := range []string{"a1", "h8", "e5", "i9", "", "a", "a10"} {
		f.Add(m)
	}
	f.Fuzz(func(t *testing.T, text string) {
		enginetest.ParsedMove(t, r, text)
	})
}

func BenchmarkPerft(b *testing.B) {
	enginetest.BenchPerft(b, mustRules(b).Start(), 5)
}
