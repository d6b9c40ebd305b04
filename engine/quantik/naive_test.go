package quantik

// Deliberately naive reference implementation of the Quantik rules
// (docs/rules/README.md, with the decision that a player without a move loses), used only by tests to cross-check the real
// engine. Written from the rules text alone: plain loops over a [4][4] array, no bitboards,
// its own win check.

import (
	"fmt"
	"strings"
	"testing"
)

// naivePos is a position. board[row][col]: row 0 is rank 1 (the bottom), col 0 is file a.
// A cell holds '.', or a shape letter: upper case for Light, lower case for Dark.
type naivePos struct {
	board [4][4]byte
	side  byte // 'L' or 'D': the side to move
}

type naiveMove struct {
	shape    byte // 'C', 'Y', 'S' or 'P'
	row, col int
}

const naiveShapes = "CYSP"

// naiveParse reads "<rank 4>/<rank 3>/<rank 2>/<rank 1> <l|d>".
func naiveParse(text string) (naivePos, error) {
	var p naivePos
	fields := strings.Split(text, " ")
	if len(fields) != 2 {
		return p, fmt.Errorf("naive: want 2 fields in %q", text)
	}
	rows := strings.Split(fields[0], "/")
	if len(rows) != 4 {
		return p, fmt.Errorf("naive: want 4 ranks, got %d", len(rows))
	}
	for i, line := range rows {
		if len(line) != 4 {
			return p, fmt.Errorf("naive: rank %d has %d cells", 4-i, len(line))
		}
		for c := 0; c < 4; c++ {
			ch := line[c]
			if ch != '.' && !strings.ContainsRune(naiveShapes+strings.ToLower(naiveShapes), rune(ch)) {
				return p, fmt.Errorf("naive: bad cell %q", ch)
			}
			p.board[3-i][c] = ch
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

// naiveOwner returns 'L' or 'D' for a piece, 0 for an empty cell.
func naiveOwner(ch byte) byte {
	switch {
	case ch == '.':
		return 0
	case ch >= 'A' && ch <= 'Z':
		return 'L'
	}
	return 'D'
}

// naiveShape returns the upper-case shape letter of a piece.
func naiveShape(ch byte) byte {
	if ch >= 'a' && ch <= 'z' {
		return ch - 'a' + 'A'
	}
	return ch
}

// naiveIndex returns the place of a piece's shape in naiveShapes.
func naiveIndex(ch byte) int {
	switch naiveShape(ch) {
	case 'C':
		return 0
	case 'Y':
		return 1
	case 'S':
		return 2
	}
	return 3
}

// naiveRegions lists the 12 regions as cell lists: 4 rows, 4 columns, 4 quadrants.
var naiveRegionList = naiveRegions()

func naiveRegions() [][4][2]int {
	var out [][4][2]int
	for r := 0; r < 4; r++ {
		out = append(out, [4][2]int{{r, 0}, {r, 1}, {r, 2}, {r, 3}})
	}
	for c := 0; c < 4; c++ {
		out = append(out, [4][2]int{{0, c}, {1, c}, {2, c}, {3, c}})
	}
	for _, q := range [][2]int{{0, 0}, {0, 2}, {2, 0}, {2, 2}} {
		out = append(out, [4][2]int{{q[0], q[1]}, {q[0], q[1] + 1}, {q[0] + 1, q[1]}, {q[0] + 1, q[1] + 1}})
	}
	return out
}

// naiveSameRegion reports whether two cells share a row, a column or a quadrant.
func naiveSameRegion(r1, c1, r2, c2 int) bool {
	return r1 == r2 || c1 == c2 || (r1/2 == r2/2 && c1/2 == c2/2)
}

// naiveWon reports whether some row, column or quadrant has all four cells occupied by
// four different shapes, whatever their colours.
func naiveWon(p *naivePos) bool {
	for _, reg := range naiveRegionList {
		var seen [4]bool
		full, different := true, 0
		for _, cell := range reg {
			ch := p.board[cell[0]][cell[1]]
			if ch == '.' {
				full = false
				break
			}
			i := naiveIndex(ch)
			if !seen[i] {
				seen[i] = true
				different++
			}
		}
		if full && different == 4 {
			return true
		}
	}
	return false
}

// naiveMoves lists the legal moves: a piece still in hand (two of each shape, minus those
// on the board), on an empty cell, with no opponent piece of the same shape in the cell's
// row, column or quadrant. A finished game has none. The moves are appended to buf.
func naiveMoves(p *naivePos, buf []naiveMove) []naiveMove {
	if naiveWon(p) {
		return buf
	}
	var inHand [4]int
	var theirs [4][][2]int // the opponent's pieces, by shape
	var store [16][2]int
	for i := range theirs {
		theirs[i] = store[4*i : 4*i : 4*i+4]
	}
	for i := range inHand {
		inHand[i] = 2
	}
	for r := 0; r < 4; r++ {
		for c := 0; c < 4; c++ {
			ch := p.board[r][c]
			if ch == '.' {
				continue
			}
			i := naiveIndex(ch)
			if naiveOwner(ch) == p.side {
				inHand[i]--
			} else {
				theirs[i] = append(theirs[i], [2]int{r, c})
			}
		}
	}
	moves := buf
	for i := 0; i < 4; i++ {
		if inHand[i] == 0 {
			continue
		}
		for r := 0; r < 4; r++ {
			for c := 0; c < 4; c++ {
				if p.board[r][c] != '.' {
					continue
				}
				ok := true
				for _, o := range theirs[i] {
					if naiveSameRegion(r, c, o[0], o[1]) {
						ok = false
					}
				}
				if ok {
					moves = append(moves, naiveMove{naiveShapes[i], r, c})
				}
			}
		}
	}
	return moves
}

func naivePlay(p naivePos, m naiveMove) naivePos {
	ch := m.shape
	if p.side == 'D' {
		ch = ch - 'A' + 'a'
		p.side = 'L'
	} else {
		p.side = 'D'
	}
	p.board[m.row][m.col] = ch
	return p
}

// naivePerftPos counts the move sequences; bufs[d] holds the moves at depth d.
func naivePerftPos(p naivePos, depth int, bufs [][]naiveMove) uint64 {
	if depth == 0 {
		return 1
	}
	moves := naiveMoves(&p, bufs[depth][:0])
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		n += naivePerftPos(naivePlay(p, m), depth-1, bufs)
	}
	return n
}

// naivePerft counts the move sequences of exactly depth moves from the position text pos.
func naivePerft(pos string, depth int) (uint64, error) {
	p, err := naiveParse(pos)
	if err != nil {
		return 0, err
	}
	bufs := make([][]naiveMove, depth+1)
	for i := range bufs {
		bufs[i] = make([]naiveMove, 0, 64)
	}
	return naivePerftPos(p, depth, bufs), nil
}

// naiveValue is the game's value for the side to move with best play, by plain minimax:
// 1 a win, -1 a loss. The last mover's line wins; a side with no move loses.
func naiveValue(p naivePos) int {
	if naiveWon(&p) {
		return -1
	}
	best := -1
	for _, m := range naiveMoves(&p, nil) {
		if v := -naiveValue(naivePlay(p, m)); v > best {
			best = v
		}
	}
	return best
}

// naiveDistance is the game's value for the side to move with best play and how many
// plies it lasts: the fastest win, the slowest loss. Plain minimax over the whole tree.
func naiveDistance(p naivePos) (value, plies int) {
	moves := naiveMoves(&p, nil)
	if len(moves) == 0 {
		return -1, 0 // the last mover's line, or no move: a loss
	}
	value, plies = -1, -1
	for _, m := range moves {
		v, d := naiveDistance(naivePlay(p, m))
		v, d = -v, d+1
		switch {
		case v > value:
			value, plies = v, d
		case v == value && v == 1 && d < plies, v == value && v == -1 && d > plies:
			plies = d
		}
	}
	return value, plies
}

func TestNaiveRules(t *testing.T) {
	// Qk-2: a Dark cube on b2 keeps Light's cubes off its row, column and quadrant.
	p, err := naiveParse("..../..../.c../.... l")
	if err != nil {
		t.Fatal(err)
	}
	var cubes []string
	for _, m := range naiveMoves(&p, nil) {
		if m.shape == 'C' {
			cubes = append(cubes, string([]byte{byte('a' + m.col), byte('1' + m.row)}))
		}
	}
	if got := strings.Join(cubes, " "); got != "c1 d1 a3 c3 d3 a4 c4 d4" {
		t.Errorf("Light's cubes beside a Dark cube on b2: %s", got)
	}
	p.side = 'D'
	if n := len(naiveMoves(&p, nil)); n != 15*3+15 {
		t.Errorf("Dark's own cube blocks nothing: %d moves, want 60", n)
	}
	// Qk-1 and Qk-3: four different shapes win, a repeated shape does not.
	for _, c := range []struct {
		pos string
		won bool
	}{
		{"..P./..s./..y./..C. l", true},
		{"..../..../..../CyCs l", false},
		{"..../..../Sp../Cy.. l", true},
		{"..../..../Sp../C... l", false},
	} {
		p, err := naiveParse(c.pos)
		if err != nil {
			t.Fatal(err)
		}
		if naiveWon(&p) != c.won {
			t.Errorf("%s: won %v, want %v", c.pos, !c.won, c.won)
		}
	}
	for _, bad := range []string{"", "..../..../..../.... x", "..../..../.... l", "..../..../..../...x l", "..../..../..../... l"} {
		if _, err := naivePerft(bad, 1); err == nil {
			t.Errorf("no error for %q", bad)
		}
	}
}
