package krypte

import "github.com/tavoliere/tavoliere/engine"

// windows are the 130 sets of four cells in a row, orthogonal or diagonal: a line of four
// is one of them filled with one colour.
var windows = func() []engine.Bitboard {
	var ws []engine.Bitboard
	for rank := range 8 {
		for file := range 8 {
			for _, d := range [4][2]int{{1, 0}, {0, 1}, {1, 1}, {-1, 1}} {
				var w engine.Bitboard
				f, r := file, rank
				n := 0
				for ; n < 4 && f >= 0 && f < 8 && r < 8; n++ {
					w |= engine.Bit(engine.Square(r*8 + f))
					f, r = f+d[0], r+d[1]
				}
				if n == 4 {
					ws = append(ws, w)
				}
			}
		}
	}
	return ws
}()

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
	v := 0
	for _, w := range windows {
		a, b := (mine & w).Count(), (theirs & w).Count()
		switch {
		case b == 0:
			v += windowWeight[a]
		case a == 0:
			v -= windowWeight[b]
		}
	}
	return v
}
