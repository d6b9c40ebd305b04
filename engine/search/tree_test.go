package search

import (
	"errors"
	"strconv"
	"testing"

	"github.com/tavoliere/tavoliere/engine"
)

// treeRules is a test game given as an explicit tree: position i has player turn[i] to
// move and children kids[i] (move k+1 leads to kids[i][k]); one with no children is over,
// with outcome out[i].
type treeRules struct {
	players int
	turn    []int
	kids    [][]int
	out     []engine.Outcome
}

var _ engine.Rules = (*treeRules)(nil)

func (r *treeRules) ID() string                      { return "tree" }
func (r *treeRules) Name() string                    { return "Tree" }
func (r *treeRules) Geometry() *engine.Geometry      { return engine.NewGeometry(1, 1, false) }
func (r *treeRules) Players() int                    { return r.players }
func (r *treeRules) PlayerName(p int) string         { return "player " + strconv.Itoa(p+1) }
func (r *treeRules) Settings() engine.Settings       { return engine.Settings{} }
func (r *treeRules) Start() engine.State             { return &tree{r: r} }
func (r *treeRules) FormatMove(m engine.Move) string { return strconv.Itoa(int(m)) }

func (r *treeRules) ParsePosition(string) (engine.State, error) {
	return nil, errors.New("a tree has no positions to parse")
}

func (r *treeRules) ParseMove(text string) (engine.Move, error) {
	n, err := strconv.Atoi(text)
	return engine.Move(n), err
}

// tree is a position of a treeRules game: its index, and the indices before it.
type tree struct {
	r    *treeRules
	at   int
	hist []int
}

var _ engine.State = (*tree)(nil)

func (s *tree) Rules() engine.Rules                    { return s.r }
func (s *tree) Turn() int                              { return s.r.turn[s.at] }
func (s *tree) Ply() int                               { return len(s.hist) }
func (s *tree) Score(int) int                          { return 0 }
func (s *tree) Hash() uint64                           { return uint64(s.at) }
func (s *tree) PieceAt(engine.Square) engine.Piece     { return engine.Empty }
func (s *tree) Footprint(engine.Move) engine.Footprint { return engine.Footprint{} }
func (s *tree) String() string                         { return strconv.Itoa(s.at) }

func (s *tree) Legal(buf []engine.Move) []engine.Move {
	for k := range s.r.kids[s.at] {
		buf = append(buf, engine.Move(k+1))
	}
	return buf
}

func (s *tree) Validate(m engine.Move) error {
	if m < 1 || int(m) > len(s.r.kids[s.at]) {
		return engine.Illegal(s.r.FormatMove(m), "position %d has %d moves", s.at, len(s.r.kids[s.at]))
	}
	return nil
}

func (s *tree) Play(m engine.Move) {
	s.hist = append(s.hist, s.at)
	s.at = s.r.kids[s.at][m-1]
}

func (s *tree) Undo() {
	s.at = s.hist[len(s.hist)-1]
	s.hist = s.hist[:len(s.hist)-1]
}

func (s *tree) Outcome() engine.Outcome {
	if len(s.r.kids[s.at]) == 0 {
		return s.r.out[s.at]
	}
	return engine.Ongoing
}

func (s *tree) Clone() engine.State {
	c := *s
	c.hist = append([]int(nil), s.hist...)
	return &c
}

// With three players, a node whose moves are all proven lost to its player stays unproven
// (which loss he takes is no one's to choose), and its playouts weigh the moves. Player 1
// chooses between X and Z. At X player 2 has two moves, both ending the game: one won by
// player 1, one by player 3; at Z one move, a draw. X is worth about ½ to player 1 whatever
// the seed; it was worth 0 or 1 by the seed when every visit went to X's first move.
func TestMCTSSolverAllLost(t *testing.T) {
	r := &treeRules{
		players: 3,
		//          root X  Z  1 wins 3 wins draw
		turn: []int{0, 1, 1, 0, 0, 0},
		kids: [][]int{{1, 2}, {3, 4}, {5}, nil, nil, nil},
		out:  []engine.Outcome{{}, {}, {}, engine.Win(0, "a"), engine.Win(2, "c"), engine.Draw("d")},
	}
	for seed := range uint64(6) {
		res, err := NewMCTS(MCTSOptions{Iterations: 2000, Seed: seed, Solve: true}).Search(t.Context(), r.Start())
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range res.Children {
			if c.Move == 1 && (c.Value < 0.3 || c.Value > 0.7 || c.Proven) {
				t.Errorf("seed %d: X worth %.3f to player 1 (proven %v), want about ½, unproven", seed, c.Value, c.Proven)
			}
		}
	}
}

// A careful playout (MCTSOptions.Careful) never makes a move that ends the game in another
// player's win while it has one that does not, and makes one when it has no other. Player 1
// has four moves: two end the game in player 2's or player 3's win, one in a draw, and one
// leads to a position where both of player 2's moves end it in player 1's win. Playouts
// that are not careful lose at once half the time; careful ones end in the draw or in player
// 1's win, about as often, and leave the position where they found it. In a game of two
// whose three moves end it at once, in the mover's win, the other's and a draw, careful
// playouts never lose and keep the mover's own win: judged for the player who moved, not for
// the one to move after.
func TestMCTSCarefulPlayout(t *testing.T) {
	two := &treeRules{
		players: 2,
		turn:    []int{0, 1, 1, 1},
		kids:    [][]int{{1, 2, 3}, nil, nil, nil},
		out:     []engine.Outcome{{}, engine.Win(0, "a"), engine.Win(1, "b"), engine.Draw("d")},
	}
	ends := playoutEnds(t, NewMCTS(MCTSOptions{Iterations: 1, Seed: 3, Careful: true}), two)
	if ends[0] != 0 || ends[1] < 400 || ends[2] < 400 {
		t.Errorf("careful playouts of two: %d lost, %d drawn, %d won; want 0 and about 500 each", ends[0], ends[1], ends[2])
	}

	r := &treeRules{
		players: 3,
		//          root 2 wins 3 wins draw  M  1 wins 1 wins
		turn: []int{0, 0, 0, 0, 1, 0, 0},
		kids: [][]int{{1, 2, 3, 4}, nil, nil, nil, {5, 6}, nil, nil},
		out: []engine.Outcome{{}, engine.Win(1, "b"), engine.Win(2, "c"), engine.Draw("d"), {},
			engine.Win(0, "a"), engine.Win(0, "a")},
	}
	ends = playoutEnds(t, NewMCTS(MCTSOptions{Iterations: 1, Seed: 7, Careful: true}), r)
	if ends[0] != 0 || ends[1] < 400 || ends[2] < 400 {
		t.Errorf("careful playouts: %d lost at once, %d drawn, %d won; want 0 and about 500 each", ends[0], ends[1], ends[2])
	}
	if ends = playoutEnds(t, NewMCTS(MCTSOptions{Iterations: 1, Seed: 7}), r); ends[0] < 400 || ends[0] > 600 {
		t.Errorf("plain playouts: %d of 1000 lost at once, want about 500", ends[0])
	}
}

// playoutEnds counts how 1000 of m's playouts from the start of r end for player 1: lost,
// drawn, won. Each must leave the position where it found it, once its plies are taken back.
func playoutEnds(t *testing.T, m *MCTS, r *treeRules) (ends [3]int) {
	t.Helper()
	s := r.Start()
	for range 1000 {
		out, n, err := m.playout(s)
		if err != nil {
			t.Fatal(err)
		}
		for range n {
			s.Undo()
		}
		if st := s.(*tree); st.at != 0 || len(st.hist) != 0 {
			t.Fatalf("a playout of %d plies left position %d, history %v", n, st.at, st.hist)
		}
		switch {
		case out.IsDraw():
			ends[1]++
		case out.Won(0):
			ends[2]++
		default:
			ends[0]++
		}
	}
	return ends
}
