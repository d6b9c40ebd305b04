package xequeo

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/enginetest"
)

// Midgame positions: a move phase with pawns clustered round the ring (jump chains), one
// with the ring in a corner, a ring to place, a pawn in the ring and a challenge.
var midgames = []string{
	"......./.W...V./..Y.B../......./..O.G../.R...../....... d4 1-1 move:2 9",
	"......./......./..G.B../...OY../..R..W./...V.../....... a7 2-1 move:1 14",
	"......./......./..G.B../...OY../..R..W./...V.../....... - 2-3 place:1 17",
	"......./......./..G.B../...OY../..R..W./...V.../....... d4 1-0 show:1 in:O 5",
	"......./......./..G.B../...OY../..R..W./...V.../....... g7 0-0 show:1 xq:B 2",
}

// perftTable: counts computed by this engine and, to the depths TestPerftNaive reaches,
// independently by naivePerft (naive_test.go). Position -1 is the start of seed 1.
var perftTable = []struct {
	pos    int
	octile bool
	depth  int
	nodes  uint64
	deep   bool
}{
	{-1, false, 1, 13, false},
	{-1, false, 2, 371, false},
	{-1, false, 3, 8709, false},
	{-1, false, 4, 197349, false},
	{-1, false, 5, 4482697, false},
	{-1, false, 6, 101022434, true},
	{-1, true, 4, 197454, false},
	{-1, true, 5, 4486385, true},
	{0, false, 4, 98974, false},
	{0, false, 5, 1725172, true},
	{0, true, 4, 98974, false},
	{0, true, 5, 1725270, true},
	{1, false, 5, 23003757, true},
	{1, true, 4, 862698, false},
	{2, false, 4, 482397, false},
	{3, false, 4, 31997, false},
	{4, false, 4, 129598, false},
}

func rulesFor(t testing.TB, octile bool) *Rules {
	if octile {
		return octileRules(t)
	}
	return mustRules(t, nil)
}

func perftPosition(t testing.TB, r *Rules, i int) engine.State {
	if i < 0 {
		return r.Start()
	}
	return mustParse(t, r, midgames[i])
}

func TestPerft(t *testing.T) {
	for _, c := range perftTable {
		name := fmt.Sprintf("pos%d/octile=%v/%d", c.pos, c.octile, c.depth)
		t.Run(name, func(t *testing.T) {
			if c.deep && short() {
				t.Skip("deep perft runs without -short and -race")
			}
			r := rulesFor(t, c.octile)
			if n := engine.Perft(perftPosition(t, r, c.pos), c.depth); n != c.nodes {
				t.Errorf("perft %d = %d, want %d", c.depth, n, c.nodes)
			}
		})
	}
}

// TestPerftNaive checks perft against the naive rules: from the start and the midgames,
// under both distances, and from random positions of both. The naive rules copy a map at
// every node: depth 4 takes them seconds where the branching is widest (midgame 1).
func TestPerftNaive(t *testing.T) {
	depth, random := 4, 12
	if short() {
		depth, random = 3, 4
	}
	for _, octile := range []bool{false, true} {
		r := rulesFor(t, octile)
		positions := []engine.State{r.Start()}
		for i := range midgames {
			positions = append(positions, perftPosition(t, r, i))
		}
		positions = append(positions, enginetest.RandomPositions(r, 42, random)...)
		for i, s := range positions {
			d := depth
			if i == 2 || i > len(midgames) {
				d = min(d, 3)
			}
			want, err := naivePerft(s.String(), octile, d)
			if err != nil {
				t.Fatal(err)
			}
			if got := engine.Perft(s, d); got != want {
				t.Errorf("octile %v: perft %d of %s: %d, naive %d", octile, d, s, got, want)
			}
		}
	}
}

// TestGamesNaive plays random matches to the end under both distances and checks, at every
// position, that the engine and the naive rules list the same moves and write the same
// position after each.
func TestGamesNaive(t *testing.T) {
	games := 40
	if short() {
		games = 8
	}
	for _, octile := range []bool{false, true} {
		r := rulesFor(t, octile)
		rng := rand.New(rand.NewPCG(uint64(games), 3))
		for range games {
			s := r.Start()
			p, err := naiveRead(s.String(), octile)
			if err != nil {
				t.Fatal(err)
			}
			for !s.Outcome().Over {
				got, want := legalText(s), strings.Join(naiveMoves(&p), " ")
				if got != want {
					t.Fatalf("%s: legal\n%s\nnaive\n%s", s, got, want)
				}
				moves := s.Legal(nil)
				m := moves[rng.IntN(len(moves))]
				s.Play(m)
				p = naivePlay(p, r.FormatMove(m))
				if s.String() != p.String() {
					t.Fatalf("after %s: %s, naive %s", r.FormatMove(m), s, p)
				}
			}
			if len(naiveMoves(&p)) != 0 || p.phase != "over" {
				t.Fatalf("%s is over, naive %s", s, p)
			}
		}
	}
}

func TestContract(t *testing.T) {
	games := 20
	if enginetest.Short() {
		games = 4
	}
	for _, o := range []map[string]string{nil, {"distance": "octile"}, {"seed": "7"}, {"ring": "sensed"}} {
		t.Run(fmt.Sprint(o), func(t *testing.T) {
			enginetest.Contract(t, mustRules(t, o), games)
		})
	}
}

// candidates are move texts of every kind, legal or not.
func candidates(g *engine.Geometry) []string {
	c := enginetest.SquarePairs(g, "-")
	for sq := range engine.Square(cells) {
		c = append(c, "@"+g.Name(sq))
	}
	for _, l := range letters {
		c = append(c, "xq:"+string(l), "show:"+string(l))
	}
	return c
}

func TestIllegalMovesRefused(t *testing.T) {
	r := mustRules(t, nil)
	positions := enginetest.RandomPositions(r, 5, 12)
	for i := range midgames {
		positions = append(positions, perftPosition(t, r, i))
	}
	enginetest.Illegal(t, r, positions, candidates(r.Geometry()))
}

func FuzzParsePosition(f *testing.F) {
	r := mustRules(f, nil)
	f.Add(r.Start().String())
	for _, m := range midgames {
		f.Add(m)
	}
	f.Add(".....B./...G.../......./.....Y./OR...../.W...../.....V. d6 0-0 show:2 in:G shown:G 4")
	f.Add(".....B./...G.../......./.....Y./OR...../.W...../.....V. d6 0-0 show:1 in:G 3")
	f.Add(".....B./...G.../......./.....Y./OR...../.W...../.....V. - 4-1 over 30")
	f.Fuzz(func(t *testing.T, text string) {
		enginetest.ParsedPosition(t, r, text)
	})
}

func FuzzParseMove(f *testing.F) {
	r := mustRules(f, nil)
	for _, m := range []string{"@d4", "e4-c6", "xq:R", "show:W", "a1-g7", "@h8", "xq:", "show:X", "", "-", "e4-"} {
		f.Add(m)
	}
	f.Fuzz(func(t *testing.T, text string) {
		enginetest.ParsedMove(t, r, text)
	})
}

func BenchmarkPerft(b *testing.B) {
	enginetest.BenchPerft(b, mustRules(b, nil).Start(), 5)
}

func BenchmarkPerftMidgame(b *testing.B) {
	r := mustRules(b, nil)
	enginetest.BenchPerft(b, mustParse(b, r, midgames[1]), 4)
}
