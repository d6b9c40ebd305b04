package quantik_test

import (
	"context"
	"fmt"
	"log"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/quantik"
)

// Light puts a sphere on c3 and Dark a cube on b2: Light's cubes may no longer go on b2's
// row, column or quadrant (the rules' test vector Qk-2).
func ExampleRules() {
	r, err := quantik.New(nil)
	if err != nil {
		log.Fatal(err)
	}
	s := r.Start()
	for _, m := range []string{"Sc3", "Cb2"} {
		if _, err := engine.Play(s, m); err != nil {
			log.Fatal(err)
		}
	}
	fmt.Println(s)
	fmt.Println(len(s.Legal(nil)), "legal moves")
	_, err = engine.Play(s, "Ca2")
	fmt.Println(err)
	// Output:
	// ..../..S./.c../.... l
	// 49 legal moves
	// illegal move Ca2: a2 is blocked by Dark's cube on b2, in the same row
}

// After four moves Light, to move, wins with best play, with four of its 34 moves.
func ExampleSolver() {
	r, err := quantik.New(nil)
	if err != nil {
		log.Fatal(err)
	}
	s, err := r.ParsePosition("Y.../..s./.C../...p l")
	if err != nil {
		log.Fatal(err)
	}
	sol, err := quantik.NewSolver().Solve(context.Background(), s)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("value", sol.Value, "of", len(s.Legal(nil)), "moves")
	for _, m := range sol.Best {
		fmt.Print(r.FormatMove(m), " ")
	}
	fmt.Println()
	// Output:
	// value 1 of 34 moves
	// Sa1 Sb1 Pa3 Pb3
}

// From the empty board the player to move loses with best play: Quantik is a win for the
// second player.
func ExampleSolver_start() {
	r, err := quantik.New(nil)
	if err != nil {
		log.Fatal(err)
	}
	sol, err := r.NewSolver().Solve(context.Background(), r.Start())
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("value", sol.Value, "best moves", len(sol.Best))
	// Output:
	// value -1 best moves 64
}
