package quarto

import (
	"cmp"
	"context"
	"fmt"

	"github.com/tavoliere/tavoliere/engine"
)

// MinPlaced is the fewest pieces on the board from which a Solver solves a position by
// default: from 6 placed it takes about 0.3 s on one core of the development machine, from
// 8 a few milliseconds (docs/performance.md). Simplified,
// where fewer patterns end the game early, starts at MinPlacedSimplified.
const (
	MinPlaced           = 6
	MinPlacedSimplified = 8
)

// Solver solves Quarto positions exactly: negamax with alpha-beta over the values win,
// draw and loss, a transposition table kept between calls, and two rules that cut the tree
// without changing its value: a player who can complete a pattern with the piece held does
// (a win), and a piece that lets the opponent complete one is never handed over while a
// safe one exists (if none is safe, the placement loses).
//
// The position's value does not depend on who is to move (the pieces are shared), so the
// table is keyed by the board and the piece held alone.
type Solver struct {
	r *Rules
	// MinPlaced refuses positions with fewer pieces on the board (engine.ErrTooDeep).
	MinPlaced int

	table []entry
	nodes uint64
	ctx   context.Context
	stop  bool

	// The position being searched.
	board [16]int8
	occ   uint16
	attr  [4]uint16
	avail uint16
	hash  uint64
}

type entry struct {
	key   uint64
	value int8
	bound uint8 // exact, lower or upper
}

const (
	exact = iota + 1
	lower
	upper
	tableBits = 20
)

// NewSolver implements engine.Solvable.
func (r *Rules) NewSolver() engine.Solver { return NewSolver(r) }

// NewSolver returns a solver for the variant r, refusing positions with fewer than MinPlaced
// pieces placed (MinPlacedSimplified in Simplified). Its table takes 16 MiB.
func NewSolver(r *Rules) *Solver {
	from := MinPlaced
	if r.id == IDSimplified {
		from = MinPlacedSimplified
	}
	return &Solver{r: r, MinPlaced: from, table: make([]entry, 1<<tableBits)}
}

var _ engine.WinTester = (*Solver)(nil)

// Solve implements engine.Solver.
func (sv *Solver) Solve(ctx context.Context, st engine.State) (engine.Solution, error) {
	return sv.solve(ctx, st, false)
}

// Wins implements engine.WinTester: Solve's first question alone, which ends at the first
// move that wins.
func (sv *Solver) Wins(ctx context.Context, st engine.State) (bool, error) {
	sol, err := sv.solve(ctx, st, true)
	return err == nil && sol.Value == 1, err
}

// solve solves st; winOnly stops at the first winning move, or when none wins, with Value 0
// whatever the value.
func (sv *Solver) solve(ctx context.Context, st engine.State, winOnly bool) (engine.Solution, error) {
	s, ok := st.(*State)
	if !ok || s.r.id != sv.r.id || s.r.attrs != sv.r.attrs || len(s.r.patterns) != len(sv.r.patterns) {
		return engine.Solution{}, fmt.Errorf("quarto: solver for %s given a position of %s", sv.r.Name(), st.Rules().Name())
	}
	if o := s.Outcome(); o.Over {
		v := 0
		if !o.IsDraw() {
			v = -1 // the player to move did not place the last piece
		}
		return engine.Solution{Value: v, Plies: 0}, nil
	}
	if n := s.Placed(); n < sv.MinPlaced {
		return engine.Solution{}, fmt.Errorf("quarto: %d pieces placed, the solver starts at %d: %w", n, sv.MinPlaced, engine.ErrTooDeep)
	}
	sv.ctx, sv.stop, sv.nodes = ctx, false, 0
	sv.board, sv.occ, sv.attr, sv.avail = s.board, s.occ, s.attr, s.avail
	sv.hash = s.hash // the board and the piece held; the search keys the held piece itself
	if s.held >= 0 {
		sv.hash ^= sv.r.keys[256+int(s.held)] // the search adds the held piece itself
	}
	// The root's moves are asked a yes-or-no question each, with a null window, as the
	// search's children are: does it win? Then, if none does, does it draw? A win is found
	// without proving the values of the moves searched before it, and a deadline that comes
	// after a win was proven leaves that win to be played.
	moves := s.Legal(nil)
	sol := engine.Solution{Value: -1, Plies: -1}
	for _, v := range [2]int{1, 0} {
		for _, m := range moves {
			w := sv.rootValue(s, m, v-1, v)
			if sv.stop {
				if sol.Value == 1 {
					sol.Nodes = sv.nodes
					return sol, nil
				}
				return engine.Solution{}, cmp.Or(ctx.Err(), context.DeadlineExceeded)
			}
			if w >= v {
				sol.Value = v
				sol.Best = append(sol.Best, m)
				if winOnly {
					return sol, nil
				}
			}
		}
		if winOnly {
			return engine.Solution{Plies: -1, Nodes: sv.nodes}, nil // no move wins
		}
		if sol.Value == v {
			break
		}
	}
	if sol.Value == -1 {
		sol.Best = moves // every move loses
	}
	sol.Nodes = sv.nodes
	return sol, nil
}

// rootValue returns the value of root move m of s for the player to move, within the window
// alpha…beta: exact inside it, a bound outside.
func (sv *Solver) rootValue(s *State, m engine.Move, alpha, beta int) int {
	sq, c := Unpack(m)
	var v int
	switch {
	case sq < 0: // the first turn: hand over c
		sv.avail &^= 1 << c
		v = -sv.search(c, -beta, -alpha)
		sv.avail |= 1 << c
	case c < 0: // a placement that ends the game
		if s.placeWins(sq, int(s.held)) {
			v = 1
		}
	default:
		sv.place(sq, int(s.held))
		sv.avail &^= 1 << c
		v = -sv.search(c, -beta, -alpha)
		sv.avail |= 1 << c
		sv.lift(sq, int(s.held))
	}
	return v
}

func (sv *Solver) place(sq, c int) {
	sv.board[sq] = int8(c)
	sv.occ |= 1 << sq
	for i := range 4 {
		sv.attr[i] |= uint16(c>>i&1) << sq
	}
	sv.hash ^= sv.r.keys[sq*16+c]
}

func (sv *Solver) lift(sq, c int) {
	sv.board[sq] = NoPiece
	sv.occ &^= 1 << sq
	for i := range 4 {
		sv.attr[i] &^= 1 << sq
	}
	sv.hash ^= sv.r.keys[sq*16+c]
}

// winsWith reports whether piece c on the empty square sq completes a pattern.
func (sv *Solver) winsWith(sq, c int) bool {
	for _, p := range sv.r.bySquare[sq] {
		rest := p &^ (1 << sq)
		if sv.occ&rest != rest {
			continue
		}
		for i := range 4 {
			if sv.r.attrs>>i&1 == 0 {
				continue
			}
			a := sv.attr[i] & rest
			if c>>i&1 != 0 && a == rest || c>>i&1 == 0 && a == 0 {
				return true
			}
		}
	}
	return false
}

// deadly returns the pieces that would complete a pattern somewhere on the board.
func (sv *Solver) deadly() uint16 {
	var d uint16
	for e := ^sv.occ; e != 0; e &= e - 1 {
		sq := trailing(e)
		for _, p := range sv.r.bySquare[sq] {
			rest := p &^ (1 << sq)
			if sv.occ&rest != rest {
				continue
			}
			var all1, all0 int
			for i := range 4 {
				switch sv.attr[i] & rest {
				case rest:
					all1 |= 1 << i
				case 0:
					all0 |= 1 << i
				}
			}
			d |= sv.r.deadly[all1][all0]
		}
	}
	return d
}

// search returns the value for the player to move, who holds piece held, within the window
// alpha…beta (values -1, 0, 1).
func (sv *Solver) search(held, alpha, beta int) int {
	sv.nodes++
	if sv.nodes&0xFFF == 0 && engine.Expired(sv.ctx) {
		sv.stop = true
	}
	if sv.stop {
		return 0
	}
	empty := ^sv.occ
	for e := empty; e != 0; e &= e - 1 {
		if sv.winsWith(trailing(e), held) {
			return 1
		}
	}
	if sv.avail == 0 {
		return 0 // the last piece fills the board without a pattern
	}
	key := sv.hash ^ sv.r.keys[256+held]
	slot := &sv.table[key&(1<<tableBits-1)]
	if slot.key == key {
		v := int(slot.value)
		switch {
		case slot.bound == exact,
			slot.bound == lower && v >= beta,
			slot.bound == upper && v <= alpha:
			return v
		}
	}
	a0 := alpha
	best := -1
	for e := empty; e != 0 && best < beta; e &= e - 1 {
		sq := trailing(e)
		sv.place(sq, held)
		safe := sv.avail &^ sv.deadly()
		for a := safe; a != 0; a &= a - 1 {
			c := trailing(a)
			sv.avail &^= 1 << c
			v := -sv.search(c, -beta, -max(alpha, best))
			sv.avail |= 1 << c
			if v > best {
				best = v
				if best >= beta {
					break
				}
			}
		}
		sv.lift(sq, held)
	}
	if sv.stop {
		return 0
	}
	bound := uint8(exact)
	switch {
	case best <= a0:
		bound = upper
	case best >= beta:
		bound = lower
	}
	*slot = entry{key: key, value: int8(best), bound: bound}
	return best
}
