package main

import (
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/boardfile"
	"github.com/tavoliere/tavoliere/engine/quarto"
	"github.com/tavoliere/tavoliere/engine/registry"
	"github.com/tavoliere/tavoliere/hw"
)

// TestQuartoBoardFileRack: the reference Quarto build's 16 slots are the game's rack, in the
// order its comment documents (r11 sLRH … r44 BDQF), and lifting a piece from one hands it
// over.
func TestQuartoBoardFileRack(t *testing.T) {
	f, err := boardfile.Load("../../firmware-config/quarto-4x4-gpio-reserve.toml")
	if err != nil {
		t.Fatal(err)
	}
	spec, err := f.Spec()
	if err != nil {
		t.Fatal(err)
	}
	layout, err := boards.NewLayout(spec)
	if err != nil {
		t.Fatal(err)
	}
	rules, err := registry.New("quarto", nil)
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	ref, err := boards.NewReferee(boards.DefaultConfig(layout, rules), at)
	if err != nil {
		t.Fatal(err)
	}
	cells := make([]hw.Reading, layout.Cells())
	for i := range 16 {
		cells[16+i] = 1 // every piece in its slot
	}
	frame := func(d time.Duration) {
		for end := at.Add(d); at.Before(end); {
			at = at.Add(20 * time.Millisecond)
			ref.HandleFrame(hw.Frame{At: at, Cells: cells})
		}
	}
	frame(time.Second)
	rack := ref.Snapshot().Rack
	if len(rack) != 16 {
		t.Fatalf("rack of %d places", len(rack))
	}
	for i, p := range rack {
		if !p.Slot || !p.Read || !p.In || quarto.CodeOf(p.Piece) != i {
			t.Fatalf("rack place %d: %+v", i, p)
		}
	}
	// Slot r43 holds sDQF: lifting it is the first turn, handing sDQF over.
	for _, s := range spec.Slots {
		if s.Name == "r43" {
			cells[s.Cell] = 0
		}
	}
	frame(200 * time.Millisecond)
	if h := ref.History(); len(h) != 1 || rules.FormatMove(h[0]) != "sDQF" {
		t.Fatalf("moves %v after lifting r43", h)
	}
}
