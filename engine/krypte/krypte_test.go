package krypte

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

func mustRules(t testing.TB) *Rules {
	t.Helper()
	r, err := New(nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// sheetGame is the source's example game (in the rules' test vectors): cell, edge, flips.
var sheetGame = []struct {
	cell  string
	edge  Edge
	flips string
}{
	{"d1", N, ""},
	{"e8", S, ""},
	{"c1", N, "d1"},
	{"h5", E, ""},
	{"e7", S, "e8"},
	{"c2", N, "c1"},
	{"g5", E, "h5"},
	{"a4", W, ""},
	{"d2", N, "c2 d1"},
	{"f5", E, "g5"},
	{"e6", S, "e7"},
	{"e1", N, "d1"},
	{"h2", E, ""},
	{"d8", S, "e8"},
	{"a5", W, "a4"},
	{"e2", N, "d2 e1"},
	{"h1", E, "h2"},
	{"e5", S, "e6 f5"},
}

// sheetLegal are the legal-move sets the diagrams list, by move number (1-based).
var sheetLegal = map[int]string{
	1:  "a1 b1 c1 d1 e1 f1 g1 h1",
	2:  "h1 h2 h3 h4 h5 h6 h7 a8 b8 c8 d8 e8 f8 g8",
	3:  "a2 a3 a4 a5 a6 a7 a8 b1 c1 d2 e1 f1 g1 h1",
	4:  "h1 h2 h3 h4 h5 h6 h7 a8 b8 c8 d8 e7 f8 g8",
	13: "h1 h2 h3 h4 h6 h7 a8 b8 c8 d8 f8 g8",
	17: "h1 g2 h3 h4 h6 h7 a8 b8 c8 d7 f8 g8",
}

func TestSheetGame(t *testing.T) {
	r := mustRules(t)
	g := r.Geometry()
	s := r.Start().(*State)
	for i, mv := range sheetGame {
		n := i + 1
		if want, ok := sheetLegal[n]; ok {
			if got := legalText(s); got != sorted(want) {
				t.Errorf("before move %d: legal %s, want %s", n, got, sorted(want))
			}
		}
		m, err := r.ParseMove(mv.cell)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Validate(m); err != nil {
			t.Fatalf("move %d %s: %v", n, mv.cell, err)
		}
		if e := s.Edge(m); e != mv.edge {
			t.Errorf("move %d %s enters from %v, want %v", n, mv.cell, e, mv.edge)
		}
		if got := names(g, s.Footprint(m).Flipped); got != mv.flips {
			t.Errorf("move %d %s flips %q, want %q", n, mv.cell, got, mv.flips)
		}
		s.Play(m)
		o := s.Outcome()
		if n < len(sheetGame) && o.Over {
			t.Fatalf("game over after move %d: %+v", n, o)
		}
	}
	if o := s.Outcome(); !o.Won(White) || o.Reason != "line of four" {
		t.Errorf("after move 18: %+v, want White to win with e5-e8", o)
	}
	if got := names(g, s.WinningSquares()); got != "e5 e6 e7 e8" {
		t.Errorf("after move 18: winning squares %q, want e5 e6 e7 e8", got)
	}
	const final = "..WWB..B/..BWW..W/......../B......./B...WBWB/....W.../....W.../...WW... b S"
	if got := s.String(); got != final {
		t.Errorf("final position\n%s\nwant\n%s", got, final)
	}
	if len(s.Legal(nil)) != 0 {
		t.Error("a finished game has no moves")
	}
	for range sheetGame {
		s.Undo()
	}
	if s.String() != r.Start().String() || s.Hash() != r.Start().Hash() {
		t.Errorf("undoing the game gives %s", s)
	}
}

// TestThreat checks the sheet's analysis after move 16: whatever Black plays, White wins, an
// East entry met by e5 and a South entry by f1.
func TestThreat(t *testing.T) {
	r := mustRules(t)
	s := r.Start()
	for _, mv := range sheetGame[:16] {
		if _, err := engine.Play(s, mv.cell); err != nil {
			t.Fatal(err)
		}
	}
	replies := s.Legal(nil)
	if len(replies) != 12 {
		t.Fatalf("Black has %d replies, want 12", len(replies))
	}
	for _, m := range replies {
		answer := "f1"
		if s.(*State).Edge(m) == E {
			answer = "e5"
		}
		s.Play(m)
		if _, err := engine.Play(s, answer); err != nil {
			t.Errorf("after %s: %v", r.FormatMove(m), err)
		} else if o := s.Outcome(); !o.Won(White) {
			t.Errorf("%s %s: %+v, want a White win", r.FormatMove(m), answer, o)
		} else {
			s.Undo()
		}
		s.Undo()
	}
}

func TestDecisions(t *testing.T) {
	r := mustRules(t)
	// the opponent's line: Black's e6 turns e5 White and completes White's b5-e5 only.
	s, err := r.ParsePosition("......../......../......../......../.WWWB.../......../....W.../....W... b E")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := engine.Play(s, "e6"); err != nil {
		t.Fatal(err)
	}
	if o := s.Outcome(); !o.Won(White) || !strings.Contains(o.Reason, "opponent") {
		t.Errorf("#21: %+v, want White to win by the line Black's move made", o)
	}
	if got := names(r.Geometry(), engine.WinningSquares(s)); got != "b5 c5 d5 e5" {
		t.Errorf("#21: winning squares %q, want White's b5-e5", got)
	}

	// The double-win ban: the same move with Black's c8-d7-e6-f5 diagonal too.
	s, err = r.ParsePosition("......../......../......../......../.WWWBB../......../...BW.../..B.W... b E")
	if err != nil {
		t.Fatal(err)
	}
	m, _ := r.ParseMove("e6")
	if err := s.Validate(m); !errors.Is(err, engine.ErrIllegal) || !strings.Contains(err.Error(), "both colours") {
		t.Errorf("double win: %v", err)
	}
	if slices.Contains(s.Legal(nil), m) {
		t.Error("double win offered as legal")
	}

	// one empty cell is always ambiguous (the ambiguity ban), so no move: a draw.
	var rows []string
	for rank := range 8 {
		row := []byte("........")
		for file := range 8 {
			row[file] = "BW"[(file/2+rank)%2]
		}
		rows = append(rows, string(row))
	}
	rows[3] = rows[3][:3] + "." + rows[3][4:]
	s, err = r.ParsePosition(strings.Join(rows, "/") + " w N")
	if err != nil {
		t.Fatal(err)
	}
	if o := s.Outcome(); !o.IsDraw() || o.Reason != "no legal move" {
		t.Errorf("#22 on %s: %+v, want a draw", s, o)
	}
	if b := engine.WinningSquares(s); b != 0 {
		t.Errorf("#22: a draw with winning squares %x", b)
	}
}

func TestValidateReasons(t *testing.T) {
	r := mustRules(t)
	s := r.Start()
	for _, mv := range sheetGame[:12] {
		if _, err := engine.Play(s, mv.cell); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct{ move, want string }{
		{"h8", "both active edges (E or S)"},
		{"e5", "ambiguous"},
		{"d1", "occupied"},
		{"a1", "no disc entering from the E or S edge lands"},
		{"h2", ""},
	} {
		enginetest.Validates(t, s, c.move, c.want)
	}
	if _, err := r.ParseMove("i1"); err == nil {
		t.Error("i1 parsed")
	}
}

func TestParseErrors(t *testing.T) {
	r := mustRules(t)
	empty := "......../......../......../......../......../......../......../........"
	for _, c := range []struct{ text, want string }{
		{empty + " b", "want <rows>"},
		{empty + " x -", "side to move"},
		{empty + " b Q", "last edge"},
		{"......../......../......../......../......../......../......../...B.... b -", "no last edge"},
		{"......../......../......../......../......../......../........ b N", "7 rows"},
		{"......../......../..x...../......../......../......../......../........ b N", "at c3"},
	} {
		if _, err := r.ParsePosition(c.text); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParsePosition(%q) = %v, want %q", c.text, err, c.want)
		}
	}
	if _, err := New(map[string]string{"x": "1"}); !errors.Is(err, engine.ErrUnknownSetting) {
		t.Errorf("a setting for Krypte: %v", err)
	}
}

func TestHasLine(t *testing.T) {
	r := mustRules(t)
	g := r.Geometry()
	at := func(list string) engine.Bitboard {
		var b engine.Bitboard
		for _, n := range strings.Fields(list) {
			s, _ := g.ParseSquare(n)
			b |= engine.Bit(s)
		}
		return b
	}
	for _, c := range []struct {
		squares string
		want    bool
	}{
		{"a1 b1 c1 d1", true},
		{"e3 f3 g3 h3", true},
		{"f3 g3 h3 a4", false}, // no wrapping round the edge
		{"h1 a2 b2 c2", false},
		{"c1 c2 c3 c4", true},
		{"h5 h6 h7 h8", true},
		{"a1 b2 c3 d4", true},
		{"e5 f6 g7 h8", true},
		{"f6 g7 h8 a2", false},
		{"d1 c2 b3 a4", true},
		{"h5 g6 f7 e8", true},
		{"b1 a2 h2 g3", false},
		{"a1 b1 c1 e1", false},
		{"a1 b2 c3 e5", false},
	} {
		if got := hasLine(at(c.squares)); got != c.want {
			t.Errorf("hasLine(%s) = %v", c.squares, got)
		}
	}
}

// TestFaces: a face is the same side of the disc in every game (engine.Face1 is the light
// side up), so the sensors of one board read Krypte and Quad Wrangle alike.
func TestFaces(t *testing.T) {
	r := mustRules(t)
	s := r.Start()
	for _, m := range []string{"d1", "e8", "c1"} { // c1 turns d1 over to White
		if _, err := engine.Play(s, m); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		sq   string
		want engine.Piece
	}{{"c1", engine.Face2}, {"d1", engine.Face1}, {"e8", engine.Face1}, {"e5", engine.Empty}} {
		sq, _ := r.Geometry().ParseSquare(c.sq)
		if got := s.PieceAt(sq); got != c.want {
			t.Errorf("%s: piece %d, want %d", c.sq, got, c.want)
		}
	}
}
