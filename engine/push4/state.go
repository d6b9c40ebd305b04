package push4

import (
	"github.com/tavoliere/tavoliere/engine"
)

// State is a game of Push 4 in progress.
type State struct {
	r      *Rules
	bb     [4]engine.Bitboard // marbles by player
	turn   uint8
	last   uint8 // the player who pushed last: lines of several players are decided with him
	status uint8 // bit p set: player p has a line of four
	ply    int
	irrev  int // ply of the last insertion that added a marble: no repetition crosses it
	hash   uint64
	hist   []undo
}

// undo is what Play overwrites (copy-make onto a stack).
type undo struct {
	bb                 [4]engine.Bitboard
	hash               uint64
	irrev              int
	turn, last, status uint8
}

func (s *State) lines() uint8 {
	var st uint8
	for p := range s.bb {
		if hasLine(s.bb[p]) {
			st |= 1 << p
		}
	}
	return st
}

// Rules implements engine.State.
func (s *State) Rules() engine.Rules { return s.r }

// Turn implements engine.State.
func (s *State) Turn() int { return int(s.turn) }

// Ply implements engine.State: the insertions played.
func (s *State) Ply() int { return s.ply }

// Hash implements engine.State. The hands follow from the board, so the key of the board
// and the player to move covers them.
func (s *State) Hash() uint64 { return s.hash }

// Marbles returns the marbles of player p on the board.
func (s *State) Marbles(p int) engine.Bitboard { return s.bb[p] }

// Hand returns the marbles player p holds: 9 minus those on the board.
func (s *State) Hand(p int) int { return Marbles - s.bb[p].Count() }

// Last returns the player who pushed last (for a parsed position, the player before the
// one to move).
func (s *State) Last() int { return int(s.last) }

// Score implements engine.State: the marbles of p on the board, a measure for tools; Push 4
// keeps no score (its Rules are not engine.Scored).
func (s *State) Score(p int) int { return s.bb[p].Count() }

// PieceAt implements engine.State.
func (s *State) PieceAt(sq engine.Square) engine.Piece {
	for p := range s.bb {
		if s.bb[p].Has(sq) {
			return pieceOf(p)
		}
	}
	return engine.Empty
}

// Clone implements engine.State.
func (s *State) Clone() engine.State {
	c := *s
	c.hist = append(make([]undo, 0, cap(s.hist)), s.hist...)
	return &c
}

func (s *State) occupied() engine.Bitboard { return s.bb[0] | s.bb[1] | s.bb[2] | s.bb[3] }

// finished reports whether the position itself ends the game: a line, or a full board.
func (s *State) finished() bool { return s.status != 0 || s.occupied() == s.r.geo.All() }

// Legal implements engine.State: every entry point, while the mover holds a marble.
func (s *State) Legal(buf []engine.Move) []engine.Move {
	if s.finished() || s.Hand(int(s.turn)) == 0 {
		return buf
	}
	for m := engine.Move(1); m <= moves; m++ {
		buf = append(buf, m)
	}
	return buf
}

// chain returns the length of the contiguous chain of marbles from the entry cell of en
// (Size when the line is full and the last marble falls off).
func chain(en *entry, occ engine.Bitboard) int {
	k := 0
	for k < Size && occ.Has(en.path[k]) {
		k++
	}
	return k
}

// Play implements engine.State.
func (s *State) Play(m engine.Move) {
	s.hist = append(s.hist, undo{bb: s.bb, hash: s.hash, irrev: s.irrev, turn: s.turn, last: s.last, status: s.status})
	en := &s.r.entries[m]
	k := chain(en, s.occupied())
	moving := en.prefix[min(k, Size-1)] // the marble on the far edge cell of a full line falls off
	chainSet := en.prefix[k]
	me := int(s.turn)
	keys := s.r.keys
	for p := range s.bb {
		old := s.bb[p]
		nb := old&^chainSet | (old&moving)<<en.shl>>en.shr
		if p == me {
			nb |= engine.Bit(en.path[0])
		}
		s.bb[p] = nb
		for ch := old ^ nb; ch != 0; {
			s.hash ^= keys[p*cells+int(ch.Pop())]
		}
	}
	if k < Size {
		s.irrev = s.ply + 1
	}
	s.ply++
	s.last = s.turn
	s.status = s.lines()
	next := (me + 1) % 4
	for i := 1; i <= 4; i++ { // skip empty hands; the mover himself comes last
		if q := (me + i) % 4; s.bb[q].Count() < Marbles {
			next = q
			break
		}
	}
	s.hash ^= keys[4*cells+me] ^ keys[4*cells+next]
	s.turn = uint8(next)
}

// Undo implements engine.State.
func (s *State) Undo() {
	u := s.hist[len(s.hist)-1]
	s.hist = s.hist[:len(s.hist)-1]
	s.bb, s.hash, s.irrev, s.turn, s.last, s.status = u.bb, u.hash, u.irrev, u.turn, u.last, u.status
	s.ply--
}

// Outcome implements engine.State.
func (s *State) Outcome() engine.Outcome {
	if s.status != 0 {
		w := s.winner()
		if w == int(s.last) {
			return engine.Win(w, "line of four")
		}
		return engine.Win(w, "line of four made by "+names[s.last]+"'s push")
	}
	if s.occupied() == s.r.geo.All() {
		return engine.Draw("board full")
	}
	if s.repetitions() >= 2 {
		return engine.Draw("threefold repetition")
	}
	if s.r.moveCap > 0 && s.ply >= s.r.moveCap {
		return engine.Draw("move cap")
	}
	return engine.Ongoing
}

// WinningSquares implements engine.WinFigure: the winner's lines of four or more, where a
// line decided the game (the rule for lines of several players picks the winner; the others'
// lines are not drawn).
func (s *State) WinningSquares() engine.Bitboard {
	if s.status == 0 {
		return 0
	}
	return s.r.geo.Runs(s.bb[s.winner()], 4, false)
}

// winner applies the rule for lines of several players to the lines on the board: the last mover's line first, then the
// players after him in turn order.
func (s *State) winner() int {
	for i := range 4 {
		if p := (int(s.last) + i) % 4; s.status>>p&1 != 0 {
			return p
		}
	}
	return -1
}

// repetitions counts the earlier occurrences of the current position with the same player
// to move, back to the last insertion that added a marble to the board.
func (s *State) repetitions() int {
	n := 0
	first := max(len(s.hist)-(s.ply-s.irrev), 0) // a parsed position starts the history
	for i := len(s.hist) - 1; i >= first; i-- {
		if s.hist[i].hash == s.hash {
			n++
		}
	}
	return n
}

// Validate implements engine.State.
func (s *State) Validate(m engine.Move) error {
	text := s.r.FormatMove(m)
	if _, _, ok := Decode(m); !ok {
		return engine.Illegal(text, "not an entry point of the board")
	}
	if o := s.Outcome(); o.Over {
		return engine.Illegal(text, "the game is over (%s)", o.Reason)
	}
	if s.Hand(int(s.turn)) == 0 {
		return engine.Illegal(text, "%s has no marble in hand", names[s.turn])
	}
	return nil
}
