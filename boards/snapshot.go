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
	// Suggestion is the AI's move for the player to move, asked for with CmdSuggest (hint
	// mode), and lit on the board; "" for none. Suggesting is true while it is searched.
	Suggestion string
	Suggesting bool
	Asking     []string
	// AskingFirst is true when Asking is about moves read from the board alone, several
	// made too quickly for the hands' work to tell (shown.go), or about the first of more
	// than a reading holds (firstSeen): which of them came first.
	AskingFirst bool
	// AskingSilent is true when Asking's options are moves that change nothing on the squares
	// (Quarto's piece handed over, Xe Queo!'s ring where the sensors do not read it): the
	// board can show none of them, so one is made and only the kiosk or a tap tells which.
	AskingSilent bool
	// Unseen lists the moves the board shows made but cannot tell from standing still (a Push
	// row rolled along on presence sensors): the kiosk offers them to be entered.
	Unseen   []string
	Mismatch string // what to fix, once the board has differed for the grace period
	// Guide lists the pawns to put, by colour, while the board differs from the game in a
	// game whose pieces are told apart by colour alone (engine.Painted: Xe Queo!'s set-up):
	// every one on colour LEDs, which light each square in its pawn's colour; on one-colour
	// LEDs the one square lit, so the kiosk names its colour.
	Guide   []Placing
	Hints   bool
	Waiting bool // the board must show the position before moves count
	Kind    hw.SensorKind
	Stats   Stats
	// Rack lists the game's pieces waiting off the board (engine.Racked games), place by
	// place in the order of the game's Rack; nil for other games.
	Rack []RackPlace
}

// RackPlace is one place of a game's rack.
type RackPlace struct {
	Piece engine.Piece
	In    bool  // the game has this piece waiting (for pieces of one code: the first ones)
	Read  bool  // the board's rack slot reads a piece there (boards with a rack)
	Slot  bool  // the board has a rack slot for it
	Light Light // what the slot's LED shows
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
	if r.suggested != 0 {
		s.Suggestion = r.cfg.Rules.FormatMove(r.suggested)
	}
	s.Suggesting = r.suggestAt >= 0 && r.suggested == 0
	if r.v.kind == matchMany {
		for _, m := range r.asked.moves {
			s.Asking = append(s.Asking, r.cfg.Rules.FormatMove(m))
		}
		s.AskingFirst = s.Asking != nil && r.AskingFirst()
		s.AskingSilent = r.askingSilent()
	}
	if r.misSent {
		s.Mismatch = r.misText
	}
	s.Unseen = r.unseen()
	s.Rack = r.rackPlaces()
	if r.seeded && (r.v.kind == noMatch || r.v.kind == matchBack) {
		_, put, turn := r.repairs()
		s.Guide, _ = r.guide(put|r.wrongPiece(turn), r.cfg.Layout.Spec().Mono)
	}
	return s
}

// AskingFirst reports whether the open question is about moves read from the board alone
// (shown.go), or the first of more than a reading holds (firstSeen): the players made
// several, and it asks which came first.
func (r *Referee) AskingFirst() bool { return (r.shown.asked || r.asked.first) && r.asked.moves != nil }

// askingSilent reports whether a question is open whose every option changes nothing on the
// squares.
func (r *Referee) askingSilent() bool {
	for _, m := range r.asked.moves {
		if !r.silent(m) {
			return false
		}
	}
	return r.asked.moves != nil
}

func (r *Referee) rackPlaces() []RackPlace {
	rk, ok := r.cfg.Rules.(engine.Racked)
	rs, ok2 := r.state.(engine.RackState)
	if !ok || !ok2 {
		return nil
	}
	plan := r.planRack(nil)
	left := map[engine.Piece]int{}
	var out []RackPlace
	for i, p := range rk.Rack() {
		if _, seen := left[p]; !seen {
			left[p] = rs.InRack(p)
		}
		pl := RackPlace{Piece: p, In: left[p] > 0}
		left[p]--
		if i < len(r.rack) {
			pl.Slot, pl.Read, pl.Light = true, r.slots[r.rack[i].cell] != 0, plan[i]
		}
		out = append(out, pl)
	}
	return out
}

// unseen returns the moves CmdChoose would enter now without a question: moves of a person
// (or the AI's announced move) after which the board reads as it does now, while the board
// reads as the position too (nothing else in progress).
func (r *Referee) unseen() []string {
	if r.gameOver || r.thinking || r.v.kind == matchMany || r.diff != 0 || r.sides[r.state.Turn()] != Human && r.aiMove == 0 {
		return nil
	}
	var out []string
	s := r.state
	for _, m := range r.legal {
		if r.aiMove != 0 && m != r.aiMove || !r.cannotSee(m) {
			continue
		}
		s.Play(m)
		if Project(s, r.kind) == r.board && r.rackFits(s) {
			out = append(out, r.cfg.Rules.FormatMove(m))
		}
		s.Undo()
	}
	return out
}

// cannotSee reports whether the sensors may show nothing of move m: it changes nothing on
// the squares (a card shown, Quarto's piece handed over), or it is a push of marbles, which
// may roll along as one. A Quixo cube is taken in the hand: its push is always seen.
func (r *Referee) cannotSee(m engine.Move) bool {
	f := r.state.Footprint(m)
	if f.Line != 0 {
		return !takenInHand(f)
	}
	return f.Emptied|f.Filled|f.Replaced|f.Flipped == 0
}
