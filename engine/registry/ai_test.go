package registry

import (
	"testing"

	"github.com/tavoliere/tavoliere/engine/search"
	"github.com/tavoliere/tavoliere/engine/xequeo/xqai"
)

// TestNewAI: Xe Queo! is played by its own AI, which seals its pawns; every other game by
// the baseline search.
func TestNewAI(t *testing.T) {
	o := search.Options{Iterations: 10, Seed: 1}
	for _, e := range All() {
		r, err := e.New(nil)
		if err != nil {
			t.Fatal(err)
		}
		th := NewAI(r, o, 1)
		_, own := th.(*xqai.Thinker)
		_, baseline := th.(*search.AI)
		_, sealer := th.(Sealer)
		if e.ID == "xequeo" {
			if !own || !sealer || !Secret(e.ID) {
				t.Errorf("%s: AI %T (a sealer %v), secret %v: want its own AI, sealing, secret", e.ID, th, sealer, Secret(e.ID))
			}
			continue
		}
		if !baseline || sealer || Secret(e.ID) {
			t.Errorf("%s: AI %T (a sealer %v), secret %v: want the baseline search, no secret", e.ID, th, sealer, Secret(e.ID))
		}
	}
	if Secret("chess") {
		t.Error("an unknown game keeps secrets")
	}
}
