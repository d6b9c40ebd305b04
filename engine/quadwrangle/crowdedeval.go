package quadwrangle

import "github.com/tavoliere/tavoliere/engine"

// Crowded's evaluation is a logistic model of the position, fitted to what uniformly
// random playouts make of it: the share of them that the player to move wins. Every
// Crowded move captures and turns up to seven stones, so the stone count swings by up to
// fifteen a ply and says little on its own. TestFitCrowdedEval with its -fit-crowded flag
// rebuilds the fit: 8 693 positions of 250 games (two random plies, then MCTS with 300
// playouts a move, one move in ten at random), each scored by 200 random playouts; on the
// fifth held out, the stone count alone leaves a log loss of 0.624, the eight features
// 0.554. The two fill features are nearly collinear: another draw of the same games gave
// -381 and 239 for them, 135 for the settled stones, the others within 5.
//
// Against the baseline MCTS at 300 ms a move, on the same 100 openings (seed 7), alpha-beta
// scored 79.0% with it (74 wins, 10 draws, 16 losses; 95% interval 71.6–86.4%), 45.5% with
// Quad Wrangle's (38, 15, 47); at 1 s, 72.7% over 225 games (146, 35, 44), 35.7–41.7% in
// short runs before.
//
// Fitted to game results instead (TestFitCrowdedGames -fit-crowded-games: 43 272 positions
// of 1 200 self-play games), the features predict held-out results a little better (log
// loss 0.542 against these weights' 0.553; the stone count alone 0.639), with weights 236,
// 96, -12, 79, 62, -31, -300 and 191; but they played no better: 75.5% against these
// weights' 78.5% at 300 ms on the same 100 openings (73, 5, 22 against 74, 9, 17).

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
// stone about 100 at mid-game; the fill's two are per 64ths.
var crowdedWeights = [crowdedFeatureCount]int{
	cfStones:      213,
	cfSettled:     76,
	cfFront:       -6,
	cfExposed:     53,
	cfMySwing:     35,
	cfTheirSwing:  -24,
	cfStonesFull:  -276,
	cfContestFull: 126,
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
