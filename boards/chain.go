package boards

// A reading of several moves: the moves of the people after the first, each matched to the
// hand's work in the order it was done (secondFits), within a budget.

import (
	"slices"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/hw"
)

// chainMoves is the most moves read in one reading: players who go on quickly, each
// before the last move was committed (a placement waits for the settle window).
const chainMoves = 12

// chainBudget bounds the readings weighed in one search (a Quarto board after a few quick
// placements has thousands): past it, none is taken.
const chainBudget = 10000

// chainSearch is the state of one search for several moves.
type chainSearch struct {
	nodes  int  // readings weighed (chainBudget)
	cut    bool // cut short: the budget spent, or moves alike skipped past a quarter of it
	deep   bool // a reading ran past the moves it may hold (more): not disproved
	prefix bool // a reading past the moves it may hold, each begun, fits (firstSeen)
}

// chainFit is how the rest of a reading fits after its first move (secondFits).
type chainFit struct {
	ok     bool            // the rest fits: moves seen whole, the last perhaps on its way
	done   bool            // the last seen whole too
	rack   bool            // the rack shows them too, where the board has one
	moves  int             // the moves of the rest
	covers engine.Bitboard // the squares they act on or pass over
	unsure bool            // read only past a move made and taken back between two of its moves: asked, never taken
}

// secondFits reports how move b, after the first move (r.state is the position after it,
// whose projection is after), fits the board and the work from k on: seen whole (done), or
// on its way (the board differs from after only where b acts, and the hands have been at
// work since k); or, up to more further moves, followed by moves of people that do. With
// first, any reading seen whole will do: the search stops at the first found, and tries
// first the moves read past a move taken back (waver hands undo tries often).
func (r *Referee) secondFits(b engine.Move, fb engine.Footprint, k int, diff engine.Bitboard, after *Board, flipped engine.Bitboard, more int, after0 uint32, first bool) chainFit {
	if r.search.nodes++; r.search.nodes > chainBudget {
		r.search.cut = true
		return chainFit{} // too many readings to weigh: none is taken (a mismatch, or a question)
	}
	acts := fb.Emptied | fb.Filled | fb.Replaced | fb.Flipped | fb.Touched | fb.Line
	if diff&^acts != 0 && fb.Line == 0 && (fb.Emptied|fb.Filled|fb.Replaced|fb.Flipped)&diff == 0 && !r.takenOn(fb, k) {
		// b changes nothing the board shows changed (a push is seen by its work), nor put
		// down a piece a later move took on (f1-f5, f4, d6, f4-e4: f4 reads as before).
		return chainFit{}
	}
	if diff&^acts != 0 && !r.worked(fb) {
		return chainFit{} // not done (a square of it never changed), nor all that is left
	}
	if diff&^acts != 0 && fb.Line == 0 && fb.Touched&^r.ev.lifted&^r.readChanged(fb, diff) != 0 {
		return chainFit{} // neither done (a square of it never lifted) nor all that is left
	}
	start := r.startScan(fb, k, after0)
	if start == ^uint32(0) && after0 > 0 && (r.startScan(fb, k, 0) != start || fb.Emptied|fb.Filled|fb.Replaced|fb.Touched|fb.Line != 0) {
		return chainFit{} // begun no later than the move before it (not in order), or never seen begun
	}
	if r.snatched(fb, k, start) {
		return chainFit{} // its piece taken up from under the hand that put it down
	}
	if fb.Line == 0 && r.takenUpBefore(fb.Emptied, k) {
		return chainFit{} // its piece taken up for good before the moves before it were done
	}
	own := r.own(fb)
	if fb.Line != 0 && fb.Exit == engine.NoSquare && k < len(r.ev.work) {
		own |= lineBeyond(r.cfg.Rules.Geometry(), fb) & brief(r.ev.work[k:]) // (a marble overshot past the chain: pushFit)
	}
	covers := own
	if fb.Line == 0 {
		covers |= r.overshot(own, len(r.ev.work)) // (its hand overshooting: e4-d4 on to c4 and back)
	}
	late := r.carriedLate(fb, k) || r.leftOnTheWay(fb, k, len(r.ev.work))
	fit := r.fits(b, k, 0, diff, after)
	if late {
		return chainFit{} // its piece put down before it was taken up: another piece
	}
	var begun chainFit
	switch {
	case fit == fitFull || fit == fitBoard:
		return chainFit{ok: true, done: true, rack: fit == fitFull, moves: 1, covers: covers}
	case fit == fitPartial:
		// A push the rest of the work fits in part may be one seen whole followed by more
		// moves (e1-a1, then d1-e1 on its line): that reading is looked for too.
		begun = chainFit{ok: true, moves: 1, covers: covers}
		r.search.deep = r.search.deep || more <= 0 && fb.Line != 0 && r.workedAll(diff, k)
		if more <= 0 || fb.Line == 0 {
			return begun
		}
	case k >= len(r.ev.work):
		return chainFit{}
	case diff&^acts == 0 && start != ^uint32(0) && (fb.Line == 0 || r.onLine(own, k)):
		// Begun (the hands at work on its squares), a push's on its line alone (or a marble
		// overshooting past its chain, set down and taken up at once); or, where a
		// square it empties holds a piece again, done and followed by a move that put one
		// there (d2-c2, then a drop on d2), or a push followed by pushes on its own line
		// (b1-b5 twice): that reading, seen whole, is looked for too.
		begun = chainFit{ok: true, moves: 1, covers: own}
		if more <= 0 || fb.Line == 0 && !r.refilled(fb.Emptied) {
			r.search.deep = r.search.deep || more <= 0 && (fb.Line != 0 || r.refilled(fb.Emptied)) && r.workedAll(diff, k)
			return begun
		}
	case fb.Line == 0 && ((fb.Emptied|fb.Filled|fb.Replaced)&diff == 0 && !r.takenOn(fb, k) || fb.Touched&^r.ev.lifted != 0):
		return chainFit{}
	case more <= 0:
		// b begun, and the board differing only where the hands worked since: more moves
		// may follow than the reading may hold, so it is not disproved (search.deep).
		// Where the first moves of a reading will do (firstSeen), b fits, asked only,
		// the work from k left to the moves after it.
		if start == ^uint32(0) || !r.workedAll(diff, k) {
			return chainFit{}
		}
		r.search.deep = true
		if r.search.prefix {
			return chainFit{ok: true, moves: 1, covers: own | r.workedFrom(k), unsure: true}
		}
		return chainFit{}
	}
	// Where the next move's work begins: for a push, once its entry is filled with its work
	// seen whole (it may be followed by another push, seen only by its work); else with b's.
	starts := append(r.tmp.chainStarts[more][:0], k)
	if fb.Line != 0 {
		starts = starts[:0]
		for k2 := k + 1; k2 < len(r.ev.work); k2++ {
			if r.pushEndsAt(fb, k, k2) {
				starts = append(starts, k2)
			}
		}
	}
	r.tmp.chainStarts[more] = starts
	if len(starts) == 0 {
		return begun
	}
	s := r.state
	s.Play(b)
	defer s.Undo()
	if s.Outcome().Over || r.sides[s.Turn()] != Human {
		return begun
	}
	next := Project(s, r.kind)
	if r.keptOther(fb.Filled, k, &next) {
		return begun
	}
	// (The discs of every move before may be turned late; not one b takes away: c6-d7
	// turning e7, then e7-e6 and a drop on e7, which is no disc unturned.)
	flipped = flipped&^(fb.Emptied|fb.Replaced) | fb.Flipped
	diff2 := r.diffAfter(&next, flipped)
	if diff2 == 0 && fb.Line == 0 {
		return begun
	}
	// Moves that act on the same squares read alike here: one of each is tried where its
	// reading is done (the next where it is not), and the fewest moves that account for
	// the reading win.
	tried := r.tmp.chainTried[more][:0]
	var cut []moveKey // (keys tried once only, past a quarter of the budget, the one tried failing past its own work)
	var best chainFit
	var bestC engine.Footprint
	var rivals refillRivals
	// The next move begins with the first work since b began that b and the discs of the
	// moves before do not explain: only moves acting on its squares are weighed.
	// Or, where that work is a move made and taken back, with the work after it: such a
	// reading is only asked.
	var nextSqs, pastSqs, skipped engine.Bitboard
	var pastScan uint32
	if fb.Line == 0 && start != ^uint32(0) {
		nextSqs, pastSqs, skipped, pastScan = r.nextWork(k, start, fb, own, flipped)
		if nextSqs != 0 {
			nextSqs |= r.refilledQuickly(k, start, own, nextSqs, &next)
		}
	}
	r.tmp.chainMoves[more] = s.Legal(r.tmp.chainMoves[more][:0])
	if first && pastSqs != 0 {
		// (Those read past the move taken back first, in their order.)
		ms := r.tmp.chainMoves[more]
		past := make([]engine.Move, 0, len(ms))
		rest := slices.DeleteFunc(ms, func(m engine.Move) bool {
			own := r.own(s.Footprint(m))
			if own&nextSqs == 0 && own&pastSqs != 0 {
				past = append(past, m)
				return true
			}
			return false
		})
		r.tmp.chainMoves[more] = append(past, rest...)
	}
	for _, c := range r.tmp.chainMoves[more] {
		fc := s.Footprint(c)
		past := false
		if nextSqs != 0 && fc.Line == 0 && r.own(fc)&nextSqs == 0 {
			if r.own(fc)&pastSqs == 0 {
				continue
			}
			past = true
		}
		if rest := diff2 &^ (fc.Emptied | fc.Filled | fc.Replaced | fc.Flipped | fc.Touched | fc.Line); rest != 0 &&
			(fc.Line == 0 && (fc.Emptied|fc.Filled|fc.Replaced|fc.Flipped)&diff2 == 0 && !r.takenOn(fc, k) || fc.Line == 0 && fc.Touched&^r.ev.lifted != 0 || !r.worked(fc)) {
			// Changes nothing the board shows changed (a push is seen by its work), nor put
			// down a piece a later move took on (b2, then b2-b3); or never lifted and not all
			// that is left.
			continue
		}
		if diff2 == 0 && fc.Line == 0 {
			continue // (the board as after b: only a push, seen by its work, may follow)
		}
		key := r.readKey(fc)
		if slices.Contains(tried, key) {
			if slices.Contains(cut, key) {
				r.search.cut = true // (an alike move failed past a quarter of the budget: this one may not)
			}
			continue
		}
		// (Of moves alike, the next is tried where one fails or its reading is not seen
		// done: Quantik's shapes, alike on polarity sensors, differ in what may follow
		// them, and so do Quixo for four's dots.)
		after := start
		if past {
			after = max(start, pastScan-1) // (c begins past the move taken back: g7 put down after e7-g7 undone)
		}
		nodes := r.search.nodes
		for _, kc := range starts {
			if f := r.secondFits(c, fc, kc, diff2, &next, flipped, more-1, after, first); f.ok {
				if past {
					f.unsure, f.covers = true, f.covers|skipped // (the move taken back: nobody's)
				}
				if f.done {
					tried = append(tried, key) // (one not seen done may be, alike, where the next follows: Quixo's dots)
				}
				if f.better(best) {
					best, bestC = f, fc
				}
				rivals.note(fc, f)
				break
			}
		}
		if first && best.done {
			break
		}
		if r.search.nodes > chainBudget/4 && !slices.Contains(tried, key) {
			// Past a quarter of the budget, moves alike are not tried again: every
			// handed-over Quarto piece reads alike on presence sensors, and a chain of
			// five placements would weigh them all at every depth. (Where the one tried
			// was weighed past its own work, the moves after it, which alike moves may
			// change, the search is cut short: search.cut.)
			tried = append(tried, key)
			if r.search.nodes-nodes > len(starts) {
				cut = append(cut, key)
			}
		}
	}
	r.tmp.chainTried[more] = tried
	if !best.ok || begun.ok && !best.done {
		return begun
	}
	best.unsure = best.unsure || r.kind == hw.Presence && rivals.drop(bestC)
	best.moves++
	best.covers |= covers // (b's hand overshooting too: e5-d5 on to c5 and back, then more moves)
	return best
}

// firstSeenMoves is the most moves read to tell the first of more than a search can read
// (firstSeen): the first, and the next ones begun in order after it.
const firstSeenMoves = 4

// firstSeen sets the verdict to ask the first moves of the readings of the work's first
// few moves (firstSeenMoves, the last begun), where no reading of the whole work was found:
// more moves made than a reading holds (chainMoves), or than its budget weighs, or one of
// them read wrong. Players who went on for a dozen moves with a question open, then
// answered it, made legal moves: the first is asked, never taken, and once answered the
// rest is read from its split, or asked so again. Only first moves whose answer would be
// taken are asked (followedBy: the rest read, or more than a reading holds); where none
// is, all are, the answer taken on the players' word while the board stays as asked
// (question.unread: a hand that took a move back near the next leaves no reading of the
// moves after). With none found, or where even a reading of two moves runs past the
// budget (a first move may be missing), it reports false, and the board is a mismatch.
func (r *Referee) firstSeen() bool {
	// (Past the budget, fewer moves are read: 3, then 2, the first and the next begun.)
	var found []pairFit
	most := firstSeenMoves
	for r.search.prefix = true; most >= 2; most-- {
		if found = r.pairsWithin(false, most); r.search.nodes <= chainBudget {
			break
		}
	}
	r.search.prefix = false
	if most < 2 {
		return false
	}
	r.v.moves, r.v.splits = r.v.moves[:0], r.v.splits[:0]
	for _, p := range found {
		if 1+p.moves >= most {
			r.addOption(p.a, p.split)
		}
	}
	// (Weighed as the open question's options are when answered.)
	saved, from := r.asked, len(r.ev.work)
	for _, k := range r.v.splits {
		from = min(from, k)
	}
	r.asked = question{moves: slices.Clone(r.v.moves), splits: slices.Clone(r.v.splits), work: from, at: len(r.ev.work)}
	var moves []engine.Move
	var splits []int
	for i, m := range r.asked.moves {
		if r.followedBy(i) {
			moves, splits = append(moves, m), append(splits, r.asked.splits[i])
		}
	}
	r.asked = saved
	switch {
	case len(moves) > 0:
		r.v.moves, r.v.splits = append(r.v.moves[:0], moves...), append(r.v.splits[:0], splits...)
	case len(r.v.moves) > 0:
		// None whose moves after were read (a hand that hesitates, takes a move back near
		// the next, more than the search reads): all are asked, and the answer is the
		// players' word while the board stays as asked. A mismatch would tell them to undo
		// legal moves.
		r.v.unread = true
	default:
		return false
	}
	r.v.kind, r.v.askFrom, r.v.firmNext, r.v.firstOf = matchMany, slices.Min(r.v.splits), true, true
	return true
}

// matchUnread keeps firstSeen's question about first moves none of whose moves after was
// read open while the board stays as asked, or is set back so (a tap answering it, a piece
// touched), or lacks pieces held up for less than the grace period: the answer is then
// the players' word (choose), once the board is as asked. It reports whether it did. A
// piece put down on a square empty when asked, there when the board rests, or a board
// otherwise changed for the grace period (a capture made), closes the question, and the
// board is read again; until then it is looked at again on each frame.
func (r *Referee) matchUnread() bool {
	if !r.asked.unread || r.asked.moves == nil {
		return false
	}
	if !r.asAsked() {
		if r.Settled() && (r.board.occupied()&^r.asked.board.occupied() != 0 || r.now.Sub(r.last) >= r.cfg.Grace) {
			r.asked.moves, r.asked.unread = nil, false
			r.version++
			return false
		}
		r.dirty = true
	}
	r.v.moves, r.v.kind = append(r.v.moves[:0], r.asked.moves...), matchMany
	return true
}

// asAsked reports whether the board reads as it did when the open question was asked:
// pieces put back where they were, or none touched. (On sensors that read the pieces, two
// swapped are no board as asked.)
func (r *Referee) asAsked() bool {
	return r.board == r.asked.board
}

// workedAll reports whether every square where the board differs from the position (diff)
// was worked on from work[k] on, or glimpsed, or, on sensors that read the pieces, holds
// one whose reading changed unlifted (marbles rolled along as one, a capture swapped
// between two scans): the moves after k may account for it.
func (r *Referee) workedAll(diff engine.Bitboard, k int) bool {
	rest := diff &^ (r.workedFrom(k) | r.ev.glimpsed)
	for b := rest; b != 0 && r.kind != hw.Presence; {
		if sq := b.Pop(); r.board[sq] != 0 {
			rest &^= engine.Bit(sq)
		}
	}
	return rest == 0
}

// nextWork returns the squares of the first work from k on, in scan start or later, that
// move f (acting on own) and the discs still to turn (flipped) do not explain, with the
// others of its scan (changes seen in one scan have no order); none if there is no such
// work. f explains its lifts where it empties (a piece put back there and lifted again
// too), its pieces put down where it fills (one lifted and put back too), a piece passing
// over a square of its way, and any work where it turns or takes a piece.
//
// past is the same for the work after the first that leaves every square it worked as it
// was (a move made and taken back, or a piece touched, between f and the next move), where
// there is such work after it; else none. skipped holds the squares of that work, pastScan
// the scan where past's begins.
func (r *Referee) nextWork(k int, start uint32, f engine.Footprint, own, flipped engine.Bitboard) (sqs, past, skipped engine.Bitboard, pastScan uint32) {
	way := own &^ (f.Emptied | f.Filled | f.Replaced | f.Touched | f.Flipped)
	scan := uint32(0)
	first, pastAt := 0, 0
	var odd, pastOdd engine.Bitboard // (the squares the unexplained work, and past's, has left changed)
	restoredAt := false
	ws := r.ev.work[min(k, len(r.ev.work)):]
	passed := brief(ws) &^ own
	// (Around where a carried piece went, once it left: its hand overshooting. A drop
	// overshoots nothing: f3-f1 over f2 is no drop on f1 overshot to f2.)
	var near engine.Bitboard
	left := -1
	if from, dest, ok := carried(f); ok && f.Line == 0 {
		near = r.cfg.Rules.Geometry().Adjacent8(dest) &^ own
		left = slices.IndexFunc(ws, func(w work) bool { return w.is(from, false) && w.scan >= start })
	}
	for i, w := range ws {
		explained := false
		switch {
		case w.scan < start || passed.Has(w.sq):
			explained = true
		case near.Has(w.sq) && left >= 0 && pairedBrief(ws, i, left):
			// (Its hand overshooting and back, its piece put down on an empty square next
			// to where it goes and taken off at once, though the square is filled later by
			// another move: f5-f4 on to f3 and back, then g4-f3. A disc lifted and put back
			// there is turned, for a move after it.)
			explained = true
		case f.Emptied.Has(w.sq) || way.Has(w.sq):
			// (A piece put down where f's was or on its way, its own piece down where it
			// goes, and left there a while: another piece, though lifted later. a2-a3, then
			// a drop on a2, slid away later; d3-b3, then a drop on c3, turned later.)
			explained = !w.on || laterAt(ws, i, false) && !(downAt(ws[:i], f.Filled) && restedAt(ws, i))
		case f.Filled.Has(w.sq):
			explained = w.on || laterAt(ws, i, true)
		default:
			explained = (flipped | f.Flipped | f.Replaced | f.Touched).Has(w.sq)
		}
		switch {
		case explained:
			continue
		case sqs == 0:
			sqs, scan, first = engine.Bit(w.sq), w.scan, i
		case w.scan == scan:
			sqs |= engine.Bit(w.sq)
		case !restoredAt:
		case past == 0 && sqs.Has(w.sq):
			// (Its squares worked again: the move taken back goes on, f4 lifted and put
			// back, then f4-f5 made and taken back.)
		case past == 0:
			past, pastScan, pastAt = engine.Bit(w.sq), w.scan, i
		case past != 0 && w.scan == pastScan:
			past |= engine.Bit(w.sq)
		case past.Has(w.sq) && pastOdd^engine.Bit(w.sq) == 0:
			// (That work too leaves its squares as they were, a piece touched again:
			// g5-f4 and a drop on g5, f4 touched, then d2, then b7-a7. The move past
			// it is the one weighed.)
			past, pastOdd = 0, 0
			continue
		default:
			return sqs, past, r.skippedIn(ws, first, pastAt, past, own), pastScan
		}
		if past == 0 {
			odd ^= engine.Bit(w.sq)
			restoredAt = odd == 0 && (i+1 == len(ws) || ws[i+1].scan != w.scan)
		} else {
			pastOdd ^= engine.Bit(w.sq)
		}
	}
	return sqs, past, r.skippedIn(ws, first, pastAt, past, own), pastScan
}

// refilledQuickly returns the squares empty after move b in the reading (next), a move
// before it having emptied them, filled again since b began within handOff of their lift,
// with a piece come down to stay on another square in between (another move's, or the
// slide's own landing), and full now; only such work before the work on next (where
// nextWork finds the next move begins). nextWork reads it as a fumble (brief); it may be a
// stone put down where one was slid from an instant before (b2-b3, a1, then b2 at once:
// blitz Quad Wrangle 5183). The next move may begin there too. (A disc turned has nothing
// between; a piece tried on a square beside and brought back, no piece that stays.)
func (r *Referee) refilledQuickly(k int, start uint32, own, next engine.Bitboard, after *Board) engine.Bitboard {
	ws := r.ev.work[min(k, len(r.ev.work)):]
	cands := brief(ws) & r.board.occupied() &^ own &^ after.occupied()
	if cands == 0 {
		return 0
	}
	var out engine.Bitboard
	for i, w := range ws {
		switch {
		case w.scan < start || !w.on || !cands.Has(w.sq):
			if next.Has(w.sq) && w.scan >= start {
				return out
			}
			continue
		}
		if lift := lastAt(ws[:i], w.sq, false); lift >= 0 {
			if between := ws[lift+1 : i]; downAt(between, squaresOf(between)&^engine.Bit(w.sq)) {
				out |= engine.Bit(w.sq)
			}
		}
	}
	return out
}

// skippedIn returns the squares of ws[from:to] off own, where past is found: the move taken
// back that nextWork skips, the squares its hand passed over too.
func (r *Referee) skippedIn(ws []work, from, to int, past, own engine.Bitboard) engine.Bitboard {
	if past == 0 {
		return 0
	}
	return squaresOf(ws[from:to]) &^ own
}

// pairedBrief reports whether ws[i] is one of a pair of work on its square, the pairs taken
// in their order there from the first, that is a piece put down and taken off again within
// handOff, the pair begun after ws[after].
func pairedBrief(ws []work, i, after int) bool {
	a, n := i, 0 // (a: where ws[i]'s pair begins)
	for j, w := range ws[:i] {
		if w.sq == ws[i].sq {
			a, n = j, n+1
		}
	}
	b := i
	if n%2 == 0 {
		if a, b = i, nextAt(ws, i); b < 0 {
			return false
		}
	}
	return a > after && ws[a].on && !ws[b].on && ws[b].at.Sub(ws[a].at) < handOff
}

// brief returns the squares whose work in ws is only pieces put down and taken off again,
// or taken off and put back, each within handOff: a hand passing over or overshooting a
// square, or fumbling a piece. The square ends as it began, and no other person's hand
// could have taken the piece over so soon: such work begins no move.
func brief(ws []work) engine.Bitboard {
	var open, bad engine.Bitboard // open: a pair begun and not ended
	var worked engine.Bitboard
	var begun [64]work
	for _, w := range ws {
		b := engine.Bit(w.sq)
		worked |= b
		switch {
		case !open.Has(w.sq):
			open |= b
			begun[w.sq] = w
		case w.on == begun[w.sq].on || w.at.Sub(begun[w.sq].at) >= handOff:
			bad |= b
		default:
			open &^= b
		}
	}
	return worked &^ open &^ bad
}

// snatched reports whether move f, made from work[k] on (its own work from scan start),
// turns over, on presence sensors, a disc that a move before it in the reading put down
// (its square empty at the last commit), taking it up less than handOff after it came
// down: no other person's hand turns a piece so soon, while the hand that put it down is
// still on it: that hand went on with it (e1-e5 read from e1-e6 slid on). A disc taken up
// and put straight back, nothing done in between, was turned, whoever's hand it was (d3-c3,
// a drop on d3 at once turning c3). (A pawn taken on at once is read:
// TestReview28bXeQueoSamePawnQuickReply.) Not where the AI plays: a person carries out its
// move and makes the reply, one hand.
func (r *Referee) snatched(f engine.Footprint, k int, start uint32) bool {
	if r.kind != hw.Presence || slices.Contains(r.sides, AI) || k >= len(r.ev.work) {
		return false
	}
	ws := r.ev.work
	begin := -1 // (where f's own work begins, at scan start)
	if start != ^uint32(0) {
		begin = fromScan(ws, start)
	}
	for b := f.Flipped &^ r.expected.occupied(); b != 0; {
		sq := b.Pop()
		// The disc's last landing before f began, and its next lift: the turn. A lift
		// before that landing (the hand that put it overshooting and coming back) is the
		// earlier move's. Where f is not seen begun, or the disc came down only since:
		// the first lift from k on.
		from := k
		if begin >= 0 {
			if down := lastAt(ws[:begin], sq, true); down >= 0 {
				from = down + 1
			}
		}
		i := slices.IndexFunc(ws[from:], func(w work) bool { return w.is(sq, false) })
		if i < 0 {
			continue
		}
		// (The work on a square alternates: the last put before the lift is the work there
		// just before it.)
		lift := from + i
		if down := lastAt(ws[:lift], sq, true); down >= 0 && ws[lift].at.Sub(ws[down].at) < handOff && !turnedAt(ws, lift) {
			return true
		}
	}
	return false
}

// refilled reports whether a square of sqs, seen emptied in the work, reads a piece now.
func (r *Referee) refilled(sqs engine.Bitboard) bool {
	for b := sqs & r.tmp.workOff; b != 0; {
		if r.board[b.Pop()] != 0 {
			return true
		}
	}
	return false
}

// keptOther reports whether a square b fills, after which the board is next, reads another
// piece than b puts there (identity sensors; not the same piece turned over) and no lift was
// seen there since k: no later move took b's piece up, so no chain that begins with b
// explains it. (Without this, a Quarto piece handed over wrongly is followed by every
// placement after it before the chain fails.)
func (r *Referee) keptOther(filled engine.Bitboard, k int, next *Board) bool {
	if r.kind != hw.Identity {
		return false
	}
	for b := filled &^ r.ev.glimpsed; b != 0; {
		sq := b.Pop()
		got, want := engine.Piece(r.board[sq]), engine.Piece(next[sq])
		if got == engine.Empty || want == engine.Empty || got.Identity() == want.Identity() {
			continue
		}
		if !slices.ContainsFunc(r.ev.work[min(k, len(r.ev.work)):], func(w work) bool { return w.is(sq, false) }) {
			return true
		}
	}
	return false
}

// better reports whether f is a better reading than g: seen whole, shown by the rack, with
// fewer moves, then sure (no move taken back skipped) where g is unsure. (A sure reading of
// more moves that leaves the move taken back as stray work fails where the unsure one is
// asked: seed 211.)
func (f chainFit) better(g chainFit) bool {
	switch {
	case !g.ok:
		return true
	case f.done != g.done:
		return f.done
	case f.rack != g.rack:
		return f.rack
	case f.moves != g.moves:
		return f.moves < g.moves
	}
	return !f.unsure && g.unsure
}

// own returns the squares move f acts on, those its piece passes over on a straight way
// from the square it empties to the one it fills, and those it may be set down on on its way
// (f.Via: Xe Queo!'s hops).
func (r *Referee) own(f engine.Footprint) engine.Bitboard {
	own := f.Emptied | f.Filled | f.Replaced | f.Touched | f.Flipped | f.Line | f.Via
	if f.Emptied != 0 && f.Filled|f.Replaced != 0 {
		for way := between(r.cfg.Rules.Geometry(), f.Emptied.First(), (f.Filled | f.Replaced).First()); way != 0; {
			if sq := way.Pop(); r.state.PieceAt(sq) == engine.Empty {
				own |= engine.Bit(sq) // (a pawn jumped over stays put: work there is another move's)
			}
		}
	}
	return own
}

// startScan returns the scan of the hand's first work from work[k] on, in a scan later than
// after, on a square move f acts on (a lift where it lifts, a piece put down where it fills
// and left there: the square it fills may have been emptied by the move before, or passed
// over), or the largest scan if none. (A square may be worked by a move before f: e4-d4,
// f4-e4, then e4-d5 lifts e4 again.)
func (r *Referee) startScan(f engine.Footprint, k int, after uint32) uint32 {
	lifts := f.Emptied | f.Replaced | f.Touched | f.Line
	puts := f.Filled | f.Replaced | f.Line
	ws := r.ev.work[min(k, len(r.ev.work)):]
	left := slices.IndexFunc(ws, func(w work) bool { return w.scan > after && !w.on && f.Emptied.Has(w.sq) })
	var turned engine.Bitboard
	taken := (f.Replaced | f.Touched) &^ f.Emptied // (the stones it takes or touches)
	for i, w := range ws {
		if w.scan <= after {
			continue
		}
		if w.on && f.Line == 0 && f.Filled.Has(w.sq) && wentOn(ws, i) && !r.farBetween(ws, i) {
			continue // a piece that went on (a slide passing over the square): not the one put
		}
		if i < left && taken.Has(w.sq) && (turned.Has(w.sq) || !w.on && lastAt(ws[i+1:left], w.sq, true) >= 0) {
			// A stone it takes lifted and put back before its capturer left: turned for
			// the move before, or fumbled (h6xh5 turning g5, then f6xg5 swapped unseen).
			turned ^= engine.Bit(w.sq)
			continue
		}
		if !w.on && lifts.Has(w.sq) || w.on && puts.Has(w.sq) {
			return w.scan
		}
	}
	return ^uint32(0)
}

// takenUpBefore reports whether a square of sqs was last emptied before work[k], where
// the rest begins, and not filled since: a move of the rest whose piece left for good
// before the first move was done is not that move (b2 taken up, then c4-c5 and e4-d5, is
// never c4-c5, e4-d5, then b2-d4: the player after next would have begun first).
func (r *Referee) takenUpBefore(sqs engine.Bitboard, k int) bool {
	for b := sqs; b != 0; {
		sq := b.Pop()
		if i := lastAt(r.ev.work, sq, false); i >= 0 && i < k && lastAt(r.ev.work, sq, true) < i {
			return true
		}
	}
	return false
}

// inLine reports whether squares a and b share a row, a column or a diagonal (or are one
// square): a slide could go from one to the other.
func inLine(g *engine.Geometry, a, b engine.Square) bool {
	df, dr := g.File(b)-g.File(a), g.Rank(b)-g.Rank(a)
	return df == 0 || dr == 0 || abs(df) == abs(dr)
}

// between returns the squares strictly between a and b on a row, column or diagonal, or
// none if they share none.
func between(g *engine.Geometry, a, b engine.Square) engine.Bitboard {
	df, dr := g.File(b)-g.File(a), g.Rank(b)-g.Rank(a)
	if df != 0 && dr != 0 && abs(df) != abs(dr) {
		return 0
	}
	var out engine.Bitboard
	for f, r := g.File(a)+sign(df), g.Rank(a)+sign(dr); f != g.File(b) || r != g.Rank(b); f, r = f+sign(df), r+sign(dr) {
		out |= engine.Bit(g.Square(f, r))
	}
	return out
}

// refillRivals notes, as the moves that may come next in a reading are weighed, the squares
// slides seen whole end on. On presence sensors a drop there, a disc beside it lifted and
// put back as turned, reads as that disc slid there and the next player's drop where it
// left (f3 turning e2, or e2-f3 and e2): a reading that takes the drop for fewer moves is
// only asked.
type refillRivals engine.Bitboard

func (v *refillRivals) note(f engine.Footprint, fit chainFit) {
	if _, to, ok := carried(f); ok && fit.done {
		*v |= refillRivals(engine.Bit(to))
	}
}

// drop reports whether f is a drop on a square a slide seen whole ends on.
func (v refillRivals) drop(f engine.Footprint) bool {
	return f.Line == 0 && f.Emptied == 0 && f.Filled != 0 && engine.Bitboard(v)&f.Filled != 0
}
