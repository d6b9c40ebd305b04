package hc165

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"periph.io/x/conn/v3/conntest"
	"periph.io/x/conn/v3/spi"
	"periph.io/x/conn/v3/spi/spitest"

	"github.com/tavoliere/tavoliere/hw"
	"github.com/tavoliere/tavoliere/hw/hwtest"
)

// tracedConn adds each transaction to the trace the load pin writes to, so the test sees
// the order of pulses and transfers.
type tracedConn struct {
	spi.Conn
	tr *hwtest.Trace
}

func (c tracedConn) Tx(w, r []byte) error {
	c.tr.Add("spi.Tx(W%x R%d)", w, len(r))
	return c.Conn.Tx(w, r)
}

func playback(t *testing.T, ops ...conntest.IO) (*spitest.Playback, spi.Conn) {
	t.Helper()
	pb := &spitest.Playback{Playback: conntest.Playback{Ops: ops}}
	c, err := pb.Connect(Freq, Mode, 8)
	if err != nil {
		t.Fatal(err)
	}
	return pb, c
}

// TestScanPlayback proves one load pulse (low, wait, high) before each single read of
// Chips bytes, and the bit order: first byte = last chip, bit k = input Dk.
func TestScanPlayback(t *testing.T) {
	for _, tc := range []struct {
		activeLow bool
		read      []byte
		want      []int
	}{
		// chip 2 D7 → 23; chip 1 D0 → 8; chip 0 D1…D7 → 1…7.
		{false, []byte{0x80, 0x01, 0xFE}, []int{1, 2, 3, 4, 5, 6, 7, 8, 23}},
		{true, []byte{0x7F, 0xFE, 0x01}, []int{1, 2, 3, 4, 5, 6, 7, 8, 23}},
		{true, []byte{0xFF, 0xFF, 0xFF}, nil},
		{false, []byte{0x00, 0x00, 0x00}, nil},
	} {
		t.Run(fmt.Sprintf("activeLow=%t,%x", tc.activeLow, tc.read), func(t *testing.T) {
			tr := &hwtest.Trace{}
			load := hwtest.NewPin("load", tr)
			pb, c := playback(t, conntest.IO{R: tc.read}, conntest.IO{R: tc.read})
			d, err := New(tracedConn{c, tr}, load, &Opts{Chips: 3, ActiveLow: tc.activeLow, LoadPulse: 2 * time.Microsecond})
			if err != nil {
				t.Fatal(err)
			}
			d.wait = func(s time.Duration) { tr.Add("wait(%s)", s) }
			cells := make([]hw.Reading, d.Cells())
			for range 2 {
				if err := d.Scan(cells); err != nil {
					t.Fatal(err)
				}
				if got := occupied(cells); !slices.Equal(got, tc.want) {
					t.Errorf("occupied %v, want %v", got, tc.want)
				}
			}
			scan := []string{"load.Out(Low)", "wait(2µs)", "load.Out(High)", "spi.Tx(W R3)"}
			want := append(append([]string{"load.Out(High)"}, scan...), scan...)
			if got := tr.Events(); !slices.Equal(got, want) {
				t.Errorf("saw\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			if err := pb.Close(); err != nil {
				t.Fatal(err)
			}
		})
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

// TestModel reads a modelled chain bit by bit: each input alone, as cell chip*8+k.
func TestModel(t *testing.T) {
	const chips = 3
	for _, activeLow := range []bool{true, false} {
		m := hwtest.NewHC165(chips, nil)
		d, err := New(m, m.Load, &Opts{Chips: chips, ActiveLow: activeLow})
		if err != nil {
			t.Fatal(err)
		}
		cells := make([]hw.Reading, d.Cells())
		for i := range 8 * chips {
			levels := make([]uint8, chips)
			levels[i/8] = 1 << (i % 8)
			if activeLow {
				for k := range levels {
					levels[k] ^= 0xFF
				}
			}
			m.SetInputs(levels...)
			if err := d.Scan(cells); err != nil {
				t.Fatal(err)
			}
			if got := occupied(cells); !slices.Equal(got, []int{i}) {
				t.Errorf("activeLow=%t input %d of chip %d set: occupied %v", activeLow, i%8, i/8, got)
			}
		}
		txs, loads := m.Counts()
		if txs != 8*chips || loads != txs {
			t.Errorf("%d transfers and %d loads, want %d of each", txs, loads, 8*chips)
		}
		if out, lvl, _ := m.Load.State(); !out || lvl != true {
			t.Error("load pin not left high")
		}
	}
}

// TestPartialLastChip uses 20 cells on three chips: the last chip's spare inputs are
// ignored whatever they read.
func TestPartialLastChip(t *testing.T) {
	m := hwtest.NewHC165(3, nil)
	d, err := New(m, m.Load, &Opts{Chips: 3, ActiveLow: true, Cells: 20})
	if err != nil {
		t.Fatal(err)
	}
	m.SetInputs(0xFE, 0xFF, 0x0F) // chip 0 D0 closed; chip 2 D4…D7 closed but unused
	cells := make([]hw.Reading, 20)
	if err := d.Scan(cells); err != nil {
		t.Fatal(err)
	}
	if got := occupied(cells); !slices.Equal(got, []int{0}) {
		t.Errorf("occupied %v, want [0]", got)
	}
}

func TestErrors(t *testing.T) {
	t.Run("load fails", func(t *testing.T) {
		m := hwtest.NewHC165(1, nil)
		d, err := New(m, m.Load, &Opts{Chips: 1})
		if err != nil {
			t.Fatal(err)
		}
		m.Load.FailOut(true)
		if err := d.Scan(make([]hw.Reading, 8)); !errors.Is(err, hwtest.ErrPin) {
			t.Errorf("Scan = %v, want the pin error", err)
		}
		if txs, _ := m.Counts(); txs != 0 {
			t.Error("read the chain without a load")
		}
		if _, err := New(m, m.Load, &Opts{Chips: 1}); !errors.Is(err, hwtest.ErrPin) {
			t.Errorf("New with a failing load pin = %v", err)
		}
	})
	t.Run("transfer fails", func(t *testing.T) {
		load := hwtest.NewPin("load", nil)
		pb := &spitest.Playback{Playback: conntest.Playback{DontPanic: true}}
		c, _ := pb.Connect(Freq, Mode, 8)
		d, err := New(c, load, &Opts{Chips: 2})
		if err != nil {
			t.Fatal(err)
		}
		if err := d.Scan(make([]hw.Reading, 16)); err == nil || !conntest.IsErr(errors.Unwrap(err)) {
			t.Errorf("Scan = %v, want the playback's error", err)
		}
		if out, lvl, _ := load.State(); !out || lvl != true {
			t.Error("load pin not left high after a failed transfer")
		}
		if err := d.Scan(make([]hw.Reading, 15)); err == nil {
			t.Error("Scan into the wrong number of cells succeeded")
		}
	})
	t.Run("opts", func(t *testing.T) {
		m := hwtest.NewHC165(1, nil)
		for _, o := range []Opts{{}, {Chips: 129}, {Chips: 2, Cells: 8}, {Chips: 2, Cells: 17}, {Chips: 1, LoadPulse: -1}} {
			if d, err := New(m, m.Load, &o); err == nil {
				t.Errorf("New(%+v) succeeded: %s", o, d)
			}
		}
		if _, err := New(nil, m.Load, nil); err == nil {
			t.Error("New with a nil conn succeeded")
		}
		if _, _, o := m.Load.Calls(); o != 0 {
			t.Errorf("invalid options drove the load pin %d times", o)
		}
	})
}

func TestStringAndHalt(t *testing.T) {
	m := hwtest.NewHC165(8, nil)
	d, err := New(m, m.Load, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := d.String(), "hc165{hwtest-74hc165, load load, 8 chips, 64 cells}"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	_ = m.Load.Out(false)
	if err := d.Halt(); err != nil {
		t.Fatal(err)
	}
	if out, lvl, _ := m.Load.State(); !out || lvl != true {
		t.Error("Halt did not leave the load pin high")
	}
}

func TestScanDoesNotAllocate(t *testing.T) {
	m := hwtest.NewHC165(8, nil)
	d, err := New(m, m.Load, nil)
	if err != nil {
		t.Fatal(err)
	}
	cells := make([]hw.Reading, d.Cells())
	if n := testing.AllocsPerRun(100, func() { _ = d.Scan(cells) }); n != 0 {
		t.Errorf("Scan allocates %v times", n)
	}
}

// BenchmarkScan reads eight chips (64 cells) from the model with the default 1 µs load
// pulse: one SPI transaction and two load-pin writes per scan.
func BenchmarkScan(b *testing.B) {
	m := hwtest.NewHC165(8, nil)
	d, err := New(m, m.Load, nil)
	if err != nil {
		b.Fatal(err)
	}
	cells := make([]hw.Reading, d.Cells())
	tx0, _ := m.Counts()
	_, out0, _ := m.Load.Calls()
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if err := d.Scan(cells); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	tx, _ := m.Counts()
	_, out, _ := m.Load.Calls()
	b.ReportMetric(float64(tx-tx0)/float64(b.N), "spi-tx/scan")
	b.ReportMetric(float64(out-out0)/float64(b.N), "gpio-ops/scan")
}
