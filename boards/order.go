package boards

import (
	"slices"
	"time"

	"github.com/tavoliere/tavoliere/engine"
)

// The order of two moves in one reading (firstOfTwo): where in the work the second move
// begins (orderSplit), and the checks that a move's piece came down after it was taken up
// and not long before (landedBefore, landedLong, landedEarly).

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
// empties, f's piece taken up again before, is emptied again later and f's square filled
// after that: f made again, the piece put back at i its own, taken back.
func (r *Referee) redoneAfter(f engine.Footprint, i int) bool {
	sq := r.ev.work[i].sq
	if !f.Emptied.Has(sq) {
		return false
	}
	if _, to, ok := carried(f); ok && lastAt(r.ev.work[:i], to, false) < lastAt(r.ev.work[:i], to, true) {
		return false // (f's piece still where it went: the one put back here is another, g2-f2 then a drop on g2)
	}
	j := slices.IndexFunc(r.ev.work[i+1:], func(w work) bool { return w.is(sq, false) })
	if j < 0 {
		return false
	}
	lift, dest := r.ev.work[i+1+j], func(w work) bool { return w.on && (f.Filled | f.Replaced).Has(w.sq) }
	// (f's square filled just before the lift: made before break, a6's stone on to b6 a
	// scan before a6 read empty.)
	early := slices.ContainsFunc(r.ev.work[i+1:i+1+j], func(w work) bool { return dest(w) && lift.at.Sub(w.at) < makeBreak })
	if k := slices.IndexFunc(r.ev.work[i+2+j:], func(w work) bool { return w.sq == sq }); k >= 0 && r.ev.work[i+2+j+k].at.Sub(lift.at) < handOff &&
		!early && !slices.ContainsFunc(r.ev.work[i+2+j:i+2+j+k], dest) {
		// (Lifted and put back at once: a disc turned there, not f made again. Not where
		// f's square was filled meanwhile: the slide made again, a drop on the square it
		// left, g6-f5 and back, g6-e4 over f5, then g6.)
		return false
	}
	return early || slices.ContainsFunc(r.ev.work[i+2+j:], dest)
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
// squares in between, or taken up off them just before: that piece is another (a3-a2, a3
// put back by the next player, then b2 lifted is never b2-a2).
func (r *Referee) landedEarly(f engine.Footprint) bool {
	on, off := r.downBeforeLift(f)
	if on < 0 || !r.ev.work[on].at.Add(makeBreak).Before(r.ev.work[off].at) {
		return false
	}
	own := r.own(f)
	// (Or it came down just after a piece was taken up off f's squares: that one, carried
	// there: b6-b5 overshot to c6 and back, then a5-b6, is never a5-b5. Or just before
	// another square was glimpsed empty, made before break: that one's piece, its square
	// refilled at once, e5-e6 and a drop on e5 never d7-e6 260 ms before d7 was lifted.)
	return slices.ContainsFunc(r.ev.work[on+1:off], func(w work) bool { return !own.Has(w.sq) }) ||
		on > 0 && !r.ev.work[on-1].on && !own.Has(r.ev.work[on-1].sq) && r.ev.work[on].at.Sub(r.ev.work[on-1].at) < handOff ||
		r.glimpsedAfter(on, off, r.ev.work[off].sq)
}

// glimpsedAfter reports whether a square other than from, in line with the square filled
// at work[on], was glimpsed empty within makeBreak after that piece came down, before
// work[off]: a piece slid from there made before break, its square refilled faster than a
// scan.
func (r *Referee) glimpsedAfter(on, off int, from engine.Square) bool {
	g, to := r.cfg.Rules.Geometry(), r.ev.work[on].sq
	for b := r.ev.glimpsed &^ engine.Bit(from); b != 0; {
		sq := b.Pop()
		if !inLine(g, sq, to) {
			continue // (no slide to the square could come from there)
		}
		at := r.ev.glimpseAt[sq].at
		if d := at.Sub(r.ev.work[on].at); d >= 0 && d <= makeBreak && at.Before(r.ev.work[off].at) {
			return true
		}
	}
	return false
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
	if fa.Line == 0 && fa.Emptied != 0 && !slices.ContainsFunc(r.ev.work[prefix:], func(w work) bool { return fa.Emptied.Has(w.sq) && !w.on }) {
		// (Unless a's piece is never taken up after it: the work that leaves the board as it
		// was holds a itself, d3-d2 then g4, g4-g3 tried, d2-d3 and a drop on d2.)
		prefix = 0
	}
	skip, back := -1, 0
	for i := max(lo, prefix); i < len(r.ev.work); i++ {
		if w := r.ev.work[i]; onlyB.Has(w.sq) && i != skip {
			if j := r.overshotOnto(fa, i); j > 0 {
				skip = j // (a's hand overshooting on to it and back: d4-c5 over to b6, then b4-b6)
				continue
			}
			if e := takenBackAround(r.ev.work, max(lo+lastOn(r.ev.work[lo:i], actsA)+1, back), i, actsA); e > 0 {
				// (a move made and taken back between them, over b's way: a7, f7-c4 and
				// back, then a4-d4; or after taps: e7-f6, g5 touched, e1-e4 and back, b1-e4)
				back = e
				i = e - 1
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
		// (After a move made and taken back before a began, another piece's, over its way
		// or its end: g2-d2 over e2 taken back, then f1-d3 over e2 and a drop on e2; g4-e4
		// over f4 made before break and taken back, then d4-f4 over e4 and a drop on e4.)
		// (Or a's own piece tried and put back before a, over a's squares: a5 tried on to
		// e5 over b5 and back, then a5-c5 over b5 and a drop on b5.)
		from := lo
		if prefix > lo && (!slices.ContainsFunc(r.ev.work[:prefix], func(w work) bool { return fa.Emptied.Has(w.sq) }) || undoneOwn(r.ev.work[:prefix], fa.Emptied)) {
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
				if e := takenBackAround(r.ev.work, 0, i, actsA); e > 0 {
					i = e - 1 // (another piece made and taken back over the square: g3's slid along row 3 and back)
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
	// (Not one put there in a move made and taken back before a began: Xe Queo!'s b3 tried
	// on c3 and put back, then a3-c3 and c3-d4.)
	ends := (fa.Filled | fa.Replaced) & (fb.Emptied | fb.Touched) &^ fa.Line
	var put engine.Bitboard
	for i := max(lo, min(prefix, firstB)); i < firstB; i++ {
		if w := r.ev.work[i]; w.on && ends.Has(w.sq) {
			put |= engine.Bit(w.sq)
		} else if !w.on && put.Has(w.sq) {
			firstB = i
			break
		}
	}
	// Nor before the piece b takes on came down there: c4-b3 and b3-c2 are never c2 filled
	// before b3 (c4-c2, then a3's pawn tried on b3 and put back).
	if on := fb.Emptied & ends; on != 0 {
		if p := slices.IndexFunc(r.ev.work[lo:], func(w work) bool { return w.on && on.Has(w.sq) }); p >= 0 && firstB < lo+p {
			return -1
		}
	}
	// Or with its piece slid made before break on to a square beside, off both moves'
	// squares, and on from there (empty now): c2's pawn on to d3 (d3 filled a scan before
	// c2 emptied), back, then c2-d1. Or on to the square b goes to, one a left (a3-e5,
	// then a2-a3 with a3 filled a scan before a2 emptied) or passed over (e5-g5 over f5,
	// then f6-f5 dragged, f5 filled two scans before f6 emptied). (The square beside may
	// have held another piece passing over it before, emptied again since: e5's stone on
	// to d4 after d6-d3 tried over d4 and taken back.)
	if w := r.ev.work[firstB]; !w.on && fb.Emptied.Has(w.sq) {
		near := r.cfg.Rules.Geometry().Adjacent8(w.sq) &^ (actsA | actsB)
		_, to, slid := carried(fb)
		wayA := r.own(fa) &^ (fa.Emptied | fa.Filled | fa.Replaced | fa.Touched | fa.Flipped)
		for i := firstB - 1; i >= lo && w.at.Sub(r.ev.work[i].at) < makeBreak; i-- {
			v := r.ev.work[i]
			off := lastAt(r.ev.work[:i], v.sq, false)
			if v.on && near.Has(v.sq) && r.board[v.sq] == 0 && (off < 0 || r.state.PieceAt(v.sq) == engine.Empty && off > lastAt(r.ev.work[:i], v.sq, true)) ||
				v.on && slid && v.sq == to && (fa.Emptied.Has(to) || wayA.Has(to) && off > lastAt(r.ev.work[:i], to, true)) {
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
	// turned: a square a fills whose piece b turned (lifted and put back since b began),
	// and a piece put since on a square empty at the last commit, off both moves' ends, to
	// stay (a later move made): a was done, and a later lift there is a later move's
	// (a3-d3, c1-c4 turning d3, c2, then d3-b3 over to a3 and back is no a3-d3 taken back).
	// Until then, a's player may still take a back (turning: a3-c3, d2 turning c3, a4
	// nudged, then c3's stone back on a3 and on to d3).
	var turned, turning engine.Bitboard
	endsAB := fa.Emptied | fa.Filled | fa.Replaced | fa.Flipped | fa.Touched | fb.Emptied | fb.Filled | fb.Replaced | fb.Flipped | fb.Touched
	// setDown: a piece put down off a's squares since a's piece was up again, read as that
	// piece set down there (any piece: the next player's drop reads so too).
	setDown := false
	for i := firstB; i < len(r.ev.work); i++ {
		w := r.ev.work[i]
		if j := undoneOn(r.ev.work[i:], actsA, onA); j > 0 && w.scan != r.ev.work[firstB].scan {
			i += j - 1 // (a taken back and made again once b had begun: a stands, b6-c7 and back)
			if j == 2 {
				turning |= engine.Bit(w.sq) & fb.Flipped // (or its piece turned by b)
			}
			continue
		}
		if w.on && !endsAB.Has(w.sq) && r.expected[w.sq] == 0 && lastAt(r.ev.work, w.sq, false) < i {
			turned, turning = turned|turning, 0
		}
		switch {
		case !w.on && onA.Has(w.sq):
			setDown = false
		case w.on && !actsA.Has(w.sq) && liftedAgain&onA != 0:
			setDown = true
		}
		if w.on && (liftedAgain&onA == 0 || setDown || slidOver(r.ev.work, i) || r.passedOn(i, (liftedAgain&onA).First()) || r.passedOver(i)) {
			// (Not while a's piece is up again: that is a's, going back. Unless a slide
			// passed over the square: e4-e5, then e5-e3 over e4; f4-d4, then d4-g4 over
			// f4, f4 emptied before g4 filled. Nor once it came down elsewhere: f1-f4,
			// f4-d2, then g2-f1 is no f1-f4 taken back.)
			putSince |= engine.Bit(w.sq)
		}
		switch {
		case w.scan == r.ev.work[firstB].scan:
			// Seen in the scan b began: no order between them (sameScan). Both orders
			// are then read, and a question tells them apart where the squares cannot.
		case turned.Has(w.sq):
			// (Later moves' work on a piece b turned: a was done.)
		case w.on && liftedAgain.Has(w.sq):
			liftedAgain &^= engine.Bit(w.sq) // a piece lifted and put back: a's done
			turning |= engine.Bit(w.sq) & onA & fb.Flipped
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

// wentPast reports whether slide f's piece went on past its landing square and stayed
// there: a square beyond it on its line, empty before the work, filled no sooner than two
// scans before the piece first left the landing square (made before break), and still
// filled when the landing square was filled for the last time and for more than two scans
// after. The piece that last landed there may be another's (g3-c3 over e3, then
// a drop on e3, reads as g3-e3 and a drop on c3; a piece overshooting and brought back,
// made before break, leaves the square beyond within two scans).
func (r *Referee) wentPast(f engine.Footprint) bool {
	if f.Via != 0 || f.Emptied == 0 || f.Emptied&(f.Emptied-1) != 0 || f.Filled == 0 || f.Filled&(f.Filled-1) != 0 {
		return false
	}
	ws, to := r.ev.work, f.Filled.First()
	first, land := slices.IndexFunc(ws, func(w work) bool { return w.is(to, true) }), lastAt(ws, to, true)
	if first < 0 || first == land {
		return false
	}
	gone := first + 1 + slices.IndexFunc(ws[first+1:], func(w work) bool { return w.is(to, false) })
	if gone <= first {
		return false
	}
	beyond := past(r.cfg.Rules.Geometry(), f.Emptied.First(), to)
	for i := first + 1; i < land; i++ {
		if !ws[i].on || !beyond.Has(ws[i].sq) {
			continue
		}
		if !ws[slices.IndexFunc(ws, func(w work) bool { return w.sq == ws[i].sq })].on {
			continue // (not empty before the work: a piece put back, a disc turned)
		}
		if ws[i].scan+2 < ws[gone].scan {
			continue // (filled while the piece was still on the landing square: another's)
		}
		if j := nextAt(ws, i); j < 0 || ws[j].scan > ws[land].scan+2 {
			return true
		}
	}
	return false
}

// passedOver reports whether the piece put down at work[i] is another's passing over the
// square (passedOn), from a square lifted within handOff of its coming down: c4-c2 over c3,
// made before break, c3 filled just before c4 emptied.
func (r *Referee) passedOver(i int) bool {
	ws := r.ev.work
	for j := range ws {
		if w := ws[j]; !w.on && w.sq != ws[i].sq && w.at.Sub(ws[i].at).Abs() < handOff && r.passedOn(i, w.sq) {
			return true
		}
	}
	return false
}

// passedOn reports whether the piece put down at work[i] went on (wentOn) and the next
// piece put down lay beyond it on a straight way from square from, within handOff of its
// leaving: a slide from there passing over the square, its stone taken up before the next
// square is filled (d4-g4 over f4; not c3's stone put back on a3, then a3-b3).
func (r *Referee) passedOn(i int, from engine.Square) bool {
	ws := r.ev.work
	if !wentOn(ws, i) {
		return false
	}
	j := nextAt(ws, i)
	if j < 0 {
		return false
	}
	k := j + 1 + slices.IndexFunc(ws[j+1:], func(w work) bool { return w.on })
	return k > j && ws[k].at.Sub(ws[j].at) < handOff && between(r.cfg.Rules.Geometry(), from, ws[k].sq).Has(ws[i].sq)
}
