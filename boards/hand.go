package boards

// The simulated hand: the pieces on a simulated board and the order in which a hand changes
// its cells to carry out a move. The kiosk's simulated board and the simulated player of the
// tests share it; each adds its own timing (and the player its bouncing contacts and bad
// habits) on top.

import (
	"slices"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/hw"
)

// Cells is a board double whose sensor cells a hand changes: hw/sim's Board.
type Cells interface {
	Get(c int) hw.Reading
	Set(c int, v hw.Reading)
}

// Step is one change a hand makes: a piece lifted off a cell, or put on it.
type Step struct {
	Cell    int           // the sensor cell: a square's, a rack slot's or a gutter's
	Square  engine.Square // the cell's square; engine.NoSquare off the board
	Piece   engine.Piece  // the piece put down; engine.Empty for a lift
	Reading hw.Reading    // what the cell reads after the step
}

// Lift reports whether the step takes a piece off.
func (s Step) Lift() bool { return s.Piece == engine.Empty }

// Motion is the way a hand carries out a move.
type Motion uint8

// The motions, in the order they are told apart (WorkOf).
const (
	Push         Motion = iota // a row pushed: the hole travels from the far end to the entry
	Capture                    // a piece taken and the capturer put down on its square
	Remove                     // pieces taken off (Xe Queo!'s sensed ring)
	Jump                       // a piece lifted and put down elsewhere
	Slide                      // a piece slid over the empty squares between
	HandOver                   // no square changes: a piece handed over (from the rack), a card shown
	PlaceAndGive               // a piece put down, and another taken from the rack to hand over (Quarto)
	Place                      // a piece put down, taken from the rack first where it waits there
)

// Work is how a hand carries out one move on a board: the motion, the squares it goes
// through and what each cell reads after.
type Work struct {
	Motion Motion
	// From and To are where the piece starts and stops (Slide, Jump, Capture); To alone is
	// the square a placement fills.
	From, To engine.Square
	// Path is a slide's squares after From, To last; a push's line in the order the hole
	// travels (PushPath), its entry last.
	Path   []engine.Square
	Exits  bool            // a push's far end holds a piece that leaves first (Quixo's cube taken, Push's marble off)
	Off    []engine.Square // the squares a Remove empties
	Flips  []engine.Square // the discs turned after the move's main part, lifted and put back
	Slot   int             // the rack slot's cell the move takes a piece from; -1 for none
	Gutter int             // the gutter's cell the marble pushed off rolls into; -1 for none

	layout *Layout
	moved  engine.Piece   // the piece a slide carries over the squares between
	after  []engine.Piece // the pieces after the move, by square
	out    engine.Piece   // the marble pushed off
}

// WorkOf returns how a hand carries out move m of position s on a board of layout l whose
// cells read board now (the rack's slots: the piece is taken from the first full slot of
// its kind). s is played and undone.
func WorkOf(l *Layout, board Cells, s engine.State, m engine.Move) Work {
	g := s.Rules().Geometry()
	f := s.Footprint(m)
	w := Work{From: engine.NoSquare, To: engine.NoSquare, Slot: -1, Gutter: -1, layout: l}
	s.Play(m)
	w.after = make([]engine.Piece, l.Size())
	for sq := range w.after {
		w.after[sq] = s.PieceAt(engine.Square(sq))
	}
	s.Undo()
	for b := f.Flipped; b != 0; {
		w.Flips = append(w.Flips, b.Pop())
	}
	if f.Rack != engine.Empty {
		w.Slot = fullSlot(l, board, s.Rules(), f.Rack)
	}
	switch {
	case f.Line != 0:
		w.Motion, w.Path, w.Exits = Push, PushPath(g, f), f.Exit != engine.NoSquare
		if w.Exits && f.To != engine.Nowhere {
			w.out, w.Gutter = s.PieceAt(f.Exit), gutterCell(l, exitEdge(g, f))
		}
	case f.Emptied != 0 && f.Replaced != 0:
		w.Motion, w.From, w.To = Capture, f.Emptied.First(), f.Replaced.First()
	case f.Emptied != 0 && f.Filled|f.Replaced == 0:
		w.Motion = Remove
		for b := f.Emptied; b != 0; {
			w.Off = append(w.Off, b.Pop())
		}
	case f.Emptied != 0:
		w.From, w.To = f.Emptied.First(), f.Filled.First()
		if w.Path = slidePath(g, s, w.From, w.To); w.Path != nil {
			w.Motion, w.moved = Slide, s.PieceAt(w.From)
		} else {
			w.Motion = Jump
		}
	case f.Filled == 0:
		w.Motion = HandOver
	case f.Rack != engine.Empty && f.Rack != f.Piece:
		w.Motion, w.To = PlaceAndGive, f.Filled.First()
	default:
		w.Motion, w.To = Place, f.Filled.First()
	}
	return w
}

// slidePath returns the squares a piece slides over from from to to in position s, to
// last: along a row, a column or a diagonal over empty squares; nil if it cannot slide.
func slidePath(g *engine.Geometry, s engine.State, from, to engine.Square) []engine.Square {
	df, dr := g.File(to)-g.File(from), g.Rank(to)-g.Rank(from)
	if df != 0 && dr != 0 && abs(df) != abs(dr) {
		return nil
	}
	var path []engine.Square
	for f, r := g.File(from)+sign(df), g.Rank(from)+sign(dr); ; f, r = f+sign(df), r+sign(dr) {
		sq := g.Square(f, r)
		path = append(path, sq)
		if sq == to {
			return path
		}
		if s.PieceAt(sq) != engine.Empty {
			return nil
		}
	}
}

// fullSlot returns the cell of the first slot holding piece p on a board whose rack holds
// the game's pieces (setUpRack's slots), or -1.
func fullSlot(l *Layout, board Cells, rules engine.Rules, p engine.Piece) int {
	rk, ok := rules.(engine.Racked)
	if !ok {
		return -1
	}
	var slots []Slot
	for _, sl := range l.Slots() {
		if sl.Gutter == NoEdge {
			slots = append(slots, sl)
		}
	}
	pieces := rk.Rack()
	if len(slots) < len(pieces) {
		return -1
	}
	for i, q := range pieces {
		if q == p && board.Get(slots[i].Cell) != 0 {
			return slots[i].Cell
		}
	}
	return -1
}

// gutterCell returns the cell of the gutter along the game's edge e, or -1.
func gutterCell(l *Layout, e Edge) int {
	for _, sl := range l.Slots() {
		if sl.Gutter != NoEdge && l.GameEdge(sl.Gutter) == e {
			return sl.Cell
		}
	}
	return -1
}

// After returns what square sq reads after the move.
func (w Work) After(sq engine.Square) hw.Reading { return ReadingOf(w.after[sq], w.layout.Kind()) }

func (w Work) lift(sq engine.Square) Step {
	return Step{Cell: w.layout.CellOf(sq), Square: sq}
}

// put is piece p put down on square sq.
func (w Work) put(sq engine.Square, p engine.Piece) Step {
	return Step{Cell: w.layout.CellOf(sq), Square: sq, Piece: p, Reading: ReadingOf(p, w.layout.Kind())}
}

func (w Work) final(sq engine.Square) Step { return w.put(sq, w.after[sq]) }

func (w Work) fromSlot() Step { return Step{Cell: w.Slot, Square: engine.NoSquare} }

// Main returns the steps of the move's main part in the order a calm hand makes them:
// everything but the discs turned after and the marble rolling into its gutter.
func (w Work) Main() []Step {
	var out []Step
	switch w.Motion {
	case Push:
		if w.Exits {
			out = append(out, w.lift(w.Path[0]))
		}
		for i := 1; i < len(w.Path); i++ {
			out = append(out, w.lift(w.Path[i]), w.final(w.Path[i-1]))
		}
		out = append(out, w.final(w.Path[len(w.Path)-1]))
	case Capture: // the captured piece off first, then the capturer over
		out = append(out, w.lift(w.To), w.lift(w.From), w.final(w.To))
	case Remove:
		for _, sq := range w.Off {
			out = append(out, w.lift(sq))
		}
	case Jump:
		out = append(out, w.lift(w.From), w.final(w.To))
	case Slide: // onto each square between, and off it again
		out = append(out, w.lift(w.From))
		for _, sq := range w.Path[:len(w.Path)-1] {
			out = append(out, w.put(sq, w.moved), w.lift(sq))
		}
		out = append(out, w.final(w.To))
	case HandOver:
		if w.Slot >= 0 {
			out = append(out, w.fromSlot())
		}
	case PlaceAndGive: // the piece given placed, then the next one chosen from the rack
		out = append(out, w.final(w.To))
		if w.Slot >= 0 {
			out = append(out, w.fromSlot())
		}
	case Place:
		if w.Slot >= 0 {
			out = append(out, w.fromSlot())
		}
		out = append(out, w.final(w.To))
	}
	return out
}

// FlipSteps returns the discs turned over after the main part, each lifted and put back
// turned, in square order.
func (w Work) FlipSteps() []Step {
	var out []Step
	for _, sq := range w.Flips {
		out = append(out, w.lift(sq), w.final(sq))
	}
	return out
}

// GutterStep returns the marble pushed off landing in its gutter (a gutter senses presence
// only: it reads 1), if the board has that gutter.
func (w Work) GutterStep() (Step, bool) {
	if w.Gutter < 0 {
		return Step{}, false
	}
	return Step{Cell: w.Gutter, Square: engine.NoSquare, Piece: w.out, Reading: 1}, true
}

// Steps returns every step of the move in the order a calm hand makes them: the main part,
// the discs turned, the marble in its gutter.
func (w Work) Steps() []Step {
	out := append(w.Main(), w.FlipSteps()...)
	if st, ok := w.GutterStep(); ok {
		out = append(out, st)
	}
	return out
}

// Hand is a hand over a simulated board: it lifts, puts and turns pieces, and keeps the
// pieces themselves beside what the sensors read, which may say less (a presence sensor
// reads every piece alike and cannot see a disc turned). Not safe for concurrent use.
type Hand struct {
	layout *Layout
	cells  Cells
	pieces []engine.Piece // by square, as the hand left them
	held   engine.Piece   // the piece in the hand, and what its sensor read
	heldAs hw.Reading
}

// NewHand returns a hand over board, whose cells are laid out as l, with no pieces known.
func NewHand(l *Layout, board Cells) *Hand {
	return &Hand{layout: l, cells: board, pieces: make([]engine.Piece, l.Size())}
}

// SetUp puts position s's pieces on the squares, and empties the hand.
func (h *Hand) SetUp(s engine.State) {
	for sq := range h.pieces {
		p := s.PieceAt(engine.Square(sq))
		h.pieces[sq] = p
		h.cells.Set(h.layout.CellOf(engine.Square(sq)), ReadingOf(p, h.layout.Kind()))
	}
	h.held, h.heldAs = engine.Empty, 0
}

// Piece returns the piece the hand left on square sq.
func (h *Hand) Piece(sq engine.Square) engine.Piece { return h.pieces[sq] }

// Pieces returns the pieces on the squares, by square.
func (h *Hand) Pieces() []engine.Piece { return slices.Clone(h.pieces) }

// Know tells the hand the piece on sq is p (a piece it put without knowing which); the
// sensor's reading stays as it is.
func (h *Hand) Know(sq engine.Square, p engine.Piece) { h.pieces[sq] = p }

// Holding reports whether a piece is in the hand.
func (h *Hand) Holding() bool { return h.heldAs != 0 }

// Lift takes the piece on square sq into the hand (whatever it held is dropped) and
// returns it: engine.Empty where the hand did not know the piece there.
func (h *Hand) Lift(sq engine.Square) engine.Piece {
	c := h.layout.CellOf(sq)
	h.held, h.heldAs = h.pieces[sq], h.cells.Get(c)
	h.cells.Set(c, 0)
	h.pieces[sq] = engine.Empty
	return h.held
}

// Hold says which piece is in the hand: what the hand learns of a piece it lifted without
// knowing it.
func (h *Hand) Hold(p engine.Piece) { h.held = p }

// Take takes piece p from the supply into the hand.
func (h *Hand) Take(p engine.Piece) { h.held, h.heldAs = p, ReadingOf(p, h.layout.Kind()) }

// Put puts the piece in the hand down on square sq, as its sensor read it when lifted.
func (h *Hand) Put(sq engine.Square) {
	h.cells.Set(h.layout.CellOf(sq), h.heldAs)
	h.pieces[sq] = h.held
	h.held, h.heldAs = engine.Empty, 0
}

// Turn turns the disc on square sq over where it stands: its faces 1 and 2 swap, which
// polarity and identity sensors see and presence sensors do not. It reports false, and
// does nothing, where sq holds no piece with two faces.
func (h *Hand) Turn(sq engine.Square) bool {
	p := h.pieces[sq]
	c := h.layout.CellOf(sq)
	v := h.cells.Get(c)
	if v == 0 || p != 1 && p != 2 {
		return false
	}
	h.pieces[sq] = p ^ 3
	if h.layout.Kind() != hw.Presence {
		h.cells.Set(c, v^3) // an identity reading keeps its upper bits
	}
	return true
}

// Do makes step st.
func (h *Hand) Do(st Step) {
	h.cells.Set(st.Cell, st.Reading)
	if st.Square != engine.NoSquare {
		h.pieces[st.Square] = st.Piece
	}
}

// Work returns how the hand carries out move m of position s on its board (WorkOf); the
// caller makes the steps with Do, at its own pace.
func (h *Hand) Work(s engine.State, m engine.Move) Work { return WorkOf(h.layout, h.cells, s, m) }
