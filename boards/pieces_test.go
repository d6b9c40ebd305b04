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
	x.took(Asking) // with a rack the first turn is asked after the grace period; the rack answers first
	blrh := quarto.PieceOf(quarto.Tall)
	x.board.Set(x.slotOf(blrh, true), 0)
	x.run(100 * time.Millisecond)
	x.wantMoves("BLRH")
	x.put("c3", 1)
	x.run(100 * time.Millisecond)
	if x.ref.v.kind == noMatch {
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
	m := x.took(Mismatch)
	if lights := x.ref.planRack(nil); m == nil || lights[0] != LightPut || lights[2] != LightPut || lights[1] != LightOff {
		t.Fatalf("two pieces off the rack: no mismatch, or rack lights %v", lights)
	}
	if !strings.HasSuffix(m[0].Text, "put sLRH sDRH back in the rack") {
		t.Fatalf("mismatch text %q", m[0].Text)
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
	if m := x.took(Mismatch); m == nil || !strings.HasSuffix(m[0].Text, "clear a1") {
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

// Before the first frame the rack's lights and the kiosk's snapshot are dark, not a panic.
func TestQuartoRackBeforeTheFirstFrame(t *testing.T) {
	x := newRackRig(t, "quarto", nil, hw.Presence, 16)
	ref, err := NewReferee(DefaultConfig(x.layout, x.rules), epoch)
	if err != nil {
		t.Fatal(err)
	}
	if got := ref.Snapshot().Rack; len(got) != 16 || got[0].Light != LightOff {
		t.Fatalf("rack before the first frame: %+v", got)
	}
	if got := ref.Lights(epoch, nil); len(got) != 32 {
		t.Fatalf("%d LEDs lit", len(got))
	}
}

// An answer from the kiosk for a board that has changed since the question is refused:
// the question closed as the board went back, or the option's square worked since. Where
// the option still stands untouched and the players went on past it, the answer is theirs
// to give and is taken.
func TestQuartoStaleAnswerRefused(t *testing.T) {
	x := quartoC3Asked(t, hw.Presence)
	x.lift("c3")
	x.run(x.ref.cfg.Hold + 500*time.Millisecond) // the board rests on the position: the question closes
	x.send(Message{Kind: CmdChoose, Move: mustMove(t, x.rules, "c3:sDQF")})
	x.wantMoves("BLRH")
	if w := x.took(Warning); len(w) != 1 || !strings.Contains(w[0].Text, "nothing was asked") {
		t.Fatalf("warnings %v", w) // the question closed when the board went back
	}
	// The piece asked about moved on since: the old answer does not fit the board.
	x.put("c3", 1)
	x.run(time.Second)
	x.lift("c3")
	x.run(100 * time.Millisecond)
	x.put("d4", 1)
	x.put("a4", 1)
	x.run(500 * time.Millisecond)
	x.send(Message{Kind: CmdChoose, Move: mustMove(t, x.rules, "c3:sDQF")})
	x.wantMoves("BLRH")
	if w := x.took(Warning); len(w) != 1 || !strings.Contains(w[0].Text, "no longer shows") {
		t.Fatalf("warnings %v", w)
	}
}

// TestQuartoAnswerTakenWhereTheOptionStandsUntouched: c3 asked (which piece), then d4 and a4
// filled, more than the option and a reply; c3 untouched since. The players' answer is
// taken, the work since kept for the moves after it. Before: refused, "the board no longer
// shows that move", with c3 standing as asked (waver Quad Wrangle 2714 lost a move so).
func TestQuartoAnswerTakenWhereTheOptionStandsUntouched(t *testing.T) {
	x := quartoC3Asked(t, hw.Presence)
	x.put("d4", 1)
	x.put("a4", 1)
	x.run(500 * time.Millisecond)
	x.send(Message{Kind: CmdChoose, Move: mustMove(t, x.rules, "c3:sDQF")})
	x.wantMoves("BLRH c3:sDQF")
	if w := x.took(Warning); len(w) != 0 {
		t.Fatalf("warnings %v", w)
	}
}

// quartoC3Asked hands BLRH over and puts it on c3, on sensors of kind, with no takeback,
// and checks which piece is asked (the fifteen left to hand over).
func quartoC3Asked(t *testing.T, kind hw.SensorKind) *rig {
	t.Helper()
	x := newRig(t, "quarto", nil, kind)
	x.ref.cfg.Takeback = false
	x.run(time.Second)
	x.send(Message{Kind: CmdChoose, Move: mustMove(t, x.rules, "BLRH")})
	v := hw.Reading(1)
	if kind == hw.Identity {
		v = x.piece()
	}
	x.put("c3", v)
	x.run(time.Second)
	if len(x.asked()) != 15 {
		t.Fatal("no question")
	}
	return x
}

// quartoResume puts the rig's game at the moves given, board and rack set up to match.
func quartoResume(t *testing.T, x *rig, moves ...string) {
	var ms []engine.Move
	for _, m := range moves {
		ms = append(ms, mustMove(t, x.rules, m))
	}
	x.send(Message{Kind: CmdResume, Rules: x.rules, Sides: x.ref.sides, Moves: ms})
	x.setUp()
	x.run(time.Second)
	x.took(Asking)
}

// Tall pieces on a1 b1 c1 and the tall BDRF held: taking the next piece from the rack
// before putting BDRF on d1 does not hide the win; the lights then ask for the piece back.
func TestQuartoWinAfterTakingFromTheRack(t *testing.T) {
	x := newRackRig(t, "quarto", nil, hw.Presence, 16)
	quartoResume(t, x, "BLRH", "a1:BLQH", "b1:BDQH", "c1:BDRF")
	x.board.Set(x.slotOf(quarto.PieceOf(0), true), 0) // sLRH, taken early
	x.run(200 * time.Millisecond)
	x.put("d1", 1)
	x.run(time.Second)
	x.wantMoves("BLRH a1:BLQH b1:BDQH c1:BDRF d1")
	if o := x.ref.State().Outcome(); !o.Won(0) {
		t.Fatalf("outcome %+v", o)
	}
	if got := x.ref.planRack(nil)[0]; got != LightPut {
		t.Fatalf("the piece taken early: rack light %v", got)
	}
}

// The AI's move half carried out is a move on its way, either half first: no mismatch, no
// red light.
func TestQuartoAIMoveHalfDone(t *testing.T) {
	for _, placeFirst := range []bool{true, false} {
		x := newRackRig(t, "quarto", nil, hw.Presence, 16, Human, AI)
		x.run(100 * time.Millisecond)
		x.board.Set(x.slotOf(quarto.PieceOf(quarto.Tall), true), 0) // hand over BLRH
		x.run(200 * time.Millisecond)
		x.wantMoves("BLRH")
		x.send(Message{Kind: CmdAIResult, Version: 1, Move: mustMove(t, x.rules, "c3:sDQF")})
		sdqf, _ := quarto.ParsePiece("sDQF")
		if placeFirst {
			x.put("c3", 1)
		} else {
			x.board.Set(x.slotOf(quarto.PieceOf(sdqf), true), 0)
		}
		x.run(4 * time.Second)
		if x.took(Mismatch) != nil || x.light("c3") == LightRemove || x.ref.planRack(nil)[sdqf] == LightPut {
			t.Fatalf("place first %v: half the AI's move is a mismatch", placeFirst)
		}
		if placeFirst {
			x.board.Set(x.slotOf(quarto.PieceOf(sdqf), true), 0)
		} else {
			x.put("c3", 1)
		}
		x.run(200 * time.Millisecond)
		x.wantMoves("BLRH c3:sDQF")
	}
}

// The squares where the piece held may go stay lit when the piece to hand over is taken
// from the rack first.
func TestQuartoHintsWithTheRack(t *testing.T) {
	x := newRackRig(t, "quarto", nil, hw.Presence, 16)
	quartoResume(t, x, "BLRH")
	if got := x.lit(LightDest); len(got) != 16 {
		t.Fatalf("before: lit %v", got)
	}
	x.board.Set(x.slotOf(quarto.PieceOf(2), true), 0)
	x.run(200 * time.Millisecond)
	if got := x.lit(LightDest); len(got) != 16 {
		t.Fatalf("with the piece to hand over taken: lit %v", got)
	}
}
