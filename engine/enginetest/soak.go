//go:build soak

package enginetest

// Soak reports whether the long checks run: the deepest perft, the crash soak's 200 kills.
// `go test ./...` leaves them out to finish in about a minute; CI runs them with
// `go test -tags soak`.
const Soak = true
