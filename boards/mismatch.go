package boards

// What to fix when the board and the game disagree, in words and squares.

import (
	"strings"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/hw"
)

// repairs sorts the squares where the board differs from the game by what fixes them:
// clear the square, put a piece on it, or turn over (exchange) the piece on it.
func (r *Referee) repairs() (remove, put, turn engine.Bitboard) {
	for b := r.diff; b != 0; {
		sq := b.Pop()
		switch {
		case r.expected[sq] == 0:
			remove |= engine.Bit(sq)
		case r.board[sq] == 0:
			put |= engine.Bit(sq)
		default:
			turn |= engine.Bit(sq)
		}
	}
	return remove, put, turn
}

func (r *Referee) reportMismatch() {
	r.misSent = true
	r.stats.Mismatches++
	g := r.cfg.Rules.Geometry()
	remove, put, turn := r.repairs()
	var parts, args []string // args: the kiosk's, each part by its name
	list := func(verb, arg string, b engine.Bitboard) {
		if b != 0 {
			parts, args = append(parts, verb+" "+r.names(b)), append(args, arg, r.names(b))
		}
	}
	list("clear", "clear", remove)
	guide, painted := r.guide(put|r.wrongPiece(turn), false) // the text names them all
	var pawns []string
	for _, p := range guide {
		parts, pawns = append(parts, "put the "+p.Colour+" piece on "+g.Name(p.Square)), append(pawns, g.Name(p.Square)+":"+p.Colour)
	}
	if pawns != nil {
		args = append(args, "pawns", strings.Join(pawns, " "))
	}
	list("put a piece on", "put", put&^painted)
	if r.kind == hw.Identity {
		list("put the right piece on", "right", turn&^painted)
	} else {
		list("turn over", "turn", turn)
	}
	if out, back := r.rackRepairs(); out != "" || back != "" {
		if out != "" {
			parts, args = append(parts, "take "+out+" from the rack"), append(args, "rack-out", out)
		}
		if back != "" {
			parts, args = append(parts, "put "+back+" back in the rack"), append(args, "rack-back", back)
		}
	}
	r.misText = "the board does not match the game: " + strings.Join(parts, "; ")
	r.emit(Event{Kind: Mismatch, Remove: remove, Put: put, Turn: turn, Text: r.misText, Msg: msg("mismatch", args...)})
}

// names writes the squares of b by name: "d6 e5".
func (r *Referee) names(b engine.Bitboard) string {
	g := r.cfg.Rules.Geometry()
	var out []string
	for b != 0 {
		out = append(out, g.Name(b.Pop()))
	}
	return strings.Join(out, " ")
}

// unliftedBy returns the squares of move m never seen lifted, if the board shows m made
// but for them (a capture swapped faster than the scans): a lift there says the move is done.
func (r *Referee) unliftedBy(m engine.Move) engine.Bitboard {
	f := r.state.Footprint(m)
	missing := f.Touched &^ r.ev.lifted &^ r.readChanged(f, r.diff)
	if missing == 0 || f.Line != 0 {
		return 0
	}
	lifted := r.ev.lifted
	r.ev.lifted |= missing
	ok := r.fits(m, 0, 0, r.diff, &r.expected)
	r.ev.lifted = lifted
	if ok == fitFull || ok == fitBoard {
		return missing
	}
	return 0
}

// unlifted returns the squares that the moves the board shows made, but for a square of
// theirs never seen lifted, must lift: on presence sensors, Xe Queo!'s pawn put inside a
// sensed ring, the ring not lifted, reads as the pawn still in the hand.
func (r *Referee) unlifted() engine.Bitboard {
	var out engine.Bitboard
	lifted := r.ev.lifted
	for _, m := range r.legal {
		f := r.state.Footprint(m)
		missing := f.Touched &^ lifted &^ r.readChanged(f, r.diff)
		if missing == 0 || f.Line != 0 {
			continue
		}
		r.ev.lifted = lifted | missing
		if ok := r.fits(m, 0, 0, r.diff, &r.expected); ok == fitFull || ok == fitBoard {
			out |= missing
		}
		r.ev.lifted = lifted
	}
	return out
}
