package quixo

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
		return nil, fmt.Errorf("position %q: want <ranks> <player to move> [<ply>]", text)
	}
	rows := strings.Split(f[0], "/")
	if len(rows) != size {
		return nil, fmt.Errorf("position: %d ranks, want %d", len(rows), size)
	}
	g := r.geo
	var board [cells]engine.Piece
	for i, row := range rows {
		rank := size - 1 - i
		if len(row) != size {
			return nil, fmt.Errorf("position: rank %d %q has %d squares, want %d", rank+1, row, len(row), size)
		}
		for file := range size {
			sq := g.Square(file, rank)
			c := row[file]
			switch {
			case c == '.':
				board[sq] = Blank
			case c == 'X' || c == 'O':
				board[sq] = Cube(strings.IndexByte("XO", c), r.dot(1))
			case r.four && (c == 'x' || c == 'o'):
				board[sq] = Cube(strings.IndexByte("xo", c), 2)
			case c == 'x' || c == 'o':
				return nil, fmt.Errorf("position: %q at %s: dots (lower case) are for quixo4 only", c, g.Name(sq))
			default:
				return nil, fmt.Errorf("position: %q at %s: want X, O or '.'", c, g.Name(sq))
			}
		}
	}
	turn := -1
	for p := range r.Players() {
		if f[1] == r.turnName(p) {
			turn = p
		}
	}
	if turn < 0 {
		want := "X or O"
		if r.four {
			want = "A1, B1, A2 or B2"
		}
		return nil, fmt.Errorf("position: player to move %q: want %s", f[1], want)
	}
	ply := 0
	if len(f) == 3 {
		var err error
		// Only the canonical form that String writes: no sign, no leading zero.
		if ply, err = strconv.Atoi(f[2]); err != nil || ply < 0 || strconv.Itoa(ply) != f[2] {
			return nil, fmt.Errorf("position: move number %q: want a whole number ≥ 0", f[2])
		}
	}
	return r.NewState(&board, turn, ply), nil
}

// dot returns d in quixo4 and 0 in quixo, where cubes have no dot.
func (r *Rules) dot(d int) int {
	if r.four {
		return d
	}
	return 0
}

func (r *Rules) turnName(p int) string {
	if r.four {
		return seats[p]
	}
	return string(symbol[p])
}

// ParseMove implements engine.Rules.
func (r *Rules) ParseMove(text string) (engine.Move, error) {
	if text == "pass" {
		return Pass, nil
	}
	head, dot, hasDot := strings.Cut(text, ".")
	a, b, ok := strings.Cut(head, "-")
	if !ok {
		return 0, fmt.Errorf("move %q: want the square taken and the square put in, as c1-a1, or pass", text)
	}
	from, err := r.geo.ParseSquare(a)
	if err != nil {
		return 0, fmt.Errorf("move %q: %w", text, err)
	}
	to, err := r.geo.ParseSquare(b)
	if err != nil {
		return 0, fmt.Errorf("move %q: %w", text, err)
	}
	switch {
	case !r.four && hasDot:
		return 0, fmt.Errorf("move %q: a dot is named in quixo4 only", text)
	case !r.four:
		return pushMove(from, to, 0), nil
	case dot == "1" || dot == "2":
		return pushMove(from, to, int(dot[0]-'0')), nil
	}
	return 0, fmt.Errorf("move %q: name the team-mate the dot points to, %s.1 or %s.2", text, head, head)
}

// FormatMove implements engine.Rules.
func (r *Rules) FormatMove(m engine.Move) string {
	if m == Pass {
		return "pass"
	}
	from, to, dot := decode(m)
	if m&^(pushFlag|(1<<12-1)) != 0 || m&pushFlag == 0 || from >= cells || to >= cells {
		return fmt.Sprintf("?%x", uint32(m))
	}
	text := r.geo.Name(from) + "-" + r.geo.Name(to)
	if dot != 0 {
		text += "." + strconv.Itoa(dot)
	}
	return text
}

// String implements engine.State.
func (s *State) String() string {
	g := s.r.geo
	var b strings.Builder
	for i, rank := range g.Diagram() {
		if i > 0 {
			b.WriteByte('/')
		}
		for file := range size {
			p := s.PieceAt(g.Square(file, rank))
			switch {
			case p == Blank:
				b.WriteByte('.')
			case p.Identity() == 2:
				b.WriteByte("xo"[p.Face()-1])
			default:
				b.WriteByte("XO"[p.Face()-1])
			}
		}
	}
	b.WriteByte(' ')
	b.WriteString(s.r.turnName(int(s.turn)))
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(s.ply))
	return b.String()
}
