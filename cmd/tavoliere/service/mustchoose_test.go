package service

import (
	"strings"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/kiosk"
	"github.com/tavoliere/tavoliere/hw"
)

// TestDismissWhereNoOptionShows: Quarto's first piece handed over is asked at once, every
// piece an option and none of them shown by the board. The state refuses "none of these"
// there (refused.dismiss "must-choose", which the page reads to leave the button out) and
// the command is refused with 409 and why, where it closed the question and asked it again;
// the question stays open and a piece chosen is taken. On a question about a move the board
// shows (the piece placed, and the piece given) "none of these" can be answered.
func TestDismissWhereNoOptionShows(t *testing.T) {
	k := newKiosk(t, "quarto", []boards.Side{boards.Human, boards.Human}, hw.Presence, false)
	s := k.waitFor("the first question", func(s kiosk.State) bool { return len(s.Asking) == 16 })
	if s.Refused["dismiss"] != "must-choose" {
		t.Errorf("refused %v: want dismiss must-choose", s.Refused)
	}
	if code, msg := k.post(map[string]any{"cmd": "dismiss", "session": s.Session, "ply": s.Game.Ply}, true); code != 409 || !strings.Contains(msg, "choose one") {
		t.Errorf("none of these: %d %q, want 409 and why", code, msg)
	}
	time.Sleep(200 * time.Millisecond)
	now := k.state()
	if len(now.Asking) != 16 {
		t.Errorf("after none of these: asking %v, want the question as it was", now.Asking)
	}
	for _, l := range now.Log {
		if l.Kind == "dismissed" {
			t.Errorf("after none of these, the log says %q", l.Text)
		}
	}
	if code, msg := k.post(map[string]any{"cmd": "choose", "session": s.Session, "ply": s.Game.Ply, "move": s.Asking[3]}, true); code != 200 {
		t.Fatalf("choose %s: %d %s", s.Asking[3], code, msg)
	}
	k.waitFor("the piece given", func(s kiosk.State) bool { return s.Game.Ply == 1 })
	k.click("c3")
	s = k.waitFor("the question of the piece placed", func(s kiosk.State) bool { return len(s.Asking) == 15 })
	if _, ok := s.Refused["dismiss"]; ok {
		t.Errorf("the piece placed asked: refused %v, want none of these offered", s.Refused)
	}
	if code, msg := k.post(map[string]any{"cmd": "dismiss", "session": s.Session, "ply": s.Game.Ply}, true); code != 200 {
		t.Errorf("none of these, the piece placed: %d %s", code, msg)
	}
	k.waitFor("the question closed", func(s kiosk.State) bool { return len(s.Asking) == 0 && s.Game.Ply == 1 })
}
