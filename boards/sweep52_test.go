package boards

// Regression tests from the simulated player's games of 2026-11-28's tenth session
// (TestSimulatedHands and FuzzHands sweeps), each failing before its fix.

import (
	"slices"
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

// TestWaverFuzzQuadTapLongAfterTheQuestion: Quad Wrangle on presence sensors, waver hands,
// two people playing on for seconds without the board at rest (FuzzHands seed 7731).
// b5-b1 over b4, b3 and b2, then b4, e7-b7, b4-b2, d3-c3: none taken (the board never
// rests), and "b5-b2?" asked from the board alone; then d3, g1 and a2-b3, each with its
// discs turned, b2 among them. Seen: b2's turn for a2-b3, 4.5 s after the question, taken
// as the tap answering it, a FALSE ACCEPT: the search for moves that turn b2 reads four
// moves past the option, and six were made. A tap that no reading of the moves since can
// place is no answer: the kiosk says to choose on the screen.
func TestWaverFuzzQuadTapLongAfterTheQuestion(t *testing.T) {
	fuzzHands(t, 7731, 0, 0x50)
	const base = "b7-b6 c1-c5 c7-a7 b1-a1 d7-d4 d5 f7-f3 f7 c5-d6 d1-b1 b4 f7-f6 f7 g6-c2 b4-d2 b1-b5 a3-d3 c5 e5 c5-c4 c6"
	x := afterMoves("quadwrangle", hw.Presence, base)(t)
	x.run(500 * time.Millisecond)
	x.handsV(
		"0 +b4", "40 -c4", "240 -b4", "300 +c4", "480 -b5", "600 +b3", "700 +b2", "720 -b3", "800 +b1", "820 -b2",
		"960 -c2", "1040 +c2", "1180 +b4", "1480 +b2", "1520 -c2", "1720 -b2", "1820 +c2", "2020 -e7", "2140 +d7", "2220 -d7",
		"2280 +c7", "2340 +b7", "2380 -c7", "2540 -a7", "2600 +a7", "2820 -c6", "2960 +c6", "3260 +b3", "3280 -b4", "3340 +b2",
		"3360 -b3", "3740 -c2", "3920 +c2", "4060 -a2", "4200 +a2", "4420 -b1", "4620 +b1", "4880 -a1", "4940 +a1", "5080 +c3",
		"5140 -d3", "5460 -c2", "5600 +c2", "5860 -d2", "6040 +d2", "6380 -b2", "6500 +b2", "6620 +d3", "6840 -a5", "6980 +a5",
		"7060 -d5", "7220 +c5", "7280 -c5", "7300 +b5", "7420 -b5", "7520 +d5", "7740 +g1", "8020 -g2", "8200 +g2", "8520 +b3",
		"8540 -a2", "8840 -c3", "9000 +c3", "9340 -c4", "9460 +c4", "9600 -c2", "9760 +c2", "9880 -b2", "9940 +b2",
	)
	x.run(4 * time.Second)
	made := strings.Fields(base + " b5-b1 b4 e7-b7 b4-b2 d3-c3 d3 g1 a2-b3")
	if got := strings.Fields(x.moves()); len(got) > len(made) || !slices.Equal(got, made[:len(got)]) {
		t.Fatalf("moves %q: not what the hands made, %q (events %s)", x.moves(), made, x.eventTexts())
	}
}
