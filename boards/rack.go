package boards

import (
	"fmt"
	"strings"

	"github.com/tavoliere/tavoliere/engine"
)

// A rack is where a game's pieces wait before they are played (engine.Racked: Quarto's
// shared pieces, Quad's and Quantik's supplies), on a board build that has a sensor under
// each place: the board file's first slots, in its order, hold the game's Rack() pieces one
// each. Lifting a piece from its slot says which piece it is, which presence sensors on the
// squares cannot. A board with fewer slots than the game's rack plays the game without one:
// the questions that the rack would answer go to a tap or the kiosk.
type rackSlot struct {
	cell  int // sensor channel
	led   int // -1 for none
	piece engine.Piece
	first bool // the first slot of its piece: where the piece's count is checked
}

// setUpRack builds the rack of the current game, if the game has one and the board has room.
func (r *Referee) setUpRack() {
	r.rack = r.rack[:0]
	clear(r.gutterOf)
	for _, sl := range r.cfg.Layout.Slots() {
		if sl.Gutter != NoEdge {
			if r.gutterOf == nil {
				r.gutterOf = map[int]Edge{}
			}
			r.gutterOf[sl.Cell] = r.cfg.Layout.GameEdge(sl.Gutter)
		}
	}
	rk, ok := r.cfg.Rules.(engine.Racked)
	if !ok {
		return
	}
	if _, ok := r.state.(engine.RackState); !ok {
		return
	}
	pieces := rk.Rack()
	var slots []Slot
	for _, sl := range r.cfg.Layout.Slots() {
		if sl.Gutter == NoEdge {
			slots = append(slots, sl)
		}
	}
	if len(slots) < len(pieces) {
		return
	}
	seen := map[engine.Piece]bool{}
	for i, p := range pieces {
		r.rack = append(r.rack, rackSlot{cell: slots[i].Cell, led: slots[i].LED, piece: p, first: !seen[p]})
		seen[p] = true
	}
}

// rackCount returns how many slots of piece p read occupied.
func (r *Referee) rackCount(p engine.Piece) int {
	n := 0
	for _, sl := range r.rack {
		if sl.piece == p && r.slots[sl.cell] != 0 {
			n++
		}
	}
	return n
}

// rackFits reports whether the rack reads what s has in its rack: for every piece, as many
// occupied slots as s has pieces of it waiting. A board without a rack always fits.
func (r *Referee) rackFits(s engine.State) bool {
	if len(r.rack) == 0 {
		return true
	}
	rs := s.(engine.RackState)
	for _, sl := range r.rack {
		if sl.first && r.rackCount(sl.piece) != rs.InRack(sl.piece) {
			return false
		}
	}
	return true
}

// rackLifted returns the one piece missing from the rack (read empty, though the game has
// it waiting), or Empty if none or several.
func (r *Referee) rackLifted() engine.Piece {
	if len(r.rack) == 0 {
		return engine.Empty
	}
	rs := r.state.(engine.RackState)
	var lifted engine.Piece
	for _, sl := range r.rack {
		if !sl.first {
			continue
		}
		switch n, want := r.rackCount(sl.piece), rs.InRack(sl.piece); {
		case n == want:
		case n == want-1 && lifted == engine.Empty:
			lifted = sl.piece
		default:
			return engine.Empty
		}
	}
	return lifted
}

// planRack returns the instruction for each rack slot, in the order of Plan: what to fix,
// a question, the AI's piece to take.
func (r *Referee) planRack(dst []Light) []Light {
	dst = dst[:0]
	if len(r.rack) == 0 {
		return dst
	}
	if !r.seeded {
		for range r.rack {
			dst = append(dst, LightOff) // the board has not been read yet
		}
		return dst
	}
	rs := r.state.(engine.RackState)
	var ai engine.Piece
	asking := map[engine.Piece]bool{}
	if r.v.kind == matchMany {
		for _, m := range r.asked.moves {
			if p := r.state.Footprint(m).Rack; p != engine.Empty {
				asking[p] = true
			}
		}
	}
	if r.aiMove != 0 {
		ai = r.state.Footprint(r.aiMove).Rack
	}
	repair := r.v.kind == noMatch || r.v.kind == matchBack
	for _, sl := range r.rack {
		l := LightOff
		full := r.slots[sl.cell] != 0
		n, want := r.rackCount(sl.piece), rs.InRack(sl.piece)
		switch {
		case repair && n > want && full && sl.piece != ai:
			l = LightRemove
		case repair && n < want && !full:
			l = LightPut
		case asking[sl.piece] && full:
			l = LightAsk
		case sl.piece == ai && full && n == want:
			l = LightAIFrom
		}
		dst = append(dst, l)
	}
	return dst
}

// rackOnlyShort reports whether the rack reads no piece that s does not have waiting: only
// pieces taken early are missing.
func (r *Referee) rackOnlyShort(s engine.State) bool {
	rs := s.(engine.RackState)
	for _, sl := range r.rack {
		if sl.first && r.rackCount(sl.piece) > rs.InRack(sl.piece) {
			return false
		}
	}
	return true
}

// rackRepairs names the pieces to take from the rack and to put back in it, for the
// mismatch text.
func (r *Referee) rackRepairs() (out, back string) {
	if len(r.rack) == 0 {
		return "", ""
	}
	rs := r.state.(engine.RackState)
	var outs, backs []string
	for _, sl := range r.rack {
		if !sl.first {
			continue
		}
		name := pieceName(r.cfg.Rules, sl.piece)
		switch n, want := r.rackCount(sl.piece), rs.InRack(sl.piece); {
		case n > want:
			outs = append(outs, name)
		case n < want:
			backs = append(backs, name)
		}
	}
	return strings.Join(outs, " "), strings.Join(backs, " ")
}

// pieceName names piece p as the game's notation does, or by its code.
func pieceName(rules engine.Rules, p engine.Piece) string {
	if n, ok := rules.(engine.PieceNamer); ok {
		return n.PieceName(p)
	}
	return fmt.Sprintf("piece %d", p)
}
