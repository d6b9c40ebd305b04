package max7219

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"periph.io/x/conn/v3/conntest"
	"periph.io/x/conn/v3/spi"
	"periph.io/x/conn/v3/spi/spitest"

	"github.com/tavoliere/tavoliere/hw"
	"github.com/tavoliere/tavoliere/hw/hwtest"
)

// toAll is one command repeated for each of n chips.
func toAll(n int, reg, v byte) conntest.IO {
	return conntest.IO{W: bytes.Repeat([]byte{reg, v}, n)}
}

func initOps(n int, intensity byte) []conntest.IO {
	ops := []conntest.IO{toAll(n, 0x0F, 0x00), toAll(n, 0x09, 0x00), toAll(n, 0x0B, 0x07), toAll(n, 0x0A, intensity)}
	for r := byte(1); r <= 8; r++ {
		ops = append(ops, toAll(n, r, 0x00))
	}
	return append(ops, toAll(n, 0x0C, 0x01))
}

func playback(t *testing.T, ops ...conntest.IO) (*spitest.Playback, spi.Conn) {
	t.Helper()
	pb := &spitest.Playback{Playback: conntest.Playback{Ops: ops}}
	c, err := pb.Connect(MaxFreq, Mode, 8)
	if err != nil {
		t.Fatal(err)
	}
	return pb, c
}

func TestInitPlayback(t *testing.T) {
	for _, tc := range []struct {
		chips     int
		intensity uint8
	}{{1, 0}, {2, 9}, {4, 15}} {
		t.Run(fmt.Sprintf("%d chips", tc.chips), func(t *testing.T) {
			pb, c := playback(t, initOps(tc.chips, tc.intensity)...)
			d, err := New(c, &Opts{Chips: tc.chips, Intensity: tc.intensity})
			if err != nil {
				t.Fatal(err)
			}
			if err := pb.Close(); err != nil {
				t.Fatal(err)
			}
			if d.LEDs() != 64*tc.chips {
				t.Errorf("LEDs() = %d", d.LEDs())
			}
		})
	}
}

// TestShowPlayback proves the bytes of a known frame on two chips: one transaction per
// row, the farthest chip's command first, column 0 on the MSB.
func TestShowPlayback(t *testing.T) {
	ops := initOps(2, 4)
	rows := [8][]byte{}
	for r := range rows {
		rows[r] = []byte{byte(r + 1), 0x00, byte(r + 1), 0x00} // {chip 1}, {chip 0}
	}
	rows[0][3] = 0x80 // LED 0: chip 0, row 0, column 0
	rows[7][3] = 0x01 // LED 63: chip 0, row 7, column 7
	rows[1][1] = 0x42 // LEDs 64+9, 64+14: chip 1, row 1, columns 1 and 6
	for _, r := range rows {
		ops = append(ops, conntest.IO{W: r})
	}
	// Halt, then the same frame again: rows, then out of shutdown.
	ops = append(ops, toAll(2, 0x0C, 0x00))
	for _, r := range rows {
		ops = append(ops, conntest.IO{W: r})
	}
	ops = append(ops, toAll(2, 0x0C, 0x01))
	pb, c := playback(t, ops...)
	d, err := New(c, &Opts{Chips: 2, Intensity: 4})
	if err != nil {
		t.Fatal(err)
	}
	f := make(hw.LightFrame, 128)
	f[0] = hw.Color{R: 255}
	f[63] = hw.Color{B: 1} // any non-dark colour lights
	f[64+9] = hw.Color{G: 9}
	f[64+14] = hw.Color{R: 1, G: 1, B: 1}
	if err := d.Show(f); err != nil {
		t.Fatal(err)
	}
	if err := d.Halt(); err != nil {
		t.Fatal(err)
	}
	if err := d.Show(f); err != nil {
		t.Fatal(err)
	}
	if err := pb.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestModel shows random frames on a modelled chain of three chips and checks every LED,
// with the default map and with a rotated one.
func TestModel(t *testing.T) {
	rotated := func(i int) (chip, row, bit int) { return i / 64, i % 8, i % 64 / 8 }
	for _, tc := range []struct {
		name string
		m    Map
	}{{"default", nil}, {"rotated", rotated}} {
		t.Run(tc.name, func(t *testing.T) {
			const chips = 3
			m := hwtest.NewMAX7219(chips, nil)
			d, err := New(m, &Opts{Chips: chips, Intensity: 7, Map: tc.m})
			if err != nil {
				t.Fatal(err)
			}
			for c := range chips {
				want := hwtest.MAX7219Chip{Intensity: 7, ScanLimit: 7}
				if got := m.Chip(c); got != want {
					t.Errorf("chip %d after New: %+v, want %+v", c, got, want)
				}
			}
			place := tc.m
			if place == nil {
				place = DefaultMap
			}
			rng := rand.New(rand.NewPCG(1, 2))
			f := make(hw.LightFrame, d.LEDs())
			for range 5 {
				for i := range f {
					f[i] = hw.Off
					if rng.IntN(2) == 1 {
						f[i] = hw.Color{R: uint8(rng.IntN(256)), G: uint8(rng.IntN(256)), B: 1}
					}
				}
				if err := d.Show(f); err != nil {
					t.Fatal(err)
				}
				for i, c := range f {
					chip, row, bit := place(i)
					if lit := m.Lit(chip, row, bit); lit != (c != hw.Off) {
						t.Fatalf("LED %d (chip %d row %d bit %d) lit=%t for %v", i, chip, row, bit, lit, c)
					}
				}
			}
			if err := d.Halt(); err != nil {
				t.Fatal(err)
			}
			for i := range f {
				if chip, row, bit := place(i); m.Lit(chip, row, bit) {
					t.Fatalf("LED %d lit after Halt", i)
				}
			}
			if err := d.SetIntensity(2); err != nil {
				t.Fatal(err)
			}
			if got := m.Chip(chips - 1).Intensity; got != 2 {
				t.Errorf("intensity %d after SetIntensity(2)", got)
			}
		})
	}
}

// TestRecoversAfterFault: a Show that fails leaves the chain suspect (a brown-out puts the
// chips in shutdown, scanning one row); the next Show sets them up again and lights the
// frame.
func TestRecoversAfterFault(t *testing.T) {
	m := hwtest.NewMAX7219(2, nil)
	d, err := New(m, &Opts{Chips: 2, Intensity: 9})
	if err != nil {
		t.Fatal(err)
	}
	f := make(hw.LightFrame, d.LEDs())
	f[7*8+3], f[64+5] = hw.Color{R: 1}, hw.Color{G: 1} // row 7 of chip 0, row 0 of chip 1
	m.FailNext(1)
	if err := d.Show(f); err == nil {
		t.Fatal("Show on a failing bus succeeded")
	}
	m.PowerUp()
	if err := d.Show(f); err != nil {
		t.Fatal(err)
	}
	for i, c := range f {
		chip, row, bit := DefaultMap(i)
		if lit := m.Lit(chip, row, bit); lit != (c != hw.Off) {
			t.Errorf("LED %d lit=%t after recovery, want %t", i, lit, c != hw.Off)
		}
	}
	if got := m.Chip(1); got.Intensity != 9 || got.Decode != 0 || got.Shutdown {
		t.Errorf("chip 1 after recovery: %+v", got)
	}
	n := m.Txs()
	if err := d.Show(f); err != nil || m.Txs()-n != 8 {
		t.Errorf("the next Show = %v in %d transactions, want 8 (the rows only)", err, m.Txs()-n)
	}
}

// TestRecoversAfterBrownOut: the chips lose power with no error to say so (SPI has no
// acknowledge); a Show a second or more after the last setup writes it again.
func TestRecoversAfterBrownOut(t *testing.T) {
	m := hwtest.NewMAX7219(1, nil)
	d, err := New(m, &Opts{Chips: 1, Intensity: 5})
	if err != nil {
		t.Fatal(err)
	}
	at := time.Now()
	d.now = func() time.Time { return at }
	f := make(hw.LightFrame, d.LEDs())
	f[10] = hw.Color{R: 1}
	m.PowerUp()
	if err := d.Show(f); err != nil {
		t.Fatal(err)
	}
	if m.Lit(0, 1, 5) {
		t.Fatal("lit within a second of the setup: the test shows nothing")
	}
	at = at.Add(time.Second)
	if err := d.Show(f); err != nil {
		t.Fatal(err)
	}
	if !m.Lit(0, 1, 5) || m.Chip(0).Intensity != 5 {
		t.Errorf("a second later: LED 10 lit %t, chip %+v", m.Lit(0, 1, 5), m.Chip(0))
	}
}

func TestErrors(t *testing.T) {
	collide := func(i int) (int, int, int) { return 0, 0, i % 8 }
	outside := func(i int) (int, int, int) { return i / 64, i % 64 / 8, 8 }
	for _, o := range []Opts{{Chips: 0}, {Chips: 65}, {Chips: 1, Intensity: 16}, {Chips: 1, Map: collide}, {Chips: 2, Map: outside}} {
		m := hwtest.NewMAX7219(1, nil)
		if d, err := New(m, &o); err == nil {
			t.Errorf("New(%+v) succeeded: %s", o, d)
		}
		if m.Txs() != 0 {
			t.Errorf("New(%+v) wrote before validating", o)
		}
	}
	m := hwtest.NewMAX7219(2, nil)
	d, err := New(m, &Opts{Chips: 2})
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Show(make(hw.LightFrame, 64)); err == nil {
		t.Error("Show of 64 colours on 128 LEDs succeeded")
	}
	if err := d.SetIntensity(16); err == nil {
		t.Error("SetIntensity(16) succeeded")
	}
	if got, want := d.String(), "max7219{hwtest-max7219, 2 chips}"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	pb := &spitest.Playback{Playback: conntest.Playback{DontPanic: true}}
	c, _ := pb.Connect(MaxFreq, Mode, 8)
	if _, err := New(c, nil); err == nil || !conntest.IsErr(unwrapAll(err)) {
		t.Errorf("New on a failing conn = %v", err)
	}
}

func unwrapAll(err error) error {
	for {
		u, ok := err.(interface{ Unwrap() error })
		if !ok {
			return err
		}
		err = u.Unwrap()
	}
}

func TestShowDoesNotAllocate(t *testing.T) {
	d, err := New(&hwtest.Discard{}, &Opts{Chips: 4})
	if err != nil {
		t.Fatal(err)
	}
	f := make(hw.LightFrame, d.LEDs())
	for i := range f {
		if i%3 == 0 {
			f[i] = hw.Color{R: 1}
		}
	}
	if n := testing.AllocsPerRun(100, func() { _ = d.Show(f) }); n != 0 {
		t.Errorf("Show allocates %v times", n)
	}
}

// BenchmarkShow shows a frame on four chips (256 LEDs): eight transactions of eight bytes.
func BenchmarkShow(b *testing.B) {
	sink := &hwtest.Discard{}
	d, err := New(sink, &Opts{Chips: 4})
	if err != nil {
		b.Fatal(err)
	}
	f := make(hw.LightFrame, d.LEDs())
	for i := range f {
		if i%3 == 0 {
			f[i] = hw.Color{R: 1}
		}
	}
	tx0, n0 := sink.Counts()
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if err := d.Show(f); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	txs, n := sink.Counts()
	b.ReportMetric(float64(txs-tx0)/float64(b.N), "spi-tx/show")
	b.ReportMetric(float64(n-n0)/float64(txs-tx0), "spi-bytes/tx")
}

// TestIntensityOf: the 255 brightness levels fall on the 16 intensities in steps of 16,
// the dimmest and the brightest at the ends, and every intensity's level maps back to it.
func TestIntensityOf(t *testing.T) {
	for _, tc := range []struct{ level, want uint8 }{
		{0, 0}, {1, 0}, {16, 0}, {17, 1}, {32, 1}, {33, 2}, {128, 7}, {129, 8}, {240, 14}, {241, 15}, {255, 15},
	} {
		if got := IntensityOf(tc.level); got != tc.want {
			t.Errorf("IntensityOf(%d) = %d, want %d", tc.level, got, tc.want)
		}
	}
	for i := range uint8(16) {
		if got := IntensityOf(LevelOf(i)); got != i {
			t.Errorf("IntensityOf(LevelOf(%d) = %d) = %d", i, LevelOf(i), got)
		}
	}
	if LevelOf(0) != 1 || LevelOf(15) != 255 {
		t.Errorf("LevelOf(0) = %d, LevelOf(15) = %d: want 1 and 255", LevelOf(0), LevelOf(15))
	}
}

// TestDimmerPlayback proves the bytes of the operator's brightness (hw.Dimmer) on two
// chips: one transaction writing the intensity register, 0x0A, of each.
func TestDimmerPlayback(t *testing.T) {
	ops := append(initOps(2, 4), toAll(2, 0x0A, 0x00), toAll(2, 0x0A, 0x07), toAll(2, 0x0A, 0x0F))
	pb, c := playback(t, ops...)
	d, err := New(c, &Opts{Chips: 2, Intensity: 4})
	if err != nil {
		t.Fatal(err)
	}
	var dim hw.Dimmer = d
	for _, level := range []uint8{1, 128, 255} {
		if err := dim.SetBrightness(level); err != nil {
			t.Fatal(err)
		}
	}
	if err := pb.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestDimmerModel: on modelled chips the level set is the intensity every chip holds, and
// stays so when the setup is written again (once a second, and after a brown-out).
func TestDimmerModel(t *testing.T) {
	m := hwtest.NewMAX7219(3, nil)
	d, err := New(m, &Opts{Chips: 3, Intensity: 15})
	if err != nil {
		t.Fatal(err)
	}
	now := d.setupAt
	d.now = func() time.Time { return now }
	if err := d.SetBrightness(40); err != nil {
		t.Fatal(err)
	}
	for c := range 3 {
		if got := m.Chip(c).Intensity; got != 2 {
			t.Errorf("chip %d intensity %d after level 40, want 2", c, got)
		}
	}
	m.PowerUp()
	now = now.Add(time.Second)
	if err := d.Show(make(hw.LightFrame, d.LEDs())); err != nil {
		t.Fatal(err)
	}
	for c := range 3 {
		if got := m.Chip(c).Intensity; got != 2 {
			t.Errorf("chip %d intensity %d after a brown-out, want 2 (the level set)", c, got)
		}
	}
}
