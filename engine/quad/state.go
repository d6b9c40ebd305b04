package quad

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/tavoliere/tavoliere/engine"
)

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

// Score implements engine.State: the pieces p has placed, a measure for tools; Quad keeps no
// score (its Rules are not engine.Scored).
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

// WinningSquares implements engine.WinFigure: the full lines whose pieces share a value, where
// the last piece made one (all it made at once).
func (s *State) WinningSquares() engine.Bitboard {
	if s.pos.line == noLine {
		return 0
	}
	var b engine.Bitboard
	occ := s.pos.occ()
	for _, l := range lines {
		if occ&l == l && shares(l, s.pos.own, s.pos.q, s.pos.f) != noLine {
			b |= engine.Bitboard(l)
		}
	}
	return b
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
