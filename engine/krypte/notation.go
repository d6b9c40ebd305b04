package krypte

import (
	"fmt"
	"strings"

	"github.com/tavoliere/tavoliere/engine"
)

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
