package engine

import (
	"context"
	"errors"
	"time"
)

// Solution is the game-theoretic value of a position, found by an exact solver.
type Solution struct {
	Value int    // for the player to move: 1 a win, 0 a draw, -1 a loss, with best play
	Best  []Move // every legal move that keeps Value, in Legal's order (but see Ranked and Solver.Solve)
	Plies int    // with best play, plies to the end: the fastest win, the slowest loss (-1 if not known)
	Nodes uint64 // positions the solver visited (a table hit counts as one)
	// Ranked: Best holds only the moves the solver prefers among those that keep Value
	// (Quixo's table: the draws that leave the opponent the most losing replies, the
	// slowest losses; Quad two plies before its book: the draws that lead to the best
	// traps; Crowded: of a win the first winning move found, of a draw whose moves the
	// deadline cut short those found by then), so a player need not rank them again.
	Ranked bool
}

// Solver solves positions of one game exactly. A Solver keeps its tables between calls and
// is used by one goroutine at a time.
type Solver interface {
	// Solve returns the solution of s, which it leaves as it found it; ctx cancels it
	// (returning ctx's error, or context.DeadlineExceeded once ctx's deadline has passed by
	// the clock, its timer not yet fired: Expired), unless it had proven a win by then: a
	// solver may return that win, Value 1 with the winning moves it had found in Best (Quarto,
	// Quad), since no move left unsearched could do better. A position outside the solver's
	// reach (Quarto with too few pieces placed) is refused with an error wrapping ErrTooDeep.
	Solve(ctx context.Context, s State) (Solution, error)
}

// WinTester is implemented by solvers that can tell whether the player to move wins for
// less than a whole Solution costs, stopping at the first winning move they prove (Quarto,
// Quad, Crowded): the AI asks it of every reply it ranks. It fails as Solve does.
type WinTester interface {
	Wins(ctx context.Context, s State) (bool, error)
}

// Solvable is implemented by the Rules of games small enough to solve exactly, at least
// from some positions: Quantik and Quad from the start, the endgames of Quarto and Crowded,
// Quixo with its endgame table. NewSolver returns nil for a game its Rules type serves
// without a solver (Quad Wrangle, whose Rules are Crowded's).
type Solvable interface {
	NewSolver() Solver
}

// ErrTooDeep refuses a position whose tree is too big for a solver.
var ErrTooDeep = errors.New("position too far from the end to solve exactly")

// Expired reports whether ctx is done or its deadline has passed by the clock: a search
// that looks now and then stops on time even before the context's timer has fired, which on
// a busy core can be tens of milliseconds late.
func Expired(ctx context.Context) bool {
	if ctx.Err() != nil {
		return true
	}
	d, ok := ctx.Deadline()
	return ok && !time.Now().Before(d)
}

// Oracle is implemented by the Rules of games with an endgame table: the exact value of
// the positions it holds, for searches to stop at. Lookup returns the value of s to the
// player to move (1 a win, 0 a draw, -1 a loss) and the plies to the end with best play
// (the fastest win, the slowest loss), with the move cap counted; ok is false for a
// position outside the table, and for one whose history could change its value (Quixo's:
// a won or lost position once a position has occurred twice, where a third occurrence
// would draw), so that a value it gives holds for the game as played. The repetitions a
// search's own lines make are the search's to see: it asks Outcome at every node first.
// Lookup must not allocate: it runs at every node, and in the AI's playouts.
type Oracle interface {
	Lookup(s State) (value, plies int, ok bool)
}
