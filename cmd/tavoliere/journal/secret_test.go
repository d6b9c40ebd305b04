package journal

import (
	"path/filepath"
	"slices"
	"testing"
)

// TestSecrets: the secrets the AI sealed come back with the game in progress, after the
// journal is closed and opened again too, through moves and takebacks, and once a takeback
// reopens the game ended, until it gives way to another; a secret for a seat and round kept
// before is replaced.
func TestSecrets(t *testing.T) {
	path := filepath.Join(t.TempDir(), "journal.db")
	j := openT(t, path)
	kept := func(what string, want ...Secret) {
		t.Helper()
		g, ok, err := j.InProgress()
		if err != nil || !ok {
			t.Fatalf("%s: InProgress = %v, %v", what, ok, err)
		}
		if !slices.Equal(g.Secrets, want) {
			t.Errorf("%s: secrets %+v, want %+v", what, g.Secrets, want)
		}
	}
	r1 := Secret{Seat: 1, Round: 1, Commitment: "c1", Reveal: "1 G 00"}
	r1b := Secret{Seat: 1, Round: 1, Commitment: "c1b", Reveal: "1 R 11"}
	r2 := Secret{Seat: 1, Round: 2, Commitment: "c2", Reveal: "2 B 22"}
	r2p1 := Secret{Seat: 0, Round: 2, Commitment: "c3", Reveal: "2 W 33"}

	id, err := j.StartGame(quadwrangle(t0))
	must(t, err)
	kept("a new game")
	for _, bad := range []Secret{{Seat: 1, Round: 0, Commitment: "c", Reveal: "r"}, {Seat: -1, Round: 1, Commitment: "c", Reveal: "r"},
		{Seat: 1, Round: 1, Reveal: "r"}, {Seat: 1, Round: 1, Commitment: "c"}} {
		if err := j.KeepSecret(id, bad); err == nil {
			t.Errorf("%+v was kept", bad)
		}
	}
	must(t, j.KeepSecret(id, r1))
	kept("kept", r1)
	must(t, j.KeepSecret(id, r1b))
	kept("kept again", r1b)
	must(t, j.KeepSecret(id, r2))
	must(t, j.KeepSecret(id, r2p1))
	kept("three", r1b, r2p1, r2)

	must(t, j.Close())
	j = openT(t, path)
	kept("after a restart", r1b, r2p1, r2)
	ro, err := OpenReadOnly(path)
	must(t, err)
	gs, err := ro.Games()
	must(t, err)
	if len(gs) != 1 || !slices.Equal(gs[0].Secrets, []Secret{r1b, r2p1, r2}) {
		t.Errorf("read-only: %+v", gs)
	}
	must(t, ro.Close())

	must(t, j.AddMove(id, 1, "f4", at(1)))
	must(t, j.Announce(id, 2, "g5-f6", at(2)))
	must(t, j.AddMove(id, 2, "g5-f6", at(3)))
	must(t, j.TakeBack(id, 1, at(4)))
	kept("moves made and taken back", r1b, r2p1, r2)

	must(t, j.EndGame(id, "White wins", at(5)))
	if g, err := j.Game(id); err != nil || g.Secrets != nil {
		t.Errorf("ended: %+v, %v", g.Secrets, err)
	}
	if err := j.KeepSecret(id, r1); err == nil {
		t.Error("a secret kept in a game over")
	}
	must(t, j.TakeBack(id, 0, at(6)))
	kept("reopened: the game goes on with the pawns sealed in it", r1b, r2p1, r2)

	must(t, j.KeepSecret(id, r1))
	next, err := j.StartGame(quadwrangle(at(7)))
	must(t, err)
	kept("a new game after one abandoned")
	if g, err := j.Game(id); err != nil || g.Secrets != nil {
		t.Errorf("abandoned: %+v, %v", g.Secrets, err)
	}
	if err := j.KeepSecret(id, r1); err == nil {
		t.Error("a secret kept in an abandoned game")
	}
	must(t, j.KeepSecret(next, r2))
	kept("the new game", r2)
}
