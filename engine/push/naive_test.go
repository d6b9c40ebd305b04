package push

// Deliberately naive reference implementation of Push (docs/rules/README.md,
// with the project's decisions on the opponent's square, the Spear rules and moves), used only by tests to cross-check the real engine. Written from
// the rules text alone: plain loops over a [5][5] array. The history rules are left
// out, as perft leaves them out.

import (
	"fmt"
	"strings"
	"testing"
)

// naivePos is a position. Row 0 is rank 1 (the bottom), row 4 rank 5 (the top); column 0 is
// file a (the left).
type naivePos struct {
	board [5][5]byte // 'B' or 'W'
	side  byte       // 'B' or 'W': who holds the spare marble and so moves
	last  byte       // spear: who made the last push ('B' or 'W'; the game is over), else 0
}

// naiveMove is an insertion: the edge ('N' top, 'S' bottom, 'W' left, 'E' right) and the
// line (the column for N and S, the row for W and E), 0-based.
type naiveMove struct {
	edge byte
	line int
}

func (m naiveMove) String() string {
	if m.edge == 'N' || m.edge == 'S' {
		return string([]byte{m.edge, byte('a' + m.line)})
	}
	return string([]byte{m.edge, byte('1' + m.line)})
}

// naiveParse reads "<rank 5>/…/<rank 1> <b|w> [<ply> [last=b|last=w]]".
func naiveParse(text string) (naivePos, error) {
	var p naivePos
	f := strings.Fields(text)
	if len(f) < 2 || len(f) > 4 {
		return p, fmt.Errorf("naive: %d fields in %q", len(f), text)
	}
	rows := strings.Split(f[0], "/")
	if len(rows) != 5 {
		return p, fmt.Errorf("naive: %d rows", len(rows))
	}
	for i, row := range rows {
		if len(row) != 5 {
			return p, fmt.Errorf("naive: row %q", row)
		}
		for c := 0; c < 5; c++ {
			if row[c] != 'B' && row[c] != 'W' {
				return p, fmt.Errorf("naive: cell %q", row[c])
			}
			p.board[4-i][c] = row[c]
		}
	}
	switch f[1] {
	case "b":
		p.side = 'B'
	case "w":
		p.side = 'W'
	default:
		return p, fmt.Errorf("naive: side %q", f[1])
	}
	if len(f) == 4 {
		switch f[3] {
		case "last=b":
			p.last = 'B'
		case "last=w":
			p.last = 'W'
		default:
			return p, fmt.Errorf("naive: %q", f[3])
		}
	}
	return p, nil
}

func naiveString(p *naivePos) string {
	var rows []string
	for r := 4; r >= 0; r-- {
		rows = append(rows, string(p.board[r][:]))
	}
	return strings.Join(rows, "/") + " " + strings.ToLower(string(p.side))
}

func naiveOther(c byte) byte {
	if c == 'B' {
		return 'W'
	}
	return 'B'
}

// naiveBlock reports whether colour c fills some w×h rectangle.
func naiveBlock(p *naivePos, c byte, w, h int) bool {
	for r0 := 0; r0+h <= 5; r0++ {
		for c0 := 0; c0+w <= 5; c0++ {
			full := true
			for r := r0; r < r0+h; r++ {
				for col := c0; col < c0+w; col++ {
					if p.board[r][col] != c {
						full = false
					}
				}
			}
			if full {
				return true
			}
		}
	}
	return false
}

func naiveSquare(p *naivePos, c byte) bool { return naiveBlock(p, c, 3, 3) }

func naiveBlock34(p *naivePos, c byte) bool {
	return naiveBlock(p, c, 3, 4) || naiveBlock(p, c, 4, 3)
}

// naiveCells lists the cells of the move's line from the entry to the far end.
func naiveCells(m naiveMove) [5][2]int {
	var cells [5][2]int
	for i := 0; i < 5; i++ {
		switch m.edge {
		case 'N': // in at the top of the column, pushing down
			cells[i] = [2]int{4 - i, m.line}
		case 'S':
			cells[i] = [2]int{i, m.line}
		case 'W': // in at the left of the row, pushing right
			cells[i] = [2]int{m.line, i}
		case 'E':
			cells[i] = [2]int{m.line, 4 - i}
		}
	}
	return cells
}

// naivePlay returns the position after the insertion (p is not changed): the mover's marble
// enters at the entry, every marble of the line moves one cell on, the one at the far end
// falls out and its owner moves next.
func naivePlay(p naivePos, m naiveMove, spear bool) naivePos {
	lastPush := spear && naiveLastChance(&p)
	cells := naiveCells(m)
	out := p.board[cells[4][0]][cells[4][1]]
	for i := 4; i > 0; i-- {
		p.board[cells[i][0]][cells[i][1]] = p.board[cells[i-1][0]][cells[i-1][1]]
	}
	p.board[cells[0][0]][cells[0][1]] = p.side
	if lastPush {
		p.last = p.side
	}
	p.side = out
	return p
}

// naiveLastChance: spear only. The other colour has a square, but the push that made it
// ejected the mover's marble (so he holds the spare): he has one last push.
func naiveLastChance(p *naivePos) bool {
	return p.last == 0 && naiveSquare(p, naiveOther(p.side)) && !naiveSquare(p, p.side)
}

// naiveMoves lists the 20 insertions, or none when the game is over.
func naiveMoves(p *naivePos, spear bool) []naiveMove {
	if p.last != 0 {
		return nil // the last push has been made
	}
	if naiveSquare(p, p.side) {
		return nil // the mover's colour has a square: he has won
	}
	if naiveSquare(p, naiveOther(p.side)) && !spear {
		return nil // #15: the square's owner wins, whoever pushed
	}
	var moves []naiveMove
	for _, e := range []byte("NESW") {
		for i := 0; i < 5; i++ {
			moves = append(moves, naiveMove{e, i})
		}
	}
	return moves
}

// naiveResult returns the winner ('B', 'W'), 'D' for a draw, or 0 while the game goes on.
func naiveResult(p *naivePos, spear bool) byte {
	if p.last != 0 {
		switch {
		case naiveBlock34(p, p.last):
			return p.last
		case naiveSquare(p, p.last):
			return 'D'
		}
		return naiveOther(p.last)
	}
	for _, c := range []byte("BW") {
		if naiveSquare(p, c) {
			if spear && c != p.side {
				return 0
			}
			return c
		}
	}
	return 0
}

func naivePerftPos(p naivePos, depth int, spear bool) uint64 {
	if depth == 0 {
		return 1
	}
	moves := naiveMoves(&p, spear)
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		n += naivePerftPos(naivePlay(p, m, spear), depth-1, spear)
	}
	return n
}

// naivePerft counts the move sequences of exactly depth insertions from the position text.
func naivePerft(pos string, depth int, spear bool) (uint64, error) {
	p, err := naiveParse(pos)
	if err != nil {
		return 0, err
	}
	return naivePerftPos(p, depth, spear), nil
}

const naiveStart = "WBWBW/BWBWB/WBWBW/BWBWB/WBWBW b"

func naiveFind(t *testing.T, p *naivePos, text string, spear bool) naiveMove {
	t.Helper()
	for _, m := range naiveMoves(p, spear) {
		if m.String() == text {
			return m
		}
	}
	t.Fatalf("%s is not legal in %s", text, naiveString(p))
	return naiveMove{}
}

func TestNaiveRules(t *testing.T) {
	p, err := naiveParse(naiveStart)
	if err != nil {
		t.Fatal(err)
	}
	// the set-up: 13 White marbles on the corner colour, 12 Black and one in Black's hand.
	n := map[byte]int{}
	for r := 0; r < 5; r++ {
		for c := 0; c < 5; c++ {
			n[p.board[r][c]]++
		}
	}
	if n['W'] != 13 || n['B'] != 12 || p.board[0][0] != 'W' || p.side != 'B' {
		t.Fatalf("start: %v, a1 %c, %c to move", n, p.board[0][0], p.side)
	}
	// the turn rule: of the 20 first insertions, 8 give Black another turn.
	again := 0
	for _, m := range naiveMoves(&p, false) {
		if q := naivePlay(p, m, false); q.side == 'B' {
			again++
		}
	}
	if again != 8 {
		t.Errorf("%d first insertions give Black another turn, want 8", again)
	}
	// Nc: c5 becomes Black, c1 (White) falls out, White moves.
	q := naivePlay(p, naiveFind(t, &p, "Nc", false), false)
	if got := naiveString(&q); got != "WBBBW/BWWWB/WBBBW/BWWWB/WBBBW w" {
		t.Errorf("after Nc: %s", got)
	}
	// #15 and the spear: Black's E3 makes White's a1-c3 square and ejects a Black marble.
	p, _ = naiveParse("BWBBW/BBWBB/BWWWB/WWWBB/WWWBW b")
	q = naivePlay(p, naiveFind(t, &p, "E3", false), false)
	if naiveResult(&q, false) != 'W' || len(naiveMoves(&q, false)) != 0 {
		t.Errorf("#15: %s: result %c", naiveString(&q), naiveResult(&q, false))
	}
	q = naivePlay(p, naiveFind(t, &p, "E3", true), true)
	if naiveResult(&q, true) != 0 || len(naiveMoves(&q, true)) != 20 || q.side != 'B' {
		t.Fatalf("spear: %s should leave Black a last push", naiveString(&q))
	}
	q = naivePlay(q, naiveFind(t, &q, "W5", true), true)
	if naiveResult(&q, true) != 'W' || q.last != 'B' || len(naiveMoves(&q, true)) != 0 {
		t.Errorf("spear, a last push that makes nothing: %s, result %c", naiveString(&q), naiveResult(&q, true))
	}
	for _, bad := range []string{"", naiveStart[:len(naiveStart)-2], "WBWBW/BWBWB/WBWBW/BWBWB/WBWB. b", "WBWBW/BWBWB b", naiveStart + " 0 last=x", "WBWBW/BWBWB/WBWBW/BWBWB/WBWBW x"} {
		if _, err := naivePerft(bad, 1, false); err == nil {
			t.Errorf("no error for %q", bad)
		}
	}
}
