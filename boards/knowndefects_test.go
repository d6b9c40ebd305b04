//go:build knowndefects

package boards

// Known defects of the referee, each a failing test from a fresh-eyes review or from
// FuzzHands. They fail today and so are kept out of the suite: run them with go test -tags
// knowndefects ./boards/, and move each to the regression tests once it passes.
//
// None is kept today (2026-11-29, twenty-first session). The twentieth session's pawn tried
// after a slide and read as its rest is fixed and in sweep63_test.go; the defects held here
// before are in sweep51_test.go to sweep62_test.go.
