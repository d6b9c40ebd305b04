package boards

import (
	"slices"
	"time"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/hw"
)

// Pattern is how a light blinks; one-colour LEDs tell instructions apart by it.
type Pattern uint8

// Patterns.
const (
	Steady Pattern = iota
	Slow           // 1 Hz
	Fast           // 4 Hz
)

// Light is one square's instruction.
type Light struct {
	Color   hw.Color
	Pattern Pattern
	Dim     bool // background information (last move, destinations): off on one-colour LEDs
	// Piece is the piece to put on the square, for a put light in the piece's own colour
	// (engine.Painted games: Xe Queo!'s pawns); 0 for every other light.
	Piece engine.Piece
}

// The palette. Each instruction has its own colour and, for one-colour LEDs, its own pattern.
var (
	LightRemove   = Light{Color: hw.Color{R: 255}, Pattern: Fast}                 // clear this square
	LightPut      = Light{Color: hw.Color{G: 255}, Pattern: Slow}                 // put a piece here
	LightTurn     = Light{Color: hw.Color{R: 255, G: 120}, Pattern: Fast}         // turn over / exchange
	LightAsk      = Light{Color: hw.Color{R: 200, B: 200}, Pattern: Slow}         // tap to choose this move
	LightAIFrom   = Light{Color: hw.Color{B: 255}}                                // the AI's piece to lift
	LightAITo     = Light{Color: hw.Color{G: 160, B: 255}, Pattern: Slow}         // where it goes
	LightFlip     = Light{Color: hw.Color{R: 255, G: 120}}                        // a disc to turn over
	LightDest     = Light{Color: hw.Color{G: 60}, Dim: true}                      // a legal destination
	LightLast     = Light{Color: hw.Color{R: 40, G: 40, B: 40}, Dim: true}        // the last move
	LightLift     = Light{Color: hw.Color{R: 120, B: 255}, Pattern: Fast}         // lift this piece and put it back
	LightHintFrom = Light{Color: hw.Color{R: 255, G: 255, B: 255}}                // the suggested move's piece to lift
	LightHintTo   = Light{Color: hw.Color{R: 255, G: 255, B: 255}, Pattern: Slow} // where it goes
	LightWin      = Light{Color: hw.Color{G: 255, B: 160}}                        // the figure that won the game
	LightOff      = Light{}
	blinkPeriods  = [...]time.Duration{Slow: time.Second, Fast: 250 * time.Millisecond}
)

// Plan returns the instruction for every square, in the priority order of design.md:
// mismatches, a question, the AI's move still to carry out, flips to do, the figure that won
// at game over, destinations of a lifted piece, the last move.
func (r *Referee) Plan() [64]Light {
	var p [64]Light
	if !r.seeded {
		return p // the board has not been read yet: nothing to say about it
	}
	set := func(b engine.Bitboard, l Light) {
		for b != 0 {
			sq := b.Pop()
			if p[sq] == LightOff {
				p[sq] = l
			}
		}
	}
	if r.v.kind == noMatch && !r.showsMoves() && len(r.extraShown()) == 0 || r.v.kind == matchBack {
		remove, put, turn := r.repairs()
		set(remove, LightRemove)
		guide, painted := r.guide(put|r.wrongPiece(turn), r.cfg.Layout.Spec().Mono)
		for _, g := range guide {
			set(engine.Bit(g.Square), g.Light)
		}
		set(put&^painted, LightPut)
		set(turn&^painted, LightTurn)
	}
	if r.v.kind == matchMany {
		for i := range r.asked.moves {
			set(r.distinct(i), LightAsk)
		}
		if r.asked.moves == nil && r.v.liftsCanTell {
			set(r.heldFlips(), LightFlip)
		}
	}
	if r.aiMove != 0 {
		f := r.state.Footprint(r.aiMove)
		var from, to engine.Bitboard
		for b := f.Emptied | f.Touched; b != 0; {
			sq := b.Pop()
			if r.board[sq] != 0 && !r.ev.lifted.Has(sq) {
				from |= engine.Bit(sq)
			}
		}
		r.state.Play(r.aiMove)
		for b := f.Filled | f.Replaced; b != 0; {
			sq := b.Pop()
			if r.board[sq] != ReadingOf(r.state.PieceAt(sq), r.kind) || (f.Replaced.Has(sq) && !r.ev.lifted.Has(sq)) {
				to |= engine.Bit(sq)
			}
		}
		flips := f.Flipped
		if r.kind != hw.Presence {
			for b := f.Flipped; b != 0; {
				sq := b.Pop()
				if r.board[sq] == ReadingOf(r.state.PieceAt(sq), r.kind) {
					flips &^= engine.Bit(sq)
				}
			}
		}
		r.state.Undo()
		set(from, LightAIFrom)
		set(to, LightAITo)
		set(flips, LightFlip)
	}
	if r.v.kind == inProgress && r.misSent {
		set(r.v.toLift, LightLift)
	}
	set(r.aiTap, LightAITo)
	if m := r.suggested; m != 0 && r.aiMove == 0 {
		from, to := r.suggestedSquares(m)
		set(from, LightHintFrom)
		set(to, LightHintTo)
	}
	set(r.pending, LightFlip)
	if r.gameOver {
		set(engine.WinningSquares(r.state), LightWin)
	}
	if r.cfg.Hints && r.aiMove == 0 && !r.thinking && !r.gameOver {
		set(r.destinations(), LightDest)
	}
	set(r.lastFrom|r.lastTo, LightLast)
	return p
}

// suggestedSquares returns where the suggested move m lifts a piece and where one goes: a
// push's exit and entry; a move the squares cannot show, the square a tap chooses it by (Xe
// Queo!'s ring cell).
func (r *Referee) suggestedSquares(m engine.Move) (from, to engine.Bitboard) {
	f := r.state.Footprint(m)
	switch {
	case f.Line != 0:
		if f.Exit != engine.NoSquare {
			from = engine.Bit(f.Exit)
		}
		return from, engine.Bit(f.Entry)
	case f.Emptied|f.Filled|f.Replaced|f.Touched == 0:
		return 0, f.Tap
	}
	return f.Emptied | f.Touched, f.Filled | f.Replaced
}

// Placing is a piece to put on a square, for a game whose pieces are told apart by their
// colour alone (engine.Painted): presence and polarity sensors cannot tell which pawn went
// where, so the lights and the kiosk say it.
type Placing struct {
	Square engine.Square
	Piece  engine.Piece
	Colour string // the piece's colour, named: "red"
	Light  Light  // the put light in the piece's colour
}

// wrongPiece returns the squares of turn where identity sensors read another piece than the
// game's: the right piece is to put there, named by the guide in a painted game.
func (r *Referee) wrongPiece(turn engine.Bitboard) engine.Bitboard {
	if r.kind != hw.Identity {
		return 0
	}
	return turn
}

// guide returns the pieces to put on the squares of put, in the order of their piece codes
// (Xe Queo!: red, orange, …, white), for a painted game while the board differs from the
// game's position; nil otherwise. With one, for one-colour LEDs, only the first is returned:
// one square lit at a time, its colour named on the kiosk. painted is every square of put
// whose piece has a colour, guided or waiting its turn.
func (r *Referee) guide(put engine.Bitboard, one bool) (out []Placing, painted engine.Bitboard) {
	pr, ok := r.cfg.Rules.(engine.Painted)
	if !ok || r.v.kind != noMatch || put == 0 {
		return nil, 0
	}
	for b := put; b != 0; {
		sq := b.Pop()
		p := r.state.PieceAt(sq)
		name, rgb, ok := pr.PieceColor(p)
		if !ok {
			continue
		}
		painted |= engine.Bit(sq)
		out = append(out, Placing{Square: sq, Piece: p, Colour: name,
			Light: Light{Color: hw.Color{R: rgb[0], G: rgb[1], B: rgb[2]}, Pattern: LightPut.Pattern, Piece: p}})
	}
	slices.SortStableFunc(out, func(a, b Placing) int { return int(a.Piece) - int(b.Piece) })
	if len(out) > 1 && one {
		out = out[:1]
	}
	return out, painted
}

// destinations returns where the one lifted piece of the side to move may go: a piece
// lifted from a square, a piece taken from the rack, or the one piece every move puts down
// (Quarto's piece handed over).
func (r *Referee) destinations() engine.Bitboard {
	lift := r.diff
	if lift == 0 {
		return r.placements()
	}
	if lift&(lift-1) != 0 || r.board[lift.First()] != 0 {
		return 0
	}
	var to engine.Bitboard
	for _, m := range r.legal {
		if f := r.state.Footprint(m); f.Emptied == lift {
			to |= f.Filled | f.Replaced
		}
	}
	return to
}

// placements returns the squares where the piece taken from the rack may go, or, when every
// legal move puts down the same piece, where that piece may go.
func (r *Referee) placements() engine.Bitboard {
	var to engine.Bitboard
	lifted := r.rackLifted()
	var piece engine.Piece
	for i, m := range r.legal {
		f := r.state.Footprint(m)
		switch {
		case f.Filled == 0 || f.Emptied|f.Replaced != 0 || f.Piece == engine.Empty:
			return 0 // not a game of placements of pieces told apart
		case lifted != engine.Empty && f.Piece != lifted && f.Rack != lifted:
			continue // a piece taken from the rack goes down, or is handed over (Quarto)
		case lifted == engine.Empty && i > 0 && f.Piece != piece:
			return 0 // several pieces could go down: which one is not known yet
		}
		piece = f.Piece
		to |= f.Filled
	}
	return to
}

// Lights renders the plan at time now into one colour per LED, reusing dst.
func (r *Referee) Lights(now time.Time, dst hw.LightFrame) hw.LightFrame {
	l := r.cfg.Layout
	if cap(dst) < l.LEDs() {
		dst = make(hw.LightFrame, l.LEDs())
	}
	dst = dst[:l.LEDs()]
	clear(dst)
	plan := r.Plan()
	mono := l.Spec().Mono
	for sq := engine.Square(0); int(sq) < l.Size(); sq++ {
		dst[l.LEDOf(sq)] = render(plan[sq], now, mono)
	}
	r.rackPlan = r.planRack(r.rackPlan)
	for i, sl := range r.rack {
		if sl.led >= 0 && sl.led < len(dst) {
			dst[sl.led] = render(r.rackPlan[i], now, mono)
		}
	}
	return dst
}

func render(l Light, now time.Time, mono bool) hw.Color {
	if l == LightOff || (mono && l.Dim) {
		return hw.Off
	}
	if l.Pattern != Steady {
		period := blinkPeriods[l.Pattern]
		if now.UnixNano()/int64(period/2)%2 == 1 {
			return hw.Off
		}
	}
	if mono {
		return hw.Color{R: 255, G: 255, B: 255}
	}
	return l.Color
}
