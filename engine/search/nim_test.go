package search

import (
	"context"
	"fmt"
	"strconv"

	"github.com/tavoliere/tavoliere/engine"
)

// nimRules is a test game whose best moves are known: players take turns (round robin)
// taking 1…max stones from one pile, and whoever takes the last stone wins, alone or, with
// teams, with the partner across the table (players 0 and 2 against 1 and 3). With two
// players or two teams the player to move wins exactly when the pile is not a multiple of
// max+1, by leaving a multiple.
type nimRules struct {
	players int
	pile    int  // start position
	max     int  // most stones a move takes; 0 breaks the contract (no moves, not over)
	teams   bool // four players in two partnerships
	moveCap int  // a history rule: the game is drawn once this many plies are played; 0 = none
	endless bool // stones never run out: the game ends only by moveCap
	// solve, if set, is the game's exact solver (engine.Solvable); nil = none.
	solve func(ctx context.Context, s engine.State) (engine.Solution, error)
	// table is the largest pile the game's endgame table knows (engine.Oracle); 0 = none.
	// lie makes it call every pile it knows won for the player to move.
	table int
	lie   bool
	// lowest is the smallest pile any position of the game has been played to.
	lowest int
}

// Lookup implements engine.Oracle: the value of a pile of at most table stones, two
// players or two teams (the loser takes one stone, the winner the rest of four).
func (r *nimRules) Lookup(st engine.State) (value, plies int, ok bool) {
	s := st.(*nim)
	switch {
	case s.pile > r.table || s.pile <= 0:
		return 0, 0, false
	case r.lie || s.pile%(r.max+1) != 0:
		return 1, s.pile/4*2 + 1, true
	}
	return -1, s.pile / 2, true
}

// NewSolver implements engine.Solvable: nil unless the test gave the game a solver.
func (r *nimRules) NewSolver() engine.Solver {
	if r.solve == nil {
		return nil
	}
	return solverFunc(r.solve)
}

// solverFunc is an engine.Solver made of a function.
type solverFunc func(ctx context.Context, s engine.State) (engine.Solution, error)

func (f solverFunc) Solve(ctx context.Context, s engine.State) (engine.Solution, error) {
	return f(ctx, s)
}

var _ engine.Rules = (*nimRules)(nil)

func newNim(players, pile int) *nimRules {
	return &nimRules{players: players, pile: pile, max: 3}
}

func (r *nimRules) ID() string                      { return "nim" }
func (r *nimRules) Name() string                    { return "Nim" }
func (r *nimRules) Geometry() *engine.Geometry      { return engine.NewGeometry(1, 1, false) }
func (r *nimRules) Players() int                    { return r.players }
func (r *nimRules) PlayerName(p int) string         { return "player " + strconv.Itoa(p+1) }
func (r *nimRules) Settings() engine.Settings       { return engine.Settings{} }
func (r *nimRules) Start() engine.State             { return r.at(r.pile, 0) }
func (r *nimRules) FormatMove(m engine.Move) string { return strconv.Itoa(int(m)) }

// TwoSided: teams of two alternate, so a team game is one of two sides (engine.TwoSided).
func (r *nimRules) TwoSided() bool { return r.teams }

// at returns a position with no history.
func (r *nimRules) at(pile, turn int) *nim {
	return &nim{r: r, pile: pile, turn: turn, hist: make([]engine.Move, 0, 64)}
}

func (r *nimRules) ParsePosition(text string) (engine.State, error) {
	var pile, turn int
	if _, err := fmt.Sscanf(text, "%d/%d", &pile, &turn); err != nil {
		return nil, fmt.Errorf("nim position %q: %w", text, err)
	}
	return r.at(pile, turn), nil
}

func (r *nimRules) ParseMove(text string) (engine.Move, error) {
	n, err := strconv.Atoi(text)
	if err != nil || n < 1 {
		return 0, fmt.Errorf("nim move %q: want a number of stones", text)
	}
	return engine.Move(n), nil
}

// nim is a position: the pile, the player to move and the moves that led here.
type nim struct {
	r    *nimRules
	pile int
	turn int
	hist []engine.Move
}

var _ engine.State = (*nim)(nil)

func (s *nim) Rules() engine.Rules                    { return s.r }
func (s *nim) Turn() int                              { return s.turn }
func (s *nim) Ply() int                               { return len(s.hist) }
func (s *nim) Score(int) int                          { return 0 }
func (s *nim) PieceAt(engine.Square) engine.Piece     { return engine.Empty }
func (s *nim) Footprint(engine.Move) engine.Footprint { return engine.Footprint{} }
func (s *nim) String() string                         { return fmt.Sprintf("%d/%d", s.pile, s.turn) }
func (s *nim) Hash() uint64                           { return uint64(s.pile)<<8 | uint64(s.turn) }

func (s *nim) Legal(buf []engine.Move) []engine.Move {
	for k := 1; k <= s.r.max && (s.r.endless || k <= s.pile); k++ {
		buf = append(buf, engine.Move(k))
	}
	return buf
}

func (s *nim) Validate(m engine.Move) error {
	if m < 1 || int(m) > s.r.max || !s.r.endless && int(m) > s.pile {
		return engine.Illegal(s.r.FormatMove(m), "the pile has %d stones, a move takes 1…%d", s.pile, s.r.max)
	}
	return nil
}

func (s *nim) Play(m engine.Move) {
	s.pile -= int(m)
	s.r.lowest = min(s.r.lowest, s.pile)
	s.turn = (s.turn + 1) % s.r.players
	s.hist = append(s.hist, m)
}

func (s *nim) Undo() {
	s.pile += int(s.hist[len(s.hist)-1])
	s.hist = s.hist[:len(s.hist)-1]
	s.turn = (s.turn + s.r.players - 1) % s.r.players
}

func (s *nim) Outcome() engine.Outcome {
	if !s.r.endless && s.pile <= 0 && len(s.hist) > 0 {
		last := (s.turn + s.r.players - 1) % s.r.players
		o := engine.Win(last, "last stone taken")
		if s.r.teams {
			o.Winners |= 1 << uint((last+2)%4)
		}
		return o
	}
	if !s.r.endless && s.pile <= 0 {
		return engine.Draw("empty pile")
	}
	if s.r.moveCap > 0 && len(s.hist) >= s.r.moveCap {
		return engine.Draw("move cap")
	}
	return engine.Ongoing
}

func (s *nim) Clone() engine.State {
	c := *s
	c.hist = append(make([]engine.Move, 0, cap(s.hist)), s.hist...)
	return &c
}
