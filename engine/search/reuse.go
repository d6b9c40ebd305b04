package search

import (
	"slices"

	"github.com/tavoliere/tavoliere/engine"
)

// maxReuse is how many plies past the last search's root a search still looks for its
// position in the last tree (Options.Reuse): the AI's move and the reply, or a few more in
// Push, where a player may move twice, and in the games of four.
const maxReuse = 4

// reuse makes the node of the last search's tree at s's position the root of the tree,
// keeping what that search learnt below it, and reports whether it could: the last
// search's root must be where s's history stood at most maxReuse plies back, and every
// move since must be in the tree. The moves are matched by the positions they lead to, one
// by one, so the node's history is s's.
func (m *MCTS) reuse(s engine.State) bool {
	prev := m.prev
	m.prev = nil
	if prev == nil || prev.Rules() != s.Rules() || len(m.nodes) == 0 {
		return false
	}
	k := s.Ply() - prev.Ply()
	if k < 1 || k > maxReuse {
		return false
	}
	// path[j]: the hash of the position j plies after prev, on s's way.
	var path [maxReuse + 1]uint64
	back := s.Clone()
	path[k] = back.Hash()
	for j := k - 1; j >= 0; j-- {
		if !undo(back) {
			return false
		}
		path[j] = back.Hash()
	}
	if path[0] != prev.Hash() {
		return false
	}
	cur := int32(0)
	for j := 1; j <= k; j++ {
		nd := m.nodes[cur]
		next := int32(-1)
		for c := nd.first; c < nd.first+max(nd.n, 0); c++ {
			prev.Play(m.nodes[c].move)
			if prev.Hash() == path[j] {
				next = c
				break
			}
			prev.Undo()
		}
		if next < 0 {
			return false
		}
		cur = next
	}
	m.reroot(cur)
	return true
}

// undo takes back s's last move, reporting false when s has none to take back: a parsed
// position starts its history afresh, and engine.State's Undo panics then.
func undo(s engine.State) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	s.Undo()
	return true
}

// reroot copies the subtree under node r into a fresh arena, breadth first, so that every
// node's children stay contiguous, and makes it the tree. The root keeps only the children
// of m.root's moves, when the search restricts them, and what is proven below is kept.
func (m *MCTS) reroot(r int32) {
	old := m.nodes
	m.spare = append(make([]node, 0, 1024), old[r])
	root := &m.spare[0]
	root.parent, root.mover, root.proof = -1, -1, 0
	for i := 0; i < len(m.spare); i++ {
		nd := m.spare[i]
		if nd.n <= 0 {
			continue
		}
		first := int32(len(m.spare))
		for c := nd.first; c < nd.first+nd.n; c++ {
			if i == 0 && len(m.root) > 0 && !slices.Contains(m.root, old[c].move) {
				continue
			}
			ch := old[c]
			ch.parent = int32(i)
			m.spare = append(m.spare, ch)
		}
		kept := int32(len(m.spare)) - first
		if kept == nd.n {
			m.spare[i].first = first
			continue
		}
		// The root, restricted: its visited children still come first, and its visits
		// are theirs.
		rt := &m.spare[0]
		rt.first, rt.n, rt.tried, rt.visits = first, kept, 0, 0
		for _, ch := range m.spare[first:] {
			if ch.visits > 0 {
				rt.tried++
				rt.visits += ch.visits
			}
		}
		if kept == 0 {
			rt.n = -1 // expanded afresh
		}
	}
	// The old arena goes to the collector: keeping it for the next copy would double the
	// tree's memory for good.
	m.nodes, m.spare = m.spare, nil
	if m.opt.Solve {
		m.proveUp(0)
	}
}
