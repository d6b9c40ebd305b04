package quad

import (
	"testing"

	"github.com/tavoliere/tavoliere/engine/enginetest"
)

// short reports whether the long tests (deep perft, naive counts, big solves) run shorter:
// with -short, and under the race detector, which would make them take many minutes.
func short() bool { return testing.Short() || enginetest.Race }
