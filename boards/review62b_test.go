package boards

// Probes of the twentieth session's review of d817ee5 (two stones for one placement asked,
// extraShown). Each test failed on that commit, for the reason in its comment, and was
// fixed in the session; one more, present before, is TestStrayAnsweredAsNoMoveIsNoMove
// (sweep62_test.go).

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/hw"
)

// twoStonesAsked is the rig of TestTwoStonesForOnePlacementAsked with "b6 or g1?" open.
func twoStonesAsked(t *testing.T) *rig {
	t.Helper()
	x := newRig(t, "quadwrangle", nil, hw.Presence, Human, AI)
	quartoResume(t, x, strings.Fields(fumbleBase)...)
	x.handsAt("0 +b6", "100 +g1")
	x.run(5 * time.Second)
	if got := x.askedMoves(); len(got) != 2 {
		t.Fatalf("asked %v, want b6 or g1 (events %s)", got, x.eventTexts())
	}
	x.took(Asking)
	return x
}

// TestReview62bStrayTakenOffWhileAsked: "b6 or g1?" asked, and the player does what the
// situation calls for: takes the stray off g1. The board now shows b6 alone. Before the
// change (the mismatch "clear g1 b6" shown, g1 then taken off) b6 was committed; now the
// question stays open for good (strayAsked: "asked already ... stays open while the board
// shows m with the same stray work"), g1 lit to tap on an empty square, and a tap on b6
// no longer answers (the lift of g1 is in tapLifts, so b6's lift and put back is no tap):
// only the screen does.
func TestReview62bStrayTakenOffWhileAsked(t *testing.T) {
	x := twoStonesAsked(t)
	x.hands(5*time.Second, "-g1")
	if got := x.moves(); got != fumbleBase+" b6" {
		t.Errorf("g1 taken off: moves %q, want b6 taken (events %s, lit to tap %v)", got, x.eventTexts(), x.lit(LightAsk))
	}
	x.took(Asking)
	x.hands(200*time.Millisecond, "-b6")
	x.hands(3*time.Second, "+b6")
	if got := x.moves(); got != fumbleBase+" b6" {
		t.Fatalf("then b6 tapped: moves %q, want b6 taken (events %s, lit to tap %v)", got, x.eventTexts(), x.lit(LightAsk))
	}
}

// TestReview62bLightsUndoTheMoveWhileTheQuestionWaits: for the grace period before "b6 or
// g1?" is asked, the lights still say clear b6 and g1 (noMatch, showsMoves false): the very
// "undoing White's legal move" the change removes from the words. The board alone's
// questions (shownFirst) keep these lights dark while they wait (showsMoves). A player who
// obeys and takes b6 off gets the stray g1 committed as White's move.
func TestReview62bLightsUndoTheMoveWhileTheQuestionWaits(t *testing.T) {
	x := newRig(t, "quadwrangle", nil, hw.Presence, Human, AI)
	quartoResume(t, x, strings.Fields(fumbleBase)...)
	x.handsAt("0 +b6", "100 +g1")
	x.run(1500 * time.Millisecond)
	if l := x.light("b6"); l == LightRemove {
		lit := x.lit(LightRemove)
		x.hands(5*time.Second, "-b6") // (as lit)
		t.Fatalf("1.5 s after b6 and g1: lit to clear %v; b6 taken off as lit, moves %q (events %s)",
			lit, x.moves(), x.eventTexts())
	}
}

// TestReview62bGrowthThatTurnsAndAStray: the same two stones, but White's stone is a growth
// that turns a disc (b5 beside a5 and a6 turns a4). On presence sensors the turn cannot be
// seen (the board reads as after b5), yet extraShown skips every placement with
// f.Flipped != 0, so only g1 is "shown with pieces more", one option, no question: "clear g1
// b5", White's legal move undone, as before the change. Most placements in Quad Wrangle's
// middle game are such growths.
func TestReview62bGrowthThatTurnsAndAStray(t *testing.T) {
	x := newRig(t, "quadwrangle", nil, hw.Presence, Human, AI)
	quartoResume(t, x, strings.Fields(fumbleBase)...)
	x.handsAt("0 +b5", "100 +g1")
	x.run(5 * time.Second)
	for _, e := range x.events {
		if e.Kind == Mismatch && strings.Contains(e.Text, "b5") {
			t.Fatalf("%q: b5 is White's move, asked to be undone (asked %v, moves %q)", e.Text, x.askedMoves(), x.moves())
		}
	}
	if got := x.moves(); got != fumbleBase+" b5" && !slices.Contains(x.askedMoves(), "b5") {
		t.Fatalf("moves %q, b5 neither taken nor asked (events %s)", got, x.eventTexts())
	}
}

// TestReview62bWrongOptions: b5 (the growth above, the move) and two strays, g1 and c3:
// "g1 or c3?" is asked, the move not among the options; either answer commits a stray
// and lights b5, White's move, to clear.
func TestReview62bWrongOptions(t *testing.T) {
	x := newRig(t, "quadwrangle", nil, hw.Presence, Human, AI)
	quartoResume(t, x, strings.Fields(fumbleBase)...)
	x.handsAt("0 +b5", "100 +g1", "200 +c3")
	x.run(5 * time.Second)
	if got := x.askedMoves(); len(got) > 0 && !slices.Contains(got, "b5") {
		t.Fatalf("asked %v: b5, the stone that is a legal move of White's, is no option (events %s)", got, x.eventTexts())
	}
}

// TestReview62bStrayOfTheOtherColour: polarity sensors, White's b6 and a stray set down
// black side up on g1. Only b6 is shown with a piece more (g1 reads as no White
// placement), one option, so no question: "clear g1 b6", White's legal move undone, as
// before the change. (The single shown placement could be taken, or asked, and g1 lit.)
func TestReview62bStrayOfTheOtherColour(t *testing.T) {
	x := newRig(t, "quadwrangle", nil, hw.Polarity, Human, AI)
	quartoResume(t, x, strings.Fields(fumbleBase)...)
	x.put("b6", 1) // White's face
	x.run(100 * time.Millisecond)
	x.put("g1", 2) // Black's face
	x.run(5 * time.Second)
	for _, e := range x.events {
		if e.Kind == Mismatch && strings.Contains(e.Text, "b6") {
			t.Fatalf("%q: b6 is White's move, asked to be undone (asked %v, moves %q)", e.Text, x.askedMoves(), x.moves())
		}
	}
}
