package xequeo_test

import (
	"fmt"
	"log"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/xequeo"
)

// A first round from the deal of seed 1: Player 1 places the ring on d6, Player 2 steps the
// green pawn towards it, Player 1 moves it in and shows green, Player 2 shows yellow:
// Player 1 takes the ring, and Player 2, who lost the round, places the next one.
func ExampleRules() {
	r, err := xequeo.New(nil)
	if err != nil {
		log.Fatal(err)
	}
	s := r.Start()
	fmt.Println(s)
	for _, m := range []string{"@d6", "e4-d5", "d5-d6", "show:G", "show:Y"} {
		if _, err := engine.Play(s, m); err != nil {
			log.Fatal(err)
		}
	}
	fmt.Println(s)
	fmt.Println("rings:", s.Score(xequeo.Player1), s.Score(xequeo.Player2), "- to place the ring:", r.PlayerName(s.Turn()))
	// Output:
	// .....B./......./......./....GY./OR...../.W...../.....V. - 0-0 place:1 0
	// .....B./...G.../......./.....Y./OR...../.W...../.....V. - 1-0 place:2 5
	// rings: 1 0 - to place the ring: Player 2
}
