package service

import (
	"context"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/kiosk"
	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/registry"
	"github.com/tavoliere/tavoliere/engine/search"
)

// sealedThinker is an AI that seals its secret choices (registry.Sealer: Xe Queo!'s), and
// publishes the state when it has thought, so that the kiosk shows its commitment as soon
// as it is made.
type sealedThinker struct {
	registry.Sealer
	publish func()
}

// Watch follows the game where the AI does (a boards.Watcher), and publishes.
func (t sealedThinker) Watch(ctx context.Context, st engine.State) error {
	var err error
	if w, ok := t.Sealer.(boards.Watcher); ok {
		err = w.Watch(ctx, st)
	}
	t.publish()
	return err
}

func (t sealedThinker) Search(ctx context.Context, st engine.State) (search.Result, error) {
	res, err := t.Sealer.Search(ctx, st)
	t.publish()
	return res, err
}

// newThinker returns the session's AI for rules, as the registry chooses it, for the AI's
// seats of sides; one that seals secret choices is kept for the kiosk's aiSecrets.
func (s *Service) newThinker(sides []boards.Side) func(engine.Rules, search.Options) boards.Thinker {
	return func(r engine.Rules, o search.Options) boards.Thinker {
		var seats []int
		for seat, side := range sides {
			if side == boards.AI {
				seats = append(seats, seat)
			}
		}
		th := registry.NewAI(r, o, seats...)
		sealer, ok := th.(registry.Sealer)
		if !ok {
			return th
		}
		s.mu.Lock()
		s.xq, s.xqSeats = sealer, seats
		s.mu.Unlock()
		return sealedThinker{Sealer: sealer, publish: s.publish}
	}
}

// aiSecrets lists the AI's commitments of the match so far. Called with s.mu held.
func (s *Service) aiSecrets(snap boards.Snapshot) []kiosk.AISecret {
	if s.xq == nil || snap.Rules == nil || len(snap.Scores) < 2 {
		return nil
	}
	current := snap.Scores[0] + snap.Scores[1] + 1
	var out []kiosk.AISecret
	for round := 1; round <= current; round++ {
		for _, seat := range s.xqSeats {
			c := s.xq.Commitment(seat, round)
			if c == "" {
				continue
			}
			sj := kiosk.AISecret{Player: seat + 1, Round: round, Commitment: c}
			if round < current || snap.Outcome.Over {
				sj.Reveal = s.xq.Reveal(seat, round)
			}
			out = append(out, sj)
		}
	}
	return out
}
