package quixo

import (
	"strings"
	"testing"

	"github.com/tavoliere/tavoliere/engine/enginetest"
)

// TestEvaluate: the value is the side to move's, so the same board with the other side to
// move is worth the opposite; an open line counts by its cubes, eightfold per cube; a line
// holding both symbols counts nothing; evaluating allocates nothing.
func TestEvaluate(t *testing.T) {
	r, err := New(ID, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range enginetest.RandomPositions(r, 5, 30) {
		if s.Outcome().Over {
			continue
		}
		fields := strings.Fields(s.String())
		fields[1] = map[string]string{"X": "O", "O": "X"}[fields[1]]
		other, err := r.ParsePosition(strings.Join(fields, " "))
		if err != nil {
			t.Fatal(err)
		}
		if a, b := r.Evaluate(s), r.Evaluate(other); a != -b {
			t.Fatalf("%s: %d, with the other side to move %d", s, a, b)
		}
		if n := testing.AllocsPerRun(10, func() { r.Evaluate(s) }); n != 0 {
			t.Fatalf("Evaluate allocates %v times", n)
		}
	}
	for _, c := range []struct {
		position string
		want     int
	}{
		{"...../...../...../...../..... X 0", 0},
		// X on a1: its rank, its file and a diagonal are open lines of one.
		{"...../...../...../...../X.... X 1", 3},
		{"...../...../...../...../X.... O 1", -3},
		// X a1 b1 c1 d1: the first rank holds four (512), four files one each, the a1-e5 diagonal one.
		{"...../...../...../...../XXXX. X 4", 512 + 4 + 1},
		// An O on e1 closes the rank: it counts for nobody. The O's own file and diagonal
		// count against X.
		{"...../...../...../...../XXXXO X 5", 4 + 1 - 2},
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
