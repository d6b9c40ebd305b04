//go:build !soak

package enginetest

// Soak reports whether the long checks run (soak.go); without -tags soak they do not.
const Soak = false
