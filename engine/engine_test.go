package engine

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestShift compares every shift on every board size with coordinate arithmetic.
func TestShift(t *testing.T) {
	steps := map[Direction][2]int{
		North: {0, 1}, East: {1, 0}, South: {0, -1}, West: {-1, 0},
		NorthEast: {1, 1}, SouthEast: {1, -1}, SouthWest: {-1, -1}, NorthWest: {-1, 1},
	}
	for files := 1; files <= 8; files++ {
		for ranks := 1; ranks <= 8; ranks++ {
			g := NewGeometry(files, ranks, false)
			if g.All().Count() != files*ranks {
				t.Fatalf("%dx%d: %d squares", files, ranks, g.All().Count())
			}
			for s := Square(0); int(s) < g.Size(); s++ {
				var adj4, adj8 Bitboard
				for d, st := range steps {
					f, r := g.File(s)+st[0], g.Rank(s)+st[1]
					var want Bitboard
					if f >= 0 && f < files && r >= 0 && r < ranks {
						want = Bit(g.Square(f, r))
						adj8 |= want
						if d <= West {
							adj4 |= want
						}
					}
					if got := g.Shift(Bit(s), d); got != want {
						t.Fatalf("%dx%d: shift %s by %d = %x, want %x", files, ranks, g.Name(s), d, got, want)
					}
				}
				if g.Adjacent8(s) != adj8 || g.Adjacent4(s) != adj4 || g.Dilate8(Bit(s)) != adj8 {
					t.Fatalf("%dx%d: neighbours of %s", files, ranks, g.Name(s))
				}
			}
			// Many squares at once: the union of their neighbours, their own excepted.
			for i := range 200 {
				b := Bitboard(0x9e3779b97f4a7c15*uint64(i+1)^uint64(i)<<17) & g.All()
				var want Bitboard
				for x := b; x != 0; {
					want |= g.Adjacent8(x.Pop())
				}
				if got := g.Dilate8(b); got != want&^b {
					t.Fatalf("%dx%d: Dilate8(%x) = %x, want %x", files, ranks, b, got, want&^b)
				}
			}
		}
	}
}

func TestSquareNames(t *testing.T) {
	g := NewGeometry(7, 7, false)
	for s := Square(0); int(s) < g.Size(); s++ {
		back, err := g.ParseSquare(g.Name(s))
		if err != nil || back != s {
			t.Fatalf("%d named %s reads back as %d, %v", s, g.Name(s), back, err)
		}
	}
	if g.Name(0) != "a1" || g.Name(48) != "g7" || g.Name(7) != "a2" {
		t.Errorf("names: %s %s %s", g.Name(0), g.Name(48), g.Name(7))
	}
	for _, bad := range []string{"h1", "a8", "a0", "A1", "a", "a10", ""} {
		if _, err := g.ParseSquare(bad); err == nil {
			t.Errorf("%q accepted on 7x7", bad)
		}
	}
	if d := NewGeometry(8, 8, true).Diagram(); d[0] != 0 || d[7] != 7 {
		t.Errorf("rank 1 at the top: diagram %v", d)
	}
	if d := g.Diagram(); d[0] != 6 || d[6] != 0 {
		t.Errorf("rank 1 at the bottom: diagram %v", d)
	}
}

func TestBitboard(t *testing.T) {
	b := Bit(3) | Bit(17) | Bit(63)
	if b.First() != 3 || b.Last() != 63 || b.Count() != 3 || !b.Has(17) || b.Has(4) {
		t.Fatalf("bitboard ops on %x", b)
	}
	var got []Square
	for b != 0 {
		got = append(got, b.Pop())
	}
	if fmt.Sprint(got) != "[3 17 63]" {
		t.Errorf("pop order %v", got)
	}
	if Bitboard(0).First() != NoSquare || Bitboard(0).Last() != NoSquare {
		t.Error("empty set has no first square")
	}
}

func TestSettings(t *testing.T) {
	defs := []Setting{
		{Key: "flag", Kind: Bool, Default: "off"},
		{Key: "cap", Kind: Int, Default: "300", Min: 0, Max: 1000},
		{Key: "layout", Kind: Choice, Default: "a", Choices: []string{"a", "b"}},
	}
	s, err := NewSettings(defs, map[string]string{"flag": "yes", "cap": "007"})
	if err != nil {
		t.Fatal(err)
	}
	if !s.Bool("flag") || s.Int("cap") != 7 || s.Get("layout") != "a" || s.Get("nope") != "" {
		t.Errorf("values: %s", s)
	}
	if s.String() != "flag=on cap=7 layout=a" {
		t.Errorf("String() = %q", s)
	}
	for over, want := range map[string]string{
		"cap=1001":   "not one of 0…1000",
		"cap=x":      "not one of",
		"flag=maybe": "on|off",
		"layout=c":   "a|b",
		"colour=red": "unknown setting",
	} {
		k, v, _ := strings.Cut(over, "=")
		if _, err := NewSettings(defs, map[string]string{k: v}); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", over, err, want)
		}
	}
	if _, err := NewSettings(defs, map[string]string{"colour": "red"}); !errors.Is(err, ErrUnknownSetting) {
		t.Error("unknown setting must wrap ErrUnknownSetting")
	}
	if _, err := ParseOverrides([]string{"a=1", "a=2"}); err == nil {
		t.Error("a key given twice")
	}
	if _, err := ParseOverrides([]string{"=1"}); err == nil {
		t.Error("an empty key")
	}
	m, err := ParseOverrides([]string{"a=1", "b=x=y"})
	if err != nil || m["a"] != "1" || m["b"] != "x=y" {
		t.Errorf("ParseOverrides: %v %v", m, err)
	}
}

func TestOutcome(t *testing.T) {
	w := Win(1, "line")
	if !w.Over || !w.Won(1) || w.Won(0) || w.IsDraw() || w.Reward(1) != 1 || w.Reward(0) != 0 {
		t.Errorf("win: %+v", w)
	}
	d := Draw("cap")
	if !d.IsDraw() || d.Reward(0) != 0.5 || d.Reward(1) != 0.5 {
		t.Errorf("draw: %+v", d)
	}
	team := Outcome{Over: true, Winners: 1<<0 | 1<<2}
	if !team.Won(2) || team.Won(1) || team.Reward(2) != 1 {
		t.Errorf("team win: %+v", team)
	}
	if Ongoing.Over || Ongoing.Reward(0) != 0 {
		t.Error("ongoing")
	}
	r := namedRules{"White", "Black"}
	for _, c := range []struct {
		o    Outcome
		want string
	}{
		{Win(1, "line of four"), "Black wins (line of four)"},
		{Draw("move cap"), "draw (move cap)"},
		{Outcome{Over: true, Winners: 3, Reason: "teams"}, "White and Black wins (teams)"},
		{Ongoing, ""},
	} {
		if got := c.o.Text(r); got != c.want {
			t.Errorf("%+v: %q, want %q", c.o, got, c.want)
		}
	}
}

func TestZobristKeys(t *testing.T) {
	a, b := ZobristKeys(1, 200), ZobristKeys(1, 200)
	seen := map[uint64]bool{}
	for i := range a {
		if a[i] != b[i] {
			t.Fatal("the same salt must give the same keys")
		}
		if seen[a[i]] || a[i] == 0 {
			t.Fatalf("key %d repeats or is zero", i)
		}
		seen[a[i]] = true
	}
	if ZobristKeys(2, 1)[0] == a[0] {
		t.Error("another salt, the same key")
	}
}

// namedRules is just enough of Rules for Outcome.Text.
type namedRules []string

func (n namedRules) Players() int            { return len(n) }
func (n namedRules) PlayerName(p int) string { return n[p] }
func (namedRules) ID() string                { return "named" }
func (namedRules) Name() string              { return "named" }
func (namedRules) Geometry() *Geometry       { return nil }
func (namedRules) Settings() Settings        { return Settings{} }
func (namedRules) Start() State              { return nil }
func (namedRules) ParsePosition(string) (State, error) {
	return nil, nil
}
func (namedRules) ParseMove(string) (Move, error) { return 0, nil }
func (namedRules) FormatMove(Move) string         { return "" }

func TestFirstPlayer(t *testing.T) {
	defs := FirstSettings("red", "blue", "green", "yellow")
	seen := map[int]bool{}
	for seed := range 40 {
		s, err := NewSettings(defs, map[string]string{"first": "random", "seed": fmt.Sprint(seed)})
		if err != nil {
			t.Fatal(err)
		}
		p := FirstPlayer(s, 7)
		if p < 0 || p > 3 {
			t.Fatalf("seed %d: player %d", seed, p)
		}
		if again := FirstPlayer(s, 7); again != p {
			t.Fatalf("seed %d: %d then %d", seed, p, again)
		}
		seen[p] = true
	}
	if len(seen) != 4 {
		t.Errorf("40 seeds drew only players %v", seen)
	}
	for i, name := range []string{"red", "blue", "green", "yellow"} {
		s, _ := NewSettings(defs, map[string]string{"first": name})
		if got := FirstPlayer(s, 7); got != i {
			t.Errorf("first=%s: player %d", name, got)
		}
	}
	if s, _ := NewSettings(defs, nil); FirstPlayer(s, 7) != 0 {
		t.Error("the default is the first player listed")
	}
}

// TestDrawn: a Random setting not given is drawn within Min…Max; one given, and every other
// setting, is left as it is, and the overrides passed in are not changed.
func TestDrawn(t *testing.T) {
	defs := []Setting{
		{Key: "seed", Kind: Int, Default: "1", Min: 5, Max: 9, Random: true},
		{Key: "cap", Kind: Int, Default: "40", Min: 0, Max: 100},
	}
	var asked []int
	intn := func(n int) int { asked = append(asked, n); return n - 1 }
	in := map[string]string{"cap": "3"}
	got := Drawn(defs, in, intn)
	if got["seed"] != "9" || got["cap"] != "3" || len(got) != 2 || !slices.Equal(asked, []int{5}) || len(in) != 1 {
		t.Fatalf("Drawn = %v (asked %v), overrides now %v", got, asked, in)
	}
	if got := Drawn(defs, map[string]string{"seed": "6"}, intn); got["seed"] != "6" || len(asked) != 1 {
		t.Fatalf("a seed given was drawn again: %v", got)
	}
}

func TestExpired(t *testing.T) {
	bg := context.Background()
	future, cancel := context.WithDeadline(bg, time.Now().Add(time.Hour))
	defer cancel()
	past, cancel2 := context.WithDeadline(bg, time.Now().Add(-time.Millisecond))
	defer cancel2()
	done, cancel3 := context.WithCancel(bg)
	cancel3()
	for _, c := range []struct {
		name string
		ctx  context.Context
		want bool
	}{{"background", bg, false}, {"an hour left", future, false}, {"past its deadline", past, true}, {"cancelled", done, true}} {
		if got := Expired(c.ctx); got != c.want {
			t.Errorf("%s: %v", c.name, got)
		}
	}
}

// TestRuns checks Runs against counting each square's run by coordinates, on random boards
// of every size, and on a table of figures by name.
func TestRuns(t *testing.T) {
	steps := [][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}}
	naive := func(g *Geometry, b Bitboard, n int, diagonal bool) Bitboard {
		var out Bitboard
		for s := Square(0); int(s) < g.Size(); s++ {
			if !b.Has(s) {
				continue
			}
			for i, st := range steps {
				if i >= 2 && !diagonal {
					break
				}
				count := 1
				for _, sign := range []int{1, -1} {
					f, r := g.File(s), g.Rank(s)
					for {
						f, r = f+sign*st[0], r+sign*st[1]
						if f < 0 || f >= g.Files || r < 0 || r >= g.Ranks || !b.Has(g.Square(f, r)) {
							break
						}
						count++
					}
				}
				if count >= n {
					out |= Bit(s)
				}
			}
		}
		return out
	}
	for files := 3; files <= 8; files++ {
		for ranks := 3; ranks <= 8; ranks++ {
			g := NewGeometry(files, ranks, false)
			for i := range 300 {
				x := 0x9e3779b97f4a7c15*uint64(i+1) ^ uint64(i)<<23
				b := Bitboard(x|x>>7) & g.All() // dense: runs are frequent
				for n := 3; n <= 5; n++ {
					for _, diag := range []bool{false, true} {
						if got, want := g.Runs(b, n, diag), naive(g, b, n, diag); got != want {
							t.Fatalf("%dx%d Runs(%x, %d, %v) = %x, want %x", files, ranks, b, n, diag, got, want)
						}
					}
				}
			}
		}
	}
	g := NewGeometry(8, 8, false)
	set := func(names string) Bitboard {
		var b Bitboard
		for _, n := range strings.Fields(names) {
			s, err := g.ParseSquare(n)
			if err != nil {
				t.Fatal(err)
			}
			b |= Bit(s)
		}
		return b
	}
	for _, c := range []struct {
		b, want string
		diag    bool
	}{
		{"e5 e6 e7 e8 f5 a1", "e5 e6 e7 e8", false},
		{"a1 b2 c3 d4 e4", "", false},
		{"a1 b2 c3 d4 e4", "a1 b2 c3 d4", true},
		{"h1 g2 f3 e4 d5 a8", "h1 g2 f3 e4 d5", true},
		{"c1 d1 e1 f1 g1 h1 c2", "c1 d1 e1 f1 g1 h1", false},
		{"a1 b1 c1 e1", "", true},
	} {
		if got := g.Runs(set(c.b), 4, c.diag); got != set(c.want) {
			t.Errorf("Runs(%s, 4, %v) = %x, want %s", c.b, c.diag, got, c.want)
		}
	}
}
