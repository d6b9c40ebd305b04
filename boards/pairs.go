package boards

import (
	"slices"

	"github.com/tavoliere/tavoliere/engine"
)

// Two moves in one reading: the next player began before the last move was committed (it
// waited for the settle window, or its push for the board to rest). The work since the last
// commit is split into a first move a, seen whole, and a second move b of the next player,
// made after it (done, or on its way). a is committed, and the work from the split on is
// kept as the evidence for b, which is matched as any move is. Where the work splits so for
// several first moves, they are asked; a question about a is answered as usual, and b is
// then read from the board (answeredByReply).

// pairFit is one way the work splits into two moves.
type pairFit struct {
	a     engine.Move
	split int  // where in work b's work begins
	done  bool // b is seen whole; otherwise it is on its way
}

// firstOfTwo finds the first moves a that the board and the work show followed by a move
// of the next player, who must be a person at the board. pushOnly limits a to pushes (the
// board reads as the position: only the order of the work shows anything).
func (r *Referee) firstOfTwo(pushOnly bool) []pairFit {
	if r.gameOver || r.thinking || r.aiMove != 0 || r.asking != nil || r.sync || r.workLost || len(r.work) == 0 {
		return nil
	}
	s := r.state
	var out []pairFit
	for _, a := range r.legal {
		fa := s.Footprint(a)
		var splits []int
		if fa.Line != 0 {
			// A push ends with its entry filled: the work up to there must show it whole.
			for k := 1; k < len(r.work); k++ {
				if w := r.work[k-1]; w.on && w.sq == fa.Entry && r.pushWork(fa, 0, k) == fitFull {
					splits = append(splits, k)
				}
			}
			if len(splits) == 0 {
				continue
			}
		} else {
			changed := fa.Emptied | fa.Filled | fa.Replaced
			if pushOnly || changed&r.diff == 0 || fa.Touched&^r.lifted != 0 || !r.rackFits(s) && fa.Rack != engine.Empty {
				continue
			}
		}
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
		best := pairFit{a: a, split: -1}
		r.buf2 = s.Legal(r.buf2[:0])
		for _, b := range r.buf2 {
			fb := s.Footprint(b)
			ks := splits
			if fa.Line == 0 {
				k := r.orderSplit(fa, fb)
				if k < 0 {
					continue
				}
				ks = []int{k}
			}
			for _, k := range ks {
				done, ok := r.secondFits(b, fb, k, diff, &after)
				if ok && (best.split < 0 || done && !best.done || done == best.done && k < best.split) {
					best.split, best.done = k, done
				}
			}
		}
		s.Undo()
		if fa.Line != 0 && best.split < 0 {
			// A push seen whole, then work off its line: whatever comes next, the push is
			// done (a cube tapped, a move begun that the board does not show yet).
			best.split = splits[len(splits)-1]
		}
		if best.split >= 0 {
			out = append(out, best)
		}
	}
	return out
}

// secondFits reports whether move b, after the first move (r.state is the position after
// it, whose projection is after), fits the board and the work from k on: seen whole (done),
// or on its way (the board differs from after only where b acts, and the hands have been
// at work since k).
func (r *Referee) secondFits(b engine.Move, fb engine.Footprint, k int, diff engine.Bitboard, after *Board) (done, ok bool) {
	r.workFrom = k
	defer func() { r.workFrom = 0 }()
	switch r.fits(b, diff, after) {
	case fitFull, fitBoard:
		return true, true
	case fitPartial:
		return false, true
	}
	acts := fb.Emptied | fb.Filled | fb.Replaced | fb.Flipped | fb.Touched | fb.Line
	if diff&^acts != 0 || k >= len(r.work) {
		return false, false
	}
	if fb.Line != 0 && !r.onLine(fb.Line, k) {
		return false, false // a push's hand works on its line alone
	}
	return false, true
}

// orderSplit returns where in the work the second move b begins, when the work shows the
// first move a done before it: the hand's last work on a square only a acts on comes before
// its first work on a square only b acts on. -1 if the work does not show that order.
func (r *Referee) orderSplit(fa, fb engine.Footprint) int {
	actsA := fa.Emptied | fa.Filled | fa.Replaced | fa.Touched | fa.Line
	actsB := fb.Emptied | fb.Filled | fb.Replaced | fb.Touched | fb.Line
	onlyA, onlyB := actsA&^actsB, actsB&^actsA
	lastA, firstB := -1, -1
	for i, w := range r.work {
		if onlyA.Has(w.sq) {
			lastA = i
		}
		if onlyB.Has(w.sq) && firstB < 0 {
			firstB = i
		}
	}
	if firstB < 0 || lastA >= 0 && r.work[lastA].scan >= r.work[firstB].scan {
		return -1
	}
	return firstB
}

// matchPair matches two moves in one reading (firstOfTwo): a single first move is
// committed with the second's work kept, once the second is seen whole or, for a push, as
// soon as the hands work off its line; several first moves are asked. It reports whether it
// matched.
func (r *Referee) matchPair(pushOnly bool) bool {
	pairs := r.firstOfTwo(pushOnly)
	if len(pairs) == 0 {
		return false
	}
	r.buf = r.buf[:0]
	split, done := len(r.work), false
	for _, p := range pairs {
		if !slices.Contains(r.buf, p.a) {
			r.buf = append(r.buf, p.a)
		}
		split = min(split, p.split)
		done = done || p.done || r.state.Footprint(p.a).Line != 0
	}
	switch {
	case !done:
		r.matchKind = inProgress // the second move is on its way: no mismatch
	case len(r.buf) == 1:
		r.matchKind, r.matchMove, r.split = matchMove, r.buf[0], split
		// Two moves wait for the board to rest: a piece in transit (a slide passing over a
		// square, made before break) reads for a moment as a move and a placement. A push
		// is done once the hand works off its line, unless one push could still explain
		// all the work.
		fa := r.state.Footprint(r.buf[0])
		r.extendable = fa.Line == 0 || r.onLine(fa.Line, split) || r.singleOnItsWay()
	default:
		r.matchKind, r.askFrom = matchMany, split
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
		if f.Line != 0 && r.lifted != 0 && r.diff&^f.Line == 0 && r.onLine(f.Line, 0) {
			return true
		}
	}
	return false
}

// onLine reports whether the hand's work from work[lo] on is on line alone, but for taps
// (a square lifted and put back at once) off it.
func (r *Referee) onLine(line engine.Bitboard, lo int) bool {
	for i := lo; i < len(r.work); i++ {
		w := r.work[i]
		if line.Has(w.sq) {
			continue
		}
		if !w.on && i+1 < len(r.work) && r.work[i+1].is(w.sq, true) {
			i++
			continue
		}
		return false
	}
	return true
}
