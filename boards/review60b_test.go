package boards

// A review of the eighteenth session's last three changes (72499df..8a9e9b9): orderSplit's
// landing search begun after a move made and taken back (undonePrefix), overshotOnto's
// piece brought back made before break, and orderSplit's fills begun after a's own piece
// tried and put back. No false accept or lost move was found in them; the tests here pass
// at 8a9e9b9.

import (
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/hw"
)

// TestReview60bGrowthBesideASlidesLandingNotItsOvershoot: Quad Wrangle on presence
// sensors, human v human, after White's e5. Black slides g4-c4 (carried, c4 down 250 ms
// after g4 up); 100 ms later White grows on d4 beside e5, on Black's way, and turns c4
// over, lifting it 60 ms after d4 came down and putting it back 60 ms later. The board
// shows g4 empty, d4 and c4 full, as g4-d4 (overshot to c4 and brought back, made before
// break) then a drop on c4 would. Want g4-c4 then d4, taken or asked. At 72499df taken;
// since a439f02 asked beside g4-d4 (the turn read as the overshoot brought back): the
// squares cannot tell them apart, so asking is right.
func TestReview60bGrowthBesideASlidesLandingNotItsOvershoot(t *testing.T) {
	x := newRig(t, "quadwrangle", nil, hw.Presence, Human, Human)
	x.run(500 * time.Millisecond)
	base := "e5"
	quartoResume(t, x, base)
	x.handsV("0 -g4", "250 +c4", "350 +d4", "410 -c4", "470 +c4")
	x.run(4 * time.Second)
	x.wantTakenOrAnswered(base, "g4-c4", "d4")
}

// TestReview60bOvershootBackThenADropOnIt: Quad Wrangle on presence sensors, human v
// human. White slides a3-c3 overshooting to d3 and brings it back made before break (c3
// down 60 ms before d3 up, a scan apart); Black drops on d3 80 ms later. At 72499df
// a3-d3 and c3 were taken, a FALSE ACCEPT; since a439f02 a3-c3 is asked beside a3-d3.
func TestReview60bOvershootBackThenADropOnIt(t *testing.T) {
	x := newRig(t, "quadwrangle", nil, hw.Presence, Human, Human)
	x.run(500 * time.Millisecond)
	x.handsV("0 -a3", "120 +d3", "200 +c3", "260 -d3", "340 +d3")
	x.run(4 * time.Second)
	x.wantTakenOrAnswered("", "a3-c3", "d3")
}
