package quixo

import (
	"context"
	"fmt"
	"sync/atomic"

	"github.com/tavoliere/tavoliere/engine"
)

// table is the endgame table the process loaded (SetTable), shared by every game of
// Quixo for two: it is read only.
var table atomic.Pointer[Table]

// SetTable makes t the endgame table of every game of Quixo (nil for none): the service
// loads it once at start.
func SetTable(t *Table) { table.Store(t) }

// Lookup implements engine.Oracle: the endgame table's value of a position of Quixo for
// two with at most one blank cube, when a table is loaded. A win or loss that the move cap
// would cut short is a draw: neither side can force a line before it. The table does not
// know the history: once a position has occurred twice since the last blank cube was
// taken, a third occurrence would draw a game the table calls won or lost, so Lookup
// refuses a won or lost position then, as the solver does (Solve); a search goes on
// through it. Otherwise its value holds under the repetition rule: the fastest win never
// comes back to a position, so no position on the way occurs a third time, and the rule
// only adds draws, so a drawn position stays drawn.
func (r *Rules) Lookup(st engine.State) (value, plies int, ok bool) {
	t := table.Load()
	s, ok := st.(*State)
	if t == nil || r.four || !ok {
		return 0, 0, false // no table, the game for four, or a State of another type (a wrapper)
	}
	mine, theirs := s.symbols(int(s.turn)), s.symbols(int(s.turn)^1)
	if (mine | theirs).Count() < cells-1 {
		return 0, 0, false
	}
	e, ok := t.Probe(mine, theirs)
	switch {
	case !ok:
		return 0, 0, false
	case e.Value != 0 && r.moveCap > 0 && s.ply+e.Plies > r.moveCap:
		return 0, 0, true
	case e.Value != 0 && s.twice:
		return 0, 0, false
	}
	return e.Value, e.Plies, true
}

// NewSolver implements engine.Solvable: with an endgame table loaded, Quixo for two is
// solved wherever at most one blank cube is left. Other positions, Quixo for four, and all
// positions without a table are refused with engine.ErrTooDeep.
func (r *Rules) NewSolver() engine.Solver { return tableSolver{r} }

type tableSolver struct{ r *Rules }

// Solve implements engine.Solver: the value from the table, and the moves that keep it with
// the fewest plies to a win or the most to a loss (so that a win makes progress), or, of
// the moves that keep a draw, those that leave the opponent the most losing replies. Each
// move is played first, so a threefold repetition it makes counts as the draw it is, and a
// win or loss the move cap would cut short counts as a draw. Once a position has occurred
// twice since the last blank cube taken, a won or lost position is refused
// (engine.ErrTooDeep): the table cannot tell whether the loser can steer into a third
// occurrence.
func (ts tableSolver) Solve(ctx context.Context, st engine.State) (engine.Solution, error) {
	r := ts.r
	s, ok := st.(*State)
	t := table.Load()
	switch {
	case !ok || s.r != r:
		return engine.Solution{}, fmt.Errorf("quixo: a position of another game")
	case r.four:
		return engine.Solution{}, fmt.Errorf("quixo: the endgame table is for Quixo for two: %w", engine.ErrTooDeep)
	case t == nil:
		return engine.Solution{}, fmt.Errorf("quixo: no endgame table loaded: %w", engine.ErrTooDeep)
	case s.Outcome().Over:
		return engine.Solution{}, fmt.Errorf("quixo: the game is over")
	}
	root, ok := t.Probe(s.symbols(int(s.turn)), s.symbols(int(s.turn)^1))
	switch {
	case !ok:
		return engine.Solution{}, fmt.Errorf("quixo: %s is not in the endgame table: %w", s, engine.ErrTooDeep)
	case root.Value != 0 && s.twice:
		return engine.Solution{}, fmt.Errorf("quixo: %s: a position has occurred twice, and a third time would draw: %w", s, engine.ErrTooDeep)
	}
	me := int(s.turn)
	// Each move's value to the mover and plies to the end after it.
	best := engine.Solution{Value: -2, Plies: -1}
	var tied []engine.Move
	for _, m := range s.Legal(nil) {
		s.Play(m)
		v, n := 0, 0
		switch o := s.Outcome(); {
		case o.Over && o.Winners == 0:
		case o.Over && o.Won(me):
			v = 1
		case o.Over:
			v = -1
		default:
			// Blank cubes never come back: a move from the table stays in it. A win or
			// loss the move cap would cut short is a draw: neither side can force a line
			// before it.
			e, _ := t.Probe(s.symbols(int(s.turn)), s.symbols(int(s.turn)^1))
			if e.Value != 0 && (r.moveCap == 0 || s.ply+e.Plies <= r.moveCap) {
				v, n = -e.Value, e.Plies
			}
		}
		s.Undo()
		best.Nodes++
		plies := n + 1
		if v == 0 {
			plies = -1
		}
		switch better := v > best.Value || v == best.Value && (v > 0 && plies < best.Plies || v < 0 && plies > best.Plies); {
		case better:
			best.Value, best.Plies = v, plies
			tied = append(tied[:0], m)
		case v == best.Value && plies == best.Plies:
			tied = append(tied, m)
		}
	}
	if err := ctx.Err(); err != nil {
		return engine.Solution{}, err
	}
	if best.Value == 0 && len(tied) > 1 {
		tied, best.Ranked = ts.tempting(s, t, tied), true
	}
	// A loss: tied holds the slowest, the best chances against a player who errs.
	best.Ranked = best.Ranked || best.Value < 0
	best.Best = tied
	return best, nil
}

// tempting returns the drawing moves of draws that leave the opponent the most replies
// that lose: against a player who errs, the draw with the best chances.
func (ts tableSolver) tempting(s *State, t *Table, draws []engine.Move) []engine.Move {
	me := int(s.turn)
	most, out := -1, []engine.Move(nil)
	for _, m := range draws {
		s.Play(m)
		losing := 0
		for _, reply := range s.Legal(nil) {
			s.Play(reply)
			switch o := s.Outcome(); {
			case o.Over:
				if o.Won(me) {
					losing++
				}
			default:
				if e, ok := t.Probe(s.symbols(me), s.symbols(me^1)); ok && e.Value > 0 {
					losing++
				}
			}
			s.Undo()
		}
		s.Undo()
		switch {
		case losing > most:
			most, out = losing, append(out[:0], m)
		case losing == most:
			out = append(out, m)
		}
	}
	return out
}
