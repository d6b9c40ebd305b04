package xequeo

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

func octileRules(t testing.TB) *Rules { return mustRules(t, map[string]string{"distance": "octile"}) }

func mustParse(t testing.TB, r *Rules, text string) *State {
	t.Helper()
	s, err := r.ParsePosition(text)
	if err != nil {
		t.Fatal(err)
	}
	return s.(*State)
}

// board writes the ranks of the position notation for pawns given as "Rf6 Oa7 …".
func board(pawns string) string {
	var cells [7][7]byte
	for i := range cells {
		for j := range cells[i] {
			cells[i][j] = '.'
		}
	}
	for _, p := range strings.Fields(pawns) {
		cells[p[2]-'1'][p[1]-'a'] = p[0]
	}
	rows := make([]string, 7)
	for rank := range 7 {
		rows[6-rank] = string(cells[rank][:])
	}
	return strings.Join(rows, "/")
}

// play makes the moves of the space-separated list, each checked.
func play(t testing.TB, s engine.State, moves string) {
	t.Helper()
	for _, m := range strings.Fields(moves) {
		if _, err := engine.Play(s, m); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
}

// TestMetric: every example of the rules' distance section, as single steps or as the jump chains
// described, under both distances.
func TestMetric(t *testing.T) {
	const far = "Oa7 Yb7 Gc7 Ba1 Vb1 Wc1" // pawns out of the way
	for _, c := range []struct {
		pawns, ring, move string
		euclid, octile    string // "" legal, else the refusal
	}{
		// Ring d4.
		{"Rf6 " + far, "d4", "f6-f5", "", ""},
		{"Rf5 " + far, "d4", "f5-f6", "squared distance 5, then 8", "octile distance 1+√2, then 2√2"},
		{"Rg4 " + far, "d4", "g4-f5", "", ""}, // Manhattan would forbid it
		{"Re5 " + far, "d4", "e5-d4", "", ""},
		{"Re4 " + far, "d4", "e4-e5", "squared distance 1, then 2", "octile distance 1, then √2"},
		{"Re6 " + far, "d4", "e6-d6", "", ""},
		// Ring a1: e4 to a6 over d5 then b6; the chain's first landing, c6, is farther.
		{"Re4 Od5 Yb6 Gg7 Bg6 Vg5 Wf7", "a1", "e4-a6", "squared distance 25, then 25", ""},
		{"Re4 Od5 Yb6 Gg7 Bg6 Vg5 Wf7", "a1", "e4-c6", "squared distance 25, then 29", "octile distance 1+3√2, then 3+2√2"},
		// Ring a1: e6 to g2 over f5 then g3, through g4, farther than e6.
		{"Re6 Of5 Yg3 Ga7 Bb7 Vc7 Wa5", "a1", "e6-g2", "", ""},
		{"Re6 Of5 Yg3 Ga7 Bb7 Vc7 Wa5", "a1", "e6-g4", "squared distance 41, then 45", "octile distance 1+4√2, then 3+3√2"},
	} {
		text := board(c.pawns) + " " + c.ring + " 0-0 move:1 2"
		for _, m := range []struct {
			r    *Rules
			want string
		}{{mustRules(t, nil), c.euclid}, {octileRules(t), c.octile}} {
			want := m.want
			if want != "" {
				want = "strictly closer to the ring on " + c.ring + " (" + want + ")"
			}
			enginetest.Validates(t, mustParse(t, m.r, text), c.move, want)
		}
	}
}

// TestRounds: winning a round, a pawn in the ring being a claim: who takes the ring for each pair of cards, from a
// position of round 3 where Player 1 moves the red pawn into the ring on d4, or challenges.
func TestRounds(t *testing.T) {
	const start = "Re5 Oa7 Yb7 Gc7 Ba1 Vb1 Wg1"
	for _, c := range []struct {
		name, moves string
		turn        int // who acts
		winner      int
	}{
		{"own pawn in, other card different", "e5-d4 show:R show:O", Player1, Player1},
		{"own pawn in, opponent chose the same", "e5-d4 show:R show:R", Player1, Player2},
		{"the opponent's pawn in", "e5-d4 show:O show:R", Player1, Player2},
		{"a pawn nobody chose in", "e5-d4 show:O show:Y", Player1, Player2},
		{"challenge right", "xq:Y show:Y", Player1, Player1},
		{"challenge wrong", "xq:Y show:G", Player1, Player2},
		{"Player 2's own pawn in", "e5-d4 show:R show:O", Player2, Player2},
		{"Player 2's challenge wrong", "xq:Y show:G", Player2, Player1},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := mustRules(t, nil)
			s := mustParse(t, r, fmt.Sprintf("%s d4 1-1 move:%d 12", board(start), c.turn+1))
			moves := strings.Fields(c.moves)
			for i, m := range moves {
				if i > 0 && s.Phase() == Place {
					t.Fatalf("the round ended before %s", m)
				}
				play(t, s, m)
			}
			rings := [2]int{1, 1}
			rings[c.winner]++
			if s.Score(Player1) != rings[0] || s.Score(Player2) != rings[1] {
				t.Errorf("rings %d-%d, want %d-%d", s.Score(0), s.Score(1), rings[0], rings[1])
			}
			if s.Phase() != Place || s.Turn() != 1-c.winner || s.Ring() != engine.NoSquare {
				t.Errorf("%s: want the loser, %s, to place a new ring", s, r.PlayerName(1-c.winner))
			}
			if strings.HasPrefix(c.moves, "e5-d4") {
				if sq, _ := r.Geometry().ParseSquare("d4"); s.Pawn(Red) != sq {
					t.Errorf("the red pawn left the old ring: %s", s)
				}
			}
			play(t, s, "@g7")
			if s.Turn() != c.winner || s.Phase() != Move {
				t.Errorf("%s: want the winner, %s, to move first", s, r.PlayerName(c.winner))
			}
		})
	}
}

// TestRoundText follows a round's public state through the notation: who acts, the claim,
// the card shown.
func TestRoundText(t *testing.T) {
	r := mustRules(t, nil)
	rest := board("Re5 Oa7 Yb7 Gc7 Ba1 Vb1 Wg1")
	s := mustParse(t, r, rest+" d4 1-1 move:2 12")
	after := board("Rd4 Oa7 Yb7 Gc7 Ba1 Vb1 Wg1")
	for _, c := range []struct{ move, want string }{
		{"e5-d4", after + " d4 1-1 show:2 in:R 13"},
		{"show:R", after + " d4 1-1 show:1 in:R shown:R 14"},
		{"show:O", after + " - 1-2 place:1 15"},
		{"@f4", after + " f4 1-2 move:2 16"},
		{"xq:V", after + " f4 1-2 show:1 xq:V 17"},
		{"show:V", after + " - 1-3 place:1 18"},
	} {
		play(t, s, c.move)
		if got := s.String(); got != c.want {
			t.Errorf("after %s: %s, want %s", c.move, got, c.want)
		}
	}
}

// TestChainStopsAtRing: a chain ends on the ring: the red pawn on b6 jumps over c5 into the ring on d4 and
// cannot go on over d3 to d2, although d2 is closer to the ring than b6.
func TestChainStopsAtRing(t *testing.T) {
	r := mustRules(t, nil)
	s := mustParse(t, r, board("Rb6 Oc5 Yd3 Gg7 Bg1 Va1 Wf7")+" d4 0-0 move:1 2")
	enginetest.Validates(t, s, "b6-d4", "")
	enginetest.Validates(t, s, "b6-d2", "a chain of jumps ends on the ring (d4) and cannot go on to d2")
	var red []string
	for _, m := range strings.Fields(legalText(s)) {
		if strings.HasPrefix(m, "b6-") {
			red = append(red, m)
		}
	}
	if got := strings.Join(red, " "); got != "b6-b5 b6-c6 b6-d4" {
		t.Errorf("the red pawn's moves: %s", got)
	}
}

// TestPlacement: the ring goes on an empty cell next to no pawn; Player 1 places the first,
// the loser the next (TestRounds), and the other player moves first.
func TestPlacement(t *testing.T) {
	r := mustRules(t, nil)
	s := mustParse(t, r, board("Rb2 Oc2 Yd2 Ge2 Bf2 Vb6 Wf6")+" - 2-1 place:2 9")
	if got, want := legalText(s), sorted("@a4 @b4 @c4 @d4 @e4 @f4 @g4 @d5 @d6 @d7"); got != want {
		t.Errorf("ring cells %s, want %s", got, want)
	}
	for _, c := range []struct{ move, want string }{
		{"@d4", ""},
		{"@c5", "c5 is next to the violet pawn on b6"},
		{"@e3", "e3 is next to the yellow pawn on d2"},
		{"@b2", "b2 is occupied by the red pawn"},
		{"b2-b3", "Player 2 is to place the ring first"},
		{"xq:R", "Player 2 is to place the ring first"},
		{"show:R", "Player 2 is to place the ring first"},
	} {
		enginetest.Validates(t, s, c.move, c.want)
	}
	start := r.Start().(*State)
	if start.Turn() != Player1 || start.Phase() != Place {
		t.Errorf("start: %s, want Player 1 to place the ring", start)
	}
	play(t, start, "@d6")
	if start.Turn() != Player2 || start.Phase() != Move {
		t.Errorf("after the first ring: %s, want Player 2 to move", start)
	}
}

// TestMatchEnd: the fourth ring wins the match, for either player.
func TestMatchEnd(t *testing.T) {
	r := mustRules(t, nil)
	pawns := board("Re5 Oa7 Yb7 Gc7 Ba1 Vb1 Wg1")
	for _, c := range []struct {
		pos, moves, final string
		winner            int
	}{
		{pawns + " d4 2-3 move:2 30", "xq:Y show:Y", pawns + " - 2-4 over 32", Player2},
		{pawns + " d4 3-3 move:2 30", "xq:Y show:G", pawns + " - 4-3 over 32", Player1},
		{pawns + " d4 3-0 move:1 30", "e5-d4 show:R show:B", board("Rd4 Oa7 Yb7 Gc7 Ba1 Vb1 Wg1") + " - 4-0 over 33", Player1},
	} {
		s := mustParse(t, r, c.pos)
		play(t, s, c.moves)
		o := s.Outcome()
		if !o.Won(c.winner) || o.Won(1-c.winner) || o.Reason != "four rings" {
			t.Errorf("%s: %+v, want %s to win", c.pos, o, r.PlayerName(c.winner))
		}
		if got := o.Text(r); got != r.PlayerName(c.winner)+" wins (four rings)" {
			t.Errorf("outcome text %q", got)
		}
		if s.String() != c.final || s.Score(c.winner) != RingsToWin {
			t.Errorf("final %s, want %s", s, c.final)
		}
		if n := len(s.Legal(nil)); n != 0 {
			t.Errorf("a finished match has %d moves", n)
		}
		for _, m := range []string{"@d4", "xq:R", "show:R", "e5-d4"} {
			enginetest.Validates(t, s, m, "the match is over: "+r.PlayerName(c.winner)+" wins")
		}
	}
}

func TestValidateReasons(t *testing.T) {
	r := mustRules(t, nil)
	move := mustParse(t, r, board("Re4 Og5 Yg6 Gc7 Ba1 Vb1 Wc1")+" d4 0-0 move:1 2")
	for _, c := range []struct{ move, want string }{
		{"e4-d4", ""},
		{"e4-d3", "strictly closer to the ring on d4 (squared distance 1, then 1)"},
		{"xq:W", ""},
		{"e4-e5", "strictly closer to the ring on d4 (squared distance 1, then 2)"},
		{"e4-e6", "a jump over nothing: e5 is empty"},
		{"g5-g7", "squared distance 10, then 18"}, // a jump over g6
		{"g5-e5", "a jump over nothing: f5 is empty"},
		{"e4-a1", "a1 is occupied by the blue pawn"},
		{"d5-d4", "no pawn on d5"},
		{"e4-e4", "the pawn must move"},
		{"e4-a7", "a7 is neither a step nor a chain of jumps over pawns away from e4"},
		{"@c4", "the ring is already on d4"},
		{"show:R", "no card is to be shown"},
	} {
		enginetest.Validates(t, move, c.move, c.want)
	}
	show := mustParse(t, r, board("Rd4 Og5 Yg6 Gc7 Ba1 Vb1 Wc1")+" d4 0-0 show:1 in:R 3")
	for _, c := range []struct{ move, want string }{
		{"show:W", ""},
		{"xq:R", "Player 1 is to show a card"},
		{"g5-f4", "Player 1 is to show a card"},
		{"@g1", "Player 1 is to show a card"},
	} {
		enginetest.Validates(t, show, c.move, c.want)
	}
	if err := move.Validate(0); !errors.Is(err, engine.ErrIllegal) || !strings.Contains(err.Error(), "not a move") {
		t.Errorf("the zero move: %v", err)
	}
}

// TestNotation pins the notation: the start of seed 1 and a round played from it.
func TestNotation(t *testing.T) {
	r := mustRules(t, nil)
	s := r.Start()
	const start = ".....B./......./......./....GY./OR...../.W...../.....V. - 0-0 place:1 0"
	if got := s.String(); got != start {
		t.Fatalf("start of seed 1: %s, want %s", got, start)
	}
	for _, c := range []struct{ move, want string }{
		{"@d6", ".....B./......./......./....GY./OR...../.W...../.....V. d6 0-0 move:2 1"},
		{"e4-d5", ".....B./......./...G.../.....Y./OR...../.W...../.....V. d6 0-0 move:1 2"},
		{"d5-d6", ".....B./...G.../......./.....Y./OR...../.W...../.....V. d6 0-0 show:1 in:G 3"},
		{"show:G", ".....B./...G.../......./.....Y./OR...../.W...../.....V. d6 0-0 show:2 in:G shown:G 4"},
		{"show:Y", ".....B./...G.../......./.....Y./OR...../.W...../.....V. - 1-0 place:2 5"},
		{"@b6", ".....B./...G.../......./.....Y./OR...../.W...../.....V. b6 1-0 move:1 6"},
		{"xq:R", ".....B./...G.../......./.....Y./OR...../.W...../.....V. b6 1-0 show:2 xq:R 7"},
		{"show:B", ".....B./...G.../......./.....Y./OR...../.W...../.....V. - 1-1 place:1 8"},
	} {
		play(t, s, c.move)
		if got := s.String(); got != c.want {
			t.Errorf("after %s: %s, want %s", c.move, got, c.want)
		}
		back := mustParse(t, r, c.want)
		if back.String() != c.want || back.Hash() != s.Hash() || back.Turn() != s.Turn() {
			t.Errorf("%s does not read back", c.want)
		}
	}
	for _, c := range []struct{ text, want string }{
		{"@d4", ""}, {"e4-c6", ""}, {"xq:R", ""}, {"show:W", ""},
		{"@h4", "not on a 7x7 board"}, {"e4-e8", "not on a 7x7 board"}, {"xq:X", "colour"},
		{"show:r", "colour"}, {"show:", "colour"}, {"e4", "want @d4"}, {"", "want @d4"}, {"xq:RO", "colour"},
	} {
		m, err := r.ParseMove(c.text)
		switch {
		case c.want == "" && (err != nil || r.FormatMove(m) != c.text):
			t.Errorf("ParseMove(%q) = %s, %v", c.text, r.FormatMove(m), err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("ParseMove(%q): %v, want %q", c.text, err, c.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	r := mustRules(t, nil)
	b := board("Re5 Oa7 Yb7 Gc7 Ba1 Vb1 Wg1")
	in := board("Rd4 Oa7 Yb7 Gc7 Ba1 Vb1 Wg1")
	for _, c := range []struct{ text, want string }{
		{b + " d4 1-1 move:1", "want <ranks>"},
		{".......//" + b[16:] + " d4 1-1 move:1 9", "rank 6 \"\" has 0 cells"},
		{b[8:] + " d4 1-1 move:1 9", "6 ranks"},
		{"X" + b[1:] + " d4 1-1 move:1 9", "'X' at a7"},
		{"R" + b[1:] + " d4 1-1 move:1 9", "two red pawns"},
		{strings.Replace(b, "W", ".", 1) + " d4 1-1 move:1 9", "no white pawn"},
		{b + " h4 1-1 move:1 9", "ring"},
		{b + " d4 5-1 move:1 9", "rings \"5-1\""},
		{b + " d4 1:1 move:1 9", "rings \"1:1\""},
		{b + " d4 1-1 play:1 9", "want place, move, show or over"},
		{b + " d4 1-1 move:3 9", "want place:1"},
		{b + " d4 1-1 move:1 xq:R 9", "a claim belongs to a show phase"},
		{b + " d4 1-1 show:1 in:X 9", "want in:C"},
		{b + " d4 1-1 show:1 9", "want in:C"},
		{in + " d4 1-1 show:1 in:R shown 9", "want shown:"},
		{b + " d4 1-1 show:1 xq:R shown:R 9", "want in:C"},
		{b + " - 1-1 over xq:R 9", "after the match is over"},
		{b + " d4 1-1 move:1 -1", "moves played"},
		{b + " d4 1-1 move:1 09", "moves played"},
		{b + " - 4-4 over 30", "both players have four rings"},
		{b + " - 3-2 over 30", "nobody has four rings"},
		{b + " d4 4-2 move:1 30", "the match goes on"},
		{b + " d4 1-1 place:1 9", "a ring on d4 in the place phase"},
		{b + " - 1-1 move:1 9", "no ring in the move phase"},
		{b + " e5 1-1 move:1 9", "red pawn stands in the ring on e5"},
		{b + " e5 1-1 show:1 xq:O 9", "red pawn stands in the ring on e5"},
		{b + " d4 1-1 show:1 in:R 9", "the red pawn entered the ring, but it is not on d4"},
		{b + " d4 1-1 move:1 6", "6 moves played: this phase with 2 rings won takes 7 at least"},
		{b + " - 0-0 place:2 0", "the first ring is placed by Player 1"},
		{b + " - 0-0 place:1 2", "the first ring is placed by Player 1"},
		{b + " d4 0-0 move:1 3", "round 1 after 3 moves: Player 2 acts, not Player 1"},
		{in + " d4 0-0 show:1 in:R 4", "round 1 after 4 moves: Player 2 acts"},
		{in + " d4 0-0 show:1 in:R shown:O 4", "round 1 after 4 moves: Player 2 acts"},
		{b + " d4 0-0 show:1 xq:O 3", "round 1 after 3 moves: Player 2 acts"},
	} {
		if _, err := r.ParsePosition(c.text); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParsePosition(%q) = %v, want %q", c.text, err, c.want)
		}
	}
	for _, text := range []string{
		b + " d4 0-0 move:2 1",
		b + " d4 0-0 move:1 2",
		in + " d4 0-0 show:2 in:R 2",
		in + " d4 0-0 show:1 in:R shown:O 3",
		b + " d4 0-0 show:1 xq:O 2",
		b + " - 1-0 place:2 3",
		b + " - 1-0 place:1 3",
		b + " - 4-3 over 21",
	} {
		if s, err := r.ParsePosition(text); err != nil || s.String() != text {
			t.Errorf("ParsePosition(%q): %v", text, err)
		}
	}
	if _, err := New(map[string]string{"x": "1"}); !errors.Is(err, engine.ErrUnknownSetting) {
		t.Errorf("an unknown setting: %v", err)
	}
	if _, err := New(map[string]string{"distance": "manhattan"}); err == nil {
		t.Error("distance=manhattan accepted")
	}
}

// TestDeal pins the deal of seed 1 (journals replay it) and checks that deals are seven
// distinct cells, spread evenly over the board.
func TestDeal(t *testing.T) {
	r := mustRules(t, nil)
	g := r.Geometry()
	var got []string
	for _, sq := range Deal(1) {
		got = append(got, g.Name(sq))
	}
	if s := strings.Join(got, " "); s != "b3 a3 f4 e4 f7 f1 b2" {
		t.Errorf("deal of seed 1: %s", s)
	}
	if Deal(2) == Deal(1) {
		t.Error("seeds 1 and 2 deal alike")
	}
	var count [cells]int
	const seeds = 7000
	for seed := range uint64(seeds) {
		var b engine.Bitboard
		for _, sq := range Deal(seed) {
			b |= engine.Bit(sq)
			count[sq]++
		}
		if b.Count() != Colours {
			t.Fatalf("seed %d deals %v", seed, Deal(seed))
		}
	}
	for sq, n := range count { // expected 1000 each; five standard deviations is about 150
		if n < 850 || n > 1150 {
			t.Errorf("%s dealt %d times in %d deals", g.Name(engine.Square(sq)), n, seeds)
		}
	}
}

func TestFootprint(t *testing.T) {
	r := mustRules(t, nil)
	g := r.Geometry()
	s := mustParse(t, r, board("Re4 Og5 Yg6 Gc7 Ba1 Vb1 Wc1")+" d4 0-0 move:1 2")
	m, _ := r.ParseMove("e4-d4")
	f := s.Footprint(m)
	if enginetest.Names(g, f.Emptied) != "e4" || enginetest.Names(g, f.Filled) != "d4" || enginetest.Names(g, f.Touched) != "e4" ||
		f.Piece != PieceOf(Red) || f.From != engine.Nowhere || f.To != engine.Nowhere || f.Flipped|f.Replaced != 0 {
		t.Errorf("e4-d4: %+v", f)
	}
	if m, _ := r.ParseMove("xq:R"); s.Footprint(m) != (engine.Footprint{}) {
		t.Errorf("xq:R: %+v, want nothing on the board", s.Footprint(m))
	}
	// The ring's cell and a card are chosen by a tap: on the cell, on the pawn of the colour.
	place := mustParse(t, r, board("Re4 Og5 Yg6 Gc7 Ba1 Vb1 Wc1")+" - 0-0 place:1 0")
	for text, want := range map[string]string{"@c3": "c3", "@g1": "g1"} {
		m, _ := r.ParseMove(text)
		if f := place.Footprint(m); f != (engine.Footprint{Tap: f.Tap}) || enginetest.Names(g, f.Tap) != want {
			t.Errorf("%s: %+v, want a tap on %s and nothing on the board", text, f, want)
		}
	}
	shown := mustParse(t, r, board("Re4 Og5 Yg6 Gc7 Ba1 Vb1 Wc1")+" d4 0-0 show:2 xq:B 3")
	for text, want := range map[string]string{"show:R": "e4", "show:W": "c1", "show:B": "a1"} {
		m, _ := r.ParseMove(text)
		if f := shown.Footprint(m); f != (engine.Footprint{Tap: f.Tap}) || enginetest.Names(g, f.Tap) != want {
			t.Errorf("%s: %+v, want a tap on %s and nothing on the board", text, f, want)
		}
	}
}

// TestSensedRing: with ring=sensed the ring is a piece on its cell. It is put like a piece, a
// pawn entering it replaces it in the sensors' eyes (the ring lifted to let it in), it leaves
// when a challenge ends the round, and stays under the pawn that entered it.
func TestSensedRing(t *testing.T) {
	r := mustRules(t, map[string]string{"ring": "sensed"})
	g := r.Geometry()
	at := func(text string) engine.Square { sq, _ := g.ParseSquare(text); return sq }
	foot := func(s engine.State, text string) engine.Footprint {
		m, err := r.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		return s.Footprint(m)
	}
	pawns := board("Re4 Og5 Yg6 Gc7 Ba1 Vb1 Wc1")
	place := mustParse(t, r, pawns+" - 0-0 place:1 0")
	if f := foot(place, "@c3"); f != (engine.Footprint{Filled: engine.Bit(at("c3")), Piece: Ring, From: engine.Supply}) {
		t.Errorf("@c3: %+v", f)
	}
	play := mustParse(t, r, pawns+" d4 0-0 move:1 2")
	if p := play.PieceAt(at("d4")); p != Ring || r.PieceName(p) != "@" {
		t.Errorf("d4 holds %d (%s), want the ring", p, r.PieceName(p))
	}
	if f := foot(play, "e4-d4"); f != (engine.Footprint{Emptied: engine.Bit(at("e4")), Replaced: engine.Bit(at("d4")), Touched: engine.Bit(at("e4")) | engine.Bit(at("d4"))}) {
		t.Errorf("e4-d4 into the ring: %+v", f)
	}
	if f := foot(play, "e4-e3"); enginetest.Names(g, f.Filled) != "e3" || f.Piece != PieceOf(Red) || f.Replaced != 0 {
		t.Errorf("e4-e3: %+v", f)
	}
	challenged := mustParse(t, r, pawns+" d4 0-0 show:2 xq:B 3")
	if f := foot(challenged, "show:R"); enginetest.Names(g, f.Emptied) != "d4" || enginetest.Names(g, f.Tap) != "e4" || f.To != engine.Supply {
		t.Errorf("show:R after a challenge: %+v, want the ring leaving d4 and a tap on e4", f)
	}
	entered := mustParse(t, r, board("Rd4 Og5 Yg6 Gc7 Ba1 Vb1 Wc1")+" d4 0-0 show:1 in:R 3")
	if f := foot(entered, "show:R"); f != (engine.Footprint{Tap: engine.Bit(at("d4"))}) {
		t.Errorf("show:R after the red pawn entered: %+v, want a tap on d4 alone", f)
	}
	if p := entered.PieceAt(at("d4")); p != PieceOf(Red) {
		t.Errorf("d4 with the red pawn in the ring holds %d", p)
	}
}

// TestPieceColor: every pawn has its colour's name and an LED colour of its own; the ring and
// other codes have none.
func TestPieceColor(t *testing.T) {
	r := mustRules(t, nil)
	seen := map[[3]uint8]bool{}
	for c := Colour(0); c < Colours; c++ {
		name, rgb, ok := r.PieceColor(PieceOf(c))
		if !ok || name != c.String() || rgb == ([3]uint8{}) || seen[rgb] {
			t.Errorf("%v: %q %v %v", c, name, rgb, ok)
		}
		seen[rgb] = true
	}
	for _, p := range []engine.Piece{engine.Empty, Ring, engine.Face2, engine.Face1 | 9<<2} {
		if _, _, ok := r.PieceColor(p); ok {
			t.Errorf("piece %d has a colour", p)
		}
	}
}

// TestPieces: a pawn is Face1 with its colour as identity; the piece names are the letters.
func TestPieces(t *testing.T) {
	r := mustRules(t, nil)
	s := mustParse(t, r, board("Re4 Og5 Yg6 Gc7 Ba1 Vb1 Wc1")+" d4 0-0 move:1 2")
	for i, cell := range []string{"e4", "g5", "g6", "c7", "a1", "b1", "c1"} {
		sq, _ := r.Geometry().ParseSquare(cell)
		p := s.PieceAt(sq)
		if p.Face() != uint8(engine.Face1) || int(p.Identity()) != i+1 || r.PieceName(p) != letters[i:i+1] {
			t.Errorf("%s: piece %d (%s)", cell, p, r.PieceName(p))
		}
	}
	if p := s.PieceAt(0 + 3); p != engine.Empty {
		t.Errorf("d1: %d", p)
	}
	if r.PieceName(engine.Face2) != "?" || r.PieceName(engine.Face1|9<<2) != "?" || r.PieceName(Ring) != "@" {
		t.Error("a piece that is no pawn has a name")
	}
}

// TestDistance checks the exact octile comparison against the definition, for every pair
// of cells and every ring: p + q√2 compared through squares agrees with the real numbers.
func TestDistance(t *testing.T) {
	for p := -6; p <= 6; p++ {
		for q := -6; q <= 6; q++ {
			v := float64(p) + float64(q)*1.4142135623730951
			want := 0
			if v > 1e-9 {
				want = 1
			} else if v < -1e-9 {
				want = -1
			}
			if got := signRoot2(p, q); got != want {
				t.Errorf("sign of %d + %d√2: %d, want %d", p, q, got, want)
			}
		}
	}
}

// TestFootprintVia: a chain of jumps may be set down on any cell it may hop to on its way to
// where it ends; a step has no such cell. The ring ends a chain, so no way passes over it.
func TestFootprintVia(t *testing.T) {
	r := mustRules(t, nil)
	// Red on b6 jumps c5 to d4, then d3 to d2; or d4 on over e4 to f4.
	s := mustParse(t, r, board("Rb6 Oc5 Yd3 Ge4 Bg1 Va1 Wf7")+" f1 0-0 move:1 2")
	g := r.Geometry()
	for _, c := range []struct{ move, via string }{
		{"b6-d2", "d4"},
		{"b6-f4", "d4"},
		{"b6-d4", ""},
		{"b6-b5", ""},
	} {
		m, err := r.ParseMove(c.move)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Validate(m); err != nil {
			t.Fatalf("%s: %v", c.move, err)
		}
		var got []string
		for b := s.Footprint(m).Via; b != 0; {
			got = append(got, g.Name(b.Pop()))
		}
		if strings.Join(got, " ") != c.via {
			t.Errorf("%s: via %q, want %q", c.move, strings.Join(got, " "), c.via)
		}
	}
	// With the ring on d4, the chain ends there: b6-d2 and b6-f4 are no moves.
	s = mustParse(t, r, board("Rb6 Oc5 Yd3 Ge4 Bg1 Va1 Wf7")+" d4 0-0 move:1 2")
	for _, mv := range []string{"b6-d2", "b6-f4"} {
		if m, err := r.ParseMove(mv); err == nil && s.Validate(m) == nil {
			t.Errorf("%s legal with the ring on d4", mv)
		}
	}
}
