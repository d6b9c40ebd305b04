package quadwrangle

import "github.com/tavoliere/tavoliere/engine"

// Footprint implements engine.State.
func (s *State) Footprint(m engine.Move) engine.Footprint {
	kind, from, to := decode(m)
	g := s.r.geo
	own, opp := s.bb[s.turn], s.bb[s.turn^1]
	var f engine.Footprint
	switch kind {
	case kindPlace:
		f.Filled, f.From = engine.Bit(to), engine.Supply
		if g.Adjacent8(to)&own != 0 {
			f.Flipped = g.Adjacent8(to) & opp
		}
	case kindSlide:
		f.Emptied, f.Filled, f.Touched = engine.Bit(from), engine.Bit(to), engine.Bit(from)
		f.Flipped = g.Adjacent8(to) & opp
	case kindCapture:
		f.Emptied, f.Replaced = engine.Bit(from), engine.Bit(to)
		f.Touched, f.To = engine.Bit(from)|engine.Bit(to), engine.Out
		f.Flipped = g.Adjacent8(to) & opp
	}
	return f
}
