package search

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/tavoliere/tavoliere/engine"
)

// AI is the player the service seats: it plays exactly where the game has a solver that
// reaches the position (engine.Solvable: Quantik and Quad from the start, the endgames of
// Quarto and Crowded, Quixo with its endgame table), choosing among the moves that keep the position's value (in a drawn
// position of two players, the drawing moves that leave the opponent the largest share of
// losing replies, as far as its budget lets it count them; in a lost one, moves that pass
// the hard rules below); elsewhere it runs alpha-beta where the game has an evaluation and
// two sides (engine.Evaluator: Quad Wrangle and Crowded; Krypte up to 100 ms a move;
// Quixo's two games only with a budget of iterations, not of time) and the time per move
// suits it (engine.Tuning.AlphaBetaUpTo), else MCTS with informed playouts and proofs
// (MCTSOptions.Decisive, MCTSOptions.Careful where the game asks for it, MCTSOptions.Solve), over the
// root moves that pass two hard rules: take a win at once when there is one, and never
// make a move that lets an opponent win at once while another move exists (in Quarto:
// never hand over a piece that wins). A win at once is taken before any search, the
// solver's too. "At once" is within one turn: in Push a player who ejects his own marble
// pushes again, and the rules look through that second push.
//
// In a position that is lost, by the solver or by MCTS's proofs, it plays for the
// opponent's mistakes: with a time budget, in a game of two players, it spends the rest of
// the budget on MCTS without proofs and plays the move that search favours (swindle).
//
// An AI keeps its solver's table from one search to the next; it is not safe for concurrent
// use.
type AI struct {
	opt    Options
	mcts   *MCTS
	ab     *AlphaBeta // for two-player games with an evaluation (engine.Evaluator)
	rules  engine.Rules
	solver engine.Solver
	moves  []engine.Move
	safe   []engine.Move
}

// NewAI returns an AI for the games of r, searching within the budget of o.
func NewAI(r engine.Rules, o Options) *AI {
	a := &AI{opt: o, mcts: NewMCTS(informed(o, r)), rules: r}
	if sv, ok := r.(engine.Solvable); ok {
		a.solver = sv.NewSolver()
	}
	if ev, ok := r.(engine.Evaluator); ok && engine.IsTwoSided(r) {
		a.ab = NewAlphaBeta(ev, o.alphaBeta(), 0)
	}
	return a
}

// SetOptions changes the budget and seed of the searches to come; the solver's table stays.
func (a *AI) SetOptions(o Options) {
	a.opt = o
	a.mcts.opt = informed(o, a.rules).withDefaults()
	if a.ab != nil {
		a.ab.SetOptions(o.alphaBeta())
	}
}

// Search returns the AI's move for s. Result.Value is 1, ½ or 0 when the position was
// solved; Result.Children is empty then, but for a swindle in a lost position, where they
// are its search's (their values the playouts' means, none proven). A move that wins
// within the AI's turn is played at once, with Value 1 and no search.
func (a *AI) Search(ctx context.Context, s engine.State) (Result, error) {
	if o := s.Outcome(); o.Over {
		return Result{}, fmt.Errorf("search: %w (%s)", ErrGameOver, o.Reason)
	}
	start := a.mcts.opt.Clock()
	if a.opt.Blunder > 0 {
		rng := rand.New(rand.NewPCG(a.opt.Seed, streamBlunder))
		if rng.Float64() < a.opt.Blunder {
			root, win := a.rootMoves(s)
			if len(root) == 0 {
				root = s.Legal(nil)
			}
			m := root[0]
			if !win {
				m = root[rng.IntN(len(root))]
			}
			return Result{Move: m, Value: 0.5, Elapsed: a.mcts.opt.Clock().Sub(start)}, nil
		}
	}
	root, win := a.rootMoves(s)
	if win {
		return Result{
			Move:     root[0],
			Value:    1,
			Elapsed:  a.mcts.opt.Clock().Sub(start),
			Children: []Stat{{Move: root[0], Value: 1}},
		}, nil
	}
	if a.solver != nil && s.Rules() == a.rules {
		// The solver has most of the budget (solverShare, or the game's Tuning.SolverPercent):
		// a position it cannot finish in time is left to the search with the rest (the
		// table keeps what it found for the next move).
		sctx := ctx
		if a.opt.Think > 0 {
			var cancel context.CancelFunc
			share := a.opt.Think * solverShare / 5
			if p := engine.TuningOf(a.rules).SolverPercent; p > 0 {
				share = a.opt.Think * time.Duration(p) / 100
			}
			sctx, cancel = context.WithTimeout(ctx, share)
			defer cancel()
		}
		sol, err := a.solver.Solve(sctx, s)
		switch {
		case err == nil && len(sol.Best) > 0:
			if sol.Value < 0 && !sol.Ranked {
				if res, ok := a.swindle(ctx, s, start); ok {
					return res, nil
				}
			}
			best := sol.Best
			if sol.Value < 0 {
				best = keepSafe(best, root)
			}
			if sol.Value == 0 && len(best) > 1 && !sol.Ranked && a.rules.Players() == 2 && a.opt.Think > 0 {
				best = a.tempting(ctx, s, best, start)
			}
			rng := rand.New(rand.NewPCG(a.opt.Seed, streamSearch))
			return Result{
				Move:       best[rng.IntN(len(best))],
				Value:      float64(sol.Value+1) / 2,
				Iterations: int(sol.Nodes),
				Elapsed:    a.mcts.opt.Clock().Sub(start),
			}, nil
		case err != nil && !errors.Is(err, engine.ErrTooDeep) && !errors.Is(err, context.DeadlineExceeded):
			return Result{}, err
		}
	}
	o := a.opt
	if o.Think > 0 {
		// The budget is the time to answer: 2% of it is kept for stopping and answering.
		o.Think -= o.Think/50 + a.mcts.opt.Clock().Sub(start)
		o.Think = max(o.Think, time.Millisecond)
	}
	a.mcts.opt = informed(o, a.rules).withDefaults()
	if a.ab != nil && s.Rules() == a.rules && a.alphaBetaFits() {
		a.ab.SetOptions(o.alphaBeta())
		return a.ab.SearchMoves(ctx, s, root)
	}
	res, err := a.mcts.SearchMoves(ctx, s, root)
	if err == nil && provenLost(res) {
		if sw, ok := a.swindle(ctx, s, start); ok {
			sw.Iterations += res.Iterations
			return sw, nil
		}
	}
	return res, err
}

// keepSafe returns the moves of lost (all of them lose to best play) that do not let the
// opponent win at once, the hard rule: those of safe, the moves that pass it, when none of
// lost does; lost when safe is empty (every move lets him win at once).
func keepSafe(lost, safe []engine.Move) []engine.Move {
	if len(safe) == 0 {
		return lost
	}
	var out []engine.Move
	for _, m := range lost {
		if slices.Contains(safe, m) {
			out = append(out, m)
		}
	}
	if len(out) == 0 {
		return slices.Clone(safe)
	}
	return out
}

// provenLost reports whether the search proved every root move lost (MCTSOptions.Solve).
func provenLost(res Result) bool {
	for _, c := range res.Children {
		if !c.Proven || c.Value != 0 {
			return false
		}
	}
	return len(res.Children) > 0
}

// swindle chooses a move in a position s proven lost (by the solver, or by MCTS's proofs)
// against a player who can go wrong: every move loses to best play, so it plays the move an
// MCTS without proofs favours, searched with the rest of the budget, the move whose playouts,
// where a player takes a win at once (and shuns a loss at once where the game asks for it) but
// otherwise plays at random, most often fail to find the win. A proof ends its search as soon
// as it is found, and the solver knows only that every move loses. ok is false, and the caller
// plays as before, without a time budget, in a game of more than two players, or with too
// little time left.
func (a *AI) swindle(ctx context.Context, s engine.State, start time.Time) (Result, bool) {
	if a.opt.Think <= 0 || a.rules.Players() != 2 {
		return Result{}, false
	}
	root, _ := a.rootMoves(s)
	if len(root) < 2 {
		return Result{}, false // one move, or every move lets the opponent win at once
	}
	o := informed(a.opt, a.rules)
	o.Think -= o.Think/50 + a.mcts.opt.Clock().Sub(start)
	if o.Think < a.opt.Think/20 {
		return Result{}, false
	}
	o.Solve, o.Reuse, o.Contempt = false, false, 0 // a draw is welcome when lost
	m, saved := a.mcts, a.mcts.opt
	m.opt = o.withDefaults()
	res, err := m.SearchMoves(ctx, s, root)
	m.opt = saved
	if err != nil {
		return Result{}, false
	}
	res.Value = 0
	res.Elapsed = m.opt.Clock().Sub(start)
	return res, true
}

// tempting returns the drawing moves of draws (moves of s that keep its value, a draw)
// that leave the opponent the largest share of losing replies, by the solver: against a
// player who can go wrong, the draw most likely to turn into a win. A reply that lets the AI
// win within its turn is a blunder no searching opponent makes, and is not counted (in
// Quarto, handing over a piece that wins at once): the share is of the replies a player
// has to look deeper to tell apart.
//
// It ranks within what is left of the AI's time budget (5% kept to answer; it is not run
// without one), in rounds: each round solves one more reply, drawn at random, after every
// move still in the running, and drops a move whose share could no longer reach the best
// share already certain. Given the time it counts every reply and the shares are exact;
// when the time runs out first, the shares of the replies solved so far decide. A move
// whose reply the solver could not solve is left out; if it ranked none it returns draws.
// Every move it returns keeps the draw.
func (a *AI) tempting(ctx context.Context, s engine.State, draws []engine.Move, start time.Time) []engine.Move {
	// A solve started just before the deadline runs on to its own look at the clock (the
	// Quad and Quarto solvers look every few thousand positions), so the ranking stops
	// with 5% of the budget left, not the 2% a search keeps.
	left := a.opt.Think - a.opt.Think/20 - a.mcts.opt.Clock().Sub(start)
	if left <= 0 {
		return draws
	}
	ctx, cancel := context.WithTimeout(ctx, left)
	defer cancel()
	me := s.Turn()
	rng := rand.New(rand.NewPCG(a.opt.Seed, streamTempt))
	type ranked struct {
		m       engine.Move
		replies []engine.Move // in a random order; nil: the position after m is the one reply
		n       int           // replies in all
		seen    int           // replies looked at
		blunder int           // of them, replies that let me win within my turn
		lost    int           // of the others, replies lost to me with best play
	}
	cands := make([]ranked, len(draws))
	for i, m := range draws {
		c := &cands[i]
		c.m, c.n = m, 1
		s.Play(m)
		if !s.Outcome().Over && s.Turn() != me {
			c.replies = s.Legal(nil)
			c.n = len(c.replies)
			rng.Shuffle(c.n, func(i, j int) { c.replies[i], c.replies[j] = c.replies[j], c.replies[i] })
		}
		s.Undo()
	}
	rng.Shuffle(len(cands), func(i, j int) { cands[i], cands[j] = cands[j], cands[i] })
	// above reports whether a share x/xn is above y/yn, in integers (a share of no replies
	// is none).
	above := func(x, xn, y, yn int) bool { return x*yn > y*xn }
	for alive := cands; len(alive) > 0 && !engine.Expired(ctx); {
		next := alive[:0]
		for i := range alive {
			c := alive[i]
			if c.seen < c.n {
				s.Play(c.m)
				var won, ok, blunder bool
				if c.replies == nil {
					won, ok = a.winsFor(ctx, s, me)
				} else {
					won, blunder, ok = a.reply(ctx, s, c.replies[c.seen], me)
				}
				s.Undo()
				if !ok {
					if engine.Expired(ctx) {
						next = append(next, alive[i:]...)
						break
					}
					// A reply the solver cannot solve: the move is left out (the moves it
					// outranked in earlier rounds stay out; neither Quarto's nor Quad's
					// solver fails on a position deeper than one it solved, nor Crowded's
					// win test but past its node limit).
					continue
				}
				c.seen++
				switch {
				case blunder:
					c.blunder++
				case won:
					c.lost++
				}
			}
			next = append(next, c)
		}
		// Of the replies not yet looked at, all may be blunders or none: a move's share
		// is at least lost/(seen−blunder+unseen), at most (lost+unseen)/(the same).
		sure, sureN := 0, 1
		for _, c := range next {
			if d := c.n - c.blunder; d > 0 && above(c.lost, d, sure, sureN) {
				sure, sureN = c.lost, d
			}
		}
		alive = next[:0]
		done := true
		for _, c := range next {
			d := c.n - c.blunder
			if d == 0 || !above(sure, sureN, c.lost+c.n-c.seen, d) {
				alive = append(alive, c)
				done = done && c.seen == c.n
			}
		}
		cands = alive
		if done {
			break
		}
	}
	var out []engine.Move
	bestLost, bestN := 0, 1
	for _, c := range cands {
		d := c.seen - c.blunder
		if d == 0 {
			continue
		}
		switch {
		case out == nil || above(c.lost, d, bestLost, bestN):
			out, bestLost, bestN = append(out[:0], c.m), c.lost, d
		case !above(bestLost, bestN, c.lost, d):
			out = append(out, c.m)
		}
	}
	if out == nil {
		return draws
	}
	return out
}

// reply plays the opponent's reply r in s and judges it for me: a blunder when it lets me
// win within my turn (ok), else won as winsFor says, with its ok. s is left as it was.
func (a *AI) reply(ctx context.Context, s engine.State, r engine.Move, me int) (won, blunder, ok bool) {
	s.Play(r)
	defer s.Undo()
	if !s.Outcome().Over && s.Turn() == me && a.winsInTurn(s, me, me, turnPlies) {
		return false, true, true
	}
	won, ok = a.winsFor(ctx, s, me)
	return won, false, ok
}

// winsFor reports whether me wins s with best play, by its Outcome or else by the solver
// (its win test, engine.WinTester, when me is to move, which stops at the first winning move
// and costs a fraction of a whole solve); ok is false when
// the time is up or the solver fails. The solver may look at its clock only now and then,
// so the time is checked before every solve: thousands of small solves would otherwise
// overrun it.
func (a *AI) winsFor(ctx context.Context, s engine.State, me int) (won, ok bool) {
	if o := s.Outcome(); o.Over {
		return o.Won(me), true
	}
	if engine.Expired(ctx) {
		return false, false
	}
	if w, ok := a.solver.(engine.WinTester); ok && s.Turn() == me {
		won, err := w.Wins(ctx, s)
		return won, err == nil
	}
	sol, err := a.solver.Solve(ctx, s)
	if err != nil {
		return false, false
	}
	v := sol.Value // to the player to move
	if s.Turn() != me {
		v = -v
	}
	return v > 0, true
}

// alphaBetaFits reports whether the budget is one the game's evaluation serves
// (engine.Tuning.AlphaBetaUpTo); a budget of iterations always is.
func (a *AI) alphaBetaFits() bool {
	upTo := engine.TuningOf(a.rules).AlphaBetaUpTo
	return upTo == 0 || a.opt.Think == 0 || a.opt.Think <= upTo
}

// turnPlies is how many plies of one player's turn the hard rules look through: in Push a
// player who ejects his own marble pushes again, and a win on that second push is as sure
// as one on the first.
const turnPlies = 2

// rootMoves returns a move that wins within the AI's turn, if there is one (win is true);
// else the moves after which no opponent can win within his next turn, if any; else nil
// (every legal move).
//
// The player to move after a move is not always an opponent: in Push the owner of the
// ejected marble moves next, so it may be the AI again, whose own continuations are its
// choice and no threat; in the four-player games the winners of a team game are the whole
// team (Outcome.Won of a team-mate's win is true for the AI too), and a push that gives
// the game to a third player is the next player's blunder, not his threat.
func (a *AI) rootMoves(s engine.State) (moves []engine.Move, win bool) {
	me := s.Turn()
	a.moves = s.Legal(a.moves[:0])
	a.safe = a.safe[:0]
	for _, m := range a.moves {
		s.Play(m)
		v := a.after(s, me)
		s.Undo()
		switch v {
		case won:
			return append(a.safe[:0], m), true
		case open:
			a.safe = append(a.safe, m)
		}
	}
	if len(a.safe) == 0 {
		return nil, false
	}
	return a.safe, false
}

// verdict is what the hard rules know of a move: it wins, it lets an opponent win, or
// neither.
type verdict int8

const (
	open verdict = iota // a draw, or a game that goes on
	won
	lost
)

// after judges the position s that a move of me has led to.
func (a *AI) after(s engine.State, me int) verdict {
	if o := s.Outcome(); o.Over {
		switch {
		case o.Won(me):
			return won
		case o.Winners != 0:
			return lost
		}
		return open
	}
	p := s.Turn()
	switch {
	case p == me && a.winsInTurn(s, me, me, turnPlies-1):
		return won
	case p != me && a.winsInTurn(s, p, me, turnPlies):
		return lost
	}
	return open
}

// winsInTurn reports whether p, to move in s, can win within plies plies of his turn: with
// a move that ends the game with p among the winners and, when p is not me, me not among
// them, or with a move that leaves him to move and wins within the plies left.
func (a *AI) winsInTurn(s engine.State, p, me, plies int) bool {
	if plies <= 0 {
		return false
	}
	n := len(a.moves)
	a.moves = s.Legal(a.moves)
	defer func() { a.moves = a.moves[:n] }()
	for _, r := range a.moves[n:] {
		s.Play(r)
		o := s.Outcome()
		w := o.Over && o.Won(p) && (p == me || !o.Won(me))
		if !o.Over && !w && plies > 1 && s.Turn() == p {
			w = a.winsInTurn(s, p, me, plies-1)
		}
		s.Undo()
		if w {
			return true
		}
	}
	return false
}

// informed returns the options of the AI's MCTS for the game of r, within o's budget: informed playouts, which take a
// win at once where there is one (and shun a loss at once where the game asks for it,
// engine.Tuning.CarefulPlayouts), proofs in the tree (MCTS-Solver), the tree kept from move
// to move, a contempt for draws, and the game's own UCT constant where it has one
// (engine.Tuning.Exploration).
func informed(o Options, r engine.Rules) MCTSOptions {
	m := o.mcts()
	m.Decisive, m.Solve, m.Reuse = true, true, true
	t := engine.TuningOf(r)
	m.Careful = t.CarefulPlayouts
	m.Contempt = mctsContempt
	m.Exploration = t.Exploration // (0: √2)
	return m
}

// solverShare is the AI's solver's share of its time budget, in fifths: a position the
// solver finishes is played exactly, and four fifths lets it finish more of the first
// positions it takes on than half does (the matches: docs/ai.md, "The AI's constants").
const solverShare = 4

// mctsContempt is the AI's MCTS contempt for draws (MCTSOptions.Contempt): a side plays on
// rather than repeat positions; in a game of more than two sides a draw is worth nothing
// to the AI (docs/ai.md, "The AI's constants").
const mctsContempt = 0.05

// streamBlunder is the PCG stream of the AI's choice to blunder, apart from the searches' streams.
const streamBlunder = 0x626c756e646572 // "blunder"

// streamTempt is the PCG stream of the order in which tempting solves replies.
const streamTempt = 0x74656d7074 // "tempt"
