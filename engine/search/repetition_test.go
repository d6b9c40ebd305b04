package search_test

import (
	"math"
	"testing"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/push"
	"github.com/tavoliere/tavoliere/engine/quixo"
	"github.com/tavoliere/tavoliere/engine/search"
)

func play(t *testing.T, s engine.State, moves ...string) {
	t.Helper()
	for _, m := range moves {
		if _, err := engine.Play(s, m); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}

func child(t *testing.T, r engine.Rules, res search.Result, move string) search.Stat {
	t.Helper()
	for _, c := range res.Children {
		if r.FormatMove(c.Move) == move {
			return c
		}
	}
	t.Fatalf("%s is not a root move: %+v", move, res.Children)
	return search.Stat{}
}

type searcher struct {
	name     string
	new      func(r engine.Rules, o search.MCTSOptions) search.Player
	children bool // Result.Children holds every root move's value (MCTS)
}

// searchers are the searches every repetition test runs: MCTS, and the AI, which searches
// Quixo with alpha-beta.
var searchers = []searcher{
	{"mcts", func(_ engine.Rules, o search.MCTSOptions) search.Player { return search.NewMCTS(o) }, true},
	{"ai", func(r engine.Rules, o search.MCTSOptions) search.Player {
		return search.NewAI(r, search.Options{Think: o.Think, Iterations: o.Iterations, Seed: o.Seed})
	}, false},
}

// Circles and Crosses shuttle a cube each along the edge: O b1-b5, X a2-e2, O b5-b1, X
// e2-a2 bring the position back. After seven such moves Crosses, to move, is lost: every
// move lets Circles make a line at once. But e2-a2 brings the position about for the third
// time, a draw that both searches take; without the history, e2-a2 loses like the rest.
func TestQuixoLoserTakesRepetition(t *testing.T) {
	r, err := quixo.New(quixo.ID, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := parse(t, r, "OOXOO/OXXOO/XO.XO/XOOOX/XOXOX O 47")
	play(t, s, "b1-b5", "a2-e2", "b5-b1", "e2-a2", "b1-b5", "a2-e2", "b5-b1")
	fresh := parse(t, r, s.String())
	for _, p := range searchers {
		for seed := range uint64(3) {
			res, err := p.new(r, search.MCTSOptions{Iterations: 1000, Seed: seed}).Search(t.Context(), s)
			if err != nil {
				t.Fatal(err)
			}
			if got := r.FormatMove(res.Move); got != "e2-a2" || math.Abs(res.Value-0.5) > 0.01 { // (alpha-beta: a draw less its contempt)
				t.Errorf("%s seed %d: %s (value %.3f), want e2-a2, a draw by repetition", p.name, seed, got, res.Value)
			}
		}
		res, err := p.new(r, search.MCTSOptions{Iterations: 1000, Seed: 1}).Search(t.Context(), fresh)
		if err != nil {
			t.Fatal(err)
		}
		if res.Value >= 0.5 {
			t.Errorf("%s without the history: %s value %.3f, want a loss", p.name, r.FormatMove(res.Move), res.Value)
		}
		if !p.children {
			continue
		}
		if v := child(t, r, res, "e2-a2").Value; v >= 0.5 {
			t.Errorf("%s without the history: e2-a2 %.3f, want a loss", p.name, v)
		}
	}
	// One move earlier, Circles to move: b5-b1 wins by force in the position without its
	// history, but here it lets Crosses repeat. The tree plays its lines through the real
	// history, and scores b5-b1 near a draw.
	s.Undo()
	fresh = parse(t, r, s.String())
	b5b1, err := r.ParseMove("b5-b1")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name   string
		s      engine.State
		lo, hi float64
	}{{"with the history", s, 0.5, 0.65}, {"without", fresh, 0.75, 1}} {
		res, err := search.NewMCTS(search.MCTSOptions{Iterations: 10000, Seed: 1}).SearchMoves(t.Context(), tt.s, []engine.Move{b5b1})
		if err != nil {
			t.Fatal(err)
		}
		if res.Value < tt.lo || res.Value > tt.hi {
			t.Errorf("%s, b5-b1 is worth %.3f to Circles, want %.2f…%.2f", tt.name, res.Value, tt.lo, tt.hi)
		}
	}
}

// The same shuttles in another game: Crosses, to move, could repeat the position for the
// third time with b1-b5, but is winning (b5-a5 wins by force: every answer leaves Crosses
// a line at once). Neither search settles for the draw.
func TestQuixoWinnerAvoidsRepetition(t *testing.T) {
	r, err := quixo.New(quixo.ID, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := parse(t, r, "OXXXX/X..OO/X..../XO.../OO... O 17")
	play(t, s, "a1-a5", "b5-b1", "a5-a1", "b1-b5", "a1-a5", "b5-b1", "a5-a1")
	for _, p := range searchers {
		for seed := range uint64(3) {
			res, err := p.new(r, search.MCTSOptions{Iterations: 3000, Seed: seed}).Search(t.Context(), s)
			if err != nil {
				t.Fatal(err)
			}
			if got := r.FormatMove(res.Move); got == "b1-b5" || res.Value <= 0.6 {
				t.Errorf("%s seed %d: %s (value %.3f), want a winning move", p.name, seed, got, res.Value)
			}
			if !p.children {
				continue
			}
			if v := child(t, r, res, "b1-b5").Value; v != 0.5 {
				t.Errorf("%s seed %d: b1-b5 worth %.3f, want a draw", p.name, seed, v)
			}
		}
	}
}

// maxPly is a State that records the highest ply any copy of it reaches.
type maxPly struct {
	engine.State
	max *int
}

func (s maxPly) Play(m engine.Move) {
	s.State.Play(m)
	*s.max = max(*s.max, s.Ply())
}

func (s maxPly) Clone() engine.State { return maxPly{s.State.Clone(), s.max} }

// The game's move cap (400 insertions in Push) ends playouts long before the search's own
// cap (DefaultPlayoutCap, 1000 plies): no line of the search goes past it, and every line
// that reaches it is a draw. With the game's cap off, the search's cap ends the playouts,
// which count as draws too.
func TestPushMoveCapAndPlayoutCap(t *testing.T) {
	const position = "WBWBW/BWBWB/WBWBW/BWBWB/WBWBW b 390"
	for _, tt := range []struct {
		cap        string
		playoutCap int
		most       int // the highest ply a search may reach
	}{
		{"400", 0, 400},
		{"0", 15, 390 + 15 + 20}, // a playout starts at most 20 plies down the tree
	} {
		r, err := push.New(map[string]string{"move-cap": tt.cap})
		if err != nil {
			t.Fatal(err)
		}
		var most int
		s := maxPly{parse(t, r, position), &most}
		for _, p := range searchers {
			if tt.playoutCap != 0 && p.name == "ai" {
				continue // the AI's MCTS plays with the default cap
			}
			most = 0
			res, err := p.new(r, search.MCTSOptions{Iterations: 2000, Seed: 1, PlayoutCap: tt.playoutCap}).Search(t.Context(), s)
			if err != nil {
				t.Fatal(err)
			}
			if most > tt.most || most <= 400 && tt.cap == "0" {
				t.Errorf("move-cap %s, playout cap %d, %s: the search reached ply %d, want at most %d",
					tt.cap, tt.playoutCap, p.name, most, tt.most)
			}
			if res.Value <= 0 || res.Value >= 1 {
				t.Errorf("move-cap %s, %s: value %.3f: the cap's draws are half a point", tt.cap, p.name, res.Value)
			}
		}
	}
	// One insertion from the cap, every line is drawn by it unless it makes a square.
	r, err := push.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := search.NewMCTS(search.MCTSOptions{Iterations: 200, Seed: 1}).Search(t.Context(), parse(t, r, "WBWBW/BWBWB/WBWBW/BWBWB/WBWBW b 399"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range res.Children {
		if c.Value != 0.5 {
			t.Errorf("%s is worth %v at the cap, want 0.5", r.FormatMove(c.Move), c.Value)
		}
	}
}

// A tree searched from a position with no history is not reused for the same position
// reached with a history: there, one reply repeats a position a third time, a draw the
// tree never saw (the reviewer's case: with the tree reused, the AI played c1-e1, lost,
// and took e2-a2 for a proven loss).
func TestReuseKeepsTheRepetitionRule(t *testing.T) {
	r, err := quixo.New(quixo.ID, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := parse(t, r, "OOXOO/OXXOO/XO.XO/XOOOX/XOXOX O 47")
	play(t, s, "b1-b5", "a2-e2", "b5-b1", "e2-a2", "b1-b5", "a2-e2")
	fresh := parse(t, r, s.String())
	m := search.NewMCTS(search.MCTSOptions{Iterations: 20000, Seed: 1, Solve: true, Decisive: true, Reuse: true})
	b5b1, err := r.ParseMove("b5-b1")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.SearchMoves(t.Context(), fresh, []engine.Move{b5b1}); err != nil {
		t.Fatal(err)
	}
	play(t, s, "b5-b1") // e2-a2 now repeats a position a third time: a draw
	res, err := m.Search(t.Context(), s)
	if err != nil {
		t.Fatal(err)
	}
	if r.FormatMove(res.Move) != "e2-a2" || res.Value != 0.5 {
		t.Errorf("plays %s (value %v), want the draw e2-a2; children %+v", r.FormatMove(res.Move), res.Value, res.Children)
	}
}
