package boards

// Regression tests from the simulated player's games of 2026-11-28's twelfth session
// (FuzzHands with blitz and sleight hands held to no move missed), each failing before its
// fix.

import (
	"strings"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/hw"
)

// TestShownReadingReplacedLeavesNoMark: a reading of the board alone made ready to ask
// (shownAsked) and replaced by the next match before it was asked. Seen in an experiment
// of this session (asking sooner in Crowded, since dropped): the mark stayed on the
// referee, and the next question, 26 s later and about one move seen whole, was put as
// "the board shows several moves; which came first", with its answer then refused ("the
// board no longer shows that move"). The mark is now the verdict's, made anew each match.
func TestShownReadingReplacedLeavesNoMark(t *testing.T) {
	x := newRig(t, "crowded", nil, hw.Presence)
	x.ref.shownAsked(x.ref.legal[:1])
	x.lift("e6")
	x.lift("d6")
	x.lift("e7")
	x.run(100 * time.Millisecond)
	x.put("d6", 1)
	x.put("e7", 1)
	x.run(time.Second)
	ask := x.took(Asking)
	if len(ask) != 1 || len(ask[0].Options) != 2 || strings.HasPrefix(ask[0].Text, "the board shows") || x.ref.shown.asked {
		t.Fatalf("asking %v", ask)
	}
	x.lift("e7")
	x.run(4 * tick)
	x.put("e7", 1)
	x.run(4 * tick)
	x.wantMoves("e6xe7")
}
