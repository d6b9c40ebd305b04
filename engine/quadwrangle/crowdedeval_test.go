package quadwrangle

import (
	"flag"
	"math"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/enginetest"
	"github.com/tavoliere/tavoliere/engine/search"
)

var (
	fitCrowded      = flag.Bool("fit-crowded", false, "TestFitCrowdedEval: fit Crowded's weights to random playouts from the positions of 250 games and print them")
	fitCrowdedGames = flag.Bool("fit-crowded-games", false, "TestFitCrowdedGames: fit Crowded's weights to the results of 1 200 self-play games and print them")
)

// TestCrowdedEval: the features and the value of a position worked by hand, with either
// side to move.
func TestCrowdedEval(t *testing.T) {
	r, err := New(IDCrowded, nil)
	if err != nil {
		t.Fatal(err)
	}
	// White a1 b1 h8, Black c1 a8 a7: b1 and c1 touch, a1 is in their group; h8 and a8 a7
	// are settled.
	const board = "B......W/B......./......../......../......../......../......../WWB....."
	// The same and a White stone on d1, which touches c1 too: a stone more, fronts 2 v 1.
	const board2 = "B......W/B......./......../......../......../......../......../WWBW...."
	for _, c := range []struct {
		board, side string
		want        [crowdedFeatureCount]int
		eval        int
	}{
		// White: settled 1 v 2; exposed b1 a1 (b1 taken, a1 turned) v c1; White's capture
		// of c1 turns nothing (swing 1), Black's of b1 turns a1 (swing 3); contested 2 v 1.
		{board, "w", [crowdedFeatureCount]int{0, -1, 0, -1, 1, 3, 0, 6}, 11*-1 + 84*-1 + 76*1 - 34*3},
		{board, "b", [crowdedFeatureCount]int{0, 1, 0, 1, 3, 1, 0, -6}, 11*1 + 84*1 + 76*3 - 34*1},
		// White: stones 4 v 3; settled 1 v 2; fronts b1 d1 v c1; exposed b1 d1 a1 v c1;
		// swings 1 and 3 as above; 7 stones on the board: stones × fill 7, contested 3 v 1
		// × fill 14. The fill's part, -80 × 7 / 64, truncates to -8.
		{board2, "w", [crowdedFeatureCount]int{1, -1, 1, -2, 1, 3, 7, 14}, 261*1 + 11*-1 - 63*1 + 84*-2 + 76*1 - 34*3 + -80*7/64},
		{board2, "b", [crowdedFeatureCount]int{-1, 1, -1, 2, 3, 1, -7, -14}, 261*-1 + 11*1 - 63*-1 + 84*2 + 76*3 - 34*1 + -80*-7/64},
	} {
		s, err := r.ParsePosition(c.board + " " + c.side + " 9")
		if err != nil {
			t.Fatal(err)
		}
		st := s.(*State)
		if f := r.crowdedFeatures(st.bb[st.turn], st.bb[st.turn^1]); f != c.want {
			t.Errorf("%s, %s to move: features %v, want %v", c.board, c.side, f, c.want)
		}
		if v := r.Evaluate(s); v != c.eval {
			t.Errorf("%s, %s to move: %d, want %d", c.board, c.side, v, c.eval)
		}
	}
}

// TestCrowdedFeaturesNaive checks the bit-parallel features against a square-by-square
// count on the positions of random games, with either side to move.
func TestCrowdedFeaturesNaive(t *testing.T) {
	r, err := New(IDCrowded, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range enginetest.RandomPositions(r, 11, 400) {
		st := s.(*State)
		for _, p := range []int{White, Black} {
			mine, theirs := st.bb[p], st.bb[p^1]
			if got, want := r.crowdedFeatures(mine, theirs), naiveCrowdedFeatures(r.geo, mine, theirs); got != want {
				t.Fatalf("%s, %d to move: features %v, counted %v", s, p, got, want)
			}
		}
	}
}

// naiveCrowdedFeatures counts Crowded's features square by square.
func naiveCrowdedFeatures(g *engine.Geometry, mine, theirs engine.Bitboard) (f [crowdedFeatureCount]int) {
	occ := mine | theirs
	side := func(sq engine.Square) (own, other engine.Bitboard) {
		if mine.Has(sq) {
			return mine, theirs
		}
		return theirs, mine
	}
	touches := func(sq engine.Square) bool { // an enemy stone next to it
		_, other := side(sq)
		return g.Adjacent8(sq)&other != 0
	}
	// Groups by a search from each stone; a group is contested when a stone of it touches
	// an enemy stone.
	contested := make(map[engine.Square]bool)
	seen := make(map[engine.Square]bool)
	for sq := engine.Square(0); sq < 64; sq++ {
		if !occ.Has(sq) || seen[sq] {
			continue
		}
		group, queue, hot := []engine.Square{sq}, []engine.Square{sq}, false
		seen[sq] = true
		for len(queue) > 0 {
			q := queue[0]
			queue = queue[1:]
			hot = hot || touches(q)
			for nb := g.Adjacent8(q) & occ; nb != 0; {
				x := nb.Pop()
				if !seen[x] {
					seen[x] = true
					group = append(group, x)
					queue = append(queue, x)
				}
			}
		}
		for _, x := range group {
			contested[x] = hot
		}
	}
	sign := func(sq engine.Square) int {
		if mine.Has(sq) {
			return 1
		}
		return -1
	}
	best := [2]int{} // the most stones a capture by mine (0) or theirs (1) turns
	contestDiff := 0
	for sq := engine.Square(0); sq < 64; sq++ {
		if !occ.Has(sq) {
			continue
		}
		own, other := side(sq)
		v := sign(sq)
		f[cfStones] += v
		if contested[sq] {
			contestDiff += v
		} else {
			f[cfSettled] += v
		}
		if touches(sq) {
			f[cfFront] += v
			// The other side can take sq; it turns sq's own neighbours.
			k := (g.Adjacent8(sq) & own).Count()
			if v > 0 {
				best[1] = max(best[1], k)
			} else {
				best[0] = max(best[0], k)
			}
		}
		// sq is exposed when it, or a stone of its own next to it, touches an enemy stone.
		exposed := touches(sq)
		for nb := g.Adjacent8(sq) & own; nb != 0; {
			x := nb.Pop()
			exposed = exposed || g.Adjacent8(x)&other != 0
		}
		if exposed {
			f[cfExposed] -= v
		}
	}
	fill := occ.Count()
	f[cfMySwing], f[cfTheirSwing] = 1+2*best[0], 1+2*best[1]
	f[cfStonesFull] = f[cfStones] * fill
	f[cfContestFull] = contestDiff * fill
	return f
}

// TestFitCrowdedEval fits the logistic model to what random playouts make of positions
// (the fit behind playoutWeights, Crowded's weights before TestFitCrowdedResults's) and
// checks that its features predict positions they were not fitted to better than the
// stone count alone. A small fit runs by default; with -fit-crowded it runs the fit the
// weights came from (250 games, 200 playouts a position, half a minute) and checks that it
// gives playoutWeights.
func TestFitCrowdedEval(t *testing.T) {
	games, playouts, iterations := 12, 40, 60
	if *fitCrowded {
		games, playouts, iterations = 250, 200, 300
	}
	r, err := New(IDCrowded, nil)
	if err != nil {
		t.Fatal(err)
	}
	fit, held := crowdedSamples(t, r, games, playouts, iterations)
	all := uint(1)<<crowdedFeatureCount - 1
	w := fitLogistic(fit, all)
	stones := fitLogistic(fit, 1<<cfStones)
	lossAll, lossStones := logLoss(held, w), logLoss(held, stones)
	t.Logf("%d positions fitted, %d held out: log loss %.4f (stones alone %.4f)", len(fit), len(held), lossAll, lossStones)
	if *fitCrowded {
		for i, v := range w {
			t.Logf("feature %d: %.4f, × 400 = %.0f", i, v, 400*v)
			if int(math.Round(400*v)) != playoutWeights[i] {
				t.Errorf("feature %d: the fit gives %.0f, playoutWeights has %d", i, 400*v, playoutWeights[i])
			}
		}
	}
	if !(lossAll < lossStones) {
		t.Errorf("the features' log loss %.4f is no better than the stone count's %.4f", lossAll, lossStones)
	}
}

// playoutWeights are the weights TestFitCrowdedEval fits to random playouts, Crowded's
// until the AI's games replaced them (eval.go).
var playoutWeights = [crowdedFeatureCount]int{
	cfStones:      213,
	cfSettled:     76,
	cfFront:       -6,
	cfExposed:     53,
	cfMySwing:     35,
	cfTheirSwing:  -24,
	cfStonesFull:  -276,
	cfContestFull: 126,
}

// TestFitCrowdedResults rebuilds crowdedWeights: the features but the contested stones ×
// the fill, fitted to the results of the games of testdata/crowded-games.txt (the AI's, at
// 300 ms and 1 s a move), must give them to the unit; and on the games held out they must
// predict the results better than the stone count alone and than playoutWeights.
func TestFitCrowdedResults(t *testing.T) {
	r, err := New(IDCrowded, nil)
	if err != nil {
		t.Fatal(err)
	}
	fit, held := crowdedResultSamples(t, r, "testdata/crowded-games.txt")
	all := uint(1)<<crowdedFeatureCount - 1
	w := fitLogistic(fit, all&^(1<<cfContestFull))
	for i, v := range w {
		if int(math.Round(400*v)) != crowdedWeights[i] {
			t.Errorf("feature %d: the fit gives %.0f, crowdedWeights has %d", i, 400*v, crowdedWeights[i])
		}
	}
	scaled := func(ws [crowdedFeatureCount]int) (w [crowdedFeatureCount]float64) {
		for i, v := range ws {
			w[i] = float64(v) / 400
		}
		return w
	}
	lossNow, lossPlayout := logLoss(held, scaled(crowdedWeights)), logLoss(held, scaled(playoutWeights))
	lossStones := logLoss(held, fitLogistic(fit, 1<<cfStones))
	t.Logf("%d positions fitted, %d held out: log loss %.4f (playoutWeights %.4f, the stone count alone %.4f)",
		len(fit), len(held), lossNow, lossPlayout, lossStones)
	if !(lossNow < lossPlayout && lossNow < lossStones) {
		t.Errorf("crowdedWeights' log loss %.4f is no better than playoutWeights' %.4f or the stone count's %.4f", lossNow, lossPlayout, lossStones)
	}
}

// crowdedResultSamples reads the games of file, one a line (its moves from the start, in
// the game's notation, each game played to its end), and labels every position from the
// third ply on but the last by the game's result for its player to move (a draw half);
// the positions of one game in five (the fifth, tenth, …) are held out. The file has games
// twice (logs of the same runs); a held-out game that is also among the fitted ones is
// left out, so that none of the held-out positions were fitted.
func crowdedResultSamples(t *testing.T, r *Rules, file string) (fit, held []sample) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	fitted := make(map[string]bool)
	for g, line := range lines {
		if g%5 != 4 {
			fitted[line] = true
		}
	}
	for g, line := range lines {
		if g%5 == 4 && fitted[line] {
			continue
		}
		s := r.Start().(*State)
		var xs [][crowdedFeatureCount]float64
		var turns []int
		for ply, text := range strings.Fields(line) {
			m, err := r.ParseMove(text)
			if err == nil {
				err = s.Validate(m)
			}
			if err != nil {
				t.Fatalf("%s:%d: move %d %q: %v", file, g+1, ply+1, text, err)
			}
			s.Play(m)
			if ply >= 2 && !s.Outcome().Over {
				xs = append(xs, crowdedX(r, s))
				turns = append(turns, int(s.turn))
			}
		}
		o := s.Outcome()
		if !o.Over {
			t.Fatalf("%s:%d: the game is not over", file, g+1)
		}
		if g%5 == 4 {
			held = append(held, labelled(o, xs, turns)...)
		} else {
			fit = append(fit, labelled(o, xs, turns)...)
		}
	}
	if len(fit) == 0 || len(held) == 0 {
		t.Fatalf("%s: no positions", file)
	}
	return fit, held
}

// sample is a position's features (the fill ones divided by 64) and its label: the share
// of random playouts, or the game's result, won by its player to move (a draw half).
type sample struct {
	x [crowdedFeatureCount]float64
	y float64
}

// crowdedSamples plays games of Crowded, two random plies then MCTS with iterations
// playouts a move (one move in ten at random), and scores each position after the
// opening with playouts random playouts; one position in five is held out.
func crowdedSamples(t *testing.T, r *Rules, games, playouts, iterations int) (fit, held []sample) {
	t.Helper()
	rng := rand.New(rand.NewPCG(1, 2))
	m := search.NewMCTS(search.MCTSOptions{Iterations: iterations, Seed: 3})
	for range games {
		fitGame(t, r, rng, func(int) search.Player { return m }, func(s *State) {
			smp := sample{x: crowdedX(r, s), y: playoutShare(s, rng, playouts)}
			if (len(fit)+len(held))%5 == 4 {
				held = append(held, smp)
			} else {
				fit = append(fit, smp)
			}
		})
	}
	return fit, held
}

// fitGame plays a game of r for a fit: two random plies, then the moves of the side to
// move's player, one in ten at random instead, and calls visit on every position after the
// opening but the last.
func fitGame(t *testing.T, r *Rules, rng *rand.Rand, player func(p int) search.Player, visit func(*State)) *State {
	t.Helper()
	s := r.Start().(*State)
	for ply := 0; !s.Outcome().Over; ply++ {
		var mv engine.Move
		if moves := s.Legal(nil); ply < 2 || rng.Float64() < 0.1 {
			mv = moves[rng.IntN(len(moves))]
		} else {
			res, err := player(int(s.turn)).Search(t.Context(), s)
			if err != nil {
				t.Fatal(err)
			}
			mv = res.Move
		}
		s.Play(mv)
		if !s.Outcome().Over && ply >= 2 {
			visit(s)
		}
	}
	return s
}

// TestFitCrowdedGames fits the features to game results instead (Texel's method): the
// positions of games alpha-beta plays against itself with crowdedWeights, each labelled by
// how the game ended for its player to move. (The games of its run that docs/lab cites were
// played with playoutWeights, Crowded's weights then.) A small fit runs by default and checks that
// the fitted weights predict the results of games they were not fitted to better than the
// stone count alone; with -fit-crowded-games it plays 1 200 games at 50 000 nodes a move
// (about six minutes on one core) and prints the weights, and the held-out loss of
// crowdedWeights beside theirs.
func TestFitCrowdedGames(t *testing.T) {
	games, nodes := 100, 1000
	if *fitCrowdedGames {
		games, nodes = 1200, 50_000
	}
	r, err := New(IDCrowded, nil)
	if err != nil {
		t.Fatal(err)
	}
	fit, held := crowdedGameSamples(t, r, games, nodes)
	all := uint(1)<<crowdedFeatureCount - 1
	w := fitLogistic(fit, all)
	stones := fitLogistic(fit, 1<<cfStones)
	var now [crowdedFeatureCount]float64
	for i, v := range crowdedWeights {
		now[i] = float64(v) / 400
	}
	lossAll, lossStones, lossNow := logLoss(held, w), logLoss(held, stones), logLoss(held, now)
	t.Logf("%d positions fitted, %d held out: log loss %.4f (stones alone %.4f, crowdedWeights %.4f)",
		len(fit), len(held), lossAll, lossStones, lossNow)
	if *fitCrowdedGames {
		for i, v := range w {
			t.Logf("feature %d: %.4f, × 400 = %.0f (crowdedWeights %d)", i, v, 400*v, crowdedWeights[i])
		}
	}
	if !(lossAll < lossStones) {
		t.Errorf("the features' log loss %.4f is no better than the stone count's %.4f", lossAll, lossStones)
	}
}

// crowdedGameSamples plays games of Crowded, two random plies then alpha-beta with nodes
// nodes a move for each side (one move in ten at random), and labels every position after
// the opening by the game's result for its player to move (a draw half); the positions of
// one game in five are held out.
func crowdedGameSamples(t *testing.T, r *Rules, games, nodes int) (fit, held []sample) {
	t.Helper()
	rng := rand.New(rand.NewPCG(4, 5))
	o := search.AlphaBetaOptions{Nodes: nodes}
	ab := [2]*search.AlphaBeta{search.NewAlphaBeta(r, o, 16), search.NewAlphaBeta(r, o, 16)}
	for g := range games {
		var xs [][crowdedFeatureCount]float64
		var turns []int
		s := fitGame(t, r, rng, func(p int) search.Player { return ab[p] }, func(s *State) {
			xs = append(xs, crowdedX(r, s))
			turns = append(turns, int(s.turn))
		})
		if g%5 == 4 {
			held = append(held, labelled(s.Outcome(), xs, turns)...)
		} else {
			fit = append(fit, labelled(s.Outcome(), xs, turns)...)
		}
	}
	return fit, held
}

// labelled returns the samples of a game's positions, their features xs and players to
// move turns, labelled by how the game ended (o) for each: 1 a win, ½ a draw, 0 a loss.
func labelled(o engine.Outcome, xs [][crowdedFeatureCount]float64, turns []int) []sample {
	out := make([]sample, len(xs))
	for i, x := range xs {
		y := 0.5
		if o.Winners != 0 {
			y = 0
			if o.Won(turns[i]) {
				y = 1
			}
		}
		out[i] = sample{x: x, y: y}
	}
	return out
}

// crowdedX is the features of s to its player to move as the fit takes them: the fill
// ones divided by 64.
func crowdedX(r *Rules, s *State) (x [crowdedFeatureCount]float64) {
	for i, v := range r.crowdedFeatures(s.bb[s.turn], s.bb[s.turn^1]) {
		x[i] = float64(v)
	}
	x[cfStonesFull] /= 64
	x[cfContestFull] /= 64
	return x
}

// playoutShare plays n uniformly random playouts from s and returns the share won by its
// player to move, a draw counting half.
func playoutShare(s *State, rng *rand.Rand, n int) float64 {
	me := s.Turn()
	var buf []engine.Move
	won := 0.0
	for range n {
		plies := 0
		for !s.Outcome().Over {
			buf = s.Legal(buf[:0])
			s.Play(buf[rng.IntN(len(buf))])
			plies++
		}
		switch o := s.Outcome(); {
		case o.Winners == 0:
			won += 0.5
		case o.Won(me):
			won++
		}
		for range plies {
			s.Undo()
		}
	}
	return won / float64(n)
}

// fitLogistic fits weights for the features in mask (a bit each) by Newton's method,
// minimising the log loss against the samples' shares.
func fitLogistic(samples []sample, mask uint) (w [crowdedFeatureCount]float64) {
	const n = crowdedFeatureCount
	for range 25 {
		var h [n][n + 1]float64 // the Hessian, the gradient in the last column
		for _, s := range samples {
			p := predict(s.x, w)
			for j := range n {
				if mask>>j&1 == 0 {
					continue
				}
				h[j][n] += (p - s.y) * s.x[j]
				for k := range n {
					if mask>>k&1 != 0 {
						h[j][k] += p * (1 - p) * s.x[j] * s.x[k]
					}
				}
			}
		}
		for j := range n {
			if mask>>j&1 == 0 {
				h[j][j] = 1
			}
			h[j][j] += 1e-6
		}
		d := solveLinear(h)
		for j := range n {
			w[j] -= d[j]
		}
	}
	return w
}

// solveLinear solves the system whose augmented matrix is a, by Gaussian elimination with
// partial pivoting.
func solveLinear(a [crowdedFeatureCount][crowdedFeatureCount + 1]float64) (x [crowdedFeatureCount]float64) {
	const n = crowdedFeatureCount
	for c := range n {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		a[c], a[p] = a[p], a[c]
		for r := c + 1; r < n; r++ {
			f := a[r][c] / a[c][c]
			for k := c; k <= n; k++ {
				a[r][k] -= f * a[c][k]
			}
		}
	}
	for r := n - 1; r >= 0; r-- {
		v := a[r][n]
		for k := r + 1; k < n; k++ {
			v -= a[r][k] * x[k]
		}
		x[r] = v / a[r][r]
	}
	return x
}

func predict(x, w [crowdedFeatureCount]float64) float64 {
	z := 0.0
	for i := range x {
		z += w[i] * x[i]
	}
	return 1 / (1 + math.Exp(-z))
}

// logLoss is the mean cross-entropy of the model w's predictions against the samples'
// shares.
func logLoss(samples []sample, w [crowdedFeatureCount]float64) float64 {
	loss := 0.0
	for _, s := range samples {
		p := min(max(predict(s.x, w), 1e-12), 1-1e-12)
		loss -= s.y*math.Log(p) + (1-s.y)*math.Log(1-p)
	}
	return loss / float64(len(samples))
}

// TestSolveLinear: the solver behind the fit returns the solution of a system built from
// it.
func TestSolveLinear(t *testing.T) {
	const n = crowdedFeatureCount
	rng := rand.New(rand.NewPCG(5, 6))
	var a [n][n + 1]float64
	var want [n]float64
	for i := range n {
		want[i] = rng.Float64()*4 - 2
	}
	for i := range n {
		for j := range n {
			a[i][j] = rng.Float64()*2 - 1
			a[i][n] += a[i][j] * want[j]
		}
	}
	got := solveLinear(a)
	for i := range n {
		if math.Abs(got[i]-want[i]) > 1e-9 {
			t.Fatalf("solution %v, want %v", got, want)
		}
	}
}

// BenchmarkEvaluate times the evaluations on positions of random games, Crowded's fitted
// one against Quad Wrangle's stones and exposures.
func BenchmarkEvaluate(b *testing.B) {
	for _, id := range []string{IDQuadWrangle, IDCrowded} {
		b.Run(id, func(b *testing.B) {
			r, err := New(id, nil)
			if err != nil {
				b.Fatal(err)
			}
			var states []engine.State
			for _, s := range enginetest.RandomPositions(r, 7, 64) {
				if !s.Outcome().Over {
					states = append(states, s)
				}
			}
			b.ReportAllocs()
			i, sum := 0, 0
			for b.Loop() {
				sum += r.Evaluate(states[i])
				i = (i + 1) % len(states)
			}
			_ = sum
		})
	}
}
