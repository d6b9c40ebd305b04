package quixo

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/enginetest"
)

// The helpers every game test shares.
var (
	names     = enginetest.Names
	sorted    = enginetest.Sorted
	legalText = enginetest.LegalText
)

func mustRules(t testing.TB, id string, set map[string]string) *Rules {
	t.Helper()
	r, err := New(id, set)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func mustParse(t testing.TB, r *Rules, text string) engine.State {
	t.Helper()
	s, err := r.ParsePosition(text)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func mustPlay(t testing.TB, s engine.State, moves ...string) {
	t.Helper()
	for _, m := range moves {
		if _, err := engine.Play(s, m); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}

func square(t testing.TB, r *Rules, name string) engine.Square {
	t.Helper()
	sq, err := r.Geometry().ParseSquare(name)
	if err != nil {
		t.Fatal(err)
	}
	return sq
}

// TestSheet plays the rule sheet's examples QX-1 to QX-3 (the rules' test vectors).
func TestSheet(t *testing.T) {
	r := mustRules(t, ID, nil)
	s := r.Start()
	// QX-1: 44 moves, and c1 goes back in at a1, e1 or c5, never c1.
	if n := len(s.Legal(nil)); n != 44 {
		t.Errorf("QX-1: %d legal moves at the start, want 44", n)
	}
	var c1 []string
	for _, m := range s.Legal(nil) {
		if text := r.FormatMove(m); strings.HasPrefix(text, "c1-") {
			c1 = append(c1, text)
		}
	}
	if got := sorted(strings.Join(c1, " ")); got != sorted("c1-a1 c1-e1 c1-c5") {
		t.Errorf("QX-1: c1 goes to %s, want a1, e1 and c5", got)
	}
	// QX-2: c1-a1 pushes a1 and b1 to the right: X on a1 only.
	mustPlay(t, s, "c1-a1")
	if got, want := s.String(), "...../...../...../...../X.... O 1"; got != want {
		t.Errorf("QX-2: %s, want %s", got, want)
	}
	// QX-3: e5, a corner, goes to a5 or e1; e5-e1 pushes column e up.
	var e5 []string
	for _, m := range s.Legal(nil) {
		if text := r.FormatMove(m); strings.HasPrefix(text, "e5-") {
			e5 = append(e5, text)
		}
	}
	if got := strings.Join(e5, " "); got != "e5-a5 e5-e1" {
		t.Errorf("QX-3: e5 goes to %s, want a5 and e1", got)
	}
	mustPlay(t, s, "e5-e1")
	if got, want := s.String(), "...../...../...../...../X...O X 2"; got != want {
		t.Errorf("QX-3: %s, want %s", got, want)
	}
	for _, c := range []struct {
		sq   string
		want engine.Piece
	}{{"a1", engine.Face1}, {"e1", engine.Face2}, {"c3", Blank}} {
		if got := s.PieceAt(square(t, r, c.sq)); got != c.want {
			t.Errorf("QX-3: %s holds piece %d, want %d", c.sq, got, c.want)
		}
	}
}

// TestEitherWins is QX-4: with X on a5 b4 c3 d2 and O on a2 b2 c2 e2 d1, either side to move
// wins at once.
func TestEitherWins(t *testing.T) {
	r := mustRules(t, ID, nil)
	const board = "X..../.X.../..X../OOOXO/...O."
	for _, c := range []struct {
		turn, move, after string
		winner            int
		figure            string // the line drawn at game over
	}{
		{"X", "e5-e1", "X..../.X.../..X.O/OOOX./...OX", Crosses, "a5 b4 c3 d2 e1"},
		{"X", "a1-e1", "X..../.X.../..X../OOOXO/..O.X", Crosses, "a5 b4 c3 d2 e1"},
		{"O", "d5-d1", "X..../.X.../..XX./OOOOO/...O.", Circles, "a2 b2 c2 d2 e2"},
	} {
		s := mustParse(t, r, board+" "+c.turn)
		if s.Outcome().Over {
			t.Fatalf("QX-4 %s: over before the move", c.move)
		}
		mustPlay(t, s, c.move)
		if got := strings.Fields(s.String())[0]; got != c.after {
			t.Errorf("QX-4 %s: %s, want %s", c.move, got, c.after)
		}
		if o := s.Outcome(); !o.Over || o.Winners != 1<<c.winner || o.Reason != "line of five" {
			t.Errorf("QX-4 %s: %+v, want a win for %s", c.move, o, r.PlayerName(c.winner))
		}
		if len(s.Legal(nil)) != 0 {
			t.Errorf("QX-4 %s: a finished game has moves", c.move)
		}
		if got, want := engine.WinningSquares(s), squares(t, r, c.figure); got != want {
			t.Errorf("QX-4 %s: winning squares %x, want %s", c.move, got, c.figure)
		}
	}
}

// TestSuicide is QX-5: a move that makes the opponent's line loses, alone or beside the
// mover's own line.
func TestSuicide(t *testing.T) {
	r := mustRules(t, ID, nil)
	for _, c := range []struct{ name, position string }{
		{"the opponent's line alone", "...../...../....O/OOOO./..... X"},
		{"both lines", "XXXX./...../....O/OOOO./..... X"},
	} {
		s := mustParse(t, r, c.position)
		mustPlay(t, s, "e1-e5") // column e down: e3's O comes to e2
		if o := s.Outcome(); !o.Over || !o.Won(Circles) || o.Won(Crosses) || o.Reason != "line of five made by the loser" {
			t.Errorf("%s: %+v, want Circles to win", c.name, o)
		}
		if got := s.Outcome().Text(r); got != "Circles wins (line of five made by the loser)" {
			t.Errorf("%s: %q", c.name, got)
		}
		// The winners' line only, not the loser's beside it.
		if got, want := engine.WinningSquares(s), squares(t, r, "a2 b2 c2 d2 e2"); got != want {
			t.Errorf("%s: winning squares %x, want rank 2", c.name, got)
		}
	}
}

// TestFootprint: the push of QX-2 changes a1 only (b1 and c1 stay blank), and a push of
// cubes that differ replaces each square whose cube changes.
func TestFootprint(t *testing.T) {
	r := mustRules(t, ID, nil)
	g := r.Geometry()
	for _, c := range []struct {
		position, move         string
		line, entry, exit, rep string
	}{
		{"...../...../...../...../..... X", "c1-a1", "a1 b1 c1", "a1", "c1", "a1"},
		{"...../...../...../...../X...O X", "a1-e1", "a1 b1 c1 d1 e1", "e1", "a1", "a1 d1 e1"},
		{"X..../X..../...../O..../X.... O", "a3-a1", "a1 a2 a3", "a1", "a3", "a1 a2 a3"},
		{"X..../X..../...../O..../X.... O", "a3-a5", "a3 a4 a5", "a5", "a3", "a3 a5"},
		{"X..../X..../...../O..../X.... X", "a1-a5", "a1 a2 a3 a4 a5", "a5", "a1", "a1 a2 a3"},
	} {
		s := mustParse(t, r, c.position)
		m, err := r.ParseMove(c.move)
		if err != nil {
			t.Fatal(err)
		}
		f := s.Footprint(m)
		if names(g, f.Line) != c.line || names(g, f.Touched) != c.line || g.Name(f.Entry) != c.entry ||
			g.Name(f.Exit) != c.exit || names(g, f.Replaced) != c.rep ||
			f.Emptied|f.Filled|f.Flipped != 0 || f.From != engine.Nowhere || f.To != engine.Nowhere {
			t.Errorf("%s %s: footprint %+v: line %s entry %s exit %s replaced %s; want %s, %s, %s, %s",
				c.position, c.move, f, names(g, f.Line), g.Name(f.Entry), g.Name(f.Exit), names(g, f.Replaced),
				c.line, c.entry, c.exit, c.rep)
		}
	}
}

// TestRepetition: the draw rule, the third occurrence of a position with the same player to move
// is a draw, in both games; a move that takes a blank cube starts the count again.
func TestRepetition(t *testing.T) {
	for _, c := range []struct {
		id, position string
		cycle        []string
	}{
		{ID, "...../...../...../...../X...O X 2", []string{"a1-a5", "e1-e5", "a5-a1", "e5-e1"}},
		{ID4, "...../...../...../...../Xx.oO A1 0", []string{
			"a1-a5.1", "e1-e5.1", "b1-b5.2", "d1-d5.2", "a5-a1.1", "e5-e1.1", "b5-b1.2", "d5-d1.2"}},
	} {
		t.Run(c.id, func(t *testing.T) {
			r := mustRules(t, c.id, nil)
			s := mustParse(t, r, c.position)
			at := s.Hash()
			mustPlay(t, s, c.cycle...)
			if s.Hash() != at || strings.Fields(s.String())[0] != strings.Fields(c.position)[0] {
				t.Fatalf("the cycle should come back: %s", s)
			}
			if o := s.Outcome(); o.Over {
				t.Fatalf("second occurrence ended the game: %+v", o)
			}
			mustPlay(t, s, c.cycle[:len(c.cycle)-1]...)
			if o := s.Outcome(); o.Over {
				t.Fatalf("one move short of the third occurrence: %+v", o)
			}
			mustPlay(t, s, c.cycle[len(c.cycle)-1])
			if o := s.Outcome(); !o.IsDraw() || o.Reason != "threefold repetition" {
				t.Fatalf("third occurrence: %+v, want a draw", o)
			}
			if b := engine.WinningSquares(s); b != 0 {
				t.Errorf("a draw has winning squares %x", b)
			}
			m, _ := r.ParseMove(c.cycle[0])
			if err := s.Validate(m); !errors.Is(err, engine.ErrIllegal) || !strings.Contains(err.Error(), "over") {
				t.Errorf("a move after the end: %v", err)
			}
			if len(s.Legal(nil)) == 0 {
				t.Error("Legal follows the position, not the history")
			}
			s.Undo()
			if s.Outcome().Over {
				t.Error("Undo must take the repetition back")
			}
		})
	}
	// Taking a blank cube starts the count again: the same cycle twice after it is not three.
	r := mustRules(t, ID, nil)
	s := mustParse(t, r, "...../...../...../...../X...O X 2")
	cycle := []string{"a1-a5", "e1-e5", "a5-a1", "e5-e1"}
	mustPlay(t, s, cycle...)
	mustPlay(t, s, "c1-c5", "c1-c5")
	mustPlay(t, s, cycle...)
	if s.Outcome().Over {
		t.Fatal("after c1-c5: two occurrences are not three")
	}
	mustPlay(t, s, cycle...)
	if o := s.Outcome(); o.Reason != "threefold repetition" {
		t.Fatalf("after c1-c5: %+v, want threefold repetition", o)
	}
}

func TestMoveCap(t *testing.T) {
	for _, id := range []string{ID, ID4} {
		r := mustRules(t, id, map[string]string{"move-cap": "3"})
		s := r.Start()
		moves := []string{"c1-a1", "e5-e1", "c5-a5"}
		if id == ID4 {
			moves = []string{"c1-a1.1", "e5-e1.2", "c5-a5.2"}
		}
		mustPlay(t, s, moves[:2]...)
		if s.Outcome().Over {
			t.Fatalf("%s: over at ply 2", id)
		}
		mustPlay(t, s, moves[2])
		if o := s.Outcome(); !o.IsDraw() || o.Reason != "move cap" {
			t.Errorf("%s: at ply 3 %+v, want a draw by the move cap", id, o)
		}
		if got := s.Outcome().Text(r); got != "draw (move cap)" {
			t.Errorf("%s: %q", id, got)
		}
		// Parsed at ply 3, the cap holds too; with the cap off it never comes.
		if o := mustParse(t, r, s.String()).Outcome(); o.Reason != "move cap" {
			t.Errorf("%s: parsed at ply 3: %+v", id, o)
		}
		off := mustRules(t, id, map[string]string{"move-cap": "0"})
		if o := mustParse(t, off, strings.Replace(s.String(), " 3", " 100000", 1)).Outcome(); o.Over {
			t.Errorf("%s: move-cap=0 ends the game: %+v", id, o)
		}
	}
	if got := mustRules(t, ID4, nil).Settings().String(); got != "move-cap=400" {
		t.Errorf("settings %q", got)
	}
	if _, err := New(ID, map[string]string{"move-cap": "-1"}); err == nil {
		t.Error("move-cap -1 accepted")
	}
	if _, err := New(ID, map[string]string{"first": "O"}); !errors.Is(err, engine.ErrUnknownSetting) {
		t.Errorf("unknown setting: %v", err)
	}
}

// TestFourStart: every move of the team game comes with the dot to either team-mate, and the
// seats play in turn A1, B1, A2, B2.
func TestFourStart(t *testing.T) {
	r := mustRules(t, ID4, nil)
	if r.Players() != 4 || r.PlayerName(2) != "Crosses A2" || r.PlayerName(1) != "Circles B1" {
		t.Fatalf("players %d, %q %q", r.Players(), r.PlayerName(1), r.PlayerName(2))
	}
	s := r.Start()
	legal := s.Legal(nil)
	if len(legal) != 88 {
		t.Errorf("%d moves at the start, want 88", len(legal))
	}
	one, _ := r.ParseMove("c1-a1.1")
	two, _ := r.ParseMove("c1-a1.2")
	if one == two || !slices.Contains(legal, one) || !slices.Contains(legal, two) {
		t.Fatalf("c1-a1.1 %x and c1-a1.2 %x must be two legal moves", one, two)
	}
	// The dot is part of the move: the same push, two positions.
	a, b := s.Clone(), s.Clone()
	a.Play(one)
	b.Play(two)
	if a.Hash() == b.Hash() || a.String() == b.String() {
		t.Errorf("c1-a1.1 and c1-a1.2 give the same position %s", a)
	}
	if a.PieceAt(0) != Cube(Crosses, 1) || b.PieceAt(0) != Cube(Crosses, 2) || b.PieceAt(0) != engine.Face1|2<<2 {
		t.Errorf("a1 holds %d and %d, want %d and %d", a.PieceAt(0), b.PieceAt(0), Cube(Crosses, 1), Cube(Crosses, 2))
	}
	if a.PieceAt(0).Face() != b.PieceAt(0).Face() {
		t.Error("the face does not depend on the dot")
	}
	if got := b.String(); got != "...../...../...../...../x.... B1 1" {
		t.Errorf("after c1-a1.2: %s", got)
	}
	for p, want := range []string{"A2", "B2", "A1", "B1"} {
		mustPlay(t, b, []string{"e5-e1.1", "c5-a5.1", "c5-a5.2", "b5-a5.1"}[p])
		if got := strings.Fields(b.String())[1]; got != want {
			t.Errorf("after %d moves %s is to move, want %s", p+2, got, want)
		}
	}
	if b.Turn() != 1 || b.Ply() != 5 {
		t.Errorf("turn %d at ply %d, want B1 (1) at 5", b.Turn(), b.Ply())
	}
}

// TestDots: a team cube may be taken only by the team-mate its dot points to.
func TestDots(t *testing.T) {
	r := mustRules(t, ID4, nil)
	// A1 to move: a1 points to A2, e1 to A1, c1 is O (B1), a5 o (B2).
	const board = "o..../...../...../...../x.O.X"
	for _, c := range []struct {
		turn, move, want string
	}{
		{"A1", "a1-e1.1", "points to Crosses A1's team-mate"},
		{"A2", "a1-e1.1", ""},
		{"A1", "e1-a1.2", ""},
		{"A2", "e1-a1.2", "points to Crosses A2's team-mate"},
		{"A1", "c1-c5.1", "opponents' symbol"},
		{"B1", "c1-c5.1", ""},
		{"B1", "a5-e5.1", "points to Circles B1's team-mate"},
		{"B2", "a5-e5.1", ""},
		{"B2", "a5-a5.1", "never goes back"},
		{"B2", "b5-d5.1", "not an end"},
		{"B2", "c3-c5.1", "not on the border"},
		{"B2", "pass", "has a cube to take"},
	} {
		enginetest.Validates(t, mustParse(t, r, board+" "+c.turn), c.move, c.want)
	}
	// Which cubes each seat may take.
	for _, c := range []struct{ turn, takes string }{
		{"A1", "b1 b5 c5 d1 d5 e1 e5 a2 a3 a4 e2 e3 e4"},
		{"A2", "a1 b1 b5 c5 d1 d5 e5 a2 a3 a4 e2 e3 e4"},
		{"B1", "b1 b5 c1 c5 d1 d5 e5 a2 a3 a4 e2 e3 e4"},
		{"B2", "a5 b1 b5 c5 d1 d5 e5 a2 a3 a4 e2 e3 e4"},
	} {
		s := mustParse(t, r, board+" "+c.turn).(*State)
		if got := names(r.Geometry(), s.takeable()); got != sorted(c.takes) {
			t.Errorf("%s takes %s, want %s", c.turn, got, sorted(c.takes))
		}
	}
}

// TestPass: a quixo4 player with no cube to take passes, and only then; in quixo nobody does.
func TestPass(t *testing.T) {
	r := mustRules(t, ID4, nil)
	// No blank border cube, every X points to A2: A1 must pass, A2 may not.
	const board = "xOxOx/O...O/x...x/O...O/OxOxO"
	s := mustParse(t, r, board+" A1 7")
	if got := legalText(s); got != "pass" {
		t.Fatalf("A1's moves: %s, want pass", got)
	}
	if s.Outcome().Over {
		t.Fatal("a player who must pass has not lost")
	}
	if err := s.Validate(Pass); err != nil {
		t.Fatal(err)
	}
	if f := s.Footprint(Pass); f != (engine.Footprint{Entry: engine.NoSquare, Exit: engine.NoSquare}) {
		t.Errorf("the footprint of a pass: %+v", f)
	}
	h := s.Hash()
	s.Play(Pass)
	if got := s.String(); got != board+" B1 8" || s.Hash() == h {
		t.Errorf("after the pass: %s", got)
	}
	s.Undo()
	if s.String() != board+" A1 7" || s.Hash() != h {
		t.Errorf("undoing the pass: %s", s)
	}
	a2 := mustParse(t, r, board+" A2")
	if slices.Contains(a2.Legal(nil), Pass) {
		t.Error("A2 has cubes to take but may pass")
	}
	if err := a2.Validate(Pass); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("A2's pass: %v", err)
	}
	two := mustRules(t, ID, nil)
	if err := two.Start().Validate(Pass); !errors.Is(err, engine.ErrIllegal) || !strings.Contains(err.Error(), "no passing") {
		t.Errorf("a pass in quixo: %v", err)
	}
}

// TestTeamWin: a line of X wins for A1 and A2 together, even when B's move makes it.
func TestTeamWin(t *testing.T) {
	r := mustRules(t, ID4, nil)
	for _, c := range []struct {
		position, move string
		winners        uint8
		reason         string
		figure         string
	}{
		{"...../...../...../...../XxXx. A2", "e1-a1.1", 0b0101, "line of five", "a1 b1 c1 d1 e1"},
		{"...../...../...../...../OoOo. B2", "e1-a1.2", 0b1010, "line of five", "a1 b1 c1 d1 e1"},
		{"...../...../....X/XxXx./..... B1", "e1-e5.1", 0b0101, "line of five made by the loser", "a2 b2 c2 d2 e2"},
	} {
		s := mustParse(t, r, c.position)
		mustPlay(t, s, c.move)
		if o := s.Outcome(); !o.Over || o.Winners != c.winners || o.Reason != c.reason {
			t.Errorf("%s %s: %+v, want winners %04b (%s)", c.position, c.move, o, c.winners, c.reason)
		}
		if got, want := engine.WinningSquares(s), squares(t, r, c.figure); got != want {
			t.Errorf("%s %s: winning squares %x, want %s", c.position, c.move, got, c.figure)
		}
	}
	s := mustParse(t, r, "...../...../...../...../XxXx. A2")
	mustPlay(t, s, "e1-a1.1")
	if got := s.Outcome().Text(r); got != "Crosses A1 and Crosses A2 wins (line of five)" {
		t.Errorf("%q", got)
	}
	if s.Score(0) != 5 || s.Score(2) != 5 || s.Score(1) != 0 {
		t.Errorf("scores %d %d %d", s.Score(0), s.Score(2), s.Score(1))
	}
}

func TestNotation(t *testing.T) {
	two, four := mustRules(t, ID, nil), mustRules(t, ID4, nil)
	for _, c := range []struct {
		r          *Rules
		text, want string
	}{
		{two, "c1-a1.1", "quixo4 only"},
		{four, "c1-a1", "c1-a1.1 or c1-a1.2"},
		{four, "c1-a1.3", "c1-a1.1 or c1-a1.2"},
		{two, "c1a1", "want the square taken"},
		{two, "f1-a1", "not on a 5x5"},
		{two, "c1-a6", "not on a 5x5"},
		{two, "", "want the square taken"},
	} {
		if _, err := c.r.ParseMove(c.text); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s ParseMove(%q) = %v, want an error with %q", c.r.ID(), c.text, err, c.want)
		}
	}
	for _, c := range []struct {
		r          *Rules
		text, want string
	}{
		{two, "...../...../...../...../..... X 05", "move number"},
		{two, "...../...../...../...../..... X -1", "move number"},
		{two, "...../...../...../...../..... A1", "want X or O"},
		{four, "...../...../...../...../..... X", "want A1, B1, A2 or B2"},
		{two, "...../...../...../...../x.... X", "quixo4 only"},
		{two, "...../...../...../...../Q.... X", "at a1"},
		{two, "...../...../...../..... X", "4 ranks"},
		{two, "...../...../...../...../.... X", "rank 1"},
		{two, "", "want <ranks>"},
	} {
		if _, err := c.r.ParsePosition(c.text); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s ParsePosition(%q) = %v, want an error with %q", c.r.ID(), c.text, err, c.want)
		}
	}
	for _, c := range []struct {
		r    *Rules
		text string
	}{{two, "c1-a1"}, {two, "pass"}, {four, "e5-e1.2"}, {four, "a3-a1.1"}, {four, "pass"}} {
		m, err := c.r.ParseMove(c.text)
		if err != nil || c.r.FormatMove(m) != c.text {
			t.Errorf("%s %q reads as %x and writes as %q: %v", c.r.ID(), c.text, uint32(m), c.r.FormatMove(m), err)
		}
	}
	if _, err := New("quixo5", nil); err == nil {
		t.Error("quixo5 accepted")
	}
}

func TestContract(t *testing.T) {
	games := 20
	if enginetest.Short() {
		games = 5
	}
	for _, id := range []string{ID, ID4} {
		t.Run(id, func(t *testing.T) {
			enginetest.Contract(t, mustRules(t, id, nil), games)
			enginetest.Contract(t, mustRules(t, id, map[string]string{"move-cap": "60"}), games)
		})
	}
}

func TestIllegalMovesRefused(t *testing.T) {
	for _, id := range []string{ID, ID4} {
		r := mustRules(t, id, nil)
		candidates := append(enginetest.SquarePairs(r.Geometry(), "-"), "pass")
		if id == ID4 {
			var dotted []string
			for _, c := range candidates {
				dotted = append(dotted, c+".1", c+".2")
			}
			candidates = append(candidates, dotted...)
		}
		positions := enginetest.RandomPositions(r, 5, 10)
		if id == ID4 {
			positions = append(positions, mustParse(t, r, "xOxOx/O...O/x...x/O...O/OxOxO A1"))
		}
		enginetest.Illegal(t, r, positions, candidates)
	}
}

func FuzzParsePosition(f *testing.F) {
	two, four := mustRules(f, ID, nil), mustRules(f, ID4, nil)
	for _, s := range []string{
		"...../...../...../...../..... X 0",
		"X..../.X.../..X../OOOXO/...O. O",
		"XXXX./...../....O/OOOO./..... X 9",
		"xOxOx/O...O/x...x/O...O/OxOxO A1 7",
		"o..../...../...../...../x.O.X B2",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		enginetest.ParsedPosition(t, two, text)
		enginetest.ParsedPosition(t, four, text)
	})
}

func FuzzParseMove(f *testing.F) {
	two, four := mustRules(f, ID, nil), mustRules(f, ID4, nil)
	for _, m := range []string{"c1-a1", "c1-a1.2", "pass", "e5-e1.1", "a1-a1", "f6-a1", "", "c1-", "c1-a1."} {
		f.Add(m)
	}
	f.Fuzz(func(t *testing.T, text string) {
		enginetest.ParsedMove(t, two, text)
		enginetest.ParsedMove(t, four, text)
	})
}

// squares is the set of the named squares.
func squares(t *testing.T, r engine.Rules, names string) engine.Bitboard {
	t.Helper()
	var b engine.Bitboard
	for _, n := range strings.Fields(names) {
		sq, err := r.Geometry().ParseSquare(n)
		if err != nil {
			t.Fatal(err)
		}
		b |= engine.Bit(sq)
	}
	return b
}
