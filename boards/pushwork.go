package boards

// The hand's work on a push's line (pushes.go): how well it fits a push, seen whole or in
// part, a row slid as a whole, a piece fumbled past the far end; and the squares past a
// line or a slide's end.

import (
	"slices"

	"github.com/tavoliere/tavoliere/engine"
)

// pushWork says how well the hand's work from work[lo] to work[hi-1] fits push f. A hand
// pushing a line works on that line alone, and the piece that leaves it (Exit) leaves
// first: that tells c1-e1 from d1-e1, which lift the same squares and, on presence
// sensors, end on the same board.
//
// fitFull: the push was seen whole, the hole travelling once from the far end to the entry:
// every square it moves emptied once, in that order, and filled once, after its neighbour
// towards the entry had emptied, the entry filled last. fitPartial: part of it was seen, the
// rest hidden (a row slid as a whole, marbles rolled along as one): two squares at least,
// the entry among them; or marbles that rolled with no square seen empty, when the squares'
// readings changed (changed: the push changes the squares' readings) or the marble pushed
// off landed in the gutter along that edge, a gutter no other move of the reading explains
// (gutterOK: their bits) (one square seen empty, with the readings changed, is such a roll
// too). A push partly seen is asked, never taken.
func (r *Referee) pushWork(f engine.Footprint, lo, hi int, changed bool, gutterOK uint8) fit {
	g := r.cfg.Rules.Geometry()
	if r.ev.workLost {
		return fitPartial // the order is lost: the push can only be asked
	}
	ext := lineBeyond(g, f)
	if lo < r.ev.heldAt && r.ev.heldAt <= hi {
		// Work done before the board last read as the position (a piece lifted and put
		// back): off this push's line and past its far end, no part of it; on them, the
		// start of this push or of a longer one on the same line, so that what fits
		// without it can only be asked. (Marbles past the far end too are no part of it:
		// the square the chain is pushed into was empty, and no longer chain enters there.)
		var held engine.Bitboard
		for _, w := range r.ev.work[lo:r.ev.heldAt] {
			held |= engine.Bit(w.sq)
		}
		if held&f.Line == 0 && (held&ext == 0 || !takenInHand(f)) {
			return r.pushFit(f, r.ev.heldAt, hi, ext, changed, gutterOK)
		}
		if ok := r.pushFit(f, lo, hi, ext, changed, gutterOK); ok != fitNone {
			return ok
		}
		if r.pushFit(f, r.ev.heldAt, hi, ext, changed, gutterOK) != fitNone {
			return fitPartial
		}
		return fitNone
	}
	return r.pushFit(f, lo, hi, ext, changed, gutterOK)
}

// slidWhole reports whether the work from work[lo] to work[hi-1] is push f with its line
// slid as a whole, in the push's order: the piece leaving taken first, then the far end
// filled as the entry empties (the line shifted towards it), the entry filled last. (A
// line slid the other way is the push from the other end, or a takeback: it is asked.)
func (r *Referee) slidWhole(f engine.Footprint, lo, hi int) bool {
	if f.Exit == engine.NoSquare || r.ev.workLost {
		return false
	}
	// (A piece off the line lifted and put back, fumbled as the push began, is no part of it.)
	var w []work
	var up engine.Bitboard
	for _, x := range r.ev.work[lo:hi] {
		switch {
		case f.Line.Has(x.sq):
			if w = append(w, x); len(w) > 4 {
				return false
			}
		case !x.on && !up.Has(x.sq):
			up |= engine.Bit(x.sq)
		case x.on && up.Has(x.sq):
			up &^= engine.Bit(x.sq)
		default:
			return false
		}
	}
	if len(w) != 4 || up != 0 {
		return false
	}
	// (The far end filled and the entry emptied in one scan, or two apart: the debouncer
	// passes contacts that bounced a scan later.)
	return w[0].is(f.Exit, false) && w[3].is(f.Entry, true) && w[2].scan-w[1].scan <= 2 && w[0].scan < w[1].scan &&
		w[2].scan < w[3].scan && (w[1].is(f.Exit, true) && w[2].is(f.Entry, false) || w[2].is(f.Exit, true) && w[1].is(f.Entry, false))
}

// rolledOrSlid reports whether a push partly seen (r.v.part) reads as a push made rather
// than pieces set back one by one: its marbles rolled along with no square of its line
// seen empty (the work, if any, elsewhere: a piece fumbled), its line slid whole in the
// push's order (slidWhole), or its work seen whole in its order but for a piece past its
// far end lifted and put back as it began (Quixo's b5 fumbled, then d5-e5 made again by
// the next player, the board as two moves before).
func (r *Referee) rolledOrSlid() bool {
	for _, m := range r.v.part {
		f := r.state.Footprint(m)
		if r.slidWhole(f, 0, len(r.ev.work)) || r.pushFit(f, 0, len(r.ev.work), 0, r.diff != 0, 0) == fitFull {
			return true
		}
		if !slices.ContainsFunc(r.ev.work, func(w work) bool { return f.Line.Has(w.sq) }) {
			return true
		}
	}
	return false
}

// nested appends to dst the pushes partly seen (r.v.part) that go in where push m does, on
// a line holding m's or held by it: a piece fumbled past m's far end as m began, or the
// start of that longer push (a3-a1 or a4-a1).
func (r *Referee) nested(dst []engine.Move, m engine.Move) []engine.Move {
	f := r.state.Footprint(m)
	for _, o := range r.v.part {
		g := r.state.Footprint(o)
		if g.Entry == f.Entry && (g.Line&f.Line == g.Line || g.Line&f.Line == f.Line) {
			dst = append(dst, o)
		}
	}
	return dst
}

// fumbledBeyond returns the squares past push f's far end (ext) whose only work in order is
// a lift before the push's first lift and the piece put back no later than the scan after it.
func (r *Referee) fumbledBeyond(order []work, f engine.Footprint, ext engine.Bitboard) engine.Bitboard {
	start := ^uint32(0)
	for _, w := range order {
		if !w.on && f.Line.Has(w.sq) {
			start = w.scan
			break
		}
	}
	var out engine.Bitboard
	if start == ^uint32(0) {
		return 0 // (no square of the line lifted: the work past its end is another push's)
	}
	for b := ext; b != 0; {
		sq := b.Pop()
		var offs, ons int
		ok := true
		for _, w := range order {
			if w.sq != sq {
				continue
			}
			if w.on {
				ons++
				ok = ok && offs == 1 && w.scan <= start+1
			} else {
				offs++
				ok = ok && w.scan < start
			}
		}
		if ok && offs == 1 && ons == 1 {
			out |= engine.Bit(sq)
		}
	}
	return out
}

// takenInHand reports whether push f's piece leaving is taken in the hand, seen (Quixo's
// cube), not a marble that may roll along unseen or off into a gutter (Push, Push 4).
func takenInHand(f engine.Footprint) bool {
	return f.To == engine.Nowhere && f.Exit != engine.NoSquare
}

// pushFit is pushWork on the work from work[lo] to work[hi-1] as it stands; ext is the line
// past the push's far end (lineBeyond).
func (r *Referee) pushFit(f engine.Footprint, lo, hi int, ext engine.Bitboard, changed bool, gutterOK uint8) fit {
	g := r.cfg.Rules.Geometry()
	// Marbles can roll along unseen (Push; Push 4, whose chain may also stop short); Quixo's
	// cube is taken in the hand, seen.
	rolls := !takenInHand(f)
	gutter := f.Exit != engine.NoSquare && f.To != engine.Nowhere && (r.ev.gutterIn&^gutterOK)&(1<<exitEdge(g, f)) != 0
	dist := func(s engine.Square) int { return chebyshev(g, s, f.Entry) }
	var seen, still, again, refilled engine.Bitboard
	first, prev, back, last := engine.NoSquare, engine.NoSquare, false, engine.NoSquare
	order := r.pushOrder(f, lo, hi)
	// A piece past the far end lifted before the push and put back by the scan after its
	// first lift was seen in (a3 put back as a2 is taken, the two a scan apart): fumbled
	// there as the push began, or the start of a longer push (a4 lifted and put back as a3
	// is, a3-a1 or a4-a1). Skipped, the push is asked at most.
	// (Marbles too: Push 4's a4 fumbled as Sa slides a1 and a2 into a3.)
	fumbled := r.fumbledBeyond(order, f, ext)
	var putBack engine.Bitboard // (off the line, lifted as the push began: its put back is skipped)
	late := false               // (one put back across a piece put on the line: asked at most)
	for i := 0; i < len(order); i++ {
		w := order[i]
		if fumbled.Has(w.sq) {
			continue
		}
		if !f.Line.Has(w.sq) {
			if w.on && putBack.Has(w.sq) {
				putBack &^= engine.Bit(w.sq)
				continue
			}
			if !w.on && !ext.Has(w.sq) {
				// A piece off the line lifted and put back at once, or within a scan of the
				// push's first work (its contact bouncing): no part of the push.
				if soon, across := putBackSoon(order, i, f.Line); soon {
					putBack |= engine.Bit(w.sq)
					late = late || across
					continue
				}
			}
			if j := liftedNext(order, i); w.on && rolls && ext.Has(w.sq) && j > 0 && order[j].at.Sub(w.at) < handOff {
				// A marble set down past the chain's end and taken up again at once: the
				// hand overshot (b1's marble to b3 and back to b2). No longer push fills it.
				order = slices.Delete(order, j, j+1)
				continue
			}
			return fitNone
		}
		last = w.sq
		switch {
		case !w.on && seen.Has(w.sq):
			again |= engine.Bit(w.sq) // emptied twice: the hand went back
		case !w.on:
			if seen == 0 {
				first = w.sq
			} else if dist(w.sq) > dist(prev) {
				back = true // the hole went away from the entry
			}
			prev = w.sq
			seen |= engine.Bit(w.sq)
		case refilled.Has(w.sq):
			again |= engine.Bit(w.sq)
		default:
			refilled |= engine.Bit(w.sq)
			if w.sq == f.Entry {
				break
			}
			// A square filled by the piece of its neighbour towards the entry: that piece
			// left its square first. A square filled before its neighbour emptied had its
			// own piece put back (pieces set right one by one, as for a takeback).
			next := g.Square(g.File(w.sq)+sign(g.File(f.Entry)-g.File(w.sq)), g.Rank(w.sq)+sign(g.Rank(f.Entry)-g.Rank(w.sq)))
			if !seen.Has(next) {
				still |= engine.Bit(w.sq)
			}
		}
	}
	switch {
	case f.Exit != engine.NoSquare && seen.Has(f.Exit) && first != f.Exit:
		return fitNone
	case f.Filled&seen != 0:
		return fitNone // the empty square a chain is pushed into is never emptied by it
	case f.Exit != engine.NoSquare && f.To == engine.Nowhere && !seen.Has(f.Exit):
		return fitNone // the piece leaving stays in play (Quixo's cube): a hand takes it, seen
	case f.Touched&^seen == 0 && still|again == 0 && !back && last == f.Entry && fumbled == 0 && !late:
		return fitFull
	case f.Touched&^seen == 0 && still|again == 0 && !back && last == f.Entry:
		return fitPartial
	case seen&(seen-1) != 0 && (seen | refilled).Has(f.Entry):
		return fitPartial // two squares seen at least, the entry among them
	case seen == 0 && rolls && (changed || gutter):
		return fitPartial // rolled along as one: the readings show it, or the gutter
	case seen != 0 && seen&(seen-1) == 0 && rolls && changed:
		return fitPartial // rolled, one square seen empty for a moment
	}
	return fitNone
}

// liftedNext returns the index of the lift of order[i]'s square that comes next, with
// nothing else between but changes of one scan ordered before it (d2 filled as d3's
// overshooting marble comes back to it); 0 if there is none.
func liftedNext(order []work, i int) int {
	for j := i + 1; j < len(order); j++ {
		switch {
		case order[j].sq == order[i].sq:
			if order[j].on {
				return 0
			}
			return j
		case order[j].scan != order[i+1].scan:
			return 0
		}
	}
	return 0
}

// putBackSoon reports whether the lift order[i] is followed by the piece put back at once:
// next, or with only pieces of line lifted between, no later than the scan after the first;
// and whether it came back across a piece put on the line, no later than the scan after
// that, with only the line's work of that piece's scan between (across: Push 4's Sb, b1
// filled as c1, fumbled, is put back a scan late; W4, c4 filled as a4 empties, c5 fumbled
// put back the scan after). The piece lifted may then be the one put there, and what came
// back a new one (Sf as f1's marble to f2, then one on f1, reads as E2 with f1 fumbled):
// the push is asked at most.
func putBackSoon(order []work, i int, line engine.Bitboard) (soon, across bool) {
	acrossScan := uint32(0)
	for k := i + 1; k < len(order); k++ {
		switch w := order[k]; {
		case w.sq == order[i].sq && across:
			return w.on && w.scan <= acrossScan+1, true
		case w.sq == order[i].sq:
			return w.on && (k == i+1 || w.scan <= order[i+1].scan+1), false
		case !line.Has(w.sq) || across && w.scan != acrossScan:
			return false, false
		case w.on && !across:
			across, acrossScan = true, w.scan
		}
	}
	return false, false
}

// pushOrder returns the work from work[lo] to work[hi-1] as push f would have done it:
// changes seen in one scan have no order of their own, so within a scan the squares off the
// line filled come first (a piece put back as the push starts), then the line's in the
// order of a hole travelling from the far end to the entry, then the squares off the line
// emptied (a piece lifted as the push ends). The slice is valid until the next call.
func (r *Referee) pushOrder(f engine.Footprint, lo, hi int) []work {
	g := r.cfg.Rules.Geometry()
	r.tmp.order = append(r.tmp.order[:0], r.ev.work[lo:hi]...)
	n := 0
	for b := f.Line; b != 0; {
		n = max(n, chebyshev(g, b.Pop(), f.Entry))
	}
	key := func(w work) int {
		switch {
		case !f.Line.Has(w.sq) && w.on:
			return -1
		case !f.Line.Has(w.sq):
			return 4*n + 8
		case w.on:
			return 2*(n-chebyshev(g, w.sq, f.Entry)) + 3
		}
		return 2 * (n - chebyshev(g, w.sq, f.Entry))
	}
	for i := 0; i < len(r.tmp.order); {
		j := i + 1
		for j < len(r.tmp.order) && r.tmp.order[j].scan == r.tmp.order[i].scan {
			j++
		}
		if j-i > 1 {
			slices.SortStableFunc(r.tmp.order[i:j], func(a, b work) int { return key(a) - key(b) })
		}
		i = j
	}
	return r.tmp.order
}

// chebyshev returns the distance from a to b in king moves.
func chebyshev(g *engine.Geometry, a, b engine.Square) int {
	return max(abs(g.File(a)-g.File(b)), abs(g.Rank(a)-g.Rank(b)))
}

// lineBeyond returns the squares on push f's row or column past its far end: a piece lifted
// there and put back may be the start of a longer push on the same line, not a tap.
func lineBeyond(g *engine.Geometry, f engine.Footprint) engine.Bitboard {
	far := f.Exit
	if far == engine.NoSquare {
		far = f.Filled.First()
	}
	if far == engine.NoSquare {
		return 0
	}
	return past(g, f.Entry, far)
}

// past returns the squares past to on the row, column or diagonal from from through to, up
// to the board's edge; none if they share none.
func past(g *engine.Geometry, from, to engine.Square) engine.Bitboard {
	df, dr := g.File(to)-g.File(from), g.Rank(to)-g.Rank(from)
	if df == 0 && dr == 0 || df != 0 && dr != 0 && abs(df) != abs(dr) {
		return 0
	}
	df, dr = sign(df), sign(dr)
	var out engine.Bitboard
	for fi, ri := g.File(to)+df, g.Rank(to)+dr; fi >= 0 && fi < g.Files && ri >= 0 && ri < g.Ranks; fi, ri = fi+df, ri+dr {
		out |= engine.Bit(g.Square(fi, ri))
	}
	return out
}

// pastEnd returns the square one past dest on the line from from to dest, where a hand
// sliding a piece there overshoots; none if they share no line or it is off the board.
func pastEnd(g *engine.Geometry, from, dest engine.Square) engine.Bitboard {
	return past(g, from, dest) & g.Adjacent8(dest)
}

// partialSplit returns where the work of push a, footprint f, ends when it was seen only in part
// (marbles rolled along as one, a row slid whole): at the hand's first work off its line
// since the board last read as the position (heldAt), the work before it fitting f in part
// (pushWork), a square a changes reading as a left it, or, for cubes, their work seen
// whole since heldAt. -1 if not. (Such a push is asked: it is no first move to take.)
func (r *Referee) partialSplit(a engine.Move, f engine.Footprint) int {
	// (The readings must show it: a square it changes reads as after it, not as before.
	// A row of marbles rolled along on presence sensors shows nothing: it is entered.)
	s := r.state
	s.Play(a)
	after := Project(s, r.kind)
	s.Undo()
	shown := false
	for b := (f.Filled | f.Replaced | f.Line) & r.diff; b != 0 && !shown; {
		sq := b.Pop()
		shown = after[sq] != r.expected[sq] && r.board[sq] == after[sq]
	}
	line := f.Line
	if f.Exit == engine.NoSquare {
		line |= lineBeyond(r.cfg.Rules.Geometry(), f) & brief(r.ev.work) // (a marble overshot past the chain)
	}
	// (From where the board last read as the position: a cube lifted and put back before
	// the push began, off its line, is no end of it. Quixo for four: a3 tapped, then
	// a4-a5 and a3-e3.)
	lo := 0
	if h := r.ev.heldAt; h > 0 && h < len(r.ev.work) && slices.ContainsFunc(r.ev.work[h:], func(w work) bool { return line.Has(w.sq) }) {
		lo = h
	}
	k := slices.IndexFunc(r.ev.work[lo:], func(w work) bool { return !line.Has(w.sq) })
	if k < 0 {
		return -1
	}
	if k += lo; k <= lo {
		return -1
	}
	whole := false
	if lo > 0 && takenInHand(f) {
		// (Or, for cubes, its work seen whole since the board last read as the position:
		// partial only for a cube fumbled past its far end before it, its dots alike. It
		// ends where its entry is filled: the next push may work on its line too, c1-a1
		// after b1-e1.)
		for j := lo + 1; j <= k && !whole; j++ {
			if whole = r.ev.work[j-1].is(f.Entry, true) && r.pushWork(f, lo, j, false, 0) == fitFull; whole {
				k = j
			}
		}
	}
	if !shown && !whole {
		return -1
	}
	ok := r.pushWork(f, 0, k, true, 0)
	if ok != fitPartial {
		return -1
	}
	return k
}

// pushEndsAt reports whether push f's work, seen whole from work[lo], ends at work[hi]:
// its entry filled last at work[hi-1], and a marble come down where its chain is pushed
// into by then (filledLate). The next move's work begins there.
func (r *Referee) pushEndsAt(f engine.Footprint, lo, hi int) bool {
	w := r.ev.work[hi-1]
	return w.on && w.sq == f.Entry && r.pushWork(f, lo, hi, false, 0) == fitFull && !r.filledLate(f, lo, hi)
}

// filledLate reports whether the empty square push f's chain is pushed into was never
// filled from work[lo] on, or first filled only after the scan of work[hi-1], where f's
// work would end with its entry filled: its marble came down after (asked, not read seen
// whole), or is still to come (Push 4: f1 lifted and put back, column c pushed, then f1
// lifted is no Sf before Sc).
func (r *Referee) filledLate(f engine.Footprint, lo, hi int) bool {
	if f.Filled == 0 || hi <= lo || hi > len(r.ev.work) {
		return false
	}
	i := slices.IndexFunc(r.ev.work[lo:], func(w work) bool { return w.on && f.Filled.Has(w.sq) })
	return i < 0 || lo+i >= hi && r.ev.work[lo+i].scan != r.ev.work[hi-1].scan
}
