package boards

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/quarto"
	"github.com/tavoliere/tavoliere/hw"
)

// quartoPiece is what a sensor of kind k reads for the Quarto piece named.
func quartoPiece(t *testing.T, name string, k hw.SensorKind) hw.Reading {
	c, err := quarto.ParsePiece(name)
	if err != nil {
		t.Fatal(err)
	}
	return ReadingOf(quarto.PieceOf(c), k)
}

func (x *rig) asked() []string {
	var out []string
	for _, e := range x.took(Asking) {
		out = nil
		for _, m := range e.Options {
			out = append(out, x.rules.FormatMove(m))
		}
	}
	return out
}

// On a presence board without a rack nothing shows which piece is handed over: the referee
// asks at once, the kiosk answers; the placement is read from the squares and the piece to
// hand over is asked again.
func TestQuartoPresenceAsks(t *testing.T) {
	x := newRig(t, "quarto", nil, hw.Presence)
	x.run(time.Second)
	if got := x.asked(); len(got) != 16 {
		t.Fatalf("first turn: asked %v, want the 16 pieces", got)
	}
	x.send(Message{Kind: CmdChoose, Move: mustMove(t, x.rules, "BLRH")})
	x.wantMoves("BLRH")
	x.run(time.Second)
	if got := x.lit(LightDest); len(got) != 16 {
		t.Fatalf("the piece handed over may go anywhere: lit %v", got)
	}
	x.put("c3", 1)
	x.run(time.Second)
	got := x.asked()
	if len(got) != 15 || !slices.Contains(got, "c3:sLRH") || slices.Contains(got, "c3:BLRH") {
		t.Fatalf("after the placement: asked %v, want c3 with each of the 15 pieces left", got)
	}
	x.send(Message{Kind: CmdChoose, Move: mustMove(t, x.rules, "c3:sDQF")})
	x.wantMoves("BLRH c3:sDQF")
	x.run(time.Second)
	if x.took(Mismatch) != nil || x.took(Asking) != nil {
		t.Fatalf("nothing to ask or fix now: %v", x.events)
	}
}

// With a rack, lifting a piece from its slot says which piece is handed over: no question
// is needed once it is lifted, and a placement waits for it.
func TestQuartoRack(t *testing.T) {
	x := newRackRig(t, "quarto", nil, hw.Presence, 16)
	x.run(time.Second)
	x.took(Asking) // the first turn is asked at once; the rack answers it as well
	blrh := quarto.PieceOf(quarto.Tall)
	x.board.Set(x.slotOf(blrh, true), 0)
	x.run(100 * time.Millisecond)
	x.wantMoves("BLRH")
	x.put("c3", 1)
	x.run(100 * time.Millisecond)
	if x.ref.matchKind == noMatch {
		t.Fatal("a placement before the piece to hand over is taken counts as a mismatch")
	}
	sdqf, _ := quarto.ParsePiece("sDQF")
	x.board.Set(x.slotOf(quarto.PieceOf(sdqf), true), 0)
	x.run(100 * time.Millisecond)
	x.wantMoves("BLRH c3:sDQF")
	if x.took(Mismatch) != nil {
		t.Fatal("mismatch reported")
	}
	// One piece off the rack before the placement is a move on its way (the piece to hand
	// over chosen first); two are a mistake: the lights ask to put them back.
	x.board.Set(x.slotOf(quarto.PieceOf(0), true), 0)
	x.run(4 * time.Second)
	if x.took(Mismatch) != nil {
		t.Fatal("the piece to hand over taken before the placement: mismatch")
	}
	x.board.Set(x.slotOf(quarto.PieceOf(2), true), 0)
	x.run(4 * time.Second)
	if lights := x.ref.planRack(nil); x.took(Mismatch) == nil || lights[0] != LightPut || lights[2] != LightPut || lights[1] != LightOff {
		t.Fatalf("two pieces off the rack: no mismatch, or rack lights %v", lights)
	}
}

// The AI's first turn hands over a piece: nothing to do on a board without a rack; with a
// rack, its slot lights until the piece is taken.
func TestQuartoAIHandsOver(t *testing.T) {
	for _, slots := range []int{0, 16} {
		x := newRackRig(t, "quarto", nil, hw.Presence, slots, AI, Human)
		x.run(100 * time.Millisecond)
		x.send(Message{Kind: CmdAIResult, Version: 0, Move: mustMove(t, x.rules, "BDQF")})
		x.run(200 * time.Millisecond)
		if slots == 0 {
			x.wantMoves("BDQF")
			continue
		}
		x.wantMoves("")
		c, _ := quarto.ParsePiece("BDQF")
		if got := x.ref.planRack(nil)[c]; got != LightAIFrom {
			t.Fatalf("the AI's piece in the rack: light %v", got)
		}
		x.board.Set(x.slotOf(quarto.PieceOf(c), true), 0)
		x.run(100 * time.Millisecond)
		x.wantMoves("BDQF")
	}
}

// Identity sensors see the piece: the wrong one is a mismatch, the right one a placement.
func TestQuartoIdentityWrongPiece(t *testing.T) {
	x := newRig(t, "quarto", nil, hw.Identity)
	x.run(time.Second)
	x.send(Message{Kind: CmdChoose, Move: mustMove(t, x.rules, "BLRH")})
	x.put("a1", quartoPiece(t, "sLRH", hw.Identity))
	x.run(4 * time.Second)
	if m := x.took(Mismatch); m == nil || !strings.Contains(m[0].Text, "put the right piece on") && !strings.Contains(m[0].Text, "a1") {
		t.Fatalf("wrong piece: %v", m)
	}
	x.put("a1", quartoPiece(t, "BLRH", hw.Identity))
	x.run(time.Second)
	if got := x.asked(); len(got) != 15 {
		t.Fatalf("right piece: asked %v", got)
	}
}

// Quarto's placement and hand-over are one move: the referee's footprint names the piece.
func TestQuartoFootprintNamesPiece(t *testing.T) {
	x := newRig(t, "quarto", nil, hw.Identity)
	s := x.ref.State()
	s.Play(mustMove(t, x.rules, "BLRH"))
	defer s.Undo()
	f := s.Footprint(mustMove(t, x.rules, "c3:sDQF"))
	if f.Piece != quarto.PieceOf(quarto.Tall) || f.Rack == engine.Empty {
		t.Fatalf("footprint %+v", f)
	}
}

// The players go on before the question is answered: the opponent puts the piece handed
// over on the board. Identity sensors see which piece it is, and that answers the question;
// presence sensors do not, and the question stays open without a mismatch.
func TestQuartoAnsweredByTheNextPlacement(t *testing.T) {
	for _, kind := range []hw.SensorKind{hw.Identity, hw.Presence} {
		x := newRig(t, "quarto", nil, kind)
		x.run(time.Second)
		x.send(Message{Kind: CmdChoose, Move: mustMove(t, x.rules, "BLRH")})
		x.put("c3", quartoPiece(t, "BLRH", kind))
		x.run(time.Second)
		if got := x.asked(); len(got) != 15 {
			t.Fatalf("%s: asked %v", kind, got)
		}
		x.put("d2", quartoPiece(t, "sDQF", kind))
		x.run(5 * time.Second)
		if x.took(Mismatch) != nil {
			t.Fatalf("%s: the next placement before the answer is a mismatch", kind)
		}
		if kind == hw.Presence {
			x.wantMoves("BLRH")
			if len(x.ref.Snapshot().Asking) != 15 {
				t.Fatalf("presence: the question closed: %v", x.ref.Snapshot().Asking)
			}
			x.send(Message{Kind: CmdChoose, Move: mustMove(t, x.rules, "c3:sDQF")})
			x.run(time.Second)
		}
		x.wantMoves("BLRH c3:sDQF")
		if got := x.ref.Snapshot().Asking; len(got) != 14 || !strings.HasPrefix(got[0], "d2:") {
			t.Fatalf("%s: then asked %v, want d2 with the 14 pieces left", kind, got)
		}
	}
}
