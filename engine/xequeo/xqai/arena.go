package xqai

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/stats"
	"github.com/tavoliere/tavoliere/engine/xequeo"
)

// Player is a seat at a match of Xe Queo!, seeing what a person at the table sees. Every
// call gets its own copy of the referee's state.
type Player interface {
	// Choose returns the player's secret for the round that begins in s: the ring has just
	// been placed.
	Choose(ctx context.Context, s *xequeo.State) (xequeo.Secret, error)
	// Act returns the player's move in s, where he is to act: a ring, a pawn move, a
	// challenge or his card.
	Act(ctx context.Context, s *xequeo.State) (engine.Move, error)
	// Seen tells the player that m was played in s (the state before m), by either player.
	Seen(s *xequeo.State, m engine.Move)
	// Reveal returns the secret of the round just ended as Secret.Reveal writes it: what
	// the player says he chose, checked against the commitment taken at the round's start.
	Reveal() string
}

// Factory returns a new player for seat (xequeo.Player1 or Player2) of a match of r.
type Factory func(r *xequeo.Rules, seat int, seed uint64) Player

// AIFactory returns the factory of AIs with the budget of o (its Seed is replaced by the
// match's).
func AIFactory(o Options) Factory {
	return func(r *xequeo.Rules, seat int, seed uint64) Player {
		o := o
		o.Seed = seed
		return NewAI(r, seat, o)
	}
}

// RandomFactory makes RandomToward players.
func RandomFactory(_ *xequeo.Rules, _ int, seed uint64) Player { return NewRandomToward(seed) }

// NaiveFactory makes Naive players.
func NaiveFactory(r *xequeo.Rules, seat int, seed uint64) Player { return NewNaive(r, seat, seed) }

// Arena plays whole matches of A against B until at least Rounds rounds have been played.
// Matches go in pairs on the same deal of the pawns, A Player 1 in the first of a pair and
// Player 2 in the second, so that neither owes its rings to the deal or to moving first.
//
// The runner asks each player for his secret when a ring has been placed, and uses it only
// to check the player's own cards: a card that is not the secret is an error, and so is a
// reveal at the end of the round that does not verify against the commitment taken at its
// start or names another colour.
type Arena struct {
	A, B     Factory
	Rounds   int
	Seed     uint64            // the deals and the players' seeds
	Settings map[string]string // the rules' settings but the deal's seed ("distance")
}

// MatchReport is how one match went.
type MatchReport struct {
	Index   int
	ASeat   int // A's seat: xequeo.Player1 or Player2
	Deal    uint64
	Rings   [2]int // A's, B's
	Moves   []string
	Secrets []string // the reveals, round by round, Player 1's then Player 2's
}

// Result is the tally of an arena, from A's side where it is not A's and B's.
type Result struct {
	Rounds   int
	Rings    [2]int   // A's, B's
	Matches  [2]int   // won by A, by B
	PerMatch [][2]int // the rings of each match
	Verified int      // commitments checked at round ends (two a round)
	// Time holds the time of each of A's and B's decisions of the move phase (pawn moves
	// and challenges); Other those of ring placements and the choice of a pawn.
	Time, Other [2][]time.Duration
}

// Share returns A's share of the rings.
func (r *Result) Share() float64 {
	if r.Rounds == 0 {
		return 0.5
	}
	return float64(r.Rings[0]) / float64(r.Rounds)
}

// Interval returns the 95% confidence interval of A's share of the rings. The rounds of a
// match are not independent (the pawns stay, the loser places the next ring), so the
// variance is taken over the matches (a ratio estimator clustered by match); where it is
// zero, the Wilson interval of the rounds as independent trials.
func (r *Result) Interval() (lo, hi float64) {
	m := len(r.PerMatch)
	if r.Rounds == 0 {
		return 0, 1
	}
	p, n := r.Share(), float64(r.Rounds)
	var ss float64
	for _, pm := range r.PerMatch {
		d := float64(pm[0]) - p*float64(pm[0]+pm[1])
		ss += d * d
	}
	if m < 2 || ss == 0 {
		return stats.Wilson(p, n)
	}
	half := stats.Z95 * math.Sqrt(float64(m)/float64(m-1)*ss) / n
	return max(p-half, 0), min(p+half, 1)
}

// Play plays the arena, calling each (if not nil) after every match. A player's error, an
// illegal move, an untrue card or a reveal that does not verify stops it with an error; so
// does ctx, after which the result holds the matches finished.
func (a *Arena) Play(ctx context.Context, each func(MatchReport)) (Result, error) {
	var res Result
	if a.Rounds < 1 || a.A == nil || a.B == nil {
		return res, fmt.Errorf("xqai: arena of %d rounds, want two players and a round at least", a.Rounds)
	}
	for k := 0; res.Rounds < a.Rounds; k++ {
		rep, err := a.match(ctx, k, &res)
		if err != nil {
			return res, err
		}
		res.Rounds += rep.Rings[0] + rep.Rings[1]
		res.Rings[0] += rep.Rings[0]
		res.Rings[1] += rep.Rings[1]
		res.PerMatch = append(res.PerMatch, rep.Rings)
		if rep.Rings[0] == xequeo.RingsToWin {
			res.Matches[0]++
		} else {
			res.Matches[1]++
		}
		if each != nil {
			each(rep)
		}
	}
	return res, nil
}

// match plays match k.
func (a *Arena) match(ctx context.Context, k int, res *Result) (MatchReport, error) {
	deal := stats.Mix(a.Seed, uint64(k/2)) & (1<<31 - 1)
	settings := map[string]string{}
	for key, v := range a.Settings {
		settings[key] = v
	}
	settings["seed"] = strconv.FormatUint(deal, 10)
	r, err := xequeo.New(settings)
	if err != nil {
		return MatchReport{}, fmt.Errorf("xqai: %w", err)
	}
	rep := MatchReport{Index: k, ASeat: k % 2, Deal: deal}
	var players [2]Player
	side := [2]int{} // side[seat]: 0 for A, 1 for B
	for seat := range players {
		seed := stats.Mix(a.Seed^0x73656174, uint64(k)<<1|uint64(seat))
		if seat == rep.ASeat {
			players[seat] = a.A(r, seat, seed)
		} else {
			players[seat] = a.B(r, seat, seed)
			side[seat] = 1
		}
	}
	fail := func(s *xequeo.State, seat int, format string, args ...any) error {
		return fmt.Errorf("xqai: match %d, move %d (%s, %s): %s", k+1, s.Ply()+1, r.PlayerName(seat),
			[2]string{"A", "B"}[side[seat]], fmt.Sprintf(format, args...))
	}
	s := r.Start().(*xequeo.State)
	var secrets [2]xequeo.Secret
	var codes [2]string
	var shown [2]int // the colour each showed this round, or -1
	for !s.Outcome().Over {
		seat := s.Turn()
		view := func() *xequeo.State { return s.Clone().(*xequeo.State) }
		phase := s.Phase()
		start := time.Now()
		m, err := players[seat].Act(ctx, view())
		spent := time.Since(start)
		if err != nil {
			return rep, fail(s, seat, "%v", err)
		}
		if err := s.Validate(m); err != nil {
			return rep, fail(s, seat, "%v", err)
		}
		switch phase {
		case xequeo.Place:
			res.Other[side[seat]] = append(res.Other[side[seat]], spent)
		case xequeo.Move:
			res.Time[side[seat]] = append(res.Time[side[seat]], spent)
		default:
			if c, _ := xequeo.MoveColour(m); c != secrets[seat].Colour {
				return rep, fail(s, seat, "shows %v, but chose %v", c, secrets[seat].Colour)
			}
			shown[seat] = int(secrets[seat].Colour)
		}
		for p := range players {
			players[p].Seen(view(), m)
		}
		rep.Moves = append(rep.Moves, r.FormatMove(m))
		won := s.Score(0) + s.Score(1)
		s.Play(m)
		switch {
		case phase == xequeo.Place:
			for p := range players {
				start := time.Now()
				sec, err := players[p].Choose(ctx, view())
				res.Other[side[p]] = append(res.Other[side[p]], time.Since(start))
				if err != nil {
					return rep, fail(s, p, "choosing a pawn: %v", err)
				}
				if sec.Round != won+1 {
					return rep, fail(s, p, "a secret for round %d in round %d", sec.Round, won+1)
				}
				secrets[p], codes[p], shown[p] = sec, sec.Commitment(), -1
			}
		case s.Score(0)+s.Score(1) > won: // the round is over: the players reveal
			for p := range players {
				rev := players[p].Reveal()
				sec, err := xequeo.VerifyCommitment(codes[p], rev)
				switch {
				case err != nil:
					return rep, fail(s, p, "%v", err)
				case sec != secrets[p] || shown[p] >= 0 && xequeo.Colour(shown[p]) != sec.Colour:
					return rep, fail(s, p, "reveals %q, not the secret it showed", rev)
				}
				res.Verified++
				rep.Secrets = append(rep.Secrets, rev)
			}
		}
	}
	for seat := range 2 {
		rep.Rings[side[seat]] = s.Score(seat)
	}
	return rep, nil
}
