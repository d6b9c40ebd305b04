package boards

// A fresh-eyes review (2026-11-28) of the fixes in sweep51_test.go, at 630f819: each test
// failed there. The hands are a sweep51 test's, or a variant, made by players meaning the
// reading that fix dropped; or a case the fix's rule was too wide for.

import (
	"strings"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/hw"
)

// TestReview51TriedAfterOtherReading (triedAfter): 7224's board. Black slides g3-f4 made
// before break (f4 filled 20 ms before g3 emptied); White drops e5 200 ms later; Black
// re-grips its stone on f4 (lifted 220 ms after it came down, under handOff) and holds it
// while it turns e4 and f3 (both turned by g3-f4), f3 waved over e3, d3 and c3 on its way
// back; f4 put back; e4 touched. The sensors read as TestWaverFuzzQuadTryNearTheSlideAfterIt
// with two changes moved, and both g3-e5 then f4 and g3-f4 then e5 fit them. dcf060f
// took g3-f4 by luck; 630f819 took g3-e5: both readings whole since triedAfter, the slide
// over f4 was held to begin a scan before the one to f4, its piece going on. Slides of
// one piece made before break begin alike (earliest): the two are asked.
func TestReview51TriedAfterOtherReading(t *testing.T) {
	const base = "e7-e4 e1-e2 c2 d4 a4-b5 f1-f3 c6 e4-e7 a5-d2 d4-c5 e2-e4 e7-f6 a2-b3"
	review42Hands(t, afterMoves("quadwrangle", hw.Presence, base), base, []string{
		"0 -f6", "60 +e6", "240 -e6", "340 +f6", "460 +f4", "480 -g3", "660 +e5", "680 -f4", "700 -e4", "780 +e4",
		"960 -f3", "1120 +e3", "1160 +d3", "1200 -e3", "1260 -d3", "1280 +c3", "1460 -c3", "1540 +f3", "1620 +f4",
		"1800 -e4", "1980 +e4"},
		"g3-f4", "e5")
}

// TestReview51TiesOtherReading (firstOfTwo's ties): TestWaverFuzzQuadRestThatExplainsEveryLift's
// hands exactly, made by players meaning b4, c4, d2: White drops b4 (turning a4 and b5) and
// lifts its own b3 40 ms later, putting it back 1.34 s later; g2 tried on f1 and back; c4;
// e1 fumbled around the drop on d2. dcf060f took b4, c4, d2 by luck; 630f819 took b3-b4,
// begun first only by b3 tried on c3 and put back. A move's own piece tried and put back
// first is no beginning (earliest): b4 and b3-b4 are asked.
func TestReview51TiesOtherReading(t *testing.T) {
	const base = "a6-d6 c6 f7-d5 f7 f4 f7-e6 a7 b3 a5-b4 d5-e4 b4-d4 f1-b5 d4-e5 d5 g7 b6"
	review42Hands(t, afterMoves("quadwrangle", hw.Presence, base), base, []string{
		"0 -b3", "60 +c3", "180 -c3", "260 +b3", "460 +b4", "500 -b3", "720 -b5", "820 +b5", "1120 -a4", "1220 +a4",
		"1280 -g2", "1420 +f1", "1540 -f1", "1640 +g2", "1840 +b3", "2020 +c4", "2220 -b3", "2280 +b3", "2440 -d5",
		"2560 +d5", "2760 -e1", "2860 +d2", "3100 +e1"},
		"b4", "c4", "d2")
}

// TestReview51GlimpseAnywhere (glimpsedAfter): Quad Wrangle from the start. a6-b6 slid
// slowly (b6 filled 160 ms before a6 emptied); f1, far off, reads empty for one scan 40 ms
// after b6 came down (a bounce, or Black's finger brushing it); Black drops d4 140 ms after
// a6 emptied. 630f819 asked "a6-b6?": glimpsedAfter took any square's glimpse, not only
// one in line with b6, where a slide to it could come from. A needless question.
func TestReview51GlimpseAnywhere(t *testing.T) {
	x := review42Quad(hw.Presence)(t)
	x.handsV("0 +b6", "40 -f1", "60 +f1", "160 -a6", "300 +d4")
	x.run(4 * time.Second)
	if got := x.moves(); got != "a6-b6 d4" {
		t.Fatalf("moves %q, asked %v; want a6-b6 d4 taken unasked (events %s)", got, x.askedMoves(), x.eventTexts())
	}
}

// TestReview51TriedAfterNestedTurns (triedAfter): two discs turned one inside the other
// (b7 up, c7 up, c7 down, b7 down: no piece set down anywhere else) were read as a move
// tried and taken back after d4. Only a piece set down elsewhere is carried (carriedOff).
func TestReview51TriedAfterNestedTurns(t *testing.T) {
	x := review42Quad(hw.Presence)(t)
	r := x.ref
	mk := func(n string, on bool, ms int) work {
		return work{sq: x.sq(n), on: on, at: x.now.Add(time.Duration(ms) * time.Millisecond), scan: uint32(ms / 20)}
	}
	r.ev.work = []work{mk("d4", true, 0), mk("b7", false, 300), mk("c7", false, 320), mk("c7", true, 500), mk("b7", true, 520)}
	got := r.triedAfter(r.state.Footprint(mustMove(t, x.rules, "d4")))
	var names []string
	for b := got; b != 0; {
		names = append(names, x.rules.Geometry().Name(b.Pop()))
	}
	if len(names) > 0 {
		t.Fatalf("triedAfter(d4) = %s: two discs turned nested, no piece carried, read as a move tried", strings.Join(names, " "))
	}
}
