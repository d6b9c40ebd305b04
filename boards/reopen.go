package boards

// The last move called in doubt by the board after its commit: a piece put back on the
// square it left.

import (
	"slices"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/hw"
)

// reopening is the last move committed on the board's word alone (no question, no
// command), with the evidence it was read from, while the board may still show it was
// another move with a piece fumbled: a drop on b6 and a6 lifted 30 ms later reads as
// a6-b6, made before break, and is committed once the board rests; a6 put back 400 ms
// later is a drop on a6, or a6's stone, fumbled, put back after a drop on b6. The sensors
// cannot tell which: the move is taken back and the two readings asked.
type reopening struct {
	move    engine.Move
	ply     int             // the position's ply after it
	emptied engine.Bitboard // the squares it left
	ev      evidence        // what was seen since the commit before it
	due     bool            // a piece was put back where it left: taken back at the scan's end
}

// keepEvidence returns a copy of what was seen since the last commit, for mayReopen: the
// commit forgets it.
func (r *Referee) keepEvidence() evidence {
	ev := r.ev
	ev.work = append(r.reopen.ev.work[:0], r.ev.work...)
	return ev
}

// mayReopen notes m, just committed from ev, as one the board may yet call in doubt: a
// move that left a square, made by a hand the referee watched (not the AI's, whose move
// was announced before the hands made it).
func (r *Referee) mayReopen(m engine.Move, ev evidence) {
	r.reopen.ev = ev
	if r.gameOver || ev.workLost || len(r.history) == 0 || r.history[len(r.history)-1] != m {
		return
	}
	r.state.Undo()
	f := r.state.Footprint(m)
	r.state.Play(m)
	if f.Emptied == 0 {
		return
	}
	r.reopen.move, r.reopen.ply, r.reopen.emptied = m, r.state.Ply(), f.Emptied
}

// reopenOn weighs the first change on the board after the move noted by mayReopen: a piece
// put back, within TapMax of its lift (a touch, not a move), on a square the move left, where the board then shows
// another move made from the position before it (the hand's other piece put down while
// this one was fumbled), calls the move in doubt. Any other change ends the doubt.
func (r *Referee) reopenOn(s engine.Square, v hw.Reading) {
	m := r.reopen.move
	r.reopen.move = 0
	if v == 0 || !r.reopen.emptied.Has(s) || len(r.ev.work) > 0 || r.state.Ply() != r.reopen.ply || r.sync {
		return
	}
	lift := slices.IndexFunc(r.reopen.ev.work, func(w work) bool { return w.is(s, false) })
	if lift < 0 || r.now.Sub(r.reopen.ev.work[lift].at) > r.cfg.TapMax {
		return
	}
	if r.aiMove != 0 && r.state.Footprint(r.aiMove).Filled.Has(s) {
		return // (the AI's move, announced after m, put down there)
	}
	board := r.board // (with s as it reads now: the caller sets it once this returns)
	board[s] = v
	r.state.Undo()
	defer r.state.Play(m)
	for _, o := range r.state.Legal(nil) {
		if o == m {
			continue
		}
		r.state.Play(o)
		shown := Project(r.state, r.kind) == board
		r.state.Undo()
		if shown {
			r.reopen.move, r.reopen.due = m, true
			return
		}
	}
}

// reopenLast takes back the move reopenOn called in doubt and reads the work since the
// commit before it again, the put back included: the readings are asked.
func (r *Referee) reopenLast() {
	m, ev := r.reopen.move, r.reopen.ev
	r.reopen.due = false
	after := slices.Clone(r.ev.work)
	text := r.cfg.Rules.FormatMove(m)
	r.undoMoves(1)
	r.emit(Event{Kind: TakenBack, Move: m, Text: text + " taken back: the board now also reads as another move, a piece put back",
		Msg: msg("reopened", "n", "1", "move", text)})
	r.next()
	r.ev = ev
	r.ev.work = append(r.ev.work, after...)
	r.reopen.ev.work = nil // (r.ev.work is its array now)
	for _, w := range after {
		if !w.on {
			r.ev.lifted |= engine.Bit(w.sq)
		}
	}
	r.dirty = true
}
