package boards

// Taps answering a question while the players went on: a lift and put back on a lit square
// is the answer unless a move read after the option turns that disc (turnedAfterOption).

import (
	"slices"
	"testing"
	"time"

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
