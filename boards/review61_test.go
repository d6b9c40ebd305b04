package boards

// Review of the nineteenth session's change (reopen.go, commitKeeping's kept lift,
// handedOnSoon): probes by an adversarial tester.

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/hw"
)

const r61base = "b7-e4 b1-b3 b1 d1-d2 f7-d5 b3-b2 e5 b1-d3"

// P1: a6-b6 made, then the next player's slide d3-a6 made before break (a6 filled 50 ms
// before d3 empties), within TapMax of a6's lift.
func TestR61SlideThenSlideInMadeBeforeBreak(t *testing.T) {
	x := newRig(t, "quadwrangle", nil, hw.Presence, Human, Human)
	quartoResume(t, x, strings.Fields(r61base)...)
	x.handsAt("0 -a6", "100 +b6", "600 +a6", "650 -d3")
	x.run(4 * time.Second)
	t.Logf("events %s", x.eventTexts())
	x.wantTakenOrAnswered(r61base, "a6-b6", "d3-a6")
}

// P2: the known defect, a6 fumbled once briefly before: a6 lifted and put back (150 ms), a
// drop on b6, a6 lifted again 30 ms later and put back 400 ms after, then g1.
func TestR61DropThenFumbleAfterAnEarlierFumble(t *testing.T) {
	x := newRig(t, "quadwrangle", nil, hw.Presence, Human, Human)
	quartoResume(t, x, strings.Fields(r61base)...)
	x.handsAt("0 -a6", "150 +a6", "250 +b6", "280 -a6", "680 +a6", "1300 +g1")
	x.run(4 * time.Second)
	t.Logf("events %s", x.eventTexts())
	x.wantTakenOrAnswered(r61base, "b6", "g1")
}

// P3: the known defect on a serial board's clock (HandleTick between frames, debounced
// frames).
func TestR61ReopenOnASerialBoard(t *testing.T) {
	x := newRig(t, "quadwrangle", nil, hw.Presence, Human, Human)
	x.debounced()
	x.run(tick)
	quartoResume(t, x, strings.Fields(r61base)...)
	sb := newSerialBoard(t, x)
	at := 0
	for _, st := range []string{"0 +b6", "30 -a6", "430 +a6", "1000 +g1"} {
		ms, hand, _ := strings.Cut(st, " ")
		n := 0
		for _, c := range ms {
			n = n*10 + int(c-'0')
		}
		sb.run(time.Duration(n-at) * time.Millisecond)
		at = n
		x.hands(0, hand)
		sb.change()
	}
	sb.run(4 * time.Second)
	t.Logf("events %s", x.eventTexts())
	x.wantTakenOrAnswered(r61base, "b6", "g1")
}

// P4: the known defect where the drop is the game's last move (move-cap 9): b6 ends the
// game as a6-b6 would.
func TestR61DropThenFumbleAtTheGamesEnd(t *testing.T) {
	x := newRig(t, "quadwrangle", map[string]string{"move-cap": "9"}, hw.Presence, Human, Human)
	quartoResume(t, x, strings.Fields(r61base)...)
	x.handsAt("0 +b6", "30 -a6", "430 +a6")
	x.run(4 * time.Second)
	t.Logf("events %s", x.eventTexts())
	x.wantTakenOrAnswered(r61base, "b6")
}

// P5: the known defect with a6 fumbled twice: lifted 30 ms after the drop on b6, put back
// 50 or 100 ms later, lifted again (at 400 or 300 ms) and put back 500 ms after, more than
// TapMax after its first lift, well within it after its last; then g1. (The first: "b6 or
// a6-b6?" is asked as a6 comes back, and a6 lifted again then reads as a6-b6 shown.)
func TestR61DropThenFumbleTwice(t *testing.T) {
	for _, hands := range [][]string{
		{"0 +b6", "30 -a6", "80 +a6", "400 -a6", "900 +a6", "1500 +g1"},
		{"0 +b6", "30 -a6", "130 +a6", "300 -a6", "800 +a6", "1400 +g1"},
	} {
		t.Run(hands[3], func(t *testing.T) {
			x := newRig(t, "quadwrangle", nil, hw.Presence, Human, Human)
			quartoResume(t, x, strings.Fields(r61base)...)
			x.handsAt(hands...)
			x.run(4 * time.Second)
			t.Logf("%v: events %s", hands, x.eventTexts())
			x.wantTakenOrAnswered(r61base, "b6", "g1")
		})
	}
}

// P6: Xe Queo! with the ring sensed, on presence sensors. The green pawn goes into the ring
// (e5 lifted, the ring lifted off d6, the pawn put in d6, 200 ms); 400 ms later the ring,
// still in the mover's hand, is set down for a moment on e5, the cell the pawn left, and
// taken up again 400 ms after (less than Hold: no takeback by the board). e5-d6 stands, and
// the cards are asked. (A challenge shows nothing on the squares: the board with e5 filled
// reads as the position before e5-d6 "with another legal move played".)
func TestR61XeQueoRingSetDownWhereThePawnLeft(t *testing.T) {
	x := newRig(t, "xequeo", map[string]string{"ring": "sensed"}, hw.Presence, Human, Human)
	x.run(time.Second)
	x.put("d6", 1)
	x.run(time.Second)
	for _, mv := range [][2]string{{"e4", "e5"}, {"b3", "c4"}} {
		x.lift(mv[0])
		x.run(200 * time.Millisecond)
		x.put(mv[1], 1)
		x.run(time.Second)
	}
	base := "@d6 e4-e5 b3-c4"
	x.wantMoves(base)
	x.took(Asking)
	x.handsAt("0 -e5", "100 -d6", "200 +d6", "600 +e5", "1000 -e5")
	x.run(4 * time.Second)
	t.Logf("events %s, moves %q", x.eventTexts(), x.moves())
	if got := x.moves(); got != base+" e5-d6" {
		t.Fatalf("moves %q, want %q: the pawn went into the ring (events %s)", got, base+" e5-d6", x.eventTexts())
	}
	if a := kindOf(x.events, Asking); len(a) == 0 || len(a[len(a)-1].Options) != 7 {
		t.Fatalf("the cards are not asked (events %s)", x.eventTexts())
	}
}

// P7: Xe Queo! on presence sensors, b2-c3 then the next player's c3-b4 at once: the pawn
// taken up again 110, 200 or 300 ms after it came down on c3. b2-b4 (a jump over b3, the
// pawn touching c3 on its way) fits the squares too: taken or asked, never lost.
func TestR61XeQueoSamePawnMovedOnQuickly(t *testing.T) {
	for _, up := range []int{150, 240, 340} {
		x := newRig(t, "xequeo", nil, hw.Presence, Human, Human)
		base := "@c6 f7-f6 f4-f5"
		quartoResume(t, x, strings.Fields(base)...)
		x.handsAt("0 -b2", "40 +c3", itoa(up)+" -c3", itoa(up+100)+" +b4")
		x.run(5 * time.Second)
		t.Logf("c3 up at %d: events %s, moves %q", up, x.eventTexts(), x.moves())
		got := x.moves()
		if got == base {
			a := x.took(Asking)
			if len(a) == 0 {
				t.Errorf("c3 up at %d: neither taken nor asked", up)
				continue
			}
			if !slices.Contains(a[len(a)-1].Options, mustMove(t, x.rules, "b2-c3")) {
				t.Errorf("c3 up at %d: asked %v without b2-c3", up, x.rules.FormatMove(a[len(a)-1].Options[0]))
			}
			continue
		}
		if got != base+" b2-c3 c3-b4" {
			t.Errorf("c3 up at %d: moves %q, the hands made b2-c3 c3-b4 (events %s)", up, got, x.eventTexts())
		}
	}
}

// P8: Xe Queo! on presence sensors, b2-c3 then the next player's c3-c4 at once: the pawn
// taken up again 110, 200 or 300 ms after it came down on c3. No single move reads so
// (b2-c4 is no step and no jump): b2-c3 and c3-c4 are taken, or b2-c3 asked; never lost.
func TestR61XeQueoSamePawnMovedOnQuicklyNoRival(t *testing.T) {
	for _, up := range []int{150, 240, 340} {
		x := newRig(t, "xequeo", nil, hw.Presence, Human, Human)
		base := "@c6 f7-f6 f4-f5"
		quartoResume(t, x, strings.Fields(base)...)
		x.handsAt("0 -b2", "40 +c3", itoa(up)+" -c3", itoa(up+100)+" +c4")
		x.run(5 * time.Second)
		t.Logf("c3 up at %d: events %s, moves %q", up, x.eventTexts(), x.moves())
		x.wantTakenOrAnswered(base, "b2-c3", "c3-c4")
	}
}

// P9: a6-b6 made, the next player's drop on a6 600 ms after a6's lift (reopened, asked),
// then the first player's b6-c6 before anybody answers: only a6-b6, a6, b6-c6 reads so.
func TestR61ReopenedThenTheGameGoesOn(t *testing.T) {
	x := newRig(t, "quadwrangle", nil, hw.Presence, Human, Human)
	quartoResume(t, x, strings.Fields(r61base)...)
	x.handsAt("0 -a6", "100 +b6", "600 +a6", "1200 -b6", "1300 +c6")
	x.run(4 * time.Second)
	t.Logf("events %s", x.eventTexts())
	x.wantTakenOrAnswered(r61base, "a6-b6", "a6", "b6-c6")
}

// P10: the known defect with the next player's drop on c6 in the same scan as a6 put back
// (a6 read first, c6 after it in the scan): the move reopened is named in the TakenBack
// event (the kiosk words it, the simulated player puts it back at the head of its moves).
func TestR61ReopenWithAnotherChangeInTheSameScan(t *testing.T) {
	x := newRig(t, "quadwrangle", nil, hw.Presence, Human, Human)
	quartoResume(t, x, strings.Fields(r61base)...)
	if x.cell("c6") < x.cell("a6") {
		t.Fatalf("c6's cell %d is read before a6's %d", x.cell("c6"), x.cell("a6"))
	}
	x.handsAt("0 +b6", "30 -a6", "430 +a6 +c6")
	x.run(4 * time.Second)
	t.Logf("events %s", x.eventTexts())
	tb := kindOf(x.events, TakenBack)
	if len(tb) != 1 || tb[0].Move != mustMove(t, x.rules, "a6-b6") || tb[0].Msg.Args["move"] != "a6-b6" {
		t.Errorf("takebacks %+v: want a6-b6 named", tb)
	}
	x.wantTakenOrAnswered(r61base, "b6", "c6")
}

// P11: against the AI (Black), the known defect: a6-b6 committed, the AI's answer g1
// announced, then a6 put back. a6-b6 is reopened, the AI's g1 dropped with it (its search
// was for a position gone), b6 asked alone (a6-b6 then a6 by hand is no reading: the AI
// is to move), and once answered the AI is asked again.
func TestR61ReopenAgainstTheAI(t *testing.T) {
	x := newRig(t, "quadwrangle", nil, hw.Presence, Human, AI)
	fumbleA6(t, x)
	x.send(Message{Kind: CmdAIResult, Version: uint64(x.ref.State().Ply()), Move: mustMove(t, x.rules, "g1")})
	x.run(40 * time.Millisecond)
	x.hands(0, "+a6")
	x.run(3 * time.Second)
	if x.ref.thinking || x.ref.aiMove != 0 || len(kindOf(x.events, TakenBack)) != 1 {
		t.Fatalf("thinking %v, AI's move %v (events %s)", x.ref.thinking, x.ref.aiMove, x.eventTexts())
	}
	x.wantTakenOrAnswered(r61base, "b6")
	if len(kindOf(x.events, Think)) != 1 {
		t.Fatalf("the AI is not asked again after b6")
	}
}

// P12: discs to turn (presence sensors): e5-f4 turns g3, e4, g4 and g5. e5-f4 made, then
// the next player's drop on e5 600 ms after e5's lift, the discs turned after; and f4
// dropped with e5 fumbled (put back 400 ms after), the discs turned after. Each is asked,
// and answered the game and the board agree, no disc left lit.
func TestR61ReopenWithDiscsToTurn(t *testing.T) {
	turn := []string{"1000 -g3", "1100 +g3", "1200 -e4", "1300 +e4", "1400 -g4", "1500 +g4", "1600 -g5", "1700 +g5"}
	for _, tc := range []struct {
		hands, made []string
	}{
		{append([]string{"0 -e5", "100 +f4", "600 +e5"}, turn...), []string{"e5-f4", "e5"}},
		{append([]string{"0 +f4", "30 -e5", "430 +e5"}, turn...), []string{"f4"}},
	} {
		x := newRig(t, "quadwrangle", nil, hw.Presence, Human, Human)
		quartoResume(t, x, strings.Fields(r61base)...)
		x.handsAt(tc.hands...)
		x.run(4 * time.Second)
		x.wantTakenOrAnswered(r61base, tc.made...)
		x.run(4 * time.Second)
		if x.ref.pending != 0 || x.ref.diff != 0 || len(x.lit(LightFlip)) > 0 {
			t.Errorf("%v: pending %s, differing %s, lit to turn %v", tc.made, x.ref.names(x.ref.pending), x.ref.names(x.ref.diff), x.lit(LightFlip))
		}
	}
}
