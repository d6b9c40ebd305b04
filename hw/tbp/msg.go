package tbp

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/tavoliere/tavoliere/hw"
)

// Version is the protocol a HELLO must name: TBP/2, TBP/1 with a CRC-16 in place of the
// XOR checksum.
const Version = "tbp/2"

// ErrVersion is what a VersionError wraps.
var ErrVersion = errors.New("tbp: another version of the protocol")

// VersionError is a HELLO that names another version of the protocol than Version, or a
// TBP/1 line (its checksum an XOR): the board's firmware and this program do not speak
// the same protocol, and the board is not used.
type VersionError struct {
	Board string // the version the board speaks, "tbp/1"
}

func (e *VersionError) Error() string {
	fix := "update the board's firmware"
	if versionNumber(e.Board) > versionNumber(Version) {
		fix = "update tavoliere, or flash the board with firmware for " + Version
	}
	return fmt.Sprintf("tbp: the board speaks %s, this tavoliere speaks %s: %s", e.Board, Version, fix)
}

func (e *VersionError) Unwrap() error { return ErrVersion }

// versionNumber is N of "tbp/N", or -1.
func versionNumber(v string) int {
	n, ok := parseUint([]byte(strings.TrimPrefix(v, "tbp/")), 65535)
	if !ok || !strings.HasPrefix(v, "tbp/") {
		return -1
	}
	return n
}

// Msg is one TBP/2 message, in either direction.
type Msg interface {
	// AppendPayload appends the message as a payload: its line without "*HHHH\n".
	AppendPayload(dst []byte) []byte
}

// Messages from the board.
type (
	// Hello introduces the board: HELLO tbp/2 <board-id> <cells> <kind>.
	Hello struct {
		Board string // the firmware's name for its build, without spaces
		Cells int    // sensor channels, 1-65535
		Kind  hw.SensorKind
	}
	// Frame is a full scan: F <seq> <hex>. Data holds the bytes the hex spells; what they
	// mean depends on the board's cells and kind (see Readings).
	Frame struct {
		Seq  uint16
		Data []byte
	}
	// Button says a button went down or up: B <name> <0/1>.
	Button struct {
		Name string
		Down bool
	}
	// OK acknowledges a command: OK <verb>.
	OK struct{ Verb string }
	// Err refuses a command: ERR <verb> <reason>.
	Err struct{ Verb, Reason string }
	// Log is diagnostics, never acted on: LOG <text>.
	Log struct{ Text string }
)

// Commands from the host.
type (
	// HelloQuery asks the board for its HELLO: HELLO?.
	HelloQuery struct{}
	// FrameQuery asks for a full frame now: F?.
	FrameQuery struct{}
	// Lights sets every LED, in chain order: L <RRGGBB...>.
	Lights struct{ Colors hw.LightFrame }
	// Brightness sets the global brightness: BRI <0-255>.
	Brightness struct{ Level uint8 }
)

// AppendMsg appends m's line (payload, checksum, "\n") to dst.
func AppendMsg(dst []byte, m Msg) ([]byte, error) {
	start := len(dst)
	return finishLine(m.AppendPayload(dst), start)
}

// AppendPayload implements Msg.
func (m Hello) AppendPayload(dst []byte) []byte {
	dst = append(dst, "HELLO "+Version+" "...)
	dst = append(dst, m.Board...)
	dst = append(dst, ' ')
	dst = strconv.AppendInt(dst, int64(m.Cells), 10)
	dst = append(dst, ' ')
	return append(dst, m.Kind.String()...)
}

// AppendPayload implements Msg.
func (m Frame) AppendPayload(dst []byte) []byte {
	dst = append(dst, "F "...)
	dst = strconv.AppendUint(dst, uint64(m.Seq), 10)
	dst = append(dst, ' ')
	return appendHex(dst, m.Data)
}

// AppendPayload implements Msg.
func (m Button) AppendPayload(dst []byte) []byte {
	dst = append(dst, "B "...)
	dst = append(dst, m.Name...)
	if m.Down {
		return append(dst, " 1"...)
	}
	return append(dst, " 0"...)
}

// AppendPayload implements Msg.
func (m OK) AppendPayload(dst []byte) []byte { return append(append(dst, "OK "...), m.Verb...) }

// AppendPayload implements Msg.
func (m Err) AppendPayload(dst []byte) []byte {
	dst = append(dst, "ERR "...)
	dst = append(dst, m.Verb...)
	dst = append(dst, ' ')
	return append(dst, m.Reason...)
}

// AppendPayload implements Msg.
func (m Log) AppendPayload(dst []byte) []byte { return append(append(dst, "LOG "...), m.Text...) }

// AppendPayload implements Msg.
func (HelloQuery) AppendPayload(dst []byte) []byte { return append(dst, "HELLO?"...) }

// AppendPayload implements Msg.
func (FrameQuery) AppendPayload(dst []byte) []byte { return append(dst, "F?"...) }

// AppendPayload implements Msg.
func (m Lights) AppendPayload(dst []byte) []byte {
	dst = append(dst, "L "...)
	for _, c := range m.Colors {
		dst = append(dst,
			hexDigits[c.R>>4], hexDigits[c.R&15],
			hexDigits[c.G>>4], hexDigits[c.G&15],
			hexDigits[c.B>>4], hexDigits[c.B&15])
	}
	return dst
}

// AppendPayload implements Msg.
func (m Brightness) AppendPayload(dst []byte) []byte {
	return strconv.AppendUint(append(dst, "BRI "...), uint64(m.Level), 10)
}

// Limits that follow from MaxLine.
const (
	// MaxFrameBytes is the most data a frame line carries: "F 65535 " and "*HHHH\r\n"
	// leave room for 1009 hex digits.
	MaxFrameBytes = (MaxLine - len("F 65535 ") - len("*HHHH\r\n")) / 2
	// MaxLEDs is the longest chain one L line sets.
	MaxLEDs = (MaxLine - len("L ") - len("*HHHH\n")) / 6
)

// FrameBytes is how many bytes a frame of cells cells of kind k carries: one bit a cell
// for presence, one byte a cell otherwise.
func FrameBytes(cells int, k hw.SensorKind) int {
	if k == hw.Presence {
		return (cells + 7) / 8
	}
	return cells
}

// Parse reads a payload from the board. A HELLO that names another version of the
// protocol ("tbp/" and a number) is a *VersionError, whatever follows the version.
func Parse(payload []byte) (Msg, error) {
	verb, rest, _ := bytes.Cut(payload, []byte{' '})
	switch string(verb) {
	case "HELLO":
		if v, _, _ := bytes.Cut(rest, []byte{' '}); string(v) != Version && versionNumber(string(v)) >= 0 {
			return nil, &VersionError{Board: string(v)}
		}
		f, err := fields(payload, rest, 4)
		if err != nil {
			return nil, err
		}
		if string(f[0]) != Version {
			return nil, malformed(payload, "protocol %q, want %s", f[0], Version)
		}
		cells, ok := parseUint(f[2], 65535)
		if !ok || cells == 0 {
			return nil, malformed(payload, "cells %q is not a number 1-65535", f[2])
		}
		kind, err := hw.ParseSensorKind(string(f[3]))
		if err != nil {
			return nil, malformed(payload, "%v", err)
		}
		return Hello{Board: string(f[1]), Cells: cells, Kind: kind}, nil
	case "F":
		seq, hex, err := splitFrame(payload)
		if err != nil {
			return nil, err
		}
		data, err := decodeHex(payload, make([]byte, 0, len(hex)/2), hex)
		if err != nil {
			return nil, err
		}
		return Frame{Seq: seq, Data: data}, nil
	case "B":
		f, err := fields(payload, rest, 2)
		if err != nil {
			return nil, err
		}
		var down bool
		switch string(f[1]) {
		case "0":
		case "1":
			down = true
		default:
			return nil, malformed(payload, "button state %q, want 0 or 1", f[1])
		}
		return Button{Name: string(f[0]), Down: down}, nil
	case "OK":
		f, err := fields(payload, rest, 1)
		if err != nil {
			return nil, err
		}
		return OK{Verb: string(f[0])}, nil
	case "ERR":
		verb, reason, _ := bytes.Cut(rest, []byte{' '})
		if _, err := fields(payload, verb, 1); err != nil {
			return nil, err
		}
		if len(reason) == 0 {
			return nil, malformed(payload, "ERR without a reason")
		}
		return Err{Verb: string(verb), Reason: string(reason)}, nil
	case "LOG":
		if len(rest) == 0 {
			return nil, malformed(payload, "LOG without text")
		}
		return Log{Text: string(rest)}, nil
	}
	return nil, malformed(payload, "unknown message %.20q", verb)
}

// ParseCommand reads a payload from the host: what the firmware parses.
func ParseCommand(payload []byte) (Msg, error) {
	verb, rest, _ := bytes.Cut(payload, []byte{' '})
	switch string(verb) {
	case "HELLO?", "F?":
		if len(payload) != len(verb) {
			return nil, malformed(payload, "%s takes no arguments", verb)
		}
		if verb[0] == 'H' {
			return HelloQuery{}, nil
		}
		return FrameQuery{}, nil
	case "L":
		f, err := fields(payload, rest, 1)
		if err != nil {
			return nil, err
		}
		if len(f[0])%6 != 0 {
			return nil, malformed(payload, "%d hex digits of colour, want 6 per LED", len(f[0]))
		}
		data, err := decodeHex(payload, make([]byte, 0, len(f[0])/2), f[0])
		if err != nil {
			return nil, err
		}
		l := make(hw.LightFrame, len(data)/3)
		for i := range l {
			l[i] = hw.Color{R: data[3*i], G: data[3*i+1], B: data[3*i+2]}
		}
		return Lights{Colors: l}, nil
	case "BRI":
		f, err := fields(payload, rest, 1)
		if err != nil {
			return nil, err
		}
		v, ok := parseUint(f[0], 255)
		if !ok {
			return nil, malformed(payload, "brightness %q is not a number 0-255", f[0])
		}
		return Brightness{Level: uint8(v)}, nil
	}
	return nil, malformed(payload, "unknown command %.20q", verb)
}

// ParseFrame reads an F payload straight into readings for a board of cells cells of kind
// k, reusing dst's storage: the driver's path, which allocates nothing once dst is big
// enough. On error the contents of dst are undefined.
func ParseFrame(payload []byte, cells int, k hw.SensorKind, dst []hw.Reading) (uint16, []hw.Reading, error) {
	if len(payload) < 2 || payload[0] != 'F' || payload[1] != ' ' {
		return 0, dst, malformed(payload, "not a frame")
	}
	seq, hex, err := splitFrame(payload)
	if err != nil {
		return 0, dst, err
	}
	if want := FrameBytes(cells, k); len(hex) != 2*want {
		return 0, dst, malformed(payload, "%d hex digits, a board of %d %s cells sends %d", len(hex), cells, k, 2*want)
	}
	var buf [MaxFrameBytes]byte
	data, err := decodeHex(payload, buf[:0], hex)
	if err != nil {
		return 0, dst, err
	}
	dst, err = unpack(payload, data, cells, k, dst)
	return seq, dst, err
}

// Readings unpacks the frame for a board of cells cells of kind k into dst's storage.
func (m Frame) Readings(cells int, k hw.SensorKind, dst []hw.Reading) ([]hw.Reading, error) {
	if want := FrameBytes(cells, k); len(m.Data) != want {
		return dst, fmt.Errorf("%w: frame of %d bytes, a board of %d %s cells sends %d", ErrMalformed, len(m.Data), cells, k, want)
	}
	return unpack(nil, m.Data, cells, k, dst)
}

func unpack(payload, data []byte, cells int, k hw.SensorKind, dst []hw.Reading) ([]hw.Reading, error) {
	if cap(dst) < cells {
		dst = make([]hw.Reading, cells)
	}
	dst = dst[:cells]
	switch k {
	case hw.Presence:
		for i, b := range data {
			base := 8 * i
			if base+8 > cells {
				if b>>(cells-base) != 0 {
					return dst, malformed(payload, "bits past cell %d are set in the last byte %02X", cells-1, b)
				}
				for j := range cells - base {
					dst[base+j] = hw.Reading(b >> j & 1)
				}
				break
			}
			for j := range 8 {
				dst[base+j] = hw.Reading(b >> j & 1)
			}
		}
	case hw.Polarity:
		for i, b := range data {
			if b > 2 {
				return dst, malformed(payload, "polarity cell %d reads %d, want 0, 1 or 2", i, b)
			}
			dst[i] = hw.Reading(b)
		}
	case hw.Identity:
		for i, b := range data {
			dst[i] = hw.Reading(b)
		}
	default:
		return dst, fmt.Errorf("%w: sensor kind %v", ErrMalformed, k)
	}
	return dst, nil
}

// splitFrame checks "F <seq> <hex>" and returns seq and the hex field.
func splitFrame(payload []byte) (uint16, []byte, error) {
	f, err := fields(payload, payload[min(2, len(payload)):], 2)
	if err != nil {
		return 0, nil, err
	}
	seq, ok := parseUint(f[0], 65535)
	if !ok {
		return 0, nil, malformed(payload, "seq %.12q is not a number 0-65535", f[0])
	}
	if len(f[1])%2 != 0 {
		return 0, nil, malformed(payload, "odd number of hex digits (%d)", len(f[1]))
	}
	if len(f[1]) > 2*MaxFrameBytes {
		return 0, nil, malformed(payload, "%d hex digits, at most %d", len(f[1]), 2*MaxFrameBytes)
	}
	return uint16(seq), f[1], nil
}

// fields splits rest into exactly n non-empty fields separated by one space each. It
// returns a slice of a fixed array so that the caller's frame path does not allocate.
func fields(payload, rest []byte, n int) ([4][]byte, error) {
	var f [4][]byte
	for i := range n {
		var field []byte
		if i == n-1 {
			field = rest
		} else {
			var ok bool
			field, rest, ok = bytes.Cut(rest, []byte{' '})
			if !ok {
				return f, malformed(payload, "%s, want %d", plural(bytes.Count(payload, []byte{' '})+1, "field"), n+1)
			}
		}
		if len(field) == 0 {
			return f, malformed(payload, "empty field %d (a stray space?)", i+2)
		}
		if i == n-1 && bytes.IndexByte(field, ' ') >= 0 {
			return f, malformed(payload, "more than %d fields", n+1)
		}
		f[i] = field
	}
	return f, nil
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

// parseUint reads 1 to 5 decimal digits worth at most limit.
func parseUint(b []byte, limit int) (int, bool) {
	if len(b) == 0 || len(b) > 5 {
		return 0, false
	}
	v := 0
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		v = 10*v + int(c-'0')
	}
	return v, v <= limit
}

func appendHex(dst, data []byte) []byte {
	for _, b := range data {
		dst = append(dst, hexDigits[b>>4], hexDigits[b&15])
	}
	return dst
}

// decodeHex appends the bytes hex spells (either case) to dst.
func decodeHex(payload, dst, hex []byte) ([]byte, error) {
	for i := 0; i+1 < len(hex); i += 2 {
		hi, ok1 := unhex(hex[i])
		lo, ok2 := unhex(hex[i+1])
		if !ok1 || !ok2 {
			return dst, malformed(payload, "%q is not a hex byte", hex[i:i+2])
		}
		dst = append(dst, hi<<4|lo)
	}
	return dst, nil
}

func unhex(c byte) (byte, bool) {
	if 'a' <= c && c <= 'f' {
		return c - 'a' + 10, true
	}
	return unhexUpper(c)
}

// malformed says what is wrong with payload, quoting its start (nil: no quote).
func malformed(payload []byte, format string, args ...any) error {
	if payload == nil {
		return fmt.Errorf("%w: %s", ErrMalformed, fmt.Sprintf(format, args...))
	}
	return fmt.Errorf("%w: %s in %.40q", ErrMalformed, fmt.Sprintf(format, args...), payload)
}
