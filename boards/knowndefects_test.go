//go:build knowndefects

package boards

// Known defects of the referee, each a failing test from a fresh-eyes review (issue 28's
// chain reading, 2026-11-26; review40: shown.go, overshot, wentOn, snatched and the tap
// answering a question) or from FuzzHands. They fail today and so are kept out of the
// suite: run them with go test -tags knowndefects ./boards/, and move each to the
// regression tests once it passes. Kept today (2026-11-29, twentieth session): one, from
// the session's review: a pawn tried and put back after a slide read as the slide's rest
// (a needless question). The
// nineteenth session's put back after the AI's move is fixed (the AI's move is held while
// a move may be called in doubt), and so is the twentieth's stone put where the AI's move
// will be (two stones for one placement are asked), and a stray answered as no move
// taken later as a move: all are in sweep62_test.go; the
// sixteenth session's drop then a fumble read as a slide is fixed (reopen.go) and is in
// sweep61_test.go; the FuzzHands games held here before (7090, 7188, 7224, 7731, 8156,
// 8161, 8636, 9211, 9272, 9344, 9902, 926, 2057, 640, 2038, 2823 and 4015) are in
// sweep51_test.go, sweep52_test.go, sweep54_test.go, sweep55_test.go, sweep56_test.go,
// sweep58_test.go, sweep59_test.go and sweep60_test.go.

import (
	"strings"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/hw"
)

// TestKnownDefectPawnTriedElsewhereAfterTheMove: Xe Queo! on presence sensors (the
// twentieth session's review; present before it). c4-c2 made, then a3's pawn tried on b3
// for 280 ms and put back, before the board settles: c2 was filled before b3's rest, so no
// reading of c4-b3 then b3-c2 stands, yet "c4-c2 or c4-b3?" is asked. A needless
// question, no move taken wrong.
func TestKnownDefectPawnTriedElsewhereAfterTheMove(t *testing.T) {
	const base = xq4770Base
	x := newRig(t, "xequeo", nil, hw.Presence, Human, Human)
	quartoResume(t, x, strings.Fields(base)...)
	x.handsAt("0 -c4", "150 +c2", "250 -a3", "400 +b3", "680 -b3", "800 +a3")
	x.run(4 * time.Second)
	if a := x.askedMoves(); len(a) > 0 {
		t.Fatalf("asked %v (moves %q)", a, x.moves())
	}
	x.wantMovesSaid(base + " c4-c2")
}
