package tbp

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/tavoliere/tavoliere/hw"
)

var update = flag.Bool("update", false, "rewrite testdata/vectors.txt")

// vectors are the representative messages of testdata/vectors.txt, which the firmware's
// encoder is checked against too.
var vectors = []struct {
	msg     Msg
	toBoard bool // a host command
}{
	{msg: HelloQuery{}, toBoard: true},
	{msg: FrameQuery{}, toBoard: true},
	{msg: Brightness{Level: 0}, toBoard: true},
	{msg: Brightness{Level: 128}, toBoard: true},
	{msg: Brightness{Level: 255}, toBoard: true},
	{msg: Lights{Colors: hw.LightFrame{{R: 255}, {G: 255}, {B: 255}}}, toBoard: true},
	{msg: Lights{Colors: make(hw.LightFrame, 16)}, toBoard: true},
	{msg: Lights{Colors: hw.LightFrame{{R: 0x12, G: 0x34, B: 0x56}, {R: 0xab, G: 0xcd, B: 0xef}}}, toBoard: true},
	{msg: Hello{Board: "tav-8x8-reed", Cells: 64, Kind: hw.Presence}},
	{msg: Hello{Board: "quarto-hall-4x4", Cells: 20, Kind: hw.Polarity}},
	{msg: Hello{Board: "rfid-4x4", Cells: 16, Kind: hw.Identity}},
	{msg: Frame{Seq: 0, Data: make([]byte, 8)}},                                          // 8x8 presence, empty
	{msg: Frame{Seq: 1, Data: []byte{0xff, 0xff, 0, 0, 0, 0, 0xff, 0xff}}},               // 8x8 presence, two rows each side
	{msg: Frame{Seq: 65535, Data: []byte{0x81, 0, 0, 0, 0, 0, 0, 0x81}}},                 // corners; seq about to wrap
	{msg: Frame{Seq: 12, Data: []byte{0xff, 0xff, 0xff, 0x01}}},                          // 5x5 presence: 25 bits in 4 bytes
	{msg: Frame{Seq: 300, Data: []byte{1, 2, 0, 0, 2, 1, 0, 0, 0, 0, 1, 2, 0, 0, 2, 1}}}, // 4x4 polarity
	{msg: Frame{Seq: 7, Data: []byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}}},
	{msg: Frame{Seq: 41, Data: []byte{1, 0, 0, 0, 0, 0, 0, 0}}}, // a1; the phantom below is a7
	{msg: Button{Name: "start", Down: true}},
	{msg: Button{Name: "start", Down: false}},
	{msg: OK{Verb: "L"}},
	{msg: OK{Verb: "BRI"}},
	{msg: Err{Verb: "L", Reason: "want 64 LEDs, got 63"}},
	{msg: Log{Text: "boot fw 1.0, scan 100 Hz"}},
	{msg: Log{Text: "free ram *812 bytes"}},
}

// crcVectors are "crc" rows: a text, and its CRC-16/CCITT-FALSE as four hex digits.
var crcVectors = []struct {
	text string
	crc  uint16
}{
	{"123456789", 0x29B1}, // the check value of CRC-16/CCITT-FALSE
	{"", 0xFFFF},          // the initial value
	{"F 41 0100000000000000", 0x949B},
	{"F 41 0000000000000100", 0x0D57},
}

// rejectVectors are "reject" rows: a line (without its "\n") that both codecs drop, and
// how the firmware's parser names the reason (tbp.cpp's statusName).
var rejectVectors = []struct{ line, kind string }{
	// The frame above with bit 0 flipped in two bytes, a1's '1' and a7's '0': the XOR of
	// the payload is the same, so TBP/1 took it and saw a piece go from a1 to a7; the CRC
	// is not.
	{"F 41 0000000000000100*949B", "bad-checksum"},
	// The frame above in TBP/1, XOR checksum: not a TBP/2 line.
	{"F 41 0100000000000000*42", "no-checksum"},
	{"OK L*5c40", "bad-hex"},
	{"OK M*5C40", "bad-checksum"},
	{"LOG café*" + fmt.Sprintf("%04X", Checksum([]byte("LOG café"))), "bad-char"}, // é is 2 bytes over 0x7E
}

// rejectErr is the error Decode gives for a reject row's kind.
var rejectErr = map[string]error{
	"bad-checksum": ErrChecksum,
	"no-checksum":  ErrMalformed,
	"bad-hex":      ErrMalformed,
	"bad-char":     ErrMalformed,
	"too-long":     ErrOverlong,
}

const vectorsFile = "testdata/vectors.txt"

// TestVectors writes (with -update) or checks the golden vectors: one a line, the
// payload, a tab, and the encoded line without its "\n"; then the "crc" rows (crc, tab,
// text, tab, CRC) and the "reject" rows (reject, tab, line, tab, why).
func TestVectors(t *testing.T) {
	var b bytes.Buffer
	for _, v := range vectors {
		p := v.msg.AppendPayload(nil)
		line, err := AppendMsg(nil, v.msg)
		if err != nil {
			t.Fatalf("%#v: %v", v.msg, err)
		}
		fmt.Fprintf(&b, "%s\t%s", p, line)
	}
	for _, v := range crcVectors {
		fmt.Fprintf(&b, "crc\t%s\t%04X\n", v.text, v.crc)
	}
	for _, v := range rejectVectors {
		fmt.Fprintf(&b, "reject\t%s\t%s\n", v.line, v.kind)
	}
	if *update {
		if err := os.WriteFile(vectorsFile, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(vectorsFile)
	if err != nil {
		t.Fatalf("%v (go test -run TestVectors -update writes it)", err)
	}
	if !bytes.Equal(got, b.Bytes()) {
		t.Errorf("%s differs from the vectors in this test; run go test -run TestVectors -update and review the diff", vectorsFile)
	}
	checkVectors(t, vectorsFile, true)
}

// TestFirmwareVectors checks the firmware's own vectors with this codec: the two
// encoders must agree byte for byte.
func TestFirmwareVectors(t *testing.T) {
	name := filepath.Join("..", "..", "firmware-config", "firmware", "test", "vectors.txt")
	if _, err := os.Stat(name); os.IsNotExist(err) {
		t.Skipf("%s does not exist: no firmware vectors to check", name)
	}
	checkVectors(t, name, false)
}

// checkVectors checks every vector in the file: the payload encodes to the line, the line
// decodes to the payload, and the payload is a message of one side or the other that
// formats back the same (canonical, when strict: this package's own file). Blank lines
// and lines starting with '#' are skipped.
func checkVectors(t *testing.T, name string, strict bool) {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for i, row := range strings.Split(string(data), "\n") {
		row = strings.TrimSuffix(row, "\r")
		if row == "" || strings.HasPrefix(row, "#") {
			continue
		}
		at := fmt.Sprintf("%s:%d", name, i+1)
		if f := strings.Split(row, "\t"); len(f) == 3 && (f[0] == "crc" || f[0] == "reject") {
			n++
			checkSpecialVector(t, at, f[0], f[1], f[2])
			continue
		}
		payload, line, ok := strings.Cut(row, "\t")
		if !ok || strings.Contains(line, "\t") {
			t.Errorf("%s: %q is not payload<TAB>line, crc<TAB>text<TAB>HHHH or reject<TAB>line<TAB>why", at, row)
			continue
		}
		n++
		if enc, err := Encode(payload); err != nil || enc != line+"\n" {
			t.Errorf("%s: Encode(%q) = %q, %v; the file says %q", at, payload, enc, err, line)
		}
		if p, err := Decode([]byte(line + "\n")); err != nil || string(p) != payload {
			t.Errorf("%s: Decode(%q) = %q, %v; want %q", at, line, p, err, payload)
		}
		m, err := Parse([]byte(payload))
		if err != nil {
			var err2 error
			if m, err2 = ParseCommand([]byte(payload)); err2 != nil {
				t.Errorf("%s: %q is neither a board message (%v) nor a host command (%v)", at, payload, err, err2)
				continue
			}
		}
		again := m.AppendPayload(nil)
		if strict && string(again) != payload {
			t.Errorf("%s: %q formats back as %q", at, payload, again)
		}
		if m2, err := parseEither(again); err != nil || !reflect.DeepEqual(m, m2) {
			t.Errorf("%s: %q parses to %#v, formats as %q, which parses to %#v, %v", at, payload, m, again, m2, err)
		}
	}
	if n == 0 {
		t.Errorf("%s: no vectors", name)
	}
	t.Logf("%s: %d vectors checked", name, n)
}

// checkSpecialVector checks a "crc" row (the text's checksum is the four hex digits) or a
// "reject" row (Decode refuses the line, for the reason given).
func checkSpecialVector(t *testing.T, at, kind, a, b string) {
	t.Helper()
	switch kind {
	case "crc":
		if got := fmt.Sprintf("%04X", Checksum([]byte(a))); got != b {
			t.Errorf("%s: Checksum(%q) = %s, the file says %s", at, a, got, b)
		}
	case "reject":
		want, ok := rejectErr[b]
		if !ok {
			t.Errorf("%s: reason %q is none of the firmware parser's", at, b)
			return
		}
		if p, err := Decode([]byte(a + "\n")); !errors.Is(err, want) {
			t.Errorf("%s: Decode(%q) = %q, %v; want %v (%s)", at, a, p, err, want, b)
		}
	}
}

func parseEither(p []byte) (Msg, error) {
	if m, err := Parse(p); err == nil {
		return m, nil
	}
	return ParseCommand(p)
}

// TestSpec keeps firmware-config/tbp.md honest: every line in a ```tbp block is a good
// line of one side or the other, and the ```vectors block is testdata/vectors.txt.
func TestSpec(t *testing.T) {
	name := filepath.Join("..", "..", "firmware-config", "tbp.md")
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	block, lines := "", 0
	var vec strings.Builder
	for i, row := range strings.Split(string(data), "\n") {
		at := fmt.Sprintf("%s:%d", name, i+1)
		switch {
		case strings.HasPrefix(row, "```"):
			if block == "" {
				block = strings.TrimPrefix(row, "```")
				if block == "" {
					block = "text"
				}
			} else {
				block = ""
			}
		case block == "tbp":
			lines++
			p, err := Decode([]byte(row + "\n"))
			if err != nil {
				t.Errorf("%s: %v", at, err)
				continue
			}
			if _, err := parseEither(p); err != nil {
				t.Errorf("%s: %v", at, err)
			}
		case block == "vectors":
			vec.WriteString(strings.ReplaceAll(row, " → ", "\t") + "\n")
		}
	}
	if lines < 10 {
		t.Errorf("%s: only %d example lines", name, lines)
	}
	want, err := os.ReadFile(vectorsFile)
	if err != nil {
		t.Fatal(err)
	}
	if vec.String() != string(want) {
		t.Errorf("%s: the vectors block is not %s", name, vectorsFile)
	}
}
