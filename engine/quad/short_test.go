package quad

import (
	"github.com/tavoliere/tavoliere/engine/enginetest"
)

// short reports whether the long tests (deep perft, naive counts, big solves) run shorter:
// without -tags soak, with -short, and under the race detector (enginetest.Short).
func short() bool { return enginetest.Short() }
