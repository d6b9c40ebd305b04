package xqai

import (
	"context"
	"flag"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/stats"
	"github.com/tavoliere/tavoliere/engine/xequeo"
)

// The measurement: go test ./engine/xequeo/xqai -run TestArena -arena.rounds 1000 -v
// (GOMAXPROCS=1 to leave the machine's other cores alone).
var (
	arenaRounds     = flag.Int("arena.rounds", 0, "TestArena: rounds against each baseline (0 skips it)")
	arenaThink      = flag.Duration("arena.think", 30*time.Millisecond, "TestArena: the AI's time per decision")
	arenaIterations = flag.Int("arena.iterations", 0, "TestArena: playouts per decision instead of -arena.think")
	arenaOpponents  = flag.String("arena.opponents", "random,naive", "TestArena: the baselines, comma-separated")
	arenaSeed       = flag.Uint64("arena.seed", 1, "TestArena: the deals' and the players' seed")
	arenaDistance   = flag.String("arena.distance", "euclid", "TestArena: the distance setting")
)

// statsPlayer records the playouts of each of the AI's decisions of the move phase.
type statsPlayer struct {
	*AI
	playouts *[]int
}

func (p statsPlayer) Act(ctx context.Context, s *xequeo.State) (engine.Move, error) {
	m, err := p.AI.Act(ctx, s)
	if s.Phase() == xequeo.Move {
		*p.playouts = append(*p.playouts, p.Stats().Playouts)
	}
	return m, err
}

// TestArena plays the AI against each baseline for at least -arena.rounds rounds and prints
// the rings, the matches, the AI's share of the rings with its 95% interval, and the time
// of its decisions.
func TestArena(t *testing.T) {
	if *arenaRounds == 0 {
		t.Skip("the measurement runs with -arena.rounds N")
	}
	o := Options{Think: *arenaThink, Iterations: *arenaIterations}
	budget := fmt.Sprintf("think %v", o.Think)
	if o.Iterations > 0 {
		o.Think, budget = 0, fmt.Sprintf("%d playouts", o.Iterations)
	}
	for _, name := range strings.Split(*arenaOpponents, ",") {
		base := map[string]Factory{"random": RandomFactory, "naive": NaiveFactory}[name]
		if base == nil {
			t.Fatalf("-arena.opponents: %q is not random or naive", name)
		}
		var playouts []int
		ai := func(r *xequeo.Rules, seat int, seed uint64) Player {
			p := AIFactory(o)(r, seat, seed).(*AI)
			return statsPlayer{p, &playouts}
		}
		a := Arena{A: ai, B: base, Rounds: *arenaRounds, Seed: *arenaSeed,
			Settings: map[string]string{"distance": *arenaDistance}}
		start := time.Now()
		res, err := a.Play(context.Background(), func(m MatchReport) {
			if testing.Verbose() && m.Index < 4 {
				t.Logf("match %d (AI is %s, deal %d): %d-%d: %s", m.Index+1, []string{"Player 1", "Player 2"}[m.ASeat],
					m.Deal, m.Rings[0], m.Rings[1], strings.Join(m.Moves, " "))
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		lo, hi := res.Interval()
		var sum int
		for _, n := range playouts {
			sum += n
		}
		t.Logf("AI (%s) v %s, %s, seed %d: %d rounds in %d matches, %v",
			budget, name, *arenaDistance, *arenaSeed, res.Rounds, len(res.PerMatch), time.Since(start).Round(time.Second))
		t.Logf("  rings: AI %d, %s %d; matches: AI %d, %s %d; AI's share of the rings %.3f, 95%% interval [%.3f, %.3f]",
			res.Rings[0], name, res.Rings[1], res.Matches[0], name, res.Matches[1], res.Share(), lo, hi)
		t.Logf("  AI's moves: %d, median %v, p99 %v, max %v, %.0f playouts each on average; rings and pawns: %d, median %v, p99 %v",
			len(res.Time[0]), stats.Percentile(res.Time[0], 0.5), stats.Percentile(res.Time[0], 0.99), stats.Percentile(res.Time[0], 1),
			float64(sum)/float64(max(len(playouts), 1)), len(res.Other[0]), stats.Percentile(res.Other[0], 0.5), stats.Percentile(res.Other[0], 0.99))
		t.Logf("  commitments verified: %d", res.Verified)
	}
}

// liar wraps a player and shows another card than the one it chose, or reveals another
// secret than the one it committed to.
type liar struct {
	Player
	card, reveal bool
	secret       xequeo.Secret
}

func (p *liar) Choose(ctx context.Context, s *xequeo.State) (xequeo.Secret, error) {
	sec, err := p.Player.Choose(ctx, s)
	p.secret = sec
	return sec, err
}

func (p *liar) Act(ctx context.Context, s *xequeo.State) (engine.Move, error) {
	m, err := p.Player.Act(ctx, s)
	if c, ok := xequeo.MoveColour(m); ok && p.card && s.Phase() != xequeo.Move {
		return xequeo.Show((c + 1) % xequeo.Colours), err
	}
	return m, err
}

func (p *liar) Reveal() string {
	if !p.reveal {
		return p.Player.Reveal()
	}
	other, _ := xequeo.NewSecret(p.secret.Round, p.secret.Colour)
	return other.Reveal() // the same colour, another nonce
}

// TestArenaChecksSecrets: a card that is not the secret, or a reveal that does not verify,
// stops the arena with an error.
func TestArenaChecksSecrets(t *testing.T) {
	for _, c := range []struct {
		card, reveal bool
		want         string
	}{{true, false, "shows"}, {false, true, "does not verify"}} {
		cheat := func(r *xequeo.Rules, seat int, seed uint64) Player {
			return &liar{Player: RandomFactory(r, seat, seed), card: c.card, reveal: c.reveal}
		}
		a := Arena{A: NaiveFactory, B: cheat, Rounds: 5, Seed: 1}
		if _, err := a.Play(context.Background(), nil); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("a cheat (card %v, reveal %v): %v, want an error with %q", c.card, c.reveal, err, c.want)
		}
	}
}

// TestArenaPairs: A takes Player 1 in the first match of a pair and Player 2 in the second,
// on the same deal; the rings and matches add up.
func TestArenaPairs(t *testing.T) {
	a := Arena{A: NaiveFactory, B: RandomFactory, Rounds: 30, Seed: 4}
	var reps []MatchReport
	res, err := a.Play(context.Background(), func(m MatchReport) { reps = append(reps, m) })
	if err != nil {
		t.Fatal(err)
	}
	rings := [2]int{}
	for k, m := range reps {
		if m.Index != k || m.ASeat != k%2 || k%2 == 1 && m.Deal != reps[k-1].Deal || k%2 == 0 && k > 0 && m.Deal == reps[k-2].Deal {
			t.Errorf("match %d: index %d, A's seat %d, deal %d", k, m.Index, m.ASeat, m.Deal)
		}
		if max(m.Rings[0], m.Rings[1]) != xequeo.RingsToWin || len(m.Secrets) != 2*(m.Rings[0]+m.Rings[1]) {
			t.Errorf("match %d: rings %v, %d reveals", k, m.Rings, len(m.Secrets))
		}
		rings[0] += m.Rings[0]
		rings[1] += m.Rings[1]
	}
	if res.Rounds < 30 || res.Rings != rings || res.Matches[0]+res.Matches[1] != len(reps) || res.Rounds != rings[0]+rings[1] {
		t.Errorf("result %d rounds, rings %v, matches %v; the matches say %v in %d", res.Rounds, res.Rings, res.Matches, rings, len(reps))
	}
}

// The expected intervals were worked out outside Go: for matches 4-1, 4-2 and 3-4 the share
// is 11/18, the sum of squares of A_i − p·n_i is 2.6358, and the half-width
// 1.96·√(3/2 · 2.6358)/18 = 0.2165.
func TestInterval(t *testing.T) {
	for _, c := range []struct {
		matches   [][2]int
		share     float64
		low, high float64
	}{
		{[][2]int{{4, 1}, {4, 2}, {3, 4}}, 11.0 / 18, 0.394601, 0.827621},
		{[][2]int{{4, 0}, {4, 0}}, 1, 0.675592, 1}, // no variance: Wilson's interval of 8 rounds
	} {
		res := Result{PerMatch: c.matches}
		for _, m := range c.matches {
			res.Rings[0] += m[0]
			res.Rings[1] += m[1]
			res.Rounds += m[0] + m[1]
		}
		lo, hi := res.Interval()
		if math.Abs(res.Share()-c.share) > 1e-9 || math.Abs(lo-c.low) > 1e-6 || math.Abs(hi-c.high) > 1e-6 {
			t.Errorf("%v: share %.6f [%.6f, %.6f], want %.6f [%.6f, %.6f]", c.matches, res.Share(), lo, hi, c.share, c.low, c.high)
		}
	}
}
