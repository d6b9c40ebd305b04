package search

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/stats"
)

// Player chooses moves: MCTS, AI and Random are players.
type Player interface {
	Search(ctx context.Context, s engine.State) (Result, error)
}

// Factory returns a new player for the games of r with the budget and seed of o. A match
// calls it once for every seat of every game.
type Factory func(r engine.Rules, o Options) Player

// optionSetter is implemented by players whose budget and seed can change between moves
// (Baseline, AI, Random): a match gives them a new seed for every move, as the service does.
type optionSetter interface {
	SetOptions(o Options)
}

// Match plays two players against each other: A and B take the seats in turn, game by game.
// With two players A has seat 0 in the first game of each pair and seat 1 in the second;
// with four, A has seats 0 and 2 (Quixo's team A; two of Push 4's four players) and B seats
// 1 and 3, swapped in the second game. Both games of a pair open with the same random
// moves, so that neither player owes a result to the opening.
//
// With an iteration budget and no time budget a match is exactly reproducible from its
// seed.
type Match struct {
	Rules   engine.Rules
	A, B    Factory
	Games   int
	Options Options // every move's budget; Seed seeds the openings and the players' searches
	Opening int     // random plies that open each pair of games (0: none)
}

// Game is how one game of a match went.
type Game struct {
	Index   int      // 0-based
	ASeats  uint8    // bit set of A's seats
	Opening []string // the random moves it opened with, in the game's notation
	Moves   []string // every move, the opening's included
	Outcome engine.Outcome
	Score   float64 // to A: 1 a win, ½ a draw, 0 a loss
}

// Usage is what one player spent over a match.
type Usage struct {
	Moves      int
	Time       time.Duration // wall-clock time in Search, measured by the match's clock
	Iterations int
}

// MatchResult is a match's tally and what each player spent.
type MatchResult struct {
	Tally
	A, B Usage
}

// Play plays the match, calling each (if not nil) after every game. A search that fails or
// plays an illegal move stops the match with an error; so does ctx, after which the
// result holds the games finished.
func (m *Match) Play(ctx context.Context, each func(Game)) (MatchResult, error) {
	var res MatchResult
	switch {
	case m.Games < 1:
		return res, fmt.Errorf("search: match of %d games", m.Games)
	case m.A == nil || m.B == nil:
		return res, fmt.Errorf("search: match without two players")
	case m.Opening < 0:
		return res, fmt.Errorf("search: match opening of %d plies", m.Opening)
	}
	if err := m.Options.check(); err != nil {
		return res, err
	}
	var opening []engine.Move
	for g := range m.Games {
		if g%2 == 0 {
			opening = m.opening(g / 2)
		}
		game, err := m.game(ctx, g, opening, &res)
		if err != nil {
			return res, err
		}
		switch game.Score {
		case 1:
			res.Wins++
		case 0:
			res.Losses++
		default:
			res.Draws++
		}
		if each != nil {
			each(game)
		}
	}
	return res, nil
}

// seats returns the bit sets of A's and B's seats in game g.
func (m *Match) seats(g int) (a, b uint8) {
	a, b = 0b01, 0b10
	if m.Rules.Players() == 4 {
		a, b = 0b0101, 0b1010
	}
	if g%2 == 1 {
		a, b = b, a
	}
	return a, b
}

// opening draws the random moves of pair k. A move that would end the game is never drawn;
// the opening stops short where every move would.
func (m *Match) opening(k int) []engine.Move {
	rng := rand.New(rand.NewPCG(m.Options.Seed, uint64(k)<<32|0x6f70))
	s := m.Rules.Start()
	var line, moves []engine.Move
	for range m.Opening {
		moves = s.Legal(moves[:0])
		rng.Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
		played := false
		for _, mv := range moves {
			s.Play(mv)
			if !s.Outcome().Over {
				line, played = append(line, mv), true
				break
			}
			s.Undo()
		}
		if !played {
			break
		}
	}
	return line
}

// game plays game g from the opening, adding what the players spent to res.
func (m *Match) game(ctx context.Context, g int, opening []engine.Move, res *MatchResult) (Game, error) {
	r := m.Rules
	aSeats, _ := m.seats(g)
	game := Game{Index: g, ASeats: aSeats}
	o := m.Options.withDefaults()
	gameSeed := stats.Mix(o.Seed, uint64(g))
	players := make([]Player, r.Players())
	for seat := range players {
		po := o
		po.Seed = stats.Mix(gameSeed, uint64(seat))
		if aSeats>>seat&1 != 0 {
			players[seat] = m.A(r, po)
		} else {
			players[seat] = m.B(r, po)
		}
	}
	s := r.Start()
	for _, mv := range opening {
		game.Opening = append(game.Opening, r.FormatMove(mv))
		game.Moves = append(game.Moves, r.FormatMove(mv))
		s.Play(mv)
	}
	for {
		out := s.Outcome()
		if out.Over {
			game.Outcome = out
			break
		}
		seat := s.Turn()
		p := players[seat]
		if set, ok := p.(optionSetter); ok {
			po := o
			po.Seed = stats.Mix(gameSeed, uint64(seat)) + uint64(s.Ply())
			set.SetOptions(po)
		}
		start := o.Clock()
		sr, err := p.Search(ctx, s)
		spent := o.Clock().Sub(start)
		if err != nil {
			return game, fmt.Errorf("search: game %d, move %d (%s): %w", g+1, s.Ply()+1, r.PlayerName(seat), err)
		}
		if err := s.Validate(sr.Move); err != nil {
			return game, fmt.Errorf("search: game %d, move %d (%s): %w", g+1, s.Ply()+1, r.PlayerName(seat), err)
		}
		u := &res.B
		if aSeats>>seat&1 != 0 {
			u = &res.A
		}
		u.Moves++
		u.Time += spent
		u.Iterations += sr.Iterations
		game.Moves = append(game.Moves, r.FormatMove(sr.Move))
		s.Play(sr.Move)
	}
	_, bSeats := m.seats(g)
	aWon, bWon := game.Outcome.Winners&aSeats != 0, game.Outcome.Winners&bSeats != 0
	switch {
	case aWon && !bWon:
		game.Score = 1
	case bWon && !aWon:
		game.Score = 0
	default:
		game.Score = 0.5
	}
	return game, nil
}

// Baseline is plain MCTS as a player: UCT with uniformly random playouts, no proofs, no
// tree kept from move to move, the knobs at their defaults; the AI is measured against it.
type Baseline struct{ m *MCTS }

// NewBaseline returns the baseline player with the budget and seed of o.
func NewBaseline(o Options) *Baseline { return &Baseline{NewMCTS(o.mcts())} }

// SetOptions changes the budget and seed of the searches to come.
func (b *Baseline) SetOptions(o Options) { b.m.SetOptions(o.mcts()) }

// Search returns the baseline's move for s (MCTS.Search).
func (b *Baseline) Search(ctx context.Context, s engine.State) (Result, error) {
	return b.m.Search(ctx, s)
}

// Random plays a uniformly random legal move: the floor every search must beat.
type Random struct {
	opt   Options
	moves []engine.Move
}

// NewRandom returns a player of random moves; only o.Seed matters.
func NewRandom(o Options) *Random { return &Random{opt: o} }

// SetOptions changes the seed of the moves to come.
func (p *Random) SetOptions(o Options) { p.opt = o }

// Search returns a uniformly random legal move of s, drawn afresh from the seed.
func (p *Random) Search(ctx context.Context, s engine.State) (Result, error) {
	if o := s.Outcome(); o.Over {
		return Result{}, fmt.Errorf("search: %w (%s)", ErrGameOver, o.Reason)
	}
	if err := ctx.Err(); err != nil {
		return Result{}, fmt.Errorf("search: %w", err)
	}
	p.moves = s.Legal(p.moves[:0])
	if len(p.moves) == 0 {
		return Result{}, errStuck(s)
	}
	rng := rand.New(rand.NewPCG(p.opt.Seed, streamSearch))
	return Result{Move: p.moves[rng.IntN(len(p.moves))], Value: 0.5}, nil
}

// stats.Z95 is the standard normal quantile of a two-sided 95% interval.

// Tally is a match's results from A's point of view.
type Tally struct {
	Wins, Draws, Losses int
}

// Games returns the number of games.
func (t Tally) Games() int { return t.Wins + t.Draws + t.Losses }

// Score returns A's mean score, (W + D/2)/n; ½ with no games.
func (t Tally) Score() float64 {
	n := t.Games()
	if n == 0 {
		return 0.5
	}
	return (float64(t.Wins) + float64(t.Draws)/2) / float64(n)
}

// Interval returns the 95% confidence interval of A's expected score: the normal
// approximation with the variance of the games' scores (a draw is half a win, so draws
// narrow it), clipped to [0, 1]. Where that variance is zero (every game ended alike) it
// would claim certainty, so the Wilson score interval of the score as a proportion of n
// games is given instead.
func (t Tally) Interval() (lo, hi float64) {
	n := float64(t.Games())
	if n == 0 {
		return 0, 1
	}
	mu := t.Score()
	variance := (float64(t.Wins)*(1-mu)*(1-mu) + float64(t.Draws)*(0.5-mu)*(0.5-mu) +
		float64(t.Losses)*mu*mu) / n
	if variance == 0 {
		return stats.Wilson(mu, n)
	}
	half := stats.Z95 * math.Sqrt(variance/n)
	return max(mu-half, 0), min(mu+half, 1)
}

// Elo returns the Elo difference of A over B that the tally's score means, with the 95%
// interval from Interval.
func (t Tally) Elo() (elo, lo, hi float64) {
	n := t.Games()
	l, h := t.Interval()
	return Elo(t.Score(), n), Elo(l, n), Elo(h, n)
}

// Elo returns the Elo difference that an expected score over n games means (stats.Elo).
func Elo(score float64, n int) float64 { return stats.Elo(score, n) }
