package quixo

import "github.com/tavoliere/tavoliere/engine"

// Footprint implements engine.State.
func (s *State) Footprint(m engine.Move) engine.Footprint {
	f := engine.Footprint{Entry: engine.NoSquare, Exit: engine.NoSquare}
	if m == Pass {
		return f
	}
	from, to, _ := decode(m)
	p := &s.r.pushes[int(from)*cells+int(to)]
	f.Line, f.Touched, f.Entry, f.Exit = p.seg, p.seg, to, from
	// What each square of the line holds after: the cube of its neighbour towards the entry,
	// or the cube put in.
	step := engine.Square(p.shift)
	if p.up {
		step = -step
	}
	put := Cube(int(s.turn)&1, int(m>>10&3))
	for b := p.seg; b != 0; {
		sq := b.Pop()
		after := put
		if sq != to {
			after = s.PieceAt(sq + step)
		}
		if after != s.PieceAt(sq) {
			f.Replaced |= engine.Bit(sq)
		}
	}
	return f
}
