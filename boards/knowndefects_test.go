//go:build knowndefects

package boards

// Known defects of the referee, each a failing test from a fresh-eyes review (issue 28's
// chain reading, 2026-11-26; review40: shown.go, overshot, wentOn, snatched and the tap
// answering a question) or from FuzzHands. They fail today and so are kept out of the
// suite: run them with go test -tags knowndefects ./boards/, and move each to the
// regression tests once it passes. Kept today (2026-11-29, nineteenth session): none. The
// last, the sixteenth session's drop then a fumble read as a slide, is fixed (a move called
// in doubt once committed is reopened: reopen.go) and is in sweep61_test.go; the FuzzHands
// games held here before (7090, 7188, 7224, 7731, 8156, 8161, 8636, 9211, 9272, 9344, 9902,
// 926, 2057, 640, 2038, 2823 and 4015) are in sweep51_test.go, sweep52_test.go,
// sweep54_test.go, sweep55_test.go, sweep56_test.go, sweep58_test.go, sweep59_test.go and
// sweep60_test.go.
