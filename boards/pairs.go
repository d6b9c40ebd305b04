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
	split    int  // where in work the rest's work begins
	partial  bool // a is a push seen only in part (partialSplit): asked, never taken
	doubted  bool // a itself is in doubt (its work left unexplained, a piece left on its way): a reply after it is no evidence for it
	front    bool // kept by fewest only as leaving fewer lifts unexplained than shorter readings: it crowds out none (earliest)
	chainFit      // how the rest fits (a push's rest may be none: done then says nothing; unsure: asked, never taken)
}

// firstOfTwo finds the first moves a that the board and the work show followed by a move
// of the next player, who must be a person at the board. pushOnly limits a to pushes (the
// board reads as the position: only the order of the work shows anything).
func (r *Referee) firstOfTwo(pushOnly bool) []pairFit {
	if r.gameOver || r.thinking || r.aiMove != 0 || r.asked.moves != nil || r.sync || r.ev.workLost || len(r.ev.work) == 0 {
		return nil
	}
	s := r.state
	var out []pairFit
	r.noteWork()
	r.chainNodes = 0
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
				if w := r.ev.work[k-1]; w.on && w.sq == fa.Entry && r.pushWork(fa, 0, k, false, 0) == fitFull {
					splits = append(splits, k)
				}
			}
			if len(splits) == 0 && !pushOnly {
				if k := r.partialSplit(a, fa); k > 0 {
					splits, partial = append(splits, k), true
				}
			}
			if len(splits) == 0 && pushOnly && fa.To == engine.Nowhere && fa.Exit != engine.NoSquare {
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
			if pushOnly || changed&r.diff == 0 && !placedOn && !r.takenOn(fa.Filled, 0) || fa.Touched&^r.ev.lifted&^fa.Replaced != 0 {
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
		best := pairFit{a: a, split: -1, partial: partial}
		weak := pairFit{a: a, split: -1, partial: partial}
		first := -1 // (the earliest any reading's rest begins)
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
				f := r.secondFits(b, fb, k, diff, &after, fa.Flipped, chainMoves-2, 0)
				if !f.ok || sameScan && !f.done {
					continue // (two moves of one scan are read only seen whole: they are asked)
				}
				if rest := stray &^ f.covers &^ r.wavered(ownA, k) &^ brief(r.ev.work[min(k, len(r.ev.work)):]) &^ (r.overshot(ownA, k) &^ (r.takenBackBefore(ownA, k) & r.workedFrom(k))); rest != 0 {
					// a's stray work the rest does not explain, nor a's hand overshooting.
					// Where it is a move made and taken back between two of the rest's, far
					// from a, the reading is weighed only to be asked.
					if f.unsure = true; f.done && rest&^(r.takenBackIn(ownA, k)|r.takenBackAfter(ownA, k)) == 0 && (weak.split < 0 || f.better(weak.chainFit)) {
						weak.split, weak.chainFit = k, f
					}
					continue
				}
				// (Of readings alike, the one whose rest begins first.)
				if best.split < 0 || f.better(best.chainFit) || !best.chainFit.better(f) && f.moves == best.moves && k < best.split {
					best.split, best.chainFit = k, f
				}
				if fa.Line == 0 && (first < 0 || k < first) {
					first = k
				}
			}
		}
		s.Undo()
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
		if best.split >= 0 && r.leftOnTheWay(fa, 0, best.split) {
			// A piece on a's way lifted well after a landed: a's own, left there (another
			// move's first, b2-b4 read as b2-b6), or another hand's set down as a slid by.
			// Asked, never taken.
			best.unsure, best.doubted = true, true
		}
		if best.split >= 0 {
			out = append(out, best)
			keys[i].fit, keys[i].found = best, true
		}
	}
	r.tmp.pairKeys = keys
	return out
}

// partialSplit returns where the work of push a, footprint f, ends when it was seen only in part
// (marbles rolled along as one, a row slid whole): at the hand's first work off its line,
// the work before it fitting f in part (pushWork), a square a changes reading as a left
// it. -1 if not. (Such a push is asked: it is no first move to take.)
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
	if !shown {
		return -1
	}
	line := f.Line
	if f.Exit == engine.NoSquare {
		line |= lineBeyond(r.cfg.Rules.Geometry(), f) & brief(r.ev.work) // (a marble overshot past the chain)
	}
	k := slices.IndexFunc(r.ev.work, func(w work) bool { return !line.Has(w.sq) })
	if k <= 0 {
		return -1
	}
	ok := r.pushWork(f, 0, k, true, 0)
	if ok != fitPartial {
		return -1
	}
	return k
}

// turnedUnseen reports whether a disc on one of squares, put down by the move before b (the
// position is after it), reads as b turns it over though it was never seen lifted since it
// came down (polarity and identity sensors, where a turn shows): a disc is put down its own
// colour up, and turned by a hand. (f2, then g2-f1 turning f2 is never f1, then g2-f2
// turning f1: f1 came down reading as turned.)
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
		down := slices.IndexFunc(r.ev.work, func(w work) bool { return w.is(sq, true) })
		if down >= 0 && !slices.ContainsFunc(r.ev.work[down+1:], func(w work) bool { return w.is(sq, false) }) {
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
}

// readKey returns the key of move f.
func (r *Referee) readKey(f engine.Footprint) moveKey {
	k := moveKey{f.Emptied, f.Filled, f.Replaced, f.Touched, f.Flipped, f.Line, f.Entry, ReadingOf(f.Piece, r.kind), engine.Empty, 0}
	if len(r.rack) > 0 {
		k.rack = f.Rack
	} else {
		k.handed = ReadingOf(f.Rack, r.kind) // (Quantik on polarity: the shape is never read)
	}
	return k
}

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
		split = min(split, p.split)
		done = done || p.done || r.state.Footprint(p.a).Line != 0
		partial = partial || p.partial || p.unsure
		doubt = doubt || p.doubted
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
	default:
		r.v.kind, r.v.askFrom = matchMany, split
	}
	return true
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

// earliest keeps, of the first moves found, those whose work began in the earliest scan:
// the hands that began first made the first move. Readings that leave a lift unexplained
// and those that explain every one (fewest keeps both) are weighed apart: b3-b4 taken back
// and a3-b4 made began later than b3-b4 followed by a3-b3, yet is no less what was done.
// A push seen in part is kept: it is asked, and where its work began is what it hides. So
// is a reading fewest keeps only as leaving fewer lifts unexplained (front), which crowds
// out none: a5-c5 and the rest, begun first, is asked beside the drop on b6.
func (r *Referee) earliest(pairs []pairFit) []pairFit {
	if len(pairs) < 2 {
		return pairs
	}
	start := func(a engine.Move) uint32 {
		f := r.state.Footprint(a)
		s := r.startScan(f, 0, 0)
		// (A slide made before break begins with the square past its own filled: c4-a4
		// over b4 begins where c4-b4 does, b4 filled a scan before c4 emptied.)
		way := r.own(f) &^ (f.Emptied | f.Filled | f.Replaced | f.Touched | f.Flipped | f.Line)
		if i := slices.IndexFunc(r.ev.work, func(w work) bool { return w.on && way.Has(w.sq) }); i >= 0 {
			s = min(s, r.ev.work[i].scan)
		}
		return s
	}
	first := [2]uint32{^uint32(0), ^uint32(0)}
	for _, p := range pairs {
		if !p.front {
			first[r.whole(p)] = min(first[r.whole(p)], start(p.a))
		}
	}
	keep := pairs[:0]
	for _, p := range pairs {
		if start(p.a) == first[r.whole(p)] || p.partial || p.front {
			keep = append(keep, p)
		}
	}
	return keep
}

// whole is 1 where reading p accounts for every square lifted, else 0: the first move's
// squares, its hand overshooting, a move made and taken back far from it (nobody's), a
// fumble lifted and put back at once after the rest began away from the rest's squares
// (nobody's, however near the first move), the rest's squares. The rest accounts for no
// square lifted only before it began: a disc it turns is turned after it, not 1.5 s before
// (e6 lifted as f6 came down and put back 860 ms later is no disc a later e7 turned: f6 so
// leaves a lift unexplained, and is asked beside e6-f6 then a drop on e6).
func (r *Referee) whole(p pairFit) int {
	if r.leftOver(p) == 0 {
		return 1
	}
	return 0
}

// leftOver returns the squares lifted that reading p does not account for (whole).
func (r *Referee) leftOver(p pairFit) engine.Bitboard {
	var early, late engine.Bitboard
	for i, w := range r.ev.work {
		switch {
		case w.on:
		case i < p.split:
			early |= engine.Bit(w.sq)
		default:
			late |= engine.Bit(w.sq)
		}
	}
	f := r.state.Footprint(p.a)
	own, explained := r.own(f), p.covers
	if f.Line == 0 {
		// (Pushes are read by their work's order, their rest's by its own.)
		explained = r.overshot(own, p.split)&^(r.takenBackBefore(own, p.split)&r.workedFrom(p.split)) | r.takenBackIn(own, 0) | p.covers&^(early&^late)
		// (And a piece lifted and put back at once after the rest began, away from the
		// rest's squares: a fumble, nobody's, however near the first move it lies: b7 after
		// e6-c6 as d6 is dropped, beside e6-d6 and c6. Not one held up longer: b6 lifted as
		// a5 is dropped and put back 620 ms later is b6-a5 and a drop on b6.)
		explained |= r.takenBackAfter(own, p.split) & brief(r.ev.work[min(p.split, len(r.ev.work)):]) &^ (p.covers | r.cfg.Rules.Geometry().Dilate8(p.covers))
		// (And a move of a's own piece made and taken back before a, its other squares
		// worked no more: d4-c3 made before break and back, then d4-b4. Not a square
		// lifted again after: d4 held as c5-b4 is made is no takeback of d4. Nor work
		// leaving the board as it was that does not begin with a's piece taken up and end
		// with it put back: g7-c3, a drop on g7 and c3-b4 read so too.)
		ws := r.ev.work[:min(max(p.split, 0), len(r.ev.work))]
		if pre := undonePrefix(ws, own); undoneOwn(ws[:pre], f.Emptied) {
			explained |= squaresOf(ws[:pre]) &^ squaresOf(r.ev.work[pre:]) &^ own
		}
	}
	return r.ev.lifted &^ (own | explained)
}

// fewest keeps, of the first moves found with the rest seen whole, those whose reading
// holds the fewest moves: a slide read as a shorter one and a move more (f7-f6, b5, f6-f5
// for f7-f5, b5) is not what the hands did; those the rack shows too, where it can. Where
// none is seen whole, all are kept.
//
// Fewer moves win only among readings that account alike for the squares lifted: a reading
// that leaves one lifted and put back (g6 and e6, with f5 fumbled) and a longer one that
// holds it (f5-g6, e6, f5 put back down) are both kept, and asked. A reading that leaves
// lifts unexplained and holds no fewer moves than one that explains them all is dropped
// (e1-e5 and a drop on e6, its discs turned by nobody, beside e1-e6 turning them). A push
// seen in part, its rest seen whole, is kept: it is asked, and a cube fumbled past its far
// end, which makes it seen in part, leaves that lift unexplained. So is a slide whose rest
// puts a piece where it left, beside a drop on its square (refillRival).
func (r *Referee) fewest(pairs []pairFit) []pairFit {
	least := [2]int{chainMoves + 1, chainMoves + 1} // (by whole: readings holding every lift, or not)
	rack := false
	for _, p := range pairs {
		rack = rack || p.done && p.rack
	}
	whole := r.whole
	for _, p := range pairs {
		if p.done && p.rack == rack {
			least[whole(p)] = min(least[whole(p)], p.moves)
		}
	}
	refill := r.tmp.refill[:0]
	for _, p := range pairs {
		refill = append(refill, p.done && r.refillRival(p, pairs))
	}
	r.tmp.refill = refill
	// (And where none accounts for every lift, a longer reading that leaves fewer squares
	// unexplained is kept beside a shorter one: a5-c5, a5, c5-b6 and c5, a6 slid and taken
	// back among them, is no drop on b6 then c5 with a5, b5 and c5 left to nobody.)
	unexplained := r.tmp.unexplained[:0]
	for _, p := range pairs {
		unexplained = append(unexplained, r.leftOver(p).Count())
	}
	r.tmp.unexplained = unexplained
	front := r.tmp.front[:0]
	for i, p := range pairs {
		on := p.done && p.rack == rack
		for j, q := range pairs {
			if on && q.done && q.rack == rack && q.moves <= p.moves && unexplained[j] <= unexplained[i] && (q.moves < p.moves || unexplained[j] < unexplained[i]) {
				on = false
			}
		}
		front = append(front, on)
	}
	r.tmp.front = front
	keep := pairs[:0]
	for i, p := range pairs {
		kept := min(least[0], least[1]) > chainMoves && !p.done || p.done && p.rack == rack && p.moves == least[whole(p)] && (whole(p) == 1 || p.moves < least[1]) ||
			p.done && p.partial || refill[i]
		if kept || front[i] {
			p.front = !kept
			keep = append(keep, p)
		}
	}
	return keep
}

// refillRival reports whether reading p is a slide whose rest begins with a piece put on
// the square it left (f1-g2, then f1 by the next player), beside a reading of fewer moves
// that begins with a drop on the slide's square, that square's piece lifted and put back
// (g2, f1 fumbled): the sensors cannot tell a quick reply from a fumble, and fewest keeps
// both, to be asked.
func (r *Referee) refillRival(p pairFit, pairs []pairFit) bool {
	from, to, ok := carried(r.state.Footprint(p.a))
	if !ok || p.split < 0 || p.split >= len(r.ev.work) || !r.ev.work[p.split].is(from, true) {
		return false
	}
	return slices.ContainsFunc(pairs, func(q pairFit) bool {
		f := r.state.Footprint(q.a)
		return q.done && q.moves < p.moves && f.Line == 0 && f.Emptied == 0 && f.Filled == engine.Bit(to)
	})
}

// strayAsked asks, where the one move that fits (r.v.moves[0]) leaves work unexplained, a piece
// put on a square off its way and taken off again, and two moves in order account for it
// too: a pawn moved twice, by two players, reads as one move of two squares. It reports
// whether it asked.
func (r *Referee) strayAsked() bool {
	m := r.v.moves[0]
	odd := r.stray(m) | r.spanning(m)
	if odd == 0 {
		return false
	}
	if r.asked.moves != nil && slices.Contains(r.asked.moves, m) {
		// Asked already (the readings are not searched while a question is open): it
		// stays open while the board shows m with the same stray work.
		r.v.moves = append(r.v.moves[:0], r.asked.moves...)
		r.v.kind = matchMany
		return true
	}
	pairs := r.fewest(r.firstOfTwo(false))
	// (Each option's own rest: m's begins once the question is asked, its stray work no
	// move's; a pair's where its second move began.)
	r.v.splits = append(r.v.splits[:0], len(r.ev.work))
	for _, p := range pairs {
		if p.done || p.ok && p.a != m {
			// (A reading whose rest is on its way is a rival too: e3, then d2 turning e3,
			// e3's disc in the hand, is no d2 with a piece put on e3 and taken off.)
			r.addOption(p.a, p.split)
		}
	}
	slid := r.slidInto(r.state.Footprint(m), odd&^brief(r.ev.work))
	if len(r.v.moves) == 1 {
		if !slid {
			r.v.splits = r.v.splits[:0]
			return false
		}
		// m puts a piece down in line with a square where one rested long enough to be
		// another move's, and no reading of moves in order accounts for it: that piece
		// may have slid into m's square (a6-b6, a6, b6-g1 reads as g1). m is asked.
		r.v.askFrom = r.v.splits[0]
		r.v.kind, r.v.firmNext = matchMany, true
		return true
	}
	r.v.askFrom = slices.Min(r.v.splits[1:])
	r.v.kind, r.v.firmNext = matchMany, slid
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

// stray returns the squares that were filled and then emptied again in the work, off move
// m's squares and off the straight way between the square it empties and the one it fills.
func (r *Referee) stray(m engine.Move) engine.Bitboard {
	own := r.own(r.state.Footprint(m))
	var filled, out engine.Bitboard
	for _, w := range r.ev.work {
		switch {
		case own.Has(w.sq):
		case w.on:
			filled |= engine.Bit(w.sq)
		case filled.Has(w.sq):
			out |= engine.Bit(w.sq)
		}
	}
	return out
}

// slidInto reports whether f is a piece put down (a drop, a placement) on a square in line
// with one of sqs, filled after a piece of the position was taken up: a piece of the board
// resting there could have slid into it (a6-b6, a6, b6-g1). (One from the supply, set down
// short and slid on, with no piece of the position lifted before it, is f's own.)
func (r *Referee) slidInto(f engine.Footprint, sqs engine.Bitboard) bool {
	if f.Emptied != 0 || f.Line != 0 || f.Filled == 0 || f.Filled&(f.Filled-1) != 0 {
		return false
	}
	g, to := r.cfg.Rules.Geometry(), f.Filled.First()
	for sqs != 0 {
		s := sqs.Pop()
		if df, dr := g.File(to)-g.File(s), g.Rank(to)-g.Rank(s); df != 0 && dr != 0 && abs(df) != abs(dr) {
			continue
		}
		for _, w := range r.ev.work {
			if w.is(s, true) {
				break
			}
			if !w.on && r.expected[w.sq] != 0 {
				return true // (a piece of the position taken up)
			}
		}
	}
	return false
}

// spanning returns the squares off move m's way that were lifted before a change of m's,
// or within makeBreak after it, and filled again after it: a piece fumbled while m was
// made, or m a slide from there and the square filled by the next player (a2-b2 then a2
// reads as b2 with a2 fumbled; b3-a3 made before break, a3 closing as b3 opens, then b3,
// as a3 with b3 fumbled).
func (r *Referee) spanning(m engine.Move) engine.Bitboard {
	own := r.own(r.state.Footprint(m))
	var up, spanned, out engine.Bitboard
	var lastOwn time.Time
	for _, w := range r.ev.work {
		switch {
		case own.Has(w.sq):
			spanned |= up // m's work while these were up
			lastOwn = w.at
		case !w.on:
			up |= engine.Bit(w.sq)
			spanned &^= engine.Bit(w.sq)
			if !lastOwn.IsZero() && w.at.Sub(lastOwn) <= makeBreak {
				spanned |= engine.Bit(w.sq) // (lifted as m's piece came down: made before break)
			}
		case up.Has(w.sq):
			if spanned.Has(w.sq) {
				out |= engine.Bit(w.sq)
			}
			up &^= engine.Bit(w.sq)
		}
	}
	return out
}

// sameScan reports whether move a's work ends in the scan where the next move's, from
// work[k], begins: their order is unknown.
func (r *Referee) sameScan(fa engine.Footprint, k int) bool {
	if k >= len(r.ev.work) {
		return false
	}
	acts := fa.Emptied | fa.Filled | fa.Replaced | fa.Touched | fa.Line
	begin := r.ev.work[k]
	if !begin.on && (fa.Filled | fa.Replaced).Has(begin.sq) {
		acts &^= engine.Bit(begin.sq) // (b lifts the piece a put down: that square's work is b's from k)
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
// it up again: a piece that rested so long on a square of a slide's way may have been put
// there, and the slide's end reached by the next player's move from there.
const handOff = 250 * time.Millisecond

// stoppedOnTheWay looks, for slide m seen whole, for a square of its way (or a cell a chain
// of jumps hops to) where its piece rested handOff or longer: m may be two moves, a slide that stopped there and the next
// player's on from there (Xe Queo!'s pawns are anybody's). It returns the move that stops
// there, and where in the work the next one begins, or 0.
func (r *Referee) stoppedOnTheWay(m engine.Move) (engine.Move, int) {
	s := r.state
	f := s.Footprint(m)
	if f.Line != 0 || f.Replaced != 0 || f.Emptied&(f.Emptied-1) != 0 || f.Filled&(f.Filled-1) != 0 || f.Emptied == 0 || f.Filled == 0 {
		return 0, 0
	}
	from, to := f.Emptied.First(), f.Filled.First()
	way := between(r.cfg.Rules.Geometry(), from, to) | f.Via // (a chain of jumps rests on the cells it hops to)
	for i, w := range r.ev.work {
		if !w.on || !way.Has(w.sq) {
			continue
		}
		j := slices.IndexFunc(r.ev.work[i+1:], func(x work) bool { return x.is(w.sq, false) })
		if j < 0 || r.ev.work[i+1+j].at.Sub(w.at) < handOff {
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
