package push

import "github.com/tavoliere/tavoliere/engine"

// Footprint implements engine.State. The whole line moves: every marble of it is touched,
// and the squares whose colour changes are replaced.
func (s *State) Footprint(m engine.Move) engine.Footprint {
	p := &s.r.pushes[index(m)]
	black := p.apply(s.bb[Black])
	if s.turn == Black {
		black |= engine.Bit(p.entry)
	}
	return engine.Footprint{
		Replaced: (black ^ s.bb[Black]) & p.line,
		Touched:  p.line,
		From:     engine.Supply,
		To:       engine.Supply,
		Line:     p.line,
		Entry:    p.entry,
		Exit:     p.exit,
	}
}
