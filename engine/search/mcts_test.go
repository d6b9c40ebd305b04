package search

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"
	"unsafe"

	"github.com/tavoliere/tavoliere/engine"
)

func TestFindsWinningMove(t *testing.T) {
	teams := func(pile int) *nimRules {
		r := newNim(4, pile)
		r.teams = true
		return r
	}
	tests := []struct {
		name  string
		rules *nimRules
		turn  int
		want  engine.Move
	}{
		{"2p pile 3", newNim(2, 3), 0, 3},
		{"2p pile 5", newNim(2, 5), 0, 1},
		{"2p pile 6", newNim(2, 6), 1, 2},
		{"2p pile 7", newNim(2, 7), 0, 3},
		{"2p pile 10", newNim(2, 10), 1, 2},
		{"4p pile 2", newNim(4, 2), 3, 2},
		{"4p pile 3", newNim(4, 3), 2, 3},
		{"teams pile 5", teams(5), 1, 1},
		{"teams pile 7", teams(7), 2, 3},
	}
	for _, tt := range tests {
		for seed := range uint64(5) {
			t.Run(fmt.Sprintf("%s seed %d", tt.name, seed), func(t *testing.T) {
				s := tt.rules.at(tt.rules.pile, tt.turn)
				res, err := NewMCTS(MCTSOptions{Iterations: 3000, Seed: seed}).Search(t.Context(), s)
				if err != nil {
					t.Fatal(err)
				}
				if res.Move != tt.want || res.Value < 0.75 {
					t.Errorf("move %d value %.3f, want %d with value ≥ 0.75; children %v",
						res.Move, res.Value, tt.want, res.Children)
				}
			})
		}
	}
}

// In a lost position the value must be low: the opponents' nodes must be scored for the
// opponents, who then find their wins.
func TestLostPositionValue(t *testing.T) {
	tests := []struct {
		name  string
		rules *nimRules
		turn  int
	}{
		{"2p pile 4", newNim(2, 4), 0},
		{"2p pile 8", newNim(2, 8), 1},
		{"4p pile 4", newNim(4, 4), 2}, // every move hands the next player the last stones
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := tt.rules.at(tt.rules.pile, tt.turn)
			res, err := NewMCTS(MCTSOptions{Iterations: 5000, Seed: 1}).Search(t.Context(), s)
			if err != nil {
				t.Fatal(err)
			}
			if res.Value > 0.25 {
				t.Errorf("value %.3f, want ≤ 0.25; children %v", res.Value, res.Children)
			}
		})
	}
}

func TestDeterministic(t *testing.T) {
	for _, r := range []*nimRules{newNim(2, 21), newNim(4, 30)} {
		o := MCTSOptions{Iterations: 1500, Seed: 42}
		s := r.Start()
		reused := NewMCTS(o)
		first, err := reused.Search(t.Context(), s)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := reused.Search(t.Context(), newNim(2, 9).Start()); err != nil {
			t.Fatal(err)
		}
		for _, m := range []*MCTS{NewMCTS(o), reused} {
			again, err := m.Search(t.Context(), s)
			if err != nil {
				t.Fatal(err)
			}
			if again.Move != first.Move || again.Iterations != first.Iterations ||
				again.Value != first.Value || !slices.Equal(again.Children, first.Children) {
				t.Errorf("%d players: search differs on replay:\n%+v\n%+v", r.players, first, again)
			}
		}
		if first.Iterations != o.Iterations {
			t.Errorf("%d iterations, want %d", first.Iterations, o.Iterations)
		}
	}
}

// With a fake clock a time-bounded search is reproducible too, and stops at the first
// check after the deadline.
func TestThinkFakeClock(t *testing.T) {
	now := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	clock := func() time.Time {
		now = now.Add(time.Millisecond)
		return now
	}
	res, err := NewMCTS(MCTSOptions{Think: 10 * time.Millisecond, Clock: clock}).Search(t.Context(), newNim(2, 50).Start())
	if err != nil {
		t.Fatal(err)
	}
	if want := 10 * checkEvery; res.Iterations != want {
		t.Errorf("%d iterations, want %d", res.Iterations, want)
	}
	if res.Elapsed != 11*time.Millisecond {
		t.Errorf("elapsed %v, want 11ms", res.Elapsed)
	}
}

func TestCancelledBeforeStart(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	_, err := NewMCTS(MCTSOptions{Iterations: 1 << 30, Think: time.Hour}).Search(ctx, newNim(2, 100).Start())
	if !errors.Is(err, context.Canceled) {
		t.Errorf("error %v, want context.Canceled", err)
	}
}

func TestCancelledDuring(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	s := newNim(2, 1000).Start()
	type answer struct {
		res Result
		err error
	}
	done := make(chan answer, 1)
	go func() {
		res, err := NewMCTS(MCTSOptions{Think: time.Hour, Seed: 3}).Search(ctx, s)
		done <- answer{res, err}
	}()
	time.Sleep(20 * time.Millisecond)
	cancel()
	select {
	case a := <-done:
		if a.err != nil {
			t.Fatal(a.err)
		}
		if a.res.Iterations == 0 || a.res.Move < 1 || a.res.Move > 3 {
			t.Errorf("result %+v, want a legal move after some iterations", a.res)
		}
	case <-time.After(time.Minute):
		t.Fatal("search did not stop when its context was cancelled")
	}
}

func TestGameOver(t *testing.T) {
	capped := newNim(2, 10)
	capped.moveCap = 2 // Legal still offers moves; only Outcome knows the game is over
	over := capped.Start()
	over.Play(1)
	over.Play(1)
	won := newNim(2, 1).Start()
	won.Play(1)
	for _, s := range []engine.State{won, over, newNim(2, 0).Start()} {
		_, err := NewMCTS(MCTSOptions{Iterations: 100}).Search(t.Context(), s)
		if !errors.Is(err, ErrGameOver) {
			t.Errorf("position %s: error %v, want ErrGameOver", s, err)
		}
	}
}

// The move cap is a history rule: a search that asked Legal before Outcome would play on
// past it and find wins and losses where there are only draws.
func TestOutcomeBeforeLegal(t *testing.T) {
	r := newNim(2, 20)
	r.moveCap = 2
	res, err := NewMCTS(MCTSOptions{Iterations: 500}).Search(t.Context(), r.Start())
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range res.Children {
		if c.Value != 0.5 {
			t.Errorf("move %d value %v, want 0.5 (every line is drawn by the move cap)", c.Move, c.Value)
		}
	}
}

func TestPlayoutCap(t *testing.T) {
	r := newNim(2, 5)
	r.endless = true
	res, err := NewMCTS(MCTSOptions{Iterations: 300, PlayoutCap: 20}).Search(t.Context(), r.Start())
	if err != nil {
		t.Fatal(err)
	}
	if res.Value != 0.5 || res.Iterations != 300 {
		t.Errorf("value %v after %d iterations, want 0.5 after 300", res.Value, res.Iterations)
	}
}

func TestNoLegalMoves(t *testing.T) {
	r := newNim(2, 5)
	r.max = 0 // not over, yet no moves: a broken game
	s := r.Start()
	_, err := NewMCTS(MCTSOptions{Iterations: 10}).Search(t.Context(), s)
	if err == nil || errors.Is(err, ErrGameOver) {
		t.Errorf("error %v, want a broken-contract error", err)
	}
}

func TestBadOptions(t *testing.T) {
	for _, o := range []MCTSOptions{
		{},
		{Iterations: -1},
		{Think: -time.Second},
		{Iterations: 10, PlayoutCap: -1},
		{Iterations: 10, Exploration: -1},
	} {
		if _, err := NewMCTS(o).Search(t.Context(), newNim(2, 5).Start()); err == nil {
			t.Errorf("options %+v: no error", o)
		}
	}
	if _, err := NewMCTS(MCTSOptions{}).Search(t.Context(), newNim(2, 5).Start()); !errors.Is(err, ErrNoBudget) {
		t.Errorf("no budget: error %v, want ErrNoBudget", err)
	}
}

func TestLeavesStateAlone(t *testing.T) {
	r := newNim(4, 30)
	s := r.Start()
	for _, m := range []engine.Move{3, 1, 2} {
		s.Play(m)
	}
	str, hash, ply, turn := s.String(), s.Hash(), s.Ply(), s.Turn()
	if _, err := NewMCTS(MCTSOptions{Iterations: 2000}).Search(t.Context(), s); err != nil {
		t.Fatal(err)
	}
	if s.String() != str || s.Hash() != hash || s.Ply() != ply || s.Turn() != turn {
		t.Errorf("state changed: %s hash %x ply %d turn %d, was %s hash %x ply %d turn %d",
			s, s.Hash(), s.Ply(), s.Turn(), str, hash, ply, turn)
	}
	for range 3 {
		s.Undo()
	}
	if s.String() != r.Start().String() {
		t.Errorf("after undoing the game: %s, want the start %s", s, r.Start())
	}
}

// A search allocates per search (the clone, the result), never per iteration.
func TestAllocsPerSearch(t *testing.T) {
	s := newNim(2, 40).Start()
	m := NewMCTS(MCTSOptions{Iterations: 4000})
	allocs := func(iterations int) float64 {
		m.opt.Iterations = iterations
		return testing.AllocsPerRun(5, func() {
			if _, err := m.Search(context.Background(), s); err != nil {
				t.Fatal(err)
			}
		})
	}
	allocs(4000) // grows the arena
	if few, many := allocs(50), allocs(4000); many != few {
		t.Errorf("%v allocations for 4000 iterations, %v for 50: want no allocation per iteration", many, few)
	}
}

func BenchmarkMCTS(b *testing.B) {
	for _, r := range []*nimRules{newNim(2, 21), newNim(4, 100)} {
		b.Run(fmt.Sprintf("nim%dp%d", r.players, r.pile), func(b *testing.B) {
			const iterations = 10000
			m := NewMCTS(MCTSOptions{Iterations: iterations, Seed: 1})
			s := r.Start()
			b.ReportAllocs()
			for b.Loop() {
				if _, err := m.Search(b.Context(), s); err != nil {
					b.Fatal(err)
				}
			}
			total := float64(b.N) * iterations
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/total, "ns/playout")
			b.ReportMetric(total/b.Elapsed().Seconds(), "playouts/s")
		})
	}
}

func ExampleMCTS() {
	game := newNim(2, 7) // take 1…3 stones; whoever takes the last one wins
	ai := NewMCTS(MCTSOptions{Iterations: 2000, Seed: 1})
	res, err := ai.Search(context.Background(), game.Start())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("take", game.FormatMove(res.Move), "of 7, leaving the opponent a multiple of 4")
	// Output: take 3 of 7, leaving the opponent a multiple of 4
}

// The tree stops growing at MaxNodes (a node's children are added together, so it may pass
// it by one position's moves), and the search goes on with playouts from its leaves, still
// finding the winning move. A node is 40 bytes, as DefaultMaxNodes's doc says.
func TestMaxNodes(t *testing.T) {
	r := newNim(2, 7)
	m := NewMCTS(MCTSOptions{Iterations: 20000, Seed: 1, MaxNodes: 60})
	res, err := m.Search(context.Background(), r.Start())
	if err != nil {
		t.Fatal(err)
	}
	if len(m.nodes) > 60+r.max || len(m.nodes) < 60 {
		t.Fatalf("%d nodes, want 60 to %d", len(m.nodes), 60+r.max)
	}
	if res.Move != 3 {
		t.Fatalf("took %d of 7, want 3", res.Move)
	}
	if size := unsafe.Sizeof(node{}); size != 40 {
		t.Errorf("a node is %d bytes", size)
	}
}
