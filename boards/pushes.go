package boards

// Pushes (Quixo, Push, Push 4) read from the order of the hand's work: on presence sensors
// the squares read the same after most pushes, so the work alone tells them apart.

import (
	"slices"

	"github.com/tavoliere/tavoliere/engine"
)

// pushed matches a push that leaves the squares reading as before (Quixo on presence
// sensors: every square is full before and after): the order of the hand's work tells it.
// A push whose every square was seen empty, in an order only it explains, is taken (once
// the board settles); pushes the work fits only in part (a row slid as a whole hides the
// squares between) are asked.
func (r *Referee) pushed() bool {
	r.v.split = -1
	if r.ev.lifted == 0 && r.ev.gutterIn == 0 || r.sync || r.gameOver || r.thinking {
		return false
	}
	if r.aiMove != 0 {
		return r.pushedAI()
	}
	// (The pushes partly seen are kept in r.v.part: the search for several moves uses tmp.moves.)
	r.v.moves, r.v.part = r.v.moves[:0], r.v.part[:0]
	for _, m := range r.legal {
		if r.state.Footprint(m).Line == 0 {
			continue
		}
		switch r.fits(m, 0, 0, 0, &r.expected) {
		case fitFull:
			r.v.moves = append(r.v.moves, m)
		case fitPartial:
			r.v.part = append(r.v.part, m)
		}
	}
	r.lastIn(r.v.moves)
	r.glimpsedLonger()
	switch {
	case len(r.v.moves) == 1:
		// A push partly seen into the same entry on a line holding its own or held by it is
		// asked beside it (nested), and so is one whose line was slid whole in its order
		// (Quixo's d1 fumbled and put back as e1 was taken, then row e slid to e1 and a cube
		// put on e5: e1-e5, read whole as d1-e1 with e5 fumbled).
		r.v.moves = r.nested(r.v.moves, r.v.moves[0])
		for _, o := range r.v.part {
			if !slices.Contains(r.v.moves, o) && r.slidWhole(r.state.Footprint(o), 0, len(r.ev.work)) {
				r.v.moves = append(r.v.moves, o)
			}
		}
		if len(r.v.moves) > 1 {
			r.v.kind = matchMany
		} else {
			r.v.kind, r.v.move, r.v.extendable = matchMove, r.v.moves[0], true
		}
	case len(r.v.moves) > 1:
		r.v.kind = matchMany
	case r.matchPair(true):
		if r.v.kind == matchMany {
			// (The pushes seen in part alone are asked beside the first moves read.)
			for _, m := range r.v.part {
				r.addOption(m, len(r.ev.work))
			}
		}
	case len(r.v.part) > 0:
		r.v.moves = append(r.v.moves[:0], r.v.part...)
		r.v.kind = matchMany
	case r.asked.moves != nil && r.repliedPush():
		// The players went on before the question was answered: it stays open, and the
		// work since it was asked is the next move's.
		r.v.moves = append(r.v.moves[:0], r.asked.moves...)
		r.v.kind = matchMany
	default:
		return false
	}
	return true
}

// repliedPush reports whether the work since the question was asked is a push made after
// one of the options asked, or several in turn (players who go on quickly), ending on a
// board that reads as the position asked about.
func (r *Referee) repliedPush() bool {
	s := r.state
	r.noteWork()
	r.chainNodes = 0
	for i, o := range r.asked.moves {
		from := min(r.askWorkOf(i), len(r.ev.work))
		s.Play(o)
		after := Project(s, r.kind)
		diff := r.diffAfter(&after, 0)
		ok := false
		if !s.Outcome().Over {
			r.tmp.moves = s.Legal(r.tmp.moves[:0])
			for _, m := range r.tmp.moves {
				fm := s.Footprint(m)
				if fm.Line == 0 {
					continue
				}
				ok = r.fits(m, from, 0, diff, &after) != fitNone
				if ok || r.secondFits(m, fm, from, diff, &after, 0, chainMoves-2, 0).done {
					ok = true
					break
				}
			}
		}
		s.Undo()
		if ok {
			return true
		}
	}
	return false
}

// pushedAI matches the AI's push on a board that reads as before, alone or followed by the
// player's reply: the work splits where the AI's push was done, its entry filled.
func (r *Referee) pushedAI() bool {
	fa := r.state.Footprint(r.aiMove)
	if fa.Line == 0 {
		return false
	}
	// The AI's push ends with its entry filled: work after that is a reply's, which may lie
	// on the same line. A reply that fits is looked for first.
	alone := r.pushWork(fa, 0, len(r.ev.work), false, 0)
	if r.ev.workLost {
		return r.aloneAI(alone)
	}
	s := r.state
	// Splits where the AI's entry filled come first, then the AI's push alone; then, marbles
	// rolled along unseen with one landing in a gutter, the reply with no work (all the
	// work the AI's), or the AI's push with none.
	nw := len(r.ev.work)
	for i := 1; i <= nw+2; i++ {
		k := i
		switch {
		case i == nw:
			if alone == fitFull {
				return r.aloneAI(alone)
			}
			continue
		case i == nw+1:
			k = nw
		case i == nw+2:
			// (Rolled first, the AI's marble lands before the reply's work is over: a
			// landing after it all is the marble of the push that work shows.)
			if k = 0; !r.rolledOut(fa) || nw > 0 && r.ev.gutterAt[exitEdge(r.cfg.Rules.Geometry(), fa)] >= nw {
				continue
			}
		case !r.ev.work[k-1].on || r.ev.work[k-1].sq != fa.Entry:
			continue
		}
		if r.pairWork(fa, k) == fitNone {
			continue
		}
		s.Play(r.aiMove)
		if s.Outcome().Over || r.sides[s.Turn()] != Human {
			s.Undo()
			break // no reply can follow
		}
		after := Project(s, r.kind)
		var found engine.Move
		n := 0
		for _, m := range s.Legal(r.v.moves[:0]) {
			if s.Footprint(m).Line != 0 && r.fits(m, k, r.outBit(fa), 0, &after) >= fitPartial {
				found = m
				n++
			}
		}
		s.Undo()
		if n > 0 {
			r.v.kind, r.v.extendable, r.v.move, r.v.split = matchAIPair, true, 0, k
			if n == 1 && r.pushWorkFull(found, k) {
				r.v.move = found
			}
			return true
		}
	}
	return r.aloneAI(alone)
}

// aloneAI matches the AI's push alone, as pushWork fits it: seen whole, or its line slid
// whole in its order (slidWhole), it is taken once the board settles; else seen in part,
// on a board that reads as before, it is asked (a hand may have lifted two of its pieces
// and put them back).
func (r *Referee) aloneAI(f fit) bool {
	if f == fitPartial && r.slidWhole(r.state.Footprint(r.aiMove), 0, len(r.ev.work)) {
		f = fitFull
	}
	switch f {
	case fitFull:
		r.v.kind, r.v.move, r.v.extendable = matchMove, r.aiMove, true
	case fitPartial:
		r.v.kind = matchMany
		r.v.moves = append(r.v.moves[:0], r.aiMove)
	default:
		return false
	}
	return true
}

// pairedPushes reads the work that only pushes seen in part fit as several moves in order,
// where a reading explains it and a push was seen whole before more work (Quixo's e1-e5,
// then e3-e1 by the next player: the board reads as after e1-e5 alone, whose work then
// looks fumbled). Not marbles, which roll along unseen. The pushes seen in part are
// asked beside the first moves read. It reports whether it matched; the reading is looked
// for once the hands pause (pairQuiet).
func (r *Referee) pairedPushes() bool {
	if r.aiMove != 0 || r.thinking || r.asked.moves != nil {
		return false
	}
	if r.now.Sub(r.last) < pairQuiet {
		r.dirty = true // (the pushes are asked only once the board settles, after a look)
		return false
	}
	whole := false
	for _, m := range r.v.part {
		f := r.state.Footprint(m)
		if f.To != engine.Nowhere || f.Exit == engine.NoSquare {
			return false // (marbles roll along unseen: a push seen in part may be any of several)
		}
		for k := 1; k < len(r.ev.work) && !whole; k++ {
			whole = r.ev.work[k-1].is(f.Entry, true) && r.pushWork(f, 0, k, false, 0) == fitFull
		}
	}
	if !whole {
		return false // (no push seen whole, then more work: the work of one)
	}
	part := r.v.part
	if !r.matchPair(false) {
		r.v.moves = append(r.v.moves[:0], part...) // (matchPair clears the moves found)
		return false
	}
	for _, m := range part {
		r.addOption(m, len(r.ev.work))
	}
	if r.v.kind == matchMove && len(r.v.moves) > 1 {
		r.v.kind, r.v.askFrom = matchMany, r.v.split
	}
	return true
}

// pushWorkFull reports whether reply m, after the AI's move, has every square of its push
// seen empty in the work from k on.
func (r *Referee) pushWorkFull(m engine.Move, k int) bool {
	s := r.state
	s.Play(r.aiMove)
	defer s.Undo()
	return r.pushWork(s.Footprint(m), k, len(r.ev.work), false, 0) == fitFull
}

// slidStart reports whether the work since the board last matched is pieces lifted and put
// back, one of them at the far end of a legal push: a row slid as a whole begins so, the far
// end filled by its neighbour before the entry empties (a piece fumbled beside it or not).
// (On every kind of sensor: Quixo's cubes may read alike wherever they slide.)
func (r *Referee) slidStart() bool {
	if len(r.ev.work) < 2 {
		return false
	}
	var up, ends engine.Bitboard
	for _, w := range r.ev.work {
		switch {
		case !w.on && !up.Has(w.sq):
			up |= engine.Bit(w.sq)
		case w.on && up.Has(w.sq):
			up &^= engine.Bit(w.sq)
			ends |= engine.Bit(w.sq)
		default:
			return false
		}
	}
	if up != 0 {
		return false
	}
	for _, m := range r.legal {
		if f := r.state.Footprint(m); f.Line != 0 && (f.Exit != engine.NoSquare && ends.Has(f.Exit) || f.Exit == engine.NoSquare && f.Filled&ends != 0) {
			return true
		}
	}
	return false
}

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
		// without it can only be asked.
		var held engine.Bitboard
		for _, w := range r.ev.work[lo:r.ev.heldAt] {
			held |= engine.Bit(w.sq)
		}
		if held&(f.Line|ext) == 0 {
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

// pushFit is pushWork on the work from work[lo] to work[hi-1] as it stands; ext is the line
// past the push's far end (lineBeyond).
func (r *Referee) pushFit(f engine.Footprint, lo, hi int, ext engine.Bitboard, changed bool, gutterOK uint8) fit {
	g := r.cfg.Rules.Geometry()
	// Marbles can roll along unseen (Push; Push 4, whose chain may also stop short); Quixo's
	// cube is taken in the hand, seen.
	rolls := f.To != engine.Nowhere || f.Exit == engine.NoSquare
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
			if !w.on && !ext.Has(w.sq) && putBackSoon(order, i, f.Line) {
				// A piece off the line lifted and put back at once, or within a scan of the
				// push's first work (its contact bouncing): no part of the push.
				putBack |= engine.Bit(w.sq)
				continue
			}
			if w.on && rolls && ext.Has(w.sq) && i+1 < len(order) && order[i+1].is(w.sq, false) && order[i+1].at.Sub(w.at) < handOff {
				// A marble set down past the chain's end and taken up again at once: the
				// hand overshot (b1's marble to b3 and back to b2). No longer push fills it.
				i++
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
	case f.Touched&^seen == 0 && still|again == 0 && !back && last == f.Entry && fumbled == 0:
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

// putBackSoon reports whether the lift order[i] is followed by the piece put back at once:
// next, or with only pieces of line lifted between, no later than the scan after the first.
// (Not across a piece put on the line: the piece lifted may be the one put there, and what
// came back a new one, Push 4's Sf as f1's marble to f2, then one on f1, is no E2.)
func putBackSoon(order []work, i int, line engine.Bitboard) bool {
	for k := i + 1; k < len(order); k++ {
		switch w := order[k]; {
		case w.sq == order[i].sq:
			return w.on && (k == i+1 || w.scan <= order[i+1].scan+1)
		case !line.Has(w.sq) || w.on:
			return false
		}
	}
	return false
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

// glimpsedLonger adds to the pushes seen whole (r.v.moves) the longer pushes on their line, to
// the same entry, whose squares past them were glimpsed empty: a cube taken and its
// neighbour's slid in within a scan (e3-e1 made so reads as e2-e1, but for e3's glimpse).
func (r *Referee) glimpsedLonger() {
	if r.ev.glimpsed == 0 {
		return
	}
	for _, m := range r.v.moves {
		fm := r.state.Footprint(m)
		for _, o := range r.legal {
			fo := r.state.Footprint(o)
			if o != m && fo.Line != 0 && fo.Entry == fm.Entry && fo.Line&fm.Line == fm.Line &&
				fo.Line&^fm.Line&^r.ev.glimpsed == 0 && !slices.Contains(r.v.moves, o) {
				r.v.moves = append(r.v.moves, o)
			}
		}
	}
}

// lastIn keeps, of several pushes that fit, those whose Entry was filled last of its line,
// if any: where the piece went in tells pushes from one square apart.
func (r *Referee) lastIn(moves []engine.Move) {
	if len(moves) < 2 {
		return
	}
	for _, m := range moves {
		if r.state.Footprint(m).Line == 0 {
			return // not all pushes
		}
	}
	keep := moves[:0:0]
	for _, m := range moves {
		f := r.state.Footprint(m)
		last := engine.NoSquare
		for _, w := range r.ev.work {
			if w.on && f.Line.Has(w.sq) {
				last = w.sq
			}
		}
		if last == f.Entry {
			keep = append(keep, m)
		}
	}
	if len(keep) > 0 {
		r.v.moves = append(r.v.moves[:0], keep...)
	}
}

// exitEdge returns the edge of the diagram push f puts a piece off: the way from its Entry
// to its Exit.
func exitEdge(g *engine.Geometry, f engine.Footprint) Edge {
	switch df, dr := g.File(f.Exit)-g.File(f.Entry), g.Rank(f.Exit)-g.Rank(f.Entry); {
	case df > 0:
		return East
	case df < 0:
		return West
	case dr > 0:
		return North
	}
	return South
}

// rolledOut reports whether push f may have been done with no work seen: its marbles rolled
// along as one, the one it puts off seen landing in the gutter along that edge.
func (r *Referee) rolledOut(f engine.Footprint) bool {
	return f.Line != 0 && f.Exit != engine.NoSquare && f.To != engine.Nowhere &&
		r.ev.gutterIn&(1<<exitEdge(r.cfg.Rules.Geometry(), f)) != 0
}

// pairWork is pushWork of the AI's push f on the work before k, in a pair with a reply: a
// piece in a gutter along another edge may be the reply's. Its line reading changed may
// show it rolled along as one.
func (r *Referee) pairWork(f engine.Footprint, k int) fit {
	return r.pushWork(f, 0, k, r.diff&f.Line != 0, ^r.outBit(f))
}

// outBit returns the gutterIn bit of the edge push f puts a piece off, or 0.
func (r *Referee) outBit(f engine.Footprint) uint8 {
	if f.Line == 0 || f.Exit == engine.NoSquare || f.To == engine.Nowhere {
		return 0
	}
	return 1 << exitEdge(r.cfg.Rules.Geometry(), f)
}

// PushPath returns the squares of push f's line in the order a hand's hole travels along
// it: from the far end (Exit, or the square a chain moves into) to Entry.
func PushPath(g *engine.Geometry, f engine.Footprint) []engine.Square {
	var path []engine.Square
	for b := f.Line; b != 0; {
		path = append(path, b.Pop())
	}
	slices.SortFunc(path, func(a, b engine.Square) int { return chebyshev(g, b, f.Entry) - chebyshev(g, a, f.Entry) })
	return path
}

// shownPushes appends to dst the pushes the board shows made, each square reading as after
// it, begun (partOf) but not seen whole.
func (r *Referee) shownPushes(dst []engine.Move) []engine.Move {
	for _, m := range r.legal {
		if r.state.Footprint(m).Line == 0 || !r.partOf(m) {
			continue
		}
		r.state.Play(m)
		shown := Project(r.state, r.kind) == r.board
		r.state.Undo()
		if shown {
			dst = append(dst, m)
		}
	}
	return dst
}
