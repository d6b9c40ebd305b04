package xqai

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/xequeo"
)

// RandomChallenge is how often RandomToward challenges on a turn: seldom, so that most of
// its rounds are played out on the board.
const RandomChallenge = 0.05

// NaiveLead is how many more moves than any other colour Naive must have seen the opponent
// give one colour before it challenges it.
const NaiveLead = 2

// secretKeeper holds a baseline's secret and shows it truthfully.
type secretKeeper struct {
	secret xequeo.Secret
}

func (k *secretKeeper) keep(s *xequeo.State, c xequeo.Colour) (xequeo.Secret, error) {
	sec, err := xequeo.NewSecret(s.Score(0)+s.Score(1)+1, c)
	k.secret = sec
	return sec, err
}

// Reveal returns the secret of the round as its end discloses it.
func (k *secretKeeper) Reveal() string { return k.secret.Reveal() }

func (k *secretKeeper) card() engine.Move { return xequeo.Show(k.secret.Colour) }

// RandomToward is the floor: it chooses its pawn and places the ring uniformly at random,
// and on its turn challenges a random colour with probability RandomChallenge, else makes a
// uniformly random legal pawn move (every pawn move goes towards the ring, and one into the
// ring is as likely as any other). It shows its card truthfully.
type RandomToward struct {
	secretKeeper
	rng   *rand.Rand
	moves []engine.Move
}

// NewRandomToward returns the random player with its seed.
func NewRandomToward(seed uint64) *RandomToward {
	return &RandomToward{rng: rand.New(rand.NewPCG(seed, 0x72616e64))}
}

// Choose implements Player.
func (p *RandomToward) Choose(_ context.Context, s *xequeo.State) (xequeo.Secret, error) {
	return p.keep(s, xequeo.Colour(p.rng.IntN(colours)))
}

// Act implements Player.
func (p *RandomToward) Act(_ context.Context, s *xequeo.State) (engine.Move, error) {
	switch s.Phase() {
	case xequeo.Place:
		p.moves = s.Legal(p.moves[:0])
		return p.moves[p.rng.IntN(len(p.moves))], nil
	case xequeo.Move:
		if p.rng.Float64() < RandomChallenge {
			return xequeo.Challenge(xequeo.Colour(p.rng.IntN(colours))), nil
		}
		p.moves = p.moves[:0]
		for _, m := range s.Legal(nil) {
			if _, _, ok := xequeo.MoveCells(m); ok {
				p.moves = append(p.moves, m)
			}
		}
		if len(p.moves) == 0 {
			return xequeo.Challenge(xequeo.Colour(p.rng.IntN(colours))), nil
		}
		return p.moves[p.rng.IntN(len(p.moves))], nil
	case xequeo.Over:
		return 0, fmt.Errorf("xqai: the match is over")
	}
	return p.card(), nil
}

// Seen implements Player: RandomToward heeds nothing.
func (p *RandomToward) Seen(*xequeo.State, engine.Move) {}

// Naive plays its own pawn and knows nothing of bluffing: it chooses the pawn nearest the
// ring, moves it as far as it goes each turn (into the ring when it can), and takes the
// opponent's moves at face value, challenging the colour the opponent has moved most once it
// leads every other by NaiveLead moves. When its pawn cannot move it moves another at random,
// never into the ring. It places the ring at random and shows its card truthfully.
type Naive struct {
	secretKeeper
	r     *xequeo.Rules
	seat  int
	rng   *rand.Rand
	count [xequeo.Colours]int
	moves []engine.Move
}

// NewNaive returns the naive player of seat with its seed.
func NewNaive(r *xequeo.Rules, seat int, seed uint64) *Naive {
	return &Naive{r: r, seat: seat, rng: rand.New(rand.NewPCG(seed, 0x6e61697665))}
}

// Choose implements Player: the pawn nearest the ring (the first colour of a tie).
func (p *Naive) Choose(_ context.Context, s *xequeo.State) (xequeo.Secret, error) {
	p.count = [xequeo.Colours]int{}
	best := xequeo.Colour(0)
	for c := range xequeo.Colour(xequeo.Colours) {
		if dist[s.Ring()][s.Pawn(c)] < dist[s.Ring()][s.Pawn(best)] {
			best = c
		}
	}
	return p.keep(s, best)
}

// Act implements Player.
func (p *Naive) Act(_ context.Context, s *xequeo.State) (engine.Move, error) {
	switch s.Phase() {
	case xequeo.Place:
		p.moves = s.Legal(p.moves[:0])
		return p.moves[p.rng.IntN(len(p.moves))], nil
	case xequeo.Over:
		return 0, fmt.Errorf("xqai: the match is over")
	case xequeo.Move:
	default:
		return p.card(), nil
	}
	bd := boardOf(s)
	me := p.secret.Colour
	from := bd.at[me]
	to := p.r.Targets(bd.occ, from, bd.ring)
	if to.Has(bd.ring) {
		return xequeo.PawnMove(from, bd.ring), nil
	}
	top, lead := xequeo.Colour(0), 0
	for c := range xequeo.Colour(xequeo.Colours) {
		if p.count[c] > p.count[top] {
			top = c
		}
	}
	lead = p.count[top]
	for c := range xequeo.Colour(xequeo.Colours) {
		if c != top {
			lead = min(lead, p.count[top]-p.count[c])
		}
	}
	if lead >= NaiveLead {
		return xequeo.Challenge(top), nil
	}
	if to != 0 {
		best, gain := engine.NoSquare, -1.0
		for to != 0 {
			sq := to.Pop()
			if g := dist[bd.ring][from] - dist[bd.ring][sq]; g > gain {
				best, gain = sq, g
			}
		}
		return xequeo.PawnMove(from, best), nil
	}
	p.moves = p.moves[:0]
	for c, at := range bd.at {
		if xequeo.Colour(c) == me {
			continue
		}
		for to := p.r.Targets(bd.occ, at, bd.ring) &^ engine.Bit(bd.ring); to != 0; {
			p.moves = append(p.moves, xequeo.PawnMove(at, to.Pop()))
		}
	}
	if len(p.moves) == 0 {
		return xequeo.Challenge(top), nil
	}
	return p.moves[p.rng.IntN(len(p.moves))], nil
}

// Seen implements Player: Naive counts the opponent's pawn moves by colour.
func (p *Naive) Seen(s *xequeo.State, m engine.Move) {
	if s.Phase() != xequeo.Move || s.Turn() == p.seat {
		return
	}
	if from, _, ok := xequeo.MoveCells(m); ok {
		for c := range xequeo.Colour(xequeo.Colours) {
			if s.Pawn(c) == from {
				p.count[c]++
			}
		}
	}
}
