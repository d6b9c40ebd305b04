package krypte

import "github.com/tavoliere/tavoliere/engine"

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

// Score implements engine.State: the discs showing p's colour, a measure for tools; Krypte
// keeps no score (its Rules are not engine.Scored).
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

// WinningSquares implements engine.WinFigure: the winner's lines of four or more, orthogonal
// or diagonal, where a line decided the game (where the mover's flips made only the
// opponent's line, the opponent's); none after a draw.
func (s *State) WinningSquares() engine.Bitboard {
	o := s.Outcome()
	if !o.Over || o.Winners == 0 {
		return 0
	}
	w := White
	if o.Won(Black) {
		w = Black
	}
	return s.r.geo.Runs(s.bb[w], 4, true)
}

// Outcome implements engine.State. The mover's line wins; a move that makes only the
// opponent's line loses; a side with no legal move draws (the project's decisions).
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
