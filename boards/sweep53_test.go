package boards

// Regression tests from the simulated player's games of 2026-11-28's eleventh session
// (FuzzHands with blitz and sleight hands held to no move missed), each failing before its
// fix.

import (
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/hw"
)

// TestBlitzFuzzQuixo4PushAsTheQuestionOpens: Quixo for four on presence sensors, blitz
// hands (FuzzHands seed 299, game 7). c5-e5 is pushed and asked (the face the cube shows,
// .1 or .2, no sensor tells); the next player's b5-a5 begins the moment the question opens.
// Seen: the work after the board last read as the position fits b5-a5 alone, in part (c5-e5's
// work lies past its far end), and "b5-a5.1 or b5-a5.2?" replaced the question: c5-e5 lost,
// and an answer would have given b5-a5 to the first player. The question stays open over
// the reply, which is asked after it.
func TestBlitzFuzzQuixo4PushAsTheQuestionOpens(t *testing.T) {
	x := newRig(t, "quixo4", nil, hw.Presence, Human, Human, Human, Human)
	x.run(500 * time.Millisecond)
	x.handsV("0 -c5", "120 -d5", "260 +c5", "340 -e5", "440 +d5", "540 +e5", "880 -b5", "1100 -a5", "1220 +b5", "1280 +a5")
	x.run(time.Second)
	x.wantTakenOrAnswered("", "c5-e5.1", "b5-a5.1")
}
