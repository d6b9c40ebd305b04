package kiosk

import (
	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/engine"
)

// Arrows is what the page draws over the board for two moves: the last move played and
// the AI's move still to carry out. Either is nil when there is none or it changes no square
// (Quarto's piece handed over).
type Arrows struct {
	Last *Arrow `json:"last,omitempty"`
	AI   *Arrow `json:"ai,omitempty"`
}

// Arrow is one move as the page draws it: an arrow from From to To (a slide, a jump; a
// push from its entry along its line to the far end), or, with no From, a ring on To (a
// piece put down).
type Arrow struct {
	Move string `json:"move"`
	From string `json:"from,omitempty"`
	To   string `json:"to"`
	Push bool   `json:"push,omitempty"`
}

// arrowsOf reads the two moves from the snapshot: the last move (from the moves replayed),
// and the AI's move from the position it was chosen in.
func arrowsOf(snap boards.Snapshot) Arrows {
	r := snap.Rules
	var out Arrows
	if snap.AIMove != "" {
		if s, err := r.ParsePosition(snap.Position); err == nil {
			out.AI = arrowOf(s, snap.AIMove)
		}
	}
	out.Last = replayed(r, snap.Moves).arrow
	return out
}

// arrowOf draws move text of position s from its footprint; nil for a move that is not
// legal there or changes no square.
func arrowOf(s engine.State, text string) *Arrow {
	r := s.Rules()
	m, err := r.ParseMove(text)
	if err != nil || s.Validate(m) != nil {
		return nil
	}
	f := s.Footprint(m)
	g := r.Geometry()
	if f.Line != 0 {
		// The line's far end: the exit, or (Push 4's chain stopping short) the square of the
		// line farthest from the entry.
		far, best := f.Exit, -1
		if far == engine.NoSquare {
			for b := f.Line; b != 0; {
				sq := b.Pop()
				if d := abs(g.File(sq)-g.File(f.Entry)) + abs(g.Rank(sq)-g.Rank(f.Entry)); d > best {
					far, best = sq, d
				}
			}
		}
		return &Arrow{Move: text, From: g.Name(f.Entry), To: g.Name(far), Push: true}
	}
	to := f.Filled | f.Replaced
	if to == 0 {
		return nil
	}
	a := &Arrow{Move: text, To: g.Name(to.First())}
	from := f.Emptied
	if from == 0 {
		from = f.Touched &^ to
	}
	if from != 0 {
		a.From = g.Name(from.First())
	}
	return a
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
