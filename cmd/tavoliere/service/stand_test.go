package service

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/journal"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/kiosk"
	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/registry"
	"github.com/tavoliere/tavoliere/hw"
)

// stand is a service behind an httptest server, as the kiosk page sees it.
type stand struct {
	t     *testing.T
	svc   *Service
	http  *httptest.Server
	token string
	j     *journal.Journal
	stop  context.CancelFunc
}

func newKiosk(t *testing.T, id string, sides []boards.Side, kind hw.SensorKind, needToken bool) *stand {
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
	svc := &Service{log: log, journal: j, hub: kiosk.NewHub(), sensor: kind, seed: 1}
	return runKiosk(t, svc, Game{Rules: rules, Sides: sides, Level: "beginner"}, needToken)
}

// runKiosk starts svc's game and serves its kiosk, both stopped when the test ends, and
// waits for the first state in which the board is set up.
func runKiosk(t *testing.T, svc *Service, spec Game, needToken bool) *stand {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	if err := svc.Start(ctx, spec, true); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	k := &stand{t: t, svc: svc, token: "secret", j: svc.journal, stop: cancel}
	k.http = httptest.NewServer((&kiosk.Server{Commands: svc, Hub: svc.hub, Log: svc.log, Token: k.token, NeedToken: needToken, Ping: time.Second, Done: done,
		Hosts: kiosk.HostNames("kiosk.club.lan:8080")}).Handler())
	t.Cleanup(func() {
		close(done)
		k.http.Close()
		cancel()
		svc.Shutdown()
	})
	k.waitFor("the first state", func(s kiosk.State) bool { return !s.Waiting })
	return k
}

func (k *stand) state() kiosk.State {
	k.t.Helper()
	resp, err := http.Get(k.http.URL + "/api/state")
	if err != nil {
		k.t.Fatal(err)
	}
	defer resp.Body.Close()
	var s kiosk.State
	if resp.StatusCode == http.StatusServiceUnavailable {
		return s
	}
	if err := json.NewDecoder(resp.Body).Decode(&s); err != nil {
		k.t.Fatal(err)
	}
	return s
}

// waitFor polls the state until ok, for up to a minute.
func (k *stand) waitFor(what string, ok func(kiosk.State) bool) kiosk.State {
	k.t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		s := k.state()
		if s.Version > 0 && ok(s) {
			return s
		}
		if time.Now().After(deadline) {
			k.t.Fatalf("waited a minute for %s; state: moves %v waiting %v ai %q asking %v mismatch %q", what, s.Game.Moves, s.Waiting, s.AIMove, s.Asking, s.Mismatch)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// post sends a command and returns the status and the error text.
func (k *stand) post(body any, auth bool) (int, string) {
	k.t.Helper()
	var b []byte
	switch v := body.(type) {
	case string:
		b = []byte(v)
	default:
		b, _ = json.Marshal(v)
	}
	req, _ := http.NewRequest("POST", k.http.URL+"/api/command", bytes.NewReader(b))
	if auth {
		req.Header.Set("Authorization", "Bearer "+k.token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		k.t.Fatal(err)
	}
	defer resp.Body.Close()
	var e struct{ Error string }
	_ = json.NewDecoder(resp.Body).Decode(&e)
	return resp.StatusCode, e.Error
}

func (k *stand) click(square string) {
	k.t.Helper()
	if code, msg := k.post(map[string]any{"cmd": "sim", "square": square, "action": "toggle"}, true); code != 200 {
		k.t.Fatalf("sim %s: %d %s", square, code, msg)
	}
	time.Sleep(60 * time.Millisecond) // a hand is not faster than the debouncer
}

// carryOut makes move text of the state's position on the simulated board, by clicks.
func (k *stand) carryOut(s kiosk.State, text string) {
	k.t.Helper()
	k.clickOut(k.footprint(s, text))
}

// footprint reads move text of the state's position: what it does to the squares, and the
// board's geometry to name them.
func (k *stand) footprint(s kiosk.State, text string) (engine.Footprint, *engine.Geometry) {
	k.t.Helper()
	rules, _ := registry.New(s.Game.ID, s.Game.Settings)
	pos, err := rules.ParsePosition(s.Game.Position)
	if err != nil {
		k.t.Fatal(err)
	}
	m, err := rules.ParseMove(text)
	if err != nil {
		k.t.Fatal(err)
	}
	return pos.Footprint(m), rules.Geometry()
}

// clickOut makes a move of footprint f on the simulated board, by clicks: the captured
// pieces off, the moving piece into the hand, and down where it goes.
func (k *stand) clickOut(f engine.Footprint, g *engine.Geometry) {
	k.t.Helper()
	for b := f.Replaced; b != 0; {
		k.click(g.Name(b.Pop())) // the captured piece off
	}
	for b := f.Emptied; b != 0; {
		k.click(g.Name(b.Pop())) // the piece into the hand
	}
	for b := f.Filled | f.Replaced; b != 0; {
		k.click(g.Name(b.Pop())) // and down
	}
}

// handsAt makes steps on the simulated board, each "<ms> <+|-><square>" at its time from
// the first, in milliseconds (boards' rig.handsAt): a piece lifted or put, by the sim API.
// Steps at the same time are made together, in the service (back to back: one scan sees
// them all), as a hand that swaps two pieces at once.
func (k *stand) handsAt(steps ...string) {
	k.t.Helper()
	start := time.Now()
	for i := 0; i < len(steps); {
		j, ms := i, -1
		var squares []string
		for ; j < len(steps); j++ {
			at, hand, ok := strings.Cut(steps[j], " ")
			n, err := strconv.Atoi(at)
			if !ok || err != nil || len(hand) < 2 || hand[0] != '+' && hand[0] != '-' {
				k.t.Fatalf("handsAt: %q", steps[j])
			}
			if ms >= 0 && n != ms {
				break
			}
			ms, squares = n, append(squares, hand[1:])
		}
		time.Sleep(time.Until(start.Add(time.Duration(ms) * time.Millisecond)))
		if len(squares) == 1 {
			if code, msg := k.post(map[string]any{"cmd": "sim", "square": squares[0], "action": "toggle"}, true); code != 200 {
				k.t.Fatalf("sim %s: %d %s", squares[0], code, msg)
			}
		} else {
			for _, sq := range squares {
				if err := k.svc.simAction(kiosk.Command{Cmd: "sim", Square: sq, Action: "toggle"}); err != nil {
					k.t.Fatalf("sim %s: %v", sq, err)
				}
			}
		}
		i = j
	}
}
