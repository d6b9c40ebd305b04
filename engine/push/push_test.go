package push

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/enginetest"
)

var (
	names     = enginetest.Names
	sorted    = enginetest.Sorted
	legalText = enginetest.LegalText
)

func mustRules(t testing.TB, set map[string]string) *Rules {
	t.Helper()
	r, err := New(set)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func mustParse(t *testing.T, r *Rules, text string) *State {
	t.Helper()
	s, err := r.ParsePosition(text)
	if err != nil {
		t.Fatal(err)
	}
	return s.(*State)
}

func mustPlay(t *testing.T, s engine.State, moves ...string) {
	t.Helper()
	for _, m := range moves {
		if _, err := engine.Play(s, m); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}

var spearOn = map[string]string{"spear": "on"}

const allMoves = "Na Nb Nc Nd Ne E1 E2 E3 E4 E5 Sa Sb Sc Sd Se W1 W2 W3 W4 W5"

// TestStart checks the set-up: a full checkerboard, White's 13 on the corner colour,
// Black's 12 and the spare in Black's hand, so Black moves first.
func TestStart(t *testing.T) {
	r := mustRules(t, nil)
	s := r.Start().(*State)
	g := r.Geometry()
	if got, want := names(g, s.Marbles(White)), sorted("a1 c1 e1 b2 d2 a3 c3 e3 b4 d4 a5 c5 e5"); got != want {
		t.Errorf("White on %s, want %s", got, want)
	}
	if s.Score(Black) != 12 || s.Score(White) != 13 || s.Turn() != Black {
		t.Errorf("start: %d Black, %d White, %s to move", s.Score(Black), s.Score(White), r.PlayerName(s.Turn()))
	}
	if got := s.String(); got != "WBWBW/BWBWB/WBWBW/BWBWB/WBWBW b 0" {
		t.Errorf("start %s", got)
	}
	if got := legalText(s); got != sorted(allMoves) {
		t.Errorf("first moves %s", got)
	}
	a1, _ := g.ParseSquare("a1")
	b1, _ := g.ParseSquare("b1")
	if s.PieceAt(a1) != engine.Face1 || s.PieceAt(b1) != engine.Face2 {
		t.Error("White marbles are light (Face1), Black dark (Face2)")
	}
	if o := s.Outcome(); o.Over {
		t.Errorf("start is over: %+v", o)
	}
	if r.Name() != "Push" || r.ID() != "push" || r.Players() != 2 || r.PlayerName(0) != "Black" {
		t.Error("names")
	}
	if got := r.Settings().String(); got != "spear=off move-cap=400" {
		t.Errorf("settings %s", got)
	}
}

// TestFirstTurn is the rules' check of the turn rule: ranks 2 and 4 and files b and d end in Black marbles,
// so 8 of the 20 first insertions eject a Black marble and give Black another turn.
func TestFirstTurn(t *testing.T) {
	r := mustRules(t, nil)
	s := r.Start()
	var again, pass []string
	for _, m := range s.Legal(nil) {
		s.Play(m)
		if s.Turn() == Black {
			again = append(again, r.FormatMove(m))
		} else {
			pass = append(pass, r.FormatMove(m))
		}
		if s.Score(s.Turn()) != 12 || s.Score(s.Turn()^1) != 13 {
			t.Errorf("after %s the player to move has %d on the board", r.FormatMove(m), s.Score(s.Turn()))
		}
		s.Undo()
	}
	if got := strings.Join(again, " "); sorted(got) != sorted("Nb Nd Sb Sd E2 E4 W2 W4") {
		t.Errorf("another turn after %s", got)
	}
	if len(pass) != 12 {
		t.Errorf("%d insertions pass the turn, want 12", len(pass))
	}
}

// TestNextPlayer: the owner of the ejected marble moves next.
func TestNextPlayer(t *testing.T) {
	r := mustRules(t, nil)
	g := r.Geometry()
	s := r.Start().(*State)
	m, _ := r.ParseMove("Nc")
	f := s.Footprint(m)
	if names(g, f.Line) != "c1 c2 c3 c4 c5" || g.Name(f.Entry) != "c5" || g.Name(f.Exit) != "c1" ||
		f.Replaced != f.Line || f.Touched != f.Line || f.From != engine.Supply || f.To != engine.Supply ||
		f.Emptied|f.Filled|f.Flipped != 0 {
		t.Errorf("footprint of Nc: %+v", f)
	}
	mustPlay(t, s, "Nc") // c1 is White's: White moves
	if got := s.String(); got != "WBBBW/BWWWB/WBBBW/BWWWB/WBBBW w 1" {
		t.Errorf("after Nc: %s", got)
	}
	mustPlay(t, s, "W2") // a2 White in; e2 is Black's: Black moves
	if got := s.String(); got != "WBBBW/BWWWB/WBBBW/WBWWW/WBBBW b 2" {
		t.Errorf("after Nc W2: %s", got)
	}
	mustPlay(t, s, "E1") // e1 Black in; a1 is White's: White moves
	if s.Turn() != White {
		t.Errorf("after E1: %s", s)
	}
	mustPlay(t, s, "Sa") // a1 White in; a5 is White's: White again
	if got := s.String(); got != "BBBBW/WWWWB/WBBBW/BBWWW/WBBWB w 4" {
		t.Errorf("after Sa: %s", got)
	}

	// The footprint names only the squares whose colour changes.
	p := mustParse(t, r, "BWBBW/BBWBB/BWWWB/WWWBB/WWWBW b 0")
	m, _ = r.ParseMove("E3")
	if f := p.Footprint(m); names(g, f.Replaced) != "a3 d3" || names(g, f.Touched) != "a3 b3 c3 d3 e3" ||
		g.Name(f.Entry) != "e3" || g.Name(f.Exit) != "a3" {
		t.Errorf("footprint of E3: %+v", f)
	}
}

// TestOpponentSquare: the owner of a square's colour wins; Black's E3 completes White's a1-c3 square; White wins.
// E3 ejects a Black marble, so with the spear setting Black has a last push.
func TestOpponentSquare(t *testing.T) {
	r := mustRules(t, nil)
	s := mustParse(t, r, "BWBBW/BBWBB/BWWWB/WWWBB/WWWBW b 0")
	mustPlay(t, s, "E3")
	if o := s.Outcome(); !o.Won(White) || o.Reason != "3×3 square" {
		t.Errorf("#15: %+v, want White to win", o)
	}
	if len(s.Legal(nil)) != 0 {
		t.Error("a finished game has moves")
	}
	m, _ := r.ParseMove("Na")
	if err := s.Validate(m); !errors.Is(err, engine.ErrIllegal) || !strings.Contains(err.Error(), "over") {
		t.Errorf("a move after the end: %v", err)
	}
	if got := s.Outcome().Text(r); got != "White wins (3×3 square)" {
		t.Errorf("text %q", got)
	}
	// Black's push E3 made White's a1-c3 (rank 3 read W W W B B from a3).
	if got, want := s.WinningSquares(), at(t, r, "a1 b1 c1 a2 b2 c2 a3 b3 c3"); got != want {
		t.Errorf("winning squares %x, want a1-c3", got)
	}
}

// at is the set of the named squares.
func at(t *testing.T, r *Rules, list string) engine.Bitboard {
	t.Helper()
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

// TestSpear checks the Spear edition's refinements (a setting).
func TestSpear(t *testing.T) {
	r := mustRules(t, spearOn)

	// The winning push ejected a marble of the loser (Black): Black has one last push.
	s := mustParse(t, r, "BWBBW/BBWBB/BWWWB/WWWBB/WWWBW b 0")
	mustPlay(t, s, "E3")
	if o := s.Outcome(); o.Over || s.Turn() != Black || legalText(s) != sorted(allMoves) {
		t.Fatalf("%s: %+v; want Black's last push", s, o)
	}
	// That push makes nothing (and ejects a White marble): White wins after all.
	mustPlay(t, s, "W5")
	if o := s.Outcome(); !o.Won(White) || o.Reason != "3×3 square" || len(s.Legal(nil)) != 0 {
		t.Errorf("after a failed last push: %+v", o)
	}
	if got := s.String(); got != "BBWBB/BBWBB/WWWBB/WWWBB/WWWBW w 2 last=b" {
		t.Errorf("after the last push: %s", got)
	}
	a1c3 := at(t, r, "a1 b1 c1 a2 b2 c2 a3 b3 c3")
	if got := s.WinningSquares(); got != a1c3 {
		t.Errorf("after a failed last push: winning squares %x, want a1-c3", got)
	}
	s.Undo()
	// A last push that breaks White's square (a3 turns Black) leaves White the win: the
	// square drawn is the one the push broke.
	mustPlay(t, s, "Na")
	if o := s.Outcome(); !o.Won(White) || s.Marbles(White)&a1c3 == a1c3 {
		t.Fatalf("after Na: %s %+v, want White's square broken and White's win", s, o)
	}
	if got := s.WinningSquares(); got != a1c3 {
		t.Errorf("after a last push breaking the square: winning squares %x, want a1-c3", got)
	}
	s.Undo()
	// A last push that ejects his own marble does not give him another.
	mustPlay(t, s, "W4")
	if o := s.Outcome(); !o.Won(White) || s.Turn() != Black || len(s.Legal(nil)) != 0 {
		t.Errorf("after a last push ejecting Black's own marble: %s %+v", s, o)
	}

	// Black's last push E3 breaks White's a1-c3 and makes Black's c3-e5: a draw.
	s = mustParse(t, r, "WBBBB/BWBBB/WWWBB/WWWWB/WWWBW b 7")
	if o := s.Outcome(); o.Over || len(s.Legal(nil)) != 20 {
		t.Fatalf("pending last push: %+v", o)
	}
	mustPlay(t, s, "E3")
	if o := s.Outcome(); !o.IsDraw() || o.Reason != "3×3 square on the last push" {
		t.Errorf("a square on the last push: %+v", o)
	}
	if b := s.WinningSquares(); b != 0 {
		t.Errorf("a draw with winning squares %x", b)
	}
	// Without the setting the same position is already won by White.
	if o := mustParse(t, mustRules(t, nil), "WBBBB/BWBBB/WWWBB/WWWWB/WWWBW b 7").Outcome(); !o.Won(White) {
		t.Errorf("spear off: %+v", o)
	}

	// The winning push ejected a marble of the winner: the win is unconditional. Black's Nc
	// completes White's a2-c4 and ejects White's c1.
	s = mustParse(t, r, "BBWBW/WWWBB/WWWWB/WWBBB/WBWBB b 0")
	mustPlay(t, s, "Nc")
	if o := s.Outcome(); !o.Won(White) || s.Turn() != White || len(s.Legal(nil)) != 0 {
		t.Errorf("unconditional: %s %+v", s, o)
	}

	// A 3×4 block of the last pusher's colour wins for him. (No push reaches it from a standing
	// square on 5×5, see the package doc; the position is parsed.)
	for _, c := range []struct {
		pos    string
		want   engine.Outcome
		figure string
	}{
		{"WWBBB/WWBBB/WWBBB/WWBBB/WWWWW b 5 last=b", engine.Win(Black, "3×4 block on the last push"), "c2 d2 e2 c3 d3 e3 c4 d4 e4 c5 d5 e5"},
		{"BBBBB/WWWWB/WWWWB/WWWWB/BBBBB w 5 last=w", engine.Win(White, "3×4 block on the last push"), "a2 b2 c2 d2 a3 b3 c3 d3 a4 b4 c4 d4"},
		{"BBBBB/WWWWB/WWWWB/WWWWB/BBBBB w 5 last=b", engine.Win(White, "3×3 square"), "a2 b2 c2 d2 a3 b3 c3 d3 a4 b4 c4 d4"},
	} {
		p := mustParse(t, r, c.pos)
		if o := p.Outcome(); o != c.want {
			t.Errorf("%s: %+v, want %+v", c.pos, o, c.want)
		}
		if got := p.WinningSquares(); got != at(t, r, c.figure) {
			t.Errorf("%s: winning squares %x, want %s", c.pos, got, c.figure)
		}
	}
	if _, err := mustRules(t, nil).ParsePosition("WWBBB/WWBBB/WWBBB/WWBBB/WWWWW b 5 last=b"); err == nil {
		t.Error("a last push parsed without the spear setting")
	}
}

// TestLastPushNeverBlock proves the package doc's claim: whatever stands outside a 3×3
// square, no push of the other colour leaves a 3×4 block of that colour.
func TestLastPushNeverBlock(t *testing.T) {
	r := mustRules(t, spearOn)
	all := r.Geometry().All()
	n := 0
	for _, sq := range squareMasks() {
		rest := all &^ sq
		for x := rest; ; x = (x - 1) & rest {
			white := sq | x
			for i := range r.pushes {
				p := &r.pushes[i]
				black := p.apply(all&^white) | engine.Bit(p.entry)
				if hasBlock34(black) {
					t.Fatalf("%s: push %s makes a Black 3×4", names(r.Geometry(), white), r.FormatMove(r.moves[i]))
				}
				n++
			}
			if x == 0 {
				break
			}
		}
	}
	if n != 9*20<<16 {
		t.Errorf("%d pushes checked", n)
	}
}

// squareMasks returns the nine 3×3 squares.
func squareMasks() []engine.Bitboard {
	var out []engine.Bitboard
	for r0 := range 3 {
		for f0 := range 3 {
			var b engine.Bitboard
			for r := r0; r < r0+3; r++ {
				for f := f0; f < f0+3; f++ {
					b |= engine.Bit(engine.Square(r*size + f))
				}
			}
			out = append(out, b)
		}
	}
	return out
}

func TestSquares(t *testing.T) {
	r := mustRules(t, nil)
	g := r.Geometry()
	at := func(list string) engine.Bitboard {
		var b engine.Bitboard
		for _, n := range strings.Fields(list) {
			s, err := g.ParseSquare(n)
			if err != nil {
				t.Fatal(err)
			}
			b |= engine.Bit(s)
		}
		return b
	}
	for _, c := range []struct {
		squares       string
		square, block bool
	}{
		{"a1 b1 c1 a2 b2 c2 a3 b3 c3", true, false},
		{"c3 d3 e3 c4 d4 e4 c5 d5 e5", true, false},
		{"d1 e1 a2 d2 e2 a3 d3 e3 a4", false, false}, // no wrapping round the edge
		{"d3 e3 a4 d4 e4 a5 d5 e5 b4", false, false},
		{"b2 c2 d2 b3 c3 d3 b4 c4", false, false},
		{"a2 b2 c2 a3 b3 c3 a4 b4 c4 a5 b5 c5", true, true},
		{"b1 c1 d1 e1 b2 c2 d2 e2 b3 c3 d3 e3", true, true},
		{"b1 c1 d1 e1 a2 b2 c2 d2 a3 b3 c3 d3", true, false},
	} {
		b := at(c.squares)
		if got := hasSquare(b); got != c.square {
			t.Errorf("hasSquare(%s) = %v", c.squares, got)
		}
		if got := hasBlock34(b); got != c.block {
			t.Errorf("hasBlock34(%s) = %v", c.squares, got)
		}
	}
}

func TestRepetition(t *testing.T) {
	r := mustRules(t, nil)
	s := r.Start()
	mustPlay(t, s, "Nc", "Sc") // c5's Black marble falls out again: the start, Black to move
	if s.Hash() != r.Start().Hash() || s.Turn() != Black {
		t.Fatalf("Nc Sc gives %s", s)
	}
	if o := s.Outcome(); o.Over {
		t.Fatalf("second occurrence: %+v", o)
	}
	mustPlay(t, s, "Nc", "Sc")
	if o := s.Outcome(); !o.IsDraw() || o.Reason != "threefold repetition" {
		t.Fatalf("third occurrence: %+v", o)
	}
	if len(s.Legal(nil)) != 20 {
		t.Error("Legal follows the position only")
	}
	m, _ := r.ParseMove("Na")
	if err := s.Validate(m); !errors.Is(err, engine.ErrIllegal) || !strings.Contains(err.Error(), "threefold") {
		t.Errorf("a move after the draw: %v", err)
	}
	s.Undo()
	if s.Outcome().Over {
		t.Error("Undo takes the repetition back")
	}

	// A parsed position starts the history again.
	p := mustParse(t, r, "WBWBW/BWBWB/WBWBW/BWBWB/WBWBW b 40")
	mustPlay(t, p, "Nc", "Sc", "Nc")
	if p.Outcome().Over {
		t.Fatal("two occurrences are not three")
	}
	mustPlay(t, p, "Sc")
	if o := p.Outcome(); o.Reason != "threefold repetition" || p.Ply() != 44 {
		t.Errorf("parsed at ply 40: %+v at %d", o, p.Ply())
	}
}

func TestMoveCap(t *testing.T) {
	r := mustRules(t, map[string]string{"move-cap": "3"})
	s := r.Start()
	mustPlay(t, s, "Nc", "Sc")
	if s.Outcome().Over {
		t.Fatal("over before the cap")
	}
	mustPlay(t, s, "Nc")
	if o := s.Outcome(); !o.IsDraw() || o.Reason != "move cap" {
		t.Errorf("at the cap: %+v", o)
	}
	r = mustRules(t, map[string]string{"move-cap": "0"})
	if s := mustParse(t, r, "WBWBW/BWBWB/WBWBW/BWBWB/WBWBW b 100000"); s.Outcome().Over {
		t.Error("move-cap=0 caps")
	}
	if s := mustParse(t, mustRules(t, nil), "WBWBW/BWBWB/WBWBW/BWBWB/WBWBW b 400"); s.Outcome().Reason != "move cap" {
		t.Error("the default cap is 400 insertions")
	}
	// The cap does not cut short a pending last push.
	r = mustRules(t, map[string]string{"spear": "on", "move-cap": "1"})
	s = mustParse(t, r, "BWBBW/BBWBB/BWWWB/WWWBB/WWWBW b 0")
	mustPlay(t, s, "E3")
	if o := s.Outcome(); o.Over {
		t.Errorf("the cap cut the last push: %+v", o)
	}
}

func TestParseErrors(t *testing.T) {
	r := mustRules(t, spearOn)
	for _, c := range []struct{ text, want string }{
		{"WBWBW/BWBWB/WBWBW/BWBWB/WBWBW", "want <ranks>"},
		{"WBWBW/BWBWB/WBWBW/BWBWB/WBWBW x", "side to move"},
		{"WBWBW/BWBWB/WBWBW/BWBWB/WBWBW w", "White to move has 13"},
		{"WBWBW/BWBWB/WBWBW/BWBWB b", "4 ranks"},
		{"WBWBW/BWBWB/WBWBW/BWBWB/WBWB b", "rank 1"},
		{"WBWBW/BWBWB/WB.BW/BWBWB/WBWBW b", "at c3"},
		{"WBWBW/BWBWB/WBWBW/BWBWB/WBWBW b -1", "insertions played"},
		{"WBWBW/BWBWB/WBWBW/BWBWB/WBWBW b 01", "insertions played"},
		{"WBWBW/BWBWB/WBWBW/BWBWB/WBWBW b 0 last=x", "last=b or last=w"},
	} {
		if _, err := r.ParsePosition(c.text); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParsePosition(%q) = %v, want %q", c.text, err, c.want)
		}
	}
	for _, c := range []struct{ text, want string }{
		{"Nf", "file a…e"},
		{"S1", "file a…e"},
		{"E6", "rank 1…5"},
		{"Wa", "rank 1…5"},
		{"nc", "want an edge"},
		{"N", "want an edge"},
		{"Nc ", "want an edge"},
	} {
		if _, err := r.ParseMove(c.text); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseMove(%q) = %v, want %q", c.text, err, c.want)
		}
	}
	s := r.Start()
	for _, m := range []engine.Move{0, 7, NewMove(N, 5), engine.Move(5 << 3), 1 << 6} {
		if err := s.Validate(m); !errors.Is(err, engine.ErrIllegal) || !strings.Contains(err.Error(), "not a move") {
			t.Errorf("Validate(%#x) = %v", uint32(m), err)
		}
	}
	if _, err := New(map[string]string{"x": "1"}); !errors.Is(err, engine.ErrUnknownSetting) {
		t.Errorf("unknown setting: %v", err)
	}
	if _, err := New(map[string]string{"move-cap": "-1"}); err == nil {
		t.Error("move-cap -1 accepted")
	}
}

func TestContract(t *testing.T) {
	games := 30
	if enginetest.Short() {
		games = 8
	}
	for _, set := range []map[string]string{nil, spearOn} {
		r := mustRules(t, set)
		enginetest.Contract(t, r, games)
	}
}

func TestIllegalMovesRefused(t *testing.T) {
	var candidates []string
	for _, e := range "NESWXn" {
		for _, l := range "abcdef0123456" {
			candidates = append(candidates, string(e)+string(l))
		}
	}
	for _, set := range []map[string]string{nil, spearOn} {
		r := mustRules(t, set)
		positions := append(enginetest.RandomPositions(r, 5, 20), r.Start())
		enginetest.Illegal(t, r, positions, candidates)
	}
}

func FuzzParsePosition(f *testing.F) {
	r := mustRules(f, spearOn)
	f.Add(r.Start().String())
	f.Add("BWBBW/BBWBB/BWWWB/WWWBB/WWWBW b 0")
	f.Add("BBWBB/BBWBB/WWWBB/WWWBB/WWWBW w 2 last=b")
	f.Add("WWBBB/WWBBB/WWBBB/WWBBB/WWWWW b 5 last=b")
	f.Fuzz(func(t *testing.T, text string) {
		enginetest.ParsedPosition(t, r, text)
	})
}

func FuzzParseMove(f *testing.F) {
	r := mustRules(f, nil)
	for _, m := range []string{"Na", "E5", "Sc", "W1", "Nf", "E0", "", "N", "Na1"} {
		f.Add(m)
	}
	f.Fuzz(func(t *testing.T, text string) {
		enginetest.ParsedMove(t, r, text)
	})
}

// TestSeenCounts: State.seen, which lets Outcome skip the walk through the history, counts
// exactly the history's positions by bucket, through Play, Undo and Clone, and Outcome
// agrees with the plain walk.
func TestSeenCounts(t *testing.T) {
	r := mustRules(t, nil)
	rng := rand.New(rand.NewPCG(5, 6))
	s := r.Start().(*State)
	check := func(s *State, at string) {
		t.Helper()
		var want [seenBuckets]uint16
		for _, u := range s.hist {
			want[u.hash&(seenBuckets-1)]++
		}
		if want != s.seen {
			t.Fatalf("%s: seen differs from the history's count", at)
		}
		if got, walk := s.Outcome().Reason == "threefold repetition", !s.finished() && s.repetitions() >= 2; got != walk {
			t.Fatalf("%s: threefold %v, the walk says %v", at, got, walk)
		}
	}
	threefold := 0
	for i := range 20000 {
		switch {
		case len(s.hist) > 0 && rng.IntN(3) == 0:
			s.Undo()
		case s.Outcome().Over:
			if s.Outcome().Reason == "threefold repetition" {
				threefold++
			}
			s.Undo()
		default:
			// Few entry points, so that positions repeat.
			s.Play(s.r.moves[rng.IntN(3)])
		}
		if i%1000 == 0 {
			s = s.Clone().(*State)
		}
		check(s, fmt.Sprintf("step %d", i))
	}
	if threefold == 0 {
		t.Fatal("no threefold repetition reached")
	}
}

// TestWinningMove: the bit-operation search for a push that wins at once finds exactly what
// playing every push and asking Outcome finds, with and without the spear rule, along
// random games (whose last push is a win).
func TestWinningMove(t *testing.T) {
	for _, spear := range []string{"off", "on"} {
		enginetest.WinFinder(t, mustRules(t, map[string]string{"spear": spear}), 7, 300, 400, 100)
	}
}
