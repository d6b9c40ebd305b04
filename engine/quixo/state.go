package quixo

import (
	"slices"

	"github.com/tavoliere/tavoliere/engine"
)

// State is a quixo or quixo4 game in progress.
type State struct {
	r       *Rules
	x, o, d engine.Bitboard // cubes showing X, showing O; d: the dot points to the team's second player
	turn    uint8
	ply     int
	irrev   int  // ply of the last move that took a blank cube: no repetition reaches back past it
	reps    int  // earlier occurrences of the position (same player to move) since irrev
	twice   bool // some position since irrev has occurred twice: a third would draw
	hash    uint64
	hist    []undo
}

// undo is what Play overwrites: the position before the move (copy-make onto a stack).
type undo struct {
	x, o, d engine.Bitboard
	hash    uint64
	irrev   int
	reps    int
	twice   bool
	turn    uint8
}

// Rules implements engine.State.
func (s *State) Rules() engine.Rules { return s.r }

// Turn implements engine.State.
func (s *State) Turn() int { return int(s.turn) }

// Ply implements engine.State.
func (s *State) Ply() int { return s.ply }

// Hash implements engine.State.
func (s *State) Hash() uint64 { return s.hash }

// symbols returns the cubes showing the symbol of team (Crosses or Circles).
func (s *State) symbols(team int) engine.Bitboard {
	if team == Crosses {
		return s.x
	}
	return s.o
}

// Score implements engine.State: the cubes showing p's (team's) symbol, a measure for tools;
// Quixo keeps no score (its Rules are not engine.Scored).
func (s *State) Score(p int) int { return s.symbols(p & 1).Count() }

// Emblem implements engine.Emblems: the cube of p's team's symbol, in Quixo for four with
// the dot pointing to p, the cubes p may take.
func (s *State) Emblem(p int) engine.Piece {
	if !s.r.four {
		return Cube(p, 0)
	}
	return Cube(p&1, p>>1+1)
}

// PieceAt implements engine.State.
func (s *State) PieceAt(sq engine.Square) engine.Piece {
	b := engine.Bit(sq)
	var p engine.Piece
	switch {
	case s.x&b != 0:
		p = engine.Face1
	case s.o&b != 0:
		p = engine.Face2
	default:
		return Blank
	}
	if s.r.four {
		if s.d&b != 0 {
			return p | 2<<2
		}
		return p | 1<<2
	}
	return p
}

// Clone implements engine.State.
func (s *State) Clone() engine.State {
	c := *s
	c.hist = append(make([]undo, 0, cap(s.hist)), s.hist...)
	return &c
}

// takeable returns the border cubes the player to move may take.
func (s *State) takeable() engine.Bitboard {
	p := int(s.turn)
	mine := s.symbols(p & 1)
	if s.r.four {
		if p>>1 == 1 {
			mine &= s.d
		} else {
			mine &^= s.d
		}
	}
	blank := s.r.geo.All() &^ (s.x | s.o)
	return s.r.border & (blank | mine)
}

func (s *State) hasLine(b engine.Bitboard) bool {
	for _, l := range s.r.lines {
		if b&l == l {
			return true
		}
	}
	return false
}

// Legal implements engine.State.
func (s *State) Legal(buf []engine.Move) []engine.Move {
	if s.hasLine(s.x) || s.hasLine(s.o) {
		return buf
	}
	take := s.takeable()
	if take == 0 {
		if s.r.four {
			buf = append(buf, Pass)
		}
		return buf // quixo: cannot happen without a line
	}
	for take != 0 {
		from := take.Pop()
		for _, to := range s.r.ends[from] {
			if to < 0 {
				break
			}
			if s.r.four {
				buf = append(buf, pushMove(from, to, 1), pushMove(from, to, 2))
			} else {
				buf = append(buf, pushMove(from, to, 0))
			}
		}
	}
	return buf
}

// Play implements engine.State.
func (s *State) Play(m engine.Move) {
	s.hist = append(s.hist, undo{x: s.x, o: s.o, d: s.d, hash: s.hash, irrev: s.irrev, reps: s.reps, twice: s.twice, turn: s.turn})
	r := s.r
	if m != Pass {
		from, to, dot := decode(m)
		p := &r.pushes[int(from)*cells+int(to)]
		if s.x&engine.Bit(from) == 0 && s.o&engine.Bit(from) == 0 {
			s.irrev = s.ply + 1
		}
		for b := p.seg; b != 0; {
			sq := b.Pop()
			s.hash ^= r.key(s.PieceAt(sq), sq)
		}
		s.x = shifted(s.x, p, from)
		s.o = shifted(s.o, p, from)
		s.d = shifted(s.d, p, from)
		e := engine.Bit(to)
		if s.turn&1 == Crosses {
			s.x |= e
		} else {
			s.o |= e
		}
		if dot == 2 {
			s.d |= e
		}
		for b := p.seg; b != 0; {
			sq := b.Pop()
			s.hash ^= r.key(s.PieceAt(sq), sq)
		}
	}
	next := s.turn + 1
	if int(next) == r.Players() {
		next = 0
	}
	s.hash ^= r.turnKey[s.turn] ^ r.turnKey[next]
	s.turn = next
	s.ply++
	// Counted once here, for Outcome and for the endgame table (Lookup).
	s.reps = s.repetitions()
	s.twice = s.irrev < s.ply && (s.twice || s.reps > 0)
}

// shifted moves the squares of b on p's segment one step towards from, the square taken,
// leaving the entry square empty.
func shifted(b engine.Bitboard, p *push, from engine.Square) engine.Bitboard {
	in := b & p.seg &^ engine.Bit(from)
	if p.up {
		in <<= p.shift
	} else {
		in >>= p.shift
	}
	return b&^p.seg | in
}

// Undo implements engine.State.
func (s *State) Undo() {
	u := s.hist[len(s.hist)-1]
	s.hist = s.hist[:len(s.hist)-1]
	s.x, s.o, s.d, s.hash, s.irrev, s.reps, s.twice, s.turn = u.x, u.o, u.d, u.hash, u.irrev, u.reps, u.twice, u.turn
	s.ply--
}

// Outcome implements engine.State.
func (s *State) Outcome() engine.Outcome {
	// The last mover belongs to the other team than the player to move (teams alternate),
	// and a line of the player to move's symbol wins for him even beside the mover's own.
	me := int(s.turn) & 1
	switch {
	case s.hasLine(s.symbols(me)):
		return engine.Outcome{Over: true, Winners: s.r.team(me), Reason: "line of five made by the loser"}
	case s.hasLine(s.symbols(me ^ 1)):
		return engine.Outcome{Over: true, Winners: s.r.team(me ^ 1), Reason: "line of five"}
	case s.reps >= 2:
		return engine.Draw("threefold repetition")
	case s.r.moveCap > 0 && s.ply >= s.r.moveCap:
		return engine.Draw("move cap")
	}
	return engine.Ongoing
}

// WinningSquares implements engine.WinFigure: the lines of five of the winners' symbol, where
// a line decided the game (where the loser's push made both symbols' lines, the winners'
// only); none after a draw.
func (s *State) WinningSquares() engine.Bitboard {
	o := s.Outcome()
	if !o.Over || o.Winners == 0 {
		return 0
	}
	team := Crosses
	if !o.Won(Crosses) {
		team = Circles
	}
	sym := s.symbols(team)
	var b engine.Bitboard
	for _, l := range s.r.lines {
		if sym&l == l {
			b |= l
		}
	}
	return b
}

// repetitions counts the earlier occurrences of the current position with the same player
// to move, back to the last move that took a blank cube.
func (s *State) repetitions() int {
	n := 0
	step := s.r.Players()
	first := max(len(s.hist)-(s.ply-s.irrev), 0) // a parsed position starts the history late
	for i := len(s.hist) - step; i >= first; i -= step {
		if s.hist[i].hash == s.hash {
			n++
		}
	}
	return n
}

// Validate implements engine.State.
func (s *State) Validate(m engine.Move) error {
	r := s.r
	g := r.geo
	text := r.FormatMove(m)
	if o := s.Outcome(); o.Over {
		return engine.Illegal(text, "the game is over (%s)", o.Reason)
	}
	take := s.takeable()
	mover := r.PlayerName(int(s.turn))
	if m == Pass {
		switch {
		case !r.four:
			return engine.Illegal(text, "there is no passing in Quixo for two")
		case take != 0:
			return engine.Illegal(text, "%s has a cube to take; a pass is allowed only without one", mover)
		}
		return nil
	}
	from, to, dot := decode(m)
	if text[0] == '?' || (dot == 0) == r.four {
		return engine.Illegal(text, "not a move of this game")
	}
	switch p := s.PieceAt(from); {
	case !r.border.Has(from):
		return engine.Illegal(text, "%s is not on the border", g.Name(from))
	case p.Face() != 3 && int(p.Face()-1) != int(s.turn)&1:
		return engine.Illegal(text, "%s shows the opponents' symbol", g.Name(from))
	case !take.Has(from):
		return engine.Illegal(text, "the dot of %s points to %s's team-mate", g.Name(from), mover)
	case from == to:
		return engine.Illegal(text, "a cube never goes back where it came from")
	case !slices.Contains(r.ends[from][:], to):
		return engine.Illegal(text, "%s is not an end of the row or the column of %s", g.Name(to), g.Name(from))
	}
	return nil
}
