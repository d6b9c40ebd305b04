package boards

import (
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/hw"
)

// pushBy carries out a push the way hands do, lift by lift: the cube taken at the first
// square, each cube on into the hole, the cube put in at the last square reading in.
func (x *rig) pushBy(squares []string, in hw.Reading) {
	defer x.confirm()
	x.lift(squares[0])
	x.run(200 * time.Millisecond)
	for i := 1; i < len(squares); i++ {
		v := x.board.Get(x.cell(squares[i]))
		x.lift(squares[i])
		x.run(100 * time.Millisecond)
		x.put(squares[i-1], v)
		x.run(100 * time.Millisecond)
	}
	x.put(squares[len(squares)-1], in)
	x.run(time.Second)
}

// confirm answers, on presence sensors, the question a push read from the order of the
// work alone raises: it must offer exactly one move, which the kiosk then chooses.
func (x *rig) confirm() {
	if x.layout.Kind() != hw.Presence {
		return
	}
	asks := x.took(Asking)
	if len(asks) != 1 || len(asks[0].Options) != 1 {
		x.t.Fatalf("presence: want one question with one option, got %v", asks)
	}
	x.send(Message{Kind: CmdChoose, Move: asks[0].Options[0]})
	x.run(100 * time.Millisecond)
}

// A Quixo push is read from the order of the hand's work: the cube taken is the first
// square emptied, and that tells c1-e1 from d1-e1 even where the squares read the same
// after both (presence sensors: every square full before and after; there the one move
// the order allows is still confirmed on the kiosk).
func TestQuixoPushOrder(t *testing.T) {
	for _, kind := range []hw.SensorKind{hw.Presence, hw.Polarity, hw.Identity} {
		x := newRig(t, "quixo", nil, kind)
		x.run(time.Second)
		x.pushBy([]string{"c1", "b1", "a1"}, ReadingOf(1, kind)) // take c1, in at a1
		x.wantMoves("c1-a1")
		x.pushBy([]string{"e5", "e4", "e3", "e2", "e1"}, ReadingOf(2, kind)) // QX-3: take e5, in at e1
		x.wantMoves("c1-a1 e5-e1")
		// c1-e1 (take c1, in at e1) lifts every square d1-e1 lifts, and on presence sensors
		// ends on the same board: only the cube taken first tells them apart.
		x.pushBy([]string{"c1", "d1", "e1"}, ReadingOf(1, kind))
		x.wantMoves("c1-a1 e5-e1 c1-e1")
		if x.took(Asking) != nil || x.took(Mismatch) != nil {
			t.Fatalf("%s: asked (beyond the one confirmation on presence), or mismatch", kind)
		}
	}
}
