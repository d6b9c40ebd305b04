package boards

import (
	"fmt"
	"slices"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/hw"
)

// begin starts a Handle call: events returned by the last call are forgotten; those of
// NewReferee are kept for the first call to return.
func (r *Referee) begin() {
	if r.delivered {
		r.events = r.events[:0]
	}
	r.delivered = true
}

func (r *Referee) emit(e Event) {
	r.version++
	e.Game, e.At = r.game, r.now
	if e.Ply == 0 {
		e.Ply = r.state.Ply()
	}
	r.events = append(r.events, e)
}

// positionChanged recomputes what follows from the position: the expected board and the
// legal moves.
func (r *Referee) positionChanged() {
	r.expected = Project(r.state, r.kind)
	r.forgetOrder()
	r.lastOut = NoEdge
	r.legal = r.state.Legal(r.legal[:0])
	if r.state.Outcome().Over {
		r.legal = r.legal[:0]
	}
	r.ev.lifted = 0
	if !r.reopen.keep {
		r.reopen.moves, r.reopen.due = r.reopen.moves[:0], 0
	}
	r.reopen.held.ok = false // (an AI's move held is for a position gone)
	r.tapSquare, r.tapHeld, r.asked.heldTap = engine.NoSquare, engine.NoSquare, engine.NoSquare
	r.liftAsked = 0
	r.asked.moves, r.asked.closing = nil, false
	r.shown.asked, r.shown.next, r.shown.none, r.shown.read, r.shown.extraRead = false, false, nil, false, false // (choose sets next after its commit)
	r.suggested, r.suggestAt = 0, -1
	r.aiTap = 0
	r.v.kind = noMatch
	r.dirty = true
	r.computeDiff() // the lights show what differs at once; matching waits for the next frame
}

// next starts what comes after a commit or a takeback: the end of the game, or the AI's
// turn.
func (r *Referee) next() {
	if o := r.state.Outcome(); o.Over {
		r.gameOver = true
		r.emit(Event{Kind: GameOver, Outcome: o, Text: o.Text(r.cfg.Rules), Msg: msg("game-over", "reason", o.Reason, "winners", itoa(int(o.Winners)))})
		return
	}
	r.gameOver = false
	if r.sides[r.state.Turn()] == AI {
		r.thinking = true
		r.emit(Event{Kind: Think, State: r.state.Clone()})
	}
}

// computeDiff finds the squares where the settled board differs from the game, and marks
// the flips that are done.
func (r *Referee) computeDiff() {
	r.diff = 0
	r.rackOK = r.rackFits(r.state)
	for sq := engine.Square(0); int(sq) < r.size; sq++ {
		b := r.board[sq]
		if r.pending.Has(sq) && r.kind != hw.Presence && b == r.expected[sq] {
			r.pending &^= engine.Bit(sq) // turned over: its light goes dark
		}
		if b != r.expected[sq] && !(r.pending.Has(sq) && b == r.alt[sq]) {
			r.diff |= engine.Bit(sq)
		}
	}
}

// reconsider decides, after a frame, what the settled board means.
func (r *Referee) reconsider(changed bool) {
	if r.Settled() {
		r.quietAt = r.now
		r.restSent = false
	} else if !r.restSent && r.now.Sub(r.quietAt) >= r.cfg.Restless {
		r.restSent = true
		r.stats.Restless++
		r.emit(Event{Kind: Warning, Text: fmt.Sprintf("the board has not settled for %v: a sensor keeps changing, or a hand is resting on it", r.cfg.Restless),
			Msg: msg("restless", "seconds", itoa(int(r.cfg.Restless.Seconds())))})
	}
	if t := r.tapSquare; t != engine.NoSquare && r.changes-r.changedFrom[t] != 2 {
		// (Not where another square's reading changed meanwhile, or in the same scans: a
		// row slid as a whole, its marbles changing colour as its entry is lifted and
		// filled again, is a push.)
		r.tapSquare = engine.NoSquare
	}
	// The last two steps of work on one square are no part of a move where they are a tap
	// answering a question, or a square the lights asked to lift, lifted and put back (the
	// evidence of the move the board shows made, not of the moves after it). (Where only
	// the screen answers, a tap is work: a row slid as a whole begins so, its first square
	// lifted and filled again. So is one off the lit squares on a push's line, which in
	// Quixo and Push is every square: d5 lifted and e5's cube slid in, reading alike.)
	if n := len(r.ev.work); n >= 2 && r.ev.work[n-1].sq == r.ev.work[n-2].sq {
		sq := r.ev.work[n-1].sq
		if sq == r.tapSquare && r.asked.moves != nil && r.turnPending(sq, n-2) {
			r.tapSquare = engine.NoSquare // (a disc an option still has to turn, turned: no tap, work)
		}
		tap := sq == r.tapSquare && r.asked.moves != nil && (r.lit().Has(sq) || r.lit() != 0 && !r.pushLine(sq))
		if tap || r.ev.work[n-1].on && r.liftAsked.Has(sq) {
			r.ev.tapped, r.ev.tappedOK = [2]work{r.ev.work[n-2], r.ev.work[n-1]}, tap
			r.ev.work = r.ev.work[:n-2]
		}
	}
	if changed || r.dirty {
		if r.dirty {
			r.version++
		}
		r.dirty = false
		r.computeDiff()
		if r.diff == 0 && r.rackOK {
			r.boardMatches()
		} else {
			r.match()
		}
		if r.v.kind != matchSame {
			// (The work kept while the board read as the position is the move's now: it is
			// forgotten only if the board rests as the position again, not by a stale mark.)
			r.ev.restWork = false
		}
		if r.v.kind == matchMany || r.v.kind == matchSame {
			// The board shows a position, or moves asked about: a tap starts afresh, from the
			// squares lifted now. (Not where the players went on past the options, a piece
			// put down since: the moves read after them account for every square empty now,
			// no piece is in a hand.)
			after := r.asked.moves != nil && r.v.kind == matchMany && r.diff != 0 &&
				slices.ContainsFunc(r.ev.work[min(r.asked.at, len(r.ev.work)):], func(w work) bool { return w.on })
			// (But for a square lifted from a board at rest, its piece still up: a tap on
			// a lit square begun, the next move made since.)
			keep := engine.Bitboard(0)
			if n := len(r.ev.work); after && n > 0 && r.ev.restLift != 0 && r.ev.work[n-1].is(r.ev.restLift.First(), false) {
				keep = r.ev.restLift
			}
			for b := r.ev.tapLifts; b != 0 && !after; {
				if sq := b.Pop(); r.board[sq] == 0 {
					keep |= engine.Bit(sq)
				}
			}
			r.ev.tapLifts = keep
		}
	}
	settled := r.Settled()
	if t := r.tapSquare; t != engine.NoSquare {
		// A tap is read once the debounce has passed with no other square changed: a row
		// slid whole fills its first square again as the next empties, a contact behind.
		r.tapSquare, r.tapHeld, r.tapHeldScan, r.tapHeldChanges = engine.NoSquare, t, r.scans, r.changes
	}
	if r.tapHeld != engine.NoSquare && r.changes != r.tapHeldChanges {
		r.tapHeld = engine.NoSquare
	}
	if t := r.asked.heldTap; t != engine.NoSquare && r.tapHeld == engine.NoSquare {
		switch {
		case r.asked.moves != nil && r.v.kind == matchMany && (!r.dirty || changed):
			r.asked.heldTap = engine.NoSquare
			r.chooseBySquare(t)
			return
		case r.asked.moves != nil && !changed && !r.dirty:
			// (The board as it was, its work no longer read as an option and moves after:
			// the answer is weighed all the same, taken where the option stands untouched
			// (choose), else refused with the reason. A tap is never dropped unsaid.)
			r.asked.heldTap = engine.NoSquare
			r.chooseBySquare(t)
			return
		case changed || r.asked.moves == nil || !r.dirty:
			r.asked.heldTap = engine.NoSquare // the hands went on, or the board shows no option now
		}
	}
	if t := r.tapHeld; t != engine.NoSquare && r.scans-r.tapHeldScan >= uint32(r.cfg.Debounce) {
		r.tapHeld = engine.NoSquare
		r.stats.Taps++
		name := r.cfg.Rules.Geometry().Name(t)
		r.emit(Event{Kind: Tap, Square: t, Text: name, Msg: msg("tap", "square", name)})
		if r.asked.moves != nil && !r.settling(t) && !r.tooSoon() {
			turned, unread := r.turnedAfterOption(t)
			switch {
			case turned:
				// Read as the disc turned late for a move made since: the next tap answers.
				r.asked.turnTaps[t]++
				r.emit(Event{Kind: Warning, Square: t, Text: name + ": tap it again to choose (the tap was taken as a disc turned for a move since)",
					Msg: msg("tap-turned", "square", name)})
			case unread:
				// The game went on too far past the options to tell a tap from a turn.
				r.emit(Event{Kind: Warning, Square: t, Text: name + ": choose on the screen (the game went on too far since the question to tell a tap from a disc turned)",
					Msg: msg("tap-unread", "square", name)})
			case r.dirty:
				// The options followed by the moves made since are read once the hands
				// pause (pairQuiet): the tap answers then. (c3-f3 or f3 asked, a drop on c3
				// turning four discs, e1-e2 and a drop on e1 made since, then c3 tapped.)
				r.asked.heldTap = t
			case r.v.kind == matchMany:
				r.chooseBySquare(t)
				return
			}
		}
	}
	if r.v.kind == matchSame {
		if r.ev.restWork && (settled || r.ev.restUntil != 0 && r.scans > r.ev.restUntil) {
			r.ev.restWork, r.ev.lifted = false, 0
			r.forgetOrder()
		}
		if r.asked.closing && r.now.Sub(r.last) >= r.cfg.Hold {
			// A question about moves the board no longer shows is closed, once the board has
			// rested so as long as a takeback is held (a tap answering it lifts a piece of
			// the move for a moment).
			r.asked.closing, r.asked.moves, r.ev.lifted, r.shown.asked = false, nil, 0, false
			r.forgetOrder()
			r.version++
		}
		return
	}
	switch r.v.kind {
	case matchMove, matchAIPair:
		if r.v.kind == matchMove && r.asked.moves == nil && r.v.split < 0 && r.ev.glimpsed != 0 && r.swappedSince() {
			// (A square glimpsed empty since the drop was matched: slidAndRefilled.)
			r.ask()
			break
		}
		if !r.v.extendable || settled {
			r.commitMatch()
		}
	case matchBack:
		if r.now.Sub(r.last) >= r.cfg.Hold {
			r.takeBack(r.v.back, "the board was set back", "set-back")
		}
	case inProgress:
		if r.shown.next && settled && !r.dirty && r.asked.moves == nil {
			// (The rest of the moves the board alone shows, one answered: asked at once.)
			if first := r.shownFirst(); len(first) > 0 {
				r.askShown(first)
				break
			}
			r.shown.next = false
		}
		if !settled || r.dirty || r.now.Sub(r.last) < r.cfg.Grace {
			break
		}
		switch {
		case r.v.toLift != 0 && !r.misSent:
			// The board shows a move made but for a piece of it never seen lifted: say so.
			r.misSent = true
			r.stats.Mismatches++
			r.misText = "lift the piece on " + r.names(r.v.toLift) + " and put it back: the board shows the move made, but not the hand's work there"
			r.liftAsked = r.v.toLift
			r.emit(Event{Kind: Mismatch, Text: r.misText, Msg: msg("lift-back", "squares", r.names(r.v.toLift))})
		case r.v.toLift == 0 && r.asked.moves == nil && r.v.restHeld:
			// Moves read with the last one on its way, and the board has rested since: it is
			// not on its way. The first moves are taken or asked, the rest read after them.
			r.v.restHeld = false
			r.matchPair(false)
		case r.v.toLift == 0 && r.asked.moves == nil:
			// The board shows a push made whose work was mostly unseen (a row slid as a
			// whole, its start forgotten when the board read as before for a moment): asked.
			if r.v.moves = r.shownPushes(r.v.moves[:0]); len(r.v.moves) > 0 {
				r.v.kind = matchMany
				r.ask()
			}
		}
	case matchMany:
		// Where the rack can still tell (the piece not taken from it yet), the question
		// waits for the grace period: the hand is usually on its way to the rack.
		if settled && !slices.Equal(r.asked.moves, r.v.moves) && (!r.v.rackCanTell && !r.v.liftsCanTell || r.now.Sub(r.last) >= r.cfg.Grace) {
			r.ask()
		}
	case noMatch:
		// (Not when a move was just committed, a silent one by the AI: the new position is
		// matched on the next frame.)
		if !settled || r.misSent || r.dirty {
			break
		}
		// (Legal moves the board shows are asked, not undone: shown.go.)
		if first := r.shownFirst(); len(first) > 0 {
			if r.shown.next || r.now.Sub(r.last) >= r.cfg.Grace {
				r.askShown(first)
			}
			break
		}
		r.shown.next = false
		if r.now.Sub(r.last) >= r.cfg.Grace {
			if r.placedFirst() || r.firstSeen() {
				r.ask() // (more moves made than the search could read: the first asked)
				break
			}
			if ms := r.extraShown(); len(ms) > 0 {
				// (Stones too many for one placement: which is the move is asked, never all undone.)
				r.v.moves, r.v.kind = append(r.v.moves[:0], ms...), matchMany
				if !slices.Equal(r.asked.moves, ms) {
					r.ask()
					r.asked.extra = true
				}
				break
			}
			r.reportMismatch()
		}
	}
}

func (r *Referee) boardMatches() {
	r.v.shown = false // (an earlier match's board-alone reading, not asked, is none of this one's)
	if r.pushed() {
		return
	}
	r.sync = false
	r.v.kind = matchSame
	if r.asked.moves != nil && !r.silent(r.asked.moves[0]) {
		// The pieces of a move asked about were lifted again: the move taken back, a tap
		// answering, or the next player's push on its way. The work is kept, and the
		// question closes once the board rests so.
		r.asked.closing = true
	} else if r.slidStart() || r.filledEmpty() {
		// The board reads as before in the middle of a push too (a row slid as a whole
		// fills the far end before the entry empties), or of quick moves (c6-b5, then c6
		// by the next player, who lifts b5 to turn it): the work is forgotten once the
		// board rests so. Where the sensors read the pieces, a row slid whole reads as
		// before only where its pieces read alike, and only until the entry empties, a
		// scan or two later: a piece put back is forgotten once two more scans read so.
		r.ev.restWork, r.ev.heldAt, r.ev.restUntil = true, len(r.ev.work), 0
		if r.kind != hw.Presence && !r.filledEmpty() {
			r.ev.restUntil = r.scans + 2
		}
	} else {
		r.ev.lifted = 0
		r.forgetOrder()
	}
	if r.misSent {
		r.misSent = false
		r.emit(Event{Kind: Repaired, Text: "the board matches the game", Msg: msg("repaired")})
	}
	if r.gameOver || r.thinking {
		r.asked.moves = nil
		return
	}
	// Moves the board cannot see at all (Quarto's first turn, a piece handed over): the
	// AI's is done once announced, unless the rack shows it; a player's is asked at once,
	// unless the rack will show it.
	if r.aiMove != 0 {
		if r.silent(r.aiMove) && (len(r.rack) == 0 || r.state.Footprint(r.aiMove).Rack == engine.Empty) {
			r.commit(r.aiMove)
		}
		return
	}
	r.v.moves = r.v.moves[:0]
	for _, m := range r.legal {
		if !r.silent(m) {
			r.v.moves = r.v.moves[:0]
			break
		}
		r.v.moves = append(r.v.moves, m)
	}
	if len(r.v.moves) == 0 {
		return
	}
	r.v.kind = matchMany
	r.v.rackCanTell = len(r.rack) > 0
}

// filledEmpty reports whether the work put a piece on a square the position has empty:
// moves were made, not a piece lifted and put back.
func (r *Referee) filledEmpty() bool {
	for _, w := range r.ev.work {
		if w.on && r.expected[w.sq] == 0 {
			return true
		}
	}
	return false
}

// forgetOrder forgets the hand's work, when the board matches a position.
func (r *Referee) forgetOrder() {
	r.ev = evidence{work: r.ev.work[:0], lifted: r.ev.lifted} // (the lifts are the caller's to forget)
	r.v.split, r.asked.work, r.asked.at = -1, 0, 0
	r.liftAsked = 0 // (the board shows a position: no move made to read the lift for)
}

func (r *Referee) match() {
	r.v = verdict{kind: noMatch, split: -1, askFrom: -1, moves: r.v.moves[:0], splits: r.v.splits[:0], part: r.v.part[:0], swapped: r.v.swapped[:0]}
	switch {
	case r.sync:
		return // the board must show the position before moves count again
	case r.gameOver:
		return // a finished game is recorded as finished: nothing more counts
	case r.thinking:
		// Nothing may move: only a takeback can fit.
	case r.aiMove != 0:
		r.matchAI()
		if r.v.kind != noMatch {
			return
		}
	default:
		if r.matchShown() || r.matchUnread() {
			return
		}
		if r.shown.none != nil && *r.shown.none == r.board {
			return // (the players said none of the moves asked was made: none is taken)
		}
		r.tmp.moves, r.v.part = r.tmp.moves[:0], r.v.part[:0]
		partial := 0
		for _, m := range r.legal {
			fit := r.fits(m, 0, 0, r.diff, &r.expected)
			if f := r.state.Footprint(m); fit != fitNone && (r.landedFirst(f, 0, len(r.ev.work)) || r.carriedLate(f, 0) || r.leftOnTheWay(f, 0, len(r.ev.work))) {
				fit = fitNone // (read as several moves, if at all)
			}
			switch fit {
			case fitFull:
				r.v.moves = append(r.v.moves, m)
			case fitBoard:
				r.tmp.moves = append(r.tmp.moves, m)
			case fitPartial:
				r.tmp.moves = append(r.tmp.moves, m)
				r.v.part = append(r.v.part, m)
				partial++
			}
		}
		r.v.rackCanTell = false
		if len(r.v.moves) == 0 && r.rackOK {
			// The rack is as it was: the pieces came from elsewhere, or the piece to hand
			// over is still to be taken. The squares alone decide, or a question does.
			r.v.moves = append(r.v.moves, r.tmp.moves...)
			r.v.rackCanTell = len(r.rack) > 0 && len(r.tmp.moves) > partial
		}
		r.lastIn(r.v.moves)
		if partial > 0 && partial == len(r.v.moves) && r.cfg.Takeback && !r.rolledOrSlid() && r.earlierMatch() > 0 {
			// Pushes not seen to move, to a board that shows an earlier position: pieces
			// put back one by one, a takeback (held), rather than a push unseen. (Marbles
			// rolled back as one, no square of the line seen empty, and a line slid whole
			// in a push's order, are the push: asked.)
			r.v.moves = r.v.moves[:0]
		}
		if len(r.v.moves) > 0 && partial == len(r.v.moves) && r.pairedPushes() {
			return
		}
		if len(r.v.moves) > 0 && partial > 0 && r.asked.moves != nil && slices.ContainsFunc(r.asked.moves, func(m engine.Move) bool { return !slices.Contains(r.v.moves, m) }) {
			// (An option asked that the work since no longer shows alone may be followed by
			// it: W2 or Sc asked, then E2 made, is no question about Sc alone.)
			r.v.kind = noMatch
			if r.answeredByReply(); r.v.kind != noMatch {
				return
			}
		}
		if len(r.v.moves) > 0 && partial > 0 {
			// A push whose work was partly hidden is asked, even alone, and alongside the
			// moves seen whole: the squares read the same after them all.
			for _, m := range r.v.part {
				if !slices.Contains(r.v.moves, m) {
					r.v.moves = append(r.v.moves, m)
				}
			}
			r.v.kind = matchMany
			return
		}
		if r.asked.moves != nil && (len(r.v.moves) == 0 || r.askedUnseen() || !slices.ContainsFunc(r.v.moves, func(m engine.Move) bool { return slices.Contains(r.asked.moves, m) })) {
			// (A move that fits the board as it was may follow an option the squares
			// cannot show: it is read after the options first.)
			r.answeredByReply()
			if r.v.kind != noMatch {
				return
			}
		}
		if r.matchHidden() {
			return
		}
		switch len(r.v.moves) {
		case 0:
		case 1:
			if r.shown.next && len(r.ev.work) == 0 {
				// (The rest of the moves the board alone shows, one answered: its work went
				// with it, and one move left is asked too. b5 may be b7-b5 and a drop on b7.)
				r.shownAsked(r.v.moves[:1])
				return
			}
			if r.strayAsked() || r.undoneLate(r.v.moves[0]) {
				return
			}
			if r.strayJustLifted(r.v.moves[0]) {
				// A piece put down off the move and taken up again just now may be a disc
				// being turned for a move before it (d2, then c3 turning d2, d2 lifted as
				// c3 lands): looked at again until it has been up handOff.
				r.v.kind, r.dirty = inProgress, true
				return
			}
			if r.v.move = r.v.moves[0]; r.swappedSince() {
				return
			}
			if a, k := r.restedToHandOn(r.v.moves[0]); a != 0 {
				// The piece rested, on its way or off it, long enough to be handed on: the
				// slide, or a move that stopped there and the next player's from there, is
				// asked.
				r.v.splits = append(r.v.splits[:0], len(r.ev.work), k)
				r.v.moves = append(r.v.moves, a)
				r.v.kind, r.v.askFrom = matchMany, k
				return
			}
			r.v.kind, r.v.move = matchMove, r.v.moves[0]
			r.v.extendable = r.canExtend(r.v.moves[0], r.legal)
			if k := r.pushAfter(r.v.moves[0]); k > 0 {
				r.v.split = k // (the next player's push seen in part: read, and asked, after m)
			}
			return
		default:
			r.v.kind = matchMany
			return
		}
	}
	back := 0
	if r.cfg.Takeback {
		back = r.earlierMatch()
	}
	search := r.aiMove == 0 && !r.thinking && r.asked.moves == nil && len(r.ev.work) > 0
	if back > 0 && !search {
		r.v.kind, r.v.back = matchBack, back
		return
	}
	if search && r.now.Sub(r.last) < pairQuiet {
		// Several moves in one reading are looked for once the hands pause: the search
		// costs milliseconds, and every change while the hands are busy would repeat it.
		r.v.kind, r.dirty = inProgress, true
		return
	}
	if r.matchPair(false) && (back == 0 || r.v.kind == matchMove || r.v.kind == matchMany) {
		// (A board that shows an earlier position while the work reads as moves seen whole
		// that leave it so is read as those moves, as a single move is: Quixo for four's
		// b1-b5 and a5-a1 after b5-b1 and a1-a5, the dots read alike. A takeback that
		// looks like moves is made on the kiosk, or by "none of these" where they are
		// asked.)
		return
	}
	if back > 0 {
		r.v.kind, r.v.back = matchBack, back
		return
	}
	if r.aiMove != 0 {
		lifted := r.rackLifted()
		if r.partOf(r.aiMove) || r.fits(r.aiMove, 0, 0, r.diff, &r.expected) == fitBoard ||
			(r.diff == 0 && lifted != engine.Empty && lifted == r.state.Footprint(r.aiMove).Rack) {
			r.v.kind = inProgress // half of the AI's move: the squares, or the piece it hands over
			r.v.toLift = r.unliftedBy(r.aiMove)
		}
		return
	}
	if !r.gameOver && !r.thinking {
		for _, m := range r.legal {
			if r.partOf(m) {
				r.v.kind = inProgress
				r.v.toLift = r.unlifted()
				return
			}
		}
		// A piece taken from the rack, not yet put down.
		if p := r.rackLifted(); p != engine.Empty && r.diff == 0 {
			for _, m := range r.legal {
				if r.state.Footprint(m).Rack == p {
					r.v.kind = inProgress
					return
				}
			}
		}
	}
}

// handStill reports whether the hand's work since the last commit was all done within
// handOff of it, taking up again the piece the last move put down or putting one down on
// the square past it, on its line: the hand that made that move may still be at work,
// overshooting (the lift may pass unseen, shorter than the debounce time).
func (r *Referee) handStill() bool {
	if r.last.Sub(r.committedAt) >= handOff {
		return false
	}
	past := r.pastLast()
	return slices.ContainsFunc(r.ev.work, func(w work) bool { return !w.on && r.lastTo.Has(w.sq) || w.on && past.Has(w.sq) })
}

// pastLast returns the square past the last move's on its line, where a piece went from
// one square to another: d1 after f1-e1.
func (r *Referee) pastLast() engine.Bitboard {
	if r.lastFrom&(r.lastFrom-1) != 0 || r.lastTo&(r.lastTo-1) != 0 || r.lastFrom == 0 || r.lastTo == 0 {
		return 0
	}
	g, to := r.cfg.Rules.Geometry(), r.lastTo.First()
	for b := past(g, r.lastFrom.First(), to); b != 0; {
		if s := b.Pop(); chebyshev(g, s, to) == 1 {
			return engine.Bit(s)
		}
	}
	return 0
}
