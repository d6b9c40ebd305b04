package service

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/boardfile"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/hardware"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/journal"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/kiosk"
	"github.com/tavoliere/tavoliere/engine/registry"
	"github.com/tavoliere/tavoliere/engine/xequeo"
	"github.com/tavoliere/tavoliere/hw"
)

func TestKioskPlaysAgainstAI(t *testing.T) {
	k := newKiosk(t, "quadwrangle", []boards.Side{boards.Human, boards.AI}, hw.Presence, false)
	s := k.state()
	if len(s.Squares) != 49 || len(s.Diagram) != 7 || s.Diagram[0][0] != 42 || !s.Simulated || s.Game.Players[1].Side != "ai" {
		t.Fatalf("state: %d squares, diagram %v, simulated %v", len(s.Squares), s.Diagram, s.Simulated)
	}
	k.click("f4")
	s = k.waitFor("f4 and the AI's move", func(s kiosk.State) bool { return len(s.Game.Moves) == 1 && s.AIMove != "" })
	// Written before shown: the journal already has every move the state shows.
	g, ok, err := k.j.InProgress()
	if err != nil || !ok || len(g.Moves) < 1 || g.Moves[0].Text != "f4" {
		t.Fatalf("journal: %+v %v %v", g, ok, err)
	}
	ai := s.AIMove
	lit := 0
	for _, sq := range s.Squares {
		if sq.Light.Pattern != "off" {
			lit++
		}
	}
	if lit == 0 {
		t.Fatal("the AI's move is not lit")
	}
	k.carryOut(s, ai)
	s = k.waitFor("the AI's move carried out", func(s kiosk.State) bool { return len(s.Game.Moves) == 2 })
	if s.Game.Moves[1] != ai {
		t.Fatalf("moves %v, want the AI's %s second", s.Game.Moves, ai)
	}
	// Takeback: against the AI, back to White's turn; the lights say what to restore.
	if code, msg := k.post(map[string]any{"cmd": "takeback", "session": s.Session}, false); code != 200 {
		t.Fatalf("takeback: %d %s", code, msg)
	}
	s = k.waitFor("the takeback", func(s kiosk.State) bool { return len(s.Game.Moves) == 0 && s.Waiting })
	for _, sq := range s.Squares {
		if sq.Reading != sq.Expected {
			if sq.Light.Pattern == "off" {
				t.Errorf("%s differs and is not lit", sq.Name)
			}
			k.click(sq.Name)
		}
	}
	k.waitFor("the board restored", func(s kiosk.State) bool { return !s.Waiting })
	g, _, _ = k.j.InProgress()
	if len(g.Moves) != 0 {
		t.Errorf("journal after the takeback: %v", g.Moves)
	}
}

func TestKioskBadRequests(t *testing.T) {
	k := newKiosk(t, "krypte", []boards.Side{boards.Human, boards.Human}, hw.Presence, false)
	s := k.state()
	for _, c := range []struct {
		body any
		code int
		want string
	}{
		{`{"cmd":`, 400, "malformed"},
		{`{"cmd":"takeback","session":1} {}`, 400, "more than one"},
		{`{"cmd":"fly"}`, 400, "unknown cmd"},
		{`{"cmd":"takeback","session":1,"extra":2}`, 400, "unknown field"},
		{`{}`, 400, "no cmd"},
		{map[string]any{"cmd": "takeback", "session": s.Session + 7}, 409, "not the game"},
		{map[string]any{"cmd": "takeback", "session": s.Session}, 409, "no move"},
		{map[string]any{"cmd": "choose", "session": s.Session, "move": "d1"}, 409, "not one of the moves asked"},
		{map[string]any{"cmd": "hints", "session": s.Session}, 400, "on"},
		{map[string]any{"cmd": "new-game", "game": "chess", "sides": []string{"human", "ai"}}, 400, "unknown game"},
		{map[string]any{"cmd": "new-game", "game": "quadwrangle", "settings": map[string]string{"x": "1"}, "sides": []string{"human", "ai"}}, 400, "unknown setting"},
		{map[string]any{"cmd": "new-game", "game": "quadwrangle", "sides": []string{"human"}}, 400, "1 sides"},
		{map[string]any{"cmd": "new-game", "game": "quadwrangle", "sides": []string{"human", "robot"}}, 400, "side"},
		{map[string]any{"cmd": "level", "level": "grandmaster"}, 400, "level"},
		{map[string]any{"cmd": "sim", "square": "z9", "action": "toggle"}, 400, "not on"},
		{map[string]any{"cmd": "sim", "square": "a1", "action": "spin"}, 400, "action"},
		{map[string]any{"cmd": "sim", "square": "a1", "action": "flip"}, 409, "no piece"},
	} {
		code, msg := k.post(c.body, false)
		if code != c.code || !strings.Contains(msg, c.want) {
			t.Errorf("%v: %d %q, want %d with %q", c.body, code, msg, c.code, c.want)
		}
	}
	resp, err := http.Get(k.http.URL + "/api/command")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("GET /api/command: %d", resp.StatusCode)
	}
}

func TestKioskToken(t *testing.T) {
	k := newKiosk(t, "krypte", []boards.Side{boards.Human, boards.Human}, hw.Presence, true)
	body := map[string]any{"cmd": "level", "level": "easy"}
	if code, _ := k.post(body, false); code != http.StatusUnauthorized {
		t.Errorf("without the token: %d", code)
	}
	if code, msg := k.post(body, true); code != 200 {
		t.Errorf("with the token: %d %s", code, msg)
	}
	resp, err := http.Get(k.http.URL + "/api/token")
	if err != nil {
		t.Fatal(err)
	}
	var tok struct{ Token string }
	json.NewDecoder(resp.Body).Decode(&tok)
	resp.Body.Close()
	if tok.Token != k.token {
		t.Errorf("the kiosk's own screen gets the token: %q", tok.Token)
	}
	// Reading is open to spectators.
	if s := k.state(); s.Level != "easy" {
		t.Errorf("level %q", s.Level)
	}
}

func TestKioskNewGameOtherSize(t *testing.T) {
	k := newKiosk(t, "quadwrangle", []boards.Side{boards.Human, boards.Human}, hw.Polarity, false)
	old := k.state().Session
	if code, msg := k.post(map[string]any{"cmd": "new-game", "game": "krypte", "sides": []string{"human", "human"}}, false); code != 200 {
		t.Fatalf("new game: %d %s", code, msg)
	}
	s := k.waitFor("Krypte", func(s kiosk.State) bool { return s.Game.ID == "krypte" })
	if s.Session == old {
		t.Fatalf("the game on the new board has the old one's session id %d: a stale command would reach it", old)
	}
	if len(s.Squares) != 64 || s.Diagram[0][0] != 0 || !s.Game.Rank1Top {
		t.Fatalf("Krypte's board: %d squares, top-left %d", len(s.Squares), s.Diagram[0][0])
	}
	k.click("d1")
	s = k.waitFor("d1", func(s kiosk.State) bool { return len(s.Game.Moves) == 1 })
	games, err := k.j.Games()
	if err != nil || len(games) != 2 || games[0].Rules != "krypte" || games[1].Result != "abandoned" {
		t.Fatalf("journal: %v %v", games, err)
	}
}

// A Xe Queo! game started on the kiosk is dealt afresh (its seed drawn, recorded in the state
// and the journal) unless the player gives the seed.
func TestKioskXeQueoDealtAfresh(t *testing.T) {
	k := newKiosk(t, "xequeo", []boards.Side{boards.Human, boards.Human}, hw.Presence, false)
	seeds := map[string]bool{}
	for i := range 4 {
		old := k.state().Session
		if code, msg := k.post(map[string]any{"cmd": "new-game", "game": "xequeo", "sides": []string{"human", "human"}}, false); code != 200 {
			t.Fatalf("new game: %d %s", code, msg)
		}
		s := k.waitFor("a new game", func(s kiosk.State) bool { return s.Session != old })
		seed, err := strconv.ParseUint(s.Game.Settings["seed"], 10, 64)
		if err != nil {
			t.Fatalf("game %d: seed %q", i, s.Game.Settings["seed"])
		}
		seeds[s.Game.Settings["seed"]] = true
		for c, sq := range xequeo.Deal(seed) {
			if p := s.Squares[sq].Piece; p != int(xequeo.PieceOf(xequeo.Colour(c))) {
				t.Fatalf("game %d, seed %d: %s holds %d, not the deal's %v pawn", i, seed, s.Squares[sq].Name, p, xequeo.Colour(c))
			}
		}
	}
	if len(seeds) < 2 { // four draws over 2³¹ values: alike with odds of about 3 in 10⁹
		t.Fatalf("four games dealt with seeds %v", seeds)
	}
	old := k.state().Session
	if code, msg := k.post(map[string]any{"cmd": "new-game", "game": "xequeo", "settings": map[string]string{"seed": "7"}, "sides": []string{"human", "human"}}, false); code != 200 {
		t.Fatalf("new game: %d %s", code, msg)
	}
	if s := k.waitFor("a new game", func(s kiosk.State) bool { return s.Session != old }); s.Game.Settings["seed"] != "7" {
		t.Fatalf("seed %q, want the 7 given", s.Game.Settings["seed"])
	}
	games, err := k.j.Games()
	if err != nil || len(games) != 6 || games[0].Settings["seed"] != "7" || !seeds[games[1].Settings["seed"]] { // newest first
		t.Fatalf("journal: %+v %v", games, err)
	}
}

// TestKioskOnBoardFile runs the service on a board described by a board file (the
// simulated board of firmware-config/sim.toml): games that do not fit it are refused.
func TestKioskOnBoardFile(t *testing.T) {
	bf, err := boardfile.Load("../../../firmware-config/sim.toml")
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	h, err := hardware.Open(bf, log)
	if err != nil {
		t.Fatal(err)
	}
	j, err := journal.Open(filepath.Join(t.TempDir(), "journal.db"))
	if err != nil {
		t.Fatal(err)
	}
	svc := &Service{log: log, journal: j, hub: kiosk.NewHub(), sensor: bf.Sensors.Kind, seed: 1, hw: h}
	ctx, cancel := context.WithCancel(context.Background())
	rules, _ := registry.New("quadwrangle", nil)
	if err := svc.Start(ctx, Game{Rules: rules, Sides: []boards.Side{boards.Human, boards.Human}, Level: "beginner"}, true); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	k := &stand{t: t, svc: svc, j: j, stop: cancel}
	k.http = httptest.NewServer((&kiosk.Server{Commands: svc, Hub: svc.hub, Log: log, Ping: time.Second, Done: done}).Handler())
	t.Cleanup(func() { close(done); k.http.Close(); cancel(); svc.Shutdown() })
	s := k.waitFor("the board", func(s kiosk.State) bool { return !s.Waiting })
	if !s.Simulated || len(s.Squares) != 49 {
		t.Fatalf("simulated %v, %d squares", s.Simulated, len(s.Squares))
	}
	for _, g := range s.Games {
		if want := g.Board == "7x7"; g.Fits != want {
			t.Errorf("%s (%s) fits %v on a 7x7 board", g.ID, g.Board, g.Fits)
		}
	}
	k.click("f4")
	k.waitFor("f4", func(s kiosk.State) bool { return len(s.Game.Moves) == 1 })
	if code, msg := k.post(map[string]any{"cmd": "new-game", "game": "krypte", "sides": []string{"human", "human"}}, false); code != 400 || !strings.Contains(msg, "does not fit") {
		t.Fatalf("Krypte on a 7x7 board: %d %q", code, msg)
	}
}

func newTestServer(svc *Service, log *slog.Logger, done chan struct{}) *httptest.Server {
	return httptest.NewServer((&kiosk.Server{Commands: svc, Hub: svc.hub, Log: log, Ping: time.Second, Done: done}).Handler())
}

// TestConcurrentCommands: new games started at once leave one session; two takebacks
// made from the same screen take one move back.
func TestConcurrentCommands(t *testing.T) {
	k := newKiosk(t, "krypte", []boards.Side{boards.Human, boards.Human}, hw.Presence, false)
	sessions := func() int {
		buf := make([]byte, 1<<20)
		return strings.Count(string(buf[:runtime.Stack(buf, true)]), "boards.(*Session).Run(")
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			k.post(map[string]any{"cmd": "new-game", "game": "krypte", "sides": []string{"human", "human"}}, false)
		}()
	}
	wg.Wait()
	k.waitFor("a game", func(s kiosk.State) bool { return !s.Waiting })
	if n := sessions(); n != 1 {
		t.Fatalf("%d sessions running after 8 new games at once", n)
	}
	for _, sq := range []string{"d1", "e8", "c1"} {
		n := len(k.state().Game.Moves)
		k.click(sq)
		k.waitFor(sq, func(s kiosk.State) bool { return len(s.Game.Moves) == n+1 })
	}
	s := k.state()
	var codes [2]int
	for i := range codes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes[i], _ = k.post(map[string]any{"cmd": "takeback", "session": s.Session, "ply": s.Game.Ply}, false)
		}()
	}
	wg.Wait()
	time.Sleep(200 * time.Millisecond)
	if got := k.state().Game.Moves; len(got) != 2 {
		t.Fatalf("two takebacks from one screen left %v", got)
	}
}

// TestTakebackAfterTheEnd: the move that ended the game can be taken back (a player who
// ended it by a mistake): Take back is not refused at game over, the game goes on from the
// position before the move, and the journal records the takeback and the game as going on.
func TestTakebackAfterTheEnd(t *testing.T) {
	k := newKiosk(t, "krypte", []boards.Side{boards.Human, boards.Human}, hw.Presence, false)
	moves := strings.Fields("d1 e8 c1 h5 e7 c2 g5 a4 d2 f5 e6 e1 h2 d8 a5 e2 h1 e5")
	for i, sq := range moves {
		k.click(sq)
		k.waitFor(sq, func(s kiosk.State) bool { return len(s.Game.Moves) == i+1 })
	}
	s := k.waitFor("the end", func(s kiosk.State) bool { return s.Game.Over })
	if why, ok := s.Refused["takeback"]; ok {
		t.Fatalf("at game over, refused lists takeback: %q", why)
	}
	if code, msg := k.post(map[string]any{"cmd": "takeback", "session": s.Session}, false); code != 200 {
		t.Fatalf("takeback after the end: %d %q", code, msg)
	}
	s = k.waitFor("the takeback", func(s kiosk.State) bool { return len(s.Game.Moves) == len(moves)-1 })
	if s.Game.Over || s.JournalError != "" {
		t.Fatalf("after the takeback: over %v, journal %q", s.Game.Over, s.JournalError)
	}
	g, ok, err := k.j.InProgress()
	if err != nil || !ok || len(g.Moves) != len(moves)-1 || g.Result != "" {
		t.Fatalf("journal after the takeback: %+v %v %v", g, ok, err)
	}
	// The board put back, the game goes on to its end again.
	k.click("e5")
	k.waitFor("the board put back", func(s kiosk.State) bool { return !s.Waiting && len(s.Unseen) == 0 && s.Mismatch == "" })
	k.click("a1")
	k.waitFor("a1", func(s kiosk.State) bool { return len(s.Game.Moves) == len(moves) })
}

// TestJournalFailureRefusesMoves: with the journal gone, a move is refused, not shown.
func TestJournalFailureRefusesMoves(t *testing.T) {
	k := newKiosk(t, "krypte", []boards.Side{boards.Human, boards.Human}, hw.Presence, false)
	k.j.Close()
	k.click("d1")
	s := k.waitFor("the refusal", func(s kiosk.State) bool { return s.JournalError != "" })
	time.Sleep(200 * time.Millisecond)
	s = k.state()
	if len(s.Game.Moves) != 0 || !strings.Contains(s.JournalError, "d1") {
		t.Fatalf("moves %v, journal error %q", s.Game.Moves, s.JournalError)
	}
	found := false
	for _, l := range s.Log {
		found = found || strings.Contains(l.Text, "could not be recorded")
	}
	if !found {
		t.Errorf("the log does not say why: %v", s.Log)
	}
}

// On presence sensors a Push board reads the same after every push: the kiosk lists the moves
// the board shows made (all of them) and enters the one chosen; a move not listed is refused.
func TestKioskEntersUnseenMove(t *testing.T) {
	k := newKiosk(t, "push", []boards.Side{boards.Human, boards.Human}, hw.Presence, false)
	s := k.waitFor("the moves the board cannot see", func(s kiosk.State) bool { return len(s.Unseen) == 20 })
	if code, msg := k.post(map[string]any{"cmd": "enter", "session": s.Session, "move": "Nz"}, false); code != 400 {
		t.Errorf("enter Nz: %d %q, want 400", code, msg)
	}
	if code, msg := k.post(map[string]any{"cmd": "choose", "session": s.Session, "move": s.Unseen[3]}, false); code != 409 {
		t.Errorf("choose %s with nothing asked: %d %q, want 409", s.Unseen[3], code, msg)
	}
	if code, msg := k.post(map[string]any{"cmd": "enter", "session": s.Session, "move": s.Unseen[3]}, false); code != 200 {
		t.Fatalf("enter %s: %d %q", s.Unseen[3], code, msg)
	}
	k.waitFor("the move entered", func(n kiosk.State) bool { return len(n.Game.Moves) == 1 && n.Game.Moves[0] == s.Unseen[3] })
}

// The simulated board pushes a row the way a hand does, the hole travelling along it: on
// presence sensors, where the squares read the same after, the referee takes Quixo's push
// from that order alone, and the board shows the cubes where the hand left them, as the game
// has them.
func TestKioskSimulatedPush(t *testing.T) {
	k := newKiosk(t, "quixo", []boards.Side{boards.Human, boards.Human}, hw.Presence, false)
	if code, msg := k.post(map[string]any{"cmd": "sim", "action": "push", "move": "c1-a1"}, true); code != 200 {
		t.Fatalf("push: %d %s", code, msg)
	}
	s := k.waitFor("the push taken", func(s kiosk.State) bool { return len(s.Game.Moves) == 1 && s.Game.Moves[0] == "c1-a1" })
	for _, q := range s.Squares {
		if q.OnBoard == nil || *q.OnBoard != q.Piece {
			t.Errorf("%s after the push: the game has %d, the board shows %v", q.Name, q.Piece, q.OnBoard)
		}
	}
	for _, c := range []struct {
		move string
		code int
		want string
	}{
		{"zz", 400, "zz"}, {"c1-c1", 409, "never goes back"}, {"e5-a1", 409, "not an end"},
	} {
		if code, msg := k.post(map[string]any{"cmd": "sim", "action": "push", "move": c.move}, true); code != c.code || !strings.Contains(msg, c.want) {
			t.Errorf("push %s: %d %q, want %d with %q", c.move, code, msg, c.code, c.want)
		}
	}
}

// Hint mode: the player to move asks for a suggestion; the AI's move is shown and lit, and
// goes once the position changes. Refused with the reason where there is nothing to suggest.
func TestKioskSuggests(t *testing.T) {
	k := newKiosk(t, "krypte", []boards.Side{boards.Human, boards.AI}, hw.Presence, false)
	s := k.waitFor("the start", func(s kiosk.State) bool { return !s.Waiting })
	if s.LevelTimes["strongest"] != 1000 || s.LevelTimes["beginner"] != 20 {
		t.Fatalf("level times %v", s.LevelTimes)
	}
	if code, msg := k.post(map[string]any{"cmd": "suggest", "session": s.Session, "ply": s.Game.Ply}, false); code != 200 {
		t.Fatalf("suggest: %d %s", code, msg)
	}
	s = k.waitFor("the suggestion", func(s kiosk.State) bool { return s.Suggestion != "" })
	rules, _ := registry.New("krypte", nil)
	m, err := rules.ParseMove(s.Suggestion)
	if err != nil || rules.Start().Validate(m) != nil {
		t.Fatalf("suggestion %q: %v", s.Suggestion, err)
	}
	lit := 0
	for _, sq := range s.Squares {
		if sq.Light.Meaning == "hint-to" {
			lit++
			if sq.Name != s.Suggestion {
				t.Errorf("%s lit as the suggestion %s", sq.Name, s.Suggestion)
			}
		}
	}
	if lit != 1 {
		t.Fatalf("%d squares lit for the suggestion %s", lit, s.Suggestion)
	}
	k.click(s.Suggestion) // the player follows it; now the AI is to move
	s = k.waitFor("the AI's move", func(s kiosk.State) bool { return len(s.Game.Moves) == 1 && s.Suggestion == "" && s.AIMove != "" })
	if code, msg := k.post(map[string]any{"cmd": "suggest", "session": s.Session, "ply": s.Game.Ply}, false); code != 409 || !strings.Contains(msg, "the AI is to move") {
		t.Errorf("suggest on the AI's turn: %d %q", code, msg)
	}
}

func TestKioskSuggestRefusedInXeQueo(t *testing.T) {
	k := newKiosk(t, "xequeo", []boards.Side{boards.Human, boards.Human}, hw.Presence, false)
	s := k.waitFor("the ring to place", func(s kiosk.State) bool { return len(s.Asking) > 0 })
	if code, msg := k.post(map[string]any{"cmd": "suggest", "session": s.Session, "ply": s.Game.Ply}, false); code != 409 || !strings.Contains(msg, "secret pawn") {
		t.Errorf("suggest in Xe Queo!: %d %q", code, msg)
	}
}

// Xe Queo!'s set-up on presence sensors: the state names each pawn to put by its colour, in
// colour order, its square lit in that colour; the list shrinks as pawns go down.
func TestKioskXeQueoGuide(t *testing.T) {
	k := newKiosk(t, "xequeo", []boards.Side{boards.Human, boards.Human}, hw.Presence, false)
	k.waitFor("the ring to place", func(s kiosk.State) bool { return len(s.Asking) > 0 })
	for _, sq := range []string{"b3", "a3", "e4"} { // red, orange, green (seed 1)
		k.click(sq)
	}
	s := k.waitFor("the guide", func(s kiosk.State) bool { return len(s.Guide) == 3 })
	want := []kiosk.Guide{
		{Square: "b3", Colour: "red", Label: "R", Light: kiosk.Light{Color: "#ff0000", Pattern: "slow", Meaning: "put"}},
		{Square: "a3", Colour: "orange", Label: "O", Light: kiosk.Light{Color: "#ff5a00", Pattern: "slow", Meaning: "put"}},
		{Square: "e4", Colour: "green", Label: "G", Light: kiosk.Light{Color: "#00ff00", Pattern: "slow", Meaning: "put"}},
	}
	if !slices.Equal(s.Guide, want) {
		t.Fatalf("guide %+v, want %+v", s.Guide, want)
	}
	for _, sq := range s.Squares {
		if sq.Name == "a3" && sq.Light != want[1].Light {
			t.Errorf("a3 lit %+v, want the orange pawn's colour", sq.Light)
		}
	}
	k.click("a3")
	k.waitFor("the orange pawn put", func(s kiosk.State) bool {
		return len(s.Guide) == 2 && s.Guide[0].Colour == "red" && s.Guide[1].Colour == "green"
	})
}

// Xe Queo! against the AI: the ring is placed from the kiosk (the sensors cannot see it), and
// the AI's pawn for the round is sealed, its commitment shown, before anybody moves; its
// reveal is kept back until the round is over.
func TestKioskXeQueoCommitment(t *testing.T) {
	k := newKiosk(t, "xequeo", []boards.Side{boards.Human, boards.AI}, hw.Presence, false)
	s := k.waitFor("the ring to place", func(s kiosk.State) bool { return len(s.Asking) > 0 })
	if !strings.HasPrefix(s.Asking[0], "@") {
		t.Fatalf("asked %v, want ring placements", s.Asking)
	}
	if code, msg := k.post(map[string]any{"cmd": "choose", "session": s.Session, "move": s.Asking[0]}, false); code != 200 {
		t.Fatalf("choose %s: %d %s", s.Asking[0], code, msg)
	}
	s = k.waitFor("the AI's commitment", func(s kiosk.State) bool { return len(s.AISecrets) == 1 })
	if c := s.AISecrets[0]; c.Player != 2 || c.Round != 1 || len(c.Commitment) != 64 || c.Reveal != "" {
		t.Fatalf("aiSecrets %+v: want player 2's sealed pawn for round 1, not yet revealed", s.AISecrets)
	}
	k.waitFor("the AI's first move", func(s kiosk.State) bool { return s.AIMove != "" || len(s.Game.Moves) > 1 })
}

// TestFlipsOnlyWhereMovesFlip: the kiosk offers Flip (game.flips) only in the games whose
// moves turn pieces over (Quad Wrangle, Crowded, Krypte), not in every game.
func TestFlipsOnlyWhereMovesFlip(t *testing.T) {
	want := map[string]bool{"quadwrangle": true, "crowded": true, "krypte": true}
	for _, e := range registry.All() {
		sides := make([]boards.Side, e.Players)
		k := newKiosk(t, e.ID, sides, hw.Polarity, false)
		if got := k.state().Game.Flips; got != want[e.ID] {
			t.Errorf("%s: game.flips %v, want %v", e.ID, got, want[e.ID])
		}
	}
}
