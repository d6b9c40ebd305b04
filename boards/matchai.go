package boards

// The AI's move announced and carried out by a person (match.go): alone, or followed at
// once by the reply.

import (
	"slices"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/hw"
)

// matchAI matches the announced AI move, or the AI move followed at once by the reply.
func (r *Referee) matchAI() {
	s := r.state
	fa := s.Footprint(r.aiMove)
	// Only the AI's move is awaited: a square of it glimpsed empty (a capture swapped
	// faster than the debouncer) was the hand's work there.
	r.ev.lifted |= r.ev.glimpsed & fa.Touched
	ok := r.fits(r.aiMove, 0, 0, r.diff, &r.expected)
	if ok == fitPartial && fa.Line != 0 && !r.ev.lifted.Has(fa.Entry) && r.board[fa.Entry] == r.expected[fa.Entry] && r.now.Sub(r.last) < slidOnHold {
		// A push partly seen, the board just now showing it, its entry never seen empty nor
		// read changed: a marble slid on before the one behind it was put in closes the
		// next square a scan before its own opens (a1's marble to a2, then the new marble
		// on a1). Taken once the board holds for slidOnHold.
		if len(r.ev.work) == 0 {
			r.ev.rolledAI = r.aiMove // (a reply begun before that may set its line back: pushedAI)
		}
		r.v.kind, r.dirty = inProgress, true
		return
	}
	if ok == fitFull || ok == fitPartial {
		// Only the AI's move can be on the board: a push of it partly seen is enough. But
		// work done within handOff of the last commit on its piece or the square past it
		// may be that move's hand overshooting, on its way back (handStill): it is taken
		// once the board rests.
		r.v.kind, r.v.move, r.v.extendable = matchMove, r.aiMove, r.handStill()
		return
	}
	// The reply is matched against the position after the AI's move: a person's move, the
	// game not over (who moves next is the game's to say: in Push the owner of the marble
	// pushed out, in Push 4 and Quixo 4 a seat may be skipped). Of a push's work, the reply's
	// starts once the AI's push is done, its entry filled; or with the first, where the push
	// rolled along as one (pushDoneAt).
	// A square of the AI's move never seen lifted (its capture swapped between two scans):
	// where a reply follows it, the lights ask for it to be lifted (toLift), as for the
	// AI's move alone.
	// (A push is read from its work, pairWork: its squares between may slide unseen.)
	missing := fa.Touched &^ r.ev.lifted
	if fa.Line != 0 {
		missing = 0
	}
	if missing != 0 && fa.Replaced&missing != missing {
		return
	}
	s.Play(r.aiMove)
	defer s.Undo()
	if s.Outcome().Over || r.sides[s.Turn()] != Human {
		return
	}
	if missing != 0 {
		lifted := r.ev.lifted
		r.ev.lifted |= missing
		defer func() {
			r.ev.lifted = lifted
			if r.v.kind == matchAIPair {
				r.v.kind, r.v.move, r.v.split, r.v.toLift = inProgress, 0, -1, missing
			}
		}()
	}
	diff := r.diffAfter(&r.afterAI, fa.Flipped)
	for k := 0; k <= len(r.ev.work); k++ {
		if fa.Line == 0 && k > 0 {
			break
		}
		// (A push the board showed rolled along as one before any work is done there,
		// whatever the reply does to its line after: Nd across W2's row sets d2 back.)
		rolled := k == 0 && r.ev.rolledAI == r.aiMove
		if fa.Line != 0 && !rolled && (!r.pushDoneAt(fa, k) || r.pairWork(fa, k) == fitNone) {
			continue
		}
		var found engine.Move
		n, full := 0, false
		for _, m := range s.Legal(r.v.moves[:0]) {
			switch r.fits(m, k, r.outBit(fa), diff, &r.afterAI) {
			case fitFull:
				found, full = m, true
				n++
			case fitPartial:
				n++
			}
		}
		// (No reply fits yet: the AI's move is done, and the reply begun, only where the
		// board shows the AI's squares as after it; a push only with a reply that fits.)
		if n == 0 && (fa.Line != 0 || diff&(fa.Emptied|fa.Filled|fa.Replaced) != 0 || !r.replyBegun(s, diff)) {
			continue
		}
		// The AI's move is done. Two moves at once always wait for the board to settle: a
		// piece in transit over a square can read there for a frame after it has gone, and
		// that frame may look like the AI's move done and a reply dropped. Where several
		// replies fit, the reply is left to the ordinary matching (which asks) once the
		// AI's move is in.
		r.v.kind, r.v.extendable, r.v.move, r.v.split = matchAIPair, true, 0, k
		if n == 1 && full && (r.kind != hw.Presence || s.Footprint(found).Replaced == 0) {
			// (A capture on presence sensors may be another whose swap went unseen: the
			// ordinary matching weighs them, hidden.go.)
			r.v.move = found
		}
		return
	}
}

// pushDoneAt reports whether the work before work[k] may be all of push f's: it ends with
// its entry filled; or f rolled along as one, its work (if any) in one scan on its line and
// k ending that scan, the gutter or the line's readings showing it.
func (r *Referee) pushDoneAt(f engine.Footprint, k int) bool {
	ws := r.ev.work
	if k > 0 && ws[k-1].is(f.Entry, true) {
		return true
	}
	if !r.rolledOut(f) && r.diff&f.Line == 0 || k < len(ws) && k > 0 && ws[k].scan == ws[k-1].scan {
		return false
	}
	return !slices.ContainsFunc(ws[:k], func(w work) bool { return w.scan != ws[0].scan || !f.Line.Has(w.sq) })
}

// replyBegun reports whether the board differs from the position after the AI's move (s,
// diff) only where a legal reply acts, with a piece it takes off lifted and still off: the
// reply is under way, or done with its capture swapped unseen (which the ordinary matching
// weighs once the AI's move is in, hidden.go).
func (r *Referee) replyBegun(s engine.State, diff engine.Bitboard) bool {
	if diff == 0 {
		return false
	}
	for _, m := range s.Legal(r.v.moves[:0]) {
		f := s.Footprint(m)
		if diff&^(f.Emptied|f.Filled|f.Replaced|f.Flipped|f.Touched) == 0 && f.Emptied&diff&r.ev.lifted != 0 {
			return true
		}
	}
	return false
}
