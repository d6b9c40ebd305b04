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

// TestReview63FumbleAcrossTheReply: Quad Wrangle from the start, presence sensors. White
// grows b3, its hand knocking a3's stone up (240 ms); Black drops e4 while a3 is up; then
// White's c5, Black's e2 (drops that read alike for either side). Seen at 4125ede and
// d0be518: a3-b3, e4, a3, c5, e2 committed: five moves for four, c5 and e2 credited to the
// wrong sides, Black to move where White is.
func TestReview63FumbleAcrossTheReply(t *testing.T) {
	review42Hands(t, review42Quad(hw.Presence), "", []string{"0 +b3", "20 -a3", "80 +e4", "260 +a3", "500 +c5", "800 +e2"}, "b3", "e4", "c5", "e2")
}

// TestReview63FumbleAcrossTheReplyDeeper: as TestReview63FumbleAcrossTheReply, two moves
// in. Seen at 4125ede: "c5?" and "e4?" asked alone (refilledQuickly's reading beside the
// fumble's), then a3-b3, e2, a3, d6 committed; at d0be518 the same commits unasked.
func TestReview63FumbleAcrossTheReplyDeeper(t *testing.T) {
	review42Hands(t, review42Quad(hw.Presence), "", []string{"0 +c5", "300 +e4", "600 +b3", "620 -a3", "680 +e2", "860 +a3", "1100 +d6"}, "c5", "e4", "b3", "e2", "d6")
}

// TestReview63BlitzHandsReadAsAFumble: the blitz test's hands to 1220 ms read the other
// way (b3 grown, b2's stone knocked up 240 ms, a1 dropped meanwhile and nudged), then
// White's d6 and Black's c2. Seen at both: g1, b2-b3, a1, b2, d6, c2 committed, a move
// more than made and d6/c2 on the wrong sides.
func TestReview63BlitzHandsReadAsAFumble(t *testing.T) {
	const base = "d2 b5 a3-d3 b5-d5 c6 g7 e7-e4 f1-f4 c3 g2-f1 d2-b2 g5-f5 c7-b6 e4-g2 e2"
	review42Hands(t, func(t *testing.T) *rig {
		x := newRig(t, "quadwrangle", nil, hw.Presence, Human, Human)
		quartoResume(t, x, strings.Fields(base)...)
		return x
	}, base, []string{"0 +g1", "280 -f1", "440 +f1", "560 +b3", "580 -b2", "640 +a1", "820 +b2", "1060 -a1", "1220 +a1", "1400 +d6", "1700 +c2"},
		"g1", "b3", "a1", "d6", "c2")
}
