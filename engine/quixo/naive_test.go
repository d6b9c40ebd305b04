package quixo

// Deliberately naive reference implementation of the Quixo move rules
// (docs/rules/README.md, the team game and the dot as part of the move), used only by
// tests to cross-check the engine. Written from the rules text alone: plain loops over a
// [5][5] array of cells, no bitboards, no tables.

import (
	"fmt"
	"strings"
)

// naiveCell is one cube: its symbol ('.', 'X' or 'O') and, in the team game, the seat its
// dot points to (0 or 1: the team's first or second player).
type naiveCell struct {
	sym byte
	dot int
}

// naivePos is a position: board[row][col], row 0 is rank 1 (the bottom), col 0 file a.
type naivePos struct {
	board   [5][5]naiveCell
	four    bool
	player  int // 0…1, or 0…3 in the team game, in seat order A1 B1 A2 B2
	players int
}

func naiveParse(text string, four bool) (naivePos, error) {
	p := naivePos{four: four, players: 2}
	if four {
		p.players = 4
	}
	fields := strings.Fields(text)
	if len(fields) < 2 {
		return p, fmt.Errorf("naive: %q: want rows and player", text)
	}
	rows := strings.Split(fields[0], "/")
	if len(rows) != 5 {
		return p, fmt.Errorf("naive: %d rows", len(rows))
	}
	for i, row := range rows {
		if len(row) != 5 {
			return p, fmt.Errorf("naive: row %q", row)
		}
		for c := 0; c < 5; c++ {
			cell := naiveCell{sym: row[c]}
			switch row[c] {
			case '.', 'X', 'O':
			case 'x', 'o':
				cell = naiveCell{sym: row[c] - 'a' + 'A', dot: 1}
			default:
				return p, fmt.Errorf("naive: cell %q", row[c])
			}
			p.board[4-i][c] = cell
		}
	}
	names := []string{"X", "O"}
	if four {
		names = []string{"A1", "B1", "A2", "B2"}
	}
	p.player = -1
	for i, n := range names {
		if fields[1] == n {
			p.player = i
		}
	}
	if p.player < 0 {
		return p, fmt.Errorf("naive: player %q", fields[1])
	}
	return p, nil
}

// mySymbol is the symbol of the player to move: players 0 and 2 play X, 1 and 3 play O.
func (p *naivePos) mySymbol() byte {
	if p.player%2 == 0 {
		return 'X'
	}
	return 'O'
}

// mySeat is 0 for the team's first player (A1, B1), 1 for its second (A2, B2).
func (p *naivePos) mySeat() int { return p.player / 2 }

// fiveInARow reports whether some row, column or long diagonal shows sym five times.
func (p *naivePos) fiveInARow(sym byte) bool {
	for i := 0; i < 5; i++ {
		row, col := true, true
		for j := 0; j < 5; j++ {
			if p.board[i][j].sym != sym {
				row = false
			}
			if p.board[j][i].sym != sym {
				col = false
			}
		}
		if row || col {
			return true
		}
	}
	diag, anti := true, true
	for i := 0; i < 5; i++ {
		if p.board[i][i].sym != sym {
			diag = false
		}
		if p.board[i][4-i].sym != sym {
			anti = false
		}
	}
	return diag || anti
}

// naiveMove takes the cube at (fromRow, fromCol) and puts it in at (toRow, toCol) with its
// dot to seat dot; pass is the team game's pass.
type naiveMove struct {
	fromRow, fromCol, toRow, toCol, dot int
	pass                                bool
}

func (p *naivePos) moves() []naiveMove {
	if p.fiveInARow('X') || p.fiveInARow('O') {
		return nil
	}
	var out []naiveMove
	for r := 0; r < 5; r++ {
		for c := 0; c < 5; c++ {
			if r != 0 && r != 4 && c != 0 && c != 4 {
				continue // not on the border
			}
			cell := p.board[r][c]
			ok := cell.sym == '.'
			if cell.sym == p.mySymbol() {
				ok = !p.four || cell.dot == p.mySeat()
			}
			if !ok {
				continue
			}
			// The ends of its row and of its column, except the cell itself.
			ends := [][2]int{{r, 0}, {r, 4}, {0, c}, {4, c}}
			for _, e := range ends {
				if e[0] == r && e[1] == c {
					continue
				}
				if p.four {
					out = append(out, naiveMove{r, c, e[0], e[1], 0, false}, naiveMove{r, c, e[0], e[1], 1, false})
				} else {
					out = append(out, naiveMove{r, c, e[0], e[1], 0, false})
				}
			}
		}
	}
	if len(out) == 0 && p.four {
		out = append(out, naiveMove{pass: true})
	}
	return out
}

func (p *naivePos) play(m naiveMove) naivePos {
	q := *p
	if !m.pass {
		// Walk from the hole towards the entry, pulling each cube one step into the hole.
		dr, dc := sign(m.toRow-m.fromRow), sign(m.toCol-m.fromCol)
		r, c := m.fromRow, m.fromCol
		for r != m.toRow || c != m.toCol {
			q.board[r][c] = q.board[r+dr][c+dc]
			r, c = r+dr, c+dc
		}
		q.board[m.toRow][m.toCol] = naiveCell{sym: p.mySymbol(), dot: m.dot}
		if !p.four {
			q.board[m.toRow][m.toCol].dot = 0
		}
	}
	q.player = (p.player + 1) % p.players
	return q
}

func sign(n int) int {
	switch {
	case n > 0:
		return 1
	case n < 0:
		return -1
	}
	return 0
}

func naivePerftPos(p *naivePos, depth int) uint64 {
	moves := p.moves()
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		q := p.play(m)
		n += naivePerftPos(&q, depth-1)
	}
	return n
}

// naivePerft counts the move paths of depth moves from the position text.
func naivePerft(text string, four bool, depth int) (uint64, error) {
	p, err := naiveParse(text, four)
	if err != nil {
		return 0, err
	}
	if depth == 0 {
		return 1, nil
	}
	return naivePerftPos(&p, depth), nil
}
