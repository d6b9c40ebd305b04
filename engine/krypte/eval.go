package krypte

import (
	"time"

	"github.com/tavoliere/tavoliere/engine"
)

// windowWeight values a window by the discs of one colour it holds while the other colour
// holds none.
var windowWeight = [5]int{0, 1, 3, 9, 0}

// winAtOnce is the value of a position whose side to move can make his line with his next
// move: more than any count of windows, less than a game won (engine.EvalMax).
const winAtOnce = engine.EvalMax / 2

// Evaluate implements engine.Evaluator: winAtOnce when the side to move has a legal move
// that makes his line and not the opponent's; else the windows of four holding only the
// side to move's discs, by how many, less the opponent's.
func (r *Rules) Evaluate(st engine.State) int {
	s := st.(*State)
	me := int(s.turn)
	_, _, ok := s.candidates()
	for ok != 0 {
		bb := s.after(ok.Pop())
		if hasLine(bb[me]) && !hasLine(bb[me^1]) {
			return winAtOnce
		}
	}
	mine, theirs := s.bb[me], s.bb[me^1]
	return windowScore(mine, theirs) - windowScore(theirs, mine)
}

// The four directions of a window of four: the shift from one cell to the next, and the
// cells a window can start on (rank 1 is the low byte, file a the low bit of each).
var windowDirs = [4]struct {
	shift  uint
	starts engine.Bitboard
}{
	{1, 0x1f1f1f1f1f1f1f1f}, // east: files a-e
	{8, 0x000000ffffffffff}, // south: ranks 1-5
	{9, 0x0000001f1f1f1f1f}, // south-east: files a-e, ranks 1-5
	{7, 0x000000f8f8f8f8f8}, // south-west: files d-h, ranks 1-5
}

// windowScore sums windowWeight over the windows of four that hold none of theirs, by how
// many of mine they hold: for all windows of a direction at once, one bit per window's
// first cell, the count added up bit-sliced.
func windowScore(mine, theirs engine.Bitboard) int {
	v := 0
	for _, d := range windowDirs {
		open := d.starts &^ (theirs | theirs>>d.shift | theirs>>(2*d.shift) | theirs>>(3*d.shift))
		p0, p1, p2, p3 := mine&open, mine>>d.shift&open, mine>>(2*d.shift)&open, mine>>(3*d.shift)&open
		s1, c1 := p0^p1, p0&p1
		s2, c2 := p2^p3, p2&p3
		ones, c3 := s1^s2, s1&s2
		twos, fours := c1^c2^c3, c1&c2|c3&(c1^c2)
		v += windowWeight[1]*(ones&^twos&^fours).Count() +
			windowWeight[2]*(twos&^ones&^fours).Count() +
			windowWeight[3]*(ones&twos).Count()
	}
	return v
}

// AITuning implements engine.Tuned: alpha-beta up to 100 ms a move, MCTS beyond with a UCT
// constant of 0.35 (docs/ai.md, "The knobs, game by game").
func (r *Rules) AITuning() engine.Tuning {
	return engine.Tuning{AlphaBetaUpTo: 100 * time.Millisecond, Exploration: 0.35}
}

// WinningMove implements engine.WinFinder: a legal move wins for its maker exactly when his
// discs make a line after it (a move that makes both lines is not legal), which the
// landing's bit operations tell without making it. A State of another type that plays
// Krypte (a wrapper) has its moves played.
func (r *Rules) WinningMove(st engine.State, moves []engine.Move) (engine.Move, bool) {
	s, ok := st.(*State)
	if !ok {
		return engine.WinningMoveByPlay(st, moves)
	}
	for _, m := range moves {
		if hasLine(s.after(engine.Square(m - 1))[s.turn]) {
			return m, true
		}
	}
	return 0, false
}
