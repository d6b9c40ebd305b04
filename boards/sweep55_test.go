package boards

// Regression tests from the simulated player's games of 2026-11-28's thirteenth session
// (FuzzHands with blitz and sleight hands held to no move missed), each failing before its
// fix.

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/hw"
)

// TestSleightFuzzPush4FumbledBackAsThePushLands: Push 4 on presence and polarity sensors,
// sleight hands (FuzzHands seed 128, games 9 and 20). With c1 to f1 filled and b1 empty,
// the player lifts c1 (a fumble), and 340 ms later puts a marble on b1 (Sb) as c1 goes
// back, c1's return seen a scan after b1. Seen: "E1?" alone was asked (c1's marble pushed
// on to b1, d1 to f1 rolled along unseen), the push made never offered, and the player
// could not answer. Sb with c1 fumbled reads alike; it is asked beside E1.
func TestSleightFuzzPush4FumbledBackAsThePushLands(t *testing.T) {
	for _, game := range []uint8{9, 20} {
		t.Run(itoa(int(game)), func(t *testing.T) { handsNoneMissed(t, 128, game, 0x42, 0) })
	}
}

// TestPush4FumbleBackAcrossTheEntry: a piece off a push's line lifted before the push and
// put back a scan after the push's marble came down reads as that push with a fumble, or
// as the push along the fumbled piece's line (its marble carried on, a new one put where it
// was). The sensors cannot tell them: both are asked, neither taken.
func TestPush4FumbleBackAcrossTheEntry(t *testing.T) {
	for _, c := range []struct {
		name, base string
		hands      []string
		want       []string
	}{
		// Sb made, c1 fumbled: E1 seen in part (c1 to b1, d1 to f1 unseen).
		{"Sb", "E1 E1 E1 E1", []string{"0 -c1", "340 +b1", "360 +c1"}, []string{"E1", "Sb"}},
		// E2 made, f1 fumbled: Sf seen whole (f1's marble to f2, a new one on f1).
		{"E2", "Sf", []string{"0 -f1", "300 +f2", "320 +f1"}, []string{"E2", "Sf"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			x := newRig(t, "push4", nil, hw.Presence, Human, Human, Human, Human)
			quartoResume(t, x, strings.Fields(c.base)...)
			x.handsV(c.hands...)
			x.run(time.Second)
			x.wantMoves(c.base)
			got := x.asked()
			slices.Sort(got)
			if !slices.Equal(got, c.want) {
				t.Fatalf("asked %v, want %v (events %s)", got, c.want, x.eventTexts())
			}
		})
	}
}

// TestWaverFuzzQuadWrangleRefilledAfterAFumbleRead: Quad Wrangle on presence sensors,
// waver hands, two known defects since the eighth and ninth sessions, each a FALSE ACCEPT:
//
//   - FuzzHands seed 7188: g7-f6, a drop on g7 (the next player's a3-b3 tried and undone
//     first), d6-d5 (tried and undone before g7-f6, f6 tried on e6 and back before it);
//     read as d6-f6 and a drop on d5, g7 lifted and put back 920 ms later;
//   - seed 9344: e7-f7, e5-e7 (over e6), a drop on e6; read as a drop on f7 and e5-e6, e7
//     lifted and put back 1.24 s later.
//
// The shorter reading holds a stone in a hand across another move's work; the longer, a
// slide whose rest refills the square it left. The sensors cannot tell them (refillRival):
// both are asked, where the one that began first alone was kept (earliest), and a rest
// that refilled the square after other work was not read so.
func TestWaverFuzzQuadWrangleRefilledAfterAFumbleRead(t *testing.T) {
	for _, seed := range []uint64{7188, 9344} {
		t.Run(itoa(int(seed)), func(t *testing.T) { fuzzHands(t, seed, 0, 0x50) })
	}
}

// TestFuzzNextMoveMadeBeforeTheSplitKept: the next move's change seen before the split the
// first move was committed at, its square worked no more (each failing before the fix):
//
//   - Quad Wrangle on presence sensors, waver hands (FuzzHands seed 9902, a known defect
//     since the tenth session, a FALSE ACCEPT): f1-d3 over e2, a drop on e2 a moment after
//     d3 came down, then g2-g1 made before break. f1-d3 was committed with the rest's work
//     from g1's fill on, e2's fill dropped with it, and g1 and g2-e2 were taken: nothing
//     left to order them;
//   - Xe Queo! on every sensor kind, blitz hands (seed 274, games 10, 21 and 32): e5-d5
//     made before break as d3-d7 ends, d5 filled before the split d3-d7 was committed at,
//     then six more moves; read without d5's fill, all seven were lost.
//
// The last change of a square worked only before the split, which still differs from the
// position after the move committed, is kept for the next.
func TestFuzzNextMoveMadeBeforeTheSplitKept(t *testing.T) {
	t.Run("9902", func(t *testing.T) { fuzzHands(t, 9902, 0, 0x50) })
	for _, game := range []uint8{10, 21, 32} {
		t.Run("274/"+itoa(int(game)), func(t *testing.T) { handsNoneMissed(t, 274, game, 0x30, 0) })
	}
}

// TestBlitzFuzzPush4FumbleRestoredPastAGap: Push 4 on presence sensors, blitz hands
// (FuzzHands seed 124, game 9). A marble on f1 lifted and put back (a row holding it
// full, so that the work is kept: the start of a row slid whole), the board reading as the
// position for 120 ms, then Nf pushes f6's marble on to f5, and the next player's W4
// follows at once. Seen: Nf was read as a push seen in part (f1 lies on its line, past its
// far end: the start of a longer push), to be asked, and W4 after it was read as nothing.
// Marbles past the square a chain is pushed into are no part of it: Nf is taken, and W4.
func TestBlitzFuzzPush4FumbleRestoredPastAGap(t *testing.T) {
	t.Run("124", func(t *testing.T) { handsNoneMissed(t, 124, 9, 0x30, 0) })
	t.Run("Nf", func(t *testing.T) {
		x := newRig(t, "push4", nil, hw.Presence, Human, Human, Human, Human)
		const base = "W1 W1 W1 W1 W1 W1 Nf" // (row 1 full: f1's marble is W1's to push off)
		quartoResume(t, x, strings.Fields(base)...)
		x.handsV("0 -f1", "600 +f1", "720 -f6", "800 +f5", "860 +f6")
		x.run(time.Second)
		x.wantMovesSaid(base + " Nf")
	})
}

// TestBlitzFuzzQuadWrangleDeepestReadingsAsked: Quad Wrangle on polarity and identity
// sensors, blitz hands (FuzzHands seed 477, games 11 and 22). b5-d5, g4-c4, d1-c2, g3-f4
// and a drop on c6 with no rest, each capture's discs turned as the next move began. The
// search ran past its budget with only a drop on c5 found; the deeper searches within the
// budget weighed every first move and found b5-d5's reading beside others, but kept more
// than one, so "c5?" alone was asked, a move nobody made. The readings of the deepest
// search within the budget are asked too.
func TestBlitzFuzzQuadWrangleDeepestReadingsAsked(t *testing.T) {
	for _, game := range []uint8{11, 22} {
		t.Run(itoa(int(game)), func(t *testing.T) { handsNoneMissed(t, 477, game, 0x30, 5*time.Second) })
	}
}

// TestBlitzFuzzQuadWrangleDropPastTheBudget: Quad Wrangle on polarity and identity sensors,
// blitz hands (FuzzHands seed 572, games 11 and 22). A drop on c4, f1-f5, c2-c3, e4-e2 and
// c4-e6 with no rest, discs turned as the next move began: 35 changes. The search ran past
// its budget; the deeper searches found the reading made, whole, alone, with depth to
// spare, but one beginning with a drop was never taken (a longer slide refilled beside it
// was thought out of reach: refillRival's reading is one move more, within the two to
// spare). Nothing was taken: a mismatch asked the players to undo five legal moves (since
// 56112c9, the readings were asked, and the game went on no further).
func TestBlitzFuzzQuadWrangleDropPastTheBudget(t *testing.T) {
	for _, game := range []uint8{11, 22} {
		t.Run(itoa(int(game)), func(t *testing.T) { handsNoneMissed(t, 572, game, 0x30, 5*time.Second) })
	}
}

// TestBlitzFuzzQuixo4PushedBackReadsAsATakeback: Quixo for four on polarity sensors, blitz
// hands (FuzzHands seeds 354, 543 and 586 with the AI in a seat, 456 without): a push that
// pushes the last one's row back, its dots reading alike, leaves the board as before the
// last move, which is also how a takeback is made by hand. Seen: where it followed a move
// not yet taken (a2-a1 asked and e5-e1 made after it; b1-b5 then a5-a1 after a1-a5),
// "the board was set back" after the hold, and both moves were dropped unasked: the
// takeback was looked for before several moves. A push back alone was read as the move
// (asked here for its dot), but "none of these" then left a mismatch, not the takeback.
// Moves seen whole that leave the board so are now read as moves, as a single one is (a
// takeback that looks like moves is made on the kiosk), and "none of these" to a question
// about them is the takeback.
func TestBlitzFuzzQuixo4PushedBackReadsAsATakeback(t *testing.T) {
	for _, c := range []struct {
		seed  uint64
		seats uint8
	}{{354, 0x32}, {543, 0x32}, {586, 0x32}, {456, 0x30}} {
		t.Run(itoa(int(c.seed)), func(t *testing.T) { handsNoneMissed(t, c.seed, 18, c.seats, 5*time.Second) })
	}
	// A game played at random to a push that a legal push of the next player sets back,
	// the readings alike.
	x := newRig(t, "quixo4", nil, hw.Polarity, Human, Human, Human, Human)
	s, rng := x.ref.State().Clone(), rand.New(rand.NewPCG(55, 1))
	var base []string
	var back engine.Move
	for len(base) < 200 && back == 0 && !s.Outcome().Over {
		legal := s.Legal(nil)
		m := legal[rng.IntN(len(legal))]
		before := Project(s, hw.Polarity)
		s.Play(m)
		base = append(base, x.rules.FormatMove(m))
		for _, r := range s.Legal(nil) {
			s.Play(r)
			same := len(base) > 4 && Project(s, hw.Polarity) == before
			s.Undo()
			if same {
				back = r
				break
			}
		}
	}
	if back == 0 {
		t.Fatal("no push found that sets the last one back")
	}
	for _, c := range []struct {
		name string
		do   func(x *rig)
		want []string
	}{
		{"made", func(x *rig) { x.send(Message{Kind: CmdChoose, Move: back}) }, append(slices.Clone(base), x.rules.FormatMove(back))},
		{"takeback", func(x *rig) { x.send(Message{Kind: CmdDismiss}) }, base[:len(base)-1]},
	} {
		t.Run(c.name, func(t *testing.T) {
			x := newRig(t, "quixo4", nil, hw.Polarity, Human, Human, Human, Human)
			quartoResume(t, x, base...)
			x.pushAs(x.after(), x.rules.FormatMove(back), 120*time.Millisecond)
			x.run(2 * time.Second)
			if x.moves() != strings.Join(base, " ") || !slices.Contains(x.asked(), x.rules.FormatMove(back)) {
				t.Fatalf("moves %q, asked %v after %s pushed back (events %s)", x.moves(), x.asked(), x.rules.FormatMove(back), x.eventTexts())
			}
			c.do(x)
			x.run(2 * time.Second)
			x.wantMovesSaid(strings.Join(c.want, " "))
		})
	}
}

// TestDismissOnABoardReadingAsThePositionTakesNothingBack (review of d760715): "none of
// these" took back the last moves wherever the board read as an earlier position, also
// where it reads as the position itself, the moves changing nothing the sensors read: a
// Quarto piece handed over (BLRH), a Quixo push on presence sensors. Those moves are no
// takeback: the board reads as the position, and the referee waits for the move.
func TestDismissOnABoardReadingAsThePositionTakesNothingBack(t *testing.T) {
	t.Run("quarto", func(t *testing.T) {
		x := newRig(t, "quarto", nil, hw.Presence)
		x.run(time.Second)
		x.send(Message{Kind: CmdChoose, Move: mustMove(t, x.rules, "BLRH")})
		x.run(time.Second)
		x.took(Asking)
		x.put("a1", 1)
		x.run(time.Second)
		x.lift("a1")
		x.run(200 * time.Millisecond)
		x.send(Message{Kind: CmdDismiss})
		x.run(2 * time.Second)
		x.wantMovesSaid("BLRH")
	})
	t.Run("quixo", func(t *testing.T) {
		x := review41Quixo(t)
		quartoResume(t, x, "c1-c5", "a1-a5")
		review41Fumble(x, "a1")
		review41Push(x, "a5", "a4", "a3", "a2", "a1")
		x.run(time.Second)
		if len(x.asked()) == 0 {
			t.Fatalf("nothing asked (events %s)", x.eventTexts())
		}
		x.send(Message{Kind: CmdDismiss})
		x.run(2 * time.Second)
		x.wantMovesSaid("c1-c5 a1-a5")
	})
}
