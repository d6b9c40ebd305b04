package push_test

import (
	"fmt"
	"log"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/push"
)

// Black holds the spare marble and moves first. Nc pushes it in at the top of file c; White's
// c1 falls out, so White moves; W2 ejects Black's e2 and gives the turn back.
func ExampleRules() {
	r, err := push.New(nil)
	if err != nil {
		log.Fatal(err)
	}
	s := r.Start()
	fmt.Println(s)
	for _, m := range []string{"Nc", "W2"} {
		if _, err := engine.Play(s, m); err != nil {
			log.Fatal(err)
		}
		fmt.Println(m, "→", s, "—", r.PlayerName(s.Turn()), "to move")
	}
	// Output:
	// WBWBW/BWBWB/WBWBW/BWBWB/WBWBW b 0
	// Nc → WBBBW/BWWWB/WBBBW/BWWWB/WBBBW w 1 — White to move
	// W2 → WBBBW/BWWWB/WBBBW/WBWWW/WBBBW b 2 — Black to move
}
