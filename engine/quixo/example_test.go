package quixo_test

import (
	"fmt"
	"log"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/quixo"
)

// The rule sheet's first two moves (QX-2, QX-3): Crosses takes c1 and puts it in at a1,
// Circles takes the corner e5 and puts it in at e1, pushing column e up. Circles' cube e1 is
// not Crosses' to take.
func ExampleRules() {
	r, err := quixo.New(quixo.ID, nil)
	if err != nil {
		log.Fatal(err)
	}
	s := r.Start()
	for _, m := range []string{"c1-a1", "e5-e1"} {
		if _, err := engine.Play(s, m); err != nil {
			log.Fatal(err)
		}
	}
	fmt.Println(s)
	fmt.Println(len(s.Legal(nil)), "legal moves")
	_, err = engine.Play(s, "e1-a1")
	fmt.Println(err)
	// Output:
	// ...../...../...../...../X...O X 2
	// 42 legal moves
	// illegal move e1-a1: e1 shows the opponents' symbol
}

// In the team game the dot is part of the move: A1 turns it to his team-mate A2, who alone
// may take that cube later (lower case in the position).
func ExampleRules_four() {
	r, err := quixo.New(quixo.ID4, nil)
	if err != nil {
		log.Fatal(err)
	}
	s := r.Start()
	if _, err := engine.Play(s, "c1-a1.2"); err != nil {
		log.Fatal(err)
	}
	fmt.Println(s, s.PieceAt(0) == quixo.Cube(quixo.Crosses, 2))
	// Output:
	// ...../...../...../...../x.... B1 1 true
}
