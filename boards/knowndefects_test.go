//go:build knowndefects

package boards

// Known defects of the referee, each a failing test from a fresh-eyes review (issue 28's
// chain reading, 2026-11-26; review40: shown.go, overshot, wentOn, snatched and the tap
// answering a question) or from FuzzHands. They fail today and so are kept out of the
// suite: run them with go test -tags knowndefects ./boards/, and move each to the
// regression tests once it passes. Kept today (2026-11-28, sixteenth session): one waver
// game the fifteenth session's second review found in seeds 600-2599, present before it.
// The FuzzHands games held here before (7090, 7188, 7224, 7731, 8156, 8161, 8636, 9211,
// 9272, 9344, 9902, 926, 640 and 2038) are fixed, in sweep51_test.go, sweep52_test.go,
// sweep54_test.go, sweep55_test.go, sweep56_test.go and sweep58_test.go.

import (
	"fmt"
	"testing"
)

// TestKnownDefectWaverQuadWrangleDropForASlideAfterADrop: Quad Wrangle on polarity and
// identity sensors, waver hands (FuzzHands seed 2057, games 11 and 22). The players make
// a6-b6, a drop on a6, then b6-g1, with hands that hesitate and take moves back; g1, a
// drop nobody made, is taken (a FALSE ACCEPT). Not traced yet.
func TestKnownDefectWaverQuadWrangleDropForASlideAfterADrop(t *testing.T) {
	knownGames(t, [][2]uint64{{2057, 11}, {2057, 22}})
}

// knownGames plays FuzzHands' game of each seed and game, waver hands, people only.
func knownGames(t *testing.T, games [][2]uint64) {
	for _, g := range games {
		t.Run(fmt.Sprint(g[0], "/", g[1]), func(t *testing.T) { fuzzHands(t, g[0], uint8(g[1]), 0x50) })
	}
}
