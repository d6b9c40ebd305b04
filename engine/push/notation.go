package push

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tavoliere/tavoliere/engine"
)

// ParsePosition implements engine.Rules.
func (r *Rules) ParsePosition(text string) (engine.State, error) {
	f := strings.Fields(text)
	if len(f) < 2 || len(f) > 4 {
		return nil, fmt.Errorf("position %q: want <ranks> <side> [<ply> [last=b|last=w]]", text)
	}
	rows := strings.Split(f[0], "/")
	g := r.geo
	if len(rows) != size {
		return nil, fmt.Errorf("position: %d ranks, want %d", len(rows), size)
	}
	var bb [2]engine.Bitboard
	for i, row := range rows {
		rank := size - 1 - i
		if len(row) != size {
			return nil, fmt.Errorf("position: rank %d %q has %d squares, want %d", rank+1, row, len(row), size)
		}
		for file := range size {
			s := g.Square(file, rank)
			switch row[file] {
			case 'B':
				bb[Black] |= engine.Bit(s)
			case 'W':
				bb[White] |= engine.Bit(s)
			default:
				return nil, fmt.Errorf("position: %q at %s: want B or W (the board is always full)", row[file], g.Name(s))
			}
		}
	}
	var turn int
	switch f[1] {
	case "b":
	case "w":
		turn = White
	default:
		return nil, fmt.Errorf("position: side to move %q: want b or w", f[1])
	}
	if n := bb[turn].Count(); n != 12 {
		return nil, fmt.Errorf("position: %s to move has %d marbles on the board, want 12 (the 13th in hand)", r.PlayerName(turn), n)
	}
	ply := 0
	if len(f) >= 3 {
		var err error
		// Only the canonical form that String writes: no sign, no leading zero.
		if ply, err = strconv.Atoi(f[2]); err != nil || ply < 0 || strconv.Itoa(ply) != f[2] {
			return nil, fmt.Errorf("position: insertions played %q: want a whole number ≥ 0", f[2])
		}
	}
	s := r.NewState(bb, turn, ply)
	if len(f) == 4 {
		if !r.spear {
			return nil, fmt.Errorf("position: %q: a last push exists only with the setting spear=on", f[3])
		}
		switch f[3] {
		case "last=b":
			s.last = 1
		case "last=w":
			s.last = 2
		default:
			return nil, fmt.Errorf("position: %q: want last=b or last=w", f[3])
		}
		s.hash = r.hashOf(bb, turn, s.last)
	}
	return s, nil
}

// ParseMove implements engine.Rules.
func (r *Rules) ParseMove(text string) (engine.Move, error) {
	if len(text) == 2 {
		e := Edge(strings.IndexByte(edgeLetters, text[0]))
		switch e {
		case N, S:
			if text[1] >= 'a' && text[1] < 'a'+size {
				return NewMove(e, int(text[1]-'a')), nil
			}
			return 0, fmt.Errorf("move %q: %c enters a file: want a file a…e after it", text, text[0])
		case E, W:
			if text[1] >= '1' && text[1] < '1'+size {
				return NewMove(e, int(text[1]-'1')), nil
			}
			return 0, fmt.Errorf("move %q: %c enters a rank: want a rank 1…5 after it", text, text[0])
		}
	}
	return 0, fmt.Errorf("move %q: want an edge and a line: Nc or Sc (a file), W3 or E3 (a rank)", text)
}

// FormatMove implements engine.Rules.
func (r *Rules) FormatMove(m engine.Move) string {
	e, line, ok := decode(m)
	switch {
	case !ok:
		return fmt.Sprintf("?%x", uint32(m))
	case e == N || e == S:
		return e.String() + string(rune('a'+line))
	}
	return e.String() + string(rune('1'+line))
}

// String implements engine.State.
func (s *State) String() string {
	g := s.r.geo
	var b strings.Builder
	for rank := size - 1; rank >= 0; rank-- {
		for file := range size {
			if s.bb[White].Has(g.Square(file, rank)) {
				b.WriteByte('W')
			} else {
				b.WriteByte('B')
			}
		}
		if rank > 0 {
			b.WriteByte('/')
		}
	}
	b.WriteString([]string{" b ", " w "}[s.turn])
	b.WriteString(strconv.Itoa(s.ply))
	if s.last != 0 {
		b.WriteString([]string{"", " last=b", " last=w"}[s.last])
	}
	return b.String()
}
