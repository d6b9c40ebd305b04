package mcp23017

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"periph.io/x/conn/v3/i2c/i2ctest"

	"github.com/tavoliere/tavoliere/hw"
	"github.com/tavoliere/tavoliere/hw/hwtest"
)

// initOps is the exact configuration New writes to the chip at a.
func initOps(a uint16, ipol, gppu byte) []i2ctest.IO {
	return []i2ctest.IO{
		{Addr: a, W: []byte{0x05, 0x00}},
		{Addr: a, W: []byte{0x0A, 0x00}},
		{Addr: a, W: []byte{0x00, 0xFF, 0xFF}},
		{Addr: a, W: []byte{0x02, ipol, ipol}},
		{Addr: a, W: []byte{0x0C, gppu, gppu}},
	}
}

func TestNewWritesRegisters(t *testing.T) {
	for _, tc := range []struct {
		pullUps, activeLow bool
		ipol, gppu         byte
	}{
		{true, true, 0xFF, 0xFF},
		{false, true, 0xFF, 0x00},
		{true, false, 0x00, 0xFF},
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
			if d.Cells() != 32 || d.Kind() != hw.Presence {
				t.Errorf("Cells() = %d, Kind() = %s", d.Cells(), d.Kind())
			}
		})
	}
}

// TestScanPlayback proves one 2-byte read of GPIOA/GPIOB per chip per scan, and the cell
// order: chip by chip, GPA0…GPA7 then GPB0…GPB7, with the last chip's unused pins ignored.
func TestScanPlayback(t *testing.T) {
	ops := append(initOps(0x20, 0xFF, 0xFF), initOps(0x21, 0xFF, 0xFF)...)
	ops = append(ops,
		i2ctest.IO{Addr: 0x20, W: []byte{0x12}, R: []byte{0x81, 0x40}},
		i2ctest.IO{Addr: 0x21, W: []byte{0x12}, R: []byte{0x09, 0xFF}},
		i2ctest.IO{Addr: 0x20, W: []byte{0x12}, R: []byte{0x00, 0x00}},
		i2ctest.IO{Addr: 0x21, W: []byte{0x12}, R: []byte{0x00, 0x00}},
	)
	pb := &i2ctest.Playback{Ops: ops}
	d, err := New(pb, &Opts{Addrs: []uint16{0x20, 0x21}, PullUps: true, ActiveLow: true, Cells: 20})
	if err != nil {
		t.Fatal(err)
	}
	cells := make([]hw.Reading, d.Cells())
	if err := d.Scan(cells); err != nil {
		t.Fatal(err)
	}
	// 0x20: GPA0, GPA7, GPB6 → cells 0, 7, 14; 0x21: GPA0, GPA3 → 16, 19 (GPB is beyond Cells).
	if got, want := occupied(cells), []int{0, 7, 14, 16, 19}; !slices.Equal(got, want) {
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
	addrs := []uint16{0x20, 0x21, 0x22, 0x23}
	for _, tc := range []struct {
		name      string
		o         Opts
		extPullUp bool
		grounded  map[uint16]uint16
		want      []int
	}{
		{"empty", DefaultOpts, false, nil, nil},
		{"corners", DefaultOpts, false, map[uint16]uint16{0x20: 0x0001, 0x23: 0x8000}, []int{0, 63}},
		{"port B", DefaultOpts, false, map[uint16]uint16{0x21: 0x0100, 0x22: 0x00FF}, []int{24, 32, 33, 34, 35, 36, 37, 38, 39}},
		{"full", DefaultOpts, false, map[uint16]uint16{0x20: 0xFFFF, 0x21: 0xFFFF, 0x22: 0xFFFF, 0x23: 0xFFFF}, seq(0, 64)},
		{"external pull-ups", Opts{Addrs: addrs, ActiveLow: true}, true, map[uint16]uint16{0x22: 0x0003}, []int{32, 33}},
		// Active-high sensors: a pin pulled high (and not grounded) reads occupied.
		{"active high", Opts{Addrs: addrs, PullUps: true}, false, map[uint16]uint16{0x20: 0xFFFE, 0x21: 0xFFFF, 0x22: 0xFFFF, 0x23: 0xFFFF}, []int{0}},
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
		}{{"IODIR", hwtest.MCPIODIRA, 0xFFFF}, {"IPOL", hwtest.MCPIPOLA, 0xFFFF}, {"GPPU", hwtest.MCPGPPUA, 0xFFFF}} {
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
	if got, want := occupied(cells), []int{1, 14, 17, 30, 33, 46}; !slices.Equal(got, want) {
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
	if err := d.Scan(make([]hw.Reading, 32)); err == nil || !strings.Contains(err.Error(), "0x21") {
		t.Errorf("Scan with a chip gone = %v", err)
	}
	if err := d.Scan(make([]hw.Reading, 31)); err == nil {
		t.Error("Scan into the wrong number of cells succeeded")
	}
}

func TestOptsErrors(t *testing.T) {
	for _, o := range []Opts{
		{},
		{Addrs: []uint16{0x20, 0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27, 0x20}},
		{Addrs: []uint16{0x1F}},
		{Addrs: []uint16{0x28}},
		{Addrs: []uint16{0x20, 0x20}},
		{Addrs: []uint16{0x20, 0x21}, Cells: 16},
		{Addrs: []uint16{0x20, 0x21}, Cells: 33},
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
	bus := hwtest.NewI2CBus(nil, 0x20, 0x21, 0x22, 0x23)
	d, err := New(bus, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := d.String(), "mcp23017{hwtest-i2c:0x20,0x21,0x22,0x23 64 cells}"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	n := bus.Txs()
	if err := d.Halt(); err != nil || bus.Txs() != n {
		t.Errorf("Halt = %v after %d transactions", err, bus.Txs()-n)
	}
}

func TestScanDoesNotAllocate(t *testing.T) {
	bus := hwtest.NewI2CBus(nil, 0x20, 0x21, 0x22, 0x23)
	d, err := New(bus, nil)
	if err != nil {
		t.Fatal(err)
	}
	cells := make([]hw.Reading, d.Cells())
	if n := testing.AllocsPerRun(100, func() { _ = d.Scan(cells) }); n != 0 {
		t.Errorf("Scan allocates %v times", n)
	}
}

// BenchmarkScan scans four chips (64 cells) on the register model. i2c-tx/scan is the
// number of bus transactions a full scan takes: one per chip.
func BenchmarkScan(b *testing.B) {
	bus := hwtest.NewI2CBus(nil, 0x20, 0x21, 0x22, 0x23)
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
