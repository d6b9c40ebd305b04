package boards

// Tests from the sweeps of FuzzHands games and the fuzz finds of 2026-11-27's eighth session
// (issue 28; docs/lab/2026-11-27-fuzz-families-11.md), each failing at the commit before
// its fix: Quad Wrangle and Crowded on presence and polarity sensors, Quarto, Push 4 and
// Quixo for four.

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/hw"
)

// TestWaverFuzzQuadTwoTouchesBeforeTheNextMove: Quad Wrangle on presence sensors, waver
// hands (FuzzHands seeds 5025 and 5264, found by the review of 2026-11-27's sweep). "b1 or
// a2-b1?" asked while the players go on: g5-f4 made before break and a drop on g5 60 ms
// after it left, f4 lifted and put back, d2 lifted and put back, b7-a7, b7, g2-f3, g2.
// Seen: once a2-b1 was answered, b7-a7 taken before g5-f4, a FALSE ACCEPT: the reading
// g5-f4, g5 weighed as next only the moves on f4 and d2, the pieces touched and put back
// (nextWork skipped one such touch, not two).
func TestWaverFuzzQuadTwoTouchesBeforeTheNextMove(t *testing.T) {
	fuzzHands(t, 5025, 0, 0x50)
	fuzzHands(t, 5264, 0, 0x50)
	const base = "e7-c5 g6-d6 a4-b3 a4 g1 c1-c3 f7-f6 f7 g5-d2 f1-f5 e1-e3 b4 g1-f2 c3-c1 a6-f1 b3-d5 g7 " +
		"b4-c4 f2-e1 f6-c3 f1-d3 f5-e4 f5 d6-e5 d4 f5-g5 f5 b1-b4"
	review42Hands(t, afterMoves("quadwrangle", hw.Presence, base), base, []string{
		"0 +f2", "20 -g3", "140 -f2", "260 +g3", "420 -a2", "500 +b1", "760 -c1", "920 +c1", "980 -a3", "1080 +b3",
		"1180 -b3", "1240 +a3", "1320 +a2", "2060 -g4", "2140 +f3", "2240 +e2", "2260 -f3", "2420 -e2", "2480 +g4",
		"2680 +f4", "2700 -g5", "2760 +g5", "2900 -f4", "2980 +f4", "3100 +e2", "3120 -d2", "3160 -e2", "3180 +f2",
		"3320 -f2", "3400 +d2", "3580 -b7", "3720 +a7", "3880 -d7", "4020 +c6", "4080 -c6", "4100 +b5", "4240 -b5",
		"4340 +d7", "4540 +b7", "4760 -a7", "4880 +a7", "5100 -f4", "5260 +f4", "5360 +f3", "5400 -f4", "5460 +f2",
		"5480 -f3", "5580 -f2", "5600 +f1", "5800 -f1", "5880 +f4", "5980 -g2", "6040 +f3", "6160 +g2"},
		"a2-b1", "a2", "g5-f4", "g5", "b7-a7", "b7", "g2-f3", "g2")
}

// TestWaverFuzzQuadDropOnTheWayMadeLater: Quad Wrangle on presence sensors, waver hands
// (FuzzHands seed 93, which fails at 588ed07 too). f7-e7 made before break, b7 lifted and
// put back, f7; c7-c4 over c6 and c5; b4 turned, a6 touched; a drop on c7, where the slide
// left; d6 and d7 turned; c5 dropped 840 ms after c7; b7-b5, b7. Seen: asked "c5 or c7-c5
// or c7-c4?", the answer c7-c4 also took the drop on c5 as next, a FALSE ACCEPT: the swap
// question's rival (c7-c4 and a drop on c5 swapped for the stone passing over it) stood
// though c5 read empty for 1.8 s before its drop. A square left empty handOff or more
// before it fills again had no drop swapped there (swappedOnTheWay).
func TestWaverFuzzQuadDropOnTheWayMadeLater(t *testing.T) {
	fuzzHands(t, 93, 0, 0x50)
	const base = "e7-e4 g4-e6 b2 g2-f3 a2-a1 e6-a2 a5-b4 d1-d6 g4 e4-d3 e4"
	x := review42Hands(t, afterMoves("quadwrangle", hw.Presence, base), base, []string{
		"0 +e7", "40 -f7", "100 +b6", "140 -b7", "240 -b6", "280 +b5", "420 -b5", "540 +b7", "740 +f7", "860 -c7",
		"980 +c6", "1080 -c6", "1120 +c5", "1180 +c4", "1220 -c5", "1500 -b4", "1660 +b4", "1760 +b6", "1800 -a6",
		"1940 -b6", "2060 +a6", "2200 +c7", "2380 -d6", "2460 +d6", "2620 -d7", "2780 +d7", "3040 +c5", "3360 -d6",
		"3440 +d6", "3600 +b6", "3640 -b7", "3700 +b5", "3740 -b6", "4000 -c5", "4160 +c5", "4400 -c4", "4500 +c4",
		"4760 -b4", "4960 +b4", "5100 +b7"},
		"f7-e7", "f7", "c7-c4", "c7", "c5")
	// (b7-b5 and b7 leave the board as a drop on b5 would: read from the board alone, after
	// the answers that took the work with them, b5 is asked, never taken; seed 7066.)
	x.run(2 * time.Second)
	if got := x.moves(); strings.HasSuffix(got, " b5") {
		t.Errorf("moves %q: b5 taken, the hands made b7-b5 and b7 (events %s)", got, x.eventTexts())
	}
}

// TestWaverFuzzQuadSlideMadeBeforeBreakAfterAHover: Quad Wrangle on presence sensors,
// waver hands (FuzzHands seed 5407). d5-d7 tried over d6 and taken back; c6-d6 made
// before break, d6 filled 40 ms before c6 emptied; the next player's drop on c6; d6 and d5
// lifted and put back; c4. Seen, once a stone lifted and put back before its capturer left
// began no capture (c87407f): a drop on d6, then c4, FALSE ACCEPTS: d6 lifted as the
// hover left it, then filled by c6-d6, was read as such a stone, and c6-d6 as begun with
// c6's lift, after the drop's. Only a stone the move takes or touches is so read.
func TestWaverFuzzQuadSlideMadeBeforeBreakAfterAHover(t *testing.T) {
	fuzzHands(t, 5407, 0, 0x50)
	const base = "b6 g5-f5 f4 f5-e4 b6-e3 e1-b4 f4-e5 d5 a6-d3 b5 e4-d4 g4-f5 g4 f1-e2 f1 g6-f6 d4-a7 d3-e4 " +
		"c7-c6 a6 d7-e6 d1-d3"
	review42Hands(t, afterMoves("quadwrangle", hw.Presence, base), base, []string{
		"0 -d5", "80 +d6", "180 +d7", "220 -d6", "420 -d7", "540 +d5", "660 +d6", "700 -c6", "800 -b7", "940 +b6",
		"1060 -b6", "1100 +b7", "1220 +c6", "1340 -d6", "1480 +d6", "1660 -d5", "1800 +d5", "1920 -f7", "2060 +f7",
		"2160 +c4"},
		"c6-d6", "c6", "c4")
}

// TestWaverFuzzQuadSlideTakenOnAfterItsSquareRefilled: Quad Wrangle on presence sensors,
// waver hands (FuzzHands seed 849; it fails at 588ed07 too). g2-g1; d7-d6; the next
// player's drop on d7 40 ms after d6 filled; d6-c5 160 ms later: three moves in 340 ms.
// Seen: g2-g1 and c5 taken, a FALSE ACCEPT: d6's stone, taken up 200 ms after it came
// down, was read as a hand passing over d6 (takenOn: handOff), d7 as fumbled. A stone
// taken up after the square it left was filled again beneath it is another move's: now
// "c5 or d7-d6?" is asked.
func TestWaverFuzzQuadSlideTakenOnAfterItsSquareRefilled(t *testing.T) {
	fuzzHands(t, 849, 0xe7, 0x54)
	const base = "c3 b4 f7-g7 f2 c3-c6"
	review42Hands(t, afterMoves("quadwrangle", hw.Presence, base), base,
		[]string{"0 -g2", "140 +g1", "280 -d7", "360 +d6", "400 +d7", "560 -d6", "620 +c5"},
		"g2-g1", "d7-d6", "d7", "d6-c5")
}

// TestWaverFuzzQuadDropWhereASlideLeftGlimpsed: Quad Wrangle on presence sensors, waver
// hands (FuzzHands seeds 5074, 5144, 5200 and 5241, from the review's sweep, and 350).
// g6-f5 made before break, and the next player's drop on g6 40 ms after the stone left:
// g6 reads empty for less than the debounce time, a glimpse and no lift. Seen: f5 taken,
// a FALSE ACCEPT, the glimpse never weighed (and where it came after f5 was matched, never
// looked at again). A drop whose square is in line with one glimpsed empty as it came
// down is asked beside the slide and the drop where it left (slidAndRefilled).
func TestWaverFuzzQuadDropWhereASlideLeftGlimpsed(t *testing.T) {
	fuzzHands(t, 5074, 0, 0x50)
	fuzzHands(t, 5144, 0, 0x50)
	fuzzHands(t, 5200, 0, 0x50)
	fuzzHands(t, 5241, 0, 0x50)
	const base = "a4-b5 g2-f2 g7 f2-f6 e2 f7-d5 a3-e3 a3 a2-b2"
	for _, steps := range [][]string{
		{"0 +f5", "20 -g6", "40 +g6"},
		{"0 +f5", "80 -g6", "100 +g6"},
		{"0 -g6", "10 +f5", "20 +g6"},
	} {
		review42Hands(t, afterMoves("quadwrangle", hw.Presence, base), base, steps, "g6-f5", "g6")
	}
	// (And then the next move: c1-c2 and a drop on c1 swapped so, then g2-f2.)
	const base2 = "a3-e3 d3 a6-d6 g5-b5 f7-f4 a5-b4 a5 b4-c4 b4"
	review42Hands(t, afterMoves("quadwrangle", hw.Presence, base2), base2,
		[]string{"0 +c2", "20 -c1", "40 +c1", "200 -g2", "280 +f2"}, "c1-c2", "c1", "g2-f2")
}

// TestReview50GlimpseAndPassOver: Quad Wrangle on presence sensors, the fresh-eyes review
// of 2026-11-27's eighth session. A drop on f5 with g6 glimpsed empty 150-400 ms after it
// came down is no slide from g6 (a lift so late would not be either): f5 is taken, no
// question. And g2-g1, d7-d5 over d6 (resting 60 ms), a drop on d7 as the stone passed:
// d6's stone, taken on so soon, is the slide passing, not d7-d6 and a later d6-d5
// (takenOn asks setDown, 150 ms, of rest where the square left was filled beneath it).
func TestReview50GlimpseAndPassOver(t *testing.T) {
	const base = "a4-b5 g2-f2 g7 f2-f6 e2 f7-d5 a3-e3 a3 a2-b2"
	for _, at := range []int{150, 200, 240, 400} {
		x := afterMoves("quadwrangle", hw.Presence, base)(t)
		x.handsV("0 +f5", fmt.Sprintf("%d -g6", at), fmt.Sprintf("%d +g6", at+20))
		x.run(3 * time.Second)
		x.wantMoves(base + " f5")
		if asked := x.askedMoves(); len(asked) > 0 {
			t.Errorf("g6 glimpsed %d ms after f5 came down: asked %v", at, asked)
		}
	}
	const base2 = "c3 b4 f7-g7 f2 c3-c6"
	for _, up := range []int{420, 440, 480} {
		review42Hands(t, afterMoves("quadwrangle", hw.Presence, base2), base2, []string{"0 -g2", "140 +g1", "280 -d7",
			"360 +d6", "400 +d7", fmt.Sprintf("%d -d6", up), fmt.Sprintf("%d +d5", up+80)}, "g2-g1", "d7-d5", "d7")
	}
}

// TestWaverFuzzQuadAnswerAfterFiveMovesNotTaken: Quad Wrangle on polarity sensors, waver
// hands (FuzzHands seed 603). "g5-g4?" asked, answered on the screen after f7-f6, f7,
// d7-e6, f1-c4, d3 and c1-c2. Seen, once an answer whose weighing was cut short was taken
// where its squares stand (af6defe): g5-g4 taken, then f6, a FALSE ACCEPT. That answer is
// taken only where the options differ in nothing the squares show (Quarto's piece handed
// over).
func TestWaverFuzzQuadAnswerAfterFiveMovesNotTaken(t *testing.T) {
	fuzzHands(t, 603, 0xb0, 0x54)
}

// TestBlitzFuzzQuadDiscTurnedAsTheNextDropLands: Quad Wrangle on presence sensors, blitz
// hands (FuzzHands seed 6252, from a sweep of 6,000 games; it fails at 588ed07 too). A drop
// on d2, the next player's growth on c3 100 ms later turning d2, lifted 140 ms after c3
// came down and put back 160 ms later. Seen: c3 taken the moment d2 was lifted, the board
// then showing c3 alone, and d2 after it, FALSE ACCEPTS: d2's first 240 ms read as a hand
// passing over. A single move is not taken while a square it leaves unexplained has been
// up less than handOff: the piece may come back, a disc turned.
func TestBlitzFuzzQuadDiscTurnedAsTheNextDropLands(t *testing.T) {
	fuzzHands(t, 6252, 0, 0x30)
	const base = "c3 g2-d5 a2-b2 g3-d6 b7-b6 g4-c4 f7-f4 d6-c6 b3 c2 b5 d5-d4 c6-g2 c3-b4 f7 e7-f6"
	review42Hands(t, afterMoves("quadwrangle", hw.Presence, base), base,
		[]string{"0 +d2", "100 +c3", "240 -d2", "400 +d2"}, "d2", "c3")
}

// TestWaverFuzzQuadTurnFourMovesPastTheOption: Quad Wrangle on presence sensors, waver
// hands (FuzzHands seed 6344, from a sweep of 6,000 games; it fails at 588ed07 too).
// "d1-e2 or d1-f3?" asked, and the players go on: a drop on e2, f1-g1, a drop on f1,
// f3-d3 turning e2, lifted and put back. Seen: the turn taken as the tap answering d1-e2
// (e2 is its lit square), then f3, g1 and f3-d3, FALSE ACCEPTS: turnedAfterOption looked
// three moves past an option, and f3-d3 is the fourth.
func TestWaverFuzzQuadTurnFourMovesPastTheOption(t *testing.T) {
	fuzzHands(t, 6344, 0, 0x50)
	const base = "f7-d5 e6 c7-d6 g2-b2 e7-g7"
	review42Hands(t, afterMoves("quadwrangle", hw.Presence, base), base, []string{
		"0 -d1", "100 +e2", "180 +f3", "200 -e2", "260 -a6", "420 +a7", "560 -a7", "660 +a6", "780 +e2", "1080 -f1",
		"1240 +g1", "1460 -e2", "1600 +e3", "1660 +e4", "1700 -e3", "1780 -e4", "1800 +e5", "1920 -e5", "2000 +e2",
		"2080 +f1", "2400 -g1", "2500 +g1", "2760 -e1", "2920 +e1", "3040 -f3", "3200 +c3", "3280 -c3", "3340 +d3",
		"3640 -e2", "3700 +e2"},
		"d1-f3", "e2", "f1-g1", "f1", "f3-d3")
}

// TestSleightFuzzCrowdedFumblePutBackAsTheCapturerLeaves: Crowded on presence sensors,
// sleight hands (FuzzHands seed 5341, found by the review of 2026-11-27's sweep). g5xf4
// turned g3; g3 lifted again, held 640 ms and put back the scan f2 is lifted for f2xe3;
// e3 swapped for the capturer within a scan; f4 and f3 turned. Seen: f2xg3 taken at once,
// a FALSE ACCEPT: g3 put back reads as f2's stone landing there, g3's taken 640 ms
// before, and f2xe3 was no hidden rival, g3 counted against it. A piece put back within
// putBackAtOnce of the capturer's lift, where the move seen lands, no longer rules a rival
// out: the discs turned tell, or a question.
func TestSleightFuzzCrowdedFumblePutBackAsTheCapturerLeaves(t *testing.T) {
	fuzzHands(t, 5341, 1, 0x40)
	const base = "e4xe5 b2xb3 a8xa7 c4xd5 b1xc1 e5xf6 g4xg3 e1xf2 h7xg6 e6xf7 b5xc6 f6xg5 d7xe8 b3xc2 d5xd4 " +
		"g7xf8 h3xh4 d2xd3 h5xg6 g1xh2 f7xe7 d4xc5 g5xf4"
	for _, at := range []int{0, 20, 40} {
		review42Hands(t, afterMoves("crowded", hw.Presence, base), base, []string{
			"0 -g3", "640 -f2", fmt.Sprintf("%d +g3", 640+at), "880 -e3", "900 +e3", "1040 -f4", "1180 +f4",
			"1500 -f3", "1600 +f3"},
			"f2xe3")
	}
}

// TestWaverCrowdedCaptureOfADiscTurnedJustBefore: Crowded on presence sensors (waver game
// 216's shape, with a4xa5's capturer set down 20 ms after it left, a5 put back as it
// were). The discs of a4xa5 wait to tell it from a4xa3 with a5 fumbled, while a3xa2,
// h6xh5 turning g5, f6xe7 and b4xc5 follow. Seen: f6xg5 taken, a FALSE ACCEPT: read as
// begun with g5's lift, h6xh5's disc turned, f6xg5 (swapped unseen) began before f6xe7
// and was kept alone (earliest). A stone lifted and put back before its capturer leaves
// begins no capture (startScan).
func TestWaverCrowdedCaptureOfADiscTurnedJustBefore(t *testing.T) {
	const base = "d1xc1 d6xe6 g6xg7 c3xd2 c8xc7 f5xg4 d7xe6 g3xg2 a6xa7 f4xe5 b2xc1 d3xc2 b5xc5 e6xd5"
	review42Hands(t, afterMoves("crowded", hw.Presence, base), base, []string{
		"0 -a5", "100 -a4", "120 +a5", "300 -a3", "300 -a2", "480 +a2", "600 -h6", "600 -h5", "820 +h5", "1060 -g4",
		"1140 +g4", "1360 -h4", "1460 +h4", "1700 -g5", "1760 +g5", "1900 -f6", "2040 -e7", "2240 +e7", "2400 -f7",
		"2480 +f7", "2620 -f8", "2700 +f8", "2820 -e8", "3020 +e8", "3340 -d8", "3460 +d8", "3700 -c5", "3880 -b4",
		"4080 +c5"},
		"a4xa5", "a3xa2", "h6xh5", "f6xe7", "b4xc5")
}

// TestSleightPush4RowSlidWholeThenTheNextPush: Push 4 on presence sensors, sleight hands
// (simulated game 144; games 28 and 40 on polarity alike). W2 slides row 2 as a whole (a2
// seen empty for 180 ms, c2 filled) and "W2 or Sc?" is asked; the next player's E2 pushes
// the full row, a2's marble out, before anybody answers. Seen: "Sc?" asked alone, a
// question without the move made, and both moves lost: read alone, W2 no longer fitted
// the work, while Sc, a push seen only in part, did. An option asked is read followed by
// the work since (answeredByReply) before the question narrows.
func TestSleightPush4RowSlidWholeThenTheNextPush(t *testing.T) {
	const base = "Sc Nc W4 Nb Nf Sf Nc W6 Ne E2 Ne Se E1 W6 W1 Ne W3 E4 E4 W6 Nf Sa Nf Na W5 Nd W6 Sd Ne Sd Sb " +
		"W6 W2 E2 W1 W4 Nf E5 E5 Sf E3 W1 W1 Sf Sb"
	review42Hands(t, review43Push4(hw.Presence, base), base,
		[]string{"0 +c2", "0 -a2", "180 +a2", "740 -a2", "860 +a2", "860 -f2", "1120 +f2"}, "W2", "E2")
}

// TestWaverPush4OvershotMarbleBackInTheScanItsSquareFills: Push 4 on polarity sensors,
// waver hands (simulated game 124). Nf (read alike as E6: asked on the screen), W5, E5,
// then Sd, its hand overshooting: d1's marble set on d3 and brought back to d2, d3 read
// empty in the scan d2 filled. Seen: the answer Nf refused ("no longer shows"), Sd not
// read as a push: its overshoot was only known where the lift of d3 came next, and within
// a scan the push's order puts d2 filled first (pushOrder).
func TestWaverPush4OvershotMarbleBackInTheScanItsSquareFills(t *testing.T) {
	const base = "W5 Nc Sb Nc Sc W6 E3 Sc E1 E1 W1 Sb Sb Sc W6 E2 Na Sa W4 E4 E1"
	for _, d3 := range []int{880, 900} {
		review42Hands(t, review43Push4(hw.Polarity, base), base, []string{"0 +f6=1", "180 -a5", "320 +b5=1", "360 +a5=1",
			"500 +f5=1", "660 -d1", "780 +d3=1", fmt.Sprintf("%d -d3", d3), "900 +d2=1", "1020 +d1=1"},
			"Nf", "W5", "E5", "Sd")
	}
}

// TestSleightQuixo4PushBesideAFumbleAlike: Quixo for four on presence sensors, sleight
// hands (simulated game 96). a3 lifted and held, put back the scan a4 is taken; a5 slid to
// a4 and the cube put on a5: a4-a5.2. Seen: "a3-a5.1 or a3-a5.2?" asked, the move made not
// among the options: a push partly seen on a line held by the one seen whole (a4-a5, a3
// fumbled past its far end) was asked beside a push seen whole only where that was the one
// seen, not where two moves alike (the two marks) were.
func TestSleightQuixo4PushBesideAFumbleAlike(t *testing.T) {
	const base = "b1-e1.2 d1-a1.1 c1-e1.1 c1-c5.1 e4-e5.1 b5-b1.1 a4-e4.1 e3-e1.1 a3-e3.2 a2-e2.2 a3-a1.1 " +
		"a3-a1.2 e4-e5.1"
	review42Hands(t, func(t *testing.T) *rig {
		x := newRig(t, "quixo4", nil, hw.Presence, Human, Human, Human, Human)
		quartoResume(t, x, strings.Fields(base)...)
		return x
	}, base, []string{"0 -a3", "660 +a3", "660 -a4", "920 -a5", "1060 +a4", "1120 +a5"}, "a4-a5.2")
}

// TestSleightQuixo4RowSlidWholeBeginsLikeATap: Quixo for four on identity sensors, sleight
// hands (simulated game 44). "c5-c1.2?" asked; before the answer, d5-e5.2 with row 5 slid
// as a whole: d5 lifted and e5's cube slid in, reading as d5's did, then the cube put on
// e5; the answer comes 2 s after c5 was taken. Seen: d5's lift and put back taken as a tap
// answering (its work dropped, though d5 is no lit square), and the answer c5-c1.2
// refused, "no longer shows". A tap off the lit squares, on a push's line, is work.
func TestSleightQuixo4RowSlidWholeBeginsLikeATap(t *testing.T) {
	const base = "e4-a4.2 e5-e1.1 a5-a1.2 d1-a1.2 c5-a5.1 d1-d5.2 a2-a5.2 e3-a3.2 c1-c5.1 d1-d5.1 b5-b1.2 " +
		"b5-a5.2 a2-e2.1 e1-a1.1 e1-e5.1 e4-e5.1"
	x := newRig(t, "quixo4", nil, hw.Identity, Human, Human, Human, Human)
	quartoResume(t, x, strings.Fields(base)...)
	x.handsV("0 -c5", "100 +c5=3", "100 +c4=3", "100 +c3=3", "100 +c2=9", "100 -c1", "380 +c1=9", "960 -d5",
		"1180 +d5=6", "1200 -e5", "1400 +e5=10")
	x.run(2 * time.Second)
	x.send(Message{Kind: CmdChoose, Move: mustMove(t, x.rules, "c5-c1.2")})
	x.run(time.Second)
	for _, e := range x.events {
		if e.Kind == Warning {
			t.Fatalf("warning %q: the answer c5-c1.2 refused (events %s)", e.Text, x.eventTexts())
		}
	}
	x.wantTakenOrAnswered(base+" c5-c1.2", "d5-e5.2")
}

// TestSleightFuzzCrowdedDiscLiftedBeforeAnUnseenCapture: Crowded on presence sensors,
// sleight hands (FuzzHands seed 6911, from a sweep of seeds 6500-6999; it fails at
// 588ed07 too). e6 fumbled, held 480 ms and put back the scan f4 is lifted for f4xe4, e4
// swapped within a scan (a glimpse), f3, d5, f5 and d3 turned. Seen: f4xf5 taken 120 ms
// after f4 was lifted, a FALSE ACCEPT: with no move seen, every capture from f4 was a
// hidden rival, and e6, lifted before f4 left, read as f4xf5's disc turned. A rival whose
// disc was lifted before its capturer left is no plausible hand's, as for moves seen.
func TestSleightFuzzCrowdedDiscLiftedBeforeAnUnseenCapture(t *testing.T) {
	// (Replayed whole: set up by hand after c2xc1, the same steps are read right before
	// the fix too, the timing of c2xc1's own turns mattering.)
	fuzzHands(t, 6911, 1, 0x40)
}

// TestWaverFuzzQuadSlideOverASquareDroppedOnLater: Quad Wrangle on presence sensors, waver
// hands (FuzzHands seed 7066, from a sweep of seeds 7000-7499; it passes at 588ed07).
// e2-c2 over d2, a try taken back, then the next player's drop on d2 660 ms after d2
// emptied. Seen since d979128: e2-d2 and c2 taken, FALSE ACCEPTS: the swap question's
// rival (e2-c2 with the drop on d2) was dropped wherever a's square was left empty
// handOff or more. It stands now without its drop, which is read in its turn.
func TestWaverFuzzQuadSlideOverASquareDroppedOnLater(t *testing.T) {
	fuzzHands(t, 7066, 0, 0x50)
}
