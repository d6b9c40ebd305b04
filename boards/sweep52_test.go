package boards

// Regression tests from the simulated player's games of 2026-11-28's tenth session
// (FuzzHands sweeps), each failing before its fix. (The hands run's push+gutters game 69:
// TestAIPushSlidWholeIntoTheGutter.)

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/hw"
)

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
	x := handsMadeOnly(t, "quadwrangle", base, "b5-b1 b4 e7-b7 b4-b2 d3-c3 d3 g1 a2-b3",
		"0 +b4", "40 -c4", "240 -b4", "300 +c4", "480 -b5", "600 +b3", "700 +b2", "720 -b3", "800 +b1", "820 -b2",
		"960 -c2", "1040 +c2", "1180 +b4", "1480 +b2", "1520 -c2", "1720 -b2", "1820 +c2", "2020 -e7", "2140 +d7", "2220 -d7",
		"2280 +c7", "2340 +b7", "2380 -c7", "2540 -a7", "2600 +a7", "2820 -c6", "2960 +c6", "3260 +b3", "3280 -b4", "3340 +b2",
		"3360 -b3", "3740 -c2", "3920 +c2", "4060 -a2", "4200 +a2", "4420 -b1", "4620 +b1", "4880 -a1", "4940 +a1", "5080 +c3",
		"5140 -d3", "5460 -c2", "5600 +c2", "5860 -d2", "6040 +d2", "6380 -b2", "6500 +b2", "6620 +d3", "6840 -a5", "6980 +a5",
		"7060 -d5", "7220 +c5", "7280 -c5", "7300 +b5", "7420 -b5", "7520 +d5", "7740 +g1", "8020 -g2", "8200 +g2", "8520 +b3",
		"8540 -a2", "8840 -c3", "9000 +c3", "9340 -c4", "9460 +c4", "9600 -c2", "9760 +c2", "9880 -b2", "9940 +b2",
	)
	if !slices.ContainsFunc(x.events, func(e Event) bool { return e.Kind == Warning && e.Msg.Code == "tap-unread" }) {
		t.Errorf("no tap was told to choose on the screen: events %s", x.eventTexts())
	}
}

// handsMadeOnly replays steps (handsV) on game id after the moves base, on presence sensors,
// and fails the test unless the moves the referee took are base followed by a prefix of
// made (none, some or all): no move the hands did not make.
func handsMadeOnly(t *testing.T, id, base, made string, steps ...string) *rig {
	t.Helper()
	x := afterMoves(id, hw.Presence, base)(t)
	x.run(500 * time.Millisecond)
	x.handsV(steps...)
	x.run(4 * time.Second)
	want := strings.Fields(base + " " + made)
	if got := strings.Fields(x.moves()); len(got) > len(want) || !slices.Equal(got, want[:len(got)]) {
		t.Fatalf("moves %q: not what the hands made, %q (events %s)", x.moves(), want, x.eventTexts())
	}
	return x
}

// TestSleightFuzzCrowdedTurnAfterACaptureGlimpsed: Crowded on presence sensors, sleight
// hands (FuzzHands seed 9058). g5xh4, h4's stones swapped in 20 ms (a glimpse), g4 and g3
// turned; then e5xf5, f5's swapped as quickly, e6 turned: "g5xg4 or g5xh4?" is asked
// (g4 lifted is g5xg4's victim or a disc g5xh4 turns). Then g6 and g4 turned for e5xf5.
// Seen: g4's turn taken as the tap choosing g5xg4, a FALSE ACCEPT: the moves read after the
// options counted only squares worked since, and f5, the capture's square, was only
// glimpsed. A square glimpsed since the options is worked too: e5xf5 turns g4.
func TestSleightFuzzCrowdedTurnAfterACaptureGlimpsed(t *testing.T) {
	fuzzHands(t, 9058, 1, 0x40)
	const base = "h5xh6 a7xb7 b1xb2 f2xf3 e8xf8 d2xc2 e7xd8 b3xc4 c8xb7 b2xa2 f1xg1 a3xa4"
	handsMadeOnly(t, "crowded", base, "g5xh4 e5xf5",
		"50 -g5", "230 -h4", "250 +h4", "490 -g4", "550 +g4", "750 -g3", "810 +g3", "1310 -e5", "1530 -f5", "1550 +f5",
		"1910 -e6", "1990 +e6", "2330 -g6", "2530 +g6", "2830 -g4", "2970 +g4")
}

// TestSleightFuzzCrowdedFumbleAsTheCaptureBegins: Crowded on presence sensors, sleight
// hands (FuzzHands seed 9262). f6 fumbled and put back as d5 is lifted for d5xe4, e4's
// stones swapped in 20 ms (a glimpse), f3, e3 and e5 turned. Seen: d5xe5 taken once e5 was
// put back, a FALSE ACCEPT (f3 and e3 are no discs of it): d5xe4, hidden, was no rival
// because f6's put back, passed a scan after d5's lift, counted as work it leaves
// unexplained. A square lifted before the move began and put back as it began is a fumble.
func TestSleightFuzzCrowdedFumbleAsTheCaptureBegins(t *testing.T) {
	fuzzHands(t, 9262, 1, 0x40)
	const base = "c6xd6 b6xa6 h1xh2 d4xe5 g2xf2 h6xh7 d3xe4 g7xf7 h5xh4 a3xa4 b1xc1 b3xa2 f5xe6 g6xf6 c8xb8 a6xb7 h4xg5 b2xc2 d7xe6 d2xe1 e7xd8 c3xc4 f7xf8"
	handsMadeOnly(t, "crowded", base, "d5xe4",
		"470 -f6", "690 -d5", "710 +f6", "870 -e4", "890 +e4", "1250 -f3", "1350 +f3", "1610 -e3", "1710 +e3", "2030 -e5",
		"2230 +e5")
}

// TestWaverFuzzQuadDropOnTheSquareASlidePassed: Quad Wrangle on presence sensors, waver
// hands: a slide over a square, then the next player's drop on that square (FuzzHands
// seeds 8156: g3-c3 over e3, then e3, read as g3-e3 and c3; 8161: a5-d5, c5; 8636: g6-e4,
// f5; 9211: a6-c6, b6; all FALSE ACCEPTS). Both readings leave the same squares filled, but
// the sliding stone came down beyond the square and stayed there while the square was
// filled again: the stone that came down there last may be the drop, and the shorter slide
// is asked, never taken. (8636 was then answered by f5 turned for g3-f4: a lift of the
// square the option's stone passed over counted as a turn seen.) By hand from the start,
// seed 9211's: a6-d6 tried and taken back, a6-c6 made before break over b6, then b6.
func TestWaverFuzzQuadDropOnTheSquareASlidePassed(t *testing.T) {
	for _, seed := range []uint64{8156, 8161, 8636, 9211} {
		t.Run(itoa(int(seed)), func(t *testing.T) { fuzzHands(t, seed, 0, 0x50) })
	}
	// (Seed 9211's hands, from the start: a6-d6 tried and taken back, a6-c6 made before
	// break over b6, then b6.)
	handsMadeOnly(t, "quadwrangle", "", "a6-c6 b6",
		"0 -a6", "80 +b6", "160 +c6", "180 -b6", "240 -c6", "280 +d6", "380 -d6", "480 +a6", "620 +b6", "660 -a6",
		"700 +c6", "740 -b6", "980 +b6")
}

// TestWaverFuzzQuadOvershootIsNoTurn: Quad Wrangle on presence sensors, waver hands
// (FuzzHands seed 5875). "a5-d5 or a5-c5?" asked; the players go on: b5, d6-c5 with its
// stone taken on to b4 and back, d6 turning c5, e4-d4 turning c5 again. Seen: c5's turn
// for e4-d4 taken as the tap choosing a5-c5, a FALSE ACCEPT: c5's lift as its stone went to
// b4 and back counted as a turn seen, so the two turns the moves since make were all seen.
// A lift whose piece went to a square beside and came back is no turn.
func TestWaverFuzzQuadOvershootIsNoTurn(t *testing.T) {
	fuzzHands(t, 5875, 0, 0x50)
}
