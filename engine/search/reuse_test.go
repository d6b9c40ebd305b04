package search

import (
	"slices"
	"testing"

	"github.com/tavoliere/tavoliere/engine"
)

// child returns the node reached from node i by move mv, or -1.
func (m *MCTS) child(i int32, mv engine.Move) int32 {
	nd := m.nodes[i]
	for c := nd.first; c < nd.first+max(nd.n, 0); c++ {
		if m.nodes[c].move == mv {
			return c
		}
	}
	return -1
}

// With MCTSOptions.Reuse the next search starts from the node of the last tree that the game's
// moves lead to, matched position by position along the real history: after 1 then 2 it is
// that node, not the node of 2 then 1, the same pile by another way, nor any other.
func TestReuseFollowsTheMoves(t *testing.T) {
	r := newNim(2, 40)
	for _, way := range [][2]engine.Move{{1, 2}, {2, 1}, {3, 3}} {
		m := NewMCTS(MCTSOptions{Iterations: 20000, Seed: 1, Reuse: true})
		s := r.Start()
		if _, err := m.Search(t.Context(), s); err != nil {
			t.Fatal(err)
		}
		a := m.child(m.child(0, way[0]), way[1])
		if a < 0 {
			t.Fatalf("%v: the test needs the node expanded", way)
		}
		want, wantKids := m.nodes[a].visits, m.nodes[a].n
		s.Play(way[0])
		s.Play(way[1])
		m.SetOptions(MCTSOptions{Iterations: 1, Seed: 1, Reuse: true})
		res, err := m.Search(t.Context(), s)
		if err != nil {
			t.Fatal(err)
		}
		if got := m.nodes[0].visits; got != want+1 {
			t.Errorf("%v: root visits %v, want the node's %v and one more", way, got, want)
		}
		if m.nodes[0].n != wantKids || len(res.Children) != int(wantKids) {
			t.Errorf("%v: root has %d children, want %d", way, m.nodes[0].n, wantKids)
		}
		// Every node's children are contiguous and point back at it.
		for i, nd := range m.nodes {
			for c := nd.first; c < nd.first+max(nd.n, 0); c++ {
				if m.nodes[c].parent != int32(i) {
					t.Fatalf("node %d's child %d names parent %d", i, c, m.nodes[c].parent)
				}
			}
		}
	}
}

// Without MCTSOptions.Reuse, or when the position is not below the last root along its
// history, the search starts afresh.
func TestReuseOnlyAlongTheHistory(t *testing.T) {
	r := newNim(2, 40)
	fresh := func(reuse bool, next func(s engine.State) engine.State) bool {
		m := NewMCTS(MCTSOptions{Iterations: 5000, Seed: 1, Reuse: reuse})
		s := r.Start()
		if _, err := m.Search(t.Context(), s); err != nil {
			t.Fatal(err)
		}
		m.SetOptions(MCTSOptions{Iterations: 1, Seed: 1, Reuse: reuse})
		if _, err := m.Search(t.Context(), next(s)); err != nil {
			t.Fatal(err)
		}
		return m.nodes[0].visits == 1
	}
	twoOn := func(s engine.State) engine.State { s.Play(1); s.Play(2); return s }
	if !fresh(false, twoOn) {
		t.Error("the baseline reused its tree")
	}
	if fresh(true, twoOn) {
		t.Error("two plies on: the tree was not reused")
	}
	if !fresh(true, func(engine.State) engine.State { return r.at(37, 1) }) {
		t.Error("a parsed position, with no history: the tree was reused")
	}
	if !fresh(true, func(s engine.State) engine.State {
		for range maxReuse + 1 {
			s.Play(1)
		}
		return s
	}) {
		t.Errorf("%d plies on: the tree was reused", maxReuse+1)
	}
}

// A search restricted to some root moves keeps only those of the reused root, the visited
// first, and the root's visits are theirs.
func TestReuseRestrictedRoot(t *testing.T) {
	r := newNim(2, 40)
	m := NewMCTS(MCTSOptions{Iterations: 20000, Seed: 1, Reuse: true})
	s := r.Start()
	if _, err := m.Search(t.Context(), s); err != nil {
		t.Fatal(err)
	}
	s.Play(1)
	s.Play(2)
	node := m.child(m.child(0, 1), 2)
	if m.nodes[node].tried < 2 {
		t.Fatalf("the test needs the node's children visited")
	}
	keep := m.nodes[node].visits - m.nodes[m.child(node, 2)].visits
	m.SetOptions(MCTSOptions{Iterations: 1, Seed: 1, Reuse: true})
	res, err := m.SearchMoves(t.Context(), s, []engine.Move{1, 3})
	if err != nil {
		t.Fatal(err)
	}
	var moves []engine.Move
	for _, c := range res.Children {
		moves = append(moves, c.Move)
	}
	slices.Sort(moves)
	if !slices.Equal(moves, []engine.Move{1, 3}) {
		t.Errorf("root moves %v, want [1 3]", moves)
	}
	if got := m.nodes[0].visits; got != keep {
		// keep counts the root's own first visit, which no child holds; the one new
		// iteration makes up for it.
		t.Errorf("root visits %v, want %v", got, keep)
	}
	if m.nodes[0].tried != 2 {
		t.Errorf("root tried %d, want 2", m.nodes[0].tried)
	}
}

// Proofs below the new root are kept, and the root is proven again from them.
func TestReuseKeepsProofs(t *testing.T) {
	r := newNim(2, 13) // won by taking 1: every reply to it is proven lost
	m := NewMCTS(MCTSOptions{Iterations: 200000, Seed: 1, Reuse: true, Solve: true})
	s := r.Start()
	res, err := m.Search(t.Context(), s)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Children[0].Proven {
		t.Fatalf("pile 13 not proven: %v", res.Children)
	}
	s.Play(res.Move)
	s.Play(2)
	m.SetOptions(MCTSOptions{Iterations: 1, Seed: 1, Reuse: true, Solve: true})
	res, err = m.Search(t.Context(), s)
	if err != nil {
		t.Fatal(err)
	}
	if res.Iterations != 1 || !res.Children[0].Proven || res.Value != 1 || m.nodes[0].proof == 0 {
		t.Errorf("after the moves, the root is not proven at once: %+v", res)
	}
}

func TestUndoRefusesAParsedPosition(t *testing.T) {
	r := newNim(2, 10)
	if undo(r.at(10, 0)) {
		t.Error("undo took back a move a parsed position never made")
	}
	s := r.Start()
	s.Play(2)
	if !undo(s) || s.(*nim).pile != 10 {
		t.Error("undo failed to take back a move")
	}
}

// The history before the last root must be the same too: the tree's proofs hold for the
// history it was searched with (here, a move cap that counts the plies of the history).
func TestReuseNeedsTheSameHistory(t *testing.T) {
	r := newNim(2, 40)
	m := NewMCTS(MCTSOptions{Iterations: 5000, Seed: 1, Reuse: true})
	a := r.Start()
	a.Play(1)
	a.Play(2)
	if _, err := m.Search(t.Context(), a); err != nil {
		t.Fatal(err)
	}
	b := r.Start()
	b.Play(2)
	b.Play(1) // a's position, by another way
	b.Play(1)
	b.Play(3)
	m.SetOptions(MCTSOptions{Iterations: 1, Seed: 1, Reuse: true})
	if _, err := m.Search(t.Context(), b); err != nil {
		t.Fatal(err)
	}
	if m.nodes[0].visits != 1 {
		t.Errorf("the tree of another history was reused: root visits %v", m.nodes[0].visits)
	}
	// The same history reuses it.
	m.SetOptions(MCTSOptions{Iterations: 5000, Seed: 1, Reuse: true})
	if _, err := m.Search(t.Context(), a); err != nil {
		t.Fatal(err)
	}
	a.Play(1)
	a.Play(3)
	m.SetOptions(MCTSOptions{Iterations: 1, Seed: 1, Reuse: true})
	if _, err := m.Search(t.Context(), a); err != nil {
		t.Fatal(err)
	}
	if m.nodes[0].visits == 1 {
		t.Error("the tree of the same history was not reused")
	}
}

// A search without Reuse forgets the last root: a later search with Reuse does not match a
// tree of another position against it.
func TestReuseForgetsAcrossSearchesWithoutIt(t *testing.T) {
	r := newNim(2, 40)
	on := MCTSOptions{Iterations: 20000, Seed: 1, Solve: true, Reuse: true}
	m := NewMCTS(on)
	s := r.Start()
	if _, err := m.Search(t.Context(), s); err != nil {
		t.Fatal(err)
	}
	off := on
	off.Reuse = false
	m.SetOptions(off)
	if _, err := m.SearchMoves(t.Context(), r.at(21, 0), []engine.Move{1}); err != nil {
		t.Fatal(err)
	}
	on.Iterations = 1
	m.SetOptions(on)
	s.Play(1)
	s.Play(3)
	if _, err := m.Search(t.Context(), s); err != nil {
		t.Fatal(err)
	}
	if m.nodes[0].visits != 1 {
		t.Errorf("a tree was reused across a search without Reuse: root visits %v", m.nodes[0].visits)
	}
}

// The arena never grows past what MaxNodes needs, however the tree is kept from search to
// search.
func TestArenaCapacity(t *testing.T) {
	r := newNim(2, 400)
	r.max = 6
	const maxNodes = 5000
	m := NewMCTS(MCTSOptions{Iterations: 3000, Seed: 1, Reuse: true, MaxNodes: maxNodes})
	s := r.Start()
	for range 20 {
		res, err := m.Search(t.Context(), s)
		if err != nil {
			t.Fatal(err)
		}
		s.Play(res.Move)
		s.Play(1)
		if c := cap(m.nodes); c > maxNodes+r.max {
			t.Fatalf("arena capacity %d for MaxNodes %d", c, maxNodes)
		}
	}
}

// A tree is reused only by a search that scores values as its own did: the same contempt
// for draws, proofs or none, informed playouts or not, careful ones or not, the same
// playout cap.
func TestReuseNeedsTheSameScoring(t *testing.T) {
	r := newNim(2, 40)
	base := MCTSOptions{Iterations: 5000, Seed: 1, Reuse: true, Contempt: 0.05, Solve: true, Decisive: true}
	for _, c := range []struct {
		name   string
		change func(*MCTSOptions)
		reused bool
	}{
		{"nothing", func(*MCTSOptions) {}, true},
		{"the exploration", func(o *MCTSOptions) { o.Exploration = 2 }, true},
		{"the contempt", func(o *MCTSOptions) { o.Contempt = 0 }, false},
		{"proofs", func(o *MCTSOptions) { o.Solve = false }, false},
		{"informed playouts", func(o *MCTSOptions) { o.Decisive = false }, false},
		{"careful playouts", func(o *MCTSOptions) { o.Careful = true }, false},
		{"the playout cap", func(o *MCTSOptions) { o.PlayoutCap = 30 }, false},
	} {
		m := NewMCTS(base)
		s := r.Start()
		if _, err := m.Search(t.Context(), s); err != nil {
			t.Fatal(err)
		}
		next := base
		next.Iterations = 1
		c.change(&next)
		m.SetOptions(next)
		s.Play(1)
		s.Play(2)
		if _, err := m.Search(t.Context(), s); err != nil {
			t.Fatal(err)
		}
		if reused := m.nodes[0].visits > 1; reused != c.reused {
			t.Errorf("%s changed: reused %v, want %v", c.name, reused, c.reused)
		}
	}
}
