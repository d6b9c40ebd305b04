package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/tavoliere/tavoliere/engine/stats"
	"github.com/tavoliere/tavoliere/engine/xequeo"
	"github.com/tavoliere/tavoliere/engine/xequeo/xqai"
)

// xqPlayers are the players of Xe Queo!'s arena: its AI and the two baselines of issue 8, a
// player moving at random towards the ring and challenging at random, and one that knows
// nothing of bluffing (always advances its own pawn).
var xqPlayers = map[string]func(xqai.Options) xqai.Factory{
	"ai":     xqai.AIFactory,
	"random": func(xqai.Options) xqai.Factory { return xqai.RandomFactory },
	"naive":  func(xqai.Options) xqai.Factory { return xqai.NaiveFactory },
}

const xqPlayerNames = "ai, random or naive"

// xqArena plays Xe Queo!'s arena: whole matches in pairs on one deal, A Player 1 then
// Player 2, until at least rounds rounds (rings) are played; every card checked against the
// player's secret and every reveal against its commitment.
func xqArena(ctx context.Context, w io.Writer, r *xequeo.Rules, a, b string, rounds int, think time.Duration, iters int, seed uint64, verbose bool) error {
	if b == "mcts" {
		b = "random" // the default -b: the baseline that moves at random towards the ring
	}
	var f [2]xqai.Factory
	for i, name := range []string{a, b} {
		mk, ok := xqPlayers[name]
		if !ok {
			return fmt.Errorf("arena: -%c %q: unknown player for %s (want %s)", "ab"[i], name, r.ID(), xqPlayerNames)
		}
		f[i] = mk(xqai.Options{Think: think, Iterations: iters})
	}
	switch {
	case rounds < 1:
		return fmt.Errorf("arena: -games %d: want at least 1 round", rounds)
	case iters < 0:
		return fmt.Errorf("arena: -iterations %d: want at least 1", iters)
	case think <= 0 && iters == 0:
		return fmt.Errorf("arena: -think %v: want a positive time, or -iterations", think)
	}
	budget := fmt.Sprintf("%v a decision", think)
	if iters > 0 {
		budget = fmt.Sprintf("%d playouts a decision", iters)
	}
	fmt.Fprintf(w, "%s [%s]: %s (A) v %s (B), %d rounds at least, %s, seed %d\n", r.ID(), settingsText(r), a, b, rounds, budget, seed)
	ar := xqai.Arena{A: f[0], B: f[1], Rounds: rounds, Seed: seed, Settings: map[string]string{"distance": r.Settings().Get("distance")}}
	res, err := ar.Play(ctx, func(m xqai.MatchReport) {
		fmt.Fprintf(w, "match %d: A Player %d, deal %d: rings A %d, B %d, %d moves\n", m.Index+1, m.ASeat+1, m.Deal, m.Rings[0], m.Rings[1], len(m.Moves))
		if verbose {
			fmt.Fprintf(w, "  %s\n  reveals: %s\n", strings.Join(m.Moves, " "), strings.Join(m.Secrets, "; "))
		}
	})
	if res.Rounds > 0 {
		lo, hi := res.Interval()
		fmt.Fprintf(w, "%s v %s: rings %d–%d in %d rounds, matches %d–%d, commitments verified %d\n",
			a, b, res.Rings[0], res.Rings[1], res.Rounds, res.Matches[0], res.Matches[1], res.Verified)
		fmt.Fprintf(w, "share of the rings %.1f%% (95%% CI %.1f%%…%.1f%%, clustered by match)\n", 100*res.Share(), 100*lo, 100*hi)
		for i, name := range []string{a + " (A)", b + " (B)"} {
			if d := res.Time[i]; len(d) > 0 {
				fmt.Fprintf(w, "%s: %d moves, median %v, p99 %v a move\n", name, len(d),
					stats.Percentile(d, 0.5).Round(time.Microsecond), stats.Percentile(d, 0.99).Round(time.Microsecond))
			}
		}
	}
	if err != nil {
		return fmt.Errorf("arena: %w", err)
	}
	return nil
}
