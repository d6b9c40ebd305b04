package xequeo

import "github.com/tavoliere/tavoliere/engine"

// Targets returns the cells a pawn on from may move to when the pawns stand on occ (from
// among them) and the ring on ring: the cells State.Legal lists for it in the move phase,
// the ring included when the pawn can enter it. It reads no State, so that a search can
// play out a round on a copy of the pawns without a history. The ring must be on the board.
func (r *Rules) Targets(occ engine.Bitboard, from, ring engine.Square) engine.Bitboard {
	occ &^= engine.Bit(from)
	empty := all &^ occ
	halt := engine.Bit(ring)
	seen := engine.Bit(from)
	for frontier := seen; frontier != 0; {
		next := hops(frontier, occ, empty) &^ seen
		seen |= next
		frontier = next &^ halt // a chain ends on the ring
	}
	return (seen | r.geo.Adjacent8(from)&empty) &^ engine.Bit(from) & closer[r.metric][ring][from]
}

// Moves returns the moves played since the start (or the parsed position), in order: what a
// player who watched the game saw. The slice is the state's own; it must not be changed.
func (s *State) Moves() []engine.Move { return s.moves }

// Pawns returns the cells of the seven pawns, by colour.
func (s *State) Pawns() [Colours]engine.Square { return s.pos.at }

// MoveCells returns the cells of pawn move m; ok is false for a move of another kind.
func MoveCells(m engine.Move) (from, to engine.Square, ok bool) {
	kind, a, b := decode(m)
	return engine.Square(a), engine.Square(b), kind == kindPawn
}

// RingCell returns the cell of ring placement m; ok is false for a move of another kind.
func RingCell(m engine.Move) (sq engine.Square, ok bool) {
	kind, _, b := decode(m)
	return engine.Square(b), kind == kindRing
}

// MoveColour returns the colour that challenge or card m names; ok is false for a move of
// another kind.
func MoveColour(m engine.Move) (c Colour, ok bool) {
	kind, _, b := decode(m)
	return Colour(b), kind == kindChallenge || kind == kindShow
}
