package quadwrangle

import (
	"math/bits"

	"github.com/tavoliere/tavoliere/engine"
)

// WinningMove implements engine.WinFinder. In Crowded a capture ends the game when no
// stone of the mover's touches one of the opponent's after it, and wins it when the mover
// then has more stones; both follow from the capture's squares and the stones it turns,
// without playing it. Quad Wrangle, and a State of another type, have their moves played.
func (r *Rules) WinningMove(st engine.State, moves []engine.Move) (engine.Move, bool) {
	s, ok := st.(*State)
	if !ok || !r.crowded {
		return engine.WinningMoveByPlay(st, moves)
	}
	g := r.geo
	mine, theirs := s.bb[s.turn], s.bb[s.turn^1]
	// After a capture from f to t that ends the game, an enemy stone that survives it (no
	// neighbour of t) touches no stone of the mover's, so before it touched none but f:
	// every enemy stone that touches the mover's stones now is next to f or t, two
	// neighbours, so all of them lie within four files and four ranks. Most positions of a
	// game fail that test, and no capture can end them.
	if !within4(g.Dilate8(mine) & theirs) {
		return 0, false
	}
	for _, m := range moves {
		_, from, to := decode(m)
		taken := engine.Bit(to) | g.Adjacent8(to)&theirs // captured, and turned
		y := theirs &^ taken
		x := mine&^engine.Bit(from) | taken
		if g.Dilate8(x)&y == 0 && x.Count() > y.Count() {
			return m, true
		}
	}
	return 0, false
}

// within4 reports whether the squares of b, on the 8×8 board, lie within four consecutive
// files and four consecutive ranks.
func within4(b engine.Bitboard) bool {
	if b == 0 {
		return true
	}
	if b.Last()/8-b.First()/8 >= 4 {
		return false
	}
	files := uint64(b)
	files |= files >> 32
	files |= files >> 16
	files |= files >> 8
	files &= 0xff
	return bits.Len64(files)-bits.TrailingZeros64(files) <= 4
}
