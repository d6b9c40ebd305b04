package quadwrangle

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/tavoliere/tavoliere/engine"
)

// naiveFinal is the final difference of stones, the side to move's less the other's, with
// best play, by plain minimax over the naive rules.
func naiveFinal(p naivePos) int {
	moves := naiveCrowdedMoves(&p)
	if len(moves) == 0 {
		return len(naiveStones(&p, p.side)) - len(naiveStones(&p, naiveOther(p.side)))
	}
	best := -100
	for _, m := range moves {
		best = max(best, -naiveFinal(naivePlay(p, m)))
	}
	return best
}

// naiveContested counts the stones of s in groups that hold stones of both sides next to
// each other, square by square.
func naiveContested(s *State) int {
	g := s.r.geo
	occ := s.bb[0] | s.bb[1]
	seen := engine.Bitboard(0)
	n := 0
	for sq := range engine.Square(g.Size()) {
		if !occ.Has(sq) || seen.Has(sq) {
			continue
		}
		group, todo, mixed := engine.Bit(sq), []engine.Square{sq}, false
		for len(todo) > 0 {
			at := todo[len(todo)-1]
			todo = todo[:len(todo)-1]
			for nb := g.Adjacent8(at) & occ; nb != 0; {
				q := nb.Pop()
				if s.bb[0].Has(at) != s.bb[0].Has(q) {
					mixed = true
				}
				if !group.Has(q) {
					group |= engine.Bit(q)
					todo = append(todo, q)
				}
			}
		}
		seen |= group
		if mixed {
			n += group.Count()
		}
	}
	return n
}

func sign(v int) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

// crowdedEndgames plays random games of Crowded from random deals to the first position
// whose naive tree is small, n of them: at most maxContested stones in groups that hold
// stones of both sides next to each other (the others never move again).
func crowdedEndgames(t testing.TB, r *Rules, seed uint64, n, maxContested int) []*State {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 9))
	var out []*State
	for len(out) < n {
		s := r.Start().(*State)
		for !s.Outcome().Over {
			if naiveContested(s) <= maxContested && rng.IntN(3) == 0 {
				out = append(out, s)
				break
			}
			moves := s.Legal(nil)
			s.Play(moves[rng.IntN(len(moves))])
		}
	}
	return out
}

// TestCrowdedSolver checks the solver's final count, value, best moves and win test against
// plain minimax over the naive rules on endgames of random games, from random deals and
// the checkerboard, with a table of 4 096 entries and one of 8 (a position's entry taken by
// another at almost every store). The final count is also checked in random windows: a
// value outside one must be a bound on the right side (fail-soft).
func TestCrowdedSolver(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for _, cfg := range []struct {
		layout string
		bits   int
	}{{"random", 12}, {"checkerboard", 12}, {"random", 3}} {
		layout := cfg.layout
		r, err := New(IDCrowded, map[string]string{"layout": layout, "seed": "5"})
		if err != nil {
			t.Fatal(err)
		}
		c := NewCrowdedSolver(r, cfg.bits)
		values := map[int]int{}
		for i, s := range crowdedEndgames(t, r, 3, 150, 11) {
			p, err := naiveParse(s.String())
			if err != nil {
				t.Fatal(err)
			}
			want := sign(naiveFinal(p))
			var best []string
			for _, m := range naiveCrowdedMoves(&p) {
				if -sign(naiveFinal(naivePlay(p, m))) == want {
					best = append(best, naiveSqName(m.fromRank, m.fromFile)+"x"+naiveSqName(m.toRank, m.toFile))
				}
			}
			sol, err := c.Solve(context.Background(), s)
			if err != nil {
				t.Fatal(err)
			}
			mine, theirs := s.bb[s.turn], s.bb[s.turn^1]
			x := contested(mine, theirs)
			off := (mine &^ x).Count() - (theirs &^ x).Count()
			final := naiveFinal(p)
			if got := c.search(mine&x, theirs&x, -65, 65) + off; got != final {
				t.Errorf("%s #%d %s: final difference %d, want %d", layout, i, s, got, final)
			}
			for range 4 {
				alpha := rng.IntN(30) - 15
				beta := alpha + 1 + rng.IntN(6)
				v := c.search(mine&x, theirs&x, alpha-off, beta-off) + off
				if v > alpha && v < beta && v != final || v <= alpha && final > v || v >= beta && final < v {
					t.Errorf("%s #%d %s: %d in (%d, %d), the final difference %d", layout, i, s, v, alpha, beta, final)
				}
			}
			if won, err := c.Wins(context.Background(), s); err != nil || won != (want == 1) {
				t.Errorf("%s #%d %s: Wins %v, %v; value %d", layout, i, s, won, err, want)
			}
			var got []string
			legal := s.Legal(nil)
			for j, m := range sol.Best {
				got = append(got, r.FormatMove(m))
				if j > 0 && slices.Index(legal, m) < slices.Index(legal, sol.Best[j-1]) {
					t.Errorf("%s #%d %s: best %v not in Legal's order %v", layout, i, s, sol.Best, legal)
				}
			}
			slices.Sort(best)
			slices.Sort(got)
			// Of a win, the first winning move found; of a draw or a loss, all that keep it.
			ok := slices.Equal(got, best) && !sol.Ranked
			if want == 1 {
				ok = len(got) == 1 && slices.Contains(best, got[0]) && sol.Ranked
			}
			if sol.Value != want || !ok {
				t.Errorf("%s #%d %s: value %d best %v (ranked %v), want %d %v", layout, i, s, sol.Value, got, sol.Ranked, want, best)
			}
			values[want]++
		}
		if values[1] == 0 || values[-1] == 0 {
			t.Errorf("%s: values %v: the sample lacks wins or losses", layout, values)
		}
		t.Logf("%s, 2^%d entries: values %v", layout, cfg.bits, values)
	}
}

var (
	_ engine.Solver    = (*CrowdedSolver)(nil)
	_ engine.WinTester = (*CrowdedSolver)(nil)
	_ engine.Tuned     = (*Rules)(nil)
)

// TestCrowdedTuning: in Crowded the solver takes half the AI's time, in Quad Wrangle (no
// solver) nothing is set.
func TestCrowdedTuning(t *testing.T) {
	for id, want := range map[string]int{"crowded": 50, "quadwrangle": 0} {
		r, err := New(id, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := engine.TuningOf(r).SolverPercent; got != want {
			t.Errorf("%s: SolverPercent %d, want %d", id, got, want)
		}
	}
}

// TestCrowdedSolverRefuses: the solver refuses a position with too many contested stones,
// one past its node limit and Quad Wrangle's, with engine.ErrTooDeep; a search whose
// context ends returns the context's error; a position whose game is over is valued by its
// count.
func TestCrowdedSolverRefuses(t *testing.T) {
	r, err := New(IDCrowded, nil)
	if err != nil {
		t.Fatal(err)
	}
	sv := r.NewSolver()
	if _, err := sv.Solve(context.Background(), r.Start()); !errors.Is(err, engine.ErrTooDeep) {
		t.Errorf("the start, 64 contested stones: %v, want ErrTooDeep", err)
	}
	qw, err := New(IDQuadWrangle, nil)
	if err != nil {
		t.Fatal(err)
	}
	if sv := qw.NewSolver(); sv != nil {
		t.Errorf("Quad Wrangle has a solver: %T", sv)
	}
	// A position the solver takes on, more than a few thousand positions deep.
	var deep *State
	for _, s := range crowdedEndgames(t, r, 4, 40, MaxContested) {
		if n := naiveContested(s); n > MaxContested-6 && len(s.Legal(nil)) <= MaxMoves {
			deep = s
			break
		}
	}
	if deep == nil {
		t.Fatal("no position with many contested stones")
	}
	// One within MaxContested, with more than MaxMoves moves.
	var wide *State
	for _, s := range crowdedEndgames(t, r, 5, 100, MaxContested) {
		if len(s.Legal(nil)) > MaxMoves {
			wide = s
			break
		}
	}
	if wide == nil {
		t.Fatal("no position with many moves")
	}
	if _, err := sv.Solve(context.Background(), wide); !errors.Is(err, engine.ErrTooDeep) || !strings.Contains(err.Error(), "moves") {
		t.Errorf("%s, %d moves: %v, want ErrTooDeep for its moves", wide, len(wide.Legal(nil)), err)
	}
	// The win test takes it on: it answers for the replies of the positions Solve took on.
	c := NewCrowdedSolver(r, 12)
	c.SetLimit(5000)
	if _, err := c.Wins(context.Background(), wide); !errors.Is(err, engine.ErrTooDeep) || !strings.Contains(err.Error(), "5000 positions") {
		t.Errorf("%s, %d moves: Wins: %v, want ErrTooDeep past 5000 positions", wide, len(wide.Legal(nil)), err)
	}
	c = NewCrowdedSolver(r, 12)
	c.SetLimit(5000)
	if _, err := c.Solve(context.Background(), deep); !errors.Is(err, engine.ErrTooDeep) || !strings.Contains(err.Error(), "5000 positions") {
		t.Errorf("%s past 5000 positions: %v, want ErrTooDeep", deep, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	c.SetLimit(0)
	if _, err := c.Solve(ctx, deep); !errors.Is(err, context.Canceled) {
		t.Errorf("%s, canceled: %v", deep, err)
	}
	if _, err := c.Wins(ctx, deep); !errors.Is(err, context.Canceled) {
		t.Errorf("%s, canceled: Wins: %v", deep, err)
	}
	// The rules' test vector CR-3, White to move: g2xh3 ends the game won 13-12; after g2xf3 Black's
	// only move, h2xh1, ends it lost 11-13. Once over, a position is valued by its count.
	cr3 := "WWW...../WWW...../WWW...../......../.......B/BBB..B.B/BBB..BWB/BBBB...W w 20"
	for _, c := range []struct {
		moves string
		value int
		best  string // Best, or "" when none is asked
	}{
		{"", 1, ""},
		{"g2xh3", -1, ""},
		{"g2xf3", 1, "h2xh1"},
		{"g2xf3 h2xh1", -1, ""},
	} {
		s, err := r.ParsePosition(cr3)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range strings.Fields(c.moves) {
			mv, err := r.ParseMove(m)
			if err != nil {
				t.Fatal(err)
			}
			s.Play(mv)
		}
		sol, err := sv.Solve(context.Background(), s)
		var best []string
		for _, m := range sol.Best {
			best = append(best, r.FormatMove(m))
		}
		over := s.Outcome().Over
		switch {
		case err != nil || sol.Value != c.value:
			t.Errorf("CR-3 after %q: value %d, %v; want %d", c.moves, sol.Value, err, c.value)
		case over && len(best) > 0 || !over && len(best) == 0:
			t.Errorf("CR-3 after %q (over: %v): best %v", c.moves, over, best)
		case c.best != "" && strings.Join(best, " ") != c.best:
			t.Errorf("CR-3 after %q: best %v, want %s", c.moves, best, c.best)
		}
		if c.moves == "" && len(best) > 0 {
			// The one winning move returned wins by the naive rules too.
			p, err := naiveParse(s.String())
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range naiveCrowdedMoves(&p) {
				if naiveSqName(m.fromRank, m.fromFile)+"x"+naiveSqName(m.toRank, m.toFile) == best[0] && naiveFinal(naivePlay(p, m)) >= 0 {
					t.Errorf("CR-3: %s does not win", best[0])
				}
			}
		}
	}
}

// TestCrowdedSolverPartialDraw: a draw whose value is proven before the node limit, but not
// every move tried, is returned with the drawing moves found by then (Ranked): some, and
// only drawing ones.
func TestCrowdedSolverPartialDraw(t *testing.T) {
	r, err := New(IDCrowded, map[string]string{"layout": "random", "seed": "3"})
	if err != nil {
		t.Fatal(err)
	}
	tried := 0
	for _, s := range crowdedEndgames(t, r, 6, 450, 34) {
		full, err := NewCrowdedSolver(r, 16).Solve(context.Background(), s)
		if err != nil || full.Value != 0 || len(full.Best) < 2 {
			continue
		}
		// The positions the value takes, then a limit past them but short of the whole.
		v := NewCrowdedSolver(r, 16)
		v.ctx = context.Background()
		mine, theirs := s.bb[s.turn], s.bb[s.turn^1]
		if v.atLeast(mine, theirs, 1) || !v.atLeast(mine, theirs, 0) {
			t.Fatalf("%s: the value's searches disagree with Solve's draw", s)
		}
		limit := (v.nodes/1024 + 2) * 1024 // the limit is looked at every 1024 positions
		if full.Nodes <= limit+1024 {
			continue
		}
		c := NewCrowdedSolver(r, 16)
		c.SetLimit(limit)
		sol, err := c.Solve(context.Background(), s)
		if err != nil || sol.Value != 0 || !sol.Ranked || len(sol.Best) == 0 || sol.Nodes > limit+1 {
			t.Errorf("%s, %d positions of %d: %+v, %v; want part of the draws %v", s, limit, full.Nodes, sol, err, full.Best)
			continue
		}
		for _, m := range sol.Best {
			if !slices.Contains(full.Best, m) {
				t.Errorf("%s: %s does not keep the draw", s, r.FormatMove(m))
			}
		}
		tried++
	}
	if tried < 3 {
		t.Errorf("only %d drawn positions long enough to cut short", tried)
	}
	t.Logf("%d drawn positions cut short", tried)
}

// crowdedBench are positions of games the AI played against the baseline at 1 s a move
// (seed 21), where the solver first finished with the table its earlier tries left: 0.3 to
// 4 million positions each.
var crowdedBench = []string{
	"WWWW..BB/W......B/B.BWBB.B/.......W/BWW.BWBW/..W.BBBB/..W.BB.W/.BB.BBBB w 27",
	"W..W.BBB/..WW.BB./WWBB.B../...B.BBW/W.BW..../B...WWWW/BBBWW..W/BBBBBBWW b 24",
	"...BBWWW/WW....W./.WWB..W./......WW/BWBWB.B./B.WW..B./BWB...../BWBBWBBB w 29",
	"W.BWB.BB/W.BB..W./WWBB.WWB/B.BB..../....WBBB/WWW..WW./.......W/WWBB.BBW w 27",
	".BB.BB.W/B....WBB/B.WWW..W/B.W..WBW/B.WW.B../B...W..B/..BWW..B/WBBWWWBB b 26",
	"W..BBBBW/.W.....W/WWW.B.W./...BW..W/B..WWWWW/.B.BWW.W/.B..WBBB/BBB.W.BB b 26",
	"W..B.BBW/...B.BBB/WWB.BWBW/.....WWB/WBB.B.../..B.BWW./BBB....W/B..BW... b 30",
	"W.WWBBWW/W.W..W.B/W.B.WW.B/B..W.W.B/.....B.B/BWBB.B.W/BW.B...W/...BBBWW w 27",
}

// BenchmarkCrowdedSolve solves crowdedBench, each with an empty table, and reports the
// positions visited and the time a position.
func BenchmarkCrowdedSolve(b *testing.B) {
	r, err := New(IDCrowded, nil)
	if err != nil {
		b.Fatal(err)
	}
	var games []engine.State
	for _, text := range crowdedBench {
		s, err := r.ParsePosition(text)
		if err != nil {
			b.Fatal(err)
		}
		games = append(games, s)
	}
	c := NewCrowdedSolver(r, CrowdedTableBits)
	b.ReportAllocs()
	b.ResetTimer()
	var nodes uint64
	for range b.N {
		for _, s := range games {
			clear(c.table)
			sol, err := c.Solve(context.Background(), s)
			if err != nil {
				b.Fatal(err)
			}
			nodes += sol.Nodes
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(nodes), "ns/node")
	b.ReportMetric(float64(nodes)/float64(b.N*len(games)), "nodes/solve")
}
