package boards

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/search"
	"github.com/tavoliere/tavoliere/hw"
)

// TestSuggestion: a player to move asks for a suggestion; the AI's answer is lit (the piece
// to lift and where it goes) and shown until the position changes. Refused, with the reason,
// while the AI is to move, a question is open or the board differs; a late answer for a
// position gone is dropped.
func TestSuggestion(t *testing.T) {
	x := newRig(t, "krypte", nil, hw.Presence, Human, AI)
	x.run(time.Second)
	x.took(Warning)
	x.send(Message{Kind: CmdSuggest})
	sg := x.took(Suggest)
	if len(sg) != 1 || sg[0].State == nil || sg[0].State.Ply() != 0 {
		t.Fatalf("suggest events %v", sg)
	}
	if !x.ref.Snapshot().Suggesting {
		t.Error("not shown as searched")
	}
	x.send(Message{Kind: CmdSuggest}) // asked again while searched: once is enough
	if len(x.took(Suggest)) != 0 {
		t.Error("a second search for the same position")
	}
	m := mustMove(t, x.rules, "d1")
	x.send(Message{Kind: CmdSuggestion, Version: 0, Move: m})
	if got := x.took(Suggested); len(got) != 1 || got[0].Text != "d1" {
		t.Fatalf("suggested %v", got)
	}
	if s := x.ref.Snapshot(); s.Suggestion != "d1" || s.Suggesting {
		t.Fatalf("snapshot suggestion %q (searching %v)", s.Suggestion, s.Suggesting)
	}
	if l := x.light("d1"); l != LightHintTo {
		t.Fatalf("d1 lit %+v, want the suggestion's square", l)
	}
	x.put("d1", 1) // the player follows it
	x.run(time.Second)
	x.wantMoves("d1")
	if s := x.ref.Snapshot(); s.Suggestion != "" || s.Suggesting {
		t.Fatalf("the suggestion outlived its position: %q", s.Suggestion)
	}
	if l := x.light("d1"); l == LightHintTo {
		t.Fatal("d1 still lit as suggested")
	}
	// The AI is to move.
	x.took(Warning)
	x.send(Message{Kind: CmdSuggest})
	if w := x.took(Warning); len(w) != 1 || !strings.Contains(w[0].Text, "the AI is to move") {
		t.Fatalf("warnings %v", w)
	}
	// A suggestion for a position gone (ply 0) is dropped.
	x.send(Message{Kind: CmdSuggestion, Version: 0, Move: m})
	if len(x.took(Suggested)) != 0 || x.ref.Snapshot().Stats.StaleMessages != 1 {
		t.Fatal("a stale suggestion was shown")
	}
}

func TestSuggestionRefused(t *testing.T) {
	x := newRig(t, "quadwrangle", nil, hw.Presence, Human, AI)
	x.run(time.Second)
	x.put("d4", 1)
	x.put("e4", 1) // two stones: which is the move is asked, the AI's reply is not due
	x.run(4 * time.Second)
	x.took(Warning)
	x.send(Message{Kind: CmdSuggest})
	if w := x.took(Warning); len(w) != 1 || !strings.Contains(w[0].Text, "a question is open") {
		t.Fatalf("warnings %v", w)
	}
	x.send(Message{Kind: CmdDismiss}) // (neither: the board differs from the position)
	x.run(4 * time.Second)
	if m := x.took(Mismatch); len(m) != 1 || m[0].Remove != engine.Bit(x.sq("d4"))|engine.Bit(x.sq("e4")) {
		t.Fatalf("mismatches %v, want clear d4 e4", m)
	}
	x.send(Message{Kind: CmdSuggest})
	if w := x.took(Warning); len(w) != 1 || !strings.Contains(w[0].Text, "does not show the position") {
		t.Fatalf("warnings %v", w)
	}
	x.lift("d4")
	x.lift("e4")
	x.run(4 * time.Second)
	x.send(Message{Kind: CmdSuggest})
	if len(x.took(Suggest)) != 1 {
		t.Fatal("no suggestion asked on a board that shows the position")
	}
	x.send(Message{Kind: CmdSuggestion, Version: 0})
	if w := x.took(Warning); len(w) != 1 || !strings.Contains(w[0].Text, "found none") || x.ref.Snapshot().Suggesting {
		t.Fatalf("no move found: warnings %v", w)
	}
}

// A session searches a suggestion with the game's AI at its level, and shows it on the LEDs.
func TestSessionSuggests(t *testing.T) {
	rules, layout, board, cfg := qwSession(t)
	cfg.Sides = []Side{Human, AI}
	var p scripted
	got := &events{ch: make(chan struct{}, 1)}
	s, err := NewSession(cfg, SessionOpts{Source: board, Sink: board, Think: 20 * time.Millisecond, Blunder: 0.5, OnEvent: got.add,
		NewThinker: func(r engine.Rules, o search.Options) Thinker { return &p }})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx) }()
	<-s.Ready()
	game := got.wait(t, NewGame, 0).Game
	time.Sleep(100 * time.Millisecond) // the board read as the start
	if err := s.Send(ctx, Message{Kind: CmdSuggest, Game: game}); err != nil {
		t.Fatal(err)
	}
	e := got.wait(t, Suggested, 0)
	moves := rules.Start().Legal(nil)
	want := moves[len(moves)-1]
	if e.Move != want {
		t.Fatalf("suggested %s, want the thinker's %s", e.Text, rules.FormatMove(want))
	}
	p.mu.Lock()
	if p.opts.Blunder != 0 || p.opts.Think != 20*time.Millisecond {
		t.Errorf("a suggestion searched with %+v: want the level's time and no random move", p.opts)
	}
	p.mu.Unlock()
	to := rules.Start().Footprint(want).Filled.First()
	lit := func() bool { f, _ := board.Lights(); return f[layout.LEDOf(to)] != hw.Off }
	deadline := time.Now().Add(10 * time.Second)
	for !lit() && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if !lit() {
		t.Fatalf("%s not lit", e.Text)
	}
	cancel()
	<-done
}
