package push4

// Deliberately naive reference implementation of the Push 4 move rules
// (docs/rules/README.md, with the project's decisions on pushes, skips and lines), used only by tests to
// cross-check the real engine. Written from the rules text alone: plain loops over a [6][6]
// array and a hand count per player.

import (
	"fmt"
	"strings"
	"testing"
)

// naivePos is a position. Row 0 is rank 1 (the bottom), row 5 rank 6 (the top, North);
// column 0 is file a (West).
type naivePos struct {
	board [6][6]int // -1 empty, else the player 0..3 (Red, Blue, Green, Yellow)
	hand  [4]int
	side  int // the player to move
	last  int // the player who pushed last
}

// naiveParse reads `<ranks> <side> [<n>]`: ranks 6 down to 1 separated by '/', each from
// file a, letters R B G Y or '.'; side r b g y; the insertion count is ignored.
func naiveParse(text string) (naivePos, error) {
	var p naivePos
	fields := strings.Fields(text)
	if len(fields) != 2 && len(fields) != 3 {
		return p, fmt.Errorf("naive: want 2 or 3 fields in %q", text)
	}
	rows := strings.Split(fields[0], "/")
	if len(rows) != 6 {
		return p, fmt.Errorf("naive: want 6 ranks, got %d", len(rows))
	}
	for i := range p.hand {
		p.hand[i] = 9
	}
	for i, row := range rows {
		if len(row) != 6 {
			return p, fmt.Errorf("naive: rank %d has %d cells", 6-i, len(row))
		}
		for c := 0; c < 6; c++ {
			who := strings.IndexByte("RBGY", row[c])
			if who < 0 && row[c] != '.' {
				return p, fmt.Errorf("naive: bad cell %q", row[c])
			}
			p.board[5-i][c] = who
			if who >= 0 {
				p.hand[who]--
			}
		}
	}
	p.side = strings.Index("rbgy", fields[1])
	if len(fields[1]) != 1 || p.side < 0 {
		return p, fmt.Errorf("naive: bad side %q", fields[1])
	}
	p.last = (p.side + 3) % 4
	return p, nil
}

// naiveLineOf reports whether player w has four in a row across or up and down.
func naiveLineOf(p *naivePos, w int) bool {
	for r := 0; r < 6; r++ {
		for c := 0; c < 6; c++ {
			across, up := 0, 0
			for i := 0; i < 4; i++ {
				if c+i < 6 && p.board[r][c+i] == w {
					across++
				}
				if r+i < 6 && p.board[r+i][c] == w {
					up++
				}
			}
			if across == 4 || up == 4 {
				return true
			}
		}
	}
	return false
}

func naiveFull(p *naivePos) bool {
	for r := 0; r < 6; r++ {
		for c := 0; c < 6; c++ {
			if p.board[r][c] < 0 {
				return false
			}
		}
	}
	return true
}

// naiveMove is an entry point: edge 'N' (top, pushing down a file), 'S' (bottom, pushing up),
// 'W' (left, pushing right along a rank), 'E' (right, pushing left), and the line 0..5.
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

// naiveMoves lists the moves: all 24 entry points, unless the game is over or the mover has
// no marble.
func naiveMoves(p *naivePos) []naiveMove {
	for w := 0; w < 4; w++ {
		if naiveLineOf(p, w) {
			return nil
		}
	}
	if naiveFull(p) || p.hand[p.side] == 0 {
		return nil
	}
	var out []naiveMove
	for _, e := range []byte("NESW") {
		for l := 0; l < 6; l++ {
			out = append(out, naiveMove{e, l})
		}
	}
	return out
}

// naiveCells lists the cells of the line from the entry cell to the far edge, as (row, col).
func naiveCells(m naiveMove) [6][2]int {
	var out [6][2]int
	for j := 0; j < 6; j++ {
		switch m.edge {
		case 'N':
			out[j] = [2]int{5 - j, m.line}
		case 'S':
			out[j] = [2]int{j, m.line}
		case 'W':
			out[j] = [2]int{m.line, j}
		case 'E':
			out[j] = [2]int{m.line, 5 - j}
		}
	}
	return out
}

// naivePlay returns the position after the move (p is not changed).
func naivePlay(p naivePos, m naiveMove) naivePos {
	cells := naiveCells(m)
	// The marble in hand goes into the entry cell; whatever was there moves one cell on,
	// and so on while the cells are occupied. A marble pushed past the far edge goes home.
	carry := p.side
	p.hand[p.side]--
	for j := 0; j < 6; j++ {
		r, c := cells[j][0], cells[j][1]
		carry, p.board[r][c] = p.board[r][c], carry
		if carry < 0 {
			break
		}
	}
	if carry >= 0 {
		p.hand[carry]++
	}
	p.last = p.side
	// The next player in order who holds a marble; if nobody does, simply the next one.
	next := (p.side + 1) % 4
	for i := 1; i <= 4; i++ {
		q := (p.side + i) % 4
		if p.hand[q] > 0 {
			next = q
			break
		}
	}
	p.side = next
	return p
}

// naiveWinner: -1 while no line; else the rule for lines of several players: the last mover if he has a line, else the
// first line owner after him in turn order.
func naiveWinner(p *naivePos) int {
	for i := 0; i < 4; i++ {
		w := (p.last + i) % 4
		if naiveLineOf(p, w) {
			return w
		}
	}
	return -1
}

func naiveString(p *naivePos) string {
	var sb strings.Builder
	for r := 5; r >= 0; r-- {
		if r < 5 {
			sb.WriteByte('/')
		}
		for c := 0; c < 6; c++ {
			if p.board[r][c] < 0 {
				sb.WriteByte('.')
			} else {
				sb.WriteByte("RBGY"[p.board[r][c]])
			}
		}
	}
	sb.WriteString(" " + string("rbgy"[p.side]))
	return sb.String()
}

func naivePerftPos(p naivePos, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	ms := naiveMoves(&p)
	if depth == 1 {
		return uint64(len(ms))
	}
	var n uint64
	for _, m := range ms {
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

// naiveRun plays the moves given by name and returns the position.
func naiveRun(t *testing.T, pos string, moves ...string) naivePos {
	t.Helper()
	p, err := naiveParse(pos)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range moves {
		found := false
		for _, m := range naiveMoves(&p) {
			if m.String() == name {
				p, found = naivePlay(p, m), true
				break
			}
		}
		if !found {
			t.Fatalf("%s not legal in %s", name, naiveString(&p))
		}
	}
	return p
}

func TestNaiveRules(t *testing.T) {
	const empty = "....../....../....../....../....../...... r"
	p := naiveRun(t, empty, "Nc", "Nc", "Nc")
	// Red's marble pushed down to c4 by Blue's, then both by Green's.
	if got := naiveString(&p); got != "..G.../..B.../..R.../....../....../...... y" {
		t.Errorf("three pushes down file c: %s", got)
	}
	// A full rank 1 pushed from the East: a1's Red marble goes back to Red.
	p = naiveRun(t, "....../....../....../....../....../RBGYRB y", "E1")
	if got := naiveString(&p); got != "....../....../....../....../....../BGYRBY r" || p.hand != [4]int{8, 7, 8, 7} {
		t.Errorf("E1 into a full rank: %s, hands %v", got, p.hand)
	}
	// A chain that stops short: W2 pushes a2 b2 into c2 and leaves e2 alone.
	p = naiveRun(t, "....../....../....../....../RB..G./...... g", "W2")
	if got := naiveString(&p); got != "....../....../....../....../GRB.G./...... y" {
		t.Errorf("W2 with a short chain: %s", got)
	}
	// empty hands are skipped: Blue and Green hold nothing, so Yellow follows Red.
	p = naiveRun(t, "BBBGGG/BBBGGG/BBBGGG/....../....../...... r", "Sa")
	if p.side != 3 {
		t.Errorf("after Red's Sa with Blue and Green empty-handed: side %d, want Yellow", p.side)
	}
	// lines of several players: Green's W1 completes Red's file b and Yellow's file c: Yellow, the first
	// owner after Green in turn order, wins.
	p = naiveRun(t, "....../....../.RY.../.RY.../.RY.../RY.... g", "W1")
	if w := naiveWinner(&p); w != 3 || !naiveLineOf(&p, 0) {
		t.Errorf("W1 making Red's and Yellow's lines: winner %d, want Yellow", w)
	}
	// The same push also completes Green's own file a: Green wins.
	p = naiveRun(t, "....../....../GRY.../GRY.../GRY.../RY.... g", "W1")
	if w := naiveWinner(&p); w != 2 || len(naiveMoves(&p)) != 0 {
		t.Errorf("W1 making three lines with the mover's: winner %d, want Green", w)
	}
}

func TestNaiveParse(t *testing.T) {
	for _, bad := range []string{
		"",
		"....../....../....../....../....../......",
		"....../....../....../....../....../...... x",
		"....../....../....../....../...... r",
		"....../....../....../....../....../..... r",
		"....../....../....../....../....../.....x r",
	} {
		if _, err := naivePerft(bad, 1); err == nil {
			t.Errorf("no error for %q", bad)
		}
	}
}
