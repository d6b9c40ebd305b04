package boardfile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestAuditedFiles holds the board files of issue 30's audit (item 7) that were accepted
// though wrong, or answered poorly: each is now refused by Load, before cmd opens any
// driver, with its file, line and key and what is wrong, or accepted where it was right.
// Files are testdata/audit/NAME.toml, or made by make for what a repository cannot hold.
func TestAuditedFiles(t *testing.T) {
	for _, c := range []struct {
		name string
		make func(t *testing.T) string // the file's path; nil for testdata/audit/NAME.toml
		want []string                  // one per problem: what follows the path, matched as a prefix; none: Load accepts it
	}{
		// LEDs on a microcontroller whose sensors are not: hardware.go failed once pins
		// were set, with no line.
		{name: "leds-tbp-matrix", want: []string{`:20:1: key "leds.driver": "tbp": a microcontroller's LEDs come with its sensors, and sensors.driver is "matrix", not "tbp": give the LEDs their own driver`}},
		{name: "leds-tbp-no-serial", want: []string{`:11:1: key "leds.driver": "tbp": a microcontroller's LEDs come with its sensors, and sensors.driver is "sim"`}},

		// GPIO2 and GPIO3 have the Pi's 1.8 kΩ pull-ups: no pull-downs there.
		{name: "gpio2-row-active-high", want: []string{`:13:9: key "sensors.matrix.rows[0]": GPIO2 with active_low = false: the 1.8 kΩ pull-up soldered on the Pi for I2C1 SDA holds this row high between scans`}},
		{name: "gpio3-col-active-high", want: []string{`:14:9: key "sensors.matrix.cols[1]": GPIO3 with active_low = false: the 1.8 kΩ pull-up soldered on the Pi for I2C1 SCL beats this column's pull-down`}},
		{name: "gpio2-active-low"},

		// GPA7 and GPB7 are output-only: 14 inputs a chip.
		{name: "mcp-8x8-four", want: []string{`:14:1: key "sensors.mcp23017.addrs": 4 expanders read 56 channels (14 each: GPA7 and GPB7 are output-only on the MCP23017); the 8x8 grid and 0 slots need 64 channels: add one at 0x24`}},
		// A file wired 16 a chip (this project's own before the change) is refused, not read
		// on the wrong squares: the new pin map is to be asked for.
		{name: "mcp-wired-16", want: []string{`:21:2: key "sensors.mcp23017.inputs_per_chip": missing: write inputs_per_chip = 14. An MCP23017 reads 14 inputs, GPA0…GPA6 and GPB0…GPB6: GPA7 and GPB7 are output-only`}},
		{name: "mcp-slots", want: []string{`:14:1: key "sensors.mcp23017.addrs": 2 expanders read 28 channels (14 each: GPA7 and GPB7 are output-only on the MCP23017); the 5x5 grid and 4 slots need 29 channels: add one at 0x21`}},

		// A UTF-8 byte order mark in front is skipped; lines and columns are the editor's.
		{name: "bom"},
		{name: "bom-unknown-key", want: []string{`:1:2: key "bord": unknown table (did you mean "board"?)`}},

		// A list of tables written as one table, and one table as a list.
		{name: "slots-table", want: []string{`:13:2: key "slots": slots is a list: write [[slots]] for each slot`}},
		{name: "slots-inline", want: []string{`:1:1: key "slots": slots is a list: write [[slots]] for each slot`}},
		{name: "board-array", want: []string{`:1:3: key "board": board is one table: write [board], not [[board]]`}},
		{name: "matrix-array", want: []string{`:10:3: key "sensors.matrix": sensors.matrix is one table: write [sensors.matrix], not [[sensors.matrix]]`}},

		// -1 is no cell and no LED: "no LED" is a slot without a led key.
		{name: "cell-minus-one", want: []string{`:19:1: key "slots[1].cell": cell -1 is out of range: the slots take cells 16…17, after the grid's 0…15`}},
		{name: "led-minus-one", want: []string{`:26:1: key "slots[1].led": LED -1 is out of range: the slots may have LED 16, after the grid's 0…15; for a slot without an LED, leave out led`}},

		// Not a file, or not a board file's size: refused without reading it whole.
		{name: "fifo", make: func(t *testing.T) string {
			p := filepath.Join(t.TempDir(), "board.toml")
			if err := mkfifo(p); err != nil {
				t.Skipf("no named pipe here: %v", err)
			}
			return p
		}, want: []string{`: a named pipe (FIFO), not a file: a board file is a TOML text file`}},
		{name: "dev-zero", make: func(t *testing.T) string {
			if _, err := os.Stat("/dev/zero"); err != nil {
				t.Skip(err)
			}
			return "/dev/zero"
		}, want: []string{`: a device, not a file: a board file is a TOML text file`}},
		{name: "huge", make: func(t *testing.T) string {
			p := filepath.Join(t.TempDir(), "board.toml")
			f, err := os.Create(p)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			if err := f.Truncate(2 << 20); err != nil { // sparse: no disk taken
				t.Fatal(err)
			}
			return p
		}, want: []string{`: 2.0 MiB: too big for a board file, a few kilobytes of TOML text (at most 1 MiB)`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join("testdata", "audit", c.name+".toml")
			if c.make != nil {
				path = c.make(t)
			}
			var err error
			done := make(chan struct{})
			go func() {
				defer close(done)
				_, err = Load(path)
			}()
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				t.Fatalf("Load(%s) still reading after 10 s", path)
			}
			if len(c.want) == 0 {
				if err != nil {
					t.Fatalf("Load: %v", err)
				}
				return
			}
			var list ErrorList
			if !errors.As(err, &list) {
				t.Fatalf("error %T, want an ErrorList: %v", err, err)
			}
			if len(list) != len(c.want) {
				t.Errorf("%d problems, want %d:\n%v", len(list), len(c.want), err)
			}
			for i, e := range list {
				if i < len(c.want) && !strings.HasPrefix(e.Error(), path+c.want[i]) {
					t.Errorf("problem %d:\n got %s\nwant %s…", i, e.Error(), path+c.want[i])
				}
			}
		})
	}
	if files, _ := filepath.Glob("testdata/audit/*.toml"); len(files) != 16 {
		t.Errorf("testdata/audit has %d files; the table above tests 16", len(files))
	}
}
