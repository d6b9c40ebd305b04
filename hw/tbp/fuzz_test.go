package tbp

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/tavoliere/tavoliere/hw"
)

// FuzzDecode feeds arbitrary bytes to the line decoder and the parsers: nothing panics, a
// line that decodes re-encodes to itself (less a "\r"), a message that parses formats to a
// payload that parses to the same message, and any printable payload survives
// decode(encode(payload)).
func FuzzDecode(f *testing.F) {
	for _, tt := range encodeTests {
		f.Add([]byte(tt.line))
	}
	for _, v := range vectors {
		line, _ := AppendMsg(nil, v.msg)
		f.Add(line)
	}
	f.Add([]byte("F 1 0G*00\r\n"))
	f.Add([]byte("HELLO?*7d\n"))
	f.Add([]byte("HELLO?*c851\n"))
	f.Add([]byte("F 12 FFFFFF01"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if p, err := Decode(data); err == nil {
			want := bytes.TrimSuffix(bytes.TrimSuffix(data, []byte("\n")), []byte("\r"))
			again, err := AppendLine(nil, p)
			if err != nil || !bytes.Equal(bytes.TrimSuffix(again, []byte("\n")), want) {
				t.Fatalf("Decode(%q) = %q, which encodes to %q, %v", data, p, again, err)
			}
		}

		// The same bytes as a payload.
		line, err := AppendLine(nil, data)
		if err == nil {
			p, err := Decode(line)
			if err != nil || !bytes.Equal(p, data) {
				t.Fatalf("Decode(AppendLine(%q)) = %q, %v", data, p, err)
			}
		} else if unprintable(data) < 0 && len(data)+CheckLen+1 <= MaxLine {
			t.Fatalf("AppendLine(%q): %v", data, err)
		}

		for _, parse := range []func([]byte) (Msg, error){Parse, ParseCommand} {
			m, err := parse(data)
			if err != nil {
				continue
			}
			p := m.AppendPayload(nil)
			m2, err := parse(p)
			if err != nil || !reflect.DeepEqual(m, m2) {
				t.Fatalf("%q parses to %#v, formats as %q, parses to %#v, %v", data, m, p, m2, err)
			}
		}
		for _, k := range []hw.SensorKind{hw.Presence, hw.Polarity, hw.Identity} {
			for _, cells := range []int{1, 25, 64} {
				seq, r, err := ParseFrame(data, cells, k, nil)
				if err != nil {
					continue
				}
				m, err := Parse(data)
				if err != nil {
					t.Fatalf("ParseFrame(%q) takes it, Parse says %v", data, err)
				}
				r2, err := m.(Frame).Readings(cells, k, nil)
				if err != nil || m.(Frame).Seq != seq || !reflect.DeepEqual(r, r2) {
					t.Fatalf("ParseFrame(%q) = %d %v; Parse+Readings = %#v %v %v", data, seq, r, m, r2, err)
				}
			}
		}
	})
}
