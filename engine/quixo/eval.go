package quixo

import "github.com/tavoliere/tavoliere/engine"

// lineWeight values a line by the cubes of one symbol it holds while the other symbol holds
// none: each cube more is worth eight times the last, so one line of four outweighs every
// line of three but the rarest boards.
var lineWeight = [size + 1]int{0, 1, 8, 64, 512, 0}

// Evaluate implements engine.Evaluator for the two-player game: over the twelve lines, the
// open lines of the player to move's symbol (holding none of the other's) by the cubes they
// hold, less the opponent's. Four players (quixo4) are not searched by alpha-beta.
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
