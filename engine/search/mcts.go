// Package search chooses moves for any game of tavoliere through the engine contract alone:
// a Monte Carlo tree search (UCT with uniformly random playouts), bounded by wall-clock time
// or by a number of iterations, cancellable through a context and exactly reproducible for a
// given seed. It is the baseline every later AI is measured against: AI adds exact solvers
// and hard rules to it, and Match plays two players against each other (tavoliere arena).
//
// search imports only the standard library and engine; it knows no game.
package search

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/tavoliere/tavoliere/engine"
)

// DefaultPlayoutCap is the length in plies after which a playout stops and counts as a draw,
// so that games able to loop still end every playout.
const DefaultPlayoutCap = 1000

// checkEvery is how many iterations pass between looks at the context and the clock: often
// enough to stop within a few playouts of the deadline, rarely enough not to show in a profile.
const checkEvery = 4

// streamSearch is the second word of the PCG seed of the searches' playouts and of the
// choice among equal moves; MCTSOptions.Seed is the first. (streamBlunder and streamTempt,
// ai.go, name the other streams.)
const streamSearch = 0x9e3779b97f4a7c15

// Errors that callers branch on.
var (
	ErrGameOver = errors.New("game is over")
	ErrNoBudget = errors.New("neither Think nor Iterations is set")
)

// capped is how a playout that reached the cap is scored.
var capped = engine.Draw("playout cap")

// MCTSOptions bound and tune a Monte Carlo tree search. At least one of Think and
// Iterations must be set; with both, the search stops at whichever comes first.
type MCTSOptions struct {
	Think       time.Duration    // wall-clock budget; 0 = none
	Iterations  int              // playout budget; 0 = none
	Seed        uint64           // with Iterations and no Think, a seed gives one Result (but Elapsed)
	Clock       func() time.Time // nil = time.Now
	Exploration float64          // UCT constant C; 0 = math.Sqrt2
	PlayoutCap  int              // plies before a playout counts as a draw; 0 = DefaultPlayoutCap
	// Decisive makes playouts informed: a player takes a move that wins at once when he has
	// one (the AI's MCTS; the baseline plays uniformly at random).
	Decisive bool
	// Careful makes playouts avoid a move that ends the game in another player's win while
	// the player has a move that does not (Push 4's push that makes only another's line): a
	// random move that does is taken back and another drawn. The AI's MCTS, in the games
	// that ask for it (engine.Tuning.CarefulPlayouts).
	Careful bool
	// Contempt is what a draw costs the side to move at the root, in reward: in a game of
	// two sides a draw is worth ½ − Contempt to it and ½ + Contempt to the other (a team is
	// the players of one parity, as in alpha-beta). In a game of more sides, any Contempt
	// makes a draw worth nothing to the root's player, as no one's win is, and ½ to the
	// others: at ½ a player of four, whose fair chance to win is ¼, would take every
	// repetition, and even at ¼ he settled for a full board or a repetition where playing
	// on won (engine/search/ai.go, mctsContempt). It plays on rather than repeat a position
	// unless the alternatives are worse. The AI's MCTS; 0 = none.
	Contempt float64
	// Solve makes the tree prove what it can (MCTS-Solver): a position whose player to move
	// has a move to a won end, or whose moves all lead to proven ends, is proven, so the
	// search stops spending playouts on it, never chooses a move proven to lose while
	// another remains, and stops when the root is proven. In a game of two sides with an
	// endgame table (engine.Oracle: Quixo's), a position below the root that the table
	// knows is proven by it, and a playout that reaches one ends there with its value. The
	// AI's MCTS; not the baseline.
	Solve bool
	// Reuse keeps the tree from one search to the next: a search whose position the last
	// one's tree holds, at most a few plies below its root along the game's own moves,
	// starts from that part of the tree. The AI's MCTS; not the baseline.
	Reuse bool
	// MaxNodes bounds the tree (0 = DefaultMaxNodes): past it, the search goes on with
	// playouts from the leaves it reaches, and its memory stays bounded.
	MaxNodes int
}

// Stat is what the search learnt about one move of the root position.
type Stat struct {
	Move   engine.Move
	Visits int
	Value  float64 // mean reward to the player to move; 0 when unvisited
	Proven bool    // Value is the move's proven end (MCTSOptions.Solve): 1, ½ or 0
}

// Result is the move chosen and how sure the search is of it.
type Result struct {
	Move       engine.Move
	Value      float64 // mean reward of Move to the player to move: 1 = sure win, ½ = draw
	Iterations int
	Elapsed    time.Duration
	Children   []Stat // every root move, most visited first (the order Move is chosen by)
	Depth      int    // alpha-beta: the deepest iteration searched to the end; 0 for MCTS
}

// node is one position of the tree, reached from its parent by move. The children of a
// node are contiguous in the arena, in a shuffled order: the first tried have been visited.
type node struct {
	reward float64 // sum over the playouts through here of the reward to mover
	visits float64
	move   engine.Move
	parent int32
	first  int32 // first child
	n      int32 // number of children; -1 until the node is expanded
	tried  int32 // children visited at least once
	mover  int8  // the player who made move: the player to move at the parent
	proof  proof // the proven end of the game from here (MCTSOptions.Solve); 0 = not proven
}

// proof is a proven end: proven with the winners' bits of engine.Outcome.Winners (none for a
// draw), or 0 for none. The tree is one of paths, not of positions, so a proof holds for the
// history that leads to its node, repetitions and move caps included.
type proof uint8

const proven proof = 0x80

func proofOf(o engine.Outcome) proof { return proven | proof(o.Winners) }

// outcome is the end p proves.
func (p proof) outcome() engine.Outcome {
	return engine.Outcome{Over: true, Winners: uint8(p &^ proven), Reason: "proven"}
}

// reward is what p's end is worth to player q.
func (p proof) reward(q int8) float64 { return p.outcome().Reward(int(q)) }

// MCTS is a reusable searcher: it keeps its node arena and move buffer from one search to
// the next, so a game's searches after the first allocate little. It is not safe for
// concurrent use.
type MCTS struct {
	opt   MCTSOptions
	root  []engine.Move // the root's moves, when the caller restricts them
	pcg   rand.PCG
	rng   *rand.Rand
	nodes []node
	moves []engine.Move
	// wf finds the informed playouts' wins at once, for games that can (engine.WinFinder).
	wf engine.WinFinder
	// side is the root's player to move, to whom a draw is worth nothing in a game of
	// more than two sides (MCTSOptions.Contempt).
	side int8
	// twoSided: the game searched is one of two sides (engine.IsTwoSided), whose positions
	// MCTSOptions.Solve may prove from their moves' proofs alone.
	twoSided bool
	// oracle is the game's endgame table, when MCTSOptions.Solve proves by it.
	oracle engine.Oracle
	// prev is the last search's root position (MCTSOptions.Reuse), prevHist the hashes of its
	// history, newest first, prevScored the options its values were scored with; hist and
	// remap are reuse's scratch.
	prev       engine.State
	prevHist   []uint64
	prevScored scoring
	hist       []uint64
	remap      []int32
}

// NewMCTS returns a searcher with the options o, zero fields given their defaults. Options
// are checked by Search.
func NewMCTS(o MCTSOptions) *MCTS {
	m := &MCTS{opt: o.withDefaults(), moves: make([]engine.Move, 0, 256)}
	m.rng = rand.New(&m.pcg)
	return m
}

// SetOptions changes the options of the searches to come.
func (m *MCTS) SetOptions(o MCTSOptions) { m.opt = o.withDefaults() }

// DefaultMaxNodes is the tree's size past which MCTS stops growing it: 2²¹ nodes of 40 bytes,
// 80 MiB, which a Raspberry Pi holds beside everything else.
const DefaultMaxNodes = 1 << 21

// withDefaults gives o's zero fields their defaults.
func (o MCTSOptions) withDefaults() MCTSOptions {
	if o.Exploration == 0 {
		o.Exploration = math.Sqrt2
	}
	if o.PlayoutCap == 0 {
		o.PlayoutCap = DefaultPlayoutCap
	}
	if o.MaxNodes == 0 {
		o.MaxNodes = DefaultMaxNodes
	}
	if o.Clock == nil {
		o.Clock = time.Now
	}
	return o
}

func (o MCTSOptions) check() error {
	switch {
	case o.Think < 0:
		return fmt.Errorf("search: negative Think %v", o.Think)
	case o.Iterations < 0:
		return fmt.Errorf("search: negative Iterations %d", o.Iterations)
	case o.PlayoutCap < 0:
		return fmt.Errorf("search: negative PlayoutCap %d", o.PlayoutCap)
	case o.Exploration < 0 || math.IsNaN(o.Exploration):
		return fmt.Errorf("search: Exploration %v is not a non-negative number", o.Exploration)
	case o.Think == 0 && o.Iterations == 0:
		return fmt.Errorf("search: %w", ErrNoBudget)
	}
	return nil
}

// Search returns the most visited move of s after the search budget is spent or ctx is
// cancelled, whichever comes first. s is searched on a clone and left as it was. Every
// search starts its random numbers afresh from the seed.
//
// It fails when the game is over, when ctx is cancelled before the search starts, or when
// the game breaks the engine contract (a position not over without legal moves). A search
// cancelled once started returns the best move so far and no error.
func (m *MCTS) Search(ctx context.Context, s engine.State) (Result, error) {
	return m.SearchMoves(ctx, s, nil)
}

// SearchMoves is Search with the root's moves restricted to root (nil: every legal move),
// which must be legal moves of s.
func (m *MCTS) SearchMoves(ctx context.Context, s engine.State, root []engine.Move) (Result, error) {
	m.root = root
	defer func() { m.root = nil }()
	if err := m.opt.check(); err != nil {
		return Result{}, err
	}
	if o := s.Outcome(); o.Over {
		return Result{}, fmt.Errorf("search: %w (%s)", ErrGameOver, o.Reason)
	}
	if err := ctx.Err(); err != nil {
		return Result{}, fmt.Errorf("search: %w", err)
	}
	start := m.opt.Clock()
	deadline := start.Add(m.opt.Think)
	s = s.Clone()
	m.pcg.Seed(m.opt.Seed, streamSearch)
	m.twoSided = engine.IsTwoSided(s.Rules())
	m.wf, _ = s.Rules().(engine.WinFinder)
	m.oracle = nil
	if o, ok := s.Rules().(engine.Oracle); ok && m.opt.Solve && m.twoSided {
		m.oracle = o
	}
	m.side = int8(s.Turn())
	if !m.opt.Reuse || !m.reuse(s) {
		m.nodes = append(m.nodes[:0], node{parent: -1, n: -1, mover: -1})
	}
	m.prev = nil
	if m.opt.Reuse {
		defer m.remember(s) // s, the clone searched, is back at the root then
	}

	iters := 0
	for {
		if err := m.iterate(s); err != nil {
			return Result{}, err
		}
		iters++
		if m.opt.Iterations > 0 && iters >= m.opt.Iterations || m.nodes[0].proof != 0 {
			break
		}
		if iters%checkEvery == 0 {
			if ctx.Err() != nil {
				break
			}
			if m.opt.Think > 0 && !m.opt.Clock().Before(deadline) {
				break
			}
		}
	}
	return m.result(iters, m.opt.Clock().Sub(start)), nil
}

// iterate runs one selection, expansion, playout and backpropagation from the root, which s
// is at, and leaves s there again.
func (m *MCTS) iterate(s engine.State) error {
	cur, plies := int32(0), 0
	var out engine.Outcome
	var err error
	for {
		if pr := m.nodes[cur].proof; pr != 0 {
			out = pr.outcome()
			break
		}
		if out = s.Outcome(); out.Over {
			break
		}
		if m.nodes[cur].n < 0 {
			if cur != 0 && len(m.nodes) >= m.opt.MaxNodes {
				// The tree is as large as it may grow: a playout from this leaf.
				var n int
				out, n, err = m.playout(s)
				plies += n
				break
			}
			if err = m.expand(cur, s); err != nil {
				break
			}
		}
		nd := &m.nodes[cur]
		next := nd.first + nd.tried
		if nd.tried < nd.n {
			nd.tried++
		} else {
			next = m.selectChild(nd)
		}
		s.Play(m.nodes[next].move)
		plies++
		cur = next
		if m.opt.Solve {
			if out = s.Outcome(); out.Over {
				m.prove(cur, proofOf(out))
				break
			}
			if o, ok := m.known(s); ok {
				out = o
				m.prove(cur, proofOf(out))
				break
			}
		}
		if m.nodes[cur].visits == 0 {
			var n int
			out, n, err = m.playout(s)
			plies += n
			break
		}
	}
	for range plies {
		s.Undo()
	}
	if err != nil {
		return err
	}
	contempt := out.Over && out.Winners == 0 && m.opt.Contempt > 0
	for i := cur; i >= 0; i = m.nodes[i].parent {
		nd := &m.nodes[i]
		nd.visits++
		switch {
		case nd.mover < 0:
		case contempt && m.twoSided && nd.mover&1 == m.side&1:
			nd.reward += 0.5 - m.opt.Contempt
		case contempt && m.twoSided:
			nd.reward += 0.5 + m.opt.Contempt
		case contempt && nd.mover == m.side:
			// A draw is worth nothing to him.
		case contempt:
			nd.reward += 0.5
		default:
			nd.reward += out.Reward(int(nd.mover))
		}
	}
	return nil
}

// expand gives node i, whose position s is at, one child per legal move, in random order.
func (m *MCTS) expand(i int32, s engine.State) error {
	if i == 0 && len(m.root) > 0 {
		m.moves = append(m.moves[:0], m.root...)
	} else {
		m.moves = s.Legal(m.moves[:0])
	}
	if len(m.moves) == 0 {
		return errStuck(s)
	}
	for j := len(m.moves) - 1; j > 0; j-- {
		k := m.rng.IntN(j + 1)
		m.moves[j], m.moves[k] = m.moves[k], m.moves[j]
	}
	if need := len(m.nodes) + len(m.moves); need > cap(m.nodes) {
		// Doubling stops at the most the tree can hold (MaxNodes, passed by one position's
		// moves at most): past 2²¹ nodes a doubling would take 80 MiB the tree never uses.
		grown := make([]node, len(m.nodes), max(need, min(2*cap(m.nodes), m.opt.MaxNodes+len(m.moves))))
		copy(grown, m.nodes)
		m.nodes = grown
	}
	first, mover := int32(len(m.nodes)), int8(s.Turn())
	for _, mv := range m.moves {
		m.nodes = append(m.nodes, node{move: mv, parent: i, n: -1, mover: mover})
	}
	m.nodes[i].first, m.nodes[i].n = first, int32(len(m.moves))
	return nil
}

// prove records that node i's game ends as pr, and what follows for its ancestors: a
// player to move with a move proven to win for him has won (and his team, in a team game);
// in a game of two sides, a position whose moves are all proven ends as the best of them
// for its player to move. Past two sides the order of the losses is no one's to choose, so
// it is left to the playouts.
func (m *MCTS) prove(i int32, pr proof) {
	m.nodes[i].proof = pr
	m.proveUp(m.nodes[i].parent)
}

// proveUp proves what its children's proofs prove of node p and of its ancestors in turn.
func (m *MCTS) proveUp(p int32) {
	for ; p >= 0; p = m.nodes[p].parent {
		pn := &m.nodes[p]
		if pn.proof != 0 || pn.n <= 0 {
			return
		}
		q := m.nodes[pn.first].mover
		best, all := proof(0), pn.tried == pn.n
		for c := pn.first; c < pn.first+pn.n; c++ {
			cp := m.nodes[c].proof
			switch {
			case cp == 0:
				all = false
			case cp.reward(q) == 1:
				best, all = cp, true
			case best == 0 || cp.reward(q) > best.reward(q):
				best = cp
			}
			if best != 0 && best.reward(q) == 1 {
				break
			}
		}
		if !all || (best.reward(q) < 1 && !m.twoSided) {
			return
		}
		pn.proof = best
	}
}

// selectChild returns the child of p with the highest UCB1 score. Every child has been
// visited. Ties go to the first in the arena, so the choice follows the seed. With
// MCTSOptions.Solve a child proven lost to its mover is passed over while another remains;
// when none does (a node of a game of more than two sides, left unproven because which
// loss its player takes is no one's to choose), they are chosen among by their scores, so
// that the playouts weigh them rather than the first take every visit.
func (m *MCTS) selectChild(p *node) int32 {
	k := m.opt.Exploration * math.Sqrt(math.Log(p.visits))
	best, bestScore := int32(-1), math.Inf(-1)
	for i := p.first; i < p.first+p.n; i++ {
		c := &m.nodes[i]
		if c.proof != 0 && c.proof.reward(c.mover) == 0 {
			continue
		}
		if score := c.reward/c.visits + k/math.Sqrt(c.visits); score > bestScore {
			best, bestScore = i, score
		}
	}
	if best >= 0 {
		return best
	}
	best = p.first
	for i := p.first; i < p.first+p.n; i++ {
		c := &m.nodes[i]
		if score := c.reward/c.visits + k/math.Sqrt(c.visits); score > bestScore {
			best, bestScore = i, score
		}
	}
	return best
}

// known returns the end of the game from s that the endgame table knows, with best play
// (MCTSOptions.Solve), if it knows s: a win for the side to move or for the other, or a draw.
// A drawn position is proven drawn too, so a search whose moves all lead to the table's
// draws ends at once and does not tell them apart by the chances they leave an opponent
// who errs (as the solver does at the root, ranking its drawing moves; not measured
// against proving only wins and losses).
func (m *MCTS) known(s engine.State) (engine.Outcome, bool) {
	if m.oracle == nil {
		return engine.Outcome{}, false
	}
	v, _, ok := m.oracle.Lookup(s)
	if !ok {
		return engine.Outcome{}, false
	}
	if v == 0 {
		return engine.Draw("endgame table"), true
	}
	side := s.Turn() & 1 // the winning side: the players of its parity
	if v < 0 {
		side ^= 1
	}
	o := engine.Outcome{Over: true, Reason: "endgame table"}
	for p := range s.Rules().Players() {
		if p&1 == side {
			o.Winners |= 1 << uint(p)
		}
	}
	return o, true
}

// playout plays uniformly random moves from s until the game is over or the cap is reached,
// and returns the outcome and the number of plies played (which the caller takes back).
// Informed playouts take a win at once (MCTSOptions.Decisive) and shun a loss at once
// (MCTSOptions.Careful); with MCTSOptions.Solve, one ends where the game's endgame table knows the
// position.
func (m *MCTS) playout(s engine.State) (engine.Outcome, int, error) {
	o := s.Outcome()
	for n := 0; ; n++ {
		if o.Over {
			return o, n, nil
		}
		if n == m.opt.PlayoutCap {
			return capped, n, nil
		}
		if k, ok := m.known(s); ok {
			return k, n, nil
		}
		m.moves = s.Legal(m.moves[:0])
		if len(m.moves) == 0 {
			return engine.Outcome{}, n, errStuck(s)
		}
		if m.opt.Decisive {
			var w engine.Move
			var ok bool
			if m.wf != nil {
				w, ok = m.wf.WinningMove(s, m.moves)
			} else {
				w, ok = engine.WinningMoveByPlay(s, m.moves)
			}
			if ok {
				s.Play(w)
				o = s.Outcome()
				continue
			}
		}
		me := s.Turn()
		for k := len(m.moves); ; {
			j := m.rng.IntN(k)
			s.Play(m.moves[j])
			o = s.Outcome()
			if !m.opt.Careful || k == 1 || !o.Over || o.Reward(me) > 0 {
				break
			}
			// The move lost at once: draw again among the others.
			s.Undo()
			k--
			m.moves[j], m.moves[k] = m.moves[k], m.moves[j]
		}
	}
}

func errStuck(s engine.State) error {
	return fmt.Errorf("search: %s position %q is not over but has no legal moves",
		s.Rules().ID(), s.String())
}

// result reads the root's children. The root has been expanded: it is not over, and the
// first iteration expands it.
func (m *MCTS) result(iters int, elapsed time.Duration) Result {
	root := m.nodes[0]
	stats := make([]Stat, root.n)
	for i, c := range m.nodes[root.first : root.first+root.n] {
		stats[i] = Stat{Move: c.move, Visits: int(c.visits)}
		if c.visits > 0 {
			stats[i].Value = c.reward / c.visits
		}
		if c.proof != 0 {
			stats[i].Value, stats[i].Proven = c.proof.reward(c.mover), true
		}
	}
	// A move proven to win comes first, one proven to lose last (MCTSOptions.Solve).
	rank := func(s Stat) int {
		if !s.Proven {
			return 0
		}
		return int(2*s.Value) - 1
	}
	slices.SortFunc(stats, func(a, b Stat) int {
		return cmp.Or(
			cmp.Compare(rank(b), rank(a)),
			cmp.Compare(b.Visits, a.Visits),
			cmp.Compare(b.Value, a.Value),
			cmp.Compare(a.Move, b.Move),
		)
	})
	return Result{
		Move:       stats[0].Move,
		Value:      stats[0].Value,
		Iterations: iters,
		Elapsed:    elapsed,
		Children:   stats,
	}
}
