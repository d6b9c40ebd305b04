package boards

import (
	"slices"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/hw"
)

// A capture's stone swapped for the capturer faster than the debouncer sees its square
// empty leaves no lift there, only a glimpse (a scan or so read empty); a disc lifted to be
// turned over then looks like a capture's target lifted (Crowded on presence sensors:
// e4xe5 made so and f4 turned reads as e4xf4). Such a move is known by the lifts that
// follow: the discs turned over, which neighbourhood they form. The referee waits for them
// and asks if they never tell. A swap inside one scan leaves nothing at all to go by.

// explains reports whether move m accounts for every square lifted since the board last
// matched: squares it empties, fills, lands on, touches or turns over.
func (r *Referee) explains(m engine.Move) bool {
	f := r.state.Footprint(m)
	return r.ev.lifted&^(f.Emptied|f.Filled|f.Replaced|f.Touched|f.Flipped) == 0
}

// hiddenRivals appends to dst the moves, not pushes and not in dst, that the board shows
// made but for squares of theirs never seen lifted, only glimpsed empty (in glimpsed), and
// that account for every lift seen.
func (r *Referee) hiddenRivals(dst []engine.Move, glimpsed engine.Bitboard) []engine.Move {
	lifted := r.ev.lifted
	defer func() { r.ev.lifted = lifted }()
	for _, o := range r.legal {
		f := r.state.Footprint(o)
		missing := f.Touched &^ lifted
		if missing == 0 || missing&^glimpsed != 0 || f.Line != 0 || slices.Contains(dst, o) || !r.explains(o) {
			continue
		}
		r.ev.lifted = lifted | missing
		if ok := r.fits(o, r.diff, &r.expected); ok == fitFull || ok == fitBoard {
			dst = append(dst, o)
		}
		r.ev.lifted = lifted
	}
	return dst
}

// matchHidden decides, on presence sensors with a square glimpsed empty, between the moves
// that fit (r.buf) and those the board shows made with a lift hidden in a glimpse. It
// reports whether it matched: of the moves that account for every lift, one is taken once
// the board settles; several wait for the discs still to turn, then are asked.
func (r *Referee) matchHidden() bool {
	n := len(r.buf)
	glimpsed := r.ev.glimpsed
	if n == 0 && r.now.Sub(r.last) < pairQuiet {
		return false // (looked for once the hands pause: see pairQuiet)
	}
	if n == 0 {
		// Nothing fits as seen: a swap between two scans leaves no glimpse, and the lifts
		// alone may tell the move.
		glimpsed = ^engine.Bitboard(0)
	}
	if r.kind != hw.Presence || glimpsed == 0 {
		return false
	}
	r.buf = r.hiddenRivals(r.buf, glimpsed)
	if len(r.buf) == n {
		return false
	}
	keep := r.buf[:0:0]
	for _, m := range r.buf {
		if r.explains(m) {
			keep = append(keep, m)
		}
	}
	if len(keep) > 0 {
		r.buf = append(r.buf[:0], keep...)
	}
	switch {
	case len(r.buf) > 1:
		r.matchKind, r.liftsCanTell = matchMany, true
	case n == 0 && r.ev.lifted&^r.state.Footprint(r.buf[0]).Emptied == 0:
		// Nothing lifted but the square the piece left: no disc turned tells the move yet.
		r.buf = r.buf[:0]
		return false
	default:
		r.matchKind, r.matchMove, r.extendable = matchMove, r.buf[0], true
	}
	return true
}
