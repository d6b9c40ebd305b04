package service

import (
	"fmt"
	"time"

	"github.com/tavoliere/tavoliere/cmd/tavoliere/kiosk"
	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/hw"
)

// The simulated board's hands: a piece lifted, put or turned over, a row pushed, as the
// kiosk's clicks ask. The hand is boards.Hand, which the simulated player of the referee's
// tests shares; what is the kiosk's own is here: which piece a click puts down with nothing
// in the hand (a guess, until the game says), and a push's pace.

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
	v := s.board.Get(s.layout.CellOf(sq))
	switch c.Action {
	case "toggle":
		if v != 0 {
			if s.hand.Lift(sq) == engine.Empty { // (a hand's piece the model lost track of)
				s.hand.Hold(s.snap.Pieces[sq])
			}
			s.guessed[sq] = false
			break
		}
		guess := !s.hand.Holding()
		if guess {
			s.hand.Take(s.pieceFor(sq))
		}
		s.hand.Put(sq)
		s.guessed[sq] = guess
	case "flip":
		p := s.hand.Piece(sq)
		if v == 0 || p == engine.Empty {
			return kiosk.Coded(fmt.Errorf("%w: no piece on %s to turn over", kiosk.ErrConflict, c.Square), "no-piece", "square", c.Square)
		}
		// The disc turns over whatever the sensors see; on presence sensors they see nothing.
		if !s.hand.Turn(sq) {
			return kiosk.Coded(fmt.Errorf("%w: %s's pieces have no other face to turn up", kiosk.ErrConflict, s.snap.Rules.Name()), "no-face", "game", s.snap.Rules.ID())
		}
		s.guessed[sq] = false
	default:
		return kiosk.Coded(fmt.Errorf("%w: action %q: want toggle, flip or push", kiosk.ErrBadRequest, c.Action), "bad-action")
	}
	return nil
}

// simPush carries out push move text of the position on the simulated board the way a hand
// does (boards.Work's steps: the hole travelling from the far end of the line to the entry,
// then any disc the push turns, the marble pushed off into its gutter), a step every 120 ms.
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
	steps := s.hand.Work(st, m).Steps()
	hand, guessed, ctx := s.hand, s.guessed, s.runCtx
	go func() {
		for i, step := range steps {
			if i > 0 && hw.Sleep(ctx, 120*time.Millisecond) != nil {
				return
			}
			s.mu.Lock()
			hand.Do(step)
			if step.Square != engine.NoSquare {
				guessed[step.Square] = false
			}
			s.mu.Unlock()
		}
	}()
	return nil
}

// physNow is the simulated board's pieces for the state: a piece put with none in hand was
// guessed (which of Quantik's shapes, say, the sensors cannot tell), and once the game has
// a piece there, that is the one the hand put. Called with s.mu held.
func (s *Service) physNow() []engine.Piece {
	if s.hand == nil {
		return nil
	}
	for sq, g := range s.guessed {
		if p := s.snap.Pieces[sq]; g && p != engine.Empty {
			s.hand.Know(engine.Square(sq), p)
			s.guessed[sq] = false
		}
	}
	return s.hand.Pieces()
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
