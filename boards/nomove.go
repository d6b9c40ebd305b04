package boards

import (
	"slices"

	"github.com/tavoliere/tavoliere/engine"
)

// Work that belongs to no move of a reading: a hand overshooting or wavering on its way,
// a move made and taken back, a fumble. Readings set it apart before they weigh the rest.

// overshot returns the squares off acts, a move's, whose work before work[end] is brief
// (a piece put down and taken off again at once, or lifted and put back) and begins after
// the move's first work: its hand overshooting or fumbling as it went. (Not before: a
// stone put down before the move began and slid on is another move's.)
func (r *Referee) overshot(acts engine.Bitboard, end int) engine.Bitboard {
	ws := r.ev.work[:min(end, len(r.ev.work))]
	first := slices.IndexFunc(ws, func(w work) bool { return acts.Has(w.sq) })
	if first < 0 {
		return 0
	}
	// (Away from the move's squares, only where the work there leaves the board as it
	// was, a move made and taken back: a piece lifted for good and carried on is a move.)
	near, g := acts, r.cfg.Rules.Geometry()
	for b := acts; b != 0; {
		near |= g.Adjacent8(b.Pop())
	}
	var away engine.Bitboard
	for _, w := range ws[first+1:] {
		if !near.Has(w.sq) {
			away ^= engine.Bit(w.sq)
		}
	}
	out := brief(ws[first+1:]) &^ acts
	if away != 0 {
		out &= near
	}
	var later engine.Bitboard
	for _, w := range ws[first:] {
		later |= engine.Bit(w.sq)
	}
	if !restored(ws[:first]) {
		for _, w := range ws[:first] {
			out &^= engine.Bit(w.sq)
		}
		return out
	}
	// (Before it: a move made and taken back, the board left as it was: nobody's, and the
	// squares it worked may be touched again as the move is made.)
	return out | r.takenBackBefore(acts, end)&^later
}

// overshotOnto returns, where work[i] is move f's piece set down past the square it goes to
// (pastEnd), after it left its own, taken up again within handOff and f's square filled
// within handOff after that, where in the work that lift is; else -1. Such work is f's hand
// overshooting, whoever's square it is.
func (r *Referee) overshotOnto(f engine.Footprint, i int) int {
	from, dest, ok := carried(f)
	ws := r.ev.work
	if !ok || !ws[i].on || !pastEnd(r.cfg.Rules.Geometry(), from, dest).Has(ws[i].sq) || lastAt(ws[:i], from, false) < 0 {
		return -1
	}
	j := nextAt(ws, i)
	if j < 0 || ws[j].on || ws[j].at.Sub(ws[i].at) >= handOff {
		return -1
	}
	// (f's square filled in the scan that lift was seen in is in order too, whichever comes
	// first in the work: b1-c2 over to d3, c2 filled as d3 is emptied; or within makeBreak
	// before it, the piece brought back made before break: g3-g4 over to g5, g4 filled a
	// scan before g5 emptied.)
	if slices.ContainsFunc(ws[i+1:j], func(w work) bool {
		return w.is(dest, true) && (w.scan == ws[j].scan || ws[j].at.Sub(w.at) < makeBreak)
	}) {
		return j
	}
	if k := slices.IndexFunc(ws[j+1:], func(w work) bool { return w.sq == dest }); k < 0 || !ws[j+1+k].on || ws[j+1+k].at.Sub(ws[j].at) >= handOff {
		return -1
	}
	return j
}

// turnedThere reports whether the piece put down at work[i] rested handOff or longer, was
// then lifted and put back, and the square ends filled: a disc turned where it was put.
func (r *Referee) turnedThere(i int) bool {
	ws, sq := r.ev.work, r.ev.work[i].sq
	j := slices.IndexFunc(ws[i+1:], func(w work) bool { return w.sq == sq })
	return j >= 0 && !ws[i+1+j].on && ws[i+1+j].at.Sub(ws[i].at) >= handOff && lastAt(ws, sq, true) > i+1+j && lastAt(ws, sq, false) < lastAt(ws, sq, true)
}

// wavered returns the squares off acts, a move's squares, whose work before work[hi] is no
// move's: that of a move made and taken back before it began, the board left as it was
// (e1-e2 taken back, then e1-d2), and pieces put down and taken off again within handOff
// (brief) before it began (a hand passing over d2 in c2-e2, taken back) or between its
// first and last work: its hand wavering on its way, no drop (c4-e4 by jumps, its pawn set
// on d4 and f3 in passing). Not a piece put down before it began and taken off after (e4,
// a7, then e4-e3).
func (r *Referee) wavered(acts engine.Bitboard, hi int) engine.Bitboard {
	ws := r.ev.work[:min(hi, len(r.ev.work))]
	p := undonePrefix(ws, acts)
	out := squaresOf(ws[:p])
	ws = ws[p:]
	lo := slices.IndexFunc(ws, func(w work) bool { return acts.Has(w.sq) })
	if lo < 0 {
		return out &^ acts
	}
	return (out | brief(ws[:lo]) | brief(ws[lo:lastOn(ws, acts)])) &^ acts
}

// undonePrefix returns the length of the longest start of ws that leaves the board as it
// was, work on acts (a move's squares) following it: a move made and taken back before the
// move began, nobody's (g2-d2 over e2 taken back, then f1-d3 over e2).
func undonePrefix(ws []work, acts engine.Bitboard) int {
	return restoredPrefix(ws[:max(lastOn(ws, acts), 0)])
}

// ownTriedFirst returns the length of the start of ws that is a move of f's own piece made
// and taken back (undonePrefix, undoneOwn): d4-c3 made before break and back, then d4-b4.
// 0 if ws begins otherwise.
func (r *Referee) ownTriedFirst(ws []work, f engine.Footprint) int {
	if pre := undonePrefix(ws, r.own(f)); undoneOwn(ws[:pre], f.Emptied) {
		return pre
	}
	return 0
}

// undoneOwn reports whether ws, work that leaves the board as it was, is a move of the
// piece on from made and taken back: its first lift takes that piece up and its last work
// puts it back (a piece set on its way just before, made before break, may come first).
func undoneOwn(ws []work, from engine.Bitboard) bool {
	lift := slices.IndexFunc(ws, func(w work) bool { return !w.on })
	return lift >= 0 && from.Has(ws[lift].sq) && ws[len(ws)-1].is(ws[lift].sq, true) && restored(ws)
}

// restoredPrefix returns the length of the longest start of ws that leaves every square as
// it was, or 0.
func restoredPrefix(ws []work) int {
	var odd engine.Bitboard
	p := 0
	for i, w := range ws {
		if odd ^= engine.Bit(w.sq); odd == 0 {
			p = i + 1
		}
	}
	return p
}

// workedFrom returns the squares the work from work[k] on acts on: a move made and taken
// back before a began (takenBackBefore) excuses no work there after k (b6-c5 taken back
// before f6 is no excuse for c5's work as b5-e5 is made and taken back after e2-e3).
func (r *Referee) workedFrom(k int) engine.Bitboard {
	return squaresOf(r.ev.work[min(k, len(r.ev.work)):])
}

// takenBackIn returns the squares away from acts (a move's) whose work all lies from
// work[k] on and leaves them as they were: a move made and taken back between two moves
// of the rest.
func (r *Referee) takenBackIn(acts engine.Bitboard, k int) engine.Bitboard {
	near, g := acts, r.cfg.Rules.Geometry()
	for b := acts; b != 0; {
		near |= g.Adjacent8(b.Pop())
	}
	out := r.restoredFrom(k) &^ near
	// (Only where the work from its first change to its last leaves every square as it
	// was: a piece away while others came down for good was moved, and a new one put there
	// later; c2 lifted for c2-e4, then d3 and c3 dropped, then a drop on c2.)
	for b := out; b != 0; {
		if sq := b.Pop(); !restoredAround(r.ev.work, sq) {
			out &^= engine.Bit(sq)
		}
	}
	return out
}

// triedAfter returns the squares of the moves made and taken back once move f was made,
// off its squares, however near: a piece carried over other squares and put back where it
// was, every square it passed left as it was, after f's piece came down (f3-c3 tried over
// e3 and d3 after g3-e5 is nobody's, not a disc g3-e5 leaves lifted). A piece lifted and
// put back without being set down anywhere else is no such move (a fumble of f's hand, or
// discs turned one inside another). Only squares lifted nowhere else are returned: f1-g1
// tried late explains no f1 lifted before.
func (r *Referee) triedAfter(f engine.Footprint) engine.Bitboard {
	// (Its piece's first landing: a later move may fill the square again, e3-e6, e6-f6 and
	// a drop on e6.)
	landed := slices.IndexFunc(r.ev.work, func(w work) bool { return w.on && (f.Filled | f.Replaced).Has(w.sq) })
	if landed < 0 {
		return 0
	}
	own := r.own(f)
	var in, out engine.Bitboard // (lifted within such moves, and elsewhere)
	for i := 0; i < len(r.ev.work); i++ {
		w := r.ev.work[i]
		if w.on {
			continue
		}
		if i > landed && !own.Has(w.sq) {
			j := i + slices.IndexFunc(r.ev.work[i:], func(v work) bool { return v.is(w.sq, true) })
			b := i // (or with its piece set down beside just before, made before break: c4-c3 tried)
			if p := r.ev.work[max(i-1, 0)]; i-1 > landed && p.on && w.at.Sub(p.at) <= makeBreak {
				b = i - 1
			}
			if sqs := squaresOf(r.ev.work[b : j+1]); j > i && sqs&own == 0 && carriedOff(r.ev.work[b:j+1]) && restored(r.ev.work[b:j+1]) {
				in |= sqs
				i = j
				continue
			}
		}
		out |= engine.Bit(w.sq)
	}
	return in &^ out
}

// carriedOff reports whether the piece taken up at ws[0] was set down elsewhere in ws: on a
// square not emptied before in ws (one emptied and filled again is a piece put back).
func carriedOff(ws []work) bool {
	var up engine.Bitboard
	for _, w := range ws {
		switch {
		case !w.on:
			up |= engine.Bit(w.sq)
		case !up.Has(w.sq):
			return true
		}
	}
	return false
}

// restoredAround reports whether the work from sq's first change to its last, widened to
// take in all the work on every square worked in between, leaves every square as it was:
// f6-e7 made before break and taken back (e7 filled, f6 emptied, e7 emptied, f6 filled)
// is one piece of work that does.
func restoredAround(ws []work, sq engine.Square) bool {
	sqs := engine.Bit(sq)
	for {
		i, j := slices.IndexFunc(ws, func(w work) bool { return sqs.Has(w.sq) }), lastOn(ws, sqs)
		if i < 0 {
			return false
		}
		in := squaresOf(ws[i : j+1])
		if in == sqs {
			return restored(ws[i : j+1])
		}
		sqs = in
	}
}

// restoredFrom returns the squares whose work all lies from work[i] on and leaves them as
// they were.
func (r *Referee) restoredFrom(i int) engine.Bitboard {
	ws := r.ev.work
	i = max(0, min(i, len(ws)))
	var odd engine.Bitboard
	for _, w := range ws[i:] {
		odd ^= engine.Bit(w.sq)
	}
	return squaresOf(ws[i:]) &^ squaresOf(ws[:i]) &^ odd
}

// takenBackAfter returns the squares off acts (a move's, its work before work[k]) whose
// work all lies after the move's last and leaves them as they were: the next hand's fumble
// or move taken back once the move was done (e4-d5, then e5 fumbled and e5-e6 taken back,
// then f7-e6; f7-b3, c1-f4 taken back, then a drop on d5, a square of f7-b3's way).
func (r *Referee) takenBackAfter(acts engine.Bitboard, k int) engine.Bitboard {
	return r.restoredFrom(lastOn(r.ev.work[:min(k, len(r.ev.work))], acts)+1) &^ acts
}

// takenBackLanded is takenBackAfter from where move f's piece last came down before
// work[k], or from its last work where it puts no piece down: later work on a square of its
// own, a hop of its jumps, may be another hand's (c3-e3 hopping over c5, then b5-c5 tried
// and taken back before e4-e2). It holds every square takenBackAfter does: the landing
// is no later than f's last work.
func (r *Referee) takenBackLanded(f engine.Footprint, acts engine.Bitboard, k int) engine.Bitboard {
	ws := r.ev.work[:min(k, len(r.ev.work))]
	for i := len(ws) - 1; i >= 0; i-- {
		if ws[i].on && (f.Filled | f.Replaced).Has(ws[i].sq) {
			return r.restoredFrom(i+1) &^ acts
		}
	}
	return r.takenBackAfter(acts, k)
}

// takenBackBefore returns the squares overshot counts as nobody's for move acts before
// work[end]: those of a move made and taken back before acts' first work.
func (r *Referee) takenBackBefore(acts engine.Bitboard, end int) engine.Bitboard {
	ws := r.ev.work[:min(end, len(r.ev.work))]
	first := slices.IndexFunc(ws, func(w work) bool { return acts.Has(w.sq) })
	if first <= 0 || !restored(ws[:first]) {
		return 0
	}
	return squaresOf(ws[:first]) &^ acts
}

// undoneOn returns the length of the shortest start of ws that takes up the piece on a
// square of from, works on acts alone and leaves them as they were: a move made and taken
// back, that piece put back where it was; 0 if none.
func undoneOn(ws []work, acts, from engine.Bitboard) int {
	if len(ws) == 0 || ws[0].on || !from.Has(ws[0].sq) {
		return 0
	}
	var odd engine.Bitboard
	for i, w := range ws {
		if !acts.Has(w.sq) {
			return 0
		}
		if odd ^= engine.Bit(w.sq); odd == 0 {
			return i + 1
		}
	}
	return 0
}

// takenBackOver returns where work begun at ws[from] with a piece taken up (or with a put
// just before that lift: d2 filled, then d1 lifted, d1-d6 made before break), and passing
// ws[i], ends with that piece back on its square having left every square as it was
// (restored): a move made and taken back over ws[i]'s square; 0 if none does. (Not a hand
// passing over a square, then lifting its piece again: c3-d4 on to d5.)
func takenBackOver(ws []work, from, i int) int {
	lift := from
	if lift < i && ws[lift].on {
		lift++ // (d2 filled, then d1 lifted: d1-d6 made before break)
	}
	if lift >= i || ws[lift].on || ws[lift].sq == ws[i].sq {
		return 0
	}
	for e := i + 2; e <= len(ws); e++ {
		if ws[e-1].is(ws[lift].sq, true) && restored(ws[from:e]) {
			return e
		}
	}
	return 0
}

// takenBackAround returns where a move made and taken back that passes ws[i] ends: a
// piece taken up at lo or later, off the squares acts after the last work on them before i,
// and put back on its square past i, the board as it was (takenBackOver); 0 if there is
// none.
func takenBackAround(ws []work, lo, i int, acts engine.Bitboard) int {
	for s := i - 1; s >= lo && !acts.Has(ws[s].sq); s-- {
		if e := takenBackOver(ws, s, i); e > 0 {
			return e
		}
	}
	return 0
}

// restored reports whether ws is work that leaves every square as it was, however long
// each piece stayed away: a move made and taken back, or a piece touched. It is no move's.
func restored(ws []work) bool {
	var odd engine.Bitboard
	for _, w := range ws {
		odd ^= engine.Bit(w.sq)
	}
	return len(ws) > 0 && odd == 0 && !returnedEarly(ws)
}

// returnedEarly reports whether, in work ws that leaves the board as it was, a square
// emptied was filled again for good while a piece put down elsewhere in ws still rested
// there, lifted only more than makeBreak later: that piece never came back to it, and ws
// is no move made and taken back (g7-c3, a drop on g7 220 ms before c3's stone moved on, is
// never g7-c3 taken back).
func returnedEarly(ws []work) bool {
	var first, last [64]int
	var seen engine.Bitboard
	for i, w := range ws {
		if !seen.Has(w.sq) {
			seen |= engine.Bit(w.sq)
			first[w.sq] = i
		}
		last[w.sq] = i
	}
	var origins, dests engine.Bitboard
	for b := seen; b != 0; {
		s := b.Pop()
		switch {
		case !ws[first[s]].on && ws[last[s]].on:
			origins |= engine.Bit(s)
		case ws[first[s]].on && !ws[last[s]].on:
			dests |= engine.Bit(s)
		}
	}
	for o := origins; o != 0; {
		back := last[o.Pop()]
		for d := dests; d != 0; {
			y := d.Pop()
			if first[y] < back && ws[last[y]].at.Sub(ws[back].at) > makeBreak {
				return true
			}
		}
	}
	return false
}
