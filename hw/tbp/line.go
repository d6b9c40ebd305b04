package tbp

import (
	"bufio"
	"errors"
	"fmt"
	"io"
)

// MaxLine is the longest line either side sends or accepts, counting its "\r\n" or "\n".
const MaxLine = 1024

// The kinds of bad line. Every error Decode, Parse, ParseFrame and ParseCommand return
// wraps one of them, so a caller can count them.
var (
	ErrOverlong  = errors.New("tbp: line too long")
	ErrChecksum  = errors.New("tbp: bad checksum")
	ErrMalformed = errors.New("tbp: malformed line")
)

const hexDigits = "0123456789ABCDEF"

// CheckLen is the length of a line's check, "*HHHH", before its terminator.
const CheckLen = 5

// Checksum is the CRC-16/CCITT-FALSE of the payload's bytes: polynomial 0x1021, initial
// value 0xFFFF, bits not reflected, no final XOR; "123456789" gives 0x29B1. It replaced
// TBP/1's XOR of the bytes, which cannot see two flips of the same bit in two bytes (a
// frame so damaged, arriving twice, committed a phantom move). The polynomial is (x+1)
// times a primitive one of degree 15, so every line up to MaxLine bytes (8192 bits, fewer
// than the period of 32767) with 1, 2 or 3 flipped bits, any odd number of flipped bits,
// or a burst of at most 16 fails it. A CRC-8 (poly 0x07) misses two flips of one bit 127
// bytes apart, well inside an L line.
func Checksum(payload []byte) uint16 {
	crc := uint16(0xFFFF)
	for _, c := range payload {
		crc = crc<<8 ^ crcTable[byte(crc>>8)^c]
	}
	return crc
}

// crcTable[b] is the CRC register after shifting the byte b through it from zero.
var crcTable = func() (t [256]uint16) {
	for b := range t {
		crc := uint16(b) << 8
		for range 8 {
			if crc&0x8000 != 0 {
				crc = crc<<1 ^ 0x1021
			} else {
				crc <<= 1
			}
		}
		t[b] = crc
	}
	return t
}()

// legacyChecksum is TBP/1's: the XOR of the payload's bytes. The driver reads it only to
// recognise a board that still speaks TBP/1 and say so.
func legacyChecksum(payload []byte) byte {
	var x byte
	for _, c := range payload {
		x ^= c
	}
	return x
}

// AppendLine appends the line that carries payload to dst: the payload, '*', the checksum
// as four upper-case hex digits and "\n". The payload must be printable ASCII and the line
// at most MaxLine bytes.
func AppendLine(dst, payload []byte) ([]byte, error) {
	start := len(dst)
	return finishLine(append(dst, payload...), start)
}

// Encode is AppendLine for a string.
func Encode(payload string) (string, error) {
	b, err := AppendLine(make([]byte, 0, len(payload)+4), []byte(payload))
	return string(b), err
}

// finishLine checks the payload in dst[start:] and appends its checksum and "\n". On error
// dst comes back cut to start.
func finishLine(dst []byte, start int) ([]byte, error) {
	p := dst[start:]
	if n := len(p) + CheckLen + 1; n > MaxLine {
		return dst[:start], fmt.Errorf("%w: a payload of %d bytes makes a line of %d, at most %d", ErrOverlong, len(p), n, MaxLine)
	}
	if i := unprintable(p); i >= 0 {
		return dst[:start], fmt.Errorf("%w: payload byte %d is 0x%02X, not printable ASCII", ErrMalformed, i, p[i])
	}
	x := Checksum(p)
	return append(dst, '*', hexDigits[x>>12], hexDigits[x>>8&15], hexDigits[x>>4&15], hexDigits[x&15], '\n'), nil
}

// unprintable returns the index of the first byte of p outside 0x20-0x7E, or -1.
func unprintable(p []byte) int {
	for i, c := range p {
		if c < 0x20 || c > 0x7e {
			return i
		}
	}
	return -1
}

// Decode checks one line, terminator included, and returns its payload (a sub-slice of
// line). It strips the "\n" and one "\r" before it, and rejects a line longer than MaxLine,
// one without "\n" or without "*HHHH" before it, a wrong checksum, and a payload that is
// not printable ASCII.
func Decode(line []byte) ([]byte, error) {
	if len(line) > MaxLine {
		return nil, fmt.Errorf("%w: %d bytes, at most %d with the \\n", ErrOverlong, len(line), MaxLine)
	}
	n := len(line)
	if n == 0 || line[n-1] != '\n' {
		return nil, fmt.Errorf("%w: no \\n at the end of %.40q", ErrMalformed, line)
	}
	n--
	if n > 0 && line[n-1] == '\r' {
		n--
	}
	if n < CheckLen || line[n-CheckLen] != '*' {
		return nil, fmt.Errorf("%w: no *HHHH checksum at the end of %.40q", ErrMalformed, line[:n])
	}
	var want uint16
	for _, c := range line[n-CheckLen+1 : n] {
		v, ok := unhexUpper(c)
		if !ok {
			return nil, fmt.Errorf("%w: checksum %q is not four upper-case hex digits", ErrMalformed, line[n-CheckLen+1:n])
		}
		want = want<<4 | uint16(v)
	}
	p := line[:n-CheckLen]
	if x := Checksum(p); x != want {
		return nil, fmt.Errorf("%w: the line says %04X, its payload's CRC is %04X: %.40q", ErrChecksum, want, x, p)
	}
	if i := unprintable(p); i >= 0 {
		return nil, fmt.Errorf("%w: payload byte %d is 0x%02X, not printable ASCII", ErrMalformed, i, p[i])
	}
	return p, nil
}

// decodeLegacy returns the payload of a well-formed TBP/1 line, "PAYLOAD*HH\n" with the
// XOR of the payload in HH, and false for anything else. The driver uses it only to tell
// the user that the board speaks TBP/1.
func decodeLegacy(line []byte) ([]byte, bool) {
	n := len(line)
	if n > MaxLine || n == 0 || line[n-1] != '\n' {
		return nil, false
	}
	n--
	if n > 0 && line[n-1] == '\r' {
		n--
	}
	if n < 3 || line[n-3] != '*' {
		return nil, false
	}
	hi, ok1 := unhexUpper(line[n-2])
	lo, ok2 := unhexUpper(line[n-1])
	p := line[:n-3]
	if !ok1 || !ok2 || legacyChecksum(p) != hi<<4|lo || unprintable(p) >= 0 {
		return nil, false
	}
	return p, true
}

func unhexUpper(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// Splitter cuts a byte stream into lines. It never holds more than MaxLine bytes: a longer
// line is skipped to its "\n" and counted.
type Splitter struct {
	r        *bufio.Reader
	overlong int
	err      error
}

// NewSplitter returns a Splitter reading r.
func NewSplitter(r io.Reader) *Splitter {
	return &Splitter{r: bufio.NewReaderSize(r, MaxLine)}
}

// Next returns the next line with its "\n" (and "\r", if any), as Decode wants it; the
// slice is valid until the next call. A line cut short by the end of the stream comes back
// without "\n" (Decode rejects it), and the error that ended the stream comes on the
// following call.
func (s *Splitter) Next() ([]byte, error) {
	if s.err != nil {
		return nil, s.err
	}
	for {
		line, err := s.r.ReadSlice('\n')
		switch {
		case err == nil:
			return line, nil
		case errors.Is(err, bufio.ErrBufferFull):
			s.overlong++
			if err := s.skip(); err != nil {
				s.err = err
				return nil, err
			}
		case len(line) > 0:
			s.err = err
			return line, nil
		default:
			s.err = err
			return nil, err
		}
	}
}

// skip drops the rest of an overlong line.
func (s *Splitter) skip() error {
	for {
		_, err := s.r.ReadSlice('\n')
		if !errors.Is(err, bufio.ErrBufferFull) {
			return err
		}
	}
}

// Overlong is how many lines longer than MaxLine were dropped.
func (s *Splitter) Overlong() int { return s.overlong }
