package search

import (
	"slices"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/engine/quixo"
)

// TestLevelPlayer: a level's player keeps the level's budget and random moves through the
// options the match gives each move, and only takes the seed.
func TestLevelPlayer(t *testing.T) {
	easy, ok := LevelNamed("easy")
	if !ok {
		t.Fatal("easy is not a level")
	}
	r, err := quixo.New(quixo.ID, nil)
	if err != nil {
		t.Fatal(err)
	}
	p := easy.Player()(r, Options{Think: time.Hour, Iterations: 7, Seed: 5}).(*levelPlayer)
	got := p.level.Options(Options{Think: time.Hour, Iterations: 7, Seed: 9})
	if got.Think != 100*time.Millisecond || got.Iterations != 0 || got.Blunder != 0.15 || got.Seed != 9 {
		t.Fatalf("easy's options %+v: want 100ms, no iteration budget, blunder 0.15, seed 9", got)
	}
	p.SetOptions(Options{Think: time.Hour, Iterations: 7, Seed: 9})
	if p.AI.opt.Think != 100*time.Millisecond || p.AI.opt.Iterations != 0 || p.AI.opt.Blunder != 0.15 {
		t.Fatalf("easy's AI after SetOptions: %+v", p.AI.opt)
	}
	if _, ok := LevelNamed("grandmaster"); ok {
		t.Fatal("an unknown level is named")
	}
}

// TestLevels: the levels the kiosk offers, weakest first, with the budgets README.md quotes.
func TestLevels(t *testing.T) {
	if got, want := LevelNames(), []string{"beginner", "easy", "normal", "strong", "strongest"}; !slices.Equal(got, want) {
		t.Fatalf("levels %v, want %v", got, want)
	}
	want := map[string]struct {
		think   time.Duration
		blunder float64
	}{
		"beginner": {20 * time.Millisecond, 0.4}, "easy": {100 * time.Millisecond, 0.15}, "normal": {300 * time.Millisecond, 0},
		"strong": {700 * time.Millisecond, 0}, "strongest": {time.Second, 0},
	}
	for _, l := range Levels() {
		if w := want[l.Name]; l.Think != w.think || l.Blunder != w.blunder {
			t.Errorf("%s: %v and %v random, want %v and %v", l.Name, l.Think, l.Blunder, w.think, w.blunder)
		}
	}
}
