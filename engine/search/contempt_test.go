package search

import (
	"testing"
)

// With a contempt for draws, a draw is worth ½ − c to the side to move at the root and
// ½ + c to the other side, in the tree's rewards. In Nim with no end but a move cap every
// game is drawn, so every root move's mean is ½ − c; with two teams, the same for the
// root's team. Without contempt, ½.
func TestMCTSContempt(t *testing.T) {
	for _, tc := range []struct {
		name     string
		r        *nimRules
		contempt float64
		want     float64
	}{
		{"two players", &nimRules{players: 2, pile: 9, max: 3, endless: true, moveCap: 6}, 0.05, 0.45},
		{"two teams", &nimRules{players: 4, pile: 9, max: 3, endless: true, moveCap: 6, teams: true}, 0.05, 0.45},
		{"none", &nimRules{players: 2, pile: 9, max: 3, endless: true, moveCap: 6}, 0, 0.5},
	} {
		m := NewMCTS(Options{Iterations: 2000, Seed: 1, Contempt: tc.contempt})
		res, err := m.Search(t.Context(), tc.r.at(9, 1)) // player 2 to move: the odd side
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range res.Children {
			if c.Value < tc.want-1e-9 || c.Value > tc.want+1e-9 {
				t.Errorf("%s: move %d worth %v, want %v", tc.name, c.Move, c.Value, tc.want)
			}
		}
		// One level down, the other side's moves are worth ½ + c to it.
		for i := m.nodes[0].first; i < m.nodes[0].first+m.nodes[0].n; i++ {
			nd := m.nodes[i]
			for c := nd.first; nd.n > 0 && c < nd.first+nd.n; c++ {
				if ch := m.nodes[c]; ch.visits > 0 {
					if v := ch.reward / ch.visits; v < 1-tc.want-1e-9 || v > 1-tc.want+1e-9 {
						t.Errorf("%s: the reply %d worth %v to its mover, want %v", tc.name, ch.move, v, 1-tc.want)
					}
				}
			}
		}
	}
}

// A tree whose draws were scored for one side is not reused for the other.
func TestReuseKeepsTheContemptSide(t *testing.T) {
	r := &nimRules{players: 2, pile: 30, max: 3, endless: true, moveCap: 40}
	m := NewMCTS(Options{Iterations: 500, Seed: 1, Contempt: 0.05, Reuse: true})
	s := r.Start()
	if _, err := m.Search(t.Context(), s); err != nil {
		t.Fatal(err)
	}
	s.Play(1) // the other side to move now, one ply on
	if m.reuse(s) {
		t.Error("a tree scored for the first player was reused for the second")
	}
}
