package boards

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/hw"
)

// begin starts a Handle call: events returned by the last call are forgotten; those of
// NewReferee are kept for the first call to return.
func (r *Referee) begin() {
	if r.delivered {
		r.events = r.events[:0]
	}
	r.delivered = true
}

func (r *Referee) emit(e Event) {
	r.version++
	e.Game, e.At = r.game, r.now
	if e.Ply == 0 {
		e.Ply = r.state.Ply()
	}
	r.events = append(r.events, e)
}

// positionChanged recomputes what follows from the position: the expected board and the
// legal moves.
func (r *Referee) positionChanged() {
	r.expected = Project(r.state, r.kind)
	r.forgetOrder()
	r.lastOut = NoEdge
	r.legal = r.state.Legal(r.legal[:0])
	if r.state.Outcome().Over {
		r.legal = r.legal[:0]
	}
	r.lifted = 0
	r.tapSquare = engine.NoSquare
	r.asking, r.closing = nil, false
	r.suggested, r.suggestAt = 0, -1
	r.aiTap = 0
	r.matchKind = noMatch
	r.dirty = true
	r.computeDiff() // the lights show what differs at once; matching waits for the next frame
}

// next starts what comes after a commit or a takeback: the end of the game, or the AI's
// turn.
func (r *Referee) next() {
	if o := r.state.Outcome(); o.Over {
		r.gameOver = true
		r.emit(Event{Kind: GameOver, Outcome: o, Text: o.Text(r.cfg.Rules)})
		return
	}
	r.gameOver = false
	if r.sides[r.state.Turn()] == AI {
		r.thinking = true
		r.emit(Event{Kind: Think, State: r.state.Clone()})
	}
}

// computeDiff finds the squares where the settled board differs from the game, and marks
// the flips that are done.
func (r *Referee) computeDiff() {
	r.diff = 0
	r.rackOK = r.rackFits(r.state)
	for sq := engine.Square(0); int(sq) < r.size; sq++ {
		b := r.board[sq]
		if r.pending.Has(sq) && r.kind != hw.Presence && b == r.expected[sq] {
			r.pending &^= engine.Bit(sq) // turned over: its light goes dark
		}
		if b != r.expected[sq] && !(r.pending.Has(sq) && b == r.alt[sq]) {
			r.diff |= engine.Bit(sq)
		}
	}
}

// reconsider decides, after a frame, what the settled board means.
func (r *Referee) reconsider(changed bool) {
	if r.Settled() {
		r.quietAt = r.now
		r.restSent = false
	} else if !r.restSent && r.now.Sub(r.quietAt) >= r.cfg.Restless {
		r.restSent = true
		r.stats.Restless++
		r.emit(Event{Kind: Warning, Text: fmt.Sprintf("the board has not settled for %v: a sensor keeps changing, or a hand is resting on it", r.cfg.Restless)})
	}
	if t := r.tapSquare; t != engine.NoSquare && r.asking != nil {
		if n := len(r.work); n >= 2 && r.work[n-1].sq == t && r.work[n-2].sq == t {
			r.work = r.work[:n-2] // a tap answering a question is no part of a move
		}
	}
	if changed || r.dirty {
		if r.dirty {
			r.version++
		}
		r.dirty = false
		r.computeDiff()
		if r.diff == 0 && r.rackOK {
			r.boardMatches()
		} else {
			r.match()
		}
		if r.matchKind == matchMany || r.matchKind == matchSame {
			// The board shows a position, or moves asked about: a tap starts afresh, from the
			// squares lifted now.
			keep := engine.Bitboard(0)
			for b := r.tapLifts; b != 0; {
				if sq := b.Pop(); r.board[sq] == 0 {
					keep |= engine.Bit(sq)
				}
			}
			r.tapLifts = keep
		}
	}
	settled := r.Settled()
	if t := r.tapSquare; t != engine.NoSquare {
		r.tapSquare = engine.NoSquare
		r.stats.Taps++
		r.emit(Event{Kind: Tap, Square: t, Text: r.cfg.Rules.Geometry().Name(t)})
		if r.asking != nil && r.matchKind == matchMany && !r.settling(t) {
			r.chooseBySquare(t, r.tapEmpty)
			return
		}
	}
	if r.matchKind == matchSame {
		if r.restWork && settled {
			r.restWork, r.lifted = false, 0
			r.forgetOrder()
		}
		if r.closing && r.now.Sub(r.last) >= r.cfg.Hold {
			// A question about moves the board no longer shows is closed, once the board has
			// rested so as long as a takeback is held (a tap answering it lifts a piece of
			// the move for a moment).
			r.closing, r.asking, r.lifted = false, nil, 0
			r.forgetOrder()
			r.version++
		}
		return
	}
	switch r.matchKind {
	case matchMove, matchAIPair:
		if !r.extendable || settled {
			r.commitMatch()
		}
	case matchBack:
		if r.now.Sub(r.last) >= r.cfg.Hold {
			r.takeBack(r.matchBack, "the board was set back")
		}
	case inProgress:
		if settled && r.toLift != 0 && !r.misSent && !r.dirty && r.now.Sub(r.last) >= r.cfg.Grace {
			// The board shows a move made but for a piece of it never seen lifted: say so.
			r.misSent = true
			r.stats.Mismatches++
			r.misText = "lift the piece on " + r.names(r.toLift) + " and put it back: the board shows the move made, but not the hand's work there"
			r.emit(Event{Kind: Mismatch, Text: r.misText})
		}
	case matchMany:
		// Where the rack can still tell (the piece not taken from it yet), the question
		// waits for the grace period: the hand is usually on its way to the rack.
		if settled && !slices.Equal(r.asking, r.buf) && (!r.rackCanTell && !r.liftsCanTell || r.now.Sub(r.last) >= r.cfg.Grace) {
			r.ask()
		}
	case noMatch:
		// (Not when a move was just committed, a silent one by the AI: the new position is
		// matched on the next frame.)
		if settled && !r.misSent && !r.dirty && r.now.Sub(r.last) >= r.cfg.Grace {
			r.reportMismatch()
		}
	}
}

func (r *Referee) boardMatches() {
	if r.pushed() {
		return
	}
	r.sync = false
	r.matchKind = matchSame
	if r.asking != nil && !r.silent(r.asking[0]) {
		// The pieces of a move asked about were lifted again: the move taken back, a tap
		// answering, or the next player's push on its way. The work is kept, and the
		// question closes once the board rests so.
		r.closing = true
	} else if r.slidStart() {
		// The board reads as before in the middle of a push too (a row slid as a whole
		// fills the far end before the entry empties): the work is forgotten once the
		// board rests so.
		r.restWork, r.heldAt = true, len(r.work)
	} else {
		r.lifted = 0
		r.forgetOrder()
	}
	if r.misSent {
		r.misSent = false
		r.emit(Event{Kind: Repaired, Text: "the board matches the game"})
	}
	if r.gameOver || r.thinking {
		r.asking = nil
		return
	}
	// Moves the board cannot see at all (Quarto's first turn, a piece handed over): the
	// AI's is done once announced, unless the rack shows it; a player's is asked at once,
	// unless the rack will show it.
	if r.aiMove != 0 {
		if r.silent(r.aiMove) && (len(r.rack) == 0 || r.state.Footprint(r.aiMove).Rack == engine.Empty) {
			r.commit(r.aiMove)
		}
		return
	}
	r.buf = r.buf[:0]
	for _, m := range r.legal {
		if !r.silent(m) {
			r.buf = r.buf[:0]
			break
		}
		r.buf = append(r.buf, m)
	}
	if len(r.buf) == 0 {
		return
	}
	r.matchKind = matchMany
	r.rackCanTell = len(r.rack) > 0
}

// pushed matches a push that leaves the squares reading as before (Quixo on presence
// sensors: every square is full before and after): the order of the hand's work tells it.
// A push whose every square was seen empty, in an order only it explains, is taken (once
// the board settles); pushes the work fits only in part (a row slid as a whole hides the
// squares between) are asked.
func (r *Referee) pushed() bool {
	r.split = -1
	if r.lifted == 0 && r.gutterIn == 0 || r.sync || r.gameOver || r.thinking {
		return false
	}
	if r.aiMove != 0 {
		return r.pushedAI()
	}
	r.buf, r.buf2 = r.buf[:0], r.buf2[:0]
	for _, m := range r.legal {
		if r.state.Footprint(m).Line == 0 {
			continue
		}
		switch r.fits(m, 0, &r.expected) {
		case fitFull:
			r.buf = append(r.buf, m)
		case fitPartial:
			r.buf2 = append(r.buf2, m)
		}
	}
	r.lastIn(r.buf)
	r.glimpsedLonger()
	switch {
	case len(r.buf) == 1:
		r.matchKind, r.matchMove, r.extendable = matchMove, r.buf[0], true
	case len(r.buf) > 1:
		r.matchKind = matchMany
	case r.matchPair(true):
	case len(r.buf2) > 0:
		r.buf = append(r.buf, r.buf2...)
		r.matchKind = matchMany
	case r.asking != nil && r.repliedPush():
		// The players went on before the question was answered: it stays open, and the
		// work since it was asked is the next move's.
		r.buf = append(r.buf[:0], r.asking...)
		r.matchKind = matchMany
	default:
		return false
	}
	return true
}

// repliedPush reports whether the work since the question was asked is a push made after
// one of the options asked, ending on a board that reads as the position asked about.
func (r *Referee) repliedPush() bool {
	s := r.state
	r.workFrom = r.askWork
	defer func() { r.workFrom = 0 }()
	for _, o := range r.asking {
		s.Play(o)
		after := Project(s, r.kind)
		diff := r.diffAfter(&after, 0)
		ok := false
		if !s.Outcome().Over {
			r.buf2 = s.Legal(r.buf2[:0])
			for _, m := range r.buf2 {
				if s.Footprint(m).Line != 0 && r.fits(m, diff, &after) != fitNone {
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
	alone := r.pushWork(fa, 0, len(r.work))
	if r.workLost {
		return r.aloneAI(alone)
	}
	s := r.state
	// Splits where the AI's entry filled come first, then the AI's push alone; then, marbles
	// rolled along unseen with one landing in a gutter, the reply with no work (all the
	// work the AI's), or the AI's push with none.
	nw := len(r.work)
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
			if k = 0; !r.rolledOut(fa) {
				continue
			}
		case !r.work[k-1].on || r.work[k-1].sq != fa.Entry:
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
		r.workFrom, r.gutterOK = k, r.outBit(fa)
		var found engine.Move
		n := 0
		for _, m := range s.Legal(r.buf[:0]) {
			if s.Footprint(m).Line != 0 && r.fits(m, 0, &after) >= fitPartial {
				found = m
				n++
			}
		}
		r.workFrom, r.gutterOK = 0, 0
		s.Undo()
		if n > 0 {
			r.matchKind, r.extendable, r.matchMove, r.split = matchAIPair, true, 0, k
			if n == 1 && r.pushWorkFull(found, k) {
				r.matchMove = found
			}
			return true
		}
	}
	return r.aloneAI(alone)
}

// aloneAI matches the AI's push alone, as pushWork fits it: seen whole, it is taken once the
// board settles; seen in part, on a board that reads as before, it is asked (a hand may
// have lifted two of its pieces and put them back).
func (r *Referee) aloneAI(f fit) bool {
	switch f {
	case fitFull:
		r.matchKind, r.matchMove, r.extendable = matchMove, r.aiMove, true
	case fitPartial:
		r.matchKind = matchMany
		r.buf = append(r.buf[:0], r.aiMove)
	default:
		return false
	}
	return true
}

// pushWorkFull reports whether reply m, after the AI's move, has every square of its push
// seen empty in the work from k on.
func (r *Referee) pushWorkFull(m engine.Move, k int) bool {
	s := r.state
	s.Play(r.aiMove)
	defer s.Undo()
	return r.pushWork(s.Footprint(m), k, len(r.work)) == fitFull
}

// slidStart reports whether the work since the board last matched is pieces lifted and put
// back, one of them at the far end of a legal push: a row slid as a whole begins so, the far
// end filled by its neighbour before the entry empties (a piece fumbled beside it or not).
func (r *Referee) slidStart() bool {
	if r.kind != hw.Presence || len(r.work) < 2 {
		return false
	}
	var up, ends engine.Bitboard
	for _, w := range r.work {
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

// forgetOrder forgets the hand's work, when the board matches a position.
func (r *Referee) forgetOrder() {
	r.restWork, r.heldAt, r.glimpsed = false, 0, 0
	r.work, r.workFrom, r.workLost, r.split, r.askWork = r.work[:0], 0, false, -1, 0
	r.gutterIn = 0
	r.tapLifts = 0
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
// readings changed or the marble pushed off landed in the gutter along that edge (one
// square seen empty, with the readings changed, is such a roll too). A push partly seen is
// asked, never taken.
func (r *Referee) pushWork(f engine.Footprint, lo, hi int) fit {
	g := r.cfg.Rules.Geometry()
	if r.workLost {
		return fitPartial // the order is lost: the push can only be asked
	}
	ext := lineBeyond(g, f)
	if lo < r.heldAt && r.heldAt <= hi {
		// Work done before the board last read as the position (a piece lifted and put
		// back): off this push's line and past its far end, no part of it; on them, the
		// start of this push or of a longer one on the same line, so that what fits
		// without it can only be asked.
		var held engine.Bitboard
		for _, w := range r.work[lo:r.heldAt] {
			held |= engine.Bit(w.sq)
		}
		if held&(f.Line|ext) == 0 {
			return r.pushFit(f, r.heldAt, hi, ext)
		}
		if ok := r.pushFit(f, lo, hi, ext); ok != fitNone {
			return ok
		}
		if r.pushFit(f, r.heldAt, hi, ext) != fitNone {
			return fitPartial
		}
		return fitNone
	}
	return r.pushFit(f, lo, hi, ext)
}

// pushFit is pushWork on the work from work[lo] to work[hi-1] as it stands; ext is the line
// past the push's far end (lineBeyond).
func (r *Referee) pushFit(f engine.Footprint, lo, hi int, ext engine.Bitboard) fit {
	g := r.cfg.Rules.Geometry()
	rolls := f.To != engine.Nowhere || f.Exit == engine.NoSquare
	gutter := f.Exit != engine.NoSquare && f.To != engine.Nowhere && (r.gutterIn&^r.gutterOK)&(1<<exitEdge(g, f)) != 0
	dist := func(s engine.Square) int {
		return max(abs(g.File(s)-g.File(f.Entry)), abs(g.Rank(s)-g.Rank(f.Entry)))
	}
	// Marbles can roll along unseen (Push; Push 4, whose chain may also stop short); Quixo's
	// cube is taken in the hand, seen.
	var seen, still, again, refilled engine.Bitboard
	first, prev, back, last := engine.NoSquare, engine.NoSquare, false, engine.NoSquare
	order := r.pushOrder(f, lo, hi)
	for i := 0; i < len(order); i++ {
		w := order[i]
		if !f.Line.Has(w.sq) {
			if !w.on && !ext.Has(w.sq) && i+1 < len(order) && order[i+1].is(w.sq, true) {
				i++ // a piece off the line lifted and put back at once: no part of the push
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
	case f.Touched&^seen == 0 && still|again == 0 && !back && last == f.Entry:
		return fitFull
	case seen&(seen-1) != 0 && (seen | refilled).Has(f.Entry):
		return fitPartial // two squares seen at least, the entry among them
	case seen == 0 && rolls && (r.readingsChanged || gutter):
		return fitPartial // rolled along as one: the readings show it, or the gutter
	case seen != 0 && seen&(seen-1) == 0 && rolls && r.readingsChanged:
		return fitPartial // rolled, one square seen empty for a moment
	}
	return fitNone
}

// pushOrder returns the work from work[lo] to work[hi-1] as push f would have done it:
// changes seen in one scan have no order of their own, so within a scan the squares off the
// line filled come first (a piece put back as the push starts), then the line's in the
// order of a hole travelling from the far end to the entry, then the squares off the line
// emptied (a piece lifted as the push ends). The slice is valid until the next call.
func (r *Referee) pushOrder(f engine.Footprint, lo, hi int) []work {
	g := r.cfg.Rules.Geometry()
	r.order = append(r.order[:0], r.work[lo:hi]...)
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
	for i := 0; i < len(r.order); {
		j := i + 1
		for j < len(r.order) && r.order[j].scan == r.order[i].scan {
			j++
		}
		if j-i > 1 {
			slices.SortStableFunc(r.order[i:j], func(a, b work) int { return key(a) - key(b) })
		}
		i = j
	}
	return r.order
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
	if far == engine.NoSquare || far == f.Entry {
		return 0
	}
	df, dr := sign(g.File(far)-g.File(f.Entry)), sign(g.Rank(far)-g.Rank(f.Entry))
	var out engine.Bitboard
	for fi, ri := g.File(far)+df, g.Rank(far)+dr; fi >= 0 && fi < g.Files && ri >= 0 && ri < g.Ranks; fi, ri = fi+df, ri+dr {
		out |= engine.Bit(g.Square(fi, ri))
	}
	return out
}

// glimpsedLonger adds to the pushes seen whole (r.buf) the longer pushes on their line, to
// the same entry, whose squares past them were glimpsed empty: a cube taken and its
// neighbour's slid in within a scan (e3-e1 made so reads as e2-e1, but for e3's glimpse).
func (r *Referee) glimpsedLonger() {
	if r.glimpsed == 0 {
		return
	}
	for _, m := range r.buf {
		fm := r.state.Footprint(m)
		for _, o := range r.legal {
			fo := r.state.Footprint(o)
			if o != m && fo.Line != 0 && fo.Entry == fm.Entry && fo.Line&fm.Line == fm.Line &&
				fo.Line&^fm.Line&^r.glimpsed == 0 && !slices.Contains(r.buf, o) {
				r.buf = append(r.buf, o)
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
		for _, w := range r.work[r.workFrom:] {
			if w.on && f.Line.Has(w.sq) {
				last = w.sq
			}
		}
		if last == f.Entry {
			keep = append(keep, m)
		}
	}
	if len(keep) > 0 {
		r.buf = append(r.buf[:0], keep...)
	}
}

// silent reports whether move m changes nothing on the squares.
func (r *Referee) silent(m engine.Move) bool {
	f := r.state.Footprint(m)
	return f.Emptied|f.Filled|f.Replaced|f.Flipped == 0
}

// fit says how well the sensors show a move made.
type fit uint8

const (
	fitNone    fit = iota
	fitPartial     // the squares show a push, but part of its work was hidden: ask
	fitBoard       // the squares show it; the rack does not (yet)
	fitFull        // the squares and the rack (if the board has one) show it
)

// fits reports whether the settled board shows move m made from the current position
// (flips may still be undone), with every square it must lift seen empty, and whether the
// rack shows it too.
func (r *Referee) fits(m engine.Move, diff engine.Bitboard, expected *Board) fit {
	s := r.state
	f := s.Footprint(m)
	changed := f.Emptied | f.Filled | f.Replaced | f.Flipped
	ok := fitFull
	switch {
	case diff&^changed != 0:
		return fitNone
	case f.Line != 0:
		// A push is read from the order of the hand's work.
		r.readingsChanged = diff != 0
		ok = r.pushWork(f, r.workFrom, len(r.work))
		r.readingsChanged = false
		if ok == fitNone {
			return fitNone
		}
	case f.Touched&^r.lifted&^r.readChanged(f, diff) != 0:
		return fitNone
	}
	s.Play(m)
	for b := changed; b != 0; {
		sq := b.Pop()
		got := r.board[sq]
		if got == ReadingOf(s.PieceAt(sq), r.kind) || (f.Flipped.Has(sq) && got == expected[sq]) {
			continue
		}
		ok = fitNone
		break
	}
	if ok >= fitBoard && !r.rackFits(s) && (f.Rack != engine.Empty || !r.rackOnlyShort(s)) {
		// A move that takes nothing from the rack (Quarto's winning placement) fits a rack
		// with pieces taken early; the lights then ask for them back.
		ok = fitBoard
	}
	s.Undo()
	return ok
}

// readChanged returns the squares a move replaces that the sensors read changed: the hand's
// work there needs no lift to be seen (Xe Queo!'s pawn put inside a sensed ring, which then
// reads the pawn; a captured stone swapped for the capturer faster than a scan, on polarity
// sensors, which read the capturer's colour).
func (r *Referee) readChanged(f engine.Footprint, diff engine.Bitboard) engine.Bitboard {
	if r.kind == hw.Presence {
		return 0
	}
	return f.Replaced & diff
}

// partOf reports whether the differences could be a move on its way: squares it lifts or
// changes, with something lifted since the board last matched.
func (r *Referee) partOf(m engine.Move) bool {
	f := r.state.Footprint(m)
	return r.lifted != 0 && r.diff&^(f.Emptied|f.Filled|f.Replaced|f.Flipped|f.Touched) == 0
}

func (r *Referee) match() {
	r.matchKind, r.split, r.toLift, r.askFrom, r.liftsCanTell = noMatch, -1, 0, -1, false
	r.buf = r.buf[:0]
	switch {
	case r.sync:
		return // the board must show the position before moves count again
	case r.gameOver:
		return // a finished game is recorded as finished: nothing more counts
	case r.thinking:
		// Nothing may move: only a takeback can fit.
	case r.aiMove != 0:
		r.matchAI()
		if r.matchKind != noMatch {
			return
		}
	default:
		r.buf2, r.part = r.buf2[:0], r.part[:0]
		partial := 0
		for _, m := range r.legal {
			switch r.fits(m, r.diff, &r.expected) {
			case fitFull:
				r.buf = append(r.buf, m)
			case fitBoard:
				r.buf2 = append(r.buf2, m)
			case fitPartial:
				r.buf2 = append(r.buf2, m)
				r.part = append(r.part, m)
				partial++
			}
		}
		r.rackCanTell = false
		if len(r.buf) == 0 && r.rackOK {
			// The rack is as it was: the pieces came from elsewhere, or the piece to hand
			// over is still to be taken. The squares alone decide, or a question does.
			r.buf = append(r.buf, r.buf2...)
			r.rackCanTell = len(r.rack) > 0 && len(r.buf2) > partial
		}
		r.lastIn(r.buf)
		if partial > 0 && partial == len(r.buf) && len(r.work) > 0 && r.cfg.Takeback && r.earlierMatch() > 0 {
			// Pushes not seen to move, to a board that shows an earlier position: pieces
			// put back one by one, a takeback (held), rather than a push unseen. (Marbles
			// rolled back as one, no square seen empty, are the push back: asked.)
			r.buf = r.buf[:0]
		}
		if len(r.buf) > 0 && partial > 0 {
			// A push whose work was partly hidden is asked, even alone, and alongside the
			// moves seen whole: the squares read the same after them all.
			for _, m := range r.part {
				if !slices.Contains(r.buf, m) {
					r.buf = append(r.buf, m)
				}
			}
			r.matchKind = matchMany
			return
		}
		if len(r.buf) == 0 && r.asking != nil {
			r.answeredByReply()
			if r.matchKind != noMatch {
				return
			}
		}
		if r.matchHidden() {
			return
		}
		switch len(r.buf) {
		case 0:
		case 1:
			if r.strayAsked() {
				return
			}
			r.matchKind, r.matchMove = matchMove, r.buf[0]
			r.extendable = r.canExtend(r.buf[0], r.legal)
			return
		default:
			r.matchKind = matchMany
			return
		}
	}
	if r.cfg.Takeback {
		if k := r.earlierMatch(); k > 0 {
			r.matchKind, r.matchBack = matchBack, k
			return
		}
	}
	if r.matchPair(false) {
		return
	}
	if r.aiMove != 0 {
		lifted := r.rackLifted()
		if r.partOf(r.aiMove) || r.fits(r.aiMove, r.diff, &r.expected) == fitBoard ||
			(r.diff == 0 && lifted != engine.Empty && lifted == r.state.Footprint(r.aiMove).Rack) {
			r.matchKind = inProgress // half of the AI's move: the squares, or the piece it hands over
			r.toLift = r.unliftedBy(r.aiMove)
		}
		return
	}
	if !r.gameOver && !r.thinking {
		for _, m := range r.legal {
			if r.partOf(m) {
				r.matchKind = inProgress
				r.toLift = r.unlifted()
				return
			}
		}
		// A piece taken from the rack, not yet put down.
		if p := r.rackLifted(); p != engine.Empty && r.diff == 0 {
			for _, m := range r.legal {
				if r.state.Footprint(m).Rack == p {
					r.matchKind = inProgress
					return
				}
			}
		}
	}
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
	missing := f.Touched &^ r.lifted &^ r.readChanged(f, r.diff)
	if missing == 0 || f.Line != 0 {
		return 0
	}
	lifted := r.lifted
	r.lifted |= missing
	ok := r.fits(m, r.diff, &r.expected)
	r.lifted = lifted
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
	lifted := r.lifted
	for _, m := range r.legal {
		f := r.state.Footprint(m)
		missing := f.Touched &^ lifted &^ r.readChanged(f, r.diff)
		if missing == 0 || f.Line != 0 {
			continue
		}
		r.lifted = lifted | missing
		if ok := r.fits(m, r.diff, &r.expected); ok == fitFull || ok == fitBoard {
			out |= missing
		}
		r.lifted = lifted
	}
	return out
}

// answeredByReply looks for the answer to an open question in the next move: the players
// went on (the opponent put the piece handed over on the board) before anybody answered.
// Where the board shows one option followed by a legal reply, and no other option, the
// option is committed and the reply is matched next; where several options could precede
// it, the question stays open and the board is not a mismatch.
func (r *Referee) answeredByReply() {
	s := r.state
	var found engine.Move
	n, partly := 0, 0
	r.buf2 = r.buf2[:0]
	for _, o := range r.asking {
		f := s.Footprint(o)
		if f.Line == 0 && f.Touched&^r.lifted != 0 {
			continue // (a push asked about was read from its work when asked)
		}
		// A choice only a tap or the kiosk tells (Xe Queo!'s ring cell): the reply being legal
		// after it is no evidence of it, and the question stays open.
		tapOnly := f.Tap != 0 && r.silent(o)
		s.Play(o)
		after := Project(s, r.kind)
		diff := r.diffAfter(&after, f.Flipped)
		ok := fitNone
		// A reply that leaves the squares reading as before is a push, seen by its work.
		pushOnly := diff == 0
		if (diff != 0 || len(r.work) > r.askWork) && !s.Outcome().Over {
			r.buf2 = s.Legal(r.buf2)
			r.workFrom = min(r.askWork, len(r.work))
			for _, m := range r.buf2 {
				if pushOnly && s.Footprint(m).Line == 0 {
					continue
				}
				if fm := r.fits(m, diff, &after); fm == fitFull || fm == fitPartial {
					ok = max(ok, fm)
				}
			}
			r.workFrom = 0
			if ok == fitNone && !pushOnly {
				// Several moves made since (players who go on quickly): the question stays
				// open while the board shows this option followed by them.
				for _, m := range r.buf2 {
					if fm := s.Footprint(m); fm.Line == 0 {
						if done, _, _ := r.secondFits(m, fm, min(r.askWork, len(r.work)), diff, &after, chainMoves-2, 0); done {
							ok = fitPartial
							break
						}
					}
				}
			}
			r.buf2 = r.buf2[:0]
		}
		s.Undo()
		switch ok {
		case fitFull:
			if tapOnly {
				partly++
				break
			}
			found = o
			n++
		case fitPartial:
			partly++ // a push partly seen: the question stays open
		}
	}
	switch {
	case n == 1 && partly == 0:
		r.matchKind, r.matchMove, r.extendable = matchMove, found, true
		r.split = r.askWork // the reply's work is kept for it
	case n+partly > 0:
		r.matchKind = matchMany
		r.buf = append(r.buf[:0], r.asking...)
	}
}

// matchAI matches the announced AI move, or the AI move followed at once by the reply.
func (r *Referee) matchAI() {
	s := r.state
	fa := s.Footprint(r.aiMove)
	// Only the AI's move is awaited: a square of it glimpsed empty (a capture swapped
	// faster than the debouncer) was the hand's work there.
	r.lifted |= r.glimpsed & fa.Touched
	if ok := r.fits(r.aiMove, r.diff, &r.expected); ok == fitFull || ok == fitPartial {
		// Only the AI's move can be on the board: a push of it partly seen is enough.
		r.matchKind, r.matchMove, r.extendable = matchMove, r.aiMove, false
		return
	}
	// The reply is matched against the position after the AI's move: a person's move, the
	// game not over (who moves next is the game's to say: in Push the owner of the marble
	// pushed out, in Push 4 and Quixo 4 a seat may be skipped). Of a push's work, the reply's
	// starts once the AI's push is done, its entry filled.
	if fa.Touched&^r.lifted != 0 {
		return
	}
	s.Play(r.aiMove)
	defer s.Undo()
	if s.Outcome().Over || r.sides[s.Turn()] != Human {
		return
	}
	diff := r.diffAfter(&r.afterAI, fa.Flipped)
	for k := 0; k <= len(r.work); k++ {
		if fa.Line == 0 && k > 0 {
			break
		}
		if fa.Line != 0 && (k == 0 && !r.rolledOut(fa) || k > 0 && (!r.work[k-1].on || r.work[k-1].sq != fa.Entry) || r.pairWork(fa, k) == fitNone) {
			continue
		}
		r.workFrom, r.gutterOK = k, r.outBit(fa)
		var found engine.Move
		n, full := 0, false
		for _, m := range s.Legal(r.buf[:0]) {
			switch r.fits(m, diff, &r.afterAI) {
			case fitFull:
				found, full = m, true
				n++
			case fitPartial:
				n++
			}
		}
		r.workFrom, r.gutterOK = 0, 0
		if n == 0 {
			continue
		}
		// The AI's move is done. Two moves at once always wait for the board to settle: a
		// piece in transit over a square can read there for a frame after it has gone, and
		// that frame may look like the AI's move done and a reply dropped. Where several
		// replies fit, the reply is left to the ordinary matching (which asks) once the
		// AI's move is in.
		r.matchKind, r.extendable, r.matchMove, r.split = matchAIPair, true, 0, k
		if n == 1 && full {
			r.matchMove = found
		}
		return
	}
}

// canExtend reports whether the hand could still be on its way: another legal move lifts
// the same pieces, with every square it must touch already lifted, and puts them elsewhere
// (a slide that may go further). A capture that has landed cannot: another capture would
// need its own victim lifted. legal are the moves of the position r.state is in.
//
// A placement can be a moving piece seen early: a sliding piece may close the sensor of
// the square it arrives on before the one it left opens (make before break), and for a
// moment the board reads as a piece put down there. So a placement waits for the settle
// window when another legal move brings a piece of the board onto the same square.
func (r *Referee) canExtend(m engine.Move, legal []engine.Move) bool {
	f := r.state.Footprint(m)
	for _, o := range legal {
		if o == m {
			continue
		}
		g := r.state.Footprint(o)
		switch {
		case f.Emptied == 0 && g.Emptied != 0 && (g.Filled|g.Replaced)&f.Filled != 0:
			return true // a piece arriving, not one put down
		case f.Emptied != 0 && g.Emptied == f.Emptied && g.Touched&^r.lifted == 0:
			return true
		}
	}
	return false
}

// earlierMatch returns k > 0 if the board shows the position k moves back (k = 1, 2).
func (r *Referee) earlierMatch() int {
	n := len(r.history)
	for k := 1; k <= 2 && k <= n; k++ {
		for range k {
			r.state.Undo()
		}
		same := Project(r.state, r.kind) == r.board && r.rackFits(r.state)
		for i := n - k; i < n; i++ {
			r.state.Play(r.history[i])
		}
		if same {
			return k
		}
	}
	return 0
}

func (r *Referee) commitMatch() {
	if r.matchKind == matchAIPair {
		reply, lifted := r.matchMove, r.lifted
		// The evidence for the reply, gathered before the AI's move went in; of a push's
		// work, what came after the AI's push.
		r.commitKeeping(r.aiMove, r.split)
		switch {
		case r.gameOver || r.aiMove != 0:
		case reply != 0:
			r.commit(reply)
		default:
			r.lifted |= lifted
		}
		return
	}
	if r.split >= 0 {
		r.commitKeeping(r.matchMove, r.split)
		return
	}
	r.commit(r.matchMove)
}

func (r *Referee) commit(m engine.Move) {
	f := r.state.Footprint(m)
	silentAI := m == r.aiMove && r.silent(m)
	before := r.expected
	text := r.cfg.Rules.FormatMove(m)
	r.state.Play(m)
	r.history = append(r.history, m)
	r.stats.Commits++
	if m == r.aiMove {
		r.aiMove = 0
	}
	r.lastMove, r.lastFrom, r.lastTo = m, f.Emptied|f.Touched, f.Filled|f.Replaced
	r.positionChanged()
	r.committedAt = r.now
	if silentAI {
		r.aiTap = f.Tap // the AI's choice the squares cannot show (Xe Queo!'s ring cell): lit
	}
	if f.Line != 0 && f.Exit != engine.NoSquare && f.To != engine.Nowhere {
		r.lastOut = exitEdge(r.cfg.Rules.Geometry(), f)
	}
	// Flips of earlier moves not yet done stay to do; a disc flipped twice is done.
	if r.kind == hw.Presence {
		r.pending, r.turning = f.Flipped, 0
	} else {
		r.pending ^= f.Flipped
	}
	for b := f.Flipped; b != 0; {
		sq := b.Pop()
		r.alt[sq] = before[sq]
	}
	r.emit(Event{Kind: MoveCommitted, Move: m, Text: text})
	r.next()
}

func (r *Referee) takeBack(k int, why string) {
	for range k {
		r.state.Undo()
	}
	r.history = r.history[:len(r.history)-k]
	r.stats.Takebacks++
	r.thinking, r.aiMove, r.pending = false, 0, 0
	r.lastMove, r.lastFrom, r.lastTo = 0, 0, 0
	r.positionChanged()
	r.emit(Event{Kind: TakenBack, Text: fmt.Sprintf("%s: %d move(s) taken back", why, k)})
	r.next()
}

// ask reports that several moves fit; the answer is a tap or CmdChoose.
func (r *Referee) ask() {
	r.asking = append([]engine.Move(nil), r.buf...)
	r.tapLifts, r.askWork, r.closing = 0, len(r.work), false
	if r.askFrom >= 0 {
		r.askWork = r.askFrom // the work from there on is the next move's (matchPair)
	}
	r.stats.Asks++
	names := make([]string, len(r.asking))
	for i, m := range r.asking {
		names[i] = r.cfg.Rules.FormatMove(m)
	}
	r.emit(Event{Kind: Asking, Options: r.asking, Text: "which move: " + strings.Join(names, " or ") + "? Tap its lit square or choose on the screen"})
}

// distinct returns the squares only option i changes, among the options asked, and the
// squares a tap on which chooses it (engine.Footprint.Tap). A push is
// chosen by its entry square, where the piece went in.
func (r *Referee) distinct(i int) engine.Bitboard {
	hands := func(m engine.Move) engine.Bitboard { // where the hand acts; flips are not chosen by
		f := r.state.Footprint(m)
		if f.Line != 0 {
			return engine.Bit(f.Entry)
		}
		return f.Emptied | f.Filled | f.Replaced | f.Touched | f.Tap
	}
	own := hands(r.asking[i])
	for j, o := range r.asking {
		if j != i {
			own &^= hands(o)
		}
	}
	return own
}

// settling reports whether a tap on square t is a piece of the move just committed being
// straightened rather than an answer: t is a square of that move, lifted within the hold time
// of the commit, and a move asked names t to be tapped (Xe Queo!: the pawn just brought into
// the ring, whose colour is a card to show).
func (r *Referee) settling(t engine.Square) bool {
	if !(r.lastFrom | r.lastTo).Has(t) || r.liftAt[t].Sub(r.committedAt) >= r.cfg.Hold {
		return false
	}
	for _, m := range r.asking {
		if r.state.Footprint(m).Tap.Has(t) {
			return true
		}
	}
	return false
}

// chooseBySquare answers the question by a tap on square s. A tap on an empty square
// chooses only a move that names it to be tapped (engine.Footprint.Tap): an empty square
// a move fills reads as the move begun, not as a choice.
func (r *Referee) chooseBySquare(s engine.Square, empty bool) {
	for i, m := range r.asking {
		if empty && !r.state.Footprint(m).Tap.Has(s) {
			continue
		}
		if r.distinct(i).Has(s) {
			r.choose(m)
			return
		}
	}
}

func (r *Referee) choose(m engine.Move) {
	switch {
	case !slices.Contains(r.asking, m):
		r.emit(Event{Kind: Warning, Text: r.cfg.Rules.FormatMove(m) + " is not one of the moves asked about"})
	case r.matchKind != matchMany || !slices.Contains(r.buf, m):
		// The board has changed since the question: the answer is for a board gone.
		r.emit(Event{Kind: Warning, Text: r.cfg.Rules.FormatMove(m) + ": the board no longer shows that move"})
	default:
		// The work done since the question was asked belongs to the next move: the players
		// may have gone on before answering.
		r.commitKeeping(m, r.askWork)
	}
}

// enter commits move m, entered on the kiosk (CmdEnter), when the board shows the position
// after it and the sensors cannot tell it from standing still: a Push row rolled along as
// one on presence sensors, a card shown. It is refused while a question is open.
func (r *Referee) enter(m engine.Move) {
	text := r.cfg.Rules.FormatMove(m)
	switch {
	case r.gameOver:
		r.emit(Event{Kind: Warning, Text: text + ": the game is over"})
		return
	case r.asking != nil:
		r.emit(Event{Kind: Warning, Text: text + ": a question is open: answer it"})
		return
	case r.thinking || r.aiMove != 0 && m != r.aiMove:
		r.emit(Event{Kind: Warning, Text: text + ": the AI's move is awaited"})
		return
	case r.state.Validate(m) != nil:
		r.emit(Event{Kind: Warning, Text: r.state.Validate(m).Error()})
		return
	case !r.cannotSee(m):
		r.emit(Event{Kind: Warning, Text: text + ": the board sees that move: make it on the board"})
		return
	}
	s := r.state
	s.Play(m)
	shows := Project(s, r.kind) == r.board && r.rackFits(s)
	s.Undo()
	if !shows {
		r.emit(Event{Kind: Warning, Text: text + ": the board does not show that move"})
		return
	}
	r.stats.Entered++
	r.commit(m)
}

// suggest asks the AI for a move for the player to move (hint mode): refused, with the
// reason, unless a player sits at the board to move and the board shows the position.
func (r *Referee) suggest() {
	why := ""
	switch {
	case r.gameOver:
		why = "the game is over"
	case r.thinking || r.aiMove != 0 || r.sides[r.state.Turn()] == AI:
		why = "the AI is to move"
	case r.asking != nil:
		why = "a question is open: answer it first"
	case r.sync || r.diff != 0 || !r.rackOK:
		why = "the board does not show the position: set it up as lit first"
	case r.suggestAt == r.state.Ply():
		return // asked already: the answer is on its way, or shown
	}
	if why != "" {
		r.emit(Event{Kind: Warning, Text: "no suggestion: " + why})
		return
	}
	r.suggestAt = r.state.Ply()
	r.emit(Event{Kind: Suggest, State: r.state.Clone()})
}

// suggestion shows the AI's suggestion, if it is for the position on the board.
func (r *Referee) suggestion(m Message) {
	if r.suggestAt < 0 || m.Version != uint64(r.suggestAt) || r.suggestAt != r.state.Ply() {
		r.stats.StaleMessages++
		return // for a position gone
	}
	if m.Move == 0 {
		r.suggestAt = -1
		r.emit(Event{Kind: Warning, Text: "no suggestion: the AI found none"})
		return
	}
	if err := r.state.Validate(m.Move); err != nil {
		r.suggestAt = -1
		r.emit(Event{Kind: Warning, Text: fmt.Sprintf("suggestion refused: %v", err)})
		return
	}
	r.suggested = m.Move
	r.version++
	r.emit(Event{Kind: Suggested, Move: m.Move, Text: r.cfg.Rules.FormatMove(m.Move)})
}

// commitKeeping commits m and keeps the hand's work from work[k] on as evidence for the
// next move.
func (r *Referee) commitKeeping(m engine.Move, k int) {
	after := append(r.keep[:0], r.work[min(k, len(r.work)):]...)
	lost := r.workLost
	r.commit(m)
	r.work, r.keep, r.workLost = append(r.work[:0], after...), after, lost
	for _, w := range r.work {
		if !w.on {
			r.lifted |= engine.Bit(w.sq)
		}
	}
}

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
	var parts []string
	list := func(verb string, b engine.Bitboard) {
		if b != 0 {
			parts = append(parts, verb+" "+r.names(b))
		}
	}
	list("clear", remove)
	guide, painted := r.guide(put|r.wrongPiece(turn), false) // the text names them all
	for _, p := range guide {
		parts = append(parts, "put the "+p.Colour+" piece on "+g.Name(p.Square))
	}
	list("put a piece on", put&^painted)
	if r.kind == hw.Identity {
		list("put the right piece on", turn&^painted)
	} else {
		list("turn over", turn)
	}
	if out, back := r.rackRepairs(); out != "" || back != "" {
		if out != "" {
			parts = append(parts, "take "+out+" from the rack")
		}
		if back != "" {
			parts = append(parts, "put "+back+" back in the rack")
		}
	}
	r.misText = "the board does not match the game: " + strings.Join(parts, "; ")
	r.emit(Event{Kind: Mismatch, Remove: remove, Put: put, Turn: turn, Text: r.misText})
}

// HandleMessage feeds a command or an AI result, at time at, and returns the events it
// caused (valid until the next call).
func (r *Referee) HandleMessage(m Message, at time.Time) []Event {
	r.begin()
	if at.After(r.now) {
		r.now = at
	}
	if m.Kind == CmdNewGame {
		if m.Rules == nil {
			r.emit(Event{Kind: Warning, Text: "new game: no game given"})
			return r.events
		}
		if err := r.cfg.Layout.Fits(m.Rules.Geometry()); err != nil {
			r.emit(Event{Kind: Warning, Text: fmt.Sprintf("new game %s: %v", m.Rules.ID(), err)})
			return r.events
		}
		r.start(m.Rules, m.Sides, r.now)
		return r.events
	}
	if m.Kind == CmdResume {
		r.resume(m)
		return r.events
	}
	if m.Game != r.game {
		r.stats.StaleMessages++
		r.emit(Event{Kind: Warning, Text: fmt.Sprintf("message for game %d dropped: game %d is on", m.Game, r.game)})
		return r.events
	}
	if (m.Kind == CmdTakeback || m.Kind == CmdChoose || m.Kind == CmdEnter) && m.Version != 0 && m.Version != uint64(r.state.Ply())+1 {
		r.stats.StaleMessages++
		r.emit(Event{Kind: Warning, Text: "a command made for an earlier position dropped"})
		return r.events
	}
	switch m.Kind {
	case CmdTakeback:
		r.commandTakeback()
	case CmdChoose:
		if r.asking == nil {
			r.emit(Event{Kind: Warning, Text: "nothing was asked"})
		} else {
			r.choose(m.Move)
		}
	case CmdEnter:
		r.enter(m.Move)
	case CmdSuggest:
		r.suggest()
	case CmdSuggestion:
		r.suggestion(m)
	case CmdHints:
		r.cfg.Hints = m.On
		r.version++
	case CmdAIResult:
		r.aiResult(m)
	default:
		r.emit(Event{Kind: Warning, Text: fmt.Sprintf("unknown command %d", m.Kind)})
	}
	return r.events
}

func (r *Referee) commandTakeback() {
	n := len(r.history)
	switch {
	case n == 0:
		r.emit(Event{Kind: Warning, Text: "nothing to take back"})
		return
	case r.gameOver:
		r.emit(Event{Kind: Warning, Text: "the game is over: start a new one"})
		return
	}
	defer func() { r.sync = true }() // the board must show the earlier position again
	// Against an AI, go back to the last position where a human was to move.
	k := 1
	for k < n && r.sidesAt(n-k) == AI {
		k++
	}
	if r.sidesAt(n-k) == AI {
		k = 1
	}
	r.takeBack(k, "takeback")
}

// sidesAt returns who was to move before move i of the history.
func (r *Referee) sidesAt(i int) Side {
	back := len(r.history) - i
	for range back {
		r.state.Undo()
	}
	side := r.sides[r.state.Turn()]
	for j := i; j < len(r.history); j++ {
		r.state.Play(r.history[j])
	}
	return side
}

func (r *Referee) aiResult(m Message) {
	if !r.thinking || m.Version != uint64(r.state.Ply()) {
		r.stats.StaleMessages++
		r.emit(Event{Kind: Warning, Text: "AI result for an earlier position dropped"})
		return
	}
	if err := r.state.Validate(m.Move); err != nil {
		r.emit(Event{Kind: Warning, Text: fmt.Sprintf("AI move refused: %v", err)})
		return
	}
	r.thinking = false
	r.aiMove = m.Move
	if r.kind == hw.Presence {
		r.pending = 0 // the next move has begun: discs turned unseen are taken as turned
	}
	r.state.Play(m.Move)
	r.afterAI = Project(r.state, r.kind)
	r.state.Undo()
	r.dirty = true
	r.emit(Event{Kind: AIMove, Move: m.Move, Text: r.cfg.Rules.FormatMove(m.Move)})
}

// resume starts a game from its recorded moves (after a crash or a power cut): the board
// must then show the position, and the lights say what to fix until it does.
func (r *Referee) resume(m Message) {
	if err := r.resumeGame(m.Rules, m.Sides, m.Moves); err != nil {
		r.emit(Event{Kind: Warning, Text: err.Error()})
	}
}

func (r *Referee) resumeGame(rules engine.Rules, sides []Side, moves []engine.Move) error {
	if rules == nil {
		return fmt.Errorf("resume: no game given")
	}
	if err := r.cfg.Layout.Fits(rules.Geometry()); err != nil {
		return fmt.Errorf("resume %s: %w", rules.ID(), err)
	}
	s := rules.Start()
	for i, mv := range moves {
		if err := s.Validate(mv); err != nil {
			return fmt.Errorf("resume: move %d: %w", i+1, err)
		}
		s.Play(mv)
	}
	r.start(rules, sides, r.now)
	for _, mv := range moves {
		r.state.Play(mv)
		r.history = append(r.history, mv)
	}
	if n := len(moves); n > 0 {
		last := moves[n-1]
		r.state.Undo()
		f := r.state.Footprint(last)
		r.state.Play(last)
		r.lastMove, r.lastFrom, r.lastTo = last, f.Emptied|f.Touched, f.Filled|f.Replaced
	}
	r.events = r.events[:0] // start's NewGame and Think were for the empty game
	r.positionChanged()
	r.emit(Event{Kind: NewGame, Text: fmt.Sprintf("%s resumed after %d moves", rules.Name(), len(moves))})
	r.next()
	return nil
}

// Retract takes back the last n moves because they could not be recorded, and says why:
// unlike a takeback, it is no player's doing, and the board must be put back as lit. It
// returns the events it caused (valid until the next call).
func (r *Referee) Retract(n int, why string) []Event {
	r.begin()
	if n > len(r.history) {
		n = len(r.history)
	}
	for range n {
		r.state.Undo()
	}
	r.history = r.history[:len(r.history)-n]
	r.thinking, r.aiMove, r.pending = false, 0, 0
	r.lastMove, r.lastFrom, r.lastTo = 0, 0, 0
	r.positionChanged()
	r.sync = true // the board must show the position again: playing the move once more retries
	r.emit(Event{Kind: Warning, Text: why})
	r.next()
	return r.events
}

func sign(n int) int {
	switch {
	case n > 0:
		return 1
	case n < 0:
		return -1
	}
	return 0
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
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
		r.gutterIn&(1<<exitEdge(r.cfg.Rules.Geometry(), f)) != 0
}

// pairWork is pushWork of the AI's push f on the work before k, in a pair with a reply: a
// piece in a gutter along another edge may be the reply's.
func (r *Referee) pairWork(f engine.Footprint, k int) fit {
	r.gutterOK = ^r.outBit(f)
	defer func() { r.gutterOK = 0 }()
	return r.pushWork(f, 0, k)
}

// outBit returns the gutterIn bit of the edge push f puts a piece off, or 0.
func (r *Referee) outBit(f engine.Footprint) uint8 {
	if f.Line == 0 || f.Exit == engine.NoSquare || f.To == engine.Nowhere {
		return 0
	}
	return 1 << exitEdge(r.cfg.Rules.Geometry(), f)
}

// diffAfter returns the squares where the settled board differs from after, the board of a
// move made (an option asked, the AI's move), but for discs that move flipped and that still
// read as before: flips may be turned late.
func (r *Referee) diffAfter(after *Board, flipped engine.Bitboard) engine.Bitboard {
	var diff engine.Bitboard
	for sq := engine.Square(0); int(sq) < r.size; sq++ {
		if r.board[sq] != after[sq] && !(flipped.Has(sq) && r.board[sq] == r.expected[sq]) {
			diff |= engine.Bit(sq)
		}
	}
	return diff
}

// PushPath returns the squares of push f's line in the order a hand's hole travels along
// it: from the far end (Exit, or the square a chain moves into) to Entry.
func PushPath(g *engine.Geometry, f engine.Footprint) []engine.Square {
	var path []engine.Square
	for b := f.Line; b != 0; {
		path = append(path, b.Pop())
	}
	dist := func(s engine.Square) int {
		return max(abs(g.File(s)-g.File(f.Entry)), abs(g.Rank(s)-g.Rank(f.Entry)))
	}
	slices.SortFunc(path, func(a, b engine.Square) int { return dist(b) - dist(a) })
	return path
}
