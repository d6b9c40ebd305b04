package quadwrangle

import (
	"fmt"
	"testing"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/enginetest"
)

// perftTable holds counts from the start positions. Each was computed by this engine and,
// independently, by naivePerft (naive_test.go), which TestPerftNaive runs on the shallow rows.
var perftTable = []struct {
	id    string
	set   map[string]string
	depth int
	nodes uint64
	deep  bool // only without -short
}{
	{IDQuadWrangle, nil, 1, 123, false},
	{IDQuadWrangle, nil, 2, 13730, false},
	{IDQuadWrangle, nil, 3, 1568537, false},
	{IDQuadWrangle, nil, 4, 166816254, true},
	{IDQuadWrangle, map[string]string{"drop-last": "on"}, 1, 106, false},
	{IDQuadWrangle, map[string]string{"drop-last": "on"}, 3, 998962, false},
	{IDQuadWrangle, map[string]string{"drop-last": "on"}, 4, 92064641, true},
	{IDCrowded, nil, 1, 112, false},
	{IDCrowded, nil, 2, 11580, false},
	{IDCrowded, nil, 3, 1117996, false},
	{IDCrowded, nil, 4, 99463048, true},
}

func TestPerft(t *testing.T) {
	for _, c := range perftTable {
		t.Run(fmt.Sprintf("%s/%v/%d", c.id, c.set, c.depth), func(t *testing.T) {
			if c.deep && enginetest.Short() {
				t.Skip("deep perft runs without -short")
			}
			s := mustRules(t, c.id, c.set).Start()
			if n := engine.Perft(s, c.depth); n != c.nodes {
				t.Errorf("perft %d = %d, want %d", c.depth, n, c.nodes)
			}
		})
	}
}

// TestPerftNaive cross-checks the bitboard engine against the naive implementation on the
// start positions and on positions from seeded random games.
func TestPerftNaive(t *testing.T) {
	depth, games := 3, 12
	if enginetest.Short() {
		depth, games = 2, 6
	}
	for _, c := range []struct {
		id       string
		dropLast bool
		set      map[string]string
	}{
		{IDQuadWrangle, false, nil},
		{IDQuadWrangle, true, map[string]string{"drop-last": "on"}},
		{IDCrowded, false, nil},
	} {
		r := mustRules(t, c.id, c.set)
		positions := append([]engine.State{r.Start()}, enginetest.RandomPositions(r, 42, games)...)
		for _, s := range positions {
			d := depth
			if c.id == IDQuadWrangle && s.Ply() > 0 && d > 2 {
				d = 2 // mid-game Quad Wrangle has more moves; keep the naive side in seconds
			}
			want, err := naivePerft(s.String(), d, c.dropLast)
			if err != nil {
				t.Fatal(err)
			}
			if got := engine.Perft(s, d); got != want {
				t.Errorf("%s drop-last=%v perft %d of %s: %d, naive %d", c.id, c.dropLast, d, s, got, want)
			}
		}
	}
}

// TestPerftSettings checks that perft ignores the move cap and repetition, as the CLI
// promises.
func TestPerftSettings(t *testing.T) {
	capped := mustRules(t, IDQuadWrangle, map[string]string{"move-cap": "1"}).Start()
	if n := engine.Perft(capped, 2); n != 13730 {
		t.Errorf("with move-cap=1 perft 2 = %d, want 13730", n)
	}
	// The start position a third time: over by repetition, yet perft counts its moves.
	repeated := mustRules(t, IDQuadWrangle, nil).Start()
	cycle := []string{"a6-b5", "g2-f3", "b5-a6", "f3-g2"}
	mustPlay(t, repeated, cycle...)
	mustPlay(t, repeated, cycle...)
	if o := repeated.Outcome(); o.Reason != "threefold repetition" {
		t.Fatalf("after the cycle twice: %+v, want threefold repetition", o)
	}
	legal := len(repeated.Legal(nil))
	if n := engine.Perft(repeated, 1); legal == 0 || n != uint64(legal) || n != 123 {
		t.Errorf("repeated start: perft 1 = %d, %d legal moves, want both 123 (perft 1 of the start)", n, legal)
	}
}

func FuzzParsePosition(f *testing.F) {
	qw := mustRules(f, IDQuadWrangle, nil)
	cr := mustRules(f, IDCrowded, nil)
	f.Add(qw.Start().String())
	f.Add(cr.Start().String())
	f.Add(".BBWBBB/BBBBB.B/BWWB..B/BBWBBBB/BWWWBBB/..WWWWW/.W.WBWW b")
	f.Add("W/B w 1")
	f.Fuzz(func(t *testing.T, text string) {
		for _, r := range []*Rules{qw, cr} {
			enginetest.ParsedPosition(t, r, text)
		}
	})
}

func FuzzParseMove(f *testing.F) {
	qw := mustRules(f, IDQuadWrangle, nil)
	cr := mustRules(f, IDCrowded, nil)
	for _, m := range []string{"f4", "g5-f6", "d4xe5", "a1-g7", "h8xg7", "x", "-", "a1-"} {
		f.Add(m)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, r := range []*Rules{qw, cr} {
			enginetest.ParsedMove(t, r, text)
		}
	})
}

func TestIllegalMovesRefused(t *testing.T) {
	for _, id := range []string{IDQuadWrangle, IDCrowded} {
		r := mustRules(t, id, nil)
		sep := map[string]string{IDQuadWrangle: "-", IDCrowded: "x"}[id]
		enginetest.Illegal(t, r, enginetest.RandomPositions(r, 9, 6), enginetest.SquarePairs(r.Geometry(), sep))
	}
	r := mustRules(t, IDQuadWrangle, map[string]string{"drop-last": "on"})
	enginetest.Illegal(t, r, enginetest.RandomPositions(r, 9, 6), enginetest.SquarePairs(r.Geometry(), "-"))
}

func BenchmarkPerft(b *testing.B) {
	for _, c := range []struct {
		id    string
		depth int
	}{{IDQuadWrangle, 3}, {IDCrowded, 3}} {
		b.Run(c.id, func(b *testing.B) {
			s := mustRules(b, c.id, nil).Start()
			enginetest.BenchPerft(b, s, c.depth)
		})
	}
}
