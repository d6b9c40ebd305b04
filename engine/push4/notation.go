package push4

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tavoliere/tavoliere/engine"
)

// ParsePosition implements engine.Rules. It accepts any board with at most 9 marbles of
// each colour, as long as the player to move holds a marble (or the board is full).
func (r *Rules) ParsePosition(text string) (engine.State, error) {
	f := strings.Fields(text)
	if len(f) < 2 || len(f) > 3 {
		return nil, fmt.Errorf("position %q: want <ranks> <player to move> [<insertions>]", text)
	}
	rows := strings.Split(f[0], "/")
	if len(rows) != Size {
		return nil, fmt.Errorf("position: %d ranks, want %d (rank 6 first)", len(rows), Size)
	}
	var bb [4]engine.Bitboard
	for i, row := range rows {
		rank := Size - 1 - i
		if len(row) != Size {
			return nil, fmt.Errorf("position: rank %d %q has %d cells, want %d", rank+1, row, len(row), Size)
		}
		for file := range Size {
			sq := r.geo.Square(file, rank)
			if row[file] == '.' {
				continue
			}
			p := strings.IndexByte(letters, row[file])
			if p < 0 {
				return nil, fmt.Errorf("position: %q at %s: want R, B, G, Y or '.'", row[file], r.geo.Name(sq))
			}
			bb[p] |= engine.Bit(sq)
		}
	}
	for p := range bb {
		if n := bb[p].Count(); n > Marbles {
			return nil, fmt.Errorf("position: %d %s marbles, at most %d", n, names[p], Marbles)
		}
	}
	turn := strings.Index(sideLetters, f[1])
	if len(f[1]) != 1 || turn < 0 {
		return nil, fmt.Errorf("position: player to move %q: want r, b, g or y", f[1])
	}
	full := bb[0]|bb[1]|bb[2]|bb[3] == r.geo.All()
	if !full && bb[turn].Count() == Marbles {
		return nil, fmt.Errorf("position: %s is to move with no marble in hand", names[turn])
	}
	ply := 0
	if len(f) == 3 {
		var err error
		// Only the canonical form that String writes: no sign, no leading zero.
		if ply, err = strconv.Atoi(f[2]); err != nil || ply < 0 || strconv.Itoa(ply) != f[2] {
			return nil, fmt.Errorf("position: insertions %q: want a whole number ≥ 0", f[2])
		}
	}
	return r.NewState(bb, turn, ply), nil
}

// ParseMove implements engine.Rules.
func (r *Rules) ParseMove(text string) (engine.Move, error) {
	if len(text) != 2 {
		return 0, fmt.Errorf("move %q: want an edge (N, E, S, W) and a line, as Nc or W3", text)
	}
	e := strings.IndexByte("NESW", text[0])
	if e < 0 {
		return 0, fmt.Errorf("move %q: edge %q: want N, E, S or W", text, text[0])
	}
	c := text[1]
	switch Edge(e) {
	case N, S:
		if c < 'a' || c >= 'a'+Size {
			return 0, fmt.Errorf("move %q: from the %s edge a marble enters a file, a…f", text, Edge(e))
		}
		return MoveOf(Edge(e), int(c-'a')), nil
	}
	if c < '1' || c >= '1'+Size {
		return 0, fmt.Errorf("move %q: from the %s edge a marble enters a rank, 1…6", text, Edge(e))
	}
	return MoveOf(Edge(e), int(c-'1')), nil
}

// FormatMove implements engine.Rules.
func (r *Rules) FormatMove(m engine.Move) string {
	e, i, ok := Decode(m)
	switch {
	case !ok:
		return fmt.Sprintf("?%x", uint32(m))
	case e == N || e == S:
		return e.String() + string(rune('a'+i))
	}
	return e.String() + string(rune('1'+i))
}

// String implements engine.State.
func (s *State) String() string {
	g := s.r.geo
	var b strings.Builder
	for i, rank := range g.Diagram() {
		if i > 0 {
			b.WriteByte('/')
		}
		for file := range Size {
			p := s.PieceAt(g.Square(file, rank))
			if p == engine.Empty {
				b.WriteByte('.')
			} else {
				b.WriteByte(letters[p.Identity()-1])
			}
		}
	}
	b.WriteByte(' ')
	b.WriteByte(sideLetters[s.turn])
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(s.ply))
	return b.String()
}
