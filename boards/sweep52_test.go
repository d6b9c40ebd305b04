package boards

// Regression tests from the simulated player's games of 2026-11-28's tenth session
// (TestSimulatedHands and FuzzHands sweeps), each failing before its fix.

import (
	"strings"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/hw"
)

// TestAIPushLandingAScanBeforeItsEntry: Push with gutters, presence sensors. The AI's W1
// carried out by sleight hands: the marble to go off lifted first, the row slid as a whole,
// and the marble dropped into the East gutter a scan before the new marble fills the entry
// (the entry's contact bouncing). The landing is the AI's push's, at the end of its work:
// no reply W1 rolled unseen is asked (TestSimulatedHands, sleight, push+gutters game 69:
// "E3?" asked for the player, whose W3 was then lost).
func TestAIPushLandingAScanBeforeItsEntry(t *testing.T) {
	x := newSlotRig(t, "push", nil, hw.Presence, 0, true, AI, Human)
	base := strings.Fields("E3 Sd Sd E3 W1 Se E4 Nc Se Na E1 E3 E2 E2 W3 E4 Se W3 E1 Sc W5 Nc Sc Sb E5 W4 W2 W3 Ne Sd Se E5 Nc Nc W3 E1 Sc Sc Sa Sa Se Ne Se W3 E4 W4 Se W3 W4 Sd W1 Nc Nd Sa Nb Nd Ne E5 Ne Se E2 W3 E3 W1")
	quartoResume(t, x, base...)
	x.send(Message{Kind: CmdAIResult, Version: uint64(x.ref.State().Ply()), Move: mustMove(t, x.rules, "W1")})
	if len(x.took(AIMove)) != 1 {
		t.Fatal("the AI's move is not announced")
	}
	east := x.layout.Slots()[East-1].Cell
	x.board.Set(east, 0) // the last marble pushed off, taken to push with
	x.run(200 * time.Millisecond)
	x.hands(200*time.Millisecond, "-e1", "+e1 -a1")
	x.board.Set(east, 1)
	x.run(tick)
	x.hands(time.Second, "+a1")
	x.wantMoves(strings.Join(base, " ") + " W1")
	if a := x.askedMoves(); len(a) > 0 {
		t.Fatalf("asked %q after the AI's push alone", a)
	}
}
