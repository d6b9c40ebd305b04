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
