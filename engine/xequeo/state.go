package xequeo

import (
	"github.com/tavoliere/tavoliere/engine"
)

// position is everything a move changes; Play pushes it whole onto the history.
type position struct {
	at       [Colours]engine.Square // the cell of each pawn
	occ      engine.Bitboard
	ring     engine.Square // engine.NoSquare in the place and over phases
	rings    [2]uint8
	phase    Phase
	turn     uint8
	claim    Colour // the pawn entered, or the colour challenged (show phases)
	shown    Colour // the mover's card (ShowAnswer)
	pawnHash uint64 // the pawns' part of hash
	hash     uint64
	ply      int
}

// State is a match of Xe Queo! in progress, as the referee sees it.
type State struct {
	r     *Rules
	pos   position
	hist  []position
	moves []engine.Move // the moves played since the start or parsed position, for Moves
}

// meta returns the hash of everything but the pawns.
func (s *State) meta() uint64 {
	p, k := &s.pos, s.r.keys
	h := k[keyPhase+int(p.phase)] ^ k[keyRings+int(p.rings[0])] ^ k[keyRings+RingsToWin+1+int(p.rings[1])]
	if p.ring != engine.NoSquare {
		h ^= k[keyRing+int(p.ring)]
	}
	if p.turn == Player2 {
		h ^= k[keyTurn]
	}
	switch p.phase {
	case ShowAnswer:
		h ^= k[keyShown+int(p.shown)]
		fallthrough
	case ShowEntered, ShowChallenged:
		h ^= k[keyClaim+int(p.claim)]
	}
	return h
}

// Rules implements engine.State.
func (s *State) Rules() engine.Rules { return s.r }

// Turn implements engine.State: who must act (over: the loser).
func (s *State) Turn() int { return int(s.pos.turn) }

// Ply implements engine.State.
func (s *State) Ply() int { return s.pos.ply }

// Hash implements engine.State.
func (s *State) Hash() uint64 { return s.pos.hash }

// Score implements engine.State: the rings p has won.
func (s *State) Score(p int) int { return int(s.pos.rings[p]) }

// Phase returns the phase of the round.
func (s *State) Phase() Phase { return s.pos.phase }

// Emblem implements engine.Emblems: the pawns are everybody's, so no piece stands for a
// player.
func (s *State) Emblem(int) engine.Piece { return engine.Empty }

// Ring returns the ring's cell, engine.NoSquare when there is none on the board
// (engine.Ringed).
func (s *State) Ring() engine.Square { return s.pos.ring }

// Pawn returns the cell of the pawn of colour c.
func (s *State) Pawn(c Colour) engine.Square { return s.pos.at[c] }

// Claim returns, in a show phase, the colour of the pawn entered (ShowEntered,
// ShowAnswer) or challenged (ShowChallenged); ok is false in the other phases.
func (s *State) Claim() (c Colour, ok bool) {
	ph := s.pos.phase
	return s.pos.claim, ph == ShowEntered || ph == ShowAnswer || ph == ShowChallenged
}

// Shown returns the card the mover showed, in the ShowAnswer phase.
func (s *State) Shown() (c Colour, ok bool) { return s.pos.shown, s.pos.phase == ShowAnswer }

// PieceAt implements engine.State.
func (s *State) PieceAt(sq engine.Square) engine.Piece {
	if !s.pos.occ.Has(sq) {
		if s.r.sensed && sq == s.pos.ring {
			return Ring
		}
		return engine.Empty
	}
	return PieceOf(s.colourAt(sq))
}

func (s *State) colourAt(sq engine.Square) Colour {
	for c, at := range s.pos.at {
		if at == sq {
			return Colour(c)
		}
	}
	return Colours
}

// Clone implements engine.State.
func (s *State) Clone() engine.State {
	c := *s
	c.hist = append(make([]position, 0, cap(s.hist)), s.hist...)
	c.moves = append(make([]engine.Move, 0, cap(s.moves)), s.moves...)
	return &c
}

// hops returns the empty cells one jump away from a cell of f: over a pawn of occ, in one of
// the eight directions.
func hops(f, occ, empty engine.Bitboard) engine.Bitboard {
	const notA, notG = all &^ fileA, all &^ fileG
	e, w := f&notG, f&notA
	var to engine.Bitboard
	to |= (f << size & occ) << size    // north
	to |= (f >> size & occ) >> size    // south
	to |= ((e << 1 & occ) & notG) << 1 // east
	to |= ((w >> 1 & occ) & notA) >> 1 // west
	to |= ((e << 8 & occ) & notG) << 8 // north-east
	to |= ((w << 6 & occ) & notA) << 6 // north-west
	to |= ((e >> 6 & occ) & notG) >> 6 // south-east
	to |= ((w >> 8 & occ) & notA) >> 8 // south-west
	return to & empty
}

// reach returns the cells the pawn on from can end a move on, closer or not: the empty
// neighbours and every landing of a chain of jumps. A chain does not go on from the cell
// stop (the ring, where a chain ends; engine.NoSquare for none).
func (s *State) reach(from, stop engine.Square) engine.Bitboard {
	occ := s.pos.occ &^ engine.Bit(from)
	empty := all &^ occ
	var halt engine.Bitboard
	if stop != engine.NoSquare {
		halt = engine.Bit(stop)
	}
	seen := engine.Bit(from)
	for frontier := seen; frontier != 0; {
		next := hops(frontier, occ, empty) &^ seen
		seen |= next
		frontier = next &^ halt
	}
	return (seen | s.r.geo.Adjacent8(from)&empty) &^ engine.Bit(from)
}

// targets returns the cells the pawn on from may move to.
func (s *State) targets(from engine.Square) engine.Bitboard {
	return s.reach(from, s.pos.ring) & closer[s.r.metric][s.pos.ring][from]
}

// ringCells returns where the ring may be placed: empty cells next to no pawn.
func (s *State) ringCells() engine.Bitboard {
	return all &^ s.pos.occ &^ s.r.geo.Dilate8(s.pos.occ)
}

// Legal implements engine.State: the pawn moves by colour and destination, then the
// challenges; or the ring cells; or the seven cards.
func (s *State) Legal(buf []engine.Move) []engine.Move {
	switch s.pos.phase {
	case Place:
		for b := s.ringCells(); b != 0; {
			buf = append(buf, RingAt(b.Pop()))
		}
	case Move:
		for _, from := range s.pos.at {
			for b := s.targets(from); b != 0; {
				buf = append(buf, PawnMove(from, b.Pop()))
			}
		}
		for c := range Colour(Colours) {
			buf = append(buf, Challenge(c))
		}
	case ShowEntered, ShowAnswer, ShowChallenged:
		for c := range Colour(Colours) {
			buf = append(buf, Show(c))
		}
	}
	return buf
}

// Play implements engine.State.
func (s *State) Play(m engine.Move) {
	s.hist = append(s.hist, s.pos)
	s.moves = append(s.moves, m)
	p := &s.pos
	p.ply++
	kind, a, b := decode(m)
	switch kind {
	case kindPawn:
		from, to := engine.Square(a), engine.Square(b)
		c := s.colourAt(from)
		p.at[c] = to
		p.occ ^= engine.Bit(from) | engine.Bit(to)
		p.pawnHash ^= s.r.keys[keyPawn+int(c)*cells+a] ^ s.r.keys[keyPawn+int(c)*cells+b]
		if to == p.ring {
			p.phase, p.claim = ShowEntered, c // the mover shows first
		} else {
			p.turn ^= 1
		}
	case kindRing:
		p.ring, p.phase = engine.Square(b), Move
		p.turn ^= 1 // the placer's opponent moves first
	case kindChallenge:
		p.phase, p.claim = ShowChallenged, Colour(b)
		p.turn ^= 1
	case kindShow:
		s.show(Colour(b))
	}
	p.hash = p.pawnHash ^ s.meta()
}

// show plays the card c of the player to act.
func (s *State) show(c Colour) {
	p := &s.pos
	me := int(p.turn)
	switch p.phase {
	case ShowEntered:
		p.phase, p.shown = ShowAnswer, c
		p.turn ^= 1
	case ShowAnswer: // me answers the mover's claim
		if p.shown == p.claim && c != p.claim {
			s.award(me ^ 1)
		} else {
			s.award(me)
		}
	case ShowChallenged: // me answers the challenger
		if c == p.claim {
			s.award(me ^ 1)
		} else {
			s.award(me)
		}
	}
}

// award gives the ring to w: the match ends at four rings, else w's opponent places the next.
func (s *State) award(w int) {
	p := &s.pos
	p.rings[w]++
	p.ring, p.claim, p.shown = engine.NoSquare, 0, 0
	p.phase = Place
	if p.rings[w] == RingsToWin {
		p.phase = Over
	}
	p.turn = uint8(w ^ 1)
}

// Undo implements engine.State.
func (s *State) Undo() {
	s.pos = s.hist[len(s.hist)-1]
	s.hist = s.hist[:len(s.hist)-1]
	s.moves = s.moves[:len(s.moves)-1]
}

// Outcome implements engine.State: four rings win the match.
func (s *State) Outcome() engine.Outcome {
	if s.pos.phase != Over {
		return engine.Ongoing
	}
	return engine.Win(int(s.pos.turn^1), "four rings")
}

// WinningSquares implements engine.WinFigure: none. A match is won by a count of rings (the
// score, State.Score), and a round may end on a challenge with no pawn moved: no square
// decides it.
func (s *State) WinningSquares() engine.Bitboard { return 0 }

// Validate implements engine.State.
func (s *State) Validate(m engine.Move) error {
	text := s.r.FormatMove(m)
	kind, a, b := decode(m)
	if kind == 0 {
		return engine.Illegal(text, "not a move of Xe Queo!")
	}
	p, g := &s.pos, s.r.geo
	me := s.r.PlayerName(int(p.turn))
	switch p.phase {
	case Over:
		return engine.Illegal(text, "the match is over: %s", s.Outcome().Text(s.r))
	case Place:
		if kind != kindRing {
			return engine.Illegal(text, "%s is to place the ring first (@cell)", me)
		}
		return s.validateRing(text, engine.Square(b))
	case Move:
		switch kind {
		case kindRing:
			return engine.Illegal(text, "the ring is already on %s", g.Name(p.ring))
		case kindShow:
			return engine.Illegal(text, "no card is to be shown: no pawn has entered the ring and no colour was challenged")
		case kindPawn:
			return s.validatePawn(text, engine.Square(a), engine.Square(b))
		}
		return nil
	}
	if kind != kindShow {
		return engine.Illegal(text, "%s is to show a card (show:C)", me)
	}
	return nil
}

func (s *State) validateRing(text string, sq engine.Square) error {
	g := s.r.geo
	if s.pos.occ.Has(sq) {
		return engine.Illegal(text, "%s is occupied by the %s pawn", g.Name(sq), s.colourAt(sq))
	}
	if near := g.Adjacent8(sq) & s.pos.occ; near != 0 {
		at := near.First()
		return engine.Illegal(text, "%s is next to the %s pawn on %s: the ring goes on a cell next to no pawn", g.Name(sq), s.colourAt(at), g.Name(at))
	}
	return nil
}

func (s *State) validatePawn(text string, from, to engine.Square) error {
	g, ring := s.r.geo, s.pos.ring
	switch {
	case !s.pos.occ.Has(from):
		return engine.Illegal(text, "no pawn on %s", g.Name(from))
	case from == to:
		return engine.Illegal(text, "the pawn must move")
	case s.pos.occ.Has(to):
		return engine.Illegal(text, "%s is occupied by the %s pawn", g.Name(to), s.colourAt(to))
	}
	if !s.reach(from, ring).Has(to) {
		dx, dy := g.File(to)-g.File(from), g.Rank(to)-g.Rank(from)
		mid := g.Square(g.File(from)+dx/2, g.Rank(from)+dy/2)
		switch {
		case s.reach(from, engine.NoSquare).Has(to):
			return engine.Illegal(text, "a chain of jumps ends on the ring (%s) and cannot go on to %s", g.Name(ring), g.Name(to))
		case (dx == 0 || dx == 2 || dx == -2) && (dy == 0 || dy == 2 || dy == -2) && !s.pos.occ.Has(mid):
			return engine.Illegal(text, "a jump over nothing: %s is empty", g.Name(mid))
		}
		return engine.Illegal(text, "%s is neither a step nor a chain of jumps over pawns away from %s", g.Name(to), g.Name(from))
	}
	if m := s.r.metric; !closer[m][ring][from].Has(to) {
		what := "squared distance"
		if m == Octile {
			what = "octile distance"
		}
		return engine.Illegal(text, "the pawn must end strictly closer to the ring on %s (%s %s, then %s)",
			g.Name(ring), what, distanceText(m, int(ring), int(from)), distanceText(m, int(ring), int(to)))
	}
	return nil
}
