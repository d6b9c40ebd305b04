package push4

import "github.com/tavoliere/tavoliere/engine"

// Footprint implements engine.State. Line runs from the entry cell to the end of the pushed
// chain: the empty cell the chain moves into, or the far edge cell whose marble falls off
// (Exit). Touched holds every marble the push moves.
func (s *State) Footprint(m engine.Move) engine.Footprint {
	en := &s.r.entries[m]
	k := chain(en, s.occupied())
	f := engine.Footprint{From: engine.Supply, Entry: en.path[0], Exit: engine.NoSquare, Touched: en.prefix[k]}
	if k == Size {
		f.Line, f.Exit, f.To = en.prefix[Size], en.path[Size-1], engine.Supply
	} else {
		f.Line, f.Filled = en.prefix[k+1], engine.Bit(en.path[k])
		f.Piece = pieceOf(int(s.turn))
		if k > 0 {
			f.Piece = s.PieceAt(en.path[k-1])
		}
	}
	before := pieceOf(int(s.turn))
	for j := range min(k, Size) {
		if at := s.PieceAt(en.path[j]); at != before {
			f.Replaced |= engine.Bit(en.path[j])
		}
		before = s.PieceAt(en.path[j])
	}
	return f
}
