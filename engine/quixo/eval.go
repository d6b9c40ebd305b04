package quixo

import (
	"github.com/tavoliere/tavoliere/engine"
)

// lineWeight values a line by the cubes of one symbol it holds while the other symbol holds
// none: each cube more is worth eight times the last, so one line of four outweighs every
// line of three but the rarest boards.
var lineWeight = [size + 1]int{0, 1, 8, 64, 512, 0}

// Evaluate implements engine.Evaluator: over the twelve lines, the open lines of the
// symbol of the side to move (holding none of the other's) by the cubes they hold, less
// the other side's; winAtOnce when the side to move can make his line with his next move,
// which a search that stops here would not see. In Quixo for four the side is the team.
func (r *Rules) Evaluate(st engine.State) int {
	s := st.(*State)
	me := int(s.turn) & 1
	mine, theirs := s.symbols(me), s.symbols(me^1)
	v, four := 0, false
	for _, l := range r.lines {
		a, b := (mine & l).Count(), (theirs & l).Count()
		four = four || a == 4
		switch {
		case b == 0:
			v += lineWeight[a]
		case a == 0:
			v -= lineWeight[b]
		}
	}
	if four && r.winsAtOnce(s, uint32(mine), uint32(theirs)) {
		return winAtOnce
	}
	return v
}

// winAtOnce is the value of a position whose side to move can make his line at once: more
// than any count of lines, less than a game won (engine.EvalMax).
const winAtOnce = engine.EvalMax / 2

// winsAtOnce reports whether the side to move of s, whose symbol shows on mine, has a move
// that makes his line and not the opponent's (QX-5). Only a line that holds four of his
// cubes can be made in one move.
func (r *Rules) winsAtOnce(s *State, mine, theirs uint32) bool {
	g := r.tg
	take := uint32(s.takeable())
	for k := range g.moves {
		m := &g.moves[k]
		if m.from&take == 0 {
			continue
		}
		if a := m.push(mine) | m.to; g.hasLine(a) && !g.hasLine(m.push(theirs)) {
			return true
		}
	}
	return false
}

// TwoSided implements engine.TwoSided: Quixo for four is two teams whose players alternate.
func (r *Rules) TwoSided() bool { return true }

// WinningMove implements engine.WinFinder: a push wins for its maker exactly when his
// symbol makes a line after it and the other's does not (QX-5), which the push's bit
// operations tell without making it. A line made by a push held four of his cubes before
// it (a line across the pushed one changes in one square, the pushed one gains the cube
// put in), so a position with no such line is passed at once. A State of another type (a
// wrapper) has its moves played.
func (r *Rules) WinningMove(st engine.State, moves []engine.Move) (engine.Move, bool) {
	s, ok := st.(*State)
	if !ok {
		return engine.WinningMoveByPlay(st, moves)
	}
	team := int(s.turn) & 1
	mine, theirs := s.symbols(team), s.symbols(team^1)
	four := false
	for _, l := range r.lines {
		if (mine & l).Count() >= 4 {
			four = true
			break
		}
	}
	if !four {
		return 0, false
	}
	for _, m := range moves {
		if m == Pass {
			continue
		}
		from, to, _ := decode(m)
		p := &r.pushes[int(from)*cells+int(to)]
		if s.hasLine(shifted(mine, p, from)|engine.Bit(to)) && !s.hasLine(shifted(theirs, p, from)) {
			return m, true
		}
	}
	return 0, false
}

// AITuning implements engine.Tuned: MCTS at every time per move, with a UCT constant of
// 0.35 (docs/ai.md, "The knobs, game by game").
func (r *Rules) AITuning() engine.Tuning {
	return engine.Tuning{AlphaBetaUpTo: engine.NoAlphaBeta, Exploration: 0.35}
}
