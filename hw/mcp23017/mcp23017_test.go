package mcp23017

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"periph.io/x/conn/v3/i2c/i2ctest"

	"github.com/tavoliere/tavoliere/hw"
	"github.com/tavoliere/tavoliere/hw/hwtest"
)

// initOps is the exact configuration New writes to the chip at a.
func initOps(a uint16, ipol, gppu byte) []i2ctest.IO {
	return []i2ctest.IO{
		{Addr: a, W: []byte{0x05, 0x00}},
		{Addr: a, W: []byte{0x0A, 0x00}},
		{Addr: a, W: []byte{0x14, 0x00, 0x00}},
		{Addr: a, W: []byte{0x00, 0x7F, 0x7F}},
		{Addr: a, W: []byte{0x02, ipol, ipol}},
		{Addr: a, W: []byte{0x0C, gppu, gppu}},
	}
}

func TestNewWritesRegisters(t *testing.T) {
	for _, tc := range []struct {
		pullUps, activeLow bool
		ipol, gppu         byte
	}{
		{true, true, 0x7F, 0x7F},
		{false, true, 0x7F, 0x00},
		{true, false, 0x00, 0x7F},
		{false, false, 0x00, 0x00},
	} {
		t.Run(fmt.Sprintf("pullUps=%t,activeLow=%t", tc.pullUps, tc.activeLow), func(t *testing.T) {
			pb := &i2ctest.Playback{Ops: append(initOps(0x24, tc.ipol, tc.gppu), initOps(0x20, tc.ipol, tc.gppu)...)}
			d, err := New(pb, &Opts{Addrs: []uint16{0x24, 0x20}, PullUps: tc.pullUps, ActiveLow: tc.activeLow})
			if err != nil {
				t.Fatal(err)
			}
			if err := pb.Close(); err != nil {
				t.Fatal(err)
			}
			if d.Cells() != 28 || d.Kind() != hw.Presence {
				t.Errorf("Cells() = %d, Kind() = %s", d.Cells(), d.Kind())
			}
		})
	}
}

// TestScanPlayback proves one 2-byte read of GPIOA/GPIOB per chip per scan, and the cell
// order: chip by chip, GPA0…GPA6 then GPB0…GPB6, GPA7 and GPB7 (outputs) ignored, and the
// last chip's unused pins ignored.
func TestScanPlayback(t *testing.T) {
	ops := append(initOps(0x20, 0x7F, 0x7F), initOps(0x21, 0x7F, 0x7F)...)
	ops = append(ops,
		i2ctest.IO{Addr: 0x20, W: []byte{0x12}, R: []byte{0xC1, 0xC0}},
		i2ctest.IO{Addr: 0x21, W: []byte{0x12}, R: []byte{0x89, 0xFF}},
		i2ctest.IO{Addr: 0x20, W: []byte{0x12}, R: []byte{0x00, 0x00}},
		i2ctest.IO{Addr: 0x21, W: []byte{0x12}, R: []byte{0x00, 0x00}},
	)
	pb := &i2ctest.Playback{Ops: ops}
	d, err := New(pb, &Opts{Addrs: []uint16{0x20, 0x21}, PullUps: true, ActiveLow: true, Cells: 20})
	// 0x21 reads cells 14…19 only: GPA0…GPA5.
	if err != nil {
		t.Fatal(err)
	}
	cells := make([]hw.Reading, d.Cells())
	if err := d.Scan(cells); err != nil {
		t.Fatal(err)
	}
	// 0x20: GPA0, GPA6, GPB6 → cells 0, 6, 13 (GPA7 and GPB7 read high: outputs, ignored);
	// 0x21: GPA0, GPA3 → 14, 17 (GPA7 ignored, GPB beyond Cells).
	if got, want := occupied(cells), []int{0, 6, 13, 14, 17}; !slices.Equal(got, want) {
		t.Errorf("occupied %v, want %v", got, want)
	}
	if err := d.Scan(cells); err != nil {
		t.Fatal(err)
	}
	if got := occupied(cells); got != nil {
		t.Errorf("occupied %v after an empty read", got)
	}
	if err := pb.Close(); err != nil {
		t.Fatal(err)
	}
}

func occupied(cells []hw.Reading) []int {
	var out []int
	for i, v := range cells {
		if v != 0 {
			out = append(out, i)
		}
	}
	return out
}

// TestModel runs the driver against register models of the chips: pins held low by closed
// switches read as occupied cells through the chip's own pull-ups and polarity inversion.
func TestModel(t *testing.T) {
	addrs := []uint16{0x20, 0x21, 0x22, 0x23, 0x24}
	for _, tc := range []struct {
		name      string
		o         Opts
		extPullUp bool
		grounded  map[uint16]uint16
		want      []int
	}{
		{"empty", DefaultOpts, false, nil, nil},
		// Cell 63 is 0x24's GPA7 (63 = 4*14 + 7): GPB0.
		{"corners", DefaultOpts, false, map[uint16]uint16{0x20: 0x0001, 0x24: 0x0100}, []int{0, 63}},
		{"port B", DefaultOpts, false, map[uint16]uint16{0x21: 0x0100, 0x22: 0x007F}, []int{21, 28, 29, 30, 31, 32, 33, 34}},
		// GPA7 and GPB7 grounded read nothing: they are outputs.
		{"pin 7", DefaultOpts, false, map[uint16]uint16{0x20: 0x8080, 0x23: 0x8080}, nil},
		{"full", DefaultOpts, false, map[uint16]uint16{0x20: 0xFFFF, 0x21: 0xFFFF, 0x22: 0xFFFF, 0x23: 0xFFFF, 0x24: 0xFFFF}, seq(0, 64)},
		{"external pull-ups", Opts{Addrs: addrs, ActiveLow: true}, true, map[uint16]uint16{0x22: 0x0003}, []int{28, 29}},
		// Active-high sensors: a pin pulled high (and not grounded) reads occupied.
		{"active high", Opts{Addrs: addrs, PullUps: true}, false, map[uint16]uint16{0x20: 0xFFFE, 0x21: 0xFFFF, 0x22: 0xFFFF, 0x23: 0xFFFF, 0x24: 0xFFFF}, []int{0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bus := hwtest.NewI2CBus(nil, addrs...)
			for _, c := range bus.Chips {
				c.Ground(tc.grounded[c.Addr])
				if tc.extPullUp {
					c.SetExtPullUp(0xFFFF)
				}
			}
			d, err := New(bus, &tc.o)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range bus.Chips {
				if dir := c.Reg16(hwtest.MCPIODIRA); dir&0x8080 != 0 {
					t.Errorf("chip %#02x: IODIR %#04x: GPA7 or GPB7 is an input", c.Addr, dir)
				}
			}
			cells := make([]hw.Reading, d.Cells())
			if err := d.Scan(cells); err != nil {
				t.Fatal(err)
			}
			if got := occupied(cells); !slices.Equal(got, tc.want) {
				t.Errorf("occupied %v, want %v", got, tc.want)
			}
		})
	}
}

func seq(from, to int) []int {
	var s []int
	for i := from; i < to; i++ {
		s = append(s, i)
	}
	return s
}

// TestLeftoverConfiguration starts from chips another program left in odd states: BANK=1
// (registers grouped by port), byte mode (no auto-increment), outputs, polarity set. New
// must put every chip back into the layout Scan relies on.
func TestLeftoverConfiguration(t *testing.T) {
	bus := hwtest.NewI2CBus(nil, 0x20, 0x21, 0x22)
	bus.Chips[0].SetReg(hwtest.MCPIOCON, 0x80)      // BANK=1
	bus.Chips[1].SetReg(hwtest.MCPIOCON, 0xA0)      // BANK=1, SEQOP=1
	bus.Chips[2].SetReg(hwtest.MCPIOCON, 0x20)      // BANK=0, SEQOP=1
	bus.Chips[2].SetReg(hwtest.MCPIODIRA+1, 0x00)   // port B outputs
	bus.Chips[2].SetReg(hwtest.MCPIPOLA, 0x0F)      // half inverted
	bus.Chips[2].SetReg(hwtest.MCPGPINTENA+1, 0xFF) // interrupts on
	for _, c := range bus.Chips {
		c.Ground(0x4002) // GPA1, GPB6
	}
	bus.Chips[2].SetReg(hwtest.MCPOLATA, 0xFF) // outputs left high
	d, err := New(bus, &Opts{Addrs: []uint16{0x20, 0x21, 0x22}, PullUps: true, ActiveLow: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range bus.Chips {
		if got := c.Reg(hwtest.MCPIOCON); got != 0 {
			t.Errorf("chip %#02x: IOCON %#02x after New, want 0", c.Addr, got)
		}
		for _, r := range []struct {
			name string
			reg  byte
			want uint16
		}{{"IODIR", hwtest.MCPIODIRA, 0x7F7F}, {"IPOL", hwtest.MCPIPOLA, 0x7F7F}, {"GPPU", hwtest.MCPGPPUA, 0x7F7F}, {"OLAT", hwtest.MCPOLATA, 0}} {
			if got := c.Reg16(r.reg); got != r.want {
				t.Errorf("chip %#02x: %s %#04x, want %#04x", c.Addr, r.name, got, r.want)
			}
		}
		if got := c.Reg(hwtest.MCPGPINTENA + 1); got != 0 {
			t.Errorf("chip %#02x: GPINTENB %#02x, want 0", c.Addr, got)
		}
	}
	cells := make([]hw.Reading, d.Cells())
	if err := d.Scan(cells); err != nil {
		t.Fatal(err)
	}
	if got, want := occupied(cells), []int{1, 13, 15, 27, 29, 41}; !slices.Equal(got, want) {
		t.Errorf("occupied %v, want %v", got, want)
	}
}

func TestBusErrors(t *testing.T) {
	bus := hwtest.NewI2CBus(nil, 0x20)
	if _, err := New(bus, &Opts{Addrs: []uint16{0x20, 0x21}, PullUps: true, ActiveLow: true}); err == nil || !strings.Contains(err.Error(), "0x21") {
		t.Errorf("New with an absent chip = %v, want an error naming 0x21", err)
	}
	bus = hwtest.NewI2CBus(nil, 0x20, 0x21)
	d, err := New(bus, &Opts{Addrs: []uint16{0x20, 0x21}, PullUps: true, ActiveLow: true})
	if err != nil {
		t.Fatal(err)
	}
	bus.Chips = bus.Chips[:1] // the second chip stops answering
	if err := d.Scan(make([]hw.Reading, 28)); err == nil || !strings.Contains(err.Error(), "0x21") {
		t.Errorf("Scan with a chip gone = %v", err)
	}
	if err := d.Scan(make([]hw.Reading, 27)); err == nil {
		t.Error("Scan into the wrong number of cells succeeded")
	}
}

// TestRecoversAfterPowerLoss: a chip that lost power on a loose wire fails a scan and comes
// back in its power-on state (no pull-ups, no inversion: every cell would read empty); the
// next scan configures it again and reads it right.
func TestRecoversAfterPowerLoss(t *testing.T) {
	bus := hwtest.NewI2CBus(nil, 0x20, 0x21)
	d, err := New(bus, &Opts{Addrs: []uint16{0x20, 0x21}, PullUps: true, ActiveLow: true})
	if err != nil {
		t.Fatal(err)
	}
	bus.Chip(0x21).Ground(0x0002) // GPA1: cell 15
	cells := make([]hw.Reading, d.Cells())
	bus.FailNext(3)
	for range 3 {
		if err := d.Scan(cells); err == nil {
			t.Fatal("a scan on a failing bus succeeded")
		}
	}
	bus.Chip(0x21).Reset()
	if err := d.Scan(cells); err != nil {
		t.Fatal(err)
	}
	if got, want := occupied(cells), []int{15}; !slices.Equal(got, want) {
		t.Errorf("occupied %v after the bus came back, want %v", got, want)
	}
	n := bus.Txs()
	if err := d.Scan(cells); err != nil || bus.Txs()-n != 2 {
		t.Errorf("a scan after recovery = %v in %d transactions, want 2 (configured once only)", err, bus.Txs()-n)
	}
}

// TestNoticesBrownOut: a chip that reset between two scans fails no transaction; within a
// second a scan reads its configuration back, finds it lost, writes it again and reads the
// switches right. Within the second a scan is one read a chip.
func TestNoticesBrownOut(t *testing.T) {
	bus := hwtest.NewI2CBus(nil, 0x20, 0x21)
	d, err := New(bus, &Opts{Addrs: []uint16{0x20, 0x21}, PullUps: true, ActiveLow: true})
	if err != nil {
		t.Fatal(err)
	}
	at := time.Now()
	d.now = func() time.Time { return at }
	bus.Chip(0x20).Ground(0x0003) // cells 0 and 1
	cells := make([]hw.Reading, d.Cells())
	bus.Chip(0x20).Reset()
	n := bus.Txs()
	if err := d.Scan(cells); err != nil || bus.Txs()-n != 2 {
		t.Fatalf("a scan within the second = %v in %d transactions, want 2", err, bus.Txs()-n)
	}
	if got := occupied(cells); got != nil {
		t.Fatalf("occupied %v right after the reset: the test shows nothing", got)
	}
	at = at.Add(time.Second)
	if err := d.Scan(cells); err != nil {
		t.Fatal(err)
	}
	if got, want := occupied(cells), []int{0, 1}; !slices.Equal(got, want) {
		t.Errorf("occupied %v a second after the reset, want %v", got, want)
	}
	if got := bus.Chip(0x20).Reg16(hwtest.MCPGPPUA); got != 0x7F7F {
		t.Errorf("GPPU %#04x after the check, want 0x7f7f", got)
	}
}

func TestOptsErrors(t *testing.T) {
	for _, o := range []Opts{
		{},
		{Addrs: []uint16{0x20, 0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27, 0x20}},
		{Addrs: []uint16{0x1F}},
		{Addrs: []uint16{0x28}},
		{Addrs: []uint16{0x20, 0x20}},
		{Addrs: []uint16{0x20, 0x21}, Cells: 14},
		{Addrs: []uint16{0x20, 0x21}, Cells: 29},
		{Addrs: []uint16{0x20, 0x21, 0x22, 0x23}, Cells: 64}, // 56 inputs: GPA7 and GPB7 are output-only
		{Addrs: []uint16{0x20}, Cells: -1},
	} {
		pb := &i2ctest.Playback{DontPanic: true}
		if d, err := New(pb, &o); err == nil {
			t.Errorf("New(%+v) succeeded: %s", o, d)
		}
		if pb.Count != 0 {
			t.Errorf("New(%+v) touched the bus before validating", o)
		}
	}
}

func TestStringAndHalt(t *testing.T) {
	bus := hwtest.NewI2CBus(nil, 0x20, 0x21, 0x22, 0x23, 0x24)
	d, err := New(bus, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := d.String(), "mcp23017{hwtest-i2c:0x20,0x21,0x22,0x23,0x24 64 cells}"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	n := bus.Txs()
	if err := d.Halt(); err != nil || bus.Txs() != n {
		t.Errorf("Halt = %v after %d transactions", err, bus.Txs()-n)
	}
}

func TestScanDoesNotAllocate(t *testing.T) {
	bus := hwtest.NewI2CBus(nil, 0x20, 0x21, 0x22, 0x23, 0x24)
	d, err := New(bus, nil)
	if err != nil {
		t.Fatal(err)
	}
	cells := make([]hw.Reading, d.Cells())
	if n := testing.AllocsPerRun(100, func() { _ = d.Scan(cells) }); n != 0 {
		t.Errorf("Scan allocates %v times", n)
	}
}

// BenchmarkScan scans five chips (64 cells) on the register model. i2c-tx/scan is the
// number of bus transactions a full scan takes: one per chip.
func BenchmarkScan(b *testing.B) {
	bus := hwtest.NewI2CBus(nil, 0x20, 0x21, 0x22, 0x23, 0x24)
	d, err := New(bus, nil)
	if err != nil {
		b.Fatal(err)
	}
	cells := make([]hw.Reading, d.Cells())
	before := bus.Txs()
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if err := d.Scan(cells); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(bus.Txs()-before)/float64(b.N), "i2c-tx/scan")
}
