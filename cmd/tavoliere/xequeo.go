package main

import (
	"context"
	"fmt"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/search"
	"github.com/tavoliere/tavoliere/engine/xequeo"
	"github.com/tavoliere/tavoliere/engine/xequeo/xqai"
)

// xqThinker seats Xe Queo!'s AI, which keeps a secret pawn, and publishes the state when it
// has thought, so that the kiosk shows its commitment as soon as it is made.
type xqThinker struct {
	*xqai.Thinker
	publish func()
}

func (t xqThinker) Watch(ctx context.Context, st engine.State) error {
	err := t.Thinker.Watch(ctx, st)
	t.publish()
	return err
}

func (t xqThinker) Search(ctx context.Context, st engine.State) (search.Result, error) {
	res, err := t.Thinker.Search(ctx, st)
	t.publish()
	return res, err
}

// newThinker returns the session's AI for rules: Xe Queo!'s own for its AI seats, the
// baseline search for every other game.
func (s *service) newThinker(sides []boards.Side) func(engine.Rules, search.Options) boards.Thinker {
	return func(r engine.Rules, o search.Options) boards.Thinker {
		xr, ok := r.(*xequeo.Rules)
		if !ok {
			return search.NewAI(r, o)
		}
		var seats []int
		for seat, side := range sides {
			if side == boards.AI {
				seats = append(seats, seat)
			}
		}
		th := xqai.NewThinker(xr, o, seats...)
		s.mu.Lock()
		s.xq, s.xqSeats = th, seats
		s.mu.Unlock()
		return xqThinker{Thinker: th, publish: s.publish}
	}
}

// aiSecretJSON is one pawn Xe Queo!'s AI chose: its commitment from the round's start, and
// what it chose once the round is over.
type aiSecretJSON struct {
	Player     int    `json:"player"` // 1-based
	Round      int    `json:"round"`
	Commitment string `json:"commitment"`
	Reveal     string `json:"reveal"` // "<round> <colour> <nonce>" once the round is over; "" before
}

// aiSecrets lists the AI's commitments of the match so far. Called with s.mu held.
func (s *service) aiSecrets(snap boards.Snapshot) []aiSecretJSON {
	if s.xq == nil || snap.Rules == nil || snap.Rules.ID() != xequeo.ID || len(snap.Scores) < 2 {
		return nil
	}
	current := snap.Scores[0] + snap.Scores[1] + 1
	var out []aiSecretJSON
	for round := 1; round <= current; round++ {
		for _, seat := range s.xqSeats {
			c := s.xq.Commitment(seat, round)
			if c == "" {
				continue
			}
			sj := aiSecretJSON{Player: seat + 1, Round: round, Commitment: c}
			if round < current || snap.Outcome.Over {
				sj.Reveal = s.xq.Reveal(seat, round)
			}
			out = append(out, sj)
		}
	}
	return out
}

// hiddenChoices refuses a command that plays the baseline search in a game with secret
// choices: the search would see a card as a move like any other, and show whichever it
// liked. Xe Queo!'s own matches are played by its package's tests.
func hiddenChoices(cmd string, r engine.Rules) error {
	if r.ID() == xequeo.ID {
		return fmt.Errorf("%s: %s keeps secret choices, which the baseline search cannot play; its AI's matches: go test ./engine/xequeo/xqai -run 'TestArena$' -arena.rounds N -v", cmd, r.ID())
	}
	return nil
}
