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

// landedBefore reports whether move f, a piece taken from one square to another, the next
// move of a reading whose work begins at work[k], last came down on the square it goes to
// before k, its own square emptied only well after (makeBreak): that piece is another, no
// piece of f (d5-d4 taken back to d5, c3-d4 and b3-c3 made, is never d5-d4 then b3-d5).
func (r *Referee) landedBefore(f engine.Footprint, k int) bool {
	from, to, ok := carried(f)
	if !ok {
		return false
	}
	ws := r.ev.work
	on := lastAt(ws, to, true)
	if on < 0 || on >= k {
		return false
	}
	off := slices.IndexFunc(ws[on+1:], func(w work) bool { return w.is(from, false) })
	return off >= 0 && ws[on].at.Add(makeBreak).Before(ws[on+1+off].at)
}

// redoneAfter reports whether the square of work[i], a piece put back on the square move f
// empties, is emptied again later and f's square filled after that: f made again, the
// piece put back at i its own, taken back.
func (r *Referee) redoneAfter(f engine.Footprint, i int) bool {
	sq := r.ev.work[i].sq
	if !f.Emptied.Has(sq) {
		return false
	}
	j := slices.IndexFunc(r.ev.work[i+1:], func(w work) bool { return w.is(sq, false) })
	if j < 0 {
		return false
	}
	lift, dest := r.ev.work[i+1+j], func(w work) bool { return w.on && (f.Filled | f.Replaced).Has(w.sq) }
	if k := slices.IndexFunc(r.ev.work[i+2+j:], func(w work) bool { return w.sq == sq }); k >= 0 && r.ev.work[i+2+j+k].at.Sub(lift.at) < handOff &&
		!slices.ContainsFunc(r.ev.work[i+2+j:i+2+j+k], dest) {
		// (Lifted and put back at once: a disc turned there, not f made again. Not where
		// f's square was filled meanwhile: the slide made again, a drop on the square it
		// left, g6-f5 and back, g6-e4 over f5, then g6.)
		return false
	}
	return slices.ContainsFunc(r.ev.work[i+2+j:], dest)
}

// landedLong reports whether move f, a piece taken from one square to another, had a piece
// on the square it goes to, there to stay, more than a second before the square it comes
// from was first emptied: that piece is another (f2-e2 made, then d2-b4 1.8 s later, is
// never d2-e2 with a stone put on e2 first).
func (r *Referee) landedLong(f engine.Footprint) bool {
	on, off := r.downBeforeLift(f)
	return on >= 0 && r.ev.work[on].at.Add(time.Second).Before(r.ev.work[off].at)
}

// downBeforeLift returns, for move f taking a piece from one square to another, where in
// the work a piece last came down on the square it goes to before the square it comes from
// was first emptied, and where that was; on is -1 where no piece came down there so (the
// square's last work before was a lift, or none).
func (r *Referee) downBeforeLift(f engine.Footprint) (on, off int) {
	from, to, ok := carried(f)
	if !ok {
		return -1, -1
	}
	off = slices.IndexFunc(r.ev.work, func(w work) bool { return w.is(from, false) })
	for i := off - 1; i >= 0; i-- {
		if w := r.ev.work[i]; w.sq == to {
			if w.on {
				return i, off
			}
			break
		}
	}
	return -1, off
}

// landedEarly reports whether move f, a piece taken from one square to another, had a
// piece come down on the square it goes to, there to stay, well before the square it comes
// from was first emptied (longer than a slide made before break), the hands at work off f's
// squares in between: that piece is another (a3-a2, a3 put back by the next player, then b2
// lifted is never b2-a2).
func (r *Referee) landedEarly(f engine.Footprint) bool {
	on, off := r.downBeforeLift(f)
	if on < 0 || !r.ev.work[on].at.Add(makeBreak).Before(r.ev.work[off].at) {
		return false
	}
	own := r.own(f)
	return slices.ContainsFunc(r.ev.work[on+1:off], func(w work) bool { return !own.Has(w.sq) })
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

// orderSplit returns where in the work the second move b begins, when the work shows the
// first move a done before it, or in the same scan: the last time a square only a empties or
// touches was emptied, and a square only a fills was filled, comes no later than the hand's
// first work on a square only b acts on. (A later move may come back to a's squares: a stone put
// again where a slide left.) -1 if the work does not show that order.
func (r *Referee) orderSplit(fa, fb engine.Footprint) int {
	// (A slide's way counts as its own: a piece passing over a square is a's work there, or
	// b's: b5-b3 over b4, just emptied by b4-d2.)
	actsA := r.own(fa) &^ fa.Flipped
	actsB := r.own(fb) &^ fb.Flipped
	onlyA, onlyB := actsA&^actsB, actsB&^actsA
	offA, onA := (fa.Emptied|fa.Touched)&onlyA, (fa.Filled|fa.Replaced)&onlyA
	if fa.Line != 0 {
		offA, onA = fa.Line&onlyA, fa.Line&onlyA
	}
	// (Work before a began that leaves the board as it was is nobody's: a move taken back.)
	lo := slices.IndexFunc(r.ev.work, func(w work) bool { return actsA.Has(w.sq) })
	if lo < 0 || !restored(r.ev.work[:lo]) {
		lo = 0
	}
	if lo == 0 && fa.Line == 0 && fa.Emptied != 0 {
		// (Or another move of a's piece, made and taken back before a's last lift of it,
		// never on the square a fills: c4-d5 and back, then c4-d3 and a drop on c4.)
		ws := r.ev.work[:max(lastAt(r.ev.work, fa.Emptied.First(), false), 0)]
		if i := slices.IndexFunc(ws, func(w work) bool { return (fa.Filled | fa.Replaced).Has(w.sq) }); i >= 0 {
			ws = ws[:i]
		}
		lo = restoredPrefix(ws)
	}
	firstB := -1
	// (Not in a move made and taken back before a began: b3-c4 taken back, b3-b4, then
	// d5-c4.)
	prefix := undonePrefix(r.ev.work, actsA)
	skip := -1
	for i := max(lo, prefix); i < len(r.ev.work); i++ {
		if w := r.ev.work[i]; onlyB.Has(w.sq) && i != skip {
			if j := r.overshotOnto(fa, i); j > 0 {
				skip = j // (a's hand overshooting on to it and back: d4-c5 over to b6, then b4-b6)
				continue
			}
			firstB = i
			break
		}
	}
	if onlyB == 0 {
		// b works only where a did: a piece put where a's left (a2-b2, then a2). b begins
		// with the first filling there after a emptied it.
		fills := fb.Filled & (actsA &^ (fa.Filled | fa.Replaced))
		var emptied engine.Bitboard
		// (After a move made and taken back before a began, off a's own squares but over
		// its way: g2-d2 over e2 taken back, then f1-d3 over e2 and a drop on e2.)
		from, ends := lo, fa.Emptied|fa.Filled|fa.Replaced
		if prefix > lo && !slices.ContainsFunc(r.ev.work[:prefix], func(w work) bool { return ends.Has(w.sq) }) {
			from = prefix
		}
		for i := from; i < len(r.ev.work); i++ {
			w := r.ev.work[i]
			if !w.on && fills.Has(w.sq) {
				emptied |= engine.Bit(w.sq)
			} else if w.on && emptied.Has(w.sq) {
				if r.redoneAfter(fa, i) {
					// (a made and taken back first, its piece put back here, then made
					// again: d3-c3 taken back, d3-c3, then a drop on d3.)
					emptied &^= engine.Bit(w.sq)
					continue
				}
				firstB = i
				break
			}
		}
		// Or a piece put on a square a's piece passed over, there to stay (b2-e5 over d4,
		// then d4): b begins where it came down for good, or to rest handOff or longer
		// before it was taken up (f1-f5, then f2 turned at once by g2-f1).
		way := fills &^ (fa.Emptied | fa.Touched | fa.Flipped)
		for i := from; i < len(r.ev.work); i++ {
			if w := r.ev.work[i]; (firstB < 0 || i < firstB) && w.on && way.Has(w.sq) && (!laterAt(r.ev.work, i, false) || r.turnedThere(i)) {
				firstB = i
				break
			}
		}
	}
	if firstB < 0 {
		return -1
	}
	// b may begin where a ended: the piece a put down, lifted again (b2-c3, then c3-b4).
	ends := (fa.Filled | fa.Replaced) & (fb.Emptied | fb.Touched) &^ fa.Line
	var put engine.Bitboard
	for i := lo; i < firstB; i++ {
		if w := r.ev.work[i]; w.on && ends.Has(w.sq) {
			put |= engine.Bit(w.sq)
		} else if !w.on && put.Has(w.sq) {
			firstB = i
			break
		}
	}
	// Or with its piece slid made before break on to a square beside, off both moves'
	// squares, and on from there (empty now): c2's pawn on to d3 (d3 filled a scan before
	// c2 emptied), back, then c2-d1.
	if w := r.ev.work[firstB]; !w.on && fb.Emptied.Has(w.sq) {
		near := r.cfg.Rules.Geometry().Adjacent8(w.sq) &^ (actsA | actsB)
		for i := firstB - 1; i >= lo && w.at.Sub(r.ev.work[i].at) < makeBreak; i-- {
			if v := r.ev.work[i]; v.on && near.Has(v.sq) && r.board[v.sq] == 0 && lastAt(r.ev.work[:i], v.sq, false) < 0 {
				firstB = i
				break
			}
		}
	}
	// Before b begins, a piece put down off a's squares where none was lifted is neither
	// a's work nor a fumble: b4 dropped there belongs to a move between (d2, then a3-b4,
	// then c1-c2 is never d2 and c1-c2 with b4 dropped later).
	// And a stands when b begins: a square only it empties last seen emptied, one it fills
	// last seen filled (e4-d4 taken back, d4 lifted and e4 filled again, then f4-e5 is never
	// e4-d4 followed by moves that never took d4's pawn up).
	empties, fills := fa.Emptied&onlyA&^fa.Line, (fa.Filled|fa.Replaced)&onlyA&^fa.Line
	var undone engine.Bitboard
	for _, w := range r.ev.work[lo:firstB] {
		if (empties | fills).Has(w.sq) {
			undone &^= engine.Bit(w.sq)
			if w.on == empties.Has(w.sq) {
				undone |= engine.Bit(w.sq)
			}
		}
	}
	if undone != 0 {
		return -1
	}
	var up engine.Bitboard
	passed := r.overshot(actsA, firstB) | r.wavered(actsA, firstB)
	// (A move made and taken back between a and b is nobody's: f7-b3, c1-f4 over d2 and e3
	// taken back, then a drop on d5.)
	if between := r.ev.work[lo+lastOn(r.ev.work[lo:firstB], actsA)+1 : firstB]; restored(between) {
		passed |= squaresOf(between)
	}
	for _, w := range r.ev.work[lo:firstB] {
		switch {
		case actsA.Has(w.sq) || passed.Has(w.sq):
		case !w.on:
			up |= engine.Bit(w.sq)
		case !up.Has(w.sq):
			return -1
		default:
			up &^= engine.Bit(w.sq)
		}
	}
	var liftedAgain, putSince engine.Bitboard
	for i := firstB; i < len(r.ev.work); i++ {
		w := r.ev.work[i]
		if j := undoneOn(r.ev.work[i:], actsA, onA); j > 0 && w.scan != r.ev.work[firstB].scan {
			i += j - 1 // (a taken back and made again once b had begun: a stands, b6-c7 and back)
			continue
		}
		if w.on && (liftedAgain&onA == 0 || slidOver(r.ev.work, i)) {
			// (Not while a's piece is up again: that is a's, going back. Unless a slide
			// passed over the square: e4-e5, then e5-e3 over e4.)
			putSince |= engine.Bit(w.sq)
		}
		switch {
		case w.scan == r.ev.work[firstB].scan:
			// Seen in the scan b began: no order between them (sameScan). Both orders
			// are then read, and a question tells them apart where the squares cannot.
		case w.on && liftedAgain.Has(w.sq):
			liftedAgain &^= engine.Bit(w.sq) // a piece lifted and put back: a's done
		case !w.on && !offA.Has(w.sq):
			liftedAgain |= engine.Bit(w.sq)
		case w.on && onA.Has(w.sq) || !w.on && offA.Has(w.sq) && !putSince.Has(w.sq):
			// a still at work once b has begun. (Not a piece put on a square a emptied,
			// and taken off again: b's hand overshooting onto it, c2-b1 then c4-c3 by c2.)
			return -1
		}
	}
	return firstB
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
// A push seen in part is kept: it is asked, and where its work began is what it hides.
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
		first[r.whole(p)] = min(first[r.whole(p)], start(p.a))
	}
	keep := pairs[:0]
	for _, p := range pairs {
		if start(p.a) == first[r.whole(p)] || p.partial {
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
	}
	if r.ev.lifted&^(own|explained) == 0 {
		return 1
	}
	return 0
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
	keep := pairs[:0]
	for i, p := range pairs {
		if min(least[0], least[1]) > chainMoves && !p.done || p.done && p.rack == rack && p.moves == least[whole(p)] && (whole(p) == 1 || p.moves < least[1]) ||
			p.done && p.partial || refill[i] {
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
	j := i + 1 + slices.IndexFunc(ws[i+1:], func(w work) bool { return w.sq == ws[i].sq })
	if j <= i || ws[j].on || ws[j].at.Sub(ws[i].at) >= handOff {
		return -1
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
	return r.restoredFrom(k) &^ near
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
