package boardfile

import (
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"time"

	"github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"
	"periph.io/x/conn/v3/physic"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/hw"
)

// The file as TOML has it. Every key a board file may hold is a field here, and no other:
// the decoder rejects the rest. Values that need more than TOML's types (durations,
// frequencies, sensor kinds) are strings here and read by convert.
type rawFile struct {
	Board   rawBoard          `toml:"board"`
	Sensors rawSensors        `toml:"sensors"`
	Serial  *rawSerial        `toml:"serial"`
	LEDs    rawLEDs           `toml:"leds"`
	Slots   []rawSlot         `toml:"slots"`
	Buttons map[string]string `toml:"buttons"`

	Firmware map[string]any `toml:"firmware"`
}

type rawBoard struct {
	ID       string `toml:"id"`
	Name     string `toml:"name"`
	Files    int    `toml:"files"`
	Ranks    int    `toml:"ranks"`
	Rotation int    `toml:"rotation"`
}

type rawOrder struct {
	Start      string `toml:"start"`
	ByFile     bool   `toml:"by_file"`
	Serpentine bool   `toml:"serpentine"`
}

type rawSensors struct {
	Kind     string       `toml:"kind"`
	Driver   string       `toml:"driver"`
	Order    rawOrder     `toml:"order"`
	Matrix   *rawMatrix   `toml:"matrix"`
	MCP23017 *rawMCP23017 `toml:"mcp23017"`
	HC165    *rawHC165    `toml:"hc165"`
}

type rawMatrix struct {
	Rows      []string `toml:"rows"`
	Cols      []string `toml:"cols"`
	ActiveLow bool     `toml:"active_low"`
	Settle    string   `toml:"settle"`
}

type rawMCP23017 struct {
	Bus           string `toml:"bus"`
	Addrs         []int  `toml:"addrs"`
	InputsPerChip int    `toml:"inputs_per_chip"`
	PullUps       bool   `toml:"pull_ups"`
	ActiveLow     bool   `toml:"active_low"`
}

type rawHC165 struct {
	SPI       string `toml:"spi"`
	LoadPin   string `toml:"load_pin"`
	Chips     int    `toml:"chips"`
	ActiveLow bool   `toml:"active_low"`
	Speed     string `toml:"speed"`
}

type rawSerial struct {
	Port    string `toml:"port"`
	Baud    int    `toml:"baud"`
	BoardID string `toml:"board_id"`
	Cells   int    `toml:"cells"`
}

type rawLEDs struct {
	Driver     string      `toml:"driver"`
	Count      int         `toml:"count"`
	Order      rawOrder    `toml:"order"`
	Brightness int         `toml:"brightness"`
	Mono       bool        `toml:"mono"`
	WS2812     *rawWS2812  `toml:"ws2812"`
	MAX7219    *rawMAX7219 `toml:"max7219"`
}

type rawWS2812 struct {
	SPI         string `toml:"spi"`
	ColourOrder string `toml:"colour_order"`
}

type rawMAX7219 struct {
	SPI       string `toml:"spi"`
	Chips     int    `toml:"chips"`
	Intensity int    `toml:"intensity"`
	Speed     string `toml:"speed"`
}

type rawSlot struct {
	Name   string `toml:"name"`
	Cell   int    `toml:"cell"`
	LED    int    `toml:"led"`
	Gutter string `toml:"gutter"`
}

// Defaults for keys a board file may leave out (firmware-config/README.md lists them).
const (
	defaultSettle    = 10 * time.Microsecond
	defaultSpeed     = physic.MegaHertz
	defaultBaud      = 115200
	defaultColour    = "GRB"
	defaultIntensity = 8
)

// DefaultBrightness is the LEDs' brightness, 1…255, of a board file that gives none, and
// of the simulated boards the service builds when no board file is named.
const DefaultBrightness = 128

// convert turns the decoded text into a File, filling in defaults. Its errors are the
// values that could not be read at all (a duration that does not parse); Validate judges
// the rest.
func convert(name string, ps *positions, r *rawFile) (*File, ErrorList) {
	f := &File{Path: name, pos: ps, Firmware: r.Firmware, Buttons: r.Buttons}
	var errs ErrorList
	bad := func(key string, err error) { errs = append(errs, f.errorAt(key, err)) }
	orBool := func(key string, v, def bool) bool {
		if ps.has(key) {
			return v
		}
		return def
	}

	f.Board = Board{ID: r.Board.ID, Name: r.Board.Name, Files: r.Board.Files, Ranks: r.Board.Ranks, Rotation: r.Board.Rotation}
	if !ps.has("board.name") {
		f.Board.Name = f.Board.ID
	}

	s := &f.Sensors
	s.Driver = r.Sensors.Driver
	s.Order = order(r.Sensors.Order)
	if ps.has("sensors.kind") {
		k, err := hw.ParseSensorKind(r.Sensors.Kind)
		if err != nil {
			bad("sensors.kind", fmt.Errorf("%q: want presence, polarity or identity", r.Sensors.Kind))
		}
		s.Kind = k
	}
	if m := r.Sensors.Matrix; m != nil {
		s.Matrix = &MatrixPins{Rows: m.Rows, Cols: m.Cols, ActiveLow: orBool("sensors.matrix.active_low", m.ActiveLow, true), Settle: defaultSettle}
		if ps.has("sensors.matrix.settle") {
			d, err := time.ParseDuration(m.Settle)
			if err != nil {
				bad("sensors.matrix.settle", fmt.Errorf("duration %q: want a number and a unit, like \"10us\"", m.Settle))
			}
			s.Matrix.Settle = d
		}
	}
	if m := r.Sensors.MCP23017; m != nil {
		s.MCP23017 = &Expanders{Bus: m.Bus, Addrs: m.Addrs, InputsPerChip: m.InputsPerChip,
			PullUps:   orBool("sensors.mcp23017.pull_ups", m.PullUps, true),
			ActiveLow: orBool("sensors.mcp23017.active_low", m.ActiveLow, true)}
	}
	if h := r.Sensors.HC165; h != nil {
		s.HC165 = &Chain165{SPI: h.SPI, LoadPin: h.LoadPin, Chips: h.Chips,
			ActiveLow: orBool("sensors.hc165.active_low", h.ActiveLow, true), Speed: defaultSpeed}
		if ps.has("sensors.hc165.speed") {
			s.HC165.Speed = frequency("sensors.hc165.speed", h.Speed, bad)
		}
	}

	if sr := r.Serial; sr != nil {
		f.Serial = &Serial{Port: sr.Port, Baud: sr.Baud, BoardID: sr.BoardID, Cells: sr.Cells}
		if !ps.has("serial.baud") {
			f.Serial.Baud = defaultBaud
		}
	}

	l := &f.LEDs
	*l = LEDs{Driver: r.LEDs.Driver, Count: r.LEDs.Count, Order: order(r.LEDs.Order), Brightness: r.LEDs.Brightness, Mono: r.LEDs.Mono}
	if !ps.has("leds.brightness") {
		l.Brightness = DefaultBrightness
	}
	if !ps.has("leds.mono") && l.Driver == MAX7219 {
		l.Mono = true
	}
	if w := r.LEDs.WS2812; w != nil {
		l.WS2812 = &Strip{SPI: w.SPI, ColourOrder: w.ColourOrder}
		if !ps.has("leds.ws2812.colour_order") {
			l.WS2812.ColourOrder = defaultColour
		}
	}
	if m := r.LEDs.MAX7219; m != nil {
		l.MAX7219 = &Max7219{SPI: m.SPI, Chips: m.Chips, Intensity: m.Intensity, Speed: defaultSpeed}
		if !ps.has("leds.max7219.chips") {
			l.MAX7219.Chips = 1
		}
		if !ps.has("leds.max7219.intensity") {
			l.MAX7219.Intensity = defaultIntensity
		}
		if ps.has("leds.max7219.speed") {
			l.MAX7219.Speed = frequency("leds.max7219.speed", m.Speed, bad)
		}
	}

	for i, sl := range r.Slots {
		led := sl.LED
		if !ps.has(fmt.Sprintf("slots[%d].led", i)) {
			led = -1
		}
		cell := sl.Cell
		if !ps.has(fmt.Sprintf("slots[%d].cell", i)) {
			cell = -1
		}
		var gutter boards.Edge
		if key := fmt.Sprintf("slots[%d].gutter", i); ps.has(key) {
			var ok bool
			if gutter, ok = boards.ParseEdge(sl.Gutter); !ok {
				bad(key, fmt.Errorf("%q: want the board's edge the gutter runs along: N, E, S or W", sl.Gutter))
			}
		}
		f.Slots = append(f.Slots, boards.Slot{Name: sl.Name, Cell: cell, LED: led, Gutter: gutter})
	}
	if !ps.has("leds.count") && l.Driver == Sim {
		l.Count = f.Board.Files * f.Board.Ranks
		for _, sl := range f.Slots {
			if sl.LED >= 0 {
				l.Count++
			}
		}
	}
	return f, errs
}

func order(o rawOrder) boards.Order {
	start := o.Start
	if start == "" {
		start = "a1"
	}
	return boards.Order{Start: start, ByFile: o.ByFile, Serpentine: o.Serpentine}
}

func frequency(key, text string, bad func(string, error)) physic.Frequency {
	var fr physic.Frequency
	if err := fr.Set(text); err != nil {
		bad(key, fmt.Errorf("frequency %q: want a number and a unit, like \"1MHz\"", text))
	}
	return fr
}

// decodeErrors turns go-toml's errors into ours: every unknown key, or the one value that
// stopped the decoder, with its line, column and key.
func decodeErrors(name string, ps *positions, err error) error {
	var strict *toml.StrictMissingError
	var de *toml.DecodeError
	switch {
	case errors.As(err, &strict):
		var errs ErrorList
		for i := range strict.Errors {
			e := &strict.Errors[i]
			line, col := e.Position()
			key := ps.byKey[pos{line, col}]
			if key == "" {
				key = strings.Join(e.Key(), ".")
			}
			what := "unknown key"
			if strings.Contains(e.Error(), "table") {
				what = "unknown table"
			}
			if s := suggest(key); s != "" {
				what += fmt.Sprintf(" (did you mean %q?)", s)
			}
			errs = append(errs, &Error{File: name, Line: line, Col: col, Key: key, Err: errors.New(what)})
		}
		return errs.sorted()
	case errors.As(err, &de):
		line, col := de.Position()
		key := ps.values[pos{line, col}]
		if key == "" {
			key = ps.byKey[pos{line, col}]
		}
		if key == "" {
			key = strings.Join(de.Key(), ".")
		}
		return ErrorList{{File: name, Line: line, Col: col, Key: key, Err: errors.New(typeMessage(de))}}
	}
	return ErrorList{{File: name, Err: err}}
}

// checkShapes finds a list of tables written as one table ([slots] for [[slots]]) and one
// table written as a list ([[board]] for [board]): the decoder would take the first
// quietly, or answer the second in its own words.
func checkShapes(name string, ps *positions) ErrorList {
	var errs ErrorList
	for _, sh := range ps.shapes {
		t, ok := typeAt(sh.key)
		if !ok {
			continue // an unknown key: the decoder says so
		}
		list := t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Struct
		one := t.Kind() == reflect.Struct || t.Kind() == reflect.Map
		written := indices.ReplaceAllString(sh.key, "")
		var msg string
		switch {
		case list && (sh.kind == unstable.Table || sh.kind == unstable.InlineTable):
			each := "entry"
			if written == "slots" {
				each = "slot"
			}
			msg = fmt.Sprintf("%s is a list: write [[%s]] for each %s", written, written, each)
		case one && sh.kind == unstable.ArrayTable:
			msg = fmt.Sprintf("%s is one table: write [%s], not [[%s]]", written, written, written)
		case one && sh.kind == unstable.Array:
			msg = fmt.Sprintf("%s is one table, not a list: write [%s] and its keys under it", written, written)
		default:
			continue
		}
		errs = append(errs, &Error{File: name, Line: sh.at.line, Col: sh.at.col, Key: sh.key, Err: errors.New(msg)})
	}
	return errs
}

var indices = regexp.MustCompile(`\[[0-9]+\]`)

// typeAt returns the type of rawFile's field at a key ("sensors.matrix", "slots[2].cell"),
// false when no field is there or the key is inside a map ([firmware] takes any keys).
func typeAt(key string) (reflect.Type, bool) {
	t := reflect.TypeFor[rawFile]()
	for part := range strings.SplitSeq(indices.ReplaceAllString(key, ""), ".") {
		for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice {
			t = t.Elem()
		}
		f, ok := fieldByTag(t, part)
		if !ok {
			return nil, false
		}
		t = f.Type
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t, true
}

var mismatch = regexp.MustCompile(`^cannot decode TOML (.+?) into (?:struct field \S+ of type )?(.+)$`)

// typeMessage says what a value should have been in the board file's words, not Go's.
func typeMessage(de *toml.DecodeError) string {
	msg := strings.TrimPrefix(de.Error(), "toml: ")
	m := mismatch.FindStringSubmatch(msg)
	if m == nil {
		return msg
	}
	got := m[1]
	switch got[0] {
	case 'a', 'e', 'i', 'o', 'u':
		got = "an " + got
	default:
		got = "a " + got
	}
	var want string
	switch t := m[2]; {
	case t == "string":
		want = "a string"
	case t == "bool":
		want = "true or false"
	case strings.HasPrefix(t, "int") || strings.HasPrefix(t, "uint"):
		want = "an integer"
	case t == "[]string":
		want = "an array of strings"
	case t == "[]int":
		want = "an array of integers"
	case strings.HasPrefix(t, "[]"):
		want = "an array of tables"
	default:
		want = "a table"
	}
	return fmt.Sprintf("want %s, got %s", want, got)
}

// suggest returns the known key closest to an unknown one, or "".
func suggest(key string) string {
	t := reflect.TypeFor[rawFile]()
	parts := strings.Split(key, ".")
	for _, part := range parts[:len(parts)-1] {
		if i := strings.IndexByte(part, '['); i >= 0 {
			part = part[:i]
		}
		f, ok := fieldByTag(t, part)
		if !ok {
			return ""
		}
		t = f.Type
		for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice {
			t = t.Elem()
		}
	}
	if t.Kind() != reflect.Struct {
		return ""
	}
	unknown := parts[len(parts)-1]
	best, bestD := "", 3
	for i := range t.NumField() {
		name := tagName(t.Field(i))
		if d := Distance(unknown, name); d < bestD && d < len(name) {
			best, bestD = name, d
		}
	}
	return best
}

func fieldByTag(t reflect.Type, name string) (reflect.StructField, bool) {
	if t.Kind() != reflect.Struct {
		return reflect.StructField{}, false
	}
	for i := range t.NumField() {
		if tagName(t.Field(i)) == name {
			return t.Field(i), true
		}
	}
	return reflect.StructField{}, false
}

func tagName(f reflect.StructField) string {
	name, _, _ := strings.Cut(f.Tag.Get("toml"), ",")
	return name
}

// distance is the Levenshtein distance between a and b (bytes; keys are ASCII).
// Distance is the edit distance between two keys (64 for long ones), by which an unknown key
// is told the known one it was likely meant as.
func Distance(a, b string) int {
	if len(a) > 64 || len(b) > 64 {
		return 64
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
