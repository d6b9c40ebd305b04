package search

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/quad"
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
			ab := NewAlphaBeta(flat{}, Options{}, 12)
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
		res, err := NewAlphaBeta(flat{}, Options{}, 10).Search(context.Background(), r.Start())
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
	if _, err := NewAlphaBeta(flat{}, Options{}, 10).Search(context.Background(), newNim(3, 5).Start()); err == nil {
		t.Fatal("a three-player game searched")
	}
}

// TestAIKeepsTheValue: on random endgames of the solved games, the AI the service seats
// never plays a move that loses value: checked by plain Negamax, independent of the solver.
func TestAIKeepsTheValue(t *testing.T) {
	quartoRules, _ := quarto.New("quarto", nil)
	quadRules, _ := quad.New(nil)
	quantikRules, _ := quantik.New(nil)
	for _, c := range []struct {
		r         engine.Rules
		placed, n int
	}{{quantikRules, 8, 60}, {quadRules, 10, 60}, {quartoRules, 10, 60}} {
		for i, s := range endgames(t, c.r, 11, c.n, c.placed) {
			want := Negamax(s.Clone())
			res, err := NewAI(c.r, Options{Iterations: 200, Seed: uint64(i)}).Search(context.Background(), s.Clone())
			if err != nil {
				t.Fatal(err)
			}
			if v := moveValue(s, res.Move); v != want {
				t.Fatalf("%s #%d %s: the AI's %s is worth %d, the position %d", c.r.ID(), i, s, c.r.FormatMove(res.Move), v, want)
			}
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
		res, err := NewAlphaBeta(nimTable{known: 190}, Options{Iterations: 20000}, 10).Search(context.Background(), r.Start())
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
		flatRes, _ := NewAlphaBeta(flat{}, Options{Iterations: 20000}, 10).Search(context.Background(), r.Start())
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
	a := NewAlphaBeta(flat{}, Options{Iterations: 1}, 4)
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
	a := NewAlphaBeta(flat{}, Options{Iterations: 1000}, 4)
	a.ctx = context.Background()
	a.history[historyIndex(5)] = 9
	s := &orderNim{nim: r.Start().(*nim)}
	a.search(s, 1, -winScore-1, winScore+1, 1)
	if want := []engine.Move{5, 1, 2, 3, 4}; !slices.Equal(s.played, want) {
		t.Errorf("searched %v, want %v", s.played, want)
	}
}
