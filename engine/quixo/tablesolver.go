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

// CurrentTable returns the table set by SetTable, nil if none.
func CurrentTable() *Table { return table.Load() }

// Lookup implements engine.Oracle: the endgame table's value of a position of Quixo for
// two with at most one blank cube, when a table is loaded and the move cap cannot come
// first. The table does not know the repetition rule; a search asks Outcome before it.
func (r *Rules) Lookup(st engine.State) (value, plies int, ok bool) {
	t := table.Load()
	if t == nil || r.four {
		return 0, 0, false
	}
	s := st.(*State)
	mine, theirs := s.symbols(int(s.turn)), s.symbols(int(s.turn)^1)
	if (mine | theirs).Count() < cells-1 {
		return 0, 0, false
	}
	e, ok := t.Probe(mine, theirs)
	if !ok || e.Value != 0 && r.moveCap > 0 && s.ply+e.Plies > r.moveCap {
		return 0, 0, false
	}
	return e.Value, e.Plies, true
}

// NewSolver implements engine.Solvable: with an endgame table loaded, Quixo for two is
// solved wherever at most one blank cube is left. Other positions, Quixo for four, and all
// positions without a table are refused with engine.ErrTooDeep.
func (r *Rules) NewSolver() engine.Solver { return tableSolver{r} }

type tableSolver struct{ r *Rules }

// Solve implements engine.Solver: the value from the table, and the moves that keep it
// with the fewest plies to a win or the most to a loss. Each move is played first, so a
// threefold repetition it makes counts as the draw it is, and a win or loss the move cap
// would cut short counts as a draw.
func (ts tableSolver) Solve(ctx context.Context, st engine.State) (engine.Solution, error) {
	r := ts.r
	s, ok := st.(*State)
	switch {
	case !ok || s.r != r:
		return engine.Solution{}, fmt.Errorf("quixo: a position of another game")
	case r.four:
		return engine.Solution{}, fmt.Errorf("quixo: the endgame table is for Quixo for two: %w", engine.ErrTooDeep)
	case table.Load() == nil:
		return engine.Solution{}, fmt.Errorf("quixo: no endgame table loaded: %w", engine.ErrTooDeep)
	case s.Outcome().Over:
		return engine.Solution{}, fmt.Errorf("quixo: the game is over")
	}
	t := table.Load()
	if _, ok := t.Probe(s.x, s.o); !ok {
		return engine.Solution{}, fmt.Errorf("quixo: %s is not in the endgame table: %w", s, engine.ErrTooDeep)
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
	best.Best = tied
	return best, nil
}
