package journal

import (
	"path/filepath"
	"testing"
)

// TestBrightness: the operator's brightness is kept across a restart, across games, and
// for a read-only reader; a level outside 1…255 is refused and changes nothing.
func TestBrightness(t *testing.T) {
	path := filepath.Join(t.TempDir(), "journal.db")
	j := openT(t, path)
	if _, ok, err := j.Brightness(); ok || err != nil {
		t.Fatalf("a new journal: brightness kept %v, %v", ok, err)
	}
	must(t, j.SetBrightness(Brightness{Level: 40, Over: 128}))
	must(t, j.SetBrightness(Brightness{Level: 200, Over: 128}))
	for _, bad := range []int{0, 256, -1} {
		if err := j.SetBrightness(Brightness{Level: bad, Over: 128}); err == nil {
			t.Errorf("level %d kept", bad)
		}
	}
	_, err := j.StartGame(quadwrangle(t0))
	must(t, err)
	must(t, j.Close())
	j = openT(t, path)
	if b, ok, err := j.Brightness(); !ok || err != nil || b != (Brightness{Level: 200, Over: 128}) {
		t.Errorf("after a restart: %+v %v %v", b, ok, err)
	}
	ro, err := OpenReadOnly(path)
	must(t, err)
	if b, ok, err := ro.Brightness(); !ok || err != nil || b.Level != 200 {
		t.Errorf("read-only: %+v %v %v", b, ok, err)
	}
	must(t, ro.Close())
}
