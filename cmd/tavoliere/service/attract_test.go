package service

import (
	"io"
	"log/slog"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/journal"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/kiosk"
	"github.com/tavoliere/tavoliere/engine/registry"
	"github.com/tavoliere/tavoliere/hw"
)

// idleKiosk is a kiosk whose attract mode starts after idle, its demo a move every pace.
func idleKiosk(t *testing.T, id string, idle, pace time.Duration) *stand {
	t.Helper()
	rules, err := registry.New(id, nil)
	if err != nil {
		t.Fatal(err)
	}
	j, err := journal.Open(filepath.Join(t.TempDir(), "journal.db"))
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	svc := &Service{log: log, journal: j, hub: kiosk.NewHub(), sensor: hw.Presence, seed: 1, idle: idle, pace: pace}
	return runKiosk(t, svc, Game{Rules: rules, Sides: []boards.Side{boards.Human, boards.Human}, Level: "beginner"}, false)
}

// sameGame fails unless after shows the game of before as it was.
func sameGame(t *testing.T, before, after kiosk.State) {
	t.Helper()
	if after.Session != before.Session || after.JournalGame != before.JournalGame || after.Game.Position != before.Game.Position ||
		after.Game.Ply != before.Game.Ply || !slices.Equal(after.Game.Moves, before.Game.Moves) ||
		!slices.Equal(after.Asking, before.Asking) || after.Mismatch != before.Mismatch {
		t.Fatalf("the game changed: session %d -> %d, journal %d -> %d, ply %d -> %d, moves %v -> %v, position %q -> %q, asking %v -> %v, mismatch %q -> %q",
			before.Session, after.Session, before.JournalGame, after.JournalGame, before.Game.Ply, after.Game.Ply,
			before.Game.Moves, after.Game.Moves, before.Game.Position, after.Game.Position, before.Asking, after.Asking,
			before.Mismatch, after.Mismatch)
	}
}

// TestAttractMode: after the idle time the kiosk plays the AI against itself in the state's
// demo, the LEDs dim, and the game, its lights and its journal untouched; a touch ends it
// at once, and so does a piece lifted; then the game is as it was.
func TestAttractMode(t *testing.T) {
	k := idleKiosk(t, "quadwrangle", time.Second, 50*time.Millisecond)
	k.click("f4")
	before := k.waitFor("f4", func(s kiosk.State) bool { return len(s.Game.Moves) == 1 })
	moves := func() []string {
		g, err := k.j.Game(before.JournalGame)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, m := range g.Moves {
			out = append(out, m.Text)
		}
		return out
	}
	journaled := moves()
	leds := func() hw.LightFrame {
		k.svc.mu.Lock()
		b := k.svc.board
		k.svc.mu.Unlock()
		l, _ := b.Lights()
		return l
	}
	time.Sleep(100 * time.Millisecond)
	lit := leds()
	if slices.Equal(lit, make(hw.LightFrame, len(lit))) {
		t.Fatal("no light shows the game's last move")
	}

	for round, end := range []string{"a touch", "a piece lifted"} {
		s := k.waitFor("a demo", func(s kiosk.State) bool { return s.Demo != nil && s.Demo.Game.Ply >= 3 })
		if s.Demo.Run != uint64(round+1) || s.Demo.Invite != "touch" || len(s.Demo.Squares) != s.Demo.Game.Files*s.Demo.Game.Ranks || len(s.Demo.Diagram) != s.Demo.Game.Ranks {
			t.Fatalf("demo %+v", s.Demo)
		}
		if s.Demo.Move == "" || !slices.ContainsFunc(s.Demo.Squares, func(q kiosk.DemoSquare) bool { return q.Last && q.Piece != 0 }) {
			t.Fatalf("the demo's last move %q is not marked on its squares", s.Demo.Move)
		}
		sameGame(t, before, s)
		for i, c := range leds() {
			if max(c.R, c.G, c.B) > 40 {
				t.Fatalf("LED %d shows %v in attract mode: want dim", i, c)
			}
		}
		if !slices.Equal(moves(), journaled) {
			t.Fatalf("the journal holds %v, was %v", moves(), journaled)
		}
		switch end {
		case "a touch":
			if code, msg := k.post(map[string]any{"cmd": "touch"}, true); code != 200 {
				t.Fatalf("touch: %d %s", code, msg)
			}
			if s := k.state(); s.Demo != nil {
				t.Fatal("the demo goes on after a touch")
			}
		case "a piece lifted":
			k.click("f4")
			k.waitFor("the demo's end", func(s kiosk.State) bool { return s.Demo == nil })
			k.click("f4") // put back
		}
		time.Sleep(200 * time.Millisecond)
		sameGame(t, before, k.waitFor("the game", func(s kiosk.State) bool { return s.Demo == nil && s.Mismatch == "" }))
		if !slices.Equal(moves(), journaled) {
			t.Fatalf("the journal holds %v, was %v", moves(), journaled)
		}
		for end := time.Now().Add(2 * time.Second); !slices.Equal(leds(), lit); time.Sleep(10 * time.Millisecond) {
			if time.Now().After(end) {
				t.Fatalf("after %s the LEDs show %v, not the game's %v", end, leds(), lit)
			}
		}
	}
}

// TestAttractBlocked: a demo does not start while the game needs somebody.
func TestAttractBlocked(t *testing.T) {
	over := boards.Snapshot{Mismatch: "clear a1", Waiting: true}
	over.Outcome.Over = true
	for _, c := range []struct {
		name string
		snap boards.Snapshot
		away bool
		want string
	}{
		{"idle", boards.Snapshot{}, false, ""},
		{"question", boards.Snapshot{Asking: []string{"a1", "a2"}}, false, "asking"},
		{"mismatch", boards.Snapshot{Mismatch: "clear a1"}, false, "mismatch"},
		{"set up", boards.Snapshot{Waiting: true}, false, "waiting"},
		{"AI thinking", boards.Snapshot{Thinking: true}, false, "thinking"},
		{"suggesting", boards.Snapshot{Suggesting: true}, false, "thinking"},
		{"board away", boards.Snapshot{}, true, "board-away"},
		{"over, the board cleared", over, false, ""},
	} {
		if got := attractBlocked(c.snap, c.away); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

// TestAttractNotDuringAQuestion: while a question is open (Quarto's first piece, given on
// the screen) the idle kiosk plays no demo; once it is answered, the demo comes.
func TestAttractNotDuringAQuestion(t *testing.T) {
	k := idleKiosk(t, "quarto", 300*time.Millisecond, 50*time.Millisecond)
	s := k.waitFor("the first piece asked", func(s kiosk.State) bool { return len(s.Asking) > 0 })
	time.Sleep(time.Second)
	if s := k.state(); s.Demo != nil || len(s.Asking) == 0 {
		t.Fatalf("a demo with a question open (asking %v)", s.Asking)
	}
	if code, msg := k.post(map[string]any{"cmd": "choose", "session": s.Session, "move": s.Asking[0]}, false); code != 200 {
		t.Fatalf("choose %s: %d %s", s.Asking[0], code, msg)
	}
	k.waitFor("a demo once answered", func(s kiosk.State) bool { return s.Demo != nil && len(s.Asking) == 0 })
}

// TestAttractOff: with no idle time there is no attract mode.
func TestAttractOff(t *testing.T) {
	k := idleKiosk(t, "quadwrangle", 0, 0)
	time.Sleep(300 * time.Millisecond)
	if s := k.state(); s.Demo != nil {
		t.Fatal("a demo with attract mode off")
	}
}
