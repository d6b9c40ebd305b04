package quantik

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/enginetest"
	"github.com/tavoliere/tavoliere/engine/search"
)

func mustSolve(t testing.TB, sv *Solver, s engine.State) engine.Solution {
	t.Helper()
	sol, err := sv.Solve(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	return sol
}

// TestSolveStart solves the whole game: from the empty board the player to move loses,
// whoever that is, so every first move keeps the value.
func TestSolveStart(t *testing.T) {
	for _, first := range []string{"light", "dark"} {
		r := mustRules(t, map[string]string{"first": first})
		s := r.Start()
		sv := NewSolver()
		sol := mustSolve(t, sv, s)
		if sol.Value != -1 || !slices.Equal(sol.Best, s.Legal(nil)) || sol.Plies != -1 {
			t.Errorf("first=%s: value %d, %d best moves, plies %d; want -1, all 64, -1", first, sol.Value, len(sol.Best), sol.Plies)
		}
		if s.String() != r.Start().String() || s.Hash() != r.Start().Hash() {
			t.Errorf("Solve changed the position: %s", s)
		}
		// The table stays between calls: the same question costs next to nothing.
		again := mustSolve(t, sv, s)
		if again.Value != sol.Value || again.Nodes > sol.Nodes/10 {
			t.Errorf("solving again: value %d in %d positions, after %d the first time", again.Value, again.Nodes, sol.Nodes)
		}
		t.Logf("first=%s: value %d, %d positions", first, sol.Value, sol.Nodes)
	}
}

// TestSolveNegamax compares the solver with the plain negamax of engine/search, at every
// position of random games from where negamax finishes fast: the value, and the best
// moves as the moves whose negamax value after them is the position's value.
func TestSolveNegamax(t *testing.T) {
	games, fewest := 50, 5
	if short() {
		games, fewest = 40, 7
	}
	for seed, first := range []string{"light", "dark"} {
		r := mustRules(t, map[string]string{"first": first})
		shared := NewSolver() // its table fills from position to position
		positions := gamePositions(r, uint64(3+seed), games)
		for _, s := range enginetest.RandomPositions(r, uint64(3+seed), games) {
			positions = append(positions, s.(*State))
		}
		checked := 0
		for i, s := range positions {
			if s.Ply() < fewest {
				continue
			}
			checked++
			want := search.Negamax(s)
			var best []engine.Move
			for _, m := range s.Legal(nil) {
				s.Play(m)
				if -search.Negamax(s) == want {
					best = append(best, m)
				}
				s.Undo()
			}
			sv := shared
			if i%5 == 0 {
				sv = NewSolver()
			}
			sol := mustSolve(t, sv, s)
			if sol.Value != want || !slices.Equal(sol.Best, best) {
				t.Fatalf("%s: value %d, best %v; negamax %d, best %v", s, sol.Value, movesText(r, sol.Best), want, movesText(r, best))
			}
			if o := s.Outcome(); o.Over != (len(best) == 0) || o.Over && (sol.Plies != 0 || sol.Value != -1) {
				t.Fatalf("%s: %+v, solution %+v", s, o, sol)
			}
		}
		if checked < games {
			t.Fatalf("first=%s: only %d positions checked", first, checked)
		}
		t.Logf("first=%s: %d positions with %d pieces or more", first, checked, fewest)
	}
}

func movesText(r *Rules, ms []engine.Move) []string {
	var out []string
	for _, m := range ms {
		out = append(out, r.FormatMove(m))
	}
	return out
}

func TestSolveSmallCases(t *testing.T) {
	r := mustRules(t, nil)
	sv := NewSolver()
	for _, c := range []struct {
		name, pos string
		value     int
		best      string // a best move, if any
		plies     int
	}{
		{"win at once", "..../..S./..y./..C. d", 1, "Pc4", 1},
		{"over: four shapes", "..P./..S./..y./..C. l", -1, "", 0},
		{"over: no move", "C.Sy/ps../.CY./y.Sp l", -1, "", 0},
		{"over: board full", "SSyc/YCss/YCPP/ppyc l", -1, "", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := mustParse(t, r, c.pos)
			sol := mustSolve(t, sv, s)
			best := movesText(r, sol.Best)
			if sol.Value != c.value || (c.best == "") != (len(best) == 0) || c.best != "" && !slices.Contains(best, c.best) ||
				sol.Plies != c.plies || sol.Nodes == 0 {
				t.Errorf("%+v (best %v), want value %d, best %q among them, plies %d", sol, best, c.value, c.best, c.plies)
			}
		})
	}
}

// TestSolvePlies checks the plies Solve reports, where it knows them, against the naive
// rules' full minimax over the length of the game.
func TestSolvePlies(t *testing.T) {
	r := mustRules(t, nil)
	sv := NewSolver()
	known := map[int]int{}
	for _, s := range gamePositions(r, 17, 100) {
		if s.Ply() < 9 {
			continue
		}
		p, err := naiveParse(s.String())
		if err != nil {
			t.Fatal(err)
		}
		value, plies := naiveDistance(p)
		sol := mustSolve(t, sv, s)
		if sol.Value != value || sol.Plies != -1 && sol.Plies != plies || plies <= 1 && sol.Plies != plies {
			t.Fatalf("%s: value %d in %d plies, naive %d in %d", s, sol.Value, sol.Plies, value, plies)
		}
		known[sol.Plies]++
	}
	if known[0] == 0 || known[1] == 0 || known[2] == 0 {
		t.Errorf("plies known: %v; want some of 0, 1 and 2", known)
	}
	t.Logf("plies reported: %v", known)
}

// countdown is a context whose Err reports cancellation after n calls.
type countdown struct {
	context.Context
	n int
}

func (c *countdown) Err() error {
	if c.n--; c.n < 0 {
		return context.Canceled
	}
	return nil
}

// TestSolveCancel cancels solves midway and checks that the table they leave behind gives
// the answers a fresh solver gives.
func TestSolveCancel(t *testing.T) {
	r := mustRules(t, nil)
	sv := NewSolver()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := sv.Solve(ctx, r.Start()); !errors.Is(err, context.Canceled) {
		t.Fatalf("a cancelled context: %v", err)
	}
	for n := range 4 {
		if _, err := sv.Solve(&countdown{context.Background(), n}, r.Start()); !errors.Is(err, context.Canceled) {
			t.Fatalf("cancelled after %d looks: %v", n, err)
		}
	}
	positions := []*State{r.Start().(*State)}
	for _, s := range gamePositions(r, 9, 3) {
		if s.Ply() < 4 {
			positions = append(positions, s)
		}
	}
	for _, s := range positions {
		got, want := mustSolve(t, sv, s), mustSolve(t, NewSolver(), s)
		if got.Value != want.Value || !slices.Equal(got.Best, want.Best) {
			t.Fatalf("%s after cancelled solves: %+v, a fresh solver %+v", s, got, want)
		}
	}
}

// lateTimer is a context whose deadline has passed while its timer has not fired yet, as
// on a busy core: Err still reports nothing.
type lateTimer struct{ context.Context }

func (lateTimer) Deadline() (time.Time, bool) { return time.Now().Add(-time.Millisecond), true }

// TestSolveLateTimer: the solver stops at its deadline by the clock, not only when the
// context's timer fires (Quantik's beginner overran its 20 ms by 8 ms on a busy core).
func TestSolveLateTimer(t *testing.T) {
	r := mustRules(t, nil)
	sv := NewSolver()
	if _, err := sv.Solve(lateTimer{context.Background()}, r.Start()); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("past the deadline, the timer not fired: %v, want %v", err, context.DeadlineExceeded)
	}
	// The table the stopped solve left gives a fresh solver's answer.
	got, want := mustSolve(t, sv, r.Start()), mustSolve(t, NewSolver(), r.Start())
	if got.Value != want.Value || !slices.Equal(got.Best, want.Best) {
		t.Fatalf("after a stopped solve: %+v, a fresh solver %+v", got, want)
	}
}

type otherGame struct{ engine.State }

func TestSolveOtherGame(t *testing.T) {
	if _, err := NewSolver().Solve(context.Background(), otherGame{}); err == nil {
		t.Error("solved another game's position")
	}
	var sv engine.Solver = mustRules(t, nil).NewSolver()
	if _, ok := sv.(*Solver); !ok {
		t.Errorf("Rules.NewSolver gives a %T", sv)
	}
}

// TestSolverMoves checks the solver's own move generation, lane by lane, against State:
// the moves of each shape, and those among them that fill a region with four shapes.
func TestSolverMoves(t *testing.T) {
	r := mustRules(t, nil)
	for _, s := range gamePositions(r, 13, 300) {
		if s.line != noRegion {
			continue
		}
		p := posOf(s)
		tg, w := p.targets(p.occupied())
		for k := range Shape(4) {
			lane := func(x pos) engine.Bitboard { return engine.Bitboard(x[k>>1] >> (32 * (k & 1)) & 0xffff) }
			if got := lane(tg); got != s.targets(k) {
				t.Fatalf("%s: %s moves %s, want %s", s, k, names(r.geo, got), names(r.geo, s.targets(k)))
			}
			var wins engine.Bitboard
			for b := s.targets(k); b != 0; {
				sq := b.Pop()
				s.Play(MoveOf(k, sq))
				if s.line != noRegion {
					wins |= engine.Bit(sq)
				}
				s.Undo()
			}
			if got := lane(w); got != wins {
				t.Fatalf("%s: %s wins %s, want %s", s, k, names(r.geo, got), names(r.geo, wins))
			}
		}
	}
}

// TestSymmetries checks the generators: each is its own inverse and takes every row, column
// and quadrant to a row, column or quadrant, and together they make 128 symmetries.
func TestSymmetries(t *testing.T) {
	var regs []uint64
	for i := range 4 {
		regs = append(regs, 0xf<<(4*i), 0x1111<<i, uint64(quadA1)<<(i&1*2+i&2*4))
	}
	for i := range 7 {
		for x := range uint64(1 << 16) {
			if gen(i, gen(i, x)) != x {
				t.Fatalf("generator %d is not an involution at %#x", i, x)
			}
		}
	}
	seen := map[[16]uint8]bool{}
	for sym := range uint8(symmetries) {
		for _, reg := range regs {
			if !slices.Contains(regs, apply(sym, reg)) {
				t.Fatalf("symmetry %d takes region %#x to %#x", sym, reg, apply(sym, reg))
			}
		}
		var perm [16]uint8
		for c := range perm {
			perm[c] = uint8(engine.Bitboard(apply(sym, 1<<c)).First())
		}
		seen[perm] = true
		if img := images(0x8421 | 0x0e00); img[sym] != apply(sym, 0x8421|0x0e00) {
			t.Fatalf("images and apply disagree on symmetry %d", sym)
		}
	}
	if len(seen) != symmetries {
		t.Errorf("%d distinct symmetries, want 128", len(seen))
	}
	// The lanes do not mix: a symmetry acts on each lane alone.
	x := uint64(0x0001_8000_1234_ffff)
	for sym := range uint8(symmetries) {
		y := apply(sym, x)
		for l := range 4 {
			if y>>(16*l)&0xffff != apply(sym, x>>(16*l)&0xffff) {
				t.Fatalf("symmetry %d mixes lanes: %#x to %#x", sym, x, y)
			}
		}
	}
}

// TestSymTables checks the orbit-by-orbit tables against a plain search of every set of
// occupied cells.
func TestSymTables(t *testing.T) {
	st := newSymTables()
	for occ := range uint64(1 << 16) {
		img := images(occ)
		least := slices.Min(img[:])
		if got := apply(st.to[occ], occ); got != least {
			t.Fatalf("%#x: taken to %#x, the least image is %#x", occ, got, least)
		}
		if occ != least {
			continue
		}
		var keep []uint8
		for sym, y := range img {
			if y == occ {
				keep = append(keep, uint8(sym))
			}
		}
		if !slices.Equal(st.keep[st.stab[occ]], keep) {
			t.Fatalf("%#x: kept by %v, want %v", occ, st.keep[st.stab[occ]], keep)
		}
	}
}

// orbit returns the codes of every image of p: the board's symmetries times the shapes'
// orderings.
func orbit(p pos) map[uint64]bool {
	out := map[uint64]bool{}
	perms := [][4]int{}
	for a := range 4 {
		for b := range 4 {
			for c := range 4 {
				d := 6 - a - b - c
				if a != b && a != c && b != c && d != a && d != b && d != c {
					perms = append(perms, [4]int{a, b, c, d})
				}
			}
		}
	}
	for sym := range uint8(symmetries) {
		y := pos{apply(sym, p[0]), apply(sym, p[1])}
		for _, perm := range perms {
			var z pos
			for k := range 4 {
				half := y[k>>1] >> (32 * (k & 1)) & 0xffffffff
				z[perm[k]>>1] |= half << (32 * (perm[k] & 1))
			}
			out[code(z)] = true
		}
	}
	return out
}

// TestCanonical checks that two positions get the same canonical code exactly when one is
// an image of the other under the board's symmetries, the shapes' orderings and the swap of
// colours, on all positions after two moves and on positions of random games.
func TestCanonical(t *testing.T) {
	r := mustRules(t, nil)
	st := symOnce()
	var positions []*State
	start := r.Start()
	for _, m := range start.Legal(nil) {
		start.Play(m)
		for _, m2 := range start.Legal(nil) {
			start.Play(m2)
			positions = append(positions, start.Clone().(*State))
			start.Undo()
		}
		start.Undo()
	}
	classes := map[uint64]bool{}
	for _, s := range positions {
		p := posOf(s)
		classes[canonical(st, p, p.occupied())] = true
	}
	orbits := 0
	seen := map[uint64]bool{}
	for _, s := range positions {
		p := posOf(s)
		if seen[code(p)] {
			continue
		}
		orbits++
		for c := range orbit(p) {
			seen[c] = true
		}
	}
	// All 64 first moves are alike, and Dark's 53 replies fall in 7 classes.
	if len(classes) != orbits || orbits != 7 {
		t.Errorf("ply 2: %d canonical codes for %d orbits, want 7", len(classes), orbits)
	}

	rng := rand.New(rand.NewPCG(5, 6))
	games := gamePositions(r, 21, 40)
	for _, s := range games {
		p := posOf(s)
		want := canonical(st, p, p.occupied())
		// A random image, and the same position with the colours swapped.
		sym := uint8(rng.IntN(symmetries))
		perm := rng.Perm(4)
		var img [2][4]engine.Bitboard
		for side := range 2 {
			for k := range 4 {
				img[side][perm[k]] = engine.Bitboard(apply(sym, uint64(s.bb[side][k])))
			}
		}
		swapped := r.newState([2][4]engine.Bitboard{img[1], img[0]}, 1-s.Turn())
		q := posOf(swapped)
		if got := canonical(st, q, q.occupied()); got != want {
			t.Fatalf("%s and its image %s: codes %d and %d", s, swapped, want, got)
		}
		if !orbit(p)[want] {
			t.Fatalf("%s: the canonical code is of no image of it", s)
		}
	}
	// Different classes, different codes: the orbits of two positions meet exactly when
	// their codes agree.
	for i := 0; i+1 < len(games); i += 2 {
		p, q := posOf(games[i]), posOf(games[i+1])
		same := orbit(p)[code(q)]
		if (canonical(st, p, p.occupied()) == canonical(st, q, q.occupied())) != same {
			t.Fatalf("%s and %s: same orbit %v, codes disagree", games[i], games[i+1], same)
		}
	}
}

func BenchmarkSolveStart(b *testing.B) {
	r := mustRules(b, nil)
	symOnce() // made once for every solver of the process
	b.ReportAllocs()
	var nodes uint64
	for b.Loop() {
		sol := mustSolve(b, NewSolver(), r.Start())
		nodes = sol.Nodes
	}
	b.ReportMetric(float64(nodes), "nodes")
}

// BenchmarkSolveMid solves the position after four moves of a game, with a fresh solver.
func BenchmarkSolveMid(b *testing.B) {
	r := mustRules(b, nil)
	s := r.Start()
	for _, m := range []string{"Cb2", "Sc3", "Ya4", "Pd1"} {
		if _, err := engine.Play(s, m); err != nil {
			b.Fatal(err)
		}
	}
	symOnce()
	b.ReportAllocs()
	var nodes uint64
	for b.Loop() {
		sol := mustSolve(b, NewSolver(), s)
		nodes = sol.Nodes
	}
	b.ReportMetric(float64(nodes), "nodes")
}
