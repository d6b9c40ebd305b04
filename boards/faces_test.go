package boards

import (
	"slices"
	"testing"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/registry"
)

// TestFacesAndOwnPieces: each player's face and piece as read from the rules, for every
// game: Push's Black moves first with face 2; Krypte's first player is Black; Quarto's
// pieces are everybody's (face 1), its first piece put by the second player; Quixo for
// four's teams share their symbols.
func TestFacesAndOwnPieces(t *testing.T) {
	for _, c := range []struct {
		id    string
		faces []int
		own   []engine.Piece
	}{
		{"quadwrangle", []int{1, 2}, []engine.Piece{1, 2}},
		{"crowded", []int{1, 2}, []engine.Piece{1, 2}},
		{"quarto", []int{1, 1}, []engine.Piece{9, 5}},
		{"quad", []int{1, 2}, []engine.Piece{5, 6}},
		{"quantik", []int{1, 2}, []engine.Piece{5, 6}},
		{"quixo", []int{1, 2}, []engine.Piece{1, 2}},
		{"quixo4", []int{1, 2, 3, 4}, []engine.Piece{5, 6, 5, 6}},
		{"push", []int{1, 2}, []engine.Piece{2, 1}},
		{"push4", []int{1, 1, 1, 1}, []engine.Piece{5, 9, 13, 17}},
		{"xequeo", []int{1, 1}, []engine.Piece{5, 5}},
		{"krypte", []int{2, 1}, []engine.Piece{2, 1}},
	} {
		r, err := registry.New(c.id, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := Faces(r); !slices.Equal(got, c.faces) {
			t.Errorf("%s: faces %v, want %v", c.id, got, c.faces)
		}
		if got := OwnPieces(r); !slices.Equal(got, c.own) {
			t.Errorf("%s: own pieces %v, want %v", c.id, got, c.own)
		}
		if got := OwnPieces(r); !slices.Equal(got, c.own) { // (from the cache)
			t.Errorf("%s: own pieces again %v, want %v", c.id, got, c.own)
		}
	}
}

// TestPlayerPieces: the piece each player is shown with, after the moves given: the game's
// own choice where it makes one (Quarto: the piece the player to move holds, none on the
// first turn; Quixo for four: the team's symbol, the dot pointing to the player; Xe Queo!:
// none), else the piece of his colour.
func TestPlayerPieces(t *testing.T) {
	for _, c := range []struct {
		id    string
		moves []string
		want  []engine.Piece
	}{
		{"quarto", nil, []engine.Piece{0, 0}},
		{"quarto", []string{"BLRH"}, []engine.Piece{0, 9}}, // BLRH, handed to the second player
		{"quixo", nil, []engine.Piece{1, 2}},
		{"quixo4", nil, []engine.Piece{1 | 1<<2, 2 | 1<<2, 1 | 2<<2, 2 | 2<<2}},
		{"xequeo", nil, []engine.Piece{0, 0}},
		{"push", nil, []engine.Piece{2, 1}},
		{"krypte", []string{"d1"}, []engine.Piece{2, 1}},
	} {
		r, err := registry.New(c.id, nil)
		if err != nil {
			t.Fatal(err)
		}
		s := r.Start()
		for _, text := range c.moves {
			if _, err := engine.Play(s, text); err != nil {
				t.Fatalf("%s: %v", c.id, err)
			}
		}
		if got := PlayerPieces(s); !slices.Equal(got, c.want) {
			t.Errorf("%s after %v: %v, want %v", c.id, c.moves, got, c.want)
		}
	}
	if r, _ := registry.New("quarto", nil); r.(engine.PieceNamer).PieceName(9) != "BLRH" {
		t.Errorf("piece 9 is %s, not BLRH", r.(engine.PieceNamer).PieceName(9))
	}
}
