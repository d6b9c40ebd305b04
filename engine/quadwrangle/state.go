package quadwrangle

import (
	"slices"

	"github.com/tavoliere/tavoliere/engine"
)

// State is a Quad Wrangle or Crowded game in progress.
type State struct {
	r     *Rules
	bb    [2]engine.Bitboard // stones by player
	turn  uint8
	ply   int
	irrev int // ply of the last move that changed the number of stones: no repetition crosses it
	hash  uint64
	hist  []undo
}

// undo is what Play overwrites: the position before the move (copy-make onto a stack).
type undo struct {
	bb    [2]engine.Bitboard
	hash  uint64
	irrev int
	turn  uint8
}

// Rules implements engine.State.
func (s *State) Rules() engine.Rules { return s.r }

// Turn implements engine.State.
func (s *State) Turn() int { return int(s.turn) }

// Ply implements engine.State.
func (s *State) Ply() int { return s.ply }

// Hash implements engine.State.
func (s *State) Hash() uint64 { return s.hash }

// Stones returns the stones of player p.
func (s *State) Stones(p int) engine.Bitboard { return s.bb[p] }

// Score implements engine.State: the stones of p on the board.
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

// Legal implements engine.State.
func (s *State) Legal(buf []engine.Move) []engine.Move {
	own, opp := s.bb[s.turn], s.bb[s.turn^1]
	g := s.r.geo
	if s.r.crowded {
		for b := own; b != 0; {
			from := b.Pop()
			for t := g.Adjacent8(from) & opp; t != 0; {
				buf = append(buf, captureMove(from, t.Pop()))
			}
		}
		return buf
	}
	empty := g.All() &^ (own | opp)
	if empty == 0 {
		return buf
	}
	start := len(buf)
	near := g.Dilate8(own)
	for b := empty & near; b != 0; {
		buf = append(buf, placeMove(b.Pop()))
	}
	for b := own; b != 0; {
		from := b.Pop()
		for d := range s.r.rays {
			for _, to := range s.r.rays[d][from] {
				if to < 0 || !empty.Has(to) {
					break
				}
				buf = append(buf, slideMove(from, to))
			}
		}
	}
	if s.r.dropLast && len(buf) > start {
		return buf // drop-last: drops only when there is no growth and no slide
	}
	for b := empty &^ near; b != 0; {
		buf = append(buf, placeMove(b.Pop()))
	}
	return buf
}

// Play implements engine.State.
func (s *State) Play(m engine.Move) {
	s.hist = append(s.hist, undo{bb: s.bb, hash: s.hash, irrev: s.irrev, turn: s.turn})
	kind, from, to := decode(m)
	me, you := int(s.turn), int(s.turn^1)
	keys := s.r.keys
	g := s.r.geo
	capture := true
	switch kind {
	case kindPlace:
		capture = g.Adjacent8(to)&s.bb[me] != 0 // a growth; a drop captures nothing
		s.irrev = s.ply + 1
	case kindSlide:
		s.bb[me] &^= engine.Bit(from)
		s.hash ^= keys[me*64+int(from)]
	case kindCapture:
		s.bb[me] &^= engine.Bit(from)
		s.bb[you] &^= engine.Bit(to)
		s.hash ^= keys[me*64+int(from)] ^ keys[you*64+int(to)]
		s.irrev = s.ply + 1
	}
	s.bb[me] |= engine.Bit(to)
	s.hash ^= keys[me*64+int(to)]
	if capture {
		flips := g.Adjacent8(to) & s.bb[you]
		s.bb[you] &^= flips
		s.bb[me] |= flips
		for flips != 0 {
			f := int(flips.Pop())
			s.hash ^= keys[me*64+f] ^ keys[you*64+f]
		}
	}
	s.turn ^= 1
	s.hash ^= keys[128]
	s.ply++
}

// Undo implements engine.State.
func (s *State) Undo() {
	u := s.hist[len(s.hist)-1]
	s.hist = s.hist[:len(s.hist)-1]
	s.bb, s.hash, s.irrev, s.turn = u.bb, u.hash, u.irrev, u.turn
	s.ply--
}

// Outcome implements engine.State.
func (s *State) Outcome() engine.Outcome {
	g := s.r.geo
	if s.r.crowded {
		if g.Dilate8(s.bb[White])&s.bb[Black] != 0 {
			return engine.Ongoing
		}
		return s.scored("no capture left")
	}
	if s.bb[White]|s.bb[Black] == g.All() {
		return s.scored("board full")
	}
	if s.repetitions() >= 2 {
		return s.scored("threefold repetition")
	}
	if s.r.moveCap > 0 && s.ply >= s.r.moveCap {
		return s.scored("move cap")
	}
	return engine.Ongoing
}

// repetitions counts the earlier occurrences of the current position with the same side to
// move, back to the last move that changed the number of stones.
func (s *State) repetitions() int {
	n := 0
	first := len(s.hist) - (s.ply - s.irrev)
	if first < 0 {
		first = 0 // the history began after the last such move (a parsed position)
	}
	for i := len(s.hist) - 2; i >= first; i -= 2 {
		if s.hist[i].hash == s.hash {
			n++
		}
	}
	return n
}

// WinningSquares implements engine.WinFigure: none. Quad Wrangle and Crowded end on a count
// of the stones on the board, not a figure; the score says it (the Rules are engine.Scored).
func (s *State) WinningSquares() engine.Bitboard { return 0 }

func (s *State) scored(reason string) engine.Outcome {
	w, b := s.Score(White), s.Score(Black)
	switch {
	case w > b:
		return engine.Win(White, reason)
	case b > w:
		return engine.Win(Black, reason)
	}
	return engine.Draw(reason)
}

// Validate implements engine.State.
func (s *State) Validate(m engine.Move) error {
	text := s.r.FormatMove(m)
	kind, from, to := decode(m)
	g := s.r.geo
	if o := s.Outcome(); o.Over {
		return engine.Illegal(text, "the game is over (%s)", o.Reason)
	}
	own, opp := s.bb[s.turn], s.bb[s.turn^1]
	empty := g.All() &^ (own | opp)
	mover := s.r.PlayerName(int(s.turn))
	if !g.Contains(to) || (kind != kindPlace && !g.Contains(from)) || (kind == kindPlace && from != 0) || int(m>>14) != 0 {
		return engine.Illegal(text, "not a move of this board")
	}
	switch kind {
	case kindPlace, kindSlide:
		if s.r.crowded {
			return engine.Illegal(text, "in Crowded a stone only moves to capture an adjacent enemy stone")
		}
		if !empty.Has(to) {
			return engine.Illegal(text, "%s is not empty", g.Name(to))
		}
	case kindCapture:
		if !s.r.crowded {
			return engine.Illegal(text, "Quad Wrangle has no captures by replacement")
		}
		switch {
		case !own.Has(from):
			return engine.Illegal(text, "%s holds no %s stone", g.Name(from), mover)
		case !opp.Has(to):
			return engine.Illegal(text, "%s holds no enemy stone to capture", g.Name(to))
		case !g.Adjacent8(from).Has(to):
			return engine.Illegal(text, "%s is not next to %s", g.Name(to), g.Name(from))
		}
	default:
		return engine.Illegal(text, "not a move of this game")
	}
	if kind == kindSlide {
		if !own.Has(from) {
			return engine.Illegal(text, "%s holds no %s stone", g.Name(from), mover)
		}
		if !s.onClearLine(from, to, empty) {
			return engine.Illegal(text, "a slide goes in a straight line over empty squares")
		}
	}
	if !slices.Contains(s.Legal(make([]engine.Move, 0, 128)), m) {
		// Every other case is refused above; what is left is Carter's priority.
		if s.r.dropLast {
			return engine.Illegal(text, "drop-last: a drop is allowed only when %s has no slide or growth", mover)
		}
		return engine.Illegal(text, "not a legal move here")
	}
	return nil
}

func (s *State) onClearLine(from, to engine.Square, empty engine.Bitboard) bool {
	for d := range s.r.rays {
		for _, sq := range s.r.rays[d][from] {
			if sq < 0 || !empty.Has(sq) {
				break
			}
			if sq == to {
				return true
			}
		}
	}
	return false
}
