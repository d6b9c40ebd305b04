package push4

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/enginetest"
)

// The helpers every game test shares.
var (
	cellNames = enginetest.Names
	sorted    = enginetest.Sorted
	legalText = enginetest.LegalText
)

// short reports whether the long tests (deep perft, naive counts) run shorter: with -short,
// and under the race detector.
func short() bool { return enginetest.Short() }

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

func play(t testing.TB, s engine.State, moves ...string) {
	t.Helper()
	for _, m := range moves {
		if _, err := engine.Play(s, m); err != nil {
			t.Fatal(err)
		}
	}
}

const allMoves = "Na Nb Nc Nd Ne Nf E1 E2 E3 E4 E5 E6 Sa Sb Sc Sd Se Sf W1 W2 W3 W4 W5 W6"

func TestStart(t *testing.T) {
	r := mustRules(t, nil)
	s := r.Start().(*State)
	if got, want := s.String(), "....../....../....../....../....../...... r 0"; got != want {
		t.Errorf("start %q, want %q", got, want)
	}
	if got := legalText(s); got != sorted(allMoves) {
		t.Errorf("first moves %s", got)
	}
	for p := range 4 {
		if s.Hand(p) != 9 {
			t.Errorf("%s holds %d, want 9", r.PlayerName(p), s.Hand(p))
		}
	}
	if r.Players() != 4 || r.ID() != "push4" || s.Outcome().Over {
		t.Errorf("players %d, id %s, outcome %+v", r.Players(), r.ID(), s.Outcome())
	}
}

// TestFirstMoves: each of the 24 first insertions puts a Red marble on its entry cell and
// passes the turn to Blue.
func TestFirstMoves(t *testing.T) {
	r := mustRules(t, nil)
	g := r.Geometry()
	entries := map[string]string{
		"Na": "a6", "Nb": "b6", "Nc": "c6", "Nd": "d6", "Ne": "e6", "Nf": "f6",
		"Sa": "a1", "Sb": "b1", "Sc": "c1", "Sd": "d1", "Se": "e1", "Sf": "f1",
		"W1": "a1", "W2": "a2", "W3": "a3", "W4": "a4", "W5": "a5", "W6": "a6",
		"E1": "f1", "E2": "f2", "E3": "f3", "E4": "f4", "E5": "f5", "E6": "f6",
	}
	for _, m := range r.Start().Legal(nil) {
		s := r.Start().(*State)
		text := r.FormatMove(m)
		cell := entries[text]
		f := s.Footprint(m)
		if cellNames(g, f.Line) != cell || g.Name(f.Entry) != cell || f.Exit != engine.NoSquare ||
			cellNames(g, f.Filled) != cell || f.Replaced|f.Emptied|f.Touched|f.Flipped != 0 ||
			f.From != engine.Supply || f.To != engine.Nowhere || f.Piece != pieceOf(Red) {
			t.Errorf("%s: footprint %+v", text, f)
		}
		s.Play(m)
		sq, _ := g.ParseSquare(cell)
		if s.PieceAt(sq) != pieceOf(Red) || s.Marbles(Red) != engine.Bit(sq) || s.Turn() != Blue || s.Hand(Red) != 8 {
			t.Errorf("%s: %s, turn %d", text, s, s.Turn())
		}
	}
}

func TestPushes(t *testing.T) {
	r := mustRules(t, nil)
	g := r.Geometry()
	for _, c := range []struct {
		pos, move, after   string
		line, filled, repl string
		touched, exit      string
		hands              [4]int
	}{
		// A chain that stops short: a2 b2 move into c2; e2 is not part of the chain.
		{"....../....../....../....../RB..G./...... g 5", "W2", "....../....../....../....../GRB.G./...... y 6",
			"a2 b2 c2", "c2", "a2 b2", "a2 b2", "-", [4]int{8, 8, 7, 9}},
		// Down file c from the North: c6 c5 move into c4, stopping above c3's gap.
		{"..B.../..Y.../....../..R.../....../...... r", "Nc", "..R.../..B.../..Y.../..R.../....../...... b 1",
			"c4 c5 c6", "c4", "c5 c6", "c5 c6", "-", [4]int{7, 8, 9, 8}},
		// Up file f from the South, a chain of one of the mover's own marbles: f1 stays Red.
		{"....../....../....../....../....../.....R r", "Sf", "....../....../....../....../.....R/.....R b 1",
			"f1 f2", "f2", "", "f1", "-", [4]int{7, 9, 9, 9}},
		// A full rank from the East: a1's Red marble falls off and goes back to Red.
		{"....../....../....../....../....../RBGYRB y", "E1", "....../....../....../....../....../BGYRBY r 1",
			"a1 b1 c1 d1 e1 f1", "", "a1 b1 c1 d1 e1 f1", "a1 b1 c1 d1 e1 f1", "a1", [4]int{8, 7, 8, 7}},
		// A full file from the North whose bottom marble is the mover's: only the colours that
		// change are replaced.
		{"B...../B...../R...../R...../B...../R..... b", "Na", "B...../B...../B...../R...../R...../B..... g 1",
			"a1 a2 a3 a4 a5 a6", "", "a1 a2 a4", "a1 a2 a3 a4 a5 a6", "a1", [4]int{7, 5, 9, 9}},
	} {
		s := mustParse(t, r, c.pos)
		m, err := r.ParseMove(c.move)
		if err != nil {
			t.Fatal(err)
		}
		f := s.Footprint(m)
		name := func(b engine.Bitboard) string { return cellNames(g, b) }
		if name(f.Line) != c.line || name(f.Filled) != c.filled || name(f.Replaced) != c.repl ||
			name(f.Touched) != c.touched || g.Name(f.Exit) != c.exit || f.Emptied != 0 {
			t.Errorf("%s %s: footprint line %q filled %q replaced %q touched %q exit %s",
				c.pos, c.move, name(f.Line), name(f.Filled), name(f.Replaced), name(f.Touched), g.Name(f.Exit))
		}
		if want := engine.Supply; (c.exit != "-") != (f.To == want) {
			t.Errorf("%s %s: marble goes to %v", c.pos, c.move, f.To)
		}
		first := s.r.entries[m].path[0]
		if f.Entry != first || f.From != engine.Supply {
			t.Errorf("%s %s: entry %s from %v", c.pos, c.move, g.Name(f.Entry), f.From)
		}
		play(t, s, c.move)
		if s.String() != c.after {
			t.Errorf("%s %s: %s, want %s", c.pos, c.move, s, c.after)
		}
		for p := range 4 {
			if s.Hand(p) != c.hands[p] {
				t.Errorf("%s %s: %s holds %d, want %d", c.pos, c.move, r.PlayerName(p), s.Hand(p), c.hands[p])
			}
		}
	}
}

// TestSkip: players with an empty hand are passed over, and a marble pushed off
// brings its owner back into the turn.
func TestSkip(t *testing.T) {
	r := mustRules(t, nil)
	s := mustParse(t, r, "BBBGGG/BBBGGG/BBBGGG/....../....../...... r")
	play(t, s, "Sa")
	if s.Turn() != Yellow {
		t.Errorf("after Red's Sa with Blue and Green empty-handed: %s to move, want Yellow", r.PlayerName(s.Turn()))
	}
	// Yellow's and Red's pushes up file a fill it: the fourth push makes a6's Blue marble
	// fall off, but Red comes before Blue; the fifth, Red's, brings Blue in.
	play(t, s, "Sa", "Sa", "Sa")
	if s.Turn() != Red || s.Hand(Blue) != 1 {
		t.Errorf("after Yellow's push off the board: %s to move, Blue holds %d", r.PlayerName(s.Turn()), s.Hand(Blue))
	}
	play(t, s, "Sa")
	if got := s.String(); got != "BBBGGG/RBBGGG/YBBGGG/R...../Y...../R..... b 5" {
		t.Errorf("after five pushes up file a: %s", got)
	}
	if s.Hand(Blue) != 2 || s.Hand(Green) != 0 {
		t.Errorf("hands: Blue %d, Green %d", s.Hand(Blue), s.Hand(Green))
	}
	// The only player with a marble moves again and again.
	s = mustParse(t, r, "BBBGGG/BBBGGG/BBBGGG/YYY.../YYY.../YYY... r")
	play(t, s, "Nf")
	if s.Turn() != Red || s.Hand(Red) != 8 {
		t.Errorf("Red alone holds marbles: %s to move, Red holds %d", r.PlayerName(s.Turn()), s.Hand(Red))
	}
	if _, err := r.ParsePosition("BBBGGG/BBBGGG/BBBGGG/....../....../...... b"); err == nil {
		t.Error("Blue to move with no marble in hand parsed")
	}
}

// TestLines: lines of several players, and the line rule: orthogonal only.
func TestLines(t *testing.T) {
	r := mustRules(t, nil)
	for _, c := range []struct {
		pos, move string
		winner    int
		reason    string
		figure    string // the winner's line, drawn at game over; the others' are not
	}{
		// Green's W1 completes Red's file b and Yellow's file c: Yellow, next after Green.
		{"....../....../.RY.../.RY.../.RY.../RY.... g", "W1", Yellow, "line of four made by Green's push", "c1 c2 c3 c4"},
		// Blue's W1 completes the same two: Green has none, so Yellow comes before Red.
		{"....../....../.RY.../.RY.../.RY.../RY.... b", "W1", Yellow, "line of four made by Blue's push", "c1 c2 c3 c4"},
		// Yellow's W1 completes Red's file b and Blue's file c: after Yellow comes Red.
		{"....../....../.RB.../.RB.../.RB.../RB.... y", "W1", Red, "line of four made by Yellow's push", "b1 b2 b3 b4"},
		// The same push also completes Green's own file a: the mover wins.
		{"....../....../GRY.../GRY.../GRY.../RY.... g", "W1", Green, "line of four", "a1 a2 a3 a4"},
		// Four across, made by the mover.
		{"....../....../....../....../....../.BBB.. b", "W1", Blue, "line of four", "a1 b1 c1 d1"},
	} {
		s := mustParse(t, r, c.pos)
		play(t, s, c.move)
		if o := s.Outcome(); !o.Over || o.Winners != 1<<c.winner || o.Reason != c.reason {
			t.Errorf("%s %s: %+v, want %s to win (%s)", c.pos, c.move, o, r.PlayerName(c.winner), c.reason)
		}
		if len(s.Legal(nil)) != 0 {
			t.Errorf("%s %s: a finished game has moves", c.pos, c.move)
		}
		var figure engine.Bitboard
		for _, n := range strings.Fields(c.figure) {
			sq, _ := r.Geometry().ParseSquare(n)
			figure |= engine.Bit(sq)
		}
		if got := engine.WinningSquares(s); got != figure {
			t.Errorf("%s %s: winning squares %x, want %s", c.pos, c.move, got, c.figure)
		}
		m, _ := r.ParseMove("Na")
		if err := s.Validate(m); !errors.Is(err, engine.ErrIllegal) || !strings.Contains(err.Error(), "over") {
			t.Errorf("%s %s: Validate after the end: %v", c.pos, c.move, err)
		}
	}
	g := r.Geometry()
	at := func(list string) engine.Bitboard {
		var b engine.Bitboard
		for _, n := range strings.Fields(list) {
			sq, _ := g.ParseSquare(n)
			b |= engine.Bit(sq)
		}
		return b
	}
	for _, c := range []struct {
		squares string
		want    bool
	}{
		{"a1 b1 c1 d1", true},
		{"c6 d6 e6 f6", true},
		{"e1 f1 a2 b2", false}, // no wrapping round the edge
		{"f2 a3 b3 c3", false},
		{"d3 e3 f3 a4", false},
		{"a1 a2 a3 a4", true},
		{"f3 f4 f5 f6", true},
		{"a1 b2 c3 d4", false}, // no diagonals
		{"d1 c2 b3 a4", false},
		{"a1 b1 c1 e1", false},
		{"a1 a2 a3 a5", false},
	} {
		if got := hasLine(at(c.squares)); got != c.want {
			t.Errorf("hasLine(%s) = %v", c.squares, got)
		}
	}
}

// lineFree is a full board with nine of each colour and no line: colour (file+2·rank) mod 4.
func lineFree() []string {
	var rows []string
	for rank := Size - 1; rank >= 0; rank-- {
		var row []byte
		for file := range Size {
			row = append(row, letters[(file+2*rank)%4])
		}
		rows = append(rows, string(row))
	}
	return rows
}

func TestBoardFull(t *testing.T) {
	r := mustRules(t, nil)
	rows := lineFree()
	full := strings.Join(rows, "/")
	// The last marble goes in: Red's W1 pushes b1-f1's five marbles to complete rank 1.
	rows[Size-1] = rows[Size-1][1:] + "."
	s := mustParse(t, r, strings.Join(rows, "/")+" r")
	if s.Hand(Red) != 1 || s.Hand(Blue)+s.Hand(Green)+s.Hand(Yellow) != 0 {
		t.Fatalf("%s: hands %d %d %d %d", s, s.Hand(0), s.Hand(1), s.Hand(2), s.Hand(3))
	}
	if got := legalText(s); got != sorted(allMoves) {
		t.Errorf("one marble left: %s", got)
	}
	play(t, s, "W1")
	if !strings.HasPrefix(s.String(), full+" ") {
		t.Errorf("after the last marble: %s, want %s", s, full)
	}
	if o := s.Outcome(); !o.IsDraw() || o.Reason != "board full" {
		t.Errorf("full board: %+v", o)
	}
	if len(s.Legal(nil)) != 0 {
		t.Error("a full board has moves")
	}
	if p, err := r.ParsePosition(full + " b"); err != nil || !p.Outcome().IsDraw() {
		t.Errorf("a full board parses with anyone to move: %v", err)
	}
}

// TestRepetition: the third time a position with the same player to move occurs,
// the game is drawn. Red alone holds a marble and pushes rank 1 back and forth.
func TestRepetition(t *testing.T) {
	r := mustRules(t, nil)
	rows := lineFree()
	rows[4] = rows[4][:2] + "." + rows[4][3:] // take one Red marble off c2
	s := mustParse(t, r, strings.Join(rows, "/")+" r")
	start := s.String()
	for i, m := range []string{"E1", "W1", "E1", "W1"} {
		if o := s.Outcome(); o.Over {
			t.Fatalf("over before move %d: %+v", i+1, o)
		}
		play(t, s, m)
		if s.Turn() != Red {
			t.Fatalf("after %s: %s to move", m, r.PlayerName(s.Turn()))
		}
	}
	if s.String() != strings.Replace(start, " 0", " 4", 1) {
		t.Fatalf("E1 W1 E1 W1 gives %s, not %s", s, start)
	}
	if o := s.Outcome(); !o.IsDraw() || o.Reason != "threefold repetition" {
		t.Errorf("third occurrence: %+v", o)
	}
	if n := len(s.Legal(nil)); n != 24 {
		t.Errorf("Legal follows the position only: %d moves", n)
	}
	s.Undo()
	if o := s.Outcome(); o.Over {
		t.Errorf("after three moves: %+v", o)
	}
}

func TestMoveCap(t *testing.T) {
	r := mustRules(t, map[string]string{"move-cap": "3"})
	s := r.Start()
	play(t, s, "Na", "Nb", "Nc")
	if o := s.Outcome(); !o.IsDraw() || o.Reason != "move cap" {
		t.Errorf("after 3 insertions with move-cap=3: %+v", o)
	}
	s = mustRules(t, map[string]string{"move-cap": "0"}).Start()
	play(t, s, strings.Fields("Na Nb Nc Nd Ne Nf Sa Sb Sc Sd Se Sf")...)
	if o := s.Outcome(); o.Over {
		t.Errorf("no cap: %+v", o)
	}
	if got := mustRules(t, nil).Settings().Int("move-cap"); got != 400 {
		t.Errorf("default move cap %d", got)
	}
}

func TestFirst(t *testing.T) {
	for _, c := range []struct {
		first string
		want  int
	}{{"", Red}, {"red", Red}, {"blue", Blue}, {"green", Green}, {"yellow", Yellow}} {
		o := map[string]string{}
		if c.first != "" {
			o["first"] = c.first
		}
		r := mustRules(t, o)
		s := r.Start()
		if s.Turn() != c.want || r.First() != c.want || !strings.HasSuffix(s.String(), " "+sideLetters[c.want:c.want+1]+" 0") {
			t.Errorf("first=%q: %s to move (%s)", c.first, r.PlayerName(s.Turn()), s)
		}
	}
	seen := map[int]bool{}
	for seed := range 40 {
		o := map[string]string{"first": "random", "seed": fmt.Sprint(seed)}
		a, b := mustRules(t, o), mustRules(t, o)
		if a.First() != b.First() {
			t.Fatalf("seed %d draws %d and %d", seed, a.First(), b.First())
		}
		seen[a.First()] = true
	}
	if len(seen) != 4 {
		t.Errorf("random first over 40 seeds drew only %v", seen)
	}
	if _, err := New(map[string]string{"first": "purple"}); err == nil {
		t.Error("first=purple accepted")
	}
	if _, err := New(map[string]string{"drop-last": "on"}); !errors.Is(err, engine.ErrUnknownSetting) {
		t.Errorf("unknown setting: %v", err)
	}
}

func TestNotation(t *testing.T) {
	r := mustRules(t, nil)
	for m := engine.Move(1); m <= moves; m++ {
		text := r.FormatMove(m)
		if back, err := r.ParseMove(text); err != nil || back != m {
			t.Errorf("%d: %s reads as %d, %v", m, text, back, err)
		}
	}
	for _, bad := range []string{"", "N", "Nca", "N1", "Ng", "W0", "W7", "Wa", "Ea", "X1", "nc", "S0"} {
		if _, err := r.ParseMove(bad); err == nil {
			t.Errorf("ParseMove(%q) accepted", bad)
		}
	}
	s := r.Start()
	if err := s.Validate(0); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("Validate(0) = %v", err)
	}
	empty := "....../....../....../....../....../......"
	for _, c := range []struct{ text, want string }{
		{empty, "want <ranks>"},
		{empty + " x", "player to move"},
		{empty + " r -1", "insertions"},
		{empty + " r 01", "insertions"},
		{"....../....../....../....../...... r", "5 ranks"},
		{"....../....../..x.../....../....../...... r", "at c4"},
		{"....../....../....../....../....../..... r", "rank 1"},
		{"RRRRR./RRRRR./....../....../....../...... b", "10 Red marbles"},
	} {
		if _, err := r.ParsePosition(c.text); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParsePosition(%q) = %v, want %q", c.text, err, c.want)
		}
	}
	if got := mustParse(t, r, empty+" g").String(); got != empty+" g 0" {
		t.Errorf("no insertion count: %s", got)
	}
}

// TestPieces: identity sensors tell the four colours apart; the face is always Face1.
func TestPieces(t *testing.T) {
	r := mustRules(t, nil)
	s := r.Start()
	play(t, s, "W1", "W2", "W3", "W4")
	g := r.Geometry()
	for p, cell := range []string{"a1", "a2", "a3", "a4"} {
		sq, _ := g.ParseSquare(cell)
		pc := s.PieceAt(sq)
		if pc.Face() != uint8(engine.Face1) || int(pc.Identity()) != p+1 || r.PieceName(pc) != letters[p:p+1] {
			t.Errorf("%s: piece %d (%s)", cell, pc, r.PieceName(pc))
		}
	}
}

func TestContract(t *testing.T) {
	games := 30
	if short() {
		games = 8
	}
	for _, first := range []string{"red", "green", "yellow", "random"} {
		t.Run(first, func(t *testing.T) {
			enginetest.Contract(t, mustRules(t, map[string]string{"first": first, "seed": "3"}), games)
		})
	}
	// With the cap off, random games run to a line, a full board or a repetition.
	enginetest.Contract(t, mustRules(t, map[string]string{"move-cap": "0"}), games/2)
}

func TestIllegalMovesRefused(t *testing.T) {
	r := mustRules(t, nil)
	candidates := strings.Fields(allMoves + " N1 W0 Wa Sg E7")
	positions := enginetest.RandomPositions(r, 5, 20)
	s := r.Start()
	play(t, s, "Na", "Nb", "Nc")
	positions = append(positions, s)
	rows := lineFree()
	positions = append(positions, mustParse(t, r, strings.Join(rows, "/")+" r")) // full: over
	enginetest.Illegal(t, r, positions, candidates)
}

// TestWinningMove: the push's bit operations find exactly the first move that playing
// every legal move and asking Outcome finds, along random games.
func TestWinningMove(t *testing.T) {
	enginetest.WinFinder(t, mustRules(t, nil), 9, 300, 300, 100)
}
