//go:build knowndefects

package boards

// Known defects of the referee, each a failing test from a fresh-eyes review or from
// FuzzHands. They fail today and so are kept out of the suite: run them with go test -tags
// knowndefects ./boards/, and move each to the regression tests once it passes.
//
// Kept today (2026-11-29, twenty-first session): false accepts present before the session,
// found by its two reviews: a quick takeback after an out-of-turn reply; fumbles that span
// the reply (a lift before the split, put back after it, read as a slide and a drop: the
// fumble's own reading is never found, as nextWork's brief looks only from the split on;
// looking at the whole work found it but let wrong readings complete first, and was
// taken out); a refill then a slow turn; the same quicker, a move lost; a takeback over
// another square. Seven, each failing at d0be518, the session's start, too. The twentieth
// session's pawn tried after a slide and read as its rest is fixed and in
// sweep63_test.go; the defects held here before are in sweep51_test.go to sweep62_test.go.

import (
	"slices"
	"testing"

	"github.com/tavoliere/tavoliere/hw"
)

// TestKnownDefectQuickTakebackAfterTheReply: review43's takeback after the reply, within
// handOff: a3-b3 (made before break), e4 dropped out of turn, b3's stone back on a3 240 ms
// after a3's lift, then White's c5. Seen at d0be518 and since: a3-b3, e4, b3-a3, c5
// committed (c5 Black's), a false accept.
func TestKnownDefectQuickTakebackAfterTheReply(t *testing.T) {
	review42Hands(t, review42Quad(hw.Presence), "", []string{"0 +b3", "20 -a3", "80 +e4", "150 -b3", "260 +a3", "500 +c5"}, "c5", "e4")
}

// TestKnownDefectFumbleAcrossTheReply: Quad Wrangle from the start, presence sensors. White
// grows b3, its hand knocking a3's stone up (240 ms); Black drops e4 while a3 is up; then
// White's c5, Black's e2 (drops that read alike for either side). Seen at 4125ede and
// d0be518: a3-b3, e4, a3, c5, e2 committed: five moves for four, c5 and e2 credited to the
// wrong sides, Black to move where White is.
func TestKnownDefectFumbleAcrossTheReply(t *testing.T) {
	review42Hands(t, review42Quad(hw.Presence), "", []string{"0 +b3", "20 -a3", "80 +e4", "260 +a3", "500 +c5", "800 +e2"}, "b3", "e4", "c5", "e2")
}

// TestKnownDefectFumbleAcrossTheReplyDeeper: as TestKnownDefectFumbleAcrossTheReply, two moves
// in. Seen at 4125ede: "c5?" and "e4?" asked alone (refilledQuickly's reading beside the
// fumble's), then a3-b3, e2, a3, d6 committed; at d0be518 the same commits unasked.
func TestKnownDefectFumbleAcrossTheReplyDeeper(t *testing.T) {
	review42Hands(t, review42Quad(hw.Presence), "", []string{"0 +c5", "300 +e4", "600 +b3", "620 -a3", "680 +e2", "860 +a3", "1100 +d6"}, "c5", "e4", "b3", "e2", "d6")
}

// TestReview63BlitzHandsReadAsAFumble: the blitz test's hands to 1220 ms read the other
// way (b3 grown, b2's stone knocked up 240 ms, a1 dropped meanwhile and nudged), then
// White's d6 and Black's c2. Seen at both: g1, b2-b3, a1, b2, d6, c2 committed, a move
// more than made and d6/c2 on the wrong sides.
func TestKnownDefectBlitzHandsReadAsAFumble(t *testing.T) {
	review42Hands(t, quadPresenceAfter(blitz5183Base), blitz5183Base, append(slices.Clone(blitz5183Hands), "1400 +d6", "1700 +c2"),
		"g1", "b3", "a1", "d6", "c2")
}

// TestKnownDefectRefillThenASlowTurn (old): P7's hands with no move before: White a5-b6,
// Black's drop on a5 220 ms after its lift, White's f6 turning g5, then g6 held 400 or
// 600 ms. At every commit from d0be518 to 35e7282: b6 committed (the fumble's reading,
// done while the made one waits for g6), then "f6 or g5-f6?" for Black.
func TestKnownDefectRefillThenASlowTurn(t *testing.T) {
	for _, c := range []struct {
		name  string
		steps []string
	}{
		{"g6 400 ms", []string{"0 -a5", "120 +b6", "220 +a5", "500 +f6", "600 -g5", "750 +g5", "850 -g6", "1250 +g6"}},
		{"g6 600 ms", []string{"0 -a5", "120 +b6", "220 +a5", "500 +f6", "600 -g5", "750 +g5", "850 -g6", "1450 +g6"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			review42Hands(t, review42Quad(hw.Presence), "", c.steps, "a5-b6", "a5", "f6")
		})
	}
}

// TestKnownDefectTakebackOverAnotherSquare (old): review63's takeback after a turning reply,
// c3's stone set on b4 for 60 ms on its way back to a3. a3-c3 committed at every commit.
func TestKnownDefectTakebackOverAnotherSquare(t *testing.T) {
	review42Hands(t, review42Quad(hw.Presence), "", []string{"0 -a3", "100 +c3", "200 +d2", "300 -c3", "400 +c3", "500 -c3", "560 +b4", "620 -b4", "700 +a3", "800 -a3", "900 +d3", "1100 -d3", "1200 +d3"}, "a3-d3", "d2")
}

// TestKnownDefectRefillInAChainQuick (old): review63c's TestReview63cRefillInAChainThenASlowTurn
// hands quicker, b7 knocked as b6 lands (the second review's random probe). "b7-b6 or b6?"
// asked, a5-b6 lost, at d0be518 and since.
func TestKnownDefectRefillInAChainQuick(t *testing.T) {
	review42Hands(t, quadPresenceAfter("f5"), "f5", []string{"0 -f1", "118 +c4", "373 -a5", "418 -b7", "466 +b6", "495 +a5", "543 +b7", "638 +f6", "694 -g5", "815 +g5", "930 -g6", "1337 +g6"},
		"f1-c4", "a5-b6", "a5", "f6")
}
