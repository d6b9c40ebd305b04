package kiosk

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/registry"
	"github.com/tavoliere/tavoliere/hw"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// goldenPlies are the positions of each game the golden file holds: the start, the first
// moves (Quarto's first piece handed over, Xe Queo!'s ring put down) and a position some
// way in.
var goldenPlies = []int{0, 1, 2, 9}

// publishedAt is the one field of the state that is the clock's, not the game's.
var publishedAt = regexp.MustCompile(`"publishedAt":"[^"]*"`)

// TestEncodeGolden encodes positions of every game, as the state and as attract mode's demo,
// and compares the JSON byte for byte with testdata/encode.golden: what the page receives
// does not change when the code that decides it moves.
func TestEncodeGolden(t *testing.T) {
	var out bytes.Buffer
	for _, e := range registry.All() {
		r, err := e.New(nil)
		if err != nil {
			t.Fatal(err)
		}
		g := r.Geometry()
		layout, err := boards.NewLayout(boards.Spec{Files: g.Files, Ranks: g.Ranks, Kind: hw.Presence})
		if err != nil {
			t.Fatal(err)
		}
		s := r.Start()
		var moves []engine.Move
		var last engine.Bitboard
		for ply := 0; ply <= goldenPlies[len(goldenPlies)-1]; ply++ {
			if ply > 0 {
				l := s.Legal(nil)
				if len(l) == 0 || s.Outcome().Over {
					break
				}
				m := l[(ply*5+3)%len(l)]
				f := s.Footprint(m)
				last = f.Emptied | f.Filled | f.Flipped | f.Replaced | f.Line
				s.Play(m)
				moves = append(moves, m)
			}
			if !slices.Contains(goldenPlies, ply) {
				continue
			}
			cfg := boards.DefaultConfig(layout, r)
			cfg.Sides = []boards.Side{boards.Human, boards.AI}
			cfg.Resume = append([]engine.Move{}, moves...)
			ref, err := boards.NewReferee(cfg, time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC))
			if err != nil {
				t.Fatalf("%s at ply %d: %v", e.ID, ply, err)
			}
			phys := make([]engine.Piece, g.Size())
			for sq := range phys {
				phys[sq] = s.PieceAt(engine.Square(sq))
			}
			b, err := Encode(ref.Snapshot(), Facts{Version: 7, Faces: boards.Faces(r), Phys: phys})
			if err != nil {
				t.Fatal(err)
			}
			b = publishedAt.ReplaceAll(b, []byte(`"publishedAt":""`))
			fmt.Fprintf(&out, "%s ply %d state\n%s\n", e.ID, ply, b)
			demo := ""
			if ply > 0 {
				demo = r.FormatMove(moves[len(moves)-1])
			}
			d, err := json.Marshal(DemoOf(s, demo, last))
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&out, "%s ply %d demo\n%s\n", e.ID, ply, d)
		}
	}
	path := filepath.Join("testdata", "encode.golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	if !bytes.Equal(out.Bytes(), want) {
		got, wantLines := bytes.Split(out.Bytes(), []byte("\n")), bytes.Split(want, []byte("\n"))
		for i := range min(len(got), len(wantLines)) {
			if !bytes.Equal(got[i], wantLines[i]) {
				t.Fatalf("line %d differs from %s:\n got %s\nwant %s", i+1, path, got[i], wantLines[i])
			}
		}
		t.Fatalf("%d lines, %s has %d", len(got), path, len(wantLines))
	}
}

// A question about moves read from the board alone reaches the page as askingFirst; an
// ordinary one does not.
func TestEncodeAskingFirst(t *testing.T) {
	r, err := registry.New("quadwrangle", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, first := range []bool{true, false} {
		snap := boards.Snapshot{Rules: r, Position: r.Start().String(), Asking: []string{"a3-d3", "a6-c6"}, AskingFirst: first}
		b, err := Encode(snap, Facts{})
		if err != nil {
			t.Fatal(err)
		}
		var st map[string]any
		if err := json.Unmarshal(b, &st); err != nil {
			t.Fatal(err)
		}
		if got, ok := st["askingFirst"].(bool); !ok || got != first {
			t.Errorf("AskingFirst %v: askingFirst %v, want %v", first, st["askingFirst"], first)
		}
	}
}
