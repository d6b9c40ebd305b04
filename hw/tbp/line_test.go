package tbp

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/tavoliere/tavoliere/hw"
)

// The checksums below were computed apart from this package (a bitwise CRC-16 in Python,
// the one in firmware-config/tbp.md), so the encoder is not checked against itself.
var encodeTests = []struct{ payload, line string }{
	{"HELLO?", "HELLO?*C851\n"},
	{"F?", "F?*7DD9\n"},
	{"HELLO tbp/2 tav-8x8-reed 64 presence", "HELLO tbp/2 tav-8x8-reed 64 presence*86DD\n"},
	{"F 0 0000000000000000", "F 0 0000000000000000*6214\n"},
	{"B start 1", "B start 1*DDB6\n"},
	{"LOG free ram *1234", "LOG free ram *1234*AC89\n"},
	{"BRI 255", "BRI 255*0E1C\n"},
	{"L FF000000FF000000FF", "L FF000000FF000000FF*8F19\n"},
	{"OK L", "OK L*5C40\n"},
	{"ERR L want 64 LEDs got 3", "ERR L want 64 LEDs got 3*0A67\n"},
	{"", "*FFFF\n"},
}

func TestEncode(t *testing.T) {
	for _, tt := range encodeTests {
		got, err := Encode(tt.payload)
		if err != nil || got != tt.line {
			t.Errorf("Encode(%q) = %q, %v; want %q", tt.payload, got, err, tt.line)
		}
		p, err := Decode([]byte(tt.line))
		if err != nil || string(p) != tt.payload {
			t.Errorf("Decode(%q) = %q, %v; want %q", tt.line, p, err, tt.payload)
		}
	}
}

func TestEncodeBad(t *testing.T) {
	tests := []struct {
		payload string
		err     error
		says    string
	}{
		{"LOG tab\there", ErrMalformed, "payload byte 7 is 0x09"},
		{"LOG caf\xc3\xa9", ErrMalformed, "0xC3, not printable ASCII"},
		{"LOG \x7f", ErrMalformed, "0x7F"},
		{"LOG " + strings.Repeat("x", MaxLine-4-6+1), ErrOverlong, "makes a line of 1025, at most 1024"},
	}
	for _, tt := range tests {
		got, err := Encode(tt.payload)
		if !errors.Is(err, tt.err) || !strings.Contains(err.Error(), tt.says) {
			t.Errorf("Encode(%.20q) = %q, %v; want %v saying %q", tt.payload, got, err, tt.err, tt.says)
		}
	}
	// The longest payload that fits.
	p := "LOG " + strings.Repeat("x", MaxLine-4-6)
	if l, err := Encode(p); err != nil || len(l) != MaxLine {
		t.Errorf("Encode of a %d-byte payload: %d bytes, %v; want %d", len(p), len(l), err, MaxLine)
	}
	// AppendLine leaves dst as it was on error.
	dst := []byte("keep")
	if got, err := AppendLine(dst, []byte("bad\n")); err == nil || string(got) != "keep" {
		t.Errorf("AppendLine with a bad payload = %q, %v; want dst back and an error", got, err)
	}
}

func TestDecode(t *testing.T) {
	long := "LOG " + strings.Repeat("y", MaxLine-4-6)
	longCR := "LOG " + strings.Repeat("y", MaxLine-4-7)
	tests := []struct {
		line    string
		payload string // when err is nil
		err     error
		says    string
	}{
		{line: "HELLO?*C851\n", payload: "HELLO?"},
		{line: "HELLO?*C851\r\n", payload: "HELLO?"},
		{line: "*FFFF\n", payload: ""},
		{line: "LOG free ram *1234*AC89\n", payload: "LOG free ram *1234"},
		{line: long + "*" + hex4(long) + "\n", payload: long},
		{line: longCR + "*" + hex4(longCR) + "\r\n", payload: longCR},

		{line: long + "y*" + hex4(long+"y") + "\n", err: ErrOverlong, says: "1025 bytes, at most 1024"},
		{line: longCR + "y*" + hex4(longCR+"y") + "\r\n", err: ErrOverlong, says: "1025 bytes"},
		{line: "HELLO?*C851", err: ErrMalformed, says: "no \\n at the end"},
		{line: "", err: ErrMalformed, says: "no \\n at the end"},
		{line: "\n", err: ErrMalformed, says: "no *HHHH checksum"},
		{line: "\r\n", err: ErrMalformed, says: "no *HHHH checksum"},
		{line: "HELLO?\n", err: ErrMalformed, says: "no *HHHH checksum"},
		{line: "HELLO?*C85\n", err: ErrMalformed, says: "no *HHHH checksum"},
		{line: "HELLO?C851\n", err: ErrMalformed, says: "no *HHHH checksum"},
		{line: "HELLO?*C851 \n", err: ErrMalformed, says: "no *HHHH checksum"},
		{line: "HELLO?*C851\r\r\n", err: ErrMalformed, says: "no *HHHH checksum"},
		{line: "HELLO?*7D\n", err: ErrMalformed, says: "no *HHHH checksum"}, // TBP/1
		{line: "HELLO?*c851\n", err: ErrMalformed, says: `checksum "c851" is not four upper-case hex digits`},
		{line: "HELLO?*G851\n", err: ErrMalformed, says: "not four upper-case hex digits"},
		{line: "HELLO?*C852\n", err: ErrChecksum, says: "the line says C852, its payload's CRC is C851"},
		{line: "HELLO!*C851\n", err: ErrChecksum, says: "CRC is 3BAE"},
		{line: "F 1 00*0000\n", err: ErrChecksum, says: `"F 1 00"`},
		{line: "LOG a\x00b*" + hex4("LOG a\x00b") + "\n", err: ErrMalformed, says: "payload byte 5 is 0x00"},
		{line: "LOG a\rb*" + hex4("LOG a\rb") + "\n", err: ErrMalformed, says: "payload byte 5 is 0x0D"},
		{line: "LOG \xff*" + hex4("LOG \xff") + "\n", err: ErrMalformed, says: "0xFF, not printable ASCII"},
	}
	for _, tt := range tests {
		p, err := Decode([]byte(tt.line))
		switch {
		case tt.err == nil && (err != nil || string(p) != tt.payload):
			t.Errorf("Decode(%.40q) = %.40q, %v; want %.40q", tt.line, p, err, tt.payload)
		case tt.err != nil && (!errors.Is(err, tt.err) || !strings.Contains(err.Error(), tt.says)):
			t.Errorf("Decode(%.40q) = %.40q, %v; want %v saying %q", tt.line, p, err, tt.err, tt.says)
		}
	}
}

// hex4 is the checksum of s as the line spells it.
func hex4(s string) string {
	return fmt.Sprintf("%04X", Checksum([]byte(s)))
}

func TestSplitter(t *testing.T) {
	exact := strings.Repeat("a", MaxLine-1) + "\n"
	over := strings.Repeat("b", MaxLine) + "\n"
	huge := strings.Repeat("c", 100*MaxLine) + "\r\n"
	stream := "one\n" + "two\r\n" + over + "three\n" + exact + huge + huge + "\n" + "four\n" + "cut"
	want := []string{"one\n", "two\r\n", "three\n", exact, "\n", "four\n", "cut"}
	for name, r := range map[string]io.Reader{
		"whole":    strings.NewReader(stream),
		"bytewise": iotest.OneByteReader(strings.NewReader(stream)),
		"halves":   iotest.HalfReader(strings.NewReader(stream)),
	} {
		s := NewSplitter(r)
		var got []string
		for {
			line, err := s.Next()
			if err != nil {
				if err != io.EOF {
					t.Errorf("%s: Next: %v, want io.EOF", name, err)
				}
				break
			}
			got = append(got, string(line))
		}
		if len(got) != len(want) {
			t.Errorf("%s: %d lines, want %d", name, len(got), len(want))
		}
		for i := range min(len(got), len(want)) {
			if got[i] != want[i] {
				t.Errorf("%s: line %d = %.30q (%d bytes), want %.30q (%d bytes)", name, i, got[i], len(got[i]), want[i], len(want[i]))
			}
		}
		if s.Overlong() != 3 {
			t.Errorf("%s: Overlong() = %d, want 3", name, s.Overlong())
		}
		if _, err := s.Next(); err != io.EOF {
			t.Errorf("%s: Next after the end: %v, want io.EOF again", name, err)
		}
	}
}

// A line that never ends costs no more than MaxLine bytes of buffer: the splitter reads it
// through a reader that would fail the test if it were asked to buffer it.
func TestSplitterEndlessLine(t *testing.T) {
	r := io.MultiReader(io.LimitReader(endless('z'), 10<<20), strings.NewReader("\nok\n"))
	s := NewSplitter(r)
	line, err := s.Next()
	if err != nil || string(line) != "ok\n" {
		t.Fatalf("Next = %q, %v; want \"ok\\n\"", line, err)
	}
	if s.Overlong() != 1 {
		t.Errorf("Overlong() = %d, want 1", s.Overlong())
	}
	if n := testing.AllocsPerRun(10, func() {
		s := NewSplitter(io.MultiReader(io.LimitReader(endless('z'), 1<<20), strings.NewReader("\n")))
		s.Next()
	}); n > 10 {
		t.Errorf("skipping 1 MiB allocates %v times; want a bounded buffer", n)
	}
}

type endless byte

func (e endless) Read(b []byte) (int, error) {
	for i := range b {
		b[i] = byte(e)
	}
	return len(b), nil
}

// A stream error ends the splitter for good; the partial line before it still comes.
func TestSplitterError(t *testing.T) {
	boom := errors.New("boom")
	s := NewSplitter(io.MultiReader(strings.NewReader("a\nb"), iotest.ErrReader(boom)))
	for i, want := range []string{"a\n", "b"} {
		if line, err := s.Next(); err != nil || !bytes.Equal(line, []byte(want)) {
			t.Fatalf("Next %d = %q, %v; want %q", i, line, err, want)
		}
	}
	for range 2 {
		if _, err := s.Next(); !errors.Is(err, boom) {
			t.Fatalf("Next = %v, want %v", err, boom)
		}
	}
}

// The CRC-16/CCITT-FALSE check value, and the CRC computed bit by bit as its definition
// says, against the table-driven Checksum, for every byte value in every position mod 2.
func TestChecksum(t *testing.T) {
	if got := Checksum([]byte("123456789")); got != 0x29B1 {
		t.Errorf("Checksum(\"123456789\") = %04X, want 29B1 (CRC-16/CCITT-FALSE's check value)", got)
	}
	bitwise := func(p []byte) uint16 {
		crc := uint16(0xFFFF)
		for _, c := range p {
			crc ^= uint16(c) << 8
			for range 8 {
				if crc&0x8000 != 0 {
					crc = crc<<1 ^ 0x1021
				} else {
					crc <<= 1
				}
			}
		}
		return crc
	}
	var p []byte
	for b := range 256 {
		p = append(p, byte(b), byte(255-b))
		if got, want := Checksum(p), bitwise(p); got != want {
			t.Fatalf("Checksum of %d bytes = %04X, bitwise %04X", len(p), got, want)
		}
	}
}

// The flaw that made TBP/1 change: two flips of the same bit in two bytes leave the XOR
// as it was. Here bit 0 of a1's hex digit ('1' to '0') and of a7's ('0' to '1'): TBP/1
// took the line, and a piece moved from a1 to a7 that nobody moved. The CRC refuses it.
func TestPhantomFrame(t *testing.T) {
	good, phantom := "F 41 0100000000000000", "F 41 0000000000000100"
	var flipped []int
	for i := range good {
		if d := good[i] ^ phantom[i]; d != 0 {
			if d != 1 {
				t.Fatalf("byte %d differs by %08b, want bit 0 only", i, d)
			}
			flipped = append(flipped, i)
		}
	}
	if len(flipped) != 2 {
		t.Fatalf("%d bytes differ, want 2", len(flipped))
	}
	if legacyChecksum([]byte(good)) != legacyChecksum([]byte(phantom)) {
		t.Fatal("the XORs differ: not the case TBP/1 missed")
	}
	line, _ := Encode(good)
	bad := phantom + line[len(good):]
	if _, err := Decode([]byte(bad)); !errors.Is(err, ErrChecksum) {
		t.Errorf("Decode(%q) = %v, want ErrChecksum", bad, err)
	}
	if p, ok := decodeLegacy([]byte(phantom + fmt.Sprintf("*%02X\n", legacyChecksum([]byte(good))))); !ok || string(p) != phantom {
		t.Errorf("as a TBP/1 line the phantom passes its XOR: decodeLegacy = %q, %v", p, ok)
	}
	seq, cells, err := ParseFrame([]byte(phantom), 64, hw.Presence, nil)
	if err != nil || seq != 41 || cells[0] != 0 || cells[48] != 1 {
		t.Errorf("the phantom frame reads %d %v, %v; want a7 (cell 48) taken, a1 empty", seq, cells, err)
	}
}

// Every error of one or two flipped bits in the longest line is caught: a two-bit error
// passes only if the two bits' syndromes (the CRC's change when one bit flips) are equal,
// and the 8152 syndromes of a 1019-byte payload are all different and non-zero. Errors of
// three bits (odd weight: the polynomial has x+1 as a factor) are sampled.
func TestChecksumCatchesFlips(t *testing.T) {
	p := make([]byte, MaxLine-CheckLen-1)
	for i := range p {
		p[i] = "0123456789ABCDEF"[i*7%16]
	}
	base := Checksum(p)
	seen := make(map[uint16]int, 8*len(p))
	for bit := range 8 * len(p) {
		p[bit/8] ^= 1 << (bit % 8)
		s := Checksum(p) ^ base
		p[bit/8] ^= 1 << (bit % 8)
		if s == 0 {
			t.Fatalf("flipping bit %d goes unseen", bit)
		}
		if other, ok := seen[s]; ok {
			t.Fatalf("flipping bits %d and %d together goes unseen", other, bit)
		}
		seen[s] = bit
	}
	r := uint32(1)
	next := func() int { r = r*1664525 + 1013904223; return int(r>>8) % (8 * len(p)) }
	for range 20000 {
		a, b, c := next(), next(), next()
		if a == b || b == c || a == c {
			continue
		}
		for _, bit := range []int{a, b, c} {
			p[bit/8] ^= 1 << (bit % 8)
		}
		if Checksum(p) == base {
			t.Fatalf("flipping bits %d, %d and %d goes unseen", a, b, c)
		}
		for _, bit := range []int{a, b, c} {
			p[bit/8] ^= 1 << (bit % 8)
		}
	}
}
