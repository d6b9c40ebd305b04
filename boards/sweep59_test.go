package boards

// Regression tests from the simulated player's games of 2026-11-28's seventeenth session
// (FuzzHands seeds 2600-2899, blitz hands, lost even with 5 s of patience), each failing
// before its fix.

import (
	"testing"
	"time"
)

// TestBlitzFuzzQuixoPushSeenInPartEndsWhereItsEntryFills: Quixo on polarity and identity
// sensors, blitz hands (FuzzHands seed 2843, games 17 and 28). a1 is lifted and put back,
// then b1-e1, c1-a1 and d1-a1 are made along row 1 with no rest. b1-e1 is asked (a1's
// lift may have begun a longer push), but its work was read to end at the first work off
// its line, a1's lift within c1-a1: c1-a1's first three steps went with b1-e1, and no
// reading of the moves after it was found. The question stayed unread, and the tap on e1
// answering it was never taken. A cube push seen whole since the board last read as the
// position ends where its entry is filled.
func TestBlitzFuzzQuixoPushSeenInPartEndsWhereItsEntryFills(t *testing.T) {
	handsNoneMissed(t, 2843, 17, 0x30, 5*time.Second)
	handsNoneMissed(t, 2843, 28, 0x30, 5*time.Second)
}
