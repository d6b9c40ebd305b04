package push4

import "github.com/tavoliere/tavoliere/engine"

// WinningMove implements engine.WinFinder: a push wins for its maker exactly when his
// marbles make a line after it (his line comes first, and a line decides before
// any other end), which the push's bit operations tell without making it. A State of
// another type that plays Push 4 (a wrapper) has its moves played.
func (r *Rules) WinningMove(st engine.State, moves []engine.Move) (engine.Move, bool) {
	s, ok := st.(*State)
	if !ok {
		return engine.WinningMoveByPlay(st, moves)
	}
	occ, mine := s.occupied(), s.bb[s.turn]
	for _, m := range moves {
		en := &r.entries[m]
		k := chain(en, occ)
		moving := en.prefix[min(k, Size-1)]
		if hasLine(mine&^en.prefix[k] | (mine&moving)<<en.shl>>en.shr | engine.Bit(en.path[0])) {
			return m, true
		}
	}
	return 0, false
}

// AITuning implements engine.Tuned: careful playouts, and the UCT constant left at √2,
// which did better here than the 0.35 of Push and Krypte (docs/ai.md, "The knobs, game by
// game").
func (r *Rules) AITuning() engine.Tuning { return engine.Tuning{CarefulPlayouts: true} }
