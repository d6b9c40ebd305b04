package boards

// The board shows legal moves its work did not read: asked, never undone.
//
// Where the hands' work reads as no move (moves made too quickly, one taken back between
// them, a fumble during the reply), or only as moves the last of which is still on its way
// once the board has rested for the grace period (matchPair), but the board at rest reads
// as the position after one, two, three or four legal moves of the people at the board, the
// players are not told to undo them. The first moves of those readings are asked, with
// "none of these" for the players (dismiss), and once one is answered the rest is asked the
// same way at once. The search reads the board alone, so it asks; it never takes a move.

import (
	"slices"

	"github.com/tavoliere/tavoliere/engine"
)

const (
	shownMoves   = 4     // the longest reading of the board alone
	shownBudget  = 20000 // positions weighed at most: past that, the board is a mismatch
	shownOptions = 16    // more first moves than this (Quarto's pieces): a mismatch
)

// shownSearch is what the search found on the board it last read, and its question.
type shownSearch struct {
	board Board                     // the board last searched
	read  bool                      // board was searched
	first []engine.Move             // the first moves of the readings that leave board
	asked bool                      // the open question is about first
	next  bool                      // one was answered: the rest is asked at once, not after the grace period
	none  *Board                    // the board the players said shows none of the moves asked (dismiss)
	legal [shownMoves][]engine.Move // scratch: the moves at each depth of the search
	// extra is extraShown's answer for extraBoard, when extraRead.
	extra      []engine.Move
	extraBoard Board
	extraRead  bool
}

// shownFirst returns the first moves of the readings of the board at rest as one to
// shownMoves legal moves of people after the position, searched once for each board.
func (r *Referee) shownFirst() []engine.Move {
	sh := &r.shown
	if sh.none != nil && *sh.none == r.board {
		return nil // (the players said none of the moves asked was made)
	}
	if sh.read && sh.board == r.board {
		return sh.first
	}
	sh.board, sh.read, sh.first = r.board, true, sh.first[:0]
	if r.gameOver || r.thinking || r.aiMove != 0 || r.sync || len(r.rack) > 0 || r.diff == 0 {
		return nil
	}
	s, nodes := r.state, 0
	var walk func(depth, most int, first engine.Move, before *Board, differed engine.Bitboard) bool
	walk = func(depth, most int, first engine.Move, before *Board, differed engine.Bitboard) bool {
		b := Project(s, r.kind)
		differ := b.differs(&r.board)
		if before != nil {
			if changed := b.differs(before); changed == 0 || changed&^differed != 0 {
				// Each move of a reading changes squares only where the board still
				// differed: a piece moved twice (g5-e5, then e5-c5) is not read, nor a move
				// the board cannot see.
				return true
			}
		}
		if differ == 0 {
			if !slices.Contains(sh.first, first) {
				sh.first = append(sh.first, first)
			}
			return true
		}
		if depth == most || s.Outcome().Over || r.sides[s.Turn()] != Human {
			return true
		}
		sh.legal[depth] = s.Legal(sh.legal[depth][:0])
		for _, m := range sh.legal[depth] {
			if f := s.Footprint(m); (f.Emptied|f.Filled|f.Replaced|f.Flipped|f.Line)&differ == 0 {
				continue
			}
			if nodes++; nodes > shownBudget {
				return false
			}
			s.Play(m)
			next := first
			if depth == 0 {
				next = m
			}
			ok := walk(depth+1, most, next, &b, differ)
			s.Undo()
			if !ok {
				return false
			}
		}
		return true
	}
	// The fewest moves that read so: a longer reading of the same board adds moves nobody
	// saw (g5-f5, a5-c5, f5-e5 for g5-e5, a5-c5).
	for most := 1; most <= shownMoves && len(sh.first) == 0; most++ {
		if !walk(0, most, 0, nil, 0) {
			sh.first = sh.first[:0]
			break
		}
	}
	if len(sh.first) > shownOptions {
		sh.first = sh.first[:0]
	}
	return sh.first
}

// askShown asks which of the moves first, read from the board alone, was made first.
func (r *Referee) askShown(first []engine.Move) {
	r.shownAsked(first)
	r.ask()
}

// shownAsked makes first, read from the board alone, the moves to ask (matchMany).
func (r *Referee) shownAsked(first []engine.Move) {
	r.v.moves, r.v.splits = append(r.v.moves[:0], first...), r.v.splits[:0]
	r.v.kind, r.v.askFrom, r.v.firmNext = matchMany, -1, true
	r.v.shown, r.shown.next = true, false
}

// matchShown keeps the question about moves the board alone shows open while the board
// still shows them, or differs on one lit square only (a tap on its way); it reports whether
// it did. A board changed otherwise closes it, and the board is searched again at once.
func (r *Referee) matchShown() bool {
	if !r.shown.asked || r.asked.moves == nil {
		return false
	}
	changed, lit := r.board.differs(&r.shown.board), r.lit()
	switch {
	case changed == 0:
		r.v.moves, r.v.kind = append(r.v.moves[:0], r.asked.moves...), matchMany
		return true
	case changed.Count() == 1 && changed&lit != 0:
		r.v.kind = inProgress // (a tap on a lit square, on its way)
		return true
	}
	// The players went on: asked again at once on the board they leave (shownFirst).
	r.asked.moves, r.shown.asked, r.shown.next = nil, false, true
	r.version++
	return false
}

// showsMoves reports whether the board, as last searched, reads as legal moves: its lights
// ask nothing undone while the question waits for the grace period.
func (r *Referee) showsMoves() bool {
	sh := &r.shown
	return sh.read && sh.board == r.board && len(sh.first) > 0 && (sh.none == nil || *sh.none != r.board)
}

// placedFirst sets the verdict to ask, where the work since the last commit is only pieces
// put on squares the position has empty, one at a time, and the board differs from the
// position only there, the legal moves that put the first of them down, reading as it
// reads: the first move of any reading of the work, one the search could not weigh (eight
// Quarto placements, their pieces handed over alike on polarity sensors); the rest is read
// after it, each option's own from the second piece. It reports whether there is any.
func (r *Referee) placedFirst() bool {
	ws := r.ev.work
	if len(ws) < 2 || r.ev.workLost || r.gameOver || r.thinking || r.aiMove != 0 || r.sync || len(r.rack) > 0 || ws[0].scan == ws[1].scan {
		return false
	}
	var filled engine.Bitboard
	for _, w := range ws {
		if !w.on || r.expected[w.sq] != 0 || filled.Has(w.sq) {
			return false
		}
		filled |= engine.Bit(w.sq)
	}
	if r.diff&^filled != 0 {
		return false
	}
	r.v.moves, r.v.splits = r.v.moves[:0], r.v.splits[:0]
	for _, m := range r.legal {
		f := r.state.Footprint(m)
		if f.Filled == engine.Bit(ws[0].sq) && f.Emptied|f.Replaced|f.Flipped|f.Line == 0 && ReadingOf(f.Piece, r.kind) == r.board[ws[0].sq] {
			r.v.moves, r.v.splits = append(r.v.moves, m), append(r.v.splits, 1)
		}
	}
	if len(r.v.moves) == 0 {
		return false
	}
	r.v.kind, r.v.askFrom = matchMany, 1
	return true
}

// extraShown returns, where the board shows no reading of legal moves, the placements it
// shows with pieces more, each more on a square empty in the position and after the
// placement: b6 and a stray on g1 set down together against the AI (no reading of two
// moves holds them: the AI's move is not the board's to read). The sensors cannot tell
// which is the move: asked, its lights dark until then, and once it is answered the other
// stone is lit to clear, never both undone. One placement so shown (the stray no legal
// placement: a stone of the other colour) is asked alone, to be confirmed. Only where each
// is on a square of its own (not Quarto's pieces, alike on presence sensors). A
// placement's discs may read unturned yet.
func (r *Referee) extraShown() []engine.Move {
	sh := &r.shown
	if r.gameOver || r.thinking || r.aiMove != 0 || r.sync || len(r.rack) > 0 || r.diff == 0 || sh.none != nil && *sh.none == r.board {
		return nil // (nor where the players said none of them was made: a mismatch)
	}
	if sh.extraRead && sh.extraBoard == r.board {
		return sh.extra
	}
	sh.extraRead, sh.extraBoard, sh.extra = true, r.board, sh.extra[:0]
	var on engine.Bitboard
	for _, m := range r.legal {
		f := r.state.Footprint(m)
		if f.Emptied|f.Replaced|f.Line != 0 || f.Filled == 0 {
			continue
		}
		r.state.Play(m)
		after := Project(r.state, r.kind)
		r.state.Undo()
		more, ok := false, true
		for sq := range after {
			switch {
			case r.board[sq] == after[sq]:
			case f.Flipped.Has(engine.Square(sq)) && r.board[sq] == r.expected[sq]:
			case after[sq] == 0 && r.expected[sq] == 0:
				more = true
			default:
				ok = false
			}
		}
		if !ok || !more {
			continue
		}
		if on&f.Filled != 0 {
			sh.extra = sh.extra[:0]
			return nil
		}
		on |= f.Filled
		sh.extra = append(sh.extra, m)
	}
	return sh.extra
}
