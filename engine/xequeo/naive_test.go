package xequeo

// Deliberately naive reference implementation of Xe Queo! (docs/rules/README.md,
// with the project's decisions and the choices in the package doc), used only by tests to cross-check the engine. Written from the rules text alone:
// a map from cell names to pawn letters, moves as strings, floating-point octile distance
// (its values on a 7×7 board are at least 0.17 apart, so a float comparison is exact).

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"testing"
)

type naiveXQ struct {
	pawns  map[string]byte // "e4" -> 'R'
	ring   string          // "" when no ring is on the board
	rings  [2]int
	phase  string // "place", "move", "show", "over"
	actor  int    // 0 or 1: who must act (over: the loser)
	in     byte   // the pawn that entered the ring, 0 for none
	shown  byte   // the card its mover showed, 0 for none yet
	xq     byte   // the colour challenged, 0 for none
	ply    int
	octile bool
}

const naiveColours = "ROYGBVW"

func naiveName(file, rank int) string { return string([]byte{byte('a' + file), byte('1' + rank)}) }

func naiveCoords(name string) (int, int) { return int(name[0] - 'a'), int(name[1] - '1') }

func naiveOnBoard(file, rank int) bool { return file >= 0 && file < 7 && rank >= 0 && rank < 7 }

// naiveRead reads the position notation of the package doc, without checking consistency.
func naiveRead(text string, octile bool) (naiveXQ, error) {
	p := naiveXQ{pawns: map[string]byte{}, octile: octile}
	f := strings.Fields(text)
	if len(f) < 5 {
		return p, fmt.Errorf("naive: %q: too few fields", text)
	}
	rows := strings.Split(f[0], "/")
	if len(rows) != 7 {
		return p, fmt.Errorf("naive: %d rows", len(rows))
	}
	for i, row := range rows {
		if len(row) != 7 {
			return p, fmt.Errorf("naive: row %q", row)
		}
		for file := 0; file < 7; file++ {
			if row[file] != '.' {
				p.pawns[naiveName(file, 6-i)] = row[file]
			}
		}
	}
	if f[1] != "-" {
		p.ring = f[1]
	}
	fmt.Sscanf(f[2], "%d-%d", &p.rings[0], &p.rings[1])
	if f[3] == "over" {
		p.phase = "over"
		p.actor = 1
		if p.rings[1] == 4 {
			p.actor = 0
		}
	} else {
		parts := strings.Split(f[3], ":")
		p.phase = parts[0]
		p.actor = int(parts[1][0] - '1')
	}
	for _, tok := range f[4 : len(f)-1] {
		switch {
		case strings.HasPrefix(tok, "in:"):
			p.in = tok[3]
		case strings.HasPrefix(tok, "shown:"):
			p.shown = tok[6]
		case strings.HasPrefix(tok, "xq:"):
			p.xq = tok[3]
		}
	}
	p.ply, _ = strconv.Atoi(f[len(f)-1])
	return p, nil
}

func (p naiveXQ) String() string {
	var rows []string
	for rank := 6; rank >= 0; rank-- {
		row := ""
		for file := 0; file < 7; file++ {
			if c, ok := p.pawns[naiveName(file, rank)]; ok {
				row += string(c)
			} else {
				row += "."
			}
		}
		rows = append(rows, row)
	}
	ring := p.ring
	if ring == "" {
		ring = "-"
	}
	out := fmt.Sprintf("%s %s %d-%d ", strings.Join(rows, "/"), ring, p.rings[0], p.rings[1])
	if p.phase == "over" {
		out += "over"
	} else {
		out += fmt.Sprintf("%s:%d", p.phase, p.actor+1)
	}
	if p.in != 0 {
		out += " in:" + string(p.in)
	}
	if p.shown != 0 {
		out += " shown:" + string(p.shown)
	}
	if p.xq != 0 {
		out += " xq:" + string(p.xq)
	}
	return out + " " + strconv.Itoa(p.ply)
}

// naiveDistance is the distance from cell a to cell b: the squared Euclidean distance, or
// the octile distance max + (√2−1)·min.
func naiveDistance(p *naiveXQ, a, b string) float64 {
	af, ar := naiveCoords(a)
	bf, br := naiveCoords(b)
	dx := math.Abs(float64(af - bf))
	dy := math.Abs(float64(ar - br))
	if p.octile {
		return math.Max(dx, dy) + (math.Sqrt2-1)*math.Min(dx, dy)
	}
	return dx*dx + dy*dy
}

var naiveDirs = [8][2]int{{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}}

// naiveDestinations lists where the pawn on from can end its move, closer or not: a king
// step to an empty cell, or a chain of jumps, each over an adjacent pawn to the empty cell
// beyond; a chain that lands on the ring stops there.
func naiveDestinations(p *naiveXQ, from string) map[string]bool {
	dest := map[string]bool{}
	occupied := func(cell string) bool {
		_, ok := p.pawns[cell]
		return ok && cell != from // the moving pawn has left its cell
	}
	ff, fr := naiveCoords(from)
	for _, d := range naiveDirs {
		if naiveOnBoard(ff+d[0], fr+d[1]) && !occupied(naiveName(ff+d[0], fr+d[1])) {
			dest[naiveName(ff+d[0], fr+d[1])] = true
		}
	}
	visited := map[string]bool{from: true}
	var jump func(cell string)
	jump = func(cell string) {
		cf, cr := naiveCoords(cell)
		for _, d := range naiveDirs {
			mf, mr := cf+d[0], cr+d[1]
			lf, lr := cf+2*d[0], cr+2*d[1]
			if !naiveOnBoard(lf, lr) || !occupied(naiveName(mf, mr)) || occupied(naiveName(lf, lr)) {
				continue
			}
			land := naiveName(lf, lr)
			if visited[land] {
				continue
			}
			visited[land] = true
			dest[land] = true
			if land != p.ring {
				jump(land)
			}
		}
	}
	jump(from)
	delete(dest, from)
	return dest
}

// naiveMoves lists the legal moves in the move notation, sorted.
func naiveMoves(p *naiveXQ) []string {
	var out []string
	switch p.phase {
	case "place":
		for file := 0; file < 7; file++ {
			for rank := 0; rank < 7; rank++ {
				ok := true
				for cell := range p.pawns {
					pf, pr := naiveCoords(cell)
					if pf-file <= 1 && file-pf <= 1 && pr-rank <= 1 && rank-pr <= 1 {
						ok = false // on a pawn or next to one
					}
				}
				if ok {
					out = append(out, "@"+naiveName(file, rank))
				}
			}
		}
	case "move":
		for from := range p.pawns {
			for to := range naiveDestinations(p, from) {
				if naiveDistance(p, to, p.ring) < naiveDistance(p, from, p.ring) {
					out = append(out, from+"-"+to)
				}
			}
		}
		for _, c := range naiveColours {
			out = append(out, "xq:"+string(c))
		}
	case "show":
		for _, c := range naiveColours {
			out = append(out, "show:"+string(c))
		}
	}
	sort.Strings(out)
	return out
}

// naivePlay returns the position after move m (p is not changed).
func naivePlay(p naiveXQ, m string) naiveXQ {
	q := p
	q.pawns = map[string]byte{}
	for k, v := range p.pawns {
		q.pawns[k] = v
	}
	q.ply++
	other := 1 - p.actor
	win := func(w int) {
		q.rings[w]++
		q.ring, q.in, q.shown, q.xq = "", 0, 0, 0
		q.phase = "place"
		if q.rings[w] == 4 {
			q.phase = "over"
		}
		q.actor = 1 - w // the loser places the next ring
	}
	switch {
	case strings.HasPrefix(m, "@"):
		q.ring = m[1:]
		q.phase = "move"
		q.actor = other // the player who did not place the ring moves first
	case strings.HasPrefix(m, "xq:"):
		q.xq = m[3]
		q.phase = "show"
		q.actor = other // the challenged player shows his card
	case strings.HasPrefix(m, "show:"):
		card := m[5]
		switch {
		case p.xq != 0: // the challenger is the other player
			if card == p.xq {
				win(other)
			} else {
				win(p.actor)
			}
		case p.shown == 0: // the mover shows; then his opponent
			q.shown = card
			q.actor = other
		default: // the opponent of the mover shows
			if p.shown == p.in && card != p.in {
				win(other)
			} else {
				win(p.actor)
			}
		}
	default:
		from, to := m[:2], m[3:]
		c := q.pawns[from]
		delete(q.pawns, from)
		q.pawns[to] = c
		if to == p.ring {
			q.in = c
			q.phase = "show" // the mover shows his card first
		} else {
			q.actor = other
		}
	}
	return q
}

func naivePerftPos(p naiveXQ, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	moves := naiveMoves(&p)
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		n += naivePerftPos(naivePlay(p, m), depth-1)
	}
	return n
}

// naivePerft counts the move sequences of exactly depth moves from the position text.
func naivePerft(text string, octile bool, depth int) (uint64, error) {
	p, err := naiveRead(text, octile)
	if err != nil {
		return 0, err
	}
	return naivePerftPos(p, depth), nil
}

// TestNaiveRules checks the naive implementation itself on the rules' distance examples, so
// that a cross-check failure points at the engine.
func TestNaiveRules(t *testing.T) {
	has := func(p naiveXQ, m string) bool {
		for _, x := range naiveMoves(&p) {
			if x == m {
				return true
			}
		}
		return false
	}
	pos := func(pawns, ring string, octile bool) naiveXQ {
		p := naiveXQ{pawns: map[string]byte{}, ring: ring, phase: "move", octile: octile}
		for i, cell := range strings.Fields(pawns) {
			p.pawns[cell] = naiveColours[i]
		}
		return p
	}
	for _, c := range []struct {
		pawns, ring, move string
		euclid, octile    bool
	}{
		{"f6 a7 b7 c7 a1 b1 c1", "d4", "f6-f5", true, true},
		{"f5 a7 b7 c7 a1 b1 c1", "d4", "f5-f6", false, false},
		{"g4 a7 b7 c7 a1 b1 c1", "d4", "g4-f5", true, true},
		{"e5 a7 b7 c7 a1 b1 c1", "d4", "e5-d4", true, true},
		{"e4 a7 b7 c7 a1 b1 c1", "d4", "e4-e5", false, false},
		{"e6 a7 b7 c7 a1 b1 c1", "d4", "e6-d6", true, true},
		{"e4 d5 b6 g7 g6 g5 f7", "a1", "e4-a6", false, true},
		{"e4 d5 b6 g7 g6 g5 f7", "a1", "e4-c6", false, false},
		{"e6 f5 g3 a7 b7 c7 a5", "a1", "e6-g2", true, true},
		{"b6 c5 d3 g7 g1 a1 f7", "d4", "b6-d2", false, false}, // only through the ring
		{"b6 c5 d3 g7 g1 a1 f7", "d4", "b6-d4", true, true},
	} {
		if got := has(pos(c.pawns, c.ring, false), c.move); got != c.euclid {
			t.Errorf("euclid, ring %s, %s: %v", c.ring, c.move, got)
		}
		if got := has(pos(c.pawns, c.ring, true), c.move); got != c.octile {
			t.Errorf("octile, ring %s, %s: %v", c.ring, c.move, got)
		}
	}
}
