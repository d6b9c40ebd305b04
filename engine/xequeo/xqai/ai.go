package xqai

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/xequeo"
)

// The AI's own play.
const (
	// ExposureCost is what the AI pays, in probability of taking the ring, for each unit a
	// move adds to the opponent's belief in the AI's pawn (that belief modelled with the
	// likelihood model and the AI's own bluff rate, from the opponent's side). The playouts
	// already see a simulated opponent challenge a pawn given away, but only within the
	// round and only as the model reads moves; a person reads more into them.
	ExposureCost = 0.15
	// BluffRate is how often the AI, when the move it judges best moves its own pawn, plays
	// instead the best move of another pawn that is within BluffMargin of it: often enough
	// that its moves do not spell its pawn, rarely enough to cost little.
	BluffRate = 0.25
	// BluffMargin is how much worse (in probability of taking the ring) a decoy move may be.
	BluffMargin = 0.05
	// ChoiceMargin: the AI picks its pawn at random among those whose playouts are within
	// this of the best, so that a person cannot learn "it always takes the pawn nearest the
	// ring".
	ChoiceMargin = 0.05
	// SelfPriorMoves is how many moves ExposureBluff counts for in the AI's estimate of its
	// own bluff rate.
	SelfPriorMoves = 10
	// exploration is the UCB1 constant for rewards in [0, 1].
	exploration = 0.5
	// checkEvery is how many playouts pass between looks at the clock and the context.
	checkEvery = 16
)

// ErrNoBudget is returned when Options set neither Think nor Iterations.
var ErrNoBudget = errors.New("xqai: neither Think nor Iterations is set")

// Options bound the AI's thinking. At least one of Think and Iterations must be set; with
// both, a decision stops at whichever comes first. With Iterations alone a seed gives the
// same decisions every time.
type Options struct {
	Think      time.Duration    // wall-clock budget of each decision: a ring, a pawn, a move
	Iterations int              // playouts per decision
	Seed       uint64           // seeds the playouts and the AI's random choices
	Clock      func() time.Time // nil = time.Now
}

// Stats is what the AI's last decision cost and found.
type Stats struct {
	Playouts  int
	Elapsed   time.Duration
	Value     float64 // estimated probability of taking the ring with the move chosen
	Challenge float64 // the belief in the best colour: the value of challenging
	Bluffed   bool    // a decoy move was played instead of the best one
}

// AI plays Xe Queo! against a person or another player, knowing only what it is shown: the
// public State, each move, and its own secret.
//
// Each round it chooses its pawn by playouts from the position with the ring placed, and
// commits to it (Commitment, then Reveal when the round is over). It places a ring, moves a
// pawn or challenges by flat Monte Carlo with UCB1 over its candidate moves: each playout
// draws the opponent's pawn from the Belief and plays the round out with the model's policy
// (playout.go). A challenge is worth exactly the belief in its colour; the AI challenges when
// that beats the value of the best move. Moves are scored by their playouts less
// ExposureCost times what they add to the opponent's modelled belief in the AI's pawn; a
// move that could only beat the challenge if the opponent's pawn were none of those it lets
// into the ring's reach is not searched at all.
//
// What it knows of the opponent is a Tracker: his pawn and how often he bluffs, learnt from
// his moves and the cards he shows.
//
// An AI is not safe for concurrent use.
type AI struct {
	r        *xequeo.Rules
	seat     int
	opt      Options
	rng      *rand.Rand
	secret   xequeo.Secret
	round    int // the round of secret; 0 before the first
	opp      *Tracker
	exposure Belief // what the opponent may believe of the AI's pawn
	// The AI's own moves of the match where its pawn could move and not enter, and those
	// that moved another: its bluff rate as an opponent who watches it learns it.
	selfMoves, selfDecoys float64
	// What the playouts of the decision in hand draw the opponent from.
	view     Tracker
	viewBel  Belief
	viewBeta float64
	viewMiss float64
	viewSelf float64
	stats    Stats
	cands    []cand
}

// cand is a candidate decision and its playouts.
type cand struct {
	move    engine.Move
	b       board
	t       table
	opp     Belief  // the opponent's belief about the AI's pawn after the move
	risk    uint8   // the pawns that the move lets into the ring's reach, but the AI's
	odds    float64 // the probability that the opponent's pawn is none of risk
	penalty float64
	sum     float64
	n       int
	pawn    xequeo.Colour // the pawn moved, or the AI's pawn tried (a choice)
	prior   Belief        // the opponent's choice for this ring (a placement)
}

// NewAI returns an AI that plays seat (xequeo.Player1 or Player2) in matches of r.
func NewAI(r *xequeo.Rules, seat int, o Options) *AI {
	a := &AI{r: r, seat: seat, opp: NewTracker(), exposure: Uniform()}
	a.SetOptions(o)
	return a
}

// SetOptions changes the budget and seed of the decisions to come.
func (a *AI) SetOptions(o Options) {
	if o.Clock == nil {
		o.Clock = time.Now
	}
	a.opt = o
	a.rng = rand.New(rand.NewPCG(o.Seed, 0x7871616921))
}

// Stats returns what the last decision cost and found.
func (a *AI) Stats() Stats { return a.stats }

// Belief returns the AI's belief about the opponent's pawn in the round being played.
func (a *AI) Belief() Belief { return a.opp.Belief() }

// Bluff returns the AI's estimate of how often the opponent moves a pawn not his own.
func (a *AI) Bluff() float64 { return a.opp.Bluff() }

// Commitment returns the code of the AI's secret for the kiosk: shown while the round is
// played.
func (a *AI) Commitment() string { return a.secret.Commitment() }

// Reveal returns the AI's secret as the end of the round discloses it.
func (a *AI) Reveal() string { return a.secret.Reveal() }

func (a *AI) check() error {
	switch {
	case a.opt.Think < 0:
		return fmt.Errorf("xqai: negative Think %v", a.opt.Think)
	case a.opt.Iterations < 0:
		return fmt.Errorf("xqai: negative Iterations %d", a.opt.Iterations)
	case a.opt.Think == 0 && a.opt.Iterations == 0:
		return ErrNoBudget
	}
	return nil
}

// Choose picks the AI's pawn for the round that begins in s (the ring just placed) and
// returns the secret it commits to. The nonce comes from crypto/rand.
func (a *AI) Choose(ctx context.Context, s *xequeo.State) (xequeo.Secret, error) {
	if s.Phase() != xequeo.Move {
		return xequeo.Secret{}, fmt.Errorf("xqai: a pawn is chosen once the ring is placed, not in %s", s)
	}
	if err := a.check(); err != nil {
		return xequeo.Secret{}, err
	}
	if err := ctx.Err(); err != nil {
		return xequeo.Secret{}, fmt.Errorf("xqai: %w", err)
	}
	a.prepare(a.opp)
	bd := boardOf(s)
	var t table
	t.fill(a.r, &bd)
	a.cands = a.cands[:0]
	for c := range xequeo.Colour(xequeo.Colours) {
		a.cands = append(a.cands, cand{pawn: c, b: bd, t: t, opp: Uniform(), odds: 1})
	}
	first := 1
	if s.Turn() == a.seat {
		first = 0
	}
	err := a.run(ctx, func(c *cand) float64 { return a.playoutView(c, c.pawn, first) })
	if err != nil {
		return xequeo.Secret{}, err
	}
	best := 0.0
	for i := range a.cands {
		best = max(best, a.cands[i].mean())
	}
	var near []xequeo.Colour
	for i := range a.cands {
		if a.cands[i].n > 0 && a.cands[i].mean() >= best-ChoiceMargin {
			near = append(near, a.cands[i].pawn)
		}
	}
	pick := near[a.rng.IntN(len(near))]
	a.stats.Value = a.cands[pick].mean()
	sec, err := xequeo.NewSecret(s.Score(0)+s.Score(1)+1, pick)
	if err != nil {
		return xequeo.Secret{}, err
	}
	a.secret, a.round = sec, sec.Round
	return sec, nil
}

// Keep makes sec the AI's secret for its round without choosing: the pawn it committed to
// earlier, when a game is replayed to it (a takeback, a game resumed).
func (a *AI) Keep(sec xequeo.Secret) { a.secret, a.round = sec, sec.Round }

// Act returns the AI's move in s, where it is the AI's turn: a ring, a pawn move or a
// challenge, or its card, which is always the pawn it committed to.
func (a *AI) Act(ctx context.Context, s *xequeo.State) (engine.Move, error) {
	if s.Turn() != a.seat || s.Outcome().Over {
		return 0, fmt.Errorf("xqai: not the AI's turn in %s", s)
	}
	if err := a.check(); err != nil {
		return 0, err
	}
	if err := ctx.Err(); err != nil {
		return 0, fmt.Errorf("xqai: %w", err)
	}
	round := s.Score(0) + s.Score(1) + 1
	switch s.Phase() {
	case xequeo.Place:
		return a.place(ctx, s)
	case xequeo.Move:
		if a.round != round {
			return 0, fmt.Errorf("xqai: no pawn chosen for round %d", round)
		}
		return a.move(ctx, s)
	}
	if a.round != round {
		return 0, fmt.Errorf("xqai: no pawn chosen for round %d", round)
	}
	return xequeo.Show(a.secret.Colour), nil
}

// Seen tells the AI that m was played in s (before m), by either player.
func (a *AI) Seen(s *xequeo.State, m engine.Move) {
	mover := s.Turn()
	switch s.Phase() {
	case xequeo.Place:
		if ring, ok := xequeo.RingCell(m); ok {
			a.opp.NewRound(s.Pawns(), ring)
		}
		a.exposure = Uniform()
	case xequeo.Move:
		if mover != a.seat {
			a.opp.Observe(s, m)
			return
		}
		from, to, ok := xequeo.MoveCells(m)
		if !ok || to == s.Ring() {
			return
		}
		bd := boardOf(s)
		var t table
		t.fill(a.r, &bd)
		if x := bd.colourAt(from); x < xequeo.Colours && t.to[x].Has(to) {
			var l [xequeo.Colours]float64
			t.likelihood(&bd, x, to, a.selfBluff(), MissRate, &l)
			a.exposure.update(&l)
			if me := a.secret.Colour; a.round > 0 && (t.movers&^t.enter)>>me&1 != 0 {
				a.selfMoves++
				if x != me {
					a.selfDecoys++
				}
			}
		}
	case xequeo.ShowEntered, xequeo.ShowAnswer, xequeo.ShowChallenged:
		if c, ok := xequeo.MoveColour(m); ok && mover != a.seat {
			a.opp.Shown(c)
		}
	}
}

// place chooses the ring's cell: the opponent moves first, and neither pawn is chosen yet.
func (a *AI) place(ctx context.Context, s *xequeo.State) (engine.Move, error) {
	var legal []engine.Move
	legal = s.Legal(legal)
	bd := boardOf(s)
	next := *a.opp
	next.carry()
	a.prepare(&next)
	a.cands = a.cands[:0]
	for _, m := range legal {
		nb := bd
		nb.ring, _ = xequeo.RingCell(m)
		var t table
		t.fill(a.r, &nb)
		a.cands = append(a.cands, cand{move: m, b: nb, t: t, opp: Uniform(), odds: 1, prior: a.opp.Prior(bd.at, nb.ring)})
	}
	err := a.run(ctx, func(c *cand) float64 {
		mine := xequeo.Colour(a.rng.IntN(colours))
		return a.playout(c, &c.prior, mine, sample(a.rng, &c.prior), a.view.rate(a.rng), 1, false)
	})
	if err != nil {
		return 0, err
	}
	best := a.mostVisited()
	a.stats.Value = a.cands[best].mean()
	return a.cands[best].move, nil
}

// move chooses a pawn move or a challenge.
func (a *AI) move(ctx context.Context, s *xequeo.State) (engine.Move, error) {
	me := a.secret.Colour
	bd := boardOf(s)
	var t table
	t.fill(a.r, &bd)
	a.prepare(a.opp)
	belief := a.viewBel
	colour, conf := belief.Best()
	challenge := xequeo.Challenge(colour)
	// Entering with its own pawn wins unless the opponent chose it too: an exact value.
	enter := -1.0
	if t.enter>>me&1 != 0 {
		enter = 1 - belief[me]
	}
	take := 1 - a.viewMiss // the chance that the opponent takes a way into the ring
	self := a.selfBluff()
	a.cands = a.cands[:0]
	for c := range xequeo.Colour(xequeo.Colours) {
		from := bd.at[c]
		for to := t.to[c]; to != 0; {
			sq := to.Pop()
			nb := bd
			nb.move(c, sq)
			var nt table
			nt.fill(a.r, &nb)
			// The round is lost at once if the opponent's pawn is one this move lets
			// into reach and he takes it: the playouts draw the worlds where that does not
			// happen, and their mean is scaled by its odds, which bound the value.
			risk := nt.enter &^ (1 << me)
			odds := 1 - take*belief.mass(risk)
			if odds < max(conf, enter) || odds <= 0 {
				continue
			}
			var l [xequeo.Colours]float64
			t.likelihood(&bd, c, sq, self, MissRate, &l)
			opp := a.exposure
			opp.update(&l)
			a.cands = append(a.cands, cand{
				move: xequeo.PawnMove(from, sq), b: nb, t: nt, opp: opp, pawn: c,
				risk: risk, odds: odds,
				penalty: ExposureCost * max(opp[me]-a.exposure[me], 0),
			})
		}
	}
	a.stats = Stats{Challenge: conf}
	if len(a.cands) == 0 {
		if enter > conf {
			a.stats.Value = enter
			return xequeo.PawnMove(bd.at[me], bd.ring), nil
		}
		a.stats.Value = conf
		return challenge, nil
	}
	a.rng.Shuffle(len(a.cands), func(i, j int) { a.cands[i], a.cands[j] = a.cands[j], a.cands[i] })
	err := a.run(ctx, func(c *cand) float64 { return a.playoutView(c, me, 1) })
	if err != nil {
		return 0, err
	}
	best := a.mostVisited()
	b := &a.cands[best]
	value := b.mean()
	switch {
	case enter >= max(value, conf):
		a.stats.Value = enter
		return xequeo.PawnMove(bd.at[me], bd.ring), nil
	case conf > value:
		a.stats.Value = conf
		return challenge, nil
	}
	a.stats.Value = value
	if b.pawn == me && a.rng.Float64() < BluffRate {
		decoy := -1
		for i := range a.cands {
			c := &a.cands[i]
			if c.pawn != me && c.n > 0 && c.score() >= b.score()-BluffMargin && (decoy < 0 || c.score() > a.cands[decoy].score()) {
				decoy = i
			}
		}
		if decoy >= 0 {
			a.stats.Bluffed = true
			a.stats.Value = a.cands[decoy].mean()
			return a.cands[decoy].move, nil
		}
	}
	return b.move, nil
}

// playoutView plays out the round from c's board, the AI holding mine, first (0 the AI, 1
// the opponent) to act, the opponent's pawn and bluff rate drawn from the tracker given that
// he does not take at once a way into the ring that c opens.
func (a *AI) playoutView(c *cand, mine xequeo.Colour, first int) float64 {
	beta, theirs, ok := a.view.sample(a.rng, c.risk, a.viewMiss)
	if !ok {
		return 0
	}
	return a.playout(c, &a.viewBel, mine, theirs, beta, first, c.risk>>theirs&1 != 0)
}

// playout plays out the round from c's board, the AI believing bel of the opponent's pawn
// and holding mine, the opponent holding theirs and bluffing at the rate beta, first to act;
// hold says the opponent lets his way into the ring pass on his first turn. It returns 1 if
// the AI takes the ring.
func (a *AI) playout(c *cand, bel *Belief, mine, theirs xequeo.Colour, beta float64, first int, hold bool) float64 {
	s := sim{
		r: a.r, rng: a.rng, b: c.b, t: c.t, turn: first,
		pawn:  [2]xequeo.Colour{mine, theirs},
		bel:   [2]Belief{*bel, c.opp},
		bluff: [2]float64{a.viewSelf, beta},
		miss:  [2]float64{0, a.viewMiss},
		model: [2]float64{a.viewSelf, a.viewBeta},
		seen:  [2]float64{MissRate, a.viewMiss},
		react: [2]bool{true, a.rng.Float64() < Reactive},
		hold:  hold,
	}
	return s.run()
}

// prepare makes t what the playouts of the next decision draw the opponent from.
func (a *AI) prepare(t *Tracker) {
	a.view = *t
	a.viewBel, a.viewBeta, a.viewMiss = t.Belief(), t.Bluff(), t.Miss()
	a.viewSelf = a.selfBluff()
}

// selfBluff returns the AI's own bluff rate so far in the match, as an opponent who watches
// it would estimate it: the playouts' simulated AI bluffs at that rate, and their simulated
// opponent reads the AI's moves with it.
func (a *AI) selfBluff() float64 {
	return (ExposureBluff*SelfPriorMoves + a.selfDecoys) / (SelfPriorMoves + a.selfMoves)
}

// mean returns the estimated probability that the AI takes the ring after c.
func (c *cand) mean() float64 {
	if c.n == 0 {
		return 0
	}
	return c.odds * c.sum / float64(c.n)
}

func (c *cand) score() float64 { return c.mean() - c.penalty }

// run spends the budget on playouts of the candidates, chosen by UCB1 on their scores.
func (a *AI) run(ctx context.Context, playout func(*cand) float64) error {
	start := a.opt.Clock()
	a.stats = Stats{Challenge: a.stats.Challenge}
	n := 0
	for ; a.opt.Iterations == 0 || n < a.opt.Iterations; n++ {
		if n%checkEvery == 0 && n > 0 {
			if ctx.Err() != nil || a.opt.Think > 0 && a.opt.Clock().Sub(start) >= a.opt.Think {
				break
			}
		}
		c := a.pick(n)
		c.sum += playout(c)
		c.n++
	}
	a.stats.Playouts = n
	a.stats.Elapsed = a.opt.Clock().Sub(start)
	if n == 0 {
		return fmt.Errorf("xqai: %w", ctx.Err())
	}
	return nil
}

// pick returns the candidate of the next playout: each once, then by UCB1.
func (a *AI) pick(n int) *cand {
	if n < len(a.cands) {
		return &a.cands[n]
	}
	logN := math.Log(float64(n))
	best, bestU := 0, math.Inf(-1)
	for i := range a.cands {
		c := &a.cands[i]
		if u := c.score() + exploration*math.Sqrt(logN/float64(c.n)); u > bestU {
			best, bestU = i, u
		}
	}
	return &a.cands[best]
}

// mostVisited returns the index of the candidate with the most playouts, the better score
// among equals.
func (a *AI) mostVisited() int {
	best := 0
	for i := range a.cands {
		c, b := &a.cands[i], &a.cands[best]
		if c.n > b.n || c.n == b.n && c.score() > b.score() {
			best = i
		}
	}
	return best
}
