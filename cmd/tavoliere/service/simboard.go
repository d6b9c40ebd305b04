package service

import (
	"fmt"
	"slices"
	"time"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/kiosk"
	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/hw"
)

// The simulated board's hands: a piece lifted, put or turned over, a row pushed, as the
// kiosk's clicks ask.

// simAction lifts, puts or turns a piece on the simulated board.
func (s *Service) simAction(c kiosk.Command) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.board == nil || !s.hasSnap {
		return kiosk.Coded(fmt.Errorf("%w: this board is not simulated", kiosk.ErrNotFound), "not-simulated")
	}
	g := s.snap.Rules.Geometry()
	if c.Action == "push" {
		return s.simPush(c.Move)
	}
	sq, err := g.ParseSquare(c.Square)
	if err != nil {
		return kiosk.Coded(fmt.Errorf("%w: %v", kiosk.ErrBadRequest, err), "bad-square", "square", c.Square)
	}
	cell := s.layout.CellOf(sq)
	v := s.board.Get(cell)
	switch c.Action {
	case "toggle":
		if v != 0 {
			s.hand, s.handPiece = s.board.Lift(cell), s.phys[sq]
			if s.handPiece == engine.Empty { // (a hand's piece the model lost track of)
				s.handPiece = s.snap.Pieces[sq]
			}
			s.phys[sq], s.guessed[sq] = engine.Empty, false
			break
		}
		put, piece := s.hand, s.handPiece
		if put == 0 {
			piece = s.pieceFor(sq)
			put = boards.ReadingOf(piece, s.sensor)
		}
		s.board.Put(cell, put)
		s.phys[sq], s.guessed[sq], s.hand, s.handPiece = piece, s.hand == 0, 0, engine.Empty
	case "flip":
		p := s.phys[sq]
		if v == 0 || p == engine.Empty {
			return kiosk.Coded(fmt.Errorf("%w: no piece on %s to turn over", kiosk.ErrConflict, c.Square), "no-piece", "square", c.Square)
		}
		if p != 1 && p != 2 {
			return kiosk.Coded(fmt.Errorf("%w: %s's pieces have no other face to turn up", kiosk.ErrConflict, s.snap.Rules.Name()), "no-face", "game", s.snap.Rules.ID())
		}
		// The disc turns over whatever the sensors see; on presence sensors they see nothing.
		s.phys[sq], s.guessed[sq] = p^3, false
		if s.sensor != hw.Presence {
			s.board.Set(cell, v^3) // faces 1 and 2 swap; an identity keeps its upper bits
		}
	default:
		return kiosk.Coded(fmt.Errorf("%w: action %q: want toggle, flip or push", kiosk.ErrBadRequest, c.Action), "bad-action")
	}
	return nil
}

// simPush carries out push move text of the position on the simulated board the way a hand
// does, the hole travelling from the far end of the line to the entry, a step every 120 ms.
// It returns at once; the push goes on in the background. Called with s.mu held.
func (s *Service) simPush(text string) error {
	st, err := s.snap.Rules.ParsePosition(s.snap.Position)
	if err != nil {
		return kiosk.Coded(fmt.Errorf("%w: %v", kiosk.ErrConflict, err), "bad-position")
	}
	m, err := s.snap.Rules.ParseMove(text)
	if err != nil {
		return kiosk.Coded(fmt.Errorf("%w: %v", kiosk.ErrBadRequest, err), "bad-move", "move", text)
	}
	if err := st.Validate(m); err != nil {
		return kiosk.Coded(fmt.Errorf("%w: %v", kiosk.ErrConflict, err), "illegal", "move", text)
	}
	f := st.Footprint(m)
	if f.Line == 0 {
		return kiosk.Coded(fmt.Errorf("%w: %s is no push", kiosk.ErrBadRequest, text), "no-push", "move", text)
	}
	line := boards.PushPath(s.snap.Rules.Geometry(), f)
	cells := make([]int, len(line))
	for i, q := range line {
		cells[i] = s.layout.CellOf(q)
	}
	st.Play(m)
	in := boards.ReadingOf(st.PieceAt(f.Entry), s.sensor)
	for _, q := range line { // the cubes as the hand leaves them
		s.phys[q], s.guessed[q] = st.PieceAt(q), false
	}
	board, ctx := s.board, s.runCtx
	go board.Push(ctx, cells, in, 120*time.Millisecond)
	return nil
}

// physNow is the simulated board's pieces for the state: a piece put with none in hand was
// guessed (which of Quantik's shapes, say, the sensors cannot tell), and once the game has
// a piece there, that is the one the hand put. Called with s.mu held.
func (s *Service) physNow() []engine.Piece {
	if s.phys == nil {
		return nil
	}
	for sq, g := range s.guessed {
		if p := s.snap.Pieces[sq]; g && p != engine.Empty {
			s.phys[sq], s.guessed[sq] = p, false
		}
	}
	return slices.Clone(s.phys)
}

// pieceFor returns the piece a hand puts down on square sq of the simulated board: the piece
// a legal move puts there (Quarto's piece handed over; the first of Quantik's and Quad's
// that may go there), else the side to move's face. Called with s.mu held.
func (s *Service) pieceFor(sq engine.Square) engine.Piece {
	if st, err := s.snap.Rules.ParsePosition(s.snap.Position); err == nil {
		for _, m := range st.Legal(nil) {
			if f := st.Footprint(m); f.Filled == engine.Bit(sq) && f.Piece != engine.Empty {
				return f.Piece
			}
		}
	}
	return engine.Piece(s.faces[s.snap.Turn%len(s.faces)])
}
