//go:build soak

package enginetest

// Soak reports whether the long checks run: the deepest perft, the sampled loops at full
// length, the crash soak's 200 kills. `go test ./...` runs them shorter to finish in under
// two minutes; CI runs them with `go test -tags soak`.
const Soak = true
