package quixo

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math/bits"
	"math/rand/v2"
	"runtime/debug"

	"github.com/tavoliere/tavoliere/engine"
)

// The endgame table: the value of every Quixo position with at most one blank cube, built
// by retrograde analysis (BuildTable, run by `tavoliere quixo-table`) and loaded at start
// (ReadTable). Blank cubes only ever become fewer, so these positions lead only to each
// other: the table is closed.
//
// Positions are seen from the player to move: a is the mask of his cubes, b his opponent's,
// so a position with X to move and its colour swap with O to move are one entry. The index
// is a itself (25 bits) for a full board, and for a board with one blank cube at square k,
// tableFull + k<<24 + a with bit k squeezed out.
//
// An entry is one byte: 0 a draw (neither side can force a line), 1…126 a win for the
// player to move in that many plies with the fastest win, 128|n a loss in n plies with the
// slowest loss; entryNone (255, which a loss in 127 would be) marks an index that is not a
// position to play from (a line is already on the board). The table knows neither the threefold repetition nor the move cap
// (the draw rules): a win is won by plies that shorten every time, which never repeat, and
// the solver checks the cap against the plies left.
const (
	tableFull  = 1 << cells                   // full boards
	tableSize  = tableFull + cells<<(cells-1) // 452,984,832 entries
	entryNone  = 0xFF
	entryLoss  = 0x80
	maxPlies   = 0x7E
	tableMagic = "tavoliere quixo endgame table v1\n"
)

const allCells = 1<<cells - 1

// tableIndex returns the index of the position with a the mover's cubes and b the
// opponent's, which leave at most one blank.
func tableIndex(a, b uint32) uint32 {
	blank := allCells &^ (a | b)
	if blank == 0 {
		return a
	}
	k := uint32(bits.TrailingZeros32(blank))
	low := a & (1<<k - 1)
	return tableFull + k<<(cells-1) + ((a>>(k+1))<<k | low)
}

// tablePosition is the inverse of tableIndex.
func tablePosition(i uint32) (a, b uint32) {
	if i < tableFull {
		return i, allCells &^ i
	}
	i -= tableFull
	k := i >> (cells - 1)
	c := i & (1<<(cells-1) - 1)
	low := c & (1<<k - 1)
	a = (c>>k)<<(k+1) | low
	return a, allCells &^ a &^ (1 << k)
}

// tableMove is a push of the cube at from (a border square) in at to.
type tableMove struct {
	seg      uint32
	from, to uint32 // single bits
	shift    uint8
	up       bool
}

// push returns x after the move: the cube at from gone, the cubes between moved one step
// towards from, to empty.
func (m *tableMove) push(x uint32) uint32 {
	in := x & m.seg &^ m.from
	if m.up {
		in <<= m.shift
	} else {
		in >>= m.shift
	}
	return x&^m.seg | in
}

// unpush undoes push: the cubes of the segment but the one at to move one step back
// towards to, leaving from empty.
func (m *tableMove) unpush(x uint32) uint32 {
	in := x & m.seg &^ m.to
	if m.up {
		in >>= m.shift
	} else {
		in <<= m.shift
	}
	return x&^m.seg | in
}

// tableGeometry is what the table's loops need of the rules: the 44 pushes and the
// twelve lines.
type tableGeometry struct {
	moves []tableMove
	byTo  [cells][]tableMove // the pushes that put their cube in at each square
	lines [12]uint32
}

func newTableGeometry() *tableGeometry {
	r, err := New(ID, nil)
	if err != nil {
		panic(err)
	}
	return r.tg
}

// geometryOf returns the pushes and lines of r's board, whose pushes and ends are set.
func geometryOf(r *Rules) *tableGeometry {
	g := &tableGeometry{}
	for i, l := range r.lines {
		g.lines[i] = uint32(l)
	}
	for from := range engine.Square(cells) {
		for _, to := range r.ends[from] {
			if to == engine.NoSquare {
				break
			}
			p := r.pushes[int(from)*cells+int(to)]
			m := tableMove{seg: uint32(p.seg), from: 1 << from, to: 1 << to, shift: p.shift, up: p.up}
			g.moves = append(g.moves, m)
			g.byTo[to] = append(g.byTo[to], m)
		}
	}
	return g
}

func (g *tableGeometry) hasLine(x uint32) bool {
	for _, l := range g.lines {
		if x&l == l {
			return true
		}
	}
	return false
}

// Table is the endgame table in memory: safe for concurrent reads.
type Table struct {
	g       *tableGeometry
	entries []byte
	unmap   func() error // for a table loaded from a file
}

// TableEntry is the value of one position for the player to move.
type TableEntry struct {
	Value int // 1 a win, 0 a draw, -1 a loss
	Plies int // plies to the end with best play: the fastest win, the slowest loss; 0 for a draw
}

func decodeEntry(e byte) TableEntry {
	switch {
	case e == 0:
		return TableEntry{}
	case e&entryLoss != 0:
		return TableEntry{Value: -1, Plies: int(e &^ entryLoss)}
	}
	return TableEntry{Value: 1, Plies: int(e)}
}

// Probe returns the value of the position with mine the cubes of the player to move and
// theirs his opponent's; ok is false for a position outside the table (two blank cubes or
// more, or a line already made).
func (t *Table) Probe(mine, theirs engine.Bitboard) (e TableEntry, ok bool) {
	a, b := uint32(mine), uint32(theirs)
	if a&b != 0 || bits.OnesCount32(allCells&^(a|b)) > 1 || uint64(mine|theirs) > allCells {
		return TableEntry{}, false
	}
	v := t.entries[tableIndex(a, b)]
	if v == entryNone {
		return TableEntry{}, false
	}
	return decodeEntry(v), true
}

// TableStats counts a table's positions by value.
type TableStats struct {
	Wins, Draws, Losses, None int
	Longest                   int               // the most plies of a decided position
	ByPlies                   [maxPlies + 1]int // decided positions by plies to the end
}

// Stats counts the table's entries.
func (t *Table) Stats() TableStats {
	var s TableStats
	for _, v := range t.entries {
		switch e := decodeEntry(v); {
		case v == entryNone:
			s.None++
		case e.Value == 0:
			s.Draws++
		default:
			if e.Value > 0 {
				s.Wins++
			} else {
				s.Losses++
			}
			s.Longest = max(s.Longest, e.Plies)
		}
	}
	return s
}

// WriteTo writes the table: the magic line, the entries, and their CRC-32 (IEEE), little
// endian.
func (t *Table) WriteTo(w io.Writer) (int64, error) {
	bw := bufio.NewWriterSize(w, 1<<20)
	n, _ := bw.WriteString(tableMagic)
	m, _ := bw.Write(t.entries)
	var sum [4]byte
	binary.LittleEndian.PutUint32(sum[:], crc32.ChecksumIEEE(t.entries))
	k, _ := bw.Write(sum[:])
	err := bw.Flush()
	return int64(n + m + k), err
}

// ErrNoTable is returned by ReadTable for data that is not a Quixo endgame table.
var ErrNoTable = errors.New("not a Quixo endgame table")

// A table file, as WriteTo writes it: TableHeader, one byte per position, then the CRC-32
// of those bytes (little-endian): TableFileSize bytes in all.
const (
	TableHeader   = tableMagic
	TableFileSize = len(tableMagic) + tableSize + 4
)

// ReadTable takes the table in data, as WriteTo wrote it, after checking its length,
// header and checksum. The engine opens no files: the caller reads or maps the file
// (cmd maps it read only, so that the entries stay in the page cache, outside the Go heap,
// and the kernel can drop the pages that are not used). release, if not nil, is what Close
// calls; on an error the caller releases data itself.
func ReadTable(data []byte, release func() error) (*Table, error) {
	if len(data) != TableFileSize {
		return nil, fmt.Errorf("%d bytes, want %d: %w", len(data), TableFileSize, ErrNoTable)
	}
	if head := string(data[:len(tableMagic)]); head != tableMagic {
		return nil, fmt.Errorf("header %q: %w", head, ErrNoTable)
	}
	t := &Table{g: newTableGeometry(), entries: data[len(tableMagic) : len(tableMagic)+tableSize], unmap: release}
	got, err := checksum(t.entries)
	if err != nil {
		return nil, err
	}
	if want := binary.LittleEndian.Uint32(data[len(tableMagic)+tableSize:]); got != want {
		return nil, fmt.Errorf("checksum %08x, want %08x: the file is damaged", got, want)
	}
	return t, nil
}

// checksum returns the CRC-32 of mapped memory, with an error rather than a crash if the
// file cannot be read (a read error on the card, a file cut short under the mapping).
func checksum(data []byte) (sum uint32, err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if e := recover(); e != nil {
			err = fmt.Errorf("reading the file: %v", e)
		}
	}()
	return crc32.ChecksumIEEE(data), nil
}

// Close releases a table read by ReadTable; it must not be used after, nor while a
// search may still read it (the service never closes the table it set).
func (t *Table) Close() error {
	if t.unmap == nil {
		return nil
	}
	err := t.unmap()
	t.entries, t.unmap = nil, nil
	return err
}

// BuildTable computes the table by retrograde analysis. progress, if not nil, hears of each
// round: the plies just finished and the positions decided so far.
func BuildTable(ctx context.Context, progress func(plies, decided int)) (*Table, error) {
	return buildTable(ctx, nil, progress)
}

// tableSubset is a part of the table closed under moves: every position reached from one
// of its positions is one of them.
type tableSubset struct {
	list   []uint32 // its indexes
	member func(a, b uint32) bool
}

// buildTable builds the entries of sub's positions (all if nil); the others keep entry 0
// and are not to be read.
func buildTable(ctx context.Context, sub *tableSubset, progress func(plies, decided int)) (*Table, error) {
	g := newTableGeometry()
	t := &Table{g: g, entries: make([]byte, tableSize)}
	// count holds, for an undecided position, its moves to positions not yet known to be
	// won by the opponent.
	count := make([]byte, tableSize)
	each := func(fn func(i uint32)) {
		if sub != nil {
			for _, i := range sub.list {
				fn(i)
			}
			return
		}
		for i := range uint32(tableSize) {
			fn(i)
		}
	}
	// Plies 1: a move that makes the mover's line and not the opponent's wins; a position
	// whose every move makes the opponent's line is lost.
	decided := 0
	each(func(i uint32) {
		a, b := tablePosition(i)
		if g.hasLine(a) || g.hasLine(b) {
			t.entries[i] = entryNone
			return
		}
		n := 0
		for k := range g.moves {
			m := &g.moves[k]
			if m.from&b != 0 {
				continue
			}
			a2, b2 := m.push(a)|m.to, m.push(b)
			switch {
			case g.hasLine(b2):
				continue
			case g.hasLine(a2):
				t.entries[i] = 1
				decided++
				return
			}
			n++
		}
		if n == 0 {
			t.entries[i] = entryLoss | 1
			decided++
			return
		}
		count[i] = byte(n)
	})
	if progress != nil {
		progress(1, decided)
	}
	// Round by round: the predecessors of a position lost in n plies are won in n+1; a
	// position all of whose moves lead to wins for the opponent, the last found in n
	// plies, is lost in n+1.
	for plies := 1; ; plies++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		win, loss := byte(plies), byte(plies)|entryLoss
		found, overflow := 0, false
		each(func(i uint32) {
			e := t.entries[i]
			if e != win && e != loss {
				return
			}
			found++
			// i is the position after the move, seen by its new mover: the previous
			// mover's cubes are b, and the cube he put in is one of them.
			qa, qb := tablePosition(i)
			after, other := qb, qa
			blanks := allCells&^(qa|qb) != 0
			for to := range cells {
				if after&(1<<to) == 0 {
					continue
				}
				for k := range g.byTo[to] {
					m := &g.byTo[to][k]
					pa, pb := m.unpush(after&^m.to), m.unpush(other)
					// The cube taken showed the mover's symbol, or was blank.
					for _, taken := range [2]uint32{m.from, 0} {
						if taken == 0 && blanks {
							break
						}
						a, b := pa|taken, pb
						if sub != nil && !sub.member(a, b) {
							continue
						}
						j := tableIndex(a, b)
						if t.entries[j] != 0 {
							continue // decided already, or not a position to play from
						}
						if plies+1 > maxPlies && (e == loss || count[j] == 1) {
							overflow = true // not written: the entry cannot hold it
							continue
						}
						if e == loss {
							t.entries[j] = byte(plies + 1)
							decided++
							continue
						}
						count[j]--
						if count[j] == 0 {
							t.entries[j] = entryLoss | byte(plies+1)
							decided++
						}
					}
				}
			}
		})
		if progress != nil {
			progress(plies+1, decided)
		}
		if overflow {
			return nil, fmt.Errorf("quixo table: a position needs more than %d plies", maxPlies)
		}
		if found == 0 {
			return t, nil
		}
	}
}

// Check verifies the entries of n positions drawn at random (seeded) against the moves of
// the engine: each must be what its moves and the entries they lead to make it. A table
// that passes for every position is the game's value, as a value in plies cannot be
// propped up by a cycle.
func (t *Table) Check(n int, seed uint64) error {
	r, err := New(ID, map[string]string{"move-cap": "0"})
	if err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(seed, 0x7ab1e))
	for range n {
		if err := t.checkEntry(r, rng.Uint32N(tableSize)); err != nil {
			return err
		}
	}
	return nil
}

// checkEntry verifies the entry of index i against the engine's moves.
func (t *Table) checkEntry(r *Rules, i uint32) error {
	a, b := tablePosition(i)
	s := r.NewState(boardOf(a, b, true), Crosses, 0)
	got := t.entries[i]
	if s.Outcome().Over {
		if got != entryNone {
			return fmt.Errorf("quixo table: %s: entry %#x for a finished game", s, got)
		}
		return nil
	}
	win, loss, draw := 0, 0, false // fastest win, slowest loss (plies after this move)
	for _, m := range s.Legal(nil) {
		s.Play(m)
		switch o := s.Outcome(); {
		case o.Over && o.Won(Crosses):
			win = 1
		case o.Over:
			loss = max(loss, 1)
		default:
			switch e := t.entries[tableIndex(uint32(s.o), uint32(s.x))]; {
			case e == entryNone:
				return fmt.Errorf("quixo table: %s: %s leads to an entry marked finished", s, r.FormatMove(m))
			case e == 0:
				draw = true
			case e&entryLoss != 0:
				if p := int(e&^entryLoss) + 1; win == 0 || p < win {
					win = p
				}
			default:
				loss = max(loss, int(e)+1)
			}
		}
		s.Undo()
	}
	var want byte
	switch {
	case win > 0:
		want = byte(win)
	case draw:
		want = 0
	default:
		want = entryLoss | byte(loss)
	}
	if got != want {
		return fmt.Errorf("quixo table: %s: entry %#x (%+v), its moves make it %#x (%+v)", s, got, decodeEntry(got), want, decodeEntry(want))
	}
	return nil
}

// boardOf returns the cubes of a and b as a board: a shows X when xa, else O.
func boardOf(a, b uint32, xa bool) *[cells]engine.Piece {
	var board [cells]engine.Piece
	mine, theirs := Cube(Crosses, 0), Cube(Circles, 0)
	if !xa {
		mine, theirs = theirs, mine
	}
	for sq := range board {
		switch {
		case a&(1<<sq) != 0:
			board[sq] = mine
		case b&(1<<sq) != 0:
			board[sq] = theirs
		default:
			board[sq] = Blank
		}
	}
	return &board
}
