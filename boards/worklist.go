package boards

// The hand's work in order, the evidence it is kept in, and where in it a square was last
// filled or emptied, whether a piece put down went on (a slide passing over), rested, or
// was taken on by a later move.

import (
	"fmt"
	"slices"
	"time"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/hw"
)

// work is one step of the hand's work: a square emptied or filled, in the scan it was
// seen (steps of one scan have no order between them).
type work struct {
	sq   engine.Square
	on   bool
	scan uint32
	at   time.Time
	val  hw.Reading // the reading a piece put down came down with (on)
}

// evidence is what the sensors saw of the hands since the board last read as the position
// (or since the last commit, for the work kept for a move made before it): the changes in
// order, the squares lifted and glimpsed, the taps' lifts, the gutters filled. Matching
// reads it; forgetting it is one assignment.
type evidence struct {
	work     []work          // the hand's work on the squares, in order
	workLost bool            // more work than maxWork: its order is unknown
	lifted   engine.Bitboard // squares seen empty
	glimpsed engine.Bitboard // squares read empty for less than the debounce time, holding a piece
	// glimpseAt is each square's last glimpse, as work: its scan and time.
	glimpseAt [64]work
	lateTurns engine.Bitboard // squares lifted or glimpsed while a disc of the last move to turn (pending)
	tapLifts  engine.Bitboard // squares seen empty since then or since a question was asked
	restLift  engine.Bitboard // the square last lifted, where the board was at rest before it
	gutterIn  uint8           // bit 1<<edge: a gutter along that edge filled
	gutterAt  [West + 1]int   // len(work) when each gutter first filled
	// gutterScan is the scan each gutter first filled in.
	gutterScan [West + 1]uint32
	// restWork: the board read as the position, perhaps mid-push (a row slid as a whole):
	// the work is forgotten once it rests; heldAt is len(work) then.
	restWork  bool
	restUntil uint32 // the scan after which restWork is forgotten, if sooner than the board rests
	heldAt    int
	// tapped is the work of the last tap taken out of work, while another square's change
	// within the debounce of its piece coming back may still show it a slide's first square
	// (tappedOK).
	tapped   [2]work
	tappedOK bool
	// rolledAI is the AI's push the board showed rolled along as one before any work, its
	// entry reading as before, while matchAI waited slidOnHold to take it: a reply begun
	// meanwhile may set its line back (Na after Sa).
	rolledAI engine.Move
}

// is reports whether w is square sq filled (on) or emptied.
func (w work) is(sq engine.Square, on bool) bool { return w.sq == sq && w.on == on }

// maxWork bounds the work kept between two matches of the board: a flickering sensor must
// not grow it without end.
const maxWork = 256

// fromScan returns where the work from scan on begins in ws, or -1 if none does.
func fromScan(ws []work, scan uint32) int {
	return slices.IndexFunc(ws, func(w work) bool { return w.scan >= scan })
}

// turnedAt reports whether the lift at ws[i] is a disc turned over: the hand's next work
// puts it back on its square.
func turnedAt(ws []work, i int) bool {
	return i+1 < len(ws) && ws[i+1].is(ws[i].sq, true)
}

// setDown is how long a stone rests, while another piece comes down where its slide began
// or on an empty square away from it (another hand's drop), before it reads as set down,
// not passing over (takenOn). Between it and handOff both may be: the reading asked names
// one (2026-11-27's eighth lab note).
const setDown = 150 * time.Millisecond

// takenOn reports whether a piece was put down on a square move f fills, from work[k] on,
// and taken up again after it came to rest (handOff), or after resting setDown or more
// while another piece came down, by any hand, where f's piece came from (d7-d6, a drop on
// d7, then d6-c5, all in 340 ms) or, not next to it, on a square empty before the moves or
// emptied handOff before by a move of the reading (e7-b4, a drop on a1, then b4-b6; b7-b3,
// a drop on b5, b7 refilled, then b5-e5), or next to it reading otherwise (c6-d7, the
// other colour's drop on e7, then d7-c6): a later move's. (One resting less is a slide
// passing over: d7-d5 over d6, the drop on d7 made meanwhile.)
func (r *Referee) takenOn(f engine.Footprint, k int) bool {
	sqs, g := f.Filled, r.cfg.Rules.Geometry()
	from, _, carries := carried(f)
	var put [64]time.Time
	var val [64]hw.Reading       // (how the piece put there read)
	var refilled engine.Bitboard // (another piece come down while f's lay there)
	var up [64]time.Time         // (when each square was last emptied)
	for i, w := range r.ev.work {
		if !w.on {
			up[w.sq] = w.at
		}
		if i < k {
			continue
		}
		switch {
		case carries && w.is(from, true):
			refilled |= sqs & onAt(put[:], sqs)
		case w.on && !sqs.Has(w.sq) && (r.expected[w.sq] == 0 || !up[w.sq].IsZero() && w.at.Sub(up[w.sq]) >= handOff):
			// (Not next to it: a sliding piece comes down on its next square a moment
			// before it leaves the one it rests on; unless it reads otherwise.)
			lying := sqs & onAt(put[:], sqs)
			for near := lying & g.Adjacent8(w.sq); near != 0; {
				if sq := near.Pop(); val[sq] == w.val {
					lying &^= engine.Bit(sq)
				}
			}
			refilled |= lying
		case !sqs.Has(w.sq):
		case w.on:
			put[w.sq], val[w.sq] = w.at, w.val
		case put[w.sq].IsZero():
		case w.at.Sub(put[w.sq]) >= handOff || refilled.Has(w.sq) && w.at.Sub(put[w.sq]) >= setDown:
			return true
		default:
			put[w.sq], refilled = time.Time{}, refilled&^engine.Bit(w.sq)
		}
	}
	return false
}

// onAt returns the squares of sqs with a time set in put: a piece lying there.
func onAt(put []time.Time, sqs engine.Bitboard) engine.Bitboard {
	var out engine.Bitboard
	for b := sqs; b != 0; {
		if sq := b.Pop(); !put[sq].IsZero() {
			out |= engine.Bit(sq)
		}
	}
	return out
}

// wentOn reports whether the piece put down at ws[i] went on: taken up again within handOff
// of coming down, and not put back at once (a slide passing over the square). One that
// rested longer is the one put, whatever is done with it later: turned over on presence
// sensors, or taken on by a later move.
func wentOn(ws []work, i int) bool {
	sq, put := ws[i].sq, ws[i].at
	for j := i + 1; j < len(ws); j++ {
		w := ws[j]
		switch {
		case w.sq != sq:
			continue
		case w.on || w.at.Sub(put) >= handOff:
			return false
		}
		for _, v := range ws[j+1:] {
			if v.sq == sq {
				return !v.on || v.at.Sub(w.at) >= handOff
			}
		}
		return true
	}
	return false
}

// farBetween reports whether work on a square away from ws[i]'s (not beside it) came
// between the piece put down at ws[i] and its square's next work: another hand's, not the
// same hand dragging its piece on.
func (r *Referee) farBetween(ws []work, i int) bool {
	j := nextAt(ws, i)
	near := r.cfg.Rules.Geometry().Adjacent8(ws[i].sq) | engine.Bit(ws[i].sq)
	return j > i+1 && slices.ContainsFunc(ws[i+1:j], func(w work) bool { return !near.Has(w.sq) })
}

// nextAt returns where in ws the square of ws[i] is next worked after i, or -1.
func nextAt(ws []work, i int) int {
	if j := slices.IndexFunc(ws[i+1:], func(w work) bool { return w.sq == ws[i].sq }); j >= 0 {
		return i + 1 + j
	}
	return -1
}

// slidOver reports whether the piece put down at ws[i] went on made before break: another
// square filled before it was taken up again, within handOff (a slide passing over the
// square). A piece put back and taken up again, then put elsewhere, may be a move taken back
// and made anew.
func slidOver(ws []work, i int) bool {
	if !wentOn(ws, i) {
		return false
	}
	j := nextAt(ws, i) // (there is one: wentOn)
	return slices.ContainsFunc(ws[i+1:j], func(w work) bool { return w.on })
}

// lastAt returns where in ws square sq was last filled (on) or emptied, or -1.
func lastAt(ws []work, sq engine.Square, on bool) int {
	for i := len(ws) - 1; i >= 0; i-- {
		if ws[i].is(sq, on) {
			return i
		}
	}
	return -1
}

// downAt reports whether the work in ws leaves a piece down on one of sqs: its last work
// there a piece put down.
func downAt(ws []work, sqs engine.Bitboard) bool {
	for b := sqs; b != 0; {
		if sq := b.Pop(); lastAt(ws, sq, true) > lastAt(ws, sq, false) {
			return true
		}
	}
	return false
}

// restedAt reports whether the piece put down at ws[i] rested there for handOff at least.
func restedAt(ws []work, i int) bool {
	for _, w := range ws[i+1:] {
		if w.sq == ws[i].sq {
			return w.at.Sub(ws[i].at) >= handOff
		}
	}
	return true
}

// lastOn returns where in ws the last work on a square of sqs is, or -1.
func lastOn(ws []work, sqs engine.Bitboard) int {
	for i := len(ws) - 1; i >= 0; i-- {
		if sqs.Has(ws[i].sq) {
			return i
		}
	}
	return -1
}

// squaresOf returns the squares worked in ws.
func squaresOf(ws []work) engine.Bitboard {
	var out engine.Bitboard
	for _, w := range ws {
		out |= engine.Bit(w.sq)
	}
	return out
}

// liftsIn returns the squares lifted in ws.
func liftsIn(ws []work) engine.Bitboard {
	var up engine.Bitboard
	for _, w := range ws {
		if !w.on {
			up |= engine.Bit(w.sq)
		}
	}
	return up
}

// laterAt reports whether the square of ws[i] is filled (on) or emptied later in ws.
func laterAt(ws []work, i int, on bool) bool {
	return slices.ContainsFunc(ws[i+1:], func(v work) bool { return v.is(ws[i].sq, on) })
}

// glimpse notes a square read empty for less than the debounce time while it holds a
// piece: a piece swapped for another faster than the debouncer can see (glimpsed).
func (r *Referee) glimpse(c int, v hw.Reading) {
	if s := r.cfg.Layout.SquareOf(c); s != engine.NoSquare && v == 0 && r.board[s] != 0 {
		r.ev.glimpsed |= engine.Bit(s)
		r.ev.glimpseAt[s] = work{sq: s, scan: r.scans, at: r.now}
		if r.pending.Has(s) {
			// (A disc of the last move still to turn, turned faster than the debouncer
			// sees, is that move's turned late, as one lifted is: Crowded's e1 turned for
			// c3xd2 as f3xe3 is made is no evidence of f3xe2, which turns it too.)
			r.ev.lateTurns |= engine.Bit(s)
		}
	}
}

// flicker warns, when cell c starts flickering (on), that its piece or sensor wants a look.
func (r *Referee) flicker(c int, on bool) {
	if !on {
		return
	}
	r.stats.Flickers++
	where := fmt.Sprintf("cell %d", c)
	if s := r.cfg.Layout.SquareOf(c); s != engine.NoSquare {
		where = r.cfg.Rules.Geometry().Name(s)
	}
	r.emit(Event{Kind: Warning, Square: r.cfg.Layout.SquareOf(c), Text: "sensor at " + where + " is flickering: check the piece is centred, or the sensor", Msg: msg("flicker", "where", where)})
}

// liftedOnTheGo reports whether the square just lifted and put back (the last two steps of
// the work) was lifted before the board had rested (Settle) since another square changed:
// the hands were at work (a Push 4 column slid whole, f4 filled a scan or a few before its
// entry f6 was lifted and filled again, is Nf, no tap on f6).
func (r *Referee) liftedOnTheGo() bool {
	n := len(r.ev.work)
	return n >= 3 && r.ev.work[n-3].sq != r.ev.work[n-2].sq && r.ev.work[n-2].at.Sub(r.ev.work[n-3].at) < r.cfg.Settle
}
