package boards

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/hw"
)

// TestDropCommitsAtOnce: a disc put down where no piece could slide to cannot be part of a
// longer move: it commits on the second agreeing scan (Krypte has only drops).
func TestDropCommitsAtOnce(t *testing.T) {
	x := newRig(t, "krypte", nil, hw.Presence)
	x.put("d1", 1)
	x.run(3 * tick) // two agreeing scans
	x.wantMoves("d1")
	if e := x.took(MoveCommitted); len(e) != 1 || e[0].Text != "d1" {
		t.Fatalf("events %v", e)
	}
}

func TestSlideWaitsForSettle(t *testing.T) {
	x := newRig(t, "quadwrangle", nil, hw.Presence)
	x.put("f4", 1)
	x.run(500 * time.Millisecond) // a4 could slide to f4: the drop waits for the settle window
	// Black slides g5 over f6 to e7? e7 is White's; g5 to f6 is the sheet's move.
	x.lift("g5")
	x.run(100 * time.Millisecond)
	if x.moves() != "f4" {
		t.Fatal("a lifted piece is no move")
	}
	x.put("f6", 1)
	x.run(200 * time.Millisecond)
	if x.moves() != "f4" {
		t.Fatal("a slide could still extend: it must wait for the settle window")
	}
	x.run(200 * time.Millisecond)
	x.wantMoves("f4 g5-f6")
	// Presence sensors cannot see flips: they are lit until the next change.
	if got := x.lit(LightFlip); fmt.Sprint(got) != "[e7 f7]" {
		t.Errorf("flips lit %v, want e7 f7", got)
	}
	x.put("f5", 1) // White's growth next to f4
	x.run(500 * time.Millisecond)
	x.wantMoves("f4 g5-f6 f5")
	if got := x.lit(LightFlip); fmt.Sprint(got) != "[f6 g4 g6]" {
		t.Errorf("flips lit %v, want f6 g4 g6 (QW-3)", got)
	}
}

func TestLiftAndPutBackIsNoMove(t *testing.T) {
	x := newRig(t, "quadwrangle", nil, hw.Presence)
	x.lift("a4")
	x.run(200 * time.Millisecond)
	if got := x.lit(LightDest); len(got) == 0 {
		t.Error("a lifted piece shows its legal destinations")
	}
	x.put("a4", 1)
	x.run(time.Second)
	x.wantMoves("")
	if taps := x.took(Tap); len(taps) != 1 || taps[0].Text != "a4" {
		t.Errorf("taps %v, want a4", taps)
	}
	if len(x.lit(LightDest)) != 0 {
		t.Error("destinations lit after the piece is back")
	}
}

func TestMismatchIsLitAtOnceAndReportedAfterGrace(t *testing.T) {
	x := newRig(t, "quadwrangle", nil, hw.Presence)
	x.put("d4", 1)
	x.run(500 * time.Millisecond)
	x.wantMoves("d4")
	x.put("d5", 1) // Black adds a stone on d5 and removes White's a2: no move does that
	x.lift("a2")
	x.run(5 * tick)
	if x.light("d5") != LightRemove || x.light("a2") != LightPut {
		t.Fatalf("d5 %v a2 %v: remove and put lights at once", x.light("d5"), x.light("a2"))
	}
	if len(x.took(Mismatch)) != 0 {
		t.Fatal("reported before the grace period")
	}
	x.run(3 * time.Second)
	m := x.took(Mismatch)
	if len(m) != 1 || !strings.Contains(m[0].Text, "clear d5") || !strings.Contains(m[0].Text, "put a piece on a2") {
		t.Fatalf("mismatch %v", m)
	}
	x.lift("d5")
	x.put("a2", 1)
	x.run(5 * tick)
	if len(x.took(Repaired)) != 1 {
		t.Error("no repaired event")
	}
	x.wantMoves("d4")
}

func TestCrowdedCaptureOrders(t *testing.T) {
	for _, order := range []string{"captured first", "capturer first", "both at once"} {
		t.Run(order, func(t *testing.T) {
			x := newRig(t, "crowded", nil, hw.Presence)
			switch order {
			case "captured first":
				x.lift("d6")
				x.run(200 * time.Millisecond)
				x.lift("e6")
				x.run(100 * time.Millisecond)
			case "capturer first":
				x.lift("e6")
				x.run(200 * time.Millisecond)
				x.lift("d6")
				x.run(100 * time.Millisecond)
			case "both at once":
				x.lift("e6")
				x.lift("d6")
				x.run(100 * time.Millisecond)
			}
			x.wantMoves("")
			x.put("d6", 1)
			x.run(time.Second)
			if order != "capturer first" {
				x.wantMoves("e6xd6")
				return
			}
			// d6 lifted after e6 may be a disc turned after e6xe5 or e6xe7 swapped between
			// two scans: held, with e6xd6's discs lit, until a disc only it turns is lifted.
			x.wantMoves("")
			if got := fmt.Sprint(x.lit(LightFlip)); got != "[c5 c7 e5 e7]" {
				t.Fatalf("held: turn-over lights %s, want e6xd6's c5 c7 e5 e7", got)
			}
			x.lift("c5")
			x.run(100 * time.Millisecond)
			x.put("c5", 1)
			x.run(500 * time.Millisecond)
			x.wantMoves("e6xd6")
			if got := fmt.Sprint(x.lit(LightFlip)); got != "[c7 e5 e7]" {
				t.Fatalf("c5 turned: turn-over lights %s, want c7 e5 e7", got)
			}
			if a := x.took(Asking); len(a) != 0 {
				t.Fatalf("asked %s", a[0].Text)
			}
		})
	}
}

func TestPolarityFlipsGoDark(t *testing.T) {
	x := newRig(t, "krypte", nil, hw.Polarity)
	x.put("d1", x.piece())
	x.run(5 * tick)
	x.put("e8", x.piece())
	x.run(5 * tick)
	x.put("c1", x.piece()) // flips d1 to White
	x.run(5 * tick)
	x.wantMoves("d1 e8 c1")
	if x.light("d1") != LightFlip {
		t.Fatalf("d1 must be lit to turn over, is %v", x.light("d1"))
	}
	x.board.Flip(x.cell("d1"))
	x.run(5 * tick)
	if x.light("d1") == LightFlip {
		t.Fatal("d1 is turned: its light goes dark")
	}
	// Turning it back is a mismatch.
	x.board.Flip(x.cell("d1"))
	x.run(5 * tick)
	if x.light("d1") != LightTurn {
		t.Fatalf("d1 turned back: %v, want the turn-over light", x.light("d1"))
	}
}

func TestPendingFlipsDoNotBlockTheNextMove(t *testing.T) {
	x := newRig(t, "krypte", nil, hw.Polarity)
	for _, c := range []string{"d1", "e8", "c1"} {
		x.put(c, x.piece())
		x.run(5 * tick)
	}
	// d1 is not turned over yet; White plays h5 anyway.
	x.put("h5", x.piece())
	x.run(5 * tick)
	x.wantMoves("d1 e8 c1 h5")
	if x.light("d1") != LightFlip {
		t.Errorf("d1 still to turn: %v", x.light("d1"))
	}
}

func TestAIMoveAndFastReply(t *testing.T) {
	x := newRig(t, "quadwrangle", nil, hw.Presence, AI, Human)
	th := x.took(Think)
	if len(th) != 1 {
		t.Fatal("White is the AI: the referee asks it to think")
	}
	m, _ := x.rules.ParseMove("a6-b5")
	x.send(Message{Kind: CmdAIResult, Version: uint64(th[0].Ply), Move: m})
	if len(x.took(AIMove)) != 1 {
		t.Fatal("AI move not announced")
	}
	x.run(tick)
	if x.light("a6") != LightAIFrom || x.light("b5") != LightAITo {
		t.Fatalf("a6 %v b5 %v", x.light("a6"), x.light("b5"))
	}
	// Another White move is refused: only the announced one is accepted.
	x.put("d4", 1)
	x.run(time.Second)
	x.wantMoves("")
	x.lift("d4")
	// Carry it out and answer at once, before the board settles.
	x.lift("a6")
	x.run(2 * tick)
	x.put("b5", 1)
	x.run(2 * tick)
	x.put("d3", 1)
	x.run(time.Second)
	x.wantMoves("a6-b5 d3")
	if len(x.took(Think)) != 1 {
		t.Error("after the reply the AI thinks again")
	}
}

func TestStaleInputIsDropped(t *testing.T) {
	x := newRig(t, "quadwrangle", nil, hw.Presence, AI, Human)
	th := x.took(Think)
	game := x.ref.Game()
	x.send(Message{Kind: CmdNewGame, Rules: x.rules, Sides: []Side{Human, Human}})
	m, _ := x.rules.ParseMove("f4")
	x.send(Message{Kind: CmdAIResult, Game: game, Version: uint64(th[0].Ply), Move: m})
	if w := x.took(Warning); len(w) != 1 || x.ref.Stats().StaleMessages != 1 {
		t.Fatalf("an AI result of the old game: %v", w)
	}
	x.wantMoves("")
	x.events = append(x.events, x.ref.HandleFrame(hw.Frame{At: x.now.Add(tick), Cells: make([]hw.Reading, 3)})...)
	if x.ref.Stats().BadFrames != 1 || len(x.took(Warning)) != 1 {
		t.Error("a frame of the wrong size is reported")
	}
	x.events = append(x.events, x.ref.HandleFrame(hw.Frame{At: epoch.Add(-time.Second), Cells: make([]hw.Reading, 49)})...)
	if x.ref.Stats().StaleFrames != 1 || len(x.took(Warning)) != 1 {
		t.Error("a frame from before the game is reported")
	}
	x.wantMoves("")
}

func TestFlickerAndRestless(t *testing.T) {
	x := newRig(t, "quadwrangle", nil, hw.Presence)
	for i := range 200 { // 4 s of a cell toggling every scan
		if i%2 == 0 {
			x.put("d4", 1)
		} else {
			x.lift("d4")
		}
		x.run(tick)
	}
	if x.ref.Stats().Flickers != 1 {
		t.Errorf("flickers %d, want one report", x.ref.Stats().Flickers)
	}
	x.wantMoves("")
	x.lift("d4")
	// A cell that changes every 100 ms passes the debouncer but never lets the board settle.
	for i := range 120 {
		if i%2 == 0 {
			x.put("d4", 1)
		} else {
			x.lift("d4")
		}
		x.run(100 * time.Millisecond)
	}
	if x.ref.Stats().Restless != 1 {
		t.Errorf("restless %d, want one report", x.ref.Stats().Restless)
	}
}

func TestTakeback(t *testing.T) {
	x := newRig(t, "quadwrangle", nil, hw.Presence)
	x.put("f4", 1)
	x.run(500 * time.Millisecond)
	x.wantMoves("f4")
	// On the board: lift the stone and leave it off.
	x.lift("f4")
	x.run(time.Second)
	x.wantMoves("f4") // not yet: a takeback must be held
	x.run(time.Second)
	x.wantMoves("")
	if len(x.took(TakenBack)) != 1 {
		t.Error("no takeback event")
	}
	// From the kiosk: the LEDs say what to restore.
	x.put("f4", 1)
	x.run(500 * time.Millisecond)
	x.wantMoves("f4")
	x.send(Message{Kind: CmdTakeback})
	x.run(tick)
	x.wantMoves("")
	if x.light("f4") != LightRemove {
		t.Errorf("f4 after a takeback: %v, want remove", x.light("f4"))
	}
}

// askTwo makes a Crowded board where two captures fit: Black lifts e6 (the capturer), d6
// and e7 (both White's), puts e6's stone on d6 and e7's back. Both e6xd6 and e6xe7 fit; the
// referee must ask, lighting d6 and e7.
func askTwo(t *testing.T) *rig {
	x := newRig(t, "crowded", nil, hw.Presence)
	askTwoOn(t, x)
	return x
}

// askTwoOn is askTwo on x, a Crowded board from the start; it returns the question.
func askTwoOn(t *testing.T, x *rig) Event {
	t.Helper()
	x.lift("e6")
	x.lift("d6")
	x.lift("e7")
	x.run(100 * time.Millisecond)
	x.put("d6", 1)
	x.put("e7", 1)
	x.run(time.Second)
	x.wantMoves("")
	ask := x.took(Asking)
	if len(ask) != 1 || len(ask[0].Options) != 2 {
		t.Fatalf("asking %v", ask)
	}
	if got := x.lit(LightAsk); fmt.Sprint(got) != "[d6 e7]" {
		t.Fatalf("asking lights %v", got)
	}
	return ask[0]
}

func TestAskAndTap(t *testing.T) {
	x := askTwo(t)
	// Tap e7: lift and put back quickly.
	x.lift("e7")
	x.run(4 * tick)
	x.put("e7", 1)
	x.run(4 * tick)
	x.wantMoves("e6xe7")
}

func TestChooseFromKiosk(t *testing.T) {
	x := askTwo(t)
	m, _ := x.rules.ParseMove("e6xd6")
	x.send(Message{Kind: CmdChoose, Move: m})
	x.wantMoves("e6xd6")
	x.events = nil
	x.send(Message{Kind: CmdChoose, Move: m})
	if len(x.took(Warning)) != 1 {
		t.Error("choosing when nothing is asked")
	}
}

func TestGameOverStopsMoves(t *testing.T) {
	x := newRig(t, "krypte", nil, hw.Presence)
	for _, c := range strings.Fields("d1 e8 c1 h5 e7 c2 g5 a4 d2 f5 e6 e1 h2 d8 a5 e2 h1 e5") {
		x.put(c, 1)
		x.run(5 * tick)
	}
	if x.ref.History() == nil || len(x.ref.History()) != 18 {
		t.Fatalf("moves %s", x.moves())
	}
	if g := x.took(GameOver); len(g) != 1 || !g[0].Outcome.Won(1) {
		t.Fatalf("game over %v", g)
	}
	x.put("a1", 1)
	x.run(time.Second)
	if len(x.ref.History()) != 18 {
		t.Error("a move after the end")
	}
}

func TestHintsOnOff(t *testing.T) {
	x := newRig(t, "quadwrangle", nil, hw.Presence)
	x.lift("a4")
	x.run(100 * time.Millisecond)
	// a4's slides from the start: east to f4 (g4 is Black's), north-east b5 c6 (d7 is
	// White's), south-east b3 c2 (d1 is Black's); a3 and a5 block north and south.
	if got := fmt.Sprint(x.lit(LightDest)); got != "[b3 b4 b5 c2 c4 c6 d4 e4 f4]" {
		t.Fatalf("destinations of a4: %s", got)
	}
	x.send(Message{Kind: CmdHints, On: false})
	if len(x.lit(LightDest)) != 0 {
		t.Error("hints off: destinations still lit")
	}
	x.send(Message{Kind: CmdHints, On: true})
	if len(x.lit(LightDest)) == 0 {
		t.Error("hints on again: no destinations")
	}
}

func TestResume(t *testing.T) {
	x := newRig(t, "quadwrangle", nil, hw.Presence, Human, AI)
	moves := []engine.Move{mustMove(t, x.rules, "f4"), mustMove(t, x.rules, "g5-f6"), mustMove(t, x.rules, "f5")}
	x.send(Message{Kind: CmdResume, Rules: x.rules, Sides: []Side{Human, AI}, Moves: moves})
	x.wantMoves("f4 g5-f6 f5")
	if len(x.took(Think)) != 1 {
		t.Fatal("Black (the AI) is to move after the resumed moves")
	}
	// The board still shows the start: the lights say what to fix, no move counts.
	x.run(time.Second)
	snap := x.ref.Snapshot()
	if !snap.Waiting || snap.Plan[x.sq("f4")] != LightPut || snap.Plan[x.sq("g5")] != LightRemove {
		t.Fatalf("waiting %v, f4 %v, g5 %v", snap.Waiting, snap.Plan[x.sq("f4")], snap.Plan[x.sq("g5")])
	}
	x.setUp()
	x.run(5 * tick)
	if x.ref.Snapshot().Waiting {
		t.Fatal("the board shows the position: moves count again")
	}
	bad := append(moves[:2:2], mustMove(t, x.rules, "a2"))
	x.send(Message{Kind: CmdResume, Rules: x.rules, Moves: bad})
	if w := x.took(Warning); len(w) != 1 || !strings.Contains(w[0].Text, "move 3") {
		t.Fatalf("resuming an illegal record: %v", w)
	}
	x.wantMoves("f4 g5-f6 f5")
}

// TestMakeBeforeBreak: a sliding stone closes the sensor of the square it arrives on
// before the one it left opens. That moment reads as a drop; it must not be taken for one.
func TestMakeBeforeBreak(t *testing.T) {
	x := newRig(t, "quadwrangle", nil, hw.Presence)
	x.put("b4", 1) // the stone from a4 arrives on b4 …
	x.run(3 * tick)
	x.lift("a4") // … and leaves a4
	x.run(3 * tick)
	x.lift("b4")
	x.put("c4", 1) // and goes on to c4
	x.run(time.Second)
	x.wantMoves("a4-c4")
	// A drop where no piece can slide to still commits at once.
	x = newRig(t, "quadwrangle", nil, hw.Presence)
	x.put("d4", 1)
	x.run(3 * tick)
	x.wantMoves("")
	x.run(400 * time.Millisecond)
	x.wantMoves("d4") // d4 is reachable by a slide: it waited for the settle window
}

func TestTakebackRules(t *testing.T) {
	x := newRig(t, "krypte", nil, hw.Presence)
	x.send(Message{Kind: CmdTakeback})
	if len(x.took(Warning)) != 1 {
		t.Fatal("nothing to take back")
	}
	x.put("d1", 1)
	x.run(5 * tick)
	x.wantMoves("d1") // "nothing to take back" left the board live
	x.put("e8", 1)
	x.run(5 * tick)
	// Two takebacks made from the same screen: only the first counts.
	x.send(Message{Kind: CmdTakeback, Version: 3})
	x.send(Message{Kind: CmdTakeback, Version: 3})
	x.wantMoves("d1")
	if x.ref.Stats().StaleMessages != 1 {
		t.Errorf("stale %d", x.ref.Stats().StaleMessages)
	}
}

// TestTakebackAfterGameOver: a player who ends the game by a mistake takes the last move
// back; the game goes on from the position before it. (It was refused: "the game is over".)
func TestTakebackAfterGameOver(t *testing.T) {
	x := newRig(t, "krypte", nil, hw.Presence)
	moves := strings.Fields("d1 e8 c1 h5 e7 c2 g5 a4 d2 f5 e6 e1 h2 d8 a5 e2 h1 e5")
	for i, sq := range moves {
		x.put(sq, 1)
		x.run(500 * time.Millisecond)
		x.wantMoves(strings.Join(moves[:i+1], " "))
	}
	if len(x.took(GameOver)) != 1 {
		t.Fatal("the sequence did not end the game")
	}
	x.send(Message{Kind: CmdTakeback})
	x.run(tick)
	if w := x.took(Warning); len(w) != 0 {
		t.Fatalf("takeback after game over: %v", w)
	}
	x.wantMoves(strings.Join(moves[:len(moves)-1], " "))
	if x.ref.Snapshot().Outcome.Over {
		t.Fatal("the game is still over after the move that ended it was taken back")
	}
	if x.light("e5") != LightRemove {
		t.Errorf("e5 after the takeback: %v, want remove", x.light("e5"))
	}
	// The board put back, the game goes on: another move is taken.
	x.lift("e5")
	x.run(500 * time.Millisecond)
	x.put("a1", 1)
	x.run(500 * time.Millisecond)
	x.wantMoves(strings.Join(append(moves[:len(moves)-1:len(moves)-1], "a1"), " "))
}
