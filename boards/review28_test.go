package boards

// A fresh-eyes review of the chain-reading commits caafdfa, 8f833a7, c5a40e0, de5d5a3 and
// c3421e5 (issue 28): sequences of quick, clumsy or sly hands for which the referee committed
// a move the hands did not make, lost a move, or asked players to undo legal moves. Those
// fixed are here; those still failing are in knowndefects_test.go.

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/hw"
)

// review28Hands plays steps ("ms -sq" lifts, "ms +sq" puts, presence sensors) on a rig made
// by newX, then lets the board settle, and wants made taken or asked in order.
func review28Hands(t *testing.T, newX func(t *testing.T) *rig, base string, steps []string, made ...string) {
	t.Helper()
	x := newX(t)
	x.handsAt(steps...)
	x.run(4 * time.Second)
	t.Logf("%v: asked %v, events %s", steps, x.askedMoves(), x.eventTexts())
	x.wantTakenOrAnswered(base, made...)
}

func review28Quad(t *testing.T) *rig {
	x := newRig(t, "quadwrangle", nil, hw.Presence, Human, Human)
	x.run(500 * time.Millisecond)
	return x
}

// TestReview28QuadSlideDestinationFirst: Quad Wrangle from the start, presence sensors. White
// makes a3-d3 by putting a stone on d3 first and then taking a3's stone off, 150-300 ms
// later (a hand that holds a stone from the supply, or "moves" by replacing). The board
// shows a3-d3 and nothing else can be read from it.
// Seen: neither committed nor asked, and no mismatch either: the referee waits for good,
// silently (carriedLate, c3421e5, takes a3-d3 out of the single-move fits and out of
// firstOfTwo: d3 "filled for good well before" a3 was emptied). With Black's g5-e5 made
// after it, a mismatch asks to clear d3 and e5: two legal moves undone.
// Fixed: carriedLate holds only for pieces of their own identity (Xe Queo!'s pawns); stones
// alike may be swapped. A regression of c3421e5, which the parent did not have.
func TestReview28QuadSlideDestinationFirst(t *testing.T) {
	for _, c := range []struct {
		steps []string
		made  []string
	}{
		{[]string{"0 +d3", "300 -a3"}, []string{"a3-d3"}},
		{[]string{"0 +d3", "150 -a3"}, []string{"a3-d3"}},
		{[]string{"0 +d3", "300 -a3", "1500 -g5", "1700 +e5"}, []string{"a3-d3", "g5-e5"}},
	} {
		t.Run(fmt.Sprint(c.steps), func(t *testing.T) { review28Hands(t, review28Quad, "", c.steps, c.made...) })
	}
}

// TestReview28QuadOvershootNeverTaken: Quad Wrangle from the start, presence sensors. White
// slides a3's stone past d3 and back to c3 (or b3) within 100 ms, then Black replies at
// once. Seen: a3-d3 committed, a false accept (the parent too): a3-d3, g5-e5, d3-c3 was read
// with d3-c3's work all before g5-e5 began, none in its window. A move of a chain with no
// work after the move before it began is no reading. (a3-c3 and the reply are taken:
// TestReview28QuadOvershootThenReply.)
func TestReview28QuadOvershootNeverTaken(t *testing.T) {
	for _, steps := range [][]string{
		{"0 -a3", "100 +d3", "200 -d3", "300 +c3", "400 -g5", "500 +e5"},
		{"0 -a3", "100 +d3", "200 -d3", "300 +c3", "600 -g5", "700 +e5"},
		{"0 -a3", "100 +d3", "200 -d3", "300 +c3", "400 +b5"},
		{"0 -a3", "100 +d3", "200 -d3", "300 +c3", "400 -g6", "500 +e6"},
		{"0 -a3", "100 +d3", "200 -d3", "300 +b3", "400 -g5", "500 +e5"},
	} {
		t.Run(fmt.Sprint(steps), func(t *testing.T) {
			x := review28Quad(t)
			x.handsAt(steps...)
			x.run(4 * time.Second)
			if got := x.moves(); strings.Contains(got, "a3-d3") {
				t.Fatalf("moves %q: a3-d3 taken, the stone never rested on d3 (events %s)", got, x.eventTexts())
			}
		})
	}
}

// TestReview28QuadMoveTakenBackInAChain: Quad Wrangle from the start, presence sensors.
// White a3-d3; Black slides g5-e5, takes it back to g5 at once and slides g5-f5 instead.
// Seen: nothing committed, asked or reported, for good (the parent too): a3-d3 was read
// with the rest on its way (g5-f5 begun, e5's stone put down and taken off unexplained), and
// a rest on its way waited without end. Once the board has rested for the grace period the
// rest is on its way no longer: a3-d3 is asked, and the rest read after the answer. With
// g4-e4 made in the end, a mismatch asked to undo a3-d3 and g4-e4 (the parent too); e5's
// stone, put down and taken off within handOff, is nobody's now (brief).
func TestReview28QuadMoveTakenBackInAChain(t *testing.T) {
	review28Hands(t, review28Quad, "", []string{"0 -a3", "100 +d3", "200 -g5", "300 +e5", "400 -e5", "500 +g5", "600 -g5", "700 +f5"},
		"a3-d3", "g5-f5")
	review28Hands(t, review28Quad, "", []string{"0 -a3", "100 +d3", "200 -g5", "300 +e5", "400 -e5", "500 +g5", "600 -g4", "700 +e4"},
		"a3-d3", "g4-e4")
}

// TestReview28QuadDropBehindASlideNotSilent: Quad Wrangle from the start, presence sensors.
// a3-e3 slid over b3, c3 and d3, then Black drops on b3 100 ms after e3 filled. Seen: held
// for good with no question and no mismatch (the parent too). Past the grace period the
// reading held was first taken as done: it committed e3, a drop White never made (caught
// before landing). Now nothing but the moves made is committed, and the players are asked.
// (Reading a3-e3 and b3 is still to do: knowndefects_test.go.)
func TestReview28QuadDropBehindASlideNotSilent(t *testing.T) {
	x := review28Quad(t)
	x.handsAt("0 -a3", "20 +b3", "40 -b3", "60 +c3", "80 -c3", "100 +d3", "120 -d3", "140 +e3", "240 +b3")
	x.run(5 * time.Second)
	made := []string{"a3-e3", "b3"}
	got := strings.Fields(x.moves())
	if len(got) > len(made) || !slices.Equal(got, made[:len(got)]) {
		t.Fatalf("moves %q: the hands made %q (events %s)", got, made, x.eventTexts())
	}
	if len(got) < len(made) && x.ref.asked.moves == nil && !x.ref.misSent {
		t.Fatalf("moves %q after 5 s: no question and no mismatch (events %s)", got, x.eventTexts())
	}
}

// TestReview28XeQueoAnswerForAMoveTakenBack: Xe Queo! on presence sensors, after @d6.
// b2-c2, then c2-c3 by the next player at once: asked, b2-c3 or b2-c2 (as
// TestAnswerOnTheSquareGoneThrough). The second player then takes c2-c3 back, the pawn put
// on c2 again, and somebody answers b2-c3 on the kiosk.
// Seen: b2-c3 committed though the board shows the pawn on c2 (b2-c3 followed by c3-c2 is
// no reading: c3-c2 goes away from the ring), a FALSE ACCEPT through the kiosk; a mismatch
// then asks to put the pawn on c3.
// Fixed: an answer is taken only where the board shows its option, alone or followed by
// the moves of the people after it (the parent took it too).
func TestReview28XeQueoAnswerForAMoveTakenBack(t *testing.T) {
	x := newRig(t, "xequeo", nil, hw.Presence, Human, Human)
	quartoResume(t, x, "@d6")
	x.hands(60*time.Millisecond, "-b2", "+c2")
	x.run(200 * time.Millisecond)
	x.hands(60*time.Millisecond, "-c2", "+c3")
	x.run(2 * time.Second)
	if got := x.askedMoves(); len(got) != 2 {
		t.Fatalf("asked %v, want b2-c3 and b2-c2 (events %s)", got, x.eventTexts())
	}
	x.hands(100*time.Millisecond, "-c3", "+c2")
	x.run(2 * time.Second)
	x.send(Message{Kind: CmdChoose, Move: mustMove(t, x.rules, "b2-c3")})
	x.run(2 * time.Second)
	if got := x.moves(); got != "@d6" && got != "@d6 b2-c2" {
		t.Fatalf("moves %q: the board shows b2-c2 (events %s)", got, x.eventTexts())
	}
}

// TestReview28QuadOvershootThenReply: Quad Wrangle from the start, presence sensors. White
// slides a3's stone past its end, to d3, and within 100 ms brings it back to c3 (or b3, or
// takes the move back to a3 and makes a3-c3 again); Black replies 100-300 ms later.
// Seen: a mismatch asking to undo both legal moves (the parent: a3-d3 committed). The stone
// put on d3 and taken off 100 ms later, before Black began, was nobody's move: no other
// hand could have taken it over so soon (brief, handOff), and it lay between a3-c3's own
// work (overshot). Now a3-c3 and the reply are taken.
func TestReview28QuadOvershootThenReply(t *testing.T) {
	for _, c := range []struct {
		steps []string
		made  []string
	}{
		{[]string{"0 -a3", "100 +d3", "200 -d3", "300 +c3", "400 -g5", "500 +e5"}, []string{"a3-c3", "g5-e5"}},
		{[]string{"0 -a3", "100 +d3", "200 -d3", "300 +c3", "600 -g5", "700 +e5"}, []string{"a3-c3", "g5-e5"}},
		{[]string{"0 -a3", "100 +d3", "200 -d3", "300 +c3", "400 +b5"}, []string{"a3-c3", "b5"}},
		{[]string{"0 -a3", "100 +d3", "200 -d3", "300 +c3", "400 -g6", "500 +e6"}, []string{"a3-c3", "g6-e6"}},
		{[]string{"0 -a3", "100 +d3", "200 -d3", "300 +b3", "400 -g5", "500 +e5"}, []string{"a3-b3", "g5-e5"}},
		{[]string{"0 -a3", "100 +d3", "200 -d3", "300 +a3", "360 -a3", "460 +c3", "560 -g5", "660 +e5"}, []string{"a3-c3", "g5-e5"}},
	} {
		t.Run(fmt.Sprint(c.steps), func(t *testing.T) { review28Hands(t, review28Quad, "", c.steps, c.made...) })
	}
}

// TestReview28QuadHesitationInAChain: Quad Wrangle from the start, presence sensors. A chain
// of three moves, White a3-d3, Black g5-e5, White's slide, where White first lifts one of
// its stones and puts it back at once (a6 touched, then a5-c5 made; or a5 touched, then
// a6-c6).
// Seen: a mismatch asking to clear d3, e5 and c5, three legal moves undone (the parent too):
// the third move was looked for only among moves acting on the first work the second left
// unexplained, the touch. A lift put back within handOff begins no move (brief); a reading
// that leaves such work unexplained is dropped where another explains it all in no more
// moves (a capture's discs turned by its hand, TestQuickChainLiftAfterTheMoveBefore).
func TestReview28QuadHesitationInAChain(t *testing.T) {
	for _, c := range []struct {
		steps []string
		made  []string
	}{
		{[]string{"0 -a3", "150 +d3", "200 -g5", "300 +e5", "360 -a6", "400 +a6", "500 -a5", "600 +c5"}, []string{"a3-d3", "g5-e5", "a5-c5"}},
		{[]string{"0 -a3", "150 +d3", "200 -g5", "300 +e5", "360 -a6", "400 +a6", "700 -a5", "800 +c5"}, []string{"a3-d3", "g5-e5", "a5-c5"}},
		{[]string{"0 -a3", "150 +d3", "200 -g5", "300 +e5", "350 -a5", "390 +a5", "450 -a6", "550 +c6"}, []string{"a3-d3", "g5-e5", "a6-c6"}},
	} {
		t.Run(fmt.Sprint(c.steps), func(t *testing.T) { review28Hands(t, review28Quad, "", c.steps, c.made...) })
	}
}

// TestReview28XeQueoZigzagJump: Xe Queo! on presence sensors, after @c5 f4-d4. a3-e5 jumps
// over b3 to c3, the pawn set down there, then over d4 to e5 (not in a straight line); the
// next player steps f7-e6 100-160 ms after it lands.
// Seen: a mismatch asking to clear e5 and e6 and put the pawns back, both legal moves undone
// (the parent too): the pawn set down on c3, off the straight way, began the next move. Set
// down and lifted within handOff, it begins none (brief). (b2-c3, onto the hop's square, is
// still to do: knowndefects_test.go.)
func TestReview28XeQueoZigzagJump(t *testing.T) {
	newX := func(t *testing.T) *rig {
		x := newRig(t, "xequeo", nil, hw.Presence, Human, Human)
		quartoResume(t, x, "@c5", "f4-d4")
		return x
	}
	for _, steps := range [][]string{
		{"0 -a3", "200 +c3", "400 -c3", "600 +e5", "760 -f7", "900 +e6"},
		{"0 -a3", "120 +c3", "240 -c3", "360 +e5", "460 -f7", "560 +e6"},
	} {
		t.Run(fmt.Sprint(steps), func(t *testing.T) { review28Hands(t, newX, "@c5 f4-d4", steps, "a3-e5", "f7-e6") })
	}
}

// TestWaverQuadOvershootThenDropOnTheSquareLeft: Quad Wrangle from the start, presence
// sensors. White slides a5-d5 (over b5 and c5, or lifted and put down), a little too far:
// on to e5 and back to d5 within 40 ms; Black then drops a stone on a5, the square the
// slide left, about 200 ms after d5 is filled again.
// Seen: d5 committed, a drop White never made: a FALSE ACCEPT (a5 lifted and filled again
// read as a fumble, e5 as a tap). Then a mismatch asks to put things right.
// Passes: the same without the overshoot, or with Black's drop 400 ms later.
// Should: take a5-d5 and a5, or ask (a5 was lifted before d5 was filled: the slide).
// Fixed: e5, filled and emptied within handOff after a5-d5 began, is its hand's (overshot),
// even where the debouncer shows e5 emptied after d5 filled: d5 or a5-d5 is asked.
func TestWaverQuadOvershootThenDropOnTheSquareLeft(t *testing.T) {
	for _, c := range []struct {
		steps []string
		made  []string
	}{
		{[]string{"0 -a5", "80 +b5", "100 -b5", "140 +c5", "160 -c5", "220 +d5", "240 +e5 -d5", "280 +d5 -e5", "500 +a5"}, []string{"a5-d5", "a5"}},
		{[]string{"0 -a5", "220 +d5", "240 +e5 -d5", "280 +d5 -e5", "500 +a5"}, []string{"a5-d5", "a5"}},
	} {
		t.Run(fmt.Sprint(c.steps), func(t *testing.T) { review28Hands(t, review28Quad, "", c.steps, c.made...) })
	}
}

// TestWaverQuadTakenBackBeforeAndBetween: Quad Wrangle from the start, presence sensors,
// game 60 of the waver hands. White makes a4-b5 and takes it back (a4 away 400 ms), then
// a6-d6; Black starts f1-c4 and takes it back too (f1 away 420 ms, passing e2 and d3), then
// drops a stone on a6.
// Seen: d6 committed as a drop, a FALSE ACCEPT: the work before a6-d6 left the board as it
// was, but slower than a fumble (fumbled: within handOff), so no reading began after it.
// Should: take a6-d6 and a6, or ask. Fixed: work before the first move that leaves every
// square as it was is nobody's however slow (restored): d6 or a6-d6 is asked.
func TestWaverQuadTakenBackBeforeAndBetween(t *testing.T) {
	steps := []string{"0 -a4", "120 +b5", "300 -b5", "400 +a4", "600 -a6", "720 +b6", "800 -b6", "820 +c6", "920 -c6",
		"960 +d6", "1080 +e2", "1120 -f1", "1160 +d3", "1180 -e2", "1280 +c4", "1300 -d3", "1460 -c4", "1540 +f1", "1660 +a6"}
	review28Hands(t, review28Quad, "", steps, "a6-d6", "a6")
}

// TestWaverQuadChainReadAsOneDrop: Quad Wrangle after a5-d5 a5, presence sensors, game 120
// of the waver hands. White a6-b6; Black touches a5 and drops a stone on a6; White slides
// b6 on to g1 along the diagonal, 300 ms after. The board then differs from the position
// only by a stone on g1.
// Seen: g1 committed as a drop, a FALSE ACCEPT: no reading of three moves was found, and a
// drop's stray work (b6 held a stone for 860 ms) was no reason to ask.
// Should: take a6-b6, a6 and b6-g1, or ask; never take g1 alone. Partly fixed: a piece put
// down in line with a square where a stone rested long enough to be another move's, with
// no reading in order found, is asked (slidInto): g1 is asked alone, a confirmation the
// players can refuse, which the next move does not answer (g1 then b6 committed so in the
// game). The three moves are not read yet.
func TestWaverQuadChainReadAsOneDrop(t *testing.T) {
	x := review28Quad(t)
	quartoResume(t, x, "a5-d5", "a5")
	x.handsAt("0 -a6", "100 +b6", "340 -a5", "520 +a5", "660 +a6", "960 -b6", "1060 +c5", "1100 -c5", "1120 +d4",
		"1160 -d4", "1180 +e3", "1240 -e3", "1280 +f2", "1320 +g1", "1340 -f2")
	x.run(4 * time.Second)
	if got := x.moves(); got != "a5-d5 a5" {
		t.Fatalf("moves %q: g1 taken alone, the hands made a6-b6, a6, b6-g1 (events %s)", got, x.eventTexts())
	}
	if len(x.askedMoves()) == 0 {
		t.Fatalf("neither taken nor asked (events %s)", x.eventTexts())
	}
	// Black goes on, a stone on b6, where White's stone slid from: g1 then b6 reads
	// legal, but says nothing of the moves g1 stands for. The question stays open.
	x.handsAt("0 +b6")
	x.run(4 * time.Second)
	if got := x.moves(); got != "a5-d5 a5" {
		t.Fatalf("moves %q: g1 taken as answered by the next move (events %s)", got, x.eventTexts())
	}
	// The players say no: the question closes, nothing is taken, and the board, which
	// differs from the game, is a mismatch.
	x.took(Asking)
	x.send(Message{Kind: CmdDismiss, Version: uint64(x.ref.State().Ply()) + 1})
	x.run(4 * time.Second)
	kinds := map[EventKind]int{}
	for _, e := range x.events {
		kinds[e.Kind]++
	}
	if got := x.moves(); got != "a5-d5 a5" || x.ref.asked.moves != nil || kinds[Dismissed] != 1 || kinds[Mismatch] == 0 {
		t.Fatalf("dismissed: moves %q, asking %v (events %s)", got, x.ref.asked.moves, x.eventTexts())
	}
}

// TestWaverQuadAIMoveOvershotUnseen: Quad Wrangle, the AI White, presence sensors, game 90
// of the waver hands. The AI's f1-e1 carried on to d1 and back within 60 ms: e1 read empty
// for less than the debounce time, d1 filled long enough to be seen.
// Seen: f1-e1 committed as it landed, then d1 as Black's drop (its turned disc e1 lifted,
// unseen), a FALSE ACCEPT, lit and logged; the board set back took it back later.
// Should: take f1-e1 alone. Fixed: a piece put down on the square past the last move's, on
// its line, within handOff of its commit, waits for the board to rest (handStill).
func TestWaverQuadAIMoveOvershotUnseen(t *testing.T) {
	base := strings.Fields("c4 e1-d2 c4-f4 e5 b7-b6 e5-b2 e7-e6 a2-c4 b6-a7 b3 d7-c6 b2-c2 f3 d1-e2 c6-d5 c2-c3 f4-e3 c4-c5 f7-f6 g1 g3-f4 c3-b2 f4-b4 c1-c4 a2 c5-b5 d2-c2 d2 f7 e7 g6-d3 g6 c7-c6 a5-c7 d5-d4 e5 c4-c5 g7 c6-d6 a6-b6 d7 g2-f2 g4-e4 b5-a6 d2-e1 a4-b5 f3-g2 f3 b3-d5 f6-f4 c7-c6 f6 c2-d1 g6-f5 d1-b3 g5-g4 b3-d1 g4-g3 a2-b3 f5-g6 b5-a5 g3-g5 c4 g4 b4-b5 f6-f5 c5-b4 f4-g3 d1-c2 e6-f6 e2-d2 a2 d2-e2 e7-e6 e1-c1 d7-b7")
	x := newRig(t, "quadwrangle", nil, hw.Presence, AI, Human)
	quartoResume(t, x, base...)
	x.send(Message{Kind: CmdAIResult, Version: uint64(x.ref.State().Ply()), Move: mustMove(t, x.rules, "f1-e1")})
	x.handsAt("0 -f1", "60 +e1", "100 +d1 -e1", "120 +e1", "160 -d1")
	x.run(4 * time.Second)
	var committed []string
	for _, e := range x.events {
		if e.Kind == MoveCommitted {
			committed = append(committed, x.rules.FormatMove(e.Move))
		}
	}
	if strings.Join(committed, " ") != "f1-e1" {
		t.Fatalf("committed %q: the hands made f1-e1 only (events %s)", committed, x.eventTexts())
	}
	x.wantMoves(strings.Join(base, " ") + " f1-e1")
}

// TestWaverXeQueoReplyOvershot: Xe Queo!, the ring sensed, presence sensors, game 136 of the
// waver hands. f1-e2 made and taken back at once, then b3-b4; the next player's e4-d4
// carried on to c4 and back within 60 ms.
// Seen: b3-c4 committed, a FALSE ACCEPT: b3-b4 then e4-d4 was dropped because nothing
// accounted for c4 (the second move's own overshoot), and b3-c4 then c4-b4 and e4-d4 read in
// its place.
// Should: take b3-b4 and e4-d4. Fixed: a later move's reading covers its hand's brief work
// past its squares (overshot), as the first move's already did.
func TestWaverXeQueoReplyOvershot(t *testing.T) {
	newX := func(t *testing.T) *rig {
		x := newRig(t, "xequeo", map[string]string{"ring": "sensed"}, hw.Presence, Human, Human)
		quartoResume(t, x, "@b5", "f4-f5")
		return x
	}
	steps := []string{"0 +e2", "20 -f1", "140 -e2", "240 +f1", "400 -b3", "520 +b4", "640 -e4", "720 +d4", "740 +c4 -d4", "800 +d4 -c4"}
	review28Hands(t, newX, "@b5 f4-f5", steps, "b3-b4", "e4-d4")
}

// TestWaverXeQueoSlowTakebackThenTwoMoves: Xe Queo! after @c5, presence sensors, game 388
// of the waver hands. a3-b4 made and taken back (a3 away 460 ms), then b2-c3 (made before
// break), b3 touched, and the next player's e4-d5.
// Seen: a3-c3 committed, a FALSE ACCEPT: b4, filled and emptied before b2-c3 began, was
// left unexplained by b2-c3 then e4-d5 (a fumble before a first move had to be quicker
// than handOff), while a3-c3, b2-a3, e4-d5 held it as a3-c3's hand overshooting.
// Should: take b2-c3 and e4-d5. Fixed: work before the first move that leaves the board as
// it was is nobody's however slow (restored), in overshot as in orderSplit.
func TestWaverXeQueoSlowTakebackThenTwoMoves(t *testing.T) {
	newX := func(t *testing.T) *rig {
		x := newRig(t, "xequeo", nil, hw.Presence, Human, Human)
		quartoResume(t, x, "@c5")
		return x
	}
	steps := []string{"0 -a3", "140 +b4", "340 -b4", "460 +a3", "640 +c3 -b2", "940 -b3", "1040 +b3", "1140 +d5", "1180 -e4"}
	review28Hands(t, newX, "@c5", steps, "b2-c3", "e4-d5")
}

// TestWaverQuadPieceThereLongBefore: Quad Wrangle, presence sensors, game 24 of the waver
// hands. f2-e2 made before break; the next player makes f7-g7 and takes it back, drops a
// stone on f2, touches d1 and a5, and 1.8 s after e2 was filled the next slides d2-b4.
// Seen: d2-e2 then b4 committed, two FALSE ACCEPTs: the net board is the same, and e2's
// stone, down 1.8 s before d2 was first lifted, was read as d2's.
// Should: take f2-e2, f2 and d2-b4, or ask; never d2-e2. Fixed: a first move whose square
// to go to held a piece, there to stay, more than a second before its square to leave was
// first emptied is no reading (landedLong).
func TestWaverQuadPieceThereLongBefore(t *testing.T) {
	base := strings.Fields("g1 c2 d7-d3 e1-e6 f4 d4 c7-e5 c7 a6-c4 e7-c5 g1-f2 d5 f4-d2 b1-b3")
	x := review28Quad(t)
	quartoResume(t, x, base...)
	x.handsAt("0 +e2", "40 -f2", "260 -f7", "400 +g7", "560 -g7", "680 +f7", "880 +f2", "1160 -d1", "1240 +d1", "1400 +a6",
		"1420 -a5", "1540 -a6", "1660 +a5", "1840 -d2", "1960 +c3", "2040 -c3", "2080 +b4")
	x.run(4 * time.Second)
	if got := x.moves(); strings.Contains(got, "d2-e2") {
		t.Fatalf("moves %q: d2-e2 taken, the hands made f2-e2, f2, d2-b4 (events %s)", got, x.eventTexts())
	}
}

// TestWaverXeQueoMoveOffTheQuestion: Xe Queo!, the ring sensed, presence sensors, game 120
// of the waver hands. e1's pawn jumps to e3 set down on each hop (c3, c1), which is asked
// (e1-e3 or e1-c1); before anybody answers, the next player takes it on to a3, again set
// down on c1 on the way.
// Seen: e1-a3 committed, a FALSE ACCEPT: a move that is none of the options fitted the
// board alone and was taken, the question dropped.
// Should: read the next move after the options (e1-e3, then e3-a3), or keep asking. Fixed:
// while a question is open, a single move that is none of its options is weighed after the
// options are read followed by the moves made since. (Since the cells a chain of jumps hops
// to are its own, engine.Footprint.Via, e1-e3 is taken without a question: c1 held the pawn
// 140 ms, too short for another hand.)
func TestWaverXeQueoMoveOffTheQuestion(t *testing.T) {
	base := "@c5 xq:R show:Y @d1 a3-c3 e4-e3 xq:R show:O @d1 c3-d2 b3-c2 e3-e1 f7-e6 d2-d1 show:B show:W @b5 d1-d2 f1-b1"
	x := newRig(t, "xequeo", map[string]string{"ring": "sensed"}, hw.Presence, Human, Human)
	quartoResume(t, x, strings.Fields(base)...)
	x.handsAt("0 -e1", "200 +c3", "300 -c3", "420 +c1", "560 -c1", "700 +e3")
	x.run(600 * time.Millisecond)
	if a := x.askedMoves(); len(a) == 0 && x.moves() != base+" e1-e3" {
		t.Fatalf("e1-e3 set down on each hop: neither taken nor asked (events %s)", x.eventTexts())
	}
	x.handsAt("0 -e3", "200 +c1", "340 -c1", "460 +a3")
	x.run(3 * time.Second)
	if got := x.moves(); strings.Contains(got, "e1-a3") {
		t.Fatalf("moves %q: e1-a3 taken, the hands made e1-e3, e3-a3 (events %s)", got, x.eventTexts())
	}
	x.wantTakenOrAnswered(base, "e1-e3", "e3-a3")
}

// TestWaverXeQueoTouchOnATakenBackSquare: Xe Queo!, presence sensors, game 48 of the waver
// hands. a5-b5 made and taken back (a5 away 320 ms), f7-f6 made before break, a5 touched
// for 80 ms, and the next player's e3-d2 carried on to c1 and back.
// Seen: neither move taken, nor asked: a5's touch after f7-f6 began was no overshoot of
// f7-f6's hand because a5 had been worked before it (by the move taken back), and was left
// unexplained: the board then differs from the game with nothing read.
// Should: take f7-f6 and e3-d2. Fixed: squares of a move made and taken back before the
// first move (restored) may be touched again as it is made (overshot).
func TestWaverXeQueoTouchOnATakenBackSquare(t *testing.T) {
	base := "@c5 f1-e2 f4-e3 e4-d5 a3-a4 e2-c6 a4-a5 xq:V show:G @e1"
	newX := review43XQ(base)
	steps := []string{"0 -a5", "120 +b5", "260 -b5", "320 +a5", "420 +f6", "440 -f7", "600 -a5", "680 +a5", "780 -e3",
		"820 +d2", "840 +c1 -d2", "900 +d2 -c1"}
	review28Hands(t, newX, base, steps, "f7-f6", "e3-d2")
}

// TestWaverXeQueoMoveTakenBackCommitted: Xe Queo!, the next player quick. A pawn is stepped
// and put back where it was within 100-250 ms (a move made and taken back), another move is
// made instead, and the next player moves 150-350 ms after.
// Seen: the move taken back committed, a FALSE ACCEPT: b3-b4 for a3-b4 (the ring sensed),
// e4-d4 for f4-e5 (on polarity sensors too); then a mismatch asks to undo the moves made.
// In the first, b4 filled 20 ms before b3 is lifted (made before break) and the next move
// 160 ms after a3-b4: broken before made, or the next move 500 ms later, a3-b4 is taken or
// asked. (The simulated player saw a3-c3 committed for b2-c3 too, a3-b4 taken back first.)
// Should: take the moves the board shows made (a3-b4 and f1-f2; f4-e5 and e4-e6), or ask.
// Fixed: a first move must stand when the next begins (e4 filled again before f4-e5 began:
// not e4-d4); work before it that leaves the board as it was is nobody's (fumbled); and a
// reading that leaves a lift unexplained is no longer dropped for beginning later than one
// that explains them all (earliest weighs them apart): b3-b4 or a3-b4 is asked. Answering
// it on the kiosk then panicked the referee (stale moves in buf2, readAfterOption).
func TestWaverXeQueoMoveTakenBackCommitted(t *testing.T) {
	for _, c := range []struct {
		set   map[string]string
		base  []string
		steps []string
		made  []string
	}{
		{map[string]string{"ring": "sensed"}, []string{"@c5"},
			[]string{"0 +b4", "20 -b3", "120 -b4", "240 +b3", "420 +b4", "440 -a3", "600 +f2", "640 -f1"}, []string{"a3-b4", "f1-f2"}},
		{nil, strings.Fields("@d2 f1-e2 b2-c3 f7-g6 b3-c2 xq:W show:W @g1 a3-b4 xq:O show:R @d6"),
			[]string{"0 +d4", "20 -e4", "140 -d4", "240 +e4", "400 -f4", "520 +e5", "820 -e4", "1180 +e6"}, []string{"f4-e5", "e4-e6"}},
	} {
		t.Run(fmt.Sprint(c.steps), func(t *testing.T) {
			newX := func(t *testing.T) *rig {
				x := newRig(t, "xequeo", c.set, hw.Presence, Human, Human)
				quartoResume(t, x, c.base...)
				return x
			}
			review28Hands(t, newX, strings.Join(c.base, " "), c.steps, c.made...)
		})
	}
}

// TestWaverXeQueoRingEnteredUnseen: Xe Queo! with the ring sensed (on b6), presence
// sensors, after @a5 a3-b4 xq:V show:Y @b6 e4-e5 b4-c5 f4-d6. b3-b4 made and taken back at
// once (b4 filled and emptied, b3 put back), then c5-c6.
// Seen: c5-b6 committed 100 ms after c5 is lifted, before c6 is filled: the pawn into the
// ring, whose cell never changed (a pawn entering the sensed ring lifts the ring): a FALSE
// ACCEPT. The same in the simulated player for f3-d7, e7-d6, f2-g1, e4-a6, f3-g2, e6-c6 (each
// into the ring, after a move taken back).
// Should: take c5-c6 (the ring was never lifted).
// Fixed: a move no reading fits is taken from the lifts alone (a capture swapped unseen,
// hidden.go) only where a disc it turns was lifted: b3 and b4 fumbled tell nothing.
func TestWaverXeQueoRingEnteredUnseen(t *testing.T) {
	base := strings.Fields("@a5 a3-b4 xq:V show:Y @b6 e4-e5 b4-c5 f4-d6")
	newX := func(t *testing.T) *rig {
		x := newRig(t, "xequeo", map[string]string{"ring": "sensed"}, hw.Presence, Human, Human)
		quartoResume(t, x, base...)
		return x
	}
	for _, c := range []struct {
		steps []string
		made  []string
	}{
		{[]string{"0 -b3", "60 +b4", "220 -b4", "280 +b3", "440 -c5", "580 +c6"}, []string{"c5-c6"}},
	} {
		t.Run(fmt.Sprint(c.steps), func(t *testing.T) { review28Hands(t, newX, strings.Join(base, " "), c.steps, c.made...) })
	}
}

// wholeAt makes move of s at once, every square it changes set in one instant (a column
// pushed in from the edge: no square between reads empty), and plays it on s.
func (x *rig) wholeAt(s engine.State, move string) {
	x.t.Helper()
	m := mustMove(x.t, x.rules, move)
	if err := s.Validate(m); err != nil {
		x.t.Fatalf("%s: %v", move, err)
	}
	before := Project(s, x.layout.Kind())
	s.Play(m)
	after := Project(s, x.layout.Kind())
	for sq := engine.Square(0); int(sq) < x.layout.Size(); sq++ {
		if before[sq] != after[sq] {
			x.board.Set(x.layout.CellOf(sq), after[sq])
		}
	}
}

// TestWaverPush4OvershootThenPlacement: Push 4, four people, presence sensors, after Sb
// (a marble on b1). Sb again, b1's marble pushed a square too far, to b3, and back to b2
// within 160 ms, the new marble put on b1; the next player's marble in at f3 (E3) 300 ms
// later.
// Seen: on 200797f a mismatch asks to clear b2 and f3, two legal moves undone (lost: 660
// of 693 simulated games); since 6804d4d neither is taken nor asked, both lost in silence.
// Without E3, Sb was asked with itself the only option: b3 filled broke the push's order.
// Should: take Sb and E3 (or ask), never ask to undo them.
func TestWaverPush4OvershootThenPlacement(t *testing.T) {
	x := newRig(t, "push4", nil, hw.Presence, Human, Human, Human, Human)
	x.run(500 * time.Millisecond)
	x.wholeAt(x.after(), "Sb")
	x.run(2 * time.Second)
	x.wantMoves("Sb")
	x.handsAt("0 -b1", "100 +b3", "200 -b3", "260 +b2", "400 +b1", "700 +f3")
	x.run(4 * time.Second)
	x.wantTakenOrAnswered("Sb", "Sb", "E3")
}

// TestWaverPush4PlacementThenOvershotPush: Push 4, four people, presence sensors, from
// game 40 of the waver hands. A marble put on a6 (Na, which reads as W6: row 6 and column
// a are empty beyond it), then E6 (f6 and e6 pushed on to d6) with e6's marble overshot to
// c6 and brought back within 100 ms.
// Seen, once overshoots past a chain were read: W6 committed, a FALSE ACCEPT: c6's
// overshoot was taken as W6's own, its line weighed in the position after W6.
// Should: ask Na or W6 (they read alike), then take E6.
func TestWaverPush4PlacementThenOvershotPush(t *testing.T) {
	base := []string{"Nb", "Sf", "E3", "Sc", "Ne", "Nf", "Se", "Sc", "W5"}
	x := newRig(t, "push4", nil, hw.Presence, Human, Human, Human, Human)
	quartoResume(t, x, base...)
	x.handsAt("0 +a6", "260 -e6", "420 +c6", "520 -c6", "580 +d6", "660 -f6", "800 +e6", "900 +f6")
	x.run(4 * time.Second)
	x.wantTakenOrAnswered(strings.Join(base, " "), "Na", "E6")
	if a := x.took(Asking); len(a) > 0 {
		t.Fatalf("asked %d more questions after Na and E6 were taken (events %s)", len(a), x.eventTexts())
	}
}

// TestReview28Push4PushThenPlacement: Push 4, four people, from the empty board. Sb (a
// marble on b1), Sb again by the next player (pushed in from the edge: b1's marble rolls on
// to b2, b1 never reading empty, as Push 4 is played), then the next player's marble in
// (Sd, W2) 120-250 ms later. Each move is seen whole on identity sensors.
// Seen: the first Sb committed, then a mismatch asks to clear b2 and the new marble's
// square and to put the right piece on b1: two legal moves undone. Polarity and presence
// alike. With no third move, the second Sb is asked with itself as the only option; with
// the third 400 ms later, all are taken.
// Should: take Sb, Sb and the placement (or ask), never ask to undo them.
// Parent: the same. Fixed: a push seen only in part is asked as the first of two moves.
func TestReview28Push4PushThenPlacement(t *testing.T) {
	for _, c := range []struct {
		kind hw.SensorKind
		made []string
		gap  time.Duration
	}{
		{hw.Identity, []string{"Sb", "Sb", "Sd"}, 120},
		{hw.Identity, []string{"Sb", "Sb", "Sd"}, 250},
		{hw.Identity, []string{"Sb", "Sb", "W2"}, 120},
		{hw.Polarity, []string{"Sb", "Sb", "Sd"}, 120},
		{hw.Presence, []string{"Sb", "Sb", "Sd"}, 120},
	} {
		t.Run(fmt.Sprint(c.kind, c.made, int(c.gap)), func(t *testing.T) {
			x := newRig(t, "push4", nil, c.kind, Human, Human, Human, Human)
			x.run(500 * time.Millisecond)
			s := x.after()
			for _, m := range c.made {
				x.wholeAt(s, m)
				x.run(c.gap * time.Millisecond)
			}
			x.run(4 * time.Second)
			t.Logf("asked %v, events %s", x.askedMoves(), x.eventTexts())
			x.wantTakenOrAnswered("", c.made...)
		})
	}
}

// TestWaverAIMoveOvershot: the AI's move carried out a square too far and brought back
// within 100 ms. The AI's move is committed as it lands; the square past it, filled for a
// moment, is read as the next move.
// Seen: Xe Queo!, the AI against the AI, its next move answered at once (a quick engine):
// f4-f5 carried out on to f6 and back 80 ms later, and the AI's next move f5-f6 committed
// though nobody made it, a FALSE ACCEPT; 1.5 s later the board set back takes it back. (In
// the simulated player the same for a pawn carried into the ring and on past it, its lift
// taken as the tap that shows the AI's next card; and in Quad Wrangle, the AI White, e5-e6
// carried on to e7 and back, e7 committed as Black's drop.)
// Should: take the AI's move alone; a square filled for 80 ms past it, on its line, the
// instant the next AI move is announced, is the hand still at work. Fixed: work done
// within handOff of a commit that lifts the piece it put down is taken once the board rests.
func TestWaverAIMoveOvershot(t *testing.T) {
	x := newRig(t, "xequeo", nil, hw.Presence, AI, AI)
	quartoResume(t, x, "@c7")
	x.send(Message{Kind: CmdAIResult, Version: uint64(x.ref.State().Ply()), Move: mustMove(t, x.rules, "f4-f5")})
	x.handsAt("0 -f4", "40 +f5")
	x.run(3 * tick)
	if got := x.moves(); got != "@c7 f4-f5" {
		t.Fatalf("moves %q: the AI's f4-f5 not taken as it landed (events %s)", got, x.eventTexts())
	}
	x.send(Message{Kind: CmdAIResult, Version: uint64(x.ref.State().Ply()), Move: mustMove(t, x.rules, "f5-f6")})
	x.handsAt("0 +f6 -f5", "80 +f5 -f6")
	x.run(4 * time.Second)
	var committed []string
	for _, e := range x.events {
		if e.Kind == MoveCommitted {
			committed = append(committed, x.rules.FormatMove(e.Move))
		}
	}
	if len(committed) != 1 || committed[0] != "f4-f5" {
		t.Fatalf("committed %q: the hands made f4-f5 only (moves %q, events %s)", committed, x.moves(), x.eventTexts())
	}
}

// TestReview28QuadDropBehindASlide: Quad Wrangle from the start, presence sensors. White
// slides a3-e3 (over b3, c3 and d3, or lifted and put down), and Black drops a stone on a
// square of the slide's line behind it, b3, c3 or d3, 20-200 ms after e3 is filled. The
// board also reads as a3-b3 (or c3, d3) followed by a drop on e3: two readings, so the
// referee should ask (the work, the slide seen passing, even tells a3-e3).
// Seen: for b3, "e3?" asked after the grace period (held in silence before 2026-11-26's
// e30a340); for c3 or d3, a mismatch asking to clear both stones: two legal moves undone.
// (A drop off the line, f3 or c5, is taken.)
// Should: take a3-e3 and the drop, or ask between the two readings.
// Parent: the same. Fixed by ba06d77: a next move's piece put for good on a square the first
// move's passed over begins the next move.
func TestReview28QuadDropBehindASlide(t *testing.T) {
	slide := []string{"0 -a3", "20 +b3", "40 -b3", "60 +c3", "80 -c3", "100 +d3", "120 -d3", "140 +e3"}
	for _, c := range []struct {
		steps []string
		made  []string
	}{
		{append(slide[:len(slide):len(slide)], "240 +b3"), []string{"a3-e3", "b3"}},
		{append(slide[:len(slide):len(slide)], "160 +d3"), []string{"a3-e3", "d3"}},
		{append(slide[:len(slide):len(slide)], "240 +c3"), []string{"a3-e3", "c3"}},
		{[]string{"0 -a3", "100 +e3", "200 +b3"}, []string{"a3-e3", "b3"}},
	} {
		t.Run(fmt.Sprint(c.steps), func(t *testing.T) { review28Hands(t, review28Quad, "", c.steps, c.made...) })
	}
}

// TestWaverFuzzSlideThenDropOnTheSquareLeft: found by FuzzHands (waver hands, Quad Wrangle,
// presence sensors). Seed 198: after a1, g5-c5 slid a square at a time; the next player
// makes e7-e3 and takes it back, then drops a stone on g5. Seed 455: the same family later
// in a game (g6-f5, then g6). Seen: c5 (f5) committed, a FALSE ACCEPT: the stones set down
// and lifted on g5-c5's way were taken for a1's hand overshooting, far from a1, with g5's
// stone up for good; the reading a1, c5 holds fewer moves.
// Fixed: work away from a move's squares is its hand's only where that work leaves the
// board as it was. (The rest, a move, a takeback and a move, is not read yet: both games
// miss it, as the waver figures count.)
func TestWaverFuzzSlideThenDropOnTheSquareLeft(t *testing.T) {
	for _, c := range []struct {
		seed        uint64
		game, seats uint8
	}{{198, 0xa5, 0x5c}, {455, 0, 0x50}} {
		t.Run(fmt.Sprint(c.seed), func(t *testing.T) { fuzzHands(t, c.seed, c.game, c.seats) })
	}
}

// TestBlitzFuzzSlideThenDropWhereItPassed: found by FuzzHands (seed 522, blitz hands, Quad
// Wrangle on presence sensors; the corpus keeps it). After a2-d2 g2-e2, a5-b4; Black drops
// on c3 240 ms later (turning b4); White's a3-b3 turns b4 and c3. a5-c3 and a drop on b4 read
// the same on the squares. Seen: a5-c3 committed, a FALSE ACCEPT: c3 lifted and put back
// to be turned, long after the drop, made the drop's piece one that "went on" (a slide
// passing over), so the drop began only then, after a3-b3: no reading a5-b4, c3, a3-b3.
// Fixed: a piece lifted and put back within handOff stays where it was put (wentOn).
func TestBlitzFuzzSlideThenDropWhereItPassed(t *testing.T) {
	newX := func(t *testing.T) *rig {
		x := newRig(t, "quadwrangle", nil, hw.Presence, Human, Human)
		quartoResume(t, x, "a2-d2", "g2-e2")
		return x
	}
	steps := []string{"0 -a5", "140 +b4", "380 +c3", "640 -b4", "840 +b4", "940 -a3", "1000 +b3", "1200 -b4", "1320 +b4", "1540 -c3", "1620 +c3"}
	review28Hands(t, newX, "a2-d2 g2-e2", steps, "a5-b4", "c3", "a3-b3")
}

// TestReview28QuadTakebackInAChain: Quad Wrangle from the start, presence sensors. White
// a3-d3; the next mover makes a move, takes it back on the board at once and makes
// another, quick hands.
// Seen: White's third move a5-c5 taken back and a6-c6 made: a mismatch asks to undo every
// legal move of the chain. (g5-e5 back, then g5-f5 or g4-e4, is read: review28_test.go.)
// Should: take the moves the board shows (a3-d3, then the move made in the end), or ask.
// Parent: the same. Fixed: a board at rest that reads as one to three legal moves of people,
// where the work reads as none, is asked (shown.go): a3-d3 or a6-c6 first, then the rest.
// Since 2026-11-26 evening the work is read, a3-d3 asked (a reading that skips a move taken
// back between two moves is asked, never taken) and the rest taken after the answer:
// TestMoveTakenBackInsideTheRestAsked.
func TestReview28QuadTakebackInAChain(t *testing.T) {
	for _, c := range []struct {
		steps []string
		made  []string
	}{
		{[]string{"0 -a3", "100 +d3", "200 -g5", "300 +e5", "400 -a5", "500 +c5", "600 -c5", "700 +a5", "800 -a6", "900 +c6"}, []string{"a3-d3", "g5-e5", "a6-c6"}},
	} {
		t.Run(fmt.Sprint(c.steps), func(t *testing.T) { review28Hands(t, review28Quad, "", c.steps, c.made...) })
	}
}

// TestReview28QuadHesitationDuringTheReply: Quad Wrangle from the start, presence sensors.
// A chain of three moves, White a3-d3, Black g5-e5, White a5-c5, where White touches a5
// (lifts it and puts it back) while Black's stone is in the air. (A touch between the moves
// is read: TestReview28QuadHesitationInAChain.)
// Seen: a3-d3 committed, then a mismatch for g5-e5 and a5-c5.
// Should: take the three moves (a lift put back on a square no move uses is a fumble).
// Parent: the same mismatch. Fixed: g5-e5 asked from the board alone, then a5-c5 (shown.go).
func TestReview28QuadHesitationDuringTheReply(t *testing.T) {
	for _, c := range []struct {
		steps []string
		made  []string
	}{
		{[]string{"0 -a3", "100 +d3", "200 -g5", "220 -a5", "260 +a5", "300 +e5", "400 -a5", "500 +c5"}, []string{"a3-d3", "g5-e5", "a5-c5"}},
	} {
		t.Run(fmt.Sprint(c.steps), func(t *testing.T) { review28Hands(t, review28Quad, "", c.steps, c.made...) })
	}
}

// TestReview28XeQueoZigzagJumpOntoTheHop: Xe Queo! on presence sensors, after @c5 f4-d4 (d4 Y, e4 G,
// a3 O, b3 R, b2 W, f7 B, f1 V; Player 1 to move). a3-e5 jumps over b3 to c3, the pawn set
// down there, then over d4 to e5 (not in a straight line); the next player steps 100-250 ms
// after it lands onto the square hopped on (b2-c3; f7-e6 after it is read:
// TestReview28XeQueoZigzagJump in review28_test.go).
// Seen: a mismatch asks to clear e5 and the step's square and to put the pawns back: both
// legal moves undone. Calm (the step 1.4 s later) both are taken.
// Should: take a3-e5 and the step. (The hop's square, c3, is off between(a3, e5), so it is
// no part of a3-e5's way (own, nextWork, stray): the put and lift there are unexplained.)
// Parent: the same. Fixed: a3-e5 asked from the board alone, then b2-c3 (shown.go).
func TestReview28XeQueoZigzagJumpOntoTheHop(t *testing.T) {
	newX := func(t *testing.T) *rig {
		x := newRig(t, "xequeo", nil, hw.Presence, Human, Human)
		quartoResume(t, x, "@c5", "f4-d4")
		return x
	}
	for _, c := range []struct {
		steps []string
		made  []string
	}{
		{[]string{"0 -a3", "120 +c3", "240 -c3", "360 +e5", "460 -b2", "560 +c3"}, []string{"a3-e5", "b2-c3"}},
	} {
		t.Run(fmt.Sprint(c.steps), func(t *testing.T) { review28Hands(t, newX, "@c5 f4-d4", c.steps, c.made...) })
	}
}

// TestWaverFuzzDiscTurnedAsItLanded: found by FuzzHands (seed 242, waver hands, Quad
// Wrangle on presence sensors; the corpus keeps it). g2-e4 slid over f3, then a chain of
// four quick moves with a move taken back inside it. Seen: f3 committed, a FALSE ACCEPT: the
// only reading found was a drop on f3 whose disc Black's f5-e4 turned 140 ms after it came
// down, its lift at f3 read as the disc still in the hand being turned. Fixed: a disc a
// move before in the reading put down is not turned by another hand within handOff of it
// (snatched); the chain is not read (a miss in the waver figures), nothing is taken.
func TestWaverFuzzDiscTurnedAsItLanded(t *testing.T) {
	fuzzHands(t, 242, 'B', 0xb8)
}

// TestSleightFuzzTapOnADiscAnotherOptionTurns: found by FuzzHands (seed 20, sleight hands,
// Crowded on presence sensors, against the AI; the corpus keeps it). d8xe8 made with e8's
// stone swapped unseen; asked (d8xd7, d8xc7, d8xc8 or d8xe8); the player taps e8, lit for
// d8xe8. Seen: d8xd7 committed, a FALSE ACCEPT: the capture on the board differs from the
// position, which was read as the players having gone on past the options, so the tap's
// lift was not a tap; e8, a disc d8xd7 turns, lifted then told d8xd7. Fixed: the players
// went on only where a piece was put down since the question.
func TestSleightFuzzTapOnADiscAnotherOptionTurns(t *testing.T) {
	fuzzHands(t, 20, '"', 0xa6)
}

// TestWaverFuzzZigzagSetDownOnAHop: found by FuzzHands (seed 29, waver hands, Xe Queo! on
// presence sensors; the corpus keeps it). c3-c5, a chain of jumps c3-e5-c5 set down on e5
// for 140 ms on its way, then f4-e5 and a3-a4. Seen: c3-e5, e5-c5, f4-e5, a3-a4 committed,
// FALSE ACCEPTS: e5, off the straight line from c3 to c5, was no square of c3-c5's, so the
// reading with a move more won. Fixed: the cells a chain of jumps may hop to on its way are
// its own (engine.Footprint.Via).
func TestWaverFuzzZigzagSetDownOnAHop(t *testing.T) {
	fuzzHands(t, 29, '\n', 'P')
}

// TestSleightFuzzCaptureSwappedBesideAFumble: found by FuzzHands (seed 166, sleight hands,
// Crowded on presence sensors; the corpus keeps it). b4 lifted and put back as e7's stone
// is taken up (a fumble), e7xe8 with e8's stone swapped in 20 ms (a glimpse), then f7 and d7
// lifted to be turned. Seen: e7xf7 committed at f7's lift, a FALSE ACCEPT (issue 28's case
// 4): e7xe8, its square only glimpsed, was no rival because b4's put, a scan after e7's lift,
// was work it left unexplained, though e7xf7 left it so too. Fixed: a hidden rival accounts
// for the lifts as well as a move seen does (hiddenRivals); the discs that follow, or a
// question, decide.
func TestSleightFuzzCaptureSwappedBesideAFumble(t *testing.T) {
	fuzzHands(t, 166, 0x85, 'D')
}

// TestBlitzFuzzSlideOnThenDropWhereItPassed: found by FuzzHands (seed 58, blitz hands,
// Quad Wrangle on presence sensors; the corpus keeps it). f1-f5 slid a square at a time, f5
// filled as f4 emptied; Black drops on f4 120 ms later, White d6, Black f4-e4. Seen (since
// 76e2515's wentOn): f1-f4, f5, f4-d6, e4 committed, FALSE ACCEPTS: f4 emptied and filled
// again within handOff was read as f1-f4's piece fumbled and put back, and f1-f5 had no
// reading: Black's f4, taken on by f4-e4, read as a piece that went on, and as changing
// nothing the board shows. Fixed: a piece went on only if lifted within handOff of coming
// down (wentOn); a move whose piece a later move took on may change nothing the board shows
// (takenOn). Both readings are found now, and asked.
func TestBlitzFuzzSlideOnThenDropWhereItPassed(t *testing.T) {
	fuzzHands(t, 58, 0x84, '8')
}

// TestBlitzFuzzSlideMovedBackLater: found by FuzzHands (seed 424, blitz hands, Quad
// Wrangle on polarity sensors; the corpus keeps it). g2-g3, then four quick moves, the
// fourth g3-g2 bringing the stone back, then c6. Seen: g3 committed as a drop, a FALSE
// ACCEPT: g2-g3's squares read as before it once g3-g2 was made, so it was no first move,
// and the drop on g3 was the only reading. Fixed: a first move whose piece a later move took
// on may change nothing the board shows (takenOn).
func TestBlitzFuzzSlideMovedBackLater(t *testing.T) {
	fuzzHands(t, 424, 0x8f, '4')
}

// TestWaverFuzzQuixoQuickPushesReadAsTheLast: found by FuzzHands (seed 292, waver hands,
// Quixo on presence sensors; the corpus keeps it). a1 lifted and put back, then six quick
// pushes (a2-a5, a4-a1, e2-a2, e4-e5, b1-a1, d1-a1), the board reading the same after
// each. Seen: d1-a1 committed first, then b1-e1, c5-e5 and c5-a5: FALSE ACCEPTS. The cube
// fumbled past a2-a5's far end left that push seen only in part (asked, as a1-a5 would
// be), and no reading of pushes in order began with a push seen in part: the work fitted
// nothing, and was forgotten when the board rested. Fixed: a cube push seen in part, then
// pushes seen whole, is asked with the push from the other end, the rest read after.
func TestWaverFuzzQuixoQuickPushesReadAsTheLast(t *testing.T) {
	fuzzHands(t, 292, 'H', 'X')
}

// TestWaverFuzzSlideLandedBeforeItsStoneLeft: found by FuzzHands (seed 282, waver hands,
// Quad Wrangle on presence sensors; the corpus keeps it). White a3-a2; Black drops on a3,
// the square it left, 240 ms after; White makes b2-a1 and takes it back; then d7-d6.
// Seen: b2-a2, b2 and d7-d6 committed, FALSE ACCEPTS: b2-a2 with a2 filled half a second
// before b2 was lifted, a3 lifted and put back between. Fixed: a first move whose piece
// came down, there to stay, well before its square was emptied, the hands at work
// elsewhere in between, is another's piece (landedEarly). The moves are asked now; reading
// a3-a2, a3 and d7-d6 with the takeback between is the known defect of seeds 291 and 92.
func TestWaverFuzzSlideLandedBeforeItsStoneLeft(t *testing.T) {
	fuzzHands(t, 282, 0xa5, 0xb0)
}

// TestWaverFuzzTakebackInsideTheRest: found by FuzzHands (seed 291, waver hands, Quad
// Wrangle on presence sensors). a2-a1; Black drops on a2, the square it left, 240 ms
// after; White makes f5-e6 and takes it back; then a drop on d5.
// Seen: a1 and d5 committed, FALSE ACCEPTS: the reading a2-a1, a2, d5 left e6 (put and
// taken off as f5-e6 was taken back) unexplained and was dropped, while a1's reading took
// the takeback, after a2, for a1's hand overshooting. Fixed: a reading whose only
// unexplained work is a move made and taken back between two moves of the rest, far from
// the first, is weighed, to be asked (pairFit.unsure, takenBackIn).
func TestWaverFuzzTakebackInsideTheRest(t *testing.T) {
	fuzzHands(t, 291, 0, 0xb8)
}

// TestWaverFuzzTakebackBetweenSlideDropAndDrop: found by FuzzHands (seed 92, waver hands,
// Quad Wrangle on presence sensors; the corpus keeps it). c4; a5-b4, then e4-f5 made and
// taken back, then a drop on a5, the square a5-b4 left, 1.4 s after it was lifted.
// Seen: c4 and b4 committed, a FALSE ACCEPT: b4 read as a drop with a5 lifted and put back,
// the reading a5-b4, a5 never made (the move taken back lay between two moves of the
// rest, where no reading skipped it). Fixed: a reading of several moves may skip a move
// made and taken back between two of them, where it ends before the next begins; such a
// reading is asked, never taken (chainFit.unsure, nextWork's past).
func TestWaverFuzzTakebackBetweenSlideDropAndDrop(t *testing.T) {
	fuzzHands(t, 92, 'B', 0xb8)
}

// TestWaverFuzzDropBesideASquareLiftedAndRefilled: found by FuzzHands (seed 166, waver
// hands, Quad Wrangle on presence sensors; the corpus keeps it). e6-f6; the next player
// makes d2-c3 and takes it back, then drops on e6, the square e6-f6 left, 860 ms after it
// was emptied; then e7, e2 and e4-e5, quickly.
// Seen: f6, e7, e4-e2 and e5 committed, FALSE ACCEPTS: f6 read as a drop with e6 lifted
// and put back, because e7, made 1.5 s later, turns e6 (the reading e6-f6, e6 holding a move
// more). Fixed: the rest accounts for no lift made before it began, and a move made and
// taken back far from the first move is nobody's: f6 and e6-f6 are asked.
func TestWaverFuzzDropBesideASquareLiftedAndRefilled(t *testing.T) {
	fuzzHands(t, 166, 0xa5, 0xb0)
}

// TestWaverFuzzTakebackBeforeTheDropOnTheSquareLeft: found by FuzzHands (seed 211, waver
// hands, Quad Wrangle on presence sensors; the corpus keeps it). b6-c5 made and taken
// back, f6; e2-e3; b5-e5 made and taken back; a drop on e2, the square e2-e3 left, a second
// after it emptied.
// Seen: f6 and e3 committed, a FALSE ACCEPT: e3 read as a drop with e2 lifted and put back,
// the b5-e5 takeback's pass over c5 excused by the b6-c5 takeback before f6, so the reading
// f6, e3 held every lift and was taken with its rest beginning after e2's lift. Fixed: a
// move taken back before the first move excuses no work on its squares after the first
// move's rest began; the squares of a move taken back that a reading skips are that
// reading's; of readings of the rest seen whole, the fewest moves win before a sure one
// over an unsure one. Now f6 is asked, then e3 or e2-e3.
func TestWaverFuzzTakebackBeforeTheDropOnTheSquareLeft(t *testing.T) {
	fuzzHands(t, 211, 0, 0xb8)
}

// TestBlitzFuzzDropThenReplyTurningIt: found by FuzzHands (seed 155, blitz hands, Quad
// Wrangle on presence sensors; the corpus keeps it). A drop on e3, its discs turned; the
// next player drops on d2 0.8 s later and turns e3, lifting it 160 ms after d2 landed.
// Seen: d2 committed as the first player's move the moment e3 was lifted, then e3: a FALSE
// ACCEPT. With e3 lifted, the reading e3, then d2 turning it, was thrown out as two moves
// of one scan (sameScan counted the lift of e3's disc, a turn by d2, as e3's own work), and
// d2 with a piece put on e3 and taken off was the only reading. Fixed: a piece the first
// move put down, lifted in a later scan than the next move began, is the next move's
// work; and a reading whose rest is on its way is a rival to the single move (strayAsked),
// asked beside it.
func TestBlitzFuzzDropThenReplyTurningIt(t *testing.T) {
	fuzzHands(t, 155, 0, 0x9c)
}

// TestBlitzFuzzTurnReadAsATapAnswer: found by FuzzHands (seed 577, blitz hands, Quad
// Wrangle on presence sensors; the corpus keeps it). d7-e7; Black drops c6; White moves the
// same stone back, e7-d7, which turns c6. The board shows c6 alone: "c6 or d7-e7?" is
// asked, rightly. Then c6's disc is lifted and put back, the turn e7-d7 owes it.
// Seen: that lift read as a tap answering c6: c6 taken as White's move, then a1-b1 credited
// to the wrong player, FALSE ACCEPTS. turnedAfterOption looked one move past each option;
// the move that turns c6 is two moves past d7-e7. Fixed: it looks up to three moves past.
func TestBlitzFuzzTurnReadAsATapAnswer(t *testing.T) {
	fuzzHands(t, 577, 0, 0x9c)
}

// TestWaverFuzzOtherMoveReadWhileAReplyTurns: found by FuzzHands (seed 273, waver hands,
// Quad Wrangle on presence sensors; the corpus keeps it). a7; b4-a5 slid before a7 was
// committed; Black drops on b4 at once. "a5 or b4-a5?" is asked, rightly. Black then turns
// the discs b4 owes: a5, b5 lifted and put back, then a4 lifted.
// Seen: with a4 in the hand, the board read as a4-a5 alone (a5 filled, a4 empty, b4 as
// before), taken at once: a FALSE ACCEPT, and a4 put back taken as Black's drop.
// Should: an option followed by a reply done but for a disc it turns, still in a hand,
// keeps the question open (turnsInHand); with a4 put back, b4-a5 then b4 is read.
func TestWaverFuzzOtherMoveReadWhileAReplyTurns(t *testing.T) {
	fuzzHands(t, 273, 0, 0xb8)
}

// TestSleightFuzzPush4FumbleBeyondTheChain: found by FuzzHands (seed 5, sleight hands,
// Push 4 on polarity sensors; the corpus keeps it). Sa pushes a1 and a2 up into a3, the
// column slid as a whole; a4's marble, past the chain's end, was lifted just before and put
// back in the scan the push began. a1, a2 read the same after as before (R and G alike on
// these sensors), so the board is also W3's, a marble put on a3.
// Seen: Sa read as nothing (work past the chain's end), W3 taken: a FALSE ACCEPT.
// Should: a marble past the chain's end lifted before the push's first lift and put back by
// its scan is skipped, as for Quixo's cubes, and the push asked: Sa or W3.
func TestSleightFuzzPush4FumbleBeyondTheChain(t *testing.T) {
	fuzzHands(t, 5, 'w', 0xa0)
}

// TestWaverFuzzMoveTakenBackThenAnotherOntoItsSquare: found by FuzzHands (seed 447, waver
// hands, Quad Wrangle on presence sensors; the corpus keeps it). White takes f3 to e4 and
// on to c6, then back to f3; makes b7-e4; Black drops on b7; White makes f3-e3.
// Seen: read as f3-e4 then e3 (the board is the same on presence sensors): two FALSE
// ACCEPTS. The piece that stayed on e4 came down while f3 held its own piece again, 0.9 s
// before f3 was next emptied, other work in between; landedFirst read only single moves,
// and by the last lift of f3.
// Should: a first move whose piece came down while its square still held one, well before
// that square was next emptied, is another piece: f3-e4 is no reading.
func TestWaverFuzzMoveTakenBackThenAnotherOntoItsSquare(t *testing.T) {
	fuzzHands(t, 447, 0, 0xb4)
}

// TestBlitzFuzzXeQueoPieceLeftOnTheWay: found by FuzzHands (seed 404, blitz hands, Xe
// Queo! on polarity sensors; the corpus keeps it). b2-b4, b5-b6 and b4-a5 made quickly,
// the last two each slid in before the square left was seen empty.
// Seen: read as b2-b6 (its pawn set down on b4 midway) then b5-a5: two FALSE ACCEPTS. But
// b4 held that pawn 0.24 s after b6 was filled: one pawn cannot be on both.
// Should: a move whose piece, set down on its way after it left its square, is lifted from
// there well after the square it goes to was filled is no reading (leftOnTheWay).
func TestBlitzFuzzXeQueoPieceLeftOnTheWay(t *testing.T) {
	fuzzHands(t, 404, 'x', 0xfc)
}

// TestSleightFuzzCrowdedTurnForTheNextCaptureReadAsATap: found by FuzzHands (seed 161,
// sleight hands, Crowded on presence sensors; the corpus keeps it). c8xd7, its stones
// swapped in 20 ms, d8 and e7 turned; then f8xe7, swapped, and d8 lifted to be turned for
// it. "c8xd7 or c8xd8?" is asked, rightly (d7 never seen empty).
// Seen: d8 put back read as a tap answering c8xd8: two FALSE ACCEPTS. turnedAfterOption
// did not count f8xe7 as made since: e7, where its stone went, is a disc c8xd7 turns.
// Should: a move with a square worked since the option (f8 lifted) and its piece down on a
// square worked since is made; a lift of a disc it turns is no answer.
func TestSleightFuzzCrowdedTurnForTheNextCaptureReadAsATap(t *testing.T) {
	fuzzHands(t, 161, 0x85, 0x44)
}

// TestSleightFuzzPush4AIPushCommittedHalfDone: found by FuzzHands (seed 762, sleight hands,
// Push 4 on presence sensors, players 2 and 3 the AI); it failed at c80f0d5 too. W6 by a
// person; the AI's Na carried out as a6's marble slid to a5 first (a5 filled a scan before
// a6 emptied), the new marble put on a6 180 ms later.
// Seen: Na committed the scan a5 filled, half done; the marble put on a6 then read as a tap
// and the next AI move, W6, committed with nobody's hand on it: a FALSE ACCEPT.
// Fixed: an AI push partly seen, its entry never seen empty nor read changed, is taken once
// the board has shown it for slidOnHold; the scan after, a6 reads empty.
func TestSleightFuzzPush4AIPushCommittedHalfDone(t *testing.T) {
	fuzzHands(t, 762, 'l', 0xa6)
}

// TestSleightFuzzPush4AIPushSlidOnFirst: found by FuzzHands (seed 13, sleight hands, Push 4
// on presence sensors, players 1 and 4 the AI; the corpus keeps it). The AI's Sa carried
// out as a1's marble slid to a2 first, then the new marble put on a1.
// Seen: Sa committed the scan a2 filled, and the AI's next move, W1, with no hand on it: a
// FALSE ACCEPT. Should: as TestSleightFuzzPush4AIPushCommittedHalfDone.
func TestSleightFuzzPush4AIPushSlidOnFirst(t *testing.T) {
	fuzzHands(t, 13, 0xcf, 0xa9)
}

// TestWaverFuzzDiscPutDownReadingAsTurned: found by FuzzHands (seed 436, waver hands, Quad
// Wrangle on polarity sensors; the corpus keeps it). f1-f5; Black drops on f2; White slides
// g2-f1 (f1 filled 20 ms before g2 emptied), which turns f2: f2 lifted and put back white.
// Seen: read as a drop on f1, then g2-f2 turning f1: two FALSE ACCEPTS. But f1 came down
// white, never lifted after: a Black drop turned by nobody's hand.
// Should: a disc a reading's first move puts down, which the next turns, reads turned only
// if it was seen lifted since it came down (turnedUnseen, polarity and identity sensors).
func TestWaverFuzzDiscPutDownReadingAsTurned(t *testing.T) {
	fuzzHands(t, 436, 44, 0xb4)
}

// TestWaverFuzzXeQueoOvershootInsideAChain: found by FuzzHands (seed 57, waver hands, Xe
// Queo! on polarity sensors; the corpus keeps it; it failed at d07309d too). b6-b5; e5-d5
// with the hand overshooting to c5 and back; b5-b4; a3-a2.
// Seen: b6-c5 taken, the first of five moves: a FALSE ACCEPT. The true reading was thrown
// out: c5's work was left to nobody, as a chain's rest kept only its first move's own
// squares, not its hand overshooting (a single move's rest kept both).
// Should: the rest of a chain covers its first move's overshoot; the four moves are read.
func TestWaverFuzzXeQueoOvershootInsideAChain(t *testing.T) {
	fuzzHands(t, 57, 'x', 0xb0)
}

// TestWaverFuzzFirstMoveWhoseSquareEmptiedOnlyLater: found by FuzzHands (seed 520, waver
// hands, Quad Wrangle on polarity sensors; the corpus keeps it). g6-f6 made and taken
// back; Black drops d1; f4-f5 overshooting to f6; Black drops f4; White drops d2, turning
// e1, e2, d1 and c1 (each lifted and put back).
// Seen: c1-d1 taken as the first of eight moves, then f4-c1: two FALSE ACCEPTS. d1 filled
// at 33.6 s; c1 was first lifted at 36.6 s, to be turned, long after the rest had begun.
// Should: a first move whose piece came down while the square it leaves held a piece,
// well before that square was next emptied (in its own work or the rest's), is no reading.
func TestWaverFuzzFirstMoveWhoseSquareEmptiedOnlyLater(t *testing.T) {
	fuzzHands(t, 520, 0xb0, 0x54)
}

// TestWaverFuzzSlideMadeBeforeBreakOverASquareDroppedOn: found by FuzzHands (seed 413,
// waver hands, Quad Wrangle on presence sensors; the corpus keeps it). c4-a4 slid made
// before break (b4, then a4, filled a scan before the square behind emptied); the next
// player drops on b4 160 ms later, turning a3, a4 and b3.
// Seen: c4-b4 then a4 taken: two FALSE ACCEPTS. Both readings were found; earliest kept
// the one whose first move began first, and c4-a4's start left out b4, the square it
// passed over, filled at the scan c4-b4 began.
// Should: both begin together, both are asked.
func TestWaverFuzzSlideMadeBeforeBreakOverASquareDroppedOn(t *testing.T) {
	fuzzHands(t, 413, 0x84, 0x54)
}

// TestWaverFuzzSlideTakenBackMadeAgainThenItsSquareRefilled: found by FuzzHands (seed 249,
// waver hands, Quad Wrangle on presence sensors; the corpus keeps it). d3 slid on to a3
// and brought back to d3; d3-c3 made; Black drops on d3 at once, turning c3 and d4.
// Seen: "c3?" asked alone, then the turn of c3 read as a tap answering it: four FALSE
// ACCEPTS. orderSplit began the drop on d3 at d3's first refill, the piece brought back,
// so d3-c3 then d3 read c3 as undone and was no reading.
// Should: a piece put back on the square a move empties, that move made again after, is
// its own taken back (redoneAfter); the drop begins at the refill after.
func TestWaverFuzzSlideTakenBackMadeAgainThenItsSquareRefilled(t *testing.T) {
	fuzzHands(t, 249, 0x42, 0xb8)
}

// TestBlitzFuzzXeQueoPawnMovedTwiceReadAsOneMove: found by FuzzHands (seed 357, blitz hands,
// Xe Queo! on presence sensors; the corpus keeps it; it failed at d07309d too). f7-f5, then
// the next player's f5-b3, the same pawn moved on at once (it rested 320 ms on f5).
// Seen: f7-b3 taken as one move, a chain of jumps hopping to f5 and d3: a FALSE ACCEPT.
// restedToHandOn looked for a rest of handOff or longer on a straight slide's way only.
// Fixed: the cells a chain of jumps hops to count as its way; f7-b3 is asked beside f7-f5.
func TestBlitzFuzzXeQueoPawnMovedTwiceReadAsOneMove(t *testing.T) {
	fuzzHands(t, 357, 0xf1, 0xf8)
}

// TestWaverFuzzXeQueoTakebackOntoTheSameCell: found by FuzzHands (seed 371, waver hands,
// Xe Queo! on polarity sensors; a known defect from session 40 to 42). After b2-d4, the next player moves d4's pawn to c5 and
// takes it back, then makes c4-c5 (the same cell), the next e4-d5 with fumbles.
// Seen: d4-c5 committed, a FALSE ACCEPT: the move taken back shares c5 with c4-c5, so it is
// no prefix of c4-c5's work that leaves the board as it was, and d4 (lifted, put back) is
// work c4-c5's reading leaves unexplained; d4-c5 followed by e4-d4 reads it all.
// Should: take c4-c5 and e4-d5, or ask. Fixed by 7798903 (landedFirst looks for the next
// lift of the square a first move leaves past its own work: d4-c5 read first, c5 filled
// while d4 held its pawn again, d4 lifted only in the rest).
func TestWaverFuzzXeQueoTakebackOntoTheSameCell(t *testing.T) {
	fuzzHands(t, 371, '6', 0xb4)
}

// TestWaverFuzzXeQueoChainSetDownInPassing: found by FuzzHands (seed 440, waver hands, Xe
// Queo! on polarity sensors, ring on g4). c4-e4, a chain of jumps by e2, its pawn set down on
// d4 for 100 ms, then e4, f3 (180 ms) and e4 again; then e6-f5. Seen: c4-d4, d4-e4 and e6-f5
// committed, FALSE ACCEPTS: the pawn on d4 and f3 read as pieces put down by a move between
// (orderSplit) and as c4-e4's stray work (firstOfTwo), so c4-e4 was no reading.
// Fixed: a piece put down and taken off within handOff, before the first move began or
// between its first and last work, is that hand wavering (wavered); c4-e4 is asked beside
// c4-d4 (its pawn taken over 100 ms after it landed).
func TestWaverFuzzXeQueoChainSetDownInPassing(t *testing.T) {
	fuzzHands(t, 440, 0xdb, 0x50)
}

// TestWaverFuzzXeQueoFumbleAfterTheFirstMove: found by FuzzHands (seed 272, waver hands, Xe
// Queo! on presence sensors, ring on c6). e4-d5; the next player fumbles e5 (lifted, put
// back), moves it to e6 and back, then slides f7-e6, e6 filled before f7 emptied. Seen:
// e5-d5 committed (d5 filled 260 ms before e5 was lifted, e4's pawn then carried 1.3 s to
// e5), a FALSE ACCEPT: e4-d5 followed by f7-e6 left e5's work unexplained, since it began
// before f7-e6's first work (takenBackIn looks only from there on).
// Fixed: work that begins after the first move's last and leaves its squares as they were
// is the next hand's fumble (takenBackAfter); e4-d5 is weighed and asked beside e5-d5 (a
// pawn slid make before break over 260 ms: longer than makeBreak, but between neighbours).
func TestWaverFuzzXeQueoFumbleAfterTheFirstMove(t *testing.T) {
	fuzzHands(t, 272, 0x8e, 0xb0)
}

// TestWaverFuzzPush4MarbleSetDownAlongTheEdge: found by FuzzHands (seed 135, waver hands,
// Push 4 on polarity sensors; a known defect in sessions 41 and 42). W4 (a marble in at a4),
// then, 320 ms later, Na: a4's marble pushed on to a3, overshooting to a2 for 60 ms, then
// a5-a4, a6-a5 and the new marble on a6.
// Seen: W3 and Na committed, FALSE ACCEPTS: the marble on a2, past Na's chain, made W4's
// rest no push begun (onLine on Na's line alone), so W4 was no reading and W3 (its marble
// set down on a4 first) was taken the moment a3 filled.
// Fixed: a push begun may overshoot past its chain, as a push seen whole may (secondFits);
// and a first push whose rest begins by taking up the marble it put in waits for the board
// to rest (matchPair: the hand that put it may be setting it down elsewhere).
func TestWaverFuzzPush4MarbleSetDownAlongTheEdge(t *testing.T) {
	fuzzHands(t, 135, 0xb9, 0xb0)
}

// TestWaverFuzzQuadOvershootOntoTheSquareLeft: found by FuzzHands (seed 354, waver hands,
// Quad Wrangle on identity sensors): eight quick moves, c2-b1 first, then c4-c3 with the
// stone set down on c2 (the square c2-b1 left) for 60 ms on its way. Seen: b1 committed (a
// drop), a FALSE ACCEPT: orderSplit read c2 lifted after c4-c3 began as c2-b1 still at
// work, so c2-b1 was no reading and b1 followed by eight moves was.
// Fixed: a square the first move emptied, filled since the next one began, may be lifted
// again (orderSplit).
func TestWaverFuzzQuadOvershootOntoTheSquareLeft(t *testing.T) {
	fuzzHands(t, 354, 0x58, 0x54)
}

// TestWaverXeQueoTakebackThenAnotherStep: from TestSimulatedHands (waver, Xe Queo! game 336,
// presence sensors, ring on c7). The pawn on e1 is slid to e2 (e2 filled before e1 is seen
// empty), taken back to e1, then moved to d2; the next player slides e5 to d5 by c5.
// At 8be1fbe this was asked from the board shown. With the fix above alone (c2-b1 read
// before c4-c3 whatever c2 then showed), e1-e2 and e2-d2 were committed, the pawn taken on
// 220 ms after it landed and set on e1 on its way: FALSE ACCEPTS. e1-d2 was no reading: the
// move taken back touched e1, its own square, so the work before it was not set apart as
// nobody's (takenBackBefore looks before a move's first work only). Fixed: work that leaves
// the board as it was before the move's last start is nobody's (wavered); e1-d2 is asked
// beside e1-e2.
func TestWaverXeQueoTakebackThenAnotherStep(t *testing.T) {
	base := "@a5 b2-b4 b4-a5 show:O show:B @b1 xq:V show:W @d1 xq:B show:Y @c7 b3-c3 f1-e1 a5-a6 a3-b4 b4-c5 f7-e7 e7-d6 d6-d7 e4-e5 c5-b6"
	newX := review43XQ(base)
	steps := []string{"0 +e2", "20 -e1", "220 -e2", "280 +e1", "420 -e1", "540 +d2", "780 -e5", "920 +c5", "960 -c5", "1000 +d5"}
	review28Hands(t, newX, base, steps, "e1-d2", "e5-d5")
}

// TestWaverFuzzUnsureReadingAnsweredByItsOwnReply: found by FuzzHands (seed 22, waver hands,
// Quad Wrangle on presence sensors). b1-b2, on to b3 and back (b3 read filled before b2),
// a3 fumbled, then Black's drop on b3 turning b2. Seen: b1-b3 asked, unsure (its reading
// leaves work unexplained), then taken as soon as a3's fumble made the board read again:
// the drop on b2 read after it fitted, and a reply fitting an option answers it
// (answeredByReply). b1-b3 and b2: FALSE ACCEPTS.
// Fixed: a question about a first move in doubt in itself (pairFit.doubted: work left
// unexplained, a piece left on its way) closes on an answer alone (firmNext): the reply is
// part of that reading, no evidence for it.
func TestWaverFuzzUnsureReadingAnsweredByItsOwnReply(t *testing.T) {
	fuzzHands(t, 22, 0, 0x50)
}

// TestWaverFuzzQuadRestWaveringLeftAsStray: found by FuzzHands (seed 240, waver hands, Quad
// Wrangle on presence sensors). d1-d2 (d2 filled two scans before d1 emptied) turning c2,
// d3, e1 and e3; Black's drop on d1; c2-c4 made before break, its stone on c3 for 60 ms;
// Black's drop on c2. Seen: d2 and c4 committed (growths, d1 and c2 lifted and put back):
// FALSE ACCEPTS. d1-d2 followed by its rest was thrown out as leaving c3 unexplained: the
// rest read best (the fewest moves: d1, c4) was not the one through c3.
// Fixed: pieces put down and taken off within handOff after the first move's work are a
// hand wavering (brief), no work a reading must explain; d2 is asked beside d1-d2.
func TestWaverFuzzQuadRestWaveringLeftAsStray(t *testing.T) {
	fuzzHands(t, 240, 0x42, 0xb8)
}

// TestWaverFuzzDropOnTheWayTurnedAtOnce: found by FuzzHands (seed 436, waver hands, Quad
// Wrangle on presence sensors; the polarity run of the same seed is fixed, see
// TestWaverFuzzDiscPutDownReadingAsTurned). f1-f5; Black drops f2, on the square f1-f5
// passed over; White slides g2-f1 at once, turning f2 (lifted and put back).
// Seen: f1-f5 committed with its rest from f1's fill on, the drop on f2 left in f1-f5's
// work; then f1 and g2-f2: FALSE ACCEPTS. orderSplit finds a drop on a square the first
// move passed over only where it stays, and f2 was lifted again for the turn. Letting it
// begin the rest where the square ends filled cost 11 waver games and two chain tests.
// Should: read f1-f5, f2, g2-f1, or ask. (A known defect in session 42.)
// Fixed: a piece put on the way that rested handOff or longer, then was lifted and put back,
// the square ending filled, is a disc turned where it was put: the next move began there
// (turnedThere). FuzzHands found it again with the seats 0xb4.
func TestWaverFuzzDropOnTheWayTurnedAtOnce(t *testing.T) {
	fuzzHands(t, 436, 0, 0xb8)
	fuzzHands(t, 436, 0, 0xb4)
}

// TestWaverFuzzQuadDropOnTheWayAfterATakeback: found by FuzzHands (seed 56, waver hands,
// Quad Wrangle on presence sensors). Black's g2-d2 over f2 and e2, taken back; f1-d3 made
// before break over e2; Black's drop on e2 160 ms after the slide left it. Seen: f1-e2 and
// d3, FALSE ACCEPTS: orderSplit began the drop at e2 filled by f1-d3 passing over it, e2
// being emptied first by the move taken back, so f1-d3 then e2 was no reading.
// Fixed: a move made and taken back before the first move began, off its own squares, is
// no emptying of its way (undonePrefix).
func TestWaverFuzzQuadDropOnTheWayAfterATakeback(t *testing.T) {
	fuzzHands(t, 56, 0, 0x50)
}

// TestWaverFuzzQuadMoveTakenBackBetweenASlideAndADropOnItsWay: found by FuzzHands (seed
// 371, waver hands, Quad Wrangle on presence sensors). a5-d5 taken back; White's f7-b3 made
// before break along the diagonal; Black's c1-f4 over d2 and e3 taken back; Black's drop
// on d5, a square f7-b3 passed over. Seen: f7-c4, b3, c4-d5: FALSE ACCEPTS. orderSplit
// read d2 put down between the two as a drop of a move between, and the reading's stray
// check found the move taken back after f7-b3 unexplained: takenBackAfter looked for
// f7-b3's last work through the drop on d5, its own way square.
// Fixed: a move made and taken back between the two moves is nobody's (orderSplit), the
// first move's last work is looked for before the second's (takenBackAfter), and a reading
// seen whole but weighed only to be asked beats one still on its way: f7-c4 or f7-b3 asked.
func TestWaverFuzzQuadMoveTakenBackBetweenASlideAndADropOnItsWay(t *testing.T) {
	fuzzHands(t, 371, 0x63, 0xb8)
}

// TestWaverFuzzXeQueoTakebackThenAStepThenTheNextOntoItsSquare: found by FuzzHands (seed
// 219, waver hands, Xe Queo! on presence sensors, ring on a6). b3-c4 made and taken back
// (200 ms on c4), b3-b4, a2 fumbled, then d5-c4 made before break. Seen: b3-c4, c4-b4 and
// d5-c4, FALSE ACCEPTS: orderSplit began d5-c4 at c4 filled by the move taken back, so
// b3-b4 was read still at work after it and b3-b4 then d5-c4 was no reading.
// Fixed: the next move's start is looked for past a move made and taken back before the
// first began (undonePrefix).
func TestWaverFuzzXeQueoTakebackThenAStepThenTheNextOntoItsSquare(t *testing.T) {
	fuzzHands(t, 219, 0xaf, 0xb8)
}

// TestBlitzFuzzQuadRefillThenTurnReadAsTheSlideRedone: found by FuzzHands (seed 616, blitz
// hands, Quad Wrangle on presence sensors). g2-f1; Black's drop on g2 160 ms later; f2-g1
// made before break, turning g2 (lifted and put back in 60 ms); Black's e1, turning f1.
// Seen: f1, g1 and f2-e1, FALSE ACCEPTS: orderSplit took g2's turn and f1's for g2-f1 made
// again (redoneAfter), so the drop on g2 was read as begun at the turn, after g2-f1 was
// still at work, and g2-f1 then its rest was no reading beside f1 (refillRival's pair).
// Fixed: a square lifted and put back within handOff is a disc turned there, no move made
// again; f1 or g2-f1 is asked.
func TestBlitzFuzzQuadRefillThenTurnReadAsTheSlideRedone(t *testing.T) {
	fuzzHands(t, 616, 0xa5, 0xfc)
}
