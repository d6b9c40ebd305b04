package registry

import (
	"testing"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/enginetest"
)

// TestContract runs the engine contract on every registered game with its defaults and with
// every value of every Choice and Bool setting.
func TestContract(t *testing.T) {
	for _, e := range All() {
		configs := []map[string]string{nil}
		names := []string{e.ID}
		for _, s := range e.Settings {
			var values []string
			switch s.Kind {
			case engine.Bool:
				values = []string{"on", "off"}
			case engine.Choice:
				values = s.Choices
			}
			for _, v := range values {
				if v != s.Default {
					configs = append(configs, map[string]string{s.Key: v})
					names = append(names, e.ID+"/"+s.Key+"="+v)
				}
			}
		}
		for i, c := range configs {
			t.Run(names[i], func(t *testing.T) {
				r, err := e.New(c)
				if err != nil {
					t.Fatal(err)
				}
				games := 20
				if enginetest.Short() {
					games = 4
				}
				enginetest.Contract(t, r, games)
			})
		}
	}
}

func TestLookup(t *testing.T) {
	for _, id := range []string{"quadwrangle", "crowded", "krypte"} {
		r, err := New(id, nil)
		if err != nil {
			t.Fatal(err)
		}
		if r.ID() != id {
			t.Errorf("New(%q).ID() = %q", id, r.ID())
		}
	}
	if _, err := New("chess", nil); err == nil {
		t.Error("chess is not a game of tavoliere")
	}
	if _, err := New("krypte", map[string]string{"move-cap": "3"}); err == nil {
		t.Error("a setting of another game accepted")
	}
}

// TestGameOverFigures: every game says whether its ends have a figure to draw (its State is
// an engine.WinFigure, returning none where a count decides), and exactly the games whose
// rules keep a score are engine.Scored; no start position has winning squares.
func TestGameOverFigures(t *testing.T) {
	scored := map[string]bool{"quadwrangle": true, "crowded": true, "xequeo": true}
	for _, e := range All() {
		r, err := e.New(nil)
		if err != nil {
			t.Fatal(err)
		}
		s := r.Start()
		if _, ok := s.(engine.WinFigure); !ok {
			t.Errorf("%s: the State is no engine.WinFigure", e.ID)
		}
		if b := engine.WinningSquares(s); b != 0 {
			t.Errorf("%s: the start has winning squares %x", e.ID, b)
		}
		if got := engine.IsScored(r); got != scored[e.ID] {
			t.Errorf("%s: scored %v, want %v", e.ID, got, scored[e.ID])
		}
	}
}
