package quantik

import (
	"fmt"
	"strings"

	"github.com/tavoliere/tavoliere/engine"
)

// ParsePosition implements engine.Rules.
func (r *Rules) ParsePosition(text string) (engine.State, error) {
	f := strings.Fields(text)
	if len(f) != 2 {
		return nil, fmt.Errorf("position %q: want <ranks> <side to move>", text)
	}
	rows := strings.Split(f[0], "/")
	if len(rows) != 4 {
		return nil, fmt.Errorf("position: %d ranks, want 4 (rank 4 first)", len(rows))
	}
	var bb [2][4]engine.Bitboard
	for i, row := range rows {
		rank := 3 - i
		if len(row) != 4 {
			return nil, fmt.Errorf("position: rank %d %q has %d cells, want 4", rank+1, row, len(row))
		}
		for file := range 4 {
			sq := r.geo.Square(file, rank)
			c := row[file]
			if c == '.' {
				continue
			}
			p, k := Light, strings.IndexByte(shapeLetters, c)
			if k < 0 {
				p, k = Dark, strings.IndexByte(strings.ToLower(shapeLetters), c)
			}
			if k < 0 {
				return nil, fmt.Errorf("position: %q at %s: want C, Y, S, P (Light), c, y, s, p (Dark) or '.'", c, r.geo.Name(sq))
			}
			bb[p][k] |= engine.Bit(sq)
			if n := bb[p][k].Count(); n > 2 {
				return nil, fmt.Errorf("position: %d %s %ss, a player has 2", n, r.PlayerName(p), Shape(k))
			}
		}
	}
	turn := strings.Index("ld", f[1])
	if len(f[1]) != 1 || turn < 0 {
		return nil, fmt.Errorf("position: side to move %q: want l or d", f[1])
	}
	return r.newState(bb, turn), nil
}

// ParseMove implements engine.Rules.
func (r *Rules) ParseMove(text string) (engine.Move, error) {
	if text == "" {
		return 0, fmt.Errorf("move %q: want a shape letter and a cell, as Cb2", text)
	}
	k := strings.IndexByte(shapeLetters, text[0])
	if k < 0 {
		return 0, fmt.Errorf("move %q: shape %q: want C, Y, S or P", text, text[0])
	}
	sq, err := r.geo.ParseSquare(text[1:])
	if err != nil {
		return 0, fmt.Errorf("move %q: %w", text, err)
	}
	return MoveOf(Shape(k), sq), nil
}

// FormatMove implements engine.Rules.
func (r *Rules) FormatMove(m engine.Move) string {
	k, sq, ok := Placement(m)
	if !ok {
		return fmt.Sprintf("?%x", uint32(m))
	}
	return string(k.Letter()) + r.geo.Name(sq)
}

// String implements engine.State.
func (s *State) String() string {
	var b strings.Builder
	for rank := 3; rank >= 0; rank-- {
		if rank < 3 {
			b.WriteByte('/')
		}
		for file := range 4 {
			p := s.PieceAt(s.r.geo.Square(file, rank))
			switch p.Face() {
			case 0:
				b.WriteByte('.')
			case 1:
				b.WriteByte(shapeLetters[p.Identity()-1])
			default:
				b.WriteByte(shapeLetters[p.Identity()-1] | 0x20) // lower case
			}
		}
	}
	b.WriteString([...]string{" l", " d"}[s.turn])
	return b.String()
}
