package quadwrangle

// Deliberately naive reference implementation of the move rules of Quad Wrangle (7x7,
// docs/rules/README.md) and of its Crowded variant (8x8, = Carter's
// Crusade), used only by tests to cross-check the real engine. It is written from the
// rules text alone: plain loops over an [8][8] array, no bitboards, no cleverness.

import (
	"fmt"
	"sort"
	"strings"
	"testing"
)

// naivePos is a position. The board size decides the rules: 7 = Quad Wrangle, 8 = Crowded.
type naivePos struct {
	size  int
	board [8][8]byte // board[r][f]: r = rank-1 (0 is rank 1, the bottom), f = file (0 is a); 'W', 'B' or '.'
	side  byte       // 'W' or 'B': the side to move
}

// naiveMove is one complete action. Two moves with the same destination but different kinds
// or origins are different moves (a one-step slide is not a growth).
type naiveMove struct {
	kind     byte // 'd' drop, 'g' growth, 's' slide (Quad Wrangle); 'c' capture (Crowded)
	fromRank int  // slide and capture only (rank index, 0 = rank 1)
	fromFile int
	toRank   int
	toFile   int
}

// naiveDirs are the 8 king / queen directions as (rank step, file step).
var naiveDirs = [8][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}

func naiveOther(side byte) byte {
	if side == 'W' {
		return 'B'
	}
	return 'W'
}

func naiveInside(p *naivePos, r, f int) bool {
	return r >= 0 && r < p.size && f >= 0 && f < p.size
}

// naiveParse reads `<rows> <side> [<ply>]`: rows from the top (highest rank) down to rank 1,
// separated by '/', each row from file a; side 'w' or 'b'; the ply is checked and ignored.
func naiveParse(text string) (naivePos, error) {
	var p naivePos
	fields := strings.Split(text, " ")
	if len(fields) != 2 && len(fields) != 3 {
		return p, fmt.Errorf("naive: want 2 or 3 fields, got %d in %q", len(fields), text)
	}
	if len(fields) == 3 {
		ply := fields[2]
		if ply == "" {
			return p, fmt.Errorf("naive: empty ply in %q", text)
		}
		for _, c := range ply {
			if c < '0' || c > '9' {
				return p, fmt.Errorf("naive: bad ply %q", ply)
			}
		}
	}
	rows := strings.Split(fields[0], "/")
	if len(rows) != 7 && len(rows) != 8 {
		return p, fmt.Errorf("naive: want 7 or 8 rows, got %d", len(rows))
	}
	p.size = len(rows)
	for i, row := range rows {
		if len(row) != p.size {
			return p, fmt.Errorf("naive: row %d has %d cells, want %d", i+1, len(row), p.size)
		}
		r := p.size - 1 - i // the first row is the top rank
		for f := 0; f < p.size; f++ {
			c := row[f]
			if c != 'W' && c != 'B' && c != '.' {
				return p, fmt.Errorf("naive: bad cell %q in row %d", c, i+1)
			}
			p.board[r][f] = c
		}
	}
	switch fields[1] {
	case "w":
		p.side = 'W'
	case "b":
		p.side = 'B'
	default:
		return p, fmt.Errorf("naive: bad side %q", fields[1])
	}
	return p, nil
}

// naiveString writes the position in the same text form (no ply).
func naiveString(p *naivePos) string {
	var sb strings.Builder
	for r := p.size - 1; r >= 0; r-- {
		for f := 0; f < p.size; f++ {
			sb.WriteByte(p.board[r][f])
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	if p.side == 'W' {
		sb.WriteString(" w")
	} else {
		sb.WriteString(" b")
	}
	return sb.String()
}

// naiveHasNeighbour reports whether some stone of colour c is 8-adjacent to (r, f).
func naiveHasNeighbour(p *naivePos, r, f int, c byte) bool {
	for _, d := range naiveDirs {
		rr, ff := r+d[0], f+d[1]
		if naiveInside(p, rr, ff) && p.board[rr][ff] == c {
			return true
		}
	}
	return false
}

// naiveMoves lists the legal moves of the side to move.
func naiveMoves(p *naivePos, dropLast bool) []naiveMove {
	if p.size == 7 {
		return naiveQWMoves(p, dropLast)
	}
	return naiveCrowdedMoves(p)
}

// naiveQWMoves: Quad Wrangle's moves. Every empty cell is a drop (no own stone 8-adjacent) or a
// growth (some own stone 8-adjacent); every own stone slides like a queen over empty cells.
// With dropLast (the setting drop-last, Carter's rule) drops are legal only when there is no slide and no growth.
func naiveQWMoves(p *naivePos, dropLast bool) []naiveMove {
	me := p.side
	full := true
	for r := 0; r < p.size; r++ {
		for f := 0; f < p.size; f++ {
			if p.board[r][f] == '.' {
				full = false
			}
		}
	}
	if full {
		return nil // the game ends when the board is full
	}
	var drops, others []naiveMove
	for r := 0; r < p.size; r++ {
		for f := 0; f < p.size; f++ {
			if p.board[r][f] != '.' {
				continue
			}
			if naiveHasNeighbour(p, r, f, me) {
				others = append(others, naiveMove{kind: 'g', toRank: r, toFile: f})
			} else {
				drops = append(drops, naiveMove{kind: 'd', toRank: r, toFile: f})
			}
		}
	}
	for r := 0; r < p.size; r++ {
		for f := 0; f < p.size; f++ {
			if p.board[r][f] != me {
				continue
			}
			for _, d := range naiveDirs {
				rr, ff := r+d[0], f+d[1]
				for naiveInside(p, rr, ff) && p.board[rr][ff] == '.' {
					others = append(others, naiveMove{kind: 's', fromRank: r, fromFile: f, toRank: rr, toFile: ff})
					rr += d[0]
					ff += d[1]
				}
			}
		}
	}
	if dropLast && len(others) > 0 {
		return others
	}
	return append(others, drops...)
}

// naiveCrowdedMoves: Crowded's moves. An own stone steps to an 8-adjacent cell holding an enemy stone.
func naiveCrowdedMoves(p *naivePos) []naiveMove {
	me := p.side
	enemy := naiveOther(me)
	var moves []naiveMove
	for r := 0; r < p.size; r++ {
		for f := 0; f < p.size; f++ {
			if p.board[r][f] != me {
				continue
			}
			for _, d := range naiveDirs {
				rr, ff := r+d[0], f+d[1]
				if naiveInside(p, rr, ff) && p.board[rr][ff] == enemy {
					moves = append(moves, naiveMove{kind: 'c', fromRank: r, fromFile: f, toRank: rr, toFile: ff})
				}
			}
		}
	}
	return moves
}

// naivePlay returns the position after m (p is not changed).
func naivePlay(p naivePos, m naiveMove) naivePos {
	me := p.side
	enemy := naiveOther(me)
	switch m.kind {
	case 'd':
		p.board[m.toRank][m.toFile] = me // a drop captures nothing
	case 'g':
		p.board[m.toRank][m.toFile] = me
		naiveFlipAround(&p, m.toRank, m.toFile, enemy, me)
	case 's':
		p.board[m.fromRank][m.fromFile] = '.'
		p.board[m.toRank][m.toFile] = me
		naiveFlipAround(&p, m.toRank, m.toFile, enemy, me)
	case 'c':
		// the enemy stone on the destination is removed and the moving stone takes its place
		p.board[m.fromRank][m.fromFile] = '.'
		p.board[m.toRank][m.toFile] = me
		naiveFlipAround(&p, m.toRank, m.toFile, enemy, me)
	default:
		panic("naive: bad move kind")
	}
	p.side = enemy
	return p
}

// naiveFlipAround turns every stone of colour from 8-adjacent to (r, f) into colour to.
func naiveFlipAround(p *naivePos, r, f int, from, to byte) {
	for _, d := range naiveDirs {
		rr, ff := r+d[0], f+d[1]
		if naiveInside(p, rr, ff) && p.board[rr][ff] == from {
			p.board[rr][ff] = to
		}
	}
}

func naivePerftPos(p naivePos, depth int, dropLast bool) uint64 {
	if depth == 0 {
		return 1
	}
	moves := naiveMoves(&p, dropLast)
	if depth == 1 {
		return uint64(len(moves)) // each legal move is one leaf
	}
	var n uint64
	for _, m := range moves {
		n += naivePerftPos(naivePlay(p, m), depth-1, dropLast)
	}
	return n
}

// naivePerft counts the move sequences of exactly depth moves from the position text pos
// (7x7 = Quad Wrangle, 8x8 = Crowded). dropLast applies to Quad Wrangle only. Repetition and
// move caps are ignored.
func naivePerft(pos string, depth int, dropLast bool) (uint64, error) {
	p, err := naiveParse(pos)
	if err != nil {
		return 0, err
	}
	if depth < 0 {
		return 0, fmt.Errorf("naive: negative depth %d", depth)
	}
	return naivePerftPos(p, depth, dropLast), nil
}

// ---- helpers for the tests ----

// naiveSq turns "f4" into (rank index, file index).
func naiveSq(name string) (int, int) {
	return int(name[1] - '1'), int(name[0] - 'a')
}

func naiveSqName(r, f int) string {
	return string([]byte{byte('a' + f), byte('1' + r)})
}

// naiveMoveName: "drop f4", "growth f5", "slide g5-f6", "capture g2-h3".
func naiveMoveName(m naiveMove) string {
	to := naiveSqName(m.toRank, m.toFile)
	switch m.kind {
	case 'd':
		return "drop " + to
	case 'g':
		return "growth " + to
	case 's':
		return "slide " + naiveSqName(m.fromRank, m.fromFile) + "-" + to
	default:
		return "capture " + naiveSqName(m.fromRank, m.fromFile) + "-" + to
	}
}

// naiveFind plays the named move, failing the test if it is not legal.
func naiveFind(t *testing.T, p naivePos, name string, dropLast bool) naivePos {
	t.Helper()
	for _, m := range naiveMoves(&p, dropLast) {
		if naiveMoveName(m) == name {
			return naivePlay(p, m)
		}
	}
	t.Fatalf("move %q not legal in %s", name, naiveString(&p))
	return p
}

// naiveStones lists the cells holding colour c, sorted.
func naiveStones(p *naivePos, c byte) []string {
	var out []string
	for r := 0; r < p.size; r++ {
		for f := 0; f < p.size; f++ {
			if p.board[r][f] == c {
				out = append(out, naiveSqName(r, f))
			}
		}
	}
	sort.Strings(out)
	return out
}

func naiveSorted(list string) []string {
	out := strings.Fields(list)
	sort.Strings(out)
	return out
}

func naiveCheckStones(t *testing.T, label string, p *naivePos, white, black string) {
	t.Helper()
	if got, want := strings.Join(naiveStones(p, 'W'), " "), strings.Join(naiveSorted(white), " "); got != want {
		t.Errorf("%s: White stones %s, want %s", label, got, want)
	}
	if got, want := strings.Join(naiveStones(p, 'B'), " "), strings.Join(naiveSorted(black), " "); got != want {
		t.Errorf("%s: Black stones %s, want %s", label, got, want)
	}
}

func naiveMoveNames(p *naivePos, dropLast bool) []string {
	var out []string
	for _, m := range naiveMoves(p, dropLast) {
		out = append(out, naiveMoveName(m))
	}
	sort.Strings(out)
	return out
}

const naiveQWStart = ".WWWWW./W.....B/W.....B/W.....B/W.....B/W.....B/.BBBBB. w 0"

// naiveCheckerboard is the Crowded start (the project's default layout): White where file index + rank index
// is even (a1 White), written rank 8 first.
func naiveCheckerboard(side string) string {
	var rows []string
	for r := 7; r >= 0; r-- {
		row := ""
		for f := 0; f < 8; f++ {
			if (r+f)%2 == 0 {
				row += "W"
			} else {
				row += "B"
			}
		}
		rows = append(rows, row)
	}
	return strings.Join(rows, "/") + " " + side
}

func TestNaiveQuadWrangleRules(t *testing.T) {
	start, err := naiveParse(naiveQWStart)
	if err != nil {
		t.Fatal(err)
	}
	naiveCheckStones(t, "start", &start,
		"a2 a3 a4 a5 a6 b7 c7 d7 e7 f7", "b1 c1 d1 e1 f1 g2 g3 g4 g5 g6")

	// Depth 1 from the start, by hand. Empty cells: the 4 corners + the inner 5x5 = 29, each one
	// placement. Growth cells (8-adjacent to a White stone): a1, a7, g7, b2..b6, c6..f6 = 12;
	// drops: the other 17 (g1 and the inner cells not touching column a or rank 7).
	// Slides of the left column (N/S, E, NE, SE):
	//   a2: a1 (1) + b2..f2 (5) + b3,c4,d5,e6 (4) + none (b1 Black) = 10
	//   a3: 5 + b4,c5,d6 (3) + b2 (1) = 9;  a4: 5 + 2 + 2 = 9;  a5: 5 + 1 + 3 = 9
	//   a6: a7 (1) + 5 + none (b7 White) + b5,c4,d3,e2 (4) = 10   -> 47
	// The top row is the mirror image (across the a7-g1 diagonal, which also swaps the Black
	// bottom row and right column) -> 47. Total: 94 slides + 12 growths + 17 drops = 123.
	// With drop-last: 94 + 12 = 106.
	kinds := map[byte]int{}
	for _, m := range naiveMoves(&start, false) {
		kinds[m.kind]++
	}
	if kinds['d'] != 17 || kinds['g'] != 12 || kinds['s'] != 94 {
		t.Errorf("start move kinds: %d drops, %d growths, %d slides; want 17, 12, 94", kinds['d'], kinds['g'], kinds['s'])
	}
	for _, c := range []struct {
		dropLast bool
		want     uint64
	}{{false, 123}, {true, 106}} {
		n, err := naivePerft(naiveQWStart, 1, c.dropLast)
		if err != nil || n != c.want {
			t.Errorf("perft(start, 1, dropLast=%v) = %d, %v; want %d", c.dropLast, n, err, c.want)
		}
	}

	// QW-1: White drop f4, no flips, W 11 B 10.
	p1 := naiveFind(t, start, "drop f4", false)
	naiveCheckStones(t, "QW-1", &p1,
		"a2 a3 a4 a5 a6 b7 c7 d7 e7 f7 f4", "b1 c1 d1 e1 f1 g2 g3 g4 g5 g6")
	// QW-2: Black slide g5-f6 flips e7 f7, W 9 B 12.
	p2 := naiveFind(t, p1, "slide g5-f6", false)
	naiveCheckStones(t, "QW-2", &p2,
		"a2 a3 a4 a5 a6 b7 c7 d7 f4", "b1 c1 d1 e1 f1 g2 g3 g4 g6 f6 e7 f7")
	// QW-3: White growth f5 flips f6 g6 g4, W 13 B 9.
	p3 := naiveFind(t, p2, "growth f5", false)
	naiveCheckStones(t, "QW-3", &p3,
		"a2 a3 a4 a5 a6 b7 c7 d7 f4 f5 f6 g4 g6", "b1 c1 d1 e1 f1 e7 f7 g2 g3")

	// With drop-last, QW-1's drop is not legal (White has slides and growths).
	for _, name := range naiveMoveNames(&start, true) {
		if name == "drop f4" {
			t.Errorf("drop f4 legal under drop-last")
		}
	}

	// QW-5 (Neto's example): Black growth b2, White growth c1, Black growth a2; then White has
	// only drops, on a1 a7 e5 f5 f6.
	q, err := naiveParse(".BBWBBB/BBBBB.B/BWWB..B/BBWBBBB/BWWWBBB/..WWWWW/.W.WBWW b")
	if err != nil {
		t.Fatal(err)
	}
	before := q
	q = naiveFind(t, q, "growth b2", false)
	naiveCheckFlips(t, "QW-5 b2", &before, &q, "b2", "b1 b3 c2 c3")
	before = q
	q = naiveFind(t, q, "growth c1", false)
	naiveCheckFlips(t, "QW-5 c1", &before, &q, "c1", "b1 b2 c2")
	before = q
	q = naiveFind(t, q, "growth a2", false)
	naiveCheckFlips(t, "QW-5 a2", &before, &q, "a2", "b1 b2")
	if got, want := strings.Join(naiveMoveNames(&q, false), ","), "drop a1,drop a7,drop e5,drop f5,drop f6"; got != want {
		t.Errorf("QW-5 final moves %s, want %s", got, want)
	}

	// QW-4 (generic): a side whose stones have no empty neighbour has only drops, even under
	// drop-last. White a1 is boxed in by Black.
	q4, err := naiveParse("......./......./......./......./BB...../BB...../WB..... w")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range naiveMoves(&q4, true) {
		if m.kind != 'd' {
			t.Errorf("QW-4: non-drop %s", naiveMoveName(m))
		}
	}

	// A full board has no moves.
	full := strings.Repeat("WWWWWWW/", 6) + "BBBBBBB b"
	if n, err := naivePerft(full, 1, false); err != nil || n != 0 {
		t.Errorf("full board perft 1 = %d, %v; want 0", n, err)
	}
}

// naiveCheckFlips checks that exactly the listed cells changed colour (besides the placed cell).
func naiveCheckFlips(t *testing.T, label string, before, after *naivePos, placed, flips string) {
	t.Helper()
	var got []string
	for r := 0; r < before.size; r++ {
		for f := 0; f < before.size; f++ {
			name := naiveSqName(r, f)
			if name == placed {
				continue
			}
			if before.board[r][f] != after.board[r][f] {
				got = append(got, name)
			}
		}
	}
	sort.Strings(got)
	if g, w := strings.Join(got, " "), strings.Join(naiveSorted(flips), " "); g != w {
		t.Errorf("%s: changed %s, want %s", label, g, w)
	}
}

func TestNaiveCrowdedRules(t *testing.T) {
	// CR-1: 112 first moves for either colour (one per orthogonal W-B pair: 2*8*7).
	for _, side := range []string{"w", "b"} {
		n, err := naivePerft(naiveCheckerboard(side), 1, false)
		if err != nil || n != 112 {
			t.Errorf("CR-1 side %s: %d, %v; want 112", side, n, err)
		}
	}
	cb, err := naiveParse(naiveCheckerboard("b"))
	if err != nil {
		t.Fatal(err)
	}
	if cb.board[0][0] != 'W' || cb.board[0][1] != 'B' || cb.board[7][7] != 'W' {
		t.Fatalf("checkerboard colours wrong: %s", naiveString(&cb))
	}

	// CR-2: Black e6xd6 flips c5 c7 e5 e7; White d4xe5 flips d5 d6 e4 f5; 31-31.
	p := naiveFind(t, cb, "capture e6-d6", false)
	before := cb
	naiveCheckCrowdedFlips(t, "CR-2 e6xd6", &before, &p, "e6", "d6", "c5 c7 e5 e7")
	before = p
	p = naiveFind(t, p, "capture d4-e5", false)
	naiveCheckCrowdedFlips(t, "CR-2 d4xe5", &before, &p, "d4", "e5", "d5 d6 e4 f5")
	if w, b := len(naiveStones(&p, 'W')), len(naiveStones(&p, 'B')); w != 31 || b != 31 {
		t.Errorf("CR-2 score %d-%d, want 31-31", w, b)
	}

	// CR-3: the synthetic end-game position.
	cr3 := naiveBuild(8, "g2 h1 a8 b8 c8 a7 b7 c7 a6 b6 c6",
		"h2 h3 h4 f3 f2 a1 b1 c1 d1 a2 b2 c2 a3 b3 c3", 'W')
	if got, want := strings.Join(naiveMoveNames(&cr3, false), ","),
		"capture g2-f2,capture g2-f3,capture g2-h2,capture g2-h3,capture h1-h2"; got != want {
		t.Errorf("CR-3 White moves %s, want %s", got, want)
	}
	a := naiveFind(t, cr3, "capture g2-h3", false)
	if w, b := len(naiveStones(&a, 'W')), len(naiveStones(&a, 'B')); w != 13 || b != 12 {
		t.Errorf("CR-3 g2xh3 score %d-%d, want 13-12", w, b)
	}
	if n := len(naiveMoves(&a, false)); n != 0 {
		t.Errorf("CR-3 after g2xh3 Black has %d moves, want 0", n)
	}
	a.side = 'W'
	if n := len(naiveMoves(&a, false)); n != 0 {
		t.Errorf("CR-3 after g2xh3 White would have %d moves, want 0", n)
	}
	b := naiveFind(t, cr3, "capture g2-f3", false)
	if w, bl := len(naiveStones(&b, 'W')), len(naiveStones(&b, 'B')); w != 12 || bl != 13 {
		t.Errorf("CR-3 g2xf3 score %d-%d, want 12-13", w, bl)
	}
	if got := strings.Join(naiveMoveNames(&b, false), ","); got != "capture h2-h1" {
		t.Errorf("CR-3 Black replies %s, want capture h2-h1", got)
	}
	b = naiveFind(t, b, "capture h2-h1", false)
	if w, bl := len(naiveStones(&b, 'W')), len(naiveStones(&b, 'B')); w != 11 || bl != 13 {
		t.Errorf("CR-3 final score %d-%d, want 11-13", w, bl)
	}
	if n, err := naivePerft(naiveString(&b), 1, false); err != nil || n != 0 {
		t.Errorf("CR-3 final position has %d moves, %v; want 0", n, err)
	}
}

// naiveBuild makes a position from lists of White and Black cells.
func naiveBuild(size int, white, black string, side byte) naivePos {
	p := naivePos{size: size, side: side}
	for r := 0; r < size; r++ {
		for f := 0; f < size; f++ {
			p.board[r][f] = '.'
		}
	}
	for _, s := range strings.Fields(white) {
		r, f := naiveSq(s)
		p.board[r][f] = 'W'
	}
	for _, s := range strings.Fields(black) {
		r, f := naiveSq(s)
		p.board[r][f] = 'B'
	}
	return p
}

// naiveCheckCrowdedFlips checks a capture from->to: from empties, to holds the mover, and
// exactly the listed other cells changed colour to the mover.
func naiveCheckCrowdedFlips(t *testing.T, label string, before, after *naivePos, from, to, flips string) {
	t.Helper()
	fr, ff := naiveSq(from)
	tr, tf := naiveSq(to)
	if after.board[fr][ff] != '.' || after.board[tr][tf] != before.side {
		t.Errorf("%s: from %c to %c", label, after.board[fr][ff], after.board[tr][tf])
	}
	var got []string
	for r := 0; r < 8; r++ {
		for f := 0; f < 8; f++ {
			if (r == fr && f == ff) || (r == tr && f == tf) {
				continue
			}
			if before.board[r][f] != after.board[r][f] {
				got = append(got, naiveSqName(r, f))
				if after.board[r][f] != before.side {
					t.Errorf("%s: %s became %c", label, naiveSqName(r, f), after.board[r][f])
				}
			}
		}
	}
	sort.Strings(got)
	if g, w := strings.Join(got, " "), strings.Join(naiveSorted(flips), " "); g != w {
		t.Errorf("%s: flipped %s, want %s", label, g, w)
	}
}

func TestNaiveParseErrors(t *testing.T) {
	for _, bad := range []string{
		"",
		".WWWWW./W.....B/W.....B/W.....B/W.....B/W.....B/.BBBBB.",           // no side
		".WWWWW./W.....B/W.....B/W.....B/W.....B/W.....B/.BBBBB. x",         // bad side
		".WWWWW./W.....B/W.....B/W.....B/W.....B/W.....B/.BBBBB. w 1x",      // bad ply
		".WWWWW./W.....B/W.....B/W.....B/W.....B/W.....B/.BBBBB.  w",        // two spaces
		".WWWWW./W.....B/W.....B/W.....B/W.....B/.BBBBB. w",                 // 6 rows
		".WWWWW./W.....B/W.....B/W.....B/W.....B/W....B/.BBBBB. w",          // short row
		".WWWWW./W.....B/W.....B/W.....B/W..x..B/W.....B/.BBBBB. w",         // bad cell
		".WWWWW./W.....B/W.....B/W.....B/W.....B/W.....B/.BBBBB. w 0 extra", // 4 fields
	} {
		if _, err := naivePerft(bad, 1, false); err == nil {
			t.Errorf("no error for %q", bad)
		}
	}
}
