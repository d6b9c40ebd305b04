package quadwrangle

import (
	"cmp"
	"context"
	"fmt"
	"math/bits"
	"slices"

	"github.com/tavoliere/tavoliere/engine"
)

// CrowdedSolver solves Crowded endgames exactly: the final count of stones with best play,
// and from it the value (won, drawn, lost). It works on the contested stones alone: a
// group that touches no enemy stone never will (stones only move onto enemy stones), so
// its stones stay to the end and add a constant to the count; positions that differ only
// in such groups share the table's entries.
//
// The search is negamax with alpha-beta on the final difference of stones, null windows
// for the value (is it above 0? at least 0?), a table of bounds keyed by the two
// players' contested stones, and moves tried best-first by the stones they turn less the
// replies they leave, which visits about a quarter of the positions that ordering by the
// stones turned alone does (BenchmarkCrowdedSolve).
type CrowdedSolver struct {
	adj   [64]engine.Bitboard
	table []csEntry
	mask  uint64
	nodes uint64
	limit uint64 // nodes, 0 = none
	ctx   context.Context
	stop  bool
	// Move lists by the number of stones of the position: every move takes one, so no
	// two positions of a line share one.
	moves [65][maxCaptures]uint16
	gain  [65][maxCaptures]int8
	legal []engine.Move // the moves of the position Solve was given (position)
}

// csEntry holds bounds on the final difference (to the player to move) of the contested
// position mine, theirs: lo ≤ difference ≤ hi.
type csEntry struct {
	mine, theirs engine.Bitboard
	lo, hi       int8
	move         uint16 // from<<6 | to of the best move found, +1; 0 = none
}

// NewCrowdedSolver returns a solver for the Crowded rules r with a table of 2^bits
// entries (24 bytes each).
func NewCrowdedSolver(r *Rules, bits int) *CrowdedSolver {
	c := &CrowdedSolver{table: make([]csEntry, 1<<bits), mask: 1<<bits - 1, legal: make([]engine.Move, 0, maxCaptures)}
	for sq := range r.geo.Size() {
		c.adj[sq] = r.geo.Adjacent8(engine.Square(sq))
	}
	return c
}

// NewSolver implements engine.Solvable: Crowded's endgames (a CrowdedSolver with a table of
// 2^CrowdedTableBits entries, bounded to CrowdedNodeLimit positions a solve); nil for Quad
// Wrangle, which has no solver.
func (r *Rules) NewSolver() engine.Solver {
	if !r.crowded {
		return nil
	}
	c := NewCrowdedSolver(r, CrowdedTableBits)
	c.SetLimit(CrowdedNodeLimit)
	return c
}

// CrowdedNodeLimit bounds a solve of NewSolver's (4 to 10 s of one core here, by the load),
// so that one without a deadline (the AI with a budget of iterations, tavoliere solve)
// ends.
const CrowdedNodeLimit = 20_000_000

// CrowdedTableBits sizes the Crowded solver's table: 2^20 entries of 24 bytes, 24 MiB.
const CrowdedTableBits = 20

// contested returns the stones of Crowded's 8×8 board in groups (8-connected) that hold
// stones of both mine and theirs next to each other. A group that touches no enemy stone
// never will: stones only move onto enemy stones, so a group loses stones but gains no
// neighbours.
func contested(mine, theirs engine.Bitboard) engine.Bitboard {
	occ := mine | theirs
	x := mine&dilate8(theirs) | theirs&dilate8(mine)
	for {
		next := x | dilate8(x)&occ
		if next == x {
			return x
		}
		x = next
	}
}

// dilate8 is Geometry.Dilate8 for the 8×8 board.
func dilate8(b engine.Bitboard) engine.Bitboard {
	h := b | (b&notFileH)<<1 | (b&notFileA)>>1
	return (h | h<<8 | h>>8) &^ b
}

// Solve implements engine.Solver for Crowded: the value of s with best play (the final
// count of stones decides it) and the moves that keep it: every move of a draw or a loss,
// but of a win only the first found (Solution.Ranked), the table's best move tried first.
// Proving which of the other moves win or not cost ten to a hundred times the value, on
// the positions of BenchmarkCrowdedSolve. A draw proven before ctx ends, or the node limit
// is passed, is returned with the drawing moves found by then (Ranked; the first tried, the
// table's, keeps the draw, as the value's search found), as a win is. A position with more
// than MaxContested contested stones or MaxMoves moves is refused (engine.ErrTooDeep), and
// so is one whose search passes the node limit (SetLimit) before its value is known.
func (c *CrowdedSolver) Solve(ctx context.Context, st engine.State) (engine.Solution, error) {
	s, err := c.position(st, true)
	if err != nil {
		return engine.Solution{}, err
	}
	c.ctx, c.stop, c.nodes = ctx, false, 0
	mine, theirs := s.bb[s.turn], s.bb[s.turn^1]
	sol := engine.Solution{Plies: -1}
	if s.Outcome().Over {
		sol.Value, sol.Plies = cmp.Compare(mine.Count(), theirs.Count()), 0
		return sol, nil
	}
	switch {
	case c.atLeast(mine, theirs, 1):
		sol.Value = 1
	case c.stop:
	case c.atLeast(mine, theirs, 0):
		sol.Value = 0
	default:
		sol.Value = -1
	}
	if !c.stop {
		sol.Best = slices.Clone(c.legal) // the moves position listed
	}
	if !c.stop && sol.Value >= 0 {
		// The moves that keep the value; of a win, the first found, the table's best move
		// tried first.
		moves := slices.Clone(sol.Best)
		x := contested(mine, theirs)
		if e := &c.table[csHash(mine&x, theirs&x)&c.mask]; e.mine == mine&x && e.theirs == theirs&x && e.move != 0 {
			first := captureMove(engine.Square((e.move-1)>>6), engine.Square((e.move-1)&63))
			if i := slices.Index(moves, first); i > 0 {
				moves[0], moves[i] = moves[i], moves[0]
			}
		}
		keep := moves[:0]
		for _, m := range moves {
			_, from, to := decode(m)
			me, you := c.play(mine, theirs, from, to)
			// The move keeps the value when the reply's difference is at most -Value.
			keeps := !c.atLeast(you, me, -sol.Value+1)
			if c.stop {
				break
			}
			if keeps {
				keep = append(keep, m)
				if sol.Value > 0 {
					sol.Ranked = true
					break
				}
			}
		}
		// In Legal's order.
		sol.Best = slices.DeleteFunc(sol.Best, func(m engine.Move) bool { return !slices.Contains(keep, m) })
	}
	sol.Nodes = c.nodes
	if c.stop {
		if sol.Value == 0 && len(sol.Best) > 0 {
			// The value was proven; the moves that keep it, not all tried.
			sol.Ranked = true
			return sol, nil
		}
		return engine.Solution{}, c.stopped(ctx)
	}
	return sol, nil
}

// Wins implements engine.WinTester: whether the player to move wins, one search with a
// null window. Unlike Solve it takes on a position with more than MaxMoves moves.
func (c *CrowdedSolver) Wins(ctx context.Context, st engine.State) (bool, error) {
	s, err := c.position(st, false)
	if err != nil {
		return false, err
	}
	c.ctx, c.stop, c.nodes = ctx, false, 0
	won := c.atLeast(s.bb[s.turn], s.bb[s.turn^1], 1)
	if c.stop {
		return false, c.stopped(ctx)
	}
	return won, nil
}

// The Crowded solver takes on a position with at most MaxContested contested stones (in
// groups where stones of both sides touch) and MaxMoves moves. In the AI's games against
// the baseline at 1 s (40 of seed 21), positions beyond took more than 3 million positions
// to solve, most of them; within, the solver first succeeded 2 to 6 plies after the first
// position with at most 44 contested stones, at 0.2 to 2.4 million positions.
const (
	MaxContested = 44
	MaxMoves     = 25
)

// position returns st as a Crowded position the solver takes on, or the error that refuses
// it; the number of moves counts only with moves set (Solve: Wins answers for the replies
// of positions Solve took on, which may have more).
func (c *CrowdedSolver) position(st engine.State, moves bool) (*State, error) {
	s, ok := st.(*State)
	switch {
	case !ok || !s.r.crowded:
		return nil, fmt.Errorf("quadwrangle: the solver is Crowded's: %w", engine.ErrTooDeep)
	}
	if n := contested(s.bb[0], s.bb[1]).Count(); n > MaxContested {
		return nil, fmt.Errorf("crowded: %d contested stones, more than %d: %w", n, MaxContested, engine.ErrTooDeep)
	}
	if moves {
		if c.legal = s.Legal(c.legal[:0]); len(c.legal) > MaxMoves {
			return nil, fmt.Errorf("crowded: %d moves, more than %d: %w", len(c.legal), MaxMoves, engine.ErrTooDeep)
		}
	}
	return s, nil
}

// stopped is the error of a search that stopped: ctx's, or engine.ErrTooDeep past the
// node limit.
func (c *CrowdedSolver) stopped(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if engine.Expired(ctx) {
		return context.DeadlineExceeded
	}
	return fmt.Errorf("crowded: more than %d positions: %w", c.limit, engine.ErrTooDeep)
}

// SetLimit bounds the positions a Solve may visit (0: no bound); past it, Solve returns
// engine.ErrTooDeep.
func (c *CrowdedSolver) SetLimit(nodes uint64) { c.limit = nodes }

// atLeast reports whether the final difference, mine less theirs, with mine to move, is at
// least k.
func (c *CrowdedSolver) atLeast(mine, theirs engine.Bitboard, k int) bool {
	x := contested(mine, theirs)
	offset := bits.OnesCount64(uint64(mine&^x)) - bits.OnesCount64(uint64(theirs&^x))
	return c.search(mine&x, theirs&x, k-1-offset, k-offset)+offset >= k
}

// play returns the stones of the mover and of the other after the mover's capture from
// from to to.
func (c *CrowdedSolver) play(mine, theirs engine.Bitboard, from, to engine.Square) (me, you engine.Bitboard) {
	t := engine.Bit(to)
	turned := c.adj[to] & theirs &^ t
	return mine&^engine.Bit(from) | t | turned, theirs &^ t &^ turned
}

// search returns the final difference to the player to move of the contested position
// mine, theirs (every stone in a group with a front), fail-soft within (alpha, beta).
func (c *CrowdedSolver) search(mine, theirs engine.Bitboard, alpha, beta int) int {
	c.nodes++
	if c.nodes&1023 == 0 && !c.stop {
		c.stop = engine.Expired(c.ctx) || c.limit > 0 && c.nodes >= c.limit
	}
	if c.stop {
		return 0
	}
	front := mine & dilate8(theirs)
	if front == 0 {
		return bits.OnesCount64(uint64(mine)) - bits.OnesCount64(uint64(theirs))
	}
	stones := bits.OnesCount64(uint64(mine | theirs))
	var ttMove uint16
	alpha0, beta0 := alpha, beta
	e := &c.table[csHash(mine, theirs)&c.mask]
	if e.mine == mine && e.theirs == theirs { // never both empty here: a front has stones of both
		lo, hi := int(e.lo), int(e.hi)
		if lo >= beta {
			return lo
		}
		if hi <= alpha {
			return hi
		}
		if lo == hi {
			return lo
		}
		alpha, beta = max(alpha, lo), min(beta, hi)
		alpha0, beta0 = alpha, beta
		ttMove = e.move
	}
	// The moves, best first.
	moves, gain := &c.moves[stones], &c.gain[stones]
	n := 0
	for f := front; f != 0; {
		from := bits.TrailingZeros64(uint64(f))
		f &= f - 1
		for t := c.adj[from] & theirs; t != 0; {
			to := bits.TrailingZeros64(uint64(t))
			t &= t - 1
			m := uint16(from<<6|to) + 1
			// The stones it turns, less the replies it leaves.
			me, you := c.play(mine, theirs, engine.Square(from), engine.Square(to))
			g := int8(max(-100, bits.OnesCount64(uint64(c.adj[to]&theirs))-c.replies(you, me)))
			if m == ttMove {
				g = 127
			}
			moves[n], gain[n] = m, g
			n++
		}
	}
	best, bestMove := -128, uint16(0)

	for i := range n {
		k := i
		for j := i + 1; j < n; j++ {
			if gain[j] > gain[k] {
				k = j
			}
		}
		moves[i], moves[k] = moves[k], moves[i]
		gain[i], gain[k] = gain[k], gain[i]
		m := moves[i] - 1
		me, you := c.play(mine, theirs, engine.Square(m>>6), engine.Square(m&63))
		// Groups the move leaves without a front are settled: their count is fixed.
		x := contested(me, you)
		off := bits.OnesCount64(uint64(you&^x)) - bits.OnesCount64(uint64(me&^x))
		v := -c.search(you&x, me&x, -beta-off, -alpha-off) - off
		if c.stop {
			return 0
		}
		if v > best {
			best, bestMove = v, moves[i]
			if v > alpha {
				alpha = v
				if alpha >= beta {
					break
				}
			}
		}
	}
	// Store what the window proved: a fail-low is an upper bound, a fail-high a lower
	// one, anything between exact; merged with what the entry knew of this position (or,
	// when another position took the entry meanwhile, with nothing).
	lo, hi := -64, 64
	if e.mine == mine && e.theirs == theirs {
		lo, hi = int(e.lo), int(e.hi)
	}
	switch {
	case best <= alpha0:
		hi = min(hi, best)
	case best >= beta0:
		lo = max(lo, best)
	default:
		lo, hi = best, best
	}
	if best > alpha0 || ttMove == 0 {
		ttMove = bestMove
	}
	*e = csEntry{mine: mine, theirs: theirs, lo: int8(lo), hi: int8(hi), move: ttMove}
	return best
}

// maxCaptures bounds the moves of a Crowded position: one a pair of neighbouring squares
// (112 orthogonal, 98 diagonal on 8×8).
const maxCaptures = 210

func csHash(mine, theirs engine.Bitboard) uint64 {
	h := uint64(mine)*0x9e3779b97f4a7c15 ^ uint64(theirs)*0xc2b2ae3d27d4eb4f
	return h ^ h>>29
}

// replies counts the moves of mine against theirs.
func (c *CrowdedSolver) replies(mine, theirs engine.Bitboard) int {
	n := 0
	for f := mine & dilate8(theirs); f != 0; {
		from := bits.TrailingZeros64(uint64(f))
		f &= f - 1
		n += bits.OnesCount64(uint64(c.adj[from] & theirs))
	}
	return n
}
