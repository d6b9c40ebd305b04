// Package quantik implements Nouri Khalifa's Quantik (docs/rules/README.md), and
// solves it exactly (Solver, in solve.go): with best play the player to move on the empty
// board loses, whoever starts.
//
// Each player places, in turn, one of eight pieces of his colour (two of each of four
// shapes) on an empty cell that shares no row, column or quadrant with an opponent's piece
// of the same shape; his own pieces of that shape do not block. The player whose placement
// fills a row, a column or a quadrant with four different shapes, whatever their colours,
// wins; a player who cannot place a piece loses (a project decision), so there are no draws.
//
// Players: 0 is Light, 1 is Dark. Who places first is the setting "first": light
// by default, dark, or random, drawn from the setting "seed".
//
// Pieces: a piece's face is its colour (engine.Face1 Light, engine.Face2 Dark) and its
// identity is its shape plus one: 1 cube 'C', 2 cylinder 'Y', 3 sphere 'S', 4 pyramid 'P'
// (Y for cylinder, since C is the cube).
//
// Orientation: rank 1 at the bottom, as usual. The quadrants are a1-b2, c1-d2, a3-b4 and
// c3-d4.
//
// Position notation: the ranks from 4 (top) down to 1, separated by '/', each from file a:
// '.' empty, a shape letter in upper case for Light, in lower case for Dark; then the side
// to move, 'l' or 'd'. The pieces in hand follow from the board. After Light's cube on b3:
//
//	..../.C../..../.... d
//
// Move notation: the shape letter in upper case, then the cell: "Cb3". The mover's colour
// is implied.
//
// Decisions where the rules are silent:
//   - a row, column or quadrant wins only with its four cells occupied (as Ludii's version asks);
//   - running out of pieces is having no move: it loses, so with sixteen
//     placements and no win, the player to move on the full board loses;
//   - ParsePosition is lenient, for analysis positions: it takes any side to move whatever
//     the number of pieces, and pieces that stand where the rules would not have let them;
//     a position with a full row, column or quadrant of four shapes is over, won by the
//     player who is not to move (who made the last placement).
//
// The package imports only the standard library and engine.
package quantik

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tavoliere/tavoliere/engine"
)

// ID is the registry id of the game.
const ID = "quantik"

// Players.
const (
	Light = 0
	Dark  = 1
)

// Shape is one of the four shapes; its piece identity is Shape+1.
type Shape uint8

// The shapes, in the order of their identity codes.
const (
	Cube Shape = iota
	Cylinder
	Sphere
	Pyramid
)

const shapeLetters = "CYSP"

func (k Shape) String() string {
	if k > Pyramid {
		return fmt.Sprintf("shape(%d)", uint8(k))
	}
	return [...]string{"cube", "cylinder", "sphere", "pyramid"}[k]
}

// Letter returns the shape's letter, in upper case: 'C', 'Y', 'S' or 'P'.
func (k Shape) Letter() byte { return shapeLetters[k] }

// PieceOf returns player p's piece of shape k.
func PieceOf(p int, k Shape) engine.Piece {
	return engine.Piece(p+1) | engine.Piece(k+1)<<2
}

// MoveOf returns the move placing the mover's piece of shape k on sq.
func MoveOf(k Shape, sq engine.Square) engine.Move { return engine.Move(k+1)<<4 | engine.Move(sq) }

// Placement returns the shape and the square of m; ok is false when m places nothing.
func Placement(m engine.Move) (k Shape, sq engine.Square, ok bool) {
	if m < 1<<4 || m >= 5<<4 {
		return 0, engine.NoSquare, false
	}
	return Shape(m>>4 - 1), engine.Square(m & 15), true
}

// Regions. Square s is rank*4+file, so a rank is a nibble.
const (
	all    engine.Bitboard = 0xffff
	rank1  engine.Bitboard = 0x000f
	fileA  engine.Bitboard = 0x1111
	quadA1 engine.Bitboard = 0x0033 // a1 b1 a2 b2
)

func rowOf(s engine.Square) engine.Bitboard  { return rank1 << (s &^ 3) }
func colOf(s engine.Square) engine.Bitboard  { return fileA << (s & 3) }
func quadOf(s engine.Square) engine.Bitboard { return quadA1 << (s&8 + s&2) }

// zone[s] holds the cells that share a row, a column or a quadrant with s, and s.
var zone = func() (z [16]engine.Bitboard) {
	for s := range engine.Square(16) {
		z[s] = rowOf(s) | colOf(s) | quadOf(s)
	}
	return z
}()

// zoneOf returns the cells that share a row, a column or a quadrant with a square of b,
// which holds at most the two pieces of one shape.
func zoneOf(b engine.Bitboard) engine.Bitboard {
	var z engine.Bitboard
	for b != 0 {
		z |= zone[b.Pop()]
	}
	return z
}

// region names what a placement completed, for the outcome's reason.
type region uint8

const (
	noRegion region = iota
	row
	column
	quadrant
)

func (r region) String() string { return [...]string{"", "row", "column", "quadrant"}[r] }

// settingDefs are Quantik's settings: who places first.
var settingDefs = engine.FirstSettings("light", "dark")

// SettingDefs returns Quantik's settings.
func SettingDefs() []engine.Setting { return slices.Clone(settingDefs) }

// Rules is Quantik with its settings in force.
type Rules struct {
	geo      *engine.Geometry
	settings engine.Settings
	first    int
	keys     []uint64 // Zobrist: [(player*4+shape)*16+square], then Dark to move
}

// New returns the rules of Quantik with the given setting overrides.
func New(overrides map[string]string) (*Rules, error) {
	s, err := engine.NewSettings(settingDefs, overrides)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", ID, err)
	}
	r := &Rules{
		geo:      engine.NewGeometry(4, 4, false),
		settings: s,
		keys:     engine.ZobristKeys(0x7175616e74696b01, 2*4*16+1),
	}
	r.first = engine.FirstPlayer(s, 0x6669727374)
	return r, nil
}

// First returns the player who places first.
func (r *Rules) First() int { return r.first }

// ID implements engine.Rules.
func (r *Rules) ID() string { return ID }

// Name implements engine.Rules.
func (r *Rules) Name() string { return "Quantik" }

// Geometry implements engine.Rules.
func (r *Rules) Geometry() *engine.Geometry { return r.geo }

// Players implements engine.Rules.
func (r *Rules) Players() int { return 2 }

// PlayerName implements engine.Rules.
func (r *Rules) PlayerName(p int) string { return [...]string{"Light", "Dark"}[p] }

// Settings implements engine.Rules.
func (r *Rules) Settings() engine.Settings { return r.settings }

// Rack implements engine.Racked: Light's pieces, then Dark's, two of each shape.
func (r *Rules) Rack() []engine.Piece {
	rack := make([]engine.Piece, 0, 16)
	for p := range 2 {
		for k := range Shape(4) {
			rack = append(rack, PieceOf(p, k), PieceOf(p, k))
		}
	}
	return rack
}

// PieceName implements engine.PieceNamer: the shape's letter, upper case for Light, lower
// case for Dark, as the position notation writes it.
func (r *Rules) PieceName(p engine.Piece) string {
	k := int(p.Identity()) - 1
	if k < 0 || k >= len(shapeLetters) || p.Face() == 0 {
		return "?"
	}
	if p.Face() == uint8(engine.Face2) {
		return strings.ToLower(shapeLetters[k : k+1])
	}
	return shapeLetters[k : k+1]
}

// Start implements engine.Rules.
func (r *Rules) Start() engine.State { return r.newState([2][4]engine.Bitboard{}, r.first) }

func (r *Rules) newState(bb [2][4]engine.Bitboard, turn int) *State {
	s := &State{r: r, bb: bb, turn: uint8(turn), hist: make([]undo, 0, 16)}
	for p := range bb {
		for k := range bb[p] {
			s.occ |= bb[p][k]
			for b := bb[p][k]; b != 0; {
				s.hash ^= r.keys[(p*4+k)*16+int(b.Pop())]
			}
		}
	}
	if turn == Dark {
		s.hash ^= r.keys[128]
	}
	for sq := range engine.Square(16) {
		if s.line = s.completes(sq); s.line != noRegion {
			break
		}
	}
	return s
}
