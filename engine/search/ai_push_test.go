package search_test

import (
	"slices"
	"testing"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/krypte"
	"github.com/tavoliere/tavoliere/engine/push"
	"github.com/tavoliere/tavoliere/engine/push4"
	"github.com/tavoliere/tavoliere/engine/quadwrangle"
	"github.com/tavoliere/tavoliere/engine/quixo"
	"github.com/tavoliere/tavoliere/engine/search"
)

func parse(t *testing.T, r engine.Rules, text string) engine.State {
	t.Helper()
	s, err := r.ParsePosition(text)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func moveText(r engine.Rules, ms []engine.Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = r.FormatMove(m)
	}
	return out
}

func rootText(r engine.Rules, res search.Result) []string {
	out := make([]string, len(res.Children))
	for i, c := range res.Children {
		out[i] = r.FormatMove(c.Move)
	}
	slices.Sort(out)
	return out
}

// In Push the owner of the ejected marble moves next. Black's Nd ejects Black's d1, so Black
// pushes again, and then has a 3×3 square at once (and also pushes that would make White's):
// a win within Black's turn, which the AI takes. An AI that took the player to move after
// its move for the opponent saw White's squares among Black's own continuations and never
// played Nd.
func TestAIPushWinsWithinItsTurn(t *testing.T) {
	r, err := push.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, pos := range []struct{ text, win string }{
		{"WWBBB/WWBBB/WWWWB/WWWBW/BBWBB b 36", "Nd"},
		{"BBBBW/BBBBW/BWWWW/BWWWW/WBWWB b 90", "Nb"},
	} {
		s := parse(t, r, pos.text)
		for seed := range uint64(4) {
			res, err := search.NewAI(r, search.Options{Iterations: 30, Seed: seed}).Search(t.Context(), s)
			if err != nil {
				t.Fatal(err)
			}
			if got := r.FormatMove(res.Move); got != pos.win || len(res.Children) != 1 {
				t.Errorf("%s seed %d: AI plays %s from %v, want %s alone", pos.text, seed, got, rootText(r, res), pos.win)
			}
		}
		// Black's turn goes on after Nd: none of Black's continuations is a White threat.
		m, _ := r.ParseMove(pos.win)
		s.Play(m)
		if s.Turn() != push.Black || s.Outcome().Over {
			t.Fatalf("%s: after %s %s to move, outcome %+v", pos.text, pos.win, r.PlayerName(s.Turn()), s.Outcome())
		}
	}
}

// After Black's Ne or W4 White cannot make a square with one push, but can with two: the
// first ejects a White marble, so White pushes again. The AI sees White's whole turn and
// plays neither while other moves are safe.
func TestAIPushSeesTheOpponentsWholeTurn(t *testing.T) {
	r, err := push.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, pos := range []struct {
		text string
		bad  []string
	}{
		{"BBWWB/BWBBW/WBWWW/WBBBW/BBWWW b 22", []string{"Ne", "W4"}},
		{"BWWBB/BBBWW/WWWBW/WBBWW/BBWBW b 24", []string{"Nc", "Sc"}},
	} {
		s := parse(t, r, pos.text)
		res, err := search.NewAI(r, search.Options{Iterations: 200, Seed: 1}).Search(t.Context(), s)
		if err != nil {
			t.Fatal(err)
		}
		root := rootText(r, res)
		if len(root) == 0 || len(root) == 20 {
			t.Fatalf("%s: root moves %v: want the safe moves only", pos.text, root)
		}
		for _, b := range pos.bad {
			if slices.Contains(root, b) {
				t.Errorf("%s: %s among the root moves %v, but after it White wins in two pushes", pos.text, b, root)
			}
		}
	}
}

// Push 4 has four players each for himself. After Yellow's W3, Red, to move, cannot make a
// line of his own, only push one together for a third player: his blunder, not a threat to
// Yellow, who keeps W3 among the moves to search.
func TestAIPush4ThirdPlayersLine(t *testing.T) {
	r, err := push4.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	s := parse(t, r, "BYGG.B/RYYGBR/R..YBY/RGB.RR/YBY.BY/BGRGGG y 35")
	res, err := search.NewAI(r, search.Options{Iterations: 100, Seed: 1}).Search(t.Context(), s)
	if err != nil {
		t.Fatal(err)
	}
	if root := rootText(r, res); !slices.Contains(root, "W3") || len(root) == 24 {
		t.Errorf("root moves %v: want W3 among the safe moves", root)
	}
	// The premise: after W3 Red is to move, and some push of his wins for another player.
	play(t, s, "W3")
	gives := false
	for _, m := range s.Legal(nil) {
		s.Play(m)
		o := s.Outcome()
		s.Undo()
		if o.Over && o.Won(push4.Red) {
			t.Fatalf("Red wins with %s", r.FormatMove(m))
		}
		gives = gives || o.Over && o.Winners != 0 && !o.Won(push4.Yellow)
	}
	if s.Turn() != push4.Red || !gives {
		t.Fatalf("after W3 %s to move; a push for a third player: %v", r.PlayerName(s.Turn()), gives)
	}
}

// BenchmarkAIHardRules times an AI search of a single playout: nearly all of it is the hard
// rules' look through every move and the opponent's whole turn after it, which the AI pays
// on every move before its MCTS starts.
func BenchmarkAIHardRules(b *testing.B) {
	pr, err := push.New(nil)
	if err != nil {
		b.Fatal(err)
	}
	p4, err := push4.New(nil)
	if err != nil {
		b.Fatal(err)
	}
	q4, err := quixo.New(quixo.ID4, nil)
	if err != nil {
		b.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		r    engine.Rules
		pos  string
	}{
		{"push", pr, "BBWWB/BWBBW/WBWWW/WBBBW/BBWWW b 22"},
		{"push4", p4, "....../..R.../.BGY../..YR.B/.G.R../...... r 9"},
		{"quixo4", q4, "..X../.O.x./..o../X...O/..... A1 6"},
	} {
		b.Run(tt.name, func(b *testing.B) {
			s, err := tt.r.ParsePosition(tt.pos)
			if err != nil {
				b.Fatal(err)
			}
			ai := search.NewAI(tt.r, search.Options{Iterations: 1, Seed: 1})
			b.ReportAllocs()
			for b.Loop() {
				if _, err := ai.Search(b.Context(), s); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkPlayouts times MCTS iterations from the start of Push, Krypte, Push 4 and Crowded, with
// uniformly random playouts (the baseline's), informed ones (a win at once is taken, found by
// the game's engine.WinFinder) and careful ones as well (the AI's: a loss at once is shunned).
func BenchmarkPlayouts(b *testing.B) {
	pr, err := push.New(nil)
	if err != nil {
		b.Fatal(err)
	}
	kr, err := krypte.New(nil)
	if err != nil {
		b.Fatal(err)
	}
	p4, err := push4.New(nil)
	if err != nil {
		b.Fatal(err)
	}
	cr, err := quadwrangle.New(quadwrangle.IDCrowded, nil)
	if err != nil {
		b.Fatal(err)
	}
	qx, err := quixo.New(quixo.ID, nil)
	if err != nil {
		b.Fatal(err)
	}
	for _, r := range []engine.Rules{pr, kr, p4, cr, qx} {
		for _, kind := range []string{"random", "informed", "careful"} {
			b.Run(r.ID()+"/"+kind, func(b *testing.B) {
				const iterations = 2000
				m := search.NewMCTS(search.MCTSOptions{Iterations: iterations, Seed: 1,
					Decisive: kind != "random", Careful: kind == "careful"})
				s := r.Start()
				b.ReportAllocs()
				for b.Loop() {
					if _, err := m.Search(b.Context(), s); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/(float64(b.N)*iterations), "ns/playout")
			})
		}
	}
}
