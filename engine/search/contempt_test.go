package search

import (
	"testing"
)

// With a contempt for draws, a draw is worth ½ − c to the side to move at the root and
// ½ + c to the other side, in the tree's rewards; in a game of more than two sides,
// nothing to the root's player and ½ to the others. In Nim with no end but a move cap
// every game is drawn, so every root move's mean is what a draw is worth to the root's
// player, and every reply's what it is worth to its mover. Without contempt, ½.
func TestMCTSContempt(t *testing.T) {
	for _, tc := range []struct {
		name          string
		r             *nimRules
		contempt      float64
		root, replies float64
	}{
		{"two players", &nimRules{players: 2, pile: 9, max: 3, endless: true, moveCap: 6}, 0.05, 0.45, 0.55},
		{"two teams", &nimRules{players: 4, pile: 9, max: 3, endless: true, moveCap: 6, teams: true}, 0.05, 0.45, 0.55},
		{"three players", &nimRules{players: 3, pile: 9, max: 3, endless: true, moveCap: 6}, 0.05, 0, 0.5},
		{"none", &nimRules{players: 2, pile: 9, max: 3, endless: true, moveCap: 6}, 0, 0.5, 0.5},
	} {
		m := NewMCTS(MCTSOptions{Iterations: 2000, Seed: 1, Contempt: tc.contempt})
		res, err := m.Search(t.Context(), tc.r.at(9, 1)) // player 2 to move: the odd side
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range res.Children {
			if c.Value < tc.root-1e-9 || c.Value > tc.root+1e-9 {
				t.Errorf("%s: move %d worth %v, want %v", tc.name, c.Move, c.Value, tc.root)
			}
		}
		// One level down, the next player's moves.
		for i := m.nodes[0].first; i < m.nodes[0].first+m.nodes[0].n; i++ {
			nd := m.nodes[i]
			for c := nd.first; nd.n > 0 && c < nd.first+nd.n; c++ {
				if ch := m.nodes[c]; ch.visits > 0 {
					if v := ch.reward / ch.visits; v < tc.replies-1e-9 || v > tc.replies+1e-9 {
						t.Errorf("%s: the reply %d worth %v to its mover, want %v", tc.name, ch.move, v, tc.replies)
					}
				}
			}
		}
	}
}

// A tree whose draws were scored for one side is not reused for another: with two
// players, one ply on; with three, two plies on (a parity would match).
func TestReuseKeepsTheContemptSide(t *testing.T) {
	for _, players := range []int{2, 3} {
		r := &nimRules{players: players, pile: 30, max: 3, endless: true, moveCap: 40}
		m := NewMCTS(MCTSOptions{Iterations: 500, Seed: 1, Contempt: 0.05, Reuse: true})
		s := r.Start()
		if _, err := m.Search(t.Context(), s); err != nil {
			t.Fatal(err)
		}
		for range players - 1 {
			s.Play(1)
		}
		if m.reuse(s) {
			t.Errorf("%d players: a tree scored for the first player was reused for player %d", players, s.Turn()+1)
		}
	}
}
