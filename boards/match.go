package boards

import (
	"fmt"
	"slices"
	"strings"
	"time"

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
	r.legal = r.state.Legal(r.legal[:0])
	if r.state.Outcome().Over {
		r.legal = r.legal[:0]
	}
	r.lifted = 0
	r.tapSquare = engine.NoSquare
	r.asking = nil
	r.matchKind = noMatch
	r.dirty = true
	r.computeDiff() // the lights show what differs at once; matching waits for the next frame
}

// next starts what comes after a commit or a takeback: the end of the game, or the AI's
// turn.
func (r *Referee) next() {
	if o := r.state.Outcome(); o.Over {
		r.gameOver = true
		r.emit(Event{Kind: GameOver, Outcome: o, Text: o.Text(r.cfg.Rules)})
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
		r.emit(Event{Kind: Warning, Text: fmt.Sprintf("the board has not settled for %v: a sensor keeps changing, or a hand is resting on it", r.cfg.Restless)})
	}
	if changed && r.kind == hw.Presence {
		r.pending = 0 // flips a presence grid cannot see are shown until the next change
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
	}
	if t := r.tapSquare; t != engine.NoSquare {
		r.tapSquare = engine.NoSquare
		r.stats.Taps++
		r.emit(Event{Kind: Tap, Square: t, Text: r.cfg.Rules.Geometry().Name(t)})
		if r.asking != nil && r.matchKind == matchMany {
			r.chooseBySquare(t)
			return
		}
	}
	if r.matchKind == matchSame {
		return
	}
	settled := r.Settled()
	switch r.matchKind {
	case matchMove, matchAIPair:
		if !r.extendable || settled {
			r.commitMatch()
		}
	case matchBack:
		if r.now.Sub(r.last) >= r.cfg.Hold {
			r.takeBack(r.matchBack, "the board was set back")
		}
	case matchMany:
		// Where the rack can still tell (the piece not taken from it yet), the question
		// waits for the grace period: the hand is usually on its way to the rack.
		if settled && !slices.Equal(r.asking, r.buf) && (!r.rackCanTell || r.now.Sub(r.last) >= r.cfg.Grace) {
			r.ask()
		}
	case noMatch:
		if settled && !r.misSent && r.now.Sub(r.last) >= r.cfg.Grace {
			r.reportMismatch()
		}
	}
}

func (r *Referee) boardMatches() {
	if r.pushed() {
		return
	}
	r.sync = false
	r.lifted = 0
	r.forgetOrder()
	r.matchKind = matchSame
	if r.misSent {
		r.misSent = false
		r.emit(Event{Kind: Repaired, Text: "the board matches the game"})
	}
	if r.gameOver || r.thinking {
		r.asking = nil
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
	r.buf = r.buf[:0]
	for _, m := range r.legal {
		if !r.silent(m) {
			r.buf = r.buf[:0]
			break
		}
		r.buf = append(r.buf, m)
	}
	if len(r.buf) == 0 {
		r.asking = nil // a question about moves the board no longer shows is closed
		return
	}
	r.matchKind = matchMany
	r.rackCanTell = len(r.rack) > 0
}

// pushed matches a push that leaves the squares reading as before (Quixo on presence
// sensors: every square is full before and after): the order of the hand's work tells it,
// the first square emptied being the piece taken and the last filled where it went in.
func (r *Referee) pushed() bool {
	if r.lifted == 0 || r.sync || r.gameOver || r.thinking {
		return false
	}
	r.buf = r.buf[:0]
	for _, m := range r.legal {
		if r.aiMove != 0 && m != r.aiMove {
			continue // only the AI's move can be on the board
		}
		if r.state.Footprint(m).Line != 0 && r.fits(m, 0, &r.expected) == fitFull {
			r.buf = append(r.buf, m)
		}
	}
	r.lastIn(r.buf)
	switch {
	case len(r.buf) == 0:
		return false
	case len(r.buf) == 1 && r.kind != hw.Presence:
		r.matchKind, r.matchMove, r.extendable = matchMove, r.buf[0], true
	default:
		// On presence sensors the order of the work is the only evidence, and a row slid as
		// a whole can hide part of it: the move is asked, never taken on that alone.
		r.matchKind = matchMany
	}
	return true
}

// forgetOrder forgets the order of the hand's work, when the board matches a position.
func (r *Referee) forgetOrder() {
	r.firstLift = engine.NoSquare
	clear(r.emptiedAt[:])
	clear(r.filledAt[:])
}

// pushOrder reports whether the hand's work fits push f: the square a piece leaves (Exit)
// emptied first, before any other square since the board last matched.
func (r *Referee) pushOrder(f engine.Footprint) bool {
	if f.Exit == engine.NoSquare {
		return true
	}
	if r.firstLift != f.Exit {
		return false // the first square emptied since the board last matched is the piece taken
	}
	at := r.emptiedAt[f.Exit]
	if at.IsZero() {
		return false
	}
	for b := f.Line &^ engine.Bit(f.Exit); b != 0; {
		if t := r.emptiedAt[b.Pop()]; !t.IsZero() && t.Before(at) {
			return false
		}
	}
	return true
}

// lastIn keeps, of several pushes that fit, those whose Entry was filled last of its line,
// if any: where the piece went in tells pushes from one square apart.
func (r *Referee) lastIn(moves []engine.Move) {
	if len(moves) < 2 {
		return
	}
	for _, m := range moves {
		if r.state.Footprint(m).Line == 0 {
			return // not all pushes
		}
	}
	keep := moves[:0:0]
	for _, m := range moves {
		f := r.state.Footprint(m)
		at, last := r.filledAt[f.Entry], true
		for b := f.Line &^ engine.Bit(f.Entry); b != 0; {
			if r.filledAt[b.Pop()].After(at) {
				last = false
			}
		}
		if last && !at.IsZero() {
			keep = append(keep, m)
		}
	}
	if len(keep) > 0 {
		r.buf = append(r.buf[:0], keep...)
	}
}

// silent reports whether move m changes nothing on the squares.
func (r *Referee) silent(m engine.Move) bool {
	f := r.state.Footprint(m)
	return f.Emptied|f.Filled|f.Replaced|f.Flipped == 0
}

// fit says how well the sensors show a move made.
type fit uint8

const (
	fitNone  fit = iota
	fitBoard     // the squares show it; the rack does not (yet)
	fitFull      // the squares and the rack (if the board has one) show it
)

// fits reports whether the settled board shows move m made from the current position
// (flips may still be undone), with every square it must lift seen empty, and whether the
// rack shows it too.
func (r *Referee) fits(m engine.Move, diff engine.Bitboard, expected *Board) fit {
	s := r.state
	f := s.Footprint(m)
	changed := f.Emptied | f.Filled | f.Replaced | f.Flipped
	if diff&^changed != 0 || f.Touched&^r.lifted != 0 {
		return fitNone
	}
	if f.Line != 0 && r.lifted != 0 && !r.pushOrder(f) {
		return fitNone // a push is read from the order of the hand's work: out at Exit first
	}
	s.Play(m)
	ok := fitFull
	for b := changed; b != 0; {
		sq := b.Pop()
		got := r.board[sq]
		if got == ReadingOf(s.PieceAt(sq), r.kind) || (f.Flipped.Has(sq) && got == expected[sq]) {
			continue
		}
		ok = fitNone
		break
	}
	if ok == fitFull && !r.rackFits(s) && (f.Rack != engine.Empty || !r.rackOnlyShort(s)) {
		// A move that takes nothing from the rack (Quarto's winning placement) fits a rack
		// with pieces taken early; the lights then ask for them back.
		ok = fitBoard
	}
	s.Undo()
	return ok
}

// partOf reports whether the differences could be a move on its way: squares it lifts or
// changes, with something lifted since the board last matched.
func (r *Referee) partOf(m engine.Move) bool {
	f := r.state.Footprint(m)
	return r.lifted != 0 && r.diff&^(f.Emptied|f.Filled|f.Replaced|f.Flipped|f.Touched) == 0
}

func (r *Referee) match() {
	r.matchKind = noMatch
	r.buf = r.buf[:0]
	switch {
	case r.sync:
		return // the board must show the position before moves count again
	case r.gameOver:
		return // a finished game is recorded as finished: nothing more counts
	case r.thinking:
		// Nothing may move: only a takeback can fit.
	case r.aiMove != 0:
		r.matchAI()
		if r.matchKind != noMatch {
			return
		}
	default:
		r.buf2 = r.buf2[:0]
		for _, m := range r.legal {
			switch r.fits(m, r.diff, &r.expected) {
			case fitFull:
				r.buf = append(r.buf, m)
			case fitBoard:
				r.buf2 = append(r.buf2, m)
			}
		}
		r.rackCanTell = false
		if len(r.buf) == 0 && r.rackOK {
			// The rack is as it was: the pieces came from elsewhere, or the piece to hand
			// over is still to be taken. The squares alone decide, or a question does.
			r.buf = append(r.buf, r.buf2...)
			r.rackCanTell = len(r.buf2) > 1
		}
		r.lastIn(r.buf)
		if len(r.buf) == 0 && r.asking != nil {
			r.answeredByReply()
			if r.matchKind != noMatch {
				return
			}
		}
		switch len(r.buf) {
		case 0:
		case 1:
			r.matchKind, r.matchMove = matchMove, r.buf[0]
			r.extendable = r.canExtend(r.buf[0], r.legal)
			return
		default:
			r.matchKind = matchMany
			return
		}
	}
	if r.cfg.Takeback {
		if k := r.earlierMatch(); k > 0 {
			r.matchKind, r.matchBack = matchBack, k
			return
		}
	}
	if r.aiMove != 0 {
		lifted := r.rackLifted()
		if r.partOf(r.aiMove) || r.fits(r.aiMove, r.diff, &r.expected) == fitBoard ||
			(r.diff == 0 && lifted != engine.Empty && lifted == r.state.Footprint(r.aiMove).Rack) {
			r.matchKind = inProgress // half of the AI's move: the squares, or the piece it hands over
		}
		return
	}
	if !r.gameOver && !r.thinking {
		for _, m := range r.legal {
			if r.partOf(m) {
				r.matchKind = inProgress
				return
			}
		}
		// A piece taken from the rack, not yet put down.
		if p := r.rackLifted(); p != engine.Empty && r.diff == 0 {
			for _, m := range r.legal {
				if r.state.Footprint(m).Rack == p {
					r.matchKind = inProgress
					return
				}
			}
		}
	}
}

// answeredByReply looks for the answer to an open question in the next move: the players
// went on (the opponent put the piece handed over on the board) before anybody answered.
// Where the board shows one option followed by a legal reply, and no other option, the
// option is committed and the reply is matched next; where several options could precede
// it, the question stays open and the board is not a mismatch.
func (r *Referee) answeredByReply() {
	s := r.state
	var found engine.Move
	n := 0
	r.buf2 = r.buf2[:0]
	for _, o := range r.asking {
		f := s.Footprint(o)
		if f.Touched&^r.lifted != 0 {
			continue
		}
		s.Play(o)
		after := Project(s, r.kind)
		var diff engine.Bitboard
		for sq := engine.Square(0); int(sq) < r.size; sq++ {
			if r.board[sq] != after[sq] && !(f.Flipped.Has(sq) && r.board[sq] == r.expected[sq]) {
				diff |= engine.Bit(sq)
			}
		}
		ok := false
		if diff != 0 && !s.Outcome().Over {
			r.buf2 = s.Legal(r.buf2)
			for _, m := range r.buf2 {
				if r.fits(m, diff, &after) == fitFull {
					ok = true
					break
				}
			}
			r.buf2 = r.buf2[:0]
		}
		s.Undo()
		if ok {
			found = o
			n++
		}
	}
	switch {
	case n == 1:
		r.matchKind, r.matchMove, r.extendable = matchMove, found, true
	case n > 1:
		r.matchKind = matchMany
		r.buf = append(r.buf[:0], r.asking...)
	}
}

// matchAI matches the announced AI move, or the AI move followed at once by the reply.
func (r *Referee) matchAI() {
	if r.fits(r.aiMove, r.diff, &r.expected) == fitFull {
		r.matchKind, r.matchMove, r.extendable = matchMove, r.aiMove, false
		return
	}
	if r.gameOverAfter(r.aiMove) || r.sides[(r.state.Turn()+1)%len(r.sides)] != Human {
		return
	}
	// The reply is matched against the position after the AI's move.
	s := r.state
	fa := s.Footprint(r.aiMove)
	if fa.Touched&^r.lifted != 0 {
		return
	}
	s.Play(r.aiMove)
	var diff engine.Bitboard
	for sq := engine.Square(0); int(sq) < r.size; sq++ {
		if r.board[sq] != r.afterAI[sq] && !(fa.Flipped.Has(sq) && r.board[sq] == r.expected[sq]) {
			diff |= engine.Bit(sq)
		}
	}
	replies := s.Legal(r.buf[:0])
	var found engine.Move
	n := 0
	for _, m := range replies {
		if r.fits(m, diff, &r.afterAI) == fitFull {
			found = m
			n++
		}
	}
	s.Undo()
	if n == 0 {
		return
	}
	// The AI's move is done. Two moves at once always wait for the board to settle: a piece
	// in transit over a square can read there for a frame after it has gone, and that frame
	// may look like the AI's move done and a reply dropped. Where several replies fit, the
	// reply is left to the ordinary matching (which asks) once the AI's move is in.
	r.matchKind, r.extendable, r.matchMove = matchAIPair, true, 0
	if n == 1 {
		r.matchMove = found
	}
}

func (r *Referee) gameOverAfter(m engine.Move) bool {
	r.state.Play(m)
	over := r.state.Outcome().Over
	r.state.Undo()
	return over
}

// canExtend reports whether the hand could still be on its way: another legal move lifts
// the same pieces, with every square it must touch already lifted, and puts them elsewhere
// (a slide that may go further). A capture that has landed cannot: another capture would
// need its own victim lifted. legal are the moves of the position r.state is in.
//
// A placement can be a moving piece seen early: a sliding piece may close the sensor of
// the square it arrives on before the one it left opens (make before break), and for a
// moment the board reads as a piece put down there. So a placement waits for the settle
// window when another legal move brings a piece of the board onto the same square.
func (r *Referee) canExtend(m engine.Move, legal []engine.Move) bool {
	f := r.state.Footprint(m)
	for _, o := range legal {
		if o == m {
			continue
		}
		g := r.state.Footprint(o)
		switch {
		case f.Emptied == 0 && g.Emptied != 0 && (g.Filled|g.Replaced)&f.Filled != 0:
			return true // a piece arriving, not one put down
		case f.Emptied != 0 && g.Emptied == f.Emptied && g.Touched&^r.lifted == 0:
			return true
		}
	}
	return false
}

// earlierMatch returns k > 0 if the board shows the position k moves back (k = 1, 2).
func (r *Referee) earlierMatch() int {
	n := len(r.history)
	for k := 1; k <= 2 && k <= n; k++ {
		for range k {
			r.state.Undo()
		}
		same := Project(r.state, r.kind) == r.board && r.rackFits(r.state)
		for i := n - k; i < n; i++ {
			r.state.Play(r.history[i])
		}
		if same {
			return k
		}
	}
	return 0
}

func (r *Referee) commitMatch() {
	if r.matchKind == matchAIPair {
		reply, lifted := r.matchMove, r.lifted
		r.commit(r.aiMove)
		switch {
		case r.gameOver || r.aiMove != 0:
		case reply != 0:
			r.commit(reply)
		default:
			r.lifted = lifted // the evidence for the reply, gathered before the AI's move went in
		}
		return
	}
	r.commit(r.matchMove)
}

func (r *Referee) commit(m engine.Move) {
	f := r.state.Footprint(m)
	before := r.expected
	text := r.cfg.Rules.FormatMove(m)
	r.state.Play(m)
	r.history = append(r.history, m)
	r.stats.Commits++
	if m == r.aiMove {
		r.aiMove = 0
	}
	r.lastMove, r.lastFrom, r.lastTo = m, f.Emptied|f.Touched, f.Filled|f.Replaced
	r.positionChanged()
	// Flips of earlier moves not yet done stay to do; a disc flipped twice is done.
	if r.kind == hw.Presence {
		r.pending = f.Flipped
	} else {
		r.pending ^= f.Flipped
	}
	for b := f.Flipped; b != 0; {
		sq := b.Pop()
		r.alt[sq] = before[sq]
	}
	r.emit(Event{Kind: MoveCommitted, Move: m, Text: text})
	r.next()
}

func (r *Referee) takeBack(k int, why string) {
	for range k {
		r.state.Undo()
	}
	r.history = r.history[:len(r.history)-k]
	r.stats.Takebacks++
	r.thinking, r.aiMove, r.pending = false, 0, 0
	r.lastMove, r.lastFrom, r.lastTo = 0, 0, 0
	r.positionChanged()
	r.emit(Event{Kind: TakenBack, Text: fmt.Sprintf("%s: %d move(s) taken back", why, k)})
	r.next()
}

// ask reports that several moves fit; the answer is a tap or CmdChoose.
func (r *Referee) ask() {
	r.asking = append([]engine.Move(nil), r.buf...)
	r.stats.Asks++
	names := make([]string, len(r.asking))
	for i, m := range r.asking {
		names[i] = r.cfg.Rules.FormatMove(m)
	}
	r.emit(Event{Kind: Asking, Options: r.asking, Text: "which move: " + strings.Join(names, " or ") + "? Tap its lit square or choose on the screen"})
}

// distinct returns the squares only option i changes, among the options asked.
func (r *Referee) distinct(i int) engine.Bitboard {
	hands := func(m engine.Move) engine.Bitboard { // where the hand acts; flips are not chosen by
		f := r.state.Footprint(m)
		return f.Emptied | f.Filled | f.Replaced | f.Touched
	}
	own := hands(r.asking[i])
	for j, o := range r.asking {
		if j != i {
			own &^= hands(o)
		}
	}
	return own
}

func (r *Referee) chooseBySquare(s engine.Square) {
	for i, m := range r.asking {
		if r.distinct(i).Has(s) {
			r.choose(m)
			return
		}
	}
}

func (r *Referee) choose(m engine.Move) {
	switch {
	case !slices.Contains(r.asking, m):
		r.emit(Event{Kind: Warning, Text: r.cfg.Rules.FormatMove(m) + " is not one of the moves asked about"})
	case r.matchKind != matchMany || !slices.Contains(r.buf, m):
		// The board has changed since the question: the answer is for a board gone.
		r.emit(Event{Kind: Warning, Text: r.cfg.Rules.FormatMove(m) + ": the board no longer shows that move"})
	default:
		r.commit(m)
	}
}

// repairs sorts the squares where the board differs from the game by what fixes them:
// clear the square, put a piece on it, or turn over (exchange) the piece on it.
func (r *Referee) repairs() (remove, put, turn engine.Bitboard) {
	for b := r.diff; b != 0; {
		sq := b.Pop()
		switch {
		case r.expected[sq] == 0:
			remove |= engine.Bit(sq)
		case r.board[sq] == 0:
			put |= engine.Bit(sq)
		default:
			turn |= engine.Bit(sq)
		}
	}
	return remove, put, turn
}

func (r *Referee) reportMismatch() {
	r.misSent = true
	r.stats.Mismatches++
	g := r.cfg.Rules.Geometry()
	remove, put, turn := r.repairs()
	var parts []string
	list := func(verb string, b engine.Bitboard) {
		if b == 0 {
			return
		}
		var names []string
		for b != 0 {
			names = append(names, g.Name(b.Pop()))
		}
		parts = append(parts, verb+" "+strings.Join(names, " "))
	}
	list("clear", remove)
	list("put a piece on", put)
	if r.kind == hw.Identity {
		list("put the right piece on", turn)
	} else {
		list("turn over", turn)
	}
	if out, back := r.rackRepairs(); out != "" || back != "" {
		if out != "" {
			parts = append(parts, "take "+out+" from the rack")
		}
		if back != "" {
			parts = append(parts, "put "+back+" back in the rack")
		}
	}
	r.misText = "the board does not match the game: " + strings.Join(parts, "; ")
	r.emit(Event{Kind: Mismatch, Remove: remove, Put: put, Turn: turn, Text: r.misText})
}

// HandleMessage feeds a command or an AI result, at time at, and returns the events it
// caused (valid until the next call).
func (r *Referee) HandleMessage(m Message, at time.Time) []Event {
	r.begin()
	if at.After(r.now) {
		r.now = at
	}
	if m.Kind == CmdNewGame {
		if m.Rules == nil {
			r.emit(Event{Kind: Warning, Text: "new game: no game given"})
			return r.events
		}
		if err := r.cfg.Layout.Fits(m.Rules.Geometry()); err != nil {
			r.emit(Event{Kind: Warning, Text: fmt.Sprintf("new game %s: %v", m.Rules.ID(), err)})
			return r.events
		}
		r.start(m.Rules, m.Sides, r.now)
		return r.events
	}
	if m.Kind == CmdResume {
		r.resume(m)
		return r.events
	}
	if m.Game != r.game {
		r.stats.StaleMessages++
		r.emit(Event{Kind: Warning, Text: fmt.Sprintf("message for game %d dropped: game %d is on", m.Game, r.game)})
		return r.events
	}
	if (m.Kind == CmdTakeback || m.Kind == CmdChoose) && m.Version != 0 && m.Version != uint64(r.state.Ply())+1 {
		r.stats.StaleMessages++
		r.emit(Event{Kind: Warning, Text: "a command made for an earlier position dropped"})
		return r.events
	}
	switch m.Kind {
	case CmdTakeback:
		r.commandTakeback()
	case CmdChoose:
		if r.asking == nil {
			r.emit(Event{Kind: Warning, Text: "nothing was asked"})
		} else {
			r.choose(m.Move)
		}
	case CmdHints:
		r.cfg.Hints = m.On
		r.version++
	case CmdAIResult:
		r.aiResult(m)
	default:
		r.emit(Event{Kind: Warning, Text: fmt.Sprintf("unknown command %d", m.Kind)})
	}
	return r.events
}

func (r *Referee) commandTakeback() {
	n := len(r.history)
	switch {
	case n == 0:
		r.emit(Event{Kind: Warning, Text: "nothing to take back"})
		return
	case r.gameOver:
		r.emit(Event{Kind: Warning, Text: "the game is over: start a new one"})
		return
	}
	defer func() { r.sync = true }() // the board must show the earlier position again
	// Against an AI, go back to the last position where a human was to move.
	k := 1
	for k < n && r.sidesAt(n-k) == AI {
		k++
	}
	if r.sidesAt(n-k) == AI {
		k = 1
	}
	r.takeBack(k, "takeback")
}

// sidesAt returns who was to move before move i of the history.
func (r *Referee) sidesAt(i int) Side {
	back := len(r.history) - i
	for range back {
		r.state.Undo()
	}
	side := r.sides[r.state.Turn()]
	for j := i; j < len(r.history); j++ {
		r.state.Play(r.history[j])
	}
	return side
}

func (r *Referee) aiResult(m Message) {
	if !r.thinking || m.Version != uint64(r.state.Ply()) {
		r.stats.StaleMessages++
		r.emit(Event{Kind: Warning, Text: "AI result for an earlier position dropped"})
		return
	}
	if err := r.state.Validate(m.Move); err != nil {
		r.emit(Event{Kind: Warning, Text: fmt.Sprintf("AI move refused: %v", err)})
		return
	}
	r.thinking = false
	r.aiMove = m.Move
	r.state.Play(m.Move)
	r.afterAI = Project(r.state, r.kind)
	r.state.Undo()
	r.dirty = true
	r.emit(Event{Kind: AIMove, Move: m.Move, Text: r.cfg.Rules.FormatMove(m.Move)})
}

// resume starts a game from its recorded moves (after a crash or a power cut): the board
// must then show the position, and the lights say what to fix until it does.
func (r *Referee) resume(m Message) {
	if err := r.resumeGame(m.Rules, m.Sides, m.Moves); err != nil {
		r.emit(Event{Kind: Warning, Text: err.Error()})
	}
}

func (r *Referee) resumeGame(rules engine.Rules, sides []Side, moves []engine.Move) error {
	if rules == nil {
		return fmt.Errorf("resume: no game given")
	}
	if err := r.cfg.Layout.Fits(rules.Geometry()); err != nil {
		return fmt.Errorf("resume %s: %w", rules.ID(), err)
	}
	s := rules.Start()
	for i, mv := range moves {
		if err := s.Validate(mv); err != nil {
			return fmt.Errorf("resume: move %d: %w", i+1, err)
		}
		s.Play(mv)
	}
	r.start(rules, sides, r.now)
	for _, mv := range moves {
		r.state.Play(mv)
		r.history = append(r.history, mv)
	}
	if n := len(moves); n > 0 {
		last := moves[n-1]
		r.state.Undo()
		f := r.state.Footprint(last)
		r.state.Play(last)
		r.lastMove, r.lastFrom, r.lastTo = last, f.Emptied|f.Touched, f.Filled|f.Replaced
	}
	r.events = r.events[:0] // start's NewGame and Think were for the empty game
	r.positionChanged()
	r.emit(Event{Kind: NewGame, Text: fmt.Sprintf("%s resumed after %d moves", rules.Name(), len(moves))})
	r.next()
	return nil
}

// Retract takes back the last n moves because they could not be recorded, and says why:
// unlike a takeback, it is no player's doing, and the board must be put back as lit. It
// returns the events it caused (valid until the next call).
func (r *Referee) Retract(n int, why string) []Event {
	r.begin()
	if n > len(r.history) {
		n = len(r.history)
	}
	for range n {
		r.state.Undo()
	}
	r.history = r.history[:len(r.history)-n]
	r.thinking, r.aiMove, r.pending = false, 0, 0
	r.lastMove, r.lastFrom, r.lastTo = 0, 0, 0
	r.positionChanged()
	r.sync = true // the board must show the position again: playing the move once more retries
	r.emit(Event{Kind: Warning, Text: why})
	r.next()
	return r.events
}
