package quad

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
)

// BookPieces is the number of pieces on the board in the positions of the book: the value
// of every position with that many pieces that is not over, found by the solver and kept
// in the binary (book.bin, written by BuildBook: `tavoliere quad-book`). With it the solver
// takes a position with fewer pieces too, the empty board included, as a search of at most
// four plies ending in the book.
//
// For a drawn position the book also keeps its trap: the largest share, over the drawing
// moves of the side to move, of the opponent's replies that lose (a reply that lets the
// mover make a line at once is left out: no player who looks makes it). The solver ranks
// the drawing moves two plies before the book by the traps they lead to (Solve).
const BookPieces = 4

// bookMagic opens the book's file.
const bookMagic = "tavoliere quad book 2\n"

//go:embed book.bin
var bookFile []byte

var (
	bookOnce   sync.Once
	theBook    *book
	theBookErr error
)

// book is the value, for the side to move, of each position with BookPieces pieces, by
// canonical key, and the trap of each drawn one.
type book struct {
	keys   []uint64 // ascending
	values []int8
	traps  []uint8 // the share in 255ths, rounded; 0 for a position won or lost
}

// embeddedBook returns the book kept in the binary, read once.
func embeddedBook() (*book, error) {
	bookOnce.Do(func() { theBook, theBookErr = readBook(bookFile) })
	return theBook, theBookErr
}

// value returns the book's value of the position with canonical key k, if it holds it.
func (b *book) value(k uint64) (int8, bool) {
	v, _, ok := b.lookup(k)
	return v, ok
}

// lookup returns the book's value and trap of the position with canonical key k, if it
// holds it.
func (b *book) lookup(k uint64) (v int8, trap uint8, ok bool) {
	i, ok := slices.BinarySearch(b.keys, k)
	if !ok {
		return 0, 0, false
	}
	return b.values[i], b.traps[i], true
}

// The file: bookMagic; the number of positions (uvarint); their keys in ascending order,
// each as its difference from the one before (uvarint, the first from zero); their values,
// four to a byte, two bits each from the low bits up (the value plus one); their traps, a
// byte each; and the IEEE CRC-32 of all that, little-endian.

// readBook decodes a book's file.
func readBook(data []byte) (*book, error) {
	bad := func(format string, args ...any) (*book, error) {
		return nil, fmt.Errorf("quad: book: "+format, args...)
	}
	if len(data) < len(bookMagic)+4 || string(data[:len(bookMagic)]) != bookMagic {
		return bad("not a book (it opens %q)", data[:min(len(data), len(bookMagic))])
	}
	body, sum := data[:len(data)-4], binary.LittleEndian.Uint32(data[len(data)-4:])
	if got := crc32.ChecksumIEEE(body); got != sum {
		return bad("checksum %08x, the file says %08x: damaged", got, sum)
	}
	rest := body[len(bookMagic):]
	n, k := binary.Uvarint(rest)
	if k <= 0 || n > uint64(len(rest)-k)/2 { // a position takes a key byte and a trap byte at least
		return bad("bad count")
	}
	rest = rest[k:]
	b := &book{keys: make([]uint64, n), values: make([]int8, n), traps: make([]uint8, n)}
	var key uint64
	for i := range b.keys {
		d, k := binary.Uvarint(rest)
		if k <= 0 || (i > 0 && d == 0) || key+d < key {
			return bad("key %d of %d: bad or out of order", i, n)
		}
		key += d
		b.keys[i], rest = key, rest[k:]
	}
	if uint64(len(rest)) != (n+3)/4+n {
		return bad("%d bytes of values and traps for %d positions", len(rest), n)
	}
	for i := range b.values {
		v := rest[i/4] >> (2 * (i % 4)) & 3
		if v > 2 {
			return bad("position %d: value code %d", i, v)
		}
		b.values[i] = int8(v) - 1
	}
	copy(b.traps, rest[(n+3)/4:])
	for i, t := range b.traps {
		if t != 0 && b.values[i] != 0 {
			return bad("position %d: a trap in a position won or lost", i)
		}
	}
	return b, nil
}

// write encodes b as a book's file.
func (b *book) write(w io.Writer) error {
	var buf bytes.Buffer
	buf.WriteString(bookMagic)
	buf.Write(binary.AppendUvarint(nil, uint64(len(b.keys))))
	var prev uint64
	for _, k := range b.keys {
		buf.Write(binary.AppendUvarint(nil, k-prev))
		prev = k
	}
	packed := make([]byte, (len(b.values)+3)/4)
	for i, v := range b.values {
		packed[i/4] |= byte(v+1) << (2 * (i % 4))
	}
	buf.Write(packed)
	buf.Write(b.traps)
	buf.Write(binary.LittleEndian.AppendUint32(nil, crc32.ChecksumIEEE(buf.Bytes())))
	_, err := w.Write(buf.Bytes())
	return err
}

// bookPositions returns one position of each class, by canonical key, of the positions with
// BookPieces pieces that legal play reaches and that are not over.
func bookPositions() map[uint64]node {
	tablesOnce.Do(initTables)
	out := make(map[uint64]node)
	var seen [BookPieces]map[uint64]bool
	for i := range seen {
		seen[i] = make(map[uint64]bool)
	}
	var walk func(n node, pieces int)
	walk = func(n node, pieces int) {
		if pieces == BookPieces {
			if !madeLine(n) {
				out[canonical(n)] = n
			}
			return
		}
		if k := canonical(n); seen[pieces][k] {
			return // an image of a position already walked: its children are images too
		} else {
			seen[pieces][k] = true
		}
		var buf [64]node
		for _, c := range n.children(buf[:0]) {
			walk(c, pieces+1)
		}
	}
	walk(node{}, 0)
	return out
}

// children appends to buf the position after each move of n, each type the side to move
// has left on each empty cell, and returns it.
func (n node) children(buf []node) []node {
	for ts := availOf[n.placedMine]; ts != 0; ts &= ts - 1 {
		t := Type(bits.TrailingZeros8(ts))
		for c := ^n.occ; c != 0; c &= c - 1 {
			buf = append(buf, n.play(t, bits.TrailingZeros16(c)))
		}
	}
	return buf
}

// madeLine reports whether the move that led to n made a line: four pieces of one colour,
// or sharing a shape or a fill.
func madeLine(n node) bool {
	theirs := n.occ &^ n.mine
	for _, l := range lines {
		if n.occ&l == l && (theirs&l == l || n.mine&l == l || sharing(n.q&l, n.f&l, l) != 0) {
			return true
		}
	}
	return false
}

// BuildBook solves every position of the book, and finds the trap of every drawn one, with
// workers solvers at once (GOMAXPROCS for 0) and writes the book to w. progress, if not nil,
// is called after each position with the number done and the total. On the development
// machine, beside other runs: the values alone took 8 minutes of one core, values and
// traps 26 minutes of two.
func BuildBook(ctx context.Context, w io.Writer, workers int, progress func(done, total int)) error {
	positions := bookPositions()
	b := &book{keys: make([]uint64, 0, len(positions))}
	for k := range positions {
		b.keys = append(b.keys, k)
	}
	slices.Sort(b.keys)
	b.values, b.traps = make([]int8, len(b.keys)), make([]uint8, len(b.keys))
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var next atomic.Int64
	var mu sync.Mutex // over progress and done
	done := 0
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for i := range workers {
		wg.Go(func() {
			sv := newSolver(nil) // the book's positions are solved by search alone
			sv.ctx = ctx
			for {
				j := int(next.Add(1) - 1)
				if j >= len(b.keys) {
					return
				}
				n := positions[b.keys[j]]
				v, err := sv.value(n)
				if err == nil && v == 0 {
					b.traps[j], err = sv.trap(n)
				}
				if err != nil {
					errs[i] = err
					return
				}
				b.values[j] = v
				if progress != nil {
					mu.Lock()
					done++
					progress(done, len(b.keys))
					mu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("quad: book: %w", err)
	}
	return b.write(w)
}

// value returns the exact value of n for the side to move, as Solve finds it.
func (sv *Solver) value(n node) (int8, error) {
	sv.err, sv.next = nil, sv.nodes+checkEvery
	v := sv.search(n, 0, 1)
	if v < 1 && sv.err == nil {
		v = min(sv.search(n, -1, 0), 0)
	}
	return v, sv.err
}

// trap returns the trap of n, a drawn position (see BookPieces): the largest share, over
// its drawing moves, of the opponent's replies that lose, leaving out the replies that let
// the mover make a line at once; in 255ths, rounded. A move whose share could no longer
// beat the best one found is left before all its replies are searched.
func (sv *Solver) trap(n node) (uint8, error) {
	bestLost, bestN := 0, 1
	var moves, replies [64]node
	for _, c := range n.children(moves[:0]) {
		if madeLine(c) {
			continue // not in a drawn position
		}
		if sv.search(c, 0, 1) >= 1 {
			continue // the opponent wins after it: not a drawing move
		}
		rs := replies[:0]
		for _, g := range c.children(replies[:0]) {
			if mine, _ := g.threats(); mine == 0 && !madeLine(g) {
				rs = append(rs, g) // in place: g is read before its slot is written
			}
		}
		nr, lost := len(rs), 0
		for i, g := range rs {
			// Even if every reply left lost, the share would not beat the best.
			if (lost+nr-i)*bestN <= bestLost*nr {
				break
			}
			if sv.search(g, 0, 1) >= 1 {
				lost++
			}
		}
		if sv.err != nil {
			return 0, sv.err
		}
		if nr > 0 && lost*bestN > bestLost*nr {
			bestLost, bestN = lost, nr
		}
	}
	return uint8((255*bestLost + bestN/2) / bestN), sv.err
}
