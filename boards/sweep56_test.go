package boards

// Regression tests from the simulated player's games of 2026-11-28's fourteenth session
// (FuzzHands with blitz and sleight hands held to no move missed), each failing before its
// fix.

import "testing"

// TestBlitzFuzzQuartoHandOversAlikeAsked: Quarto on polarity sensors, blitz hands (FuzzHands
// seed 926, game 47; a false accept found by the fuzzer). b2's piece handed over is asked,
// and ten placements are made before it is answered. Then b4 handing sLQH, then b3 sLRH,
// reads alike with b4 handing BLQH, then b3 sLRH or sLQH: the pieces are light all, and
// polarity sensors read only that. Seen: b4:BLQH taken. The search for sLQH's reading ran
// past a quarter of its budget, where moves alike are tried once only; b3 handing BLQH was
// tried, failed further on, and b3:sLRH was never tried. The reading of BLQH, weighed next,
// was found, and stood alone. A first move not found where moves alike were skipped is
// asked beside one alike that is found.
func TestBlitzFuzzQuartoHandOversAlikeAsked(t *testing.T) {
	handsNoneMissed(t, 926, 47, 0x90, 0)
}

// TestBlitzFuzzQuadWrangleAnswerAfterAReadingCutShort: Quad Wrangle on presence sensors,
// blitz hands (FuzzHands seed 430, game 0). "e4 or a4-e4?" is asked, and the players go on
// for ten moves, each disc turned by a lift that reads as a tap, before a4-e4 is answered.
// Seen: neither option was read as followed by the moves (the search after each ran past
// its budget, and that was read as "none follows"); the board was no match, the tap on a4
// answering went for nothing, and eleven moves were lost. An option whose reading was cut
// short is not disproved: the question stays open, the answer is taken, and the moves
// after it are read or asked.
func TestBlitzFuzzQuadWrangleAnswerAfterAReadingCutShort(t *testing.T) {
	handsNoneMissed(t, 430, 0, 0x30, 0)
}
