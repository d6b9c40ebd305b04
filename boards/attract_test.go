package boards

import (
	"context"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/quadwrangle"
	"github.com/tavoliere/tavoliere/hw"
	"github.com/tavoliere/tavoliere/hw/sim"
)

// TestSessionAttract: while attract mode is on the LEDs show the dim sweep and none of
// the game's lights (here an empty board against the start position, whose squares ask
// for pieces); off, they show the game's lights again, the referee untouched.
func TestSessionAttract(t *testing.T) {
	rules, _ := quadwrangle.New(quadwrangle.IDQuadWrangle, nil)
	layout, _ := NewLayout(Spec{Files: 7, Ranks: 7, Kind: hw.Presence})
	board, _ := sim.New(layout.Cells(), hw.Presence, layout.LEDs(), &sim.Opts{Period: 5 * time.Millisecond})
	s, err := NewSession(DefaultConfig(layout, rules), SessionOpts{Source: board, Sink: board, LightEvery: 10 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx) }()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Error(err)
		}
	}()
	gameLit := func() bool {
		leds, _ := board.Lights()
		for _, c := range leds {
			if c != hw.Off && c != attractHead && c != attractTail {
				return true
			}
		}
		return false
	}
	waitAttract(t, "the game's lights", gameLit)
	s.SetAttract(true)
	// (The session's loop applies it on its next light frame: waited for, not slept on, so
	// a busy machine cannot fail the test.)
	waitAttract(t, "the game's lights dark", func() bool { return !gameLit() })
	heads := 0
	for end := time.Now().Add((attractGap + 2) * attractStep); time.Now().Before(end); time.Sleep(5 * time.Millisecond) {
		if gameLit() {
			t.Fatal("a light of the game's shows in attract mode")
		}
		leds, _ := board.Lights()
		for _, c := range leds {
			if c == attractHead {
				heads++
			}
		}
	}
	if heads == 0 {
		t.Error("the sweep never lit a square")
	}
	s.SetAttract(false)
	waitAttract(t, "the game's lights back", gameLit)
}

// TestAttractLightsMono: one-colour LEDs, which cannot dim, light one diagonal at full.
func TestAttractLightsMono(t *testing.T) {
	layout, _ := NewLayout(Spec{Files: 4, Ranks: 4, Kind: hw.Presence, Mono: true})
	dst := make(hw.LightFrame, layout.LEDs())
	at := time.Unix(0, int64(2*attractStep)) // the sweep's third step: the diagonal a3 b2 c1
	attractLights(layout, at, dst)
	for sq := range layout.Size() {
		want := hw.Off
		if sq%4+sq/4 == 2 {
			want = monoOn
		}
		if got := dst[layout.LEDOf(engine.Square(sq))]; got != want {
			t.Errorf("square %d: %v, want %v", sq, got, want)
		}
	}
}

func waitAttract(t *testing.T, what string, ok func() bool) {
	t.Helper()
	for end := time.Now().Add(10 * time.Second); !ok(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("waited 10 s for %s", what)
		}
	}
}
