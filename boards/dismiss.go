package boards

// The players' "none of these": a question closed with no move taken.

import (
	"strings"

	"github.com/tavoliere/tavoliere/engine"
)

// dismiss closes the open question (CmdDismiss), none of its moves made; not one whose every
// option the board cannot show (askingSilent), which stays open. The hands' work
// that suggested them is forgotten, so that the same reading does not ask again: a board
// that shows the position waits for the move, made again; one that differs from it and
// shows the position one or two moves back is the takeback (pushes set back by hand that
// read as pushes made, and asked); one that differs from both is a mismatch, lit at once
// and worded after the grace period, as any other.
func (r *Referee) dismiss() {
	if r.asked.moves == nil {
		r.emit(Event{Kind: Warning, Text: "nothing was asked", Msg: msg("not-asked")})
		return
	}
	if r.askingSilent() {
		// (The board cannot show any of them: closed, the same question would be asked at once.)
		r.emit(Event{Kind: Warning, Text: mustChoose, Msg: msg("must-choose")})
		return
	}
	names := make([]string, len(r.asked.moves))
	for i, o := range r.asked.moves {
		names[i] = r.cfg.Rules.FormatMove(o)
	}
	back := 0
	if r.cfg.Takeback && r.board != r.expected {
		// (Read before the lifts are forgotten: a cube push is set back by its entry taken
		// up. Not on a board that reads as the position: moves that change nothing the
		// sensors read, Quarto's piece handed over or a Quixo push on presence sensors,
		// are no takeback.)
		back = r.earlierMatch()
	}
	b := r.board
	r.shown.none = &b // (the board read alone is not asked about while it reads so: shown.go)
	r.asked.moves, r.asked.closing, r.v.restHeld, r.shown.asked, r.shown.next = nil, false, false, false, false
	r.tapSquare, r.tapHeld, r.asked.heldTap = engine.NoSquare, engine.NoSquare, engine.NoSquare
	r.ev.lifted = 0
	r.forgetOrder()
	r.v.kind, r.dirty = noMatch, true // (matched again on the next frame or tick)
	r.emit(Event{Kind: Dismissed, Text: "none of the moves asked about was made: " + strings.Join(names, " or "),
		Msg: msg("dismissed", "moves", strings.Join(names, " "))})
	if back > 0 {
		r.takeBack(back, "the board was set back", "set-back")
	}
}
