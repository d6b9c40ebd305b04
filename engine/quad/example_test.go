package quad_test

import (
	"context"
	"fmt"
	"log"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/quad"
)

// Light's three round pieces on rank 1 and Dark's round piece completing it: a shape line
// wins for whoever places its fourth piece, whatever the colours of the other three.
func ExampleRules() {
	r, err := quad.New(nil)
	if err != nil {
		log.Fatal(err)
	}
	s := r.Start()
	for _, m := range []string{"RHa1", "rhb4", "RFb1", "rhc4", "RHc1"} {
		if _, err := engine.Play(s, m); err != nil {
			log.Fatal(err)
		}
	}
	_, err = engine.Play(s, "RHd1")
	fmt.Println(err)
	if _, err := engine.Play(s, "RFd1"); err != nil {
		log.Fatal(err)
	}
	fmt.Println(s)
	fmt.Println(s.Outcome().Text(r))
	// Output:
	// illegal move RHd1: Dark has no round hollow piece left: both are on the board
	// ..rhrh../......../......../RHRFRHrf l
	// Dark wins (line of four round pieces)
}

// Solving a position with four pieces down: Light to move wins at once, completing file c,
// whose three pieces are round and solid, with a round or a solid piece.
func ExampleSolver() {
	r, err := quad.New(nil)
	if err != nil {
		log.Fatal(err)
	}
	s, err := r.ParsePosition("QF..rf../....RF../......../....rf.. l")
	if err != nil {
		log.Fatal(err)
	}
	sol, err := r.NewSolver().Solve(context.Background(), s)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print("value ", sol.Value, ", best")
	for _, m := range sol.Best {
		fmt.Print(" ", r.FormatMove(m))
	}
	fmt.Println()
	// Output:
	// value 1, best RHc2 RFc2 QFc2
}
