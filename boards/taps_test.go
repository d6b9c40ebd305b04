package boards

// Taps answering a question while the players went on: a lift and put back on a lit square
// is the answer unless a move read after the option turns that disc (turnedAfterOption).

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/hw"
)

// A tap is no turn by moves that would have come down out of the order seen: Quad Wrangle
// on presence sensors (TestSimulatedHands -hands, waver game 84). a2-b2; c3; a3 slid to a1
// and back; d5; f1 slid to d3 and back; c5; b7 slid to a7 and back; f2. With d5 asked,
// d5 tapped. Seen: the tap ignored, the question open for good: a7 (a piece came down
// there), then f2, then a7-c5 turning d5 was counted as a turn of d5 the tap might be,
// though c5 came down before a7 was filled.
func TestWaverQuadTapIsNoTurnOutOfOrder(t *testing.T) {
	const base = "a2-b2"
	x := afterMoves("quadwrangle", hw.Presence, base)(t)
	x.handsV("0 +c3", "260 -a3", "340 +a2", "380 -a2", "420 +a1", "620 -a1", "740 +a3", "920 +d5", "1100 -f1",
		"1220 +e2", "1280 +d3", "1320 -e2", "1460 -d3", "1540 +f1", "1660 +c5", "1920 -b7", "2000 +a7", "2180 -a7",
		"2280 +b7", "2420 +f2")
	for _, want := range []string{"c3", "d5"} {
		x.run(3 * time.Second)
		if !slices.Contains(x.askedMoves(), want) {
			t.Logf("moves %q, asked %v", x.moves(), x.askedMoves())
			continue
		}
		x.lift(want)
		x.run(200 * time.Millisecond)
		x.put(want, 1)
	}
	x.run(3 * time.Second)
	x.wantMoves(base + " c3 d5 c5 f2")
}

// A tap made after the players went on waits for the hands to pause: Quad Wrangle on
// presence sensors (TestSimulatedHands -hands, waver game 0). c3-f3 over d3 and e3 (d5
// touched first), turning g3 and f4; a drop on c3; "f3 or c3-f3?" asked; c3's drop turns
// c4, b3, c2 and b2; e5 slid to d6 and back; e1-e2; a drop on e1; then c3 tapped. Seen:
// the tap refused ("c3-f3: the board no longer shows that move") and the question open for
// good: the tap was read at once, while the option followed by the moves since is read
// only once the hands pause (pairQuiet).
func TestWaverQuadTapAfterTheNextMovesTurns(t *testing.T) {
	const base = "d7-d5 b2 d5-d7 g5-d2 b7-b3 b7 d7-d4 d7 f5 d2-f2 e7-c5 e7 d4-f4 b1-e4 b5 d4 c7-d6 c7 e7-e6 e4-c6 e6-c4 d6-e6 d4-g7 c1-c3 a6-a7 e5 c5-b4 f5-c2 g4-f5 d1-d5 b5-a6"
	x := afterMoves("quadwrangle", hw.Presence, base)(t)
	x.handsV("0 +d4", "40 -d5", "160 -d4", "260 +d5", "340 +d3", "380 -c3", "440 -d3", "460 +e3", "500 -e3",
		"520 +f3", "760 -g3", "920 +g3", "1200 -f4", "1320 +f4", "1380 +c3", "1720 -c4", "1920 +c4", "2040 -b3",
		"2160 +b3", "2400 -c2", "2480 +c2", "2820 -b2", "2940 +b2", "3180 -e5", "3240 +d6", "3360 -d6", "3460 +e5",
		"3620 -e1", "3720 +e2", "3940 +e1")
	wantAsked(x, "c3-f3")
	x.handsV("660 -c3", "820 +c3") // (4.6 s after the first step)
	x.run(time.Second)
	// (Then e1-e2 and the drop on e1 read as e1-e2 and e1 or e2 with e1 touched: asked.)
	wantAsked(x, "e1-e2")
	x.handsV("0 -e1", "200 +e1")
	x.run(4 * time.Second)
	x.wantMoves(base + " c3-f3 c3 e1-e2 e1")
}

// A piece put where an option's piece left is work made after the option: Quad Wrangle on
// presence sensors, waver hands (FuzzHands seed 696). e6; d7-c6; a drop on d7; c1-e3 over
// d2 (c1 slid to b2 and back first); a drop on c1; c2-b2; g2-d2 turning d1, e3 and c1,
// with "c1-e3 or d7-c6?" asked. Seen: e3's turn read as a tap choosing c1-e3, a FALSE
// ACCEPT: turnedAfterOption looked for moves since the option only among those working a
// square off its own, so the drop on c1, then c2-b2, then g2-d2 turning e3 was never
// weighed.
func TestWaverFuzzQuadTurnAfterADropOnTheOptionsSquareIsNoTap(t *testing.T) {
	fuzzHands(t, 696, 'c', 0xb0)
	const base = "a4-c2 g3-e5 g3 f1-b5 g3-f4"
	review42Hands(t, afterMoves("quadwrangle", hw.Presence, base), base,
		[]string{"0 +e6", "300 -a3", "380 +b2", "540 -b2", "640 +a3", "800 -d7", "940 +c6", "1140 -b5", "1340 +b5",
			"1400 -e1", "1540 +f1", "1660 -f1", "1720 +e1", "1840 +d7", "2060 -c7", "2240 +c7", "2520 -e7", "2580 +e7",
			"2900 -c6", "2980 +c6", "3180 -b1", "3280 +b1", "3340 -c1", "3440 +b2", "3620 -b2", "3740 +c1", "3840 -c1",
			"3980 +d2", "4080 +e3", "4120 -d2", "4280 -e1", "4340 +f1", "4460 -f1", "4580 +e1", "4720 +c1", "4920 -b5",
			"5020 +c4", "5220 -c4", "5340 +b5", "5520 -c2", "5660 +b2", "5820 -c1", "6020 +c1", "6140 -g2", "6300 +f2",
			"6360 -f2", "6380 +e2", "6440 +d2", "6480 -e2", "6800 -d1", "6980 +d1", "7120 -e3", "7280 +e3", "7500 -c1",
			"7600 +c1"},
		"e6", "d7-c6", "d7", "c1-e3", "c1", "c2-b2", "g2-d2")
}

// A tap is no turn by moves that would leave the board other than it reads, where some
// reading leaves it as it reads: Quad Wrangle on presence sensors (TestSimulatedHands
// -hands, waver game 60). g2 touched; c5-b6 turning c7; a drop on c5 turning b6; g3-e5
// turning d6 and e6; c1 slid to c2 and back; g6-f6 turning e6; "c5-b6?" asked; g5 and e5
// lifted and put back; c5 tapped. Seen: the tap ignored, the question open for good: c5,
// then g3-d6 (over e5) turning c5 was weighed, though it leaves e5 empty.
func TestWaverQuadTapIsNoTurnByMovesTheBoardDoesNotShow(t *testing.T) {
	const base = "a6-d6 a6 c5 a6-e2 f4 d1-c2 b7-b4 g4-e6 c4 f7-g7 c7-a7 c7 f4-g4 c2-b3"
	x := afterMoves("quadwrangle", hw.Presence, base)(t)
	x.handsV("0 -g2", "680 +g2", "860 -c5", "920 +b6", "1160 -c7", "1240 +c7", "1400 +c5", "1600 -b6", "1680 +b6",
		"1900 -g3", "1960 +f4", "2000 -f4", "2020 +e5", "2140 -d6", "2260 +d6", "2380 -e6", "2480 +e6", "2620 +c2",
		"2660 -c1", "2840 -c2", "2920 +c1", "3100 -g6", "3220 +f6", "3340 -e6", "3420 +e6", "3820 -g5", "3980 +g5",
		"4320 -e5", "4520 +e5")
	wantAsked(x, "c5-b6")
	x.handsV("660 -c5", "900 +c5") // (5.18 s after the first step)
	x.run(time.Second)
	tapAnswers(x, "c5", "g3-e5", "g6-f6") // (the rest, each asked alone, a tap on c5 taken back among them)
	x.wantMoves(base + " c5-b6 c5 g3-e5 g6-f6")
}

// tapAnswers answers each question about the next of moves, in order, by a tap on its lit
// square, as the simulated player does.
func tapAnswers(x *rig, moves ...string) {
	x.t.Helper()
	for _, m := range moves {
		x.run(3 * time.Second)
		i := slices.IndexFunc(x.ref.asked.moves, func(o engine.Move) bool { return x.rules.FormatMove(o) == m })
		if i < 0 {
			continue // (taken unasked, or not yet: wantMoves tells)
		}
		sq := x.ref.distinct(i)
		if sq == 0 {
			x.t.Fatalf("%s asked with no square to tap", m)
		}
		name := x.rules.Geometry().Name(sq.First())
		if v := x.board.Get(x.cell(name)); v == 0 {
			x.put(name, 1) // (an empty square: a piece put down and taken off)
			x.run(200 * time.Millisecond)
			x.lift(name)
		} else {
			x.lift(name)
			x.run(200 * time.Millisecond)
			x.put(name, v)
		}
	}
	x.run(3 * time.Second)
}

// A tap begun before anyone could have seen the question is no answer: Crowded on
// presence sensors, sleight hands (FuzzHands seed 667). f4xe5 (its swap in 20 ms) turning
// f6, e6 and f5; d3xe4 turning d5, e5 and d4; "f4xe5 or f4xf5?" asked; 40 ms later the next
// player's hand fumbles f5, lit for f4xf5. Seen: f4xf5 taken, a FALSE ACCEPT. A tap begun
// within answerReaction of the question answers nothing.
func TestSleightFuzzCrowdedFumbleAsTheLightsComeOnIsNoAnswer(t *testing.T) {
	fuzzHands(t, 667, 1, 0x4c)
	const base = "g4xf4 d6xe6 g3xh4 d2xe2 h1xh2 c3xc2 c6xc7 g7xg6 b6xc5 a7xb8 g8xh8 e7xd7"
	x := afterMoves("crowded", hw.Presence, base)(t)
	x.handsV("0 -f4", "140 -e5", "160 +e5", "320 -f6", "460 +f6", "780 -e6", "980 +e6", "1100 -f5", "1180 +f5",
		"1600 -d3", "1720 -e4", "1740 +e4", "2060 -d5", "2120 +d5", "2260 -e5", "2460 +e5", "2840 -d4", "2960 +d4")
	for i := 0; i < 200 && !slices.Contains(x.askedMoves(), "f4xf5"); i++ {
		x.run(20 * time.Millisecond)
	}
	wantAsked(x, "f4xf5")
	x.handsV("40 -f5", "160 +f5")
	x.run(4 * time.Second)
	if m := x.moves(); strings.Contains(m, "f4xf5") {
		t.Fatalf("moves %q: a fumble 40 ms after the question read as its answer", m)
	}
	x.wantTakenOrAnswered(base, "f4xe5", "d3xe4")
}

// wantAsked fails the test unless move m was asked about: where the defect showed.
func wantAsked(x *rig, m string) {
	x.t.Helper()
	if a := x.askedMoves(); !slices.Contains(a, m) {
		x.t.Fatalf("asked %v, moves %q: %s asked is where the defect showed", a, x.moves(), m)
	}
}

// TestTapRightAfterTheWorkIsRead: Quad Wrangle on presence sensors (simulated waver hands,
// game 0, once g5-d2 was taken unasked). f3-e2 made before break, f1 turned, a drop on f3,
// f1-e1 made before break and taken back, e2-e1: "e1 or f3-e2?" is asked, and e2, empty
// now, is tapped (a piece put down and lifted). Seen: "f3-e2: the board no longer shows
// that move", the question open for good: the option followed by the moves since is read
// only once the hands pause, and the tap's own lift, just made, counted as the hands at
// work.
func TestTapRightAfterTheWorkIsRead(t *testing.T) {
	const base = "d7-d5 b2 d5-d7 g5-d2 b7-b3 b7 f7-c4 d5 b2-g7 e1-e3 e1 b1-a1 g6-f5 c5 a5-c3 d6 f2 d6-e5 " +
		"a4-b5 a4 d2-d4 e7-f7 c3-b2 g6 e1-b4 g5 a6-d6 b7-a7 b7 f3 d7-e7"
	x := afterMoves("quadwrangle", hw.Presence, base)(t)
	x.handsV("0 +e2", "0 -f3", "140 -f1", "320 +f1", "520 +f3", "760 -f1", "860 +e1", "1060 -e1", "1120 +f1",
		"1260 -e2", "1380 +e1")
	x.run(740 * time.Millisecond)
	wantAsked(x, "f3-e2")
	x.handsV("0 +e2", "280 -e2")
	x.run(2 * time.Second)
	x.wantMoves(base + " f3-e2 f3 e2-e1")
}

// TestTapOnADiscTurnedTwoMovesAgo: Quad Wrangle on presence sensors (simulated waver hands,
// game 0). A drop on a6, c5 turned, c5-d5 made and taken back, drops on a1 and a5, b4 and b5
// turned: "a6?" is asked. Then b6 and d4 turned, c4-d5 made before break, a drop on c4, d3,
// c5, d4 and d5 turned, and a6 tapped, twice. Seen: every tap ignored, each read as a6
// turned late by a5, had a5 been the next player's. The first tap may be that turn (the
// players may turn a disc late, after the next move: review of 59ebe56), so it stays no
// answer, and the kiosk says to tap again; the second answers.
func TestTapOnADiscTurnedTwoMovesAgo(t *testing.T) {
	const base = "d7-d5 b2 d5-d7 g5-d2 b7-b3 b7 f7-c4 d5 b2-g7 e1-e3 e1 b1-a1 g6-f5 c5 a5-c3 d6 f2 d6-e5 " +
		"a4-b5 a4 d2-d4 e7-f7 c3-b2 g6 e1-b4 g5 a6-d6 b7-a7 b7 f3 d7-e7 f3-e2 f3 e2-e1 b2-c3 f2-g1 c3-d2 " +
		"g7-f6 f4 e6 c4-e2 d5-c4 g7 d4-d3 a7-b6 e7-d7 c2 c3 c1-b1 c1 d4 d6-d5 a1-b2 e6-c6 e1-f2 d5-e4 e7 c6-e6"
	x := afterMoves("quadwrangle", hw.Presence, base)(t)
	x.handsV("0 +a6", "260 -c5", "420 +c5", "480 -c5", "620 +d5", "780 -d5", "880 +c5", "980 +a1", "1100 +a5",
		"1340 -b4", "1480 +b4", "1760 -b5", "1820 +b5", "2200 -b6", "2360 +b6", "2520 -d4", "2680 +d4",
		"2800 -c4", "2880 +d5", "3020 +c4", "3320 -d3", "3520 +d3", "3800 -c5", "4000 +c5", "4260 -d4",
		"4440 +d4", "4660 -d5", "4840 +d5")
	x.run(480 * time.Millisecond)
	wantAsked(x, "a6")
	x.handsV("0 -a6", "160 +a6")
	x.run(time.Second)
	if got := x.moves(); got != base {
		t.Fatalf("moves %q: the first tap on a6, which may be a5's turn of it, answered (events %s)", got, x.eventTexts())
	}
	if ev := x.eventTexts(); !strings.Contains(ev, "a6: tap it again to choose") {
		t.Fatalf("the players are not told to tap a6 again (events %s)", ev)
	}
	x.handsV("0 -a6", "160 +a6")
	x.run(3 * time.Second)
	if got := x.moves(); !strings.HasPrefix(got, base+" a6") {
		t.Fatalf("moves %q: the second tap on a6 answered nothing (events %s)", got, x.eventTexts())
	}
	x.wantTakenOrAnswered(base, "a6", "a1", "a5", "c4-d5", "c4")
}

// Quad Wrangle on presence sensors, waver hands (FuzzHands seed 250). f3-d3 over e3, made
// before break; a drop on e3, the square it passed over; "f3-e3 or f3-d3?" asked; the
// drop's discs turned, e5-c5 made and taken back, a drop on f2 turning f1, g1, e1, e2 and
// e3, e3 last. Seen: e3's turn read as a tap choosing f3-e3, a FALSE ACCEPT, at 59ebe56:
// the drop on e3 was never weighed after f3-d3 (a piece put where the option passed over
// was not work made since it), so the turn was found only in a reading whose f2 was
// followed by more moves, which a tap now no longer stands for.
func TestWaverFuzzQuadDropOnTheOptionsWayThenATurn(t *testing.T) {
	fuzzHands(t, 250, 0, 0x54)
	const base = "e3 g2-f3 g2 f6 g2-e2 e7-e6 b7-b6 c2 e3-e5 d7-e7 d7 c2-c6 g1 g4-e4 f4"
	review42Hands(t, afterMoves("quadwrangle", hw.Presence, base), base,
		[]string{"0 -f3", "160 +e3", "220 +d3", "240 -e3", "460 -e2", "520 +e2", "720 +b3", "760 -a3", "920 -b3",
			"1000 +a3", "1080 +e3", "1480 -d3", "1640 +d3", "1800 -e2", "1900 +e2", "2120 -e4", "2240 +e4",
			"2380 -e5", "2500 +d5", "2600 -d5", "2620 +c5", "2780 -c5", "2860 +e5", "2980 +f2", "3120 -f1",
			"3320 +f1", "3480 -g1", "3560 +g1", "3940 -e1", "4040 +e1", "4160 -e2", "4300 +e2", "4620 -e3",
			"4760 +e3"},
		"f3-d3", "e3", "f2")
}

// TestTapAfterADropTheNextMoveTookOn: Quad Wrangle on presence sensors (simulated waver
// hands, game 48). c6-d5 made before break, c5 turned, a drop on c6: "d5 or c6-d5?" is
// asked. Then discs turned, a drop on b2, d5-e6, b2-a2 tried and taken back, b2-b3, and
// c6 tapped. Seen: "c6-d5: the board no longer shows that move": the drop on b2 was never
// weighed after the drop on c6 (it changes nothing the board shows changed, b2 reading
// empty again), though b2-b3 took its piece on.
func TestTapAfterADropTheNextMoveTookOn(t *testing.T) {
	const base = "a5-e5 d5 c5 a5 a6-a7 f1-f2 a2-a1 g5-d2 d4 b4 g5 a3-d3 d5-e4 a4-b5 c7-c6 c7 f7-f4 a5-a6 " +
		"d4-c3 c7-b6 c7 a5"
	x := afterMoves("quadwrangle", hw.Presence, base)(t)
	x.handsV("0 -c6", "120 +d5", "280 -c5", "480 +c5", "660 +c6")
	x.run(1200 * time.Millisecond)
	wantAsked(x, "c6-d5")
	x.handsV("0 -d7", "140 +d7", "420 -c7", "600 +c7", "760 -c5", "960 +c5", "1120 -d5", "1260 +d5",
		"1560 -b7", "1700 +b7", "1980 +b2", "2380 -c1", "2440 +c1", "2720 -d5", "2780 +e6", "3160 -e7",
		"3340 +e7", "3520 -e5", "3580 +e5", "3860 -b2", "3980 +a2", "4140 -a2", "4200 +b2", "4340 +b3",
		"4380 -b2", "4640 -b4", "4800 +b4", "5360 -c6", "5660 +c6")
	x.run(3 * time.Second)
	if got := x.moves(); !strings.HasPrefix(got, base+" c6-d5") {
		t.Fatalf("moves %q: the tap on c6 answered nothing (events %s)", got, x.eventTexts())
	}
	x.wantTakenOrAnswered(base, "c6-d5", "c6", "b2", "d5-e6", "b2-b3")
}

// TestLateTurnAfterTheNextMoveIsNoTap (review of 59ebe56): Quad Wrangle on presence
// sensors, seed 250's hands with a quicker White. f3-d3 over e3, a drop on e3, "f3-e3 or
// f3-d3?" asked; Black drops f2 (turning f1, g1, e1, e2 and e3) and turns four of the five;
// White drops b4 at once, and Black turns e3 300-1000 ms later. Seen at 59ebe56: e3's late
// turn read as a tap choosing f3-e3, a FALSE ACCEPT, since a turn was no longer looked for
// past the next move.
func TestLateTurnAfterTheNextMoveIsNoTap(t *testing.T) {
	const base = "e3 g2-f3 g2 f6 g2-e2 e7-e6 b7-b6 c2 e3-e5 d7-e7 d7 c2-c6 g1 g4-e4 f4"
	for _, b4 := range []int{4350, 4450, 4600} {
		for _, gap := range []int{300, 400, 600, 1000} {
			t.Run(fmt.Sprint(b4, "+", gap), func(t *testing.T) {
				review42Hands(t, afterMoves("quadwrangle", hw.Presence, base), base,
					[]string{"0 -f3", "160 +e3", "220 +d3", "240 -e3", "460 -e2", "520 +e2", "720 +b3", "760 -a3",
						"920 -b3", "1000 +a3", "1080 +e3", "1480 -d3", "1640 +d3", "1800 -e2", "1900 +e2", "2120 -e4",
						"2240 +e4", "2380 -e5", "2500 +d5", "2600 -d5", "2620 +c5", "2780 -c5", "2860 +e5", "2980 +f2",
						"3120 -f1", "3320 +f1", "3480 -g1", "3560 +g1", "3940 -e1", "4040 +e1", "4160 -e2", "4300 +e2",
						fmt.Sprint(b4, " +b4"), fmt.Sprint(b4+gap, " -e3"), fmt.Sprint(b4+gap+140, " +e3")},
					"f3-d3", "e3", "f2", "b4")
			})
		}
	}
}
