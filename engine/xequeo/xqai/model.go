// Package xqai plays Xe Queo! (engine/xequeo): an AI that never reads its opponent's secret,
// the baselines it is measured against, and a runner of matches between them.
//
// A player sees what a person at the table sees: the referee's public State and every move
// as it is made. Its own secret (xequeo.Secret) it chooses when a ring has been placed and
// keeps to itself, showing its card truthfully when one is due. The opponent's pawn it only
// guesses: a Belief over the seven colours, updated by Bayes' rule from each of the
// opponent's pawn moves with the likelihood model of this file.
//
// The AI's Tracker holds the joint posterior over the opponent's pawn and how often he
// bluffs, and learns from the cards he shows how he chooses his pawn and how often he lets a
// way into the ring pass. The AI chooses by sampling possible worlds (the opponent's pawn
// drawn from the posterior) and playing out the rest of the round in each with a fast
// policy that follows the same model; see AI. RandomToward and Naive are the baselines, and
// Arena plays matches between any two players, checking every card and commitment.
//
// xqai imports only the standard library, engine and engine/xequeo.
package xqai

import (
	"math"
	"math/bits"
	"math/rand/v2"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/xequeo"
)

// The likelihood model: how a player whose secret pawn is c chooses a pawn move.
//
//   - If c can enter the ring he enters it, since that wins unless both chose c; but a
//     player may miss it (people overlook jump chains, a random player hardly ever sees it),
//     and then his move is any of those that do not enter, equally likely. How often he
//     misses is learnt like β: from MissRate, by the cards he shows.
//   - Otherwise with probability 1−β he moves c ("honest"), with probability β a decoy, one
//     of the other pawns that can move, each equally likely ("bluff"); a player whose pawn c
//     cannot move at all always moves a decoy. β, the player's bluff rate, is not known: a
//     Tracker holds a posterior over the rates of BluffRates along with the one over c.
//   - Whichever pawn he moves, he prefers the moves that bring it furthest: a move that gains
//     g cells of Euclidean distance has weight 1 + ProgressWeight·g.
//
// Modelling a bluff as a decoy pawn rather than as any move at random matters: a player who
// moves a decoy moves it as he would his own, so one move of pawn x makes x only
// (1−β)·k/β times likelier than each of the other k pawns that could have moved (6 when all
// can), not N times for N legal moves; a uniform noise term would make a single random move
// look like a confession.
const (
	// ProgressWeight: one cell of progress doubles a move's weight. Players push their pawn
	// by the long jumps first, but no move of a pawn is unthinkable.
	ProgressWeight = 1.0
	// MissRate is how often a player is supposed to miss his pawn's way into the ring before
	// his cards have shown otherwise: people do miss a jump chain, and a model without misses
	// would rule a pawn out for good on one oversight.
	MissRate = 0.1
	// MissPriorChances is how many chances to enter the prior counts for.
	MissPriorChances = 5
	// ExposureBluff is the bluff rate with which the AI supposes its opponent reads the AI's
	// moves before it has made any: the middle of BluffRates, a person's guess. After that
	// the opponent is supposed to have watched the AI: see AI.
	ExposureBluff = 0.4
	// Forget is how much of the prior over the bluff rates comes back at each round: people
	// change their play, and a rate ruled out by a few rounds should not stay ruled out.
	Forget = 0.1
)

// BluffRates are the hypotheses about how often the opponent moves a decoy: from a greedy
// player who never does (never exactly 0: one move would then be proof), through people,
// to one who moves at random and so moves his own pawn one time in seven (6/7). They are
// equally likely before the first move.
var BluffRates = [...]float64{0.05, 0.2, 0.4, 0.6, 6.0 / 7}

const rates = len(BluffRates)

const (
	colours = int(xequeo.Colours)
	cells   = 49
)

// Belief is a probability over the opponent's seven possible pawns, by colour.
type Belief [xequeo.Colours]float64

// Uniform returns the belief before any move: every pawn equally likely (the opponent may
// have chosen the same pawn as oneself).
func Uniform() Belief {
	var b Belief
	for c := range b {
		b[c] = 1.0 / float64(colours)
	}
	return b
}

// Best returns the most likely colour and its probability (the lowest colour of a tie).
func (b *Belief) Best() (xequeo.Colour, float64) {
	best := 0
	for c := 1; c < colours; c++ {
		if b[c] > b[best] {
			best = c
		}
	}
	return xequeo.Colour(best), b[best]
}

// mass returns the probability of the colours of the bit set set.
func (b *Belief) mass(set uint8) float64 {
	var p float64
	for c := range colours {
		if set>>c&1 != 0 {
			p += b[c]
		}
	}
	return p
}

// update multiplies b by the likelihoods l and normalises it; evidence that every colour
// forbids (all products zero) leaves b as it was.
func (b *Belief) update(l *[xequeo.Colours]float64) {
	var sum float64
	var n Belief
	for c := range colours {
		n[c] = b[c] * l[c]
		sum += n[c]
	}
	if sum <= 0 || math.IsNaN(sum) {
		return
	}
	for c := range colours {
		b[c] = n[c] / sum
	}
}

// Settle makes b certain of c: the card the opponent showed.
func (b *Belief) Settle(c xequeo.Colour) {
	*b = Belief{}
	b[c] = 1
}

// Observe updates b with the opponent's move m in s (before m), a player who bluffs at the
// rate bluff and misses at MissRate. Moves that are not pawn moves, and pawn moves that enter the ring (the round
// ends with the cards), change nothing.
func (b *Belief) Observe(s *xequeo.State, m engine.Move, bluff float64) {
	from, to, ok := xequeo.MoveCells(m)
	if !ok || s.Phase() != xequeo.Move || to == s.Ring() {
		return
	}
	r, _ := s.Rules().(*xequeo.Rules)
	bd := boardOf(s)
	var t table
	t.fill(r, &bd)
	x := bd.colourAt(from)
	if x >= xequeo.Colours || !t.to[x].Has(to) {
		return
	}
	var l [xequeo.Colours]float64
	t.likelihood(&bd, x, to, bluff, MissRate, &l)
	b.update(&l)
}

// dist[a][b] is the Euclidean distance of cells a and b, in cells: the measure of progress in
// the model (under either metric of the rules: it only weighs moves the rules allow).
var dist = func() (d [cells][cells]float64) {
	for a := range cells {
		for b := range cells {
			dx, dy := float64(a%7-b%7), float64(a/7-b/7)
			d[a][b] = math.Sqrt(dx*dx + dy*dy)
		}
	}
	return d
}()

// board is the pawns and the ring of a round in the move phase, without a history: what a
// playout copies and changes.
type board struct {
	at   [xequeo.Colours]engine.Square
	occ  engine.Bitboard
	ring engine.Square
}

func boardOf(s *xequeo.State) board {
	b := board{at: s.Pawns(), ring: s.Ring()}
	for _, sq := range b.at {
		b.occ |= engine.Bit(sq)
	}
	return b
}

func (b *board) colourAt(sq engine.Square) xequeo.Colour {
	for c, at := range b.at {
		if at == sq {
			return xequeo.Colour(c)
		}
	}
	return xequeo.Colours
}

// move moves pawn c to sq.
func (b *board) move(c xequeo.Colour, sq engine.Square) {
	b.occ ^= engine.Bit(b.at[c]) | engine.Bit(sq)
	b.at[c] = sq
}

// weight is the model's weight of a move from from to to, towards ring. The octile metric
// allows a few long chains that gain nothing in Euclidean distance (or lose a little): they
// keep a small weight.
func weight(ring, from, to engine.Square) float64 {
	return max(1+ProgressWeight*(dist[ring][from]-dist[ring][to]), minWeight)
}

const minWeight = 0.5

// table is what the player to act may do on a board.
type table struct {
	to     [xequeo.Colours]engine.Bitboard // each pawn's destinations but the ring
	w      [xequeo.Colours]float64         // the sum of the weights of each pawn's moves in to
	enter  uint8                           // the colours that can enter the ring
	movers uint8                           // the colours with a move in to
	n      int                             // the moves in to
}

func (t *table) fill(r *xequeo.Rules, b *board) {
	ring := engine.Bit(b.ring)
	t.enter, t.movers, t.n = 0, 0, 0
	for c, from := range b.at {
		to := r.Targets(b.occ, from, b.ring)
		if to&ring != 0 {
			t.enter |= 1 << c
			to &^= ring
		}
		t.to[c] = to
		t.w[c] = 0
		if to == 0 {
			continue
		}
		t.movers |= 1 << c
		t.n += to.Count()
		for to != 0 {
			t.w[c] += weight(b.ring, from, to.Pop())
		}
	}
}

// likelihood sets l[c] to the probability that a player whose pawn is c, bluffing at the
// rate beta and missing his way into the ring at the rate miss, moves pawn x to to (a move
// of t that does not enter the ring).
func (t *table) likelihood(b *board, x xequeo.Colour, to engine.Square, beta, miss float64, l *[xequeo.Colours]float64) {
	q := weight(b.ring, b.at[x], to) / t.w[x] // how x's mover picks this move among x's
	for c := range colours {
		switch {
		case t.enter>>c&1 != 0:
			l[c] = miss / float64(t.n)
		case xequeo.Colour(c) == x:
			l[c] = (1 - beta) * q
		default:
			decoys := float64(bits.OnesCount8(t.movers &^ (1 << c)))
			if t.movers>>c&1 == 0 {
				l[c] = q / decoys // c cannot move: a decoy it must be
			} else {
				l[c] = beta * q / decoys
			}
		}
	}
}

// Tracker reads an opponent: the joint posterior over his bluff rate (one of BluffRates) and
// his pawn, from his pawn moves of the round, and over the rounds from the cards he shows.
// The zero Tracker is not ready: use NewTracker.
type Tracker struct {
	start [rates]float64 // the posterior over the rates when the round began
	joint [rates]Belief  // P(rate k, pawn c | the round's moves): sums to 1
	// The pawns in the ring's reach at each of the opponent's turns of the round, and the
	// pawn he entered (xequeo.Colours for none): his card tells which were chances missed.
	reach   []uint8
	entered xequeo.Colour
	chances float64 // over the rounds judged: the turns his pawn could enter
	misses  float64 // and those he let pass
	// How he chooses: counts of the chosen pawn's rank by distance to the ring, nearest 0,
	// from ChoicePrior each; and each pawn's rank in the round being played.
	choice [xequeo.Colours]float64
	rank   [xequeo.Colours]uint8
	begun  bool
}

// ChoicePrior is the prior count of the farthest pawn's rank in the opponent's choice by
// distance to the ring (a Dirichlet prior), and ChoiceNear what each rank nearer adds: people
// do not choose at random, a pawn near the ring is one that can get there, so the nearest
// pawn starts twice as likely as the farthest; the counts are light enough that a player
// who always takes the nearest shows it within two or three rounds.
const (
	ChoicePrior = 1.0
	ChoiceNear  = 1.0 / 6
)

// NewTracker returns a tracker before any move: every rate and every pawn equally likely.
func NewTracker() *Tracker {
	t := &Tracker{}
	for k := range t.start {
		t.start[k] = 1 / float64(rates)
	}
	for r := range t.choice {
		t.choice[r] = ChoicePrior + ChoiceNear*float64(colours-1-r)
	}
	t.begin(Uniform())
	return t
}

func (t *Tracker) begin(prior Belief) {
	t.reach, t.entered = t.reach[:0], xequeo.Colours
	for k := range t.joint {
		for c := range colours {
			t.joint[k][c] = t.start[k] * prior[c]
		}
	}
}

// NewRound starts the round whose ring was just placed on ring, the pawns on at: the pawn
// is chosen afresh, as the cards have shown the opponent chooses; the rate keeps what the
// rounds before taught, less Forget.
func (t *Tracker) NewRound(at [xequeo.Colours]engine.Square, ring engine.Square) {
	t.carry()
	t.rank, t.begun = ranks(&at, ring), true
	t.begin(t.Prior(at, ring))
}

// carry makes the rates' posterior of the round played the next round's prior.
func (t *Tracker) carry() {
	for k := range t.start {
		var w float64
		for c := range colours {
			w += t.joint[k][c]
		}
		t.start[k] = (1-Forget)*w + Forget/float64(rates)
	}
}

// Prior returns the probability of each pawn being the opponent's choice for a ring on ring,
// the pawns on at, before any move: the counts of his choices' ranks.
func (t *Tracker) Prior(at [xequeo.Colours]engine.Square, ring engine.Square) Belief {
	r := ranks(&at, ring)
	var b Belief
	var sum float64
	for c := range colours {
		b[c] = t.choice[r[c]]
		sum += b[c]
	}
	for c := range colours {
		b[c] /= sum
	}
	return b
}

// ranks returns each pawn's rank by its distance to ring, nearest 0, ties by colour.
func ranks(at *[xequeo.Colours]engine.Square, ring engine.Square) (r [xequeo.Colours]uint8) {
	for c := range colours {
		d := dist[ring][at[c]]
		for o := range colours {
			if e := dist[ring][at[o]]; e < d || e == d && o < c {
				r[c]++
			}
		}
	}
	return r
}

// rate draws a bluff rate from the posterior at the start of the round.
func (t *Tracker) rate(rng *rand.Rand) float64 {
	x := rng.Float64()
	for k, w := range t.start {
		if x -= w; x < 0 {
			return BluffRates[k]
		}
	}
	return BluffRates[rates-1]
}

// Observe updates the tracker with the opponent's move m in s (before m), in the move phase.
func (t *Tracker) Observe(s *xequeo.State, m engine.Move) {
	if s.Phase() != xequeo.Move {
		return
	}
	r, _ := s.Rules().(*xequeo.Rules)
	bd := boardOf(s)
	var tb table
	tb.fill(r, &bd)
	t.reach = append(t.reach, tb.enter)
	from, to, ok := xequeo.MoveCells(m)
	if !ok {
		return // a challenge: the card will tell
	}
	x := bd.colourAt(from)
	switch {
	case x >= xequeo.Colours:
		return
	case to == bd.ring:
		t.entered = x // the cards will tell
		return
	case !tb.to[x].Has(to):
		return
	}
	miss := t.Miss()
	var sum float64
	var next [rates]Belief
	for k, beta := range BluffRates {
		var l [xequeo.Colours]float64
		tb.likelihood(&bd, x, to, beta, miss, &l)
		for c := range colours {
			next[k][c] = t.joint[k][c] * l[c]
			sum += next[k][c]
		}
	}
	if sum <= 0 || math.IsNaN(sum) {
		return
	}
	for k := range next {
		for c := range colours {
			t.joint[k][c] = next[k][c] / sum
		}
	}
}

// Shown settles the round on the opponent's card c: what his moves said about his rate,
// knowing his pawn, is what the next round starts from, and each turn where c could enter
// the ring and did not was a chance missed.
func (t *Tracker) Shown(c xequeo.Colour) {
	if t.begun {
		t.choice[t.rank[c]]++
		t.begun = false
	}
	for _, e := range t.reach {
		if e>>c&1 != 0 {
			t.chances++
			t.misses++
		}
	}
	if t.entered == c && len(t.reach) > 0 && t.reach[len(t.reach)-1]>>c&1 != 0 {
		t.misses--
	}
	t.reach = t.reach[:0]
	var sum float64
	for k := range t.joint {
		sum += t.joint[k][c]
	}
	for k := range t.joint {
		w := t.joint[k][c]
		if sum > 0 {
			w /= sum
		} else {
			w = t.start[k]
		}
		t.joint[k] = Belief{}
		t.joint[k][c] = w
	}
}

// Belief returns the probability of each of the opponent's pawns.
func (t *Tracker) Belief() Belief {
	var b Belief
	for k := range t.joint {
		for c := range colours {
			b[c] += t.joint[k][c]
		}
	}
	return b
}

// Miss returns the estimated probability that the opponent, his pawn able to enter the
// ring, lets the chance pass.
func (t *Tracker) Miss() float64 {
	return (MissRate*MissPriorChances + t.misses) / (MissPriorChances + t.chances)
}

// Bluff returns the expected bluff rate of the opponent.
func (t *Tracker) Bluff() float64 {
	var beta float64
	for k := range t.joint {
		for c := range colours {
			beta += t.joint[k][c] * BluffRates[k]
		}
	}
	return beta
}

// sample draws a rate and a pawn from the joint posterior given that the opponent, to act,
// does not take the ring at once with a pawn of the bit set reach: a pawn of reach is
// weighed by miss, the chance that he lets it pass. ok is false when nothing is left.
func (t *Tracker) sample(rng *rand.Rand, reach uint8, miss float64) (beta float64, c xequeo.Colour, ok bool) {
	w := func(k, c int) float64 {
		if reach>>c&1 != 0 {
			return t.joint[k][c] * miss
		}
		return t.joint[k][c]
	}
	var total float64
	for k := range t.joint {
		for c := range colours {
			total += w(k, c)
		}
	}
	if total <= 0 {
		return 0, 0, false
	}
	x := rng.Float64() * total
	last, lastK := -1, 0
	for k := range t.joint {
		for c := range colours {
			if p := w(k, c); p > 0 {
				last, lastK = c, k
				if x -= p; x < 0 {
					return BluffRates[k], xequeo.Colour(c), true
				}
			}
		}
	}
	// Rounding left x a hair above 0: the last pawn of positive weight.
	return BluffRates[lastK], xequeo.Colour(last), true
}
