package boards

import (
	"testing"
	"time"
)

// A question about moves read from the board alone says so (AskingFirst, in the snapshot
// too), the next one after an answer as well; an ordinary question, and none, do not.
func TestSnapshotAskingFirst(t *testing.T) {
	x := review28Quad(t)
	x.handsAt(takebackInAChain...)
	x.run(4 * time.Second)
	if s := x.ref.Snapshot(); len(s.Asking) != 2 || !s.AskingFirst || !x.ref.AskingFirst() {
		t.Fatalf("asking %v, AskingFirst %v (snapshot %v): want the board's moves asked as which came first", s.Asking, x.ref.AskingFirst(), s.AskingFirst)
	}
	x.send(Message{Kind: CmdChoose, Move: mustMove(t, x.rules, "a3-d3")})
	x.run(200 * time.Millisecond)
	if s := x.ref.Snapshot(); len(s.Asking) != 1 || s.Asking[0] != "g5-e5" || !s.AskingFirst {
		t.Fatalf("after a3-d3: asking %v, AskingFirst %v; want g5-e5 asked as which came first", s.Asking, s.AskingFirst)
	}
	x.send(Message{Kind: CmdChoose, Move: mustMove(t, x.rules, "g5-e5")})
	x.run(200 * time.Millisecond)
	x.send(Message{Kind: CmdChoose, Move: mustMove(t, x.rules, "a6-c6")})
	x.run(200 * time.Millisecond)
	if s := x.ref.Snapshot(); x.moves() != "a3-d3 g5-e5 a6-c6" || len(s.Asking) != 0 || s.AskingFirst || x.ref.AskingFirst() {
		t.Fatalf("moves %q, asking %v, AskingFirst %v; want all three in and no question", x.moves(), s.Asking, s.AskingFirst)
	}

	y := askTwo(t)
	if s := y.ref.Snapshot(); len(s.Asking) != 2 || s.AskingFirst || y.ref.AskingFirst() {
		t.Fatalf("an ordinary question: asking %v, AskingFirst %v; want false", s.Asking, s.AskingFirst)
	}
}
