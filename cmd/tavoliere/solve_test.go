package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

func TestSolveCommand(t *testing.T) {
	cases := []struct {
		args []string
		want []string // lines of the output, in order, as prefixes
		err  string
	}{
		// Holding BDRF with three tall pieces on row 1: d1 wins at once, and only d1.
		{args: []string{"-game", "quarto", "-position", "sLQFsDQF../sDRF.../..../BLRHBLQHBDQH. BDRF 1"},
			want: []string{"quarto [no settings] from", "value: win for Player 1, the player to move", "best moves (1 of 82): d1", ""}},
		// Q-5 full: a draw, over.
		{args: []string{"-game", "quarto-pro", "-set", "tilted=on", "-position", "sLQFsLQHsDRHBDRF/BDQFsLRFBDRHBLQF/sDRFBLQHBDQHsLRH/sDQHsDQFBLRFBLRH - 1"},
			want: []string{"quarto-pro [tilted=on] from", "value: the game is over: draw (board full)"}},
		{args: []string{"-game", "quarto"}, err: "too far from the end"},
		{args: []string{"-game", "krypte"}, err: "krypte has no exact solver"},
		{args: []string{"-game", "quarto", "-position", "nonsense"}, err: "solve: position"},
		{args: []string{"-game", "nope"}, err: "unknown game"},
	}
	for _, c := range cases {
		var out bytes.Buffer
		err := run(context.Background(), append([]string{"solve"}, c.args...), &out, &out)
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
			if i >= len(lines) || !strings.HasPrefix(lines[i], w) {
				t.Errorf("%v: line %d %q, want %q…\n%s", c.args, i+1, lines[min(i, len(lines)-1)], w, out.String())
			}
		}
	}
}
