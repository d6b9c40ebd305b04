package boards

// A review of 2490efa..7513dc8 (followedWhole, fewest's front, earliest's push seen in part,
// matchAI's rolled push, putBackSoon's across, takenOn's reading). No false accept or lost
// move was found; the probes below pass at 7513dc8 (and at 2490efa).

import (
	"strings"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/hw"
)

// review60CrowdedBase leaves White to move where a3xa4 and a3xb4 leave the same board: a3
// empty, a4, b4 and a5 White (a3xa4 turns b4 and a5; a3xb4 turns a4 and a5).
const review60CrowdedBase = "a2xb2 d2xc3 b1xb2 c4xb3 a6xa7 h2xg2 b5xa5"

// TestReview60CaptureSwappedOnPolarityThenTwoMoves: Crowded on polarity sensors, sleight
// then blitz hands. a3xb4 with b4's stone swapped inside one scan (read turned, never
// empty), a4 and a5 turned; Black's e2xe1 and White's h4xh5 follow with no rest of 300 ms,
// 1.5 s and more after a3xb4's work. followedWhole may take the first move without the
// board resting (its exclusion of captures is for presence sensors only): it must not be
// a3xa4. On polarity the turn's order tells (the capture's square read changed first).
func TestReview60CaptureSwappedOnPolarityThenTwoMoves(t *testing.T) {
	for _, c := range []struct{ swap, turn, made, not string }{{"b4", "a4", "a3xb4", "a3xa4"}, {"a4", "b4", "a3xa4", "a3xb4"}} {
		x := afterMoves("crowded", hw.Polarity, review60CrowdedBase)(t)
		x.handsV("0 -a3", "50 ~"+c.swap+"=1", "100 -"+c.turn, "150 +"+c.turn+"=1", "200 -a5", "250 +a5=1",
			"300 -e2", "350 -e1", "400 +e1=2", "450 -f1", "500 +f1=2", "550 -f2", "600 +f2=2",
			"800 -h4", "1000 -h5", "1200 +h5=1", "1400 -g4", "1600 +g4=1", "1800 -g6", "1900 +g6=1")
		x.run(150 * time.Millisecond)
		early := x.moves()
		x.run(4 * time.Second)
		t.Logf("before rest %q; moves %q, asked %v, events %s", early, x.moves(), x.askedMoves(), x.eventTexts())
		if got := x.moves(); strings.Contains(got, c.not) || strings.Contains(early, c.not) {
			t.Fatalf("moves %q: %s was made (events %s)", got, c.made, x.eventTexts())
		}
	}
}
