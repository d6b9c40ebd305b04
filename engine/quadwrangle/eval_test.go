package quadwrangle

import (
	"strings"
	"testing"

	"github.com/tavoliere/tavoliere/engine/enginetest"
)

// TestEvaluate: in Quad Wrangle the value is the mover's, so the same board with the other
// side to move is worth the opposite (in Crowded the move itself is worth something:
// TestCrowdedEval); a stone more is worth more, and an exposed stone less; evaluating
// allocates nothing.
func TestEvaluate(t *testing.T) {
	for _, id := range []string{IDQuadWrangle, IDCrowded} {
		r, err := New(id, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range enginetest.RandomPositions(r, 3, 30) {
			if s.Outcome().Over {
				continue
			}
			text := s.String()
			fields := strings.Fields(text)
			fields[1] = map[string]string{"w": "b", "b": "w"}[fields[1]]
			other, err := r.ParsePosition(strings.Join(fields, " "))
			if err != nil {
				t.Fatal(err)
			}
			if a, b := r.Evaluate(s), r.Evaluate(other); a != -b && id == IDQuadWrangle {
				t.Fatalf("%s: %d, with the other side to move %d", text, a, b)
			}
			if n := testing.AllocsPerRun(10, func() { r.Evaluate(s) }); n != 0 {
				t.Fatalf("Evaluate allocates %v times", n)
			}
		}
	}
	r, _ := New(IDQuadWrangle, nil)
	eval := func(text string) int {
		s, err := r.ParsePosition(text)
		if err != nil {
			t.Fatal(err)
		}
		return r.Evaluate(s)
	}
	// White to move: one stone up, safe from capture, is worth a stone.
	if v := eval("W....../......./......./......./......./......./......B w 9"); v != 0 {
		t.Errorf("level: %d", v)
	}
	if v := eval("WW...../......./......./......./......./......./......B w 9"); v != 100 {
		t.Errorf("a stone up: %d", v)
	}
	// White a7 b7 a6 against one black stone: far away, nothing is exposed; on c5, the black
	// stone is exposed to a growth on b6, and all three white stones to growths beside them.
	if v := eval("WW...../W....../......./......./......./......./......B w 9"); v != 200 {
		t.Errorf("two stones up, none exposed: %d", v)
	}
	if v := eval("WW...../W....../..B..../......./......./......./....... w 9"); v != 200+15-3*15 {
		t.Errorf("two stones up, one black and three white stones exposed: %d", v)
	}
}

// TestWinningMove: Crowded's bit operations find exactly the first capture that playing
// every legal move and asking Outcome finds, along random games (whose last move often
// wins), from the checkerboard and from a random deal; Quad Wrangle plays its moves.
func TestWinningMove(t *testing.T) {
	for _, c := range []struct {
		id       string
		settings map[string]string
	}{
		{IDCrowded, nil},
		{IDCrowded, map[string]string{"layout": "random", "seed": "5"}},
		{IDQuadWrangle, nil},
	} {
		r, err := New(c.id, c.settings)
		if err != nil {
			t.Fatal(err)
		}
		enginetest.WinFinder(t, r, 3, 300, 1000, 100)
	}
}
