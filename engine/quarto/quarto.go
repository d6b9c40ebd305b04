// Package quarto implements Blaise Muller's Quarto! and its variants (rules §3, with §12 #5,
// #6 and #23): the base game, Advanced (2×2 blocks), Pro (axis squares of every size, tilted
// squares a setting) and Simplified (one attribute, a setting, on the ten lines).
//
// Sixteen shared pieces, each with four two-valued attributes. A turn is "place the piece you
// were given, then choose one for the opponent"; the first turn is a choice only, and a
// placement that wins or fills the board ends the turn. So one Move is the whole turn: a
// square, a piece handed over, or both (rules §0: perft counts whole turns, 16 then 240 each).
// Players are "Player 1" (who hands over the first piece) and "Player 2"; the pieces are
// shared, so a position's value does not depend on who is to move.
//
// Pieces: a piece is a 4-bit code, bit 0 tall, bit 1 dark, bit 2 square, bit 3 solid; its
// notation is the attribute letters of rules §3.1, B(ig)/s(mall), L(ight)/D(ark),
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
	"strings"

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

// Tilted returns the 6 tilted squares of rules §3.3.
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

// PieceName implements engine.PieceNamer: the letters of rules §3.1.
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

// FormatPiece writes piece code c in the letters of rules §3.1: "BLRH".
func FormatPiece(c int) string {
	if c < 0 || c > 15 {
		return "?"
	}
	b := []byte("sLRH")
	if c&Tall != 0 {
		b[0] = 'B'
	}
	if c&Dark != 0 {
		b[1] = 'D'
	}
	if c&Square != 0 {
		b[2] = 'Q'
	}
	if c&Solid != 0 {
		b[3] = 'F'
	}
	return string(b)
}

// ParsePiece reads a piece's four letters, in either case.
func ParsePiece(text string) (int, error) {
	if len(text) != 4 {
		return NoPiece, fmt.Errorf("piece %q: want four letters, B or s, L or D, R or Q, H or F", text)
	}
	c := 0
	for i, pair := range [...]string{"SB", "LD", "RQ", "HF"} {
		switch strings.ToUpper(text[i : i+1]) {
		case pair[:1]:
		case pair[1:]:
			c |= 1 << i
		default:
			return NoPiece, fmt.Errorf("piece %q: letter %d must be %c or %c", text, i+1, pair[0], pair[1])
		}
	}
	return c, nil
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

// ParseMove implements engine.Rules.
func (r *Rules) ParseMove(text string) (engine.Move, error) {
	place, give, hasGive := strings.Cut(text, ":")
	sq, c := -1, NoPiece
	switch {
	case hasGive && (place == "" || give == ""):
		return 0, fmt.Errorf("move %q: want square:piece (c3:sLQF) on both sides of ':'", text)
	case hasGive:
	case len(text) == 4:
		place, give = "", text
	default:
		place, give = text, ""
	}
	if place != "" {
		s, err := r.geo.ParseSquare(strings.ToLower(place))
		if err != nil {
			return 0, fmt.Errorf("move %q: %w", text, err)
		}
		sq = int(s)
	}
	if give != "" {
		var err error
		if c, err = ParsePiece(give); err != nil {
			return 0, fmt.Errorf("move %q: %w", text, err)
		}
	}
	if sq < 0 && c < 0 {
		return 0, fmt.Errorf("move %q: want a square, a piece or square:piece (c3:sLQF)", text)
	}
	return pack(sq, c), nil
}

// FormatMove implements engine.Rules.
func (r *Rules) FormatMove(m engine.Move) string {
	sq, c := Unpack(m)
	if m == 0 || m>>10 != 0 || sq > 15 || c > 15 {
		return fmt.Sprintf("?%x", uint32(m))
	}
	switch {
	case sq < 0:
		return FormatPiece(c)
	case c < 0:
		return r.geo.Name(engine.Square(sq))
	}
	return r.geo.Name(engine.Square(sq)) + ":" + FormatPiece(c)
}

// Start implements engine.Rules.
func (r *Rules) Start() engine.State {
	s := &State{r: r, avail: 0xFFFF, held: NoPiece}
	for i := range s.board {
		s.board[i] = NoPiece
	}
	s.hash = s.computeHash()
	return s
}

// ParsePosition implements engine.Rules.
func (r *Rules) ParsePosition(text string) (engine.State, error) {
	f := strings.Fields(text)
	if len(f) != 3 {
		return nil, fmt.Errorf("position %q: want <ranks 4…1> <piece held or -> <player 1 or 2>", text)
	}
	ranks := strings.Split(f[0], "/")
	if len(ranks) != 4 {
		return nil, fmt.Errorf("position: %d ranks, want 4 (rank 4 first)", len(ranks))
	}
	s := r.Start().(*State)
	s.avail = 0xFFFF
	for i, row := range ranks {
		rank := 3 - i
		file := 0
		for j := 0; j < len(row); file++ {
			if file > 3 {
				return nil, fmt.Errorf("position: rank %d %q has more than 4 squares", rank+1, row)
			}
			sq := rank*4 + file
			if row[j] == '.' {
				j++
				continue
			}
			if j+4 > len(row) {
				return nil, fmt.Errorf("position: rank %d: %q at %s: want '.' or four letters", rank+1, row[j:], r.geo.Name(engine.Square(sq)))
			}
			c, err := ParsePiece(row[j : j+4])
			if err != nil {
				return nil, fmt.Errorf("position: %s: %w", r.geo.Name(engine.Square(sq)), err)
			}
			if s.avail&(1<<c) == 0 {
				return nil, fmt.Errorf("position: %s: piece %s is on the board twice", r.geo.Name(engine.Square(sq)), FormatPiece(c))
			}
			s.put(sq, c)
			j += 4
		}
		if file != 4 {
			return nil, fmt.Errorf("position: rank %d %q has %d squares, want 4", rank+1, row, file)
		}
	}
	if f[1] != "-" {
		c, err := ParsePiece(f[1])
		if err != nil {
			return nil, fmt.Errorf("position: piece held: %w", err)
		}
		if s.avail&(1<<c) == 0 {
			return nil, fmt.Errorf("position: piece held %s is on the board", FormatPiece(c))
		}
		s.held = int8(c)
		s.avail &^= 1 << c
	}
	switch f[2] {
	case "1", "2":
		s.turn = f[2][0] - '1'
	default:
		return nil, fmt.Errorf("position: player to move %q: want 1 or 2", f[2])
	}
	s.won = s.anyWin()
	switch {
	case s.held >= 0 && (s.won || s.occ == 0xFFFF):
		return nil, fmt.Errorf("position: the game is over, yet %s is held", FormatPiece(int(s.held)))
	case s.held < 0 && !s.won && s.occ != 0 && s.occ != 0xFFFF:
		return nil, fmt.Errorf("position: no piece held: the player to move must have been given one")
	}
	s.hash = s.computeHash()
	return s, nil
}

// State is a game of Quarto in progress.
type State struct {
	r     *Rules
	board [16]int8  // piece code per square, NoPiece for empty
	occ   uint16    // occupied squares
	attr  [4]uint16 // squares whose piece has attribute bit i
	avail uint16    // pieces in the rack: not on the board, not held
	held  int8      // the piece the player to move must place; NoPiece at the start and at the end
	turn  uint8
	won   bool // the last placement completed a pattern
	ply   int
	hash  uint64
	hist  []undo
}

type undo struct {
	m    engine.Move
	held int8
	won  bool
	hash uint64
}

func (s *State) put(sq, c int) {
	s.board[sq] = int8(c)
	s.occ |= 1 << sq
	for i := range 4 {
		if c>>i&1 != 0 {
			s.attr[i] |= 1 << sq
		}
	}
	s.avail &^= 1 << c
}

func (s *State) remove(sq int) {
	c := int(s.board[sq])
	s.board[sq] = NoPiece
	s.occ &^= 1 << sq
	for i := range 4 {
		s.attr[i] &^= 1 << sq
	}
	s.avail |= 1 << c
}

func (s *State) computeHash() uint64 {
	var h uint64
	for sq, c := range s.board {
		if c >= 0 {
			h ^= s.r.keys[sq*16+int(c)]
		}
	}
	if s.held >= 0 {
		h ^= s.r.keys[256+int(s.held)]
	}
	return h
}

// wins reports whether pattern p is full and its pieces share an attribute that counts.
func (s *State) wins(p uint16) bool {
	if s.occ&p != p {
		return false
	}
	for i := range 4 {
		if s.r.attrs>>i&1 != 0 {
			if a := s.attr[i] & p; a == p || a == 0 {
				return true
			}
		}
	}
	return false
}

func (s *State) winsAt(sq int) bool {
	for _, p := range s.r.bySquare[sq] {
		if s.wins(p) {
			return true
		}
	}
	return false
}

func (s *State) anyWin() bool {
	for _, p := range s.r.patterns {
		if s.wins(p) {
			return true
		}
	}
	return false
}

// placeWins reports whether placing piece c on the empty square sq completes a pattern.
func (s *State) placeWins(sq, c int) bool {
	avail := s.avail
	s.put(sq, c)
	w := s.winsAt(sq)
	s.remove(sq)
	s.avail = avail
	return w
}

// Rules implements engine.State.
func (s *State) Rules() engine.Rules { return s.r }

// Turn implements engine.State.
func (s *State) Turn() int { return int(s.turn) }

// Ply implements engine.State.
func (s *State) Ply() int { return s.ply }

// Held returns the piece the player to move must place (NoPiece at the start and at the
// end).
func (s *State) Held() int { return int(s.held) }

// Available returns the set of pieces still in the rack (bit c for piece code c).
func (s *State) Available() uint16 { return s.avail }

// Placed returns the number of pieces on the board.
func (s *State) Placed() int { return popcount(s.occ) }

// PieceCode returns the piece code on square sq, or NoPiece.
func (s *State) PieceCode(sq engine.Square) int { return int(s.board[sq]) }

// InRack implements engine.RackState.
func (s *State) InRack(p engine.Piece) int {
	c := CodeOf(p)
	if c < 0 {
		return 0
	}
	return int(s.avail >> c & 1)
}

// PieceAt implements engine.State.
func (s *State) PieceAt(sq engine.Square) engine.Piece {
	if c := s.board[sq]; c >= 0 {
		return PieceOf(int(c))
	}
	return engine.Empty
}

// Score implements engine.State: the pieces on the board.
func (s *State) Score(p int) int { return popcount(s.occ) }

// Hash implements engine.State. The player to move is not in it: the pieces are shared, so
// a position is the same game whoever is to move.
func (s *State) Hash() uint64 { return s.hash }

func popcount(b uint16) int {
	n := 0
	for ; b != 0; b &= b - 1 {
		n++
	}
	return n
}

// Clone implements engine.State.
func (s *State) Clone() engine.State {
	c := *s
	c.hist = append([]undo(nil), s.hist...)
	return &c
}

// over reports whether the game has ended: a pattern made, or the board full.
func (s *State) over() bool { return s.won || s.occ == 0xFFFF }

// Legal implements engine.State.
func (s *State) Legal(buf []engine.Move) []engine.Move {
	if s.over() {
		return buf
	}
	if s.held < 0 {
		for a := s.avail; a != 0; a &= a - 1 {
			buf = append(buf, pack(-1, trailing(a)))
		}
		return buf
	}
	for e := ^s.occ; e != 0; e &= e - 1 {
		sq := trailing(e)
		if s.avail == 0 || s.placeWins(sq, int(s.held)) {
			buf = append(buf, pack(sq, NoPiece))
			continue
		}
		for a := s.avail; a != 0; a &= a - 1 {
			buf = append(buf, pack(sq, trailing(a)))
		}
	}
	return buf
}

// Validate implements engine.State.
func (s *State) Validate(m engine.Move) error {
	text := s.r.FormatMove(m)
	sq, c := Unpack(m)
	switch {
	case m == 0 || m>>10 != 0 || sq > 15 || c > 15:
		return engine.Illegal(text, "not a Quarto move")
	case s.over():
		return engine.Illegal(text, "the game is over")
	case s.held < 0 && sq >= 0:
		return engine.Illegal(text, "the first turn only hands over a piece: nothing is held to place")
	case s.held < 0 && c < 0:
		return engine.Illegal(text, "hand over a piece")
	case s.held >= 0 && sq < 0:
		return engine.Illegal(text, "place %s first", FormatPiece(int(s.held)))
	case s.held >= 0 && s.occ>>sq&1 != 0:
		return engine.Illegal(text, "%s is occupied", s.r.geo.Name(engine.Square(sq)))
	case c >= 0 && int(s.held) == c:
		return engine.Illegal(text, "%s is the piece being placed", FormatPiece(c))
	case c >= 0 && s.avail>>c&1 == 0:
		return engine.Illegal(text, "%s is already on the board", FormatPiece(c))
	}
	if s.held < 0 {
		return nil
	}
	ends := s.avail == 0 || s.placeWins(sq, int(s.held))
	switch {
	case ends && c >= 0:
		if s.avail == 0 {
			return engine.Illegal(text, "the board is full: there is nothing left to hand over")
		}
		return engine.Illegal(text, "placing %s on %s wins: the turn ends there", FormatPiece(int(s.held)), s.r.geo.Name(engine.Square(sq)))
	case !ends && c < 0:
		return engine.Illegal(text, "hand over a piece for the opponent to place")
	}
	return nil
}

// Play implements engine.State.
func (s *State) Play(m engine.Move) {
	sq, c := Unpack(m)
	s.hist = append(s.hist, undo{m: m, held: s.held, won: s.won, hash: s.hash})
	if sq >= 0 {
		held := int(s.held)
		s.put(sq, held)
		s.hash ^= s.r.keys[sq*16+held] ^ s.r.keys[256+held]
		s.won = s.winsAt(sq)
	}
	s.held = NoPiece
	if c >= 0 {
		s.held = int8(c)
		s.avail &^= 1 << c
		s.hash ^= s.r.keys[256+c]
	}
	s.turn ^= 1
	s.ply++
}

// Undo implements engine.State.
func (s *State) Undo() {
	u := s.hist[len(s.hist)-1]
	s.hist = s.hist[:len(s.hist)-1]
	sq, c := Unpack(u.m)
	if c >= 0 {
		s.avail |= 1 << c
	}
	if sq >= 0 {
		s.remove(sq) // gives the piece back to the rack: it goes back in the hand
		s.avail &^= 1 << int(u.held)
	}
	s.held, s.won, s.hash = u.held, u.won, u.hash
	s.turn ^= 1
	s.ply--
}

// Outcome implements engine.State: the player who placed the piece completing a pattern
// wins; a full board without one is a draw.
func (s *State) Outcome() engine.Outcome {
	switch {
	case s.won:
		return engine.Win(int(s.turn^1), "Quarto!")
	case s.occ == 0xFFFF:
		return engine.Draw("board full")
	}
	return engine.Ongoing
}

// Footprint implements engine.State: the held piece is put down (engine.Reserve: it came
// from the rack by way of the player's hand) and the piece handed over leaves the rack.
func (s *State) Footprint(m engine.Move) engine.Footprint {
	sq, c := Unpack(m)
	var f engine.Footprint
	if sq >= 0 && s.held >= 0 {
		f.Filled, f.From, f.Piece = engine.Bit(engine.Square(sq)), engine.Reserve, PieceOf(int(s.held))
	}
	if c >= 0 {
		f.Rack = PieceOf(c)
	}
	return f
}

// String implements engine.State.
func (s *State) String() string {
	var b strings.Builder
	for rank := 3; rank >= 0; rank-- {
		if rank < 3 {
			b.WriteByte('/')
		}
		for file := range 4 {
			if c := s.board[rank*4+file]; c >= 0 {
				b.WriteString(FormatPiece(int(c)))
			} else {
				b.WriteByte('.')
			}
		}
	}
	b.WriteByte(' ')
	if s.held >= 0 {
		b.WriteString(FormatPiece(int(s.held)))
	} else {
		b.WriteByte('-')
	}
	b.WriteString([]string{" 1", " 2"}[s.turn])
	return b.String()
}
