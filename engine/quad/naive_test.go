package quad

// Deliberately naive reference implementation of the Quad rules
// (docs/rules/README.md, with the two copies of a type interchangeable), used only by tests to cross-check the real
// engine. Written from the rules text alone: a [4][4] array of pieces, every line checked
// cell by cell.

import (
	"fmt"
	"strings"
	"testing"
)

// naivePiece is a piece: colour 'L' or 'D', shape 'R' (round) or 'Q' (square), fill 'H'
// (hollow) or 'F' (full, solid). The zero naivePiece is an empty cell.
type naivePiece struct {
	colour, shape, fill byte
}

// naivePos is a position. Row 0 is rank 1 (the bottom), column 0 is file a.
type naivePos struct {
	board [4][4]naivePiece
	side  byte // 'L' or 'D': the side to move
}

// naiveMove places a piece of the mover's colour with the given shape and fill.
type naiveMove struct {
	row, col    int
	shape, fill byte
}

// naiveParse reads "<rank 4>/<rank 3>/<rank 2>/<rank 1> <l|d>", two characters a cell: ".."
// or shape then fill, uppercase for Light and lowercase for Dark.
func naiveParse(text string) (naivePos, error) {
	var p naivePos
	fields := strings.Fields(text)
	if len(fields) != 2 {
		return p, fmt.Errorf("naive: want 2 fields in %q", text)
	}
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != 4 {
		return p, fmt.Errorf("naive: want 4 ranks, got %d", len(ranks))
	}
	for i, rank := range ranks {
		row := 3 - i
		if len(rank) != 8 {
			return p, fmt.Errorf("naive: rank %d has %d characters", row+1, len(rank))
		}
		for col := 0; col < 4; col++ {
			a, b := rank[2*col], rank[2*col+1]
			if a == '.' && b == '.' {
				continue
			}
			var pc naivePiece
			switch {
			case (a == 'R' || a == 'Q') && (b == 'H' || b == 'F'):
				pc = naivePiece{'L', a, b}
			case (a == 'r' || a == 'q') && (b == 'h' || b == 'f'):
				pc = naivePiece{'D', a - 'a' + 'A', b - 'a' + 'A'}
			default:
				return p, fmt.Errorf("naive: bad cell %c%c", a, b)
			}
			p.board[row][col] = pc
		}
	}
	switch fields[1] {
	case "l":
		p.side = 'L'
	case "d":
		p.side = 'D'
	default:
		return p, fmt.Errorf("naive: bad side %q", fields[1])
	}
	return p, nil
}

func naiveString(p *naivePos) string {
	var sb strings.Builder
	for row := 3; row >= 0; row-- {
		for col := 0; col < 4; col++ {
			pc := p.board[row][col]
			switch pc.colour {
			case 0:
				sb.WriteString("..")
			case 'L':
				sb.WriteByte(pc.shape)
				sb.WriteByte(pc.fill)
			case 'D':
				sb.WriteByte(pc.shape - 'A' + 'a')
				sb.WriteByte(pc.fill - 'A' + 'a')
			}
		}
		if row > 0 {
			sb.WriteByte('/')
		}
	}
	sb.WriteString(" " + strings.ToLower(string(p.side)))
	return sb.String()
}

// naiveLines lists the ten lines of Quad: 4 rows, 4 columns, the 2 long diagonals.
func naiveLines() [][4][2]int {
	var lines [][4][2]int
	for i := 0; i < 4; i++ {
		var row, col [4][2]int
		for j := 0; j < 4; j++ {
			row[j] = [2]int{i, j}
			col[j] = [2]int{j, i}
		}
		lines = append(lines, row, col)
	}
	var diag, anti [4][2]int
	for j := 0; j < 4; j++ {
		diag[j] = [2]int{j, j}
		anti[j] = [2]int{j, 3 - j}
	}
	return append(lines, diag, anti)
}

// naiveHasLine reports whether some line holds four pieces that are all light, all dark,
// all round, all square, all hollow or all solid.
func naiveHasLine(p *naivePos) bool {
	for _, line := range naiveLines() {
		full := true
		for _, c := range line {
			if p.board[c[0]][c[1]].colour == 0 {
				full = false
			}
		}
		if !full {
			continue
		}
		first := p.board[line[0][0]][line[0][1]]
		sameColour, sameShape, sameFill := true, true, true
		for _, c := range line[1:] {
			pc := p.board[c[0]][c[1]]
			sameColour = sameColour && pc.colour == first.colour
			sameShape = sameShape && pc.shape == first.shape
			sameFill = sameFill && pc.fill == first.fill
		}
		if sameColour || sameShape || sameFill {
			return true
		}
	}
	return false
}

// naiveMoves lists the legal moves: none once a line is made or the board is full; else
// every empty cell with every type of which the mover has fewer than 2 on the board.
func naiveMoves(p *naivePos) []naiveMove {
	if naiveHasLine(p) {
		return nil
	}
	var moves []naiveMove
	for row := 0; row < 4; row++ {
		for col := 0; col < 4; col++ {
			if p.board[row][col].colour != 0 {
				continue
			}
			for _, shape := range []byte{'R', 'Q'} {
				for _, fill := range []byte{'H', 'F'} {
					used := 0
					for r := 0; r < 4; r++ {
						for c := 0; c < 4; c++ {
							if p.board[r][c] == (naivePiece{p.side, shape, fill}) {
								used++
							}
						}
					}
					if used < 2 {
						moves = append(moves, naiveMove{row, col, shape, fill})
					}
				}
			}
		}
	}
	return moves
}

func naivePlay(p naivePos, m naiveMove) naivePos {
	p.board[m.row][m.col] = naivePiece{p.side, m.shape, m.fill}
	if p.side == 'L' {
		p.side = 'D'
	} else {
		p.side = 'L'
	}
	return p
}

func naivePerftPos(p naivePos, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, m := range naiveMoves(&p) {
		n += naivePerftPos(naivePlay(p, m), depth-1)
	}
	return n
}

// naivePerft counts the move sequences of exactly depth moves from the position text pos.
func naivePerft(pos string, depth int) (uint64, error) {
	p, err := naiveParse(pos)
	if err != nil {
		return 0, err
	}
	return naivePerftPos(p, depth), nil
}

func TestNaiveRules(t *testing.T) {
	const empty = "......../......../......../........ l"
	p, err := naiveParse(empty)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(naiveMoves(&p)); n != 64 {
		t.Errorf("first moves: %d, want 64", n)
	}
	if naiveString(&p) != empty {
		t.Errorf("round trip: %s", naiveString(&p))
	}
	for _, c := range []struct {
		pos  string
		line bool
	}{
		{"......../......../......../RHQFRFQH d", true},  // all light
		{"rh....../qf....../rf....../qh...... l", true},  // all dark
		{"......../......../......../RHrfRHrf d", true},  // all round
		{"QH....../..qf..../....QF../......qh l", true},  // all square, a diagonal
		{"......RH/....qh../..QH..../rh...... l", true},  // all hollow, the other diagonal
		{"......../......../QFrfRFqf/........ l", true},  // all solid
		{"......../......../......../RHQFRFqh l", false}, // three light, the fourth dark
		{"......../......../......../RHRHRFqf l", false}, // three share colour and shape
		{"......../......../......../RHQFRF.. l", false}, // not full
		{"qhRFQHrh/RHRHqfRF/rfrhQFQH/QFqfrfqh l", false}, // the full-board draw
	} {
		p, err := naiveParse(c.pos)
		if err != nil {
			t.Fatal(err)
		}
		if got := naiveHasLine(&p); got != c.line {
			t.Errorf("%s: line %v, want %v", c.pos, got, c.line)
		}
		if c.line && len(naiveMoves(&p)) != 0 {
			t.Errorf("%s: moves after a line", c.pos)
		}
	}
	// Two of a type per player: Light has used both RH, Dark one rf.
	p, _ = naiveParse("......../......../......../RHRHrf.. l")
	if n := len(naiveMoves(&p)); n != 13*3 {
		t.Errorf("Light with no RH left: %d moves, want 39", n)
	}
	p, _ = naiveParse("......../......../......../RHRHrf.. d")
	if n := len(naiveMoves(&p)); n != 13*4 {
		t.Errorf("Dark with one rf left: %d moves, want 52", n)
	}
	for _, bad := range []string{"", empty[:len(empty)-2], empty[:len(empty)-1] + "x", "......../......../......../Rh...... l"} {
		if _, err := naivePerft(bad, 1); err == nil {
			t.Errorf("no error for %q", bad)
		}
	}
}
