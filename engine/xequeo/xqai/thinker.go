package xqai

import (
	"context"
	"fmt"
	"slices"
	"sync"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/search"
	"github.com/tavoliere/tavoliere/engine/xequeo"
)

// Thinker seats the AI in a refereed game (boards.Session asks it for a move with the whole
// game so far). It keeps an AI for each seat it is asked to play, tells them every move as
// a watcher would have seen it, and has each choose its pawn as each round begins, before
// any move of the round. A secret, once chosen, is the AI's for that round for good: when
// the game is taken back and played again, the AI keeps it, so that the commitment shown at
// the round's start stays true.
//
// A Thinker reads only the public game: the moves and the cards shown. Search and Watch
// are not safe for concurrent use; Commitment and Reveal may be called at any time.
type Thinker struct {
	r       *xequeo.Rules
	o       Options
	ais     [2]*AI
	watched *xequeo.State // the game as the AIs have watched it

	mu      sync.Mutex // guards secrets, which a kiosk reads while the AI thinks
	secrets map[[2]int]xequeo.Secret
}

// NewThinker returns a Thinker for the games of r with the budget of o, playing seats (more
// seats join when Search is asked for them).
func NewThinker(r *xequeo.Rules, o search.Options, seats ...int) *Thinker {
	t := &Thinker{r: r, secrets: map[[2]int]xequeo.Secret{}}
	t.SetOptions(o)
	for _, seat := range seats {
		t.ais[seat] = NewAI(r, seat, t.o)
	}
	return t
}

// Watch follows the game in st (an *xequeo.State) after a move: as a round begins, each AI
// takes its pawn at once, so that its commitment can be shown before anybody moves.
func (t *Thinker) Watch(ctx context.Context, st engine.State) error {
	s, ok := st.(*xequeo.State)
	if !ok {
		return fmt.Errorf("xqai: a %s position, not Xe Queo!'s", st.Rules().ID())
	}
	return t.watch(ctx, s.Moves())
}

// SetOptions changes the budget and seed of the decisions to come.
func (t *Thinker) SetOptions(o search.Options) {
	t.o = Options{Think: o.Think, Iterations: o.Iterations, Seed: o.Seed, Clock: o.Clock}
	for _, a := range t.ais {
		if a != nil {
			a.SetOptions(t.o)
		}
	}
}

// Search returns the AI's move for the player to move in s, an *xequeo.State with the game's
// moves since the start.
func (t *Thinker) Search(ctx context.Context, st engine.State) (search.Result, error) {
	s, ok := st.(*xequeo.State)
	if !ok {
		return search.Result{}, fmt.Errorf("xqai: a %s position, not Xe Queo!'s", st.Rules().ID())
	}
	seat := s.Turn()
	if t.ais[seat] == nil {
		// A seat met for the first time: every AI watches the game again from its start.
		t.ais[seat], t.watched = NewAI(t.r, seat, t.o), nil
	}
	if err := t.watch(ctx, s.Moves()); err != nil {
		return search.Result{}, err
	}
	m, err := t.ais[seat].Act(ctx, s)
	if err != nil {
		return search.Result{}, err
	}
	return search.Result{Move: m, Value: t.ais[seat].Stats().Value, Iterations: t.ais[seat].Stats().Playouts,
		Elapsed: t.ais[seat].Stats().Elapsed}, nil
}

// Commitment returns the commitment code of the secret seat chose for round (1, 2, …), or
// "" if it has none.
func (t *Thinker) Commitment(seat, round int) string {
	t.mu.Lock()
	defer t.mu.Unlock()
	if sec, ok := t.secrets[[2]int{seat, round}]; ok {
		return sec.Commitment()
	}
	return ""
}

// Reveal returns what seat chose for round, as xequeo.Secret.Reveal writes it, or "".
func (t *Thinker) Reveal(seat, round int) string {
	t.mu.Lock()
	defer t.mu.Unlock()
	if sec, ok := t.secrets[[2]int{seat, round}]; ok {
		return sec.Reveal()
	}
	return ""
}

// Restore gives the AI back the secret it sealed for seat and round before a restart, as
// Reveal wrote it, so that it keeps the pawn it committed to: called before the game is
// watched again. It refuses a reveal that does not open commitment or is for another round,
// and one that differs from the secret seat has for round already; its errors never quote
// the reveal, which is secret until the round is over.
func (t *Thinker) Restore(seat, round int, commitment, reveal string) error {
	what := fmt.Sprintf("xqai: restoring player %d's secret for round %d", seat+1, round)
	if seat < 0 || seat >= len(t.ais) {
		return fmt.Errorf("%s: no such player", what)
	}
	sec, err := xequeo.ParseReveal(reveal)
	switch {
	case err != nil:
		return fmt.Errorf("%s: it does not read as a reveal", what)
	case sec.Round != round:
		return fmt.Errorf("%s: it is round %d's", what, sec.Round)
	case sec.Commitment() != commitment:
		return fmt.Errorf("%s: %w: it does not hash to %s", what, xequeo.ErrCommitment, commitment)
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	key := [2]int{seat, round}
	if had, ok := t.secrets[key]; ok && had != sec {
		return fmt.Errorf("%s: it has another already, sealed as %s", what, had.Commitment())
	}
	t.secrets[key] = sec
	return nil
}

// watch brings the AIs up to the game of moves: the moves they have not seen, or, if the
// game was taken back, the whole game again from the start.
func (t *Thinker) watch(ctx context.Context, moves []engine.Move) error {
	if t.watched == nil || len(t.watched.Moves()) > len(moves) || !slices.Equal(t.watched.Moves(), moves[:len(t.watched.Moves())]) {
		for seat, a := range t.ais {
			if a != nil {
				t.ais[seat] = NewAI(t.r, seat, t.o)
			}
		}
		t.watched = t.r.Start().(*xequeo.State)
		if err := t.begin(ctx, moves, 0); err != nil {
			return err
		}
	}
	for i := len(t.watched.Moves()); i < len(moves); i++ {
		m := moves[i]
		if err := t.watched.Validate(m); err != nil {
			return fmt.Errorf("xqai: the game's move %d: %w", i+1, err)
		}
		for _, a := range t.ais {
			if a != nil {
				a.Seen(t.watched, m)
			}
		}
		t.watched.Play(m)
		if err := t.begin(ctx, moves, i+1); err != nil {
			return err
		}
	}
	return nil
}

// begin has each AI take its pawn for the round that begins at the watched position, if
// one does (the ring just placed): the secret it chose before, else the card it showed
// later in the game (a game resumed), else a new choice.
func (t *Thinker) begin(ctx context.Context, moves []engine.Move, next int) error {
	s := t.watched
	if next == 0 || s.Phase() != xequeo.Move || !placedRing(moves[next-1]) {
		return nil
	}
	round := s.Score(0) + s.Score(1) + 1
	for seat, a := range t.ais {
		if a == nil {
			continue
		}
		key := [2]int{seat, round}
		t.mu.Lock()
		sec, ok := t.secrets[key]
		t.mu.Unlock()
		if ok {
			a.Keep(sec)
			continue
		}
		if c, ok := shownLater(s, moves[next:], seat); ok {
			sec, err := xequeo.NewSecret(round, c)
			if err != nil {
				return err
			}
			a.Keep(sec)
			t.keep(key, sec)
			continue
		}
		sec, err := a.Choose(ctx, s)
		if err != nil {
			return err
		}
		t.keep(key, sec)
	}
	return nil
}

func (t *Thinker) keep(key [2]int, sec xequeo.Secret) {
	t.mu.Lock()
	t.secrets[key] = sec
	t.mu.Unlock()
}

func placedRing(m engine.Move) bool {
	_, ok := xequeo.RingCell(m)
	return ok
}

// shownLater returns the card seat shows in the rest of the round that starts at s, if the
// game goes that far.
func shownLater(s *xequeo.State, rest []engine.Move, seat int) (xequeo.Colour, bool) {
	c := s.Clone().(*xequeo.State)
	for _, m := range rest {
		if c.Phase() == xequeo.Place {
			return 0, false // the round ended without its card: it never reached a show
		}
		if col, ok := xequeo.MoveColour(m); ok && c.Turn() == seat && c.Phase() != xequeo.Move {
			return col, true
		}
		if c.Validate(m) != nil {
			return 0, false
		}
		c.Play(m)
	}
	return 0, false
}
