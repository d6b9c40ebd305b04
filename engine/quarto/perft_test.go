package quarto

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/enginetest"
)

// perftTable: whole turns from the empty board, by this engine and, to depth 3,
// independently by the naive implementation (naive_test.go). No pattern can be made before
// the fourth piece, so the counts are the same in every variant to depth 4: 16, then
// 16 squares × 15 pieces, 15 × 14, 14 × 13.
var perftTable = []struct {
	depth int
	nodes uint64
	deep  bool
}{
	{1, 16, false},
	{2, 3840, false},
	{3, 806400, false},
	{4, 146764800, true},
}

func TestPerft(t *testing.T) {
	for _, v := range variants[:4] {
		r := mustRules(t, v.id, v.set)
		for _, c := range perftTable {
			t.Run(fmt.Sprint(v.name, "/", c.depth), func(t *testing.T) {
				if c.deep && (short() || v.id != IDBase) {
					t.Skip("deep perft runs without -short and -race, for the base game")
				}
				if n := engine.Perft(r.Start(), c.depth); n != c.nodes {
					t.Errorf("perft %d = %d, want %d", c.depth, n, c.nodes)
				}
			})
		}
	}
	g, _ := newNaive(IDBase, nil, mustRules(t, IDBase, nil).Start().String())
	if n := g.perft(3); n != perftTable[2].nodes {
		t.Errorf("naive perft 3 = %d, want %d", n, perftTable[2].nodes)
	}
}

// TestPerftNaive compares the engine with the naive implementation on random positions of
// every variant with 8 to 14 pieces placed, to the end of the game where the naive count
// allows (wins, full boards).
func TestPerftNaive(t *testing.T) {
	games := 24
	if short() {
		games = 2
	}
	for _, v := range variants {
		r := mustRules(t, v.id, v.set)
		compared := 0
		for _, s := range midgames(r, uint64(len(v.name)), games) {
			depth := 3
			if s.Placed() >= 10 {
				depth = 6
			}
			g, err := newNaive(v.id, v.set, s.String())
			if err != nil {
				t.Fatal(err)
			}
			if got, want := engine.Perft(s, depth), g.perft(depth); got != want {
				t.Errorf("%s: perft %d of %s: %d, naive %d", v.name, depth, s, got, want)
			}
			compared++
		}
		if compared < games {
			t.Errorf("%s: only %d positions compared", v.name, compared)
		}
	}
}

// midgames plays random games of r, each to a random number of pieces placed, 8 to 14,
// and returns the first n positions that are not over.
func midgames(r *Rules, seed uint64, n int) []*State {
	rng := rand.New(rand.NewPCG(seed, 0x9a11))
	var out []*State
	for try := 0; len(out) < n && try < 100*n; try++ {
		s := r.Start().(*State)
		stop := 8 + rng.IntN(7)
		for s.Placed() < stop && !s.Outcome().Over {
			legal := s.Legal(nil)
			s.Play(legal[rng.IntN(len(legal))])
		}
		if !s.Outcome().Over {
			out = append(out, s)
		}
	}
	return out
}

func BenchmarkPerft(b *testing.B) {
	r, _ := New(IDPro, map[string]string{"tilted": "on"})
	b.Run("start-3", func(b *testing.B) { enginetest.BenchPerft(b, r.Start(), 3) })
	s, err := r.ParsePosition("sLQF.BDRF./..sDRH./BLRH.../...BDQF BLQH 1")
	if err != nil {
		b.Fatal(err)
	}
	b.Run("five-placed-3", func(b *testing.B) { enginetest.BenchPerft(b, s, 3) })
}
