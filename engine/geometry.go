package engine

import (
	"fmt"
	"math/bits"
)

// Square is a cell index: rank*files + file, both 0-based, so a1 is 0 and the squares of a
// board are 0 … files*ranks-1. NoSquare marks "none".
type Square int8

// NoSquare is the zero-information square.
const NoSquare Square = -1

// Bitboard is a set of squares, bit i for Square i. Every board is at most 8×8.
type Bitboard uint64

// Bit returns the set holding only s.
func Bit(s Square) Bitboard { return 1 << uint(s) }

// Has reports whether s is in b.
func (b Bitboard) Has(s Square) bool { return b>>uint(s)&1 != 0 }

// Count returns the number of squares in b.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// First returns the lowest square of b, or NoSquare when b is empty.
func (b Bitboard) First() Square {
	if b == 0 {
		return NoSquare
	}
	return Square(bits.TrailingZeros64(uint64(b)))
}

// Last returns the highest square of b, or NoSquare when b is empty.
func (b Bitboard) Last() Square {
	if b == 0 {
		return NoSquare
	}
	return Square(63 - bits.LeadingZeros64(uint64(b)))
}

// Pop removes the lowest square of *b and returns it. *b must not be empty.
func (b *Bitboard) Pop() Square {
	s := Square(bits.TrailingZeros64(uint64(*b)))
	*b &= *b - 1
	return s
}

// Direction is one of the eight king steps.
type Direction uint8

// The eight directions, orthogonal first. "North" is towards higher ranks.
const (
	North Direction = iota
	East
	South
	West
	NorthEast
	SouthEast
	SouthWest
	NorthWest
)

// Orthogonal and AllDirections list the directions for loops.
var (
	Orthogonal    = [...]Direction{North, East, South, West}
	AllDirections = [...]Direction{North, East, South, West, NorthEast, SouthEast, SouthWest, NorthWest}
)

// Geometry is a rectangular board of Files×Ranks squares (each 1…8) and how its diagram is
// drawn. Rank1Top is true where the rule sheet draws rank 1 at the top (Krypte's North edge);
// it changes how a board is drawn and named on a device, never the square indices.
type Geometry struct {
	Files, Ranks int
	Rank1Top     bool

	all       Bitboard
	notFileA  Bitboard // every square but the first file: where a westward step may start
	notLastF  Bitboard // every square but the last file: where an eastward step may start
	fileMasks [8]Bitboard
	rankMasks [8]Bitboard
	adj8      [64]Bitboard
	adj4      [64]Bitboard
}

// NewGeometry returns the geometry of a files×ranks board. It panics on sizes outside 1…8,
// which are programming errors: every board of the project is a constant.
func NewGeometry(files, ranks int, rank1Top bool) *Geometry {
	if files < 1 || files > 8 || ranks < 1 || ranks > 8 {
		panic(fmt.Sprintf("engine: board %dx%d outside 1x1…8x8", files, ranks))
	}
	g := &Geometry{Files: files, Ranks: ranks, Rank1Top: rank1Top}
	for r := 0; r < ranks; r++ {
		for f := 0; f < files; f++ {
			s := g.Square(f, r)
			g.all |= Bit(s)
			g.fileMasks[f] |= Bit(s)
			g.rankMasks[r] |= Bit(s)
			if f > 0 {
				g.notFileA |= Bit(s)
			}
			if f < files-1 {
				g.notLastF |= Bit(s)
			}
		}
	}
	for s := Square(0); int(s) < files*ranks; s++ {
		for _, d := range AllDirections {
			n := g.Shift(Bit(s), d)
			g.adj8[s] |= n
			if d <= West {
				g.adj4[s] |= n
			}
		}
	}
	return g
}

// Square returns the square at 0-based file and rank.
func (g *Geometry) Square(file, rank int) Square { return Square(rank*g.Files + file) }

// File returns the 0-based file of s.
func (g *Geometry) File(s Square) int { return int(s) % g.Files }

// Rank returns the 0-based rank of s.
func (g *Geometry) Rank(s Square) int { return int(s) / g.Files }

// Size returns the number of squares.
func (g *Geometry) Size() int { return g.Files * g.Ranks }

// All returns the set of every square of the board.
func (g *Geometry) All() Bitboard { return g.all }

// FileMask returns the squares of the 0-based file f.
func (g *Geometry) FileMask(f int) Bitboard { return g.fileMasks[f] }

// RankMask returns the squares of the 0-based rank r.
func (g *Geometry) RankMask(r int) Bitboard { return g.rankMasks[r] }

// Adjacent8 returns the king-step neighbours of s.
func (g *Geometry) Adjacent8(s Square) Bitboard { return g.adj8[s] }

// Adjacent4 returns the orthogonal neighbours of s.
func (g *Geometry) Adjacent4(s Square) Bitboard { return g.adj4[s] }

// Contains reports whether s is a square of the board.
func (g *Geometry) Contains(s Square) bool { return s >= 0 && int(s) < g.Size() }

// Shift moves every square of b one step in direction d; squares that would leave the board
// are dropped.
func (g *Geometry) Shift(b Bitboard, d Direction) Bitboard {
	w := uint(g.Files)
	switch d {
	case North:
		return b << w & g.all
	case South:
		return b >> w
	case East:
		return (b & g.notLastF) << 1
	case West:
		return (b & g.notFileA) >> 1
	case NorthEast:
		return (b & g.notLastF) << (w + 1) & g.all
	case NorthWest:
		return (b & g.notFileA) << (w - 1) & g.all
	case SouthEast:
		return (b & g.notLastF) >> (w - 1)
	case SouthWest:
		return (b & g.notFileA) >> (w + 1)
	}
	return 0
}

// Runs returns the squares of b that lie on a run of n or more squares of b along a rank, a
// file or, with diagonal, a diagonal: the lines of a line game's winner. Not for hot loops.
func (g *Geometry) Runs(b Bitboard, n int, diagonal bool) Bitboard {
	dirs := []Direction{North, East}
	if diagonal {
		dirs = append(dirs, NorthEast, NorthWest)
	}
	var out Bitboard
	for _, d := range dirs {
		back := d ^ 2 // the opposite direction (North-South, East-West, NE-SW, NW-SE)
		starts, t := b, b
		for range n - 1 {
			t = g.Shift(t, back) // s is in t after i steps iff s + i·d is in b
			starts &= t
		}
		run := starts
		for range n - 1 {
			starts = g.Shift(starts, d)
			run |= starts
		}
		out |= run
	}
	return out
}

// Dilate8 returns every square that is a king step from some square of b.
func (g *Geometry) Dilate8(b Bitboard) Bitboard {
	// Shift's east and west, then its north and south, written out: small enough to be
	// inlined in the evaluations' and the move generators' loops.
	h := b | (b&g.notLastF)<<1 | (b&g.notFileA)>>1
	w := uint(g.Files)
	return (h | h<<w | h>>w) &^ b & g.all
}

// Name returns the rule sheets' name of s: file letter from a, rank number from 1.
func (g *Geometry) Name(s Square) string {
	if !g.Contains(s) {
		return "-"
	}
	return string([]byte{byte('a' + g.File(s)), byte('1' + g.Rank(s))})
}

// ParseSquare reads a square name such as "e5".
func (g *Geometry) ParseSquare(name string) (Square, error) {
	if len(name) != 2 {
		return NoSquare, fmt.Errorf("square %q: want a file letter and a rank digit", name)
	}
	f, r := int(name[0]-'a'), int(name[1]-'1')
	if name[0] < 'a' || f >= g.Files || name[1] < '1' || r >= g.Ranks {
		return NoSquare, fmt.Errorf("square %q: not on a %dx%d board (a1…%c%d)", name, g.Files, g.Ranks, 'a'+g.Files-1, g.Ranks)
	}
	return g.Square(f, r), nil
}

// Diagram lists the ranks from the top of the rule sheet's diagram to the bottom.
func (g *Geometry) Diagram() []int {
	rs := make([]int, g.Ranks)
	for i := range rs {
		if g.Rank1Top {
			rs[i] = i
		} else {
			rs[i] = g.Ranks - 1 - i
		}
	}
	return rs
}
