package boards

import (
	"slices"
	"time"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/hw"
)

// Two moves in one reading: the next player began before the last move was committed (it
// waited for the settle window, or its push for the board to rest). The work since the last
// commit is split into a first move a, seen whole, and a second move b of the next player,
// made after it (done, or on its way). a is committed, and the work from the split on is
// kept as the evidence for b, which is matched as any move is. Where the work splits so for
// several first moves, they are asked; a question about a is answered as usual, and b is
// then read from the board (answeredByReply).

// pairFit is one way the work splits into a first move and the rest.
type pairFit struct {
	a        engine.Move
	split    int        // where in work the rest's work begins
	partial  bool       // a is a push seen only in part (partialSplit): asked, never taken
	doubted  bool       // a itself is in doubt (its work left unexplained, a piece left on its way): a reply after it is no evidence for it
	front    bool       // kept by fewest only as leaving fewer lifts unexplained than shorter readings: it crowds out none (earliest)
	refills  bool       // a slide whose rest refills the square it left, beside a shorter reading with that square's piece fumbled (refillRival): kept by earliest
	rival    swapOption // a slide further along a's way, with a drop, that reads alike (swappedOnTheWay): asked beside a
	chainFit            // how the rest fits (a push's rest may be none: done then says nothing; unsure: asked, never taken)
}

// firstOfTwo finds the first moves a that the board and the work show followed by a move
// of the next player, who must be a person at the board. pushOnly limits a to pushes (the
// board reads as the position: only the order of the work shows anything).
//
// Where the search runs past its budget (four quick moves of Quad Wrangle, each stone
// dragged over the squares on its way, weigh tens of thousands of readings), it is run
// again on readings of at most 3, 4, ... moves, all within one budget more, and a reading
// so found is taken where it leaves depth to spare (shortFits). Where none is, the
// readings seen whole found before the budget ran out are only asked: the first moves
// after them were never weighed. So are those of the deepest search within the budget,
// which weighed every first move (b5-d5's reading, among three, beside c5 found first).
func (r *Referee) firstOfTwo(pushOnly bool) []pairFit {
	out := r.pairsWithin(pushOnly, chainMoves)
	if r.search.nodes <= chainBudget {
		return out
	}
	spent := 0
	var deep []pairFit // (the readings of the deepest search within the budget: every first move weighed)
	for most := 3; most < chainMoves; most++ {
		found := r.pairsWithin(pushOnly, most)
		if spent += r.search.nodes; spent > chainBudget {
			break
		}
		deep = found
		take, deeper := r.shortFits(found, most)
		if take {
			return found
		}
		if !deeper {
			break
		}
	}
	for _, p := range deep {
		if !slices.ContainsFunc(out, func(q pairFit) bool { return q.a == p.a && q.split == p.split }) {
			out = append(out, p)
		}
	}
	for i := range out {
		// (And a push, which matchPair reads as done however its rest stands.)
		out[i].unsure = out[i].unsure || out[i].done || r.state.Footprint(out[i].a).Line != 0
	}
	return out
}

// shortFits weighs pairs, the readings of at most most moves: take reports whether they
// hold one first move, seen whole, sure, shown by the rack where there is one, with every
// lift accounted for, and at least two moves fewer than most; deeper whether readings of
// more moves may yet decide (none asked whatever follows: two first moves kept, a push
// seen in part, a reading in doubt).
//
// A longer reading holds more moves and leaves no fewer lifts unexplained, so fewest drops
// it. But one longer may be a slide whose rest refills the square it left, asked beside a
// first move that fills where it went (refillRival: a move more), put this reading in
// doubt (rivals.drop, a step unsure within it), or be another first move's asked beside
// it (a shorter slide of the same piece, stopped on its way and taken on, wentPast: two
// moves more): the two moves to spare keep those within reach. (Run beside every full
// search that stayed within its budget, FuzzHands seeds 0-159, every game, blitz, sleight
// and waver, the rule took 34,617 readings; 34,613 as the full search decided, and 4 where
// it asked, beside a reading of seven moves more, unsure (seed 141, waver Quad Wrangle).
// With no drop taken, as the rule was, 27,051 and the same 4; without the spare depth, 20
// questions of seeds 0-39 became commits.)
func (r *Referee) shortFits(pairs []pairFit, most int) (take, deeper bool) {
	if len(pairs) == 0 {
		return false, true
	}
	if slices.ContainsFunc(pairs, func(p pairFit) bool { return p.unsure || p.partial || p.doubted || p.rival.move != 0 }) {
		return false, false
	}
	kept := r.earliest(r.fewest(slices.Clone(pairs)))
	if len(kept) != 1 {
		return false, false
	}
	p := kept[0]
	if !p.done || !p.rack || r.leftOver(p) != 0 || 1+p.moves > most-2 {
		return false, true
	}
	return true, false
}

// pairsWithin is firstOfTwo's search with readings of at most most moves.
func (r *Referee) pairsWithin(pushOnly bool, most int) []pairFit {
	if r.gameOver || r.thinking || r.aiMove != 0 || r.asked.moves != nil || r.sync || r.ev.workLost || len(r.ev.work) == 0 {
		return nil
	}
	s := r.state
	var out []pairFit
	r.noteWork()
	r.search.nodes, r.search.deep = 0, false
	// Moves that read alike have the same reading: each key is searched once.
	keys := r.tmp.pairKeys[:0]
	for _, a := range r.legal {
		fa := s.Footprint(a)
		if !r.worked(fa) || r.carriedLate(fa, 0) || r.landedLong(fa) || r.landedEarly(fa) {
			continue
		}
		key := r.readKey(fa)
		i := slices.IndexFunc(keys, func(k keyedPair) bool { return k.key == key })
		if i >= 0 && keys[i].found {
			p := keys[i].fit
			p.a = a
			out = append(out, p)
			continue
		}
		if i < 0 {
			keys = append(keys, keyedPair{key: key})
			i = len(keys) - 1
		}
		var splits []int
		partial := false
		if fa.Line != 0 {
			// A push ends with its entry filled: the work up to there must show it whole.
			for k := 1; k < len(r.ev.work); k++ {
				if r.pushEndsAt(fa, 0, k) {
					splits = append(splits, k)
				}
			}
			if len(splits) == 0 && !pushOnly {
				if k := r.partialSplit(a, fa); k > 0 {
					splits, partial = append(splits, k), true
				}
			}
			if len(splits) == 0 && pushOnly && takenInHand(fa) {
				// A cube push (taken in the hand, seen) seen in part, a cube fumbled past
				// its far end as it began or its row slid whole, then the next player's
				// push: asked, the rest read after. (Marbles roll unseen: their partial
				// readings are too many to chain.)
				for k := 1; k < len(r.ev.work); k++ {
					if w := r.ev.work[k-1]; w.on && w.sq == fa.Entry && r.pushWork(fa, 0, k, false, 0) == fitPartial {
						splits, partial = append(splits, k), true
					}
				}
			}
			if len(splits) == 0 {
				continue
			}
		} else {
			changed := fa.Emptied | fa.Filled | fa.Replaced
			// a's squares show it, or a is a piece put down that a later move took on (its
			// square lifted since).
			placedOn := fa.Emptied == 0 && fa.Filled != 0 && fa.Filled&^r.ev.lifted == 0
			// (A capture's stone swapped between two scans leaves no lift: hidden.go.)
			// (Nor need they where a later move took a's piece on: g2-g3, then g3-g2.)
			if pushOnly || changed&r.diff == 0 && !placedOn && !r.takenOn(fa, 0) || fa.Touched&^r.ev.lifted&^fa.Replaced != 0 {
				continue
			}
		}
		// (Work a leaves unexplained, which the rest must account for: weighed in the
		// position a is played from, where its footprint is fa.)
		stray, ownA := r.stray(a), r.own(fa)
		s.Play(a)
		if s.Outcome().Over || r.sides[s.Turn()] != Human {
			s.Undo()
			continue
		}
		after := Project(s, r.kind)
		diff := r.diffAfter(&after, fa.Flipped)
		if fa.Line == 0 && diff == 0 {
			s.Undo()
			continue // the board shows a alone: no second move to tell it by
		}
		r.search.cut = false
		best := pairFit{a: a, split: -1, partial: partial}
		weak := pairFit{a: a, split: -1, partial: partial}
		first := -1 // (the earliest any reading's rest begins)
		var bestB engine.Footprint
		var rivals refillRivals
		ties := r.tmp.ties[:0]
		r.tmp.moves = s.Legal(r.tmp.moves[:0])
		for _, b := range r.tmp.moves {
			fb := s.Footprint(b)
			ks := splits
			sameScan := false
			if fa.Line == 0 {
				k := r.orderSplit(fa, fb)
				if k < 0 || fa.Touched&^r.ev.lifted != 0 && !r.hiddenBefore(fa, k) {
					continue
				}
				ks, sameScan = []int{k}, r.sameScan(fa, k)
			}
			if r.turnedUnseen(fa.Filled&fb.Flipped, b) {
				continue
			}
			for _, k := range ks {
				if fa.Line == 0 && (r.landedFirst(fa, 0, k) || r.landedBefore(fb, k)) {
					// (A piece down on a's square while a's own was still held, or on b's
					// before b began: another piece.)
					continue
				}
				if fa.Line != 0 {
					// (A push's entry filled in the scan the rest began: Push 4's e1 filled
					// as f1 emptied is Se then f1 taken up, or f1's marble on to e1, E1.)
					sameScan = k > 0 && k < len(r.ev.work) && r.ev.work[k].scan == r.ev.work[k-1].scan
				}
				f := r.secondFits(b, fb, k, diff, &after, fa.Flipped, most-2, 0, false)
				if !f.ok || sameScan && !f.done && !r.search.prefix {
					continue // (two moves of one scan are read only seen whole: they are asked; firstSeen asks all)
				}
				if rest := stray &^ f.covers &^ r.wavered(ownA, k) &^ brief(r.ev.work[min(k, len(r.ev.work)):]) &^ (r.overshot(ownA, k) &^ (r.takenBackBefore(ownA, k) & r.workedFrom(k))); rest != 0 {
					// a's stray work the rest does not explain, nor a's hand overshooting.
					// Where it is a move made and taken back between two of the rest's, far
					// from a, the reading is weighed only to be asked.
					if f.unsure = true; f.done && rest&^(r.takenBackIn(ownA, k)|r.takenBackLanded(fa, ownA, k)) == 0 && (weak.split < 0 || f.better(weak.chainFit)) {
						weak.split, weak.chainFit = k, f
					}
					continue
				}
				// (Of readings alike, the one that leaves fewest lifts unexplained, then the one
				// whose rest begins first: weighed once a is undone.)
				switch {
				case best.split < 0 || f.better(best.chainFit):
					best.split, best.chainFit, bestB = k, f, fb
					ties = append(ties[:0], tiedRest{k, f, fb})
				case !best.chainFit.better(f) && f.moves == best.moves:
					ties = append(ties, tiedRest{k, f, fb})
				}
				rivals.note(fb, f)
				if fa.Line == 0 && (first < 0 || k < first) {
					first = k
				}
			}
		}
		s.Undo()
		if len(ties) > 1 {
			// (e1 lifted, d2 filled, e1 filled: b3-b4's rest is b3, c4, e1-d2 and e1, which
			// leaves nothing unexplained, not g2-d2 begun earlier, g2 tried on f1 and put
			// back, then b3, c4 and g2, which leaves e1's lift to nobody.)
			least := -1
			for _, t := range ties {
				p := pairFit{a: a, split: t.k, chainFit: t.f}
				if n := r.leftOver(p).Count(); least < 0 || n < least || n == least && t.k < best.split {
					least, best.split, best.chainFit, bestB = n, t.k, t.f, t.fb
				}
			}
		}
		r.tmp.ties = ties
		if best.split >= 0 && r.kind == hw.Presence && rivals.drop(bestB) {
			best.unsure = true // (the next move a drop beside a slide's: refillRivals)
		}
		if best.split >= 0 && best.done {
			if rival := r.swappedOnTheWay(fa, bestB, best.split); rival.move != 0 {
				best.unsure, best.rival = true, rival
			}
		}
		if first >= 0 && best.split > first {
			// a is taken whichever rest was made: the rest keeps the work from where any
			// reading of it begins (g5 lifted for g5-c5 before c5 reads as a drop), and is
			// read again from there.
			best.split = first
		}
		if fa.Line != 0 && best.split < 0 && diff == 0 {
			// A push seen whole, then work off its line, the board showing it: whatever
			// comes next, the push is done (a cube tapped, a move begun that the board does
			// not show yet).
			best.split = splits[len(splits)-1]
		}
		if best.split < 0 || !best.done && weak.split >= 0 && weak.done {
			// (A reading seen whole but weighed only to be asked beats one still on its
			// way: f7-b3, c1-f4 taken back, then d5, beside d1-d5 begun.)
			best, best.doubted = weak, weak.split >= 0
		}
		if partial && pushOnly && !best.done {
			continue // (a cube push seen in part is read first only before a push seen whole)
		}
		if best.split >= 0 && r.wentPast(fa) {
			// a's piece went on past its square and stayed there: the piece that came down
			// there last may be a drop after a longer slide. Asked, never taken.
			best.unsure, best.doubted = true, true
		}
		if best.split >= 0 && r.leftOnTheWay(fa, 0, best.split) {
			// A piece on a's way lifted well after a landed: a's own, left there (another
			// move's first, b2-b4 read as b2-b6), or another hand's set down as a slid by.
			// Asked, never taken.
			best.unsure, best.doubted = true, true
		}
		if best.split >= 0 {
			out = append(out, best)
			keys[i].fit, keys[i].found = best, true
			for _, c := range keys[i].cut {
				// One alike, not found where moves alike were tried once only, may be
				// this reading as well: asked beside it, never dropped for it (Quarto on
				// polarity sensors: b4 handing sLQH or BLQH, light both, then nine
				// placements).
				p := best
				p.a, p.unsure = c, true
				out = append(out, p)
			}
			keys[i].cut = nil
		} else if r.search.cut {
			keys[i].cut = append(keys[i].cut, a)
		}
	}
	r.tmp.pairKeys = keys
	return out
}

// tiedRest is a reading of the rest as good as the best found so far (firstOfTwo).
type tiedRest struct {
	k  int
	f  chainFit
	fb engine.Footprint
}

// turnedUnseen reports whether a disc on one of squares, put down by the move before b (the
// position is after it), reads as b turns it over though it was never seen lifted since it
// came down (polarity and identity sensors, where a turn shows): a disc is put down its own
// colour up, and turned by a hand, lifted, or read otherwise than it came down. (f2, then
// g2-f1 turning f2 is never f1, then g2-f2 turning f1: f1 came down reading as turned.)
func (r *Referee) turnedUnseen(squares engine.Bitboard, b engine.Move) bool {
	if squares == 0 || r.kind == hw.Presence {
		return false
	}
	s := r.state
	s.Play(b)
	defer s.Undo()
	for squares != 0 {
		sq := squares.Pop()
		if r.board[sq] != ReadingOf(s.PieceAt(sq), r.kind) {
			continue // (still to turn)
		}
		// (Turned faster than the debouncer sees, a disc reads turned with no lift: seen
		// turned where it reads otherwise than it came down.)
		down := slices.IndexFunc(r.ev.work, func(w work) bool { return w.is(sq, true) })
		if down >= 0 && !slices.ContainsFunc(r.ev.work[down+1:], func(w work) bool { return w.is(sq, false) }) &&
			r.ev.work[down].val == r.board[sq] {
			return true
		}
	}
	return false
}

// moveKey is what the sensors can tell of a move: its squares, the reading of the piece it
// puts down, and the piece it takes from the rack or hands over where a rack or the
// readings can show it. Moves of one key read alike.
type moveKey struct {
	emptied, filled, replaced, touched, flipped, line engine.Bitboard
	entry                                             engine.Square // (a push's way: its work's order)
	piece                                             hw.Reading
	rack                                              engine.Piece // (with a rack)
	handed                                            hw.Reading   // (without: how the piece taken reads once put down)
}

// keyedPair is a first move's reading, kept for the moves that read alike (firstOfTwo).
type keyedPair struct {
	key   moveKey
	fit   pairFit
	found bool
	cut   []engine.Move // (moves of this key not found, the search cut short: search.cut)
}

// readKey returns the key of move f.
func (r *Referee) readKey(f engine.Footprint) moveKey {
	k := moveKey{f.Emptied, f.Filled, f.Replaced, f.Touched, f.Flipped, f.Line, f.Entry, ReadingOf(f.Piece, r.kind), engine.Empty, 0}
	if f.Line != 0 && r.kind != hw.Identity {
		// (Where the sensors do not read which piece a square holds, a push's squares its
		// hand works are read by that work alone: Quixo for four's e2-e1.1 and e2-e1.2 read
		// alike, though e1's cube is the same one before and after .2 alone. Identity
		// sensors read the dot.)
		k.replaced &^= f.Touched
	}
	if len(r.rack) > 0 {
		k.rack = f.Rack
	} else {
		k.handed = ReadingOf(f.Rack, r.kind) // (Quantik on polarity: the shape is never read)
	}
	return k
}

// sameScan reports whether move a's work ends in the scan where the next move's, from
// work[k], begins: their order is unknown.
func (r *Referee) sameScan(fa engine.Footprint, k int) bool {
	if k >= len(r.ev.work) {
		return false
	}
	acts := fa.Emptied | fa.Filled | fa.Replaced | fa.Touched | fa.Line
	begin := r.ev.work[k]
	if !begin.on && (fa.Filled|fa.Replaced).Has(begin.sq) || begin.on && fa.Emptied.Has(begin.sq) {
		acts &^= engine.Bit(begin.sq) // (b lifts the piece a put down, or puts one where a's was: that square's work is b's from k)
	}
	// (a's piece, down before b began, lifted in a later scan is b's work: a disc b turns, or
	// takes on. e3, then d2 turning e3, is e3 done before d2.)
	var downBefore engine.Bitboard
	for _, w := range r.ev.work {
		if w.on && w.scan < begin.scan && (fa.Filled | fa.Replaced).Has(w.sq) {
			downBefore |= engine.Bit(w.sq)
		}
	}
	var taken engine.Bitboard
	for i, w := range r.ev.work {
		if !w.on && downBefore.Has(w.sq) && w.scan > begin.scan {
			taken |= engine.Bit(w.sq)
		}
		if taken.Has(w.sq) {
			continue
		}
		if acts.Has(w.sq) && w.scan >= begin.scan || i < k && w.sq == begin.sq && w.scan >= begin.scan {
			return true
		}
	}
	return false
}

// worked reports whether the hands' work shows move f made: every square it fills was seen
// filled at some point, every square it empties seen emptied (r.workOn, r.workOff:
// noteWork). A push's squares are read from its order instead.
func (r *Referee) worked(f engine.Footprint) bool {
	return f.Line != 0 || f.Filled&^r.tmp.workOn == 0 && f.Emptied&^r.tmp.workOff == 0
}

// noteWork sets r.workOn and r.workOff from the work, for worked.
func (r *Referee) noteWork() {
	r.tmp.workOn, r.tmp.workOff = 0, 0
	for _, w := range r.ev.work {
		if w.on {
			r.tmp.workOn |= engine.Bit(w.sq)
		} else {
			r.tmp.workOff |= engine.Bit(w.sq)
		}
	}
}

// handOff is the least time a piece put down rests before another person's hand can take
// it up again: a slide's piece that rested so long on a square, on its way or off it, may
// have been put there, and the slide's end reached by the next player's move from there.
const handOff = 250 * time.Millisecond

// restedToHandOn looks, for slide m seen whole, for a square where its piece rested
// handOff or longer, on its way (or a cell a chain of jumps hops to) or off it (c4-c2's
// pawn set down on a2 a while): m may be two moves, a slide that stopped there and the
// next player's on from there (Xe Queo!'s pawns are anybody's). It returns the move that
// stops there, and where in the work the next one begins, or 0.
func (r *Referee) restedToHandOn(m engine.Move) (engine.Move, int) {
	s := r.state
	f := s.Footprint(m)
	if f.Line != 0 || f.Replaced != 0 || f.Emptied&(f.Emptied-1) != 0 || f.Filled&(f.Filled-1) != 0 || f.Emptied == 0 || f.Filled == 0 {
		return 0, 0
	}
	from, to := f.Emptied.First(), f.Filled.First()
	way := between(r.cfg.Rules.Geometry(), from, to) | f.Via // (a chain of jumps rests on the cells it hops to)
	for i, w := range r.ev.work {
		if !w.on || w.sq == to {
			continue
		}
		j := slices.IndexFunc(r.ev.work[i+1:], func(x work) bool { return x.is(w.sq, false) })
		if j < 0 || r.ev.work[i+1+j].at.Sub(w.at) < handOff {
			continue
		}
		if up := lastAt(r.ev.work[:i], from, false); !way.Has(w.sq) && (up < 0 || lastAt(r.ev.work[:i], from, true) > up || lastAt(r.ev.work, to, true) < i+1+j) {
			// (Off the way, the piece is m's only while from is up, and m ends after it:
			// not a3's pawn tried on b3 and put back before c4 was lifted for c4-c2.)
			continue
		}
		for _, a := range r.legal {
			fa := s.Footprint(a)
			if fa.Emptied != f.Emptied || fa.Filled != engine.Bit(w.sq) || fa.Replaced != 0 {
				continue
			}
			s.Play(a)
			ok := !s.Outcome().Over && r.sides[s.Turn()] == Human && slices.ContainsFunc(s.Legal(r.tmp.moves[:0]), func(b engine.Move) bool {
				fb := s.Footprint(b)
				return fb.Emptied == engine.Bit(w.sq) && fb.Filled == f.Filled && fb.Replaced == 0
			})
			s.Undo()
			if ok {
				return a, i + 1
			}
		}
	}
	return 0, 0
}
