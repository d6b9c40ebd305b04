package boards

import (
	"slices"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/engine"
)

// takebackInAChain is TestReview28QuadTakebackInAChain's hands: a3-d3, g5-e5, then a5-c5
// made and taken back and a6-c6 made, a6 lifted before a5's stone is back: the work reads
// as no moves in order (a move taken back between two is skipped only where it ends before
// the next begins), the board alone as three.
var takebackInAChain = []string{"0 -a3", "100 +d3", "200 -g5", "300 +e5", "400 -a5", "500 +c5", "600 -c5", "650 -a6", "700 +a5", "900 +c6"}

// A move made and taken back between two moves of a quick chain (a3-d3, g5-e5, a5-c5 and
// back, a6-c6, each move's work ending before the next begins): the reading that skips it
// is asked, never taken, and once answered the rest is taken as the work shows it.
func TestMoveTakenBackInsideTheRestAsked(t *testing.T) {
	x := review28Quad(t)
	x.handsAt("0 -a3", "100 +d3", "200 -g5", "300 +e5", "400 -a5", "500 +c5", "600 -c5", "700 +a5", "800 -a6", "900 +c6")
	x.run(4 * time.Second)
	a := x.took(Asking)
	if x.moves() != "" || len(a) == 0 || !slices.Equal(a[len(a)-1].Options, []engine.Move{mustMove(t, x.rules, "a3-d3")}) {
		t.Fatalf("moves %q, events %s: want a3-d3 asked, nothing taken", x.moves(), x.eventTexts())
	}
	x.send(Message{Kind: CmdChoose, Move: mustMove(t, x.rules, "a3-d3")})
	x.run(2 * time.Second)
	x.wantMoves("a3-d3 g5-e5 a6-c6")
}

// While the question about moves the board alone shows waits for the grace period, the
// lights ask nothing undone; then the first moves that read so are asked, and the rest
// once one is answered.
func TestShownMovesAskedNotUndone(t *testing.T) {
	x := review28Quad(t)
	x.handsAt(takebackInAChain...)
	x.run(1500 * time.Millisecond) // (at rest, within the grace period)
	plan := x.ref.Plan()
	for sq, l := range plan {
		if l == LightRemove || l == LightPut {
			t.Fatalf("%s lit %v: the board shows legal moves, and the lights ask to undo them", x.rules.Geometry().Name(engine.Square(sq)), l)
		}
	}
	x.run(3 * time.Second)
	a := x.took(Asking)
	if len(a) == 0 || x.moves() != "" {
		t.Fatalf("moves %q, events %s: the first moves the board shows not asked", x.moves(), x.eventTexts())
	}
	want := []engine.Move{mustMove(t, x.rules, "a3-d3"), mustMove(t, x.rules, "a6-c6")}
	if got := a[len(a)-1].Options; len(got) != 2 || !slices.Contains(got, want[0]) || !slices.Contains(got, want[1]) {
		t.Fatalf("asked %v, want a3-d3 or a6-c6 (either of White's could be first)", got)
	}
	x.send(Message{Kind: CmdChoose, Move: want[0]})
	x.run(200 * time.Millisecond)
	if a := x.took(Asking); x.moves() != "a3-d3" || len(a) == 0 || !slices.Equal(a[len(a)-1].Options, []engine.Move{mustMove(t, x.rules, "g5-e5")}) {
		t.Fatalf("moves %q, events %s: after a3-d3 answered, g5-e5 not asked at once", x.moves(), x.eventTexts())
	}
}

// "None of these" about moves the board alone shows: nothing is taken, the board is a
// mismatch, and the same board is not asked about again.
func TestShownMovesDismissed(t *testing.T) {
	x := shownAsked(t)
	x.send(Message{Kind: CmdDismiss, Version: uint64(x.ref.State().Ply()) + 1})
	x.run(4 * time.Second)
	kinds := map[EventKind]int{}
	for _, e := range x.events {
		kinds[e.Kind]++
	}
	if x.moves() != "" || kinds[Asking] > 0 || kinds[Dismissed] != 1 || kinds[Mismatch] == 0 {
		t.Fatalf("moves %q, events %s: want nothing taken or asked again, a mismatch", x.moves(), x.eventTexts())
	}
}

// The board changed after the question, to one that shows no moves (a stone lifted away for
// good, another put down): the question closes, and the board is a mismatch.
func TestShownMovesQuestionClosesWhenTheBoardChanges(t *testing.T) {
	x := shownAsked(t)
	x.handsAt("0 -d3", "100 -e5", "200 +d6")
	x.run(4 * time.Second)
	if x.ref.asked.moves != nil || x.moves() != "" || !slices.ContainsFunc(x.events, func(e Event) bool { return e.Kind == Mismatch }) {
		t.Fatalf("moves %q, asking %v, events %s: want the question closed and a mismatch", x.moves(), x.ref.asked.moves, x.eventTexts())
	}
}

// shownAsked is takebackInAChain's board, its moves asked from the board alone.
func shownAsked(t *testing.T) *rig {
	t.Helper()
	x := review28Quad(t)
	x.handsAt(takebackInAChain...)
	x.run(4 * time.Second)
	if len(x.took(Asking)) == 0 {
		t.Fatalf("not asked (events %s)", x.eventTexts())
	}
	return x
}
