package boards

// Moves called in doubt by the board after their commit: a piece put back on a square a
// move left.

import (
	"slices"
	"strings"
	"time"

	"github.com/tavoliere/tavoliere/engine"
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
	// held is the AI's move, come while a move before it is still open to doubt
	// (doubtOpen): announced once the doubt is over, so that no hand carries out an answer
	// to a move the board may yet call in doubt. ok says one is held.
	held struct {
		m  Message
		ok bool
	}
}

// reopened is a move of reopening: its squares left, and what was seen since the commit
// before it.
type reopened struct {
	move    engine.Move
	emptied engine.Bitboard
	ev      evidence
}

// maxReopen bounds the moves kept open to doubt: a fumble is put back within TapMax, and
// each commit on the board's word waits for the settle window, so two fit in it at most.
const maxReopen = 3

// commitByBoard commits m, read from the board alone, and keeps it open to doubt
// (reopenOn) with what was seen since the commit before it.
func (r *Referee) commitByBoard(m engine.Move) {
	ev := r.ev
	ev.work = slices.Clone(r.ev.work)
	r.reopen.keep = true
	r.commit(m)
	r.reopen.keep = false
	if ev.workLost {
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

// reopenOn weighs the work since the last commit, on each change, while moves are open to
// doubt: where a piece was put back, within TapMax of its last lift (a touch, not a move),
// on a square one of them left, and the board then shows another legal move made in its
// place, followed by the moves after it and perhaps by one more begun since (the next
// player's), that move and those after it are in doubt. The board may show it only once
// the hands go on: a6 put back while g6's stone is up, then g6 put down again, or on d6.
func (r *Referee) reopenOn() {
	if r.sync || r.reopen.due > 0 || r.ev.workLost || len(r.ev.work) == 0 {
		return
	}
	if r.aiMove != 0 && (len(r.ev.work) > 1 || r.aiArea().Has(r.ev.work[0].sq)) {
		// (The AI's move, announced after them, begun or made there: d3-g6 passing over
		// f5, which f5-g4 left; c3-f6 set down on d4, which d4-e4 left, before c3 is up.)
		return
	}
	ms := r.reopen.moves
	for k := len(ms) - 1; k >= 0; k-- {
		if r.putBackOn(ms[k]) && r.shownInstead(ms[k:]) {
			r.reopen.due = len(ms) - k
			return
		}
	}
}

// doubtOpen reports whether the moves open to doubt may yet be called in it: a put back
// may still come (doubtUntil), or one came and the hands are still at work (the board may
// show the other move only once they rest: a6 back while b6 is up, then b6 put down).
func (r *Referee) doubtOpen() bool {
	if r.now.Before(r.doubtUntil()) {
		return true
	}
	return !r.Settled() && slices.ContainsFunc(r.reopen.moves, r.putBackOn)
}

// doubtUntil returns when a put back can no longer call the moves open to doubt in it:
// TapMax after the last lift of each square they left (putBackOn). Zero when there are
// none.
func (r *Referee) doubtUntil() time.Time {
	var end time.Time
	for _, m := range r.reopen.moves {
		for b := m.emptied; b != 0; {
			if i := lastAt(m.ev.work, b.Pop(), false); i >= 0 {
				if t := m.ev.work[i].at.Add(r.cfg.TapMax); t.After(end) {
					end = t
				}
			}
		}
	}
	return end
}

// releaseAI announces the AI's move held while a move before it was open to doubt, once
// the doubt is over.
func (r *Referee) releaseAI() {
	if r.reopen.held.ok && r.reopen.due == 0 && !r.doubtOpen() {
		m := r.reopen.held.m
		r.reopen.held.ok = false
		r.aiResult(m)
	}
}

// aiArea returns the squares the AI's announced move works on: its own and those on its
// way.
func (r *Referee) aiArea() engine.Bitboard {
	f := r.state.Footprint(r.aiMove)
	area := f.Emptied | f.Filled | f.Replaced | f.Touched | f.Line | f.Via
	if from, to, ok := carried(f); ok {
		area |= between(r.cfg.Rules.Geometry(), from, to)
	}
	return area
}

// putBackOn reports whether a piece was put back, since the last commit and within TapMax
// of its last lift (a6 fumbled twice: the second), on a square m left, and is there still.
func (r *Referee) putBackOn(m reopened) bool {
	for b := m.emptied; b != 0; {
		s := b.Pop()
		lift, back := lastAt(m.ev.work, s, false), slices.IndexFunc(r.ev.work, func(w work) bool { return w.sq == s })
		if lift < 0 || back < 0 || !r.ev.work[back].on || r.board[s] == 0 {
			continue
		}
		if r.ev.work[back].at.Sub(m.ev.work[lift].at) <= r.cfg.TapMax {
			return true
		}
	}
	return false
}

// shownInstead reports whether the board shows, from the position before ms, a legal move
// other than ms[0] followed by the rest of ms, each legal after it, and perhaps one more
// begun since the last commit. The rival must lift only squares left empty when ms[0] was
// committed (not b2-c3 beside b3-c3, b2 at rest till after it; nor e5-f4 beside e4-f4, e5
// fumbled and put back before it), and show something (not Xe Queo!'s challenge); the one
// more, only squares lifted since. The rival's discs may be unturned yet. The state is as
// it was when it returns.
func (r *Referee) shownInstead(ms []reopened) bool {
	for range ms {
		r.state.Undo()
	}
	defer func() {
		for _, m := range ms {
			r.state.Play(m.move)
		}
	}()
	was, up, upNow := Project(r.state, r.kind), upAtEnd(ms[0].ev.work), liftsIn(r.ev.work)
	for _, o := range r.state.Legal(nil) {
		f := r.state.Footprint(o)
		if o == ms[0].move || silentPrint(f) || f.Emptied&^up != 0 {
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
		shown := played == len(ms) && (r.boardShows(&was, f.Flipped) || len(r.ev.work) > 1 && r.oneMoreShows(&was, f.Flipped, upNow))
		for range played {
			r.state.Undo()
		}
		if shown {
			return true
		}
	}
	return false
}

// oneMoreShows reports whether a legal move from the position, lifting only squares of
// upNow and showing something, leaves the board as boardShows reads it.
func (r *Referee) oneMoreShows(was *Board, unturned, upNow engine.Bitboard) bool {
	if r.state.Outcome().Over {
		return false
	}
	for _, n := range r.state.Legal(nil) {
		if f := r.state.Footprint(n); silentPrint(f) || f.Emptied&^upNow != 0 {
			continue
		}
		r.state.Play(n)
		shown := r.boardShows(was, unturned)
		r.state.Undo()
		if shown {
			return true
		}
	}
	return false
}

// boardShows reports whether the board reads as the position, but for the squares of
// unturned, which may still read as in was.
func (r *Referee) boardShows(was *Board, unturned engine.Bitboard) bool {
	want := Project(r.state, r.kind)
	for sq := range want {
		if r.board[sq] != want[sq] && !(unturned.Has(engine.Square(sq)) && r.board[sq] == was[sq]) {
			return false
		}
	}
	return true
}

// silentPrint reports whether a move's footprint shows nothing on the squares.
func silentPrint(f engine.Footprint) bool { return f.Emptied|f.Filled|f.Replaced|f.Flipped == 0 }

// upAtEnd returns the squares whose last change in ws is a lift.
func upAtEnd(ws []work) engine.Bitboard {
	var up engine.Bitboard
	for _, w := range ws {
		if w.on {
			up &^= engine.Bit(w.sq)
		} else {
			up |= engine.Bit(w.sq)
		}
	}
	return up
}

// reopenLast takes back the moves reopenOn called in doubt and reads the work since the
// commit before the first of them again, the put back included: the readings are asked.
func (r *Referee) reopenLast() {
	n := r.reopen.due
	ms := slices.Clone(r.reopen.moves[len(r.reopen.moves)-n:])
	r.reopen.due = 0
	// (The first move's evidence, with the work of those after it and since: the later
	// moves' other marks, glimpses and gutters, were read into their commits.)
	ev := ms[0].ev
	for _, m := range ms[1:] {
		ev.work = append(ev.work, m.ev.work...)
		ev.lifted |= m.ev.lifted
	}
	ev.work = append(ev.work, r.ev.work...)
	ev.lifted |= liftsIn(r.ev.work)
	texts := make([]string, n)
	for i, m := range ms {
		texts[i] = r.cfg.Rules.FormatMove(m.move)
	}
	all := strings.Join(texts, ", ")
	r.undoMoves(n)
	r.stats.Reopened++
	r.emit(Event{Kind: TakenBack, Move: ms[0].move, Msg: msg("reopened", "n", itoa(n), "move", texts[0], "moves", all),
		Text: all + " in doubt, a piece put back where it left: " + itoa(n) + " move(s) taken back"})
	r.ev = ev
	r.dirty = true
	r.next()
}
