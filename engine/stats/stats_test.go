package stats

import (
	"math"
	"testing"
	"time"
)

func TestPercentile(t *testing.T) {
	d := []time.Duration{5, 1, 4, 2, 3, 10, 9, 8, 7, 6}
	for _, c := range []struct {
		q    float64
		want time.Duration
	}{{0.5, 5}, {0.99, 10}, {1, 10}, {0, 1}, {0.1, 1}, {0.11, 2}} {
		if got := Percentile(d, c.q); got != c.want {
			t.Errorf("Percentile(%v) = %v, want %v", c.q, got, c.want)
		}
	}
	if Percentile(nil, 0.5) != 0 {
		t.Error("Percentile of nothing")
	}
}

// TestWilson: the interval of 0 successes in 10 trials, and of half of 100, against
// values computed by hand (z = 1.96).
func TestWilson(t *testing.T) {
	for _, c := range []struct{ p, n, lo, hi float64 }{
		{0, 10, 0, 0.2775},
		{0.5, 100, 0.4038, 0.5962},
		{1, 4, 0.5101, 1},
	} {
		lo, hi := Wilson(c.p, c.n)
		if math.Abs(lo-c.lo) > 1e-4 || math.Abs(hi-c.hi) > 1e-4 {
			t.Errorf("Wilson(%v, %v) = %.4f..%.4f, want %.4f..%.4f", c.p, c.n, lo, hi, c.lo, c.hi)
		}
	}
}

// TestElo: a 75% score is +190.85; a clean sweep of 10 games is the score of 10.5 of 11,
// +528.89, not infinite.
func TestElo(t *testing.T) {
	if e := Elo(0.75, 100); math.Abs(e-190.8485) > 1e-3 || math.Abs(Elo(0.25, 100)+e) > 1e-9 {
		t.Errorf("Elo(0.75) = %.4f, want 190.8485", e)
	}
	if e, want := Elo(1, 10), 400*math.Log10(21); math.Abs(e-want) > 1e-9 {
		t.Errorf("Elo(1, 10) = %v, want %v", e, want)
	}
}

// TestMix: seeds derived from one seed differ, and are the same each time.
func TestMix(t *testing.T) {
	seen := map[uint64]bool{}
	for i := range uint64(1000) {
		v := Mix(7, i)
		if seen[v] || v != Mix(7, i) {
			t.Fatalf("Mix(7, %d) = %d: repeated or unstable", i, v)
		}
		seen[v] = true
	}
}
