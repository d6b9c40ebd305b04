package krypte

import (
	"testing"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/enginetest"
)

// TestEvaluate: winAtOnce exactly when the engine finds a legal move of the side to move
// that wins at once; otherwise the value is the side to move's, so the same discs with the
// other side to move are worth the opposite. Evaluating allocates nothing.
func TestEvaluate(t *testing.T) {
	r, err := New(nil)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[bool]int{}
	for _, st := range enginetest.RandomPositions(r, 3, 400) {
		s := st.(*State)
		if s.Outcome().Over {
			continue
		}
		v := r.Evaluate(s)
		now := false
		for _, m := range s.Legal(nil) {
			s.Play(m)
			o := s.Outcome()
			s.Undo()
			now = now || o.Over && o.Won(int(s.turn))
		}
		if (v == winAtOnce) != now {
			t.Fatalf("%s: %d, and a win at once: %v", s, v, now)
		}
		seen[now]++
		other := r.NewState(s.bb, int(s.turn^1), s.last)
		if b := r.Evaluate(other); !now && b != winAtOnce && b != -v {
			t.Fatalf("%s: %d, with the other side to move %d", s, v, b)
		}
		if got, want := windowScore(s.bb[0], s.bb[1]), naiveWindowScore(s.bb[0], s.bb[1]); got != want {
			t.Fatalf("%s: windows of Black %d, counted one by one %d", s, got, want)
		}
		if n := testing.AllocsPerRun(10, func() { r.Evaluate(s) }); n != 0 {
			t.Fatalf("Evaluate allocates %v times", n)
		}
	}
	if seen[true] == 0 || seen[false] == 0 {
		t.Fatalf("positions with and without a win at once: %v", seen)
	}
	if len(naiveWindows) != 130 {
		t.Fatalf("%d windows of four, want 130 (40 across, 40 down, 25 on each diagonal)", len(naiveWindows))
	}
	// Black on a1 alone, White to move: a corner is in three windows, across, down and
	// diagonal, each with one Black disc.
	a1 := engine.Bit(0)
	s := r.NewState([2]engine.Bitboard{a1, 0}, White, N)
	if got, want := r.Evaluate(s), -3*windowWeight[1]; got != want {
		t.Fatalf("one Black disc in a corner, White to move: %d, want %d (a corner is in three windows)", got, want)
	}
}

// naiveWindows lists the windows of four one by one, walking from each cell.
var naiveWindows = func() []engine.Bitboard {
	var ws []engine.Bitboard
	for rank := range 8 {
		for file := range 8 {
			for _, d := range [4][2]int{{1, 0}, {0, 1}, {1, 1}, {-1, 1}} {
				var w engine.Bitboard
				f, r := file, rank
				n := 0
				for ; n < 4 && f >= 0 && f < 8 && r < 8; n++ {
					w |= engine.Bit(engine.Square(r*8 + f))
					f, r = f+d[0], r+d[1]
				}
				if n == 4 {
					ws = append(ws, w)
				}
			}
		}
	}
	return ws
}()

// naiveWindowScore is windowScore window by window.
func naiveWindowScore(mine, theirs engine.Bitboard) int {
	v := 0
	for _, w := range naiveWindows {
		if theirs&w == 0 {
			v += windowWeight[(mine & w).Count()]
		}
	}
	return v
}

// TestWinningMove: the landing's bit operations find exactly the first move that playing
// every legal move and asking Outcome finds, along random games (whose last move is
// usually a win).
func TestWinningMove(t *testing.T) {
	r, err := New(nil)
	if err != nil {
		t.Fatal(err)
	}
	enginetest.WinFinder(t, r, 3, 400, 1000, 200)
}
