package search

import (
	"slices"

	"github.com/tavoliere/tavoliere/engine"
)

// maxReuse is how many plies past the last search's root a search still looks for its
// position in the last tree (MCTSOptions.Reuse): the AI's move and the reply, or a few more in
// Push, where a player may move twice, and in the games of four.
const maxReuse = 4

// reuse makes the node of the last search's tree at s's position the root of the tree,
// keeping what that search learnt below it, and reports whether it could. The last root
// must be where s's history stood at most maxReuse plies back, and s's history before it
// the last root's own, position by position back to where both began (a start or a parsed
// position): the tree's proofs hold for that history alone, repetitions included. The
// moves since are matched by the positions they lead to, one by one, and must all be in
// the tree.
func (m *MCTS) reuse(s engine.State) bool {
	prev, prevHist := m.prev, m.prevHist
	m.prev = nil
	if prev == nil || prev.Rules() != s.Rules() || len(m.nodes) == 0 {
		return false
	}
	if m.prevScored != scoringOf(m.opt) {
		return false // the tree's values were scored otherwise: draws, proofs, playouts
	}
	if m.opt.Contempt != 0 && (prev.Turn()&1 != s.Turn()&1 || !m.twoSided && prev.Turn() != s.Turn()) {
		return false // the tree's draws were scored for another side
	}
	k := s.Ply() - prev.Ply()
	if k < 1 || k > maxReuse {
		return false
	}
	hist := history(s, m.hist[:0])
	m.hist = hist
	// hist and prevHist run from the newest position back to where each history began.
	if len(hist) != len(prevHist)+k || !slices.Equal(hist[k:], prevHist) {
		return false
	}
	cur := int32(0)
	for j := k - 1; j >= 0; j-- {
		nd := m.nodes[cur]
		next := int32(-1)
		for c := nd.first; c < nd.first+max(nd.n, 0); c++ {
			prev.Play(m.nodes[c].move)
			if prev.Hash() == hist[j] {
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

// remember keeps s, the root just searched, and its history, for the next search to reuse.
func (m *MCTS) remember(s engine.State) {
	m.prev = s
	m.prevHist = history(s, m.prevHist[:0])
	m.prevScored = scoringOf(m.opt)
}

// scoring is what of a search's options goes into its tree's values: a tree scored with
// other ones is not reused.
type scoring struct {
	contempt   float64
	solve      bool
	decisive   bool
	careful    bool
	playoutCap int
}

func scoringOf(o MCTSOptions) scoring {
	return scoring{contempt: o.Contempt, solve: o.Solve, decisive: o.Decisive, careful: o.Careful, playoutCap: o.PlayoutCap}
}

// history appends the hashes of s's position and of those its history passed through,
// newest first, back to where the history began, and returns buf.
func history(s engine.State, buf []uint64) []uint64 {
	c := s.Clone()
	buf = append(buf, c.Hash())
	for undo(c) {
		buf = append(buf, c.Hash())
	}
	return buf
}

// undo takes back s's last move, reporting false when s has none to take back: a start or
// a parsed position begins its history, and engine.State's Undo panics then (every game's
// Undo reads its history before it changes anything, and s is a clone).
func undo(s engine.State) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	s.Undo()
	return true
}

// reroot makes the subtree under node r the tree, compacting it in place: a node is kept
// when it is r or its parent is kept (a parent precedes its children in the arena, and
// children are contiguous), and the kept nodes move down in arena order, so every node's
// children stay contiguous and the arena keeps its capacity. The new root keeps only the
// children of m.root's moves, when the search restricts them, with its visited children
// first and its visits theirs, and is proven again from its children.
func (m *MCTS) reroot(r int32) {
	nodes := m.nodes
	if cap(m.remap) < len(nodes) {
		m.remap = make([]int32, len(nodes))
	}
	remap := m.remap[:len(nodes)]
	w := int32(0)
	for i := r; i < int32(len(nodes)); i++ {
		p := nodes[i].parent
		keep := i == r || p >= r && remap[p] >= 0 &&
			(p != r || len(m.root) == 0 || slices.Contains(m.root, nodes[i].move))
		if !keep {
			remap[i] = -1
			continue
		}
		remap[i] = w
		w++
	}
	for i := r; i < int32(len(nodes)); i++ {
		if remap[i] < 0 {
			continue
		}
		nd := nodes[i]
		if i == r {
			nd.parent, nd.mover, nd.proof = -1, -1, 0
		} else {
			nd.parent = remap[nd.parent]
		}
		if nd.n > 0 && i != r {
			nd.first = remap[nd.first]
		}
		nodes[remap[i]] = nd // remap[i] <= i: no kept node is overwritten before it is read
	}
	m.nodes = nodes[:w]
	// The root: its kept children are contiguous, right after it.
	rt := &m.nodes[0]
	if rt.n <= 0 {
		return
	}
	kept := int32(0)
	for c := int32(1); c < w && m.nodes[c].parent == 0; c++ {
		kept++
	}
	if kept != rt.n {
		rt.tried, rt.visits = 0, 0
		for _, ch := range m.nodes[1 : 1+kept] {
			if ch.visits > 0 {
				rt.tried++
				rt.visits += ch.visits
			}
		}
	}
	rt.first, rt.n = 1, kept
	if kept == 0 {
		rt.n = -1 // expanded afresh
	}
	if m.opt.Solve {
		m.proveUp(0)
	}
}
