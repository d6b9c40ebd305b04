package quarto

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/enginetest"
)

func mustRules(t testing.TB, id string, o map[string]string) *Rules {
	t.Helper()
	r, err := New(id, o)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// variant is one set of rules with a name for test output.
type variant struct {
	name string
	id   string
	set  map[string]string
}

var variants = []variant{
	{"base", IDBase, nil},
	{"advanced", IDAdvanced, nil},
	{"pro", IDPro, nil},
	{"pro+tilted", IDPro, map[string]string{"tilted": "on"}},
	{"simplified/height", IDSimplified, map[string]string{"attribute": "height"}},
	{"simplified/colour", IDSimplified, map[string]string{"attribute": "colour"}},
	{"simplified/shape", IDSimplified, map[string]string{"attribute": "shape"}},
	{"simplified/fill", IDSimplified, map[string]string{"attribute": "fill"}},
}

func TestContract(t *testing.T) {
	n := 60
	if short() {
		n = 15
	}
	for _, v := range variants {
		t.Run(v.name, func(t *testing.T) { enginetest.Contract(t, mustRules(t, v.id, v.set), n) })
	}
}

func TestPatternCounts(t *testing.T) {
	// The winning patterns: 10 lines; +9 blocks; +5 more axis squares (14 squares in all); +6 tilted.
	want := map[string]int{"base": 10, "advanced": 19, "pro": 24, "pro+tilted": 30, "simplified/colour": 10}
	for _, v := range variants {
		if w, ok := want[v.name]; ok {
			if got := len(mustRules(t, v.id, v.set).Patterns()); got != w {
				t.Errorf("%s: %d patterns, want %d", v.name, got, w)
			}
		}
	}
	seen := map[uint16]bool{}
	for _, p := range append(append(append(Lines(), Blocks()...), Squares()...), Tilted()...) {
		if popcount(p) != 4 || seen[p] {
			t.Errorf("pattern %016b: not 4 squares, or twice", p)
		}
		seen[p] = true
	}
}

func TestPieceNotation(t *testing.T) {
	for c := range 16 {
		text := FormatPiece(c)
		back, err := ParsePiece(text)
		if err != nil || back != c {
			t.Errorf("piece %d: %q reads as %d, %v", c, text, back, err)
		}
		if got := CodeOf(PieceOf(c)); got != c {
			t.Errorf("piece %d: engine piece %d reads back as %d", c, PieceOf(c), got)
		}
		face := PieceOf(c).Face()
		if (c&Dark != 0) != (face == uint8(engine.Face2)) || face == 0 {
			t.Errorf("piece %s: face %d", text, face)
		}
	}
	for text, want := range map[string]int{"BLRH": Tall, "sDQF": Dark | Square | Solid, "bdqf": Tall | Dark | Square | Solid, "SLRH": 0} {
		if got, err := ParsePiece(text); err != nil || got != want {
			t.Errorf("ParsePiece(%q) = %d, %v; want %d", text, got, err, want)
		}
	}
	for _, bad := range []string{"", "BLR", "BLRHX", "XLRH", "BXRH", "BLXH", "BLRX"} {
		if _, err := ParsePiece(bad); err == nil {
			t.Errorf("ParsePiece(%q) accepted", bad)
		}
	}
}

// board builds a position from a list of "square piece" pairs, with piece held and player 1
// to move: what the worked examples describe, whatever order the game took.
func board(t *testing.T, r *Rules, held string, pairs ...string) *State {
	t.Helper()
	s := r.Start().(*State)
	for _, p := range pairs {
		name, piece, _ := strings.Cut(p, " ")
		sq, err := r.geo.ParseSquare(name)
		if err != nil {
			t.Fatal(err)
		}
		c, err := ParsePiece(piece)
		if err != nil {
			t.Fatal(err)
		}
		s.put(int(sq), c)
	}
	if held != "" {
		c, err := ParsePiece(held)
		if err != nil {
			t.Fatal(err)
		}
		s.held = int8(c)
		s.avail &^= 1 << c
	}
	s.hash = s.computeHash()
	return s
}

// TestWorkedExamples plays the last piece of each pattern of the rules' test vectors Q-1…Q-4 in every
// variant: the move wins exactly where the sheet says.
func TestWorkedExamples(t *testing.T) {
	cases := []struct {
		name   string
		pieces []string // the first three placed; the last is held, placed on at
		held   string
		at     string
		wins   map[string]bool // by variant name; absent means no win
	}{
		{"Q-1 four tall on the anti-diagonal", []string{"a4 BLRH", "b3 BDQF", "c2 BLQH"}, "BDRF", "d1",
			map[string]bool{"base": true, "advanced": true, "pro": true, "pro+tilted": true, "simplified/height": true}},
		{"Q-2 four light on the block b2-c3", []string{"b3 BLRH", "c3 sLQF", "b2 sLRF"}, "BLQH", "c2",
			map[string]bool{"advanced": true, "pro": true, "pro+tilted": true, "simplified/colour": false}},
		{"Q-3 four light on the corners", []string{"a4 BLRH", "d4 sLQF", "d1 sLRF"}, "BLQH", "a1",
			map[string]bool{"pro": true, "pro+tilted": true}},
		{"Q-3 four small on b3 d3 b1 d1", []string{"b3 sLRH", "d3 sDQF", "b1 sLQF"}, "sDRH", "d1",
			map[string]bool{"pro": true, "pro+tilted": true}},
		{"Q-4 a shared attribute on the tilted a3 b4 c3 b2", []string{"a3 BLRH", "b4 sDRF", "c3 BDRH"}, "sLRF", "b2",
			map[string]bool{"pro+tilted": true}},
	}
	for _, c := range cases {
		for _, v := range variants {
			r := mustRules(t, v.id, v.set)
			s := board(t, r, c.held, c.pieces...)
			if s.Outcome().Over {
				t.Fatalf("%s/%s: over before the last piece: %s", c.name, v.name, s)
			}
			m, err := engine.Play(s, c.at)
			if err != nil {
				// A placement that does not win must hand over a piece: any will do.
				give := trailing(s.avail)
				m, err = engine.Play(s, c.at+":"+FormatPiece(give))
			}
			if err != nil {
				t.Fatalf("%s/%s: %v", c.name, v.name, err)
			}
			o := s.Outcome()
			if want := c.wins[v.name]; o.Over != want || (want && !o.Won(0)) {
				t.Errorf("%s/%s: after %s outcome %+v, want a win for player 1: %v", c.name, v.name, r.FormatMove(m), o, want)
			}
			// The figure drawn at game over is the pattern made: the four pieces on the board.
			var figure engine.Bitboard
			if c.wins[v.name] {
				figure = engine.Bitboard(mask(c.at))
				for _, p := range c.pieces {
					figure |= engine.Bitboard(mask(strings.Fields(p)[0]))
				}
			}
			if got := engine.WinningSquares(s); got != figure {
				t.Errorf("%s/%s: winning squares %x, want %x", c.name, v.name, got, figure)
			}
		}
	}
}

// Q-5 and Q-6 (the rules' test vectors), rank 4 first.
const (
	q5 = "sLQFsLQHsDRHBDRF/BDQFsLRFBDRHBLQF/sDRFBLQHBDQHsLRH/sDQHsDQFBLRFBLRH"
	q6 = "sLQHBDRFBDQFBLQF/BLRHBDQHsDQFBLRF/sLRFsDRHsDQHBLQH/BDRHsLQFsLRHsDRF"
)

// q6Wins are the patterns of Q-6 that share an attribute: four blocks and a tilted square.
var q6Wins = []uint16{mask("b1", "c1", "b2", "c2"), mask("b2", "c2", "b3", "c3"), mask("b3", "c3", "b4", "c4"), mask("c3", "d3", "c4", "d4"), mask("c1", "d3", "b4", "a2")}

func TestFullBoards(t *testing.T) {
	for _, v := range variants {
		r := mustRules(t, v.id, v.set)
		for _, c := range []struct {
			name, ranks string
			draw        bool
		}{
			{"Q-5", q5, true},
			{"Q-6", q6, v.id == IDBase || v.id == IDSimplified},
		} {
			s, err := r.ParsePosition(c.ranks + " - 1")
			if err != nil {
				t.Fatalf("%s/%s: %v", c.name, v.name, err)
			}
			o := s.Outcome()
			if !o.Over || o.IsDraw() != c.draw {
				t.Errorf("%s/%s: outcome %+v, want a draw: %v", c.name, v.name, o, c.draw)
			}
			// Exactly the sheet's patterns share an attribute, and only where the variant has them.
			var sharing []uint16
			st := s.(*State)
			for _, p := range r.Patterns() {
				if st.wins(p) {
					sharing = append(sharing, p)
				}
			}
			var want []uint16
			if c.name == "Q-6" {
				for _, p := range q6Wins {
					for _, q := range r.Patterns() {
						if p == q {
							want = append(want, p)
						}
					}
				}
			}
			if fmt.Sprint(sharing) != fmt.Sprint(want) {
				t.Errorf("%s/%s: winning patterns %v, want %v", c.name, v.name, sharing, want)
			}
		}
	}
}

// TestFullBoardGames plays as games, square by square from a1 to d4 (each piece
// handed over the turn before): Q-5 is a draw everywhere; Q-6 ends at the first block or
// tilted square the variant counts, won by the player who placed there.
func TestFullBoardGames(t *testing.T) {
	order := []string{}
	for r := 1; r <= 4; r++ {
		for f := 'a'; f <= 'd'; f++ {
			order = append(order, fmt.Sprintf("%c%d", f, r))
		}
	}
	for _, v := range variants {
		r := mustRules(t, v.id, v.set)
		for _, c := range []struct {
			name, ranks string
			endAt       string // the square whose placement ends the game with a win; "" a draw
		}{
			{"Q-5", q5, ""},
			{"Q-6", q6, map[string]string{IDAdvanced: "c2", IDPro: "c2"}[v.id]},
		} {
			full, err := r.ParsePosition(c.ranks + " - 1")
			if err != nil {
				t.Fatal(err)
			}
			pieceOn := func(name string) string {
				sq, _ := r.geo.ParseSquare(name)
				return FormatPiece(full.(*State).PieceCode(sq))
			}
			s := r.Start()
			if _, err := engine.Play(s, pieceOn(order[0])); err != nil {
				t.Fatal(err)
			}
			for i, name := range order {
				text := name
				if i+1 < len(order) && name != c.endAt {
					text += ":" + pieceOn(order[i+1])
				}
				if _, err := engine.Play(s, text); err != nil {
					t.Fatalf("%s/%s: %s: %v", c.name, v.name, s, err)
				}
				if s.Outcome().Over {
					break
				}
			}
			o := s.Outcome()
			switch {
			case c.endAt == "" && (!o.IsDraw() || s.(*State).Placed() != 16):
				t.Errorf("%s/%s: %+v after %d pieces, want a draw on a full board", c.name, v.name, o, s.(*State).Placed())
			case c.endAt != "":
				// The placer of c2 (the 7th piece, the 8th turn) is player 2.
				if !o.Over || !o.Won(1) || s.(*State).Placed() != 7 {
					t.Errorf("%s/%s: %+v after %d pieces, want player 2's win on %s", c.name, v.name, o, s.(*State).Placed(), c.endAt)
				}
				// The block completed by c2; the others of Q-6 are not full yet.
				if got, want := engine.WinningSquares(s), engine.Bitboard(mask("b1", "c1", "b2", "c2")); got != want {
					t.Errorf("%s/%s: winning squares %x, want the block b1-c2 %x", c.name, v.name, got, want)
				}
			case engine.WinningSquares(s) != 0:
				t.Errorf("%s/%s: a draw with winning squares %x", c.name, v.name, engine.WinningSquares(s))
			}
		}
	}
}

func TestTurnStructure(t *testing.T) {
	r := mustRules(t, IDBase, nil)
	s := r.Start()
	if got := len(s.Legal(nil)); got != 16 {
		t.Fatalf("first turn: %d moves, want 16 (a choice only)", got)
	}
	if _, err := engine.Play(s, "BLRH"); err != nil {
		t.Fatal(err)
	}
	if got := len(s.Legal(nil)); got != 240 {
		t.Fatalf("second turn: %d moves, want 16 × 15 = 240", got)
	}
	if s.Turn() != 1 || s.(*State).Held() != Tall {
		t.Fatalf("after BLRH: player %d holds %d", s.Turn()+1, s.(*State).Held())
	}
	refused := map[string]string{
		"a1":      "hand over a piece",
		"BLQH":    "place BLRH first",
		"a1:BLRH": "is the piece being placed",
	}
	for text, why := range refused {
		m, err := r.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Validate(m); !errors.Is(err, engine.ErrIllegal) || !strings.Contains(err.Error(), why) {
			t.Errorf("%s: %v, want %q", text, err, why)
		}
	}
	// A winning placement ends the turn: the piece-handing form is refused.
	w := board(t, r, "BDRF", "a1 BLRH", "b1 BLQH", "c1 BDQH")
	if err := w.Validate(mustMove(t, r, "d1:sLRH")); err == nil || !strings.Contains(err.Error(), "wins") {
		t.Errorf("winning placement with a piece handed over: %v", err)
	}
	if err := w.Validate(mustMove(t, r, "d1")); err != nil {
		t.Errorf("winning placement refused: %v", err)
	}
}

func mustMove(t *testing.T, r *Rules, text string) engine.Move {
	t.Helper()
	m, err := r.ParseMove(text)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestParsePositionErrors(t *testing.T) {
	r := mustRules(t, IDBase, nil)
	for text, want := range map[string]string{
		"..../..../..../....":                          "want <ranks",
		"..../..../.... - 1":                           "3 ranks",
		"...../..../..../.... - 1":                     "more than 4",
		"BLRHBLRH../..../..../.... sLRH 1":             "twice",
		"BLRH.../..../..../.... BLRH 2":                "on the board",
		"BLRH.../..../..../.... - 2":                   "no piece held",
		"..../..../..../.... - 3":                      "1 or 2",
		"BLRHBLQHBDQHBDRF/..../..../.... sLRH 1":       "over",
		"BXRH.../..../..../.... - 1":                   "letter 2",
		"..../..../..../... - 1":                       "3 squares",
		"..../..../..../.BL - 1":                       "four letters",
		"..../..../..../.... BL 1":                     "four letters",
		"BLRH.../..../..../.... sLRH 1 extra":          "want <ranks",
		"BLRH.../..../..../..x. sLRH 1":                "four letters",
		"BLRHBLQHBDQHBDRF/..../..../.... - 2 ":         "",
		"sLQF.../BDRF.../..../.... BLRH 1":             "",
		"..../..../..../.... BLRH 2":                   "",
		"..../..../..../.... - 1":                      "",
		q5 + " - 2":                                    "",
		"sLQFsLQHsDRHBDRF/BDQFsLRF.BLQF/..../.... - 1": "no piece held",
	} {
		s, err := r.ParsePosition(text)
		switch {
		case want == "" && err != nil:
			t.Errorf("%q: %v", text, err)
		case want == "" && s.String() != strings.Join(strings.Fields(text), " "):
			t.Errorf("%q reads back as %q", text, s)
		case want != "" && (err == nil || !strings.Contains(err.Error(), want)):
			t.Errorf("%q: %v, want %q", text, err, want)
		}
	}
}

func TestMoveNotation(t *testing.T) {
	r := mustRules(t, IDBase, nil)
	for text, want := range map[string]string{"c3:sLQF": "c3:sLQF", "sLQF": "sLQF", "c3": "c3", "C3:slqf": "c3:sLQF", "d4:BDQF": "d4:BDQF"} {
		m, err := r.ParseMove(text)
		if err != nil || r.FormatMove(m) != want {
			t.Errorf("%q: %q, %v; want %q", text, r.FormatMove(m), err, want)
		}
	}
	for _, bad := range []string{"", ":", "e5", "c3:", ":sLQF", "c3:XLQF", "c3sLQF"} {
		if m, err := r.ParseMove(bad); err == nil {
			t.Errorf("%q read as %s", bad, r.FormatMove(m))
		}
	}
}

func TestIllegal(t *testing.T) {
	r := mustRules(t, IDPro, map[string]string{"tilted": "on"})
	var words []string
	for sq := range 16 {
		name := r.geo.Name(engine.Square(sq))
		words = append(words, name)
		for c := range 16 {
			words = append(words, name+":"+FormatPiece(c))
		}
	}
	for c := range 16 {
		words = append(words, FormatPiece(c))
	}
	enginetest.Illegal(t, r, enginetest.RandomPositions(r, 3, 30), words)
}

func FuzzParsePosition(f *testing.F) {
	r, _ := New(IDPro, map[string]string{"tilted": "on"})
	f.Add("..../..../..../.... - 1")
	f.Add(q6 + " - 2")
	f.Add("sLQF.../BDRF.../..../.... BLRH 1")
	f.Fuzz(func(t *testing.T, text string) {
		enginetest.ParsedPosition(t, r, text)
	})
}

func FuzzParseMove(f *testing.F) {
	r, _ := New(IDBase, nil)
	for _, s := range []string{"c3:sLQF", "sLQF", "c3", "d4:BDQF"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		enginetest.ParsedMove(t, r, text)
	})
}
