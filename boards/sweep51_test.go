package boards

// Tests from the sweep of FuzzHands seeds 7500-7999 of 2026-11-28's ninth session (issue
// 28; docs/lab/2026-11-28-fuzz-families-12.md), each failing at the commit before its fix.

import (
	"testing"

	"github.com/tavoliere/tavoliere/hw"
)

// TestBlitzFuzzQuadSlideThenItsSquareRefilledMovesLater: Quad Wrangle on presence
// sensors, blitz hands (FuzzHands seed 7623). f7-g7; f1-f4 over f2 and f3, 140 ms later;
// g4, e5 and g3 touched; b5; f4-d2 over e3; g2-f1, refilling f1 0.8 s after the slide
// left it; e1, e2 touched; f2; e2, e1 and f1 touched. Seen: f7-g7, f4, b5, f4-d2 and
// g2-f2 taken, FALSE ACCEPTS (the same squares filled, one move fewer): f1's lift read
// as a stone held through three moves and put back, since f1-f4 was never read as a first
// move. Its order ended at g2-f1 refilling f1, taken for f1-f4's stone going back because
// f4's was up again, though it had come down on d2 since.
func TestBlitzFuzzQuadSlideThenItsSquareRefilledMovesLater(t *testing.T) {
	fuzzHands(t, 7623, 0, 0x30)
	const base = "b7-f3 b1-e4 f7-b3 e4-b7 a3-c5 g6-f7 d7-d3 e1-d2 c5-a3 d6 e3 d2-b4 g3-f4 d3-c4 f3-c6 " +
		"e7-d7 e3-e7 b4-e1 f4-g3 d1-e2 g5-f6 b2 e5 a5-b4"
	review42Hands(t, afterMoves("quadwrangle", hw.Presence, base), base, []string{
		"0 -f7", "80 +g7", "220 -f1", "280 +f2", "320 -f2", "340 +f3", "400 -f3", "440 +f4", "660 -g4", "820 +g4",
		"1020 -e5", "1060 +e5", "1180 -g3", "1260 +g3", "1400 +b5", "1640 +e3", "1660 -f4", "1700 -e3", "1740 +d2",
		"1820 -g2", "1900 +f1", "2040 -e1", "2140 +e1", "2400 -e2", "2540 +e2", "2600 +f2", "2860 -e2", "3020 +e2",
		"3280 -e1", "3400 +e1", "3680 -f1", "3740 +f1"},
		"f7-g7", "f1-f4", "b5", "f4-d2", "g2-f1", "f2")
}
