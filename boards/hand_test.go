package boards

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/hw"
)

// handBoards are the games and boards the hand's work is checked on: every game, with a
// rack or gutters where the game uses them.
var handBoards = []struct {
	id      string
	set     map[string]string
	slots   int
	gutters bool
}{
	{"quadwrangle", nil, 0, false}, {"crowded", nil, 0, false}, {"krypte", nil, 0, false},
	{"quarto", nil, 16, false}, {"quarto-pro", nil, 16, false}, {"quantik", nil, 16, false}, {"quad", nil, 16, false},
	{"quixo", nil, 0, false}, {"quixo4", nil, 0, false}, {"push", nil, 0, true}, {"push", map[string]string{"spear": "on"}, 0, true},
	{"push4", nil, 0, false}, {"xequeo", nil, 0, false}, {"xequeo", map[string]string{"ring": "sensed"}, 0, false},
}

// TestWorkStepsReachTheMove plays seeded random games of every game on every sensor kind,
// carrying out each move with the hand's steps: every step lifts a piece from an occupied
// cell or puts one on an empty cell, and once done the squares read as after the move, the
// hand knows the pieces on them, the rack holds what the position has waiting, and a marble
// pushed off lies in its gutter.
func TestWorkStepsReachTheMove(t *testing.T) {
	seen := map[Motion]int{}
	for _, b := range handBoards {
		for _, kind := range allKinds {
			t.Run(b.id+"/"+kind.String(), func(t *testing.T) {
				x := newSlotRig(t, b.id, b.set, kind, b.slots, b.gutters)
				rng := rand.New(rand.NewPCG(31, uint64(kind)))
				for game := range 3 {
					s := x.rules.Start()
					h := NewHand(x.layout, x.board)
					h.SetUp(s)
					x.fillRack(s)
					for ply := 0; ply < 80 && !s.Outcome().Over; ply++ {
						moves := s.Legal(nil)
						m := moves[rng.IntN(len(moves))]
						name := x.rules.FormatMove(m)
						w := h.Work(s, m)
						seen[w.Motion]++
						for i, st := range w.Steps() {
							was := x.board.Get(st.Cell)
							if st.Lift() && was == 0 || !st.Lift() && was != 0 {
								t.Fatalf("game %d, %s of %s: step %d (%v) on a cell reading %d", game, name, s, i, st, was)
							}
							h.Do(st)
						}
						before := s.String()
						s.Play(m)
						want := Project(s, kind)
						for sq := engine.Square(0); int(sq) < x.layout.Size(); sq++ {
							if got := x.board.Get(x.layout.CellOf(sq)); got != want[sq] {
								t.Fatalf("game %d, %s of %s: %s reads %d after the steps, want %d", game, name, before, x.rules.Geometry().Name(sq), got, want[sq])
							}
							if h.Piece(sq) != s.PieceAt(sq) {
								t.Fatalf("game %d, %s of %s: the hand has %d on %s, the position %d", game, name, before, h.Piece(sq), x.rules.Geometry().Name(sq), s.PieceAt(sq))
							}
						}
						checkRack(t, x, s)
						if w.Gutter >= 0 {
							if x.board.Get(w.Gutter) == 0 {
								t.Fatalf("game %d, %s of %s: no marble in the gutter", game, name, before)
							}
							x.board.Set(w.Gutter, 0) // back to the players' hands
						}
					}
				}
			})
		}
	}
	for mo := Push; mo <= Place; mo++ {
		if seen[mo] == 0 {
			t.Errorf("no move of motion %d made: %v", mo, seen)
		}
	}
}

// checkRack fails t unless x's rack holds what s has waiting there.
func checkRack(t *testing.T, x *rig, s engine.State) {
	t.Helper()
	if len(x.ref.rack) == 0 {
		return
	}
	rs := s.(engine.RackState)
	for _, sl := range x.ref.rack {
		if !sl.first {
			continue
		}
		n := 0
		for _, o := range x.ref.rack {
			if o.piece == sl.piece && x.board.Get(o.cell) != 0 {
				n++
			}
		}
		if n != rs.InRack(sl.piece) {
			t.Fatalf("after %s: %d slots of piece %d full, the position has %d waiting", s, n, sl.piece, rs.InRack(sl.piece))
		}
	}
}

// TestWorkOrder: the steps of a few moves of several games come in the order a hand makes
// them: a push's hole travelling from the far end to the entry, a capture's captured piece
// off first, a slide over each square between, discs turned after, the piece to place
// taken from its rack slot first, Quarto's piece to hand over after the placement, the
// marble pushed off into its gutter last.
func TestWorkOrder(t *testing.T) {
	for _, c := range []struct {
		name    string
		id      string
		set     map[string]string
		slots   int
		gutters bool
		kind    hw.SensorKind
		moves   []string // played before
		move    string
		want    string // each step: a square or slot lifted (-) or put with its reading (+n)
		motion  Motion
	}{
		{"a cube pushed in", "quixo", nil, 0, false, hw.Polarity, nil, "e4-e1",
			"e4- e3- e4+3 e2- e3+3 e1- e2+3 e1+1", Push},
		{"a marble pushed off into its gutter", "push", nil, 0, true, hw.Polarity, nil, "E4",
			"a4- b4- a4+1 c4- b4+2 d4- c4+1 e4- d4+2 e4+2 gutter-W+1", Push},
		{"a chain stopping short", "push4", nil, 0, false, hw.Polarity, []string{"E4", "E1"}, "Sf",
			"f1- f2+1 f1+1", Push},
		{"a capture, its discs turned after", "crowded", nil, 0, false, hw.Polarity, nil, "c4xb4",
			"b4- c4- b4+2 a3- a3+2 c3- c3+2 a5- a5+2 c5- c5+2", Capture},
		{"a slide over the squares between, then its flips", "quadwrangle", nil, 0, false, hw.Polarity, []string{"a6-a7", "d1-d2"}, "e7-e2",
			"e7- e6+1 e6- e5+1 e5- e4+1 e4- e3+1 e3- e2+1 e1- e1+1 f1- f1+1 d2- d2+1", Slide},
		{"a piece handed over from the rack", "quarto", nil, 16, false, hw.Polarity, nil, "BDRF",
			"r12-", HandOver},
		{"a piece placed, the next one chosen from the rack", "quarto", nil, 16, false, hw.Polarity, []string{"BDRF"}, "a2:sLRH",
			"a2+2 r1-", PlaceAndGive},
		{"a piece taken from its slot and placed", "quantik", nil, 16, false, hw.Identity, nil, "Cd3",
			"r1- d3+5", Place},
		{"a pawn's step", "xequeo", nil, 0, false, hw.Presence, []string{"@a6"}, "f4-e5",
			"f4- e5+1", Slide},
		{"a pawn's jump", "xequeo", nil, 0, false, hw.Presence, []string{"@a6", "f4-e5"}, "b2-b4",
			"b2- b4+1", Jump},
		{"a pawn onto the sensed ring", "xequeo", map[string]string{"ring": "sensed"}, 0, false, hw.Presence,
			strings.Fields("@a6 f4-e5 b2-b4 e5-e6 e6-d6 b3-b5 b4-a4 f7-e7 e7-c5 e4-e5"), "a4-a6",
			"a6- a4- a6+1", Capture},
	} {
		t.Run(c.name, func(t *testing.T) {
			x := newSlotRig(t, c.id, c.set, c.kind, c.slots, c.gutters)
			s := x.rules.Start()
			for _, mv := range c.moves {
				s.Play(mustMove(t, x.rules, mv))
			}
			h := NewHand(x.layout, x.board)
			h.SetUp(s)
			x.fillRack(s)
			w := h.Work(s, mustMove(t, x.rules, c.move))
			if got := stepNames(x, w.Steps()); got != c.want || w.Motion != c.motion {
				t.Errorf("%s: motion %d, steps %s; want motion %d, %s", c.move, w.Motion, got, c.motion, c.want)
			}
		})
	}
}

// stepNames writes steps as TestWorkOrder's cases do: "c1- b1- c1+1".
func stepNames(x *rig, steps []Step) string {
	var out []string
	for _, st := range steps {
		name := ""
		if st.Square != engine.NoSquare {
			name = x.rules.Geometry().Name(st.Square)
		} else {
			i := slices.IndexFunc(x.layout.Slots(), func(sl Slot) bool { return sl.Cell == st.Cell })
			name = x.layout.Slots()[i].Name
		}
		if st.Lift() {
			out = append(out, name+"-")
		} else {
			out = append(out, name+"+"+string(rune('0'+st.Reading%10)))
		}
	}
	return strings.Join(out, " ")
}

// TestHandTurnsWhatSensorsMaySee: a disc turned where it stands turns whatever the sensors
// see, and presence sensors see nothing; a piece lifted goes into the hand and is put down
// as its sensor read it; a hand with nothing in it takes a piece from the supply.
func TestHandTurnsWhatSensorsMaySee(t *testing.T) {
	for _, c := range []struct {
		kind         hw.SensorKind
		read, turned hw.Reading
	}{
		{hw.Presence, 1, 1}, {hw.Polarity, 1, 2}, {hw.Identity, 1, 2},
	} {
		t.Run(c.kind.String(), func(t *testing.T) {
			x := newRig(t, "quadwrangle", nil, c.kind)
			h := NewHand(x.layout, x.board)
			h.SetUp(x.rules.Start())
			a1, b1 := x.sq("a1"), x.sq("b1")
			if h.Turn(a1) {
				t.Fatal("an empty square turned")
			}
			h.Take(1)
			h.Put(a1)
			if got := x.board.Get(x.cell("a1")); got != c.read || h.Piece(a1) != 1 || h.Holding() {
				t.Fatalf("a1 put: reads %d, piece %d, holding %v", got, h.Piece(a1), h.Holding())
			}
			if !h.Turn(a1) || h.Piece(a1) != 2 {
				t.Fatalf("a1 turned: piece %d", h.Piece(a1))
			}
			if got := x.board.Get(x.cell("a1")); got != c.turned {
				t.Fatalf("a1 turned reads %d, want %d", got, c.turned)
			}
			if p := h.Lift(a1); p != 2 || !h.Holding() || x.board.Get(x.cell("a1")) != 0 {
				t.Fatalf("a1 lifted: %d in the hand, a1 reads %d", p, x.board.Get(x.cell("a1")))
			}
			h.Put(b1)
			if got := x.board.Get(x.cell("b1")); got != c.turned || h.Piece(b1) != 2 || h.Piece(a1) != engine.Empty {
				t.Fatalf("put on b1: reads %d, pieces a1 %d b1 %d", got, h.Piece(a1), h.Piece(b1))
			}
		})
	}
}
