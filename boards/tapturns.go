package boards

// Taps that answer a question, and taps that are not answers: a tap begun before the
// lights could be seen, a disc lifted where its move's hand is still at work, a disc
// turned late for a move made since the question.

import (
	"time"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/hw"
)

// answerReaction is how soon after a question is asked a hand can answer it: a tap begun
// sooner began before anyone could have seen the lights (a piece fumbled as they came on).
const answerReaction = 300 * time.Millisecond

// tooSoon reports whether the tap just made began before the open question could be seen:
// no answer (a lit f5 lifted and put back 40 ms after "f4xe5 or f4xf5?" was asked).
func (r *Referee) tooSoon() bool {
	return r.tapBegan.Sub(r.asked.when) < answerReaction
}

// settling reports whether a tap on square t is a piece of the move just committed being
// straightened rather than an answer: t is a square of that move, lifted within the hold time
// of the commit, and a move asked names t to be tapped (Xe Queo!: the pawn just brought into
// the ring, whose colour is a card to show).
func (r *Referee) settling(t engine.Square) bool {
	if !(r.lastFrom | r.lastTo).Has(t) || r.liftAt[t].Sub(r.committedAt) >= r.cfg.Hold {
		return false
	}
	for _, m := range r.asked.moves {
		if r.state.Footprint(m).Tap.Has(t) {
			return true
		}
	}
	return false
}

// turnedAfterOption reports whether the players went on before the question was answered
// (work after an option's own) and a move read after an option turns square t more times
// than t was seen lifted since: a disc lifted there is being turned for that move as well
// as tapped (Crowded on presence sensors: b6, c6xb6's square, turned for a8xa7; Quad
// Wrangle: d7-e7, c6, then e7-d7 turning c6, two moves past the option). It is then no
// answer. (A disc turned for the next move, then lifted again once all was done, is
// tapped: a2xb1 asked, d2xc2 turning b1, then b1.) A tap read so counts as that turn: the
// next tap there answers, where no reading turns it more times (a5 beside a6, then c4-d5
// and c4, then a6 tapped twice: the players may turn a disc late, after the next move).
//
// unread reports, where no turn was found, that the players went on past every option
// further than the search reads (no option, alone or with moves after it within
// turnedDepth, leaves the board as it reads now) in a game whose moves turn discs: the tap
// may be a disc turned for one of those moves, and only the screen answers (b5-b2 asked,
// then six moves made, b2 lifted and put back as a2-b3 turns it).
func (r *Referee) turnedAfterOption(t engine.Square) (turned, unread bool) {
	if r.kind != hw.Presence {
		return false, false // (a disc turned reads its other face: a tap puts the same one back)
	}
	s, empty := r.state, ^r.board.occupied()
	read := false // (an option whose reading leaves the board as it reads now)
	for i, o := range r.asked.moves {
		f := s.Footprint(o)
		// (An option that stands with a drop after it is read as both: swapOption.)
		ft, plies := r.playAsked(o)
		r.undo(plies)
		k := min(r.askWorkOf(i), len(r.ev.work))
		mine, since, worked := r.own(f)|f.Flipped|ft.Filled|ft.Flipped, engine.Bitboard(0), engine.Bitboard(0)
		// (The squares it leaves empty: where it left and those it passed over.)
		left := f.Emptied | r.own(f)&^(f.Filled|f.Replaced|f.Touched|f.Flipped)
		lifts := 0 // (t lifted since the option: once for each move that turns it)
		for j, w := range r.ev.work[k:] {
			worked |= engine.Bit(w.sq)
			if !mine.Has(w.sq) || w.on && left.Has(w.sq) { // (the tap's own lift and put are gone by now)
				// (A piece put where the option left or passed over: the next move's, c1-e3
				// then c1; f3-d3 then e3.)
				since |= engine.Bit(w.sq)
			}
			if w.is(t, false) && !wentAndCame(r.cfg.Rules.Geometry(), r.ev.work, k+j) {
				lifts++
			}
		}
		// (A capture swapped between two scans since leaves only a glimpse of its square:
		// worked too, e5xf5 after g5xh4 turning g4.)
		for b := r.ev.glimpsed &^ mine; b != 0; {
			if sq := b.Pop(); k < len(r.ev.work) && r.ev.glimpseAt[sq].scan >= r.ev.work[k].scan {
				worked, since = worked|engine.Bit(sq), since|engine.Bit(sq)
			}
		}
		if since == 0 {
			read = true
			continue // nothing since the option but its own work: its discs turned
		}
		if (f.Flipped | ft.Flipped).Has(t) && lastAt(r.ev.work[:k], t, false) < 0 {
			lifts-- // (and once for the option itself, where it turns t not lifted before)
		}
		if left.Has(t) && lifts > 0 && lastAt(r.ev.work[:k], t, false) < 0 {
			lifts-- // (or where its piece passed over t and left it: g6-e4 over f5)
		}
		r.playAsked(o)
		ws := r.ev.work
		if r.ev.workLost {
			ws = nil // (the work no longer holds every change: the moves are not ordered)
		}
		// (Three moves deep, then four within turnBudget: a search cut short tells nothing.)
		turned := false
		for _, depth := range []int{turnedDepth - 1, turnedDepth} {
			q := turnSearch{t: t, worked: worked, empty: empty, ws: ws, board: &r.board, kind: r.kind}
			turns, exact := q.after(s, since, 0, -1, depth)
			if exact >= 0 {
				turns, read = exact, true // (readings that leave the board as it reads now: c5, g3-e5, g6-f6, not c5, g3-d6 turning c5)
			}
			if turned = turns > lifts+int(r.asked.turnTaps[t]) && (depth < turnedDepth || q.nodes <= turnBudget); turned {
				break
			}
		}
		r.undo(plies)
		if turned {
			return true, false
		}
	}
	return false, !read && turnsDiscs(s)
}

// wentAndCame reports whether the lift at ws[i] is its piece carried to a square beside and
// back, no turn: a square beside filled within two scans of the lift, and emptied again
// within two scans of the piece put back (d6-c5's stone taken on to b4 and back to c5).
func wentAndCame(g *engine.Geometry, ws []work, i int) bool {
	beside := g.Adjacent8(ws[i].sq)
	j := nextAt(ws, i)
	if j < 0 {
		return false
	}
	near := func(a, b uint32) bool { return max(a, b)-min(a, b) <= 2 }
	for a, u := range ws {
		if !u.on || !beside.Has(u.sq) || !near(u.scan, ws[i].scan) {
			continue
		}
		if b := nextAt(ws, a); b >= 0 && !ws[b].on && near(ws[b].scan, ws[j].scan) {
			return true
		}
	}
	return false
}

// turnsDiscs reports whether a legal move of position s turns discs over: where one may
// have, a disc lifted and put back may be its turn.
func turnsDiscs(s engine.State) bool {
	for _, m := range s.Legal(nil) { // (a tap's rare path: its own slice)
		if s.Footprint(m).Flipped != 0 {
			return true
		}
	}
	return false
}

// turnedDepth is how many moves past an option turnedAfterOption looks (four: d1-f3 asked,
// then e2, f1-g1, f1 and f3-d3 turning e2), and turnBudget how many readings it weighs
// four moves deep, after three: a search cut short there finds no turn. (Four moves deep
// weighed up to 350,000 readings, 280 ms on the development machine, where three took 14
// ms; seed 6344's turn is found after 17,000.)
const (
	turnedDepth = 4
	turnBudget  = 25000
)

// turnSearch is what turnedAfterOption weighs a tap on square t against: the squares worked
// since the option, those reading empty now, the work in order (ws; nil: no order) and the
// board as it reads now.
type turnSearch struct {
	t             engine.Square
	worked, empty engine.Bitboard
	ws            []work
	board         *Board
	kind          hw.SensorKind
	nodes         int // readings weighed: past turnBudget, none more
}

// after returns how many times moves made since may turn square t, at most, within depth
// moves of position s: each move's piece put on a square worked since the option, and,
// for the first, a square of it worked other than the option's own (since: f8xe7 after
// c8xd7, e7 a disc c8xd7 turns, f8 lifted); the squares the moves leave (left: those of the
// moves before in the reading) empty now, but where a later one of them fills them again:
// a reply whose piece never left its square was not made (c6xb5 or c6xc5 asked, c6xc5's
// discs c4, d5 and b4 turned, then c5 tapped). Each move that puts a piece on an empty
// square put it there in the work no sooner than the one before it did (ws[at], in a later
// scan or the same one): moves come down in the order they were made (c5, then a7 put and
// lifted, is no a7, then a7-c5 turning d5). loose is -1 if no such reading ends here; one
// only begun, its piece in the hand, turns nothing yet. exact is the same over the
// readings whose position reads as the board does now, -1 if none does.
func (q *turnSearch) after(s engine.State, since, left engine.Bitboard, at, depth int) (loose, exact int) {
	loose, exact = -1, -1
	if q.nodes++; q.nodes > turnBudget && depth > 0 {
		return loose, exact
	}
	if left&^q.empty == 0 {
		loose = 0
		if Project(s, q.kind) == *q.board {
			exact = 0
		}
	}
	if depth == 0 || s.Outcome().Over {
		return loose, exact
	}
	for _, m := range s.Legal(nil) { // (a tap's rare path: its own slice)
		fm := s.Footprint(m)
		if (fm.Filled|fm.Replaced)&q.worked == 0 || (fm.Emptied|fm.Filled|fm.Replaced)&since == 0 {
			continue
		}
		down := at
		if fm.Filled != 0 && q.ws != nil {
			// (A capture's square swapped between two scans may show no work: not ordered.)
			if down = landedSince(q.ws, at, fm.Filled); down < 0 {
				continue
			}
		}
		s.Play(m)
		n, e := q.after(s, q.worked, (left|fm.Emptied)&^(fm.Filled|fm.Replaced), down, depth-1)
		s.Undo()
		if fm.Flipped.Has(q.t) {
			n, e = turnedOnce(n), turnedOnce(e)
		}
		loose, exact = max(loose, n), max(exact, e)
	}
	return loose, exact
}

// lastWork returns when the hands last worked a square, the board's last change where the
// work holds none (a tap answering is taken out of the work).
func (r *Referee) lastWork() time.Time {
	if n := len(r.ev.work); n > 0 {
		return r.ev.work[n-1].at
	}
	return r.last
}

// turnedOnce adds a turn to a count of turns of a reading, -1 where there is no reading.
func turnedOnce(n int) int {
	if n < 0 {
		return n
	}
	return n + 1
}

// landedSince returns where in ws a piece first came down on a square of sqs, no sooner
// than ws[at] (any, where at is -1): later, or in the same scan (changes seen in one scan
// have no order); -1 if none did.
func landedSince(ws []work, at int, sqs engine.Bitboard) int {
	for j, w := range ws {
		if j != at && w.on && sqs.Has(w.sq) && (at < 0 || j > at || w.scan == ws[at].scan) {
			return j
		}
	}
	return -1
}
