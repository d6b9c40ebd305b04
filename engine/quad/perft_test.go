package quad

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/enginetest"
)

// perftTable: counts computed by this engine and, independently, by naivePerft
// (naive_test.go; TestPerftNaive checks the rows it can reach in time). From the start no
// line can be made before the fourth piece, so the first rows are products: 64, 64·60,
// 64·60·56, 64·60·56·52; the fifth also loses the games that ended on the fourth move.
var perftTable = []struct {
	pos   string
	depth int
	nodes uint64
	deep  bool // only without -short
}{
	{start, 1, 64, false},
	{start, 2, 3840, false},
	{start, 3, 215040, false},
	{start, 4, 11182080, false},
	{start, 5, 502583040, true},
	// Rank 1 holds three round Light pieces: Dark completes it with rh or rf (a round line),
	// Light would with any piece (a light line).
	{"..qh..../......qf/RF..rh../RHRFRH.. d", 1, 36, false},
	{"..qh..../......qf/RF..rh../RHRFRH.. d", 2, 544, false},
	{"..qh..../......qf/RF..rh../RHRFRH.. d", 3, 10780, false},
	{"..qh..../......qf/RF..rh../RHRFRH.. d", 4, 114552, false},
	{"..qh..../......qf/RF..rh../RHRFRH.. d", 6, 4849632, true},
	// Three cells left; Dark has only qh and qf, Light only QF.
	{"qhRFQHrh/RHRHqfRF/rfrhQFQH/....rf.. d", 1, 6, false},
	{"qhRFQHrh/RHRHqfRF/rfrhQFQH/....rf.. d", 2, 8, false},
	{"qhRFQHrh/RHRHqfRF/rfrhQFQH/....rf.. d", 3, 8, false},
}

const start = "......../......../......../........ l"

func TestPerft(t *testing.T) {
	r := mustRules(t, nil)
	for _, c := range perftTable {
		t.Run(fmt.Sprintf("%s/%d", c.pos, c.depth), func(t *testing.T) {
			if c.deep && short() {
				t.Skip("deep perft runs without -short and -race")
			}
			if n := engine.Perft(mustParse(t, r, c.pos), c.depth); n != c.nodes {
				t.Errorf("perft %d = %d, want %d", c.depth, n, c.nodes)
			}
		})
	}
}

// midGame returns n positions from seeded random games, each after a random number of
// moves from 1 to 15, over or not.
func midGame(r *Rules, seed uint64, n int) []engine.State {
	rng := rand.New(rand.NewPCG(seed, 0x9ad))
	var out []engine.State
	for range n {
		s := r.Start()
		for stop := 1 + rng.IntN(15); s.Ply() < stop && !s.Outcome().Over; {
			moves := s.Legal(nil)
			s.Play(moves[rng.IntN(len(moves))])
		}
		out = append(out, s)
	}
	return out
}

func TestPerftNaive(t *testing.T) {
	r := mustRules(t, nil)
	depth, games := 4, 40
	if short() {
		depth, games = 3, 10
	}
	for _, c := range perftTable {
		if c.depth <= depth {
			if n, err := naivePerft(c.pos, c.depth); err != nil || n != c.nodes {
				t.Errorf("naive perft %d of %s = %d, %v; the table says %d", c.depth, c.pos, n, err, c.nodes)
			}
		}
	}
	positions := append(enginetest.RandomPositions(r, 42, games), midGame(r, 7, games)...)
	positions = append(positions, midGame(mustRules(t, map[string]string{"first": "dark"}), 8, games)...)
	for _, s := range positions {
		d := depth
		if s.Ply() < 8 {
			d-- // wider trees
		}
		want, err := naivePerft(s.String(), d)
		if err != nil {
			t.Fatal(err)
		}
		if got := engine.Perft(s, d); got != want {
			t.Errorf("perft %d of %s: %d, naive %d", d, s, got, want)
		}
	}
}

// moveTexts lists every move ParseMove accepts: the four types on every cell.
func moveTexts(r *Rules) []string {
	var out []string
	for _, t := range typeLetters {
		for sq := engine.Square(0); sq < 16; sq++ {
			out = append(out, t+r.Geometry().Name(sq))
		}
	}
	return out
}

func TestIllegalMovesRefused(t *testing.T) {
	r := mustRules(t, nil)
	positions := append(enginetest.RandomPositions(r, 5, 20), midGame(r, 5, 40)...)
	enginetest.Illegal(t, r, positions, moveTexts(r))
}

func FuzzParsePosition(f *testing.F) {
	r := mustRules(f, nil)
	f.Add(start)
	f.Add("qhRFQHrh/RHRHqfRF/rfrhQFQH/QFqfrfqh l")
	f.Add("......../......../rhqfqh../RHQFRFQH d")
	f.Add("......QF/rhrf..qh/......qf/RHQFRFQH d")
	f.Add("..qh..../......qf/RF..rh../RHRFRH.. d")
	f.Fuzz(func(t *testing.T, text string) {
		enginetest.ParsedPosition(t, r, text)
	})
}

func FuzzParseMove(f *testing.F) {
	r := mustRules(f, nil)
	for _, m := range []string{"RHa1", "QFd4", "rfc3", "RHe1", "", "RH", "XYa1", "QHa0"} {
		f.Add(m)
	}
	f.Fuzz(func(t *testing.T, text string) {
		enginetest.ParsedMove(t, r, text)
	})
}

func BenchmarkPerft(b *testing.B) {
	enginetest.BenchPerft(b, mustRules(b, nil).Start(), 4)
}
