package tbp

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/tavoliere/tavoliere/hw"
)

func TestParse(t *testing.T) {
	tests := []struct {
		payload string
		want    Msg
	}{
		{"HELLO tbp/2 tav-8x8-reed 64 presence", Hello{Board: "tav-8x8-reed", Cells: 64, Kind: hw.Presence}},
		{"HELLO tbp/2 q*4 16 polarity", Hello{Board: "q*4", Cells: 16, Kind: hw.Polarity}},
		{"HELLO tbp/2 x 65535 identity", Hello{Board: "x", Cells: 65535, Kind: hw.Identity}},
		{"HELLO tbp/2 pad 0064 presence", Hello{Board: "pad", Cells: 64, Kind: hw.Presence}},
		{"F 0 00", Frame{Seq: 0, Data: []byte{0}}},
		{"F 65535 FFab01", Frame{Seq: 65535, Data: []byte{0xff, 0xab, 0x01}}},
		{"F 00042 10", Frame{Seq: 42, Data: []byte{0x10}}},
		{"B start 1", Button{Name: "start", Down: true}},
		{"B a-b_c 0", Button{Name: "a-b_c"}},
		{"OK L", OK{Verb: "L"}},
		{"OK BRI", OK{Verb: "BRI"}},
		{"ERR L want 64 LEDs, got 3", Err{Verb: "L", Reason: "want 64 LEDs, got 3"}},
		{"ERR X? unknown", Err{Verb: "X?", Reason: "unknown"}},
		{"LOG boot v1.2 scan 50 Hz", Log{Text: "boot v1.2 scan 50 Hz"}},
		{"LOG  leading space kept", Log{Text: " leading space kept"}},
		{"LOG *", Log{Text: "*"}},
	}
	for _, tt := range tests {
		got, err := Parse([]byte(tt.payload))
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Parse(%q) = %#v, %v; want %#v", tt.payload, got, err, tt.want)
		}
	}
}

func TestParseBad(t *testing.T) {
	tests := []struct{ payload, says string }{
		{"", `unknown message ""`},
		{"HELLO", "1 field, want 5"},
		{"HELLO?", `unknown message "HELLO?"`},
		{"hello tbp/1 x 64 presence", `unknown message "hello"`},
		{"HELLO tbp/x x 64 presence", `protocol "tbp/x", want tbp/2`},
		{"HELLO tbp/ x 64 presence", `protocol "tbp/", want tbp/2`},
		{"HELLO TBP/1 x 64 presence", `protocol "TBP/1"`},
		{"HELLO tbp/2 x 64", "4 fields, want 5"},
		{"HELLO tbp/2 x 64 presence extra", "more than 5 fields"},
		{"HELLO tbp/2  64 presence", "empty field 3"},
		{"HELLO tbp/2 x 0 presence", `cells "0" is not a number 1-65535`},
		{"HELLO tbp/2 x 65536 presence", `cells "65536"`},
		{"HELLO tbp/2 x 100000 presence", `cells "100000"`},
		{"HELLO tbp/2 x -1 presence", `cells "-1"`},
		{"HELLO tbp/2 x +64 presence", `cells "+64"`},
		{"HELLO tbp/2 x 64 Presence", `sensor kind "Presence"`},
		{"HELLO tbp/2 x 64 presence ", "more than 5 fields"},
		{"F", "1 field, want 3"},
		{"F 1", "2 fields, want 3"},
		{"F 1 ", "empty field 3"},
		{"F  00", "empty field 2"},
		{"F 65536 00", `seq "65536" is not a number 0-65535`},
		{"F -1 00", `seq "-1"`},
		{"F 0x1 00", `seq "0x1"`},
		{"F 1 0", "odd number of hex digits (1)"},
		{"F 1 0G", `"0G" is not a hex byte`},
		{"F 1 00 00", "more than 3 fields"},
		{"F 1 " + strings.Repeat("00", MaxFrameBytes+1), "1010 hex digits, at most 1008"},
		{"B start", "2 fields, want 3"},
		{"B start 2", `button state "2", want 0 or 1`},
		{"B start on", `button state "on"`},
		{"B  1", "empty field 2"},
		{"OK", "empty field 2"},
		{"OK L extra", "more than 2 fields"},
		{"ERR L", "ERR without a reason"},
		{"ERR L ", "ERR without a reason"},
		{"ERR", "empty field 2"},
		{"LOG", "LOG without text"},
		{"LOG ", "LOG without text"},
		{"L FF0000", `unknown message "L"`},
		{"X 1", `unknown message "X"`},
	}
	for _, tt := range tests {
		got, err := Parse([]byte(tt.payload))
		if !errors.Is(err, ErrMalformed) || !strings.Contains(err.Error(), tt.says) {
			t.Errorf("Parse(%.30q) = %#v, %v; want ErrMalformed saying %q", tt.payload, got, err, tt.says)
		}
	}
}

// A HELLO in another version is refused with both versions named and what to do, however
// the rest of it reads.
func TestParseVersion(t *testing.T) {
	tests := []struct{ payload, board, says string }{
		{"HELLO tbp/1 tbp-4x4 16 presence", "tbp/1", "tbp: the board speaks tbp/1, this tavoliere speaks tbp/2: update the board's firmware"},
		{"HELLO tbp/0", "tbp/0", "the board speaks tbp/0, this tavoliere speaks tbp/2: update the board's firmware"},
		{"HELLO tbp/3 tbp-4x4 16 presence with more", "tbp/3", "the board speaks tbp/3, this tavoliere speaks tbp/2: update tavoliere, or flash the board with firmware for tbp/2"},
		{"HELLO tbp/17", "tbp/17", "speaks tbp/17"},
	}
	for _, tt := range tests {
		m, err := Parse([]byte(tt.payload))
		var ve *VersionError
		if !errors.As(err, &ve) || !errors.Is(err, ErrVersion) || ve.Board != tt.board || !strings.Contains(err.Error(), tt.says) {
			t.Errorf("Parse(%q) = %#v, %v; want a VersionError for %s saying %q", tt.payload, m, err, tt.board, tt.says)
		}
	}
}

func TestParseCommand(t *testing.T) {
	tests := []struct {
		payload string
		want    Msg
	}{
		{"HELLO?", HelloQuery{}},
		{"F?", FrameQuery{}},
		{"L FF0000", Lights{Colors: hw.LightFrame{{R: 255}}}},
		{"L 000000ff80c0", Lights{Colors: hw.LightFrame{{}, {R: 0xff, G: 0x80, B: 0xc0}}}},
		{"BRI 0", Brightness{}},
		{"BRI 255", Brightness{Level: 255}},
		{"BRI 007", Brightness{Level: 7}},
	}
	for _, tt := range tests {
		got, err := ParseCommand([]byte(tt.payload))
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("ParseCommand(%q) = %#v, %v; want %#v", tt.payload, got, err, tt.want)
		}
	}
	bad := []struct{ payload, says string }{
		{"HELLO? now", "HELLO? takes no arguments"},
		{"F? ", "F? takes no arguments"},
		{"L", "empty field 2"},
		{"L ", "empty field 2"},
		{"L FF00", "4 hex digits of colour, want 6 per LED"},
		{"L FF00ZZ", `"ZZ" is not a hex byte`},
		{"L FF0000 00FF00", "more than 2 fields"},
		{"BRI 256", `brightness "256" is not a number 0-255`},
		{"BRI -1", `brightness "-1"`},
		{"BRI", "empty field 2"},
		{"F 1 00", `unknown command "F"`},
		{"HELLO tbp/2 x 1 presence", `unknown command "HELLO"`},
	}
	for _, tt := range bad {
		got, err := ParseCommand([]byte(tt.payload))
		if !errors.Is(err, ErrMalformed) || !strings.Contains(err.Error(), tt.says) {
			t.Errorf("ParseCommand(%q) = %#v, %v; want ErrMalformed saying %q", tt.payload, got, err, tt.says)
		}
	}
}

func TestParseFrame(t *testing.T) {
	r := func(s string) []hw.Reading { // "10.2" -> 1, 0, 0, 2
		out := make([]hw.Reading, len(s))
		for i, c := range s {
			if c != '.' {
				out[i] = hw.Reading(c - '0')
			}
		}
		return out
	}
	tests := []struct {
		payload string
		cells   int
		kind    hw.SensorKind
		seq     uint16
		want    []hw.Reading
		says    string // an error
	}{
		{payload: "F 7 01", cells: 1, kind: hw.Presence, seq: 7, want: r("1")},
		{payload: "F 7 0180", cells: 16, kind: hw.Presence, seq: 7, want: r("1..............1")},
		{payload: "F 0 0F", cells: 4, kind: hw.Presence, want: r("1111")},
		{payload: "F 0 FFFFFF01", cells: 25, kind: hw.Presence, want: r("1111111111111111111111111")},
		{payload: "F 65535 8100000000000081", cells: 64, kind: hw.Presence, seq: 65535,
			want: r("1......1" + strings.Repeat("........", 6) + "1......1")},
		{payload: "F 3 000102", cells: 3, kind: hw.Polarity, seq: 3, want: r(".12")},
		{payload: "F 3 00FF2a", cells: 3, kind: hw.Identity, seq: 3, want: []hw.Reading{0, 255, 42}},

		{payload: "F 0 1F", cells: 4, kind: hw.Presence, says: "bits past cell 3 are set in the last byte 1F"},
		{payload: "F 0 FFFFFF02", cells: 25, kind: hw.Presence, says: "bits past cell 24"},
		{payload: "F 0 00", cells: 16, kind: hw.Presence, says: "2 hex digits, a board of 16 presence cells sends 4"},
		{payload: "F 0 000000", cells: 16, kind: hw.Presence, says: "6 hex digits"},
		{payload: "F 0 0001", cells: 16, kind: hw.Polarity, says: "sends 32"},
		{payload: "F 3 000103", cells: 3, kind: hw.Polarity, says: "polarity cell 2 reads 3, want 0, 1 or 2"},
		{payload: "F 3 0001", cells: 3, kind: hw.Identity, says: "sends 6"},
		{payload: "F 70000 00", cells: 1, kind: hw.Presence, says: "seq"},
		{payload: "F 1 0g", cells: 1, kind: hw.Presence, says: "not a hex byte"},
		{payload: "B 1 0", cells: 1, kind: hw.Presence, says: "not a frame"},
		{payload: "F", cells: 1, kind: hw.Presence, says: "not a frame"},
	}
	for _, tt := range tests {
		dst := make([]hw.Reading, 1, 4)
		seq, got, err := ParseFrame([]byte(tt.payload), tt.cells, tt.kind, dst)
		if tt.says != "" {
			if !errors.Is(err, ErrMalformed) || !strings.Contains(err.Error(), tt.says) {
				t.Errorf("ParseFrame(%q, %d %v) = %v; want ErrMalformed saying %q", tt.payload, tt.cells, tt.kind, err, tt.says)
			}
			continue
		}
		if err != nil || seq != tt.seq || !slices.Equal(got, tt.want) {
			t.Errorf("ParseFrame(%q, %d %v) = %d, %v, %v; want %d, %v", tt.payload, tt.cells, tt.kind, seq, got, err, tt.seq, tt.want)
		}
		if tt.cells <= cap(dst) && &got[0] != &dst[0] {
			t.Errorf("ParseFrame(%q) did not reuse dst", tt.payload)
		}
		// Parse and Frame.Readings agree with ParseFrame.
		m, err := Parse([]byte(tt.payload))
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.payload, err)
			continue
		}
		got2, err := m.(Frame).Readings(tt.cells, tt.kind, nil)
		if err != nil || !slices.Equal(got2, tt.want) {
			t.Errorf("Frame.Readings(%q) = %v, %v; want %v", tt.payload, got2, err, tt.want)
		}
	}
	if _, err := (Frame{Data: []byte{1, 2}}).Readings(3, hw.Polarity, nil); err == nil || !strings.Contains(err.Error(), "frame of 2 bytes, a board of 3 polarity cells sends 3") {
		t.Errorf("Readings of a short frame: %v", err)
	}
}

// Every message formats to a payload that parses back to itself.
func TestRoundTrip(t *testing.T) {
	for _, v := range vectors {
		p := v.msg.AppendPayload(nil)
		var got Msg
		var err error
		if v.toBoard {
			got, err = ParseCommand(p)
		} else {
			got, err = Parse(p)
		}
		if err != nil || !reflect.DeepEqual(got, v.msg) {
			t.Errorf("parse(%q) = %#v, %v; want %#v", p, got, err, v.msg)
		}
	}
}

func TestAppendMsgLimits(t *testing.T) {
	l := Lights{Colors: make(hw.LightFrame, MaxLEDs)}
	line, err := AppendMsg(nil, l)
	if err != nil || len(line) > MaxLine {
		t.Fatalf("L of MaxLEDs (%d): %d bytes, %v", MaxLEDs, len(line), err)
	}
	l.Colors = append(l.Colors, hw.Off)
	if _, err := AppendMsg(nil, l); !errors.Is(err, ErrOverlong) {
		t.Errorf("L of %d LEDs: %v, want ErrOverlong", len(l.Colors), err)
	}
	// The fullest frame a board may send, with "\r\n", fits in a line.
	f := Frame{Seq: 65535, Data: make([]byte, MaxFrameBytes)}
	line, err = AppendMsg(nil, f)
	if err != nil || len(line)+1 > MaxLine {
		t.Errorf("F of MaxFrameBytes: %d bytes and \\r, %v", len(line), err)
	}
}

// The driver's path from line to readings allocates nothing.
func TestDecodeFrameAllocs(t *testing.T) {
	line, _ := AppendMsg(nil, Frame{Seq: 1234, Data: []byte{1, 2, 4, 8, 16, 32, 64, 128}})
	dst := make([]hw.Reading, 64)
	n := testing.AllocsPerRun(100, func() {
		p, err := Decode(line)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := ParseFrame(p, 64, hw.Presence, dst); err != nil {
			t.Fatal(err)
		}
	})
	if n != 0 {
		t.Errorf("Decode+ParseFrame: %v allocations, want 0", n)
	}
}
