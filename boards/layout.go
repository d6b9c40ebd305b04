package boards

import (
	"fmt"
	"strings"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/hw"
)

// Order says how a chain of sensor cells or LEDs runs under the squares, in the board's own
// coordinates (the square marked a1 on the build): where the chain starts, whether it runs
// along ranks (a1 b1 c1 …) or along files (a1 a2 a3 …), and whether every other line runs
// back (serpentine wiring, usual for LED strips).
type Order struct {
	Start      string // "a1", "h1", "a8", "h8" on an 8×8 board: the corner of element 0
	ByFile     bool
	Serpentine bool
}

// Slot is an off-board cell: a reserve rack slot, an edge gutter. Cell is its sensor
// channel (after the grid's), LED its LED (-1 for none).
type Slot struct {
	Name string
	Cell int
	LED  int
	// Gutter is, for a gutter, the edge of the board it runs along, catching what is pushed
	// off that edge (Push's marbles); NoEdge for other slots (a reserve rack's).
	Gutter Edge
}

// Edge names an edge of the board, or of a game's diagram: the side of rank 1 is South.
type Edge uint8

// Edges, clockwise from North.
const (
	NoEdge Edge = iota
	North
	East
	South
	West
)

// ParseEdge reads "N", "E", "S" or "W".
func ParseEdge(s string) (Edge, bool) {
	i := strings.Index("NESW", s)
	if len(s) != 1 || i < 0 {
		return NoEdge, false
	}
	return Edge(i + 1), true
}

func (e Edge) String() string {
	if e == NoEdge || e > West {
		return "-"
	}
	return "NESW"[e-1 : e]
}

// GameEdge returns the edge of the game's diagram along board edge e: the diagram is turned
// clockwise on the board by the layout's rotation.
func (l *Layout) GameEdge(e Edge) Edge {
	if e == NoEdge {
		return NoEdge
	}
	return Edge((int(e)-1-l.spec.Rotation/90+4)%4 + 1)
}

// Spec describes a board build: what a board file in firmware-config says.
type Spec struct {
	Files, Ranks int
	Kind         hw.SensorKind
	Cells        Order // sensor channels 0 … Files*Ranks-1
	LEDs         Order // LEDs 0 … Files*Ranks-1
	Rotation     int   // degrees the game's diagram is turned clockwise on the board: 0, 90, 180, 270
	Slots        []Slot
	Mono         bool // one-colour LEDs: colours become blink patterns
}

// maxChannels bounds sensor channels and LEDs: a board file's typo must not allocate
// gigabytes.
const maxChannels = 1024

// Layout maps sensor channels and LEDs to the squares of a game. It is immutable.
type Layout struct {
	spec       Spec
	cells      int
	leds       int
	cellSquare []engine.Square // per sensor channel; NoSquare for slots
	cellSlot   []int           // per sensor channel: slot index or -1
	squareCell [64]int
	squareLED  [64]int
}

// NewLayout checks spec and builds its maps.
func NewLayout(spec Spec) (*Layout, error) {
	if spec.Files < 2 || spec.Files > 8 || spec.Ranks < 2 || spec.Ranks > 8 {
		return nil, fmt.Errorf("layout: board %dx%d outside 2x2…8x8", spec.Files, spec.Ranks)
	}
	switch spec.Kind {
	case hw.Presence, hw.Polarity, hw.Identity:
	default:
		return nil, fmt.Errorf("layout: no sensor kind (presence, polarity or identity)")
	}
	switch spec.Rotation {
	case 0, 180:
	case 90, 270:
		if spec.Files != spec.Ranks {
			return nil, fmt.Errorf("layout: rotation %d needs a square board, not %dx%d", spec.Rotation, spec.Files, spec.Ranks)
		}
	default:
		return nil, fmt.Errorf("layout: rotation %d: want 0, 90, 180 or 270", spec.Rotation)
	}
	n := spec.Files * spec.Ranks
	l := &Layout{spec: spec, cells: n, leds: n}
	cellOrder, err := chain(spec.Files, spec.Ranks, spec.Cells)
	if err != nil {
		return nil, fmt.Errorf("layout: cells: %w", err)
	}
	ledOrder, err := chain(spec.Files, spec.Ranks, spec.LEDs)
	if err != nil {
		return nil, fmt.Errorf("layout: LEDs: %w", err)
	}
	for i := range l.squareCell {
		l.squareCell[i], l.squareLED[i] = -1, -1
	}
	for i, bs := range cellOrder {
		l.squareCell[l.gameSquare(bs)] = i
	}
	for i, bs := range ledOrder {
		l.squareLED[l.gameSquare(bs)] = i
	}
	for _, s := range spec.Slots {
		switch {
		case s.Cell < 0 || s.Cell >= maxChannels:
			return nil, fmt.Errorf("layout: slot %s: cell %d outside 0…%d", s.Name, s.Cell, maxChannels-1)
		case s.LED < -1 || s.LED >= maxChannels:
			return nil, fmt.Errorf("layout: slot %s: LED %d outside 0…%d (or -1 for none)", s.Name, s.LED, maxChannels-1)
		case s.Gutter > West:
			return nil, fmt.Errorf("layout: slot %s: gutter edge %d: want N, E, S or W", s.Name, s.Gutter)
		}
		if s.Cell+1 > l.cells {
			l.cells = s.Cell + 1
		}
		if s.LED+1 > l.leds {
			l.leds = s.LED + 1
		}
	}
	l.cellSquare = make([]engine.Square, l.cells)
	l.cellSlot = make([]int, l.cells)
	for i := range l.cellSquare {
		l.cellSquare[i], l.cellSlot[i] = engine.NoSquare, -1
	}
	for s := range n {
		l.cellSquare[l.squareCell[s]] = engine.Square(s)
	}
	names := map[string]bool{}
	leds := map[int]string{}
	for i, s := range spec.Slots {
		switch {
		case s.Name == "" || names[s.Name]:
			return nil, fmt.Errorf("layout: slot %d: name %q empty or used twice", i, s.Name)
		case s.Cell < n:
			return nil, fmt.Errorf("layout: slot %s: cell %d is a square's (the grid has cells 0…%d)", s.Name, s.Cell, n-1)
		case l.cellSlot[s.Cell] >= 0:
			return nil, fmt.Errorf("layout: slot %s: cell %d used twice", s.Name, s.Cell)
		case s.LED >= 0 && s.LED < n:
			return nil, fmt.Errorf("layout: slot %s: LED %d is a square's", s.Name, s.LED)
		case s.LED >= 0 && leds[s.LED] != "":
			return nil, fmt.Errorf("layout: slot %s: LED %d is slot %s's too", s.Name, s.LED, leds[s.LED])
		}
		names[s.Name] = true
		l.cellSlot[s.Cell] = i
		if s.LED >= 0 {
			leds[s.LED] = s.Name
		}
	}
	for c := n; c < l.cells; c++ {
		if l.cellSlot[c] < 0 {
			return nil, fmt.Errorf("layout: cell %d maps to no square and no slot", c)
		}
	}
	return l, nil
}

// chain lists the board squares (board coordinates, rank*files+file) in chain order.
func chain(files, ranks int, o Order) ([]int, error) {
	start := o.Start
	if start == "" {
		start = "a1"
	}
	last := fmt.Sprintf("%c%d", 'a'+files-1, ranks)
	var f0, r0 int
	switch start {
	case "a1":
	case fmt.Sprintf("%c1", 'a'+files-1):
		f0 = files - 1
	case fmt.Sprintf("a%d", ranks):
		r0 = ranks - 1
	case last:
		f0, r0 = files-1, ranks-1
	default:
		return nil, fmt.Errorf("start %q: want a corner (a1, %c1, a%d or %s)", start, 'a'+files-1, ranks, last)
	}
	df, dr := 1, 1
	if f0 > 0 {
		df = -1
	}
	if r0 > 0 {
		dr = -1
	}
	out := make([]int, 0, files*ranks)
	outer, inner := ranks, files
	if o.ByFile {
		outer, inner = files, ranks
	}
	for i := range outer {
		for j := range inner {
			k := j
			if o.Serpentine && i%2 == 1 {
				k = inner - 1 - j
			}
			f, r := f0+df*k, r0+dr*i
			if o.ByFile {
				f, r = f0+df*i, r0+dr*k
			}
			out = append(out, r*files+f)
		}
	}
	return out, nil
}

// gameSquare maps a board square (board coordinates) to the game's square under it.
func (l *Layout) gameSquare(bs int) int {
	n, f, r := l.spec.Files, bs%l.spec.Files, bs/l.spec.Files
	// The diagram is turned clockwise by Rotation: turn the board square back.
	switch l.spec.Rotation {
	case 90:
		f, r = n-1-r, f
	case 180:
		f, r = l.spec.Files-1-f, l.spec.Ranks-1-r
	case 270:
		f, r = r, n-1-f
	}
	return r*l.spec.Files + f
}

// Spec returns what the layout was built from.
func (l *Layout) Spec() Spec { return l.spec }

// Kind returns the sensor kind.
func (l *Layout) Kind() hw.SensorKind { return l.spec.Kind }

// Cells returns the number of sensor channels, grid and slots.
func (l *Layout) Cells() int { return l.cells }

// LEDs returns the number of LEDs, grid and slots.
func (l *Layout) LEDs() int { return l.leds }

// Size returns the number of squares.
func (l *Layout) Size() int { return l.spec.Files * l.spec.Ranks }

// CellOf returns the sensor channel under square s.
func (l *Layout) CellOf(s engine.Square) int { return l.squareCell[s] }

// LEDOf returns the LED under square s.
func (l *Layout) LEDOf(s engine.Square) int { return l.squareLED[s] }

// SquareOf returns the square over sensor channel c, or NoSquare for a slot.
func (l *Layout) SquareOf(c int) engine.Square { return l.cellSquare[c] }

// Slots returns the off-board cells.
func (l *Layout) Slots() []Slot { return l.spec.Slots }

// Fits reports why a game cannot be played on this board, or nil.
func (l *Layout) Fits(g *engine.Geometry) error {
	if g.Files != l.spec.Files || g.Ranks != l.spec.Ranks {
		return fmt.Errorf("a %dx%d game does not fit a %dx%d board", g.Files, g.Ranks, l.spec.Files, l.spec.Ranks)
	}
	return nil
}

// Picture draws the board as the game's diagram shows it, each square with its sensor
// channel and LED ("c12/L3"): the wiring check of a board file.
func (l *Layout) Picture(g *engine.Geometry) string {
	var b strings.Builder
	line := func(s string) { b.WriteString(strings.TrimRight(s, " ") + "\n") }
	for _, r := range g.Diagram() {
		row := fmt.Sprintf("%d ", r+1)
		for f := range g.Files {
			s := g.Square(f, r)
			row += fmt.Sprintf(" %-8s", fmt.Sprintf("c%d/L%d", l.CellOf(s), l.LEDOf(s)))
		}
		line(row)
	}
	letters := "  "
	for f := range g.Files {
		letters += fmt.Sprintf("    %c    ", 'a'+f)
	}
	line(letters)
	for _, s := range l.spec.Slots {
		fmt.Fprintf(&b, "slot %s: c%d/L%d\n", s.Name, s.Cell, s.LED)
	}
	return b.String()
}
