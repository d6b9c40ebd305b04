package tbp

import (
	"testing"

	"github.com/tavoliere/tavoliere/hw"
)

// BenchmarkDecodeFrame is the driver's work per frame line: check the line, read the
// frame into a reused buffer.
func BenchmarkDecodeFrame(b *testing.B) {
	polarity := make([]byte, 64)
	for i := range polarity {
		polarity[i] = byte(i % 3)
	}
	for _, bb := range []struct {
		name  string
		kind  hw.SensorKind
		cells int
		data  []byte
	}{
		{"presence-8x8", hw.Presence, 64, []byte{0xff, 0xff, 0, 0x18, 0x18, 0, 0xff, 0xff}},
		{"polarity-64", hw.Polarity, 64, polarity},
	} {
		line, err := AppendMsg(nil, Frame{Seq: 54321, Data: bb.data})
		if err != nil {
			b.Fatal(err)
		}
		dst := make([]hw.Reading, bb.cells)
		b.Run(bb.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(line)))
			for b.Loop() {
				p, err := Decode(line)
				if err != nil {
					b.Fatal(err)
				}
				if _, dst, err = ParseFrame(p, bb.cells, bb.kind, dst); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkAppendLights is the work of one Show on an 8x8 board.
func BenchmarkAppendLights(b *testing.B) {
	l := make(hw.LightFrame, 64)
	for i := range l {
		l[i] = hw.Color{R: byte(i), G: byte(2 * i), B: byte(3 * i)}
	}
	buf := make([]byte, 0, MaxLine)
	b.ReportAllocs()
	for b.Loop() {
		var err error
		if buf, err = finishLine(Lights{Colors: l}.AppendPayload(buf[:0]), 0); err != nil {
			b.Fatal(err)
		}
	}
}
