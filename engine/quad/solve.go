package quad

import (
	"cmp"
	"context"
	"fmt"
	"math/bits"

	"github.com/tavoliere/tavoliere/engine"
)

// minSearchPieces is the fewest pieces on the board from which a solver without the book
// takes a position: the empty board is out of reach of search alone. Measured from a cold
// table on one core of the development machine, over 100 random positions whose mover
// cannot complete a line at once: with 4 pieces a solve takes 0.14 s on average (median
// 0.12 s, one in ten over 0.33 s, the slowest 0.54 s); with 3 pieces 0.56 s on average, up
// to 1.6 s; with 5 pieces 0.025 s, up to 0.14 s. The book (BookPieces) starts there.
const minSearchPieces = BookPieces

// tableBits sets the transposition table to 1<<tableBits entries of 16 bytes.
const tableBits = 18

// minTableEmpties: positions with fewer empty cells are searched again rather than looked
// up; their subtrees cost about as much as a miss in the table.
const minTableEmpties = 4

// sortedMoves is how many moves a node picks best first; a node whose first moves do not
// cut off searches them all, and then the order does not matter.
const sortedMoves = 12

// checkEvery is how many nodes the solver visits between looks at its context.
const checkEvery = 1 << 12

// Solver solves Quad positions exactly. It implements engine.Solver.
//
// It is negamax with alpha-beta over the three values, run as two null-window proofs (is it
// a win; if not, is it at least a draw). A position is decided without a search where the
// side to move can complete a line (a win), where the opponent has two cells to complete
// a line on (a loss: one can be blocked), or where nobody can fill any line with pieces
// sharing a value any more (a draw). Moves that hand the opponent a line to complete are
// not searched; moves that make a line of three the mover can complete are tried first,
// then the others by a history of the moves that refuted.
//
// The transposition table, kept between calls, is keyed by the position itself seen from
// the side to move (whose pieces are told apart from the opponent's, not by colour),
// reduced by the 32 permutations of the cells that map lines to lines and by the 8
// relabellings of shape and fill (round for square, hollow for solid, shape for fill). A
// key is the whole position, not a hash of it, so the table never confuses two positions.
// The same key finds a position with 12 empty cells in the book (book.go), whose value ends
// the search there.
type Solver struct {
	book    *book // nil while the book itself is built
	table   []entry
	history [4][64]uint64  // by role (needs a draw, a win) and parity of the empties, by move
	keys    [17][64]uint64 // the moves of the node with that many empty cells
	nodes   uint64
	next    uint64 // node count at which to look at ctx
	ctx     context.Context
	err     error
}

var (
	_ engine.Solvable  = (*Rules)(nil)
	_ engine.WinTester = (*Solver)(nil)
)

// entry is what the table knows of a position: its value lies within lo…hi.
type entry struct {
	key     uint64
	lo, hi  int8
	empties uint8 // the size of the subtree, for replacement
	set     bool
}

// NewSolver returns a solver with an empty table (4 MiB) and the book.
func NewSolver() *Solver {
	b, err := embeddedBook()
	if err != nil {
		panic(err) // the binary's own data: TestEmbeddedBook reads it
	}
	return newSolver(b)
}

// newSolver returns a solver with an empty table and the book b (none for nil).
func newSolver(b *book) *Solver {
	tablesOnce.Do(initTables)
	return &Solver{book: b, table: make([]entry, 1<<tableBits)}
}

// NewSolver implements engine.Solvable.
func (r *Rules) NewSolver() engine.Solver { return NewSolver() }

// Solve implements engine.Solver. It takes every position, the empty board too, by a search
// that ends in the book (BookPieces). Plies is not tracked (-1), except 0 for a finished game.
func (sv *Solver) Solve(ctx context.Context, s engine.State) (engine.Solution, error) {
	return sv.solve(ctx, s, false)
}

// Wins implements engine.WinTester: Solve's first question alone, whether the side to move
// has a winning move, without the moves that keep the value.
func (sv *Solver) Wins(ctx context.Context, s engine.State) (bool, error) {
	sol, err := sv.solve(ctx, s, true)
	return err == nil && sol.Value == 1, err
}

// solve solves s; winOnly stops once it knows whether the side to move wins, with Value 1
// or 0 (whatever the value) and no moves.
func (sv *Solver) solve(ctx context.Context, s engine.State, winOnly bool) (engine.Solution, error) {
	st, ok := s.(*State)
	if !ok {
		return engine.Solution{}, fmt.Errorf("quad: solve: %T is not a Quad position", s)
	}
	if err := ctx.Err(); err != nil {
		return engine.Solution{}, err
	}
	if o := st.Outcome(); o.Over {
		v := 0
		if o.Winners != 0 {
			v = -1 // the last move made a line
		}
		return engine.Solution{Value: v, Plies: 0}, nil
	}
	if n := st.Ply(); n < minSearchPieces && sv.book == nil {
		return engine.Solution{}, fmt.Errorf("quad: solve %s: %d pieces on the board and no book, want at least %d: %w",
			st, n, minSearchPieces, engine.ErrTooDeep)
	}
	sv.ctx, sv.err, sv.nodes, sv.next = ctx, nil, 0, checkEvery
	if !winOnly { // a win test is one of many small ones: the history ages by solves
		for i := range sv.history {
			for j := range sv.history[i] {
				sv.history[i][j] /= 2 // old habits count less
			}
		}
	}
	root := nodeOf(&st.pos)
	v := sv.search(root, 0, 1)
	if winOnly {
		if sv.err != nil {
			return engine.Solution{}, fmt.Errorf("quad: solve %s: %w", st, sv.err)
		}
		return engine.Solution{Value: int(max(v, 0)), Plies: -1, Nodes: sv.nodes}, nil
	}
	if v < 1 {
		v = min(sv.search(root, -1, 0), 0)
	}
	moves := st.Legal(nil)
	var best []engine.Move
	for _, m := range moves {
		if sv.err != nil {
			break
		}
		if v == -1 {
			best = moves // every move loses
			break
		}
		t, sq := decode(m)
		after := st.pos
		after.place(int(st.pos.turn), t, sq)
		if after.lineAt(sq) != noLine {
			if v == 1 {
				best = append(best, m)
			}
			continue
		}
		// m keeps v when the value of the position after it, for the opponent, is at most -v.
		if w := sv.search(root.play(t, sq), int8(-v), int8(-v+1)); sv.err == nil && w <= int8(-v) {
			best = append(best, m)
		}
	}
	if sv.err != nil && (v < 1 || len(best) == 0) {
		return engine.Solution{}, fmt.Errorf("quad: solve %s: %w", st, sv.err)
	}
	sol := engine.Solution{Value: int(v), Best: best, Plies: -1, Nodes: sv.nodes}
	if v == 0 && st.Ply() == BookPieces-2 && sv.book != nil && !winOnly {
		sol.Best, sol.Ranked = sv.tempting(root, best), true
	}
	return sol, nil
}

// tempting returns the drawing moves best (of the position n, two plies before the book)
// that lead to the best traps: whose replies that keep the draw lead to positions of the
// book with the greatest mean of the cube of their trap. A player who searches errs where
// most of his moves lose, and more so the more of them do: the cube follows how often the
// baseline MCTS erred at each share (docs/performance.md, Quad's book). The trap is that of
// the position, the best share its player can set up, whatever the drawing moves he then
// plays.
func (sv *Solver) tempting(n node, best []engine.Move) []engine.Move {
	var out []engine.Move
	var bestSum, bestN uint64 = 0, 1
	for _, m := range best {
		t, sq := decode(m)
		c := n.play(t, sq)
		var sum, cnt uint64
		var replies [64]node
		for _, g := range c.children(replies[:0]) {
			if madeLine(g) {
				continue
			}
			v, trap, ok := sv.book.lookup(canonical(g))
			if !ok || v != 0 {
				continue // a reply that loses (or is over): not one a searching player makes
			}
			q := uint64(trap)
			sum, cnt = sum+q*q*q, cnt+1
		}
		switch {
		case cnt == 0:
			continue
		case sum*bestN > bestSum*cnt || out == nil:
			out, bestSum, bestN = append(out[:0], m), sum, cnt
		case sum*bestN == bestSum*cnt:
			out = append(out, m)
		}
	}
	if out == nil {
		return best
	}
	return out
}

// search returns the value of n for the side to move, fail-soft within alpha…beta: a value
// at most alpha is an upper bound, at least beta a lower bound; exact for a position of the
// book. The move that led to n did not make a line.
func (sv *Solver) search(n node, alpha, beta int8) int8 {
	sv.nodes++
	if sv.nodes >= sv.next {
		sv.next += checkEvery
		if engine.Expired(sv.ctx) {
			sv.err = cmp.Or(sv.ctx.Err(), context.DeadlineExceeded)
		}
	}
	if sv.err != nil {
		return 0
	}
	mine, theirs := n.threats()
	if mine != 0 {
		return 1
	}
	empty := ^n.occ
	empties := bits.OnesCount16(empty)
	if empties <= 1 {
		return 0 // the last piece makes no line
	}
	cells := empty
	switch bits.OnesCount16(theirs) {
	case 0:
	case 1:
		cells = theirs // block it, or lose
	default:
		return -1 // two cells to block, one move
	}
	// From here on a move loses at once exactly when it is a blunder: the opponent's only
	// line to complete, if he had one, is blocked. So with two cells left, any other move
	// draws.
	types := availOf[n.placedMine]
	st := n.pairs()
	safe := false
	for ts := types; ts != 0 && !safe; ts &= ts - 1 {
		safe = cells&^cellsOf(st.bad, bits.TrailingZeros8(ts)) != 0
	}
	switch {
	case !safe:
		return -1
	case empties == 2:
		return 0
	}
	switch hopeMine, hopeTheirs := n.hopes(); {
	case !hopeMine && !hopeTheirs:
		return 0 // nobody can complete a line any more
	case !hopeMine && alpha >= 0:
		return 0 // at most a draw
	case !hopeTheirs && beta <= 0:
		return 0 // at least a draw
	}

	useTable := empties >= minTableEmpties
	var key uint64
	if useTable {
		key = canonical(n)
		if empties == 16-BookPieces && sv.book != nil {
			if v, ok := sv.book.value(key); ok {
				return v
			}
		}
		if e := sv.probe(key); e != nil {
			if e.lo >= beta || e.lo == e.hi {
				return e.lo
			}
			if e.hi <= alpha {
				return e.hi
			}
			alpha, beta = max(alpha, e.lo), min(beta, e.hi)
		}
	}
	a0, b0 := alpha, beta

	// The safe moves: forcing ones first, then by their history (how often each has
	// refuted the others, weighted by the size of the subtree, kept apart for the side
	// that needs a win and the one that needs a draw). A move's sort key packs the number
	// of lines it makes forcing, its history, then the move itself (cell<<2 | type).
	keys := &sv.keys[empties]
	nm := 0
	hist := &sv.history[int(min(max(beta, 0), 1))*2+empties&1]
	for ts := types; ts != 0; ts &= ts - 1 {
		t := bits.TrailingZeros8(ts)
		for c := cells &^ cellsOf(st.bad, t); c != 0; c &= c - 1 {
			sq := bits.TrailingZeros16(c)
			mv := uint8(sq<<2 | t)
			keys[nm] = (st.forcing>>(16*t+sq)&1+st.double>>(16*t+sq)&1)<<62 | min(hist[mv], 1<<54-1)<<8 | uint64(mv)
			nm++
		}
	}
	best := int8(-1) // a blunder's, if there is one; if not, any move does at least as well
	for i := range nm {
		if i < sortedMoves {
			j := i
			for k := i + 1; k < nm; k++ {
				if keys[k] > keys[j] {
					j = k
				}
			}
			keys[i], keys[j] = keys[j], keys[i]
		}
		mv := uint8(keys[i])
		v := -sv.search(n.play(Type(mv&3), int(mv>>2)), -beta, -alpha)
		if sv.err != nil {
			return 0
		}
		if v > best {
			best = v
			if v > alpha {
				alpha = v
				hist[mv] += 1 << empties
				if alpha >= beta {
					break
				}
			}
		}
	}
	if useTable {
		lo, hi := int8(-1), int8(1)
		switch {
		case best <= a0:
			hi = best
		case best >= b0:
			lo = best
		default:
			lo, hi = best, best
		}
		sv.store(key, lo, hi, uint8(empties))
	}
	return best
}

func slot(key uint64) uint64 { return (key * 0x9e3779b97f4a7c15) >> (64 - tableBits) &^ 1 }

// probe returns the table's entry for key, or nil.
func (sv *Solver) probe(key uint64) *entry {
	i := slot(key)
	for j := i; j < i+2; j++ {
		if e := &sv.table[j]; e.set && e.key == key {
			return e
		}
	}
	return nil
}

// store records lo…hi for key in a bucket of two: the first keeps the biggest subtree, the
// second takes the rest.
func (sv *Solver) store(key uint64, lo, hi int8, empties uint8) {
	i := slot(key)
	b := sv.table[i : i+2 : i+2]
	for j := range b {
		if e := &b[j]; e.set && e.key == key {
			e.lo, e.hi = max(e.lo, lo), min(e.hi, hi)
			return
		}
	}
	e := entry{key: key, lo: lo, hi: hi, empties: empties, set: true}
	if !b[0].set || empties >= b[0].empties {
		b[1], b[0] = b[0], e
	} else {
		b[1] = e
	}
}
