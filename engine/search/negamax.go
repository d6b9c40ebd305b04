package search

import "github.com/tavoliere/tavoliere/engine"

// Negamax returns the game-theoretic value of s for the player to move in a two-player
// game: 1 a win, 0 a draw, -1 a loss with best play by both. It searches the whole tree
// with no pruning, no table and no symmetry: the plain reference that the fast solvers of
// the small games are checked against. Where a move leaves the same player to move, the
// value is not negated. A position that is not over and has no legal move panics: every
// game's Outcome says how such a position ends.
func Negamax(s engine.State) int {
	if o := s.Outcome(); o.Over {
		return outcomeValue(o, s.Turn())
	}
	me := s.Turn()
	best := -2
	for _, m := range s.Legal(nil) {
		s.Play(m)
		v := Negamax(s)
		if s.Turn() != me {
			v = -v
		}
		s.Undo()
		if v > best {
			best = v
			if best == 1 {
				break // nothing beats a win; the value is exact without the other moves
			}
		}
	}
	if best == -2 {
		panic("search: Negamax: a position that is not over has no legal move: " + s.String())
	}
	return best
}

// outcomeValue is o's value to player p: 1, 0 or -1.
func outcomeValue(o engine.Outcome, p int) int {
	switch {
	case o.Winners == 0:
		return 0
	case o.Won(p):
		return 1
	}
	return -1
}
