package boards

// Work the one move that fits leaves unexplained (a piece put down off its way and taken
// off again, a square lifted across its work): asked where two moves in order account for
// it too, never taken.

import (
	"slices"
	"time"

	"github.com/tavoliere/tavoliere/engine"
)

// strayAsked asks, where the one move that fits (r.v.moves[0]) leaves work unexplained, a piece
// put on a square off its way and taken off again, and two moves in order account for it
// too: a pawn moved twice, by two players, reads as one move of two squares. It reports
// whether it asked.
func (r *Referee) strayAsked() bool {
	m := r.v.moves[0]
	odd := r.stray(m) | r.spanning(m)
	if odd == 0 {
		return false
	}
	if r.asked.moves != nil && !r.asked.extra && slices.Contains(r.asked.moves, m) {
		// Asked already (the readings are not searched while a question is open): it
		// stays open while the board shows m with the same stray work. (Not a question of
		// stones too many: the stray taken off answers it.)
		r.v.moves = append(r.v.moves[:0], r.asked.moves...)
		r.v.kind = matchMany
		return true
	}
	pairs := r.fewest(r.firstOfTwo(false))
	// (Each option's own rest: m's begins once the question is asked, its stray work no
	// move's; a pair's where its second move began.)
	r.v.splits = append(r.v.splits[:0], len(r.ev.work))
	for _, p := range pairs {
		if p.done || p.ok && p.a != m {
			// (A reading whose rest is on its way is a rival too: e3, then d2 turning e3,
			// e3's disc in the hand, is no d2 with a piece put on e3 and taken off.)
			r.addOption(p.a, p.split)
		}
	}
	slid := r.slidInto(r.state.Footprint(m), odd&^brief(r.ev.work))
	if len(r.v.moves) == 1 {
		if !slid {
			r.v.splits = r.v.splits[:0]
			return false
		}
		// m puts a piece down in line with a square where one rested long enough to be
		// another move's, and no reading of moves in order accounts for it: that piece
		// may have slid into m's square (a6-b6, a6, b6-g1 reads as g1). m is asked.
		r.v.askFrom = r.v.splits[0]
		r.v.kind, r.v.firmNext = matchMany, true
		return true
	}
	r.v.askFrom = slices.Min(r.v.splits[1:])
	r.v.kind, r.v.firmNext = matchMany, slid
	return true
}

// stray returns the squares that were filled and then emptied again in the work, off move
// m's squares and off the straight way between the square it empties and the one it fills.
func (r *Referee) stray(m engine.Move) engine.Bitboard {
	own := r.own(r.state.Footprint(m))
	var filled, out engine.Bitboard
	for _, w := range r.ev.work {
		switch {
		case own.Has(w.sq):
		case w.on:
			filled |= engine.Bit(w.sq)
		case filled.Has(w.sq):
			out |= engine.Bit(w.sq)
		}
	}
	return out
}

// strayJustLifted reports whether a square of stray(m) was last emptied less than handOff
// ago: the hand there may put its piece back.
func (r *Referee) strayJustLifted(m engine.Move) bool {
	for b := r.stray(m); b != 0; {
		sq := b.Pop()
		if i := lastAt(r.ev.work, sq, false); i >= 0 && i > lastAt(r.ev.work, sq, true) && r.now.Sub(r.ev.work[i].at) < handOff {
			return true
		}
	}
	return false
}

// slidInto reports whether f is a piece put down (a drop, a placement) on a square in line
// with one of sqs, filled after a piece of the position was taken up: a piece of the board
// resting there could have slid into it (a6-b6, a6, b6-g1). (One from the supply, set down
// short and slid on, with no piece of the position lifted before it, is f's own.)
func (r *Referee) slidInto(f engine.Footprint, sqs engine.Bitboard) bool {
	if f.Emptied != 0 || f.Line != 0 || f.Filled == 0 || f.Filled&(f.Filled-1) != 0 {
		return false
	}
	g, to := r.cfg.Rules.Geometry(), f.Filled.First()
	for sqs != 0 {
		s := sqs.Pop()
		if !inLine(g, s, to) || r.expected.occupied()&between(g, s, to) != 0 {
			continue // (nor one whose way there the position blocks: g6 to g1 over g5-g2)
		}
		for _, w := range r.ev.work {
			if w.is(s, true) {
				break
			}
			if !w.on && r.expected[w.sq] != 0 {
				return true // (a piece of the position taken up)
			}
		}
	}
	return false
}

// spanning returns the squares off move m's way that were lifted before a change of m's,
// or within makeBreak after it, and filled again after it: a piece fumbled while m was
// made, or m a slide from there and the square filled by the next player (a2-b2 then a2
// reads as b2 with a2 fumbled; b3-a3 made before break, a3 closing as b3 opens, then b3,
// as a3 with b3 fumbled).
func (r *Referee) spanning(m engine.Move) engine.Bitboard {
	own := r.own(r.state.Footprint(m))
	var up, spanned, out engine.Bitboard
	var lastOwn time.Time
	for _, w := range r.ev.work {
		switch {
		case own.Has(w.sq):
			spanned |= up // m's work while these were up
			lastOwn = w.at
		case !w.on:
			up |= engine.Bit(w.sq)
			spanned &^= engine.Bit(w.sq)
			if !lastOwn.IsZero() && w.at.Sub(lastOwn) <= makeBreak {
				spanned |= engine.Bit(w.sq) // (lifted as m's piece came down: made before break)
			}
		case up.Has(w.sq):
			if spanned.Has(w.sq) {
				out |= engine.Bit(w.sq)
			}
			up &^= engine.Bit(w.sq)
		}
	}
	return out
}
