package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"
)

func runArgs(t *testing.T, args ...string) (string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	err := run(context.Background(), args, &out, &errOut)
	return out.String(), err
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

func TestGames(t *testing.T) {
	out, err := runArgs(t, "games")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"quadwrangle", "crowded", "krypte", "drop-last=off", "move-cap=300", "layout=checkerboard", "first=black"} {
		if !strings.Contains(out, want) {
			t.Errorf("games output lacks %q:\n%s", want, out)
		}
	}
}

func TestPerftCommand(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-game", "quadwrangle", "-depth", "2"}, "13730"},
		{[]string{"-game", "quadwrangle", "-depth", "1", "-set", "drop-last=on"}, "106"},
		{[]string{"-game", "crowded", "-depth", "2", "-set", "first=white"}, "11580"},
		{[]string{"-game", "krypte", "-depth", "3"}, "1554"},
		{[]string{"-game", "krypte", "-depth", "2", "-divide"}, "112"},
		{[]string{"-game", "krypte", "-depth", "1", "-position", "..WWB..B/..BWW..W/......../B......./B...WBWB/....W.../....W.../...WW... b S"}, "0"},
		// Crowded's end-game test vector CR-3 (docs/rules/README.md): White has five moves.
		{[]string{"-game", "crowded", "-depth", "1", "-position", "WWW...../WWW...../WWW...../......../.......B/BBB..B.B/BBB..BWB/BBBB...W w"}, "5"},
	} {
		out, err := runArgs(t, append([]string{"perft"}, c.args...)...)
		if err != nil {
			t.Errorf("perft %v: %v", c.args, err)
			continue
		}
		if got := lastLine(out); got != c.want {
			t.Errorf("perft %v: last line %q, want %q\n%s", c.args, got, c.want, out)
		}
	}
	out, _ := runArgs(t, "perft", "-game", "krypte", "-depth", "2", "-divide")
	if !strings.Contains(out, "\na1 14\n") {
		t.Errorf("divide lists each first move with its count:\n%s", out)
	}
}

func TestBadInput(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", t.TempDir()) // a serve case that got through must not touch the user's journal
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"serve", "-game", "chess"}, `unknown game "chess"`},
		{[]string{"-sides", "human"}, "names 1 sides"},
		{[]string{"serve", "-sides", "human,robot"}, `side "robot"`},
		{[]string{"serve", "-sensor", "sonar"}, "presence, polarity or identity"},
		{[]string{"serve", "-level", "godlike"}, "want one of beginner"},
		{[]string{"serve", "-board", "firmware-config/nope.toml"}, "nope.toml"},
		{[]string{"serve", "-board", "../../firmware-config/tbp-8x8-polarity.toml"}, "needs 7x7"},
		{[]string{"serve", "-bogus"}, "flag provided but not defined"},
		{[]string{"serve", "-quixo-table", "/nonexistent/quixo.tbl"}, "-quixo-table: stat /nonexistent/quixo.tbl: no such file"},
		{[]string{"solve", "-game", "quixo", "-quixo-table", "/nonexistent/quixo.tbl"}, "solve: -quixo-table: quixo table: open /nonexistent/quixo.tbl"},
		{[]string{"solve", "-game", "quixo"}, "no endgame table loaded"},
		{[]string{"solve", "-game", "quixo", "-quixo-table", "main_test.go"}, "not a Quixo endgame table"},
		{[]string{"quixo-table"}, "give -out FILE to build the table, or -in FILE to check one"},
		{[]string{"quixo-table", "-in", "a", "-out", "b"}, "give -out FILE"},
		{[]string{"quixo-table", "-in", "/nonexistent/quixo.tbl"}, "open /nonexistent/quixo.tbl"},
		{[]string{"quad-book"}, "quad-book: give -out FILE"},
		{[]string{"quad-book", "-out", "/nonexistent/book.bin"}, "open /nonexistent/book.bin.tmp"},
		{[]string{"frob"}, `unknown command "frob"`},
		{[]string{"perft", "-game", "chess", "-depth", "2"}, `unknown game "chess"`},
		{[]string{"perft", "-depth", "2"}, "-game is required"},
		{[]string{"perft", "-game", "krypte", "-depth", "0"}, "depth 0 out of range"},
		{[]string{"perft", "-game", "krypte", "-depth", "31"}, "out of range"},
		{[]string{"perft", "-game", "krypte", "-depth", "x"}, "invalid value"},
		{[]string{"perft", "-game", "quadwrangle", "-depth", "2", "-set", "drop-fist=on"}, `unknown setting "drop-fist"`},
		{[]string{"perft", "-game", "quadwrangle", "-depth", "2", "-set", "drop-last"}, "want key=value"},
		{[]string{"perft", "-game", "quadwrangle", "-depth", "2", "-set", "move-cap=-4"}, "not one of 0…100000"},
		{[]string{"perft", "-game", "quadwrangle", "-depth", "2", "-position", ".WWWWW./W.....B/W..Z..B/W.....B/W.....B/W.....B/.BBBBB. w"}, "at d5"},
		{[]string{"perft", "-game", "krypte", "-depth", "2", "extra"}, `unexpected argument "extra"`},
		{[]string{"selfplay", "-game", "krypte", "-games", "0"}, "want at least 1"},
		{[]string{"selfplay", "-game", "krypte", "-think", "0s"}, "want a positive time"},
	} {
		_, err := runArgs(t, c.args...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want an error with %q", c.args, err, c.want)
			continue
		}
		if strings.Contains(err.Error(), "\n") {
			t.Errorf("%v: the error spans lines: %q", c.args, err)
		}
	}
}

// TestNoCommand: main prints the error as the one line on stderr; run prints nothing.
// TestNoCommand: with no command, tavoliere serves (design.md: serve is the default) on
// localhost:8080, with its journal under the user's data directory.
func TestNoCommand(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", t.TempDir()) // never the real user's journal
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	var out, errOut bytes.Buffer
	err := run(ctx, nil, &out, &errOut)
	switch {
	case err != nil && strings.Contains(err.Error(), "8080"):
		// The port is taken on this machine: serve was still what ran.
	case err != nil:
		t.Fatalf("no command: %v", err)
	case !strings.Contains(out.String(), "kiosk on http://localhost:8080"):
		t.Errorf("no command: printed %q", out.String())
	}
}

// TestSettingsHeader: a game without settings says so instead of printing "[]".
func TestSettingsHeader(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"perft", "-game", "krypte", "-depth", "1"}, "krypte [no settings] depth 1"},
		{[]string{"selfplay", "-game", "krypte", "-iterations", "10"}, "krypte [no settings]: 1 games"},
		{[]string{"perft", "-game", "quadwrangle", "-depth", "1"}, "quadwrangle [drop-last=off"},
	} {
		out, err := runArgs(t, c.args...)
		if err != nil {
			t.Errorf("%v: %v", c.args, err)
			continue
		}
		if !strings.HasPrefix(out, c.want) {
			t.Errorf("%v: output starts %q, want %q", c.args, strings.SplitN(out, "\n", 2)[0], c.want)
		}
	}
}

func TestHelp(t *testing.T) {
	out, err := runArgs(t, "perft", "-h")
	if err != nil || !strings.Contains(out, "-depth") {
		t.Errorf("perft -h: %v\n%s", err, out)
	}
	out, err = runArgs(t, "-h")
	if err != nil || !strings.Contains(out, "selfplay") {
		t.Errorf("-h: %v\n%s", err, out)
	}
}

func TestSelfplay(t *testing.T) {
	args := []string{"selfplay", "-game", "krypte", "-games", "2", "-iterations", "200", "-seed", "3", "-v"}
	out, err := runArgs(t, args...)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(out, "\ngame ") != 2 || !strings.Contains(out, "mean time per move") {
		t.Fatalf("selfplay output:\n%s", out)
	}
	again, _ := runArgs(t, args...)
	strip := func(s string) string { // the timing line differs from run to run
		return s[:strings.LastIndex(s, "mean time")]
	}
	if strip(out) != strip(again) {
		t.Errorf("selfplay with -iterations and a seed must replay exactly:\n%s\n%s", out, again)
	}
	out, err = runArgs(t, "selfplay", "-game", "crowded", "-games", "1", "-think", "2ms", "-seed", "1")
	if err != nil || !strings.Contains(out, "game 1:") {
		t.Fatalf("crowded: %v\n%s", err, out)
	}
}

func TestSensorsCommand(t *testing.T) {
	out, err := runArgs(t, "sensors", "-board", "../../firmware-config/sim.toml", "-frames", "3")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) < 9 || !strings.HasPrefix(lines[1], "7 ") || !strings.Contains(lines[8], "a") {
		t.Fatalf("sensors picture:\n%s", out)
	}
	if strings.Count(lines[1], ".") != 7 {
		t.Errorf("an empty simulated board reads empty: %q", lines[1])
	}
	if _, err := runArgs(t, "sensors"); err == nil {
		t.Error("sensors without -board")
	}
	if _, err := runArgs(t, "check-config", "../../firmware-config/qw-7x7-mcp23017-ws2812.toml"); err != nil {
		t.Errorf("check-config of a reference board: %v", err)
	}
}
