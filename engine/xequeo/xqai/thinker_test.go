package xqai

import (
	"context"
	"encoding/hex"
	"strings"
	"testing"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/search"
	"github.com/tavoliere/tavoliere/engine/xequeo"
)

// A refereed game against the Thinker, the way a session asks it: the whole game each time.
// The AI's every card is the pawn it committed to as the round began; a takeback and the
// same moves again leave its secret as it was; a Thinker made in the middle of the game
// (a game resumed) plays on.
func TestThinkerInARefereedGame(t *testing.T) {
	r, err := xequeo.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	th := NewThinker(r, search.Options{Iterations: 60, Seed: 5})
	human := NewRandomToward(9)
	s := r.Start().(*xequeo.State)
	ctx := context.Background()
	const ai = xequeo.Player2
	var humanSecret xequeo.Secret
	shown, takebacks := 0, 0
	for round, guard := 0, 0; !s.Outcome().Over && guard < 2000; guard++ {
		var m engine.Move
		if s.Turn() == ai {
			res, err := th.Search(ctx, s.Clone())
			if err != nil {
				t.Fatal(err)
			}
			m = res.Move
		} else {
			if m, err = human.Act(ctx, s); err != nil {
				t.Fatal(err)
			}
		}
		if c, ok := xequeo.MoveColour(m); ok && s.Turn() == ai && s.Phase() != xequeo.Move {
			rev := th.Reveal(ai, round)
			sec, err := xequeo.VerifyCommitment(th.Commitment(ai, round), rev)
			if err != nil || sec.Colour != c {
				t.Fatalf("round %d: the AI showed %v, its reveal %q (%v) against commitment %s", round, c, rev, err, th.Commitment(ai, round))
			}
			shown++
		}
		if err := s.Validate(m); err != nil {
			t.Fatal(err)
		}
		human.Seen(s, m)
		s.Play(m)
		if _, ok := xequeo.RingCell(m); ok {
			round = s.Score(0) + s.Score(1) + 1
			if humanSecret, err = human.Choose(ctx, s); err != nil {
				t.Fatal(err)
			}
			_ = humanSecret
		}
		// Now and then the human's last move is taken back and another made in its place
		// (the AI is asked about that game), then that one taken back and the first made
		// again: the AI's pawn for the round stays the one it committed to.
		if guard%5 == 3 && !s.Outcome().Over && s.Phase() == xequeo.Move && s.Turn() == ai && len(s.Moves()) > 0 {
			before := th.Commitment(ai, round)
			last := s.Moves()[len(s.Moves())-1]
			s.Undo()
			if _, _, isPawn := xequeo.MoveCells(last); isPawn && s.Phase() == xequeo.Move {
				for _, other := range s.Legal(nil) {
					if _, _, ok := xequeo.MoveCells(other); !ok || other == last {
						continue
					}
					s.Play(other)
					if s.Turn() == ai && s.Phase() == xequeo.Move {
						if _, err := th.Search(ctx, s.Clone()); err != nil {
							t.Fatal(err)
						}
						takebacks++
					}
					s.Undo()
					break
				}
			}
			s.Play(last)
			if _, err := th.Search(ctx, s.Clone()); err != nil { // watched again from the start
				t.Fatal(err)
			}
			if th.Commitment(ai, round) != before {
				t.Fatalf("round %d: the commitment changed over a takeback: %s, then %s", round, before, th.Commitment(ai, round))
			}
		}
	}
	if !s.Outcome().Over {
		t.Fatal("the match did not end")
	}
	if shown == 0 || takebacks == 0 {
		t.Errorf("the AI showed %d cards, %d takebacks", shown, takebacks)
	}

	// A Thinker that meets the game half way watches it from the start and plays on.
	late := NewThinker(r, search.Options{Iterations: 30, Seed: 1})
	g := r.Start().(*xequeo.State)
	for i, m := range s.Moves() {
		if i > 40 && g.Turn() == ai && g.Phase() == xequeo.Move {
			if _, err := late.Search(ctx, g.Clone()); err != nil {
				t.Fatalf("after %d moves: %v", i, err)
			}
			break
		}
		g.Play(m)
	}
}

// Watching the game, the AI seals its pawn as soon as the ring is placed, before the player
// who moves first has moved, and not for seats it does not play.
func TestThinkerSealsAtTheRoundsStart(t *testing.T) {
	r, err := xequeo.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	th := NewThinker(r, search.Options{Iterations: 40, Seed: 2}, xequeo.Player2)
	s := r.Start().(*xequeo.State)
	ctx := context.Background()
	if err := th.Watch(ctx, s); err != nil || th.Commitment(xequeo.Player2, 1) != "" {
		t.Fatalf("sealed before the ring: %q, %v", th.Commitment(xequeo.Player2, 1), err)
	}
	s.Play(s.Legal(nil)[0]) // Player 1 places the ring
	if err := th.Watch(ctx, s); err != nil {
		t.Fatal(err)
	}
	if th.Commitment(xequeo.Player2, 1) == "" || th.Commitment(xequeo.Player1, 1) != "" {
		t.Fatalf("commitments %q (the AI's) and %q (the player's)", th.Commitment(xequeo.Player2, 1), th.Commitment(xequeo.Player1, 1))
	}
	if th.Reveal(xequeo.Player2, 1) == "" {
		t.Fatal("no reveal kept for the round")
	}
}

// A secret sealed before a restart, given back to a new Thinker, is the one it commits to
// and plays when the game is watched again; one that does not open its commitment, or is
// for another round, or differs from one chosen already, is refused without quoting it.
func TestThinkerRestoresASecret(t *testing.T) {
	r, err := xequeo.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	const ai = xequeo.Player2
	ctx := context.Background()
	first := NewThinker(r, search.Options{Iterations: 40, Seed: 2}, ai)
	s := r.Start().(*xequeo.State)
	s.Play(s.Legal(nil)[0]) // Player 1 places the ring
	if err := first.Watch(ctx, s); err != nil {
		t.Fatal(err)
	}
	commitment, reveal := first.Commitment(ai, 1), first.Reveal(ai, 1)
	sealed, err := xequeo.VerifyCommitment(commitment, reveal)
	if err != nil {
		t.Fatal(err)
	}

	other, err := xequeo.SecretWithNonce(1, (sealed.Colour+1)%xequeo.Colours, sealed.Nonce[:])
	if err != nil {
		t.Fatal(err)
	}
	next := NewThinker(r, search.Options{Iterations: 40, Seed: 9}, ai)
	for _, c := range []struct {
		name                     string
		round                    int
		commitment, reveal, want string
	}{
		{"another pawn", 1, commitment, other.Reveal(), "does not hash"},
		{"another round", 2, commitment, reveal, "round 1"},
		{"no reveal", 1, commitment, "1 G", "does not read"},
	} {
		err := next.Restore(ai, c.round, c.commitment, c.reveal)
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), hex.EncodeToString(sealed.Nonce[:])) {
			t.Errorf("%s: Restore = %v, want an error saying %q, without the nonce", c.name, err, c.want)
		}
	}
	if err := next.Restore(ai, 1, commitment, reveal); err != nil {
		t.Fatal(err)
	}
	if err := next.Restore(ai, 1, commitment, reveal); err != nil {
		t.Errorf("the same secret again: %v", err)
	}
	if err := next.Restore(ai, 1, other.Commitment(), other.Reveal()); err == nil {
		t.Error("another secret for a round restored already was taken")
	}
	if err := next.Watch(ctx, s); err != nil {
		t.Fatal(err)
	}
	if next.Commitment(ai, 1) != commitment || next.Reveal(ai, 1) != reveal {
		t.Fatalf("after the restore: commitment %s, want %s", next.Commitment(ai, 1), commitment)
	}

	// The AI moves a pawn, Player 1 calls a colour: the AI shows the pawn it sealed.
	s.Play(s.Legal(nil)[0])
	s.Play(s.Legal(nil)[len(s.Legal(nil))-1])
	if s.Phase() != xequeo.ShowChallenged || s.Turn() != ai {
		t.Fatalf("after a challenge: phase %v, turn %d", s.Phase(), s.Turn())
	}
	res, err := next.Search(ctx, s.Clone())
	if err != nil {
		t.Fatal(err)
	}
	if c, ok := xequeo.MoveColour(res.Move); !ok || c != sealed.Colour {
		t.Errorf("the AI showed %s, it sealed %v", r.FormatMove(res.Move), sealed.Colour)
	}
}
