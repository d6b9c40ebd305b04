package quadwrangle

import (
	"errors"
	"strings"
	"testing"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/enginetest"
)

// The helpers every game test shares.
var (
	names       = enginetest.Names
	sortedWords = enginetest.Sorted
	legalText   = enginetest.LegalText
)

func mustRules(t testing.TB, id string, set map[string]string) *Rules {
	t.Helper()
	r, err := New(id, set)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func mustPlay(t testing.TB, s engine.State, moves ...string) {
	t.Helper()
	for _, m := range moves {
		if _, err := engine.Play(s, m); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}

// names lists the squares of b, sorted, separated by spaces.

// TestQuadWrangleSheet plays the seed sheet's example (the rules' test vectors QW-1..QW-3) and checks
// every flip and count the sheet gives.
func TestQuadWrangleSheet(t *testing.T) {
	r := mustRules(t, IDQuadWrangle, nil)
	g := r.Geometry()
	s := r.Start().(*State)
	if got, want := s.String(), ".WWWWW./W.....B/W.....B/W.....B/W.....B/W.....B/.BBBBB. w 0"; got != want {
		t.Fatalf("start = %s, want %s", got, want)
	}
	steps := []struct {
		move, flips string
		w, b        int
	}{
		{"f4", "", 11, 10},        // QW-1: a drop (no White stone next to f4) flips nothing
		{"g5-f6", "e7 f7", 9, 12}, // QW-2: a one-step diagonal slide
		{"f5", "f6 g4 g6", 13, 9}, // QW-3: a growth next to f4
	}
	for _, st := range steps {
		m, err := r.ParseMove(st.move)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Validate(m); err != nil {
			t.Fatalf("%s: %v", st.move, err)
		}
		if got := names(g, s.Footprint(m).Flipped); got != st.flips {
			t.Errorf("%s flips %q, want %q", st.move, got, st.flips)
		}
		s.Play(m)
		if s.Score(White) != st.w || s.Score(Black) != st.b {
			t.Errorf("after %s: W %d B %d, want W %d B %d", st.move, s.Score(White), s.Score(Black), st.w, st.b)
		}
	}
	if got, want := names(g, s.Stones(White)), sortedWords("a2 a3 a4 a5 a6 b7 c7 d7 f4 f5 f6 g4 g6"); got != want {
		t.Errorf("White after QW-3: %s, want %s", got, want)
	}
	if got, want := names(g, s.Stones(Black)), sortedWords("b1 c1 d1 e1 f1 e7 f7 g2 g3"); got != want {
		t.Errorf("Black after QW-3: %s, want %s", got, want)
	}
}

// TestQuadWrangleNeto is QW-5 (Neto's example, among the rules' test vectors), with the page's typo corrected as
// the rules file says: the last growth is a2.
func TestQuadWrangleNeto(t *testing.T) {
	r := mustRules(t, IDQuadWrangle, nil)
	g := r.Geometry()
	s, err := r.ParsePosition(".BBWBBB/BBBBB.B/BWWB..B/BBWBBBB/BWWWBBB/..WWWWW/.W.WBWW b")
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range []struct{ move, flips string }{
		{"b2", "b1 b3 c2 c3"},
		{"c1", "b1 b2 c2"},
		{"a2", "b1 b2"},
	} {
		m, _ := r.ParseMove(st.move)
		if got := names(g, s.Footprint(m).Flipped); got != st.flips {
			t.Errorf("%s flips %q, want %q", st.move, got, st.flips)
		}
		mustPlay(t, s, st.move)
	}
	if got, want := legalText(s), "a1 a7 e5 f5 f6"; got != want {
		t.Fatalf("White's moves: %s, want only the drops %s", got, want)
	}
	for _, m := range s.Legal(nil) {
		if f := s.Footprint(m); f.Flipped != 0 {
			t.Errorf("%s is a drop and must flip nothing, flips %s", r.FormatMove(m), names(g, f.Flipped))
		}
	}
}

// TestOnlyDrops is QW-4's generic rule: a side whose stones have no empty neighbour can only
// drop, and a drop there can be captured at once by the enemy's growth.
func TestOnlyDrops(t *testing.T) {
	r := mustRules(t, IDQuadWrangle, nil)
	s, err := r.ParsePosition("..WWWWW/..WWWWW/WWWWWWW/WWWWWWW/WWWWWWW/WWWWWBB/WWWWWBB b 40")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := legalText(s), "a6 a7 b6 b7"; got != want {
		t.Fatalf("Black's moves %s, want the drops %s", got, want)
	}
	mustPlay(t, s, "a6")
	m, _ := r.ParseMove("b7")
	if got := names(r.Geometry(), s.Footprint(m).Flipped); got != "a6" {
		t.Fatalf("White's growth b7 flips %q, want a6", got)
	}
}

func TestThreefoldRepetition(t *testing.T) {
	r := mustRules(t, IDQuadWrangle, nil)
	s := r.Start()
	start := s.Hash()
	cycle := []string{"a6-b5", "g2-f3", "b5-a6", "f3-g2"}
	mustPlay(t, s, cycle...)
	if s.Hash() != start {
		t.Fatal("the cycle should come back to the start position")
	}
	if o := s.Outcome(); o.Over {
		t.Fatalf("second occurrence ended the game: %+v", o)
	}
	mustPlay(t, s, cycle...)
	o := s.Outcome()
	if !o.Over || !o.IsDraw() || o.Reason != "threefold repetition" {
		t.Fatalf("third occurrence: %+v, want a draw by threefold repetition (10-10)", o)
	}
	if err := s.Validate(placeMove(24)); !errors.Is(err, engine.ErrIllegal) || !strings.Contains(err.Error(), "over") {
		t.Errorf("a move after the end: %v", err)
	}
	s.Undo()
	if s.Outcome().Over {
		t.Error("Undo must take the repetition back")
	}
	// After a placement the count starts again from the new position, and still reaches three.
	s = r.Start()
	mustPlay(t, s, cycle...)
	mustPlay(t, s, "d4", "d3")
	mustPlay(t, s, cycle...)
	if s.Outcome().Over {
		t.Fatal("two occurrences are not three")
	}
	mustPlay(t, s, cycle...)
	if o := s.Outcome(); o.Reason != "threefold repetition" || !o.IsDraw() {
		t.Fatalf("third occurrence after d4 d3: %+v, want a draw at 11-11", o)
	}

	// Repetition is scored on the stones like any other end: after White's drop f4 (11-10),
	// slides that land next to no enemy stone flip nothing and come back to it.
	s = r.Start()
	mustPlay(t, s, "f4")
	after := s.Hash()
	quiet := []string{"c1-c2", "a6-b5", "c2-c1", "b5-a6"}
	mustPlay(t, s, quiet...)
	if s.Hash() != after || s.Score(White) != 11 || s.Score(Black) != 10 {
		t.Fatalf("after f4 and the quiet cycle: %s, %d-%d; want the position after f4, 11-10", s, s.Score(White), s.Score(Black))
	}
	if s.Outcome().Over {
		t.Fatal("two occurrences are not three")
	}
	mustPlay(t, s, quiet...)
	if o := s.Outcome(); o.Reason != "threefold repetition" || !o.Won(White) {
		t.Fatalf("third occurrence after f4: %+v, want White to win 11-10", o)
	}

	// A parsed position starts the history late (ply 57): the count starts from it.
	p, err := r.ParsePosition(".WWWWW./W.....B/W.....B/W.....B/W.....B/W.....B/.BBBBB. w 57")
	if err != nil {
		t.Fatal(err)
	}
	mustPlay(t, p, cycle...)
	if p.Outcome().Over {
		t.Fatal("parsed at ply 57: two occurrences are not three")
	}
	mustPlay(t, p, cycle...)
	if o := p.Outcome(); o.Reason != "threefold repetition" || !o.IsDraw() || p.Ply() != 65 {
		t.Fatalf("parsed at ply 57, third occurrence at ply %d: %+v, want a draw by threefold repetition at ply 65", p.Ply(), o)
	}
}

func TestMoveCap(t *testing.T) {
	r := mustRules(t, IDQuadWrangle, map[string]string{"move-cap": "3"})
	s := r.Start()
	mustPlay(t, s, "f4", "g5-f6")
	if s.Outcome().Over {
		t.Fatal("over before the cap")
	}
	mustPlay(t, s, "f5")
	if o := s.Outcome(); !o.Over || !o.Won(White) || o.Reason != "move cap" {
		t.Fatalf("at the cap: %+v, want White to win 13-9 on the move cap", o)
	}
	if len(s.Legal(nil)) == 0 {
		t.Error("Legal follows the position, not the cap: perft ignores caps")
	}
}

func TestDropLast(t *testing.T) {
	r := mustRules(t, IDQuadWrangle, map[string]string{"drop-last": "on"})
	s := r.Start()
	m, _ := r.ParseMove("f4")
	err := s.Validate(m)
	if err == nil || !strings.Contains(err.Error(), "drop-last") {
		t.Fatalf("drop f4 with drop-last: %v, want refused by drop-last", err)
	}
	for _, m := range s.Legal(nil) {
		if kind, _, to := decode(m); kind == kindPlace && !r.Geometry().Dilate8(s.(*State).Stones(White)).Has(to) {
			t.Errorf("drop %s offered although growths exist", r.FormatMove(m))
		}
	}
	// With nothing else to do, drops come back (QW-5's end position).
	s, _ = r.ParsePosition(".BBWBBB/BBBBB.B/BWWB..B/BBWBBBB/BWWWBBB/..WWWWW/.W.WBWW b")
	mustPlay(t, s, "b2", "c1", "a2")
	if got := legalText(s); got != "a1 a7 e5 f5 f6" {
		t.Fatalf("only drops left: %s", got)
	}
}

func TestBoardFull(t *testing.T) {
	r := mustRules(t, IDQuadWrangle, nil)
	s, err := r.ParsePosition("WWWWWWW/WWWWWWW/WWWWWWW/WWWWBBB/BBBBBBB/BBBBBBB/BBBBBB. w 48")
	if err != nil {
		t.Fatal(err)
	}
	mustPlay(t, s, "g1") // a growth: flips f1 f2 g2
	if o := s.Outcome(); !o.Over || !o.Won(White) || o.Reason != "board full" {
		t.Fatalf("%s: %+v, want White to win on a full board", s, o)
	}
	if n := len(s.Legal(nil)); n != 0 {
		t.Fatalf("a full board has %d moves", n)
	}
}

func TestCrowdedSheet(t *testing.T) {
	r := mustRules(t, IDCrowded, nil)
	g := r.Geometry()
	s := r.Start().(*State)
	if s.Turn() != Black {
		t.Fatal("Crowded: Black moves first by default")
	}
	if !s.Stones(White).Has(0) || s.Score(White) != 32 || s.Score(Black) != 32 {
		t.Fatalf("checkerboard with White on a1: %s", s)
	}
	// CR-1: every orthogonal White-Black pair is one move for each side.
	for _, side := range []string{"w", "b"} {
		p, err := r.ParsePosition(strings.Fields(s.String())[0] + " " + side)
		if err != nil {
			t.Fatal(err)
		}
		if n := len(p.Legal(nil)); n != 112 {
			t.Errorf("CR-1: %s has %d first moves, want 112", side, n)
		}
	}
	// CR-2.
	for _, st := range []struct{ move, flips string }{
		{"e6xd6", "c5 c7 e5 e7"},
		{"d4xe5", "d5 d6 e4 f5"},
	} {
		m, _ := r.ParseMove(st.move)
		f := s.Footprint(m)
		if got := names(g, f.Flipped); got != st.flips {
			t.Errorf("%s flips %q, want %q", st.move, got, st.flips)
		}
		if f.To != engine.Out || f.Touched.Count() != 2 || f.Replaced.Count() != 1 {
			t.Errorf("%s footprint %+v: the captured stone goes out, both squares touched", st.move, f)
		}
		mustPlay(t, s, st.move)
	}
	if s.Score(White) != 31 || s.Score(Black) != 31 {
		t.Errorf("CR-2 score %d-%d, want 31-31", s.Score(White), s.Score(Black))
	}
}

// TestCrowdedEnding is CR-3: the sheet's end-game, reproduced by the synthetic position of
// the rules' test vectors.
func TestCrowdedEnding(t *testing.T) {
	r := mustRules(t, IDCrowded, nil)
	at := func(list string) engine.Bitboard {
		var b engine.Bitboard
		for _, n := range strings.Fields(list) {
			sq, err := r.Geometry().ParseSquare(n)
			if err != nil {
				t.Fatal(err)
			}
			b |= engine.Bit(sq)
		}
		return b
	}
	pos := r.NewState([2]engine.Bitboard{
		at("g2 h1 a8 b8 c8 a7 b7 c7 a6 b6 c6"),
		at("h2 h3 h4 f3 f2 a1 b1 c1 d1 a2 b2 c2 a3 b3 c3"),
	}, White, 0)
	if got, want := legalText(pos), "g2xf2 g2xf3 g2xh2 g2xh3 h1xh2"; got != want {
		t.Fatalf("White's moves %s, want %s", got, want)
	}
	s := pos.Clone()
	mustPlay(t, s, "g2xh3")
	if o := s.Outcome(); !o.Won(White) || s.Score(White) != 13 || s.Score(Black) != 12 {
		t.Errorf("g2xh3: %+v %d-%d, want White to win 13-12", o, s.Score(White), s.Score(Black))
	}
	s = pos.Clone()
	mustPlay(t, s, "g2xf3")
	if got := legalText(s); got != "h2xh1" {
		t.Fatalf("after g2xf3 Black's moves %s, want only h2xh1", got)
	}
	mustPlay(t, s, "h2xh1")
	if o := s.Outcome(); !o.Won(Black) || s.Score(White) != 11 || s.Score(Black) != 13 {
		t.Errorf("g2xf3 h2xh1: %+v %d-%d, want Black to win 13-11", o, s.Score(White), s.Score(Black))
	}
}

func TestCrowdedRandomDeal(t *testing.T) {
	a := mustRules(t, IDCrowded, map[string]string{"layout": "random", "seed": "7"}).Start()
	b := mustRules(t, IDCrowded, map[string]string{"layout": "random", "seed": "7"}).Start()
	c := mustRules(t, IDCrowded, map[string]string{"layout": "random", "seed": "8"}).Start()
	if a.String() != b.String() {
		t.Fatal("the same seed must deal the same board")
	}
	if a.String() == c.String() {
		t.Fatal("different seeds dealt the same board")
	}
	if a.Score(White) != 32 || a.Score(Black) != 32 {
		t.Fatalf("deal %s is not 32 v 32", a)
	}
	// The journal records the seed, not the board: a seed's deal must never change.
	const seed7 = "BBBBWWBB/BWWBBWWW/BWBWWWWW/WWWWBBBW/BBBBWWBB/WBWWWBBB/WWBWBBBW/BWWBBBWW b 0"
	if got := a.String(); got != seed7 {
		t.Errorf("seed 7 deals %s, it dealt %s when the journal format was fixed", got, seed7)
	}
}

func TestValidateReasons(t *testing.T) {
	qw := mustRules(t, IDQuadWrangle, nil)
	qwDL := mustRules(t, IDQuadWrangle, map[string]string{"drop-last": "on"})
	cr := mustRules(t, IDCrowded, nil)
	d4, _ := qw.Geometry().ParseSquare("d4")
	b2, _ := qw.Geometry().ParseSquare("b2")
	withOrigin := placeMove(d4) | engine.Move(b2)<<6 // a placement with bits in the origin field
	for _, c := range []struct {
		r          *Rules
		pos, move  string
		raw        engine.Move // the move itself, when no text spells it
		wantReason string
	}{
		{qw, "", "a2", 0, "not empty"},
		{qw, "", "b1-b2", 0, "no White stone"},
		{qw, "", "a2-a1", 0, ""},
		{qw, "", "a2-c3", 0, "straight line"},
		{qw, "", "a3-a1", 0, "straight line"}, // a2 is in the way
		{qw, "", "a6-b5", 0, ""},
		{cr, "", "e6xd6", 0, ""},
		{cr, "", "d6xe6", 0, "no Black stone"},
		{cr, "", "e6xe7", 0, ""},
		{cr, "", "e6xf7", 0, "no enemy"},
		{cr, "", "e6xe4", 0, "no enemy"},
		{cr, "", "b1xe4", 0, "no enemy"},
		{cr, "", "a2xc1", 0, "not next to"},
		{qwDL, "", "d4", 0, "drop-last: a drop is allowed only when White has no slide or growth"},
		{qwDL, "", "b2", 0, ""}, // a growth
		{qw, "", "d4", 0, ""},
		// Origin bits on a placement: refused as malformed, with or without drop-last.
		{qw, "", "", withOrigin, "not a move of this board"},
		{qwDL, "", "", withOrigin, "not a move of this board"},
	} {
		s := c.r.Start()
		m := c.raw
		if m == 0 {
			var err error
			if m, err = c.r.ParseMove(c.move); err != nil {
				t.Fatalf("%s: %v", c.move, err)
			}
		}
		err := s.Validate(m)
		switch {
		case c.wantReason == "" && err != nil:
			t.Errorf("%s %s (%#x): %v, want legal", c.r.ID(), c.move, uint32(m), err)
		case c.wantReason != "" && (err == nil || !errors.Is(err, engine.ErrIllegal) || !strings.Contains(err.Error(), c.wantReason)):
			t.Errorf("%s %s (%#x): %v, want refused with %q", c.r.ID(), c.move, uint32(m), err, c.wantReason)
		}
	}
}

func TestNotationErrors(t *testing.T) {
	qw := mustRules(t, IDQuadWrangle, nil)
	cr := mustRules(t, IDCrowded, nil)
	for _, c := range []struct {
		r    *Rules
		text string
		want string
	}{
		{qw, "h1", "not on a 7x7"},
		{qw, "d4xe5", "no captures"},
		{qw, "e", "want a file letter"},
		{cr, "e5", "capture"},
		{cr, "d4xz9", "not on a 8x8"},
	} {
		if _, err := c.r.ParseMove(c.text); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s ParseMove(%q) = %v, want an error with %q", c.r.ID(), c.text, err, c.want)
		}
	}
	for _, c := range []struct{ text, want string }{
		{".WWWWW./W.....B w", "rows"},
		{".WWWWW./W.....B/W.....B/W.....B/W.....B/W.....B/.BBBBB. w x", "move number"},
		{".WWWWW./W.....B/W.....B/W.....B/W.....B/W.....B/.BBBBB. w 05", "move number"},
		{".WWWWW./W.....B/W.....B/W.....B/W.....B/W.....B/.BBBBB. w +5", "move number"},
		{".WWWWW./W.....B/W.....B/W.....B/W.....B/W.....B/.BBBBB. w -1", "move number"},
		{".WWWWW./W.....B/W.....B/W.....B/W.....B/W.....B/.BBBBB. w -0", "move number"},
		{".WWWWW./W.....B/W.....B/W.....B/W.....B/W.....B/.BBBBB. w 99999999999999999999", "move number"},
		{".WWWWW./W.....B/W.....B/W.....B/W.....B/W.....B/.BBBBB. x", "side to move"},
		{".WWWWW./W.....B/W...X.B/W.....B/W.....B/W.....B/.BBBBB. w", "at e5"},
		{".WWWWW./W.....B/W.....B/W.....B/W.....B/W.....B/.BBBB. w", "rank 1"},
		{"", "want <rows>"},
	} {
		if _, err := qw.ParsePosition(c.text); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParsePosition(%q) = %v, want an error with %q", c.text, err, c.want)
		}
	}
}

func TestSettings(t *testing.T) {
	if _, err := New(IDQuadWrangle, map[string]string{"drop-fist": "on"}); !errors.Is(err, engine.ErrUnknownSetting) || !strings.Contains(err.Error(), "drop-fist") {
		t.Errorf("unknown key: %v", err)
	}
	if _, err := New(IDQuadWrangle, map[string]string{"move-cap": "-1"}); err == nil {
		t.Error("move-cap -1 accepted")
	}
	if _, err := New(IDCrowded, map[string]string{"layout": "stripes"}); err == nil || !strings.Contains(err.Error(), "checkerboard|random") {
		t.Errorf("bad layout: %v", err)
	}
	r := mustRules(t, IDQuadWrangle, map[string]string{"first": "black", "drop-last": "yes"})
	if r.Start().Turn() != Black {
		t.Error("first=black")
	}
	if got := r.Settings().String(); got != "drop-last=on move-cap=300 first=black" {
		t.Errorf("settings %q", got)
	}
}
