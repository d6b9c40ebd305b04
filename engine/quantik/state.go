package quantik

import (
	"github.com/tavoliere/tavoliere/engine"
)

// State is a game of Quantik in progress.
type State struct {
	r    *Rules
	bb   [2][4]engine.Bitboard // pieces by player and shape
	occ  engine.Bitboard
	turn uint8
	line region // what the last placement completed: the game is over unless noRegion
	hash uint64
	hist []undo
}

type undo struct {
	m    engine.Move
	line region
}

// Rules implements engine.State.
func (s *State) Rules() engine.Rules { return s.r }

// Turn implements engine.State.
func (s *State) Turn() int { return int(s.turn) }

// Ply implements engine.State: every move puts down a piece.
func (s *State) Ply() int { return s.occ.Count() }

// Hash implements engine.State.
func (s *State) Hash() uint64 { return s.hash }

// Pieces returns the cells holding player p's pieces of shape k.
func (s *State) Pieces(p int, k Shape) engine.Bitboard { return s.bb[p][k] }

// InHand returns how many pieces of shape k player p has still to place.
func (s *State) InHand(p int, k Shape) int { return 2 - s.bb[p][k].Count() }

// InRack implements engine.RackState: the pieces of code p not on the board.
func (s *State) InRack(p engine.Piece) int {
	f, id := p.Face(), p.Identity()
	if f < 1 || f > 2 || id < 1 || id > 4 {
		return 0
	}
	return s.InHand(int(f-1), Shape(id-1))
}

// Score implements engine.State: the pieces player p has placed, a measure for tools; Quantik
// keeps no score (its Rules are not engine.Scored).
func (s *State) Score(p int) int {
	n := 0
	for _, b := range s.bb[p] {
		n += b.Count()
	}
	return n
}

// PieceAt implements engine.State.
func (s *State) PieceAt(sq engine.Square) engine.Piece {
	for p := range s.bb {
		for k, b := range s.bb[p] {
			if b.Has(sq) {
				return PieceOf(p, Shape(k))
			}
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

// completes returns the region through sq that is full of four different shapes, if any.
func (s *State) completes(sq engine.Square) region {
	for i, reg := range [...]engine.Bitboard{rowOf(sq), colOf(sq), quadOf(sq)} {
		if s.occ&reg == reg && s.fourShapes(reg) {
			return region(i + 1)
		}
	}
	return noRegion
}

// fourShapes reports whether every shape stands in reg; for four cells, four different ones.
func (s *State) fourShapes(reg engine.Bitboard) bool {
	for k := range s.bb[0] {
		if (s.bb[Light][k]|s.bb[Dark][k])&reg == 0 {
			return false
		}
	}
	return true
}

// targets returns the cells where the side to move may put its piece of shape k: none when
// both are placed, else the empty cells that share no row, column or quadrant with an
// opponent's piece of that shape.
func (s *State) targets(k Shape) engine.Bitboard {
	own := s.bb[s.turn][k]
	if own&(own-1) != 0 {
		return 0
	}
	return all &^ s.occ &^ zoneOf(s.bb[s.turn^1][k])
}

// Legal implements engine.State: by shape, then by square.
func (s *State) Legal(buf []engine.Move) []engine.Move {
	if s.line != noRegion {
		return buf
	}
	for k := range Shape(4) {
		for to := s.targets(k); to != 0; {
			buf = append(buf, MoveOf(k, to.Pop()))
		}
	}
	return buf
}

func (s *State) hasLegal() bool {
	if s.line != noRegion {
		return false
	}
	for k := range Shape(4) {
		if s.targets(k) != 0 {
			return true
		}
	}
	return false
}

// Play implements engine.State.
func (s *State) Play(m engine.Move) {
	k, sq, _ := Placement(m)
	s.hist = append(s.hist, undo{m: m, line: s.line})
	s.bb[s.turn][k] |= engine.Bit(sq)
	s.occ |= engine.Bit(sq)
	s.hash ^= s.r.keys[(int(s.turn)*4+int(k))*16+int(sq)] ^ s.r.keys[128]
	s.line = s.completes(sq)
	s.turn ^= 1
}

// Undo implements engine.State.
func (s *State) Undo() {
	u := s.hist[len(s.hist)-1]
	s.hist = s.hist[:len(s.hist)-1]
	k, sq, _ := Placement(u.m)
	s.turn ^= 1
	s.bb[s.turn][k] &^= engine.Bit(sq)
	s.occ &^= engine.Bit(sq)
	s.hash ^= s.r.keys[(int(s.turn)*4+int(k))*16+int(sq)] ^ s.r.keys[128]
	s.line = u.line
}

// Outcome implements engine.State. The placement that fills a region with four shapes wins
// (the win rule); a player with no move loses. Either way the winner is the player
// who is not to move.
func (s *State) Outcome() engine.Outcome {
	switch {
	case s.line != noRegion:
		return engine.Win(int(s.turn^1), "four shapes in a "+s.line.String())
	case !s.hasLegal():
		return engine.Win(int(s.turn^1), "no move")
	}
	return engine.Ongoing
}

// WinningSquares implements engine.WinFigure: the rows, columns and quadrants full of four
// shapes, where a placement made one (all it made at once); none after a win by a player left
// with no move, which has no figure.
func (s *State) WinningSquares() engine.Bitboard {
	if s.line == noRegion {
		return 0
	}
	var b engine.Bitboard
	for _, reg := range [...]engine.Bitboard{rowOf(0), rowOf(4), rowOf(8), rowOf(12), colOf(0), colOf(1), colOf(2), colOf(3),
		quadOf(0), quadOf(2), quadOf(8), quadOf(10)} {
		if s.occ&reg == reg && s.fourShapes(reg) {
			b |= reg
		}
	}
	return b
}

// Validate implements engine.State.
func (s *State) Validate(m engine.Move) error {
	text := s.r.FormatMove(m)
	k, sq, ok := Placement(m)
	if !ok {
		return engine.Illegal(text, "not a placement")
	}
	if o := s.Outcome(); o.Over {
		return engine.Illegal(text, "the game is over: %s", o.Text(s.r))
	}
	g := s.r.geo
	me := int(s.turn)
	if s.occ.Has(sq) {
		return engine.Illegal(text, "%s is occupied", g.Name(sq))
	}
	if s.InHand(me, k) == 0 {
		return engine.Illegal(text, "%s has no %s left", s.r.PlayerName(me), k)
	}
	if by := s.bb[me^1][k] & zone[sq]; by != 0 {
		at := by.First()
		var where region
		switch {
		case rowOf(sq).Has(at):
			where = row
		case colOf(sq).Has(at):
			where = column
		default:
			where = quadrant
		}
		return engine.Illegal(text, "%s is blocked by %s's %s on %s, in the same %s",
			g.Name(sq), s.r.PlayerName(me^1), k, g.Name(at), where)
	}
	return nil
}
