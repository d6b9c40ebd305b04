package boards

// Probes of 4125ede (refilledQuickly, orderSplit's "piece came down" rule and turned).

import (
	"strings"
	"testing"

	"github.com/tavoliere/tavoliere/hw"
)

// TestReview63TakebackAfterATurningReply: Quad Wrangle from the start. White slides a3-c3;
// Black replies with a move that turns c3 (d2, or d1-d2; c3 lifted and put back); White
// takes a3-c3 back (c3's stone on a3) and slides a3-d3 instead, which the reply turns
// (d3 lifted and put back). review43's takeback after the reply, the reply turning a's
// stone. At d0be518: "a3-d3?" asked, then the reply. At 4125ede (turned): a3-c3
// committed (a move taken back), or "a3-c3?" asked alone.
func TestReview63TakebackAfterATurningReply(t *testing.T) {
	for _, kind := range []hw.SensorKind{hw.Presence, hw.Polarity} {
		for _, c := range []struct {
			steps []string
			made  []string
		}{
			{[]string{"0 -a3", "100 +c3=1", "200 +d2=2", "300 -c3", "400 +c3=2", "500 -c3", "600 +a3=1", "700 -a3", "800 +d3=1", "1000 -d3", "1100 +d3=2"}, []string{"a3-d3", "d2"}},
			{[]string{"0 -a3", "100 +c3=1", "200 -d1", "300 +d2=2", "400 -c3", "500 +c3=2", "600 -c3", "700 +a3=1", "800 -a3", "900 +d3=1", "1100 -d3", "1200 +d3=2"}, []string{"a3-d3", "d1-d2"}},
			{[]string{"0 -a3", "200 +c3=1", "500 +d2=2", "700 -c3", "850 +c3=2", "1000 -c3", "1150 +a3=1", "1450 -a3", "1600 +d3=1", "1900 -d3", "2050 +d3=2"}, []string{"a3-d3", "d2"}},
		} {
			t.Run(kind.String()+" "+strings.Join(c.made, ","), func(t *testing.T) {
				review42Hands(t, review42Quad(kind), "", readingsFor(kind, c.steps), c.made...)
			})
		}
	}
}
