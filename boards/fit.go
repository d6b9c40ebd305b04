package boards

// How a move made fits the board: the squares, the rack, and the order of the hand's work
// on them.

import (
	"slices"
	"time"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/hw"
)

// silent reports whether move m changes nothing on the squares.
func (r *Referee) silent(m engine.Move) bool {
	f := r.state.Footprint(m)
	return f.Emptied|f.Filled|f.Replaced|f.Flipped == 0
}

// fit says how well the sensors show a move made.
type fit uint8

const (
	fitNone    fit = iota
	fitPartial     // the squares show a push, but part of its work was hidden: ask
	fitBoard       // the squares show it; the rack does not (yet)
	fitFull        // the squares and the rack (if the board has one) show it
)

// fits reports whether the settled board shows move m made from the current position
// (flips may still be undone), with every square it must lift seen empty, and whether the
// rack shows it too. A push is read from its work from work[from] on, the gutters another
// move of the reading explains (gutterOK) set aside.
func (r *Referee) fits(m engine.Move, from int, gutterOK uint8, diff engine.Bitboard, expected *Board) fit {
	s := r.state
	f := s.Footprint(m)
	changed := f.Emptied | f.Filled | f.Replaced | f.Flipped
	ok := fitFull
	switch {
	case diff&^changed != 0 || r.strays&(f.Filled|f.Replaced) != 0:
		// (Nor a move onto a stone the players said was no move, not taken up since.)
		return fitNone
	case f.Line != 0:
		// A push is read from the order of the hand's work.
		ok = r.pushWork(f, from, len(r.ev.work), diff != 0, gutterOK)
		if ok == fitNone {
			return fitNone
		}
	case f.Touched&^r.ev.lifted&^r.readChanged(f, diff) != 0:
		return fitNone
	}
	s.Play(m)
	for b := changed; b != 0; {
		sq := b.Pop()
		got := r.board[sq]
		if got == ReadingOf(s.PieceAt(sq), r.kind) || (f.Flipped.Has(sq) && got == expected[sq]) {
			continue
		}
		ok = fitNone
		break
	}
	if ok >= fitBoard && !r.rackFits(s) && (f.Rack != engine.Empty || !r.rackOnlyShort(s)) {
		// A move that takes nothing from the rack (Quarto's winning placement) fits a rack
		// with pieces taken early; the lights then ask for them back.
		ok = fitBoard
	}
	s.Undo()
	return ok
}

// turnsInHand reports whether move m, from the position r.state, shows done but for discs it
// turns read empty: lifted to be turned, still in a hand (presence sensors only; elsewhere a
// disc lifted reads empty as any piece lifted). The board differs from the position only
// where m acts (diff).
func (r *Referee) turnsInHand(m engine.Move, diff engine.Bitboard) bool {
	if r.kind != hw.Presence {
		return false
	}
	s := r.state
	f := s.Footprint(m)
	changed := f.Emptied | f.Filled | f.Replaced | f.Flipped
	var inHand engine.Bitboard
	for b := f.Flipped; b != 0; {
		if sq := b.Pop(); r.board[sq] == 0 {
			inHand |= engine.Bit(sq)
		}
	}
	if inHand == 0 || diff&^changed != 0 || f.Line != 0 || f.Touched&^r.ev.lifted != 0 {
		return false
	}
	s.Play(m)
	defer s.Undo()
	for b := changed &^ inHand; b != 0; {
		if sq := b.Pop(); r.board[sq] != ReadingOf(s.PieceAt(sq), r.kind) {
			return false
		}
	}
	return true
}

// makeBreak is how much sooner a piece may read on the square it goes to than gone from the
// one it left: a sliding piece closes the next sensor before the last one opens, and the
// debouncer may pass the two changes a scan or two apart.
const makeBreak = 100 * time.Millisecond

// slidOnHold is how long an AI's push partly seen must show on the board before it is
// taken: two scans and a half at 50 Hz, past a marble slid on a scan before the square it
// left reads empty (matchAI). Longer holds let a quick reply begin first.
const slidOnHold = 50 * time.Millisecond

// carried returns the square move f takes a piece from and the one it takes it to, where
// f is one piece taken from one square to another (no push, no placement).
func carried(f engine.Footprint) (from, to engine.Square, ok bool) {
	dest := f.Filled | f.Replaced
	if f.Line != 0 || f.Emptied == 0 || f.Emptied&(f.Emptied-1) != 0 || dest == 0 || dest&(dest-1) != 0 {
		return engine.NoSquare, engine.NoSquare, false
	}
	return f.Emptied.First(), dest.First(), true
}

// landedFirst reports whether move f, a piece taken from one square to another, reads as
// done out of order: its piece last came down on the square it goes to while the square it
// comes from held a piece, well before that square was next emptied, and the hands worked
// elsewhere in between. That piece is another (c4-c3, then b4-c4 made at once reads as
// b4-c3 with c4 lifted and put back, c3 filled 0.3 s before b4 emptied; f3-e4 taken back to
// f3, b7-e4 made, then f3-e3, is never f3-e4 followed by e3). A slow slide made before
// break, nothing done in between, is the move. Its piece is looked for in the work from
// work[lo] to work[hi-1]: a's own, where a is the first move of a reading.
func (r *Referee) landedFirst(f engine.Footprint, lo, hi int) bool {
	from, to, ok := carried(f)
	if !ok {
		return false
	}
	span := r.ev.work[min(lo, len(r.ev.work)):min(hi, len(r.ev.work))]
	on := lastAt(span, to, true)
	if f.Filled.Has(to) {
		on = landing(span, on) // (not on a capture's square: its stone lifted and put back is the capture)
	}
	if on < 0 {
		return false
	}
	held := true // (from's piece, or one put back there)
	for _, w := range span[:on] {
		if w.sq == from {
			held = w.on
		}
	}
	// (The square left is next emptied within the span, or past it, in the work of the moves
	// after: c1-d1 read first, d1 filled, c1 lifted only once f4-c1 had begun.)
	after := r.ev.work[min(lo, len(r.ev.work))+on+1:]
	off := slices.IndexFunc(after, func(w work) bool { return w.is(from, false) })
	if !held || off < 0 || !span[on].at.Add(makeBreak).Before(after[off].at) {
		return false
	}
	// (Nor a piece on the square it goes to lifted for makeBreak or more while the square it
	// comes from stays held: a stone across both leaves both. g6 filled, lifted and put back
	// 120 ms later, then f6 lifted 0.7 s after, is never f6-g6; a sensor flickering under a
	// stone across both may be.)
	own := f.Emptied | f.Filled | f.Replaced | f.Touched
	for i, w := range after[:off] {
		if !own.Has(w.sq) {
			return true
		}
		if w.is(to, false) {
			back := slices.IndexFunc(after[i+1:], func(v work) bool { return v.is(to, true) })
			if back < 0 || after[i+1+back].at.Sub(w.at) >= makeBreak {
				return true
			}
		}
	}
	return false
}

// landing returns where the piece on ws[i]'s square, put down at ws[i], came down: past
// any turn of it (lifted and put straight back, nothing done in between), to the put
// before (a2 filled, then turned 2 s later, came down first). -1 if i is. For a square
// empty before the move: on presence sensors a capture's swap reads as a turn.
func landing(ws []work, i int) int {
	for i >= 2 && ws[i-1].is(ws[i].sq, false) {
		j := lastAt(ws[:i-1], ws[i].sq, true)
		if j < 0 {
			break
		}
		i = j
	}
	return i
}

// leftOnTheWay reports whether move f, a piece taken from one square to another over
// others, reads with its piece still on a square of its way after it landed: a square on
// the way, empty before, held a piece when f's piece landed where it goes, before work[hi]
// (its own work: not a disc turned there later), and was emptied more than makeBreak
// later. The hand cannot hold one piece on two squares that far apart: the
// piece that landed is another (b2-b4, b5-b6 and b4-a5 made quickly are never b2-b6, set
// down on b4 midway, then b5-a5). So too the square past the one it goes to, where the
// hand overshoots, emptied for good (a6-c6, b6 dropped, c6-b5 is never a6-b6 overshot to
// c6, then b5).
func (r *Referee) leftOnTheWay(f engine.Footprint, lo, hi int) bool {
	from, dest, ok := carried(f)
	if !ok {
		return false
	}
	span := r.ev.work[min(lo, len(r.ev.work)):]
	own := span[:max(min(hi, len(r.ev.work))-lo, 0)]
	// (Its landing is the first fill of dest once the piece left, or just before, made
	// before break, and the next where the hand passed on within handOff (overshooting, to
	// come back); not one after the piece rested there, a disc turned by a move after it:
	// d6, g5-c5, then b4 turning c5 is no g5-c5 landing with e7-e5's stone on its way.)
	gone := slices.IndexFunc(own, func(w work) bool { return w.is(from, false) })
	land := slices.IndexFunc(own, func(w work) bool {
		return w.is(dest, true) && (gone < 0 || w.scan >= own[gone].scan || own[gone].at.Sub(w.at) < makeBreak)
	})
	if land < 0 {
		return false
	}
	for {
		up := nextAt(own, land)
		if up < 0 || own[up].on || own[up].at.Sub(own[land].at) >= handOff {
			break
		}
		down := nextAt(own, up)
		if down < 0 || !own[down].on {
			break
		}
		land = down
	}
	g := r.cfg.Rules.Geometry()
	beyond := pastEnd(g, from, dest)
	for way := between(g, from, dest) | beyond; way != 0; {
		sq := way.Pop()
		if r.state.PieceAt(sq) != engine.Empty {
			continue // (a piece jumped over stays put)
		}
		left, down := false, false // (down: after the piece left its square, so its piece)
		off := slices.IndexFunc(span[:land], func(w work) bool { return w.is(from, false) })
		for _, w := range span[:land] {
			left = left || w.is(from, false)
			if w.sq == sq {
				// (Or just before, made before break: a3-b4 with b4 filled 40 ms before a3
				// emptied, then a drop on d6 and b4-b5, is never a3-d6.)
				down = w.on && (left || off >= 0 && span[off].at.Sub(w.at) < makeBreak)
			}
		}
		if !down {
			continue
		}
		if j := slices.IndexFunc(span[land+1:], func(w work) bool { return w.is(sq, false) }); j >= 0 && span[land].at.Add(makeBreak).Before(span[land+1+j].at) &&
			(!beyond.Has(sq) || lastAt(span, sq, true) < land+1+j) {
			return true
		}
	}
	return false
}

// carriedLate reports whether move f takes a piece of its own identity (Xe Queo!'s pawns) to a
// square not next to the one it leaves (a jump, a slide of two squares or more) and the
// square it goes to last filled, for good, well before the one it leaves was first emptied:
// the piece cannot touch both at once, so the piece put down there is another (e4-d4, then
// f4-e4, read as f4 jumping to d4 over e4 with e4 lifted and put back). Stones alike may be
// swapped: one from the supply put down first, the moved one taken off after.
func (r *Referee) carriedLate(f engine.Footprint, lo int) bool {
	from, dest, ok := carried(f)
	if !ok {
		return false
	}
	g := r.cfg.Rules.Geometry()
	if max(abs(g.File(dest)-g.File(from)), abs(g.Rank(dest)-g.Rank(from))) < 2 || r.state.PieceAt(from).Identity() == 0 {
		return false
	}
	work := r.ev.work[min(lo, len(r.ev.work)):]
	off, on := -1, -1
	for i, w := range work {
		switch {
		case w.is(from, false) && off < 0:
			off = i
		case w.is(dest, true):
			on = i
		case w.is(dest, false):
			on = -1
		}
	}
	return off >= 0 && on >= 0 && work[on].at.Add(makeBreak).Before(work[off].at)
}

// readChanged returns the squares a move replaces that the sensors read changed: the hand's
// work there needs no lift to be seen (Xe Queo!'s pawn put inside a sensed ring, which then
// reads the pawn; a captured stone swapped for the capturer faster than a scan, on polarity
// sensors, which read the capturer's colour).
func (r *Referee) readChanged(f engine.Footprint, diff engine.Bitboard) engine.Bitboard {
	if r.kind == hw.Presence {
		return 0
	}
	return f.Replaced & diff
}

// partOf reports whether the differences could be a move on its way: squares it lifts or
// changes, with something lifted since the board last matched.
func (r *Referee) partOf(m engine.Move) bool {
	f := r.state.Footprint(m)
	return r.ev.lifted != 0 && r.diff&^(f.Emptied|f.Filled|f.Replaced|f.Flipped|f.Touched) == 0
}

// pairQuiet is how long the board must rest before a reading is searched for several moves.
const pairQuiet = 60 * time.Millisecond

func sign(n int) int {
	switch {
	case n > 0:
		return 1
	case n < 0:
		return -1
	}
	return 0
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// diffAfter returns the squares where the settled board differs from after, the board of a
// move made (an option asked, the AI's move), but for discs that move flipped and that still
// read as before, and discs of the last move not turned yet: flips may be turned late.
func (r *Referee) diffAfter(after *Board, flipped engine.Bitboard) engine.Bitboard {
	var diff engine.Bitboard
	for sq := engine.Square(0); int(sq) < r.size; sq++ {
		if r.board[sq] != after[sq] && !(flipped.Has(sq) && r.board[sq] == r.expected[sq]) &&
			!(r.pending.Has(sq) && r.board[sq] == r.alt[sq] && after[sq] == r.expected[sq]) {
			diff |= engine.Bit(sq)
		}
	}
	return diff
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
	if r.handStill() {
		return true // (the last move's hand may be overshooting, on its way back)
	}
	f := r.state.Footprint(m)
	if f.Replaced != 0 && f.Line == 0 {
		return false // (a disc it turns lifted may look like another capture's victim)
	}
	near := engine.Bitboard(0) // (a marble put into an empty line: it may be moved on to an entry beside)
	if f.Line != 0 && f.Emptied == 0 && f.Filled == engine.Bit(f.Entry) {
		near = r.cfg.Rules.Geometry().Adjacent8(f.Entry)
	}
	for _, o := range legal {
		if o == m {
			continue
		}
		g := r.state.Footprint(o)
		switch {
		case g.Line != 0 && g.Emptied == 0 && g.Filled == engine.Bit(g.Entry) && near.Has(g.Entry):
			return true // a marble set down on its way to the entry beside
		case f.Emptied == 0 && g.Emptied != 0 && (g.Filled|g.Replaced)&f.Filled != 0:
			return true // a piece arriving, not one put down
		case f.Emptied == 0 && g.Line != 0 && g.Filled&f.Filled != 0:
			return true // a longer push's far end, its row rolled or slid on to there, seen first
		case f.Emptied != 0 && g.Emptied == f.Emptied && g.Touched&^r.ev.lifted == 0:
			return true
		}
	}
	return false
}
