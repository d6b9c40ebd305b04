package hw

import (
	"context"
	"errors"
	"testing"
	"time"
)

type countScanner struct {
	n    int
	fail error
}

func (c *countScanner) Scan(cells []Reading) error {
	if c.fail != nil {
		return c.fail
	}
	c.n++
	for i := range cells {
		cells[i] = Reading(c.n % 2)
	}
	return nil
}
func (c *countScanner) Cells() int       { return 3 }
func (c *countScanner) Kind() SensorKind { return Presence }

func TestPoll(t *testing.T) {
	s := &countScanner{}
	src := Poll(s, time.Millisecond, nil)
	var f Frame
	var last time.Time
	for i := range 5 {
		if err := src.Read(context.Background(), &f); err != nil {
			t.Fatal(err)
		}
		if len(f.Cells) != 3 || f.Cells[0] != Reading((i+1)%2) || !f.At.After(last) {
			t.Fatalf("frame %d: %+v", i, f)
		}
		last = f.At
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := src.Read(ctx, &f); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
	s.fail = errors.New("bus gone")
	if err := Poll(s, time.Millisecond, nil).Read(context.Background(), &f); err == nil || !errors.Is(err, s.fail) {
		t.Errorf("a failed scan: %v", err)
	}
	if k, err := ParseSensorKind("polarity"); err != nil || k != Polarity || k.String() != "polarity" {
		t.Errorf("ParseSensorKind: %v %v", k, err)
	}
	if _, err := ParseSensorKind("sonar"); err == nil {
		t.Error("sonar")
	}
}
