package boards

// Adversarial sequences from a review of 9bd6e81, each failing there; the comment names the
// sequence and the behaviour owed.

import (
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/hw"
)

// TestReviewPairStrayMisread: Quad Wrangle, presence, human v human, 60 ms a step. White
// puts a stone on e4, Black puts one on a7, then White's stone is slid from e4 to e3 (a
// player correcting his move after the reply began). The board shows e3 a7.
//
// Committed on 9bd6e81 without a question: "a7 e3", White a7 then Black e3. That reading
// makes the stone the first hand put down (White's, on e4, now on e3) Black's and Black's
// a7 White's: presence sensors will never see the colours disagree. firstOfTwo/orderSplit
// ignore work on squares neither move acts on (the stone put on e4 and taken off), which the
// single-move path checks (stray/strayAsked). Owed: a question (e3 a7 or a7 e3), or a
// mismatch; never "a7 e3" guessed against the order of the work. (False accept.)
func TestReviewPairStrayMisread(t *testing.T) {
	x := newRig(t, "quadwrangle", nil, hw.Presence, Human, Human)
	x.run(time.Second)
	x.after("e3", "a7")
	x.after("a7", "e3")
	x.hands(60*time.Millisecond, "+e4", "+a7", "-e4", "+e3")
	x.run(5 * time.Second)
	if got := x.moves(); got == "a7 e3" && len(x.askedMoves()) == 0 {
		t.Fatalf("committed %q without a question: White's stone (put first, on e4) is recorded as Black's e3 (events %s)", got, x.eventTexts())
	}
	// What the hands did, in order: three moves, none undone.
	x.wantMovesSaid("e4 a7 e4-e3")
}

// TestReviewSameScanPlacementsAsked: two placements, one by each player, land in the same
// 20 ms scan, human v human, presence sensors: their order is unknown and both orders are
// legal (QW: White e4 + Black a7, or White a7 + Black e4; Quantik: a1 and d4 by either
// player). Owed (brief): asked, never guessed. On 9bd6e81 neither: after the grace period a
// Mismatch asks to clear both squares, so two legal moves are dropped. (Missed moves.)
func TestReviewSameScanPlacementsAsked(t *testing.T) {
	for _, c := range []struct{ id, hands string }{
		{"quadwrangle", "+e4 +a7"},
		{"quantik", "+a1 +d4"},
	} {
		t.Run(c.id, func(t *testing.T) {
			x := newRig(t, c.id, nil, hw.Presence, Human, Human)
			x.run(time.Second)
			x.hands(5*time.Second, c.hands)
			if len(x.askedMoves()) == 0 {
				t.Fatalf("moves %q, nothing asked (events %s)", x.moves(), x.eventTexts())
			}
			if m := x.took(Mismatch); len(m) != 0 {
				t.Fatalf("mismatch %q for two legal placements", m[0].Text)
			}
		})
	}
}
