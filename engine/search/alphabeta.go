package search

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/tavoliere/tavoliere/engine"
)

// AlphaBeta searches games of two sides (engine.IsTwoSided: two players, or Quixo's two
// teams) with an evaluation (engine.Evaluator): negamax with
// alpha-beta pruning and null windows for all moves but the first (principal variation
// search), iterative deepening within the budget (a depth the budget ends in still
// counts: a root move that beat the last depth's best before it ended is played), and a
// transposition table that orders the moves (its move first) and cuts the search where a
// stored bound settles it. A move that leaves the same player to move (Push: a player who
// ejects his own marble pushes again) is searched without negation.
//
// Repetition and move caps are the games' own rules: every node asks Outcome first, so a
// threefold repetition is a draw and a capped game ends where the rules end it. Where the
// game has an endgame table (engine.Oracle), the search stops at the positions it knows,
// from the replies to the root's moves on. The transposition table is keyed by the
// position alone, so a value it holds may come from a path whose history made a
// repetition draw (the graph-history interaction of every table-driven search): it orders
// moves always, and cuts only with bounds searched at least as deep.
//
// The search allocates nothing per node: one move buffer per ply and a fixed table, both
// reused from search to search. The table's values hold the searching side's contempt
// for draws, so a search for the other side (a hint for the human, say) empties it first.
// An AlphaBeta is not safe for concurrent use.
type AlphaBeta struct {
	opt    AlphaBetaOptions
	eval   engine.Evaluator
	oracle engine.Oracle // the game's endgame table, if it has one
	table  []ttEntry
	mask   uint64
	bufs   [maxPly][]engine.Move
	// Move ordering past the table's move: the two moves that last cut at each ply
	// (killers), then the others by how often and how deep they cut (history), per move's
	// hash bucket.
	killers [maxPly][2]engine.Move
	history [1 << historyBits]int32
	scores  [maxPly][]int32
	nodes   int64
	stop    bool
	ctx     context.Context
	end     time.Time
	limit   int64 // node budget; 0 = none
	side    int   // the root's side (player index parity): a draw is worth -Contempt to it
	// tableSide is the side the table's values were searched for: they hold its contempt
	// for draws, so a search for the other side starts with an empty table; -1 = empty.
	tableSide int
}

// Contempt is what a draw costs the side that searches, in evaluation units: it plays on
// for a win rather than repeat a position it stands better in, and takes a draw only when
// the alternative is worse by more than this.
const Contempt = 40

// drawSliver divides the evaluation of a position an endgame table knows to be drawn: a
// small part of it ranks the draws, and no draw is worth a win or a loss.
const drawSliver = 64

// ttEntry is one position of the transposition table.
type ttEntry struct {
	key   uint64
	move  engine.Move
	value int32
	depth int8
	bound uint8
}

const (
	boundExact uint8 = iota + 1
	boundLower       // value ≥ stored
	boundUpper       // value ≤ stored
)

// maxPly bounds the depth of a search.
const maxPly = 64

// winScore is a won game's value at the root; a win found deeper is worth less by its ply,
// so the search prefers the quickest win and the slowest loss. Scores within winBand of it
// are proven: a search's plies and an endgame table's plies to the end fit in it.
const (
	winScore = 2 * engine.EvalMax
	winBand  = 512
)

// TableBits is the default size of the transposition table: 2^TableBits entries of 24
// bytes (6 MiB at 18).
const TableBits = 18

// AlphaBetaOptions bound an alpha-beta search, deepened until it meets the first of them.
type AlphaBetaOptions struct {
	Think time.Duration    // wall-clock budget; 0 = none
	Nodes int              // the nodes to search; 0 = no bound
	Depth int              // the deepest iteration; 0 = no bound
	Clock func() time.Time // nil = time.Now
}

// withDefaults gives o's zero fields their defaults.
func (o AlphaBetaOptions) withDefaults() AlphaBetaOptions {
	if o.Clock == nil {
		o.Clock = time.Now
	}
	return o
}

// NewAlphaBeta returns an alpha-beta searcher with the evaluation of e and a table of
// 2^bits entries (TableBits when bits is 0).
func NewAlphaBeta(e engine.Evaluator, o AlphaBetaOptions, bits int) *AlphaBeta {
	if bits <= 0 {
		bits = TableBits
	}
	a := &AlphaBeta{opt: o.withDefaults(), eval: e, table: make([]ttEntry, 1<<bits), mask: 1<<bits - 1, tableSide: -1}
	a.oracle, _ = e.(engine.Oracle)
	for i := range a.bufs {
		a.bufs[i] = make([]engine.Move, 0, 64)
		a.scores[i] = make([]int32, 0, 64)
	}
	return a
}

// SetOptions changes the budget of the searches to come; the table stays (for searches
// of the same side: see tableSide).
func (a *AlphaBeta) SetOptions(o AlphaBetaOptions) { a.opt = o.withDefaults() }

// ErrNotTwoPlayer is returned for a game of more than two sides.
var ErrNotTwoPlayer = errors.New("alpha-beta searches games of two sides")

// Search returns the best move of s found within the budget: the last depth searched to
// the end (Result.Depth), deepened while time (AlphaBetaOptions.Think) or nodes (AlphaBetaOptions.Nodes)
// remain, or a move that beat it at the next depth before the budget ran out (Move and
// Value are then that depth's).
// Result.Value is the score's win probability to the player to move (1 a proven win, 0 a
// proven loss, ½ level), Iterations the nodes searched.
func (a *AlphaBeta) Search(ctx context.Context, s engine.State) (Result, error) {
	if !engine.IsTwoSided(s.Rules()) {
		return Result{}, ErrNotTwoPlayer
	}
	if o := s.Outcome(); o.Over {
		return Result{}, fmt.Errorf("search: %w (%s)", ErrGameOver, o.Reason)
	}
	return a.SearchMoves(ctx, s, nil)
}

// SearchMoves is Search over the root moves given (all legal moves when nil or empty).
func (a *AlphaBeta) SearchMoves(ctx context.Context, s engine.State, root []engine.Move) (Result, error) {
	start := a.opt.Clock()
	a.ctx, a.stop, a.nodes = ctx, false, 0
	a.end, a.limit = time.Time{}, 0
	if a.opt.Think > 0 {
		a.end = start.Add(a.opt.Think)
	}
	if a.opt.Nodes > 0 {
		a.limit = int64(a.opt.Nodes)
	}
	if len(root) == 0 {
		root = s.Legal(nil)
	} else {
		root = append([]engine.Move(nil), root...)
	}
	if len(root) == 0 {
		return Result{}, fmt.Errorf("search: no legal move at %s", s)
	}
	a.killers = [maxPly][2]engine.Move{}
	for i := range a.history {
		a.history[i] >>= 2 // the last search's history still orders, at a quarter
	}
	best, bestScore, done := root[0], 0, 0
	me := s.Turn()
	a.side = me & 1
	if a.side != a.tableSide {
		clear(a.table)
		a.tableSide = a.side
	}
	for depth := 1; depth < maxPly; depth++ {
		alpha, beta := -winScore-1, winScore+1
		var depthBest, high engine.Move
		depthScore, highScore := -winScore-1, 0
		for i, m := range root {
			s.Play(m)
			var v int
			if i > 0 {
				// A null window first, as in child; a move that fails high on it is
				// better than the best so far even if its re-search is cut short.
				v = a.child(s, me, depth-1, alpha, alpha+1, 1, false)
				if v > alpha && !a.stop {
					high, highScore = m, v
					v = a.child(s, me, depth-1, alpha, beta, 1, false)
				}
			} else {
				v = a.child(s, me, depth-1, alpha, beta, 1, false)
			}
			s.Undo()
			if a.stop {
				break
			}
			high = 0
			if v > depthScore {
				depthScore, depthBest = v, m
				alpha = max(alpha, v)
			}
		}
		if a.stop {
			// The last best move was searched first at this depth: a move that scored
			// above it before the budget ran out is better, searched as deep, and so is
			// one whose null window failed high (its score a lower bound).
			switch {
			case high != 0:
				best, bestScore = high, highScore
			case depthBest != 0:
				best, bestScore = depthBest, depthScore
			}
			break
		}
		best, bestScore, done = depthBest, depthScore, depth
		// The best move first at the next depth.
		for i, m := range root {
			if m == best {
				copy(root[1:i+1], root[:i])
				root[0] = best
				break
			}
		}
		if abs(bestScore) > winScore-winBand || a.budgetLeft() == 0 || depth == a.opt.Depth {
			break // proven, no time for another depth, or as deep as asked
		}
	}
	if err := ctx.Err(); err != nil && a.nodes == 0 {
		return Result{}, err
	}
	return Result{Move: best, Value: scoreValue(bestScore), Iterations: int(a.nodes), Elapsed: a.opt.Clock().Sub(start), Depth: done}, nil
}

// budgetLeft returns the time left (math.MaxInt64 when unbounded), 0 when spent.
func (a *AlphaBeta) budgetLeft() time.Duration {
	if a.limit > 0 && a.nodes >= a.limit {
		return 0
	}
	if a.end.IsZero() {
		return math.MaxInt64
	}
	return max(a.end.Sub(a.opt.Clock()), 0)
}

// scoreValue maps a score to a win probability for Result.Value.
func scoreValue(v int) float64 {
	switch {
	case v > winScore-winBand:
		return 1
	case v < -winScore+winBand:
		return 0
	}
	return 1 / (1 + math.Exp(-float64(v)/float64(engine.EvalMax/8)))
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// search returns the value of s to its player to move, searched depth plies deeper, ply
// plies below the root, within the window (alpha, beta).
func (a *AlphaBeta) search(s engine.State, depth, alpha, beta, ply int) int {
	a.nodes++
	if a.nodes&1023 == 0 && !a.stop {
		a.stop = a.ctx.Err() != nil || a.budgetLeft() == 0
	}
	if a.stop {
		return 0
	}
	if o := s.Outcome(); o.Over {
		switch {
		case o.Winners == 0:
			if s.Turn()&1 == a.side {
				return -Contempt
			}
			return Contempt
		case o.Won(s.Turn()):
			return winScore - ply
		}
		return -winScore + ply
	}
	if a.oracle != nil && ply > 1 {
		// The endgame table knows: the game ends in plies, won or lost, or is drawn. Drawn
		// positions are told apart by a sliver of their evaluation, the better chances
		// against a player who errs. Not below a root move: the replies to it are searched
		// first, so that one that repeats a position a third time is seen even by a table
		// that answers after a repetition (Quixo's refuses a won or lost position then).
		if v, plies, ok := a.oracle.Lookup(s); ok {
			switch {
			case v > 0:
				return winScore - ply - plies
			case v < 0:
				return -winScore + ply + plies
			case s.Turn()&1 == a.side:
				return -Contempt + a.eval.Evaluate(s)/drawSliver
			}
			return Contempt + a.eval.Evaluate(s)/drawSliver
		}
	}
	if depth <= 0 || ply >= maxPly-1 {
		return a.eval.Evaluate(s)
	}
	key := s.Hash()
	e := &a.table[key&a.mask]
	var ttMove engine.Move
	if e.key == key {
		ttMove = e.move
		if int(e.depth) >= depth {
			v := fromTable(int(e.value), ply)
			switch {
			case e.bound == boundExact:
				return v
			case e.bound == boundLower && v >= beta:
				return v
			case e.bound == boundUpper && v <= alpha:
				return v
			}
		}
	}
	moves := s.Legal(a.bufs[ply][:0])
	a.bufs[ply] = moves
	scores := a.order(moves, ttMove, ply)
	me := s.Turn()
	alpha0 := alpha
	best, bestMove := -winScore-1, engine.Move(0)
	for i := range moves {
		// The best of the moves left comes next, for the first few: most cuts come early,
		// and sorting the whole list at every node costs more than it saves.
		if i < sortedMoves {
			k := i
			for j := i + 1; j < len(moves); j++ {
				if scores[j] > scores[k] {
					k = j
				}
			}
			// Moved to the front, the others keeping their order.
			m, v := moves[k], scores[k]
			copy(moves[i+1:k+1], moves[i:k])
			copy(scores[i+1:k+1], scores[i:k])
			moves[i], scores[i] = m, v
		}
		m := moves[i]
		s.Play(m)
		v := a.child(s, me, depth-1, alpha, beta, ply+1, i > 0)
		s.Undo()
		if a.stop {
			return 0
		}
		if v > best {
			best, bestMove = v, m
			if v > alpha {
				alpha = v
				if alpha >= beta {
					a.cut(m, ply, depth)
					break
				}
			}
		}
	}
	bound := boundExact
	switch {
	case best <= alpha0:
		bound = boundUpper
	case best >= beta:
		bound = boundLower
	}
	if int(e.depth) <= depth || e.key != key {
		*e = ttEntry{key: key, move: bestMove, value: int32(toTable(best, ply)), depth: int8(depth), bound: bound}
	}
	return best
}

// child returns the value to me, the player to move at the parent, of s, the position
// after one of its moves, searched depth plies deeper within (alpha, beta). A move that is
// not the first (late) is searched first with a null window at alpha, and again with the
// whole window only if it lands inside (principal variation search): most moves after the
// first fail low, and a null window proves that with fewer nodes. A leaf (depth 0) is
// exact at once and gets the whole window.
func (a *AlphaBeta) child(s engine.State, me, depth, alpha, beta, ply int, late bool) int {
	same := s.Turn() == me
	if late && depth > 0 && beta > alpha+1 {
		var v int
		if same {
			v = a.search(s, depth, alpha, alpha+1, ply)
		} else {
			v = -a.search(s, depth, -alpha-1, -alpha, ply)
		}
		if v <= alpha || v >= beta || a.stop {
			return v // failed low, or high enough to cut
		}
	}
	if same {
		return a.search(s, depth, alpha, beta, ply)
	}
	return -a.search(s, depth, -beta, -alpha, ply)
}

// historyBits sizes the history table: a move's bucket is a hash of its number, which
// suits every game's encoding.
const historyBits = 12

// sortedMoves is how many moves a node picks best-first; the rest follow in the game's
// order.
const sortedMoves = 6

func historyIndex(m engine.Move) uint32 { return uint32(m) * 0x9e3779b1 >> (32 - historyBits) }

// order scores moves, the legal moves at ply, for the order they are searched in: the
// table's move, then the killers, then by history.
func (a *AlphaBeta) order(moves []engine.Move, ttMove engine.Move, ply int) []int32 {
	scores := a.scores[ply][:0]
	k := &a.killers[ply]
	for _, m := range moves {
		var v int32
		switch {
		case m == ttMove:
			v = math.MaxInt32
		case m == k[0]:
			v = math.MaxInt32 - 1
		case m == k[1]:
			v = math.MaxInt32 - 2
		default:
			v = min(a.history[historyIndex(m)], math.MaxInt32-3)
		}
		scores = append(scores, v)
	}
	a.scores[ply] = scores
	return scores
}

// cut records that m cut the search at ply, depth plies from the leaves.
func (a *AlphaBeta) cut(m engine.Move, ply, depth int) {
	if k := &a.killers[ply]; k[0] != m {
		k[0], k[1] = m, k[0]
	}
	h := &a.history[historyIndex(m)]
	*h = min(*h+int32(depth*depth), math.MaxInt32/2)
}

// toTable stores a win's distance from the node rather than from the root, so that the
// entry serves the same position at another ply; fromTable undoes it.
func toTable(v, ply int) int {
	switch {
	case v > winScore-winBand:
		return v + ply
	case v < -winScore+winBand:
		return v - ply
	}
	return v
}

func fromTable(v, ply int) int {
	switch {
	case v > winScore-winBand:
		return v - ply
	case v < -winScore+winBand:
		return v + ply
	}
	return v
}
