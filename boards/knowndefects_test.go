//go:build knowndefects

package boards

// Known defects of the referee, each a failing test from a fresh-eyes review of issue 28's
// chain reading (2026-11-26). They fail today and so are kept out of the suite: run them
// with go test -tags knowndefects -run TestReview28 ./boards/, and move each to
// review28_test.go once it passes. "Parent" is how the referee did before the reviewed
// commits.

import (
	"fmt"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/hw"
)

// TestReview28QuadOvershootCommitted: Quad Wrangle from the start, presence sensors. White
// slides a3 too far, to d3, and within 100 ms brings the stone back to c3 (an overshoot
// corrected; or slid on to b3); Black then replies within 100-300 ms (g5-e5, or a drop on
// b5, or g6-e6).
// Seen: a3-d3 committed, a FALSE ACCEPT: the stone never stayed on d3 (100 ms, well under
// the settle window), and the board shows it on c3. Then a mismatch asks to undo the rest.
// Without Black's reply, a3-c3 is committed rightly; with Black's reply 400 ms or more
// after c3, a3-c3 and g5-e5 are committed rightly.
// Why: firstOfTwo reads a3-d3, g5-e5 (split at g5's lift), d3-c3, and takes it as seen
// whole and shortest. d3-c3's work (d3 off, c3 on) came before g5 was lifted, so none of it
// is in the window secondFits gives the third move (the same k as g5-e5's): startScan(fb,
// k, after0) and startScan(fb, k, 0) are both "none", the order check passes, and fits
// finds d3-c3 done by the board alone. A move with no work in its window whose squares
// changed should be no reading (its work came before the move it is read after).
// Should: commit a3-c3 then the reply, or ask; never commit a3-d3.
// Parent: the same false accept (its check, start <= after0, let "none" through too).
func TestReview28QuadOvershootCommitted(t *testing.T) {
	for _, c := range []struct {
		steps []string
		made  []string
	}{
		{[]string{"0 -a3", "100 +d3", "200 -d3", "300 +c3", "400 -g5", "500 +e5"}, []string{"a3-c3", "g5-e5"}},
		{[]string{"0 -a3", "100 +d3", "200 -d3", "300 +c3", "600 -g5", "700 +e5"}, []string{"a3-c3", "g5-e5"}},
		{[]string{"0 -a3", "100 +d3", "200 -d3", "300 +c3", "400 +b5"}, []string{"a3-c3", "b5"}},
		{[]string{"0 -a3", "100 +d3", "200 -d3", "300 +c3", "400 -g6", "500 +e6"}, []string{"a3-c3", "g6-e6"}},
		{[]string{"0 -a3", "100 +d3", "200 -d3", "300 +b3", "400 -g5", "500 +e5"}, []string{"a3-b3", "g5-e5"}},
		// The move taken back to a3 and made again as a3-c3.
		{[]string{"0 -a3", "100 +d3", "200 -d3", "300 +a3", "360 -a3", "460 +c3", "560 -g5", "660 +e5"}, []string{"a3-c3", "g5-e5"}},
	} {
		t.Run(fmt.Sprint(c.steps), func(t *testing.T) { review28Hands(t, review28Quad, "", c.steps, c.made...) })
	}
}

// TestReview28QuadTakebackInAChain: Quad Wrangle from the start, presence sensors. White
// a3-d3; the next mover makes a move, takes it back on the board at once and makes
// another, quick hands.
// Seen: g5-e5 taken back, then g4-e4, or White's third move a5-c5 taken back and a6-c6
// made: a mismatch asks to undo every legal move of the chain. (g5-e5 back, then g5-f5, held
// for good in silence, is fixed: review28_test.go.)
// Should: take the moves the board shows (a3-d3, then the move made in the end), or ask.
// Parent: the same.
func TestReview28QuadTakebackInAChain(t *testing.T) {
	for _, c := range []struct {
		steps []string
		made  []string
	}{
		{[]string{"0 -a3", "100 +d3", "200 -g5", "300 +e5", "400 -e5", "500 +g5", "600 -g4", "700 +e4"}, []string{"a3-d3", "g4-e4"}},
		{[]string{"0 -a3", "100 +d3", "200 -g5", "300 +e5", "400 -a5", "500 +c5", "600 -c5", "700 +a5", "800 -a6", "900 +c6"}, []string{"a3-d3", "g5-e5", "a6-c6"}},
	} {
		t.Run(fmt.Sprint(c.steps), func(t *testing.T) { review28Hands(t, review28Quad, "", c.steps, c.made...) })
	}
}

// TestReview28QuadDropBehindASlide: Quad Wrangle from the start, presence sensors. White
// slides a3-e3 (over b3, c3 and d3, or lifted and put down), and Black drops a stone on a
// square of the slide's line behind it, b3, c3 or d3, 20-200 ms after e3 is filled. The
// board also reads as a3-b3 (or c3, d3) followed by a drop on e3: two readings, so the
// referee should ask (the work, the slide seen passing, even tells a3-e3).
// Seen: for b3, "e3?" asked after the grace period (held in silence before 2026-11-26's
// e30a340); for c3 or d3, a mismatch asking to clear both stones: two legal moves undone.
// (A drop off the line, f3 or c5, is taken.)
// Should: take a3-e3 and the drop, or ask between the two readings.
// Parent: the same.
func TestReview28QuadDropBehindASlide(t *testing.T) {
	slide := []string{"0 -a3", "20 +b3", "40 -b3", "60 +c3", "80 -c3", "100 +d3", "120 -d3", "140 +e3"}
	for _, c := range []struct {
		steps []string
		made  []string
	}{
		{append(slide[:len(slide):len(slide)], "240 +b3"), []string{"a3-e3", "b3"}},
		{append(slide[:len(slide):len(slide)], "160 +d3"), []string{"a3-e3", "d3"}},
		{append(slide[:len(slide):len(slide)], "240 +c3"), []string{"a3-e3", "c3"}},
		{[]string{"0 -a3", "100 +e3", "200 +b3"}, []string{"a3-e3", "b3"}},
	} {
		t.Run(fmt.Sprint(c.steps), func(t *testing.T) { review28Hands(t, review28Quad, "", c.steps, c.made...) })
	}
}

// TestReview28QuadHesitationInAChain: Quad Wrangle from the start, presence sensors. A chain
// of three moves, White a3-d3, Black g5-e5, White's slide, where White first lifts one of
// its stones and puts it back (a hesitation: a6 touched, then a5-c5 made; or a5 touched
// while Black's stone is in the air, then a5-c5).
// Seen: a mismatch asks to clear d3, e5 and c5 (three legal moves undone), or, where a5
// was touched during Black's move, a3-d3 committed and then a mismatch for g5-e5 and a5-c5.
// On c3421e5 the first is nextWork's doing: the third move must act on the first work the
// second leaves unexplained, the touch on a6, so a5-c5 is never weighed. The same three
// moves without the touch, or the touch with only two moves, are taken.
// Should: take the three moves (a lift put back on a square no move uses is a fumble).
// Parent: the same mismatch.
func TestReview28QuadHesitationInAChain(t *testing.T) {
	for _, c := range []struct {
		steps []string
		made  []string
	}{
		{[]string{"0 -a3", "150 +d3", "200 -g5", "300 +e5", "360 -a6", "400 +a6", "500 -a5", "600 +c5"}, []string{"a3-d3", "g5-e5", "a5-c5"}},
		{[]string{"0 -a3", "150 +d3", "200 -g5", "300 +e5", "360 -a6", "400 +a6", "700 -a5", "800 +c5"}, []string{"a3-d3", "g5-e5", "a5-c5"}},
		{[]string{"0 -a3", "150 +d3", "200 -g5", "300 +e5", "350 -a5", "390 +a5", "450 -a6", "550 +c6"}, []string{"a3-d3", "g5-e5", "a6-c6"}},
		{[]string{"0 -a3", "100 +d3", "200 -g5", "220 -a5", "260 +a5", "300 +e5", "400 -a5", "500 +c5"}, []string{"a3-d3", "g5-e5", "a5-c5"}},
	} {
		t.Run(fmt.Sprint(c.steps), func(t *testing.T) { review28Hands(t, review28Quad, "", c.steps, c.made...) })
	}
}

// TestReview28XeQueoZigzagJump: Xe Queo! on presence sensors, after @c5 f4-d4 (d4 Y, e4 G,
// a3 O, b3 R, b2 W, f7 B, f1 V; Player 1 to move). a3-e5 jumps over b3 to c3, the pawn set
// down there, then over d4 to e5 (not in a straight line); the next player steps 100-250 ms
// after it lands (f7-e6, or b2-c3 onto the square hopped on).
// Seen: a mismatch asks to clear e5 and the step's square and to put the pawns back: both
// legal moves undone. Calm (the step 1.4 s later) both are taken; a straight double jump
// set down midway (f4-b4 via d4) followed at once is taken too.
// Should: take a3-e5 and the step. (The hop's square, c3, is off between(a3, e5), so it is
// no part of a3-e5's way (own, nextWork, stray): the put and lift there are unexplained.)
// Parent: the same.
func TestReview28XeQueoZigzagJump(t *testing.T) {
	newX := func(t *testing.T) *rig {
		x := newRig(t, "xequeo", nil, hw.Presence, Human, Human)
		quartoResume(t, x, "@c5", "f4-d4")
		return x
	}
	for _, c := range []struct {
		steps []string
		made  []string
	}{
		{[]string{"0 -a3", "200 +c3", "400 -c3", "600 +e5", "760 -f7", "900 +e6"}, []string{"a3-e5", "f7-e6"}},
		{[]string{"0 -a3", "120 +c3", "240 -c3", "360 +e5", "460 -f7", "560 +e6"}, []string{"a3-e5", "f7-e6"}},
		{[]string{"0 -a3", "120 +c3", "240 -c3", "360 +e5", "460 -b2", "560 +c3"}, []string{"a3-e5", "b2-c3"}},
	} {
		t.Run(fmt.Sprint(c.steps), func(t *testing.T) { review28Hands(t, newX, "@c5 f4-d4", c.steps, c.made...) })
	}
}

// wholeAt makes move of s at once, every square it changes set in one instant (a column
// pushed in from the edge: no square between reads empty), and plays it on s.
func (x *rig) wholeAt(s engine.State, move string) {
	x.t.Helper()
	m := mustMove(x.t, x.rules, move)
	if err := s.Validate(m); err != nil {
		x.t.Fatalf("%s: %v", move, err)
	}
	before := Project(s, x.layout.Kind())
	s.Play(m)
	after := Project(s, x.layout.Kind())
	for sq := engine.Square(0); int(sq) < x.layout.Size(); sq++ {
		if before[sq] != after[sq] {
			x.board.Set(x.layout.CellOf(sq), after[sq])
		}
	}
}

// TestReview28Push4PushThenPlacement: Push 4, four people, from the empty board. Sb (a
// marble on b1), Sb again by the next player (pushed in from the edge: b1's marble rolls on
// to b2, b1 never reading empty, as Push 4 is played), then the next player's marble in
// (Sd, W2) 120-250 ms later. Each move is seen whole on identity sensors.
// Seen: the first Sb committed, then a mismatch asks to clear b2 and the new marble's
// square and to put the right piece on b1: two legal moves undone. Polarity and presence
// alike. With no third move, the second Sb is asked with itself as the only option; with
// the third 400 ms later, all are taken.
// Should: take Sb, Sb and the placement (or ask), never ask to undo them.
// Parent: the same.
func TestReview28Push4PushThenPlacement(t *testing.T) {
	for _, c := range []struct {
		kind hw.SensorKind
		made []string
		gap  time.Duration
	}{
		{hw.Identity, []string{"Sb", "Sb", "Sd"}, 120},
		{hw.Identity, []string{"Sb", "Sb", "Sd"}, 250},
		{hw.Identity, []string{"Sb", "Sb", "W2"}, 120},
		{hw.Polarity, []string{"Sb", "Sb", "Sd"}, 120},
		{hw.Presence, []string{"Sb", "Sb", "Sd"}, 120},
	} {
		t.Run(fmt.Sprint(c.kind, c.made, int(c.gap)), func(t *testing.T) {
			x := newRig(t, "push4", nil, c.kind, Human, Human, Human, Human)
			x.run(500 * time.Millisecond)
			s := x.after()
			for _, m := range c.made {
				x.wholeAt(s, m)
				x.run(c.gap * time.Millisecond)
			}
			x.run(4 * time.Second)
			t.Logf("asked %v, events %s", x.askedMoves(), x.eventTexts())
			x.wantTakenOrAnswered("", c.made...)
		})
	}
}
