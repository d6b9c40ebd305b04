package quantik

import "github.com/tavoliere/tavoliere/engine"

// Footprint implements engine.State: a piece comes from the mover's supply to the cell.
func (s *State) Footprint(m engine.Move) engine.Footprint {
	k, sq, _ := Placement(m)
	p := PieceOf(int(s.turn), k)
	return engine.Footprint{Filled: engine.Bit(sq), From: engine.Supply, Piece: p, Rack: p}
}
