package journal

import (
	"path/filepath"
	"testing"
)

// TestAnnounced: the AI's announced move comes back with the game in progress, after the
// journal is closed and opened again too, until it is carried out, taken back, or the game
// ends or gives way to another; one announced for another ply is refused.
func TestAnnounced(t *testing.T) {
	path := filepath.Join(t.TempDir(), "journal.db")
	j := openT(t, path)
	announced := func(what, want string) {
		t.Helper()
		g, ok, err := j.InProgress()
		if err != nil || !ok {
			t.Fatalf("%s: InProgress = %v, %v", what, ok, err)
		}
		if g.Announced != want {
			t.Errorf("%s: announced %q, want %q", what, g.Announced, want)
		}
	}
	id, err := j.StartGame(quadwrangle(t0))
	must(t, err)
	announced("a new game", "")
	must(t, j.AddMove(id, 1, "f4", at(1)))
	if err := j.Announce(id, 3, "g5-f6", at(2)); err == nil {
		t.Error("a move announced for ply 3 after one move was kept")
	}
	must(t, j.Announce(id, 2, "g5-f6", at(2)))
	announced("announced", "g5-f6")
	must(t, j.Announce(id, 2, "c2", at(2)))
	announced("announced again", "c2")

	must(t, j.Close())
	j = openT(t, path)
	announced("after a restart", "c2")
	ro, err := OpenReadOnly(path)
	must(t, err)
	gs, err := ro.Games()
	must(t, err)
	if len(gs) != 1 || gs[0].Announced != "c2" {
		t.Errorf("read-only: %+v", gs)
	}
	must(t, ro.Close())

	must(t, j.AddMove(id, 2, "c2", at(3)))
	announced("carried out", "")
	must(t, j.Announce(id, 3, "a1", at(4)))
	must(t, j.TakeBack(id, 1, at(5)))
	announced("taken back", "")
	must(t, j.AddMove(id, 2, "g5-f6", at(6)))
	announced("another move played", "")
	must(t, j.Announce(id, 3, "a1", at(7)))
	must(t, j.EndGame(id, "White wins", at(8)))
	if g, err := j.Game(id); err != nil || g.Announced != "" {
		t.Errorf("ended: %+v, %v", g, err)
	}
	must(t, j.TakeBack(id, 2, at(9)))
	announced("reopened", "")

	must(t, j.Announce(id, 3, "a1", at(10)))
	next, err := j.StartGame(quadwrangle(at(11)))
	must(t, err)
	announced("a new game after one abandoned", "")
	if g, err := j.Game(id); err != nil || g.Announced != "" {
		t.Errorf("abandoned: %+v, %v", g, err)
	}
	if err := j.Announce(id, 3, "a1", at(12)); err == nil {
		t.Error("a move announced in an abandoned game was kept")
	}
	must(t, j.Announce(next, 1, "f4", at(13)))
	announced("the new game", "f4")
}
