package kiosk

import (
	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/engine"
)

// Demo is the demo the page draws over the board (API.md): a game of the AI against
// itself that the referee knows nothing of.
type Demo struct {
	Run     uint64       `json:"run"`    // the demo's number: a touch ends this one
	Invite  string       `json:"invite"` // the invitation's code: words.js 'attract:<invite>'
	Game    Game         `json:"game"`
	Squares []DemoSquare `json:"squares"`
	Diagram [][]int      `json:"diagram"`
	Move    string       `json:"move"` // the last move, in the game's notation
}

// DemoSquare is a square of the demo's board: its piece as squares[] counts them, and
// whether the last move changed it.
type DemoSquare struct {
	Name  string `json:"name"`
	Piece int    `json:"piece"`
	Label string `json:"label,omitempty"`
	Ring  bool   `json:"ring,omitempty"`
	Last  bool   `json:"last,omitempty"`
}

// DemoOf is the page's view of a demo's position.
func DemoOf(st engine.State, move string, last engine.Bitboard) *Demo {
	r := st.Rules()
	g := r.Geometry()
	pos := st.String()
	d := &Demo{Invite: "touch", Move: move}
	d.Game = Game{
		ID: r.ID(), Name: r.Name(), Files: g.Files, Ranks: g.Ranks, Rank1Top: g.Rank1Top,
		Settings: map[string]string{}, Turn: st.Turn(), Ply: st.Ply(), Moves: []string{}, Position: pos,
		Over: st.Outcome().Over, Winners: []int{},
	}
	own := boards.PlayerPieces(st)
	for p := range r.Players() {
		pl := Player{Name: r.PlayerName(p), Side: "ai", Score: st.Score(p), Piece: int(own[p]), Label: pieceLabel(r, own[p]), Seat: engine.SeatOf(r, p)}
		d.Game.Players = append(d.Game.Players, pl)
		if st.Outcome().Won(p) {
			d.Game.Winners = append(d.Game.Winners, p)
		}
	}
	ring := engine.RingAt(st)
	for sq := engine.Square(0); int(sq) < g.Size(); sq++ {
		p := st.PieceAt(sq)
		d.Squares = append(d.Squares, DemoSquare{Name: g.Name(sq), Piece: int(p), Label: pieceLabel(r, p), Ring: sq == ring, Last: last.Has(sq)})
	}
	for _, rank := range g.Diagram() {
		row := make([]int, g.Files)
		for f := range row {
			row[f] = int(g.Square(f, rank))
		}
		d.Diagram = append(d.Diagram, row)
	}
	return d
}
