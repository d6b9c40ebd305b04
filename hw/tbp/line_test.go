package tbp

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// The checksums below were computed apart from this package (a Python one-liner), so the
// encoder is not checked against itself.
var encodeTests = []struct{ payload, line string }{
	{"HELLO?", "HELLO?*7D\n"},
	{"F?", "F?*79\n"},
	{"HELLO tbp/1 tav-8x8-reed 64 presence", "HELLO tbp/1 tav-8x8-reed 64 presence*2C\n"},
	{"F 0 0000000000000000", "F 0 0000000000000000*76\n"},
	{"B start 1", "B start 1*13\n"},
	{"LOG free ram *1234", "LOG free ram *1234*20\n"},
	{"BRI 255", "BRI 255*4B\n"},
	{"L FF000000FF000000FF", "L FF000000FF000000FF*6C\n"},
	{"OK L", "OK L*68\n"},
	{"ERR L want 64 LEDs got 3", "ERR L want 64 LEDs got 3*76\n"},
	{"", "*00\n"},
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
		{"LOG " + strings.Repeat("x", MaxLine-4-4+1), ErrOverlong, "makes a line of 1025, at most 1024"},
	}
	for _, tt := range tests {
		got, err := Encode(tt.payload)
		if !errors.Is(err, tt.err) || !strings.Contains(err.Error(), tt.says) {
			t.Errorf("Encode(%.20q) = %q, %v; want %v saying %q", tt.payload, got, err, tt.err, tt.says)
		}
	}
	// The longest payload that fits.
	p := "LOG " + strings.Repeat("x", MaxLine-4-4)
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
	long := "LOG " + strings.Repeat("y", MaxLine-4-4)
	longCR := "LOG " + strings.Repeat("y", MaxLine-4-5)
	tests := []struct {
		line    string
		payload string // when err is nil
		err     error
		says    string
	}{
		{line: "HELLO?*7D\n", payload: "HELLO?"},
		{line: "HELLO?*7D\r\n", payload: "HELLO?"},
		{line: "*00\n", payload: ""},
		{line: "LOG free ram *1234*20\n", payload: "LOG free ram *1234"},
		{line: long + "*" + hex2(long) + "\n", payload: long},
		{line: longCR + "*" + hex2(longCR) + "\r\n", payload: longCR},

		{line: long + "y*" + hex2(long+"y") + "\n", err: ErrOverlong, says: "1025 bytes, at most 1024"},
		{line: longCR + "y*" + hex2(longCR+"y") + "\r\n", err: ErrOverlong, says: "1025 bytes"},
		{line: "HELLO?*7D", err: ErrMalformed, says: "no \\n at the end"},
		{line: "", err: ErrMalformed, says: "no \\n at the end"},
		{line: "\n", err: ErrMalformed, says: "no *HH checksum"},
		{line: "\r\n", err: ErrMalformed, says: "no *HH checksum"},
		{line: "HELLO?\n", err: ErrMalformed, says: "no *HH checksum"},
		{line: "HELLO?*7\n", err: ErrMalformed, says: "no *HH checksum"},
		{line: "HELLO?7D\n", err: ErrMalformed, says: "no *HH checksum"},
		{line: "HELLO?*7D \n", err: ErrMalformed, says: "no *HH checksum"},
		{line: "HELLO?*7D\r\r\n", err: ErrMalformed, says: "no *HH checksum"},
		{line: "HELLO?*7d\n", err: ErrMalformed, says: `checksum "7d" is not two upper-case hex digits`},
		{line: "HELLO?*G0\n", err: ErrMalformed, says: "not two upper-case hex digits"},
		{line: "HELLO?*7E\n", err: ErrChecksum, says: "the line says 7E, its payload XORs to 7D"},
		{line: "HELLO!*7D\n", err: ErrChecksum, says: "XORs to 63"},
		{line: "F 1 00*00\n", err: ErrChecksum, says: `"F 1 00"`},
		{line: "LOG a\x00b*" + hex2("LOG a\x00b") + "\n", err: ErrMalformed, says: "payload byte 5 is 0x00"},
		{line: "LOG a\rb*" + hex2("LOG a\rb") + "\n", err: ErrMalformed, says: "payload byte 5 is 0x0D"},
		{line: "LOG \xff*" + hex2("LOG \xff") + "\n", err: ErrMalformed, says: "0xFF, not printable ASCII"},
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

// hex2 is the checksum of s as the line spells it.
func hex2(s string) string {
	x := Checksum([]byte(s))
	return string([]byte{hexDigits[x>>4], hexDigits[x&15]})
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
