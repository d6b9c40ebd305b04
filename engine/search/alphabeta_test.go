package search

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/quad"
	"github.com/tavoliere/tavoliere/engine/quadwrangle"
	"github.com/tavoliere/tavoliere/engine/quantik"
	"github.com/tavoliere/tavoliere/engine/quarto"
)

// flat evaluates every position as level: alpha-beta with it, searched to the end, is an
// exact solver.
type flat struct{}

func (flat) Evaluate(engine.State) int { return 0 }

// endgames plays random moves from the start of r until at most left moves remain on a
// board of size cells, n times.
func endgames(t testing.TB, r engine.Rules, seed uint64, n, placed int) []engine.State {
	rng := rand.New(rand.NewPCG(seed, 0xab))
	var out []engine.State
	for len(out) < n {
		s := r.Start()
		for s.Ply() < placed && !s.Outcome().Over {
			ms := s.Legal(nil)
			s.Play(ms[rng.IntN(len(ms))])
		}
		if !s.Outcome().Over {
			out = append(out, s)
		}
	}
	return out
}

// moveValue is the game-theoretic value of move m to the player to move of s, by Negamax.
func moveValue(s engine.State, m engine.Move) int {
	after := s.Clone()
	me := after.Turn()
	after.Play(m)
	v := Negamax(after)
	if after.Turn() != me {
		v = -v
	}
	return v
}

// TestAlphaBetaSolves: searched to the end with a flat evaluation, alpha-beta's value is the
// game-theoretic value that plain Negamax finds, and its move keeps that value, on random
// endgames of the small games.
func TestAlphaBetaSolves(t *testing.T) {
	quartoRules, err := quarto.New("quarto", nil)
	if err != nil {
		t.Fatal(err)
	}
	quadRules, err := quad.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	quantikRules, err := quantik.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		r         engine.Rules
		placed, n int
	}{{quantikRules, 7, 30}, {quadRules, 10, 100}, {quartoRules, 10, 100}} {
		wins, losses, draws := 0, 0, 0
		for i, s := range endgames(t, c.r, 7, c.n, c.placed) {
			want := Negamax(s.Clone())
			ab := NewAlphaBeta(flat{}, AlphaBetaOptions{}, 12)
			res, err := ab.Search(context.Background(), s)
			if err != nil {
				t.Fatal(err)
			}
			got := 0
			switch res.Value {
			case 1:
				got = 1
			case 0:
				got = -1
			}
			if got != want {
				t.Fatalf("%s #%d %s: alpha-beta %v (value %v), negamax %d", c.r.ID(), i, s, got, res.Value, want)
			}
			if v := moveValue(s, res.Move); v != want {
				t.Fatalf("%s #%d %s: the move %s is worth %d, the position %d", c.r.ID(), i, s, c.r.FormatMove(res.Move), v, want)
			}
			switch want {
			case 1:
				wins++
			case -1:
				losses++
			default:
				draws++
			}
		}
		t.Logf("%s: %d wins, %d draws, %d losses", c.r.ID(), wins, draws, losses)
		if wins == 0 || losses+draws == 0 {
			t.Errorf("%s: the suite needs wins and non-wins", c.r.ID())
		}
	}
}

// The table keeps what it learnt: a second search of the same position searches fewer
// nodes for the same depth.
func TestAlphaBetaNim(t *testing.T) {
	for pile := 1; pile <= 13; pile++ {
		r := newNim(2, pile)
		res, err := NewAlphaBeta(flat{}, AlphaBetaOptions{}, 10).Search(context.Background(), r.Start())
		if err != nil {
			t.Fatal(err)
		}
		wantWin := pile%4 != 0
		if (res.Value == 1) != wantWin || (res.Value == 0) == wantWin {
			t.Fatalf("pile %d: value %v", pile, res.Value)
		}
		if wantWin && (pile-int(res.Move))%4 != 0 {
			t.Fatalf("pile %d: took %d, leaving %d", pile, res.Move, pile-int(res.Move))
		}
	}
	if _, err := NewAlphaBeta(flat{}, AlphaBetaOptions{}, 10).Search(context.Background(), newNim(3, 5).Start()); err == nil {
		t.Fatal("a three-player game searched")
	}
}

// TestAIKeepsTheValue: on random endgames of the solved games, and of Crowded, whose
// endgames its solver takes, the AI the service seats never plays a move that loses value:
// checked by plain Negamax, independent of the solver; and the solver answered.
func TestAIKeepsTheValue(t *testing.T) {
	quartoRules, _ := quarto.New("quarto", nil)
	quadRules, _ := quad.New(nil)
	quantikRules, _ := quantik.New(nil)
	crowdedRules, _ := quadwrangle.New(quadwrangle.IDCrowded, nil)
	for _, c := range []struct {
		r         engine.Rules
		placed, n int
	}{{quantikRules, 8, 60}, {quadRules, 10, 60}, {quartoRules, 10, 60}, {crowdedRules, 32, 60}} {
		searched := 0
		for i, s := range endgames(t, c.r, 11, c.n, c.placed) {
			want := Negamax(s.Clone())
			res, err := NewAI(c.r, Options{Iterations: 200, Seed: uint64(i)}).Search(context.Background(), s.Clone())
			if err != nil {
				t.Fatal(err)
			}
			if v := moveValue(s, res.Move); v != want {
				t.Fatalf("%s #%d %s: the AI's %s is worth %d, the position %d", c.r.ID(), i, s, c.r.FormatMove(res.Move), v, want)
			}
			if res.Depth > 0 {
				searched++ // by alpha-beta, not the solver
			}
		}
		// Crowded's alpha-beta alone keeps the value in most of these: the solver must
		// have answered.
		if searched > c.n/4 {
			t.Errorf("%s: %d of %d positions searched by alpha-beta, not solved", c.r.ID(), searched, c.n)
		}
	}
}

// TestAIBlunders: at a weaker level (Options.Blunder) the AI plays random moves, but never
// one that lets the opponent win at once while another exists, and always a win at once.
func TestAIBlunders(t *testing.T) {
	play := func(pile int, seed uint64) int {
		r := newNim(2, pile)
		res, err := NewAI(r, Options{Iterations: 50, Seed: seed, Blunder: 1}).Search(context.Background(), r.Start())
		if err != nil {
			t.Fatal(err)
		}
		return int(res.Move)
	}
	seen := map[int]bool{}
	for seed := range uint64(40) {
		if m := play(3, seed); m != 3 {
			t.Fatalf("pile 3, seed %d: took %d, not the last three", seed, m)
		}
		if m := play(5, seed); m != 1 {
			t.Fatalf("pile 5, seed %d: took %d, leaving a win at once", seed, m)
		}
		seen[play(9, seed)] = true
	}
	if len(seen) != 3 {
		t.Fatalf("pile 9: took only %v over 40 seeds", seen)
	}
	// Without blunders the AI searches: from 9 it leaves a multiple of four.
	r := newNim(2, 9)
	if res, _ := NewAI(r, Options{Iterations: 2000, Seed: 1}).Search(context.Background(), r.Start()); res.Move != 1 {
		t.Fatalf("pile 9 without blunders: took %d", res.Move)
	}
}

// nimTable is a flat evaluation with an endgame table of Nim: the exact value of every
// pile of at most known stones.
type nimTable struct{ known int }

func (nimTable) Evaluate(engine.State) int { return 0 }

func (o nimTable) Lookup(st engine.State) (value, plies int, ok bool) {
	s := st.(*nim)
	if s.pile > o.known || s.pile <= 0 {
		return 0, 0, false
	}
	// The loser takes one stone, the winner the rest of four.
	if s.pile%4 == 0 {
		return -1, s.pile / 2, true
	}
	return 1, s.pile/4*2 + 1, true
}

// TestAlphaBetaOracle: a pile of 200 stones is out of reach of a search to the end, but
// not of one that stops at an endgame table of piles up to 190, which proves the value.
func TestAlphaBetaOracle(t *testing.T) {
	for _, pile := range []int{199, 200, 201, 202} {
		r := newNim(2, pile)
		res, err := NewAlphaBeta(nimTable{known: 190}, AlphaBetaOptions{Nodes: 20000}, 10).Search(context.Background(), r.Start())
		if err != nil {
			t.Fatal(err)
		}
		wantWin := pile%4 != 0
		if want := map[bool]float64{true: 1, false: 0}[wantWin]; res.Value != want {
			t.Fatalf("pile %d: value %v, want %v", pile, res.Value, want)
		}
		if wantWin && (pile-int(res.Move))%4 != 0 {
			t.Fatalf("pile %d: took %d, leaving %d", pile, res.Move, pile-int(res.Move))
		}
		flatRes, _ := NewAlphaBeta(flat{}, AlphaBetaOptions{Nodes: 20000}, 10).Search(context.Background(), r.Start())
		if flatRes.Value == 0 || flatRes.Value == 1 {
			t.Fatalf("pile %d: proven (%v) without the table: the test shows nothing", pile, flatRes.Value)
		}
	}
}

// Move ordering: the table's move first, then the two killers of the ply (the latest
// first), then the others by history, the moves that cut most often and deepest first; a
// move with no history keeps its place among the rest. A cut makes its move the first
// killer and adds depth² to its history.
func TestAlphaBetaMoveOrder(t *testing.T) {
	a := NewAlphaBeta(flat{}, AlphaBetaOptions{Nodes: 1}, 4)
	const ply = 3
	a.cut(7, ply, 2)   // history 4
	a.cut(5, ply, 1)   // history 1
	a.cut(9, ply, 3)   // history 9; killers 9, 5
	a.cut(5, ply+1, 4) // another ply: history of 5 now 17, no killer at ply
	if got := a.killers[ply]; got != [2]engine.Move{9, 5} {
		t.Fatalf("killers %v, want [9 5]", got)
	}
	moves := []engine.Move{1, 2, 5, 7, 8, 9, 11}
	scores := a.order(moves, 8, ply)
	var order []engine.Move
	for len(order) < len(moves) {
		k := -1
		for j, m := range moves {
			if !slices.Contains(order, m) && (k < 0 || scores[j] > scores[k]) {
				k = j
			}
		}
		order = append(order, moves[k])
	}
	if want := []engine.Move{8, 9, 5, 7, 1, 2, 11}; !slices.Equal(order, want) {
		t.Errorf("order %v, want %v", order, want)
	}
}

// orderNim records the moves played on it.
type orderNim struct {
	*nim
	played []engine.Move
}

func (r *orderNim) Play(m engine.Move) { r.played = append(r.played, m); r.nim.Play(m) }

// The search tries the moves in the order of TestAlphaBetaMoveOrder, the others in the
// game's own order: with history on 5 only, Nim's [1 2 3 4 5] is searched 5 1 2 3 4 (a
// swap would have searched 5 2 3 4 1).
func TestAlphaBetaSearchOrder(t *testing.T) {
	r := &nimRules{players: 2, pile: 20, max: 5}
	a := NewAlphaBeta(flat{}, AlphaBetaOptions{Nodes: 1000}, 4)
	a.ctx = context.Background()
	a.history[historyIndex(5)] = 9
	s := &orderNim{nim: r.Start().(*nim)}
	a.search(s, 1, -winScore-1, winScore+1, 1)
	if want := []engine.Move{5, 1, 2, 3, 4}; !slices.Equal(s.played, want) {
		t.Errorf("searched %v, want %v", s.played, want)
	}
}

// pathNim is endless Nim whose positions are their paths: no two move orders meet, so a
// search to a fixed depth is plain minimax, table or not. With root or fan set, the root
// has root moves and every other position fan.
type pathNim struct {
	*nim
	root, fan int
}

func (s pathNim) Hash() uint64 {
	h := uint64(14695981039346656037)
	for _, m := range s.hist {
		h = (h ^ uint64(m)) * 1099511628211
	}
	return h
}

func (s pathNim) Legal(buf []engine.Move) []engine.Move {
	n := s.fan
	if len(s.hist) == 0 {
		n = s.root
	}
	if n == 0 {
		return s.nim.Legal(buf)
	}
	for k := 1; k <= n; k++ {
		buf = append(buf, engine.Move(k))
	}
	return buf
}

// againNim is pathNim where a player who takes one stone moves again, as in Push a player
// who ejects his own marble pushes again.
type againNim struct {
	pathNim
	turns []int
}

func (s *againNim) Turn() int { return s.turn }

func (s *againNim) Play(m engine.Move) {
	s.turns = append(s.turns, s.turn)
	s.nim.Play(m)
	if m == 1 {
		s.turn = s.turns[len(s.turns)-1]
	}
}

func (s *againNim) Undo() {
	t := s.turns[len(s.turns)-1]
	s.turns = s.turns[:len(s.turns)-1]
	s.nim.Undo()
	s.turn = t
}

// pathEval evaluates a pathNim position by its path: what at says for the paths it knows,
// else one of n values around 0 that looks random (2 001 when n is 0).
type pathEval struct {
	at map[string]int
	n  uint64
}

func (e pathEval) Evaluate(st engine.State) int {
	if e.at != nil {
		if v, ok := e.at[fmt.Sprint(pathOf(st))]; ok {
			return v
		}
	}
	n := cmp.Or(e.n, 2001)
	return int(st.Hash()>>33%n) - int(n/2)
}

func pathOf(st engine.State) []engine.Move {
	switch s := st.(type) {
	case pathNim:
		return s.hist
	case *againNim:
		return s.hist
	}
	panic(fmt.Sprintf("pathOf %T", st))
}

// minimax is the value of s to its player to move, searched depth plies with e.
func minimax(s engine.State, e engine.Evaluator, depth int) int {
	if depth == 0 {
		return e.Evaluate(s)
	}
	best := math.MinInt
	me := s.Turn()
	for _, m := range s.Legal(nil) {
		s.Play(m)
		v := minimax(s, e, depth-1)
		if s.Turn() != me {
			v = -v
		}
		best = max(best, v)
		s.Undo()
	}
	return best
}

// Searched to a fixed depth where no position is met twice, alpha-beta (its null windows
// and re-searches, its table's bounds) scores the root as minimax does: with evaluations of
// 3, 5 and 2 001 values (the fewer, the more scores tie with a window's bound), and where a
// player may move twice in a row.
func TestAlphaBetaFixedDepth(t *testing.T) {
	r := &nimRules{players: 2, pile: 100, max: 5, endless: true}
	for _, n := range []uint64{3, 5, 2001} {
		e := pathEval{n: n}
		for _, again := range []bool{false, true} {
			for depth := 1; depth <= 5; depth++ {
				for p := range 40 {
					var s engine.State = pathNim{nim: r.Start().(*nim)}
					if again {
						s = &againNim{pathNim: pathNim{nim: r.Start().(*nim)}}
					}
					for k := range p {
						s.Play(engine.Move(k%r.max + 1))
					}
					a := NewAlphaBeta(e, AlphaBetaOptions{Nodes: 1 << 30, Depth: depth}, 10)
					res, err := a.Search(context.Background(), s)
					if err != nil {
						t.Fatal(err)
					}
					want := minimax(s, e, depth)
					if got := scoreValue(want); res.Value != got || res.Depth != depth {
						t.Fatalf("%d values, again %v, depth %d, %d plies in: value %v at depth %d, minimax %d (%v)",
							n, again, depth, p, res.Value, res.Depth, want, got)
					}
				}
			}
		}
	}
}

// A search that runs out of budget in the middle of a depth plays a move that beat the last
// depth's best at that depth before the budget ran out, or whose null window failed high
// on it. Three root moves of 1 000 replies each: move 1 is best at depth 1, move 2 (worth
// less than 0, which a stopped search returns) at depth 2, and move 3 at depth 2 fails low
// only at its last reply.
func TestAlphaBetaUnfinishedDepth(t *testing.T) {
	const fan = 1000
	e := pathEval{at: map[string]int{"[1]": -10, "[2]": 0, "[3]": 0}} // to the opponent
	for k := 1; k <= fan; k++ {
		path := func(m int) string { return fmt.Sprint([]engine.Move{engine.Move(m), engine.Move(k)}) }
		// To the root's player.
		e.at[path(1)] = -50
		e.at[path(2)] = -20
		e.at[path(3)] = 30
		if k == fan {
			e.at[path(3)] = -100
		}
	}
	// Nodes: 3 at depth 1; at depth 2, 1 001 for move 1, 2 002 for move 2 (a null window
	// that fails high, then the whole one), 1 001 for move 3. The budget is looked at
	// every 1 024 nodes: spent at 2 048, it stops move 2's re-search; at 3 072, move 3.
	r := &nimRules{players: 2, pile: 100, max: 1, endless: true}
	for _, c := range []struct {
		budget, nodes int
	}{{2000, 2048}, {3050, 3072}} {
		a := NewAlphaBeta(e, AlphaBetaOptions{Nodes: c.budget}, 12)
		res, err := a.Search(context.Background(), pathNim{nim: r.Start().(*nim), root: 3, fan: fan})
		if err != nil {
			t.Fatal(err)
		}
		if res.Move != 2 || res.Depth != 1 || res.Value != scoreValue(-20) || res.Iterations != c.nodes {
			t.Errorf("budget %d: move %d, value %v, depth %d, %d nodes: want move 2, value %v, depth 1 finished, %d nodes",
				c.budget, res.Move, res.Value, res.Depth, res.Iterations, scoreValue(-20), c.nodes)
		}
	}
}

// The table keeps values from one search to the next, and they hold the searching side's
// contempt for draws: a search for the other side gives what a fresh one does. Nim capped
// at 8 plies from a pile of 30: every line is a draw.
func TestAlphaBetaTableSide(t *testing.T) {
	r := &nimRules{players: 2, pile: 30, max: 3, moveCap: 8}
	a := NewAlphaBeta(flat{}, AlphaBetaOptions{Nodes: 1 << 30, Depth: 8}, 12)
	if _, err := a.Search(context.Background(), r.Start()); err != nil {
		t.Fatal(err)
	}
	s := r.Start()
	s.Play(1)
	o := AlphaBetaOptions{Nodes: 1 << 30, Depth: 7}
	a.SetOptions(o)
	got, err := a.Search(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	want, err := NewAlphaBeta(flat{}, o, 12).Search(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	if got.Value != want.Value || want.Value != scoreValue(-Contempt) {
		t.Errorf("value %v after a search for the other side, %v fresh; want %v", got.Value, want.Value, scoreValue(-Contempt))
	}
}
