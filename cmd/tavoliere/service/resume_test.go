package service

import (
	"bytes"
	"io"
	"log/slog"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/journal"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/kiosk"
	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/registry"
	"github.com/tavoliere/tavoliere/engine/xequeo"
	"github.com/tavoliere/tavoliere/hw"
)

// TestAIMoveSurvivesARestart: the service stops while the AI's move is announced and not yet
// carried out; started again from the same journal, it shows the same move with the same
// lights, and carrying it out on the board commits it. The second service's AI has another
// seed, as a search on a time budget may as well find another move: the move shown must be
// the one the journal kept, not a new search's.
func TestAIMoveSurvivesARestart(t *testing.T) {
	serve, _ := restartable(t, "quadwrangle")

	k := serve(1)
	k.click("f4")
	before := k.waitFor("the AI's move", func(s kiosk.State) bool { return len(s.Game.Moves) == 1 && s.AIMove != "" })
	k.stop()
	if err := k.svc.Shutdown(); err != nil {
		t.Fatal(err)
	}

	k = serve(3)
	after := k.waitFor("the AI's move after the restart", func(s kiosk.State) bool { return s.AIMove != "" })
	if after.AIMove != before.AIMove || len(after.Game.Moves) != 1 {
		t.Fatalf("after the restart: moves %v, the AI's move %q; before: moves %v, %q", after.Game.Moves, after.AIMove, before.Game.Moves, before.AIMove)
	}
	if after.Thinking {
		t.Error("the AI thinks again after the restart")
	}
	lit := 0
	for i, sq := range after.Squares {
		if sq.Light != before.Squares[i].Light {
			t.Errorf("%s: lit %+v after the restart, %+v before", sq.Name, sq.Light, before.Squares[i].Light)
		}
		if sq.Light.Pattern != "off" {
			lit++
		}
	}
	if lit == 0 {
		t.Fatal("the AI's move is not lit")
	}

	k.carryOut(after, after.AIMove)
	s := k.waitFor("the AI's move carried out", func(s kiosk.State) bool { return len(s.Game.Moves) == 2 })
	if s.Game.Moves[1] != before.AIMove || s.AIMove != "" {
		t.Fatalf("moves %v (AI's move %q), want the AI's %s second", s.Game.Moves, s.AIMove, before.AIMove)
	}
	g, ok, err := k.j.InProgress()
	if err != nil || !ok || len(g.Moves) != 2 || g.Moves[1].Text != before.AIMove {
		t.Fatalf("journal: %+v %v %v", g.Moves, ok, err)
	}
}

// TestAISecretSurvivesARestart: Xe Queo! against the AI, the service stops once the AI has
// sealed its pawn for the round. Started again from the same journal, with another seed, it
// shows the same commitment before anybody moves, and the reveal at the round's end opens
// it: the AI kept the pawn it sealed before the restart.
func TestAISecretSurvivesARestart(t *testing.T) {
	serve, rules := restartable(t, xequeo.ID)
	const ai = 2 // the AI's player, as aiSecrets counts
	sealed := func(s kiosk.State, round int) (kiosk.AISecret, bool) {
		for _, sec := range s.AISecrets {
			if sec.Player == ai && sec.Round == round {
				return sec, true
			}
		}
		return kiosk.AISecret{}, false
	}

	k := serve(1)
	s := k.state()
	pos, err := rules.ParsePosition(s.Game.Position)
	if err != nil {
		t.Fatal(err)
	}
	handsMake(k, s, rules.FormatMove(pos.Legal(nil)[0])) // Player 1 places the ring
	before := k.waitFor("the AI's seal and move", func(s kiosk.State) bool {
		_, ok := sealed(s, 1)
		return ok && s.AIMove != ""
	})
	seal, _ := sealed(before, 1)
	k.stop()
	if err := k.svc.Shutdown(); err != nil {
		t.Fatal(err)
	}

	k = serve(3)
	after := k.waitFor("the seal after the restart, before anybody moves", func(s kiosk.State) bool {
		_, ok := sealed(s, 1)
		return ok
	})
	if got, _ := sealed(after, 1); got != seal || len(after.Game.Moves) != len(before.Game.Moves) {
		t.Fatalf("after the restart, moves %v: seal %+v; before, moves %v: %+v", after.Game.Moves, got, before.Game.Moves, seal)
	}

	// The AI's move carried out, Player 1 calls red: the AI shows its card, ending the round.
	handsMake(k, after, after.AIMove)
	handsMake(k, k.state(), "xq:R")
	end := k.waitFor("the round's end", func(s kiosk.State) bool {
		sec, _ := sealed(s, 1)
		return sec.Reveal != ""
	})
	opened, _ := sealed(end, 1)
	sec, err := xequeo.VerifyCommitment(seal.Commitment, opened.Reveal)
	if err != nil {
		t.Fatalf("the reveal at the round's end: %v", err)
	}
	if i := slices.Index(end.Game.Moves, "xq:R"); i < 0 || i+1 >= len(end.Game.Moves) || end.Game.Moves[i+1] != "show:"+string(sec.Colour.Letter()) {
		t.Errorf("moves %v: the AI did not show the pawn it sealed, %v", end.Game.Moves, sec.Colour)
	}
}

// TestAISecretRefusedAfterARestart: a secret in the journal that does not open its
// commitment is not given back to the AI. The service logs why without the reveal, the
// kiosk's log says the seal was lost, and the AI seals a pawn of its own, which it shows.
func TestAISecretRefusedAfterARestart(t *testing.T) {
	rules, err := registry.New(xequeo.ID, nil)
	if err != nil {
		t.Fatal(err)
	}
	j, err := journal.Open(filepath.Join(t.TempDir(), "journal.db"))
	if err != nil {
		t.Fatal(err)
	}
	gid, err := j.StartGame(journal.Game{Rules: xequeo.ID, Sides: []string{"human", "ai"}, Level: "beginner", Started: time.Now()})
	if err != nil {
		t.Fatal(err)
	}
	ring := rules.FormatMove(rules.Start().Legal(nil)[0])
	if err := j.AddMove(gid, 1, ring, time.Now()); err != nil {
		t.Fatal(err)
	}
	green, err := xequeo.SecretWithNonce(1, xequeo.Green, make([]byte, xequeo.NonceSize))
	if err != nil {
		t.Fatal(err)
	}
	red, err := xequeo.SecretWithNonce(1, xequeo.Red, make([]byte, xequeo.NonceSize))
	if err != nil {
		t.Fatal(err)
	}
	if err := j.KeepSecret(gid, journal.Secret{Seat: 1, Round: 1, Commitment: green.Commitment(), Reveal: red.Reveal()}); err != nil {
		t.Fatal(err)
	}
	var logged syncBuffer
	svc := &Service{log: slog.New(slog.NewTextHandler(&logged, nil)), journal: j, hub: kiosk.NewHub(), sensor: hw.Presence, seed: 1}
	k := runKiosk(t, svc, Game{Rules: rules, Level: "beginner"}, false)
	s := k.waitFor("the AI's own seal", func(s kiosk.State) bool { return len(s.AISecrets) > 0 })
	if c := s.AISecrets[0].Commitment; c == green.Commitment() || c == red.Commitment() {
		t.Errorf("the seal shown is the journal's, %s", c)
	}
	if !slices.ContainsFunc(s.Log, func(l kiosk.Log) bool { return l.Code == "secret-lost" && l.Args["round"] == "1" }) {
		t.Errorf("the kiosk's log does not say the seal was lost: %+v", s.Log)
	}
	text := logged.String()
	if !strings.Contains(text, "cannot be restored") || !strings.Contains(text, green.Commitment()) || strings.Contains(text, red.Reveal()) {
		t.Errorf("the service's log:\n%s", text)
	}
}

// syncBuffer is a log's output that the service writes while the test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// restartable returns a way to start the service on one journal, as often as a test
// restarts it: a person against the AI (Player 2) at game id, the AI's choices drawn from
// seed; and the game's rules.
func restartable(t *testing.T, id string) (func(seed uint64) *stand, engine.Rules) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "journal.db")
	rules, err := registry.New(id, nil)
	if err != nil {
		t.Fatal(err)
	}
	spec := Game{Rules: rules, Sides: []boards.Side{boards.Human, boards.AI}, Level: "beginner"}
	return func(seed uint64) *stand {
		j, err := journal.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		svc := &Service{log: slog.New(slog.NewTextHandler(io.Discard, nil)), journal: j, hub: kiosk.NewHub(), sensor: hw.Presence, seed: seed}
		return runKiosk(t, svc, spec, false)
	}, rules
}
