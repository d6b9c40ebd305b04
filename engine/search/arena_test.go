package search

import (
	"context"
	"errors"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/tavoliere/tavoliere/engine"
)

// The expected values are worked out by hand (and checked with a calculator): for 6 wins and
// 4 losses the score is 0.6, the variance of the games' scores (6·0.4² + 4·0.6²)/10 = 0.24,
// the half-width 1.96·√(0.24/10) = 0.30364, and the Elo difference 400·log10(1.5) = 70.44.
func TestTallyStatistics(t *testing.T) {
	tests := []struct {
		t                 Tally
		score, lo, hi     float64
		elo, eloLo, eloHi float64
	}{
		{Tally{6, 0, 4}, 0.6, 0.296364, 0.903636, 70.4365, -150.2093, 388.8321},
		// Draws halve a game's distance from the mean: (3·0.5² + 3·0.5²)/10 = 0.15.
		{Tally{3, 4, 3}, 0.5, 0.259954, 0.740046, 0, -181.7445, 181.7445},
		{Tally{30, 40, 30}, 0.5, 0.424091, 0.575909, 0, -53.1580, 53.1580},
		// 9 wins and a draw: variance (9·0.05² + 0.45²)/10 = 0.0225; the top is clipped to 1,
		// whose Elo is clamped as a clean sweep of 10 with an 11th game drawn: 10.5/11.
		{Tally{9, 1, 0}, 0.95, 0.857031, 1, 511.5014, 311.1015, 528.8877},
		// Every game alike: zero variance; Wilson's interval instead, and the clamp.
		{Tally{10, 0, 0}, 1, 0.722467, 1, 528.8877, 166.2015, 528.8877},
		{Tally{0, 0, 10}, 0, 0, 0.277533, -528.8877, -528.8877, -166.2015},
		{Tally{0, 10, 0}, 0.5, 0.236593, 0.763407, 0, -203.5016, 203.5016},
		{Tally{1, 0, 0}, 1, 0.206549, 1, 190.8485, -190.8485, 190.8485},
		{Tally{}, 0.5, 0, 1, 0, 0, 0},
	}
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-4 }
	for _, tt := range tests {
		lo, hi := tt.t.Interval()
		elo, eloLo, eloHi := tt.t.Elo()
		if !near(tt.t.Score(), tt.score) || !near(lo, tt.lo) || !near(hi, tt.hi) {
			t.Errorf("%+v: score %.6f [%.6f, %.6f], want %.6f [%.6f, %.6f]", tt.t, tt.t.Score(), lo, hi, tt.score, tt.lo, tt.hi)
		}
		if !near(elo, tt.elo) || !near(eloLo, tt.eloLo) || !near(eloHi, tt.eloHi) {
			t.Errorf("%+v: Elo %.4f [%.4f, %.4f], want %.4f [%.4f, %.4f]", tt.t, elo, eloLo, eloHi, tt.elo, tt.eloLo, tt.eloHi)
		}
	}
	// 400·log10(3) for a 3:1 score, whatever the number of games.
	if e := Elo(0.75, 100); !near(e, 190.8485) || !near(Elo(0.25, 100), -e) {
		t.Errorf("Elo(0.75) = %.4f, want 190.8485", e)
	}
}

// spy records the seat it is asked to move for, under its name.
type spy struct {
	name  string
	log   *[]string
	inner Player
}

func (p *spy) Search(ctx context.Context, s engine.State) (Result, error) {
	*p.log = append(*p.log, p.name+string(rune('0'+s.Turn())))
	return p.inner.Search(ctx, s)
}

func (p *spy) SetOptions(o Options) {
	if set, ok := p.inner.(optionSetter); ok {
		set.SetOptions(o)
	}
}

func spying(name string, log *[]string, f Factory) Factory {
	return func(r engine.Rules, o Options) Player { return &spy{name, log, f(r, o)} }
}

func mctsPlayer(_ engine.Rules, o Options) Player   { return NewBaseline(o) }
func randomPlayer(_ engine.Rules, o Options) Player { return NewRandom(o) }

// TestMatchSeats: A and B swap seats game by game (A on 0 and 2 of four seats, then B), the
// pair of games opens alike, every move is counted once, and team wins go to the team.
func TestMatchSeats(t *testing.T) {
	teams := newNim(4, 23)
	teams.teams = true
	for _, r := range []*nimRules{newNim(2, 21), newNim(4, 30), teams} {
		var log []string
		m := Match{
			Rules:   r,
			A:       spying("A", &log, randomPlayer),
			B:       spying("B", &log, mctsPlayer),
			Games:   6,
			Options: Options{Iterations: 50, Seed: 5},
			Opening: 2,
		}
		var games []Game
		res, err := m.Play(t.Context(), func(g Game) {
			want := uint8(0b01)
			if r.players == 4 {
				want = 0b0101
			}
			if g.Index%2 == 1 {
				want = ^want & (1<<r.players - 1)
			}
			if g.ASeats != want {
				t.Errorf("%d players, game %d: A's seats %04b, want %04b", r.players, g.Index, g.ASeats, want)
			}
			for _, e := range log {
				seat := int(e[1] - '0')
				if (e[0] == 'A') != (g.ASeats>>seat&1 != 0) {
					t.Errorf("%d players, game %d: %s moved for seat %d; A's seats %04b", r.players, g.Index, e[:1], seat, g.ASeats)
				}
			}
			if len(log)+len(g.Opening) != len(g.Moves) {
				t.Errorf("game %d: %d searches and %d opening moves, but %d moves", g.Index, len(log), len(g.Opening), len(g.Moves))
			}
			log = log[:0]
			games = append(games, g)
		})
		if err != nil {
			t.Fatal(err)
		}
		if res.Games() != m.Games || len(games) != m.Games {
			t.Fatalf("%d players: %+v after %d games, want %d", r.players, res.Tally, len(games), m.Games)
		}
		moves := 0
		var tally Tally
		for i, g := range games {
			moves += len(g.Moves) - len(g.Opening)
			if len(g.Opening) != m.Opening {
				t.Errorf("game %d opens with %v, want %d moves", i, g.Opening, m.Opening)
			}
			if i%2 == 1 && !slices.Equal(g.Opening, games[i-1].Opening) {
				t.Errorf("games %d and %d open with %v and %v: want the same", i-1, i, games[i-1].Opening, g.Opening)
			}
			won := g.Outcome.Winners&g.ASeats != 0
			lost := g.Outcome.Winners&^g.ASeats != 0
			switch {
			case won && !lost && g.Score == 1:
				tally.Wins++
			case lost && !won && g.Score == 0:
				tally.Losses++
			case !won && !lost && g.Score == 0.5:
				tally.Draws++
			default:
				t.Errorf("game %d: winners %04b, A's seats %04b, score %v", i, g.Outcome.Winners, g.ASeats, g.Score)
			}
		}
		if tally != res.Tally {
			t.Errorf("tally %+v, games say %+v", res.Tally, tally)
		}
		if res.A.Moves+res.B.Moves != moves || res.B.Iterations != 50*res.B.Moves || res.A.Iterations != 0 {
			t.Errorf("usage A %+v B %+v for %d moves", res.A, res.B, moves)
		}
		if r == teams && res.Wins+res.Losses != m.Games {
			t.Errorf("team nim has no draws, yet %+v", res.Tally)
		}
	}
}

// TestMatchDeterministic: with an iteration budget a seed replays a match exactly; another
// seed plays other games. MCTS beats random moves.
func TestMatchDeterministic(t *testing.T) {
	play := func(seed uint64) ([]Game, MatchResult) {
		m := Match{Rules: newNim(2, 21), A: randomPlayer, B: mctsPlayer, Games: 8,
			Options: Options{Iterations: 200, Seed: seed}, Opening: 1}
		var games []Game
		res, err := m.Play(t.Context(), func(g Game) { games = append(games, g) })
		if err != nil {
			t.Fatal(err)
		}
		res.A.Time, res.B.Time = 0, 0
		return games, res
	}
	g1, r1 := play(3)
	g2, r2 := play(3)
	if !reflect.DeepEqual(g1, g2) || r1 != r2 {
		t.Errorf("seed 3 twice: %+v and %+v", r1, r2)
	}
	g3, _ := play(4)
	if reflect.DeepEqual(g1, g3) {
		t.Error("seeds 3 and 4 play the same games")
	}
	if r1.Score() > 0.25 {
		t.Errorf("random moves score %.2f against MCTS: %+v", r1.Score(), r1.Tally)
	}
}

type illegal struct{}

func (illegal) Search(context.Context, engine.State) (Result, error) { return Result{Move: 99}, nil }

func TestMatchErrors(t *testing.T) {
	ok := Match{Rules: newNim(2, 9), A: randomPlayer, B: randomPlayer, Games: 2, Options: Options{Iterations: 1}}
	bad := func(f func(m *Match)) Match { m := ok; f(&m); return m }
	for _, tt := range []struct {
		m    Match
		want string
	}{
		{bad(func(m *Match) { m.Games = 0 }), "match of 0 games"},
		{bad(func(m *Match) { m.B = nil }), "two players"},
		{bad(func(m *Match) { m.Options = Options{} }), ErrNoBudget.Error()},
		{bad(func(m *Match) { m.Opening = -1 }), "opening"},
		{bad(func(m *Match) { m.B = func(engine.Rules, Options) Player { return illegal{} } }), "game 1, move 2 (player 2): illegal move"},
	} {
		if _, err := tt.m.Play(t.Context(), nil); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("error %v, want %q", err, tt.want)
		}
	}
	ctx, cancel := context.WithCancel(t.Context())
	m := ok
	m.Games = 10
	res, err := m.Play(ctx, func(g Game) {
		if g.Index == 2 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) || res.Games() != 3 {
		t.Errorf("cancelled after game 3: %+v, %v", res.Tally, err)
	}
}
