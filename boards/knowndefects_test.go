//go:build knowndefects

package boards

// Known defects of the referee, each a failing test from a fresh-eyes review (issue 28's
// chain reading, 2026-11-26; review40: shown.go, overshot, wentOn, snatched and the tap
// answering a question) or from FuzzHands. They fail today and so are kept out of the
// suite: run them with go test -tags knowndefects ./boards/, and move each to
// review28_test.go or review40_test.go once it passes. Kept today (2026-11-28, tenth
// session): FuzzHands games of sweeps, below (7090, 7224 and 7731 fixed: sweep51_test.go,
// sweep52_test.go).

import "testing"

// FuzzHands games from a sweep of seeds 7000-7499 (Quad Wrangle on presence sensors, waver
// hands), found at the end of 2026-11-27's eighth session, a FALSE ACCEPT:
//
//   - 7188: g7-f6, a drop on g7, d6-d5, read as d6-f6 and d5 (fails at 588ed07).
func TestKnownDefectsSweep7000(t *testing.T) {
	for _, seed := range []uint64{7188} {
		t.Run(itoa(int(seed)), func(t *testing.T) { fuzzHands(t, seed, 0, 0x50) })
	}
}

// FuzzHands games from the sweeps of 2026-11-28's ninth session (seeds 5000-7999, and a
// review's 8000-9599), Quad Wrangle on presence sensors, waver hands, each with FALSE
// ACCEPTS and each failing at dcf060f (the session's start) too; none traced (5911 and
// 7731, once here, are fixed: sweep51_test.go, sweep52_test.go).
func TestKnownDefectsSweeps51(t *testing.T) {
	for _, seed := range []uint64{8156, 8161, 8636, 9211, 9344} {
		t.Run(itoa(int(seed)), func(t *testing.T) { fuzzHands(t, seed, 0, 0x50) })
	}
}
