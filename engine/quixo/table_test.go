package quixo

import (
	"bytes"
	"context"
	"errors"
	"maps"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/enginetest"
)

func TestTableIndex(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	check := func(a, b uint32) {
		t.Helper()
		i := tableIndex(a, b)
		if i >= tableSize {
			t.Fatalf("index(%025b, %025b) = %d, beyond %d", a, b, i, tableSize)
		}
		if a2, b2 := tablePosition(i); a2 != a || b2 != b {
			t.Fatalf("position(index(%025b, %025b)) = %025b, %025b", a, b, a2, b2)
		}
	}
	check(0, allCells)
	check(allCells, 0)
	for k := range cells {
		check(allCells&^(1<<k), 0)
		check(0, allCells&^(1<<k))
	}
	for range 100000 {
		a := rng.Uint32() & allCells
		b := allCells &^ a
		if rng.IntN(2) == 0 {
			k := rng.IntN(cells)
			a &^= 1 << k
			b &^= 1 << k
		}
		check(a, b)
	}
	// Every index is a position: the index is dense.
	for range 100000 {
		i := rng.Uint32N(tableSize)
		a, b := tablePosition(i)
		if a&b != 0 || bits.OnesCount32(allCells&^(a|b)) > 1 || tableIndex(a, b) != i {
			t.Fatalf("index %d: position %025b, %025b", i, a, b)
		}
	}
}

// TestTablePushes checks the table's pushes against the engine's Play, and unpush against
// push.
func TestTablePushes(t *testing.T) {
	r, _ := New(ID, map[string]string{"move-cap": "0"})
	g := newTableGeometry()
	if len(g.moves) != 44 {
		t.Fatalf("%d pushes, want 44 (4 corners × 2 + 12 edges × 3)", len(g.moves))
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		var board [cells]engine.Piece
		for sq := range board {
			board[sq] = [3]engine.Piece{Blank, Cube(Crosses, 0), Cube(Circles, 0)}[rng.IntN(3)]
		}
		s := r.NewState(&board, Crosses, 0)
		a, b := uint32(s.x), uint32(s.o)
		for _, m := range g.moves {
			if m.from&b != 0 {
				continue
			}
			from, to := engine.Square(bits.TrailingZeros32(m.from)), engine.Square(bits.TrailingZeros32(m.to))
			mv := pushMove(from, to, 0)
			if err := s.Validate(mv); err != nil && !s.Outcome().Over {
				t.Fatalf("%s %s: %v", s, r.FormatMove(mv), err)
			}
			s.Play(mv)
			a2, b2 := m.push(a)|m.to, m.push(b)
			if uint32(s.x) != a2 || uint32(s.o) != b2 {
				t.Fatalf("%s %s: table pushes to %025b %025b, engine %025b %025b", s, r.FormatMove(mv), a2, b2, s.x, s.o)
			}
			s.Undo()
			if m.unpush(a2&^m.to)|(a&m.from) != a || m.unpush(b2) != b {
				t.Fatalf("%s %s: unpush does not undo push", s, r.FormatMove(mv))
			}
		}
	}
}

// naiveTable values the positions of sub by the engine's own moves (Legal, Play, Outcome),
// sweeping them all round after round until nothing changes: a second implementation,
// forward where BuildTable goes backward, and on the engine's move generator.
func naiveTable(t *testing.T, sub *tableSubset) map[uint32]byte {
	r, _ := New(ID, map[string]string{"move-cap": "0"})
	type node struct {
		children []uint32
		win1     bool // a move makes the mover's line and not the opponent's
	}
	nodes := map[uint32]*node{}
	val := map[uint32]byte{}
	for _, i := range sub.list {
		a, b := tablePosition(i)
		s := r.NewState(boardOf(a, b, true), Crosses, 0)
		if s.Outcome().Over {
			val[i] = entryNone
			continue
		}
		n := &node{}
		for _, m := range s.Legal(nil) {
			s.Play(m)
			switch o := s.Outcome(); {
			case o.Over && o.Won(Crosses):
				n.win1 = true
			case o.Over:
			default:
				n.children = append(n.children, tableIndex(uint32(s.o), uint32(s.x)))
			}
			s.Undo()
		}
		nodes[i] = n
	}
	for plies := 1; ; plies++ {
		next := map[uint32]byte{}
		for i, n := range nodes {
			if val[i] != 0 {
				continue
			}
			if n.win1 {
				next[i] = 1
				continue
			}
			lost, longest := true, 0
			for _, c := range n.children {
				e := val[c]
				if e == 0 || e == entryNone {
					lost = false
					continue
				}
				if e&entryLoss != 0 && int(e&^entryLoss) == plies-1 {
					next[i] = byte(plies)
					lost = false
					break
				}
				if e&entryLoss != 0 {
					lost = false
					continue
				}
				longest = max(longest, int(e))
			}
			if lost && longest == plies-1 {
				next[i] = entryLoss | byte(plies)
			}
		}
		if len(next) == 0 && plies > 1 {
			return val
		}
		for i, e := range next {
			val[i] = e
		}
	}
}

// tableClasses returns the subset of positions with one blank cube and j or 24-j cubes for
// the mover (none if j < 0), with the full boards they lead to, and the full boards with
// f or 25-f cubes for the mover (none if f < 0). Cubes are never turned to the other
// symbol, so the subset is closed.
func tableClasses(j, f int) *tableSubset {
	full, one := map[int]bool{}, map[int]bool{}
	if j >= 0 {
		full = map[int]bool{j: true, 25 - j: true, j + 1: true, 24 - j: true}
		one = map[int]bool{j: true, 24 - j: true}
	}
	if f >= 0 {
		full[f], full[25-f] = true, true
	}
	member := func(a, b uint32) bool {
		n := bits.OnesCount32(a)
		if a|b == allCells {
			return full[n]
		}
		return one[n]
	}
	sub := &tableSubset{member: member}
	for _, n := range slices.Sorted(maps.Keys(full)) {
		for a := range combinations(cells, n) {
			sub.list = append(sub.list, tableIndex(a, allCells&^a))
		}
	}
	for _, n := range slices.Sorted(maps.Keys(one)) {
		for k := range uint32(cells) {
			for c := range combinations(cells-1, n) {
				sub.list = append(sub.list, tableFull+k<<(cells-1)+c)
			}
		}
	}
	return sub
}

func TestBuildTableAgainstNaive(t *testing.T) {
	f := 8
	if enginetest.Short() {
		f = 7
	}
	for _, c := range []struct{ j, f int }{{4, f}} {
		j := c
		sub := tableClasses(c.j, c.f)
		tab, err := buildTable(context.Background(), sub, nil)
		if err != nil {
			t.Fatal(err)
		}
		want := naiveTable(t, sub)
		counts := map[int]int{}
		for _, i := range sub.list {
			got, w := tab.entries[i], want[i]
			if got != w {
				a, b := tablePosition(i)
				t.Fatalf("%v: %025b %025b: table %#x, naive %#x", j, a, b, got, w)
			}
			if got != entryNone {
				counts[decodeEntry(got).Value]++
			}
		}
		t.Logf("%v: %d positions: %d wins, %d draws, %d losses", j, len(sub.list), counts[1], counts[0], counts[-1])
		if counts[1] == 0 || counts[-1] == 0 {
			t.Errorf("%v: want wins and losses, got %v", j, counts)
		}
	}
}

// combinations yields the masks of width bits with n bits set, in increasing order
// (Gosper's hack).
func combinations(width, n int) func(func(uint32) bool) {
	return func(yield func(uint32) bool) {
		if n == 0 {
			yield(0)
			return
		}
		for x := uint32(1)<<n - 1; x < 1<<width; {
			if !yield(x) {
				return
			}
			c := x & -x
			r := x + c
			x = ((r^x)>>2)/c | r
		}
	}
}

// fullBoardsTable builds, once per test run, the table of the full boards of 11 cubes
// against 14 (10 against 15 in short runs) and returns it, with the longest plies it is
// known to hold.
func fullBoardsTable(t *testing.T) (*tableSubset, *Table, int) {
	f, long := 11, 8
	if enginetest.Short() {
		f, long = 10, 6
	}
	sub, tab := classTable(t, f)
	return sub, tab, long
}

var classTables sync.Map // full boards' class → *Table

// classTable builds, once per test run, the table of the full boards of f cubes against
// 25-f.
func classTable(t *testing.T, f int) (*tableSubset, *Table) {
	type built struct {
		sub *tableSubset
		tab *Table
	}
	if b, ok := classTables.Load(f); ok {
		return b.(built).sub, b.(built).tab
	}
	sub := tableClasses(-1, f)
	tab, err := buildTable(context.Background(), sub, nil)
	if err != nil {
		t.Fatal(err)
	}
	classTables.Store(f, built{sub, tab})
	return sub, tab
}

// TestTableConsistent builds the full boards of 11 cubes against 14, where draws and wins
// in up to 12 plies are found (10 against 15 in short runs: draws, and up to 6 plies), and
// checks entries against the engine's moves: every draw, and a sample of the rest.
func TestTableConsistent(t *testing.T) {
	sub, tab, long := fullBoardsTable(t)
	r, _ := New(ID, map[string]string{"move-cap": "0"})
	rng := rand.New(rand.NewPCG(5, 6))
	draws, longest := 0, 0
	for _, i := range sub.list {
		e := tab.entries[i]
		if e == 0 {
			draws++
		} else if e != entryNone {
			longest = max(longest, decodeEntry(e).Plies)
		}
		if e == 0 || e&^entryLoss >= byte(long) && e != entryNone || rng.IntN(500) == 0 {
			if err := tab.checkEntry(r, i); err != nil {
				t.Fatal(err)
			}
		}
	}
	if draws == 0 || longest < long {
		t.Errorf("%d draws, longest %d plies: want both (the subset was chosen for them)", draws, longest)
	}
	// A corrupted entry is caught.
	for _, i := range sub.list {
		if e := tab.entries[i]; e != 0 && e != entryNone && e != 1 {
			tab.entries[i]++
			if tab.checkEntry(r, i) == nil {
				t.Fatalf("entry %#x changed to %#x passes the check", e, e+1)
			}
			tab.entries[i]--
			break
		}
	}
}

// TestTableBytes: a table written is read back the same, and damaged, cut or foreign data
// is refused with the reason. (cmd maps the file: its test covers the file's cases.)
func TestTableBytes(t *testing.T) {
	_, tab, _ := fullBoardsTable(t)
	var buf bytes.Buffer
	if n, err := tab.WriteTo(&buf); err != nil || n != int64(TableFileSize) {
		t.Fatalf("WriteTo: %d bytes, %v", n, err)
	}
	data := buf.Bytes()
	released := false
	got, err := ReadTable(data, func() error { released = true; return nil })
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.entries, tab.entries) {
		t.Fatal("the table read back differs")
	}
	if err := got.Close(); err != nil || !released {
		t.Fatalf("Close: %v, released %v", err, released)
	}
	// One byte changed in the middle: the checksum.
	data[tableSize/2] ^= 0x42
	if _, err := ReadTable(data, nil); err == nil || !strings.Contains(err.Error(), "checksum") {
		t.Fatalf("a damaged table: %v", err)
	}
	data[tableSize/2] ^= 0x42
	if _, err := ReadTable(data[:tableSize], nil); !errors.Is(err, ErrNoTable) || !strings.Contains(err.Error(), "bytes") {
		t.Fatalf("a cut table: %v", err)
	}
	data[0] = 'x'
	if _, err := ReadTable(data, nil); !errors.Is(err, ErrNoTable) || !strings.Contains(err.Error(), "header") {
		t.Fatalf("a foreign file: %v", err)
	}
}
