package boards

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/registry"
	"github.com/tavoliere/tavoliere/hw"
	"github.com/tavoliere/tavoliere/hw/sim"
)

const tick = 20 * time.Millisecond // 50 Hz

var epoch = time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)

// rig is a referee reading a simulated board in simulated time.
type rig struct {
	t      testing.TB
	rules  engine.Rules
	layout *Layout
	board  *sim.Board
	ref    *Referee
	now    time.Time
	frame  hw.Frame
	events []Event
	lights hw.LightFrame
}

func newRig(t testing.TB, id string, set map[string]string, kind hw.SensorKind, sides ...Side) *rig {
	t.Helper()
	return newRackRig(t, id, set, kind, 0, sides...)
}

// newRackRig is newRig on a board with a rack of slots off-board slots, each with an LED
// (cells and LEDs after the grid's, in order).
func newRackRig(t testing.TB, id string, set map[string]string, kind hw.SensorKind, slots int, sides ...Side) *rig {
	t.Helper()
	return newSlotRig(t, id, set, kind, slots, false, sides...)
}

// newSlotRig is newRackRig with, if gutters, a gutter along each edge after the rack's slots.
func newSlotRig(t testing.TB, id string, set map[string]string, kind hw.SensorKind, slots int, gutters bool, sides ...Side) *rig {
	t.Helper()
	rules, err := registry.New(id, set)
	if err != nil {
		t.Fatal(err)
	}
	g := rules.Geometry()
	spec := Spec{Files: g.Files, Ranks: g.Ranks, Kind: kind}
	for i := range slots {
		n := g.Size() + i
		spec.Slots = append(spec.Slots, Slot{Name: fmt.Sprintf("r%d", i+1), Cell: n, LED: n})
	}
	if gutters {
		for e := North; e <= West; e++ {
			n := g.Size() + len(spec.Slots)
			spec.Slots = append(spec.Slots, Slot{Name: "gutter-" + e.String(), Cell: n, LED: -1, Gutter: e})
		}
	}
	return newSpecRig(t, rules, spec, sides...)
}

// newSpecRig is a rig for rules on a board built to spec.
func newSpecRig(t testing.TB, rules engine.Rules, spec Spec, sides ...Side) *rig {
	t.Helper()
	layout, err := NewLayout(spec)
	if err != nil {
		t.Fatal(err)
	}
	board, err := sim.New(layout.Cells(), spec.Kind, layout.LEDs(), nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg := DefaultConfig(layout, rules)
	cfg.Sides = sides
	ref, err := NewReferee(cfg, epoch)
	if err != nil {
		t.Fatal(err)
	}
	x := &rig{t: t, rules: rules, layout: layout, board: board, ref: ref, now: epoch}
	x.setUp()
	x.run(tick)
	return x
}

// debounced gives the rig a new referee that takes each frame's changes at once, as Session
// sets it for a board whose firmware debounces (hw.Debounced).
func (x *rig) debounced() {
	x.t.Helper()
	cfg := x.ref.cfg
	cfg.Debounce = 1
	ref, err := NewReferee(cfg, x.now)
	if err != nil {
		x.t.Fatal(err)
	}
	x.ref = ref
}

// setUp puts the pieces of the referee's position on the board, and in the rack.
func (x *rig) setUp() {
	want := Project(x.ref.State(), x.layout.Kind())
	for sq := engine.Square(0); int(sq) < x.layout.Size(); sq++ {
		x.board.Set(x.layout.CellOf(sq), want[sq])
	}
	x.fillRack(x.ref.State())
}

// fillRack puts in the rack what s has waiting there, and empties the other slots.
func (x *rig) fillRack(s engine.State) {
	rk, ok := x.rules.(engine.Racked)
	slots := x.layout.Slots()
	if !ok || len(slots) < len(rk.Rack()) {
		return
	}
	left := map[engine.Piece]int{}
	for i, p := range rk.Rack() {
		if _, seen := left[p]; !seen {
			left[p] = s.(engine.RackState).InRack(p)
		}
		v := hw.Reading(0)
		if left[p] > 0 {
			left[p]--
			v = ReadingOf(p, x.layout.Kind())
		}
		x.board.Set(slots[i].Cell, v)
	}
}

// slotOf returns the cell of a slot of the rack holding piece p that reads full (or empty).
func (x *rig) slotOf(p engine.Piece, full bool) int {
	rk := x.rules.(engine.Racked)
	for i, q := range rk.Rack() {
		c := x.layout.Slots()[i].Cell
		if q == p && (x.board.Get(c) != 0) == full {
			return c
		}
	}
	x.t.Fatalf("no %v slot of piece %d", full, p)
	return -1
}

func (x *rig) sq(name string) engine.Square {
	s, err := x.rules.Geometry().ParseSquare(name)
	if err != nil {
		x.t.Fatal(err)
	}
	return s
}

func (x *rig) cell(name string) int { return x.layout.CellOf(x.sq(name)) }

// piece is what the side to move's piece reads. The engine says which face that is: the
// piece a placement leaves on the square it fills.
func (x *rig) piece() hw.Reading {
	s := x.ref.State()
	for _, m := range s.Legal(nil) {
		filled := s.Footprint(m).Filled
		if filled == 0 {
			continue
		}
		after := s.Clone()
		after.Play(m)
		return ReadingOf(after.PieceAt(filled.First()), x.layout.Kind())
	}
	return ReadingOf(engine.Piece(s.Turn()+1), x.layout.Kind()) // no placement: a guess
}

func (x *rig) put(name string, v hw.Reading) { x.board.Set(x.cell(name), v) }
func (x *rig) lift(name string)              { x.board.Set(x.cell(name), 0) }

// run feeds frames for d of simulated time.
func (x *rig) run(d time.Duration) {
	for end := x.now.Add(d); x.now.Before(end); {
		x.now = x.now.Add(tick)
		x.board.Snapshot(x.now, &x.frame)
		x.events = append(x.events, x.ref.HandleFrame(x.frame)...)
		x.lights = x.ref.Lights(x.now, x.lights)
	}
}

func (x *rig) send(m Message) {
	if m.Game == 0 && m.Kind != CmdNewGame {
		m.Game = x.ref.Game()
	}
	x.events = append(x.events, x.ref.HandleMessage(m, x.now)...)
}

// took returns the events of kind k since the last call, and forgets all events.
func (x *rig) took(k EventKind) []Event {
	var out []Event
	for _, e := range x.events {
		if e.Kind == k {
			out = append(out, e)
		}
	}
	x.events = nil
	return out
}

func (x *rig) moves() string {
	var out []string
	for _, m := range x.ref.History() {
		out = append(out, x.rules.FormatMove(m))
	}
	return strings.Join(out, " ")
}

func (x *rig) wantMoves(want string) {
	x.t.Helper()
	if got := x.moves(); got != want {
		x.t.Fatalf("moves %q, want %q (events %v)", got, want, x.events)
	}
}

func (x *rig) light(name string) Light { return x.ref.Plan()[x.sq(name)] }

func (x *rig) lit(l Light) []string {
	var out []string
	plan := x.ref.Plan()
	for sq := engine.Square(0); int(sq) < x.layout.Size(); sq++ {
		if plan[sq] == l {
			out = append(out, x.rules.Geometry().Name(sq))
		}
	}
	slices.Sort(out)
	return out
}

func mustMove(t testing.TB, r engine.Rules, text string) engine.Move {
	t.Helper()
	m, err := r.ParseMove(text)
	if err != nil {
		t.Fatal(err)
	}
	return m
}
