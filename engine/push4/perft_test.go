package push4

import (
	"fmt"
	"testing"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/enginetest"
)

// Positions of seeded random games (enginetest.RandomPositions), with 24, 29 and 35 marbles
// on the board: pushes that fall off, skipped players and lines all occur within a few
// plies. From the start every entry point stays legal until the 13th insertion, so the
// start's counts are 24^depth.
const (
	midgame = "BRGBGG/GY...R/BY..GY/...B.Y/Y..YBR/RR.RBG r 0"
	crowded = "BGBBRR/YBYBBG/Y.Y.../GGR.../RBGGYB/YYRRRY r 0"
	endgame = "YGBYYB/BBYBRG/RRRGYR/BYGG.G/RGRRRG/YYBGBB y 0"
	start   = "....../....../....../....../....../...... r 0"
)

// perftTable: counts computed by this engine and, to depth 5, independently by naivePerft
// (naive_test.go; TestPerftNaive).
var perftTable = []struct {
	pos   string
	depth int
	nodes uint64
	deep  bool
}{
	{start, 1, 24, false},
	{start, 2, 576, false},
	{start, 3, 13824, false},
	{start, 4, 331776, false},
	{start, 5, 7962624, true},
	{start, 6, 191102976, true},
	{midgame, 1, 24, false},
	{midgame, 2, 528, false},
	{midgame, 3, 12624, false},
	{midgame, 4, 294240, false},
	{midgame, 5, 7039872, true},
	{midgame, 6, 159424680, true},
	{crowded, 2, 504, false},
	{crowded, 3, 11232, false},
	{crowded, 4, 258216, false},
	{crowded, 5, 5957760, true},
	{crowded, 6, 129817056, true},
	{endgame, 2, 456, false},
	{endgame, 3, 8544, false},
	{endgame, 4, 161016, false},
	{endgame, 5, 3031128, true},
	{endgame, 6, 57069072, true},
}

func TestPerft(t *testing.T) {
	r := mustRules(t, nil)
	for _, c := range perftTable {
		t.Run(fmt.Sprintf("%.6s/%d", c.pos, c.depth), func(t *testing.T) {
			if c.deep && short() {
				t.Skip("deep perft runs without -short and -race")
			}
			if n := engine.Perft(mustParse(t, r, c.pos), c.depth); n != c.nodes {
				t.Errorf("perft %d of %s = %d, want %d", c.depth, c.pos, n, c.nodes)
			}
		})
	}
}

func TestPerftNaive(t *testing.T) {
	r := mustRules(t, nil)
	depth, games := 4, 40
	if short() {
		depth, games = 3, 12
	}
	positions := []engine.State{r.Start()}
	for _, p := range []string{midgame, crowded, endgame} {
		positions = append(positions, mustParse(t, r, p))
	}
	positions = append(positions, enginetest.RandomPositions(r, 42, games)...)
	for _, s := range positions {
		want, err := naivePerft(s.String(), depth)
		if err != nil {
			t.Fatal(err)
		}
		if got := engine.Perft(s, depth); got != want {
			t.Errorf("perft %d of %s: %d, naive %d", depth, s, got, want)
		}
	}
	if short() {
		return
	}
	for _, c := range perftTable {
		if c.depth == 5 {
			if n, _ := naivePerft(c.pos, 5); n != c.nodes {
				t.Errorf("naive perft 5 of %s = %d, table %d", c.pos, n, c.nodes)
			}
		}
	}
}

// TestNaiveGames plays seeded random games in both implementations side by side and
// compares every position and every winner.
func TestNaiveGames(t *testing.T) {
	r := mustRules(t, nil)
	games := 200
	if short() {
		games = 40
	}
	for i, s := range enginetest.RandomPositions(r, 7, games) {
		p, err := naiveParse(s.String())
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range s.Legal(nil) {
			s.Play(m)
			q := naivePlay(p, naiveMove{"NESW"[(m-1)/Size], int(m-1) % Size})
			want := naiveString(&q)
			if got := s.String(); got[:len(want)] != want {
				t.Fatalf("game %d: %s %s gives %s, naive %s", i, s, r.FormatMove(m), got, want)
			}
			o := s.Outcome()
			if w := naiveWinner(&q); (w >= 0) != (o.Winners != 0) || (w >= 0 && !o.Won(w)) {
				t.Fatalf("game %d: after %s: %+v, naive winner %d", i, r.FormatMove(m), o, w)
			}
			s.Undo()
		}
	}
}

func TestFuzzSeeds(t *testing.T) {
	r := mustRules(t, nil)
	for _, text := range []string{midgame, crowded, endgame, start} {
		if enginetest.ParsedPosition(t, r, text) == nil {
			t.Errorf("%s refused", text)
		}
	}
}

func FuzzParsePosition(f *testing.F) {
	r := mustRules(f, nil)
	for _, p := range []string{start, midgame, crowded, endgame,
		"....../....../.RY.../.RY.../.RY.../RY.... g",
		"YRGYYB/RGGBGB/BGRBGR/RBRYGY/RGGYBR/YYRYBB r 42",
		"BBBGGG/BBBGGG/BBBGGG/....../....../...... b"} {
		f.Add(p)
	}
	f.Fuzz(func(t *testing.T, text string) {
		enginetest.ParsedPosition(t, r, text)
	})
}

func FuzzParseMove(f *testing.F) {
	r := mustRules(f, nil)
	for _, m := range []string{"Na", "Sf", "W1", "E6", "N1", "Wa", "", "X", "Nc3"} {
		f.Add(m)
	}
	f.Fuzz(func(t *testing.T, text string) {
		enginetest.ParsedMove(t, r, text)
	})
}

func BenchmarkPerft(b *testing.B) {
	r := mustRules(b, nil)
	s, err := r.ParsePosition(midgame)
	if err != nil {
		b.Fatal(err)
	}
	enginetest.BenchPerft(b, s, 4)
}
