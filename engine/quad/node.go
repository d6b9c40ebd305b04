package quad

import "math/bits"

// The solver's view of a position (node) and what its lines tell it before any search:
// where either side completes a line (threats), which moves make a line of three (pairs),
// and whether either side can still complete one (hopes).

// node is a position as the solver sees it: from the side to move.
type node struct {
	occ  uint16 // occupied cells
	mine uint16 // the cells of the side to move's pieces
	q, f uint16 // the cells of the square pieces and of the solid ones, of either side
	// The pieces each side has placed, two bits a type (type t at bit 2t): the side to
	// move's and the opponent's.
	placedMine, placedTheirs uint8
}

func nodeOf(p *position) node {
	n := node{occ: p.occ(), mine: p.own[p.turn], q: p.q, f: p.f}
	for t := range Type(4) {
		n.placedMine |= uint8(p.placed(int(p.turn), t)) << (2 * t)
		n.placedTheirs |= uint8(p.placed(int(p.turn^1), t)) << (2 * t)
	}
	return n
}

// play returns the position after the side to move places type t on sq, seen by the
// opponent.
func (n node) play(t Type, sq int) node {
	b := uint16(1) << sq
	c := node{occ: n.occ | b, mine: n.occ &^ n.mine, q: n.q, f: n.f,
		placedMine: n.placedTheirs, placedTheirs: n.placedMine + 1<<(2*t)}
	if t&1 != 0 {
		c.q |= b
	}
	if t&2 != 0 {
		c.f |= b
	}
	return c
}

// Types by value: bit t is set for the types t with the value.
const (
	roundTypes  = 1<<RH | 1<<RF
	squareTypes = 1<<QH | 1<<QF
	hollowTypes = 1<<RH | 1<<QH
	solidTypes  = 1<<RF | 1<<QF
	allTypes    = 0xf
)

// Tables indexed by a side's placed counts, or by the occupied cells.
var (
	// availOf is the types (bit t for type t) of which a side has a piece left.
	availOf [256]uint8
	// leftOf packs how many of a side's pieces are left with each value: round, square,
	// hollow, solid, four bits each.
	leftOf [256]uint16
	// hasOf is the values (bit 0 round, 1 square, 2 hollow, 3 solid) of which a side has
	// a piece left.
	hasOf [256]uint8
	// nearlyFull, halfFull and notFull hold, by occupied cells, the lines (bit i for
	// lines[i]) with exactly one, exactly two, and some empty cells (filled by NewSolver).
	nearlyFull, halfFull, notFull []uint16
	// keeping[w][a] is, for a pair of pieces sharing the values of the types w (as sharing
	// gives them), the types that keep one of those values of which the types a have a
	// piece: a third piece that makes a line a player with a may complete.
	keeping [16][16]uint8
)

func init() {
	for c := range availOf {
		for t := range 4 {
			n := Copies - min(c>>(2*t)&3, Copies)
			if n > 0 {
				availOf[c] |= 1 << t
			}
			shape, fill := t&1, t>>1
			leftOf[c] += uint16(n<<(4*shape) + n<<(8+4*fill))
			if n > 0 {
				hasOf[c] |= 1<<shape | 1<<(2+fill)
			}
		}
	}
	for w := range keeping {
		for a := range keeping[w] {
			for _, v := range [...]int{roundTypes, squareTypes, hollowTypes, solidTypes} {
				if w&v == v && a&v != 0 {
					keeping[w][a] |= uint8(v)
				}
			}
		}
	}
}

// initLines fills the tables of lines by occupied cells.
func initLines() {
	nearlyFull, halfFull, notFull = make([]uint16, 1<<16), make([]uint16, 1<<16), make([]uint16, 1<<16)
	for occ := range nearlyFull {
		for i, l := range lines {
			if uint16(occ)&l != l {
				notFull[occ] |= 1 << i
			}
			switch bits.OnesCount16(uint16(occ) & l) {
			case 3:
				nearlyFull[occ] |= 1 << i
			case 2:
				halfFull[occ] |= 1 << i
			}
		}
	}
}

// threats returns the empty cells where the side to move, and where the opponent, would
// complete a line with a piece he still has.
func (n node) threats() (mine, theirs uint16) {
	theirCells := n.occ &^ n.mine
	am, at := availOf[n.placedMine], availOf[n.placedTheirs]
	for ls := nearlyFull[n.occ]; ls != 0; ls &= ls - 1 {
		l := lines[bits.TrailingZeros16(ls)]
		o := n.occ & l
		w := sharing(n.q&l, n.f&l, o)
		wm, wt := w, w
		if n.mine&l == o {
			wm = allTypes
		} else if theirCells&l == o {
			wt = allTypes
		}
		if wm&am != 0 {
			mine |= l ^ o
		}
		if wt&at != 0 {
			theirs |= l ^ o
		}
	}
	return mine, theirs
}

// sharing returns the types that share a shape or a fill with all the pieces on the cells
// o of a line (every type, for no pieces), given the line's square pieces q and solid ones
// f.
func sharing(q, f, o uint16) uint8 {
	var w uint8
	if q == 0 {
		w = roundTypes
	}
	if q == o {
		w |= squareTypes
	}
	if f == 0 {
		w |= hollowTypes
	}
	if f == o {
		w |= solidTypes
	}
	return w
}

// pairs is what the lines with two empty cells tell about the moves of the side to move:
// the cells where a piece of each type would make a line of three that the opponent
// completes (a blunder), that the mover may complete (forcing), or two such. Each is a set
// of cells by type, type t in bits 16t to 16t+15.
type pairs struct {
	bad, forcing, double uint64
}

// cellsOf returns the cells of type t in a set by type.
func cellsOf(set uint64, t int) uint16 { return uint16(set >> (16 * t)) }

// lanes spreads a set of types to their 16-bit lanes: lanes[1<<t] is 0xffff << 16t.
var lanes [16]uint64

func init() {
	for w := range lanes {
		for t := range 4 {
			if w>>t&1 != 0 {
				lanes[w] |= 0xffff << (16 * t)
			}
		}
	}
}

func (n node) pairs() pairs {
	var p pairs
	am, at := availOf[n.placedMine], availOf[n.placedTheirs]
	for ls := halfFull[n.occ]; ls != 0; ls &= ls - 1 {
		l := lines[bits.TrailingZeros16(ls)]
		o := n.occ & l
		w := sharing(n.q&l, n.f&l, o)
		bad, good := keeping[w][at], keeping[w][am]
		if n.mine&l == o {
			good = allTypes
		}
		empty := uint64(l^o) * 0x0001_0001_0001_0001
		p.bad |= empty & lanes[bad]
		g := empty & lanes[good]
		p.double |= p.forcing & g
		p.forcing |= g
	}
	return p
}

// hopes reports whether the side to move, and the opponent, can still complete a line:
// whether some line not full has its pieces sharing a value of which enough pieces are left,
// on both sides, to fill it, one at least the player's own; or his colour, and enough of
// his pieces left.
func (n node) hopes() (mine, theirs bool) {
	left := leftOf[n.placedMine] + leftOf[n.placedTheirs]
	hasMine, hasTheirs := hasOf[n.placedMine], hasOf[n.placedTheirs]
	theirCells := n.occ &^ n.mine
	leftMine, leftTheirs := 8-bits.OnesCount16(n.mine), 8-bits.OnesCount16(theirCells)
	for ls := notFull[n.occ]; ls != 0; ls &= ls - 1 {
		l := lines[bits.TrailingZeros16(ls)]
		o := n.occ & l
		e := uint16(4 - bits.OnesCount16(o))
		q, f := n.q&l, n.f&l
		var alive uint8 // the values the line can still share, bit 0 round … bit 3 solid
		if q == 0 && left&15 >= e {
			alive |= 1
		}
		if q == o && left>>4&15 >= e {
			alive |= 2
		}
		if f == 0 && left>>8&15 >= e {
			alive |= 4
		}
		if f == o && left>>12 >= e {
			alive |= 8
		}
		mine = mine || alive&hasMine != 0 || n.mine&l == o && leftMine >= int(e)
		theirs = theirs || alive&hasTheirs != 0 || theirCells&l == o && leftTheirs >= int(e)
		if mine && theirs {
			return true, true
		}
	}
	return mine, theirs
}
