//go:build knowndefects

package boards

// Known defects of the referee, each a failing test from a fresh-eyes review (issue 28's
// chain reading, 2026-11-26; review40: shown.go, overshot, wentOn, snatched and the tap
// answering a question) or from FuzzHands. They fail today and so are kept out of the
// suite: run them with go test -tags knowndefects ./boards/, and move each to the
// regression tests once it passes. Kept today (2026-11-28, thirteenth session): one,
// below. The FuzzHands games held here before (7090, 7188, 7224, 7731, 8156, 8161, 8636,
// 9211, 9272, 9344 and 9902) are fixed, in sweep51_test.go, sweep52_test.go,
// sweep54_test.go and sweep55_test.go.

import "testing"

// FuzzHands seed 926 (game 47: Quarto on polarity sensors, blitz hands), found by the
// fuzzer at the end of the thirteenth session, a FALSE ACCEPT, failing at 95e6b0b too:
// b2's piece handed over asked, ten placements made before it is answered (b2:BLRH), then
// b4:BLQH taken where b4:sLQH was made. The two differ only in the piece handed over,
// which polarity sensors do not read; the rack, with pieces taken early in the chain, is
// what weighed it. Not traced further.
func TestKnownDefectsFuzz926(t *testing.T) {
	fuzzHands(t, 926, 47, 0x90)
}
