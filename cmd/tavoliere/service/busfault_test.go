package service

import (
	"errors"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/hardware"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/journal"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/kiosk"
	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/registry"
	"github.com/tavoliere/tavoliere/hw"
	"github.com/tavoliere/tavoliere/hw/hwtest"
	"github.com/tavoliere/tavoliere/hw/mcp23017"
)

// busKiosk runs the service, Quad Wrangle human v human, on a 7x7 board read by MCP23017
// models over an I²C bus that can fail, the start position set on the chips.
func busKiosk(t *testing.T, giveUp time.Duration) (*stand, *hwtest.I2CBus, func(square string)) {
	t.Helper()
	rules, err := registry.New("quadwrangle", nil)
	if err != nil {
		t.Fatal(err)
	}
	layout, err := boards.NewLayout(boards.Spec{Files: 7, Ranks: 7, Kind: hw.Presence})
	if err != nil {
		t.Fatal(err)
	}
	addrs := []uint16{0x20, 0x21, 0x22, 0x23}
	bus := hwtest.NewI2CBus(nil, addrs...)
	cells := make([]bool, layout.Cells())
	start := boards.Project(rules.Start(), hw.Presence)
	for sq := range layout.Size() {
		cells[layout.CellOf(engine.Square(sq))] = start[sq] != 0
	}
	bus.GroundCells(cells)
	chips, err := mcp23017.New(bus, &mcp23017.Opts{Addrs: addrs, PullUps: true, ActiveLow: true, Cells: 49})
	if err != nil {
		t.Fatal(err)
	}
	j, err := journal.Open(filepath.Join(t.TempDir(), "journal.db"))
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	svc := &Service{log: log, journal: j, hub: kiosk.NewHub(), sensor: hw.Presence, seed: 1, fatal: make(chan error, 1), giveUp: giveUp,
		hw: &hardware.Board{Layout: layout, Source: hw.Poll(chips, 5*time.Millisecond, nil), Log: log}}
	k := runKiosk(t, svc, Game{Rules: rules, Sides: []boards.Side{boards.Human, boards.Human}, Level: "beginner"}, false)
	put := func(square string) {
		sq, err := rules.Geometry().ParseSquare(square)
		if err != nil {
			t.Fatal(err)
		}
		cells[layout.CellOf(sq)] = true
		bus.GroundCells(cells)
	}
	return k, bus, put
}

// TestKioskBusFault: the expanders stop answering; the kiosk's state says the board is
// not connected, naming the error, and the game waits; when the bus answers again the
// state says so and a move made then is committed.
func TestKioskBusFault(t *testing.T) {
	k, bus, put := busKiosk(t, 0)
	bus.FailNext(1 << 30)
	s := k.waitFor("the board lost", func(s kiosk.State) bool { return !s.Board.Connected })
	if !strings.Contains(s.Board.Error, "mcp23017 0x20") {
		t.Errorf("board error %q does not name the chip", s.Board.Error)
	}
	if s.Board.Code != "bus" {
		t.Errorf("board code %q, want bus (the page words it)", s.Board.Code)
	}
	put("f4") // made while the bus is down: seen once it answers
	time.Sleep(100 * time.Millisecond)
	if s := k.state(); len(s.Game.Moves) != 0 {
		t.Fatalf("moves %v committed while the bus was down", s.Game.Moves)
	}
	bus.FailNext(0)
	k.waitFor("the board back", func(s kiosk.State) bool { return s.Board.Connected && s.Board.Error == "" })
	k.waitFor("f4", func(s kiosk.State) bool { return len(s.Game.Moves) == 1 })
}

// TestServiceExitsWhenTheBoardStaysLost: past the give-up time the session ends and the
// service hears it on fatal, which makes serve exit non-zero (systemd restarts it).
func TestServiceExitsWhenTheBoardStaysLost(t *testing.T) {
	k, bus, _ := busKiosk(t, 200*time.Millisecond)
	bus.FailNext(1 << 30)
	select {
	case err := <-k.svc.fatal:
		if !errors.Is(err, boards.ErrBoardLost) {
			t.Fatalf("fatal %v, want ErrBoardLost", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the service went on with the board lost")
	}
}

// TestKioskBoardBackAcrossNewGame: the bus fails, answers again just as a new game starts;
// the new session's scans succeed from the first, and the kiosk no longer says the board is
// not connected (it did forever: only the old session could have said it was back).
func TestKioskBoardBackAcrossNewGame(t *testing.T) {
	k, bus, _ := busKiosk(t, time.Minute)
	bus.FailNext(1 << 30)
	k.waitFor("the board lost", func(s kiosk.State) bool { return !s.Board.Connected })
	bus.FailNext(0)
	if code, msg := k.post(map[string]any{"cmd": "new-game", "game": "quadwrangle", "sides": []string{"human", "human"}}, false); code != 200 {
		t.Fatalf("new-game: %d %s", code, msg)
	}
	k.waitFor("the board back", func(s kiosk.State) bool { return s.Board.Connected && !s.Waiting })
}
