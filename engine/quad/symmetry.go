package quad

import (
	"math/bits"
	"sync"
)

// The symmetries of the board are the permutations of the cells that map every line of four
// to a line of four. Besides the 8 of the square (rotations and reflections) there are those
// that swap the two middle ranks and the two middle files together, or each outer rank with
// its neighbour and each outer file with its neighbour: 32 in all. TestSymmetries checks,
// by a search over every permutation that keeps the lines, that there are no others.

// symmetries lists the 32 permutations: symmetries[s][c] is the image of cell c.
var symmetries [32][16]uint8

var (
	tablesOnce sync.Once
	// permLo and permHi map the low and the high byte of a set of cells through a symmetry.
	permLo, permHi [32][256]uint16
	// minOcc is, for each set of occupied cells, the least of its images, and minOccBy the
	// symmetries (bit s for symmetry s) that give it.
	minOcc   []uint16
	minOccBy []uint32
)

// rankMaps are the permutations σ of 0…3 that commute with the reversal i ↦ 3-i. Applied to
// the ranks and to the files at once they keep both diagonals; applied to the ranks with the
// reversal of σ applied to the files, they swap them.
func rankMaps() [][4]uint8 {
	var out [][4]uint8
	var perm func(p [4]uint8, used uint8, i int)
	perm = func(p [4]uint8, used uint8, i int) {
		if i == 4 {
			for j := range 4 {
				if p[3-j] != 3-p[j] {
					return
				}
			}
			out = append(out, p)
			return
		}
		for v := range uint8(4) {
			if used>>v&1 == 0 {
				p[i] = v
				perm(p, used|1<<v, i+1)
			}
		}
	}
	perm([4]uint8{}, 0, 0)
	return out
}

func init() {
	n := 0
	for _, sigma := range rankMaps() {
		for _, reverse := range []bool{false, true} {
			for _, transpose := range []bool{false, true} {
				for c := range 16 {
					rank, file := sigma[c/4], sigma[c%4]
					if reverse {
						file = 3 - file
					}
					if transpose {
						rank, file = file, rank
					}
					symmetries[n][c] = rank*4 + file
				}
				n++
			}
		}
	}
}

// initTables fills the solver's tables (about 800 KiB), once, for the first NewSolver.
func initTables() {
	initSymmetry()
	initLines()
}

// initSymmetry fills the tables the solver's keys use.
func initSymmetry() {
	for s, p := range symmetries {
		for x := range 256 {
			for c := range 8 {
				if x>>c&1 != 0 {
					permLo[s][x] |= 1 << p[c]
					permHi[s][x] |= 1 << p[c+8]
				}
			}
		}
	}
	minOcc = make([]uint16, 1<<16)
	minOccBy = make([]uint32, 1<<16)
	for occ := range 1 << 16 {
		least := uint16(0xffff)
		var by uint32
		for s := range symmetries {
			switch img := apply(s, uint16(occ)); {
			case img < least:
				least, by = img, 1<<s
			case img == least:
				by |= 1 << s
			}
		}
		minOcc[occ], minOccBy[occ] = least, by
	}
}

// apply returns the image of the cells x under symmetry s.
func apply(s int, x uint16) uint16 { return permLo[s][x&0xff] | permHi[s][x>>8] }

// canonical returns the least key among the images of n under the board's symmetries and
// the relabellings of shape and fill. A key packs, from the top, the occupied cells, the
// mover's cells, then the two attribute planes; so only the symmetries that give the least
// occupied cells need to be tried. Flipping a value (square for round) complements a plane
// within the occupied cells; swapping the attributes swaps the planes.
func canonical(n node) uint64 {
	occ := minOcc[n.occ]
	best := ^uint64(0)
	for by := minOccBy[n.occ]; by != 0; by &= by - 1 {
		s := bits.TrailingZeros32(by)
		mine, q, f := apply(s, n.mine), apply(s, n.q), apply(s, n.f)
		q, f = min(q, occ^q), min(f, occ^f)
		k := uint64(mine)<<32 | uint64(min(q, f))<<16 | uint64(max(q, f))
		best = min(best, k)
	}
	return uint64(occ)<<48 | best
}
