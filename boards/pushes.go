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
	case len(r.v.moves) > 0:
		// A push partly seen into the same entry on a line holding its own or held by it is
		// asked beside it (nested), and so is one whose line was slid whole in its order
		// (Quixo's d1 fumbled and put back as e1 was taken, then row e slid to e1 and a cube
		// put on e5: e1-e5, read whole as d1-e1 with e5 fumbled). (Beside each push seen
		// whole: Quixo for four's a3-a5.1 and a3-a5.2, with a3 fumbled as a4-a5 began.)
		for _, m := range r.v.moves {
			for _, o := range r.nested(nil, m) {
				if !slices.Contains(r.v.moves, o) {
					r.v.moves = append(r.v.moves, o)
				}
			}
		}
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
	case r.matchPair(true):
		if r.v.kind == matchMany {
			// (The pushes seen in part alone are asked beside the first moves read.)
			for _, m := range r.v.part {
				r.addOption(m, len(r.ev.work))
			}
		}
	case r.asked.moves != nil && r.repliedPush():
		// The players went on before the question was answered: it stays open, and the
		// work since it was asked is the next move's. (Before the pushes seen in part: the
		// next push alone fits in part, the asked push's work lying past its far end.)
		r.v.moves = append(r.v.moves[:0], r.asked.moves...)
		r.v.kind = matchMany
	case len(r.v.part) > 0:
		r.v.moves = append(r.v.moves[:0], r.v.part...)
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
	r.search.nodes = 0
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
				if ok || r.secondFits(m, fm, from, diff, &after, 0, chainMoves-2, 0, true).done {
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
	// Where the board showed the AI's push rolled along as one before any work, its entry
	// reading as before (matchAI: rolledAI), all the work is the reply's, if it shows one
	// push whole (Na after Sa, its marble the colour of the one Sa put out, sets Sa's line
	// back). Then splits where the AI's entry filled, then the AI's push alone; then,
	// marbles rolled along unseen with one landing in a gutter, the reply with no work (all
	// the work the AI's), or the AI's push with none.
	nw := len(r.ev.work)
	for i := 0; i <= nw+2; i++ {
		k := i
		switch {
		case i == 0:
			if r.ev.rolledAI != r.aiMove || nw == 0 {
				continue
			}
		case i == nw:
			if alone == fitFull {
				return r.aloneAI(alone)
			}
			continue
		case i == nw+1:
			k = nw
		case i == nw+2:
			// (Rolled first, the AI's marble lands before the reply's work is over: a
			// landing after it all is the marble of the push that work shows, and so is one
			// a scan or two before the entry filled last, its contact bouncing.)
			if k = 0; !r.rolledOut(fa) || nw > 0 && r.landedLast(fa) {
				continue
			}
		case !r.ev.work[k-1].on || r.ev.work[k-1].sq != fa.Entry:
			continue
		}
		if i > 0 && r.pairWork(fa, k) == fitNone {
			continue
		}
		s.Play(r.aiMove)
		if s.Outcome().Over || r.sides[s.Turn()] != Human {
			s.Undo()
			break // no reply can follow
		}
		after := Project(s, r.kind)
		var found engine.Move
		var out uint8
		n := 0
		for _, m := range s.Legal(r.v.moves[:0]) {
			if s.Footprint(m).Line != 0 && r.fits(m, k, r.outBit(fa), 0, &after) >= fitPartial {
				found, out = m, r.outBit(s.Footprint(m))
				n++
			}
		}
		s.Undo()
		if i == 0 && (n != 1 || !r.pushWorkFull(found, 0) || len(r.gutterOf) > 0 && out != 0 && r.ev.gutterIn&out == 0) {
			// (Where gutters are wired, the reply's marble put out must land in its own:
			// the AI's push set back by hand puts none out.)
			continue
		}
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
		if !takenInHand(f) {
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

// pushLine reports whether square sq lies on the line of a legal push.
func (r *Referee) pushLine(sq engine.Square) bool {
	return slices.ContainsFunc(r.legal, func(m engine.Move) bool { return r.state.Footprint(m).Line.Has(sq) })
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

// landedLast reports whether the gutter push f puts a piece off into first filled once the
// work was over: after its last step, or in the two scans before it where that step fills
// f's entry, landing as its far marble drops (the debouncer passes a contact that bounced
// a scan or two later).
func (r *Referee) landedLast(f engine.Footprint) bool {
	ws, e := r.ev.work, exitEdge(r.cfg.Rules.Geometry(), f)
	n := len(ws)
	return r.ev.gutterAt[e] >= n || r.ev.gutterAt[e] == n-1 && ws[n-1].is(f.Entry, true) && ws[n-1].scan <= r.ev.gutterScan[e]+2
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

// pushAfter returns where the work of a push by the next player begins, read after move m
// (legal in r.state) from the work m leaves unexplained: a line slid whole, seen only at
// its ends, reads as lifts put back off m's squares (Push 4 on presence sensors: d1 put
// down, then column c slid whole, c1 and c6 lifted and put back). -1 if no such push fits
// that work, in whole or in part.
func (r *Referee) pushAfter(m engine.Move) int {
	own := r.own(r.state.Footprint(m))
	k := slices.IndexFunc(r.ev.work, func(w work) bool { return !own.Has(w.sq) })
	if k < 0 || slices.ContainsFunc(r.ev.work[k:], func(w work) bool { return own.Has(w.sq) }) {
		return -1
	}
	s := r.state
	s.Play(m)
	defer s.Undo()
	if s.Outcome().Over || r.sides[s.Turn()] != Human {
		return -1
	}
	r.tmp.moves = s.Legal(r.tmp.moves[:0])
	for _, p := range r.tmp.moves {
		if f := s.Footprint(p); f.Line != 0 && r.pushWork(f, k, len(r.ev.work), false, 0) != fitNone {
			return k
		}
	}
	return -1
}
