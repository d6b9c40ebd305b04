package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/search"
)

// runLevels measures the AI the service seats at each level: the time it takes per move
// (median, 99th percentile, slowest) over positions of random games, and the memory the
// process has held at its peak.
func runLevels(ctx context.Context, args []string, stdout, _ io.Writer) error {
	fs := newFlags("levels")
	id := fs.String("game", "", "game id (see tavoliere games)")
	n := fs.Int("moves", 50, "positions searched at each level")
	only := fs.String("level", "", "measure this level only (default: every level)")
	seed := fs.Uint64("seed", 1, "random seed of the positions and the searches")
	qtable := fs.String("quixo-table", "", "load Quixo's endgame table from this file (built by tavoliere quixo-table)")
	var sets setFlags
	fs.Var(&sets, "set", "a setting, key=value (repeatable)")
	if err := parseFlags(fs, args, stdout); err != nil {
		return ignoreHelp(err)
	}
	if err := useQuixoTable("levels", *qtable); err != nil {
		return err
	}
	r, err := rulesFromFlags("levels", *id, sets)
	if err != nil {
		return err
	}
	if err := hiddenChoices("levels", r); err != nil {
		return err
	}
	if *n < 1 {
		return fmt.Errorf("levels: -moves %d: want at least 1", *n)
	}
	chosen := search.Levels()
	if *only != "" {
		l, ok := search.LevelNamed(*only)
		if !ok {
			return fmt.Errorf("levels: -level %q: want one of %s", *only, strings.Join(search.LevelNames(), ", "))
		}
		chosen = []search.Level{l}
	}
	positions := randomPositions(r, *seed, *n)
	fmt.Fprintf(stdout, "%s [%s]: the AI at each level over %d positions of random games, seed %d, GOMAXPROCS %d\n",
		r.ID(), settingsText(r), len(positions), *seed, runtime.GOMAXPROCS(0))
	for _, level := range chosen {
		budget := level.Think
		ai := search.NewAI(r, search.Options{Think: budget, Seed: *seed})
		var took []time.Duration
		for i, s := range positions {
			ai.SetOptions(level.Options(search.Options{Seed: *seed + uint64(i)}))
			start := time.Now()
			if _, err := ai.Search(ctx, s.Clone()); err != nil {
				return fmt.Errorf("levels: %s at %s: %w", level.Name, s, err)
			}
			took = append(took, time.Since(start))
		}
		slices.Sort(took)
		fmt.Fprintf(stdout, "%-9s budget %-6v random moves %2.0f%%  median %-9v p99 %-9v slowest %-9v peak memory %s\n", level.Name, budget, 100*level.Blunder,
			took[len(took)/2].Round(10*time.Microsecond), took[min(len(took)-1, len(took)*99/100)].Round(10*time.Microsecond),
			took[len(took)-1].Round(10*time.Microsecond), peakMemory())
	}
	return nil
}

// randomPositions plays n random games of r to a random length each (up to 40 plies) and
// returns the positions reached that are not over.
func randomPositions(r engine.Rules, seed uint64, n int) []engine.State {
	rng := rand.New(rand.NewPCG(seed, 0x1e7e15))
	var out []engine.State
	for len(out) < n {
		s := r.Start()
		for plies := rng.IntN(40); plies > 0 && !s.Outcome().Over; plies-- {
			ms := s.Legal(nil)
			s.Play(ms[rng.IntN(len(ms))])
		}
		if !s.Outcome().Over {
			out = append(out, s)
		}
	}
	return out
}

// peakMemory is the most memory the process has held: VmHWM of /proc/self/status where there
// is one (Linux), else the Go runtime's total from the system.
func peakMemory() string {
	if f, err := os.Open("/proc/self/status"); err == nil {
		defer f.Close()
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if rest, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
				fields := strings.Fields(rest)
				if kb, err := strconv.Atoi(fields[0]); err == nil {
					return fmt.Sprintf("%.1f MiB (resident)", float64(kb)/1024)
				}
			}
		}
	}
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return fmt.Sprintf("%.1f MiB (Go runtime)", float64(m.Sys)/(1<<20))
}
