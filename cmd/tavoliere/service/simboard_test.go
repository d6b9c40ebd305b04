package service

import (
	"testing"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/kiosk"
	"github.com/tavoliere/tavoliere/hw"
)

// TestSimBoardShowsWhatHandsLeft: the simulated board's squares say what a hand left there
// (onBoard), apart from the game's position: after a takeback the stone is still on the
// board until lifted, and a disc turned over on presence sensors turns, unseen by them.
func TestSimBoardShowsWhatHandsLeft(t *testing.T) {
	k := newKiosk(t, "quadwrangle", []boards.Side{boards.Human, boards.Human}, hw.Presence, false)
	square := func(s kiosk.State, name string) kiosk.Square {
		t.Helper()
		for _, q := range s.Squares {
			if q.Name == name {
				if q.OnBoard == nil {
					t.Fatalf("%s: no onBoard on a simulated board", name)
				}
				return q
			}
		}
		t.Fatalf("no square %s", name)
		return kiosk.Square{}
	}
	k.click("f4")
	s := k.waitFor("f4", func(s kiosk.State) bool { return len(s.Game.Moves) == 1 })
	white := square(s, "f4").Piece
	if q := square(s, "f4"); *q.OnBoard != white || white == 0 {
		t.Fatalf("f4 after the drop: piece %d, on the board %d", q.Piece, *q.OnBoard)
	}
	if code, msg := k.post(map[string]any{"cmd": "takeback", "session": s.Session}, false); code != 200 {
		t.Fatalf("takeback: %d %s", code, msg)
	}
	s = k.waitFor("f4 taken back", func(s kiosk.State) bool { return len(s.Game.Moves) == 0 })
	if q := square(s, "f4"); q.Piece != 0 || *q.OnBoard != white {
		t.Fatalf("f4 taken back: the game has %d, the board shows %d; want 0 and the stone still there", q.Piece, *q.OnBoard)
	}
	k.click("f4") // lifted, as the lights ask
	s = k.waitFor("f4 lifted", func(s kiosk.State) bool { return !s.Waiting })
	if q := square(s, "f4"); *q.OnBoard != 0 {
		t.Fatalf("f4 lifted: the board shows %d", *q.OnBoard)
	}
	k.click("f4")
	s = k.waitFor("f4 again", func(s kiosk.State) bool { return len(s.Game.Moves) == 1 })
	if code, msg := k.post(map[string]any{"cmd": "sim", "square": "f4", "action": "flip"}, false); code != 200 {
		t.Fatalf("flip on presence sensors: %d %s", code, msg)
	}
	s = k.waitFor("f4 turned", func(s kiosk.State) bool { q := square(s, "f4"); return *q.OnBoard != white })
	if q := square(s, "f4"); *q.OnBoard != white^3 || q.Reading != 1 || q.Piece != white {
		t.Fatalf("f4 turned: on the board %d, reading %d, the game's %d", *q.OnBoard, q.Reading, q.Piece)
	}
}
