package sim

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/hw"
)

// The interfaces the simulated board stands in for.
var (
	_ hw.Source = (*Board)(nil)
	_ hw.Sink   = (*Board)(nil)
	_ hw.Dimmer = (*Board)(nil)
)

var epoch = time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)

func newBoard(t *testing.T, cells int, k hw.SensorKind, leds int, o *Opts) *Board {
	t.Helper()
	b, err := New(cells, k, leds, o)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestNew(t *testing.T) {
	tests := []struct {
		cells, leds int
		ok          bool
	}{
		{0, 0, false},
		{-1, 4, false},
		{2000, 64, false},
		{1025, 0, false},
		{64, -1, false},
		{64, 2000, false},
		{1, 0, true},
		{64, 64, true},
		{1024, 1024, true},
	}
	for _, tt := range tests {
		b, err := New(tt.cells, hw.Presence, tt.leds, nil)
		if tt.ok {
			if err != nil {
				t.Errorf("New(%d, %d): %v", tt.cells, tt.leds, err)
				continue
			}
			if b.Cells() != tt.cells || b.LEDs() != tt.leds || b.Kind() != hw.Presence {
				t.Errorf("New(%d, %d): Cells %d LEDs %d Kind %v", tt.cells, tt.leds, b.Cells(), b.LEDs(), b.Kind())
			}
			continue
		}
		if err == nil {
			t.Errorf("New(%d, %d) = %v, want an error", tt.cells, tt.leds, b)
			continue
		}
		if !strings.HasPrefix(err.Error(), "sim: ") || !strings.Contains(err.Error(), "1…1024") {
			t.Errorf("New(%d, %d): error %q does not say sim or the limits", tt.cells, tt.leds, err)
		}
	}
}

func TestString(t *testing.T) {
	b := newBoard(t, 40, hw.Polarity, 36, nil)
	s := b.String()
	for _, want := range []string{"40", "polarity", "36"} {
		if !strings.Contains(s, want) {
			t.Errorf("String() = %q, want it to mention %q", s, want)
		}
	}
}

func TestSetGetLiftPut(t *testing.T) {
	b := newBoard(t, 4, hw.Identity, 0, nil)
	for c := range 4 {
		if v := b.Get(c); v != 0 {
			t.Errorf("new board: Get(%d) = %d, want 0", c, v)
		}
	}
	b.Set(1, 7)
	b.Put(2, 9)
	if b.Get(1) != 7 || b.Get(2) != 9 || b.Get(0) != 0 || b.Get(3) != 0 {
		t.Errorf("after Set(1, 7), Put(2, 9): %d %d %d %d", b.Get(0), b.Get(1), b.Get(2), b.Get(3))
	}
	if v := b.Lift(1); v != 7 {
		t.Errorf("Lift(1) = %d, want 7", v)
	}
	if v := b.Get(1); v != 0 {
		t.Errorf("after Lift(1): Get(1) = %d, want 0", v)
	}
	if v := b.Lift(0); v != 0 {
		t.Errorf("Lift of an empty cell = %d, want 0", v)
	}
	b.Set(2, 0)
	if v := b.Get(2); v != 0 {
		t.Errorf("after Set(2, 0): Get(2) = %d, want 0", v)
	}
}

func TestFlip(t *testing.T) {
	tests := []struct {
		kind      hw.SensorKind
		from, got hw.Reading
	}{
		{hw.Polarity, 1, 2},
		{hw.Polarity, 2, 1},
		{hw.Polarity, 0, 0},
		{hw.Presence, 1, 1},
		{hw.Presence, 0, 0},
		{hw.Identity, 1, 1},
		{hw.Identity, 5, 5},
	}
	for _, tt := range tests {
		b := newBoard(t, 3, tt.kind, 0, nil)
		b.Set(1, tt.from)
		b.Flip(1)
		if v := b.Get(1); v != tt.got {
			t.Errorf("%v board: Flip of %d gives %d, want %d", tt.kind, tt.from, v, tt.got)
		}
		if b.Get(0) != 0 || b.Get(2) != 0 {
			t.Errorf("%v board: Flip(1) changed a neighbour", tt.kind)
		}
	}
	b := newBoard(t, 1, hw.Polarity, 0, nil)
	b.Set(0, 1)
	b.Flip(0)
	b.Flip(0)
	if v := b.Get(0); v != 1 {
		t.Errorf("two flips give %d, want 1", v)
	}
}

func TestLoadAndSnapshot(t *testing.T) {
	b := newBoard(t, 4, hw.Polarity, 0, nil)
	in := []hw.Reading{1, 0, 2, 1}
	b.Load(in)
	in[0] = 2 // Load copies
	var f hw.Frame
	b.Snapshot(epoch, &f)
	if !f.At.Equal(epoch) {
		t.Errorf("Snapshot stamped %v, want %v", f.At, epoch)
	}
	if want := []hw.Reading{1, 0, 2, 1}; !slices.Equal(f.Cells, want) {
		t.Errorf("Snapshot = %v, want %v", f.Cells, want)
	}
	f.Cells[1] = 2 // the frame is the caller's
	if v := b.Get(1); v != 0 {
		t.Errorf("changing the snapshot changed the board: Get(1) = %d", v)
	}

	// A second snapshot reuses the frame's buffer and does not share it with the board.
	buf := f.Cells
	b.Set(3, 0)
	b.Snapshot(epoch.Add(time.Second), &f)
	if want := []hw.Reading{1, 0, 2, 0}; !slices.Equal(f.Cells, want) {
		t.Errorf("second Snapshot = %v, want %v", f.Cells, want)
	}
	if &buf[0] != &f.Cells[0] {
		t.Errorf("Snapshot did not reuse the frame's buffer")
	}
	if !f.At.Equal(epoch.Add(time.Second)) {
		t.Errorf("second Snapshot stamped %v", f.At)
	}
	b.Set(0, 2)
	if f.Cells[0] != 1 {
		t.Errorf("changing the board changed an earlier snapshot")
	}
}

func TestShowAndLights(t *testing.T) {
	b := newBoard(t, 4, hw.Presence, 3, nil)
	if l, n := b.Lights(); n != 0 || !slices.Equal(l, hw.LightFrame{hw.Off, hw.Off, hw.Off}) {
		t.Errorf("new board: Lights() = %v, %d; want dark, 0", l, n)
	}
	red, green := hw.Color{R: 255}, hw.Color{G: 255}
	err := b.Show(hw.LightFrame{red, green})
	if err == nil || !strings.Contains(err.Error(), "light frame of 2 LEDs, the board has 3") {
		t.Errorf("Show of 2 LEDs on 3: error %v", err)
	}
	if _, n := b.Lights(); n != 0 {
		t.Errorf("a refused frame was counted: %d", n)
	}

	frame := hw.LightFrame{red, hw.Off, green}
	if err := b.Show(frame); err != nil {
		t.Fatal(err)
	}
	frame[0] = green // Show copies
	l, n := b.Lights()
	if n != 1 || !slices.Equal(l, hw.LightFrame{red, hw.Off, green}) {
		t.Errorf("Lights() = %v, %d; want [red off green], 1", l, n)
	}
	l[1] = red // Lights returns a copy
	if l2, _ := b.Lights(); l2[1] != hw.Off {
		t.Errorf("changing the copy from Lights changed the board: %v", l2)
	}
	if err := b.Show(hw.LightFrame{green, green, green}); err != nil {
		t.Fatal(err)
	}
	if _, n := b.Lights(); n != 2 {
		t.Errorf("frames shown = %d, want 2", n)
	}
	if err := b.Show(hw.LightFrame{green, green, green, green}); err == nil {
		t.Errorf("Show of 4 LEDs on 3: no error")
	}

	if err := b.Halt(); err != nil {
		t.Fatal(err)
	}
	if l, _ := b.Lights(); !slices.Equal(l, hw.LightFrame{hw.Off, hw.Off, hw.Off}) {
		t.Errorf("after Halt: Lights() = %v, want dark", l)
	}
	if b.LEDs() != 3 {
		t.Errorf("after Halt: LEDs() = %d, want 3", b.LEDs())
	}
}

func TestShowNoLEDs(t *testing.T) {
	b := newBoard(t, 4, hw.Presence, 0, nil)
	if err := b.Show(nil); err != nil {
		t.Errorf("Show(nil) on a board without LEDs: %v", err)
	}
	if err := b.Show(hw.LightFrame{hw.Off}); err == nil {
		t.Errorf("Show of 1 LED on a board without LEDs: no error")
	}
	if err := b.Halt(); err != nil {
		t.Errorf("Halt: %v", err)
	}
}

func TestRead(t *testing.T) {
	b := newBoard(t, 3, hw.Presence, 0, &Opts{Period: time.Millisecond, Clock: nil})
	b.Set(2, 1)
	ctx := t.Context()
	var f hw.Frame
	var last time.Time
	for i := range 5 {
		if i == 3 {
			b.Set(0, 1)
		}
		if err := b.Read(ctx, &f); err != nil {
			t.Fatalf("Read %d: %v", i, err)
		}
		want := []hw.Reading{0, 0, 1}
		if i >= 3 {
			want[0] = 1
		}
		if !slices.Equal(f.Cells, want) {
			t.Errorf("Read %d = %v, want %v", i, f.Cells, want)
		}
		if f.At.IsZero() || f.At.Before(last) {
			t.Errorf("Read %d stamped %v after %v", i, f.At, last)
		}
		last = f.At
	}
}

func TestReadStampsWithTheClock(t *testing.T) {
	clock := func() time.Time { return epoch }
	b := newBoard(t, 2, hw.Polarity, 0, &Opts{Period: time.Millisecond, Clock: clock})
	b.Set(0, 2)
	var f hw.Frame
	for i := range 3 {
		if err := b.Read(t.Context(), &f); err != nil {
			t.Fatalf("Read %d: %v", i, err)
		}
		if !f.At.Equal(epoch) {
			t.Errorf("Read %d stamped %v, want the clock's %v", i, f.At, epoch)
		}
		if !slices.Equal(f.Cells, []hw.Reading{2, 0}) {
			t.Errorf("Read %d = %v", i, f.Cells)
		}
	}
}

func TestReadCancelled(t *testing.T) {
	b := newBoard(t, 2, hw.Presence, 0, &Opts{Period: time.Millisecond})
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	f := hw.Frame{Cells: []hw.Reading{9, 9}}
	if err := b.Read(ctx, &f); !errors.Is(err, context.Canceled) {
		t.Errorf("Read with a cancelled context = %v, want context.Canceled", err)
	}
	if !f.At.IsZero() || !slices.Equal(f.Cells, []hw.Reading{9, 9}) {
		t.Errorf("a cancelled Read wrote the frame: %+v", f)
	}
}

func TestReadCancelledWhileWaiting(t *testing.T) {
	// The clock stands still, so the second frame is a whole period away.
	b := newBoard(t, 2, hw.Presence, 0, &Opts{Period: time.Hour, Clock: func() time.Time { return epoch }})
	var f hw.Frame
	if err := b.Read(t.Context(), &f); err != nil {
		t.Fatalf("first Read: %v", err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error, 1)
	go func() { done <- b.Read(ctx, &f) }()
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("Read cancelled while waiting = %v, want context.Canceled", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Read did not return after its context was cancelled")
	}
}

func TestConcurrentUse(t *testing.T) {
	const cells = 16
	b := newBoard(t, cells, hw.Polarity, cells, &Opts{Period: time.Millisecond})
	var wg sync.WaitGroup
	wg.Go(func() {
		for i := range 2000 {
			c := i % cells
			b.Set(c, hw.Reading(1+i%2))
			b.Flip(c)
			b.Lift((c + 1) % cells)
		}
	})
	wg.Go(func() {
		lights := make(hw.LightFrame, cells)
		for i := range 200 {
			lights[i%cells] = hw.Color{R: uint8(i)}
			if err := b.Show(lights); err != nil {
				t.Error(err)
				return
			}
			b.Lights()
		}
	})
	var f, g hw.Frame
	for i := range 20 {
		if err := b.Read(t.Context(), &f); err != nil {
			t.Fatal(err)
		}
		for range 50 {
			b.Snapshot(epoch, &g)
			_ = b.Get(i % cells)
		}
		if len(f.Cells) != cells || len(g.Cells) != cells {
			t.Fatalf("frames of %d and %d cells, want %d", len(f.Cells), len(g.Cells), cells)
		}
		for _, v := range g.Cells {
			if v > 2 {
				t.Fatalf("polarity reading %d", v)
			}
		}
	}
	wg.Wait()
	if _, n := b.Lights(); n != 200 {
		t.Errorf("frames shown = %d, want 200", n)
	}
}

// TestDimmer: the simulated board keeps the operator's level (hw.Dimmer) for the kiosk to
// read back, full until one is set; the lights it shows are the frames as given.
func TestDimmer(t *testing.T) {
	b, err := New(4, hw.Presence, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := b.Brightness(); got != 255 {
		t.Errorf("Brightness before any level = %d, want 255", got)
	}
	var d hw.Dimmer = b
	for _, level := range []uint8{1, 128, 255} {
		if err := d.SetBrightness(level); err != nil {
			t.Fatal(err)
		}
		if got := b.Brightness(); got != level {
			t.Errorf("Brightness after SetBrightness(%d) = %d", level, got)
		}
	}
}
