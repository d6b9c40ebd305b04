package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/boardfile"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/hardware"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/journal"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/kiosk"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/service"
	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/search"
	"github.com/tavoliere/tavoliere/hw"
)

// defaultJournal is the journal's path under the user's data directory
// ($XDG_DATA_HOME/tavoliere, or ~/.local/share/tavoliere).
func defaultJournal() string {
	dir := os.Getenv("XDG_DATA_HOME")
	if dir == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return "tavoliere-journal.db"
		}
		dir = filepath.Join(home, ".local", "share")
	}
	return filepath.Join(dir, "tavoliere", "journal.db")
}

func runServe(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("serve")
	listen := fs.String("listen", "localhost:8080", "address of the kiosk page and its API")
	board := fs.String("board", "", "board file in firmware-config/ (empty: a simulated board sized to the game)")
	sensor := fs.String("sensor", "presence", "the simulated board's sensors: presence, polarity or identity")
	game := fs.String("game", "quadwrangle", "game id (see tavoliere games)")
	sidesFlag := fs.String("sides", "", "who plays each side, in turn order: human or ai (default: a human, then the AI for every other player)")
	level := fs.String("level", "normal", "AI level: "+strings.Join(search.LevelNames(), ", "))
	journalPath := fs.String("journal", defaultJournal(), "the journal: every game and move, kept across restarts")
	newJournal := fs.Bool("new-journal", false, "if the journal is damaged, move it aside (never deleted) and start a new one")
	resume := fs.Bool("resume", true, "go on with the game in progress in the journal")
	token := fs.String("token", "", "the token commands need when -listen is not a loopback address (default: a random one, printed)")
	hosts := fs.String("hosts", "", "names, comma-separated, the kiosk is reached by besides its IP address, localhost and this machine's name (and name.local)")
	seed := fs.Uint64("seed", 1, "the AI's random seed")
	attract := fs.String("attract", service.AttractIdle.String(), "after this long with nobody playing (a time: 5m, 90s), the kiosk plays the AI against itself to invite visitors, until a touch or a piece moved (0: never)")
	qtable := fs.String("quixo-table", "", "Quixo's endgame table, built by tavoliere quixo-table, loaded in the background (default: quixo.tbl beside the journal, if it is there)")
	var sets setFlags
	fs.Var(&sets, "set", "a setting of the game, key=value (repeatable)")
	config := fs.String("config", "", "the config file (TOML; the .deb's is /etc/tavoliere/tavoliere.toml): its keys set the flags the command line does not give, and it must name a board")
	if err := parseFlags(fs, args, stdout); err != nil {
		return ignoreHelp(err)
	}
	if err := applyConfig(fs, *config); err != nil {
		return err
	}
	rules, err := rulesDrawn("serve", *game, sets, true)
	if err != nil {
		return err
	}
	// The board file is decoded and checked before anything is opened.
	var bf *boardfile.File
	if *board != "" {
		if bf, err = boardfile.Load(*board); err != nil {
			return fmt.Errorf("serve: %w", err)
		}
		spec, err := bf.Spec()
		if err != nil {
			return fmt.Errorf("serve: %w", err)
		}
		if spec.Files != rules.Geometry().Files || spec.Ranks != rules.Geometry().Ranks {
			return fmt.Errorf("serve: %s is %dx%d; %s needs %dx%d (choose another -game)", *board, spec.Files, spec.Ranks, rules.Name(), rules.Geometry().Files, rules.Geometry().Ranks)
		}
	}
	kind, err := hw.ParseSensorKind(*sensor)
	if err != nil {
		return fmt.Errorf("serve: -sensor: %w", err)
	}
	idle, err := service.ParseIdle(*attract)
	if err != nil {
		return fmt.Errorf("serve: -attract %w", err)
	}
	if _, ok := search.LevelNamed(*level); !ok {
		return fmt.Errorf("serve: -level %q: want one of %s", *level, strings.Join(search.LevelNames(), ", "))
	}
	sides, err := parseSides(*sidesFlag, rules)
	if err != nil {
		return fmt.Errorf("serve: -sides: %w", err)
	}
	log := slog.New(slog.NewTextHandler(stderr, nil))
	named := *qtable != ""
	if !named {
		*qtable = filepath.Join(filepath.Dir(*journalPath), "quixo.tbl")
	}
	if named {
		if _, err := os.Stat(*qtable); err != nil {
			return fmt.Errorf("serve: -quixo-table: %w", err)
		}
	}

	j, err := openJournal(*journalPath, *newJournal, log)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *listen)
	if err != nil {
		j.Close()
		return fmt.Errorf("serve: %w", err)
	}
	needToken := !kiosk.Loopback(*listen)
	if *token == "" {
		*token = randomToken()
		if needToken {
			fmt.Fprintf(stdout, "tavoliere: commands from other machines need the token %s\n", *token)
		}
	}
	var rig *hardware.Board // a board file's; nil: a simulated board sized to each game
	if bf != nil {
		if rig, err = hardware.Open(bf, log); err != nil {
			ln.Close()
			j.Close()
			return fmt.Errorf("serve: %w", err)
		}
	}
	svc := service.New(service.Options{Log: log, Journal: j, Board: rig, Sensor: kind, Seed: *seed, Idle: idle})
	runCtx, stopRun := context.WithCancel(ctx)
	defer stopRun()
	if err := svc.Start(runCtx, service.Game{Rules: rules, Sides: sides, Level: *level}, *resume); err != nil {
		ln.Close()
		return fmt.Errorf("serve: %w", errors.Join(err, svc.Shutdown()))
	}
	done := make(chan struct{})
	srv := &http.Server{
		Handler: (&kiosk.Server{Commands: svc, Hub: svc.Hub(), Log: log, Token: *token, NeedToken: needToken, Ping: 15 * time.Second,
			Done: done, Hosts: kiosk.HostNames(*hosts)}).Handler(),
		ReadHeaderTimeout: 10 * time.Second,
	}
	fmt.Fprintf(stdout, "tavoliere: kiosk on http://%s\n", displayAddr(ln.Addr()))
	playing := svc.Playing()
	if playing != nil && playing.ID() != rules.ID() {
		// The journal's game in progress goes on; -game names the game of a new one.
		fmt.Fprintf(stdout, "tavoliere: the game in progress goes on: %s; start with -resume=false for a new game of %s\n", playing.Name(), rules.Name())
	}
	log.Info("serving", "addr", ln.Addr().String(), "journal", j.Path(), "game", gameID(playing, rules), "sensor", kind.String())
	// (After the kiosk's address: the first thing a newcomer reads is where to look.)
	if err := serveQuixoTable(*qtable, named, log); err != nil {
		ln.Close()
		return errors.Join(err, svc.Shutdown())
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case <-ctx.Done():
	case err = <-served:
	case err = <-svc.Fatal(): // the board stayed lost: exit non-zero, for systemd to restart us
		err = fmt.Errorf("serve: %w", err)
	}
	close(done)
	shutCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = srv.Shutdown(shutCtx)
	stopRun()
	if cerr := svc.Shutdown(); cerr != nil && err == nil {
		err = cerr
	}
	log.Info("stopped: LEDs dark, journal closed")
	if errors.Is(err, http.ErrServerClosed) {
		err = nil
	}
	return err
}

// openJournal opens the journal; a damaged one is never overwritten: serve stops and says
// what to do, or with -new-journal moves it aside and starts a new one.
func openJournal(path string, fresh bool, log *slog.Logger) (*journal.Journal, error) {
	j, err := journal.Open(path)
	if err == nil {
		return j, nil
	}
	if !errors.Is(err, journal.ErrCorrupt) {
		return nil, fmt.Errorf("serve: %w", err)
	}
	if !fresh {
		return nil, fmt.Errorf("serve: %w; it is left as it is: start with -new-journal to move it aside and begin a new one, or -journal to use another file", err)
	}
	aside := fmt.Sprintf("%s.damaged-%s", path, time.Now().UTC().Format("20060102T150405Z"))
	// The journal, or only its orphaned log or mark; the mark goes with it, so that a new
	// journal gets a new one and the damaged one keeps what it vouched for.
	for _, ext := range []string{"", "-wal", "-shm", ".mark"} {
		if _, serr := os.Stat(path + ext); serr != nil {
			continue
		}
		if rerr := os.Rename(path+ext, aside+ext); rerr != nil {
			return nil, fmt.Errorf("serve: %w; moving it aside failed: %v", err, rerr)
		}
	}
	log.Warn("damaged journal moved aside; starting a new one", "damaged", aside, "reason", err)
	return journal.Open(path)
}

func parseSides(text string, r engine.Rules) ([]boards.Side, error) {
	if text == "" {
		sides := make([]boards.Side, r.Players())
		for i := 1; i < len(sides); i++ {
			sides[i] = boards.AI
		}
		return sides, nil
	}
	names := strings.Split(text, ",")
	if len(names) != r.Players() {
		return nil, fmt.Errorf("%q names %d sides; %s has %d players", text, len(names), r.Name(), r.Players())
	}
	var sides []boards.Side
	for _, n := range names {
		s, err := kiosk.ParseSide(strings.TrimSpace(n))
		if err != nil {
			return nil, err
		}
		sides = append(sides, s)
	}
	return sides, nil
}

func randomToken() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// gameID is the id of the game being played, or of the one asked for when none is yet.
func gameID(playing, asked engine.Rules) string {
	if playing != nil {
		return playing.ID()
	}
	return asked.ID()
}

func displayAddr(a net.Addr) string {
	host, port, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		host = "localhost"
	}
	return net.JoinHostPort(host, port)
}
