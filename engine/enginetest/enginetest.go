// Package enginetest checks that a game keeps the engine contract, the way periph's
// conntest checks a bus: every game package runs Contract on its rules, and the registry
// runs it on every game. It also deals the random positions that perft cross-checks use.
//
// It imports engine and the standard library's testing; only tests import it.
package enginetest

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/tavoliere/tavoliere/engine"
)

// RandomPositions plays n random games from the start (each from a seeded stream) and
// returns one position from each, after a random number of moves; finished games count
// too. The same seed gives the same positions.
func RandomPositions(r engine.Rules, seed uint64, n int) []engine.State {
	rng := rand.New(rand.NewPCG(seed, 0x7e57))
	var out []engine.State
	buf := make([]engine.Move, 0, 256)
	for range n {
		s := r.Start()
		stop := rng.IntN(80)
		for s.Ply() < stop && !s.Outcome().Over {
			buf = s.Legal(buf[:0])
			s.Play(buf[rng.IntN(len(buf))])
		}
		out = append(out, s)
	}
	return out
}

// Contract plays random games of r and checks, at every position, what every game must
// keep: notation that round-trips, an incremental hash equal to a fresh one, Undo that
// restores, Validate that agrees with Legal, footprints that agree with what the move does
// to the board, and move generation that does not allocate.
func Contract(t *testing.T, r engine.Rules, games int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(uint64(games), 0xc0))
	g := r.Geometry()
	buf := make([]engine.Move, 0, 256)
	positions := 0
	for game := range games {
		s := r.Start()
		for step := 0; ; step++ {
			positions++
			checkPosition(t, r, s)
			if s.Outcome().Over {
				break
			}
			buf = s.Legal(buf[:0])
			if len(buf) == 0 {
				t.Fatalf("game %d: %s is not over but has no legal move", game, s)
			}
			for _, m := range buf {
				checkMove(t, r, g, s, m)
			}
			s.Play(buf[rng.IntN(len(buf))])
			if step > 2000 {
				t.Fatalf("game %d: no end after 2000 moves: %s", game, s)
			}
		}
		// Undo back to the start must give the start.
		for s.Ply() > 0 {
			s.Undo()
		}
		if start := r.Start(); s.String() != start.String() || s.Hash() != start.Hash() {
			t.Fatalf("game %d undone to %s, want the start %s", game, s, start)
		}
	}
	if positions < games {
		t.Fatalf("only %d positions checked", positions)
	}
}

func checkPosition(t *testing.T, r engine.Rules, s engine.State) {
	t.Helper()
	text := s.String()
	p, err := r.ParsePosition(text)
	if err != nil {
		t.Fatalf("ParsePosition(%q): %v", text, err)
	}
	if p.String() != text {
		t.Fatalf("position round trip: %q became %q", text, p.String())
	}
	if p.Hash() != s.Hash() {
		t.Fatalf("%s: incremental hash %x, fresh %x", text, s.Hash(), p.Hash())
	}
	if p.Turn() != s.Turn() {
		t.Fatalf("%s: turn %d after parsing, %d before", text, p.Turn(), s.Turn())
	}
	a := s.Legal(nil)
	b := p.Legal(nil)
	if !slices.Equal(a, b) {
		t.Fatalf("%s: parsed position has other moves", text)
	}
	c := s.Clone()
	if c.String() != text || c.Hash() != s.Hash() {
		t.Fatalf("%s: Clone differs", text)
	}
	buf := make([]engine.Move, 0, 512)
	if n := testing.AllocsPerRun(10, func() { buf = s.Legal(buf[:0]) }); n != 0 {
		t.Fatalf("%s: Legal allocates %.0f times", text, n)
	}
	if len(buf) > 0 {
		m := buf[0]
		s.Play(m) // grow the history once; then make/unmake must not allocate
		s.Undo()
		if n := testing.AllocsPerRun(10, func() { s.Play(m); s.Undo() }); n != 0 {
			t.Fatalf("%s: Play and Undo allocate %.0f times", text, n)
		}
	}
}

func checkMove(t *testing.T, r engine.Rules, g *engine.Geometry, s engine.State, m engine.Move) {
	t.Helper()
	text := r.FormatMove(m)
	back, err := r.ParseMove(text)
	if err != nil || back != m {
		t.Fatalf("%s: move %q (%#x) parses as %#x, %v", s, text, uint32(m), uint32(back), err)
	}
	if err := s.Validate(m); err != nil {
		t.Fatalf("%s: legal move %s refused: %v", s, text, err)
	}
	before, hash, turn := s.String(), s.Hash(), s.Turn()
	var pieces [64]engine.Piece
	for sq := engine.Square(0); int(sq) < g.Size(); sq++ {
		pieces[sq] = s.PieceAt(sq)
	}
	f := s.Footprint(m)
	rack, _ := r.(engine.Racked)
	var inRack []int
	if rs, ok := s.(engine.RackState); ok && rack != nil {
		for _, p := range rack.Rack() {
			inRack = append(inRack, rs.InRack(p))
		}
	}
	s.Play(m)
	if rack != nil {
		checkRack(t, text, before, rack.Rack(), s, inRack, f)
	}
	if f.Piece != engine.Empty && (f.Filled.Count() != 1 || s.PieceAt(f.Filled.First()) != f.Piece) {
		t.Fatalf("%s: %s names piece %d for the filled squares %x", before, text, f.Piece, f.Filled)
	}
	var emptied, filled, changed engine.Bitboard
	for sq := engine.Square(0); int(sq) < g.Size(); sq++ {
		was, is := pieces[sq], s.PieceAt(sq)
		switch {
		case was == engine.Empty && is != engine.Empty:
			filled |= engine.Bit(sq)
		case was != engine.Empty && is == engine.Empty:
			emptied |= engine.Bit(sq)
		case was != is:
			changed |= engine.Bit(sq)
		}
	}
	s.Undo()
	if s.String() != before || s.Hash() != hash || s.Turn() != turn {
		t.Fatalf("%s: Undo of %s gives %s", before, text, s)
	}
	if f.Emptied != emptied || f.Filled != filled || f.Flipped|f.Replaced != changed || f.Flipped&f.Replaced != 0 {
		t.Fatalf("%s: %s footprint %+v; the board emptied %x, filled %x, changed %x", before, text, f, emptied, filled, changed)
	}
	if f.Flipped != 0 && !engine.IsFlipping(r) {
		t.Fatalf("%s: %s turns %x over, but the rules do not say they flip (engine.Flipping)", before, text, f.Flipped)
	}
	if f.Emptied|f.Replaced != (f.Emptied|f.Replaced)&f.Touched {
		t.Fatalf("%s: %s: a square emptied or replaced must be touched: %+v", before, text, f)
	}
	if f.Filled != 0 && f.From == engine.Nowhere && f.Emptied == 0 {
		t.Fatalf("%s: %s fills a square from nowhere: %+v", before, text, f)
	}
}

// Illegal checks that Validate refuses every move that Legal does not offer, among all the
// moves ParseMove accepts over the board's squares (placements and square pairs), at the
// positions given.
func Illegal(t *testing.T, r engine.Rules, positions []engine.State, candidates []string) {
	t.Helper()
	for _, s := range positions {
		legal := s.Legal(nil)
		over := s.Outcome().Over
		for _, text := range candidates {
			m, err := r.ParseMove(text)
			if err != nil {
				continue
			}
			err = s.Validate(m)
			want := !over && slices.Contains(legal, m)
			if (err == nil) != want {
				t.Fatalf("%s: Validate(%s) = %v, but Legal offers it: %v", s, text, err, want)
			}
		}
	}
}

// SquarePairs returns every square name and every "a<sep>b" pair of square names of g.
func SquarePairs(g *engine.Geometry, sep string) []string {
	var out []string
	for a := engine.Square(0); int(a) < g.Size(); a++ {
		out = append(out, g.Name(a))
		for b := engine.Square(0); int(b) < g.Size(); b++ {
			out = append(out, g.Name(a)+sep+g.Name(b))
		}
	}
	return out
}

// PerftMade counts like engine.Perft but makes and unmakes every move down to the leaves,
// without the last ply's bulk count: the measure of make/unmake speed.
func PerftMade(s engine.State, depth int, bufs [][]engine.Move) uint64 {
	if depth == 0 {
		return 1
	}
	moves := s.Legal(bufs[depth-1][:0])
	bufs[depth-1] = moves
	var n uint64
	for _, m := range moves {
		s.Play(m)
		n += PerftMade(s, depth-1, bufs)
		s.Undo()
	}
	return n
}

// BenchPerft benchmarks perft of s at depth, reporting leaf nodes per second with the last
// ply bulk-counted (the usual perft measure, "leaves/s") and with every leaf made and
// unmade ("made/s"), and allocations. Allocations come from the per-call move buffers;
// Contract checks that Legal, Play and Undo allocate nothing.
func BenchPerft(b *testing.B, s engine.State, depth int) {
	b.Run("bulk", func(b *testing.B) {
		b.ReportAllocs()
		var leaves uint64
		for b.Loop() {
			leaves += engine.Perft(s, depth)
		}
		b.ReportMetric(float64(leaves)/b.Elapsed().Seconds(), "leaves/s")
	})
	b.Run("made", func(b *testing.B) {
		bufs := make([][]engine.Move, depth)
		for i := range bufs {
			bufs[i] = make([]engine.Move, 0, 256)
		}
		PerftMade(s, depth, bufs) // grow the history
		b.ReportAllocs()
		var leaves uint64
		for b.Loop() {
			leaves += PerftMade(s, depth, bufs)
		}
		b.ReportMetric(float64(leaves)/b.Elapsed().Seconds(), "made/s")
	})
}

// Names lists the squares of b by name, sorted, separated by spaces: "e7 f7".
func Names(g *engine.Geometry, b engine.Bitboard) string {
	var out []string
	for b != 0 {
		out = append(out, g.Name(b.Pop()))
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}

// Sorted sorts the words of list: the form Names and LegalText compare against.
func Sorted(list string) string {
	w := strings.Fields(list)
	slices.Sort(w)
	return strings.Join(w, " ")
}

// LegalText lists the legal moves of s in the game's notation, sorted.
func LegalText(s engine.State) string {
	var out []string
	for _, m := range s.Legal(nil) {
		out = append(out, s.Rules().FormatMove(m))
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}

// checkRack checks a Racked game's move against its rack: the footprint names the piece a
// placement puts down, and exactly the piece it names leaves the rack.
func checkRack(t *testing.T, text, before string, rack []engine.Piece, s engine.State, was []int, f engine.Footprint) {
	t.Helper()
	rs, ok := s.(engine.RackState)
	if !ok {
		t.Fatalf("%s: the game has a rack but its State does not say what is in it (engine.RackState)", before)
	}
	if f.Filled != 0 && f.Piece == engine.Empty {
		t.Fatalf("%s: %s puts a piece down without naming it: %+v", before, text, f)
	}
	for i, p := range rack {
		want := was[i]
		if p == f.Rack {
			want--
		}
		if got := rs.InRack(p); got != want || got < 0 {
			t.Fatalf("%s: after %s the rack holds %d of piece %d, want %d (footprint %+v)", before, text, got, p, want, f)
		}
	}
	if f.Rack != engine.Empty && !slices.Contains(rack, f.Rack) {
		t.Fatalf("%s: %s takes piece %d, which the rack never holds", before, text, f.Rack)
	}
}

// ParsedPosition checks, for a position fuzzer, what every game must keep of any text its
// ParsePosition accepts: the position writes back text that reads as the same position
// (text, hash and outcome); one not over has a move; Validate accepts every legal move, and
// Play and Undo of each leave the position as it was. It returns the position, or nil when
// r refuses text.
func ParsedPosition(t *testing.T, r engine.Rules, text string) engine.State {
	t.Helper()
	s, err := r.ParsePosition(text)
	if err != nil {
		return nil
	}
	again, err := r.ParsePosition(s.String())
	if err != nil || again.String() != s.String() || again.Hash() != s.Hash() || again.Outcome() != s.Outcome() {
		t.Fatalf("%q: %s does not read back: %v", text, s, err)
	}
	legal := s.Legal(nil)
	if o := s.Outcome(); !o.Over && len(legal) == 0 {
		t.Fatalf("%s is not over but has no move", s)
	}
	for _, m := range legal {
		if err := s.Validate(m); err != nil {
			t.Fatalf("%s: legal %s refused: %v", s, r.FormatMove(m), err)
		}
		s.Play(m)
		s.Outcome()
		s.Undo()
	}
	if s.String() != again.String() {
		t.Fatalf("play and undo changed %s", again)
	}
	return s
}

// ParsedMove checks, for a move fuzzer, that a move text r reads writes back as the same
// move, and that at the start Validate accepts it exactly when Legal lists it.
func ParsedMove(t *testing.T, r engine.Rules, text string) {
	t.Helper()
	m, err := r.ParseMove(text)
	if err != nil {
		return
	}
	if back, err := r.ParseMove(r.FormatMove(m)); err != nil || back != m {
		t.Fatalf("%q: %s reads back as %v, %v", text, r.FormatMove(m), back, err)
	}
	s := r.Start()
	if err := s.Validate(m); (err == nil) != slices.Contains(s.Legal(nil), m) {
		t.Fatalf("%s: Validate %v disagrees with Legal", text, err)
	}
}

// Validates checks how s's Validate answers the move text: want "" means the move is legal
// (accepted, and listed by Legal); otherwise it is refused with an error that wraps
// engine.ErrIllegal and says want. It is the check behind every game's table of refusals
// and their reasons.
func Validates(t *testing.T, s engine.State, text, want string) {
	t.Helper()
	m, err := s.Rules().ParseMove(text)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	err = s.Validate(m)
	switch {
	case want == "" && (err != nil || !slices.Contains(s.Legal(nil), m)):
		t.Errorf("%s: %s refused (%v), or not listed by Legal", s, text, err)
	case want != "" && (!errors.Is(err, engine.ErrIllegal) || !strings.Contains(err.Error(), want)):
		t.Errorf("%s: %s: %v, want a refusal saying %q", s, text, err, want)
	}
}

// WinFinder checks r's engine.WinFinder against engine.WinningMoveByPlay at every position
// of games random games of r (at most maxPlies plies each, seeded by seed), and that at least
// minFound of those positions have a win at once, so that the check means something.
func WinFinder(t *testing.T, r engine.Rules, seed uint64, games, maxPlies, minFound int) {
	t.Helper()
	wf, ok := r.(engine.WinFinder)
	if !ok {
		t.Fatalf("%s has no WinFinder", r.ID())
	}
	rng := rand.New(rand.NewPCG(seed, 0x77f))
	found := 0
	for range games {
		s := r.Start()
		for ply := 0; ply < maxPlies && !s.Outcome().Over; ply++ {
			moves := s.Legal(nil)
			want, ok := engine.WinningMoveByPlay(s, moves)
			got, gotOK := wf.WinningMove(s, moves)
			if gotOK != ok || got != want {
				t.Fatalf("%s: WinningMove %s %v, playing the moves finds %s %v",
					s, r.FormatMove(got), gotOK, r.FormatMove(want), ok)
			}
			// The first of the moves given, in their order: reversed, and the last half.
			other := slices.Clone(moves)
			slices.Reverse(other)
			for _, ms := range [][]engine.Move{other, moves[len(moves)/2:]} {
				want, ok := engine.WinningMoveByPlay(s, ms)
				if got, gotOK := wf.WinningMove(s, ms); gotOK != ok || got != want {
					t.Fatalf("%s: over %d moves, WinningMove %s %v, playing them finds %s %v",
						s, len(ms), r.FormatMove(got), gotOK, r.FormatMove(want), ok)
				}
			}
			if ok {
				found++
			}
			if len(moves) == 0 {
				break
			}
			s.Play(moves[rng.IntN(len(moves))])
		}
	}
	if found < minFound {
		t.Errorf("%s: only %d positions with a win at once, want %d", r.ID(), found, minFound)
	}
}

// errAfter is a context whose Err reports it cancelled from its n-th call on: a deadline
// that comes after a set amount of search, the same every run.
type errAfter struct {
	context.Context
	n *int
}

func (c errAfter) Err() error {
	if *c.n <= 0 {
		return context.Canceled
	}
	*c.n--
	return nil
}

// WinBeforeDeadline stops solvers at ever later points of their search of the won
// positions among positions with at least two winning moves and a search of at least 8,192
// nodes: each stop returns an error, or a win with some of the winning moves (in Legal's
// order), never another value or a move that does not win (engine.Solver), and the solver
// then solves the position right. It takes the
// first want such positions (fewer fail the test), and some stop, between the first win
// proven and the last, must return part of the winning moves.
func WinBeforeDeadline(t *testing.T, newSolver func() engine.Solver, positions []engine.State, want int) {
	t.Helper()
	found, partial := 0, 0
	for _, s := range positions {
		if found == want {
			break
		}
		full, err := newSolver().Solve(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		if full.Value != 1 || len(full.Best) < 2 || full.Nodes < 1<<13 {
			continue
		}
		found++
		for n := 1; ; n += 1 + n/4 {
			left := n
			sv := newSolver()
			sol, err := sv.Solve(errAfter{context.Background(), &left}, s)
			// The solver stopped solves right afterwards: its tables are as good as new.
			if again, err := sv.Solve(context.Background(), s); err != nil || again.Value != 1 || !slices.Equal(again.Best, full.Best) {
				t.Fatalf("%s solved again after a stop at %d checks: value %d, best %v, %v; want best %v", s, n, again.Value, again.Best, err, full.Best)
			}
			if err != nil {
				if !errors.Is(err, context.Canceled) {
					t.Fatalf("%s stopped after %d checks: %v", s, n, err)
				}
				continue
			}
			if sol.Value != 1 || len(sol.Best) == 0 || !isSubsequence(sol.Best, full.Best) {
				t.Fatalf("%s stopped after %d checks: value %d, best %v; solved: best %v", s, n, sol.Value, sol.Best, full.Best)
			}
			if slices.Equal(sol.Best, full.Best) {
				break
			}
			if left > 0 {
				t.Fatalf("%s: finished before its deadline with best %v, want %v", s, sol.Best, full.Best)
			}
			partial++
		}
	}
	if found < want || partial == 0 {
		t.Fatalf("%d won positions searched (want %d), %d stops returned part of a win (want some)", found, want, partial)
	}
}

// isSubsequence reports whether a's moves are among b's, in b's order.
func isSubsequence(a, b []engine.Move) bool {
	for _, m := range a {
		i := slices.Index(b, m)
		if i < 0 {
			return false
		}
		b = b[i+1:]
	}
	return true
}

// Short reports whether a game's long tests (the deepest perft, naive counts over many
// positions, big solves, many games) run shorter: without -tags soak, with -short, and under
// the race detector, which would make them take many minutes. Every behaviour is still
// checked, on fewer samples; CI runs them at full length with -tags soak.
func Short() bool { return testing.Short() || Race || !Soak }
