package boards

import (
	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/hw"
)

// Snapshot is everything a kiosk shows about a referee at one moment. It shares nothing
// with the referee and may be handed to other goroutines.
type Snapshot struct {
	Game     uint64
	Rules    engine.Rules
	Position string
	Turn     int
	Ply      int
	Moves    []string
	Outcome  engine.Outcome
	Scores   []int
	Sides    []Side
	Pieces   [64]engine.Piece // the position as the referee knows it
	Board    Board            // the settled readings, square by square
	Expected Board            // what they should be
	Cells    []hw.Reading     // the settled readings of every sensor channel, slots too
	Plan     [64]Light
	Thinking bool
	AIMove   string
	Asking   []string
	Mismatch string // what to fix, once the board has differed for the grace period
	Hints    bool
	Waiting  bool // the board must show the position before moves count
	Kind     hw.SensorKind
	Stats    Stats
}

// Snapshot returns the referee's state for a kiosk.
func (r *Referee) Snapshot() Snapshot {
	s := Snapshot{
		Game: r.game, Rules: r.cfg.Rules, Position: r.state.String(), Turn: r.state.Turn(), Ply: r.state.Ply(),
		Outcome: r.state.Outcome(), Sides: append([]Side(nil), r.sides...),
		Board: r.board, Expected: r.expected, Cells: append([]hw.Reading(nil), r.deb.stable...),
		Plan: r.Plan(), Thinking: r.thinking, Hints: r.cfg.Hints, Waiting: r.sync, Kind: r.kind, Stats: r.stats,
	}
	for _, m := range r.history {
		s.Moves = append(s.Moves, r.cfg.Rules.FormatMove(m))
	}
	for p := range r.cfg.Rules.Players() {
		s.Scores = append(s.Scores, r.state.Score(p))
	}
	for sq := engine.Square(0); int(sq) < r.size; sq++ {
		s.Pieces[sq] = r.state.PieceAt(sq)
	}
	if r.aiMove != 0 {
		s.AIMove = r.cfg.Rules.FormatMove(r.aiMove)
	}
	if r.matchKind == matchMany {
		for _, m := range r.asking {
			s.Asking = append(s.Asking, r.cfg.Rules.FormatMove(m))
		}
	}
	if r.misSent {
		s.Mismatch = r.misText
	}
	return s
}
