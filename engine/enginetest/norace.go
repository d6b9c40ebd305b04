//go:build !race

package enginetest

// Race reports whether the race detector is on: tests that would take minutes under it
// (deep perft, naive counts) run shorter, as with -short.
const Race = false
