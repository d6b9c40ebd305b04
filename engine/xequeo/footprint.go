package xequeo

import "github.com/tavoliere/tavoliere/engine"

// Footprint implements engine.State. A pawn move lifts the pawn and puts it down. A card
// is shown by a tap on the pawn of its colour (Tap). The ring is put on its cell: chosen by
// a tap there, or read by the sensors with setting ring=sensed, where a pawn entering the
// ring takes its place in the sensors' eyes (the ring lifted to let it in), and the ring
// leaves its cell when a challenge ends the round. A challenge shows nothing.
func (s *State) Footprint(m engine.Move) engine.Footprint {
	kind, a, b := decode(m)
	p, sensed := &s.pos, s.r.sensed
	switch kind {
	case kindRing:
		if sensed {
			return engine.Footprint{Filled: engine.Bit(engine.Square(b)), Piece: Ring, From: engine.Supply}
		}
		return engine.Footprint{Tap: engine.Bit(engine.Square(b))}
	case kindShow:
		f := engine.Footprint{Tap: engine.Bit(p.at[b])}
		if sensed && p.phase == ShowChallenged && !p.occ.Has(p.ring) {
			f.Emptied, f.Touched, f.To = engine.Bit(p.ring), engine.Bit(p.ring), engine.Supply
		}
		return f
	case kindPawn:
		from, to := engine.Square(a), engine.Square(b)
		if sensed && to == p.ring {
			return engine.Footprint{Emptied: engine.Bit(from), Replaced: engine.Bit(to), Touched: engine.Bit(from) | engine.Bit(to)}
		}
		return engine.Footprint{
			Emptied: engine.Bit(from),
			Filled:  engine.Bit(to),
			Touched: engine.Bit(from),
			Piece:   PieceOf(s.colourAt(from)),
		}
	}
	return engine.Footprint{}
}
