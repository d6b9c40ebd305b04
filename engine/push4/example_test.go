package push4_test

import (
	"fmt"
	"log"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/push4"
)

// Four marbles go down file c from the North edge: each pushes the ones before it one cell
// further down.
func ExampleRules() {
	r, err := push4.New(nil)
	if err != nil {
		log.Fatal(err)
	}
	s := r.Start()
	for _, m := range []string{"Nc", "Nc", "Nc", "W4"} {
		if _, err := engine.Play(s, m); err != nil {
			log.Fatal(err)
		}
	}
	fmt.Println(s)
	fmt.Println(r.PlayerName(s.Turn()), "to move,", len(s.Legal(nil)), "entry points")
	// Output:
	// ..G.../..B.../Y.R.../....../....../...... r 4
	// Red to move, 24 entry points
}

// A push that completes two other players' lines (the project's rule: the first owner of a line after the mover wins): Green's marble enters a1
// and pushes Red's onto b1 and Yellow's onto c1; Yellow, the first of them after Green in
// turn order, wins.
func ExampleState_Outcome() {
	r, err := push4.New(nil)
	if err != nil {
		log.Fatal(err)
	}
	s, err := r.ParsePosition("....../....../.RY.../.RY.../.RY.../RY.... g")
	if err != nil {
		log.Fatal(err)
	}
	if _, err := engine.Play(s, "W1"); err != nil {
		log.Fatal(err)
	}
	fmt.Println(s.Outcome().Text(r))
	// Output:
	// Yellow wins (line of four made by Green's push)
}
