package boards

// Regression tests from the simulated player's games of 2026-11-29's eighteenth session
// (FuzzHands seeds 2900-3799, blitz, sleight and waver hands), each failing before its fix.

import (
	"testing"
	"time"
)

// TestBlitzFuzzQuadWrangleSlideBackAfterAnotherColoursDrop: Quad Wrangle on polarity and
// identity sensors, blitz hands (FuzzHands seed 3171, games 11 and 22). c6-d7, the other
// colour's drop on e7 120 ms after d7 came down, then d7-c6 120 ms later. The board shows
// only e7 changed. Seen: e7 next to d7 was read as c6-d7's stone sliding on, so c6-d7 was
// never taken as a move a later one took back, and "d7?" was asked with a lone option. A
// piece put down next to the one resting, reading otherwise, is another piece.
func TestBlitzFuzzQuadWrangleSlideBackAfterAnotherColoursDrop(t *testing.T) {
	handsNoneMissed(t, 3171, 11, 0x30, 5*time.Second)
	handsNoneMissed(t, 3171, 22, 0x30, 5*time.Second)
}
