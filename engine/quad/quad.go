// Package quad implements Quad (2002; rules §4, with §12 #7 and #24): Quarto's lines of
// four, played with pieces of one's own.
//
// Each player owns eight pieces of his colour, two of each type: round or square (the
// shape), hollow or solid (the fill). A turn places one of the mover's remaining pieces on
// any empty cell. The placer wins on completing a row, a column or a long diagonal of four
// pieces that share a value: a colour, a shape or a fill. A full board with no such line is
// a draw. Player 0 is Light, whose pieces show engine.Face1, player 1 Dark (engine.Face2).
//
// Decisions, where the sheet is silent:
//   - The two copies of a type are interchangeable (§12 #24): a move is a cell and a type,
//     so the first turn has 16 × 4 = 64 moves.
//   - Light moves first; the setting first (light, dark, random) changes it (§12 #7). With
//     random, a PCG stream of the setting seed decides, so that a game replays exactly.
//   - A player places only his own colour, so a line of one colour can only be completed
//     by its owner; a shape or fill line may mix colours and wins for whoever places its
//     fourth piece, whoever owns the other three.
//
// Orientation: rank 1 is at the bottom, as in the Quarto listings of the rules (§3.1).
//
// Piece letters (§3.1): R round, Q square; H hollow, F full (solid). An engine.Piece has the
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

// Settings of Quad (rules §12 #7).
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

// ParsePosition implements engine.Rules. It accepts only positions a game can reach: at
// most two pieces of a type per colour, the side to move with as many pieces on the board
// as the other or one fewer, and a line of four only where the last move can have made it.
// Either side may move when both have as many pieces, whoever moved first.
func (r *Rules) ParsePosition(text string) (engine.State, error) {
	f := strings.Fields(text)
	if len(f) != 2 {
		return nil, fmt.Errorf("position %q: want <ranks> <side to move>", text)
	}
	rows := strings.Split(f[0], "/")
	if len(rows) != 4 {
		return nil, fmt.Errorf("position: %d ranks, want 4 (rank 4 first)", len(rows))
	}
	var p position
	for i, row := range rows {
		rank := 3 - i
		if len(row) != 8 {
			return nil, fmt.Errorf("position: rank %d %q has %d characters, want 8 (4 cells of 2)", rank+1, row, len(row))
		}
		for file := range 4 {
			sq := rank*4 + file
			cell := row[2*file : 2*file+2]
			if cell == ".." {
				continue
			}
			c, t, ok := parseCell(cell)
			if !ok {
				return nil, fmt.Errorf("position: %q at %s: want .. or a piece (RH, QH, RF, QF for Light, rh, qh, rf, qf for Dark)",
					cell, r.geo.Name(engine.Square(sq)))
			}
			p.place(c, t, sq)
		}
	}
	switch f[1] {
	case "l":
	case "d":
		p.turn = Dark
	default:
		return nil, fmt.Errorf("position: side to move %q: want l or d", f[1])
	}
	if err := p.check(); err != nil {
		return nil, fmt.Errorf("position: %w", err)
	}
	return r.newState(p), nil
}

// parseCell reads a piece of the position notation: uppercase Light, lowercase Dark.
func parseCell(cell string) (colour int, t Type, ok bool) {
	for t := range typeLetters {
		switch cell {
		case typeLetters[t]:
			return Light, Type(t), true
		case darkLetters[t]:
			return Dark, Type(t), true
		}
	}
	return 0, 0, false
}

// parseType reads a type's two letters, in either case.
func parseType(letters string) (Type, bool) {
	_, t, ok := parseCell(letters)
	return t, ok
}

// ParseMove implements engine.Rules.
func (r *Rules) ParseMove(text string) (engine.Move, error) {
	if len(text) != 4 {
		return 0, fmt.Errorf("move %q: want a piece type (RH, QH, RF, QF) and a cell, as in RHb2", text)
	}
	t, ok := parseType(text[:2])
	if !ok {
		return 0, fmt.Errorf("move %q: %q is not a piece type: want RH, QH, RF or QF", text, text[:2])
	}
	sq, err := r.geo.ParseSquare(text[2:])
	if err != nil {
		return 0, fmt.Errorf("move %q: %w", text, err)
	}
	return move(t, int(sq)), nil
}

// FormatMove implements engine.Rules.
func (r *Rules) FormatMove(m engine.Move) string {
	if m == 0 || m > 64 {
		return fmt.Sprintf("?%x", uint32(m))
	}
	t, sq := decode(m)
	return t.String() + r.geo.Name(engine.Square(sq))
}

// A move is 1 + type<<4 + cell, so that 0 is no move and Legal's order is the codes' order.
func move(t Type, sq int) engine.Move { return engine.Move(int(t)<<4|sq) + 1 }

func decode(m engine.Move) (Type, int) { return Type((m - 1) >> 4 & 3), int(m-1) & 15 }

// position is a board and the side to move; the racks follow from the board.
type position struct {
	own  [2]uint16 // the cells of each colour's pieces
	q, f uint16    // the cells of the square pieces and of the solid ones
	turn uint8
	line uint8 // what the line the last move made shares (lineLight…), noLine for none
}

func (p *position) occ() uint16 { return p.own[0] | p.own[1] }

func (p *position) place(c int, t Type, sq int) {
	b := uint16(1) << sq
	p.own[c] |= b
	if t&1 != 0 {
		p.q |= b
	}
	if t&2 != 0 {
		p.f |= b
	}
}

// typeAt returns the type of the piece on the occupied cell sq.
func (p *position) typeAt(sq int) Type {
	return Type(p.q>>sq&1 | p.f>>sq&1<<1)
}

// cells returns the occupied cells holding pieces of type t, of either colour.
func (p *position) cells(t Type) uint16 {
	occ := p.occ()
	q, f := occ&^p.q, occ&^p.f
	if t&1 != 0 {
		q = p.q
	}
	if t&2 != 0 {
		f = p.f
	}
	return q & f
}

// placed returns how many pieces of type t colour c has on the board.
func (p *position) placed(c int, t Type) int {
	return bits.OnesCount16(p.own[c] & p.cells(t))
}

// lineAt returns what a full line through sq shares, or noLine.
func (p *position) lineAt(sq int) uint8 {
	occ := p.occ()
	for _, l := range through[sq] {
		if l != 0 && occ&l == l {
			if w := shares(l, p.own, p.q, p.f); w != noLine {
				return w
			}
		}
	}
	return noLine
}

// check says why a parsed position cannot arise in a game, and sets line.
func (p *position) check() error {
	for c := range 2 {
		for t := range Type(4) {
			if n := p.placed(c, t); n > Copies {
				return fmt.Errorf("%d %s %s pieces (%s), a player owns %d",
					n, strings.ToLower([...]string{"Light", "Dark"}[c]), typeWords[t], pieceLetters(c, t), Copies)
			}
		}
	}
	mover, other := int(p.turn), int(p.turn^1)
	nm, no := bits.OnesCount16(p.own[mover]), bits.OnesCount16(p.own[other])
	name := [...]string{"Light", "Dark"}
	if nm > no || no > nm+1 {
		return fmt.Errorf("%s to move, but %s has %d on the board and %s %d: the side to move has as many pieces as the other, or one fewer",
			name[mover], name[mover], nm, name[other], no)
	}
	// Every line on the board must pass through one cell of the last mover: the cell of the
	// piece that made them, and so ended the game.
	var made uint16 = full
	occ := p.occ()
	for _, l := range lines {
		if w := shares(l, p.own, p.q, p.f); occ&l == l && w != noLine {
			made &= l
			if p.line == noLine {
				p.line = w // as Play names it: the first line through the last cell
			}
		}
	}
	if p.line != noLine && made&p.own[other] == 0 {
		return fmt.Errorf("the lines of four on the board cannot all have been made by %s's last move", name[other])
	}
	return nil
}

func pieceLetters(c int, t Type) string {
	if c == Dark {
		return darkLetters[t&3]
	}
	return typeLetters[t&3]
}

// State is a game of Quad in progress.
type State struct {
	r    *Rules
	pos  position
	hash uint64
	hist []undo
}

// undo is what Play overwrites (copy-make onto a stack).
type undo struct {
	pos  position
	hash uint64
}

// Rules implements engine.State.
func (s *State) Rules() engine.Rules { return s.r }

// Turn implements engine.State.
func (s *State) Turn() int { return int(s.pos.turn) }

// Ply implements engine.State: every move adds a piece.
func (s *State) Ply() int { return bits.OnesCount16(s.pos.occ()) }

// Hash implements engine.State.
func (s *State) Hash() uint64 { return s.hash }

// Score implements engine.State: the pieces p has placed.
func (s *State) Score(p int) int { return bits.OnesCount16(s.pos.own[p]) }

// InRack implements engine.RackState: the pieces of code p still off the board.
func (s *State) InRack(p engine.Piece) int {
	face, id := int(p.Face()), int(p.Identity())
	if face < 1 || face > 2 || id < 1 || id > 4 {
		return 0
	}
	return Copies - s.pos.placed(face-1, Type(id-1))
}

// Left returns how many pieces of type t player p has still to place.
func (s *State) Left(p int, t Type) int { return Copies - s.pos.placed(p, t) }

// PieceAt implements engine.State.
func (s *State) PieceAt(sq engine.Square) engine.Piece {
	if sq < 0 || sq > 15 {
		return engine.Empty
	}
	for c, b := range s.pos.own {
		if b>>sq&1 != 0 {
			return PieceOf(c, s.pos.typeAt(int(sq)))
		}
	}
	return engine.Empty
}

// Clone implements engine.State.
func (s *State) Clone() engine.State {
	c := *s
	c.hist = append(make([]undo, 0, cap(s.hist)), s.hist...)
	return &c
}

// over reports whether the game has ended: a line made, or the board full.
func (s *State) over() bool { return s.pos.line != noLine || s.pos.occ() == full }

// Legal implements engine.State: by type (RH, QH, RF, QF), then by cell from a1.
func (s *State) Legal(buf []engine.Move) []engine.Move {
	if s.over() {
		return buf
	}
	empty := ^s.pos.occ()
	for t := range Type(4) {
		if s.pos.placed(int(s.pos.turn), t) >= Copies {
			continue
		}
		for e := empty; e != 0; e &= e - 1 {
			buf = append(buf, move(t, bits.TrailingZeros16(e)))
		}
	}
	return buf
}

// Play implements engine.State.
func (s *State) Play(m engine.Move) {
	s.hist = append(s.hist, undo{pos: s.pos, hash: s.hash})
	t, sq := decode(m)
	c := int(s.pos.turn)
	s.pos.place(c, t, sq)
	s.pos.line = s.pos.lineAt(sq)
	s.pos.turn ^= 1
	s.hash ^= s.r.keys[(c*4+int(t))*16+sq] ^ s.r.keys[128]
}

// Undo implements engine.State.
func (s *State) Undo() {
	u := s.hist[len(s.hist)-1]
	s.hist = s.hist[:len(s.hist)-1]
	s.pos, s.hash = u.pos, u.hash
}

// Outcome implements engine.State.
func (s *State) Outcome() engine.Outcome {
	switch {
	case s.pos.line != noLine:
		return engine.Win(int(s.pos.turn^1), lineReasons[s.pos.line])
	case s.pos.occ() == full:
		return engine.Draw("board full")
	}
	return engine.Ongoing
}

// Validate implements engine.State.
func (s *State) Validate(m engine.Move) error {
	text := s.r.FormatMove(m)
	if m == 0 || m > 64 {
		return engine.Illegal(text, "not a move of Quad")
	}
	if o := s.Outcome(); o.Over {
		return engine.Illegal(text, "the game is over (%s)", o.Reason)
	}
	t, sq := decode(m)
	p := int(s.pos.turn)
	switch {
	case s.pos.occ()>>sq&1 != 0:
		return engine.Illegal(text, "%s is occupied", s.r.geo.Name(engine.Square(sq)))
	case s.pos.placed(p, t) >= Copies:
		return engine.Illegal(text, "%s has no %s piece left: both are on the board", s.r.PlayerName(p), typeWords[t])
	}
	return nil
}

// Footprint implements engine.State: the piece comes from the mover's supply to its cell.
func (s *State) Footprint(m engine.Move) engine.Footprint {
	t, sq := decode(m)
	p := PieceOf(int(s.pos.turn), t)
	return engine.Footprint{
		Filled: engine.Bit(engine.Square(sq)),
		From:   engine.Supply,
		Piece:  p,
		Rack:   p,
	}
}

// String implements engine.State.
func (s *State) String() string {
	var b strings.Builder
	for rank := 3; rank >= 0; rank-- {
		for file := range 4 {
			sq := rank*4 + file
			switch {
			case s.pos.own[Light]>>sq&1 != 0:
				b.WriteString(pieceLetters(Light, s.pos.typeAt(sq)))
			case s.pos.own[Dark]>>sq&1 != 0:
				b.WriteString(pieceLetters(Dark, s.pos.typeAt(sq)))
			default:
				b.WriteString("..")
			}
		}
		if rank > 0 {
			b.WriteByte('/')
		}
	}
	b.WriteString([...]string{" l", " d"}[s.pos.turn])
	return b.String()
}
