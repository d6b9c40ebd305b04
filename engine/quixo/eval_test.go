package quixo

import (
	"strings"
	"testing"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/enginetest"
)

// winsNow reports whether the player to move of s has a move that wins at once, by the
// engine's Play and Outcome.
func winsNow(s engine.State) bool {
	me := s.Turn()
	for _, m := range s.Legal(nil) {
		s.Play(m)
		o := s.Outcome()
		s.Undo()
		if o.Over && o.Won(me) {
			return true
		}
	}
	return false
}

// TestEvaluate: the value is the side to move's, so the same board with the other side to
// move is worth the opposite, unless a side can make its line at once: that is winAtOnce,
// exactly when the engine finds such a move. An open line counts by its cubes, eightfold
// per cube; a line holding both symbols counts nothing; evaluating allocates nothing.
func TestEvaluate(t *testing.T) {
	seen := map[bool]int{}
	for _, id := range []string{ID, ID4} {
		r, err := New(id, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range enginetest.RandomPositions(r, 5, 60) {
			if s.Outcome().Over {
				continue
			}
			v, now := r.Evaluate(s), winsNow(s)
			if (v == winAtOnce) != now {
				t.Fatalf("%s: %d, and a win at once: %v", s, v, now)
			}
			seen[now]++
			if r.four {
				continue
			}
			fields := strings.Fields(s.String())
			fields[1] = map[string]string{"X": "O", "O": "X"}[fields[1]]
			other, err := r.ParsePosition(strings.Join(fields, " "))
			if err != nil {
				t.Fatal(err)
			}
			if b := r.Evaluate(other); !now && b != winAtOnce && v != -b {
				t.Fatalf("%s: %d, with the other side to move %d", s, v, b)
			}
			if n := testing.AllocsPerRun(10, func() { r.Evaluate(s) }); n != 0 {
				t.Fatalf("Evaluate allocates %v times", n)
			}
		}
	}
	if seen[true] == 0 || seen[false] == 0 {
		t.Fatalf("positions with and without a win at once: %v", seen)
	}
	r, _ := New(ID, nil)
	for _, c := range []struct {
		position string
		want     int
	}{
		{"...../...../...../...../..... X 0", 0},
		// X on a1: its rank, its file and a diagonal are open lines of one.
		{"...../...../...../...../X.... X 1", 3},
		{"...../...../...../...../X.... O 1", -3},
		// X a1 b1 c1 d1: the first rank holds four (512), four files one each, the a1-e5
		// diagonal one; O to move cannot win.
		{"...../...../...../...../XXXX. O 4", -512 - 4 - 1},
		// X to move takes e1 and puts it in at a1: five.
		{"...../...../...../...../XXXX. X 4", winAtOnce},
		// An O on e1 closes the rank: it counts for nobody. The O's own file and diagonal
		// count against X, for O to move.
		{"...../...../...../...../XXXXO O 5", -(4 + 1 - 2)},
		// X to move pushes the e file down: the O goes up, an X comes in at e1.
		{"...../...../...../...../XXXXO X 5", winAtOnce},
	} {
		s, err := r.ParsePosition(c.position)
		if err != nil {
			t.Fatal(err)
		}
		if got := r.Evaluate(s); got != c.want {
			t.Errorf("%s: %d, want %d", c.position, got, c.want)
		}
	}
}

// TestWinningMove: the push's bit operations find exactly the first move that playing
// every legal move and asking Outcome finds, along random games of both games.
func TestWinningMove(t *testing.T) {
	for _, id := range []string{ID, ID4} {
		r, err := New(id, nil)
		if err != nil {
			t.Fatal(err)
		}
		enginetest.WinFinder(t, r, 9, 300, 200, 100)
	}
}
