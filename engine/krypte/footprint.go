package krypte

import "github.com/tavoliere/tavoliere/engine"

// Footprint implements engine.State: a disc comes from the supply and lands; its orthogonal
// neighbours turn over where they stand.
func (s *State) Footprint(m engine.Move) engine.Footprint {
	sq := engine.Square(m - 1)
	return engine.Footprint{
		Filled:  engine.Bit(sq),
		Flipped: s.r.geo.Adjacent4(sq) & (s.bb[0] | s.bb[1]),
		From:    engine.Supply,
	}
}
