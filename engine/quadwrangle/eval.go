package quadwrangle

import (
	"math/bits"

	"github.com/tavoliere/tavoliere/engine"
)

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

// AITuning implements engine.Tuned: in Crowded the solver takes half the AI's time for a
// move, the rest going to alpha-beta when the solve does not finish.
func (r *Rules) AITuning() engine.Tuning {
	if r.crowded {
		return engine.Tuning{SolverPercent: 50}
	}
	return engine.Tuning{}
}

// Crowded's evaluation is a logistic model of the position: the chance that the player to
// move wins, from eight features, fitted to how the AI's games ended. Every Crowded move
// captures and turns up to seven stones, so the stone count swings by up to fifteen a ply
// and says little on its own.
//
// The weights are fitted by logistic regression (TestFitCrowdedResults rebuilds them) to the
// AI's Crowded games in testdata/crowded-games.txt, each position labelled by how its game
// ended for the player to move; the stones of contested groups × the fill get weight 0,
// being nearly collinear with the stones × the fill. The fit's figures are in
// docs/lab/2026-11-26-ai-history.md.

// The features of a Crowded position, to the player to move ("mine") against the other:
const (
	cfStones      = iota // stones, mine less theirs
	cfSettled            // stones in groups that touch no enemy stone (they stay to the end), mine less theirs
	cfFront              // stones that touch an enemy stone, mine less theirs
	cfExposed            // stones a capture can take or turn at once, theirs less mine
	cfMySwing            // 1 + 2 × the stones my best capture turns, its swing of the count (1 when the game is over)
	cfTheirSwing         // the same for the opponent, were it to move
	cfStonesFull         // cfStones × the board's fill (stones / 64)
	cfContestFull        // stones in contested groups, mine less theirs, × the fill
	crowdedFeatureCount
)

// crowdedWeights are the fitted logistic weights × 400, so a logit unit is worth 400 and a
// stone about 220 at mid-game; the fill's two are per 64ths.
var crowdedWeights = [crowdedFeatureCount]int{
	cfStones:      261,
	cfSettled:     11,
	cfFront:       -63,
	cfExposed:     84,
	cfMySwing:     76,
	cfTheirSwing:  -34,
	cfStonesFull:  -80,
	cfContestFull: 0,
}

// crowdedFeatures computes the features of the position with mine to move against theirs;
// the two fill features are left multiplied by the stones on the board, not yet divided by
// 64. Crowded's board is 8×8, one bit a square with file a the low bit of each byte, which
// the bit operations below rely on.
func (r *Rules) crowdedFeatures(mine, theirs engine.Bitboard) (f [crowdedFeatureCount]int) {
	g := r.geo
	occ := mine | theirs
	frontMine := mine & g.Dilate8(theirs)
	frontTheirs := theirs & g.Dilate8(mine)
	contested := contested(mine, theirs)
	settled := occ &^ contested
	// A capture takes a front stone and turns the stones around it.
	exposedMine := mine & (frontMine | g.Dilate8(frontMine))
	exposedTheirs := theirs & (frontTheirs | g.Dilate8(frontTheirs))
	stones, fill := mine.Count()-theirs.Count(), occ.Count()
	f[cfStones] = stones
	f[cfSettled] = (settled & mine).Count() - (settled & theirs).Count()
	f[cfFront] = frontMine.Count() - frontTheirs.Count()
	f[cfExposed] = exposedTheirs.Count() - exposedMine.Count()
	f[cfMySwing] = 1 + 2*mostNeighbours(frontTheirs, theirs)
	f[cfTheirSwing] = 1 + 2*mostNeighbours(frontMine, mine)
	f[cfStonesFull] = stones * fill
	f[cfContestFull] = ((contested & mine).Count() - (contested & theirs).Count()) * fill
	return f
}

const (
	notFileA engine.Bitboard = 0xfefefefefefefefe
	notFileH engine.Bitboard = 0x7f7f7f7f7f7f7f7f
)

// mostNeighbours returns the largest number of squares of of that a square of at has among
// its eight neighbours (0 when at is empty): each square's count is added up bit-sliced
// over the eight directions, and the largest read off the planes from the top.
func mostNeighbours(at, of engine.Bitboard) int {
	var c0, c1, c2, c3 engine.Bitboard // the count's bits, one plane each
	add := func(x engine.Bitboard) {
		k0 := c0 & x
		c0 ^= x
		k1 := c1 & k0
		c1 ^= k0
		k2 := c2 & k1
		c2 ^= k1
		c3 |= k2
	}
	e, w := (of&notFileH)<<1, (of&notFileA)>>1 // of, seen from the square east / west of it
	add(e)
	add(w)
	add(of << 8)
	add(of >> 8)
	add(e << 8)
	add(e >> 8)
	add(w << 8)
	add(w >> 8)
	n, cand := 0, at
	for i, plane := range [4]engine.Bitboard{c3, c2, c1, c0} {
		if cand&plane != 0 {
			cand &= plane
			n |= 8 >> i
		}
	}
	return n
}

// crowdedEval is Crowded's evaluation of the position with mine to move.
func (r *Rules) crowdedEval(mine, theirs engine.Bitboard) int {
	f := r.crowdedFeatures(mine, theirs)
	v, full := 0, 0
	for i, w := range crowdedWeights {
		if i == cfStonesFull || i == cfContestFull {
			full += w * f[i]
		} else {
			v += w * f[i]
		}
	}
	return v + full/64
}
