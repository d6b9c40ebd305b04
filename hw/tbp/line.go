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

// Checksum is the XOR of the payload's bytes.
func Checksum(payload []byte) byte {
	var x byte
	for _, c := range payload {
		x ^= c
	}
	return x
}

// AppendLine appends the line that carries payload to dst: the payload, '*', the checksum
// as two upper-case hex digits and "\n". The payload must be printable ASCII and the line
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
	if n := len(p) + 4; n > MaxLine {
		return dst[:start], fmt.Errorf("%w: a payload of %d bytes makes a line of %d, at most %d", ErrOverlong, len(p), n, MaxLine)
	}
	if i := unprintable(p); i >= 0 {
		return dst[:start], fmt.Errorf("%w: payload byte %d is 0x%02X, not printable ASCII", ErrMalformed, i, p[i])
	}
	x := Checksum(p)
	return append(dst, '*', hexDigits[x>>4], hexDigits[x&15], '\n'), nil
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
// one without "\n" or without "*HH" before it, a wrong checksum, and a payload that is not
// printable ASCII.
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
	if n < 3 || line[n-3] != '*' {
		return nil, fmt.Errorf("%w: no *HH checksum at the end of %.40q", ErrMalformed, line[:n])
	}
	hi, ok1 := unhexUpper(line[n-2])
	lo, ok2 := unhexUpper(line[n-1])
	if !ok1 || !ok2 {
		return nil, fmt.Errorf("%w: checksum %q is not two upper-case hex digits", ErrMalformed, line[n-2:n])
	}
	p := line[:n-3]
	if x := Checksum(p); x != hi<<4|lo {
		return nil, fmt.Errorf("%w: the line says %02X, its payload XORs to %02X: %.40q", ErrChecksum, hi<<4|lo, x, p)
	}
	if i := unprintable(p); i >= 0 {
		return nil, fmt.Errorf("%w: payload byte %d is 0x%02X, not printable ASCII", ErrMalformed, i, p[i])
	}
	return p, nil
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
