// Command tavoliere is the one binary of the project: the referee service and the tools
// around the engine (games, perft, selfplay). main only calls run; run is what tests call.
//
// cmd is the only part of tavoliere that reads flags, the environment and files, opens
// buses and ports, and builds loggers. This package keeps the flags and a file per
// subcommand (serve.go, arena.go, ...; flags.go and config.go are the flags shared); what
// serve runs lives in packages beside it: the service (service: the session, the journal,
// attract mode), the kiosk (kiosk: the page, its HTTP server, the JSON of API.md) and the
// board opened from its board file (hardware).
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "tavoliere:", err)
		os.Exit(2)
	}
}

type command struct {
	name, args, doc string
	run             func(ctx context.Context, args []string, stdout, stderr io.Writer) error
}

func commands() []command {
	return []command{
		{"serve", "[-listen ADDR] [-game ID] [-sides human,ai] [-level L] [-journal FILE] [-sensor KIND]",
			"run the referee and the kiosk page (the default command)", runServe},
		{"check-config", "FILE", "check a board file and draw which sensor and LED is under which square", runCheckConfig},
		{"sensors", "-board FILE", "show the board's live sensor readings and light each LED under a piece", runSensors},
		{"games-played", "[-journal FILE]", "list the games in the journal", runGamesPlayed},
		{"export", "[-journal FILE] [-id N] [-o FILE]", "write finished games in the game's notation", runExport},
		{"games", "", "list the games with their settings and defaults", runGames},
		{"perft", "-game ID -depth N [-set key=value]... [-position TEXT] [-divide]",
			"count the move paths of a position (the last line is the count)", runPerft},
		{"selfplay", "-game ID -games N -think D -seed S [-set key=value]...",
			"play the baseline AI against itself and report results and time per move", runSelfplay},
		{"solve", "-game ID [-position TEXT] [-set key=value]...",
			"print the game-theoretic value of a position and its best moves (Quantik, Quad, Quarto and Crowded endgames, Quixo with its endgame table)", runSolve},
		{"arena", "-game ID -a PLAYER -b PLAYER -games N -think D -seed S", "play two players (random, mcts, ai, or the AI at a level) against each other: wins, draws, losses, score and Elo", runArena},
		{"levels", "-game ID [-moves N] [-level L] [-seed S]", "time the AI's moves at each level (median, 99th percentile) and the peak memory", runLevels},
		{"quixo-table", "-out FILE | -in FILE [-check N]", "build Quixo's endgame table (at most one blank cube) and write it, or check one", runQuixoTable},
		{"quad-book", "-out FILE [-workers N]", "build Quad's book (the value of every position with four pieces, the trap of every drawn one), built into the binary as engine/quad/book.bin", runQuadBook},
	}
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: tavoliere COMMAND [flags]")
	fmt.Fprintln(w, "\ncommands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-9s %s\n            %s\n", c.name, c.args, c.doc)
	}
	fmt.Fprintln(w, "\nRun 'tavoliere COMMAND -h' for the flags of a command.")
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	switch {
	case len(args) == 0:
		return runServe(ctx, nil, stdout, stderr)
	case args[0] == "-h" || args[0] == "-help" || args[0] == "--help" || args[0] == "help":
		usage(stdout)
		return nil
	case strings.HasPrefix(args[0], "-"):
		return runServe(ctx, args, stdout, stderr) // serve is the default: its flags alone
	}
	var names []string
	for _, c := range commands() {
		if c.name == args[0] {
			return c.run(ctx, args[1:], stdout, stderr)
		}
		names = append(names, c.name)
	}
	return fmt.Errorf("unknown command %q (known: %s; see tavoliere -h)", args[0], strings.Join(names, ", "))
}
