package service

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/creack/pty"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/boardfile"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/hardware"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/journal"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/kiosk"
	"github.com/tavoliere/tavoliere/engine/registry"
	"github.com/tavoliere/tavoliere/hw/tbp"
)

// fakeBoard is a microcontroller speaking TBP/1 on the far side of a pseudo-terminal.
type fakeBoard struct {
	mu     sync.Mutex
	cells  [64]bool
	silent bool // unplugged: says nothing, answers nothing
	seq    int
	w      io.Writer
}

func (b *fakeBoard) send(payload string) {
	line, err := tbp.Encode(payload)
	if err != nil {
		panic(err)
	}
	io.WriteString(b.w, line+"\n")
}

func (b *fakeBoard) frame() string {
	var bits [8]byte
	for c, on := range b.cells {
		if on {
			bits[c/8] |= 1 << (c % 8)
		}
	}
	b.seq++
	return fmt.Sprintf("F %d %X", b.seq%65536, bits[:])
}

// run answers the host and streams a frame every 50 ms until ctx ends.
func (b *fakeBoard) run(ctx context.Context, r io.Reader) {
	lines := make(chan string)
	go func() {
		s := bufio.NewScanner(r)
		for s.Scan() {
			lines <- s.Text()
		}
		close(lines)
	}()
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case l, ok := <-lines:
			if !ok {
				return
			}
			b.mu.Lock()
			if !b.silent {
				switch p, _, _ := strings.Cut(l, "*"); {
				case p == "HELLO?":
					b.send("HELLO " + tbp.Version + " test-serial 64 presence")
				case p == "F?":
					b.send(b.frame())
				case strings.HasPrefix(p, "L "):
					b.send("OK L")
				case strings.HasPrefix(p, "BRI "):
					b.send("OK BRI")
				}
			}
			b.mu.Unlock()
		case <-tick.C:
			b.mu.Lock()
			if !b.silent {
				b.send(b.frame())
			}
			b.mu.Unlock()
		}
	}
}

// TestServeOnSerialBoard plays Krypte on a board on a serial line (a pseudo-terminal with
// a fake microcontroller behind it): the board's frames make moves, an unplugged board is
// shown on the kiosk while the game waits, and nothing is lost when it comes back.
func TestServeOnSerialBoard(t *testing.T) {
	master, slave, err := pty.Open()
	if err != nil {
		t.Fatal(err)
	}
	defer master.Close()
	defer slave.Close()
	dir := t.TempDir()
	file := filepath.Join(dir, "test-serial.toml")
	os.WriteFile(file, []byte(fmt.Sprintf(`[board]
id = "test-serial"
files = 8
ranks = 8
[sensors]
kind = "presence"
driver = "tbp"
[serial]
port = %q
baud = 115200
board_id = "test-serial"
cells = 64
[leds]
driver = "tbp"
count = 64
`, slave.Name())), 0o644)
	bf, err := boardfile.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	board := &fakeBoard{w: master}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go board.run(ctx, master)

	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	h, err := hardware.Open(bf, log)
	if err != nil {
		t.Fatal(err)
	}
	j, err := journal.Open(filepath.Join(dir, "journal.db"))
	if err != nil {
		t.Fatal(err)
	}
	svc := &Service{log: log, journal: j, hub: kiosk.NewHub(), sensor: bf.Sensors.Kind, seed: 1, hw: h}
	h.SetOnState(svc.boardState)
	rules, _ := registry.New("krypte", nil)
	if err := svc.Start(ctx, Game{Rules: rules, Sides: []boards.Side{boards.Human, boards.Human}, Level: "beginner"}, true); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	k := &stand{t: t, svc: svc, j: j, stop: cancel}
	k.http = newTestServer(svc, log, done)
	defer func() { close(done); k.http.Close(); cancel(); svc.Shutdown() }()

	k.waitFor("the board", func(s kiosk.State) bool { return s.Board.Connected && !s.Waiting })
	put := func(sq string) {
		s, _ := rules.Geometry().ParseSquare(sq)
		board.mu.Lock()
		board.cells[s] = true
		board.mu.Unlock()
	}
	put("d1")
	k.waitFor("d1", func(s kiosk.State) bool { return len(s.Game.Moves) == 1 })

	// Unplugged: silence; the watchdog drops the link and the kiosk says so.
	board.mu.Lock()
	board.silent = true
	board.mu.Unlock()
	s := k.waitFor("the board away", func(s kiosk.State) bool { return !s.Board.Connected })
	if s.Board.Code != "away" {
		t.Errorf("board code %q, want away (the page words it)", s.Board.Code)
	}
	if s.Board.Error == "" || len(s.Game.Moves) != 1 {
		t.Fatalf("away: %+v, moves %v", s.Board, s.Game.Moves)
	}
	// White plays e8 while the board is away; it comes back with the move made.
	put("e8")
	board.mu.Lock()
	board.silent = false
	board.mu.Unlock()
	s = k.waitFor("the board back with e8", func(s kiosk.State) bool { return s.Board.Connected && len(s.Game.Moves) == 2 })
	if s.Game.Moves[1] != "e8" {
		t.Fatalf("moves %v", s.Game.Moves)
	}
	g, _, _ := j.InProgress()
	if len(g.Moves) != 2 {
		t.Fatalf("journal %v", g.Moves)
	}
}
