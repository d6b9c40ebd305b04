package quixo

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/search"
)

// TestTableSolver: with a table loaded, the solver gives each position the table's value,
// for X to move and for O (the colour swap is one entry), and its best moves are exactly
// those that keep the value with the fewest plies to a win or the most to a loss.
func TestTableSolver(t *testing.T) {
	sub, tab, _ := fullBoardsTable(t)
	r, _ := New(ID, nil)
	if _, err := r.NewSolver().Solve(context.Background(), r.Start()); !errors.Is(err, engine.ErrTooDeep) {
		t.Fatalf("without a table: %v, want ErrTooDeep", err)
	}
	SetTable(tab)
	t.Cleanup(func() { SetTable(nil) })
	sv := r.NewSolver()
	if _, err := sv.Solve(context.Background(), r.Start()); !errors.Is(err, engine.ErrTooDeep) {
		t.Fatalf("the start: %v, want ErrTooDeep", err)
	}
	draws := 0
	for _, i := range sub.list {
		if tab.entries[i] == 0 {
			draws++
		}
	}
	rng := rand.New(rand.NewPCG(7, 8))
	counts := map[int]int{}
	for _, i := range sub.list {
		e := tab.entries[i]
		if e == entryNone || e == 0 && (counts[0] >= 40 || rng.IntN(max(draws/40, 1)) != 0) || e != 0 && rng.IntN(300) != 0 {
			continue
		}
		want := decodeEntry(e)
		a, b := tablePosition(i)
		for turn := range 2 {
			s := r.NewState(boardOf(a, b, turn == Crosses), turn, 10)
			sol, err := sv.Solve(context.Background(), s)
			if err != nil {
				t.Fatalf("%s: %v", s, err)
			}
			if sol.Value != want.Value || want.Value != 0 && sol.Plies != want.Plies {
				t.Fatalf("%s: value %d in %d plies, the table says %+v", s, sol.Value, sol.Plies, want)
			}
			if v, n, ok := r.Lookup(s); !ok || v != want.Value || n != want.Plies {
				t.Fatalf("%s: Lookup %d %d %v, want %+v", s, v, n, ok, want)
			}
			// Each move's value by the table, to the mover; of the drawing moves, the most
			// losing replies any leaves.
			type valued struct {
				m    engine.Move
				v, n int
			}
			var all []valued
			tempting := -1
			for _, m := range s.Legal(nil) {
				s.Play(m)
				v, n := 0, 0
				switch o := s.Outcome(); {
				case o.Over && o.Won(turn):
					v, n = 1, 1
				case o.Over:
					v, n = -1, 1
				default:
					c := decodeEntry(tab.entries[tableIndex(uint32(s.symbols(turn^1)), uint32(s.symbols(turn)))])
					v, n = -c.Value, c.Plies+1
				}
				s.Undo()
				all = append(all, valued{m, v, n})
				if v == 0 {
					tempting = max(tempting, losingReplies(s, tab, m))
				}
			}
			for _, c := range all {
				keeps := c.v == want.Value && (c.v == 0 || c.n == want.Plies)
				if c.v == 0 && keeps {
					keeps = losingReplies(s, tab, c.m) == tempting
				}
				if keeps != slices.Contains(sol.Best, c.m) {
					t.Fatalf("%s: %s (value %d in %d plies) keeps the value: %v; in Best %v", s, r.FormatMove(c.m), c.v, c.n, keeps, sol.Best)
				}
			}
		}
		counts[want.Value]++
	}
	if counts[1] == 0 || counts[0] == 0 || counts[-1] == 0 {
		t.Fatalf("checked %v: want wins, draws and losses", counts)
	}
	// Alpha-beta stops at the table's positions (Lookup): on full boards it plays the
	// fastest win, the slowest loss, or a drawing move, without a solver, on 20 positions
	// of each value (every draw there is, in short runs).
	ab := search.NewAlphaBeta(r, search.AlphaBetaOptions{Nodes: 5000}, 10)
	played := map[int]int{}
	for _, i := range sub.list {
		e := tab.entries[i]
		v := decodeEntry(e).Value
		if e == entryNone || played[v] >= 20 || v != 0 && rng.IntN(50) != 0 {
			continue
		}
		a, b := tablePosition(i)
		s := r.NewState(boardOf(a, b, true), Crosses, 0)
		sol, _ := sv.Solve(context.Background(), s)
		res, err := ab.Search(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		// A win or loss: the solver's fastest or slowest moves. A draw: any drawing move
		// (the solver's Best keeps only those leaving the most losing replies).
		keeps := slices.Contains(sol.Best, res.Move)
		if v == 0 {
			s.Play(res.Move)
			o := s.Outcome()
			keeps = !o.Over && decodeEntry(tab.entries[tableIndex(uint32(s.o), uint32(s.x))]).Value == 0
			s.Undo()
		}
		if !keeps {
			t.Fatalf("%s (%+v): alpha-beta plays %s, which does not keep the value (solver's best %v)", s, decodeEntry(e), r.FormatMove(res.Move), sol.Best)
		}
		if want := map[int]float64{1: 1, -1: 0}[v]; v != 0 && res.Value != want || v == 0 && (res.Value == 0 || res.Value == 1) {
			t.Fatalf("%s (%+v): alpha-beta's value %v", s, decodeEntry(e), res.Value)
		}
		played[v]++
	}
	if played[1] < 20 || played[-1] < 20 || played[0] < min(20, draws) {
		t.Fatalf("alpha-beta played %v of %d draws: want 20 wins, draws and losses", played, draws)
	}
	// The AI, in a drawn position, keeps the draw: alpha-beta among the drawing moves.
	ai := search.NewAI(r, search.Options{Iterations: 1000, Seed: 1})
	for n, i := 0, 0; i < len(sub.list) && n < 30; i++ {
		if tab.entries[sub.list[i]] != 0 {
			continue
		}
		n++
		a, b := tablePosition(sub.list[i])
		s := r.NewState(boardOf(a, b, true), Crosses, 0)
		sol, _ := sv.Solve(context.Background(), s)
		res, err := ai.Search(context.Background(), s)
		if err != nil || !slices.Contains(sol.Best, res.Move) || res.Value != 0.5 {
			t.Fatalf("%s, a draw: the AI plays %s (value %v, %v), want one of %v", s, r.FormatMove(res.Move), res.Value, err, sol.Best)
		}
	}
}

// TestTableRepetition: once a position has occurred twice, the loser might steer into a
// third occurrence and a draw, so the solver and Lookup refuse a won or lost position, and
// a search takes over, with the table at its leaves where no position has occurred twice
// and the repetitions of its own path asked of Outcome; a drawn position stays the
// solver's and Lookup's.
func TestTableRepetition(t *testing.T) {
	sub, tab, _ := fullBoardsTable(t)
	SetTable(tab)
	t.Cleanup(func() { SetTable(nil) })
	r, _ := New(ID, nil)
	tested := map[bool]bool{}
	for _, i := range sub.list {
		e := tab.entries[i]
		if e == entryNone || tested[e == 0] {
			continue
		}
		a, b := tablePosition(i)
		s := r.NewState(boardOf(a, b, true), Crosses, 0)
		cycle := findCycle(s)
		if cycle == nil {
			continue
		}
		want := decodeEntry(e)
		for k, m := range cycle {
			if v, n, ok := r.Lookup(s); k == 0 && (!ok || v != want.Value || n != want.Plies) {
				t.Fatalf("%s: Lookup %d %d %v before the cycle, want %+v", s, v, n, ok, want)
			}
			s.Play(m)
		}
		// The start again, for the second time.
		v, _, ok := r.Lookup(s)
		_, err := r.NewSolver().Solve(context.Background(), s)
		if want.Value != 0 && (ok || !errors.Is(err, engine.ErrTooDeep)) {
			t.Fatalf("%s (%+v), twice: Lookup %d %v, Solve %v: want both to refuse", s, want, v, ok, err)
		}
		if want.Value == 0 && (!ok || v != 0 || err != nil) {
			t.Fatalf("%s (a draw), twice: Lookup %d %v, Solve %v: want the draw", s, v, ok, err)
		}
		tested[e == 0] = true
		if tested[true] && tested[false] {
			return
		}
	}
	t.Fatalf("cycles found for draws %v, for wins or losses %v: want both", tested[true], tested[false])
}

// findCycle returns four moves that bring s back to itself without a line on the way: X
// pushes a cube along a line and back, O likewise elsewhere; nil if none is found.
func findCycle(s *State) []engine.Move {
	back := func(m engine.Move) engine.Move {
		from, to, _ := decode(m)
		return pushMove(to, from, 0)
	}
	start := s.Hash()
	for _, m1 := range s.Legal(nil) {
		s.Play(m1)
		if s.Outcome().Over {
			s.Undo()
			continue
		}
		for _, m2 := range s.Legal(nil) {
			cycle := []engine.Move{m1, m2, back(m1), back(m2)}
			n := 1
			for _, m := range cycle[1:] {
				if s.Validate(m) != nil {
					break
				}
				s.Play(m)
				n++
				if s.Outcome().Over {
					break
				}
			}
			ok := n == 4 && s.Hash() == start && !s.Outcome().Over
			for range n - 1 {
				s.Undo()
			}
			if ok {
				s.Undo()
				return cycle
			}
		}
		s.Undo()
	}
	return nil
}

// TestTableMoveCap: a win or loss that the move cap would end first is a draw, for X or O
// to move; Quixo for four has no table.
func TestTableMoveCap(t *testing.T) {
	sub, tab, _ := fullBoardsTable(t)
	SetTable(tab)
	t.Cleanup(func() { SetTable(nil) })
	r, _ := New(ID, map[string]string{"move-cap": "100"})
	for _, i := range sub.list {
		e := decodeEntry(tab.entries[i])
		if tab.entries[i] == entryNone || e.Plies < 3 {
			continue
		}
		a, b := tablePosition(i)
		for _, c := range []struct {
			ply   int
			value int
		}{{100 - e.Plies, e.Value}, {101 - e.Plies, 0}} {
			for turn := range 2 {
				s := r.NewState(boardOf(a, b, turn == Crosses), turn, c.ply)
				v, _, ok := r.Lookup(s)
				sol, err := r.NewSolver().Solve(context.Background(), s)
				if !ok || v != c.value || err != nil || sol.Value != c.value {
					t.Fatalf("%s, %d plies to the end, cap 100: Lookup %d %v, Solve %+v %v: want %d", s, e.Plies, v, ok, sol, err, c.value)
				}
			}
		}
		break
	}
	r4, _ := New(ID4, nil)
	if _, err := r4.NewSolver().Solve(context.Background(), r4.Start()); !errors.Is(err, engine.ErrTooDeep) {
		t.Fatalf("quixo4: %v, want ErrTooDeep", err)
	}
	full := r4.NewState(boardOf(allCells&^0x1f, 0x1e, true), 0, 0) // a full board but one blank
	if _, _, ok := r4.Lookup(full); ok {
		t.Fatal("quixo4: Lookup answers")
	}
	// A State of another type (a wrapper a search may be given) is not looked up, where the
	// State itself is.
	r2, _ := New(ID, nil)
	var known *State
	for _, i := range sub.list {
		a, b := tablePosition(i)
		if known = r2.NewState(boardOf(a, b, true), Crosses, 0); tab.entries[i] != entryNone && !known.Outcome().Over {
			break
		}
	}
	if _, _, ok := r2.Lookup(known); !ok {
		t.Fatalf("%s: Lookup does not answer", known)
	}
	if _, _, ok := r2.Lookup(wrapped{known}); ok {
		t.Fatal("Lookup answers for a wrapped State")
	}
}

// wrapped is a State of another type than *State.
type wrapped struct{ engine.State }

// losingReplies counts the opponent's replies to m that lose, by the engine and the table.
func losingReplies(s *State, tab *Table, m engine.Move) int {
	me := s.Turn()
	s.Play(m)
	defer s.Undo()
	n := 0
	for _, reply := range s.Legal(nil) {
		s.Play(reply)
		o := s.Outcome()
		if o.Over && o.Won(me) || !o.Over && decodeEntry(tab.entries[tableIndex(uint32(s.symbols(me)), uint32(s.symbols(me^1)))]).Value > 0 {
			n++
		}
		s.Undo()
	}
	return n
}

// TestTableTempting: of the moves that keep a draw, the solver keeps those that leave the
// opponent the most losing replies. On a table made up for the test, every position is a
// draw but the replies to one move, which lose.
func TestTableTempting(t *testing.T) {
	r, _ := New(ID, nil)
	s := r.NewState(boardOf(0b1010101010101010101010101&^(1<<12), allCells&^0b1010101010101010101010101, true), Crosses, 0)
	if s.Outcome().Over {
		t.Fatalf("%s is over", s)
	}
	tab := &Table{g: newTableGeometry(), entries: make([]byte, tableSize)}
	moves := s.Legal(nil)
	tempting := moves[len(moves)/2]
	s.Play(tempting)
	for _, reply := range s.Legal(nil) {
		s.Play(reply)
		tab.entries[tableIndex(uint32(s.symbols(Crosses)), uint32(s.symbols(Circles)))] = 1
		s.Undo()
	}
	s.Undo()
	SetTable(tab)
	t.Cleanup(func() { SetTable(nil) })
	sol, err := r.NewSolver().Solve(context.Background(), s)
	if err != nil || sol.Value != 0 {
		t.Fatalf("%s: %+v %v, want a draw", s, sol, err)
	}
	most, passed := -1, 0
	for _, m := range moves {
		most = max(most, losingReplies(s, tab, m))
	}
	for _, m := range moves {
		n := losingReplies(s, tab, m)
		if (n == most) != slices.Contains(sol.Best, m) {
			t.Fatalf("%s: %s leaves %d losing replies (the most: %d); Best %v", s, r.FormatMove(m), n, most, sol.Best)
		}
		if n < most {
			passed++
		}
	}
	if !slices.Contains(sol.Best, tempting) || passed == 0 {
		t.Fatalf("Best %v: want %s among them, and some drawing move passed over", sol.Best, r.FormatMove(tempting))
	}
}

// TestTableRepetitionTrap: a position has occurred twice and the table calls the game won
// in 3 with c1-c5, after which O can go back to the start for the third time with b5-b1:
// a draw. The solver refuses the position; the AI searches the replies before it trusts
// the table, and wins another way (b1-b5, e1-e5, e2-e5 and e3-e5 win too).
func TestTableRepetitionTrap(t *testing.T) {
	_, tab := classTable(t, 10) // the start has 15 X and 10 O, X to move
	SetTable(tab)
	t.Cleanup(func() { SetTable(nil) })
	r, _ := New(ID, nil)
	st, err := r.ParsePosition("XXXOO/OXOXO/XXOXX/XXOOX/XOXOX X 0")
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	for _, text := range strings.Fields("c5-c1 b1-b5 c1-c5 b5-b1 c5-c1 b1-b5") {
		m, _ := r.ParseMove(text)
		if err := s.Validate(m); err != nil {
			t.Fatal(err)
		}
		s.Play(m)
	}
	if e, _ := tab.Probe(s.x, s.o); e.Value != 1 || !s.twice {
		t.Fatalf("%s: %+v, twice %v: want a win and a position twice", s, e, s.twice)
	}
	if _, err := r.NewSolver().Solve(context.Background(), s); !errors.Is(err, engine.ErrTooDeep) {
		t.Fatalf("%s: Solve %v, want refused", s, err)
	}
	// The AI's alpha-beta (on a budget of iterations), and its MCTS, which proves by the
	// table (Lookup refuses the positions after a repetition).
	for _, p := range []struct {
		name   string
		player search.Player
	}{
		{"alpha-beta", search.NewAI(r, search.Options{Iterations: 20000, Seed: 1})},
		{"MCTS", search.NewMCTS(search.MCTSOptions{Iterations: 20000, Seed: 1, Solve: true, Decisive: true})},
	} {
		res, err := p.player.Search(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		if got := r.FormatMove(res.Move); got == "c1-c5" || res.Value != 1 {
			t.Fatalf("%s: %s plays %s (value %v): want a win O cannot draw", s, p.name, got, res.Value)
		}
		s.Play(res.Move)
		for _, reply := range s.Legal(nil) {
			s.Play(reply)
			if o := s.Outcome(); o.Over && o.Winners == 0 {
				t.Fatalf("%s's %s lets O draw by %s (%s)", p.name, r.FormatMove(res.Move), r.FormatMove(reply), o.Reason)
			}
			s.Undo()
		}
		s.Undo()
	}
}
