package registry

import (
	"context"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/search"
	"github.com/tavoliere/tavoliere/engine/xequeo"
	"github.com/tavoliere/tavoliere/engine/xequeo/xqai"
)

// Thinker is the AI a referee session seats for a game's AI sides: it searches the
// position whenever one of them is to move, and keeps what it learns across the game.
type Thinker interface {
	SetOptions(o search.Options)
	Search(ctx context.Context, s engine.State) (search.Result, error)
}

// Sealer is a Thinker that keeps secret choices and seals each with a commitment (Xe
// Queo!'s pawn of each round), revealed once the round is over, so that the kiosk can show
// the AI did not change its mind. "" for a seat and round it has not chosen for.
//
// Restore gives a new Sealer back a choice made before a restart, as Commitment and Reveal
// gave it, before it sees the game: it keeps that choice, and refuses a reveal that does not
// open the commitment. Reveal's text is secret until the round is over: a caller keeps it
// off the kiosk and out of the log.
type Sealer interface {
	Thinker
	Commitment(seat, round int) string
	Reveal(seat, round int) string
	Restore(seat, round int, commitment, reveal string) error
}

// NewAI returns the AI for the games of r playing seats (the AI's sides, by player): the
// game's own where it has one (Xe Queo!'s, which keeps a secret pawn and a belief of the
// others'), the baseline search of engine/search for every other game.
func NewAI(r engine.Rules, o search.Options, seats ...int) Thinker {
	if e, err := Lookup(r.ID()); err == nil && e.AI != nil {
		if t := e.AI(r, o, seats); t != nil {
			return t
		}
	}
	return search.NewAI(r, o)
}

// Secret says whether the game of id keeps secret choices (Xe Queo!'s pawn): the baseline
// search, which would play a card as a move like any other, cannot play it, and the AI
// cannot suggest a player's move without the player's secret, which nobody else knows.
func Secret(id string) bool {
	e, err := Lookup(id)
	return err == nil && e.Secret
}

// xequeoAI seats Xe Queo!'s own AI.
func xequeoAI(r engine.Rules, o search.Options, seats []int) Thinker {
	xr, ok := r.(*xequeo.Rules)
	if !ok {
		return nil
	}
	return xqai.NewThinker(xr, o, seats...)
}
