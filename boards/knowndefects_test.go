//go:build knowndefects

package boards

// Known defects of the referee, each a failing test from a fresh-eyes review (issue 28's
// chain reading, 2026-11-26; review40: shown.go, overshot, wentOn, snatched and the tap
// answering a question) or from FuzzHands. They fail today and so are kept out of the
// suite: run them with go test -tags knowndefects ./boards/, and move each to
// review28_test.go or review40_test.go once it passes.

import (
	"testing"

	"github.com/tavoliere/tavoliere/hw"
)

// TestWaverFuzzQuadDropSwappedOntoTheSquareASlideLeft: Quad Wrangle on presence sensors,
// waver hands (FuzzHands seed 350; reached at 65eb387 by a changed game path). e7-d7 tried
// and taken back; g5-g6 made before break and the next player's drop on g5 20 ms after the
// stone left it, unseen by the debouncer; discs turned, f6 among them; e6-f7. Seen: f6-g6
// and a drop on f6 taken, then e6-f7, FALSE ACCEPTS: g5 never read empty, g6's stone was
// taken for f6's though it came down 700 ms before f6 was lifted. As seed 683: the sensors
// saw nothing of g5-g6; it should be asked, not read from f6's turn. (Seed 683's drop on
// the slide's way is asked: swappedOnTheWay.)
func TestWaverFuzzQuadDropSwappedOntoTheSquareASlideLeft(t *testing.T) {
	fuzzHands(t, 350, 0, 0xb4)
	const base = "d7-b5 c6 a3-b4 a3 e6 f1-f6 f4 c1-d2 d6 c1 a2-c4 f6-a1 f6 e1-e3 e1 g2-f1 f7-g7 e3-d4 b7-a7 " +
		"e2 b4-c5 e2-d3 e2 c4-c3 g6-e4 c3-c4 a5-b6 c4-a2"
	review42Hands(t, afterMoves("quadwrangle", hw.Presence, base), base,
		[]string{"0 -e7", "120 +d7", "260 -d7", "340 +e7", "520 +g6", "540 -g5", "560 +g5", "820 -g6", "940 +g6",
			"1220 -f6", "1420 +f6", "1540 -f4", "1620 +f4", "1900 -g7", "2060 +g7", "2140 -e6", "2260 +f7",
			"2460 -g6", "2620 +g6"},
		"g5-g6", "g5", "e6-f7")
}
