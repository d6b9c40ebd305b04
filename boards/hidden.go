package boards

import (
	"slices"
	"time"

	"github.com/tavoliere/tavoliere/engine"
)

// A capture's stone swapped for the capturer faster than the debouncer sees its square
// empty leaves no lift there, only a glimpse (a scan or so read empty); a disc lifted to be
// turned over then looks like a capture's target lifted (Crowded on presence sensors:
// e4xe5 made so and f4 turned reads as e4xf4). Such a move is known by the lifts that
// follow: the discs turned over, which neighbourhood they form. The referee waits for them
// and asks if they never tell. A swap inside one scan leaves nothing at all to go by, so a
// capture's square never seen empty is a rival of every capture seen, unless a disc the
// rival turns over was lifted before its capturer left its square (turned before it was
// captured next to: no plausible hand).

// explains reports whether move m accounts for every square lifted or glimpsed empty since
// the board last matched (unexplained).
func (r *Referee) explains(m engine.Move) bool { return r.unexplained(m) == 0 }

// unexplained returns the squares lifted or glimpsed empty since the board last matched
// that move m does not account for: squares it empties, fills, lands on, touches or turns
// over, or a square worked on only before the move's hand began and read as the position
// has it (a piece fumbled and put back, the AI's move just committed), or a disc the last
// move turned, lifted while still to turn.
func (r *Referee) unexplained(m engine.Move) engine.Bitboard { return r.unexplainedBut(m, 0) }

// putBackAtOnce is how soon after a move's first lift a piece put back reads as put back
// with it (two scans and a half at 50 Hz, as the debouncer may pass them): a capturer set
// down so soon may be a piece fumbled and put back as the move began. (Later, it is the
// capture: a calm hand takes 60 ms or more, and a rival for each would ask 1 Crowded move
// in 800 more.)
const putBackAtOnce = 50 * time.Millisecond

// unexplainedBut is unexplained, but for a square of landed put back once, within
// putBackAtOnce of the move's first lift, and worked no more: a piece fumbled and put back as
// the move began, or a capturer landing there at once (f2xe3 with g3 put back as f2 is
// lifted reads as f2xg3 with g3's stone taken earlier): the moves seen landing there
// (landed) do not rule out the rival. So too any square lifted before the move began and
// put back so: a fumble its contact passed a scan late (f6 put back as d5 was lifted for
// d5xe4).
func (r *Referee) unexplainedBut(m engine.Move, landed engine.Bitboard) engine.Bitboard {
	f := r.state.Footprint(m)
	own := f.Emptied | f.Filled | f.Replaced | f.Touched | f.Flipped
	// (A disc of the last move lifted while still to turn is that move's, turned late.)
	stray := (r.ev.lifted | r.ev.glimpsed) &^ own &^ (r.ev.lateTurns &^ (f.Emptied | f.Replaced | f.Touched))
	if stray == 0 || r.ev.workLost {
		return stray
	}
	work := r.ev.work
	began := -1
	var beganAt time.Time
	for _, w := range work {
		if !w.on && (f.Emptied | f.Replaced | f.Touched).Has(w.sq) {
			began, beganAt = int(w.scan), w.at
			break
		}
	}
	var out, soon, before engine.Bitboard // (before: lifted before the move began)
	for _, w := range work {
		if began >= 0 && int(w.scan) < began && !w.on {
			before |= engine.Bit(w.sq)
		}
		if !stray.Has(w.sq) || began >= 0 && int(w.scan) <= began {
			continue
		}
		if (landed | before).Has(w.sq) && w.on && !(out | soon).Has(w.sq) && w.at.Sub(beganAt) < putBackAtOnce {
			soon |= engine.Bit(w.sq) // (put back as the move began)
			continue
		}
		out |= engine.Bit(w.sq) // worked on after the move began
	}
	for b := stray & r.ev.glimpsed; b != 0; {
		if sq := b.Pop(); began < 0 || int(r.ev.glimpseAt[sq].scan) > began {
			out |= engine.Bit(sq)
		}
	}
	for b := stray; b != 0; {
		if sq := b.Pop(); r.board[sq] != r.expected[sq] {
			out |= engine.Bit(sq) // (and read as the position has it)
		}
	}
	return out
}

// landings returns the squares the moves ms put a piece down on.
func (r *Referee) landings(ms []engine.Move) engine.Bitboard {
	var out engine.Bitboard
	for _, m := range ms {
		f := r.state.Footprint(m)
		out |= f.Filled | f.Replaced
	}
	return out
}

// hiddenRivals appends to dst the moves, not pushes and not in dst, that the board shows
// made but for squares of theirs never seen lifted, only glimpsed empty (in glimpsed) or
// the square a capture lands on, and that account for every lift seen, or for as many as a
// move of dst does.
func (r *Referee) hiddenRivals(dst []engine.Move, glimpsed engine.Bitboard) []engine.Move {
	lifted := r.ev.lifted
	defer func() { r.ev.lifted = lifted }()
	// (A rival accounts for every lift, or for as many as a move seen: work a hand fumbled as
	// the move began, left unexplained by the move seen, does not rule the rival out.)
	var seen []engine.Bitboard
	for _, m := range dst {
		seen = append(seen, r.unexplained(m))
	}
	landed := r.landings(dst)
	var turnedBySeen engine.Bitboard // (the discs a move seen turns: lifted and put back, turned, no fumble)
	for _, m := range dst {
		turnedBySeen |= r.state.Footprint(m).Flipped
	}
	asWell := func(o engine.Move) bool {
		u := r.unexplainedBut(o, landed)
		// (Or, beside a move seen, its capture glimpsed after its capturer was lifted, and
		// what it leaves unexplained only pieces lifted and put back where they were, none
		// a disc the move seen turns: fumbled. h2xh3 glimpsed, then h1 lifted and put
		// back, beside h2xh1 read from that lift. Never a rival alone, nor beside the
		// move whose discs were turned: c4xd4 with b4 brushed is no c4xb4.)
		return u == 0 || slices.ContainsFunc(seen, func(s engine.Bitboard) bool { return u&^s == 0 }) ||
			len(dst) > 0 && u&turnedBySeen == 0 && r.glimpsedAfterLift(r.state.Footprint(o)) && r.putBack(u)
	}
	for _, o := range r.legal {
		f := r.state.Footprint(o)
		missing := f.Touched &^ r.liftedSince(f.Emptied)
		if missing == 0 || missing&^(glimpsed|f.Replaced) != 0 || f.Line != 0 || slices.Contains(dst, o) || !asWell(o) {
			continue
		}
		if !r.turnedAfter(f) {
			continue
		}
		r.ev.lifted = lifted | missing
		if ok := r.fits(o, 0, 0, r.diff, &r.expected); ok == fitFull || ok == fitBoard {
			dst = append(dst, o)
		}
		r.ev.lifted = lifted
	}
	return dst
}

// glimpsedAfterLift reports whether the stone capture f takes was glimpsed empty after the
// capturer's square was first lifted: its swap, seen for a scan.
func (r *Referee) glimpsedAfterLift(f engine.Footprint) bool {
	i := slices.IndexFunc(r.ev.work, func(w work) bool { return !w.on && f.Emptied.Has(w.sq) })
	if i < 0 || f.Touched&r.ev.glimpsed == 0 {
		return false
	}
	for b := f.Touched & r.ev.glimpsed; b != 0; {
		if r.ev.glimpseAt[b.Pop()].scan > r.ev.work[i].scan {
			return true
		}
	}
	return false
}

// putBack reports whether every square of sqs reads as the position has it, its work since
// the board last matched only lifts each followed by a put (a piece fumbled and put back).
func (r *Referee) putBack(sqs engine.Bitboard) bool {
	for b := sqs; b != 0; {
		sq := b.Pop()
		if r.board[sq] != r.expected[sq] {
			return false
		}
		up := false
		for _, w := range r.ev.work {
			if w.sq != sq {
				continue
			}
			if w.on == up {
				up = !up
			} else {
				return false
			}
		}
		if up {
			return false
		}
	}
	return true
}

// matchHidden decides between the moves that fit (r.v.moves) and those the board shows made
// with a lift hidden in a glimpse or between two scans (a capture's stone swapped; on
// polarity or identity sensors, where the stone reads as the capturer: a disc the last move
// turned, not turned over yet). It reports whether it matched: of the moves that account
// for every lift, one is taken; several wait for the discs still to turn (lit: the discs of
// the move seen), then are asked.
func (r *Referee) matchHidden() bool {
	// Of the moves seen whole, those whose discs were turned before their capture was made
	// are no plausible hand's, unless all are.
	keep := r.v.moves[:0:0]
	for _, m := range r.v.moves {
		if r.turnedAfter(r.state.Footprint(m)) {
			keep = append(keep, m)
		}
	}
	if len(keep) > 0 {
		r.v.moves = append(r.v.moves[:0], keep...)
	}
	n := len(r.v.moves)
	landed := r.landings(r.v.moves)
	glimpsed := r.ev.glimpsed
	if n == 0 && r.now.Sub(r.last) < pairQuiet {
		// (Looked for once the hands pause: see pairQuiet. A tap ending now on an open
		// question is held till then, dirty, rather than weighed against a board read as
		// a move on its way: f8xe8 or f8xg8 asked, g8 tapped.)
		r.dirty = r.dirty || r.asked.moves != nil
		return false
	}
	if n == 0 {
		// Nothing fits as seen: a swap between two scans leaves no glimpse, and the lifts
		// alone may tell the move.
		glimpsed = ^engine.Bitboard(0)
	}
	r.v.moves = r.hiddenRivals(r.v.moves, glimpsed)
	if len(r.v.moves) == n {
		return false
	}
	// Of all, those that account for every lift: a disc turned that only a rival turns
	// rules out the move seen.
	keep = r.v.moves[:0:0]
	for i, m := range r.v.moves {
		if r.explains(m) || i >= n && r.unexplainedBut(m, landed) == 0 {
			keep = append(keep, m)
		}
	}
	if len(keep) > 0 {
		r.v.moves = append(r.v.moves[:0], keep...)
	}
	switch {
	case len(r.v.moves) > 1:
		r.v.kind, r.v.liftsCanTell = matchMany, true
	case n == 0 && r.ev.lifted&r.state.Footprint(r.v.moves[0]).Flipped == 0:
		// No disc it turns lifted (only the square the piece left, or pieces fumbled): no
		// disc turned tells the move yet. (A pawn into Xe Queo!'s ring, the ring never
		// lifted, with b3 and b4 fumbled before, is no move seen.)
		r.v.moves = r.v.moves[:0]
		return false
	default:
		r.v.kind, r.v.move, r.v.extendable = matchMove, r.v.moves[0], r.canExtend(r.v.moves[0], r.legal)
	}
	return true
}

// turnedAfter reports whether every disc lifted that f turns over was first lifted after
// the squares of f seen lifted (the capturer's, the captured stone's), but for discs of the
// last move turned late: discs are turned once the capture is made. With the order lost,
// they may have been.
func (r *Referee) turnedAfter(f engine.Footprint) bool {
	return r.ev.workLost || r.turnedEarly(f)&^r.ev.lateTurns == 0
}

// turnedEarly returns the discs f turns over first lifted no later than the last of f's
// own squares seen lifted: before its capture was made, no disc of it turned then.
func (r *Referee) turnedEarly(f engine.Footprint) engine.Bitboard {
	turned := f.Flipped & r.ev.lifted
	if turned == 0 {
		return 0
	}
	own := (f.Emptied | f.Replaced | f.Touched) & r.ev.lifted
	var first [64]uint32 // the scan each square was first lifted in, if in seen
	var seen engine.Bitboard
	for _, w := range r.ev.work {
		if !w.on && !seen.Has(w.sq) {
			first[w.sq], seen = w.scan, seen|engine.Bit(w.sq)
		}
	}
	from := uint32(0)
	for b := own & seen; b != 0; {
		from = max(from, first[b.Pop()])
	}
	var early engine.Bitboard
	for b := turned & seen; b != 0; {
		if sq := b.Pop(); first[sq] <= from {
			early |= engine.Bit(sq)
		}
	}
	return early
}

// heldFlips is, while the discs still to turn may tell the moves held apart, the discs the
// one move seen whole turns over and not yet lifted: a hand that made it turns them as lit,
// and the first that no rival turns tells it.
func (r *Referee) heldFlips() engine.Bitboard {
	var flips engine.Bitboard
	seen := 0
	for _, m := range r.v.moves {
		if f := r.state.Footprint(m); f.Touched&^r.ev.lifted == 0 {
			flips, seen = f.Flipped&^r.ev.lifted, seen+1
		}
	}
	if seen != 1 {
		return 0
	}
	return flips
}

// hiddenBefore reports whether a capture never seen lifted where it lands (f, its stone
// swapped between two scans) accounts for the work before k, where the next move begins:
// its capturer lifted, and every other lift a disc it turns, lifted after that, or a piece
// put back before it began.
func (r *Referee) hiddenBefore(f engine.Footprint, k int) bool {
	began := -1
	for _, w := range r.ev.work[:k] {
		switch {
		case w.on:
		case f.Emptied.Has(w.sq):
			if began < 0 {
				began = int(w.scan)
			}
		case f.Flipped.Has(w.sq) && began >= 0 && int(w.scan) > began:
		case f.Touched.Has(w.sq):
			return false // its victim lifted: not hidden
		case began >= 0:
			return false // a lift no part of it
		}
	}
	return began >= 0
}

// liftedSince returns the squares lifted since the first lift of a square of from (the
// whole of the lifts where none was): a capture's stone lifted before its capturer left
// was turned by the move before, and its capture may have been swapped unseen since.
func (r *Referee) liftedSince(from engine.Bitboard) engine.Bitboard {
	i := slices.IndexFunc(r.ev.work, func(w work) bool { return !w.on && from.Has(w.sq) })
	if i < 0 {
		return r.ev.lifted
	}
	return liftsIn(r.ev.work[i:]) & r.ev.lifted
}
