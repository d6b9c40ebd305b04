package xqai

import (
	"math/bits"
	"math/rand/v2"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/xequeo"
)

// The playout policy: each simulated player knows his own pawn and keeps a belief about the
// other's, updated with the likelihood model, and plays as the model says people play, with
// two rules of sense on top.
const (
	// playOnValue is what a player expects of the round when nothing threatens him: about
	// even. He challenges when the best colour's probability beats his chance of surviving
	// the threats on the board (the pawns that can enter the ring next turn) times this.
	playOnValue = 0.5
	// simConfident: a player this sure of the other's pawn challenges it, threat or none.
	simConfident = 0.8
	// Reactive is the share of the playouts in which the simulated opponent challenges
	// because of a threat (the rule of playOnValue); in the others he challenges only when
	// sure (simConfident), as a player who counts moves does. Without the cautious ones the
	// AI learns that a decoy pushed into the ring's reach draws a wrong challenge, which a
	// player who does not think that way never makes: he just enters it if it is his.
	Reactive = 0.5
	// simTries is how many moves a player draws from the model before settling for the
	// least dangerous: a move that lets a pawn he does not hold into the ring's reach hands
	// the round to an opponent holding it, and people see that.
	simTries = 3
	// simSlack is how much more danger than the board already holds a drawn move may add
	// and still be played at once.
	simSlack = 0.02
	// playoutCap bounds a playout's moves; a round cannot last so long (every move brings a
	// pawn strictly closer), the cap only guards the loop.
	playoutCap = 400
)

// sim is one playout: a sampled world (both pawns known) and what each simulated player
// believes of the other's.
type sim struct {
	r     *xequeo.Rules
	rng   *rand.Rand
	b     board
	t     table // of b, for the player to act
	turn  int   // 0 the AI, 1 its opponent
	pawn  [2]xequeo.Colour
	bel   [2]Belief  // bel[p]: p's belief about the other's pawn
	bluff [2]float64 // how often p moves a decoy
	miss  [2]float64 // how often p lets his pawn's way into the ring pass
	model [2]float64 // the β with which the other reads p's moves
	seen  [2]float64 // the miss rate with which the other reads p's moves
	react [2]bool    // p challenges because of threats, not only when sure
	hold  bool       // the player to act lets his way into the ring pass this once
}

// run plays the round out and returns 1 if player 0 takes the ring, else 0.
func (s *sim) run() float64 {
	for range playoutCap {
		if w, done := s.step(); done {
			if w == 0 {
				return 1
			}
			return 0
		}
	}
	return 0.5
}

// step plays one turn of the player to act; done says the round is decided, won by w.
func (s *sim) step() (w int, done bool) {
	p := s.turn
	x, bel := s.pawn[p], &s.bel[p]
	other := s.pawn[p^1]
	hold := s.hold
	s.hold = false
	if s.t.enter>>x&1 != 0 && !hold && (s.miss[p] == 0 || s.rng.Float64() >= s.miss[p]) {
		if bel[x] > 0.5 { // the other most likely chose x too: entering would lose
			return s.challenge(x)
		}
		if other == x {
			return p ^ 1, true
		}
		return p, true
	}
	threat := bel.mass(s.t.enter &^ (1 << x))
	best, conf := bel.Best()
	if s.t.n == 0 || conf >= simConfident || s.react[p] && threat > 0 && conf >= (1-threat)*playOnValue {
		return s.challenge(best)
	}
	var after board
	var at table
	risk := 2.0
	var mc xequeo.Colour
	var mto engine.Square
	for range simTries {
		c, to := s.draw(x, p)
		nb := s.b
		nb.move(c, to)
		var nt table
		nt.fill(s.r, &nb)
		if rk := bel.mass(nt.enter &^ (1 << x)); rk < risk {
			after, at, risk, mc, mto = nb, nt, rk, c, to
			if rk <= threat+simSlack {
				break
			}
		}
	}
	var l [xequeo.Colours]float64
	s.t.likelihood(&s.b, mc, mto, s.model[p], s.seen[p], &l)
	s.bel[p^1].update(&l)
	s.b, s.t = after, at
	s.turn ^= 1
	return 0, false
}

// challenge ends the round with a challenge of c by the player to act.
func (s *sim) challenge(c xequeo.Colour) (w int, done bool) {
	p := s.turn
	if s.pawn[p^1] == c {
		return p, true
	}
	return p ^ 1, true
}

// draw returns a move as the model's player p with pawn x makes it: x's with probability
// 1−β (always, if no other pawn can move), else a decoy's; the destination by weight.
func (s *sim) draw(x xequeo.Colour, p int) (xequeo.Colour, engine.Square) {
	movers := s.t.movers
	c := x
	others := movers &^ (1 << x)
	if movers>>x&1 == 0 || others != 0 && s.rng.Float64() < s.bluff[p] {
		c = nth(others, s.rng.IntN(bits.OnesCount8(others)))
	}
	return c, s.pickTarget(c)
}

// pickTarget draws a destination of pawn c by the model's weights.
func (s *sim) pickTarget(c xequeo.Colour) engine.Square {
	from := s.b.at[c]
	r := s.rng.Float64() * s.t.w[c]
	to := s.t.to[c]
	var sq engine.Square
	for to != 0 {
		sq = to.Pop()
		if r -= weight(s.b.ring, from, sq); r < 0 {
			break
		}
	}
	return sq
}

// nth returns the colour of the n-th set bit of set, from 0.
func nth(set uint8, n int) xequeo.Colour {
	for ; n > 0; n-- {
		set &= set - 1
	}
	return xequeo.Colour(bits.TrailingZeros8(set))
}

// sample draws a colour from b.
func sample(rng *rand.Rand, b *Belief) xequeo.Colour {
	r := rng.Float64()
	for c := range colours {
		if r -= b[c]; r < 0 {
			return xequeo.Colour(c)
		}
	}
	return xequeo.Colours - 1
}
