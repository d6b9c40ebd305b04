//go:build knowndefects

package boards

// Known defects from review41 (2026-11-26 evening: Quixo pushes seen in part, landedEarly,
// unsure readings). They fail on main and are kept out of the suite: run them with
// go test -tags knowndefects -run 'TestReview41' ./boards/, and move each to
// review41_test.go once it passes.

import (
	"testing"
	"time"
)

// TestReview41QuixoPartialHidesThePushSeenWhole: Quixo, presence sensors, after a5-a1 (X's
// cube on a1) and e1-e5. X fumbles a1 (lifted 600 ms, put back), then pushes a2-a5 quickly,
// seen whole; O pushes b1-e1 at once.
// Seen: asked "a1-a5?" alone, the push seen in part; a2-a5, the push made and seen whole,
// is no option. Choosing the one option commits a1-a5 b1-e1: a1-a5 takes X's own cube from
// a1, a position the players never made (a FALSE ACCEPT through the kiosk, or through a tap
// on a5); "none of these" drops both pushes. With O's push a4-a1 instead (on a1's line)
// both a1-a5 and a2-a5 are asked; with a 200 ms tap on a1 instead of the fumble, a2-a5 b1-e1
// are taken (TestReview41QuixoTapThenPushes). Before 671dbb5 the two pushes were dropped.
// Should: a2-a5 asked beside a1-a5 (the brief: the push seen in part is asked together with
// every push the work fits), or a2-a5 b1-e1 taken.
func TestReview41QuixoPartialHidesThePushSeenWhole(t *testing.T) {
	for _, second := range [][]string{{"b1", "c1", "d1", "e1"}, {"e1", "e2", "e3", "e4", "e5"}} {
		t.Run(second[0], func(t *testing.T) {
			x := review41Quixo(t)
			quartoResume(t, x, "a5-a1", "e1-e5")
			review41Fumble(x, "a1")
			review41Push(x, "a2", "a3", "a4", "a5")
			review41Push(x, second...)
			x.run(2 * time.Second)
			t.Logf("asked %v", x.askedMoves())
			x.wantTakenOrAnswered("a5-a1 e1-e5", "a2-a5", second[0]+"-"+second[len(second)-1])
		})
	}
}

// TestReview41SlowSlideWithReplyBetweenAskedUnanswerable: Quad Wrangle from the start,
// presence sensors. White slides a3-b3 slowly, made before break: b3 reads the stone 100-160
// ms before a3 is emptied; Black's quick g5-e5 (or a drop on e4) is begun in between.
// Seen: asked "b3?" alone (White's growth, with a3 lifted for a move on its way); the board
// shows a3-b3 and g5-e5 at rest, and choosing b3 is refused ("b3: the board no longer shows
// that move"): a question whose only option cannot be taken, open for good. "None of these"
// then lights a3-b3 and g5-e5 to be undone: two legal moves. (A tap on b3 happens to close
// it, and the board alone is then asked a3-b3.) The same at 671dbb5, before landedEarly;
// landedEarly (b3 filled > makeBreak before a3 emptied, work elsewhere between) keeps a3-b3
// out of the pair reading now too. With no work between, a3-b3 g5-e5 are taken.
// Should: a3-b3 and g5-e5 taken, or asked with a3-b3 among the options; never a question
// whose every option is refused.
func TestReview41SlowSlideWithReplyBetweenAskedUnanswerable(t *testing.T) {
	for _, c := range []struct {
		steps []string
		made  []string
	}{
		{[]string{"0 +b3", "60 -g5", "160 -a3", "260 +e5"}, []string{"a3-b3", "g5-e5"}},
		{[]string{"0 +b3", "60 -g5", "160 +e5", "260 -a3"}, []string{"a3-b3", "g5-e5"}},
		{[]string{"0 +b3", "40 -g5", "130 -a3", "200 +e5"}, []string{"a3-b3", "g5-e5"}},
		{[]string{"0 +b3", "50 +e4", "150 -a3"}, []string{"a3-b3", "e4"}},
	} {
		t.Run(c.steps[len(c.steps)-1], func(t *testing.T) {
			x := review28Quad(t)
			x.handsAt(c.steps...)
			x.run(4 * time.Second)
			for _, o := range x.askedMoves() {
				before := x.moves()
				x.send(Message{Kind: CmdChoose, Move: mustMove(t, x.rules, o)})
				if w := x.took(Warning); len(w) > 0 && x.moves() == before {
					t.Errorf("asked %s, and choosing it is refused: %s", o, w[0].Text)
				}
				break
			}
			x = review28Quad(t)
			x.handsAt(c.steps...)
			x.run(4 * time.Second)
			x.wantTakenOrAnswered("", c.made...)
		})
	}
}

// TestReview41UnsureTapOnLitPieceIgnored: Quad Wrangle from the start, presence sensors,
// the hands of TestMoveTakenBackInsideTheRestAsked (a3-d3, g5-e5, a5-c5 made and taken
// back, a6-c6): "a3-d3? Tap its lit square" is asked, a3 and d3 lit. A player taps d3 (lifts
// its stone and puts it back, 200 ms).
// Seen: the tap is reported ("tap d3") but answers nothing: the question stays open, 20 s
// on, nothing taken (the kiosk, or a touch on the empty a3, still answers:
// TestReview41UnsureAnsweredByTouchOnTheEmptySquare). Likely turnedAfterOption: some Black
// move from g5 (lifted since) could turn d3, though no move made turns it.
// Should: the tap on the lit d3 answers a3-d3, and g5-e5 a6-c6 are taken after it.
func TestReview41UnsureTapOnLitPieceIgnored(t *testing.T) {
	x := review41Asked(t)
	if x.light("d3") == (Light{}) {
		t.Fatalf("d3 not lit")
	}
	x.tap("d3")
	x.run(20 * time.Second)
	if x.ref.asked.moves != nil {
		t.Errorf("after the tap on d3 the question is still open: %v", x.ref.asked.moves)
	}
	x.wantMovesSaid("a3-d3 g5-e5 a6-c6")
}
