package xqai

import (
	"context"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/enginetest"
	"github.com/tavoliere/tavoliere/engine/xequeo"
)

// short reports whether the long tests run shorter: without -tags soak, with -short, and
// under the race detector (enginetest.Short).
func short() bool { return enginetest.Short() }

func mustRules(t testing.TB, overrides map[string]string) *xequeo.Rules {
	t.Helper()
	r, err := xequeo.New(overrides)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// position parses a position whose pawns are given as "Ra7 Og7 …" (all seven), followed by
// the rest of the notation ("d4 0-0 move:2 1").
func position(t testing.TB, r *xequeo.Rules, pawns, rest string) *xequeo.State {
	t.Helper()
	var cells [7][7]byte
	for i := range cells {
		for j := range cells[i] {
			cells[i][j] = '.'
		}
	}
	for _, p := range strings.Fields(pawns) {
		cells[p[2]-'1'][p[1]-'a'] = p[0]
	}
	rows := make([]string, 7)
	for rank := range 7 {
		rows[6-rank] = string(cells[rank][:])
	}
	s, err := r.ParsePosition(strings.Join(rows, "/") + " " + rest)
	if err != nil {
		t.Fatal(err)
	}
	return s.(*xequeo.State)
}

func mustMove(t testing.TB, s *xequeo.State, text string) engine.Move {
	t.Helper()
	m, err := s.Rules().ParseMove(text)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Validate(m); err != nil {
		t.Fatal(err)
	}
	return m
}

// far is a position of pawns three cells or more from the ring on d4: every pawn can move,
// none can enter. Player 2 (the opponent in these tests) is to move.
const far = "Ra7 Og7 Ya1 Gg1 Bd7 Va4 Wg4"

// TestBeliefPushedPawn: the opponent pushes the red pawn towards the ring while the other
// player moves other pawns; red's probability grows with every push and dominates.
func TestBeliefPushedPawn(t *testing.T) {
	r := mustRules(t, nil)
	s := position(t, r, far, "d4 0-0 move:2 1")
	b := Uniform()
	tr := NewTracker()
	prev := b[xequeo.Red]
	for i, text := range []string{"a7-b6", "g1-f2", "b6-c5", "g7-f6"} {
		m := mustMove(t, s, text)
		if i%2 == 0 { // the opponent's moves
			b.Observe(s, m, 0.4)
			tr.Observe(s, m)
			if b[xequeo.Red] <= prev {
				t.Errorf("after %s: red %.3f, was %.3f", text, b[xequeo.Red], prev)
			}
			prev = b[xequeo.Red]
		}
		s.Play(m)
	}
	for name, bel := range map[string]Belief{"Belief": b, "Tracker": tr.Belief()} {
		if c, p := bel.Best(); c != xequeo.Red || p < 0.8 {
			t.Errorf("%s after two pushes of red: best %v %.3f, want red above 0.8 (%.3f)", name, c, p, bel)
		}
		var sum float64
		for _, p := range bel {
			sum += p
		}
		if math.Abs(sum-1) > 1e-12 {
			t.Errorf("%s sums to %v", name, sum)
		}
	}
}

// TestBeliefDecoyOdds is the model's arithmetic (model.go): one move of x, where all seven
// pawns can move and none can enter, makes x (1−β)·6/β times as likely as each other pawn.
func TestBeliefDecoyOdds(t *testing.T) {
	r := mustRules(t, nil)
	for _, beta := range []float64{0.05, 0.4, 6.0 / 7} {
		s := position(t, r, far, "d4 0-0 move:2 1")
		b := Uniform()
		b.Observe(s, mustMove(t, s, "g4-f4"), beta) // white
		want := (1 - beta) * 6 / beta
		for c := range xequeo.Colour(xequeo.Colours) {
			if c == xequeo.White {
				continue
			}
			if got := b[xequeo.White] / b[c]; math.Abs(got-want) > 1e-9*want {
				t.Errorf("β %.3f: P(white)/P(%v) = %.6f, want %.6f", beta, c, got, want)
			}
		}
	}
}

// TestBeliefMissedEntry: a pawn that could have entered the ring, and did not, is all but
// ruled out; a challenge, a ring entry or a card changes nothing.
func TestBeliefMissedEntry(t *testing.T) {
	r := mustRules(t, nil)
	// Yellow on e5 can step into the ring on d4.
	s := position(t, r, "Ra7 Og7 Ye5 Gg1 Bd7 Va4 Wg4", "d4 0-0 move:2 1")
	b := Uniform()
	b.Observe(s, mustMove(t, s, "g1-f2"), 0.4)
	if b[xequeo.Yellow] > 0.02 {
		t.Errorf("yellow could enter and was not entered: %.4f, want below 0.02 (%.3f)", b[xequeo.Yellow], b)
	}
	before := b
	for _, text := range []string{"xq:R", "e5-d4"} {
		b.Observe(s, mustMove(t, s, text), 0.4)
	}
	if b != before {
		t.Errorf("a challenge or an entry changed the belief: %.3f, was %.3f", b, before)
	}
	b.Settle(xequeo.Green)
	if c, p := b.Best(); c != xequeo.Green || p != 1 {
		t.Errorf("settled on green: %.3f", b)
	}
}

// TestLikelihoodSums: over random positions, the model is a probability: for each pawn c,
// the likelihoods of all the moves that do not enter sum to 1, or to the miss rate when c
// can enter.
func TestLikelihoodSums(t *testing.T) {
	n := 400
	if short() {
		n = 60
	}
	for _, metric := range []string{"euclid", "octile"} {
		r := mustRules(t, map[string]string{"distance": metric})
		for _, st := range enginetest.RandomPositions(r, 3, n) {
			s := st.(*xequeo.State)
			if s.Phase() != xequeo.Move {
				continue
			}
			bd := boardOf(s)
			var tb table
			tb.fill(r, &bd)
			if tb.n == 0 {
				continue
			}
			for _, beta := range BluffRates {
				var sum [xequeo.Colours]float64
				for x := range xequeo.Colour(xequeo.Colours) {
					for to := tb.to[x]; to != 0; {
						var l [xequeo.Colours]float64
						tb.likelihood(&bd, x, to.Pop(), beta, 0.1, &l)
						for c := range sum {
							sum[c] += l[c]
						}
					}
				}
				for c := range sum {
					want := 1.0
					if tb.enter>>c&1 != 0 {
						want = 0.1
					}
					if math.Abs(sum[c]-want) > 1e-9 {
						t.Fatalf("%s, β %.2f: the moves' likelihoods for %v sum to %.12f, want %v", s, beta, xequeo.Colour(c), sum[c], want)
					}
				}
			}
		}
	}
}

// playRounds has opponent p play rounds of seed 7 against a player who moves pawns at
// random, observed by a tracker that sees his card at the end of each round.
func playRounds(t *testing.T, p Player, rounds int) *Tracker {
	t.Helper()
	r := mustRules(t, map[string]string{"seed": "7"})
	tr := NewTracker()
	rng := rand.New(rand.NewPCG(1, 2))
	ctx := context.Background()
	for range rounds {
		s := r.Start().(*xequeo.State)
		legal := s.Legal(nil)
		ring := legal[rng.IntN(len(legal))]
		tr.NewRound(s.Pawns(), mustRing(ring))
		s.Play(ring)
		sec, err := p.Choose(ctx, s)
		if err != nil {
			t.Fatal(err)
		}
		for range 6 {
			if s.Turn() == xequeo.Player2 { // the opponent
				m, err := p.Act(ctx, s)
				if err != nil {
					t.Fatal(err)
				}
				if _, _, ok := xequeo.MoveCells(m); !ok {
					break
				}
				tr.Observe(s, m)
				s.Play(m)
			} else {
				var moves []engine.Move
				for _, m := range s.Legal(nil) {
					if _, to, ok := xequeo.MoveCells(m); ok && to != s.Ring() {
						moves = append(moves, m)
					}
				}
				if len(moves) == 0 {
					break
				}
				s.Play(moves[rng.IntN(len(moves))])
			}
			if s.Phase() != xequeo.Move {
				break
			}
		}
		tr.Shown(sec.Colour)
	}
	return tr
}

func mustRing(m engine.Move) engine.Square {
	sq, ok := xequeo.RingCell(m)
	if !ok {
		panic("not a ring")
	}
	return sq
}

// TestTrackerLearns: the cards teach the tracker how a player plays. Naive moves its own
// pawn, takes the nearest and enters when it can; RandomToward moves anything and enters
// by chance.
func TestTrackerLearns(t *testing.T) {
	r := mustRules(t, map[string]string{"seed": "7"})
	fresh := NewTracker()
	naive := playRounds(t, NewNaive(r, xequeo.Player2, 3), 6)
	random := playRounds(t, NewRandomToward(3), 6)
	if b := naive.Bluff(); b > 0.2 || b >= fresh.Bluff() {
		t.Errorf("bluff rate learnt from Naive %.3f, want below 0.2 (prior %.3f)", b, fresh.Bluff())
	}
	if b := random.Bluff(); b < 0.6 {
		t.Errorf("bluff rate learnt from RandomToward %.3f, want above 0.6", b)
	}
	if naive.Miss() >= MissRate || random.Miss() <= MissRate {
		t.Errorf("miss rate learnt from Naive %.3f, from RandomToward %.3f: want below and above %v", naive.Miss(), random.Miss(), MissRate)
	}
	t.Logf("naive β %.3f miss %.3f; random β %.3f miss %.3f", naive.Bluff(), naive.Miss(), random.Bluff(), random.Miss())
	// Naive always takes the nearest pawn.
	s := position(t, r, far, "d4 0-0 move:2 1")
	at := s.Pawns()
	near := ranks(&at, s.Ring())
	for c, rank := range near {
		p := naive.Prior(s.Pawns(), s.Ring())[c]
		if rank == 0 && p < 0.4 || rank != 0 && p > 0.15 {
			t.Errorf("Naive's prior for the pawn of rank %d: %.3f", rank, p)
		}
	}
}
