package boards

// Moves called in doubt by the board after their commit: a piece put back on a square a
// move left.

import (
	"slices"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/hw"
)

// reopening holds the last moves committed on the board's word alone (no question, no
// command, not the AI's), in order, with the evidence each was read from, while the board
// may still show the first of them was another move with a piece fumbled: a drop on b6
// and a6 lifted 30 ms later reads as a6-b6, made before break, committed once the board
// rests; a6 put back 400 ms later (or after the next player's g1) is a drop on a6, or a6's
// stone, fumbled, put back after a drop on b6. The sensors cannot tell which: the moves
// are taken back and the readings asked.
type reopening struct {
	moves []reopened
	keep  bool // set around a commit on the board's word: positionChanged keeps moves
	due   int  // the moves to take back at the scan's end (reopenOn found one in doubt)
}

// reopened is a move of reopening: its squares left, and what was seen since the commit
// before it.
type reopened struct {
	move    engine.Move
	emptied engine.Bitboard
	ev      evidence
}

// maxReopen bounds the moves kept open to doubt: a fumble is put back within TapMax,
// before three more moves are made.
const maxReopen = 3

// commitByBoard commits m, read from the board alone, and keeps it open to doubt
// (reopenOn) with what was seen since the commit before it.
func (r *Referee) commitByBoard(m engine.Move) {
	ev := r.ev
	ev.work = slices.Clone(r.ev.work)
	r.reopen.keep = true
	r.commit(m)
	r.reopen.keep = false
	if ev.workLost || len(r.history) == 0 || r.history[len(r.history)-1] != m {
		r.reopen.moves = r.reopen.moves[:0]
		return
	}
	r.state.Undo()
	f := r.state.Footprint(m)
	r.state.Play(m)
	if len(r.reopen.moves) == maxReopen {
		r.reopen.moves = slices.Delete(r.reopen.moves, 0, 1)
	}
	r.reopen.moves = append(r.reopen.moves, reopened{move: m, emptied: f.Emptied, ev: ev})
}

// reopenOn weighs a change on the board while moves are open to doubt: a piece put back,
// within TapMax of its lift (a touch, not a move), on a square one of them left, where the
// board then shows another legal move made in its place and the moves after it made as
// they were, and, if work was seen since the last commit, one more (the hand's other piece
// put down while this one was fumbled, the next player's move begun), calls that move and
// those after it in doubt.
func (r *Referee) reopenOn(s engine.Square, v hw.Reading) {
	if v == 0 || r.sync || r.reopen.due > 0 || r.ev.workLost {
		return
	}
	if r.aiMove != 0 && (len(r.ev.work) > 0 || r.state.Footprint(r.aiMove).Filled.Has(s)) {
		// (The AI's move, announced after them, begun or put down there: d3-g6 passing
		// over f5, which f5-g4 left.)
		return
	}
	ms := r.reopen.moves
	for k := len(ms) - 1; k >= 0; k-- {
		if !ms[k].emptied.Has(s) {
			continue
		}
		// (Its last lift: a6 fumbled twice, put back 500 ms after its second lift.)
		lift := lastAt(ms[k].ev.work, s, false)
		if lift < 0 || r.now.Sub(ms[k].ev.work[lift].at) > r.cfg.TapMax {
			continue
		}
		if r.shownInstead(ms[k:], r.board, len(r.ev.work) > 0) {
			r.reopen.due = len(ms) - k
			return
		}
	}
}

// shownInstead reports whether board shows, from the position before ms, a legal move
// other than ms[0] followed by the rest of ms, each legal after it, and, where more is
// true, one more legal move. The state is as it was when it returns.
func (r *Referee) shownInstead(ms []reopened, board Board, more bool) bool {
	for range ms {
		r.state.Undo()
	}
	defer func() {
		for _, m := range ms {
			r.state.Play(m.move)
		}
	}()
	for _, o := range r.state.Legal(nil) {
		// (Not a move the squares cannot show: Xe Queo!'s challenge, beside a pawn gone
		// into the ring and the ring set down a moment where it left.)
		if f := r.state.Footprint(o); o == ms[0].move || f.Emptied|f.Filled|f.Replaced|f.Flipped == 0 {
			continue
		}
		r.state.Play(o)
		played := 1
		for _, m := range ms[1:] {
			if r.state.Outcome().Over || r.state.Validate(m.move) != nil {
				break
			}
			r.state.Play(m.move)
			played++
		}
		shown := played == len(ms) && Project(r.state, r.kind) == board
		if more {
			shown = played == len(ms) && r.oneMoreShows(board)
		}
		for range played {
			r.state.Undo()
		}
		if shown {
			return true
		}
	}
	return false
}

// oneMoreShows reports whether a legal move from the position leaves board.
func (r *Referee) oneMoreShows(board Board) bool {
	if r.state.Outcome().Over {
		return false
	}
	for _, n := range r.state.Legal(nil) {
		r.state.Play(n)
		shown := Project(r.state, r.kind) == board
		r.state.Undo()
		if shown {
			return true
		}
	}
	return false
}

// reopenLast takes back the moves reopenOn called in doubt and reads the work since the
// commit before the first of them again, the put back included: the readings are asked.
func (r *Referee) reopenLast() {
	n := r.reopen.due
	ms := slices.Clone(r.reopen.moves[len(r.reopen.moves)-n:])
	r.reopen.due = 0
	ev := ms[0].ev
	for _, m := range ms[1:] {
		ev.work = append(ev.work, m.ev.work...)
		ev.lifted |= m.ev.lifted
	}
	ev.work = append(ev.work, r.ev.work...)
	for _, w := range r.ev.work {
		if !w.on {
			ev.lifted |= engine.Bit(w.sq)
		}
	}
	text := r.cfg.Rules.FormatMove(ms[0].move)
	r.undoMoves(n)
	r.stats.Reopened++
	r.emit(Event{Kind: TakenBack, Move: ms[0].move, Msg: msg("reopened", "n", itoa(n), "move", text),
		Text: text + " in doubt, a piece put back where it left: " + itoa(n) + " move(s) taken back"})
	r.ev = ev
	r.dirty = true
	r.next()
}
