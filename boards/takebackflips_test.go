package boards

import (
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/hw"
)

// TestTakebackLightsDiscsToTurnBack: on presence sensors a capture's discs, turned by hand,
// read as they did; taken back from the kiosk once the next move was made (the discs are
// then taken as turned), the capture must light them to be turned back, not only the stones
// to clear and put (issue 31, item 6).
func TestTakebackLightsDiscsToTurnBack(t *testing.T) {
	x := newRig(t, "krypte", nil, hw.Presence)
	// Play until a legal move captures, carrying out each move's footprint.
	var capture engine.Move
	for range 40 {
		st := x.ref.State()
		var first engine.Move
		for _, m := range st.Legal(nil) {
			if first == 0 {
				first = m
			}
			if f := st.Footprint(m); f.Flipped != 0 {
				capture = m
				break
			}
		}
		m := first
		if capture != 0 {
			m = capture
		}
		f := st.Footprint(m)
		g := x.ref.State().Rules().Geometry()
		for b := f.Emptied; b != 0; {
			x.lift(g.Name(b.Pop()))
		}
		x.run(100 * time.Millisecond)
		for b := f.Filled; b != 0; {
			x.put(g.Name(b.Pop()), 1)
		}
		x.run(time.Second)
		if capture != 0 {
			break
		}
	}
	if capture == 0 {
		t.Fatal("no capture in 40 moves")
	}
	g := x.ref.State().Rules().Geometry()
	st := x.ref.State().Clone()
	st.Undo()
	flipped := st.Footprint(capture).Flipped
	if x.moves() == "" || flipped == 0 {
		t.Fatalf("the capture was not committed: %q", x.moves())
	}
	// The next move, made with the capture's discs turned (presence sensors see nothing).
	st = x.ref.State()
	var reply engine.Move
	for _, m := range st.Legal(nil) {
		if f := st.Footprint(m); f.Flipped == 0 && f.Emptied == 0 {
			reply = m
			break
		}
	}
	if reply == 0 {
		t.Skip("no plain drop to reply with") // (never in Krypte's opening)
	}
	n := len(x.ref.History())
	x.put(g.Name(st.Footprint(reply).Filled.First()), 1)
	x.run(time.Second)
	if len(x.ref.History()) != n+1 {
		t.Fatalf("the reply %s was not committed: %q", x.ref.State().Rules().FormatMove(reply), x.moves())
	}
	for range 2 {
		x.send(Message{Kind: CmdTakeback})
		x.run(tick)
	}
	if len(x.ref.History()) != n-1 {
		t.Fatalf("two takebacks left %q", x.moves())
	}
	for b := flipped; b != 0; {
		sq := g.Name(b.Pop())
		if l := x.light(sq); l != LightFlip {
			t.Errorf("%s after the capture was taken back: %v, want a disc to turn back", sq, l)
		}
	}
}
