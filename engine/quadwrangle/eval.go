package quadwrangle

import "github.com/tavoliere/tavoliere/engine"

// Evaluate implements engine.Evaluator. In Quad Wrangle: the stones of the player to move
// less the opponent's (the score at the end), and stones exposed to capture: a stone next
// to an empty cell that an enemy stone could reach by growing beside it is turned by that
// growth. Each stone counts 100, each exposed stone 15 against its side. Crowded has an
// evaluation of its own (crowdedEval).
func (r *Rules) Evaluate(st engine.State) int {
	s := st.(*State)
	g := r.geo
	mine, theirs := s.bb[s.turn], s.bb[s.turn^1]
	if r.crowded {
		return r.crowdedEval(mine, theirs)
	}
	empty := g.All() &^ (mine | theirs)
	exposedMine := (mine & g.Dilate8(g.Dilate8(theirs)&empty)).Count()
	exposedTheirs := (theirs & g.Dilate8(g.Dilate8(mine)&empty)).Count()
	return 100*(mine.Count()-theirs.Count()) - 15*exposedMine + 15*exposedTheirs
}
