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
			Via:     s.via(from, to),
		}
	}
	return engine.Footprint{}
}

// via returns the cells a pawn's chain of jumps from one cell to another hops to on its
// way, on any shortest chain (fewest hops; a hop goes over a pawn on to an empty cell, and
// back the same way), never the ring but at its end. None for a step.
func (s *State) via(from, to engine.Square) engine.Bitboard {
	p := &s.pos
	if s.r.geo.Adjacent8(from).Has(to) {
		return 0
	}
	occ := p.occ &^ engine.Bit(from)
	empty := all &^ occ
	var ring engine.Bitboard
	if p.ring != engine.NoSquare {
		ring = engine.Bit(p.ring)
	}
	// layers returns the cells first reached in each number of hops from start.
	layers := func(start engine.Square) []engine.Bitboard {
		out := []engine.Bitboard{engine.Bit(start)}
		for seen, frontier := engine.Bit(start), engine.Bit(start); ; {
			next := hops(frontier, occ, empty) &^ seen
			if next == 0 {
				return out
			}
			seen |= next
			out = append(out, next)
			frontier = next &^ ring &^ (engine.Bit(from) | engine.Bit(to)) // (a chain ends there)
		}
	}
	fwd, bwd := layers(from), layers(to)
	d := -1
	for i, l := range fwd {
		if l.Has(to) {
			d = i
		}
	}
	var out engine.Bitboard
	for i := 1; i < d && d-i < len(bwd); i++ {
		out |= fwd[i] & bwd[d-i]
	}
	return out &^ ring
}
