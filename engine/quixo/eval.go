package quixo

import "github.com/tavoliere/tavoliere/engine"

// lineWeight values a line by the cubes of one symbol it holds while the other symbol holds
// none: each cube more is worth eight times the last, so one line of four outweighs every
// line of three but the rarest boards.
var lineWeight = [size + 1]int{0, 1, 8, 64, 512, 0}

// Evaluate implements engine.Evaluator: over the twelve lines, the open lines of the
// symbol of the side to move (holding none of the other's) by the cubes they hold, less
// the other side's. In Quixo for four the side is the team.
func (r *Rules) Evaluate(st engine.State) int {
	s := st.(*State)
	me := int(s.turn) & 1
	mine, theirs := s.symbols(me), s.symbols(me^1)
	v := 0
	for _, l := range r.lines {
		a, b := (mine & l).Count(), (theirs & l).Count()
		switch {
		case b == 0:
			v += lineWeight[a]
		case a == 0:
			v -= lineWeight[b]
		}
	}
	return v
}

// TwoSided implements engine.TwoSided: Quixo for four is two teams whose players alternate.
func (r *Rules) TwoSided() bool { return true }
