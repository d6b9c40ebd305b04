package quad

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
var legalText = enginetest.LegalText

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

// TestFirstMoves: the two copies of a type interchangeable, 16 cells × 4 types, whoever starts.
func TestFirstMoves(t *testing.T) {
	for _, first := range []string{"light", "dark"} {
		r := mustRules(t, map[string]string{"first": first})
		s := r.Start()
		moves := s.Legal(nil)
		if len(moves) != 64 {
			t.Errorf("first=%s: %d first moves, want 64", first, len(moves))
		}
		var want []string
		for _, t := range []string{"QF", "QH", "RF", "RH"} {
			for _, c := range strings.Fields(enginetest.Names(r.Geometry(), r.Geometry().All())) {
				want = append(want, t+c)
			}
		}
		slices.Sort(want)
		if got := legalText(s); got != strings.Join(want, " ") {
			t.Errorf("first=%s: first moves %s", first, got)
		}
		if !slices.IsSorted(moves) {
			t.Error("Legal's order is not the order of the move codes")
		}
	}
}

// TestLines plays the rules' worked examples of Quad: the last move of each makes (or does not
// make) a line of four.
func TestLines(t *testing.T) {
	r := mustRules(t, nil)
	for _, c := range []struct {
		name, pos, move string
		winner          int // -1: no winner
		reason          string
		figure          string // the squares drawn at game over
	}{
		{"colour line, shapes and fills mixed", "..qh..../rf....rh/......../RHQFRF.. l", "QHd1",
			Light, "line of four light pieces", "a1 b1 c1 d1"},
		{"dark colour line on a file", "....QH../......rf/..QF..qf/RH....rh d", "QHd4",
			Dark, "line of four dark pieces", "d1 d2 d3 d4"},
		{"round line of three Light pieces completed by Dark", "......../RH....qh/RF..qf../RHqh.... d", "RFa4",
			Dark, "line of four round pieces", "a1 a2 a3 a4"},
		{"solid line, colours and shapes mixed", "......../......../QFrfRF../........ d", "QFd2",
			Dark, "line of four solid pieces", "a2 b2 c2 d2"},
		{"square diagonal a1-d4", "......../....QF../..qf..../QH...... d", "QHd4",
			Dark, "line of four square pieces", "a1 b2 c3 d4"},
		{"hollow diagonal d1-a4", "......../..QH..../....qh../......RH d", "RHa4",
			Dark, "line of four hollow pieces", "a4 b3 c2 d1"},
		{"Dark piece in three Light pieces that share nothing else", "..qh..../rf....rh/......../RHQFRF.. d", "QHd1",
			-1, "", ""},
		{"three share colour and shape, the fourth neither", "....qh../qh....../......../RHRHRF.. d", "QFd1",
			-1, "", ""},
		{"full board, no line", "qhRFQHrh/RHRHqfRF/rfrhQFQH/QFqfrf.. d", "QHd1",
			-1, "board full", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := mustParse(t, r, c.pos)
			if o := s.Outcome(); o.Over {
				t.Fatalf("over before the move: %+v", o)
			}
			m, err := engine.Play(s, c.move)
			if err != nil {
				t.Fatal(err)
			}
			o := s.Outcome()
			switch {
			case c.winner >= 0 && (!o.Won(c.winner) || o.Reason != c.reason):
				t.Errorf("after %s: %+v, want %s to win by %s", c.move, o, r.PlayerName(c.winner), c.reason)
			case c.winner < 0 && c.reason != "" && (!o.IsDraw() || o.Reason != c.reason):
				t.Errorf("after %s: %+v, want a draw (%s)", c.move, o, c.reason)
			case c.winner < 0 && c.reason == "" && o.Over:
				t.Errorf("after %s: %+v, want the game to go on", c.move, o)
			}
			if o.Over && len(s.Legal(nil)) != 0 {
				t.Error("a finished game has moves")
			}
			var figure engine.Bitboard
			for _, n := range strings.Fields(c.figure) {
				sq, _ := r.Geometry().ParseSquare(n)
				figure |= engine.Bit(sq)
			}
			if got := s.WinningSquares(); got != figure {
				t.Errorf("after %s: winning squares %x, want %s", c.move, got, c.figure)
			}
			// The position read back says the same.
			if again := mustParse(t, r, s.String()); again.Outcome() != o {
				t.Errorf("%s read back: %+v, played: %+v", s, again.Outcome(), o)
			}
			s.Undo()
			if s.String() != c.pos || s.Hash() != mustParse(t, r, c.pos).Hash() {
				t.Errorf("undoing %s gives %s", r.FormatMove(m), s)
			}
		})
	}
}

func TestFullBoardGame(t *testing.T) {
	r := mustRules(t, nil)
	s := r.Start()
	// The draw of TestLines, filled cell by cell from a1, the sides taking turns.
	const final = "qhRFQHrh/RHRHqfRF/rfrhQFQH/QFqfrfqh l"
	var light, dark []string
	g := r.Geometry()
	rows := strings.Split(strings.Fields(final)[0], "/")
	for sq := engine.Square(0); sq < 16; sq++ {
		cell := rows[3-g.Rank(sq)][2*g.File(sq) : 2*g.File(sq)+2]
		move := strings.ToUpper(cell) + g.Name(sq)
		if cell == strings.ToUpper(cell) {
			light = append(light, move)
		} else {
			dark = append(dark, move)
		}
	}
	for i := range 8 {
		for _, m := range []string{light[i], dark[i]} {
			if _, err := engine.Play(s, m); err != nil {
				t.Fatalf("%s: %v", s, err)
			}
			if o := s.Outcome(); o.Over && s.Ply() < 16 {
				t.Fatalf("%s: over after %s: %+v", s, m, o)
			}
		}
	}
	if s.String() != final {
		t.Errorf("final position %s, want %s", s, final)
	}
	if o := s.Outcome(); o.Text(r) != "draw (board full)" {
		t.Errorf("outcome %q", o.Text(r))
	}
	if s.Score(Light) != 8 || s.Score(Dark) != 8 || s.Ply() != 16 {
		t.Errorf("scores %d %d, ply %d", s.Score(Light), s.Score(Dark), s.Ply())
	}
}

func TestSettings(t *testing.T) {
	for _, c := range []struct {
		set   map[string]string
		first int
		text  string
	}{
		{nil, Light, "first=light seed=1"},
		{map[string]string{"first": "dark"}, Dark, "first=dark seed=1"},
		{map[string]string{"first": "random"}, Dark, "first=random seed=1"},
		{map[string]string{"first": "random", "seed": "2"}, Light, "first=random seed=2"},
	} {
		r := mustRules(t, c.set)
		if r.First() != c.first || r.Start().Turn() != c.first || r.Settings().String() != c.text {
			t.Errorf("%v: first %d, start %s, settings %q", c.set, r.First(), r.Start(), r.Settings())
		}
	}
	// The journal records the seed, not who started: a seed's draw must never change.
	var got strings.Builder
	for seed := range 12 {
		r := mustRules(t, map[string]string{"first": "random", "seed": fmt.Sprint(seed)})
		got.WriteString(fmt.Sprint(r.First()))
	}
	if got.String() != "110101000011" {
		t.Errorf("seeds 0-11 draw %s, they drew 110101000011 when the journal format was fixed", got.String())
	}
	for _, bad := range []map[string]string{{"first": "white"}, {"seed": "-1"}, {"drop-last": "on"}} {
		if _, err := New(bad); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
	if _, err := New(map[string]string{"x": "1"}); !errors.Is(err, engine.ErrUnknownSetting) {
		t.Errorf("unknown setting: %v", err)
	}
}

func TestContract(t *testing.T) {
	games := 40
	if short() {
		games = 8
	}
	for _, first := range []string{"light", "dark", "random"} {
		t.Run(first, func(t *testing.T) {
			enginetest.Contract(t, mustRules(t, map[string]string{"first": first}), games)
		})
	}
}

func TestValidateReasons(t *testing.T) {
	r := mustRules(t, nil)
	s := mustParse(t, r, "......../......../..RH..rh/RH..rh.. l")
	for _, c := range []struct{ move, want string }{
		{"RHa1", "a1 is occupied"},
		{"RHd4", "Light has no round hollow piece left: both are on the board"},
		{"rhd4", "Light has no round hollow piece left"},
		{"QFd4", ""},
	} {
		enginetest.Validates(t, s, c.move, c.want)
	}
	for _, m := range []engine.Move{0, 65, 1 << 20} {
		if err := s.Validate(m); !errors.Is(err, engine.ErrIllegal) || !strings.Contains(err.Error(), "not a move") {
			t.Errorf("move %#x: %v", uint32(m), err)
		}
	}
	over := mustParse(t, r, "......../......../......../QFrfRFqf l")
	m, _ := r.ParseMove("RHa4")
	if err := over.Validate(m); !errors.Is(err, engine.ErrIllegal) || !strings.Contains(err.Error(), "game is over (line of four solid pieces)") {
		t.Errorf("after the end: %v", err)
	}
}

func TestParseErrors(t *testing.T) {
	r := mustRules(t, nil)
	for _, c := range []struct{ text, want string }{
		{"......../......../......../........", "want <ranks> <side to move>"},
		{"......../......../......../........ l 0", "want <ranks> <side to move>"},
		{"......../......../........ l", "3 ranks"},
		{"......../......../......../....... l", "rank 1"},
		{"......../......../......../.......... l", "rank 1"},
		{"......../......../......../RHxx.... l", `"xx" at b1`},
		{"......../......../......../Rh...... l", `"Rh" at a1`},
		{"......../......../......../RH.h.... l", `".h" at b1`},
		{"......../......../......../........ w", "side to move"},
		{"......../......../rhrhrh../RHRHRH.. l", "3 light round hollow pieces (RH), a player owns 2"},
		{"......../......../......../..rhrhrh l", "3 dark round hollow pieces (rh)"},
		{"......../......../......../RH...... l", "Light to move, but Light has 1 on the board and Dark 0"},
		{"......../......../......../RHQHrh.. l", "Light to move, but Light has 2 on the board and Dark 1"},
		{"......../......../......../RHQHRF.. d", "Dark to move, but Dark has 0 on the board and Light 3"},
		// Light's line with Light to move: Dark moved last and cannot have made it.
		{"......../rh....../qfqhrh../RHQFRFQH l", "cannot all have been made by Dark's last move"},
		// Two lines with no common cell: the game would have ended at the first.
		{"......../......../qfqhrhrf/RHQFRFQH d", "cannot all have been made by Light's last move"},
	} {
		if _, err := r.ParsePosition(c.text); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParsePosition(%q) = %v, want %q", c.text, err, c.want)
		}
	}
	for _, ok := range []string{
		"......../......../......../........ l",
		"......../......../......../........ d",       // Dark may move first
		"......../......../......../RH...... d",       // after Light's first move
		"......../......../rhqfqh../RHQFRFQH d",       // Light's last move made the line
		"......QF/rhrf..qh/......qf/RHQFRFQH d",       // two lines through d1
		"qhRFQHrh/RHRHqfRF/rfrhQFQH/QFqfrfqh l",       // a full board
		"qhRFQHrh/RHRHqfRF/rfrhQFQH/QFqfrfqh d",       // either side "to move"
		"......../......../......../qfqhQFQH l",       // a square line of both colours
		"......../......../RH....../rhrh..RH l",       // four of a type, two of each colour
		"......../......../......../........ l  ",     // spaces around
		"  ......../......../......../........ \td\n", // and between
	} {
		if _, err := r.ParsePosition(ok); err != nil {
			t.Errorf("ParsePosition(%q): %v", ok, err)
		}
	}
}

func TestMoveNotation(t *testing.T) {
	r := mustRules(t, nil)
	for _, c := range []struct {
		text string
		t    Type
		sq   string
		back string
	}{
		{"RHa1", RH, "a1", "RHa1"},
		{"QHb2", QH, "b2", "QHb2"},
		{"RFc3", RF, "c3", "RFc3"},
		{"QFd4", QF, "d4", "QFd4"},
		{"qfd4", QF, "d4", "QFd4"}, // either case
	} {
		m, err := r.ParseMove(c.text)
		if err != nil {
			t.Fatal(err)
		}
		typ, sq := decode(m)
		if typ != c.t || r.Geometry().Name(engine.Square(sq)) != c.sq || r.FormatMove(m) != c.back {
			t.Errorf("%s: type %s cell %d, formatted %s", c.text, typ, sq, r.FormatMove(m))
		}
	}
	for _, bad := range []string{"", "RH", "RHa", "RHa5", "RHe1", "HRa1", "RXa1", "Rha1", "RH a1", "a1"} {
		if m, err := r.ParseMove(bad); err == nil {
			t.Errorf("%q parsed as %s", bad, r.FormatMove(m))
		}
	}
	if r.FormatMove(0) == "RHa1" || r.FormatMove(65) == "RHa1" {
		t.Error("a move code outside 1…64 formatted as a move")
	}
}

// TestPieces: the codes of engine.Piece, the rack and what a move does to it.
func TestPieces(t *testing.T) {
	r := mustRules(t, nil)
	for _, c := range []struct {
		p        int
		t        Type
		face, id uint8
	}{
		{Light, RH, 1, 1}, {Light, QH, 1, 2}, {Light, RF, 1, 3}, {Light, QF, 1, 4},
		{Dark, RH, 2, 1}, {Dark, QF, 2, 4},
	} {
		if p := PieceOf(c.p, c.t); p.Face() != c.face || p.Identity() != c.id {
			t.Errorf("PieceOf(%d, %s) = %d: face %d identity %d", c.p, c.t, p, p.Face(), p.Identity())
		}
	}
	if PieceOf(Light, RH).Face() != engine.Face1.Face() || PieceOf(Dark, RH).Face() != engine.Face2.Face() {
		t.Error("Light's pieces must show face 1, Dark's face 2")
	}
	var rack []string
	for _, p := range r.Rack() {
		rack = append(rack, pieceLetters(int(p.Face())-1, Type(p.Identity()-1)))
	}
	if got := strings.Join(rack, " "); got != "RH RH RF RF QH QH QF QF rh rh rf rf qh qh qf qf" {
		t.Errorf("rack %s", got)
	}

	s := mustParse(t, r, "......../......../......../RHRHrfqh l")
	for _, c := range []struct {
		p    engine.Piece
		want int
	}{
		{PieceOf(Light, RH), 0}, {PieceOf(Light, QF), 2}, {PieceOf(Dark, RF), 1}, {PieceOf(Dark, RH), 2},
		{engine.Empty, 0}, {engine.Face1, 0}, {engine.Piece(3 | 1<<2), 0}, {engine.Piece(1 | 5<<2), 0},
	} {
		if got := s.InRack(c.p); got != c.want {
			t.Errorf("InRack(%d) = %d, want %d", c.p, got, c.want)
		}
	}
	if s.Left(Light, RH) != 0 || s.Left(Dark, RF) != 1 {
		t.Errorf("Left: %d %d", s.Left(Light, RH), s.Left(Dark, RF))
	}
	m, _ := r.ParseMove("QFd4")
	f := s.Footprint(m)
	d4, _ := r.Geometry().ParseSquare("d4")
	want := engine.Footprint{Filled: engine.Bit(d4), From: engine.Supply, Piece: PieceOf(Light, QF), Rack: PieceOf(Light, QF)}
	if f != want {
		t.Errorf("footprint %+v, want %+v", f, want)
	}
	s.Play(m)
	if s.PieceAt(d4) != PieceOf(Light, QF) || s.InRack(PieceOf(Light, QF)) != 1 {
		t.Errorf("after QFd4: %d on d4, %d left", s.PieceAt(d4), s.InRack(PieceOf(Light, QF)))
	}
	if s.PieceAt(engine.NoSquare) != engine.Empty || s.PieceAt(16) != engine.Empty {
		t.Error("a square off the board holds a piece")
	}
}
