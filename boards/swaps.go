package boards

// Drops swapped faster than the debouncer: the next player's stone put on a square a slide
// passed over or left, within a scan or two of the stone leaving it, so that the square is
// never seen empty. On presence sensors such a pair reads as another move; it is asked,
// and the answer takes the drop with the slide.

import (
	"slices"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/hw"
)

// swapOption is an option asked that the board shows only with the next player's drop
// after it, a drop the sensors never saw (swappedOnTheWay): answered, both are taken.
type swapOption struct {
	move, then engine.Move
}

// thenOf returns the drop that option m stands with (swapOption), or 0.
func (q *question) thenOf(m engine.Move) engine.Move {
	for _, o := range q.swapped {
		if o.move == m {
			return o.then
		}
	}
	return 0
}

// playAsked plays option o of the open question on r.state, with the drop it stands with
// (swapOption), and returns that drop's footprint (none where o stands alone) and the
// plies played, to undo.
func (r *Referee) playAsked(o engine.Move) (then engine.Footprint, plies int) {
	d := r.asked.thenOf(o)
	r.state.Play(o)
	if d == 0 {
		return engine.Footprint{}, 1
	}
	then = r.state.Footprint(d)
	r.state.Play(d)
	return then, 2
}

// undo takes back n plies of r.state.
func (r *Referee) undo(n int) {
	for range n {
		r.state.Undo()
	}
}

// swappedOnTheWay returns, on presence sensors, the slide that reads as slide a followed by
// b, a drop further along a's way: a5-a7, over a6, and a drop on a6, made as the stone
// passed, read as a5-a6 and a drop on a7 where the drop swapped for the stone on a6 faster
// than the debouncer saw a6 empty. a's square is never seen empty after b's fills. The
// rival is asked beside a, never taken, with the drop it stands with (without it where
// that drop was made later, seen made); none if there is none.
func (r *Referee) swappedOnTheWay(fa, fb engine.Footprint, k int) swapOption {
	from, to, ok := carried(fa)
	if r.kind != hw.Presence || !ok || fb.Line != 0 || fb.Emptied|fb.Replaced != 0 || fb.Filled.Count() != 1 {
		return swapOption{}
	}
	c := fb.Filled.First()
	if !between(r.cfg.Rules.Geometry(), from, c).Has(to) {
		return swapOption{}
	}
	k = min(k, len(r.ev.work))
	landed := lastAt(r.ev.work[k:], c, true) // (b's landing: the last time its square filled)
	if landed < 0 {
		return swapOption{}
	}
	landed += k
	if down := lastAt(r.ev.work, to, true); lastAt(r.ev.work, to, false) > down || down > landed {
		return swapOption{} // (a's square seen empty after its stone landed, or filled again after b's)
	}
	late := leftEmpty(r.ev.work[k:landed+1], to)
	for _, m := range r.legal {
		f := r.state.Footprint(m)
		if f.Line != 0 || f.Emptied != engine.Bit(from) || f.Filled != engine.Bit(c) || f.Replaced != 0 {
			continue
		}
		if drop := r.dropAfter(m, engine.Bit(to)); drop != 0 {
			if late {
				// (a's square left empty handOff or more: the drop there was made later,
				// seen made, and is read in its turn. c7-c4 over c5, c7, then c5.)
				return swapOption{move: m}
			}
			return swapOption{m, drop}
		}
	}
	return swapOption{}
}

// glimpsedAround reports whether square sq was glimpsed empty (read so for less than the
// debounce time) within handOff before the piece put down at work[i], or within makeBreak
// after it, as a lift there would count (slidAndRefilled): g6-f5 made before break, and the
// next player's drop on g6 40 ms after the stone left, leave no more than that on g6.
func (r *Referee) glimpsedAround(sq engine.Square, i int) bool {
	if !r.ev.glimpsed.Has(sq) || i < 0 || i >= len(r.ev.work) {
		return false
	}
	d := r.ev.glimpseAt[sq].at.Sub(r.ev.work[i].at)
	return d <= makeBreak && d > -handOff
}

// madeBeforeBreak reports whether the lift at work[up] came within makeBreak of the piece
// put down at work[down]: one piece slid from the one square to the other.
func (r *Referee) madeBeforeBreak(down, up int) bool {
	return down >= 0 && up >= down && r.ev.work[up].at.Sub(r.ev.work[down].at) <= makeBreak
}

// leftEmpty reports whether square sq is seen empty in ws for handOff or more before it
// fills again: a piece swapped for the one leaving it is put down at once.
func leftEmpty(ws []work, sq engine.Square) bool {
	for i, w := range ws {
		if w.is(sq, false) {
			if j := slices.IndexFunc(ws[i:], func(v work) bool { return v.is(sq, true) }); j < 0 || ws[i+j].at.Sub(w.at) >= handOff {
				return true
			}
		}
	}
	return false
}

// swappedSince reports whether the one move seen (r.v.move), a drop, may be a slide on to
// its square and the next player's drop where it left (slidAndRefilled), and if so makes
// the two the options asked, never taken. A square glimpsed empty after the drop was
// matched tells so too: it is looked for again before the drop is taken.
func (r *Referee) swappedSince() bool {
	o := r.slidAndRefilled(r.v.move)
	if o.move == 0 {
		return false
	}
	r.v.moves = append(r.v.moves[:0], r.v.move, o.move)
	r.v.swapped = append(r.v.swapped, o)
	r.v.kind, r.v.firmNext = matchMany, true
	return true
}

// slidAndRefilled returns, on presence sensors, for drop m seen whole, the slide on to its
// square from a square lifted before m's piece came down (or as it came down, made before
// break) and filled again since, or glimpsed empty as it came down, with the next player's
// drop there: b3 with a3 lifted and put back reads as a3-b3 and a drop on a3, two hands at
// once. None if there is none.
func (r *Referee) slidAndRefilled(m engine.Move) swapOption {
	s := r.state
	f := s.Footprint(m)
	if r.kind != hw.Presence || f.Line != 0 || f.Emptied|f.Replaced|f.Touched != 0 || f.Filled.Count() != 1 {
		return swapOption{}
	}
	to := f.Filled.First()
	landed := lastAt(r.ev.work, to, true)
	for _, a := range r.legal {
		fa := s.Footprint(a)
		if fa.Line != 0 || fa.Filled != f.Filled || fa.Replaced != 0 || fa.Emptied.Count() != 1 {
			continue
		}
		from := fa.Emptied.First()
		if up := slices.IndexFunc(r.ev.work, func(w work) bool { return w.is(from, false) }); (up < 0 || up > landed && !r.madeBeforeBreak(landed, up) || lastAt(r.ev.work, from, true) < up) && !r.glimpsedAround(from, landed) {
			// (Its square not lifted before m's piece came down, nor as it came down, a
			// slide made before break; nor filled again since; nor glimpsed empty.)
			continue
		}
		if drop := r.dropAfter(a, fa.Emptied); drop != 0 {
			return swapOption{a, drop}
		}
	}
	return swapOption{}
}

// dropAfter returns the next player's drop on sq after move a, where that player is a
// person at the board; 0 if there is none.
func (r *Referee) dropAfter(a engine.Move, sq engine.Bitboard) engine.Move {
	s := r.state
	s.Play(a)
	defer s.Undo()
	if s.Outcome().Over || r.sides[s.Turn()] != Human {
		return 0
	}
	// (Not into r.tmp.moves: its callers may be ranging over it.)
	for _, d := range s.Legal(nil) {
		if g := s.Footprint(d); g.Line == 0 && g.Emptied|g.Replaced == 0 && g.Filled == sq {
			return d
		}
	}
	return 0
}
