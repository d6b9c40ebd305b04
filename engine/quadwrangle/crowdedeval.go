package quadwrangle

import "github.com/tavoliere/tavoliere/engine"

// Crowded's evaluation is a logistic model of the position: the chance that the player to
// move wins, from eight features, fitted to how the AI's games ended. Every Crowded move
// captures and turns up to seven stones, so the stone count swings by up to fifteen a ply
// and says little on its own.
//
// The weights are fitted (TestFitCrowdedResults rebuilds them) to the games of
// testdata/crowded-games.txt: the Crowded games the arena logged with their moves at 300 ms
// and 1 s a move before them (the AI against the baseline MCTS, and against variants of
// itself), 586 lines, 538 games (48 lines repeat a game two logs hold), each position from
// the third ply on labelled by the game's result for its player to move (a draw half).
// They are fitted to the 17 658 positions of 469 of those lines; one line in five is held
// out, 109 games (4 062 positions) once those also among the fitted are left out. On those
// the fitted weights leave a log loss of 0.546, the stone count alone 0.647. The stones of
// contested groups × the fill are left out of the fit (weight 0): nearly collinear with the
// stones × the fill, they took weights of either sign for the same loss.
//
// Why these weights and not the earlier ones (fitted to random playouts' scores), with the
// matches: docs/ai.md, "Crowded's evaluation".

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
