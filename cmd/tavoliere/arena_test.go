package main

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/engine/search"
)

func TestArenaCommand(t *testing.T) {
	cases := []commandCase{ // want: patterns of the output's lines, in order
		{args: []string{"-game", "quixo", "-a", "mcts", "-b", "random", "-games", "2", "-iterations", "30", "-seed", "3"},
			want: []string{
				`^quixo \[move-cap=400\]: mcts \(A\) v random \(B\), 2 games, 30 playouts a move, 2-ply openings, seed 3$`,
				`^game 1: A Crosses: .*, \d+ moves, opening \S+ \S+$`,
				`^game 2: A Circles: .*, \d+ moves, opening \S+ \S+$`,
				`^mcts v random: \d wins, \d draws, \d losses in 2 games$`,
				`^score \d+\.\d% \(95% CI \d+\.\d%…\d+\.\d%\), Elo [+-]\d+ \(95% CI [+-]\d+…[+-]\d+\)$`,
				`^mcts \(A\): \d+ moves, .* a move, 30 playouts a move$`,
				`^random \(B\): \d+ moves, .* a move, 0 playouts a move$`,
			}},
		{args: []string{"-game", "push4", "-a", "ai", "-b", "mcts", "-games", "1", "-iterations", "10", "-opening", "0", "-set", "move-cap=40"},
			want: []string{
				`^push4 \[first=red seed=1 move-cap=40\]: ai \(A\) v mcts \(B\), 1 games, 10 playouts a move, 0-ply openings, seed 1$`,
				`^game 1: A Red and Green: .*, \d+ moves$`,
			}},
		// A level plays at its own budget: beginner at 20 ms whatever -think says.
		{args: []string{"-game", "quantik", "-a", "beginner", "-b", "random", "-games", "2", "-think", "1h", "-seed", "3"},
			want: []string{
				`^quantik \[first=light seed=1\]: beginner \(A\) v random \(B\), 2 games, 1h0m0s a move \(beginner: 20ms\), 2-ply openings, seed 3$`,
				`^game 1: A Light: .*$`,
				`^game 2: A Dark: .*$`,
			}},
		{args: []string{"-game", "quixo", "-a", "alphazero"}, err: `-a "alphazero": unknown player (want random, mcts, ai, or a level (beginner … strongest))`},
		{args: []string{"-game", "quixo", "-b", ""}, err: `-b "": unknown player`},
		{args: []string{"-game", "quixo", "-games", "0"}, err: "-games 0: want at least 1"},
		{args: []string{"-game", "quixo", "-think", "-1s"}, err: "-think -1s: want a positive time"},
		{args: []string{"-game", "quixo", "-think", "0s"}, err: "-think 0s: want a positive time, or -iterations"},
		{args: []string{"-game", "quixo", "-iterations", "-5"}, err: "-iterations -5"},
		{args: []string{"-game", "quixo", "-opening", "-1"}, err: "-opening -1"},
		{args: []string{"-game", "quixo", "-think", "soon"}, err: `invalid value "soon" for flag -think`},
		{args: []string{"-a", "ai"}, err: "-game is required"},
		{args: []string{"-game", "xequeo", "-a", "ai", "-b", "naive", "-games", "3", "-iterations", "40", "-seed", "2"},
			want: []string{
				`^xequeo \[distance=euclid seed=1 ring=tapped\]: ai \(A\) v naive \(B\), 3 rounds at least, 40 playouts a decision, seed 2$`,
				`^match 1: A Player 1, deal \d+: rings A \d, B \d, \d+ moves$`,
			}},
		{args: []string{"-game", "xequeo", "-a", "mcts"}, err: `-a "mcts": unknown player for xequeo (want ai, random or naive)`},
		{args: []string{"-game", "xequeo", "-games", "0"}, err: "-games 0: want at least 1 round"},
		{args: []string{"-game", "nope"}, err: "unknown game"},
	}
	runCommandCases(t, "arena", cases, func(line, want string) bool { return regexp.MustCompile(want).MatchString(line) })
}

// TestArenaLevel: arena knows the kiosk's levels as players, and no other name (the level's
// player itself: search.TestLevelPlayer).
func TestArenaLevel(t *testing.T) {
	f, ok := arenaPlayer("easy")
	if !ok {
		t.Fatal("easy is not a player")
	}
	r, err := rulesFromFlags("arena", "quixo", nil)
	if err != nil {
		t.Fatal(err)
	}
	if p := f(r, search.Options{Think: time.Hour, Iterations: 7, Seed: 5}); p == nil {
		t.Fatal("easy's factory gave no player")
	}
	if _, ok := arenaPlayer("grandmaster"); ok {
		t.Fatal("an unknown level plays")
	}
}

// The same seed replays the same match with an iteration budget.
func TestArenaReplays(t *testing.T) {
	args := []string{"arena", "-game", "push", "-a", "ai", "-b", "mcts", "-games", "2", "-iterations", "20", "-seed", "9", "-v", "-set", "move-cap=60"}
	var first, second bytes.Buffer
	for _, out := range []*bytes.Buffer{&first, &second} {
		if err := run(context.Background(), args, out, out); err != nil {
			t.Fatal(err)
		}
	}
	// The time per move differs; everything above it is the games.
	games := func(b *bytes.Buffer) string { s, _, _ := strings.Cut(b.String(), "ai (A):"); return s }
	if games(&first) != games(&second) {
		t.Errorf("seed 9 twice:\n%s\n%s", first.String(), second.String())
	}
}
