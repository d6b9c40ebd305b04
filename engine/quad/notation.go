package quad

import (
	"fmt"
	"strings"

	"github.com/tavoliere/tavoliere/engine"
)

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

func pieceLetters(c int, t Type) string {
	if c == Dark {
		return darkLetters[t&3]
	}
	return typeLetters[t&3]
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
