package quad

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/tavoliere/tavoliere/engine"
)

// TestEmbeddedBook: the book built into the binary holds exactly the positions with
// BookPieces pieces that play reaches and that are not over, one per class of symmetric
// positions, and its values and traps are the search's: a sample of its positions is
// solved again, by search alone.
func TestEmbeddedBook(t *testing.T) {
	b, err := embeddedBook()
	if err != nil {
		t.Fatal(err)
	}
	positions := bookPositions()
	if len(b.keys) != len(positions) {
		t.Fatalf("the book holds %d positions, play reaches %d classes", len(b.keys), len(positions))
	}
	// Every board with two pieces a side and no line, listed cell by cell without play and
	// without symmetry, falls into one of the book's classes, and each class holds one.
	classes := map[uint64]bool{}
	boards := 0
	for occ := range 1 << 16 {
		if bits.OnesCount16(uint16(occ)) != BookPieces {
			continue
		}
		for mine := range 1 << 16 {
			if mine&^occ != 0 || bits.OnesCount16(uint16(mine)) != BookPieces/2 {
				continue
			}
			for q := occ; ; q = (q - 1) & occ { // the square pieces, every subset of occ
				for f := occ; ; f = (f - 1) & occ { // the solid ones
					n := node{occ: uint16(occ), mine: uint16(mine), q: uint16(q), f: uint16(f)}
					for c := range 16 {
						t := q>>c&1 | f>>c&1<<1
						switch {
						case mine>>c&1 != 0:
							n.placedMine += 1 << (2 * t)
						case occ>>c&1 != 0:
							n.placedTheirs += 1 << (2 * t)
						}
					}
					if !madeLine(n) {
						classes[canonical(n)] = true
						boards++
					}
					if f == 0 {
						break
					}
				}
				if q == 0 {
					break
				}
			}
		}
	}
	if len(classes) != len(b.keys) {
		t.Errorf("%d boards fall into %d classes, the book holds %d", boards, len(classes), len(b.keys))
	}
	var counts [3]int
	for i, k := range b.keys {
		if !classes[k] {
			t.Fatalf("book position %d (key %x) is no class of the boards with %d pieces", i, k, BookPieces)
		}
		n, ok := positions[k]
		if !ok {
			t.Fatalf("book position %d (key %x) is not a class play reaches", i, k)
		}
		if canonical(n) != k || bits.OnesCount16(n.occ) != BookPieces || madeLine(n) {
			t.Fatalf("book position %d (key %x): key %x, %d pieces, over %v", i, k, canonical(n), bits.OnesCount16(n.occ), madeLine(n))
		}
		counts[b.values[i]+1]++
	}
	t.Logf("%d boards, %d classes: %d wins, %d draws, %d losses for the side to move", boards, len(b.keys), counts[2], counts[1], counts[0])
	if counts[0] == 0 || counts[1] == 0 || counts[2] == 0 {
		t.Errorf("values %v (losses, draws, wins): want all three", counts)
	}

	n := 24
	if short() {
		n = 3
	}
	rng := rand.New(rand.NewPCG(9, 9))
	sv := newSolver(nil)
	sv.ctx = context.Background()
	for range n {
		i := rng.IntN(len(b.keys))
		v, err := sv.value(positions[b.keys[i]])
		if err != nil {
			t.Fatal(err)
		}
		if v != b.values[i] {
			t.Errorf("book position %d (key %x): value %d, search finds %d", i, b.keys[i], b.values[i], v)
		}
		if v != 0 {
			continue
		}
		trap, err := sv.trap(positions[b.keys[i]])
		if err != nil {
			t.Fatal(err)
		}
		if trap != b.traps[i] {
			t.Errorf("book position %d (key %x): trap %d, search finds %d", i, b.keys[i], b.traps[i], trap)
		}
	}
}

// TestSolveWithBook: below BookPieces the solver searches down to the book. Its value of
// positions with 3 pieces equals the best of the values search alone finds after each move,
// and its moves are those that keep it.
func TestSolveWithBook(t *testing.T) {
	r := mustRules(t, nil)
	n := 2
	if short() {
		n = 1 // 52 searches with 4 pieces each: seconds
	}
	sv, alone := NewSolver(), newSolver(nil)
	for i, s := range positionsWith(r, 31, n, 3) {
		sol, err := sv.Solve(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		moves, values := solvedValues(t, alone, s)
		best, v := bestOf(moves, values)
		if v == -1 {
			best = moves
		}
		if sol.Value != v || !slices.Equal(sol.Best, best) {
			t.Errorf("position %d, %s: value %d best %s; search alone after each move: %d best %s",
				i, s, sol.Value, formatMoves(r, sol.Best), v, formatMoves(r, best))
		}
	}
	if _, err := alone.Solve(context.Background(), r.Start()); err == nil {
		t.Error("a solver without the book solved the empty board")
	}
}

// TestSolveStart: the solver takes the empty board and every position before the book,
// and its values there are those of the best move, its moves among those that keep it
// (TestSolveConsistent's check, on one position of each size below BookPieces).
func TestSolveStart(t *testing.T) {
	r := mustRules(t, nil)
	sv := NewSolver()
	below := BookPieces
	if short() {
		below-- // with 3 pieces, the moves' 52 solves with 4 take seconds (TestSolveWithBook)
	}
	for pieces := range below {
		s := positionsWith(r, 77, 1, pieces)[0]
		sol, err := sv.Solve(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		moves, values := solvedValues(t, sv, s)
		best, v := bestOf(moves, values)
		if v == -1 {
			best = moves
		}
		kept := slices.Equal(sol.Best, best)
		if sol.Ranked { // two plies before the book, a draw: some of them (TestTempting)
			kept = len(sol.Best) > 0 && !slices.ContainsFunc(sol.Best, func(m engine.Move) bool { return !slices.Contains(best, m) })
		}
		if sol.Value != v || !kept {
			t.Errorf("%s: value %d best %s (ranked %v); its moves give %d best %s",
				s, sol.Value, formatMoves(r, sol.Best), sol.Ranked, v, formatMoves(r, best))
		}
		if pieces == 0 {
			t.Logf("the empty board: value %d for the first player, %d of %d moves keep it", sol.Value, len(sol.Best), len(moves))
		}
	}
}

// TestBuildBookCancel: a cancelled build returns the context's error and writes nothing.
func TestBuildBookCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out bytes.Buffer
	err := BuildBook(ctx, &out, 2, nil)
	if !errors.Is(err, context.Canceled) || out.Len() != 0 {
		t.Errorf("cancelled: %v, %d bytes written", err, out.Len())
	}
}

// TestBookFile: a book survives writing and reading; a damaged or foreign file is refused
// with the reason.
func TestBookFile(t *testing.T) {
	b := &book{keys: []uint64{3, 1 << 40, 1<<63 + 5, ^uint64(0)}, values: []int8{-1, 0, 1, 0}, traps: []uint8{0, 200, 0, 17}}
	var buf bytes.Buffer
	if err := b.write(&buf); err != nil {
		t.Fatal(err)
	}
	good := buf.Bytes()
	got, err := readBook(good)
	if err != nil || !slices.Equal(got.keys, b.keys) || !slices.Equal(got.values, b.values) || !slices.Equal(got.traps, b.traps) {
		t.Fatalf("read back %+v, %v; wrote %+v", got, err, b)
	}

	// resum replaces the checksum, so that the damage it follows is found by what it is.
	resum := func(data []byte) []byte {
		body := slices.Clone(data[:len(data)-4])
		return binary.LittleEndian.AppendUint32(body, crc32.ChecksumIEEE(body))
	}
	flip := slices.Clone(good)
	flip[len(bookMagic)+3] ^= 0x10
	valuesByte := len(good) - 4 - len(b.traps) - 1 // the last byte of values
	badValue := slices.Clone(good)
	badValue[valuesByte] |= 0xc0 // position 3: code 3
	badTrap := slices.Clone(good)
	badTrap[len(good)-4-len(b.traps)+2] = 9 // position 2, a win, with a trap
	count := slices.Clone(good)
	count[len(bookMagic)] = 3
	zeroDelta := slices.Clone(good)
	zeroDelta[len(bookMagic)+2] = 0 // the second key's first byte: a continuation byte becomes the end
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "not a book"},
		{"foreign", []byte("SQLite format 3\x00 and more bytes"), "not a book"},
		{"damaged", flip, "checksum"},
		{"truncated", good[:len(good)-2], "checksum"},
		{"bad value", resum(badValue), "value code 3"},
		{"wrong count", resum(count), "bytes of values and traps"},
		{"count beyond the file", resum(append([]byte(bookMagic+"\xff\xff\x0f"), 0, 0, 0, 0)), "bad count"},
		{"trap in a won position", resum(badTrap), "position 2: a trap in a position won or lost"},
		{"keys out of order", resum(zeroDelta), "out of order"},
	} {
		_, err := readBook(c.data)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "quad: book: ") {
			t.Errorf("%s: %v, want an error with %q", c.name, err, c.want)
		}
	}
}

// FuzzReadBook: readBook never panics, and what it reads it reads again once written. The
// fuzzer varies what follows the magic; the checksum is made to fit, so that the decoding
// behind it is reached.
func FuzzReadBook(f *testing.F) {
	var buf bytes.Buffer
	(&book{keys: []uint64{7, 9, 1 << 50}, values: []int8{1, -1, 0}, traps: []uint8{0, 0, 99}}).write(&buf)
	f.Add(buf.Bytes()[len(bookMagic) : buf.Len()-4])
	f.Add([]byte{0})                                  // an empty book
	f.Add([]byte{0x80, 0x80, 0x80, 0x80, 0x08, 1, 2}) // a count far beyond the bytes
	f.Fuzz(func(t *testing.T, body []byte) {
		data := append([]byte(bookMagic), body...)
		data = binary.LittleEndian.AppendUint32(data, crc32.ChecksumIEEE(data))
		b, err := readBook(data)
		if err != nil {
			return
		}
		var out bytes.Buffer
		if err := b.write(&out); err != nil {
			t.Fatal(err)
		}
		again, err := readBook(out.Bytes())
		if err != nil || !slices.Equal(again.keys, b.keys) || !slices.Equal(again.values, b.values) || !slices.Equal(again.traps, b.traps) {
			t.Errorf("read %x as %+v; written and read again: %+v, %v", data, b, again, err)
		}
	})
}

// TestFirstPlayerLoses plays the book's verdict out: against a first player moving at
// random, Light or Dark, the second player playing the solver's moves wins every game, and
// finds a win at each of its turns, the turns after the book (five pieces on) by search
// alone.
func TestFirstPlayerLoses(t *testing.T) {
	games := 200
	if short() {
		games = 20
	}
	sv := NewSolver()
	rng := rand.New(rand.NewPCG(12, 34))
	for g := range games {
		r := mustRules(t, map[string]string{"first": [...]string{"light", "dark"}[g%2]})
		s := r.Start()
		for !s.Outcome().Over {
			if s.Turn() == r.First() {
				moves := s.Legal(nil)
				s.Play(moves[rng.IntN(len(moves))])
				continue
			}
			sol, err := sv.Solve(context.Background(), s)
			if err != nil {
				t.Fatal(err)
			}
			if sol.Value != 1 {
				t.Fatalf("game %d, %s: value %d for the second player, want a win", g, s, sol.Value)
			}
			s.Play(sol.Best[rng.IntN(len(sol.Best))])
		}
		if o := s.Outcome(); o.Winners != 1<<(1-r.First()) {
			t.Fatalf("game %d, %s: %+v, want the second player to win", g, s, o)
		}
	}
}

// naiveTrap is trap by the rules' interface: for each move that keeps the draw, the share of
// the opponent's replies after which the mover wins, among those that do not let him make a
// line at once; the largest, in 255ths. Every reply is solved, none skipped.
func naiveTrap(t *testing.T, sv *Solver, s *State) uint8 {
	ctx := context.Background()
	me := s.Turn()
	best := 0.0
	for _, m := range s.Legal(nil) {
		s.Play(m)
		sol, err := sv.Solve(ctx, s)
		if err != nil {
			t.Fatal(err)
		}
		if sol.Value == 1 {
			s.Undo()
			continue // the opponent wins: not a drawing move
		}
		lost, total := 0, 0
		for _, r := range s.Legal(nil) {
			s.Play(r)
			blunder := false
			for _, w := range s.Legal(nil) {
				s.Play(w)
				blunder = blunder || s.Outcome().Won(me)
				s.Undo()
			}
			if !blunder {
				total++
				if won, err := sv.Wins(ctx, s); err != nil {
					t.Fatal(err)
				} else if won {
					lost++
				}
			}
			s.Undo()
		}
		s.Undo()
		if total > 0 {
			best = max(best, float64(lost)/float64(total))
		}
	}
	return uint8(best*255 + 0.5)
}

// TestTrap checks trap, which prunes, against naiveTrap on drawn positions of the book's
// size.
func TestTrap(t *testing.T) {
	positions, want := 6, 2
	if short() {
		positions, want = 1, 1 // two seconds a position without the race detector
	}
	r := mustRules(t, nil)
	alone := newSolver(nil)
	sv := newSolver(nil)
	sv.ctx = context.Background()
	checked := 0
	for _, s := range positionsWith(r, 41, positions, BookPieces) {
		if sol, err := alone.Solve(context.Background(), s); err != nil || sol.Value != 0 {
			continue
		}
		got, err := sv.trap(nodeOf(&s.pos))
		if err != nil {
			t.Fatal(err)
		}
		if want := naiveTrap(t, alone, s); got != want {
			t.Errorf("%s: trap %d, naively %d", s, got, want)
		}
		checked++
	}
	if checked < want {
		t.Errorf("%d drawn positions checked, want %d or more", checked, want)
	}
}

// TestTempting: two plies before the book, a drawn position's Best holds, of its drawing
// moves, those whose drawing replies lead to the book's greatest mean cube of traps, with
// Ranked set; elsewhere Best is not ranked.
func TestTempting(t *testing.T) {
	r := mustRules(t, nil)
	sv := NewSolver()
	bk, err := embeddedBook()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	drawn := 0
	for _, s := range positionsWith(r, 53, 8, BookPieces-2) {
		sol, err := sv.Solve(ctx, s)
		if err != nil {
			t.Fatal(err)
		}
		if sol.Value != 0 {
			if sol.Ranked {
				t.Errorf("%s: value %d, ranked", s, sol.Value)
			}
			continue
		}
		drawn++
		if !sol.Ranked {
			t.Errorf("%s: a draw two plies before the book, not ranked", s)
		}
		// Each drawing move's mean cube of traps, from the replies that keep the draw.
		scores := map[engine.Move]float64{}
		top := -1.0
		for _, m := range s.Legal(nil) {
			s.Play(m)
			after, err := sv.Solve(ctx, s)
			if err != nil {
				t.Fatal(err)
			}
			if after.Value == 0 {
				sum, n := 0.0, 0
				for _, reply := range s.Legal(nil) {
					s.Play(reply)
					if !s.Outcome().Over {
						v, trap, ok := bk.lookup(canonical(nodeOf(&s.pos)))
						if !ok {
							t.Fatalf("%s: not in the book", s)
						}
						if v == 0 {
							sum, n = sum+math.Pow(float64(trap), 3), n+1
						}
					}
					s.Undo()
				}
				if n > 0 {
					scores[m] = sum / float64(n)
					top = max(top, scores[m])
				}
			}
			s.Undo()
		}
		var want []engine.Move
		for _, m := range s.Legal(nil) {
			if sc, ok := scores[m]; ok && sc >= top*(1-1e-12) {
				want = append(want, m)
			}
		}
		if !slices.Equal(sol.Best, want) {
			t.Errorf("%s: best %s, want %s (mean cube %.0f)", s, formatMoves(r, sol.Best), formatMoves(r, want), top)
		}
	}
	if drawn == 0 {
		t.Error("no drawn position among 8")
	}
	for _, pieces := range []int{1, 3} {
		for _, s := range positionsWith(r, 5, 3, pieces) {
			if sol, err := sv.Solve(ctx, s); err != nil || sol.Ranked {
				t.Errorf("%s: ranked %v, %v; want the moves that keep the value, unranked", s, sol.Ranked, err)
			}
		}
	}
}
