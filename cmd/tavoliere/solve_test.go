package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

func TestSolveCommand(t *testing.T) {
	cases := []commandCase{ // want: lines of the output, in order, as prefixes
		// Holding BDRF with three tall pieces on row 1: d1 wins at once, and only d1.
		{args: []string{"-game", "quarto", "-position", "sLQFsDQF../sDRF.../..../BLRHBLQHBDQH. BDRF 1"},
			want: []string{"quarto [no settings] from", "value: win for Player 1, the player to move", "best moves (1 of 82): d1", ""}},
		// Q-5 full: a draw, over.
		{args: []string{"-game", "quarto-pro", "-set", "tilted=on", "-position", "sLQFsLQHsDRHBDRF/BDQFsLRFBDRHBLQF/sDRFBLQHBDQHsLRH/sDQHsDQFBLRFBLRH - 1"},
			want: []string{"quarto-pro [tilted=on] from", "value: the game is over: draw (board full)"}},
		// Quad from the start: the first player loses, whatever he plays (the book).
		{args: []string{"-game", "quad"},
			want: []string{"quad [first=light seed=1] from ......../......../......../........ l", "value: loss for Light, the player to move", "best moves (64 of 64): RHa1 RHb1"}},
		// Two plies before the book, a draw: the drawing moves ranked by the traps they lead to.
		{args: []string{"-game", "quad", "-position", "......../..rfRH../......../........ l"},
			want: []string{"quad [first=light seed=1] from", "value: draw with best play (Light to move)", "best moves (1 of 56, the solver's choice of those that keep the value): QHb2"}},
		{args: []string{"-game", "quarto"}, err: "too far from the end"},
		{args: []string{"-game", "krypte"}, err: "krypte has no exact solver"},
		{args: []string{"-game", "quarto", "-position", "nonsense"}, err: "solve: position"},
		{args: []string{"-game", "nope"}, err: "unknown game"},
	}
	runCommandCases(t, "solve", cases, strings.HasPrefix)
}

// commandCase is one run of a command in a table test: its arguments, and either the error
// it must fail with (err, a part of its text) or the lines its output must begin with (want,
// matched line by line).
type commandCase struct {
	args []string
	want []string
	err  string
}

// runCommandCases runs command name with each case's arguments and checks the error, or
// the output's first lines with match(line, want).
func runCommandCases(t *testing.T, name string, cases []commandCase, match func(line, want string) bool) {
	t.Helper()
	for _, c := range cases {
		var out bytes.Buffer
		err := run(context.Background(), append([]string{name}, c.args...), &out, &out)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%v: error %v, want %q", c.args, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%v: %v", c.args, err)
		}
		lines := strings.Split(out.String(), "\n")
		for i, w := range c.want {
			if i >= len(lines) || !match(lines[i], w) {
				t.Errorf("%v: line %d %q, want %q\n%s", c.args, i+1, lines[min(i, len(lines)-1)], w, out.String())
			}
		}
	}
}
