package xqai

import (
	"context"
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/enginetest"
	"github.com/tavoliere/tavoliere/engine/xequeo"
)

// withPawn gives a the secret pawn c for the round of s, as Choose would have.
func withPawn(t *testing.T, a *AI, s *xequeo.State, c xequeo.Colour) {
	t.Helper()
	sec, err := xequeo.NewSecret(s.Score(0)+s.Score(1)+1, c)
	if err != nil {
		t.Fatal(err)
	}
	a.secret, a.round = sec, sec.Round
}

// TestAIBeatsRandom: in a short match series with an iteration budget the AI takes most of
// the rings from RandomToward, every card shown is the one committed to, and the same seed
// replays the same moves.
func TestAIBeatsRandom(t *testing.T) {
	rounds := 40
	if !short() {
		rounds = 200
	}
	play := func() (Result, [][]string) {
		var moves [][]string
		a := Arena{A: AIFactory(Options{Iterations: 200}), B: RandomFactory, Rounds: rounds, Seed: 11}
		res, err := a.Play(context.Background(), func(m MatchReport) { moves = append(moves, m.Moves) })
		if err != nil {
			t.Fatal(err)
		}
		return res, moves
	}
	res, moves := play()
	lo, hi := res.Interval()
	t.Logf("AI %d rings, RandomToward %d; matches %d-%d; share %.3f [%.3f, %.3f]",
		res.Rings[0], res.Rings[1], res.Matches[0], res.Matches[1], res.Share(), lo, hi)
	if res.Share() < 0.65 || res.Matches[0] <= res.Matches[1] {
		t.Errorf("the AI took %.3f of the rings and %d of %d matches from RandomToward", res.Share(), res.Matches[0], len(res.PerMatch))
	}
	if res.Verified != 2*res.Rounds {
		t.Errorf("%d commitments verified over %d rounds, want two a round", res.Verified, res.Rounds)
	}
	if _, again := play(); !reflect.DeepEqual(moves, again) {
		t.Error("the same seed and iteration budget played different moves")
	}
}

// TestAICommitment: the code the AI commits to at the start of a round does not change while
// it plays, its card is its pawn, and its reveal verifies against the code.
func TestAICommitment(t *testing.T) {
	r := mustRules(t, nil)
	s := position(t, r, far, "d4 0-0 move:2 1")
	a := NewAI(r, xequeo.Player2, Options{Iterations: 100, Seed: 5})
	ctx := context.Background()
	sec, err := a.Choose(ctx, s)
	if err != nil {
		t.Fatal(err)
	}
	code := a.Commitment()
	if code != sec.Commitment() || len(code) != 64 {
		t.Fatalf("Commitment %q, the secret's %q", code, sec.Commitment())
	}
	m, err := a.Act(ctx, s)
	if err != nil {
		t.Fatal(err)
	}
	a.Seen(s, m)
	s.Play(m)
	if s.Phase() == xequeo.Move { // the opponent challenges the AI's pawn
		m = xequeo.Challenge(sec.Colour)
		a.Seen(s, m)
		s.Play(m)
	}
	if s.Turn() != xequeo.Player2 || s.Phase() == xequeo.Move {
		t.Fatalf("the AI should show a card in %s", s)
	}
	card, err := a.Act(ctx, s)
	if err != nil {
		t.Fatal(err)
	}
	if card != xequeo.Show(sec.Colour) || a.Commitment() != code {
		t.Errorf("the AI shows %s, commits to %s, having chosen %v under %s", r.FormatMove(card), a.Commitment(), sec.Colour, code)
	}
	got, err := xequeo.VerifyCommitment(code, a.Reveal())
	if err != nil || got.Colour != sec.Colour {
		t.Errorf("reveal %q against %s: %v, %v", a.Reveal(), code, got, err)
	}
}

// TestAIEntersItsPawn: the AI's yellow pawn can enter the ring, and so can red, which the
// opponent has pushed twice: the AI enters rather than challenge red or wait.
func TestAIEntersItsPawn(t *testing.T) {
	r := mustRules(t, nil)
	s := position(t, r, "Ra7 Og7 Ye5 Gg1 Bd7 Va4 Wg4", "d4 0-0 move:2 1")
	a := NewAI(r, xequeo.Player1, Options{Iterations: 200, Seed: 1})
	withPawn(t, a, s, xequeo.Yellow)
	for _, text := range []string{"a7-b6", "g1-f2", "b6-c5"} {
		m := mustMove(t, s, text)
		a.Seen(s, m)
		s.Play(m)
	}
	m, err := a.Act(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	if got := r.FormatMove(m); got != "e5-d4" {
		t.Errorf("the AI plays %s, want e5-d4 (belief %.3f, stats %+v)", got, a.Belief(), a.Stats())
	}
}

// TestAIChallengesWhenSure: the opponent has pushed red twice, into the ring's reach; every
// move leaves red there, so the AI challenges red rather than let him enter.
func TestAIChallengesWhenSure(t *testing.T) {
	r := mustRules(t, nil)
	s := position(t, r, far, "d4 0-0 move:2 1")
	a := NewAI(r, xequeo.Player1, Options{Iterations: 300, Seed: 2})
	withPawn(t, a, s, xequeo.Green)
	for _, text := range []string{"a7-b6", "g1-f2", "b6-c5"} {
		m := mustMove(t, s, text)
		a.Seen(s, m)
		s.Play(m)
	}
	m, err := a.Act(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	if m != xequeo.Challenge(xequeo.Red) {
		t.Errorf("the AI plays %s with belief %.3f (stats %+v), want xq:R", r.FormatMove(m), a.Belief(), a.Stats())
	}
}

// TestAIThinkBudget: with a time budget the AI stops at the first look at the clock past
// it, and it fails on a context already cancelled.
func TestAIThinkBudget(t *testing.T) {
	r := mustRules(t, nil)
	s := position(t, r, far, "d4 0-0 move:2 1")
	now := time.Unix(0, 0)
	clock := func() time.Time { now = now.Add(100 * time.Microsecond); return now }
	a := NewAI(r, xequeo.Player2, Options{Think: time.Millisecond, Clock: clock})
	withPawn(t, a, s, xequeo.Green)
	if _, err := a.Act(context.Background(), s); err != nil {
		t.Fatal(err)
	}
	// The clock advances 100µs a look: the start, then one look every checkEvery playouts.
	if st := a.Stats(); st.Playouts != 10*checkEvery || st.Elapsed < time.Millisecond {
		t.Errorf("%d playouts in %v, want %d in 1ms", st.Playouts, st.Elapsed, 10*checkEvery)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := a.Act(ctx, s); !errors.Is(err, context.Canceled) {
		t.Errorf("Act with a cancelled context: %v", err)
	}
	if _, err := NewAI(r, xequeo.Player2, Options{}).Act(context.Background(), s); !errors.Is(err, ErrNoBudget) {
		t.Errorf("Act without a budget: %v", err)
	}
}

// TestAIMoveAllocs: a decision allocates nothing once the AI's buffers have grown.
func TestAIMoveAllocs(t *testing.T) {
	if enginetest.Race {
		t.Skip("the race detector allocates")
	}
	r, s := benchPosition(t)
	a := NewAI(r, s.Turn(), Options{Iterations: 300, Seed: 1})
	withPawn(t, a, s, xequeo.Violet)
	ctx := context.Background()
	if n := testing.AllocsPerRun(10, func() {
		if _, err := a.Act(ctx, s); err != nil {
			t.Fatal(err)
		}
	}); n != 0 {
		t.Errorf("a decision allocates %.1f times", n)
	}
}

// TestManyRounds: whole matches between every pair of players under both metrics, with
// small budgets, end without an error: every move legal, every card true, every commitment
// verified.
func TestManyRounds(t *testing.T) {
	rounds := 1000
	if short() {
		rounds = 50
	}
	ai := AIFactory(Options{Iterations: 20})
	for _, metric := range []string{"euclid", "octile"} {
		for _, pair := range []struct {
			name string
			a, b Factory
		}{
			{"ai-random", ai, RandomFactory},
			{"naive-ai", NaiveFactory, ai},
			{"random-naive", RandomFactory, NaiveFactory},
			{"ai-ai", ai, ai},
		} {
			a := Arena{A: pair.a, B: pair.b, Rounds: rounds, Seed: 3, Settings: map[string]string{"distance": metric}}
			res, err := a.Play(context.Background(), nil)
			if err != nil {
				t.Fatalf("%s, %s: %v", metric, pair.name, err)
			}
			if res.Rounds < rounds || res.Verified != 2*res.Rounds || res.Rings[0]+res.Rings[1] != res.Rounds {
				t.Errorf("%s, %s: %+v", metric, pair.name, res.Rings)
			}
		}
	}
}

// TestNaive: Naive takes the nearest pawn and pushes it as far as it goes.
func TestNaive(t *testing.T) {
	r := mustRules(t, nil)
	ctx := context.Background()
	// Red on d6 is the nearest pawn to the ring on d4; d5 brings it closest.
	s := position(t, r, "Rd6 Og7 Ya1 Gg1 Bd7 Va4 Wg4", "d4 0-0 move:2 1")
	p := NewNaive(r, xequeo.Player2, 1)
	sec, err := p.Choose(ctx, s)
	if err != nil {
		t.Fatal(err)
	}
	if sec.Colour != xequeo.Red {
		t.Errorf("Naive chose %v, want red", sec.Colour)
	}
	if m, err := p.Act(ctx, s); err != nil || r.FormatMove(m) != "d6-d5" {
		t.Errorf("Naive plays %s (%v), want d6-d5", r.FormatMove(m), err)
	}
}

// TestNaiveChallenges: Naive challenges the colour the opponent has moved most once it
// leads by NaiveLead moves, not before.
func TestNaiveChallenges(t *testing.T) {
	r := mustRules(t, nil)
	ctx := context.Background()
	s := position(t, r, far, "d4 0-0 move:2 1")
	p := NewNaive(r, xequeo.Player1, 1)
	if _, err := p.Choose(ctx, s); err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{"g1-f2", "", "f2-e3"} { // the opponent's green, twice
		var m engine.Move
		if text == "" {
			var err error
			if m, err = p.Act(ctx, s); err != nil || s.Validate(m) != nil {
				t.Fatalf("Naive plays %s: %v", r.FormatMove(m), err)
			}
			if m == xequeo.Challenge(xequeo.Green) {
				t.Fatal("Naive challenges after one move")
			}
		} else {
			m = mustMove(t, s, text)
		}
		p.Seen(s, m)
		s.Play(m)
	}
	if m, _ := p.Act(ctx, s); m != xequeo.Challenge(xequeo.Green) {
		t.Errorf("Naive plays %s after two green moves, want xq:G", r.FormatMove(m))
	}
}

// TestRandomToward: RandomToward makes legal pawn moves, challenges now and then, and shows
// its pawn.
func TestRandomToward(t *testing.T) {
	r := mustRules(t, nil)
	ctx := context.Background()
	p := NewRandomToward(9)
	challenges := 0
	for range 400 {
		s := position(t, r, far, "d4 0-0 move:2 1")
		if _, err := p.Choose(ctx, s); err != nil {
			t.Fatal(err)
		}
		m, err := p.Act(ctx, s)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Validate(m); err != nil {
			t.Fatal(err)
		}
		if _, ok := xequeo.MoveColour(m); ok {
			challenges++
		}
	}
	if challenges < 5 || challenges > 40 {
		t.Errorf("%d challenges in 400 turns, want about %v", challenges, 400*RandomChallenge)
	}
	s := position(t, r, far, "d4 0-0 show:2 xq:R 3")
	sec, err := p.Choose(ctx, position(t, r, far, "d4 0-0 move:2 1"))
	if err != nil {
		t.Fatal(err)
	}
	if card, err := p.Act(ctx, s); err != nil || card != xequeo.Show(sec.Colour) {
		t.Errorf("shows %s (%v), chose %v", r.FormatMove(card), err, sec.Colour)
	}
}
