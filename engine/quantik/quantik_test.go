package quantik

import (
	"errors"
	"fmt"
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

func mustRules(t testing.TB, overrides map[string]string) *Rules {
	t.Helper()
	r, err := New(overrides)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func mustParse(t testing.TB, r *Rules, text string) *State {
	t.Helper()
	s, err := r.ParsePosition(text)
	if err != nil {
		t.Fatal(err)
	}
	return s.(*State)
}

// TestQk1 is the rules' test vector Qk-1: the placement that fills a column with four different shapes
// wins, whatever their colours; so do a row and a quadrant.
func TestQk1(t *testing.T) {
	r := mustRules(t, nil)
	for _, c := range []struct {
		name, pos, move string
		winner          int
		reason          string
		figure          string // the squares drawn at game over
	}{
		{"column c, mixed colours", "..../..S./..y./..C. d", "Pc4", Dark, "four shapes in a column", "c1 c2 c3 c4"},
		{"column c, three of one colour", "..../..S./p.Y./ysC. l", "Pc4", Light, "four shapes in a column", "c1 c2 c3 c4"},
		{"rank 1", "..../..../..../Cy.s l", "Pc1", Light, "four shapes in a row", "a1 b1 c1 d1"},
		{"quadrant c3-d4", "..Y./..Cs/..../.... d", "Pd4", Dark, "four shapes in a quadrant", "c3 d3 c4 d4"},
		{"rank 1 and file d at once", "...S/...c/...Y/Cys. l", "Pd1", Light, "four shapes in a row", "a1 b1 c1 d1 d2 d3 d4"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := mustParse(t, r, c.pos)
			if o := s.Outcome(); o.Over {
				t.Fatalf("over before the move: %+v", o)
			}
			if _, err := engine.Play(s, c.move); err != nil {
				t.Fatal(err)
			}
			o := s.Outcome()
			if !o.Won(c.winner) || o.Won(1-c.winner) || o.Reason != c.reason {
				t.Errorf("after %s: %+v, want %s to win (%s)", c.move, o, r.PlayerName(c.winner), c.reason)
			}
			var figure engine.Bitboard
			for _, n := range strings.Fields(c.figure) {
				sq, _ := r.Geometry().ParseSquare(n)
				figure |= engine.Bit(sq)
			}
			if got := s.WinningSquares(); got != figure {
				t.Errorf("after %s: winning squares %x, want %s", c.move, got, c.figure)
			}
			if n := len(s.Legal(nil)); n != 0 {
				t.Errorf("a finished game has %d moves", n)
			}
			m, _ := r.ParseMove("Ca1")
			if err := s.Validate(m); !errors.Is(err, engine.ErrIllegal) || !strings.Contains(err.Error(), "game is over") {
				t.Errorf("a move after the end: %v", err)
			}
		})
	}
}

// TestQk2 is the rules' test vector Qk-2, exactly as written: a Dark cube on b2 keeps Light's cubes off
// a2 c2 d2 (its row), b1 b3 b4 (its column) and a1 (its quadrant); c1 and d4 are allowed,
// and Dark's own second cube may go on a1.
func TestQk2(t *testing.T) {
	r := mustRules(t, nil)
	light := mustParse(t, r, "..../..../.c../.... l")
	for _, c := range []struct {
		cells, why string
	}{
		{"a2 c2 d2", "in the same row"},
		{"b1 b3 b4", "in the same column"},
		{"a1", "in the same quadrant"},
		{"b2", "occupied"},
		{"c1 d4 d1 a3 c3 d3 a4 c4", ""},
	} {
		for _, cell := range strings.Fields(c.cells) {
			m, err := r.ParseMove("C" + cell)
			if err != nil {
				t.Fatal(err)
			}
			err = light.Validate(m)
			switch {
			case c.why == "" && err != nil:
				t.Errorf("Light's cube on %s refused: %v", cell, err)
			case c.why != "" && (!errors.Is(err, engine.ErrIllegal) || !strings.Contains(err.Error(), c.why)):
				t.Errorf("Light's cube on %s: %v, want refused %q", cell, err, c.why)
			}
		}
	}
	var cubes []string
	for _, m := range light.Legal(nil) {
		if k, sq, _ := Placement(m); k == Cube {
			cubes = append(cubes, r.Geometry().Name(sq))
		}
	}
	if got := sorted(strings.Join(cubes, " ")); got != sorted("c1 d1 a3 c3 d3 a4 c4 d4") {
		t.Errorf("Light's cube moves: %s", got)
	}
	// Light's other shapes go anywhere empty.
	if n := len(light.Legal(nil)); n != 8+3*15 {
		t.Errorf("Light has %d moves, want 53", n)
	}

	dark := mustParse(t, r, "..../..../.c../.... d")
	if _, err := engine.Play(dark, "Ca1"); err != nil {
		t.Errorf("Dark's second cube on a1: %v", err)
	}
	if _, err := engine.Play(dark, "Yd3"); err != nil {
		t.Fatal(err)
	}
	m, _ := r.ParseMove("Cd4")
	if err := dark.Validate(m); !errors.Is(err, engine.ErrIllegal) || !strings.Contains(err.Error(), "Dark has no cube left") {
		t.Errorf("a third cube: %v", err)
	}
}

// TestQk3 is the rules' test vector Qk-3: a full row with a repeated shape (two of Light's cubes) is no
// win, and the game goes on.
func TestQk3(t *testing.T) {
	r := mustRules(t, nil)
	for _, c := range []struct{ pos, move string }{
		{"..../..../..../CyC. d", "Sd1"},
		{"C.../y.../C.../.... d", "Sa1"}, // column a
		{"...p/..../yS../C... l", "Cb1"}, // quadrant a1-b2
	} {
		s := mustParse(t, r, c.pos)
		if _, err := engine.Play(s, c.move); err != nil {
			t.Errorf("%s %s: %v", c.pos, c.move, err)
			continue
		}
		if o := s.Outcome(); o.Over {
			t.Errorf("%s %s: %+v, want the game to go on", c.pos, c.move, o)
		}
		if len(s.Legal(nil)) == 0 {
			t.Errorf("%s %s: no moves", c.pos, c.move)
		}
	}
}

// TestNoMoveLoses: a player who cannot place a piece loses, whether every cell his
// pieces could take is blocked or he has no piece left.
func TestNoMoveLoses(t *testing.T) {
	r := mustRules(t, nil)
	for _, c := range []struct{ name, pos string }{
		// Light holds a cylinder and two pyramids: Dark's cylinders on a1 and d4 and its
		// pyramids on a3 and d1 block all six empty cells.
		{"blocked", "C.Sy/ps../.CY./y.Sp l"},
		// Sixteen placements and no region of four shapes: Light has no piece left.
		{"no piece left", "SSyc/YCss/YCPP/ppyc l"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := mustParse(t, r, c.pos)
			if s.line != noRegion {
				t.Fatalf("%s has a complete region", c.pos)
			}
			if n := len(s.Legal(nil)); n != 0 {
				t.Fatalf("Light has %d moves", n)
			}
			if o := s.Outcome(); !o.Won(Dark) || o.Won(Light) || o.Reason != "no move" {
				t.Errorf("%+v, want Dark to win (no move)", o)
			}
			if b := s.WinningSquares(); b != 0 {
				t.Errorf("a win by no move has winning squares %x, want none", b)
			}
		})
	}
	s := mustParse(t, r, "C.Sy/ps../.CY./y.Sp l")
	if got := s.InHand(Light, Cylinder) + s.InHand(Light, Pyramid); got != 3 {
		t.Errorf("Light holds %d cylinders and pyramids, want 3", got)
	}
	if got := s.Outcome().Text(r); got != "Dark wins (no move)" {
		t.Errorf("outcome text %q", got)
	}
}

func TestValidateReasons(t *testing.T) {
	r := mustRules(t, nil)
	s := mustParse(t, r, ".c../..../.Y../Y.p. l")
	for _, c := range []struct{ move, want string }{
		{"Cb2", "b2 is occupied"},
		{"Yd4", "Light has no cylinder left"},
		{"Ca4", "a4 is blocked by Dark's cube on b4, in the same row"},
		{"Cb3", "b3 is blocked by Dark's cube on b4, in the same column"},
		{"Ca3", "a3 is blocked by Dark's cube on b4, in the same quadrant"},
		{"Pd1", "d1 is blocked by Dark's pyramid on c1, in the same row"},
		{"Sb1", ""},
		{"Cc3", ""},
	} {
		enginetest.Validates(t, s, c.move, c.want)
	}
	for _, m := range []engine.Move{0, 15, 80, 1 << 20} {
		if err := s.Validate(m); !errors.Is(err, engine.ErrIllegal) {
			t.Errorf("move %#x: %v", uint32(m), err)
		}
	}
}

func TestNotation(t *testing.T) {
	r := mustRules(t, nil)
	seen := map[string]bool{}
	for k := range Shape(4) {
		for sq := range engine.Square(16) {
			m := MoveOf(k, sq)
			if m == 0 {
				t.Fatal("the zero move places a piece")
			}
			text := r.FormatMove(m)
			if back, err := r.ParseMove(text); err != nil || back != m {
				t.Errorf("%s reads back as %v, %v", text, back, err)
			}
			seen[text] = true
		}
	}
	if len(seen) != 64 || !seen["Ca1"] || !seen["Yb2"] || !seen["Sc3"] || !seen["Pd4"] {
		t.Errorf("move names: %v", seen)
	}
	for _, bad := range []string{"", "C", "cb2", "Xb2", "Ce1", "Ca5", "Cb22", "b2", "C b2"} {
		if m, err := r.ParseMove(bad); err == nil {
			t.Errorf("ParseMove(%q) = %#x", bad, uint32(m))
		}
	}
	if got := r.FormatMove(0); got != "?0" {
		t.Errorf("FormatMove(0) = %q", got)
	}
}

func TestParseErrors(t *testing.T) {
	r := mustRules(t, nil)
	for _, c := range []struct{ text, want string }{
		{"..../..../..../....", "want <ranks> <side to move>"},
		{"..../..../..../.... l x", "want <ranks> <side to move>"},
		{"..../..../..../.... w", "side to move"},
		{"..../..../..../.... ld", "side to move"},
		{"..../..../.... l", "3 ranks, want 4"},
		{"..../..../..../..../.... l", "5 ranks, want 4"},
		{"..../...../..../.... l", "rank 3 \".....\" has 5 cells"},
		{"..../..../..../... l", "rank 1 \"...\" has 3 cells"},
		{"..../..x./..../.... l", "'x' at c3"},
		{"..../..../..../c..Q l", "'Q' at d1"},
		{"CC../C.../..../.... d", "3 Light cubes, a player has 2"},
		{"pp../..../..../...p l", "3 Dark pyramids"},
	} {
		if _, err := r.ParsePosition(c.text); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParsePosition(%q) = %v, want %q", c.text, err, c.want)
		}
	}
	// Both players' two pieces of every shape: a full, legal count.
	if _, err := r.ParsePosition("CCYY/SSPP/ccyy/sspp l"); err != nil {
		t.Error(err)
	}
}

func TestSettings(t *testing.T) {
	if got := mustRules(t, nil).Settings().String(); got != "first=light seed=1" {
		t.Errorf("defaults: %s", got)
	}
	if s := mustRules(t, nil).Start(); s.Turn() != Light || s.String() != "..../..../..../.... l" {
		t.Errorf("the default start: %s", s)
	}
	if s := mustRules(t, map[string]string{"first": "dark"}).Start(); s.Turn() != Dark || s.String() != "..../..../..../.... d" {
		t.Errorf("first=dark: %s", s)
	}
	// random: the seed decides, the same way every time; the journal records the seed.
	firsts := ""
	for seed := range 12 {
		o := map[string]string{"first": "random", "seed": fmt.Sprint(seed)}
		a, b := mustRules(t, o), mustRules(t, o)
		if a.First() != b.First() || a.Start().Turn() != a.First() {
			t.Fatalf("seed %d draws %d then %d", seed, a.First(), b.First())
		}
		firsts += "ld"[a.First() : a.First()+1]
	}
	const want = "lllldldllldd"
	if firsts != want {
		t.Errorf("seeds 0-11 draw %s, they drew %s when the journal format was fixed", firsts, want)
	}
	for _, bad := range []map[string]string{{"first": "white"}, {"seed": "-1"}, {"cap": "3"}} {
		if _, err := New(bad); err == nil || !strings.HasPrefix(err.Error(), "quantik: ") {
			t.Errorf("New(%v): %v", bad, err)
		}
	}
	if _, err := New(map[string]string{"x": "1"}); !errors.Is(err, engine.ErrUnknownSetting) {
		t.Errorf("an unknown setting: %v", err)
	}
	defs := SettingDefs()
	defs[0].Default = "dark"
	if SettingDefs()[0].Default != "light" {
		t.Error("SettingDefs hands out the package's own slice")
	}
}

func TestContract(t *testing.T) {
	games := 200
	if short() {
		games = 20
	}
	for _, first := range []string{"light", "dark", "random"} {
		t.Run(first, func(t *testing.T) {
			enginetest.Contract(t, mustRules(t, map[string]string{"first": first}), games)
		})
	}
}

// TestPiecesAndRack: the sensors' codes of the pieces, the rack's slots, and what leaves
// the rack with each placement.
func TestPiecesAndRack(t *testing.T) {
	r := mustRules(t, nil)
	var _ engine.Racked = r
	var _ engine.Solvable = r
	var _ engine.RackState = r.Start().(*State)
	want := []engine.Piece{5, 5, 9, 9, 13, 13, 17, 17, 6, 6, 10, 10, 14, 14, 18, 18}
	if got := r.Rack(); !slices.Equal(got, want) {
		t.Errorf("rack %v, want %v", got, want)
	}
	for _, p := range r.Rack() {
		if p.Identity() < 1 || p.Identity() > 4 || p.Face() != uint8(engine.Face1) && p.Face() != uint8(engine.Face2) {
			t.Errorf("piece %d: face %d identity %d", p, p.Face(), p.Identity())
		}
	}
	s := r.Start()
	for _, mv := range []string{"Cb2", "Ya1", "Cd4"} {
		if _, err := engine.Play(s, mv); err != nil {
			t.Fatal(err)
		}
	}
	g := r.Geometry()
	for _, c := range []struct {
		sq   string
		want engine.Piece
	}{
		{"b2", PieceOf(Light, Cube)}, {"a1", PieceOf(Dark, Cylinder)}, {"d4", PieceOf(Light, Cube)}, {"c3", engine.Empty},
	} {
		sq, _ := g.ParseSquare(c.sq)
		if got := s.PieceAt(sq); got != c.want {
			t.Errorf("%s: piece %d, want %d", c.sq, got, c.want)
		}
	}
	if PieceOf(Light, Cube) != engine.Face1|1<<2 || PieceOf(Dark, Pyramid) != engine.Face2|4<<2 {
		t.Error("Light shows face 1, Dark face 2; the identity is the shape plus one")
	}
	rs := s.(engine.RackState)
	for _, c := range []struct {
		p    engine.Piece
		want int
	}{
		{PieceOf(Light, Cube), 0}, {PieceOf(Dark, Cylinder), 1}, {PieceOf(Dark, Cube), 2}, {PieceOf(Light, Sphere), 2},
		{engine.Empty, 0}, {engine.Face1, 0}, {3 | 1<<2, 0}, {1 | 5<<2, 0},
	} {
		if got := rs.InRack(c.p); got != c.want {
			t.Errorf("InRack(%d) = %d, want %d", c.p, got, c.want)
		}
	}
	m, _ := r.ParseMove("Sc3")
	f := s.Footprint(m)
	if names(g, f.Filled) != "c3" || f.From != engine.Supply || f.Piece != PieceOf(Dark, Sphere) || f.Rack != f.Piece ||
		f.Emptied|f.Flipped|f.Replaced|f.Touched != 0 {
		t.Errorf("footprint of Dark's Sc3: %+v", f)
	}
	if s.Score(Light) != 2 || s.Score(Dark) != 1 || s.Ply() != 3 {
		t.Errorf("score %d-%d after 3 plies (%d)", s.Score(Light), s.Score(Dark), s.Ply())
	}
}

func TestGeometry(t *testing.T) {
	r := mustRules(t, nil)
	g := r.Geometry()
	if g.Files != 4 || g.Ranks != 4 || g.Rank1Top {
		t.Errorf("geometry %dx%d, rank 1 on top %v", g.Files, g.Ranks, g.Rank1Top)
	}
	for _, c := range []struct{ sq, zone string }{
		{"a1", "a1 b1 c1 d1 a2 a3 a4 b2"},
		{"c3", "a3 b3 c3 d3 c1 c2 c4 d4"},
		{"b4", "a4 b4 c4 d4 b1 b2 b3 a3"},
		{"d2", "a2 b2 c2 d2 d1 d3 d4 c1"},
	} {
		sq, _ := g.ParseSquare(c.sq)
		if got := names(g, zone[sq]); got != sorted(c.zone) {
			t.Errorf("zone of %s: %s, want %s", c.sq, got, sorted(c.zone))
		}
	}
	if got := legalText(r.Start()); len(strings.Fields(got)) != 64 {
		t.Errorf("start: %s", got)
	}
}
