package quadwrangle

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tavoliere/tavoliere/engine"
)

// ParsePosition implements engine.Rules.
func (r *Rules) ParsePosition(text string) (engine.State, error) {
	f := strings.Fields(text)
	if len(f) < 2 || len(f) > 3 {
		return nil, fmt.Errorf("position %q: want <rows> <side> [<ply>]", text)
	}
	rows := strings.Split(f[0], "/")
	g := r.geo
	if len(rows) != g.Ranks {
		return nil, fmt.Errorf("position: %d rows, want %d", len(rows), g.Ranks)
	}
	var bb [2]engine.Bitboard
	for i, row := range rows {
		rank := g.Diagram()[i]
		if len(row) != g.Files {
			return nil, fmt.Errorf("position: row %d (rank %d) %q has %d squares, want %d", i+1, rank+1, row, len(row), g.Files)
		}
		for file := range g.Files {
			s := g.Square(file, rank)
			switch row[file] {
			case 'W':
				bb[White] |= engine.Bit(s)
			case 'B':
				bb[Black] |= engine.Bit(s)
			case '.':
			default:
				return nil, fmt.Errorf("position: %q at %s: want W, B or '.'", row[file], g.Name(s))
			}
		}
	}
	var turn int
	switch f[1] {
	case "w":
	case "b":
		turn = Black
	default:
		return nil, fmt.Errorf("position: side to move %q: want w or b", f[1])
	}
	ply := 0
	if len(f) == 3 {
		var err error
		// Only the canonical form that String writes: no sign, no leading zero.
		if ply, err = strconv.Atoi(f[2]); err != nil || ply < 0 || strconv.Itoa(ply) != f[2] {
			return nil, fmt.Errorf("position: move number %q: want a whole number ≥ 0", f[2])
		}
	}
	return r.NewState(bb, turn, ply), nil
}

// ParseMove implements engine.Rules.
func (r *Rules) ParseMove(text string) (engine.Move, error) {
	sep := strings.IndexAny(text, "-x")
	if sep < 0 {
		to, err := r.geo.ParseSquare(text)
		if err != nil {
			return 0, fmt.Errorf("move %q: %w", text, err)
		}
		if r.crowded {
			return 0, fmt.Errorf("move %q: a Crowded move is a capture such as d4xe5", text)
		}
		return placeMove(to), nil
	}
	from, err := r.geo.ParseSquare(text[:sep])
	if err == nil {
		var to engine.Square
		to, err = r.geo.ParseSquare(text[sep+1:])
		if err == nil {
			switch {
			case r.crowded:
				return captureMove(from, to), nil
			case text[sep] == '-':
				return slideMove(from, to), nil
			}
			return 0, fmt.Errorf("move %q: Quad Wrangle has no captures by replacement; a slide is written g5-f6", text)
		}
	}
	return 0, fmt.Errorf("move %q: %w", text, err)
}

// FormatMove implements engine.Rules.
func (r *Rules) FormatMove(m engine.Move) string {
	kind, from, to := decode(m)
	switch kind {
	case kindPlace:
		return r.geo.Name(to)
	case kindSlide:
		return r.geo.Name(from) + "-" + r.geo.Name(to)
	case kindCapture:
		return r.geo.Name(from) + "x" + r.geo.Name(to)
	}
	return fmt.Sprintf("?%x", uint32(m))
}

// String implements engine.State.
func (s *State) String() string {
	g := s.r.geo
	var b strings.Builder
	for i, rank := range g.Diagram() {
		if i > 0 {
			b.WriteByte('/')
		}
		for file := range g.Files {
			switch s.PieceAt(g.Square(file, rank)) {
			case engine.Face1:
				b.WriteByte('W')
			case engine.Face2:
				b.WriteByte('B')
			default:
				b.WriteByte('.')
			}
		}
	}
	b.WriteString([]string{" w ", " b "}[s.turn])
	b.WriteString(strconv.Itoa(s.ply))
	return b.String()
}
