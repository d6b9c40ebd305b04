package push

import (
	"fmt"
	"testing"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/enginetest"
)

// perftTable: counts from the start, computed by this engine and, up to depth 6,
// independently by naivePerft (naive_test.go). Every position has 20 insertions until a
// square ends the game: the first squares stand after 4 insertions (160 leaves fewer at
// depth 5); with the spear setting they are last-push positions that go on one more push.
var perftTable = []struct {
	spear bool
	depth int
	nodes uint64
	deep  bool // only without -short
}{
	{false, 1, 20, false},
	{false, 2, 400, false},
	{false, 3, 8000, false},
	{false, 4, 160000, false},
	{false, 5, 3199840, false},
	{false, 6, 63990720, true},
	{false, 7, 1279638400, true},
	{true, 4, 160000, false},
	{true, 5, 3200000, false},
	{true, 6, 63996480, true},
	{true, 7, 1279802880, true},
}

func settings(spear bool) map[string]string {
	if spear {
		return spearOn
	}
	return nil
}

func TestPerft(t *testing.T) {
	for _, c := range perftTable {
		t.Run(fmt.Sprintf("spear=%v/%d", c.spear, c.depth), func(t *testing.T) {
			if c.deep && enginetest.Short() {
				t.Skip("deep perft runs without -short and -race")
			}
			if n := engine.Perft(mustRules(t, settings(c.spear)).Start(), c.depth); n != c.nodes {
				t.Errorf("perft %d = %d, want %d", c.depth, n, c.nodes)
			}
		})
	}
}

// TestPerftNaive cross-checks the engine against the naive implementation from the start and
// on positions from seeded random games (some of them won, some with a last push pending).
func TestPerftNaive(t *testing.T) {
	startDepth, depth, games := 6, 4, 16
	if enginetest.Short() {
		startDepth, depth, games = 4, 3, 12
	}
	for _, spear := range []bool{false, true} {
		r := mustRules(t, settings(spear))
		positions := append([]engine.State{r.Start()}, enginetest.RandomPositions(r, 42, games)...)
		for _, text := range []string{
			"BWBBW/BBWBB/BWWWB/WWWBB/WWWBW b 0", // E3 makes White's square, ejecting Black
			"BWBBW/BBWBB/WWWBB/WWWBB/WWWBW b 1", // after it: Black's last push with spear
			"WBBBB/BWBBB/WWWBB/WWWWB/WWWBW b 7", // a last push that can draw
			"BBWBW/WWWBB/WWWWB/WWBBB/WBWBB b 0", // Nc makes White's square, ejecting White
		} {
			positions = append(positions, mustParse(t, r, text))
		}
		for _, s := range positions {
			d := depth
			if s.Ply() == 0 {
				d = startDepth
				if spear && d > 5 {
					d = 5 // the naive side is slow; depth 5 already passes the first squares
				}
			}
			want, err := naivePerft(s.String(), d, spear)
			if err != nil {
				t.Fatal(err)
			}
			if got := engine.Perft(s, d); got != want {
				t.Errorf("spear=%v perft %d of %s: %d, naive %d", spear, d, s, got, want)
			}
		}
	}
}

func BenchmarkPerft(b *testing.B) {
	enginetest.BenchPerft(b, mustRules(b, nil).Start(), 5)
}
