package quad

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tavoliere/tavoliere/engine/search"
)

// inLine reports whether the cells of set lie on one line.
func inLine(set uint16) bool {
	for _, l := range lines {
		if set&^l == 0 {
			return true
		}
	}
	return false
}

// lineAutomorphisms finds, by a search over the permutations of the cells, every one that
// maps each line onto a line.
func lineAutomorphisms() [][16]uint8 {
	var out [][16]uint8
	var p [16]uint8
	var place func(c int, used uint16)
	place = func(c int, used uint16) {
		if c == 16 {
			for _, l := range lines {
				var img uint16
				for x := l; x != 0; x &= x - 1 {
					img |= 1 << p[bits.TrailingZeros16(x)]
				}
				if !slices.Contains(lines[:], img) {
					return
				}
			}
			out = append(out, p)
			return
		}
		for img := range uint8(16) {
			if used>>img&1 != 0 {
				continue
			}
			p[c] = img
			ok := true
			for _, l := range lines { // the cells placed so far of each line must map into a line
				var set uint16
				for x := l & (1<<(c+1) - 1); x != 0; x &= x - 1 {
					set |= 1 << p[bits.TrailingZeros16(x)]
				}
				if !inLine(set) {
					ok = false
					break
				}
			}
			if ok {
				place(c+1, used|1<<img)
			}
		}
	}
	place(0, 0)
	return out
}

// TestSymmetries: the solver's 32 permutations are exactly those that keep the lines, and
// they form a group.
func TestSymmetries(t *testing.T) {
	all := lineAutomorphisms()
	if len(all) != 32 {
		t.Fatalf("%d permutations keep the lines, want 32", len(all))
	}
	for s, p := range symmetries {
		if !slices.Contains(all, p) {
			t.Errorf("symmetry %d %v does not keep the lines", s, p)
		}
		if slices.Contains(symmetries[:s], p) {
			t.Errorf("symmetry %d repeats", s)
		}
		for _, q := range symmetries {
			var pq [16]uint8
			for c := range pq {
				pq[c] = q[p[c]]
			}
			if !slices.Contains(symmetries[:], pq) {
				t.Fatalf("the product of %v and %v is missing", p, q)
			}
		}
	}
}

// transform returns the image of n under symmetry s and the relabelling a of shape and
// fill: bit 0 exchanges round and square, bit 1 hollow and solid, bit 2 shape and fill.
func (n node) transform(s, a int) node {
	c := node{occ: apply(s, n.occ), mine: apply(s, n.mine), q: apply(s, n.q), f: apply(s, n.f)}
	if a&1 != 0 {
		c.q ^= c.occ
	}
	if a&2 != 0 {
		c.f ^= c.occ
	}
	if a&4 != 0 {
		c.q, c.f = c.f, c.q
	}
	return c
}

func (n node) key() uint64 {
	return uint64(n.occ)<<48 | uint64(n.mine)<<32 | uint64(n.q)<<16 | uint64(n.f)
}

// TestCanonical: the key of a position is the least key of its images, so every image has
// the same key.
func TestCanonical(t *testing.T) {
	tablesOnce.Do(initTables)
	r := mustRules(t, nil)
	for _, s := range midGame(r, 11, 200) {
		n := nodeOf(&s.(*State).pos)
		k := canonical(n)
		least := ^uint64(0)
		for sym := range symmetries {
			for a := range 8 {
				img := n.transform(sym, a)
				least = min(least, img.key())
				if got := canonical(img); got != k {
					t.Fatalf("%s: image %d/%d has key %x, the position %x", s, sym, a, got, k)
				}
			}
		}
		if k != least {
			t.Fatalf("%s: key %x, least image %x", s, k, least)
		}
	}
}

// transformed returns the position s under symmetry sym, relabelling a (as in transform)
// and, with swap, the colours exchanged with the side to move.
func transformed(s *State, sym, a int, swap bool) string {
	var p position
	for sq := range 16 {
		c := 0
		switch {
		case s.pos.own[Light]>>sq&1 != 0:
		case s.pos.own[Dark]>>sq&1 != 0:
			c = 1
		default:
			continue
		}
		ty := s.pos.typeAt(sq) ^ Type(a&3)
		if a&4 != 0 {
			ty = ty>>1 | ty&1<<1
		}
		if swap {
			c ^= 1
		}
		p.place(c, ty, int(symmetries[sym][sq]))
	}
	p.turn = s.pos.turn
	if swap {
		p.turn ^= 1
	}
	return s.r.newState(p).String()
}

// TestSymmetricValues checks by plain negamax, with no symmetry of its own, that the
// symmetries the solver uses keep the value of a position: the 32 permutations of the
// cells, the 8 relabellings of shape and fill, and the exchange of the colours.
func TestSymmetricValues(t *testing.T) {
	r := mustRules(t, nil)
	n, sample := 8, 512
	if short() {
		n, sample = 3, 48
	}
	rng := rand.New(rand.NewPCG(5, 5))
	for i := range n {
		s := positionsWith(r, uint64(200+i), 1, 10+i%3)[0]
		want := search.Negamax(s)
		for j := range sample {
			k := j
			if sample < 512 {
				k = rng.IntN(512)
			}
			text := transformed(s, k%32, k/32%8, k/256 == 1)
			img := mustParse(t, r, text)
			if got := search.Negamax(img); got != want {
				t.Fatalf("%s has value %d, its image %s %d", s, want, text, got)
			}
		}
	}
	// The transformation itself, on one position.
	s := mustParse(t, r, "......../......../QFrfRF../........ d")
	for _, c := range []struct {
		sym, a int
		swap   bool
		want   string
	}{
		{0, 0, false, "......../......../QFrfRF../........ d"},
		{0, 1, false, "......../......../RFqfQF../........ d"},
		{0, 2, false, "......../......../QHrhRH../........ d"},
		{0, 4, false, "......../......../QFqhQH../........ d"},
		{0, 0, true, "......../......../qfRFrf../........ l"},
	} {
		if got := transformed(s, c.sym, c.a, c.swap); got != c.want {
			t.Errorf("%d/%d/%v: %s, want %s", c.sym, c.a, c.swap, got, c.want)
		}
	}
	var images []string
	for sym := range symmetries {
		images = append(images, transformed(s, sym, 0, false))
	}
	slices.Sort(images)
	if n := len(slices.Compact(images)); n != 32 {
		t.Errorf("%d images of %s under the 32 symmetries, want 32 (it has none of its own): %s", n, s, fmt.Sprint(images))
	}
}
