//go:build knowndefects

package boards

// Known defects of the referee, each a failing test from a fresh-eyes review (issue 28's
// chain reading, 2026-11-26; review40: shown.go, overshot, wentOn, snatched and the tap
// answering a question) or from FuzzHands. They fail today and so are kept out of the
// suite: run them with go test -tags knowndefects ./boards/, and move each to
// review28_test.go or review40_test.go once it passes. None is kept today (2026-11-27,
// seventh session: the last five moved out as they passed).
