package push

import "github.com/tavoliere/tavoliere/engine"

// AITuning implements engine.Tuned: a UCT constant of 0.35 (docs/ai.md, "The knobs, game
// by game").
func (r *Rules) AITuning() engine.Tuning { return engine.Tuning{Exploration: 0.35} }

// WinningMove implements engine.WinFinder. Without the spear rule a push wins for its maker
// exactly when his marbles make a 3×3 square after it (the square decides before any history
// rule), which the push's bit operations tell without making it; with the spear rule the
// win depends on the last push, and the moves are played, as they are for a State of
// another type that plays Push (a wrapper).
func (r *Rules) WinningMove(st engine.State, moves []engine.Move) (engine.Move, bool) {
	s, ok := st.(*State)
	if !ok || r.spear || s.finished() {
		return engine.WinningMoveByPlay(st, moves)
	}
	mine := s.bb[s.turn]
	for _, m := range moves {
		p := &r.pushes[index(m)]
		if hasSquare(p.apply(mine) | engine.Bit(p.entry)) {
			return m, true
		}
	}
	return 0, false
}
