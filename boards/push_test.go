package boards

import (
	"strings"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/hw"
)

// pushBy carries out a push the way hands do, lift by lift: the cube taken at the first
// square, each cube on into the hole, the cube put in at the last square reading in.
func (x *rig) pushBy(squares []string, in hw.Reading) {
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

// A Quixo push is read from the order of the hand's work: the cube taken is the first
// square emptied, and that tells c1-e1 from d1-e1 even where the squares read the same
// after both (presence sensors: every square full before and after).
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
			t.Fatalf("%s: asked, or mismatch", kind)
		}
	}
}

// A row slid as a whole hides the squares between: on presence sensors the cube taken
// (c1) and the end square it went in at (a1, its cube pushed on and the new one put in) are
// all the work shows. The one push it fits is asked, never taken; the kiosk's answer
// commits it.
func TestQuixoRowSlidAsWhole(t *testing.T) {
	x := newRig(t, "quixo", nil, hw.Presence)
	x.run(time.Second)
	x.lift("c1")
	x.run(300 * time.Millisecond)
	x.put("c1", ReadingOf(1, hw.Presence)) // b1's cube arrives as the row slides
	x.lift("a1")
	x.run(100 * time.Millisecond)
	x.put("a1", ReadingOf(1, hw.Presence))
	x.run(time.Second)
	x.wantMoves("")
	asks := x.took(Asking)
	if len(asks) != 1 || len(asks[0].Options) != 1 || x.rules.FormatMove(asks[0].Options[0]) != "c1-a1" {
		t.Fatalf("want the question c1-a1 alone, got %v", asks)
	}
	x.send(Message{Kind: CmdChoose, Move: asks[0].Options[0]})
	x.run(100 * time.Millisecond)
	x.wantMoves("c1-a1")
}

// Lifting a piece and putting it back is a tap; a square emptied and filled again as a row
// is pushed through it is not, even when its cube comes back as quickly.
func TestPushIsNoTap(t *testing.T) {
	x := newRig(t, "quixo", nil, hw.Presence)
	x.run(time.Second)
	x.pushBy([]string{"c1", "b1", "a1"}, ReadingOf(1, hw.Presence))
	x.wantMoves("c1-a1")
	if taps := x.took(Tap); taps != nil {
		t.Fatalf("a push read as taps: %v", taps)
	}
	x.lift("d3")
	x.run(200 * time.Millisecond)
	x.put("d3", ReadingOf(1, hw.Presence))
	x.run(time.Second)
	if taps := x.took(Tap); len(taps) != 1 || taps[0].Text != "d3" {
		t.Fatalf("want one tap on d3, got %v", taps)
	}
}

// A move the sensors cannot show (Push on presence sensors: marbles rolled along as one, and
// every square full before and after) is entered on the kiosk without a question; a move
// the board does not show, or one not legal, is refused with the reason.
func TestEnterUnseenMove(t *testing.T) {
	x := newRig(t, "push", nil, hw.Presence)
	x.run(time.Second)
	first := x.ref.State().Legal(nil)[0]
	x.send(Message{Kind: CmdChoose, Move: first})
	x.run(100 * time.Millisecond)
	x.wantMoves(x.rules.FormatMove(first))
	if x.ref.Stats().Entered != 1 {
		t.Fatalf("Stats.Entered = %d, want 1", x.ref.Stats().Entered)
	}
	x.send(Message{Kind: CmdChoose, Move: first + 1000})
	if w := x.took(Warning); len(w) != 1 {
		t.Fatalf("an illegal move entered: warnings %v", w)
	}

	y := newRig(t, "quixo", nil, hw.Polarity)
	y.run(time.Second)
	m := mustMove(t, y.rules, "c1-a1")
	y.send(Message{Kind: CmdChoose, Move: m}) // polarity sees c1-a1: the board does not show it yet
	y.run(100 * time.Millisecond)
	y.wantMoves("")
	if w := y.took(Warning); len(w) != 1 || !strings.Contains(w[0].Text, "the board does not show that move") {
		t.Fatalf("warnings %v", w)
	}
}

// On presence sensors a Push row rolled along as one reads as before; the marble it puts off
// landing in the gutter along the East edge says a push from the West happened: the five
// are asked, their entry squares lit, and a tap on one answers. The marble of a push already
// taken, landing late, is no new evidence.
func TestPushGutter(t *testing.T) {
	x := newSlotRig(t, "push", nil, hw.Presence, 0, true)
	x.run(time.Second)
	east := x.layout.Slots()[East-1].Cell
	x.board.Set(east, 1)
	x.run(time.Second)
	asks := x.took(Asking)
	if len(asks) != 1 {
		t.Fatalf("want one question, got %v", asks)
	}
	var names []string
	for _, m := range asks[0].Options {
		names = append(names, x.rules.FormatMove(m))
	}
	if got := strings.Join(names, " "); got != "W1 W2 W3 W4 W5" {
		t.Fatalf("asked %s, want the pushes from the West", got)
	}
	for _, sq := range []string{"a1", "a2", "a3", "a4", "a5"} {
		if x.light(sq) != LightAsk {
			t.Errorf("entry %s: light %v, want the question's", sq, x.light(sq))
		}
	}
	if x.light("c3") == LightAsk {
		t.Error("c3, no entry, lit for the question")
	}
	x.lift("a3")
	x.run(200 * time.Millisecond)
	x.put("a3", 1)
	x.run(time.Second)
	x.wantMoves("W3")

	// The marble of a push just taken lands late: nothing more happens.
	y := newSlotRig(t, "push", nil, hw.Presence, 0, true)
	y.run(time.Second)
	y.pushBy([]string{"e3", "d3", "c3", "b3", "a3"}, 1) // W3, the hole travelling from e3
	y.wantMoves("W3")
	y.board.Set(y.layout.Slots()[East-1].Cell, 1)
	y.run(time.Second)
	y.wantMoves("W3")
	if asks := y.took(Asking); asks != nil {
		t.Fatalf("the late marble asked %v", asks)
	}
}
