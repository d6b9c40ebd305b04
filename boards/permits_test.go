package boards

import (
	"testing"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/registry"
)

// TestPermits: why a suggestion or a takeback would be refused, first reason first, and no
// reason where one can be made.
func TestPermits(t *testing.T) {
	rules := func(id string) engine.Rules {
		r, err := registry.New(id, nil)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	qw, xq := rules("quadwrangle"), rules("xequeo")
	ready := Snapshot{Rules: qw, Sides: []Side{Human, AI}, Moves: []string{"d4"}}
	for _, c := range []struct {
		name              string
		edit              func(*Snapshot)
		suggest, takeback string
	}{
		{"a player to move", func(*Snapshot) {}, "", ""},
		{"no move yet", func(s *Snapshot) { s.Moves = nil }, "", "no-moves"},
		{"Xe Queo!", func(s *Snapshot) { s.Rules = xq }, "secret", ""},
		{"Xe Queo! over", func(s *Snapshot) { s.Rules, s.Outcome.Over = xq, true }, "secret", ""},
		{"game over", func(s *Snapshot) { s.Outcome.Over = true }, "over", ""},
		{"the AI's turn", func(s *Snapshot) { s.Turn = 1 }, "ai-turn", ""},
		{"the AI thinking", func(s *Snapshot) { s.Thinking = true }, "ai-turn", ""},
		{"the AI's move to carry out", func(s *Snapshot) { s.AIMove = "e5" }, "ai-turn", ""},
		{"a question", func(s *Snapshot) { s.Asking = []string{"a1", "b2"} }, "asking", ""},
		{"waiting for the board", func(s *Snapshot) { s.Waiting = true }, "board", ""},
		{"the board differs", func(s *Snapshot) { s.Board[3] = 1 }, "board", ""},
	} {
		s := ready
		c.edit(&s)
		code, err := s.Suggestable()
		if code != c.suggest || (err == nil) != (code == "") {
			t.Errorf("%s: suggest refused %q (%v), want %q", c.name, code, err, c.suggest)
		}
		code, err = s.Takebackable()
		if code != c.takeback || (err == nil) != (code == "") {
			t.Errorf("%s: takeback refused %q (%v), want %q", c.name, code, err, c.takeback)
		}
	}
}
