//go:build knowndefects

package boards

// Known defects of the referee, each a failing test from a fresh-eyes review (issue 28's
// chain reading, 2026-11-26; review40: shown.go, overshot, wentOn, snatched and the tap
// answering a question). They fail today and so are kept out of the suite: run them with
// go test -tags knowndefects -run 'TestReview28|TestReview40' ./boards/, and move each to
// review28_test.go or review40_test.go once it passes.

import (
	"fmt"
	"slices"
	"testing"
	"time"
)

// TestReview40QuadShownThenDrop: Quad Wrangle from the start, presence sensors, human v
// human. The hands of TestShownMovesAskedNotUndone (a3-d3, g5-e5, then a5-c5 made and taken
// back and a6-c6 made, too quickly to be read): after the grace period the moves the board
// shows are asked, a3-d3 or a6-c6. Nobody answers at once; Black goes on and grows d4 (next
// to e5), one square more.
// Seen: the question stays open for good (matchShown reads a board one square off the one
// asked about as "a tap on its way", inProgress), nothing is lit and no mismatch is said;
// the kiosk answer a3-d3 is refused ("the board no longer shows that move", choose wants
// the board asked about exactly), and so would every option be. The game hangs until
// somebody taps (which closes the question: then four moves, past shownMoves, are undone,
// TestReview40QuadShownThenSlide) or says "none of these".
// Should: read d4 after the moves asked (a3-d3 or a6-c6, then the rest and d4), or at
// least take the answer a3-d3 and ask the rest; never hold a question no answer closes.
func TestReview40QuadShownThenDrop(t *testing.T) {
	x := review28Quad(t)
	x.handsAt(takebackInAChain...)
	x.run(4 * time.Second)
	if len(x.askedMoves()) == 0 {
		t.Fatalf("the moves the board shows not asked (events %s)", x.eventTexts())
	}
	x.took(Asking)
	x.handsAt("0 +d4")
	x.run(6 * time.Second)
	x.send(Message{Kind: CmdChoose, Move: mustMove(t, x.rules, "a3-d3")})
	x.run(time.Second)
	if x.moves() == "" {
		t.Fatalf("a3-d3 answered on the kiosk: nothing taken, the question still open (asking %v, misSent %v, events %s)",
			x.ref.asking, x.ref.misSent, x.eventTexts())
	}
	x.run(4 * time.Second)
	x.wantTakenOrAnswered("a3-d3", "g5-e5", "a6-c6", "d4")
}

// TestReview40QuadShownThenSlide: Quad Wrangle from the start, presence sensors, human v
// human. As TestReview40QuadShownThenDrop, but Black goes on with a slide, g4-e4 (two
// squares), while a3-d3 or a6-c6 is asked.
// Seen: the question closes (the board changed further) and, the work unread and the board
// four legal moves past the position (shownMoves is three), a mismatch asks to clear d3 e4
// e5 c6 and put pieces on a3 g4 g5 a6: four legal moves undone.
// Should: keep asking (the options followed by the moves made since, as a question about
// the work does: answeredByReply), or take the answer a3-d3 and ask the rest; never ask to
// undo legal moves.
func TestReview40QuadShownThenSlide(t *testing.T) {
	x := review28Quad(t)
	x.handsAt(takebackInAChain...)
	x.run(4 * time.Second)
	if len(x.askedMoves()) == 0 {
		t.Fatalf("the moves the board shows not asked (events %s)", x.eventTexts())
	}
	x.handsAt("0 -g4", "100 +e4")
	x.run(6 * time.Second)
	if x.ref.misSent {
		t.Fatalf("moves %q: a mismatch asks to undo four legal moves (events %s)", x.moves(), x.eventTexts())
	}
	x.wantTakenOrAnswered("", "a3-d3", "g5-e5", "a6-c6", "g4-e4")
}

// TestReview40QuadNoneOfTheseThenTaken: Quad Wrangle from the start, presence sensors,
// human v human. Quick hands whose moves are asked as one placement: White a3-b3 and Black's
// drop on a3 (asked b3 or a3-b3; with a Black move made and taken back between them, b3
// alone), or TestWaverQuadChainReadAsOneDrop's a6-b6, a6, b6-g1 (asked g1 alone). The
// players answer "none of these" (CmdDismiss).
// Seen: the very move refused is committed on the next frame, a FALSE ACCEPT the players
// were asked about and said no to: dismiss forgets the work, and the board, one stone more
// than the position, reads afresh as that placement (a drop or growth needs no lift seen).
// (TestWaverQuadChainReadAsOneDrop dismisses only after another stone is put down, where no
// single move fits.)
// Should: take nothing the players said was not made; the board is a mismatch (or the moves
// made are asked).
func TestReview40QuadNoneOfTheseThenTaken(t *testing.T) {
	for _, c := range []struct {
		steps   []string
		refused string
	}{
		{[]string{"0 -a3", "100 +b3", "300 +a3"}, "b3"},
		{[]string{"0 -a3", "100 +b3", "200 -g5", "300 +e5", "600 -e5", "700 +g5", "800 +a3"}, "b3"},
		{[]string{"0 -a6", "100 +b6", "340 -a5", "520 +a5", "660 +a6", "960 -b6", "1060 +c5", "1100 -c5", "1120 +d4",
			"1160 -d4", "1180 +e3", "1240 -e3", "1280 +f2", "1320 +g1", "1340 -f2"}, "g1"},
	} {
		t.Run(fmt.Sprint(c.steps), func(t *testing.T) {
			x := review28Quad(t)
			x.handsAt(c.steps...)
			x.run(5 * time.Second)
			if a := x.askedMoves(); !slices.Contains(a, c.refused) || x.moves() != "" {
				t.Fatalf("moves %q, asked %v: want %s asked (events %s)", x.moves(), a, c.refused, x.eventTexts())
			}
			x.took(Asking)
			x.send(Message{Kind: CmdDismiss, Version: uint64(x.ref.State().Ply()) + 1})
			x.run(5 * time.Second)
			if got := x.moves(); got != "" {
				t.Fatalf("moves %q after none of these (events %s)", got, x.eventTexts())
			}
		})
	}
}

// TestReview40QuadChainAskedWithoutTheMoveMade: Quad Wrangle from the start, presence
// sensors, human v human. White a3-b3; Black slides g5-e5, leaves it 300 ms and takes it
// back, then drops a stone on a3, the square White's slide left.
// Seen: asked "b3?" alone (White's growth): a3-b3, the move made, is no option, so no answer
// leads to the moves made; "none of these" commits b3 anyway
// (TestReview40QuadNoneOfTheseThenTaken). With g5-e5 taken back at once (100 ms) it is
// asked b3 or a3-b3, and a3-b3 answered leads to a3.
// Should: ask a3-b3 beside b3 (the board shows a3-b3 then a3 as well as b3), then a3.
func TestReview40QuadChainAskedWithoutTheMoveMade(t *testing.T) {
	review28Hands(t, review28Quad, "", []string{"0 -a3", "100 +b3", "200 -g5", "300 +e5", "600 -e5", "700 +g5", "800 +a3"},
		"a3-b3", "a3")
}

// TestReview40QuadSlideAndDropInOneScan: Quad Wrangle from the start, presence sensors,
// human v human. White lifts a3 and slides it to b3 (or d3); in the very scan its stone
// lands, Black drops a stone on the square it left, a3 (two hands at once, 100-600 ms after
// a3 was lifted). The board shows b3 (White's growth, a3 lifted and put back: a tap) as
// well as a3-b3 then a3: the sensors cannot tell them apart, and each needs two hands.
// Seen: b3 (d3) committed at once as White's growth (drop), a3 read as a tap: a FALSE
// ACCEPT where the hands made a3-b3, a3 (with Black's reply g5-e5 after it, b3 g5-e5).
// Should: ask b3 or a3-b3 (as with Black's drop a scan or more later), never take b3.
func TestReview40QuadSlideAndDropInOneScan(t *testing.T) {
	for _, c := range []struct {
		steps []string
		made  []string
	}{
		{[]string{"0 -a3", "100 +b3 +a3"}, []string{"a3-b3", "a3"}},
		{[]string{"0 -a3", "300 +b3 +a3"}, []string{"a3-b3", "a3"}},
		{[]string{"0 -a3", "200 +d3 +a3"}, []string{"a3-d3", "a3"}},
	} {
		t.Run(fmt.Sprint(c.steps), func(t *testing.T) { review28Hands(t, review28Quad, "", c.steps, c.made...) })
	}
}
