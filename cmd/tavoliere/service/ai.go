package service

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/journal"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/kiosk"
	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/registry"
	"github.com/tavoliere/tavoliere/engine/search"
)

// sealedThinker is an AI that seals its secret choices (registry.Sealer: Xe Queo!'s). When
// it has thought, sealed journals the choices it made and publishes the state, so that the
// kiosk shows a commitment as soon as a restart can no longer lose it.
type sealedThinker struct {
	registry.Sealer
	sealed func()
}

// Watch follows the game where the AI does (a boards.Watcher), and journals and publishes.
func (t sealedThinker) Watch(ctx context.Context, st engine.State) error {
	var err error
	if w, ok := t.Sealer.(boards.Watcher); ok {
		err = w.Watch(ctx, st)
	}
	t.sealed()
	return err
}

func (t sealedThinker) Search(ctx context.Context, st engine.State) (search.Result, error) {
	res, err := t.Sealer.Search(ctx, st)
	t.sealed()
	return res, err
}

// newThinker returns the session's AI for rules, as the registry chooses it, for the AI's
// seats of sides; one that seals secret choices is kept for the kiosk's aiSecrets, and is
// given back the secrets the journal kept for a resumed game.
func (s *Service) newThinker(sides []boards.Side, secrets []journal.Secret) func(engine.Rules, search.Options) boards.Thinker {
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
		kept := map[[2]int]string{}
		for _, sec := range secrets {
			if err := sealer.Restore(sec.Seat, sec.Round, sec.Commitment, sec.Reveal); err != nil {
				s.secretLost(sec, err)
				continue
			}
			kept[[2]int{sec.Seat, sec.Round}] = sec.Commitment
		}
		s.mu.Lock()
		s.xq, s.xqSeats, s.xqKept = sealer, seats, kept
		s.mu.Unlock()
		return sealedThinker{Sealer: sealer, sealed: s.sealed}
	}
}

// secretLost says that the journal's secret sec could not be given back to the AI, which
// will choose again for its round: the seal shown before the restart no longer binds it.
func (s *Service) secretLost(sec journal.Secret, err error) {
	s.log.Error("the AI's sealed secret from before the restart cannot be restored; it chooses again",
		"player", sec.Seat+1, "round", sec.Round, "err", err)
	m := kiosk.Msg{Code: "secret-lost", Args: map[string]string{"round": strconv.Itoa(sec.Round)}}
	s.mu.Lock()
	s.logLine(kiosk.Log{At: time.Now(), Kind: boards.Warning.String(), Text: err.Error(), Code: m.Code, Args: m.Args})
	s.mu.Unlock()
}

// sealed journals the AI's secrets that the journal does not keep yet, then publishes: the
// kiosk shows a commitment only once a restart would give the AI back its secret.
func (s *Service) sealed() {
	s.mu.Lock()
	xq, game := s.xq, s.journalGame
	var fresh []journal.Secret
	for round := 1; xq != nil; round++ {
		found := false
		for _, seat := range s.xqSeats {
			c := xq.Commitment(seat, round)
			if c == "" {
				continue
			}
			found = true
			if s.xqKept[[2]int{seat, round}] != c {
				fresh = append(fresh, journal.Secret{Seat: seat, Round: round, Commitment: c, Reveal: xq.Reveal(seat, round)})
			}
		}
		if !found {
			break
		}
	}
	s.mu.Unlock()
	for _, sec := range fresh {
		err := s.journal.KeepSecret(game, sec)
		s.mu.Lock()
		if err != nil {
			s.journalErr = fmt.Sprintf("the journal could not keep the AI's seal for round %d: %v", sec.Round, err)
			s.journalMsg = &kiosk.Msg{Code: "journal-secret", Args: map[string]string{"round": strconv.Itoa(sec.Round)}}
			s.log.Error("journal", "err", err)
		} else if s.xq == xq {
			s.xqKept[[2]int{sec.Seat, sec.Round}] = sec.Commitment
		}
		s.mu.Unlock()
	}
	s.publish()
}

// aiSecrets lists the AI's commitments of the match so far that the journal keeps. Called
// with s.mu held.
func (s *Service) aiSecrets(snap boards.Snapshot) []kiosk.AISecret {
	if s.xq == nil || snap.Rules == nil || len(snap.Scores) < 2 {
		return nil
	}
	current := snap.Scores[0] + snap.Scores[1] + 1
	var out []kiosk.AISecret
	for round := 1; round <= current; round++ {
		for _, seat := range s.xqSeats {
			c := s.xq.Commitment(seat, round)
			if c == "" || s.xqKept[[2]int{seat, round}] != c {
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
