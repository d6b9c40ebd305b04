package quarto

import (
	"fmt"
	"strings"
)

// A second, naive Quarto written from the rules text alone: pieces are their four
// letters, the patterns are lists of square names as the rules write them, and a pattern wins
// when its four pieces have the same letter in some place that counts. It shares nothing
// with the engine but the position notation, which it reads itself.

type naiveGame struct {
	cells    map[string]string // square name → piece letters
	held     string            // "" for none
	pool     []string          // pieces neither on the board nor held
	patterns [][]string
	places   []int // which letters count: all four, or the Simplified attribute's
}

func naivePatterns(id string, tilted bool) [][]string {
	var p [][]string
	files, ranks := "abcd", "1234"
	for _, r := range ranks {
		var row []string
		for _, f := range files {
			row = append(row, string(f)+string(r))
		}
		p = append(p, row)
	}
	for _, f := range files {
		var col []string
		for _, r := range ranks {
			col = append(col, string(f)+string(r))
		}
		p = append(p, col)
	}
	p = append(p, []string{"a1", "b2", "c3", "d4"}, []string{"a4", "b3", "c2", "d1"})
	if id == IDAdvanced || id == IDPro {
		for fi := 0; fi < 3; fi++ {
			for ri := 0; ri < 3; ri++ {
				f, g, r, s := files[fi:fi+1], files[fi+1:fi+2], ranks[ri:ri+1], ranks[ri+1:ri+2]
				p = append(p, []string{f + r, g + r, f + s, g + s})
			}
		}
	}
	if id == IDPro {
		p = append(p,
			[]string{"a1", "c1", "a3", "c3"}, []string{"b1", "d1", "b3", "d3"},
			[]string{"a2", "c2", "a4", "c4"}, []string{"b2", "d2", "b4", "d4"},
			[]string{"a1", "d1", "a4", "d4"})
		if tilted {
			p = append(p,
				[]string{"b1", "c2", "b3", "a2"}, []string{"c1", "d2", "c3", "b2"},
				[]string{"b2", "c3", "b4", "a3"}, []string{"c2", "d3", "c4", "b3"},
				[]string{"c1", "d3", "b4", "a2"}, []string{"b1", "d2", "c4", "a3"})
		}
	}
	return p
}

func allPieces() []string {
	var out []string
	for _, a := range "Bs" {
		for _, b := range "LD" {
			for _, c := range "RQ" {
				for _, d := range "HF" {
					out = append(out, string(a)+string(b)+string(c)+string(d))
				}
			}
		}
	}
	return out
}

func newNaive(id string, settings map[string]string, pos string) (*naiveGame, error) {
	g := &naiveGame{cells: map[string]string{}, patterns: naivePatterns(id, settings["tilted"] == "on"), places: []int{0, 1, 2, 3}}
	if id == IDSimplified {
		attr := settings["attribute"]
		if attr == "" {
			attr = "colour"
		}
		g.places = []int{map[string]int{"height": 0, "colour": 1, "shape": 2, "fill": 3}[attr]}
	}
	f := strings.Fields(pos)
	for i, row := range strings.Split(f[0], "/") {
		rank := 4 - i
		file := 0
		for row != "" {
			name := fmt.Sprintf("%c%d", 'a'+file, rank)
			if row[0] == '.' {
				row = row[1:]
			} else {
				g.cells[name] = row[:4]
				row = row[4:]
			}
			file++
		}
	}
	if f[1] != "-" {
		g.held = f[1]
	}
	for _, p := range allPieces() {
		used := p == g.held
		for _, q := range g.cells {
			used = used || q == p
		}
		if !used {
			g.pool = append(g.pool, p)
		}
	}
	return g, nil
}

func (g *naiveGame) won() bool {
	for _, p := range g.patterns {
		for _, place := range g.places {
			same := g.cells[p[0]] != ""
			for _, sq := range p {
				if !same || g.cells[sq] == "" || g.cells[sq][place] != g.cells[p[0]][place] {
					same = false
				}
			}
			if same {
				return true
			}
		}
	}
	return false
}

// perft counts whole turns: hand over (first turn), place and hand over, or place only
// when the placement wins or no piece is left.
func (g *naiveGame) perft(depth int) uint64 {
	if depth == 0 {
		return 1
	}
	if g.won() || len(g.cells) == 16 {
		return 0
	}
	var n uint64
	if g.held == "" {
		for i, p := range g.pool {
			g.held = p
			g.pool = append(g.pool[:i:i], g.pool[i+1:]...)
			n += g.perft(depth - 1)
			g.pool = insert(g.pool, i, p)
			g.held = ""
		}
		return n
	}
	for r := 1; r <= 4; r++ {
		for f := 'a'; f <= 'd'; f++ {
			sq := fmt.Sprintf("%c%d", f, r)
			if g.cells[sq] != "" {
				continue
			}
			held := g.held
			g.cells[sq] = held
			g.held = ""
			if g.won() || len(g.pool) == 0 {
				n += g.perft(depth - 1)
			} else {
				for i, p := range g.pool {
					g.held = p
					g.pool = append(g.pool[:i:i], g.pool[i+1:]...)
					n += g.perft(depth - 1)
					g.pool = insert(g.pool, i, p)
				}
			}
			g.held = held
			delete(g.cells, sq)
		}
	}
	return n
}

func insert(s []string, i int, v string) []string {
	out := append([]string{}, s[:i]...)
	out = append(out, v)
	return append(out, s[i:]...)
}
