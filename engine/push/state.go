package push

import (
	"github.com/tavoliere/tavoliere/engine"
)

// State is a game of Push in progress.
type State struct {
	r    *Rules
	bb   [2]engine.Bitboard // marbles on the board, by player
	turn uint8              // the player to move: the one holding the spare marble
	last uint8              // spear: 1 + the player who made the last push (the game is over), else 0
	ply  int
	hash uint64
	hist []undo
	// seen counts the positions of hist by the low bits of their hashes: a position whose
	// bucket holds fewer than two cannot have occurred twice before, so Outcome's look for a
	// threefold repetition does not walk the history, which in Push never resets (every
	// push keeps the board full) and in a long playout runs to hundreds of plies.
	seen [seenBuckets]uint16
}

// seenBuckets is the size of State.seen: a power of two.
const seenBuckets = 512

// undo is what Play overwrites (copy-make onto a stack).
type undo struct {
	bb   [2]engine.Bitboard
	hash uint64
	turn uint8
	last uint8
}

// Rules implements engine.State.
func (s *State) Rules() engine.Rules { return s.r }

// Turn implements engine.State.
func (s *State) Turn() int { return int(s.turn) }

// Ply implements engine.State: the insertions played.
func (s *State) Ply() int { return s.ply }

// Hash implements engine.State.
func (s *State) Hash() uint64 { return s.hash }

// Marbles returns the marbles of player p on the board.
func (s *State) Marbles(p int) engine.Bitboard { return s.bb[p] }

// Score implements engine.State: the marbles of p on the board, a measure for tools; Push
// keeps no score (its Rules are not engine.Scored).
func (s *State) Score(p int) int { return s.bb[p].Count() }

// PieceAt implements engine.State.
func (s *State) PieceAt(sq engine.Square) engine.Piece {
	switch {
	case s.bb[White].Has(sq):
		return engine.Face1
	case s.bb[Black].Has(sq):
		return engine.Face2
	}
	return engine.Empty
}

// Clone implements engine.State.
func (s *State) Clone() engine.State {
	c := *s
	c.hist = append(make([]undo, 0, cap(s.hist)), s.hist...)
	return &c
}

// squareOwner returns the player whose colour makes a 3×3 square, or -1.
func (s *State) squareOwner() int {
	switch {
	case hasSquare(s.bb[Black]):
		return Black
	case hasSquare(s.bb[White]):
		return White
	}
	return -1
}

// lastChance reports whether the player to move makes the spear edition's last push: the
// board holds the other colour's square, made by a push that ejected his marble.
func (s *State) lastChance() bool {
	if !s.r.spear || s.last != 0 {
		return false
	}
	c := s.squareOwner()
	return c >= 0 && c != int(s.turn)
}

// finished reports whether the position itself ends the game (the history rules aside).
func (s *State) finished() bool {
	if s.last != 0 {
		return true
	}
	c := s.squareOwner()
	return c >= 0 && !(s.r.spear && c != int(s.turn))
}

// Legal implements engine.State: every entry point, unless the position ends the game.
func (s *State) Legal(buf []engine.Move) []engine.Move {
	if s.finished() {
		return buf
	}
	return append(buf, s.r.moves[:]...)
}

// Play implements engine.State.
func (s *State) Play(m engine.Move) {
	s.hist = append(s.hist, undo{bb: s.bb, hash: s.hash, turn: s.turn, last: s.last})
	s.seen[s.hash&(seenBuckets-1)]++
	me := s.turn
	if s.lastChance() {
		s.last = me + 1
		s.hash ^= s.r.keys[keyLast+int(s.last)]
	}
	p := &s.r.pushes[index(m)]
	out := uint8(Black)
	if s.bb[White].Has(p.exit) {
		out = White
	}
	black := s.bb[Black]
	s.bb[Black], s.bb[White] = p.apply(s.bb[Black]), p.apply(s.bb[White])
	s.bb[me] |= engine.Bit(p.entry)
	for changed := black ^ s.bb[Black]; changed != 0; {
		s.hash ^= s.r.flip[changed.Pop()]
	}
	if out != me {
		s.turn = out
		s.hash ^= s.r.keys[keyTurn]
	}
	s.ply++
}

// Undo implements engine.State.
func (s *State) Undo() {
	u := s.hist[len(s.hist)-1]
	s.hist = s.hist[:len(s.hist)-1]
	s.seen[u.hash&(seenBuckets-1)]--
	s.bb, s.hash, s.turn, s.last = u.bb, u.hash, u.turn, u.last
	s.ply--
}

// Outcome implements engine.State.
func (s *State) Outcome() engine.Outcome {
	if s.last != 0 {
		pusher := int(s.last - 1)
		switch {
		case hasBlock34(s.bb[pusher]):
			return engine.Win(pusher, "3×4 block on the last push")
		case hasSquare(s.bb[pusher]):
			return engine.Draw("3×3 square on the last push")
		}
		return engine.Win(pusher^1, "3×3 square")
	}
	if c := s.squareOwner(); c >= 0 {
		if s.r.spear && c != int(s.turn) {
			return engine.Ongoing // the last push is still to come
		}
		return engine.Win(c, "3×3 square")
	}
	if s.seen[s.hash&(seenBuckets-1)] >= 2 && s.repetitions() >= 2 {
		return engine.Draw("threefold repetition")
	}
	if s.r.moveCap > 0 && s.ply >= s.r.moveCap {
		return engine.Draw("move cap")
	}
	return engine.Ongoing
}

// WinningSquares implements engine.WinFigure: the winner's 3×3 squares (a 3×4 block is two
// of them), where the game is won. In a spear game the last push may break the winner's
// square and leave him the win: then the square as it stood before that push, where the
// history holds it (a parsed position does not).
func (s *State) WinningSquares() engine.Bitboard {
	o := s.Outcome()
	if !o.Over || o.Winners == 0 {
		return 0
	}
	w := White
	if o.Won(Black) {
		w = Black
	}
	if b := squares3(s.bb[w]); b != 0 || s.last == 0 || len(s.hist) == 0 {
		return b
	}
	return squares3(s.hist[len(s.hist)-1].bb[w])
}

// repetitions counts the earlier occurrences of the position with the same player to move.
// Every push keeps the board full, so no move is irreversible; and the turn does not
// alternate, so every earlier position is a candidate.
func (s *State) repetitions() int {
	n := 0
	for i := range s.hist {
		if s.hist[i].hash == s.hash {
			n++
		}
	}
	return n
}

// Validate implements engine.State.
func (s *State) Validate(m engine.Move) error {
	text := s.r.FormatMove(m)
	if _, _, ok := decode(m); !ok {
		return engine.Illegal(text, "not a move of this board")
	}
	if o := s.Outcome(); o.Over {
		return engine.Illegal(text, "the game is over (%s)", o.Reason)
	}
	return nil
}
