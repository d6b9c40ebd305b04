package boardfile

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"periph.io/x/conn/v3/physic"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/hw"
	"github.com/tavoliere/tavoliere/hw/mcp23017"
	"github.com/tavoliere/tavoliere/hw/ws2812"
)

// Limits of what a board file may ask for.
const (
	maxSlots     = 256
	maxExpanders = 8 // MCP23017 addresses 0x20…0x27
	max165       = 128
	max7219Chips = 8
	maxSettle    = 10 * time.Millisecond
	max165Speed  = 20 * physic.MegaHertz // 74HC165 at 3.3 V
	max7219Speed = 10 * physic.MegaHertz
	minSpeed     = physic.KiloHertz
)

// bauds are the rates a serial port takes on Linux.
var bauds = []int{9600, 19200, 38400, 57600, 115200, 230400, 460800, 500000, 576000, 921600, 1000000, 1152000, 1500000, 2000000, 3000000, 4000000}

var idRE = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,63}$`)

// Validate checks everything Load checks after decoding: sizes and corners, drivers and
// the sensor kinds they read, pins and buses used twice, channels and LEDs that do not
// add up, slots that fall on the grid. The error is an ErrorList, one problem a line.
func (f *File) Validate() error {
	c := &checker{File: f}
	c.board()
	c.sensors()
	c.serial()
	if c.Firmware != nil && c.Sensors.Driver != TBP {
		c.errorf("firmware", "the reference firmware scans the sensors: it needs sensors.driver \"tbp\", not %q", c.Sensors.Driver)
	}
	c.leds()
	c.slots()
	c.buttons()
	_, perrs := f.pinUses()
	c.errs = append(c.errs, perrs...)
	if len(c.errs) == 0 {
		// The checks above are meant to cover all of NewLayout's; this keeps it so.
		if _, err := boards.NewLayout(f.spec()); err != nil {
			c.errorf("board", "%v", err)
		}
	}
	return c.errs.sorted().err()
}

type checker struct {
	*File
	errs   ErrorList
	sizeOK bool // Files and Ranks are in range: grid checks make sense
}

func (c *checker) errorf(key, format string, args ...any) {
	c.errs = append(c.errs, c.File.errorf(key, format, args...))
}

// value is what a message calls an integer key's value: "missing" when the file leaves
// out a key that has no default.
func (f *File) value(key string, n int) string {
	if n == 0 && f.pos != nil && !f.pos.has(key) {
		return "missing"
	}
	return strconv.Itoa(n)
}

// has reports whether the file writes key (false for a File built in code).
func (f *File) has(key string) bool { return f.pos != nil && f.pos.has(key) }

func (f *File) grid() int { return f.Board.Files * f.Board.Ranks }

// slotLEDs counts the slots with an LED.
func (f *File) slotLEDs() int {
	n := 0
	for _, s := range f.Slots {
		if s.LED >= 0 {
			n++
		}
	}
	return n
}

// needs says what the grid and the slots take, for messages.
func (f *File) needs(what string, n int) string {
	return fmt.Sprintf("the %dx%d grid and %s need %d %s", f.Board.Files, f.Board.Ranks, plural(len(f.Slots), "slot"), n, what)
}

// plural counts things: "1 slot", "0 slots".
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

func (c *checker) board() {
	b := c.Board
	switch {
	case b.ID == "":
		c.errorf("board.id", "missing: a short name such as \"qw-7x7\"")
	case !idRE.MatchString(b.ID):
		c.errorf("board.id", "%q: want lower-case letters, digits and '-' (at most 64)", b.ID)
	}
	c.sizeOK = true
	for _, d := range []struct {
		key string
		n   int
	}{{"board.files", b.Files}, {"board.ranks", b.Ranks}} {
		if d.n < 2 || d.n > 8 {
			c.errorf(d.key, "%s: want 2…8", c.value(d.key, d.n))
			c.sizeOK = false
		}
	}
	switch b.Rotation {
	case 0, 180:
	case 90, 270:
		if c.sizeOK && b.Files != b.Ranks {
			c.errorf("board.rotation", "%d: turning a quarter needs a square board, not %dx%d", b.Rotation, b.Files, b.Ranks)
		}
	default:
		c.errorf("board.rotation", "%d: want 0, 90, 180 or 270", b.Rotation)
	}
	if len(c.Slots) > maxSlots {
		c.errorf("slots", "%d slots: at most %d", len(c.Slots), maxSlots)
		c.sizeOK = false
	}
}

// corner checks an Order's start.
func (c *checker) corner(key string, o boards.Order) {
	if !c.sizeOK {
		return
	}
	cs := corners(c.Board.Files, c.Board.Ranks)
	if o.Start != "" && !slices.Contains(cs, o.Start) {
		if c.has(key + ".start") {
			key += ".start"
		}
		c.errorf(key, "start %q: want a corner of the %dx%d board: %s", o.Start, c.Board.Files, c.Board.Ranks, strings.Join(cs, ", "))
	}
}

func corners(files, ranks int) []string {
	last := fmt.Sprintf("%c", 'a'+files-1)
	return []string{"a1", last + "1", fmt.Sprintf("a%d", ranks), fmt.Sprintf("%s%d", last, ranks)}
}

func (c *checker) sensors() {
	s := c.Sensors
	switch s.Kind {
	case hw.Presence, hw.Polarity, hw.Identity:
	default:
		c.errorf("sensors.kind", "missing: want presence, polarity or identity")
	}
	switch s.Driver {
	case Matrix, MCP23017, HC165:
		if s.Kind != 0 && s.Kind != hw.Presence {
			c.errorf("sensors.kind", "%s: the %s driver reads switches, presence only (polarity and identity need a microcontroller: driver \"tbp\")", s.Kind, s.Driver)
		}
	case TBP, Sim:
	case "":
		c.errorf("sensors.driver", "missing: want %s, %s, %s, %s or %s", Matrix, MCP23017, HC165, TBP, Sim)
	default:
		c.errorf("sensors.driver", "unknown driver %q: want %s, %s, %s, %s or %s", s.Driver, Matrix, MCP23017, HC165, TBP, Sim)
	}
	c.corner("sensors.order", s.Order)
	tables := []struct {
		driver  string
		present bool
	}{{Matrix, s.Matrix != nil}, {MCP23017, s.MCP23017 != nil}, {HC165, s.HC165 != nil}}
	for _, t := range tables {
		switch {
		case t.present && s.Driver != t.driver:
			c.errorf("sensors."+t.driver, "this table is for driver %q; sensors.driver is %q", t.driver, s.Driver)
		case !t.present && s.Driver == t.driver:
			c.errorf("sensors."+t.driver, "missing: driver %q needs it (how the chips are wired)", t.driver)
		}
	}
	need := c.Cells()
	if s.Driver == Matrix && s.Matrix != nil {
		c.matrix(s.Matrix, need)
	}
	if s.Driver == MCP23017 && s.MCP23017 != nil {
		c.mcp23017(s.MCP23017, need)
	}
	if s.Driver == HC165 && s.HC165 != nil {
		c.hc165(s.HC165, need)
	}
}

func (c *checker) matrix(m *MatrixPins, need int) {
	if len(m.Rows) == 0 {
		c.errorf("sensors.matrix.rows", "missing: the GPIO pins of the rows")
	}
	if len(m.Cols) == 0 {
		c.errorf("sensors.matrix.cols", "missing: the GPIO pins of the columns")
	}
	// The matrix yields a channel for every crossing, and the layout takes exactly the
	// squares and slots: every crossing must be one of them.
	if have := len(m.Rows) * len(m.Cols); len(m.Rows) > 0 && len(m.Cols) > 0 && c.sizeOK && have != need {
		c.errorf("sensors.matrix.rows", "%d rows x %d columns read %d channels; %s, one per crossing", len(m.Rows), len(m.Cols), have, c.needs("channels", need))
	}
	if !m.ActiveLow {
		// The Pi has 1.8 kΩ pull-ups to 3.3 V on GPIO2 and GPIO3 (I2C1's SDA and SCL),
		// soldered on the board: an internal pull-down (about 50 kΩ) cannot hold a column
		// low against them, and a row left floating between scans sits high, selected.
		lines := []struct {
			key, what string
			pins      []string
		}{{"sensors.matrix.rows", "row", m.Rows}, {"sensors.matrix.cols", "column", m.Cols}}
		for _, l := range lines {
			for i, p := range l.pins {
				n, err := parsePin(p)
				if err != nil || (n != 2 && n != 3) {
					continue
				}
				effect := "beats this column's pull-down, so every switch on the column reads closed"
				if l.what == "row" {
					effect = "holds this row high between scans, so its closed switches show on every row"
				}
				c.errorf(fmt.Sprintf("%s[%d]", l.key, i), "%s with active_low = false: the 1.8 kΩ pull-up soldered on the Pi for I2C1 %s %s; use another pin, or active_low = true",
					p, map[int]string{2: "SDA", 3: "SCL"}[n], effect)
			}
		}
	}
	if m.Settle <= 0 || m.Settle > maxSettle {
		c.errorf("sensors.matrix.settle", "%v: want more than 0 and at most %v", m.Settle, maxSettle)
	}
}

func (c *checker) mcp23017(m *Expanders, need int) {
	const per = mcp23017.PinsPerChip
	switch key := "sensors.mcp23017.inputs_per_chip"; {
	case !c.has(key):
		c.errorf(key, "missing: write inputs_per_chip = %d. An MCP23017 reads %d inputs, GPA0…GPA6 and GPB0…GPB6: GPA7 and GPB7 are output-only (datasheet revision D) and are driven low. A board wired with switches on GPA7 or GPB7, 16 a chip as tavoliere's files had it before 2026-11-26, must be rewired first: tavoliere check-config draws which square goes on which pin", per, per)
	case m.InputsPerChip != per:
		c.errorf(key, "%d: want %d (GPA0…GPA6 and GPB0…GPB6; GPA7 and GPB7 are output-only)", m.InputsPerChip, per)
	}
	if _, ok := parseI2C(m.Bus); !ok {
		if m.Bus == "" {
			c.errorf("sensors.mcp23017.bus", "missing: the I2C bus, \"I2C1\" or \"/dev/i2c-1\"")
		} else {
			c.errorf("sensors.mcp23017.bus", "%q: want \"I2C<n>\" or \"/dev/i2c-<n>\"", m.Bus)
		}
	}
	switch n := len(m.Addrs); {
	case n == 0:
		c.errorf("sensors.mcp23017.addrs", "missing: the expanders' addresses, 0x20…0x27")
	case n > maxExpanders:
		c.errorf("sensors.mcp23017.addrs", "%d expanders: an I2C bus takes at most %d MCP23017 (0x20…0x27)", n, maxExpanders)
	}
	seen := map[int]int{}
	for i, a := range m.Addrs {
		key := fmt.Sprintf("sensors.mcp23017.addrs[%d]", i)
		if a < 0x20 || a > 0x27 {
			c.errorf(key, "address %#x: an MCP23017 answers at 0x20…0x27 (A2 A1 A0)", a)
			continue
		}
		if j, ok := seen[a]; ok {
			c.errorf(key, "address %#x repeated (addrs[%d] is it too)", a, j)
			continue
		}
		seen[a] = i
	}
	switch n := len(m.Addrs); {
	case n == 0 || n > maxExpanders || !c.sizeOK:
	case mcpInputs*n < need:
		c.errorf("sensors.mcp23017.addrs", "%s %s %d channels (%d each: GPA7 and GPB7 are output-only on the MCP23017); %s: %s",
			plural(n, "expander"), verb(n, "reads", "read"), mcpInputs*n, mcpInputs, c.needs("channels", need), addExpanders(m.Addrs, need))
	case mcpInputs*(n-1) >= need:
		c.errorf("sensors.mcp23017.addrs", "%d expanders for %d channels (%d each): the last would read none; drop it", n, need, mcpInputs)
	}
}

// mcpInputs is the inputs an MCP23017 reads: GPA0…GPA6 and GPB0…GPB6. Revision D of the
// datasheet makes GPA7 and GPB7 output-only (an input changing during a read can corrupt
// SDA), so the driver drives them low and never reads them.
const mcpInputs = mcp23017.PinsPerChip

// addExpanders says which addresses to add for need channels, or that one bus cannot read
// them.
func addExpanders(addrs []int, need int) string {
	want := (need + mcpInputs - 1) / mcpInputs
	if want > maxExpanders {
		return fmt.Sprintf("more than the %d of %d expanders, the most one I2C bus takes: use fewer slots, or another driver", mcpInputs*maxExpanders, maxExpanders)
	}
	var free []string
	for a := 0x20; a <= 0x27 && len(free) < want-len(addrs); a++ {
		if !slices.Contains(addrs, a) {
			free = append(free, fmt.Sprintf("%#x", a))
		}
	}
	if len(free) == 1 {
		return "add one at " + free[0]
	}
	return fmt.Sprintf("add %d, at %s and %s", len(free), strings.Join(free[:len(free)-1], ", "), free[len(free)-1])
}

// verb picks a verb's form for n things.
func verb(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func (c *checker) hc165(h *Chain165, need int) {
	c.spi("sensors.hc165.spi", h.SPI)
	if h.LoadPin == "" {
		c.errorf("sensors.hc165.load_pin", "missing: the GPIO pin on SH/LD")
	}
	switch {
	case h.Chips < 1 || h.Chips > max165:
		c.errorf("sensors.hc165.chips", "%s: want 1…%d", c.value("sensors.hc165.chips", h.Chips), max165)
	case c.sizeOK && 8*h.Chips < need:
		c.errorf("sensors.hc165.chips", "%d chips read %d channels; %s", h.Chips, 8*h.Chips, c.needs("channels", need))
	case c.sizeOK && 8*(h.Chips-1) >= need:
		c.errorf("sensors.hc165.chips", "%d chips for %d channels: the last would read none; drop it", h.Chips, need)
	}
	c.speed("sensors.hc165.speed", h.Speed, max165Speed)
}

func (c *checker) speed(key string, f, most physic.Frequency) {
	if f < minSpeed || f > most {
		c.errorf(key, "%v: want %v…%v", f, minSpeed, most)
	}
}

func (c *checker) spi(key, name string) {
	if name == "" {
		c.errorf(key, "missing: the SPI port, \"SPI0.0\" or \"/dev/spidev0.0\"")
		return
	}
	bus, cs, ok := parseSPI(name)
	if !ok {
		c.errorf(key, "%q: want \"SPI<bus>.<chip select>\" or \"/dev/spidev<bus>.<chip select>\"", name)
		return
	}
	if ces, known := spiCE[bus]; known && cs >= len(ces) {
		c.errorf(key, "%q: SPI%d has chip selects 0…%d", name, bus, len(ces)-1)
	}
}

func (c *checker) serial() {
	uses := c.Sensors.Driver == TBP || c.LEDs.Driver == TBP
	s := c.Serial
	switch {
	case s == nil && c.Sensors.Driver == TBP:
		c.errorf("serial", "missing: driver \"tbp\" talks to a microcontroller: [serial] port")
		return
	case s == nil:
		return // with leds.driver "tbp" alone, leds says what is wrong
	case !uses:
		c.errorf("serial", "no driver uses the serial line: it is for sensors.driver or leds.driver \"tbp\"")
	}
	if s.Port == "" {
		c.errorf("serial.port", "missing: the device, \"/dev/ttyACM0\" (USB) or \"/dev/serial0\" (the header's UART)")
	}
	if !slices.Contains(bauds, s.Baud) {
		c.errorf("serial.baud", "%d: want one of %s", s.Baud, strings.Trim(fmt.Sprint(bauds), "[]"))
	}
	if s.BoardID != "" && !printable(s.BoardID) {
		c.errorf("serial.board_id", "%q: HELLO carries it as one field: printable ASCII without spaces, at most 64", s.BoardID)
	}
	switch need := c.Cells(); {
	case c.Sensors.Driver == TBP && c.sizeOK && s.Cells != need:
		c.errorf("serial.cells", "%s: HELLO must announce the board's cells, and %s", c.value("serial.cells", s.Cells), c.needs("cells", need))
	case c.Sensors.Driver != TBP && s.Cells != 0:
		c.errorf("serial.cells", "%d: the sensors are not on the serial line (sensors.driver is %q)", s.Cells, c.Sensors.Driver)
	}
}

func printable(s string) bool {
	if len(s) > 64 {
		return false
	}
	for _, r := range s {
		if r <= ' ' || r > '~' {
			return false
		}
	}
	return true
}

func (c *checker) leds() {
	l := c.LEDs
	switch l.Driver {
	case WS2812, MAX7219, TBP, None, Sim:
	case "":
		c.errorf("leds.driver", "missing: want %s, %s, %s, %s or %s", WS2812, MAX7219, TBP, Sim, None)
	default:
		c.errorf("leds.driver", "unknown driver %q: want %s, %s, %s, %s or %s", l.Driver, WS2812, MAX7219, TBP, Sim, None)
	}
	c.corner("leds.order", l.Order)
	if l.Driver == TBP && slices.Contains([]string{Matrix, MCP23017, HC165, Sim}, c.Sensors.Driver) {
		// hw/tbp is one device for both: it opens the serial line for the sensors, and
		// the LEDs' frames go through it.
		c.errorf("leds.driver", "\"tbp\": a microcontroller's LEDs come with its sensors, and sensors.driver is %q, not \"tbp\": give the LEDs their own driver (%s, %s, %s or %s), or put the sensors on the microcontroller too",
			c.Sensors.Driver, WS2812, MAX7219, Sim, None)
	}
	for _, t := range []struct {
		driver  string
		present bool
	}{{WS2812, l.WS2812 != nil}, {MAX7219, l.MAX7219 != nil}} {
		switch {
		case t.present && l.Driver != t.driver:
			c.errorf("leds."+t.driver, "this table is for driver %q; leds.driver is %q", t.driver, l.Driver)
		case !t.present && l.Driver == t.driver:
			c.errorf("leds."+t.driver, "missing: driver %q needs it (its SPI port)", t.driver)
		}
	}
	want := c.grid() + c.slotLEDs()
	switch {
	case !slices.Contains([]string{WS2812, MAX7219, TBP, None, Sim}, l.Driver):
		return // nothing more to say about an unknown driver's LEDs
	case l.Driver == None:
		if l.Count != 0 {
			c.errorf("leds.count", "%d: driver \"none\" has no LEDs", l.Count)
		}
		return
	case c.sizeOK && l.Count != want:
		c.errorf("leds.count", "%s: the %dx%d grid has %d squares and %s an LED: want %d", c.value("leds.count", l.Count), c.Board.Files, c.Board.Ranks, c.grid(), hasLED(c.slotLEDs()), want)
	}
	if l.Driver == MAX7219 {
		if c.has("leds.brightness") {
			c.errorf("leds.brightness", "a MAX7219 has an intensity, 0…15: leds.max7219.intensity")
		}
	} else if l.Brightness < 1 || l.Brightness > 255 {
		c.errorf("leds.brightness", "%d: want 1…255", l.Brightness)
	}
	switch {
	case l.Driver == WS2812 && l.Mono:
		c.errorf("leds.mono", "WS2812 LEDs are RGB")
	case l.Driver == MAX7219 && !l.Mono:
		c.errorf("leds.mono", "a MAX7219 drives one-colour LEDs")
	}
	if w := l.WS2812; w != nil && l.Driver == WS2812 {
		c.spi("leds.ws2812.spi", w.SPI)
		if !ws2812.ValidOrder(w.ColourOrder) {
			c.errorf("leds.ws2812.colour_order", "%q: want R, G and B (and W for RGBW LEDs) once each, in the chips' order, like \"GRB\"", w.ColourOrder)
		}
	}
	if m := l.MAX7219; m != nil && l.Driver == MAX7219 {
		c.spi("leds.max7219.spi", m.SPI)
		switch {
		case m.Chips < 1 || m.Chips > max7219Chips:
			c.errorf("leds.max7219.chips", "%d: want 1…%d", m.Chips, max7219Chips)
		case l.Count > 64*m.Chips:
			c.errorf("leds.max7219.chips", "%d chips drive %d LEDs; leds.count is %d", m.Chips, 64*m.Chips, l.Count)
		}
		if m.Intensity < 0 || m.Intensity > 15 {
			c.errorf("leds.max7219.intensity", "%d: want 0…15", m.Intensity)
		}
		c.speed("leds.max7219.speed", m.Speed, max7219Speed)
	}
}

func hasLED(slots int) string {
	if slots == 1 {
		return "1 slot has"
	}
	return fmt.Sprintf("%d slots have", slots)
}

func (c *checker) slots() {
	grid := c.grid()
	var squares *boards.Layout // the grid alone, to name the square a stray cell or LED is under
	if c.sizeOK {
		squares, _ = boards.NewLayout(boards.Spec{Files: c.Board.Files, Ranks: c.Board.Ranks, Kind: hw.Presence,
			Cells: c.Sensors.Order, LEDs: c.LEDs.Order, Rotation: c.Board.Rotation})
	}
	under := func(s engine.Square) string {
		if squares == nil {
			return "a square"
		}
		return "square " + engine.NewGeometry(c.Board.Files, c.Board.Ranks, false).Name(s)
	}
	names := map[string]int{}
	cells := map[int]int{}
	leds := map[int]int{}
	last := grid + len(c.Slots) - 1
	for i, s := range c.Slots {
		key := fmt.Sprintf("slots[%d]", i)
		switch {
		case s.Name == "":
			c.errorf(key+".name", "missing: every slot has a name")
		case !printable(s.Name):
			c.errorf(key+".name", "%q: printable ASCII without spaces, at most 64", s.Name)
		default:
			if j, ok := names[s.Name]; ok {
				c.errorf(key+".name", "%q is slots[%d]'s name too", s.Name, j)
			}
			names[s.Name] = i
		}
		switch {
		case !c.sizeOK:
		case s.Cell < 0 && c.has(key+".cell"):
			c.errorf(key+".cell", "cell %d is out of range: %s, after the grid's 0…%d", s.Cell, slotCells(grid, last), grid-1)
		case s.Cell < 0:
			c.errorf(key+".cell", "missing: the slot's sensor channel (%s, after the grid's 0…%d)", slotCells(grid, last), grid-1)
		case s.Cell < grid:
			where := "the grid"
			if squares != nil {
				where = under(squares.SquareOf(s.Cell))
			}
			c.errorf(key+".cell", "cell %d is under %s: the grid takes cells 0…%d, the slots %d…%d", s.Cell, where, grid-1, grid, last)
		case s.Cell > last:
			c.errorf(key+".cell", "cell %d maps to no square and no slot: the grid takes cells 0…%d, the %d slots %d…%d", s.Cell, grid-1, len(c.Slots), grid, last)
		default:
			if j, ok := cells[s.Cell]; ok {
				c.errorf(key+".cell", "cell %d is slots[%d]'s too", s.Cell, j)
			}
			cells[s.Cell] = i
		}
		switch {
		case s.LED == -1 && !c.has(key+".led"): // none
		case c.LEDs.Driver == None:
			c.errorf(key+".led", "the board has no LEDs (leds.driver is \"none\"): leave out led")
		case s.LED < 0:
			c.errorf(key+".led", "LED %d is out of range: %s; for a slot without an LED, leave out led", s.LED, c.slotLEDRange())
		case !c.sizeOK:
		case s.LED < grid:
			where := "the grid"
			if squares != nil {
				where = under(engine.Square(squareOfLED(squares, s.LED)))
			}
			c.errorf(key+".led", "LED %d is under %s: the grid takes LEDs 0…%d", s.LED, where, grid-1)
		case s.LED >= c.LEDs.Count:
			c.errorf(key+".led", "LED %d: the chain has %d (leds.count)", s.LED, c.LEDs.Count)
		default:
			if j, ok := leds[s.LED]; ok {
				c.errorf(key+".led", "LED %d is slots[%d]'s too", s.LED, j)
			}
			leds[s.LED] = i
		}
	}
}

// slotLEDRange says which LEDs the slots may have.
// buttons checks the [buttons] table: each a button the microcontroller has (its
// [firmware] buttons, where the file has them), bound to a known action.
func (c *checker) buttons() {
	if len(c.Buttons) == 0 {
		return
	}
	if c.Sensors.Driver != TBP {
		c.errorf("buttons", "buttons are read through a TBP microcontroller, and sensors.driver is %q: a board on the Pi's own buses has none", c.Sensors.Driver)
		return
	}
	fw, _ := c.Firmware["buttons"].(map[string]any)
	var have []string
	for name := range fw {
		have = append(have, name)
	}
	slices.Sort(have)
	names := make([]string, 0, len(c.Buttons))
	for name := range c.Buttons {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		key := "buttons." + name
		if act := c.Buttons[name]; !slices.Contains(Actions, act) {
			c.errorf(key, "%q: want one of %s", act, strings.Join(Actions, ", "))
		}
		if c.Firmware != nil && fw[name] == nil {
			if len(have) == 0 {
				c.errorf(key, "the firmware table wires no buttons: add [firmware] buttons = { %s = <pin> }", name)
			} else {
				c.errorf(key, "the firmware table has no button %q (it has %s)", name, strings.Join(have, ", "))
			}
		}
	}
}

func (c *checker) slotLEDRange() string {
	grid, count := c.grid(), c.LEDs.Count
	switch {
	case !c.sizeOK:
		return "a slot's LED comes after the grid's"
	case c.LEDs.Driver == Sim && !c.has("leds.count"):
		return fmt.Sprintf("the slots may have LEDs from %d on, after the grid's 0…%d", grid, grid-1)
	case count <= grid:
		return fmt.Sprintf("the grid takes LEDs 0…%d, and leds.count %d leaves none after them", grid-1, count)
	case count == grid+1:
		return fmt.Sprintf("the slots may have LED %d, after the grid's 0…%d", grid, grid-1)
	}
	return fmt.Sprintf("the slots may have LEDs %d…%d, after the grid's 0…%d", grid, count-1, grid-1)
}

// slotCells says which sensor channels the slots take: "the slots take cells 16…31".
func slotCells(grid, last int) string {
	if grid == last {
		return fmt.Sprintf("the slot takes cell %d", grid)
	}
	return fmt.Sprintf("the slots take cells %d…%d", grid, last)
}

func squareOfLED(l *boards.Layout, led int) int {
	for s := range l.Size() {
		if l.LEDOf(engine.Square(s)) == led {
			return s
		}
	}
	return 0
}

// A pinUse is one GPIO pin taken by a bus or a driver.
type pinUse struct {
	Pin  int
	Key  string // the key that takes it
	What string // "I2C1 SDA", "matrix row 3", …
}

// Pins the Pi's buses take, by BCM number.
var (
	i2cPins = map[int][2]int{0: {0, 1}, 1: {2, 3}}                   // SDA, SCL
	spiPins = map[int][3]int{0: {9, 10, 11}, 1: {19, 20, 21}}        // MISO, MOSI, SCLK
	spiCE   = map[int][]int{0: {8, 7}, 1: {18, 17, 16}}              // CE0, CE1, CE2
	uarts   = []string{"/dev/serial0", "/dev/ttyAMA0", "/dev/ttyS0"} // on GPIO14 TXD, GPIO15 RXD
	pinRE   = regexp.MustCompile(`^GPIO([0-9]{1,2})$`)
	i2cRE   = regexp.MustCompile(`^(?:I2C|/dev/i2c-)([0-9]{1,2})$`)
	spiRE   = regexp.MustCompile(`^(?:SPI|/dev/spidev)([0-9])\.([0-9])$`)
)

// The GPIO pins of the 40-pin header a board file may name: GPIO0 and GPIO1 are the HAT
// ID EEPROM's.
const firstPin, lastPin = 2, 27

func parseI2C(s string) (int, bool) {
	m := i2cRE.FindStringSubmatch(s)
	if m == nil {
		return 0, false
	}
	n, _ := strconv.Atoi(m[1])
	return n, true
}

func parseSPI(s string) (bus, cs int, ok bool) {
	m := spiRE.FindStringSubmatch(s)
	if m == nil {
		return 0, 0, false
	}
	return int(m[1][0] - '0'), int(m[2][0] - '0'), true
}

func parsePin(s string) (int, error) {
	m := pinRE.FindStringSubmatch(s)
	if m == nil {
		return 0, fmt.Errorf("pin %q: want a BCM GPIO name, GPIO%d…GPIO%d", s, firstPin, lastPin)
	}
	n, _ := strconv.Atoi(m[1])
	switch {
	case n < 2:
		return 0, fmt.Errorf("pin %q: GPIO0 and GPIO1 are for the HAT's ID EEPROM", s)
	case n > lastPin:
		return 0, fmt.Errorf("pin %q: the 40-pin header has GPIO%d…GPIO%d", s, firstPin, lastPin)
	}
	return n, nil
}

// pinUses lists the GPIO pins the file takes, buses first, and the pins and SPI ports it
// takes twice.
func (f *File) pinUses() ([]pinUse, ErrorList) {
	var uses []pinUse
	var errs ErrorList
	taken := map[int]pinUse{}
	take := func(pin int, key, what string) {
		if u, ok := taken[pin]; ok {
			errs = append(errs, f.errorf(key, "GPIO%d used twice: it is %s (%s)", pin, u.What, u.Key))
			return
		}
		u := pinUse{Pin: pin, Key: key, What: what}
		taken[pin] = u
		uses = append(uses, u)
	}
	if m := f.Sensors.MCP23017; m != nil && f.Sensors.Driver == MCP23017 {
		if bus, ok := parseI2C(m.Bus); ok {
			if p, ok := i2cPins[bus]; ok {
				take(p[0], "sensors.mcp23017.bus", fmt.Sprintf("I2C%d SDA", bus))
				take(p[1], "sensors.mcp23017.bus", fmt.Sprintf("I2C%d SCL", bus))
			}
		}
	}
	// SPI: a bus's data and clock pins are shared; a chip select is one device's. A
	// WS2812 chain has no chip select, so it must have its bus to itself.
	type spiUser struct{ key, driver string }
	busUsers := map[int][]spiUser{}
	ports := map[[2]int]string{}
	spiDev := func(key, driver, name string) {
		bus, cs, ok := parseSPI(name)
		if !ok {
			return
		}
		if k, dup := ports[[2]int{bus, cs}]; dup {
			errs = append(errs, f.errorf(key, "SPI%d.%d used twice: %s has it", bus, cs, k))
			return
		}
		ports[[2]int{bus, cs}] = key
		for _, u := range busUsers[bus] {
			if u.driver == WS2812 || driver == WS2812 {
				errs = append(errs, f.errorf(key, "SPI%d is %s's too: a WS2812 chain has no chip select and needs its SPI bus to itself", bus, u.key))
				return
			}
		}
		if len(busUsers[bus]) == 0 {
			if p, ok := spiPins[bus]; ok {
				take(p[0], key, fmt.Sprintf("SPI%d MISO", bus))
				take(p[1], key, fmt.Sprintf("SPI%d MOSI", bus))
				take(p[2], key, fmt.Sprintf("SPI%d SCLK", bus))
			}
		}
		busUsers[bus] = append(busUsers[bus], spiUser{key, driver})
		if ces, ok := spiCE[bus]; ok && cs < len(ces) {
			take(ces[cs], key, fmt.Sprintf("SPI%d CE%d", bus, cs))
		}
	}
	if h := f.Sensors.HC165; h != nil && f.Sensors.Driver == HC165 {
		spiDev("sensors.hc165.spi", HC165, h.SPI)
	}
	if w := f.LEDs.WS2812; w != nil && f.LEDs.Driver == WS2812 {
		spiDev("leds.ws2812.spi", WS2812, w.SPI)
	}
	if m := f.LEDs.MAX7219; m != nil && f.LEDs.Driver == MAX7219 {
		spiDev("leds.max7219.spi", MAX7219, m.SPI)
	}
	if s := f.Serial; s != nil && slices.Contains(uarts, s.Port) {
		take(14, "serial.port", "UART TXD")
		take(15, "serial.port", "UART RXD")
	}
	gpio := func(key, name, what string) {
		n, err := parsePin(name)
		if err != nil {
			errs = append(errs, f.errorAt(key, err))
			return
		}
		take(n, key, what)
	}
	if m := f.Sensors.Matrix; m != nil && f.Sensors.Driver == Matrix {
		for i, p := range m.Rows {
			gpio(fmt.Sprintf("sensors.matrix.rows[%d]", i), p, fmt.Sprintf("matrix row %d", i))
		}
		for i, p := range m.Cols {
			gpio(fmt.Sprintf("sensors.matrix.cols[%d]", i), p, fmt.Sprintf("matrix column %d", i))
		}
	}
	if h := f.Sensors.HC165; h != nil && f.Sensors.Driver == HC165 && h.LoadPin != "" {
		gpio("sensors.hc165.load_pin", h.LoadPin, "74HC165 SH/LD")
	}
	return uses, errs
}
