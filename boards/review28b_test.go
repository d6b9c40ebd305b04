package boards

// A second fresh-eyes review of today's referee changes (issue 28: pushFit's overshoot past a
// Push 4 chain, partialSplit, restored, landedLong, slidInto and firm questions, handStill
// and pastLast, a later move's overshot). Hands that a careless or quick person makes on a
// real board, played against the new rules. Tests marked "Holds" pass on main and are kept
// as evidence that the rule stands; the others fail on main.

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/hw"
)

// TestReview28bQuadDropSetDownThenSlid: Quad Wrangle from the start, presence sensors, human
// v human. White drops a stone from the supply, but sets it down one square short (c4, or
// b4 then c4), leaves it there 270-280 ms (more than handOff, less than the settle window)
// and slides it on to d4, where it stays. Black replies g5-e5 a second later, and in the
// longer case the game goes on (White a5-c5, Black g4-e4).
// Seen: "asking which move: d4?", a one-option question raised by slidInto (the stone's rest
// on c4 is "stray work, not brief", in line with d4), and, being firm, not answered by
// Black's reply: nothing is committed. In the longer case three more legal moves are made
// over 10 s and nothing is committed, with no mismatch and no further word: the game waits
// on the kiosk or a tap (answering d4 then takes all four). No other reading exists: a
// white stone that rested on c4 can only have come to d4 by White's own slide, and no Black
// move was made in between (every Quad Wrangle move changes the board).
// Should: take d4 and g5-e5 (and the rest) without a question. Severity: a needless
// question that holds the game (no false accept, no move lost once answered).
func TestReview28bQuadDropSetDownThenSlid(t *testing.T) {
	for _, c := range []struct {
		kind  hw.SensorKind
		steps []string
		made  []string
	}{
		{hw.Presence, []string{"0 +c4", "280 -c4 +d4", "1200 -g5", "1300 +e5"}, []string{"d4", "g5-e5"}},
		{hw.Presence, []string{"0 +b4", "270 -b4 +c4", "540 -c4 +d4", "1200 -g5", "1300 +e5"}, []string{"d4", "g5-e5"}},
		{hw.Presence, []string{"0 +c4", "280 -c4 +d4", "1200 -g5", "1300 +e5", "2500 -a5", "2600 +c5", "3800 -g4", "3900 +e4"},
			[]string{"d4", "g5-e5", "a5-c5", "g4-e4"}},
	} {
		t.Run(fmt.Sprint(c.kind, c.steps), func(t *testing.T) {
			x := newRig(t, "quadwrangle", nil, c.kind, Human, Human)
			x.run(500 * time.Millisecond)
			x.handsAt(c.steps...)
			x.run(10 * time.Second)
			if got := x.moves(); got != strings.Join(c.made, " ") {
				t.Fatalf("moves %q after 10 s, the hands made %q (asked %v, events %s)", got, c.made, x.askedMoves(), x.eventTexts())
			}
		})
	}
}

// TestReview28bXeQueoSamePawnQuickReply (Holds): Xe Queo! after @d6, presence sensors,
// human v human. b2-c3, and the next player takes the very pawn just put down on to d4
// (lifting c3, the last move's square) 100-150 ms after it landed, or puts it on d4 (the
// square past c3, on its line) before c3 is seen empty; a third move follows at once.
// handStill takes this for the last move's hand overshooting and waits for the board to
// rest. Holds: b2-c3, c3-d4 and the third move are committed in order.
func TestReview28bXeQueoSamePawnQuickReply(t *testing.T) {
	newX := func(t *testing.T) *rig {
		x := newRig(t, "xequeo", nil, hw.Presence, Human, Human)
		quartoResume(t, x, "@d6")
		return x
	}
	for _, c := range []struct {
		steps []string
		made  []string
	}{
		{[]string{"0 -b2", "100 +c3", "200 -c3", "300 +d4", "400 -f1", "500 +f2"}, []string{"b2-c3", "c3-d4", "f1-f2"}},
		{[]string{"0 -b2", "100 +c3", "200 +d4", "220 -c3", "400 -d4", "500 +d5"}, []string{"b2-c3", "c3-d4", "d4-d5"}},
		{[]string{"0 -b2", "100 +c3", "200 -c3", "300 +d4", "400 -d4", "500 +d5"}, []string{"b2-c3", "c3-d4", "d4-d5"}},
	} {
		t.Run(fmt.Sprint(c.steps), func(t *testing.T) { review28Hands(t, newX, "@d6", c.steps, c.made...) })
	}
}

// TestReview28bQuadDropPastLastQuickReply (Holds): Quad Wrangle from the start, presence
// sensors. White a3-d3; Black drops on e3, the square past d3 on its line (pastLast), 100-150
// ms after d3 is filled; White then slides a5-c5 at once. The drop, read as White's hand
// overshooting, waits for the board to rest (canExtend). Holds: all three are committed.
func TestReview28bQuadDropPastLastQuickReply(t *testing.T) {
	for _, c := range []struct {
		steps []string
		made  []string
	}{
		{[]string{"0 -a3", "100 +d3", "200 +e3"}, []string{"a3-d3", "e3"}},
		{[]string{"0 -a3", "100 +d3", "200 +e3", "400 -a5", "500 +c5"}, []string{"a3-d3", "e3", "a5-c5"}},
		{[]string{"0 -a3", "100 +d3", "250 +e3", "450 -a5", "550 +c5"}, []string{"a3-d3", "e3", "a5-c5"}},
	} {
		t.Run(fmt.Sprint(c.steps), func(t *testing.T) { review28Hands(t, review28Quad, "", c.steps, c.made...) })
	}
}

// TestReview28bQuadTouchInLineThenDrop (Holds): Quad Wrangle from the start, presence
// sensors. White lifts a4, thinks 280 ms (not brief), puts it back, and drops on d4, on the
// same rank; Black replies g5-e5. The lift put back is a tap, not stray work in line with
// the drop (slidInto). Holds: d4 and g5-e5 are committed, nothing asked.
func TestReview28bQuadTouchInLineThenDrop(t *testing.T) {
	x := review28Quad(t)
	x.handsAt("0 -a4", "280 +a4", "300 +d4", "1200 -g5", "1300 +e5")
	x.run(4 * time.Second)
	if got, asked := x.moves(), x.askedMoves(); got != "d4 g5-e5" || len(asked) > 0 {
		t.Fatalf("moves %q, asked %v: the hands made d4 and g5-e5 (events %s)", got, asked, x.eventTexts())
	}
}

// TestReview28bCrowdedQuickCaptureOnPastLast (Holds): Crowded from the start, presence
// sensors. Black e4xe5 (d6 turned: taken); White's e7xe6 lands on e6, the square past e5 on
// e4-e5's line, within handOff of that commit, so handStill makes the capture wait for the
// board to rest (a capture is otherwise never extendable: a disc it turns lifted may look
// like another capture's victim). White then lifts d7 to turn it: e7xd7 (d7 the victim, e6
// turned) reads the same on presence. Holds: e7xe6 is asked, never e7xd7 (or e7xd6) taken.
func TestReview28bCrowdedQuickCaptureOnPastLast(t *testing.T) {
	for _, steps := range [][]string{
		{"0 -e4", "100 -e5", "200 +e5", "300 -d6", "400 +d6", "500 -e7", "540 -e6", "600 +e6", "700 -d7", "800 +d7"},
		{"0 -e4", "100 -e5", "200 +e5", "300 -d6", "400 +d6", "500 -e7", "540 -e6", "600 +e6"},
	} {
		t.Run(fmt.Sprint(steps), func(t *testing.T) {
			newX := func(t *testing.T) *rig {
				x := newRig(t, "crowded", nil, hw.Presence, Human, Human)
				x.run(500 * time.Millisecond)
				return x
			}
			review28Hands(t, newX, "", steps, "e4xe5", "e7xe6")
		})
	}
}

// TestReview28bQuixoThreeQuickPushes (Holds): Quixo, presence sensors. On presence every
// Quixo push leaves every square as it was, so each is "restored" work, which today's rule
// calls nobody's however slow. X a1-a5, O d1-d5 and X e5-e1, 40-100 ms a step, 50-200 ms
// apart. Holds: each push is committed as it lands, so no reading ever weighs one as work
// before another: all three in order.
func TestReview28bQuixoThreeQuickPushes(t *testing.T) {
	for _, step := range []int{40, 100} {
		for _, gap := range []int{50, 200} {
			t.Run(fmt.Sprint(step, "ms ", gap, "ms"), func(t *testing.T) {
				x := newRig(t, "quixo", nil, hw.Presence, Human, Human)
				x.run(time.Second)
				x.handPush(x.after(), "a1-a5", time.Duration(step)*time.Millisecond)
				x.run(time.Duration(gap) * time.Millisecond)
				x.handPush(x.after("a1-a5"), "d1-d5", time.Duration(step)*time.Millisecond)
				x.run(time.Duration(gap) * time.Millisecond)
				x.handPush(x.after("a1-a5", "d1-d5"), "e5-e1", time.Duration(step)*time.Millisecond)
				x.run(3 * time.Second)
				x.wantMovesSaid("a1-a5 d1-d5 e5-e1")
			})
		}
	}
}
