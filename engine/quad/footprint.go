package quad

import "github.com/tavoliere/tavoliere/engine"

// Footprint implements engine.State: the piece comes from the mover's supply to its cell.
func (s *State) Footprint(m engine.Move) engine.Footprint {
	t, sq := decode(m)
	p := PieceOf(int(s.pos.turn), t)
	return engine.Footprint{
		Filled: engine.Bit(engine.Square(sq)),
		From:   engine.Supply,
		Piece:  p,
		Rack:   p,
	}
}
