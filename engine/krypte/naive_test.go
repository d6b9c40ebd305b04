package krypte

// Deliberately naive reference implementation of the Krypte move rules
// (docs/rules/README.md, with the decisions on the opponent's line and on no move), used only by tests to cross-check the
// real engine. Written from the rules text alone: plain loops over an [8][8] array.

import (
	"fmt"
	"sort"
	"strings"
	"testing"
)

// naivePos is a position. Row 0 is rank 1, the North edge (top of the diagrams); row 7 is
// rank 8, the South edge. Column 0 is file a (West), column 7 is file h (East).
type naivePos struct {
	board [8][8]byte // board[row][col]: 'B', 'W' or '.'
	side  byte       // 'B' or 'W': the side to move
	last  byte       // edge the previous disc entered from: 'N', 'E', 'S', 'W', or '-' at the start
}

// naiveMove is a move: the landing cell, plus the edge it was entered from (the edge is
// determined by the cell once the ambiguity ban has removed the doubly reachable cells).
type naiveMove struct {
	row, col int
	edge     byte
}

func naiveOther(side byte) byte {
	if side == 'B' {
		return 'W'
	}
	return 'B'
}

// naiveParse reads `<rows> <side> <last>`: 8 rows, rank 1 first, separated by '/', each row
// from file a to file h; side 'b' or 'w'; last one of N E S W -.
func naiveParse(text string) (naivePos, error) {
	var p naivePos
	fields := strings.Split(text, " ")
	if len(fields) != 3 {
		return p, fmt.Errorf("naive: want 3 fields, got %d in %q", len(fields), text)
	}
	rows := strings.Split(fields[0], "/")
	if len(rows) != 8 {
		return p, fmt.Errorf("naive: want 8 rows, got %d", len(rows))
	}
	for r, row := range rows {
		if len(row) != 8 {
			return p, fmt.Errorf("naive: row %d has %d cells, want 8", r+1, len(row))
		}
		for c := 0; c < 8; c++ {
			ch := row[c]
			if ch != 'B' && ch != 'W' && ch != '.' {
				return p, fmt.Errorf("naive: bad cell %q in row %d", ch, r+1)
			}
			p.board[r][c] = ch
		}
	}
	switch fields[1] {
	case "b":
		p.side = 'B'
	case "w":
		p.side = 'W'
	default:
		return p, fmt.Errorf("naive: bad side %q", fields[1])
	}
	switch fields[2] {
	case "N", "E", "S", "W", "-":
		p.last = fields[2][0]
	default:
		return p, fmt.Errorf("naive: bad last edge %q", fields[2])
	}
	return p, nil
}

func naiveString(p *naivePos) string {
	var sb strings.Builder
	for r := 0; r < 8; r++ {
		if r > 0 {
			sb.WriteByte('/')
		}
		for c := 0; c < 8; c++ {
			sb.WriteByte(p.board[r][c])
		}
	}
	sb.WriteString(" " + strings.ToLower(string(p.side)) + " " + string(p.last))
	return sb.String()
}

// naiveActiveEdges: the edges a disc may enter from. At the start only North; then the two edges following, clockwise
// (N -> E -> S -> W -> N), the edge the previous disc entered from.
func naiveActiveEdges(last byte) []byte {
	switch last {
	case 'N':
		return []byte{'E', 'S'}
	case 'E':
		return []byte{'S', 'W'}
	case 'S':
		return []byte{'W', 'N'}
	case 'W':
		return []byte{'N', 'E'}
	default:
		return []byte{'N'}
	}
}

// naiveLanding: a disc entering from edge into line k (a column for N/S, a row for E/W)
// passes over occupied cells and stops on the first empty one. ok is false for a full line.
func naiveLanding(p *naivePos, edge byte, k int) (row, col int, ok bool) {
	for i := 0; i < 8; i++ {
		switch edge {
		case 'N': // down column k from rank 1
			row, col = i, k
		case 'S': // up column k from rank 8
			row, col = 7-i, k
		case 'W': // along row k from file a
			row, col = k, i
		case 'E': // along row k from file h
			row, col = k, 7-i
		}
		if p.board[row][col] == '.' {
			return row, col, true
		}
	}
	return 0, 0, false
}

// naiveHasLine reports whether colour c has 4 or more in a row, orthogonally or diagonally.
func naiveHasLine(p *naivePos, c byte) bool {
	dirs := [4][2]int{{0, 1}, {1, 0}, {1, 1}, {1, -1}}
	for r := 0; r < 8; r++ {
		for col := 0; col < 8; col++ {
			for _, d := range dirs {
				n := 0
				for i := 0; i < 4; i++ {
					rr, cc := r+i*d[0], col+i*d[1]
					if rr < 0 || rr > 7 || cc < 0 || cc > 7 || p.board[rr][cc] != c {
						break
					}
					n++
				}
				if n == 4 {
					return true
				}
			}
		}
	}
	return false
}

// naivePlay returns the position after the move (p is not changed): the mover's disc lands,
// then every 4-adjacent disc, of either colour, is turned over.
func naivePlay(p naivePos, m naiveMove) naivePos {
	p.board[m.row][m.col] = p.side
	for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		r, c := m.row+d[0], m.col+d[1]
		if r < 0 || r > 7 || c < 0 || c > 7 {
			continue
		}
		switch p.board[r][c] {
		case 'B':
			p.board[r][c] = 'W'
		case 'W':
			p.board[r][c] = 'B'
		}
	}
	p.side = naiveOther(p.side)
	p.last = m.edge
	return p
}

// naiveMoves lists the legal moves, sorted by cell (row, then column).
func naiveMoves(p *naivePos) []naiveMove {
	// A position where either colour already has a line is finished.
	if naiveHasLine(p, 'B') || naiveHasLine(p, 'W') {
		return nil
	}
	// For each cell, the active edges from which a disc would land there.
	var from [8][8][]byte
	for _, edge := range naiveActiveEdges(p.last) {
		for k := 0; k < 8; k++ {
			if r, c, ok := naiveLanding(p, edge, k); ok {
				from[r][c] = append(from[r][c], edge)
			}
		}
	}
	var moves []naiveMove
	for r := 0; r < 8; r++ {
		for c := 0; c < 8; c++ {
			if len(from[r][c]) != 1 {
				continue // not reachable, or the ambiguity ban (reachable from both edges)
			}
			m := naiveMove{row: r, col: c, edge: from[r][c][0]}
			after := naivePlay(*p, m)
			if naiveHasLine(&after, 'B') && naiveHasLine(&after, 'W') {
				continue // double-win ban
			}
			moves = append(moves, m)
		}
	}
	// No legal move: the game is drawn, so the list stays empty.
	return moves
}

func naivePerftPos(p naivePos, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	moves := naiveMoves(&p)
	if depth == 1 {
		return uint64(len(moves)) // each legal move is one leaf
	}
	var n uint64
	for _, m := range moves {
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
	if depth < 0 {
		return 0, fmt.Errorf("naive: negative depth %d", depth)
	}
	return naivePerftPos(p, depth), nil
}

// ---- helpers for the tests ----

// naiveCell turns "e5" into (row, col) = (rank-1, file).
func naiveCell(name string) (int, int) {
	return int(name[1] - '1'), int(name[0] - 'a')
}

func naiveCellName(r, c int) string {
	return string([]byte{byte('a' + c), byte('1' + r)})
}

func naiveMoveCells(p *naivePos) []string {
	var out []string
	for _, m := range naiveMoves(p) {
		out = append(out, naiveCellName(m.row, m.col))
	}
	sort.Strings(out)
	return out
}

func naiveSortedList(list string) string {
	f := strings.Fields(list)
	sort.Strings(f)
	return strings.Join(f, " ")
}

const naiveEmpty = "......../......../......../......../......../......../......../........ b -"

// naiveGame is the rules' example game: side, cell, edge, flips as cell=new colour.
var naiveGame = []struct {
	side  byte
	cell  string
	edge  byte
	flips string
}{
	{'B', "d1", 'N', ""},
	{'W', "e8", 'S', ""},
	{'B', "c1", 'N', "d1=W"},
	{'W', "h5", 'E', ""},
	{'B', "e7", 'S', "e8=B"},
	{'W', "c2", 'N', "c1=W"},
	{'B', "g5", 'E', "h5=B"},
	{'W', "a4", 'W', ""},
	{'B', "d2", 'N', "d1=B c2=B"},
	{'W', "f5", 'E', "g5=W"},
	{'B', "e6", 'S', "e7=W"},
	{'W', "e1", 'N', "d1=W"},
	{'B', "h2", 'E', ""},
	{'W', "d8", 'S', "e8=W"},
	{'B', "a5", 'W', "a4=B"},
	{'W', "e2", 'N', "e1=B d2=W"},
	{'B', "h1", 'E', "h2=W"},
	{'W', "e5", 'S', "e6=W f5=B"},
}

// naiveLegalBefore: the legal-move sets stated by the diagrams, keyed by move number.
var naiveLegalBefore = map[int]string{
	2:  "h1 h2 h3 h4 h5 h6 h7 a8 b8 c8 d8 e8 f8 g8",
	3:  "a2 a3 a4 a5 a6 a7 a8 b1 c1 d2 e1 f1 g1 h1",
	4:  "h1 h2 h3 h4 h5 h6 h7 a8 b8 c8 d8 e7 f8 g8",
	13: "h1 h2 h3 h4 h6 h7 a8 b8 c8 d8 f8 g8",
	17: "h1 g2 h3 h4 h6 h7 a8 b8 c8 d7 f8 g8",
}

// naiveFinal is the diagram after move 18, rank 1 first.
const naiveFinal = "..WWB..B/..BWW..W/......../B......./B...WBWB/....W.../....W.../...WW..."

func naivePlayCell(t *testing.T, p naivePos, cell string) (naivePos, naiveMove) {
	t.Helper()
	r, c := naiveCell(cell)
	for _, m := range naiveMoves(&p) {
		if m.row == r && m.col == c {
			return naivePlay(p, m), m
		}
	}
	t.Fatalf("%s not legal in %s (legal: %v)", cell, naiveString(&p), naiveMoveCells(&p))
	return p, naiveMove{}
}

func TestNaiveKrypteExampleGame(t *testing.T) {
	p, err := naiveParse(naiveEmpty)
	if err != nil {
		t.Fatal(err)
	}
	// Before move 1: Black enters from the North only: a1..h1.
	if got := strings.Join(naiveMoveCells(&p), " "); got != "a1 b1 c1 d1 e1 f1 g1 h1" {
		t.Errorf("before move 1: %s", got)
	}
	var after16 naivePos
	for i, mv := range naiveGame {
		num := i + 1
		if p.side != mv.side {
			t.Fatalf("move %d: side to move %c, want %c", num, p.side, mv.side)
		}
		if naiveHasLine(&p, 'B') || naiveHasLine(&p, 'W') {
			t.Fatalf("move %d: a line already exists in %s", num, naiveString(&p))
		}
		if want, ok := naiveLegalBefore[num]; ok {
			if got := strings.Join(naiveMoveCells(&p), " "); got != naiveSortedList(want) {
				t.Errorf("before move %d: legal %s, want %s", num, got, naiveSortedList(want))
			}
		}
		before := p
		var m naiveMove
		p, m = naivePlayCell(t, p, mv.cell)
		if m.edge != mv.edge {
			t.Errorf("move %d %s: edge %c, want %c", num, mv.cell, m.edge, mv.edge)
		}
		// Exactly the listed discs changed, to the listed colours.
		var got []string
		for r := 0; r < 8; r++ {
			for c := 0; c < 8; c++ {
				if r == m.row && c == m.col {
					continue
				}
				if before.board[r][c] != p.board[r][c] {
					got = append(got, naiveCellName(r, c)+"="+string(p.board[r][c]))
				}
			}
		}
		sort.Strings(got)
		if g, w := strings.Join(got, " "), naiveSortedList(mv.flips); g != w {
			t.Errorf("move %d %s: flips %q, want %q", num, mv.cell, g, w)
		}
		if num == 16 {
			after16 = p
		}
	}
	if got := naiveString(&p); got != naiveFinal+" b S" {
		t.Errorf("final position %s, want %s b S", got, naiveFinal)
	}
	if !naiveHasLine(&p, 'W') || naiveHasLine(&p, 'B') {
		t.Errorf("final: White line %v, Black line %v; want true, false", naiveHasLine(&p, 'W'), naiveHasLine(&p, 'B'))
	}
	if n := len(naiveMoves(&p)); n != 0 {
		t.Errorf("final position has %d moves, want 0 (game over)", n)
	}

	// Threat analysis after move 16: every East reply is met by e5, every South reply by f1.
	replies := naiveMoves(&after16)
	if len(replies) != 12 {
		t.Errorf("after move 16: Black has %d replies, want 12", len(replies))
	}
	for _, m := range replies {
		q := naivePlay(after16, m)
		answer := "f1"
		if m.edge == 'E' {
			answer = "e5"
		}
		q, _ = naivePlayCell(t, q, answer)
		if !naiveHasLine(&q, 'W') || naiveHasLine(&q, 'B') {
			t.Errorf("after 16, %s then %s: White line %v, Black line %v", naiveCellName(m.row, m.col), answer,
				naiveHasLine(&q, 'W'), naiveHasLine(&q, 'B'))
		}
	}
}

func TestNaiveKrypteRules(t *testing.T) {
	// Double-win ban, built by hand. White to move, last edge E, so the active edges are S,W.
	// Black a1 a2 a3, White a4, White diagonal b6 c7 d8. White a5 (from the West; from the
	// South column a lands on a8, so no ambiguity) flips a4 to Black (Black a1-a4) and makes
	// White a5-b6-c7-d8: both colours have a line, so a5 is illegal.
	p, err := naiveParse("B......./B......./B......./W......./......../.W....../..W...../...W.... w E")
	if err != nil {
		t.Fatal(err)
	}
	for _, cell := range naiveMoveCells(&p) {
		if cell == "a5" {
			t.Errorf("a5 should be banned (double win)")
		}
	}
	// The same with the Black column broken: a5 is legal and wins for White.
	p.board[0][0] = '.'
	found := false
	for _, cell := range naiveMoveCells(&p) {
		if cell == "a5" {
			found = true
		}
	}
	if !found {
		t.Errorf("a5 should be legal: %v", naiveMoveCells(&p))
	}
	if w, _ := naivePlayCell(t, p, "a5"); !naiveHasLine(&w, 'W') || naiveHasLine(&w, 'B') {
		t.Errorf("a5 should give White alone a line")
	}
	// a move whose flips make only the opponent's line is legal (the opponent wins,
	// the game is over). Black column restored, White diagonal broken (no d8).
	p.board[0][0] = 'B'
	p.board[7][3] = '.'
	b, _ := naivePlayCell(t, p, "a5")
	if !naiveHasLine(&b, 'B') || naiveHasLine(&b, 'W') {
		t.Errorf("a5 should give Black alone a line")
	}
	if n := len(naiveMoves(&b)); n != 0 {
		t.Errorf("after the opponent's line: %d moves, want 0", n)
	}
	// A position with a line has no moves, for either line owner.
	q, _ := naiveParse("BBBB..../......../......../......../......../......../......../........ w N")
	if n := len(naiveMoves(&q)); n != 0 {
		t.Errorf("finished position has %d moves", n)
	}
	for _, bad := range []string{
		"",
		"......../......../......../......../......../......../......../........ b",
		"......../......../......../......../......../......../......../........ x -",
		"......../......../......../......../......../......../......../........ b X",
		"......../......../......../......../......../......../........ b -",
		"......../......../......../......../......../......../......../....... b -",
		"......../......../......../......../......../......../......../.......x b -",
		"......../......../......../......../......../......../......../........  b -",
	} {
		if _, err := naivePerft(bad, 1); err == nil {
			t.Errorf("no error for %q", bad)
		}
	}
}
