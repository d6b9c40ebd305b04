package boards

// Taking or asking the readings of several moves (pairs.go): one first move, sure and seen
// whole, is committed with the rest's work kept; several, or one seen in part, are asked.
// A push of marbles is not done while the rest may be its marble rolled on (rolledOn).

import (
	"slices"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/hw"
)

// matchPair matches two moves in one reading (firstOfTwo): a single first move is
// committed with the second's work kept, once the second is seen whole or, for a push, as
// soon as the hands work off its line; several first moves, or a push seen only in part,
// are asked. It reports whether it matched.
func (r *Referee) matchPair(pushOnly bool) bool {
	all := r.firstOfTwo(pushOnly)
	// (Readings asked only are weighed apart, then asked beside those kept.)
	var unsure []pairFit
	for _, p := range all {
		if p.unsure {
			unsure = append(unsure, p)
		}
	}
	all = slices.DeleteFunc(all, func(p pairFit) bool { return p.unsure })
	pairs := append(r.earliest(r.fewest(all)), unsure...)
	if len(pairs) == 0 {
		return false
	}
	r.v.moves, r.v.splits = r.v.moves[:0], r.v.splits[:0]
	split, done, partial, doubt := len(r.ev.work), false, false, false
	for _, p := range pairs {
		r.addOption(p.a, p.split)
		if p.rival.move != 0 {
			r.addOption(p.rival.move, p.split)
			r.v.swapped = append(r.v.swapped, p.rival)
		}
		split = min(split, p.split)
		fa := r.state.Footprint(p.a)
		done = done || p.done || fa.Line != 0 && !r.rolledOn(fa, p.split)
		partial = partial || p.partial || p.unsure
		doubt = doubt || p.doubted || p.rival.move != 0 // (a swapped drop is known by an answer alone)
	}
	switch {
	case partial:
		// A push seen only in part is asked, even alone, as it is without a move after it.
		// (A first move in doubt in itself closes on an answer alone: the reply that
		// follows it is part of that reading, no evidence for it.)
		r.v.kind, r.v.askFrom, r.v.firmNext = matchMany, split, doubt
	case !done && r.now.Sub(r.last) < r.cfg.Grace:
		r.v.kind, r.v.restHeld = inProgress, true // the second move is on its way: no mismatch
	case !done:
		// Rested for the grace period, the rest is on its way no longer: the first moves
		// are asked (even one: the reading was never seen whole), the rest read after.
		// Where the board at rest reads as legal moves (shown.go), those are asked
		// instead: such a reading leaves a piece in a hand, and an answer to it would be
		// refused (choose: the board shows the option followed by no moves seen whole).
		// a3-b3 made slowly before break, g5-e5 begun before a3 emptied, is no reading of
		// the work (landedEarly, orderSplit); b3, g5-e5 and a3 on its way was asked alone.
		if first := r.shownFirst(); len(first) > 0 {
			r.shownAsked(first)
			return true
		}
		r.v.kind, r.v.askFrom = matchMany, split
	case len(r.v.moves) == 1:
		r.v.kind, r.v.move, r.v.split = matchMove, r.v.moves[0], split
		// Two moves wait for the board to rest: a piece in transit (a slide passing over a
		// square, made before break) reads for a moment as a move and a placement. A push
		// is done once the hand works off its line, unless one push could still explain
		// all the work.
		// (So too a push whose rest begins by taking up the marble it put in: the hand that
		// put it may be setting it down elsewhere, W3 set down on a4 first.)
		fa := r.state.Footprint(r.v.moves[0])
		r.v.extendable = fa.Line == 0 || r.onLine(fa.Line, split) || r.singleOnItsWay() || split < len(r.ev.work) && r.ev.work[split].is(fa.Entry, false)
		// But not where two moves or more seen whole follow it, with every lift accounted
		// for, its hand done for as long as a takeback is held: hands that never pause
		// (blitz, nine moves with no rest of 300 ms) would leave the search more moves than
		// it can read.
		r.v.extendable = r.v.extendable && !r.followedWhole(pairs)
	default:
		r.v.kind, r.v.askFrom = matchMany, split
	}
	return true
}

// followedWhole reports whether every reading in pairs (one first move) is sure and seen
// whole, with two moves or more after the first, accounting for every square lifted, the
// first move's work over for Hold, and the work split by its squares: all before the
// split on them, none after (a hand may yet take it back; and a piece lifted and put back
// at once beside a drop may be a slide's and the next player's drop, g5-f4 then g5). Not
// where a square was glimpsed empty, nor for a capture on presence sensors: another
// capture swapped unseen reads as no work (d2xe1, its swap inside a scan and d1 turned,
// reads as d2xd1; hidden.go weighs them once the hands pause).
func (r *Referee) followedWhole(pairs []pairFit) bool {
	if r.ev.glimpsed != 0 {
		return false
	}
	for _, p := range pairs {
		f := r.state.Footprint(p.a)
		if r.kind == hw.Presence && f.Replaced != 0 {
			return false
		}
		if !p.done || p.moves < 2 || p.unsure || p.partial || p.doubted || p.rival.move != 0 || r.leftOver(p) != 0 {
			return false
		}
		if p.split <= 0 || p.split > len(r.ev.work) || r.now.Sub(r.ev.work[p.split-1].at) < r.cfg.Hold {
			return false
		}
		own := r.own(f)
		for i, w := range r.ev.work {
			if own.Has(w.sq) != (i < p.split) {
				return false
			}
		}
	}
	return len(pairs) > 0
}

// rolledOn reports whether the work from work[k] on, the rest after push f of marbles,
// begins by lifting a marble next to a square of f's line filled within makeBreak before,
// or on a line with it: that fill may be the rest's marble rolled on (made before break),
// or the far end of the rest's chain, the rest's push begun, and f's own work a fumble
// (Push 4: e6 lifted and put back, then E5's marble from f5 on to e5 in the scan e6 came
// back, read as Ne and a push begun at f5; f5 put back, then Se filling e5 as e1 reads
// empty, read as E5 and a push begun at e1). f is not done until the rest shows which. (A
// cube is carried, never rolled on; but a row of cubes slid whole fills its far end in
// the scan its entry empties: a cube push's last fill in the scan of, or the scan before,
// the rest's first lift on a line with it may be the rest's far end, f a fumble, as
// Quixo's a2 put back, then a1-e1 slid whole read as a2-a1 and a push begun at e1.)
func (r *Referee) rolledOn(f engine.Footprint, k int) bool {
	if k <= 0 || k >= len(r.ev.work) || r.ev.work[k].on || f.Line.Has(r.ev.work[k].sq) {
		return false
	}
	g := r.cfg.Rules.Geometry()
	cube := takenInHand(f)
	next, near := r.ev.work[k], g.Adjacent8(r.ev.work[k].sq)
	for i := k - 1; i >= 0 && next.at.Sub(r.ev.work[i].at) < makeBreak; i-- {
		w := r.ev.work[i]
		lined := g.File(w.sq) == g.File(next.sq) || g.Rank(w.sq) == g.Rank(next.sq)
		if !w.on || !f.Line.Has(w.sq) || cube && (!lined || next.scan-w.scan > 1) {
			continue
		}
		if near.Has(w.sq) || lined {
			return true
		}
	}
	return false
}

// singleOnItsWay reports whether the differences could still be one move on its way: a
// push whose line holds all the hand's work, or another move whose squares hold all the
// differences.
func (r *Referee) singleOnItsWay() bool {
	for _, m := range r.legal {
		f := r.state.Footprint(m)
		if f.Line == 0 && r.partOf(m) {
			return true
		}
		if f.Line != 0 && r.ev.lifted != 0 && r.diff&^f.Line == 0 && r.onLine(f.Line, 0) {
			return true
		}
	}
	return false
}

// onLine reports whether the hand's work from work[lo] on is on line alone, but for taps
// (a square lifted and put back at once) off it.
func (r *Referee) onLine(line engine.Bitboard, lo int) bool {
	for i := lo; i < len(r.ev.work); i++ {
		w := r.ev.work[i]
		if line.Has(w.sq) {
			continue
		}
		if !w.on && i+1 < len(r.ev.work) && r.ev.work[i+1].is(w.sq, true) {
			i++
			continue
		}
		return false
	}
	return true
}

// addOption adds first move a to the moves found (r.v.moves) with where its rest begins
// (r.v.splits), or keeps the earlier of the two where a is there already.
func (r *Referee) addOption(a engine.Move, split int) {
	if i := slices.Index(r.v.moves, a); i >= 0 {
		r.v.splits[i] = min(r.v.splits[i], split)
		return
	}
	r.v.moves, r.v.splits = append(r.v.moves, a), append(r.v.splits, split)
}
