package quadwrangle_test

import (
	"fmt"
	"log"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/quadwrangle"
)

// White places a stone on f4, next to no White stone: a drop, which turns nothing over even
// beside Black's g3, g4 and g5. Playing the same square again is refused with the reason.
func ExampleRules() {
	r, err := quadwrangle.New(quadwrangle.IDQuadWrangle, nil)
	if err != nil {
		log.Fatal(err)
	}
	s := r.Start()
	if _, err := engine.Play(s, "f4"); err != nil {
		log.Fatal(err)
	}
	fmt.Println(s)
	fmt.Printf("over %v, White %d, Black %d\n", s.Outcome().Over, s.Score(quadwrangle.White), s.Score(quadwrangle.Black))
	_, err = engine.Play(s, "f4")
	fmt.Println(err)
	// Output:
	// .WWWWW./W.....B/W.....B/W....WB/W.....B/W.....B/.BBBBB. b 1
	// over false, White 11, Black 10
	// illegal move f4: f4 is not empty
}
