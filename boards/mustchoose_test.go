package boards

import (
	"slices"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/hw"
)

// TestNoneOfTheseWhereNoOptionShows: a question whose options are every move there is and
// none of which the squares can show (Quarto's first piece handed over, Xe Queo!'s ring
// placed where the sensors do not read it) has no "none of these": one of them is made, and
// only the kiosk or a tap tells which. The snapshot says so (Dismissable: "must-choose") and
// CmdDismiss leaves the question open, with a warning that says why, where it closed it
// and asked the same question again at once. A question about moves the board shows keeps
// its "none of these" (TestReview40QuadNoneOfTheseThenTaken dismisses one).
func TestNoneOfTheseWhereNoOptionShows(t *testing.T) {
	for _, c := range []struct {
		id      string
		options int
	}{{"quarto", 16}, {"xequeo", 13}} {
		t.Run(c.id, func(t *testing.T) {
			x := newRig(t, c.id, nil, hw.Presence, Human, Human)
			x.setUp()
			x.run(time.Second)
			asked := x.ref.Snapshot().Asking
			if len(asked) != c.options {
				t.Fatalf("asked %v, want %d options (events %s)", asked, c.options, x.eventTexts())
			}
			if code, err := x.ref.Snapshot().Dismissable(); code != "must-choose" || err == nil {
				t.Errorf("Dismissable = %q, %v; want must-choose", code, err)
			}
			x.events = nil
			x.send(Message{Kind: CmdDismiss, Version: uint64(x.ref.State().Ply()) + 1})
			x.run(time.Second)
			var warned bool
			for _, e := range x.events {
				switch {
				case e.Kind == Dismissed || e.Kind == Asking:
					t.Errorf("none of these: %v %q, want the question kept open", e.Kind, e.Text)
				case e.Kind == Warning && e.Msg.Code == "must-choose":
					warned = true
				}
			}
			if !warned {
				t.Errorf("none of these refused without a word why (events %s)", x.eventTexts())
			}
			if now := x.ref.Snapshot().Asking; !slices.Equal(now, asked) || x.moves() != "" {
				t.Errorf("after none of these: asking %v, moves %q; want the question as it was", now, x.moves())
			}
		})
	}
	t.Run("quadwrangle", func(t *testing.T) {
		x := review28Quad(t)
		x.handsAt("0 -a3", "100 +b3", "300 +a3")
		x.run(5 * time.Second)
		s := x.ref.Snapshot()
		if len(s.Asking) == 0 {
			t.Fatalf("nothing asked (events %s)", x.eventTexts())
		}
		if code, err := s.Dismissable(); code != "" || err != nil {
			t.Errorf("asked %v, moves the board shows: Dismissable = %q, %v; want none of these offered", s.Asking, code, err)
		}
	})
}
