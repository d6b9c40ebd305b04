package boardfile

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/hw"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

const configDir = "../../../firmware-config"

// The board files firmware-config/ must hold: the builds the project supports.
var reference = []string{
	"crowded-8x8-mcp23017-ws2812.toml",
	"quarto-4x4-gpio-reserve.toml",
	"quixo-5x5-hc165-max7219.toml",
	"qw-7x7-mcp23017-ws2812.toml",
	"sim.toml",
	"tbp-4x4.toml",
	"tbp-5x5.toml",
	"tbp-6x6.toml",
	"tbp-7x7.toml",
	"tbp-8x8-polarity.toml",
}

func TestReferenceFiles(t *testing.T) {
	found, err := filepath.Glob(filepath.Join(configDir, "*.toml"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range found {
		names = append(names, filepath.Base(p))
	}
	for _, want := range reference {
		if !slices.Contains(names, want) {
			t.Errorf("firmware-config/%s is missing", want)
		}
	}
	for _, name := range names { // every board file there, the reference ones and any new one
		t.Run(name, func(t *testing.T) {
			f, err := Load(filepath.Join(configDir, name))
			if err != nil {
				t.Fatalf("Load: %v", err)
			}
			if id := strings.TrimSuffix(name, ".toml"); f.Board.ID != id {
				t.Errorf("board.id %q, want the file's name %q", f.Board.ID, id)
			}
			spec, err := f.Spec()
			if err != nil {
				t.Fatalf("Spec: %v", err)
			}
			l, err := boards.NewLayout(spec)
			if err != nil {
				t.Fatalf("NewLayout: %v", err)
			}
			if l.Cells() != f.Cells() {
				t.Errorf("layout has %d cells, the file %d", l.Cells(), f.Cells())
			}
			if f.LEDs.Driver != None && l.LEDs() != f.LEDs.Count {
				t.Errorf("layout has %d LEDs, the file %d", l.LEDs(), f.LEDs.Count)
			}
			checkPicture(t, f, l)
			s := f.Summary()
			if !strings.Contains(s, "board "+f.Board.ID) {
				t.Errorf("summary does not name the board:\n%s", s)
			}
			if f.Sensors.Driver == MCP23017 {
				checkWiringComment(t, filepath.Join(configDir, name), s)
			}
		})
	}
}

// checkWiringComment checks that an MCP23017 board file's comments draw its expanders'
// wiring as check-config does: which square is on which pin of which chip.
func checkWiringComment(t *testing.T, path, summary string) {
	t.Helper()
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.Lines(summary) {
		line = strings.TrimSuffix(line, "\n")
		if !strings.HasPrefix(line, "  0x") && !strings.HasPrefix(line, "    GP") {
			continue
		}
		if !strings.Contains(string(text), "\n# "+line+"\n") {
			t.Errorf("%s's comments lack check-config's line %q", path, line)
		}
	}
}

// checkPicture checks that the picture shows every square once, with its own cell and LED,
// and every slot.
func checkPicture(t *testing.T, f *File, l *boards.Layout) {
	t.Helper()
	g := engine.NewGeometry(f.Board.Files, f.Board.Ranks, false)
	pic := l.Picture(g)
	lines := strings.Split(strings.TrimSuffix(pic, "\n"), "\n")
	if want := f.Board.Ranks + 1 + len(f.Slots); len(lines) != want {
		t.Fatalf("picture has %d lines, want %d:\n%s", len(lines), want, pic)
	}
	seen := map[string]bool{}
	for r := range f.Board.Ranks {
		fields := strings.Fields(lines[r])
		if want := fmt.Sprint(f.Board.Ranks - r); fields[0] != want {
			t.Errorf("line %d starts with rank %s, want %s", r, fields[0], want)
		}
		if len(fields) != f.Board.Files+1 {
			t.Fatalf("line %d has %d squares, want %d:\n%s", r, len(fields)-1, f.Board.Files, pic)
		}
		for _, sq := range fields[1:] {
			if strings.Contains(sq, "-1") || seen[sq] {
				t.Errorf("square %q unmapped or shown twice:\n%s", sq, pic)
			}
			seen[sq] = true
		}
	}
	for i, s := range f.Slots {
		if want := fmt.Sprintf("slot %s: c%d/L%d", s.Name, s.Cell, s.LED); lines[f.Board.Ranks+1+i] != want {
			t.Errorf("picture line %q, want %q", lines[f.Board.Ranks+1+i], want)
		}
	}
}

func TestGolden(t *testing.T) {
	for _, name := range []string{"qw-7x7-mcp23017-ws2812", "quarto-4x4-gpio-reserve"} {
		t.Run(name, func(t *testing.T) {
			f, err := Load(filepath.Join(configDir, name+".toml"))
			if err != nil {
				t.Fatal(err)
			}
			spec, err := f.Spec()
			if err != nil {
				t.Fatal(err)
			}
			l, err := boards.NewLayout(spec)
			if err != nil {
				t.Fatal(err)
			}
			got := l.Picture(engine.NewGeometry(f.Board.Files, f.Board.Ranks, false)) + "\n" + f.Summary()
			golden := filepath.Join("testdata", name+".golden")
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update to write it)", err)
			}
			if got != string(want) {
				t.Errorf("%s differs (go test -update rewrites it):\ngot:\n%s\nwant:\n%s", golden, got, want)
			}
		})
	}
}

// TestBadFiles loads each file of testdata/bad and checks every problem it reports, in
// order: where (file:line:column), which key, and what is wrong.
func TestBadFiles(t *testing.T) {
	for _, c := range []struct {
		file string
		want []string // one per problem: "line:col key text", matched as substrings
	}{
		{"unknown-key", []string{`:7:1: key "sensors.kindd": unknown key (did you mean "kind"?)`}},
		{"unknown-slot-key", []string{`:19:1: key "slots[1].cel": unknown key (did you mean "cell"?)`}},
		{"bad-gutter", []string{`:20:1: key "slots[1].gutter": "East": want the board's edge the gutter runs along: N, E, S or W`}},
		{"unknown-table", []string{`:6:2: key "sensor": unknown table (did you mean "sensors"?)`}},
		{"wrong-type", []string{`:3:9: key "board.files": want an integer, got a string`}},
		{"wrong-type-element", []string{`:12:9: key "sensors.matrix.rows[2]": want a string, got an integer`}},
		{"syntax", []string{`:3:8: unexpected character`}},
		{"pin-twice", []string{`:13:9: key "sensors.matrix.cols[1]": GPIO17 used twice: it is matrix row 1 (sensors.matrix.rows[1])`}},
		{"bus-pin", []string{`:12:29: key "sensors.matrix.cols[2]": GPIO10 used twice: it is SPI0 MOSI (leds.ws2812.spi)`}},
		{"led-count", []string{`:17:1: key "leds.count": 48: the 7x7 grid has 49 squares and 0 slots have an LED: want 49`}},
		{"slot-in-grid", []string{`:19:1: key "slots[1].cell": cell 5 is under square b2`}},
		{"slot-no-square", []string{`:3:18: key "slots[1].cell": cell 40 maps to no square and no slot`}},
		{"bad-duration", []string{`:13:1: key "sensors.matrix.settle": duration "10 parsecs"`}},
		{"bad-frequency", []string{`:14:1: key "sensors.hc165.speed": frequency "fast"`}},
		{"addr-repeated", []string{`:13:22: key "sensors.mcp23017.addrs[2]": address 0x20 repeated (addrs[0] is it too)`}},
		{"addr-range", []string{`:13:10: key "sensors.mcp23017.addrs[0]": address 0x40: an MCP23017 answers at 0x20…0x27`}},
		{"too-many-expanders", []string{
			`:13:1: key "sensors.mcp23017.addrs": 9 expanders: an I2C bus takes at most 8 MCP23017`,
			`:13:58: key "sensors.mcp23017.addrs[8]": address 0x28`,
		}},
		{"idle-chip", []string{`:13:1: key "sensors.hc165.chips": 5 chips for 25 channels: the last would read none; drop it`}},
		{"matrix-crossings", []string{`:11:1: key "sensors.matrix.rows": 5 rows x 4 columns read 20 channels; the 4x4 grid and 1 slot need 17 channels, one per crossing`}},
		{"too-few-channels", []string{`:13:1: key "sensors.mcp23017.addrs": 3 expanders read 42 channels (14 each: GPA7 and GPB7 are output-only on the MCP23017); the 8x8 grid and 0 slots need 64 channels: add 2, at 0x23 and 0x24`}},
		{"kind-driver", []string{`:7:1: key "sensors.kind": polarity: the mcp23017 driver reads switches, presence only`}},
		{"unknown-driver", []string{
			`:8:1: key "sensors.driver": unknown driver "mcp23018"`,
			`:11:1: key "leds.driver": unknown driver "neopixel"`,
		}},
		{"serial-cells", []string{`:13:1: key "serial.cells": 24: HELLO must announce the board's cells, and the 5x5 grid and 0 slots need 25`}},
		{"ws2812-shared-bus", []string{`:20:1: key "leds.ws2812.spi": SPI0 is sensors.hc165.spi's too: a WS2812 chain has no chip select`}},
		{"corner", []string{
			`:5:1: key "board.rotation": 45: want 0, 90, 180 or 270`,
			`:10:11: key "sensors.order.start": start "a8": want a corner of the 6x6 board: a1, f1, a6, f6`,
		}},
		{"missing", []string{
			`:1:2: key "board.id": missing`,
			`:1:2: key "board.files": missing: want 2…8`,
			`:1:2: key "board.ranks": missing: want 2…8`,
			`:4:2: key "sensors.kind": missing`,
			`:7:2: key "leds.driver": missing`,
		}},
		{"many", []string{
			`:3:1: key "board.id": "Bad Board"`,
			`:4:1: key "board.files": 9: want 2…8`,
			`:12:18: key "sensors.matrix.rows[1]": GPIO4 used twice`,
			`:13:9: key "sensors.matrix.cols[0]": pin "GPIO99"`,
			`:14:1: key "sensors.matrix.settle": 0s`,
			`:18:1: key "leds.brightness": 0: want 1…255`,
		}},
	} {
		t.Run(c.file, func(t *testing.T) {
			path := filepath.Join("testdata", "bad", c.file+".toml")
			f, err := Load(path)
			if err == nil {
				t.Fatalf("Load succeeded: %+v", f)
			}
			var list ErrorList
			if !errors.As(err, &list) {
				t.Fatalf("error %T, want an ErrorList: %v", err, err)
			}
			if len(list) != len(c.want) {
				t.Errorf("%d problems, want %d:\n%v", len(list), len(c.want), err)
			}
			for i, e := range list {
				line := e.Error()
				if !strings.HasPrefix(line, path+":") {
					t.Errorf("problem %q does not start with the file's name", line)
				}
				if i < len(c.want) && !strings.Contains(line, path+c.want[i]) {
					t.Errorf("problem %d:\n got %s\nwant %s", i, line, path+c.want[i])
				}
			}
		})
	}
	if files, _ := filepath.Glob("testdata/bad/*.toml"); len(files) != 27 {
		t.Errorf("testdata/bad has %d files; the table above tests 27", len(files))
	}
}

func TestLoadMissingFile(t *testing.T) {
	_, err := Load("testdata/no-such-board.toml")
	if err == nil || !strings.HasPrefix(err.Error(), "testdata/no-such-board.toml: ") || !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Load of a missing file: %v", err)
	}
}

// TestDefaults checks what a file that leaves keys out gets.
func TestDefaults(t *testing.T) {
	f, err := Parse("d.toml", []byte(`
[board]
id = "d"
files = 4
ranks = 4
[sensors]
kind = "presence"
driver = "matrix"
[sensors.matrix]
rows = ["GPIO4", "GPIO5", "GPIO6", "GPIO12", "GPIO13"] # the last for the boxes
cols = ["GPIO17", "GPIO22", "GPIO23", "GPIO27"]
[leds]
driver = "max7219"
count = 17
[leds.max7219]
spi = "SPI1.2"
[[slots]]
name = "box"
cell = 16
led = 16
[[slots]]
name = "box2"
cell = 17
[[slots]]
name = "box3"
cell = 18
gutter = "W"
[[slots]]
name = "box4"
cell = 19
`))
	if err != nil {
		t.Fatal(err)
	}
	m := f.Sensors.Matrix
	if !m.ActiveLow || m.Settle != 10*time.Microsecond {
		t.Errorf("matrix defaults: %+v", m)
	}
	if f.Board.Name != "d" || f.Board.Rotation != 0 || f.Sensors.Order != (boards.Order{Start: "a1"}) {
		t.Errorf("board defaults: %+v, order %+v", f.Board, f.Sensors.Order)
	}
	x := f.LEDs.MAX7219
	if !f.LEDs.Mono || x.Chips != 1 || x.Intensity != 8 || x.Speed.String() != "1MHz" {
		t.Errorf("max7219 defaults: mono %v, %+v", f.LEDs.Mono, x)
	}
	if f.Slots[0] != (boards.Slot{Name: "box", Cell: 16, LED: 16}) || f.Slots[1] != (boards.Slot{Name: "box2", Cell: 17, LED: -1}) ||
		f.Slots[2] != (boards.Slot{Name: "box3", Cell: 18, LED: -1, Gutter: boards.West}) {
		t.Errorf("slots %+v", f.Slots)
	}

	f, err = Parse("s.toml", []byte(`
[board]
id = "s"
files = 5
ranks = 5
[sensors]
kind = "identity"
driver = "sim"
[leds]
driver = "sim"
[[slots]]
name = "out"
cell = 25
`))
	if err != nil {
		t.Fatal(err)
	}
	if f.LEDs.Count != 25 || f.LEDs.Brightness != 128 || f.Slots[0].LED != -1 || f.Sensors.Kind != hw.Identity {
		t.Errorf("sim defaults: %+v, slots %+v", f.LEDs, f.Slots)
	}
}

// TestValidateInCode checks a File built in code: problems name the key, with no line.
func TestValidateInCode(t *testing.T) {
	f := &File{
		Path:    "built",
		Board:   Board{ID: "x", Files: 4, Ranks: 4},
		Sensors: Sensors{Kind: hw.Presence, Driver: Sim, Order: boards.Order{Start: "a1"}},
		LEDs:    LEDs{Driver: Sim, Count: 15, Brightness: 128},
	}
	err := f.Validate()
	if err == nil || err.Error() != `built: key "leds.count": 15: the 4x4 grid has 16 squares and 0 slots have an LED: want 16` {
		t.Errorf("Validate: %v", err)
	}
	f.LEDs.Count = 16
	if err := f.Validate(); err != nil {
		t.Errorf("Validate after the fix: %v", err)
	}
	spec, err := f.Spec()
	if err != nil || spec.Files != 4 || spec.Kind != hw.Presence {
		t.Errorf("Spec: %+v, %v", spec, err)
	}
}

// TestRotation checks that a turned board lays its cells out turned.
func TestRotation(t *testing.T) {
	text := func(rot int) []byte {
		return fmt.Appendf(nil, "[board]\nid = \"r\"\nfiles = 4\nranks = 4\nrotation = %d\n[sensors]\nkind = \"presence\"\ndriver = \"sim\"\n[leds]\ndriver = \"sim\"\n", rot)
	}
	for _, rot := range []int{0, 90, 180, 270} {
		f, err := Parse("r.toml", text(rot))
		if err != nil {
			t.Fatal(err)
		}
		spec, _ := f.Spec()
		l, err := boards.NewLayout(spec)
		if err != nil {
			t.Fatal(err)
		}
		if spec.Rotation != rot {
			t.Errorf("rotation %d: spec has %d", rot, spec.Rotation)
		}
		// Cell 0 is under the board's a1 corner. With the diagram turned a quarter
		// clockwise, the diagram's d1 corner lies there.
		want := map[int]string{0: "a1", 90: "d1", 180: "d4", 270: "a4"}[rot]
		if got := engine.NewGeometry(4, 4, false).Name(l.SquareOf(0)); got != want {
			t.Errorf("rotation %d: cell 0 under %s, want %s", rot, got, want)
		}
	}
	if _, err := Parse("r.toml", []byte("[board]\nid = \"r\"\nfiles = 4\nranks = 5\nrotation = 90\n[sensors]\nkind = \"presence\"\ndriver = \"sim\"\n[leds]\ndriver = \"none\"\n")); err == nil || !strings.Contains(err.Error(), `r.toml:5:1: key "board.rotation": 90: turning a quarter needs a square board`) {
		t.Errorf("a quarter turn of a 4x5 board: %v", err)
	}
}

func FuzzParse(f *testing.F) {
	for _, dir := range []string{configDir, "testdata/bad", "testdata/audit"} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.toml"))
		for _, p := range files {
			data, err := os.ReadFile(p)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		const name = "fuzz.toml"
		file, err := Parse(name, data)
		if err != nil {
			var list ErrorList
			if !errors.As(err, &list) || len(list) == 0 {
				t.Fatalf("error %T is no ErrorList: %v", err, err)
			}
			for _, e := range list {
				if !strings.HasPrefix(e.Error(), name+":") {
					t.Fatalf("problem %q does not name the file", e.Error())
				}
			}
			return
		}
		spec, err := file.Spec()
		if err != nil {
			t.Fatalf("Parse accepted a file Spec rejects: %v", err)
		}
		l, err := boards.NewLayout(spec)
		if err != nil {
			t.Fatalf("Parse accepted a file NewLayout rejects: %v", err)
		}
		if l.Cells() != file.Cells() {
			t.Fatalf("layout has %d cells, the file %d", l.Cells(), file.Cells())
		}
		_ = l.Picture(engine.NewGeometry(spec.Files, spec.Ranks, false))
		_ = file.Summary()
	})
}

// TestAddExpanders checks what a file with too few MCP23017 is told to add.
func TestAddExpanders(t *testing.T) {
	for _, c := range []struct {
		addrs []int
		need  int
		want  string
	}{
		{[]int{0x20, 0x21, 0x22, 0x23}, 64, "add one at 0x24"},
		{[]int{0x20, 0x22}, 64, "add 3, at 0x21, 0x23 and 0x24"},
		{[]int{0x27}, 15, "add one at 0x20"},
		{[]int{0x20}, 113, "more than the 112 of 8 expanders, the most one I2C bus takes: use fewer slots, or another driver"},
	} {
		if got := addExpanders(c.addrs, c.need); got != c.want {
			t.Errorf("addExpanders(%#x, %d) = %q, want %q", c.addrs, c.need, got, c.want)
		}
	}
}

// TestMCPPins checks the names of an MCP23017's first n inputs, in channel order.
func TestMCPPins(t *testing.T) {
	for n, want := range map[int]string{
		1:  "GPA0",
		7:  "GPA0…GPA6",
		8:  "GPA0…GPA6, GPB0",
		9:  "GPA0…GPA6, GPB0…GPB1",
		14: "GPA0…GPA6, GPB0…GPB6",
	} {
		if got := mcpPins(n); got != want {
			t.Errorf("mcpPins(%d) = %q, want %q", n, got, want)
		}
	}
}
