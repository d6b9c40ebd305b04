package boards

import (
	"sync"

	"github.com/tavoliere/tavoliere/engine"
)

// What each player's pieces are, read from the rules by playing from the start: the kiosk
// draws each player with his piece (PlayerPieces), and the simulated board's hand puts down
// the face of the player to move.

// Faces returns the face each player's pieces show, from the rules: the piece a placement
// of that player leaves (or the player's number where the game has no placements).
func Faces(r engine.Rules) []int {
	out := make([]int, r.Players())
	for p := range out {
		out[p] = p + 1
	}
	s := r.Start()
	for range r.Players() {
		moves := s.Legal(nil)
		if len(moves) == 0 {
			break
		}
		for _, m := range moves {
			if f := s.Footprint(m); f.Filled != 0 {
				c := s.Clone()
				c.Play(m)
				out[s.Turn()] = int(c.PieceAt(f.Filled.First()).Face())
				break
			}
		}
		s.Play(moves[0])
	}
	return out
}

var ownCache struct {
	sync.Mutex
	rules engine.Rules
	out   []engine.Piece
}

// OwnPieces returns, for each player, the piece his first legal move from the start puts on
// the board (a placement's square, a push's entry, a capture's landing), the first moves
// played until every player has moved: the piece of his colour. Empty for a player who never
// puts one down.
func OwnPieces(r engine.Rules) []engine.Piece {
	ownCache.Lock()
	defer ownCache.Unlock()
	if ownCache.rules == r {
		return ownCache.out
	}
	out := make([]engine.Piece, r.Players())
	s := r.Start()
	for range 8 * r.Players() {
		moves := s.Legal(nil)
		if len(moves) == 0 {
			break
		}
		if p := s.Turn(); out[p] == engine.Empty {
			for _, m := range moves {
				f := s.Footprint(m)
				sq := engine.NoSquare
				if f.Line != 0 {
					sq = f.Entry
				} else if f.Filled != 0 {
					sq = f.Filled.First()
				} else if f.Replaced != 0 {
					sq = f.Replaced.First() // a capture that lands (Crowded's full board)
				}
				if sq == engine.NoSquare {
					continue
				}
				c := s.Clone()
				c.Play(m)
				if pc := c.PieceAt(sq); pc != engine.Empty {
					out[p] = pc
					break
				}
			}
		}
		s.Play(moves[0])
	}
	ownCache.rules, ownCache.out = r, out
	return out
}

// PlayerPieces returns the piece that stands for each player in a player list at position s:
// the game's own choice where its State is engine.Emblems (Quarto's held piece, Quixo for
// four's dotted cubes, none for Xe Queo!'s shared pawns), else the piece of his colour that
// his moves put down (OwnPieces).
func PlayerPieces(s engine.State) []engine.Piece {
	r := s.Rules()
	e, ok := s.(engine.Emblems)
	if !ok {
		return OwnPieces(r)
	}
	out := make([]engine.Piece, r.Players())
	for p := range out {
		out[p] = e.Emblem(p)
	}
	return out
}
