package boards

// Regression tests from 2026-11-29's twentieth session: the known defect of a piece put
// back after the AI's move (the nineteenth session's second review), failing before its
// fix.

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/hw"
)

// TestAIsMoveHeldWhileAMoveIsInDoubt: Quad Wrangle on presence sensors, against the AI.
// b6 dropped, a6 lifted 30 ms later: a6-b6 (made before break) is committed, and the AI's
// g1 comes at once. Seen before: g1 announced and put down, then a6 put back within TapMax
// of its lift; the AI's committed move ended the doubt, and a6 was read as White's drop,
// three moves where two were made. Now the AI's move is announced only once a6's lift is
// TapMax old: a6 put back before that calls a6-b6 in doubt (b6 or a6-b6 asked), and the
// AI answers the move chosen; left up, g1 is announced then.
func TestAIsMoveHeldWhileAMoveIsInDoubt(t *testing.T) {
	const base = "b7-e4 b1-b3 b1 d1-d2 f7-d5 b3-b2 e5 b1-d3"
	for _, back := range []bool{true, false} {
		t.Run(map[bool]string{true: "a6 put back", false: "a6 left up"}[back], func(t *testing.T) {
			x := newRig(t, "quadwrangle", nil, hw.Presence, Human, AI)
			quartoResume(t, x, strings.Fields(base)...)
			x.handsAt("0 +b6", "30 -a6")
			lift := x.now
			for range 40 {
				if x.run(tick); len(x.ref.History()) == 9 {
					break
				}
			}
			x.wantMoves(base + " a6-b6")
			x.took(Think)
			x.send(Message{Kind: CmdAIResult, Version: uint64(x.ref.State().Ply()), Move: mustMove(t, x.rules, "g1")})
			if a := x.took(AIMove); len(a) > 0 {
				t.Fatalf("g1 announced %v after a6's lift, while a6-b6 may be called in doubt", x.now.Sub(lift))
			}
			if back {
				x.run(lift.Add(500 * time.Millisecond).Sub(x.now))
				x.hands(0, "+a6")
				x.run(time.Second)
				x.wantMoves(base)
				// (a6 back can be no later move, the AI's not yet known: b6 is asked alone.)
				if got := x.askedMoves(); !slices.Contains(got, "b6") {
					t.Fatalf("asked %v, want b6 (events %s)", got, x.eventTexts())
				}
				x.send(Message{Kind: CmdChoose, Move: mustMove(t, x.rules, "b6")})
				x.run(100 * time.Millisecond)
				x.wantMoves(base + " b6")
				if len(x.took(Think)) != 1 {
					t.Fatalf("the AI is not asked to answer b6")
				}
				x.send(Message{Kind: CmdAIResult, Version: uint64(x.ref.State().Ply()), Move: mustMove(t, x.rules, "g1")})
				if len(x.took(AIMove)) != 1 {
					t.Fatalf("g1, the answer to b6 chosen, not announced at once")
				}
			} else {
				for x.ref.State().Ply() == 9 && len(x.took(AIMove)) == 0 {
					if x.now.Sub(lift) > 2*time.Second {
						t.Fatalf("g1 never announced")
					}
					x.run(tick)
				}
				if d := x.now.Sub(lift); d < 700*time.Millisecond || d > 800*time.Millisecond {
					t.Fatalf("g1 announced %v after a6's lift, want as TapMax (0.7 s) has passed", d)
				}
			}
			x.hands(0, "+g1")
			x.run(time.Second)
			if back {
				x.wantMoves(base + " b6 g1")
			} else {
				x.wantMoves(base + " a6-b6 g1")
			}
		})
	}
}

// TestPawnTriedOnTheSquareLeftBeforeItWentOn: Xe Queo! on presence sensors, waver hands
// (FuzzHands seed 4770, every sensor kind). a3-b3; then c4-a2, and the next player takes
// a2's pawn up 320 ms after it came down, sets it on c4 for a moment and on c2. Seen:
// c4-c2 committed, the pawn's rest on a2 a try and its stop on c4 a return: a false
// accept. Both readings fit the squares: asked, never c4-c2 taken.
func TestPawnTriedOnTheSquareLeftBeforeItWentOn(t *testing.T) {
	const base = "@a7 b3-c4 e4-e5 f4-e4 xq:G show:Y @d2 e5-e3 xq:V show:W @a7 b2-c3 f1-f2 f2-e2 xq:V show:R @a1 xq:V show:G @c1"
	x := newRig(t, "xequeo", nil, hw.Presence, Human, Human)
	quartoResume(t, x, strings.Fields(base)...)
	x.handsAt("0 -f7", "100 +e6", "260 -e6", "360 +f7", "520 +b3", "540 -a3", "700 -e2", "860 +e2",
		"920 -c4", "1080 +a2", "1400 -a2", "1580 +c4", "1720 -c4", "1860 +c2")
	x.run(4 * time.Second)
	x.wantTakenOrAnswered(base, "a3-b3", "c4-a2", "a2-c2")
}
