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
