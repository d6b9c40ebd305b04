package quarto

import "github.com/tavoliere/tavoliere/engine"

// Footprint implements engine.State: the held piece is put down (engine.Reserve: it came
// from the rack by way of the player's hand) and the piece handed over leaves the rack.
func (s *State) Footprint(m engine.Move) engine.Footprint {
	sq, c := Unpack(m)
	var f engine.Footprint
	if sq >= 0 && s.held >= 0 {
		f.Filled, f.From, f.Piece = engine.Bit(engine.Square(sq)), engine.Reserve, PieceOf(int(s.held))
	}
	if c >= 0 {
		f.Rack = PieceOf(c)
	}
	return f
}
