// Package quad implements Quad (2002; docs/rules/README.md): Quarto's lines of
// four, played with pieces of one's own.
//
// Each player owns eight pieces of his colour, two of each type: round or square (the
// shape), hollow or solid (the fill). A turn places one of the mover's remaining pieces on
// any empty cell. The placer wins on completing a row, a column or a long diagonal of four
// pieces that share a value: a colour, a shape or a fill. A full board with no such line is
// a draw. Player 0 is Light, whose pieces show engine.Face1, player 1 Dark (engine.Face2).
//
// Decisions, where the sheet is silent:
//   - The two copies of a type are interchangeable (a project decision): a move is a cell and a type,
//     so the first turn has 16 × 4 = 64 moves.
//   - Light moves first; the setting first (light, dark, random) changes it. With
//     random, a PCG stream of the setting seed decides, so that a game replays exactly.
//   - A player places only his own colour, so a line of one colour can only be completed
//     by its owner; a shape or fill line may mix colours and wins for whoever places its
//     fourth piece, whoever owns the other three.
//
// Orientation: rank 1 is at the bottom, as in the rules' Quarto listings.
//
// Piece letters, as Quarto's: R round, Q square; H hollow, F full (solid). An engine.Piece has the
// colour as its face (Face1 Light, Face2 Dark) and 1 + type as its identity, where the type
// is the shape bit (0 round, 1 square) or'ed with the fill bit shifted left by one (0
// hollow, 1 solid): RH 0, QH 1, RF 2, QF 3.
//
// Position notation: the ranks from 4 (top) to 1, separated by '/', each of four cells from
// file a, two characters a cell: ".." empty, "RH", "QH", "RF", "QF" a Light piece, the same
// in lowercase a Dark one; then the side to move, 'l' or 'd'. The start, with Light to move,
// is
//
//	......../......../......../........ l
//
// Move notation: the type's two letters, then the cell: "RHb2", "QFd4". The mover's colour
// is implied; ParseMove reads the letters in upper or lower case ("rhb2").
//
// Solver solves every position exactly, by search (solve.go) ending in a book of the values
// of the positions with four pieces (book.go), built by the package's own search.
//
// The package imports only the standard library and engine.
package quad

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"github.com/tavoliere/tavoliere/engine"
)

// ID is the registry id of the game.
const ID = "quad"

var (
	_ engine.Racked    = (*Rules)(nil)
	_ engine.RackState = (*State)(nil)
)

// Players, who are also the colours they own.
const (
	Light = 0
	Dark  = 1
)

// Type is a kind of piece without its colour: bit 0 the shape (0 round, 1 square), bit 1
// the fill (0 hollow, 1 solid).
type Type uint8

// The four types.
const (
	RH Type = iota // round, hollow
	QH             // square, hollow
	RF             // round, solid (full)
	QF             // square, solid (full)
)

// String returns the type's letters: "RH", "QF".
func (t Type) String() string { return typeLetters[t&3] }

var (
	typeLetters = [4]string{"RH", "QH", "RF", "QF"}
	darkLetters = [4]string{"rh", "qh", "rf", "qf"}
	typeWords   = [4]string{"round hollow", "square hollow", "round solid", "square solid"}
)

// Copies is how many pieces of each type a player owns.
const Copies = 2

// PieceName implements engine.PieceNamer: the type's letters, upper case for Light, lower
// case for Dark, as the position notation writes them.
func (r *Rules) PieceName(p engine.Piece) string {
	t := int(p.Identity()) - 1
	if t < 0 || t > 3 || p.Face() == 0 {
		return "?"
	}
	if p.Face() == uint8(engine.Face2) {
		return strings.ToLower(typeLetters[t])
	}
	return typeLetters[t]
}

// PieceOf returns the engine.Piece of type t in player p's colour.
func PieceOf(p int, t Type) engine.Piece {
	return engine.Piece(p+1) | engine.Piece(t&3+1)<<2
}

const full = 0xffff // every cell of the board

// lines are the ten lines of four: the ranks, the files, then the diagonals a1-d4 and
// d1-a4. Square s is bit s, s = rank*4 + file.
var lines = [10]uint16{
	0x000f, 0x00f0, 0x0f00, 0xf000,
	0x1111, 0x2222, 0x4444, 0x8888,
	0x8421, 0x1248,
}

// through lists, for each cell, the lines through it (a cell lies on at most one diagonal of
// a 4×4 board); 0 pads.
var through [16][3]uint16

func init() {
	for s := range through {
		n := 0
		for _, l := range lines {
			if l>>s&1 != 0 {
				through[s][n] = l
				n++
			}
		}
	}
}

// What a line of four shares, as the reason of a win; 0 is no line.
const (
	noLine uint8 = iota
	lineLight
	lineDark
	lineRound
	lineSquare
	lineHollow
	lineSolid
)

var lineReasons = [...]string{
	lineLight:  "line of four light pieces",
	lineDark:   "line of four dark pieces",
	lineRound:  "line of four round pieces",
	lineSquare: "line of four square pieces",
	lineHollow: "line of four hollow pieces",
	lineSolid:  "line of four solid pieces",
}

// shares returns what the full line l shares, or noLine. own are the cells of the Light and
// Dark pieces, q the square pieces and f the solid ones.
func shares(l uint16, own [2]uint16, q, f uint16) uint8 {
	switch {
	case own[Light]&l == l:
		return lineLight
	case own[Dark]&l == l:
		return lineDark
	case q&l == 0:
		return lineRound
	case q&l == l:
		return lineSquare
	case f&l == 0:
		return lineHollow
	case f&l == l:
		return lineSolid
	}
	return noLine
}

// Settings of Quad: who moves first.
var settingDefs = engine.FirstSettings("light", "dark")

// SettingDefs returns the settings of Quad.
func SettingDefs() []engine.Setting { return slices.Clone(settingDefs) }

// Rules is Quad with its settings in force.
type Rules struct {
	geo      *engine.Geometry
	settings engine.Settings
	first    int
	keys     []uint64 // Zobrist: [(colour*4+type)*16+cell], then Dark to move
}

// New returns the rules of Quad with the given setting overrides.
func New(overrides map[string]string) (*Rules, error) {
	s, err := engine.NewSettings(settingDefs, overrides)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", ID, err)
	}
	r := &Rules{
		geo:      engine.NewGeometry(4, 4, false),
		settings: s,
		keys:     engine.ZobristKeys(0x71756164_0001, 2*4*16+1),
	}
	r.first = engine.FirstPlayer(s, 0x71756164)
	return r, nil
}

// ID implements engine.Rules.
func (r *Rules) ID() string { return ID }

// Name implements engine.Rules.
func (r *Rules) Name() string { return "Quad" }

// Geometry implements engine.Rules.
func (r *Rules) Geometry() *engine.Geometry { return r.geo }

// Players implements engine.Rules.
func (r *Rules) Players() int { return 2 }

// PlayerName implements engine.Rules.
func (r *Rules) PlayerName(p int) string { return [...]string{"Light", "Dark"}[p] }

// Settings implements engine.Rules.
func (r *Rules) Settings() engine.Settings { return r.settings }

// First returns the player who moves first.
func (r *Rules) First() int { return r.first }

// Rack implements engine.Racked: Light's pieces RH, RH, RF, RF, QH, QH, QF, QF, then Dark's.
func (r *Rules) Rack() []engine.Piece {
	rack := make([]engine.Piece, 0, 16)
	for p := range 2 {
		for _, t := range [...]Type{RH, RF, QH, QF} {
			for range Copies {
				rack = append(rack, PieceOf(p, t))
			}
		}
	}
	return rack
}

// Start implements engine.Rules.
func (r *Rules) Start() engine.State { return r.newState(position{turn: uint8(r.first)}) }

func (r *Rules) newState(p position) *State {
	s := &State{r: r, pos: p, hist: make([]undo, 0, 16)}
	for c := range p.own {
		for b := p.own[c]; b != 0; b &= b - 1 {
			sq := bits.TrailingZeros16(b)
			s.hash ^= r.keys[(c*4+int(p.typeAt(sq)))*16+sq]
		}
	}
	if p.turn == Dark {
		s.hash ^= r.keys[128]
	}
	return s
}

// A move is 1 + type<<4 + cell, so that 0 is no move and Legal's order is the codes' order.
func move(t Type, sq int) engine.Move { return engine.Move(int(t)<<4|sq) + 1 }

func decode(m engine.Move) (Type, int) { return Type((m - 1) >> 4 & 3), int(m-1) & 15 }
