package quixo

import (
	"fmt"
	"testing"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/enginetest"
)

// perftTable holds counts from the start, computed by this engine; those to depth 4 also,
// independently, by naivePerft (naive_test.go), which TestPerftNaive runs on them.
var perftTable = []struct {
	id    string
	depth int
	nodes uint64
	deep  bool // only without -short
}{
	{ID, 1, 44, false},
	{ID, 2, 1836, false},
	{ID, 3, 76596, false},
	{ID, 4, 3018100, false},
	{ID, 5, 118928388, true},
	{ID4, 1, 88, false},
	{ID4, 2, 7344, false},
	{ID4, 3, 595264, false},
	{ID4, 4, 45403712, true},
}

func TestPerft(t *testing.T) {
	for _, c := range perftTable {
		t.Run(fmt.Sprintf("%s/%d", c.id, c.depth), func(t *testing.T) {
			if c.deep && enginetest.Short() {
				t.Skip("deep perft runs without -short and -race")
			}
			if n := engine.Perft(mustRules(t, c.id, nil).Start(), c.depth); n != c.nodes {
				t.Errorf("perft %d = %d, want %d", c.depth, n, c.nodes)
			}
		})
	}
}

// TestPerftNaive cross-checks the engine against the naive implementation from the start,
// from the worked examples and from positions of seeded random games.
func TestPerftNaive(t *testing.T) {
	start, depth, games := 4, 3, 20
	if enginetest.Short() {
		start, depth, games = 3, 2, 8
	}
	for _, c := range []struct {
		id    string
		extra []string
	}{
		{ID, []string{
			"X..../.X.../..X../OOOXO/...O. X",
			"X..../.X.../..X../OOOXO/...O. O",
			"XXXX./...../....O/OOOO./..... X",
		}},
		{ID4, []string{
			"xOxOx/O...O/x...x/O...O/OxOxO A1",
			"o..../...../...../...../x.O.X B2",
			"...../...../....X/XxXx./..... B1",
		}},
	} {
		t.Run(c.id, func(t *testing.T) {
			r := mustRules(t, c.id, nil)
			four := c.id == ID4
			check := func(s engine.State, depth int) {
				t.Helper()
				want, err := naivePerft(s.String(), four, depth)
				if err != nil {
					t.Fatal(err)
				}
				if got := engine.Perft(s, depth); got != want {
					t.Errorf("perft %d of %s: %d, naive %d", depth, s, got, want)
				}
			}
			check(r.Start(), start)
			for _, text := range c.extra {
				check(mustParse(t, r, text), depth)
			}
			for _, s := range enginetest.RandomPositions(r, 42, games) {
				check(s, depth)
			}
		})
	}
}

func BenchmarkPerft(b *testing.B) {
	b.Run(ID, func(b *testing.B) { enginetest.BenchPerft(b, mustRules(b, ID, nil).Start(), 4) })
	b.Run(ID4, func(b *testing.B) { enginetest.BenchPerft(b, mustRules(b, ID4, nil).Start(), 3) })
}
