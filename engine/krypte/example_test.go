package krypte_test

import (
	"fmt"
	"log"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/krypte"
)

// The first three moves of the rule sheet's game: Black enters from the North, White from
// the South, and Black's c1 turns d1 over to White.
func ExampleRules() {
	r, err := krypte.New(nil)
	if err != nil {
		log.Fatal(err)
	}
	s := r.Start()
	for _, m := range []string{"d1", "e8", "c1"} {
		if _, err := engine.Play(s, m); err != nil {
			log.Fatal(err)
		}
	}
	fmt.Println(len(s.Legal(nil)), "legal moves")
	fmt.Println(s)
	// Output:
	// 14 legal moves
	// ..BW..../......../......../......../......../......../......../....W... w N
}
