// Package krypte implements Marino Carpignano's Krypte (rules §10, with §12 #21 and #22).
//
// Discs enter from an edge, slide over occupied cells to the first empty one, and turn over
// every orthogonal neighbour; the first line of four of one colour wins. Player 0 is Black
// (face 2, the dark side, up), player 1 White (face 1, the light side, up), as in every
// game (engine.Face1); Black moves first, from the North edge.
//
// Orientation: rank 1 is the North edge, drawn at the top, as on the rule sheet's diagrams.
//
// Position notation: the ranks from 1 (North) to 8, separated by '/', each from file a
// (West): 'B' Black, 'W' White, '.' empty; the side to move ('b' or 'w'); the edge the last
// disc entered from ('N', 'E', 'S', 'W', or '-' before the first move). The start is
//
//	......../......../......../......../......../......../......../........ b -
//
// Move notation: the landing cell ("e5"); the ambiguity ban makes the edge follow from it.
//
// The package imports only the standard library and engine.
package krypte

import (
	"fmt"
	"strings"

	"github.com/tavoliere/tavoliere/engine"
)

// ID is the registry id of the game.
const ID = "krypte"

// Players.
const (
	Black = 0
	White = 1
)

// Edge is a side of the board a disc enters from.
type Edge uint8

// Edges, clockwise from North; NoEdge before the first move.
const (
	NoEdge Edge = iota
	N
	E
	S
	W
)

func (e Edge) String() string { return string("-NESW"[e]) }

// active returns the two edges that follow e clockwise (rules §10.2); before the first move
// only North is active.
func (e Edge) active() (Edge, Edge) {
	if e == NoEdge {
		return N, NoEdge
	}
	return e%4 + 1, (e+1)%4 + 1
}

const (
	fileA engine.Bitboard = 0x0101010101010101
	fileB                 = fileA << 1
	fileG                 = fileA << 6
	fileH                 = fileA << 7
)

// hasLine reports whether b holds four in a row, orthogonally or diagonally.
func hasLine(b engine.Bitboard) bool {
	x := b & (b >> 1 &^ fileH) // east
	if x&(x>>2&^(fileG|fileH)) != 0 {
		return true
	}
	x = b & (b >> 8) // towards rank 8
	if x&(x>>16) != 0 {
		return true
	}
	x = b & (b >> 9 &^ fileH) // rank+1, file+1
	if x&(x>>18&^(fileG|fileH)) != 0 {
		return true
	}
	x = b & (b >> 7 &^ fileA) // rank+1, file-1
	return x&(x>>14&^(fileA|fileB)) != 0
}

// Rules is Krypte. It has no settings.
type Rules struct {
	geo  *engine.Geometry
	keys []uint64 // [colour*64+square], side to move, then the last edge
}

// New returns the rules of Krypte. Krypte has no settings; any override is an error.
func New(overrides map[string]string) (*Rules, error) {
	if _, err := engine.NewSettings(nil, overrides); err != nil {
		return nil, fmt.Errorf("%s: %w", ID, err)
	}
	return &Rules{
		geo:  engine.NewGeometry(8, 8, true),
		keys: engine.ZobristKeys(0x6b72797074650001, 2*64+1+5),
	}, nil
}

// ID implements engine.Rules.
func (r *Rules) ID() string { return ID }

// Name implements engine.Rules.
func (r *Rules) Name() string { return "Krypte" }

// Geometry implements engine.Rules.
func (r *Rules) Geometry() *engine.Geometry { return r.geo }

// Players implements engine.Rules.
func (r *Rules) Players() int { return 2 }

// PlayerName implements engine.Rules.
func (r *Rules) PlayerName(p int) string { return [...]string{"Black", "White"}[p] }

// Settings implements engine.Rules.
func (r *Rules) Settings() engine.Settings {
	s, _ := engine.NewSettings(nil, nil)
	return s
}

// Start implements engine.Rules.
func (r *Rules) Start() engine.State { return r.NewState([2]engine.Bitboard{}, Black, NoEdge) }

// NewState returns the position with the given discs (by player), side to move and last
// entry edge.
func (r *Rules) NewState(discs [2]engine.Bitboard, turn int, last Edge) *State {
	s := &State{r: r, bb: discs, turn: uint8(turn), last: last, hist: make([]undo, 0, 64)}
	for c := range discs {
		for b := discs[c]; b != 0; {
			s.hash ^= r.keys[c*64+int(b.Pop())]
		}
	}
	if turn == White {
		s.hash ^= r.keys[128]
	}
	s.hash ^= r.keys[129+int(last)]
	s.status = s.lines()
	return s
}

// ParsePosition implements engine.Rules. It is lenient, for analysis positions: it accepts
// either side to move whatever the number of discs, and any discs with a last edge, whether
// or not a game could reach them.
func (r *Rules) ParsePosition(text string) (engine.State, error) {
	f := strings.Fields(text)
	if len(f) != 3 {
		return nil, fmt.Errorf("position %q: want <rows> <side> <last edge>", text)
	}
	rows := strings.Split(f[0], "/")
	if len(rows) != 8 {
		return nil, fmt.Errorf("position: %d rows, want 8 (rank 1, the North edge, first)", len(rows))
	}
	var bb [2]engine.Bitboard
	for rank, row := range rows {
		if len(row) != 8 {
			return nil, fmt.Errorf("position: rank %d %q has %d squares, want 8", rank+1, row, len(row))
		}
		for file := range 8 {
			s := r.geo.Square(file, rank)
			switch row[file] {
			case 'B':
				bb[Black] |= engine.Bit(s)
			case 'W':
				bb[White] |= engine.Bit(s)
			case '.':
			default:
				return nil, fmt.Errorf("position: %q at %s: want B, W or '.'", row[file], r.geo.Name(s))
			}
		}
	}
	turn := strings.Index("bw", f[1])
	if len(f[1]) != 1 || turn < 0 {
		return nil, fmt.Errorf("position: side to move %q: want b or w", f[1])
	}
	last := strings.Index("-NESW", f[2])
	if len(f[2]) != 1 || last < 0 {
		return nil, fmt.Errorf("position: last edge %q: want N, E, S, W or -", f[2])
	}
	if last == int(NoEdge) && bb[0]|bb[1] != 0 {
		return nil, fmt.Errorf("position: discs on the board but no last edge")
	}
	return r.NewState(bb, turn, Edge(last)), nil
}

// ParseMove implements engine.Rules.
func (r *Rules) ParseMove(text string) (engine.Move, error) {
	s, err := r.geo.ParseSquare(text)
	if err != nil {
		return 0, fmt.Errorf("move %q: %w", text, err)
	}
	return engine.Move(s) + 1, nil
}

// FormatMove implements engine.Rules.
func (r *Rules) FormatMove(m engine.Move) string {
	if m == 0 || m > 64 {
		return fmt.Sprintf("?%x", uint32(m))
	}
	return r.geo.Name(engine.Square(m - 1))
}

// State is a game of Krypte in progress.
type State struct {
	r      *Rules
	bb     [2]engine.Bitboard
	turn   uint8
	last   Edge
	status uint8 // bit c set: colour c has a line of four
	hash   uint64
	hist   []undo
}

type undo struct {
	bb     [2]engine.Bitboard
	hash   uint64
	turn   uint8
	last   Edge
	status uint8
}

func (s *State) lines() uint8 {
	var st uint8
	for c := range s.bb {
		if hasLine(s.bb[c]) {
			st |= 1 << c
		}
	}
	return st
}

// Rules implements engine.State.
func (s *State) Rules() engine.Rules { return s.r }

// Turn implements engine.State.
func (s *State) Turn() int { return int(s.turn) }

// Ply implements engine.State: every move adds a disc.
func (s *State) Ply() int { return (s.bb[0] | s.bb[1]).Count() }

// Hash implements engine.State.
func (s *State) Hash() uint64 { return s.hash }

// Last returns the edge the last disc entered from.
func (s *State) Last() Edge { return s.last }

// Discs returns the discs showing player p's colour.
func (s *State) Discs(p int) engine.Bitboard { return s.bb[p] }

// Score implements engine.State: the discs showing p's colour.
func (s *State) Score(p int) int { return s.bb[p].Count() }

// PieceAt implements engine.State.
func (s *State) PieceAt(sq engine.Square) engine.Piece {
	switch {
	case s.bb[White].Has(sq):
		return engine.Face1
	case s.bb[Black].Has(sq):
		return engine.Face2
	}
	return engine.Empty
}

// Clone implements engine.State.
func (s *State) Clone() engine.State {
	c := *s
	c.hist = append(make([]undo, 0, cap(s.hist)), s.hist...)
	return &c
}

// landings returns the cells where a disc entering from edge e stops: in each line that is
// not full, the empty cell with no empty cell between it and the edge. Fills find "an empty
// cell lies towards the edge" for every square at once.
func landings(e Edge, empty engine.Bitboard) engine.Bitboard {
	var behind engine.Bitboard // squares with an empty square between them and the edge
	switch e {
	case N: // rank 1 is North, the low bits
		x := empty << 8
		x |= x << 8
		x |= x << 16
		x |= x << 32
		behind = x
	case S:
		x := empty >> 8
		x |= x >> 8
		x |= x >> 16
		x |= x >> 32
		behind = x
	case W: // file a, the low bit of each rank
		const p0, p1, p2 = 0xfefefefefefefefe, 0xfcfcfcfcfcfcfcfc, 0xf0f0f0f0f0f0f0f0 // files b-h, c-h, e-h
		x := empty << 1 & p0
		x |= p0 & (x << 1)
		x |= p1 & (x << 2)
		x |= p2 & (x << 4)
		behind = x
	case E:
		const p0, p1, p2 = 0x7f7f7f7f7f7f7f7f, 0x3f3f3f3f3f3f3f3f, 0x0f0f0f0f0f0f0f0f // files a-g, a-f, a-d
		x := empty >> 1 & p0
		x |= p0 & (x >> 1)
		x |= p1 & (x >> 2)
		x |= p2 & (x >> 4)
		behind = x
	}
	return empty &^ behind
}

// candidates returns the landing cells from each active edge and the unambiguous ones.
func (s *State) candidates() (l1, l2, ok engine.Bitboard) {
	empty := ^(s.bb[0] | s.bb[1])
	e1, e2 := s.last.active()
	l1 = landings(e1, empty)
	if e2 != NoEdge {
		l2 = landings(e2, empty)
	}
	return l1, l2, l1 ^ l2
}

// after returns the discs after the mover lands on sq.
func (s *State) after(sq engine.Square) [2]engine.Bitboard {
	flips := s.r.geo.Adjacent4(sq) & (s.bb[0] | s.bb[1])
	bb := [2]engine.Bitboard{s.bb[0] ^ flips, s.bb[1] ^ flips}
	bb[s.turn] |= engine.Bit(sq)
	return bb
}

// doubleWin reports whether landing on sq makes a line for both colours, in a position
// where neither has one (status 0, as in every position with moves). The opponent then
// gains a disc only where the flips turn the mover's, and without one he has no line.
func (s *State) doubleWin(sq engine.Square) bool {
	if s.r.geo.Adjacent4(sq)&s.bb[s.turn] == 0 {
		return false
	}
	bb := s.after(sq)
	return hasLine(bb[0]) && hasLine(bb[1])
}

// Legal implements engine.State.
func (s *State) Legal(buf []engine.Move) []engine.Move {
	if s.status != 0 {
		return buf
	}
	_, _, ok := s.candidates()
	for ok != 0 {
		sq := ok.Pop()
		if !s.doubleWin(sq) {
			buf = append(buf, engine.Move(sq)+1)
		}
	}
	return buf
}

func (s *State) hasLegal() bool {
	_, _, ok := s.candidates()
	for ok != 0 {
		if !s.doubleWin(ok.Pop()) {
			return true
		}
	}
	return false
}

// Play implements engine.State.
func (s *State) Play(m engine.Move) {
	s.hist = append(s.hist, undo{bb: s.bb, hash: s.hash, turn: s.turn, last: s.last, status: s.status})
	edge := s.Edge(m)
	bb := s.after(engine.Square(m - 1))
	keys := s.r.keys
	for c := range bb {
		for ch := bb[c] ^ s.bb[c]; ch != 0; {
			s.hash ^= keys[c*64+int(ch.Pop())]
		}
	}
	// A colour that gained no disc has no line: there was none before the move.
	var status uint8
	for c := range bb {
		if bb[c]&^s.bb[c] != 0 && hasLine(bb[c]) {
			status |= 1 << c
		}
	}
	s.bb = bb
	s.hash ^= keys[128] ^ keys[129+int(s.last)] ^ keys[129+int(edge)]
	s.last = edge
	s.turn ^= 1
	s.status = status
}

// Undo implements engine.State.
func (s *State) Undo() {
	u := s.hist[len(s.hist)-1]
	s.hist = s.hist[:len(s.hist)-1]
	s.bb, s.hash, s.turn, s.last, s.status = u.bb, u.hash, u.turn, u.last, u.status
}

// Outcome implements engine.State. The mover's line wins; a move that makes only the
// opponent's line loses (§12 #21); a side with no legal move draws (§12 #22).
func (s *State) Outcome() engine.Outcome {
	mover := int(s.turn ^ 1) // who made the last move
	switch {
	case s.status>>mover&1 != 0:
		return engine.Win(mover, "line of four")
	case s.status != 0:
		return engine.Win(int(s.turn), "line of four made by the opponent's move")
	case !s.hasLegal():
		return engine.Draw("no legal move")
	}
	return engine.Ongoing
}

// Validate implements engine.State.
func (s *State) Validate(m engine.Move) error {
	text := s.r.FormatMove(m)
	if m == 0 || m > 64 {
		return engine.Illegal(text, "not a cell of the board")
	}
	if o := s.Outcome(); o.Over {
		return engine.Illegal(text, "the game is over (%s)", o.Reason)
	}
	sq := engine.Square(m - 1)
	l1, l2, ok := s.candidates()
	e1, e2 := s.last.active()
	edges := e1.String()
	if e2 != NoEdge {
		edges += " or " + e2.String()
	}
	switch {
	case (s.bb[0] | s.bb[1]).Has(sq):
		return engine.Illegal(text, "%s is occupied", text)
	case !(l1 | l2).Has(sq):
		return engine.Illegal(text, "no disc entering from the %s edge lands on %s", edges, text)
	case !ok.Has(sq):
		return engine.Illegal(text, "%s is reached from both active edges (%s): an ambiguous move", text, edges)
	case s.doubleWin(sq):
		return engine.Illegal(text, "it would make a line of four for both colours")
	}
	return nil
}

// Edge returns the edge a disc landing on legal move m enters from.
func (s *State) Edge(m engine.Move) Edge {
	l1, _, _ := s.candidates()
	e1, e2 := s.last.active()
	if l1.Has(engine.Square(m - 1)) {
		return e1
	}
	return e2
}

// Footprint implements engine.State: a disc comes from the supply and lands; its orthogonal
// neighbours turn over where they stand.
func (s *State) Footprint(m engine.Move) engine.Footprint {
	sq := engine.Square(m - 1)
	return engine.Footprint{
		Filled:  engine.Bit(sq),
		Flipped: s.r.geo.Adjacent4(sq) & (s.bb[0] | s.bb[1]),
		From:    engine.Supply,
	}
}

// String implements engine.State.
func (s *State) String() string {
	var b strings.Builder
	for rank := 0; rank < 8; rank++ {
		if rank > 0 {
			b.WriteByte('/')
		}
		for file := 0; file < 8; file++ {
			b.WriteByte(".WB"[s.PieceAt(s.r.geo.Square(file, rank))]) // Face1 is White
		}
	}
	b.WriteString([]string{" b ", " w "}[s.turn])
	b.WriteString(s.last.String())
	return b.String()
}
