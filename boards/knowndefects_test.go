//go:build knowndefects

package boards

// Known defects of the referee, each a failing test from a fresh-eyes review of issue 28's
// chain reading (2026-11-26). They fail today and so are kept out of the suite: run them
// with go test -tags knowndefects -run TestReview28 ./boards/, and move each to
// review28_test.go once it passes. "Parent" is how the referee did before the reviewed
// commits.

// (None today: the last ones pass since shown.go, 2026-11-26, and are in review28_test.go.)
