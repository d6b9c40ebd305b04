package boards

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/hw"
)

// The expected channel and LED numbers below are worked out by hand from the wiring each
// spec describes, not recomputed with layout.go's formulas.
func TestLayoutMaps(t *testing.T) {
	tests := []struct {
		name  string
		spec  Spec
		cells map[string]int // game square → sensor channel
		leds  map[string]int // game square → LED; nil when not checked
	}{
		{
			name:  "4x4 default along ranks from a1",
			spec:  Spec{Files: 4, Ranks: 4, Kind: hw.Presence},
			cells: map[string]int{"a1": 0, "b1": 1, "d1": 3, "a2": 4, "c3": 10, "d4": 15},
			leds:  map[string]int{"a1": 0, "d1": 3, "a2": 4, "d4": 15},
		},
		{
			name:  "4x4 explicit a1 is the default",
			spec:  Spec{Files: 4, Ranks: 4, Kind: hw.Presence, Cells: Order{Start: "a1"}},
			cells: map[string]int{"a1": 0, "d1": 3, "a2": 4, "d4": 15},
		},
		{
			name:  "4x4 along ranks from d4",
			spec:  Spec{Files: 4, Ranks: 4, Kind: hw.Presence, Cells: Order{Start: "d4"}},
			cells: map[string]int{"d4": 0, "c4": 1, "a4": 3, "d3": 4, "a3": 7, "d1": 12, "a1": 15},
		},
		{
			name:  "4x4 along ranks from d1",
			spec:  Spec{Files: 4, Ranks: 4, Kind: hw.Presence, Cells: Order{Start: "d1"}},
			cells: map[string]int{"d1": 0, "c1": 1, "a1": 3, "d2": 4, "a4": 15},
		},
		{
			name:  "4x4 along ranks from a4",
			spec:  Spec{Files: 4, Ranks: 4, Kind: hw.Presence, Cells: Order{Start: "a4"}},
			cells: map[string]int{"a4": 0, "d4": 3, "a3": 4, "d1": 15},
		},
		{
			name:  "4x4 by file from a1",
			spec:  Spec{Files: 4, Ranks: 4, Kind: hw.Presence, Cells: Order{ByFile: true}},
			cells: map[string]int{"a1": 0, "a2": 1, "a4": 3, "b1": 4, "c2": 9, "d4": 15},
		},
		{
			name:  "4x4 by file from d4",
			spec:  Spec{Files: 4, Ranks: 4, Kind: hw.Presence, Cells: Order{Start: "d4", ByFile: true}},
			cells: map[string]int{"d4": 0, "d3": 1, "d1": 3, "c4": 4, "a1": 15},
		},
		{
			name:  "4x4 serpentine along ranks from a1",
			spec:  Spec{Files: 4, Ranks: 4, Kind: hw.Presence, Cells: Order{Serpentine: true}},
			cells: map[string]int{"a1": 0, "d1": 3, "d2": 4, "a2": 7, "a3": 8, "d3": 11, "d4": 12, "a4": 15},
		},
		{
			name: "4x4 LEDs serpentine along ranks from a4",
			spec: Spec{Files: 4, Ranks: 4, Kind: hw.Presence, LEDs: Order{Start: "a4", Serpentine: true}},
			// The cells keep the default order.
			cells: map[string]int{"a1": 0, "d1": 3, "a4": 12},
			leds:  map[string]int{"a4": 0, "d4": 3, "d3": 4, "a3": 7, "a2": 8, "d2": 11, "d1": 12, "a1": 15},
		},
		{
			name:  "4x4 serpentine by file from d1",
			spec:  Spec{Files: 4, Ranks: 4, Kind: hw.Presence, Cells: Order{Start: "d1", ByFile: true, Serpentine: true}},
			cells: map[string]int{"d1": 0, "d4": 3, "c4": 4, "c1": 7, "b1": 8, "b4": 11, "a4": 12, "a1": 15},
		},
		{
			name:  "3x2 default",
			spec:  Spec{Files: 3, Ranks: 2, Kind: hw.Polarity},
			cells: map[string]int{"a1": 0, "c1": 2, "a2": 3, "c2": 5},
		},
		{
			name:  "3x2 from c1",
			spec:  Spec{Files: 3, Ranks: 2, Kind: hw.Polarity, Cells: Order{Start: "c1"}},
			cells: map[string]int{"c1": 0, "b1": 1, "a1": 2, "c2": 3, "a2": 5},
		},
		{
			name:  "3x2 from a2",
			spec:  Spec{Files: 3, Ranks: 2, Kind: hw.Polarity, Cells: Order{Start: "a2"}},
			cells: map[string]int{"a2": 0, "b2": 1, "c2": 2, "a1": 3, "c1": 5},
		},
		{
			name:  "3x2 by file from c2",
			spec:  Spec{Files: 3, Ranks: 2, Kind: hw.Polarity, Cells: Order{Start: "c2", ByFile: true}},
			cells: map[string]int{"c2": 0, "c1": 1, "b2": 2, "b1": 3, "a2": 4, "a1": 5},
		},
		{
			name:  "8x8 from h1",
			spec:  Spec{Files: 8, Ranks: 8, Kind: hw.Identity, Cells: Order{Start: "h1"}},
			cells: map[string]int{"h1": 0, "g1": 1, "a1": 7, "h2": 8, "a8": 63},
		},
		{
			name:  "8x8 serpentine by file from a8",
			spec:  Spec{Files: 8, Ranks: 8, Kind: hw.Identity, Cells: Order{Start: "a8", ByFile: true, Serpentine: true}},
			cells: map[string]int{"a8": 0, "a1": 7, "b1": 8, "b8": 15, "c8": 16, "h1": 56, "h8": 63},
		},
		// Rotation: the game's diagram is turned clockwise on the board. With the default
		// chains cell and LED i sit under the board's square i (a1=0 … d1=3 … a4=12 … d4=15).
		{
			// Turned 90° clockwise the diagram's bottom edge (rank 1) becomes the board's
			// left edge, running down from the top: game a1 is on board a4, game d1 on board
			// a1; the diagram's left edge (file a) becomes the board's top edge, a1 to a4
			// running left to right: game a2 is on board b4, game a4 on board d4.
			name:  "4x4 rotation 90",
			spec:  Spec{Files: 4, Ranks: 4, Kind: hw.Presence, Rotation: 90},
			cells: map[string]int{"a1": 12, "b1": 8, "c1": 4, "d1": 0, "a2": 13, "a4": 15, "d4": 3},
			leds:  map[string]int{"a1": 12, "b1": 8, "d1": 0, "a2": 13, "a4": 15, "d4": 3},
		},
		{
			// Upside down: game a1 is on board d4, game d4 on board a1.
			name:  "4x4 rotation 180",
			spec:  Spec{Files: 4, Ranks: 4, Kind: hw.Presence, Rotation: 180},
			cells: map[string]int{"a1": 15, "b1": 14, "d1": 12, "a2": 11, "a4": 3, "d4": 0},
			leds:  map[string]int{"a1": 15, "d1": 12, "a4": 3, "d4": 0},
		},
		{
			// Turned 90° counter-clockwise: rank 1 becomes the board's right edge running
			// up (game a1 on board d1, game d1 on board d4); file a becomes the bottom edge
			// running right to left (game a2 on board c1, game a4 on board a1).
			name:  "4x4 rotation 270",
			spec:  Spec{Files: 4, Ranks: 4, Kind: hw.Presence, Rotation: 270},
			cells: map[string]int{"a1": 3, "b1": 7, "c1": 11, "d1": 15, "a2": 2, "a4": 0, "d4": 12},
			leds:  map[string]int{"a1": 3, "d1": 15, "a4": 0, "d4": 12},
		},
		{
			name:  "3x2 rotation 180",
			spec:  Spec{Files: 3, Ranks: 2, Kind: hw.Presence, Rotation: 180},
			cells: map[string]int{"a1": 5, "b1": 4, "c1": 3, "a2": 2, "c2": 0},
		},
		{
			// Board d1 is cell 0 (chain from d1 along ranks); under rotation 90 game d1 is on
			// board a1, so it is cell 3; game a1 on board a4 is cell 15; game a4 on board d4
			// is cell 12.
			name:  "4x4 rotation 90 chain from d1",
			spec:  Spec{Files: 4, Ranks: 4, Kind: hw.Presence, Rotation: 90, Cells: Order{Start: "d1"}},
			cells: map[string]int{"d1": 3, "a1": 15, "a4": 12, "d4": 0},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := NewLayout(tt.spec)
			if err != nil {
				t.Fatalf("NewLayout: %v", err)
			}
			g := engine.NewGeometry(tt.spec.Files, tt.spec.Ranks, false)
			for name, want := range tt.cells {
				s := mustSquare(t, g, name)
				if got := l.CellOf(s); got != want {
					t.Errorf("CellOf(%s) = %d, want %d", name, got, want)
				}
				if got := l.SquareOf(want); got != s {
					t.Errorf("SquareOf(%d) = %s, want %s", want, g.Name(got), name)
				}
			}
			for name, want := range tt.leds {
				s := mustSquare(t, g, name)
				if got := l.LEDOf(s); got != want {
					t.Errorf("LEDOf(%s) = %d, want %d", name, got, want)
				}
			}
		})
	}
}

func mustSquare(t *testing.T, g *engine.Geometry, name string) engine.Square {
	t.Helper()
	s, err := g.ParseSquare(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// allOrders lists every chain order of a files×ranks board: 4 corners × along ranks or
// files × straight or serpentine.
func allOrders(files, ranks int) []Order {
	last := string(rune('a' + files - 1))
	corners := []string{"", fmt.Sprintf("%s1", last), fmt.Sprintf("a%d", ranks), fmt.Sprintf("%s%d", last, ranks)}
	var os []Order
	for _, c := range corners {
		for _, byFile := range []bool{false, true} {
			for _, serp := range []bool{false, true} {
				os = append(os, Order{Start: c, ByFile: byFile, Serpentine: serp})
			}
		}
	}
	return os
}

func TestLayoutPropertiesAllSizesOrdersRotations(t *testing.T) {
	for files := 2; files <= 8; files++ {
		for ranks := 2; ranks <= 8; ranks++ {
			g := engine.NewGeometry(files, ranks, false)
			n := files * ranks
			rotations := []int{0, 180}
			if files == ranks {
				rotations = []int{0, 90, 180, 270}
			}
			orders := allOrders(files, ranks)
			for _, rot := range rotations {
				for ci, co := range orders {
					for li, lo := range orders {
						if testing.Short() && li != ci && li != 0 && ci != 0 {
							continue
						}
						spec := Spec{Files: files, Ranks: ranks, Kind: hw.Presence, Cells: co, LEDs: lo, Rotation: rot}
						name := fmt.Sprintf("%dx%d rot %d cells %+v LEDs %+v", files, ranks, rot, co, lo)
						l, err := NewLayout(spec)
						if err != nil {
							t.Fatalf("%s: %v", name, err)
						}
						if l.Cells() != n || l.LEDs() != n || l.Size() != n {
							t.Fatalf("%s: Cells %d LEDs %d Size %d, want %d", name, l.Cells(), l.LEDs(), l.Size(), n)
						}
						checkBijection(t, name, g, l)
						// The chain shape does not depend on the LED order: check it once
						// per cell order, and the LED chain once per LED order.
						if li == 0 {
							checkChain(t, name+" cells", g, co, rot, l.CellOf)
						}
						if ci == 0 {
							checkChain(t, name+" LEDs", g, lo, rot, l.LEDOf)
						}
					}
				}
			}
		}
	}
}

func checkBijection(t *testing.T, name string, g *engine.Geometry, l *Layout) {
	t.Helper()
	n := g.Size()
	cellSeen := make([]bool, n)
	ledSeen := make([]bool, n)
	for s := engine.Square(0); int(s) < n; s++ {
		c, led := l.CellOf(s), l.LEDOf(s)
		if c < 0 || c >= n || cellSeen[c] {
			t.Fatalf("%s: CellOf(%s) = %d: out of range or used twice", name, g.Name(s), c)
		}
		if led < 0 || led >= n || ledSeen[led] {
			t.Fatalf("%s: LEDOf(%s) = %d: out of range or used twice", name, g.Name(s), led)
		}
		cellSeen[c], ledSeen[led] = true, true
		if got := l.SquareOf(c); got != s {
			t.Fatalf("%s: SquareOf(CellOf(%s)) = %s", name, g.Name(s), g.Name(got))
		}
	}
}

// checkChain checks the chain's shape: a serpentine chain steps between orthogonal
// neighbours all the way; a straight one everywhere but at the start of each new line. A
// rotation does not change neighbours. Without rotation element 0 is at the Start corner.
func checkChain(t *testing.T, name string, g *engine.Geometry, o Order, rot int, index func(engine.Square) int) {
	t.Helper()
	n := g.Size()
	at := make([]engine.Square, n)
	for s := engine.Square(0); int(s) < n; s++ {
		at[index(s)] = s
	}
	line := g.Files
	if o.ByFile {
		line = g.Ranks
	}
	for i := 1; i < n; i++ {
		adjacent := g.Adjacent4(at[i-1]).Has(at[i])
		newLine := i%line == 0
		if want := o.Serpentine || !newLine; adjacent != want {
			t.Fatalf("%s: elements %d (%s) and %d (%s): adjacent %v, want %v",
				name, i-1, g.Name(at[i-1]), i, g.Name(at[i]), adjacent, want)
		}
	}
	if rot == 0 {
		start := o.Start
		if start == "" {
			start = "a1"
		}
		if got := g.Name(at[0]); got != start {
			t.Fatalf("%s: element 0 is at %s, want %s", name, got, start)
		}
	}
}

func TestLayoutErrors(t *testing.T) {
	grid4 := func(slots ...Slot) Spec {
		return Spec{Files: 4, Ranks: 4, Kind: hw.Presence, Slots: slots}
	}
	tests := []struct {
		name string
		spec Spec
		want string // a substring of the error
	}{
		{"1x1 board", Spec{Files: 1, Ranks: 1, Kind: hw.Presence}, "board 1x1 outside 2x2…8x8"},
		{"9x9 board", Spec{Files: 9, Ranks: 9, Kind: hw.Presence}, "board 9x9 outside 2x2…8x8"},
		{"8x9 board", Spec{Files: 8, Ranks: 9, Kind: hw.Presence}, "board 8x9 outside"},
		{"no kind", Spec{Files: 4, Ranks: 4}, "no sensor kind"},
		{"unknown kind", Spec{Files: 4, Ranks: 4, Kind: 9}, "no sensor kind"},
		{"rotation 45", Spec{Files: 4, Ranks: 4, Kind: hw.Presence, Rotation: 45}, "rotation 45: want 0, 90, 180 or 270"},
		{"rotation -90", Spec{Files: 4, Ranks: 4, Kind: hw.Presence, Rotation: -90}, "rotation -90: want 0, 90, 180 or 270"},
		{"rotation 90 on 4x5", Spec{Files: 4, Ranks: 5, Kind: hw.Presence, Rotation: 90}, "rotation 90 needs a square board, not 4x5"},
		{"rotation 270 on 5x4", Spec{Files: 5, Ranks: 4, Kind: hw.Presence, Rotation: 270}, "rotation 270 needs a square board, not 5x4"},
		{"cells start b2", Spec{Files: 4, Ranks: 4, Kind: hw.Presence, Cells: Order{Start: "b2"}},
			`cells: start "b2": want a corner (a1, d1, a4 or d4)`},
		{"LEDs start b2", Spec{Files: 4, Ranks: 4, Kind: hw.Presence, LEDs: Order{Start: "b2"}},
			`LEDs: start "b2": want a corner (a1, d1, a4 or d4)`},
		{"start h8 on a 4x4 board", Spec{Files: 4, Ranks: 4, Kind: hw.Presence, Cells: Order{Start: "h8"}},
			`start "h8": want a corner`},
		{"start A1 upper case", Spec{Files: 4, Ranks: 4, Kind: hw.Presence, Cells: Order{Start: "A1"}},
			`start "A1": want a corner`},
		{"slot without a name", grid4(Slot{Name: "", Cell: 16, LED: -1}), `slot 0: name "" empty or used twice`},
		{"two slots of one name", grid4(Slot{Name: "r1", Cell: 16, LED: -1}, Slot{Name: "r1", Cell: 17, LED: -1}),
			`slot 1: name "r1" empty or used twice`},
		{"slot cell inside the grid", grid4(Slot{Name: "r1", Cell: 3, LED: -1}), "slot r1: cell 3 is a square's (the grid has cells 0…15)"},
		{"slot cell negative", grid4(Slot{Name: "r1", Cell: -1, LED: -1}), "slot r1: cell -1 outside 0…1023"},
		{"slot cell far out", grid4(Slot{Name: "r1", Cell: 1 << 30, LED: -1}), "outside 0…1023"},
		{"slot LED negative", grid4(Slot{Name: "r1", Cell: 16, LED: -5}), "LED -5 outside"},
		{"slot cell used twice", grid4(Slot{Name: "r1", Cell: 16, LED: -1}, Slot{Name: "r2", Cell: 16, LED: -1}),
			"slot r2: cell 16 used twice"},
		{"slot LED inside the grid", grid4(Slot{Name: "r1", Cell: 16, LED: 5}), "slot r1: LED 5 is a square's"},
		{"two slots share an LED", grid4(Slot{Name: "r1", Cell: 16, LED: 20}, Slot{Name: "r2", Cell: 17, LED: 20}),
			"slot r2: LED 20 is slot r1's too"},
		{"gap before a slot", grid4(Slot{Name: "r1", Cell: 17, LED: -1}), "cell 16 maps to no square and no slot"},
		{"gap between slots", grid4(Slot{Name: "r1", Cell: 16, LED: -1}, Slot{Name: "r2", Cell: 18, LED: -1}),
			"cell 17 maps to no square and no slot"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := NewLayout(tt.spec)
			if err == nil {
				t.Fatalf("NewLayout(%+v) = %v, nil; want an error with %q", tt.spec, l, tt.want)
			}
			if l != nil {
				t.Errorf("NewLayout returned a layout with error %v", err)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q does not mention %q", err, tt.want)
			}
			if !strings.HasPrefix(err.Error(), "layout: ") {
				t.Errorf("error %q does not say it is the layout's", err)
			}
		})
	}
}

func TestLayoutSlots(t *testing.T) {
	spec := Spec{Files: 4, Ranks: 4, Kind: hw.Identity}
	for i := range 16 {
		spec.Slots = append(spec.Slots, Slot{Name: fmt.Sprintf("reserve%d", i), Cell: 16 + i, LED: 16 + i})
	}
	l, err := NewLayout(spec)
	if err != nil {
		t.Fatal(err)
	}
	if l.Cells() != 32 || l.LEDs() != 32 || l.Size() != 16 {
		t.Errorf("Cells %d LEDs %d Size %d, want 32 32 16", l.Cells(), l.LEDs(), l.Size())
	}
	if l.Kind() != hw.Identity {
		t.Errorf("Kind = %v, want identity", l.Kind())
	}
	for c := 16; c < 32; c++ {
		if got := l.SquareOf(c); got != engine.NoSquare {
			t.Errorf("SquareOf(%d) = %d, want NoSquare", c, got)
		}
	}
	if got := l.SquareOf(20); got != engine.NoSquare {
		t.Errorf("SquareOf(20) = %d, want NoSquare", got)
	}
	for c := range 16 {
		if got := l.SquareOf(c); got != engine.Square(c) {
			t.Errorf("SquareOf(%d) = %d, want %d", c, got, c)
		}
	}
	if got := l.Slots(); len(got) != 16 || got[4] != (Slot{Name: "reserve4", Cell: 20, LED: 20}) {
		t.Errorf("Slots() = %v", got)
	}
}

func TestLayoutSlotsWithoutLEDs(t *testing.T) {
	l, err := NewLayout(Spec{Files: 2, Ranks: 2, Kind: hw.Presence, Slots: []Slot{
		{Name: "left", Cell: 5, LED: -1},
		{Name: "right", Cell: 4, LED: -1},
	}})
	if err != nil {
		t.Fatal(err)
	}
	if l.Cells() != 6 || l.LEDs() != 4 {
		t.Errorf("Cells %d LEDs %d, want 6 4", l.Cells(), l.LEDs())
	}
	if l.SquareOf(4) != engine.NoSquare || l.SquareOf(5) != engine.NoSquare {
		t.Errorf("slot cells map to squares %d %d", l.SquareOf(4), l.SquareOf(5))
	}
}

func TestLayoutFits(t *testing.T) {
	tests := []struct {
		files, ranks int // the board
		gf, gr       int // the game
		want         string
	}{
		{8, 8, 7, 7, "a 7x7 game does not fit a 8x8 board"},
		{7, 7, 7, 7, ""},
		{8, 8, 8, 8, ""},
		{6, 4, 4, 6, "a 4x6 game does not fit a 6x4 board"},
		{6, 4, 6, 4, ""},
	}
	for _, tt := range tests {
		l, err := NewLayout(Spec{Files: tt.files, Ranks: tt.ranks, Kind: hw.Presence})
		if err != nil {
			t.Fatal(err)
		}
		err = l.Fits(engine.NewGeometry(tt.gf, tt.gr, false))
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%dx%d game on %dx%d board: %v", tt.gf, tt.gr, tt.files, tt.ranks, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%dx%d game on %dx%d board: error %v, want %q", tt.gf, tt.gr, tt.files, tt.ranks, err, tt.want)
		}
	}
}

func TestLayoutSpecRoundTrip(t *testing.T) {
	spec := Spec{Files: 5, Ranks: 5, Kind: hw.Polarity, Cells: Order{Start: "e5", ByFile: true},
		LEDs: Order{Serpentine: true}, Rotation: 270, Mono: true, Slots: []Slot{{Name: "g", Cell: 25, LED: -1}}}
	l, err := NewLayout(spec)
	if err != nil {
		t.Fatal(err)
	}
	got := l.Spec()
	if got.Files != 5 || got.Ranks != 5 || got.Kind != hw.Polarity || got.Cells != spec.Cells ||
		got.LEDs != spec.LEDs || got.Rotation != 270 || !got.Mono || len(got.Slots) != 1 {
		t.Errorf("Spec() = %+v, want %+v", got, spec)
	}
}

// A 3x3 board: cells serpentine along ranks from a1, LEDs serpentine along ranks from c3,
// and a reserve slot. By hand:
//
//	cells  a3=6 b3=7 c3=8   LEDs  a3=2 b3=1 c3=0
//	       a2=5 b2=4 c2=3         a2=3 b2=4 c2=5
//	       a1=0 b1=1 c1=2         a1=8 b1=7 c1=6
func picture3x3(t *testing.T) string {
	t.Helper()
	l, err := NewLayout(Spec{
		Files: 3, Ranks: 3, Kind: hw.Presence,
		Cells: Order{Serpentine: true},
		LEDs:  Order{Start: "c3", Serpentine: true},
		Slots: []Slot{{Name: "reserve", Cell: 9, LED: 9}},
	})
	if err != nil {
		t.Fatal(err)
	}
	return l.Picture(engine.NewGeometry(3, 3, false))
}

func TestPicture(t *testing.T) {
	got := strings.Split(picture3x3(t), "\n")
	// The file-letter line (got[3]) is placed by TestPictureFileLettersUnderColumns.
	want := []string{
		"3  c6/L2    c7/L1    c8/L0",
		"2  c5/L3    c4/L4    c3/L5",
		"1  c0/L8    c1/L7    c2/L6",
		"",
		"slot reserve: c9/L9",
		"",
	}
	if len(got) != len(want) {
		t.Fatalf("Picture has %d lines, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	for i := range want {
		if i == 3 {
			if strings.Fields(got[i])[0] != "a" || strings.Join(strings.Fields(got[i]), "") != "abc" {
				t.Errorf("line %d = %q, want the file letters a b c", i+1, got[i])
			}
			continue
		}
		if got[i] != want[i] {
			t.Errorf("line %d = %q, want %q", i+1, got[i], want[i])
		}
	}
}

var pictureCell = regexp.MustCompile(`c\d+ */L\d+`)

// Each file letter under the picture should sit within its column of "cN/LM" entries, on
// every board size.
func TestPictureFileLettersUnderColumns(t *testing.T) {
	for files := 2; files <= 8; files++ {
		ranks := 3
		l, err := NewLayout(Spec{Files: files, Ranks: ranks, Kind: hw.Presence})
		if err != nil {
			t.Fatal(err)
		}
		pic := l.Picture(engine.NewGeometry(files, ranks, false))
		lines := strings.Split(pic, "\n")
		cols := pictureCell.FindAllStringIndex(lines[0], -1)
		if len(cols) != files {
			t.Fatalf("%d files: top row %q has %d entries", files, lines[0], len(cols))
		}
		letters := lines[ranks]
		for f, span := range cols {
			at := strings.IndexByte(letters, byte('a'+f))
			if at < span[0] || at >= span[1] {
				t.Errorf("%d files: letter %c at column %d, outside its entries' columns %d…%d:\n%s",
					files, 'a'+f, at, span[0], span[1]-1, pic)
				break
			}
		}
	}
}

// A gutter is described by the board's own edge; the referee reads it as the edge of the
// game's diagram, which the rotation turns clockwise on the board.
func TestGameEdge(t *testing.T) {
	for _, c := range []struct {
		rotation int
		board    Edge
		want     Edge
	}{
		{0, East, East}, {90, East, North}, {90, North, West}, {180, South, North}, {270, West, North}, {270, NoEdge, NoEdge},
	} {
		l, err := NewLayout(Spec{Files: 5, Ranks: 5, Kind: hw.Presence, Rotation: c.rotation})
		if err != nil {
			t.Fatal(err)
		}
		if got := l.GameEdge(c.board); got != c.want {
			t.Errorf("rotation %d: board edge %s is the diagram's %s, want %s", c.rotation, c.board, got, c.want)
		}
	}
	for _, s := range []string{"N", "E", "S", "W"} {
		if e, ok := ParseEdge(s); !ok || e.String() != s {
			t.Errorf("ParseEdge(%q) = %v, %v", s, e, ok)
		}
	}
	if _, ok := ParseEdge("NE"); ok {
		t.Error(`ParseEdge("NE") accepted`)
	}
}
