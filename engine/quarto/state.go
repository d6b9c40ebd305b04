package quarto

import "github.com/tavoliere/tavoliere/engine"

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

// Emblem implements engine.Emblems: Quarto's pieces are shared, so the player to move is
// shown with the piece he holds to place, and the other with none (none on the first turn).
func (s *State) Emblem(p int) engine.Piece {
	if p != s.Turn() || s.Held() == NoPiece {
		return engine.Empty
	}
	return PieceOf(s.Held())
}

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

// Score implements engine.State: the pieces on the board, a measure for tools; Quarto keeps
// no score (its Rules are not engine.Scored).
func (s *State) Score(p int) int { return popcount(s.occ) }

// WinningSquares implements engine.WinFigure: the patterns (lines; in Advanced and Pro the
// squares too) whose four pieces share an attribute that counts, where the game is won;
// several where the last piece completed several.
func (s *State) WinningSquares() engine.Bitboard {
	var b engine.Bitboard
	if !s.won {
		return 0
	}
	for _, p := range s.r.patterns {
		if s.wins(p) {
			b |= engine.Bitboard(p)
		}
	}
	return b
}

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
