// Package quarto implements Blaise Muller's Quarto! and its variants (docs/rules/README.md,
// with the project's settings for the Simplified attribute and patterns and Pro's tilted
// squares): the base game, Advanced (2×2 blocks), Pro (axis squares of every size, tilted
// squares a setting) and Simplified (one attribute, a setting, on the ten lines).
//
// Sixteen shared pieces, each with four two-valued attributes. A turn is "place the piece you
// were given, then choose one for the opponent"; the first turn is a choice only, and a
// placement that wins or fills the board ends the turn. So one Move is the whole turn: a
// square, a piece handed over, or both (perft counts whole turns, 16 then 240 each).
// Players are "Player 1" (who hands over the first piece) and "Player 2"; the pieces are
// shared, so a position's value does not depend on who is to move.
//
// Pieces: a piece is a 4-bit code, bit 0 tall, bit 1 dark, bit 2 square, bit 3 solid; its
// notation is the rule sheet's attribute letters, B(ig)/s(mall), L(ight)/D(ark),
// R(ound)/Q (square), H(ollow)/F(ull): "BLRH" is code 0b0001, "sDQF" code 0b1110. As an
// engine.Piece it reads with its colour as the face (engine.Face1 light, engine.Face2 dark,
// as a magnet in the piece would) and code+1 as the identity.
//
// Move notation: "c3:sLQF" places the piece held at c3 and hands over sLQF; "sLQF" alone is
// the first turn; "c3" alone is a placement that wins or fills the board.
//
// Position notation: the ranks 4 (top) to 1, separated by '/', each from file a: '.' for an
// empty square, a piece's four letters for a piece; then the piece the player to move holds
// ('-' for none: at the start and once the game is over) and the player to move ('1' or '2').
// The start is
//
//	..../..../..../.... - 1
//
// The package imports only the standard library and engine.
package quarto

import (
	"fmt"

	"github.com/tavoliere/tavoliere/engine"
)

// Registry ids of the variants.
const (
	IDBase       = "quarto"
	IDAdvanced   = "quarto-advanced"
	IDPro        = "quarto-pro"
	IDSimplified = "quarto-simplified"
)

// Attribute bits of a piece code.
const (
	Tall   = 1 << iota // B, not s
	Dark               // D, not L
	Square             // Q, not R
	Solid              // F, not H
)

// NoPiece is the piece code for "none".
const NoPiece = -1

var attrNames = []string{"height", "colour", "shape", "fill"}

// SettingDefs returns the settings of variant id.
func SettingDefs(id string) []engine.Setting {
	switch id {
	case IDPro:
		return []engine.Setting{{Key: "tilted", Kind: engine.Bool, Default: "off",
			Doc: "tilted squares win too"}}
	case IDSimplified:
		return []engine.Setting{{Key: "attribute", Kind: engine.Choice, Default: "colour",
			Choices: attrNames, Doc: "the one attribute that counts"}}
	}
	return nil
}

// Rules is a variant of Quarto with its settings in force.
type Rules struct {
	id       string
	geo      *engine.Geometry
	settings engine.Settings
	patterns []uint16 // the winning patterns, 4 squares each
	attrs    uint8    // the attribute bits that count: 0b1111, or one bit in Simplified
	bySquare [16][]uint16
	keys     []uint64 // 16 squares × 16 pieces, then 16 held pieces
	deadly   [16][16]uint16
}

// New returns the rules of variant id with the given setting overrides.
func New(id string, overrides map[string]string) (*Rules, error) {
	switch id {
	case IDBase, IDAdvanced, IDPro, IDSimplified:
	default:
		return nil, fmt.Errorf("quarto: unknown variant %q", id)
	}
	s, err := engine.NewSettings(SettingDefs(id), overrides)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", id, err)
	}
	r := &Rules{
		id: id, geo: engine.NewGeometry(4, 4, false), settings: s, attrs: 0b1111,
		keys: engine.ZobristKeys(0x717561727430001, 16*16+16),
	}
	r.patterns = Lines()
	switch id {
	case IDAdvanced:
		r.patterns = append(r.patterns, Blocks()...)
	case IDPro:
		r.patterns = append(r.patterns, Blocks()...)
		r.patterns = append(r.patterns, Squares()...)
		if s.Bool("tilted") {
			r.patterns = append(r.patterns, Tilted()...)
		}
	case IDSimplified:
		for i, n := range attrNames {
			if s.Get("attribute") == n {
				r.attrs = 1 << i
			}
		}
	}
	for _, p := range r.patterns {
		for b := p; b != 0; b &= b - 1 {
			sq := trailing(b)
			r.bySquare[sq] = append(r.bySquare[sq], p)
		}
	}
	// deadly[all1][all0]: the pieces that complete a pattern whose three pieces have the
	// attribute bits all1 set and all0 clear in common (the solver's threat table).
	for all1 := range 16 {
		for all0 := range 16 {
			var w uint16
			for p := range 16 {
				if (uint8(p)&uint8(all1)|^uint8(p)&uint8(all0))&r.attrs != 0 {
					w |= 1 << p
				}
			}
			r.deadly[all1][all0] = w
		}
	}
	return r, nil
}

func trailing(b uint16) int {
	n := 0
	for b&1 == 0 {
		b >>= 1
		n++
	}
	return n
}

// mask returns the pattern of the named squares.
func mask(names ...string) uint16 {
	var m uint16
	for _, n := range names {
		f, r := int(n[0]-'a'), int(n[1]-'1')
		m |= 1 << (r*4 + f)
	}
	return m
}

// Lines returns the 4 rows, 4 columns and 2 long diagonals.
func Lines() []uint16 {
	var l []uint16
	for i := range 4 {
		l = append(l, 0xF<<(4*i), 0x1111<<i)
	}
	return append(l, mask("a1", "b2", "c3", "d4"), mask("a4", "b3", "c2", "d1"))
}

// Blocks returns the 9 blocks of 2×2 contiguous squares (Advanced).
func Blocks() []uint16 {
	var l []uint16
	for r := range 3 {
		for f := range 3 {
			l = append(l, 0x33<<(4*r+f))
		}
	}
	return l
}

// Squares returns the corners of the axis squares of side 2 and 3 (Pro adds them to the
// blocks, the squares of side 1).
func Squares() []uint16 {
	var l []uint16
	for r := range 2 {
		for f := range 2 {
			l = append(l, 0x505<<(4*r+f))
		}
	}
	return append(l, mask("a1", "d1", "a4", "d4"))
}

// Tilted returns Quarto Pro's 6 tilted squares.
func Tilted() []uint16 {
	return []uint16{
		mask("b1", "c2", "b3", "a2"), mask("c1", "d2", "c3", "b2"),
		mask("b2", "c3", "b4", "a3"), mask("c2", "d3", "c4", "b3"),
		mask("c1", "d3", "b4", "a2"), mask("b1", "d2", "c4", "a3"),
	}
}

// ID implements engine.Rules.
func (r *Rules) ID() string { return r.id }

// Name implements engine.Rules.
func (r *Rules) Name() string {
	switch r.id {
	case IDAdvanced:
		return "Quarto! Advanced"
	case IDPro:
		if r.settings.Bool("tilted") {
			return "Quarto! Pro with tilted squares"
		}
		return "Quarto! Pro"
	case IDSimplified:
		return "Quarto! Simplified (" + r.settings.Get("attribute") + ")"
	}
	return "Quarto!"
}

// Geometry implements engine.Rules.
func (r *Rules) Geometry() *engine.Geometry { return r.geo }

// Players implements engine.Rules.
func (r *Rules) Players() int { return 2 }

// PlayerName implements engine.Rules.
func (r *Rules) PlayerName(p int) string { return [...]string{"Player 1", "Player 2"}[p] }

// Settings implements engine.Rules.
func (r *Rules) Settings() engine.Settings { return r.settings }

// Patterns returns the winning patterns in force, as square masks (bit rank*4+file).
func (r *Rules) Patterns() []uint16 { return r.patterns }

// Rack implements engine.Racked: the 16 pieces, by code.
func (r *Rules) Rack() []engine.Piece {
	out := make([]engine.Piece, 16)
	for c := range out {
		out[c] = PieceOf(c)
	}
	return out
}

// PieceName implements engine.PieceNamer: the rule sheet's attribute letters.
func (r *Rules) PieceName(p engine.Piece) string { return FormatPiece(CodeOf(p)) }

// PieceOf returns the engine.Piece of piece code c: its colour as the face, c+1 as the
// identity.
func PieceOf(c int) engine.Piece {
	face := engine.Face1
	if c&Dark != 0 {
		face = engine.Face2
	}
	return face | engine.Piece(c+1)<<2
}

// CodeOf returns the piece code of an engine.Piece of Quarto, or NoPiece.
func CodeOf(p engine.Piece) int {
	c := int(p.Identity()) - 1
	if c < 0 || c > 15 || PieceOf(c) != p {
		return NoPiece
	}
	return c
}

// A Move packs the square (bits 0-4: square+1, 0 for none) and the piece handed over
// (bits 5-9: code+1, 0 for none).
func pack(sq, give int) engine.Move { return engine.Move(sq+1) | engine.Move(give+1)<<5 }

// Unpack returns a move's square (-1 for none) and the piece it hands over (NoPiece for
// none).
func Unpack(m engine.Move) (sq, give int) { return int(m&31) - 1, int(m>>5&31) - 1 }

// NewMove returns the move that places at square sq (-1: none) and hands over piece give
// (NoPiece: none).
func NewMove(sq engine.Square, give int) engine.Move { return pack(int(sq), give) }

// Start implements engine.Rules.
func (r *Rules) Start() engine.State {
	s := &State{r: r, avail: 0xFFFF, held: NoPiece}
	for i := range s.board {
		s.board[i] = NoPiece
	}
	s.hash = s.computeHash()
	return s
}
