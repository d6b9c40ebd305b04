package ws2812

import (
	"bytes"
	"fmt"
	"slices"
	"testing"
	"time"

	"periph.io/x/conn/v3/conntest"
	"periph.io/x/conn/v3/spi/spitest"

	"github.com/tavoliere/tavoliere/hw"
	"github.com/tavoliere/tavoliere/hw/hwtest"
)

// The WS2812 bit timings as nrzled produces them at 2.5 MHz (400 ns an SPI bit): a 1.6 µs
// bit, high for 400 ns (0) or 1.2 µs (1); the line held low for 24 SPI bits (9.6 µs)
// before and after the data.
const (
	spiBit = time.Second / 2_500_000
	period = 1600 * time.Nanosecond
	t0H    = 400 * time.Nanosecond
	t1H    = 1200 * time.Nanosecond
	latch  = 24 * spiBit
)

// encode returns the SPI bytes that carry wire (the bytes the LEDs receive), derived from
// the timings above rather than from nrzled's tables.
func encode(wire []byte) []byte {
	var bits []bool
	low := func(d time.Duration) {
		for range d / spiBit {
			bits = append(bits, false)
		}
	}
	low(latch)
	for _, b := range wire {
		for k := 7; k >= 0; k-- {
			high := t0H
			if b>>k&1 == 1 {
				high = t1H
			}
			for t := time.Duration(0); t < period; t += spiBit {
				bits = append(bits, t < high)
			}
		}
	}
	low(latch)
	out := make([]byte, len(bits)/8)
	for i, on := range bits {
		if on {
			out[i/8] |= 0x80 >> (i % 8)
		}
	}
	return out
}

// TestShowPlayback proves the exact SPI bytes of a known 2-LED frame and of Halt.
func TestShowPlayback(t *testing.T) {
	latch := []byte{0x00, 0x00, 0x00}
	frame := slices.Concat(latch,
		[]byte{0x88, 0x88, 0x88, 0x88}, // LED 0 G 0x00
		[]byte{0xEE, 0xEE, 0xEE, 0xEE}, // LED 0 R 0xFF
		[]byte{0xE8, 0x88, 0x88, 0x88}, // LED 0 B 0x80
		[]byte{0x88, 0x88, 0x88, 0xE8}, // LED 1 G 0x02
		[]byte{0x88, 0x88, 0x88, 0x8E}, // LED 1 R 0x01
		[]byte{0x88, 0x88, 0x88, 0xEE}, // LED 1 B 0x03
		latch)
	dark := slices.Concat(latch, bytes.Repeat([]byte{0x88}, 24), latch)
	pb := &spitest.Playback{Playback: conntest.Playback{Ops: []conntest.IO{{W: frame}, {W: dark}}}}
	d, err := New(pb, &Opts{LEDs: 2, Brightness: 255, Order: "GRB"})
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Show(hw.LightFrame{{R: 0xFF, G: 0x00, B: 0x80}, {R: 0x01, G: 0x02, B: 0x03}}); err != nil {
		t.Fatal(err)
	}
	if err := d.Halt(); err != nil {
		t.Fatal(err)
	}
	if err := pb.Close(); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(encode([]byte{0x00, 0xFF, 0x80, 0x02, 0x01, 0x03}), frame) {
		t.Error("the timing-derived encoder disagrees with the literal frame")
	}
}

// TestShow checks colour order, white extraction and brightness against the
// timing-derived encoding, and decodes each transfer as the strip would.
func TestShow(t *testing.T) {
	red, green, blue := hw.Color{R: 0xFF}, hw.Color{G: 0xFF}, hw.Color{B: 0xFF}
	for _, tc := range []struct {
		order  string
		bright uint8
		frame  hw.LightFrame
		wire   []byte
	}{
		{"GRB", 255, hw.LightFrame{red, green, blue}, []byte{0, 0xFF, 0, 0xFF, 0, 0, 0, 0, 0xFF}},
		{"RGB", 255, hw.LightFrame{red, green, blue}, []byte{0xFF, 0, 0, 0, 0xFF, 0, 0, 0, 0xFF}},
		{"brg", 255, hw.LightFrame{{R: 1, G: 2, B: 3}}, []byte{3, 1, 2}},
		{"GRB", 128, hw.LightFrame{{R: 0xFF, G: 0x80, B: 0x01}}, []byte{0x40, 0x80, 0x01}},
		{"GRB", 0, hw.LightFrame{{R: 0xFF, G: 0xFF, B: 0xFF}}, []byte{0, 0, 0}},
		// 3 RGBW LEDs fill 4 groups of three exactly.
		{"GRBW", 255, hw.LightFrame{{R: 0xFF, G: 0x80, B: 0x40}, {R: 0x10, G: 0x10, B: 0x10}, red},
			[]byte{0x40, 0xBF, 0x00, 0x40, 0x00, 0x00, 0x00, 0x10, 0x00, 0xFF, 0x00, 0x00}},
		// 2 RGBW LEDs: 8 bytes, padded with one zero byte that runs off the end.
		{"GRBW", 255, hw.LightFrame{green, {R: 1, G: 2, B: 3}}, []byte{0xFF, 0, 0, 0, 1, 0, 2, 1, 0}},
		// 1 RGBW LED: two padding bytes.
		{"RGBW", 255, hw.LightFrame{{R: 0xFF, G: 0xFF, B: 0xFF}}, []byte{0, 0, 0, 0xFF, 0, 0}},
		{"WRGB", 128, hw.LightFrame{{R: 0xFF, G: 0xFF, B: 0xFF}}, []byte{0x80, 0, 0, 0, 0, 0}},
	} {
		t.Run(fmt.Sprintf("%s@%d/%d", tc.order, tc.bright, len(tc.frame)), func(t *testing.T) {
			s := &hwtest.Strip{}
			d, err := New(s, &Opts{LEDs: len(tc.frame), Brightness: tc.bright, Order: tc.order})
			if err != nil {
				t.Fatal(err)
			}
			if err := d.Show(tc.frame); err != nil {
				t.Fatal(err)
			}
			raw := s.Raw()
			if len(raw) != 1 {
				t.Fatalf("%d transactions, want 1", len(raw))
			}
			if want := encode(tc.wire); !bytes.Equal(raw[0], want) {
				t.Errorf("sent\n% x\nwant\n% x", raw[0], want)
			}
			frames, err := s.Frames()
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(frames[0], tc.wire) {
				t.Errorf("strip received % x, want % x", frames[0], tc.wire)
			}
		})
	}
}

func TestBrightness(t *testing.T) {
	for _, tc := range []struct{ v, b, want uint8 }{
		{255, 255, 255}, {0x80, 255, 0x80}, {255, 128, 128}, {255, 64, 64}, {255, 0, 0},
		{100, 128, 50}, {1, 127, 0}, {1, 128, 1}, {200, 1, 1},
	} {
		if got := scale(tc.v, tc.b); got != tc.want {
			t.Errorf("scale(%d, %d) = %d, want %d", tc.v, tc.b, got, tc.want)
		}
	}
	s := &hwtest.Strip{}
	d, err := New(s, &Opts{LEDs: 2, Brightness: 255})
	if err != nil {
		t.Fatal(err)
	}
	white := hw.LightFrame{{R: 255, G: 255, B: 255}, {R: 255, G: 255, B: 255}}
	for _, b := range []uint8{255, 128, 1, 0} {
		d.SetBrightness(b)
		if err := d.Show(white); err != nil {
			t.Fatal(err)
		}
	}
	frames, err := s.Frames()
	if err != nil {
		t.Fatal(err)
	}
	// (After the first Show each SetBrightness sends the frame again at once: TestDimmer.)
	for i, want := range []byte{255, 128, 128, 1, 1, 0, 0} {
		if !bytes.Equal(frames[i], bytes.Repeat([]byte{want}, 6)) {
			t.Errorf("frame %d: % x, want all %#02x", i, frames[i], want)
		}
	}
}

func TestHaltDark(t *testing.T) {
	for _, order := range []string{"GRB", "GRBW"} {
		s := &hwtest.Strip{}
		d, err := New(s, &Opts{LEDs: 5, Brightness: 255, Order: order})
		if err != nil {
			t.Fatal(err)
		}
		if err := d.Show(hw.LightFrame{{R: 1}, {G: 1}, {B: 1}, {R: 9, G: 9, B: 9}, {R: 255}}); err != nil {
			t.Fatal(err)
		}
		if err := d.Halt(); err != nil {
			t.Fatal(err)
		}
		frames, err := s.Frames()
		if err != nil {
			t.Fatal(err)
		}
		if n := len(order) * 5; len(frames) != 2 || len(frames[1]) < n || !bytes.Equal(frames[1], make([]byte, len(frames[1]))) {
			t.Errorf("%s: Halt sent % x, want at least %d zero bytes", order, frames[len(frames)-1], n)
		}
	}
}

func TestConnect(t *testing.T) {
	s := &hwtest.Strip{}
	d, err := New(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	if f, _, bits, n := s.Params(); f != Freq || bits != 8 || n != 1 {
		t.Errorf("Connect(%s, _, %d) called %d times", f, bits, n)
	}
	if got, want := d.String(), "ws2812{nrzled{hwtest-strip}, 64 GRB LEDs}"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	if d.LEDs() != 64 {
		t.Errorf("LEDs() = %d", d.LEDs())
	}
}

func TestErrors(t *testing.T) {
	for _, o := range []Opts{{LEDs: 0}, {LEDs: 4097}, {LEDs: 1, Order: "RGBX"}, {LEDs: 1, Order: "RRG"}, {LEDs: 1, Order: "RG"}, {LEDs: 1, Order: "GRBWW"}} {
		if d, err := New(&hwtest.Strip{}, &o); err == nil {
			t.Errorf("New(%+v) succeeded: %s", o, d)
		}
	}
	pb := &spitest.Playback{Initialized: true} // Connect already called: nrzled's error surfaces
	if _, err := New(pb, nil); err == nil {
		t.Error("New on a port already connected succeeded")
	}
	d, err := New(&hwtest.Strip{}, &Opts{LEDs: 3, Brightness: 255})
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Show(make(hw.LightFrame, 2)); err == nil {
		t.Error("Show of 2 colours on 3 LEDs succeeded")
	}
	failing := &spitest.Playback{Playback: conntest.Playback{DontPanic: true}}
	d, err = New(failing, &Opts{LEDs: 1, Brightness: 255})
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Show(make(hw.LightFrame, 1)); err == nil {
		t.Error("Show succeeded on a failing port")
	}
	if err := d.Halt(); err == nil {
		t.Error("Halt succeeded on a failing port")
	}
}

func TestShowDoesNotAllocate(t *testing.T) {
	d, err := New(&hwtest.Discard{}, &Opts{LEDs: 64, Brightness: 255, Order: "GRBW"})
	if err != nil {
		t.Fatal(err)
	}
	f := make(hw.LightFrame, 64)
	if n := testing.AllocsPerRun(100, func() { _ = d.Show(f) }); n != 0 {
		t.Errorf("Show allocates %v times", n)
	}
}

// BenchmarkShow shows a 64-LED frame: one SPI transaction of 3+64*12+3 bytes.
func BenchmarkShow(b *testing.B) {
	for _, order := range []string{"GRB", "GRBW"} {
		b.Run(order, func(b *testing.B) {
			sink := &hwtest.Discard{}
			d, err := New(sink, &Opts{LEDs: 64, Brightness: 128, Order: order})
			if err != nil {
				b.Fatal(err)
			}
			f := make(hw.LightFrame, 64)
			for i := range f {
				f[i] = hw.Color{R: uint8(i), G: uint8(3 * i), B: uint8(7 * i)}
			}
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				if err := d.Show(f); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			txs, n := sink.Counts()
			b.ReportMetric(float64(txs)/float64(b.N), "spi-tx/show")
			b.ReportMetric(float64(n)/float64(txs), "spi-bytes/tx")
		})
	}
}

// TestDimmer: the operator's brightness (hw.Dimmer) sends the frame last shown again at
// once, scaled to the new level; before the first Show and after Halt it sends nothing,
// and the next Show uses the level.
func TestDimmer(t *testing.T) {
	s := &hwtest.Strip{}
	d, err := New(s, &Opts{LEDs: 2, Brightness: 255, Order: "GRB"})
	if err != nil {
		t.Fatal(err)
	}
	var dim hw.Dimmer = d
	if err := dim.SetBrightness(200); err != nil { // nothing shown yet: nothing sent
		t.Fatal(err)
	}
	frame := hw.LightFrame{{R: 0xFF, G: 0x80, B: 0x00}, {R: 0x10, G: 0xFF, B: 0xFF}}
	if err := d.Show(frame); err != nil {
		t.Fatal(err)
	}
	if err := dim.SetBrightness(64); err != nil {
		t.Fatal(err)
	}
	if err := d.Halt(); err != nil {
		t.Fatal(err)
	}
	if err := dim.SetBrightness(128); err != nil { // dark after Halt: stays dark
		t.Fatal(err)
	}
	if err := d.Show(frame); err != nil {
		t.Fatal(err)
	}
	frames, err := s.Frames()
	if err != nil {
		t.Fatal(err)
	}
	want := [][]byte{
		{0x64, 0xC8, 0x00, 0xC8, 0x0D, 0xC8}, // Show at 200: G R B, v*200/255 rounded
		{0x20, 0x40, 0x00, 0x40, 0x04, 0x40}, // SetBrightness(64): the same frame at 64
		make([]byte, 6),                      // Halt
		{0x40, 0x80, 0x00, 0x80, 0x08, 0x80}, // the next Show at 128
	}
	if len(frames) != len(want) {
		t.Fatalf("%d transactions, want %d: % x", len(frames), len(want), frames)
	}
	for i := range want {
		if !bytes.Equal(frames[i][:6], want[i]) {
			t.Errorf("transaction %d: % x, want % x", i, frames[i], want[i])
		}
	}
}
