package boards

import (
	"strings"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/hw"
)

// TestQuartoChainAfterAQuestion: Quarto, people who go on placing while the question about
// the piece handed over is open (simulated blitz hands, games 20, 464 and 268). On identity
// sensors each next placement shows which piece was handed over before it, so the chain is
// read whole; only the last hand-over is asked. Seen: the search's budget was spent on the
// wrong options before the right one (the last asked) was weighed, a wrong piece handed
// over being followed by every placement after it, so the question stayed open, the answer
// was refused ("the board no longer shows that move") and every move since was lost. On
// polarity sensors six placements are more than the search weighs: the answer, given after
// them, is taken, the first placement's square showing it, and the rest read after it.
func TestQuartoChainAfterAQuestion(t *testing.T) {
	for _, c := range []struct {
		kind        hw.SensorKind
		start, made []string
		held        string          // the piece the first placement puts down
		gaps        []time.Duration // after each placement, in ms
	}{
		{hw.Identity, strings.Fields("BLRF a2:BDRH a1:sDQH a3:sLQH b4:BDQF"), strings.Fields("c1:sDQF b3:sLRH c3:BLQF d3:sLRF"), "BDQF", []time.Duration{700, 280, 580, 480}},
		{hw.Identity, strings.Fields("BDRF d1:BDQF"), strings.Fields("c1:BLRH b1:sLQH a3:sDRH a1:BDQH d2:sDQF"), "BDQF", []time.Duration{580, 160, 600, 520, 500}},
		{hw.Polarity, strings.Fields("sDQF"), strings.Fields("a4:BDRF c4:BLRF a2:BLRH b1:sLQH d1:sLRH b2:BDQH"), "sDQF", []time.Duration{740, 380, 340, 1080, 400, 920}},
	} {
		t.Run(strings.Join(c.made, " "), func(t *testing.T) {
			x := newRig(t, "quarto", nil, c.kind, Human, Human)
			quartoResume(t, x, c.start...)
			held := c.held
			for i, m := range c.made {
				x.put(m[:2], quartoPiece(t, held, c.kind))
				held = m[3:]
				x.run(c.gaps[i] * time.Millisecond)
			}
			x.run(2 * time.Second)
			for _, e := range x.events {
				if e.Kind == Mismatch {
					t.Fatalf("mismatch %s: the board shows legal placements", e.Text)
				}
			}
			x.wantTakenOrAnswered(strings.Join(c.start, " "), c.made...)
		})
	}
}

// TestQuickDropWhereTheNextSlideLeft: Quad Wrangle on polarity sensors (simulated blitz
// hands, game 4). b4-a5 (b5 and b6 turned), g6-g7, then d2-c2 made before break by the next
// player, then a light stone dropped on d2 by the player after: four moves in 1.5 s. Seen: d2-c2
// was read as on its way (its square d2 full again) and never as done and followed by the
// drop, so the referee held the three moves for good, with no question and no mismatch.
func TestQuickDropWhereTheNextSlideLeft(t *testing.T) {
	x := newRig(t, "quadwrangle", nil, hw.Polarity, Human, Human)
	quartoResume(t, x, strings.Fields("b3 g6-b6 f7-f5 b5 g4-e2 c1-c5 g5-c1 g5 c1-c4 b7-f3 a2-d2 b6-g6 b7 f3-e4 c5-b6 "+
		"g5-g4 a3-a1 b4 e7-g7 b4-c5 e2-f3 b6-f6 a3 b3-d3 b1-b4 f6-e6 e2 e6-d6 a1-b1 e4-d5 "+
		"e2-f2 c4-b3 d2-e2 a3-a2 f6 b4-d2 e7 c7-c6 e7-f7 b7-b6 f6-e7 b3-c3 g4-c4 g1 f2-d4 "+
		"e6 e5 g1-e3 e6-f6 d2-b2 d6-e6 c2 d7-d6 e2-d2 a7 e3-e2 c6-d7 f3-f2 a1 b6-c7 a7-b7 "+
		"g2-f3 g6-g4 f4 g1 b1-c1 f6-g6 a5-b6 g6-f6 d2-e3 a7 c2-b3 g2 b1 g7-g6 e3-d2 e4 b4 "+
		"d3-e3 b1-d3 d5-c6")...)
	base := x.moves()
	at := 0
	for _, h := range []struct {
		ms int
		sq string
		v  hw.Reading
	}{{0, "b4", 0}, {60, "a5", 2}, {240, "b5", 0}, {380, "b5", 2}, {640, "b6", 0}, {700, "b6", 2},
		{940, "g6", 0}, {1020, "g7", 1}, {1120, "c2", 2}, {1140, "d2", 0}, {1460, "d2", 1}} {
		x.run(time.Duration(h.ms-at) * time.Millisecond)
		at = h.ms
		x.put(h.sq, h.v)
	}
	x.run(3 * time.Second)
	x.wantTakenOrAnswered(base, "b4-a5", "g6-g7", "d2-c2", "d2")
}
