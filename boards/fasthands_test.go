package boards

// Regression tests for referee bugs reported by a tester playing fast on a presence board
// (50 Hz scans, real-time API calls), reproduced here in simulated time. Each test fails on
// the code it was written against, for the reason reported; subtests done at a slower pace
// (0.5 s gaps, a swap seen by the debouncer) pass already and show what is expected.

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/hw"
)

// handPush carries out Quixo push move of position s with the hands, as player_test.go's
// perform does: the cube taken first, then each cube on into the hole, the new cube put in
// at the entry last; step between every change. It returns as the entry's cube lands. s
// is the position the push is made from, which the referee may not have reached yet. Each
// cube is put down reading 1.
func (x *rig) handPush(s engine.State, move string, step time.Duration) {
	x.t.Helper()
	in := ReadingOf(1, x.layout.Kind())
	x.pushWith(s, move, step, func(engine.Square) hw.Reading { return in })
}

// pushAs is handPush with each cube put down reading as after the push (its dot).
func (x *rig) pushAs(s engine.State, move string, step time.Duration) {
	x.t.Helper()
	m, after := mustMove(x.t, x.rules, move), s.Clone()
	if err := s.Validate(m); err != nil {
		x.t.Fatalf("%s: %v", move, err)
	}
	after.Play(m)
	want := Project(after, x.layout.Kind())
	x.pushWith(s, move, step, func(sq engine.Square) hw.Reading { return want[sq] })
}

// pushWith is handPush with each cube put down reading as reading says of its square.
func (x *rig) pushWith(s engine.State, move string, step time.Duration, reading func(engine.Square) hw.Reading) {
	x.t.Helper()
	m := mustMove(x.t, x.rules, move)
	if err := s.Validate(m); err != nil {
		x.t.Fatalf("%s: %v", move, err)
	}
	f := s.Footprint(m)
	path := PushPath(x.rules.Geometry(), f)
	x.board.Set(x.layout.CellOf(path[0]), 0)
	x.run(step)
	for i := 1; i < len(path); i++ {
		x.board.Set(x.layout.CellOf(path[i]), 0)
		x.run(step)
		x.board.Set(x.layout.CellOf(path[i-1]), reading(path[i-1]))
		x.run(step)
	}
	x.board.Set(x.layout.CellOf(f.Entry), reading(f.Entry))
}

// hands carries out groups of changes on a presence board: each group ("-e3 -e2" lifts e3
// and e2, "+e3" puts a piece on e3) is done at one instant, between two scans, and then
// step passes.
func (x *rig) hands(step time.Duration, groups ...string) {
	x.t.Helper()
	for _, g := range groups {
		for _, w := range strings.Fields(g) {
			switch w[0] {
			case '-':
				x.lift(w[1:])
			case '+':
				x.put(w[1:], 1)
			default:
				x.t.Fatalf("hands: %q", w)
			}
		}
		x.run(step)
	}
}

// handsAt makes each change of steps ("ms hand": "120 -a3", "200 +b4") at its time in
// milliseconds from the first.
func (x *rig) handsAt(steps ...string) {
	x.t.Helper()
	last := 0
	for _, st := range steps {
		at, hand, ok := strings.Cut(st, " ")
		ms, err := strconv.Atoi(at)
		if !ok || err != nil || ms < last {
			x.t.Fatalf("handsAt: %q", st)
		}
		x.run(time.Duration(ms-last) * time.Millisecond)
		last = ms
		x.hands(0, hand)
	}
}

// after returns a copy of the referee's position with moves played.
func (x *rig) after(moves ...string) engine.State {
	x.t.Helper()
	s := x.ref.State().Clone()
	for _, text := range moves {
		m := mustMove(x.t, x.rules, text)
		if err := s.Validate(m); err != nil {
			x.t.Fatalf("%s: %v", text, err)
		}
		s.Play(m)
	}
	return s
}

// askedMoves returns the options of every Asking event since the events were last taken.
func (x *rig) askedMoves() []string {
	var out []string
	for _, e := range x.events {
		if e.Kind == Asking {
			for _, m := range e.Options {
				out = append(out, x.rules.FormatMove(m))
			}
		}
	}
	return out
}

// eventTexts lists the events since they were last taken, for failure messages.
func (x *rig) eventTexts() string {
	var out []string
	for _, e := range x.events {
		if e.Kind == NewGame || e.Kind == Think {
			continue
		}
		out = append(out, e.Kind.String()+" "+e.Text)
	}
	return "[" + strings.Join(out, "; ") + "]"
}

// wantMovesSaid is wantMoves, the events listed in words.
func (x *rig) wantMovesSaid(want string) {
	x.t.Helper()
	if got := x.moves(); got != want {
		x.t.Fatalf("moves %q, want %q (events %s)", got, want, x.eventTexts())
	}
}

// wantTakenOrAnswered checks that, the board settled after quick hands, the moves the
// referee committed since history base (the moves before, space-separated) are the first of
// made, and that where it stopped it asks with the next move made among the options; it
// answers that and goes on until every move made is committed.
func (x *rig) wantTakenOrAnswered(base string, made ...string) {
	x.t.Helper()
	all := strings.TrimSpace(base + " " + strings.Join(made, " "))
	for range len(made) + 1 {
		got := x.moves()
		if got == all {
			return
		}
		done := strings.Fields(strings.TrimSpace(strings.TrimPrefix(got, base)))
		if !strings.HasPrefix(got, base) || len(done) >= len(made) || strings.Join(done, " ") != strings.Join(made[:len(done)], " ") {
			x.t.Fatalf("moves %q: the hands made %q (events %s)", got, all, x.eventTexts())
		}
		next := mustMove(x.t, x.rules, made[len(done)])
		a := x.took(Asking)
		if len(a) == 0 || !slices.Contains(a[len(a)-1].Options, next) {
			x.t.Fatalf("moves %q: %s, made next, neither committed nor asked (events %s)", got, made[len(done)], x.eventTexts())
		}
		x.send(Message{Kind: CmdChoose, Move: next})
		x.run(time.Second)
	}
	x.wantMoves(all)
}

// TestFastHandsQuixoQuickReply: Quixo, human v human, presence sensors. X pushes a1-a5
// one cube at a time, 100 ms a step; O starts d1-d5 0.1-0.3 s after X's last cube lands.
// Reported: X's push is never committed (no question, no mismatch) and O's push is lost
// too, or, when O first taps b5 (lifts it and puts it back), O's push is recorded as X's.
// With a 0.5 s gap both commit. Both moves must be committed in order.
func TestFastHandsQuixoQuickReply(t *testing.T) {
	for _, tap := range []bool{false, true} {
		for _, gap := range []time.Duration{100 * time.Millisecond, 200 * time.Millisecond, 300 * time.Millisecond, 500 * time.Millisecond} {
			name := fmt.Sprintf("gap %v", gap)
			if tap {
				name += ", tap b5 first"
			}
			t.Run(name, func(t *testing.T) {
				x := newRig(t, "quixo", nil, hw.Presence, Human, Human)
				x.run(time.Second)
				x.handPush(x.after(), "a1-a5", 100*time.Millisecond)
				x.run(gap)
				if tap {
					x.lift("b5")
					x.run(150 * time.Millisecond)
					x.put("b5", 1)
					x.run(100 * time.Millisecond)
				}
				x.handPush(x.after("a1-a5"), "d1-d5", 100*time.Millisecond)
				x.run(2 * time.Second)
				x.wantMovesSaid("a1-a5 d1-d5")
			})
		}
	}
}

// TestFastHandsQuixoPartial: Quixo, presence sensors, pushes seen only in part. Reported: a
// cube put back within one scan of the next push starting makes that push vanish; a row
// slid as a whole, or two cubes moved together, lose moves without a word or commit
// another push (intended e3-e1, committed e2-e1). Once the board settles, the push made
// must be committed, or asked about with it among the options: never dropped in silence,
// never another push committed.
func TestFastHandsQuixoPartial(t *testing.T) {
	const step = 100 * time.Millisecond
	for _, c := range []struct {
		name, want string
		do         func(x *rig)
	}{
		// (a) A fumble: c5 lifted and put back, and in the same scan a1 taken for a1-a5.
		{"fumble put back as the push starts", "a1-a5", func(x *rig) {
			x.hands(200*time.Millisecond, "-c5")
			x.hands(step, "+c5 -a1", "-a2", "+a1", "-a3", "+a2", "-a4", "+a3", "-a5", "+a4", "+a5")
		}},
		// Every square seen empty, but e3 and e2 lifted together (in one scan: their order
		// is unknown, the debouncer reports them in cell order).
		{"two cubes lifted together", "e3-e1", func(x *rig) {
			x.hands(step, "-e3 -e2", "+e3", "-e1", "+e2", "+e1")
		}},
		// e5 taken, the row e1-e4 slid up as a whole (e2-e4 never read empty); e5 reads
		// full again 60 ms before e1 reads empty. (Done in the same scan, the referee asks:
		// TestQuixoRowSlidAsWhole.)
		{"row slid, far end first", "e5-e1", func(x *rig) {
			x.hands(step, "-e5")
			x.hands(60*time.Millisecond, "+e5")
			x.hands(step, "-e1", "+e1")
		}},
		// e5 taken, e4's and e3's cubes slid up together (e4 never reads empty), e3 seen
		// empty 60 ms after e5 filled; then cube by cube.
		{"two cubes slid together", "e5-e1", func(x *rig) {
			x.hands(step, "-e5")
			x.hands(60*time.Millisecond, "+e5")
			x.hands(step, "-e3", "-e2", "+e3", "-e1", "+e2", "+e1")
		}},
		// The reported e3-e1 committed as e2-e1: the cube taken at e3 and e2's cube slid
		// into its place within 30 ms, so that e3 reads empty for one scan only. (With no
		// scan at all, nothing would tell it from e2-e1.)
		{"exit refilled within a scan", "e3-e1", func(x *rig) {
			x.hands(tick, "-e3")
			x.hands(step, "-e2 +e3", "-e1", "+e2", "+e1")
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			x := newRig(t, "quixo", nil, hw.Presence, Human, Human)
			x.run(time.Second)
			x.after(c.want) // legal
			c.do(x)
			x.run(2 * time.Second)
			x.wantTakenOrAnswered("", c.want)
		})
	}
}

// TestFastHandsQuickPlacement: Quad Wrangle, Quantik, Quarto, human v human. A second move
// started within 0.3 s of the end of the first loses both. Reported (Quad Wrangle): a
// stone put on e4, 100-250 ms later the other player's on a7; the LEDs ask to remove both
// and after about 3.5 s a Mismatch says "clear e4 a7". Both moves must be committed, in
// order.
func TestFastHandsQuickPlacement(t *testing.T) {
	// (At 500 ms the referee already does what is expected.)
	gaps := []time.Duration{100 * time.Millisecond, 150 * time.Millisecond, 250 * time.Millisecond, 500 * time.Millisecond}
	for _, gap := range gaps {
		// White's drop on e4 could be a4's slide arriving, so it waits for the settle
		// window; Black's a7 (a drop) comes within it.
		t.Run(fmt.Sprintf("quadwrangle e4 a7 %v", gap), func(t *testing.T) {
			x := newRig(t, "quadwrangle", nil, hw.Presence, Human, Human)
			x.run(time.Second)
			x.after("e4", "a7")
			x.put("e4", 1)
			x.run(gap)
			x.put("a7", 1)
			x.run(5 * time.Second)
			x.wantMovesSaid("e4 a7")
			if m := x.took(Mismatch); m != nil {
				t.Fatalf("mismatch %v", m)
			}
		})
	}
	for _, gap := range gaps {
		// Presence sensors, no rack: the shape of each placement is asked. The next
		// placement made before the question is no mismatch: the question stays open (as
		// it does when the question came first: answeredByReply).
		t.Run(fmt.Sprintf("quantik Ca1 Yd4 %v", gap), func(t *testing.T) {
			x := newRig(t, "quantik", nil, hw.Presence, Human, Human)
			x.run(time.Second)
			x.after("Ca1", "Yd4")
			x.put("a1", 1)
			x.run(gap)
			x.put("d4", 1)
			x.run(5 * time.Second)
			if m := x.took(Mismatch); m != nil {
				t.Fatalf("mismatch %v (moves %q)", m[0].Text, x.moves())
			}
			if got := x.ref.Snapshot().Asking; !slices.Contains(got, "Ca1") {
				t.Fatalf("moves %q, asking %v: want the shape on a1 asked", x.moves(), got)
			}
		})
	}
	// Quantik with a rack: each piece is taken from its slot first, so every placement is
	// known. Dark takes his cylinder from the rack in the scan Light's cube lands on a1.
	// (With Dark's piece lifted 40 ms or more later, both commit.)
	t.Run("quantik rack, reply taken as the cube lands", func(t *testing.T) {
		x := newRackRig(t, "quantik", nil, hw.Presence, 16, Human, Human)
		x.run(time.Second)
		s := x.after()
		light, dark := mustMove(t, x.rules, "Ca1"), mustMove(t, x.rules, "Yd4")
		x.board.Set(x.slotOf(s.Footprint(light).Rack, true), 0)
		x.run(200 * time.Millisecond)
		x.put("a1", 1)
		s.Play(light)
		x.board.Set(x.slotOf(s.Footprint(dark).Rack, true), 0)
		x.run(150 * time.Millisecond)
		x.put("d4", 1)
		x.run(5 * time.Second)
		x.wantMovesSaid("Ca1 Yd4")
	})
	for _, gap := range gaps {
		// Identity sensors, no rack: the placement is seen, the piece handed over is asked
		// once the board settles. The opponent puts that piece on d2 before: that shows
		// which piece it was (as it does when the question came first:
		// TestQuartoAnsweredByTheNextPlacement), and d2's hand-over is asked.
		t.Run(fmt.Sprintf("quarto c3:sDQF d2 %v", gap), func(t *testing.T) {
			x := newRig(t, "quarto", nil, hw.Identity, Human, Human)
			quartoResume(t, x, "BLRH")
			x.after("c3:sDQF", "d2:sLRH")
			x.put("c3", quartoPiece(t, "BLRH", hw.Identity))
			x.run(gap)
			x.put("d2", quartoPiece(t, "sDQF", hw.Identity))
			x.run(5 * time.Second)
			if m := x.took(Mismatch); m != nil {
				t.Fatalf("mismatch %v (moves %q)", m[0].Text, x.moves())
			}
			x.wantMoves("BLRH c3:sDQF")
			if got := x.ref.Snapshot().Asking; len(got) == 0 || !strings.HasPrefix(got[0], "d2:") {
				t.Fatalf("asking %v: want d2's piece handed over asked", got)
			}
		})
	}
}

// TestFastHandsCrowdedHiddenSwap: Crowded, presence, human v human. Black lifts e4 and
// captures e5, the stone on e5 swapped for the capturer within one or two 20 ms scans, so
// that e5 never reads empty for two scans in a row; then lifts f4, a disc e4xe5 turns, to
// turn it over, and puts it back. Reported: e4xf4 is committed without a question. The
// referee must wait or ask: e4xf4 is never committed.
func TestFastHandsCrowdedHiddenSwap(t *testing.T) {
	for _, dip := range []int{0, 1, 3} { // scans e5 reads empty (3: seen, e4xe5 taken as it lands)
		for _, flip := range []string{"f4", "d4"} { // turned by e4xe5, and next to e4
			t.Run(fmt.Sprintf("e5 empty %d scans, %s turned", dip, flip), func(t *testing.T) {
				x := newRig(t, "crowded", nil, hw.Presence, Human, Human)
				x.run(time.Second)
				s := x.after()
				f := s.Footprint(mustMove(t, x.rules, "e4xe5"))
				if !f.Flipped.Has(x.sq(flip)) || s.Validate(mustMove(t, x.rules, "e4x"+flip)) != nil {
					t.Fatalf("%s: not turned by e4xe5, or not capturable from e4", flip)
				}
				x.lift("e4")
				x.run(200 * time.Millisecond)
				x.lift("e5")
				x.run(time.Duration(dip) * tick)
				x.put("e5", 1)
				x.run(400 * time.Millisecond)
				x.lift(flip)
				x.run(150 * time.Millisecond)
				x.put(flip, 1)
				x.run(4 * time.Second)
				got := x.moves()
				if got != "" && got != "e4xe5" {
					t.Fatalf("committed %q: the hand made e4xe5 and turned %s (events %s)", got, flip, x.eventTexts())
				}
				if a := x.took(Asking); got == "" && (len(a) == 0 || !slices.Contains(a[len(a)-1].Options, mustMove(t, x.rules, "e4xe5"))) {
					t.Fatalf("neither committed nor asked with e4xe5 among the options (events %s)", x.eventTexts())
				}
			})
		}
	}
}

// TestCrowdedGlimpsedSwapTold: after e4xe5 swapped in a glimpse (e5 empty for one scan)
// and f4 turned, the referee holds e4xe5 and e4xf4; the next disc turned tells them apart
// when only e4xe5 turns it (d6), and a question does when none is turned.
func TestCrowdedGlimpsedSwapTold(t *testing.T) {
	swap := func(t *testing.T) *rig {
		x := newRig(t, "crowded", nil, hw.Presence, Human, Human)
		x.run(time.Second)
		x.lift("e4")
		x.run(200 * time.Millisecond)
		x.lift("e5")
		x.run(tick)
		x.put("e5", 1)
		x.run(400 * time.Millisecond)
		x.lift("f4")
		x.run(150 * time.Millisecond)
		x.put("f4", 1)
		x.run(400 * time.Millisecond)
		if got := x.moves(); got != "" {
			t.Fatalf("committed %q before the discs told", got)
		}
		return x
	}
	t.Run("d6 turned", func(t *testing.T) {
		x := swap(t)
		x.lift("d6")
		x.run(150 * time.Millisecond)
		x.put("d6", 1)
		x.run(time.Second)
		x.wantMoves("e4xe5")
		if a := x.took(Asking); len(a) != 0 {
			t.Fatalf("asked %v", a[0].Text)
		}
	})
	t.Run("nothing more turned", func(t *testing.T) {
		x := swap(t)
		x.run(4 * time.Second)
		a := x.took(Asking)
		if len(a) != 1 || len(a[0].Options) != 2 {
			t.Fatalf("asked %v, want e4xe5 or e4xf4", a)
		}
		x.send(Message{Kind: CmdChoose, Move: mustMove(t, x.rules, "e4xe5")})
		x.wantMoves("e4xe5")
	})
}

// TestFastHandsFlipLights: presence sensors cannot see a disc turned, so after a capture
// the discs to turn are lit. Reported: lifting one of them darkens every turn-over light
// at once; and discs turned without being lifted keep their lights into the AI's next move.
// Only the lifted disc's light must go dark (the others stay lit until lifted, or until
// the next move begins), and once the AI's next move is announced the previous move's
// turn-over lights are dark.
func TestFastHandsFlipLights(t *testing.T) {
	capture := func(x *rig) { // Black's e6xd6, the sheet's example: it turns c5 c7 e5 e7
		x.run(time.Second)
		x.lift("d6") // (the captured stone first: see TestCrowdedCaptureOrders)
		x.run(200 * time.Millisecond)
		x.lift("e6")
		x.run(100 * time.Millisecond)
		x.put("d6", 1)
		x.run(time.Second)
		x.wantMoves("e6xd6")
		if got := fmt.Sprint(x.lit(LightFlip)); got != "[c5 c7 e5 e7]" {
			t.Fatalf("turn-over lights %s, want c5 c7 e5 e7", got)
		}
	}
	t.Run("crowded, one disc lifted", func(t *testing.T) {
		x := newRig(t, "crowded", nil, hw.Presence, Human, Human)
		capture(x)
		x.lift("c5")
		x.run(100 * time.Millisecond)
		if got := fmt.Sprint(x.lit(LightFlip)); got != "[c7 e5 e7]" {
			t.Errorf("c5 lifted to turn: turn-over lights %s, want c7 e5 e7", got)
		}
		x.put("c5", 1)
		x.run(500 * time.Millisecond)
		if got := fmt.Sprint(x.lit(LightFlip)); got != "[c7 e5 e7]" {
			t.Errorf("c5 turned: turn-over lights %s, want c7 e5 e7", got)
		}
		turnOver(t, x, "e7", "[c7 e5]")
	})
	t.Run("quadwrangle, one disc lifted", func(t *testing.T) {
		x := newRig(t, "quadwrangle", nil, hw.Presence, Human, Human)
		x.put("f4", 1)
		x.run(500 * time.Millisecond)
		x.lift("g5")
		x.run(100 * time.Millisecond)
		x.put("f6", 1)
		x.run(500 * time.Millisecond)
		x.wantMoves("f4 g5-f6")
		if got := fmt.Sprint(x.lit(LightFlip)); got != "[e7 f7]" {
			t.Fatalf("turn-over lights %s, want e7 f7", got)
		}
		turnOver(t, x, "e7", "[f7]")
	})
	t.Run("crowded, turned in place, then the AI's move", func(t *testing.T) {
		x := newRig(t, "crowded", nil, hw.Presence, AI, Human) // White is the AI; Black moves first
		capture(x)
		th := x.took(Think)
		if len(th) != 1 {
			t.Fatalf("the AI is not asked to move: %v", th)
		}
		// The four discs are turned where they lie: the sensors see nothing. The AI's move,
		// a1xb1, turns a2 and c2 only.
		ai := mustMove(t, x.rules, "a1xb1")
		if f := x.ref.State().Footprint(ai); fmt.Sprint(x.ref.names(f.Flipped)) != "a2 c2" {
			t.Fatalf("a1xb1 turns %s", x.ref.names(f.Flipped))
		}
		x.run(500 * time.Millisecond)
		x.send(Message{Kind: CmdAIResult, Version: uint64(th[0].Ply), Move: ai})
		x.run(100 * time.Millisecond)
		if len(x.took(AIMove)) != 1 {
			t.Fatal("the AI's move is not announced")
		}
		if got := fmt.Sprint(x.lit(LightFlip)); got != "[a2 c2]" {
			t.Errorf("the AI's move announced: turn-over lights %s, want only its own, a2 c2", got)
		}
	})
}

// TestQuickChains: players who go on quickly, each starting before the last move was
// committed, the board read once for several moves. Every move made is committed in order,
// each one a question answers where the sensors cannot tell it (which Quantik piece).
func TestQuickChains(t *testing.T) {
	for _, c := range []struct {
		name, id string
		want     []string
		hands    []string
	}{
		// Four moves from the start, 60 ms a step: a slide over d6, a slide over f4 and e4,
		// a stone put back where the first slide left, a slide.
		{"quadwrangle four moves", "quadwrangle", []string{"d7-d5", "g4-d4", "d7", "f1-g1"},
			[]string{"-d7", "+d6", "+d5", "-d6", "-g4", "+f4", "-f4", "+e4", "+d4", "-e4", "+d7", "-f1", "+g1"}},
		// Four placements, 100 ms apart: each piece's shape is asked in turn.
		{"quantik four placements", "quantik", []string{"Cb4", "Sd3", "Yd2", "Sd4"},
			[]string{"+b4", "+d3", "+d2", "+d4"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			x := newRig(t, c.id, nil, hw.Presence, Human, Human)
			x.run(time.Second)
			x.after(c.want...) // legal
			x.hands(80*time.Millisecond, c.hands...)
			for i := 0; i < 2*len(c.want) && x.moves() != strings.Join(c.want, " "); i++ {
				x.run(x.ref.cfg.Grace + time.Second)
				if a := x.ref.asked.moves; a != nil {
					next := mustMove(t, x.rules, c.want[len(x.ref.History())])
					if !slices.Contains(a, next) {
						t.Fatalf("after %q asked %v, not %s", x.moves(), x.askedMoves(), c.want[len(x.ref.History())])
					}
					x.send(Message{Kind: CmdChoose, Move: next})
				}
			}
			x.wantMovesSaid(strings.Join(c.want, " "))
			if m := x.took(Mismatch); len(m) != 0 {
				t.Errorf("mismatch %s", m[0].Text)
			}
		})
	}
}

// turnOver lifts the disc on sq, puts it back turned, and checks the turn-over lights left.
func turnOver(t *testing.T, x *rig, sq, want string) {
	t.Helper()
	x.lift(sq)
	x.run(100 * time.Millisecond)
	x.put(sq, 1)
	x.run(500 * time.Millisecond)
	if got := fmt.Sprint(x.lit(LightFlip)); got != want {
		t.Errorf("%s turned: turn-over lights %s, want %s", sq, got, want)
	}
}

// TestQuickSlideThenFill: White slides a2-b2 and Black puts a stone on a2 at once (80 ms a
// step). On presence sensors that reads as well as White's placement on b2 with a2 lifted
// and put back: asked, never b2 taken alone; the answer commits both.
func TestQuickSlideThenFill(t *testing.T) {
	x := newRig(t, "quadwrangle", nil, hw.Presence, Human, Human)
	x.run(time.Second)
	x.after("a2-b2", "a2")
	x.hands(80*time.Millisecond, "-a2", "+b2", "+a2")
	x.run(5 * time.Second)
	if got := x.moves(); got != "" {
		t.Fatalf("committed %q without a question (events %s)", got, x.eventTexts())
	}
	if asked := x.askedMoves(); !slices.Contains(asked, "a2-b2") || !slices.Contains(asked, "b2") {
		t.Fatalf("asked %v, want b2 and a2-b2", asked)
	}
	x.send(Message{Kind: CmdChoose, Move: mustMove(t, x.rules, "a2-b2")})
	x.run(2 * time.Second)
	x.wantMovesSaid("a2-b2 a2")
}

// TestCrowdedHiddenSwapFumbledFirst: a piece fumbled and put back just as the hand starts
// (a3), then d3xc3 swapped between two scans and c3's discs b2 and d2 turned. d2 is also
// a capture from d3: only d3xc3 turns b2, and the fumble before the move is no part of it
// (simulated sleight hands committed d3xd2).
func TestCrowdedHiddenSwapFumbledFirst(t *testing.T) {
	x := newRig(t, "crowded", nil, hw.Presence, Human, Human)
	x.run(time.Second)
	x.lift("a3")
	x.run(420 * time.Millisecond)
	x.put("a3", 1)
	x.lift("d3")
	x.run(220 * time.Millisecond)
	x.lift("c3")
	x.put("c3", 1) // (inside one scan)
	x.run(260 * time.Millisecond)
	for _, disc := range []string{"b2", "d2"} {
		x.lift(disc)
		x.run(160 * time.Millisecond)
		x.put(disc, 1)
		x.run(160 * time.Millisecond)
	}
	x.run(time.Second)
	x.wantMoves("d3xc3")
}

// TestCrowdedHiddenSwapAfterAI: the AI's a1xb1 carried out with b1 swapped between two
// scans, answered at once by d1xc1 swapped so too, then c1's discs c2, b1 and d2 turned.
// c2 lifted first looks like d1xc2's victim, and every disc d1xc1 turns d1xc2 turns too:
// the AI's move is taken, the reply asked, never d1xc2 taken (simulated sleight hands
// committed the reply the first disc named).
func TestCrowdedHiddenSwapAfterAI(t *testing.T) {
	x := newRig(t, "crowded", nil, hw.Presence, AI, Human) // White is the AI; Black moves first
	x.run(time.Second)
	x.lift("d6")
	x.run(200 * time.Millisecond)
	x.lift("e6")
	x.run(100 * time.Millisecond)
	x.put("d6", 1)
	x.run(time.Second)
	x.wantMoves("e6xd6")
	th := x.took(Think)
	if len(th) != 1 {
		t.Fatalf("the AI is not asked to move: %v", th)
	}
	x.send(Message{Kind: CmdAIResult, Version: uint64(th[0].Ply), Move: mustMove(t, x.rules, "a1xb1")})
	x.run(500 * time.Millisecond)
	x.lift("a1")
	x.run(140 * time.Millisecond)
	x.lift("b1")
	x.put("b1", 1)
	x.run(160 * time.Millisecond)
	x.lift("d1")
	x.run(140 * time.Millisecond)
	x.lift("c1")
	x.put("c1", 1)
	for _, disc := range []string{"c2", "b1", "d2"} {
		x.run(300 * time.Millisecond)
		x.lift(disc)
		x.run(140 * time.Millisecond)
		x.put(disc, 1)
	}
	x.run(4 * time.Second)
	if got := x.moves(); got != "e6xd6 a1xb1" {
		t.Fatalf("moves %q, want e6xd6 a1xb1 and the reply asked (events %s)", got, x.eventTexts())
	}
	a := x.took(Asking)
	if len(a) == 0 || !slices.Contains(a[len(a)-1].Options, mustMove(t, x.rules, "d1xc1")) {
		t.Fatalf("the reply not asked with d1xc1 among the options (events %s)", x.eventTexts())
	}
	x.send(Message{Kind: CmdChoose, Move: mustMove(t, x.rules, "d1xc1")})
	x.run(100 * time.Millisecond)
	x.wantMoves("e6xd6 a1xb1 d1xc1")
}

// TestQuickPushesOnAFullBoard: Push on presence sensors, every square full, so each push
// leaves the squares reading as before and only the order of the work shows it. Sc, E3
// and W1 made 260 ms apart: Sc and Nc (the same column from the other edge) differ only by
// that order, and must not be taken as one reading (simulated blitz hands lost Sc and E3,
// then committed W1 as their move).
func TestQuickPushesOnAFullBoard(t *testing.T) {
	x := newRig(t, "push", nil, hw.Presence, Human, Human)
	quartoResume(t, x, "Sb", "E2", "Sa", "E4")
	s := x.after()
	for _, m := range []string{"Sc", "E3", "W1"} {
		x.handPush(s, m, 60*time.Millisecond)
		x.run(260 * time.Millisecond)
		s.Play(mustMove(t, x.rules, m))
	}
	x.run(2 * time.Second)
	x.wantMoves("Sb E2 Sa E4 Sc E3 W1")
	if a := x.took(Asking); len(a) != 0 {
		t.Fatalf("asked %s", a[0].Text)
	}
}

// TestQuickQuantikOnPolarity: Quantik on polarity sensors, which read a piece's colour and
// never its shape, so each placement is asked. Players go on while the first question is
// open, seven placements 300-700 ms apart. Once the first is answered, each next one is
// asked in turn, never taken with a shape the sensors cannot see (simulated blitz hands
// had Cc2 committed for Sc2: one shape's readings were searched, the others' not).
func TestQuickQuantikOnPolarity(t *testing.T) {
	x := newRig(t, "quantik", nil, hw.Polarity, Human, Human)
	x.run(time.Second)
	moves := []string{"Yc4", "Sc2", "Pb3", "Yd2", "Ca4", "Sa3", "Ya1", "Pc1"}
	s := x.after()
	for i, name := range moves {
		m := mustMove(t, x.rules, name)
		f := s.Footprint(m)
		x.board.Set(x.layout.CellOf(f.Filled.First()), ReadingOf(f.Piece, hw.Polarity))
		x.run(time.Duration(300+100*(i%5)) * time.Millisecond)
		s.Play(m)
	}
	x.run(time.Second)
	for i, name := range moves {
		a := x.took(Asking)
		if len(a) == 0 {
			t.Fatalf("%s not asked (moves %q, events %s)", name, x.moves(), x.eventTexts())
		}
		if got := x.moves(); got != strings.Join(moves[:i], " ") {
			t.Fatalf("moves %q before %s was answered", got, name)
		}
		if !slices.Contains(a[len(a)-1].Options, mustMove(t, x.rules, name)) {
			t.Fatalf("asked %s: %s not among the options", a[len(a)-1].Text, name)
		}
		x.send(Message{Kind: CmdChoose, Move: mustMove(t, x.rules, name)})
		x.run(time.Second)
	}
	x.wantMoves(strings.Join(moves, " "))
}

// TestQuickSlideThenDropTurned: Quad Wrangle on presence sensors. a2-b3 slid, a2 dropped by
// the next player 150 ms later, who then lifts b3 and a3 to turn them. The squares read as
// b3 dropped with a2 fumbled: asked, and the question stays open while the discs are
// turned (simulated blitz hands had b3 committed once b3, lifted, made the board read as
// the position and forgot the work).
func TestQuickSlideThenDropTurned(t *testing.T) {
	x := newRig(t, "quadwrangle", nil, hw.Presence, Human, Human)
	x.run(time.Second)
	x.hands(100*time.Millisecond, "-a2", "+b3")
	x.hands(150*time.Millisecond, "+a2")
	for _, disc := range []string{"b3", "a3"} {
		x.hands(60*time.Millisecond, "-"+disc, "+"+disc)
		x.run(250 * time.Millisecond)
	}
	x.run(3 * time.Second)
	x.wantTakenOrAnswered("", "a2-b3", "a2")
}

// TestQuickMoveFromWhereTheLastEnded: Xe Queo! on presence sensors. b2-c3, then the next
// player moves that pawn on at once (c3-b4) and the first player answers a3-c3, onto the
// square just emptied. The reading a3-b4 with c3 fumbled fits the squares too: asked, never
// a3-b4 taken (simulated blitz hands had it committed: c3 lifted for c3-b4 was read as the
// end of b2-c3, and the rest then began at b4).
func TestQuickMoveFromWhereTheLastEnded(t *testing.T) {
	x := newRig(t, "xequeo", nil, hw.Presence, Human, Human)
	quartoResume(t, x, "@c6", "f7-f6", "f4-f5")
	x.hands(40*time.Millisecond, "+c3", "-b2")
	x.run(220 * time.Millisecond)
	x.hands(120*time.Millisecond, "-c3", "+b4")
	x.run(120 * time.Millisecond)
	x.hands(360*time.Millisecond, "-a3", "+c3")
	x.run(4 * time.Second)
	x.wantTakenOrAnswered("@c6 f7-f6 f4-f5", "b2-c3", "c3-b4", "a3-c3")
}

// TestQuickAnswerKeepsItsOwnRest: Xe Queo! on presence sensors. e4-g6 jumps over f5 (read
// for a moment on the way), then f4-e5 and g5-f5 follow at once. e4-f5, the pawn stopped
// on f5, fits too and is asked; the answer e4-g6 is followed by its own reading of the
// rest, not by the one e4-f5's began earlier (simulated blitz hands had f4-f5 and g5-e5
// committed: the rest of every option was taken to begin where the earliest did).
func TestQuickAnswerKeepsItsOwnRest(t *testing.T) {
	x := newRig(t, "xequeo", nil, hw.Presence, Human, Human)
	quartoResume(t, x, "@a6", "xq:Y", "show:V", "@d2", "f7-g6", "g6-g5", "xq:G", "show:R", "@d7", "xq:W", "show:R", "@e7", "b3-c3")
	x.hands(40*time.Millisecond, "-e4", "+f5")
	x.hands(40*time.Millisecond, "+g6", "-f5")
	x.run(180 * time.Millisecond)
	x.hands(60*time.Millisecond, "-f4", "+e5")
	x.run(140 * time.Millisecond)
	x.hands(80*time.Millisecond, "-g5", "+f5")
	x.run(3 * time.Second)
	x.wantTakenOrAnswered("@a6 xq:Y show:V @d2 f7-g6 g6-g5 xq:G show:R @d7 xq:W show:R @e7 b3-c3", "e4-g6", "f4-e5", "g5-f5")
}

// TestQuickDropOnTheSquareJustLeft: Quad Wrangle on polarity sensors. a2-b2 slid, g1
// dropped by the next player, and a2 dropped again by the first: the squares read as b2
// and g1 dropped with a2 lifted and put back, one move fewer. A reading that leaves a
// lift unexplained does not win by being shorter: the three moves are taken or asked,
// never b2 (simulated blitz hands had g6 and e6 committed for f5-g6, e6, f5).
func TestQuickDropOnTheSquareJustLeft(t *testing.T) {
	x := newRig(t, "quadwrangle", nil, hw.Polarity, Human, Human)
	x.run(time.Second)
	s := x.after()
	for _, step := range []struct {
		move string
		do   func()
	}{
		{"a2-b2", func() { x.lift("a2"); x.run(100 * time.Millisecond); x.put("b2", x.reading(s, "a2-b2")) }},
		{"g1", func() { x.put("g1", x.reading(s, "g1")) }},
		{"a2", func() { x.put("a2", x.reading(s, "a2")) }},
	} {
		step.do()
		x.run(180 * time.Millisecond)
		s.Play(mustMove(t, x.rules, step.move))
	}
	x.run(3 * time.Second)
	x.wantTakenOrAnswered("", "a2-b2", "g1", "a2")
}

// reading is what the sensors read of the piece move puts down in position s.
func (x *rig) reading(s engine.State, move string) hw.Reading {
	x.t.Helper()
	m := mustMove(x.t, x.rules, move)
	f := s.Footprint(m)
	s.Play(m)
	defer s.Undo()
	return ReadingOf(s.PieceAt((f.Filled | f.Replaced).First()), x.layout.Kind())
}

// TestQuickReplyAfterAnUnseenPush: Push 4 on presence sensors. Sf pushes a full column,
// the marble at f6 going back to its owner, and is slid as a whole: the squares read as
// before it, and Sf is asked. The next player's Nc, made while the question is open, fits
// the board as it was too: it is read after Sf first, never committed for the player who
// made Sf (simulated sleight hands had it so).
func TestQuickReplyAfterAnUnseenPush(t *testing.T) {
	x := newRig(t, "push4", nil, hw.Presence, Human, Human, Human, Human)
	quartoResume(t, x, strings.Fields("E3 E2 Sa Nd E3 Nc E5 Sb E3 Nc E4 W5 E4 E6 E6 Nf Nd Sa W3")...)
	// Sf slid as a whole: f6's marble taken off the far end, the column shifted in one
	// scan (the squares between never read empty), the new marble put in at f1.
	x.hands(180*time.Millisecond, "-f6", "+f6 -f1", "+f1")
	x.run(300 * time.Millisecond)
	if got := x.ref.Snapshot().Asking; len(got) == 0 {
		t.Fatalf("Sf slid as a whole is not asked (moves %q, events %s)", x.moves(), x.eventTexts())
	}
	x.hands(120*time.Millisecond, "-c5", "+c4", "-c6", "+c5", "+c6")
	x.run(3 * time.Second)
	x.wantTakenOrAnswered("E3 E2 Sa Nd E3 Nc E5 Sb E3 Nc E4 W5 E4 E6 E6 Nf Nd Sa W3", "Sf", "Nc")
}

// TestQuixoFumbleBeyondThePush: Quixo on presence sensors. a4 lifted and put back in the
// scan a3 is lifted, then a3-a1 pushed. The work reads a4-a1 seen whole as well (a3's
// cube closing a4 before a3 opens): both are asked, never a4-a1 taken (simulated sleight
// hands had it so).
func TestQuixoFumbleBeyondThePush(t *testing.T) {
	x := newRig(t, "quixo", nil, hw.Presence, Human, Human)
	quartoResume(t, x, "a1-a5", "e4-a4", "b5-e5", "b5-b1", "c1-e1", "d5-a5", "a3-e3", "e2-e1", "a1-e1")
	x.hands(280*time.Millisecond, "-a4", "+a4 -a3")
	x.run(200 * time.Millisecond)
	x.hands(80*time.Millisecond, "-a2", "+a3", "-a1", "+a2", "+a1")
	x.run(2 * time.Second)
	x.wantTakenOrAnswered("a1-a5 e4-a4 b5-e5 b5-b1 c1-e1 d5-a5 a3-e3 e2-e1 a1-e1", "a3-a1")
}

// TestCrowdedCaptureOfADiscNotTurnedYet: Crowded on polarity sensors. The AI's b5xc5 is
// carried out with its discs left to turn; the reply e5xd6 captures d6, one of them, which
// still reads as the replier's colour: its swap shows nothing. d5, lifted and turned, is
// also a capture from e5, and b4, a disc of the AI's move, is turned late. e5xd5 must not
// be taken (simulated sleight hands had it so: b4's lift ruled out e5xd6).
func TestCrowdedCaptureOfADiscNotTurnedYet(t *testing.T) {
	x := newRig(t, "crowded", nil, hw.Polarity, Human, AI)
	quartoResume(t, x, strings.Fields("b7xb6 a3xa2 e6xe7 g3xg2 e4xf3 g7xf6 g2xg1 e1xf1 g4xf5 h6xh5 e3xd2 e7xd6")...)
	ai := mustMove(t, x.rules, "b5xc5")
	x.send(Message{Kind: CmdAIResult, Version: uint64(x.ref.State().Ply()), Move: ai})
	if len(x.took(AIMove)) != 1 {
		t.Fatal("the AI's move is not announced")
	}
	s := x.after()
	x.run(200 * time.Millisecond)
	aiColour := x.reading(s, "b5xc5")
	x.lift("b5")
	x.run(160 * time.Millisecond)
	x.lift("c5")
	x.put("c5", aiColour) // (swapped inside one scan; its discs left to turn)
	x.run(120 * time.Millisecond)
	s.Play(ai)
	mine := x.reading(s, "e5xd6")
	x.lift("e5")
	x.run(260 * time.Millisecond)
	x.lift("d6")
	x.put("d6", mine)
	for _, disc := range []string{"c5", "d5", "c6"} {
		x.run(150 * time.Millisecond)
		x.lift(disc)
		x.run(160 * time.Millisecond)
		x.put(disc, mine)
	}
	x.run(150 * time.Millisecond)
	x.lift("b4") // the AI's disc, turned late
	x.run(140 * time.Millisecond)
	x.put("b4", aiColour)
	x.run(4 * time.Second)
	x.wantTakenOrAnswered("b7xb6 a3xa2 e6xe7 g3xg2 e4xf3 g7xf6 g2xg1 e1xf1 g4xf5 h6xh5 e3xd2 e7xd6", "b5xc5", "e5xd6")
}

// crowdedSwapThenNextCapture plays Crowded on presence sensors to c6xb5 swapped in a
// glimpse, a6 and b6 turned, then the next player's a8xa7, nobody answering "c6xb5 or
// c6xb6?".
func crowdedSwapThenNextCapture(t *testing.T) *rig {
	x := newRig(t, "crowded", nil, hw.Presence, Human, Human)
	quartoResume(t, x, strings.Fields("h3xg3 c7xc6 c4xd5 g7xh7 f7xf6 c1xd1 a2xa3 e3xe4 e6xd5 a5xb4 d4xc3 f5xf6 d5xc5 a4xb3 g2xf3 e7xd6 e8xd8 g5xf4 h2xg1")...)
	x.lift("c6")
	x.run(240 * time.Millisecond)
	x.lift("b5")
	x.run(tick)
	x.put("b5", 1)
	x.run(280 * time.Millisecond)
	x.hands(160*time.Millisecond, "-a6", "+a6")
	x.run(180 * time.Millisecond)
	x.hands(160*time.Millisecond, "-b6", "+b6")
	x.run(280 * time.Millisecond)
	x.hands(140*time.Millisecond, "-a7", "-a8", "+a7")
	x.run(time.Second)
	return x
}

// TestCrowdedTurnIsNoAnswer: Crowded on presence sensors. c6xb5 swapped in a glimpse, a6
// and b6 turned, then the next player's a8xa7 before anybody answers c6xb5 or c6xb6. b6,
// lit as c6xb6's square, is then lifted to be turned for a8xa7: no answer (simulated
// sleight hands had c6xb6 committed so).
func TestCrowdedTurnIsNoAnswer(t *testing.T) {
	x := crowdedSwapThenNextCapture(t)
	a := x.took(Asking)
	if len(a) == 0 || !slices.Contains(a[len(a)-1].Options, mustMove(t, x.rules, "c6xb5")) {
		t.Fatalf("c6xb5 not asked (moves %q, events %s)", x.moves(), x.eventTexts())
	}
	x.hands(80*time.Millisecond, "-b6", "+b6") // turned for a8xa7
	x.run(2 * time.Second)
	if got := x.moves(); strings.Contains(got, "c6xb6") {
		t.Fatalf("moves %q: b6 turned for a8xa7 answered c6xb6 (events %s)", got, x.eventTexts())
	}
	x.send(Message{Kind: CmdChoose, Move: mustMove(t, x.rules, "c6xb5")})
	x.run(2 * time.Second)
	if got := x.moves(); !strings.HasSuffix(got, "h2xg1 c6xb5 a8xa7") {
		t.Fatalf("moves %q, want c6xb5 a8xa7 (events %s)", got, x.eventTexts())
	}
}

// TestQuickPushChain: Push 4 on presence sensors, four pushes made 150 ms apart, each
// player going on before the last push is committed. A push is read in a chain by its work
// (its entry filled last), and the pushes after it too: every move is committed in order,
// or asked, never lost (simulated blitz hands lost such chains: a push was read only
// last in a chain).
func TestQuickPushChain(t *testing.T) {
	x := newRig(t, "push4", nil, hw.Presence, Human, Human, Human, Human)
	x.run(time.Second)
	s := x.after()
	moves := []string{"Na", "W2", "Sc", "E1"}
	for _, m := range moves {
		x.handPush(s, m, 60*time.Millisecond)
		x.run(150 * time.Millisecond)
		s.Play(mustMove(t, x.rules, m))
	}
	x.run(3 * time.Second)
	x.wantTakenOrAnswered("", moves...)
}

// TestQuixoSlidWholeUnseen: Quixo on identity sensors, blank cubes along column b. b5-b1
// slid as a whole: b5's cube back in the scan before b1 is lifted, so the board read as the
// position for a moment and the push's start was forgotten; b1 then reads the mover's
// cube. The referee was left waiting in silence. The push the board shows is asked after
// the grace period, and the answer takes it.
func TestQuixoSlidWholeUnseen(t *testing.T) {
	x := newRig(t, "quixo", nil, hw.Identity, Human, Human)
	x.run(500 * time.Millisecond)
	blank := x.board.Get(x.cell("b5"))
	s := x.after()
	x.lift("b5")
	x.run(100 * time.Millisecond)
	x.put("b5", blank)
	x.run(tick)
	x.lift("b1")
	x.run(120 * time.Millisecond)
	x.put("b1", x.reading(s, "b5-b1"))
	x.run(4 * time.Second)
	a := x.took(Asking)
	if len(a) == 0 || !slices.Contains(a[len(a)-1].Options, mustMove(t, x.rules, "b5-b1")) {
		t.Fatalf("b5-b1 not asked (moves %q, events %s)", x.moves(), x.eventTexts())
	}
	x.send(Message{Kind: CmdChoose, Move: mustMove(t, x.rules, "b5-b1")})
	x.run(time.Second)
	x.wantMoves("b5-b1")
}

// TestCrowdedFumbledDiscBeforeCapture: presence sensors. c5, a disc e6xd6 turns, lifted and
// put back before the capture begins: fumbled, not turned. Its light stays on.
func TestCrowdedFumbledDiscBeforeCapture(t *testing.T) {
	x := newRig(t, "crowded", nil, hw.Presence, Human, Human)
	x.run(time.Second)
	x.lift("d6")
	x.run(100 * time.Millisecond)
	x.hands(100*time.Millisecond, "-c5", "+c5")
	x.lift("e6")
	x.run(100 * time.Millisecond)
	x.put("d6", 1)
	x.run(4 * time.Second)
	x.wantMoves("e6xd6")
	if got := fmt.Sprint(x.lit(LightFlip)); got != "[c5 c7 e5 e7]" {
		t.Fatalf("turn-over lights %s, want c5 c7 e5 e7: c5 was lifted before the capture", got)
	}
}

// TestCrowdedLateTurnThenCapture: presence sensors. After e6xd6, its disc c7 is turned late
// as the next player takes up b8 and captures c8, a capture that turns c7 too; b8xc7 fits
// the squares as well. c7 lifted before b8 is e6xd6's disc, no evidence against b8xc8:
// b8xc8 is taken or asked, never b8xc7.
func TestCrowdedLateTurnThenCapture(t *testing.T) {
	x := newRig(t, "crowded", nil, hw.Presence, Human, Human)
	x.run(time.Second)
	x.hands(200*time.Millisecond, "-d6")
	x.hands(100*time.Millisecond, "-e6", "+d6")
	x.run(time.Second)
	x.wantMoves("e6xd6")
	x.hands(120*time.Millisecond, "-c7")
	x.hands(100*time.Millisecond, "-b8", "+c7", "-c8", "+c8")
	x.run(4 * time.Second)
	x.wantTakenOrAnswered("e6xd6", "b8xc8")
}

// TestQuickQuartoChain: Quarto on presence sensors without a rack, five placements 300 ms
// apart. Which piece each player handed over the squares never show: every one reads
// alike, and each is asked in turn. The search for the reading must not spend its budget
// weighing the alike pieces at every depth, and end with no reading and a mismatch asking
// to clear the five legal placements.
func TestQuickQuartoChain(t *testing.T) {
	x := newRig(t, "quarto", nil, hw.Presence, Human, Human)
	quartoResume(t, x, "sDRH", "b4:sDQF")
	moves := []string{"d1:BLQF", "a2:sLRH", "d2:sLQF", "a4:sDQH", "c1:BDQH"}
	for _, m := range moves {
		x.put(m[:2], 1)
		x.run(300 * time.Millisecond)
	}
	x.run(5 * time.Second)
	for _, e := range x.events {
		if e.Kind == Mismatch {
			t.Fatalf("mismatch %s: the board shows five legal placements", e.Text)
		}
	}
	x.wantTakenOrAnswered("sDRH b4:sDQF", moves...)
}

// TestPushSlidWholeBackToAnEarlierBoard: Push on identity sensors. After Sc Sc Nb E5, E5
// again pushes row 5 back to the colours it had before the first E5: the board shows the
// position after Nb. The row is slid as a whole: a5's marble falls off, the row shifts in
// one scan (a5 filled as e5 empties), the new marble goes in at e5. That is E5 in its
// order, asked or taken, never the first E5 taken back (simulated sleight hands had it
// held as a takeback), also with a marble off the row (c1) fumbled as the push begins.
// The first E5 taken back by sliding the row east (e5's marble taken off first, a5's put
// back last) is W5 made, to the eye and to the sensors: asked too.
func TestPushSlidWholeBackToAnEarlierBoard(t *testing.T) {
	// slide empties first, then in one scan fills the row's other squares as they read in
	// s and empties last, then fills last.
	slide := func(x *rig, s engine.State, first, last string) {
		at := func(sq string) hw.Reading { return ReadingOf(s.PieceAt(x.sq(sq)), x.layout.Kind()) }
		x.lift(first)
		x.run(180 * time.Millisecond)
		for _, sq := range []string{"a5", "b5", "c5", "d5", "e5"} {
			if sq != last {
				x.put(sq, at(sq))
			}
		}
		x.lift(last)
		x.run(180 * time.Millisecond)
		x.put(last, at(last))
	}
	for _, tc := range []struct {
		name         string
		back, fumble bool
	}{{"E5 again", false, false}, {"E5 again after a fumble", false, true}, {"slid back east", true, false}} {
		back := tc.back
		t.Run(tc.name, func(t *testing.T) {
			x := newRig(t, "push", nil, hw.Identity, Human, Human)
			quartoResume(t, x, "Sc", "Sc", "Nb", "E5")
			if tc.fumble {
				// c1, off row 5, lifted and put back in the scan a5 is lifted.
				v := x.board.Get(x.cell("c1"))
				if v == 0 {
					t.Fatal("c1 empty")
				}
				x.lift("c1")
				x.run(160 * time.Millisecond)
				x.put("c1", v)
			}
			again, before := x.after("E5"), x.ref.State().Clone()
			before.Undo()
			if Project(again, hw.Identity) != Project(before, hw.Identity) {
				t.Fatal("E5 again does not set the board back")
			}
			if back {
				slide(x, before, "e5", "a5")
				x.run(4 * time.Second)
				x.wantMoves("Sc Sc Nb E5")
				if got := x.askedMoves(); !slices.Contains(got, "W5") {
					t.Fatalf("asked %q, want W5 among them (events %s)", got, x.eventTexts())
				}
				return
			}
			slide(x, again, "a5", "e5")
			x.run(4 * time.Second)
			x.wantTakenOrAnswered("Sc Sc Nb E5", "E5")
		})
	}
}

// TestPushRolledBackAfterAFumble: Push on identity sensors. e5 is lifted and put back, and
// in the scan it reads back Sa is rolled along as one (no square seen empty, the colours
// changing at once), which sets column a back as it was before Na. The fumble is no work
// on Sa's line: Sa is asked or taken, never Na taken back (simulated sleight hands had it
// held as a takeback).
func TestPushRolledBackAfterAFumble(t *testing.T) {
	x := newRig(t, "push", nil, hw.Identity, Human, Human)
	quartoResume(t, x, "E3", "E5", "Ne", "Sd", "Na")
	s := x.after("Sa")
	before := x.ref.State().Clone()
	before.Undo()
	if Project(s, hw.Identity) != Project(before, hw.Identity) {
		t.Fatal("Sa does not set the board back as before Na")
	}
	e5 := x.board.Get(x.cell("e5"))
	x.lift("e5")
	x.run(260 * time.Millisecond)
	x.put("e5", e5) // (read in the scan the roll is: the contact bounced)
	for _, sq := range []string{"a1", "a2", "a3", "a4", "a5"} {
		x.put(sq, ReadingOf(s.PieceAt(x.sq(sq)), x.layout.Kind()))
	}
	x.run(4 * time.Second)
	x.wantTakenOrAnswered("E3 E5 Ne Sd Na", "Sa")
}

// TestQuickPushChainAskedMidway: Push 4 on presence sensors, Na W2 Sc E1 made quickly by
// four people, with a pause after Sc long enough for Na or W6 (alike: a marble put on a6)
// to be asked. Choosing Na must take it and the pushes after it (simulated blitz hands had
// the answer refused, "the board no longer shows that move": pushes were not looked for
// after an option).
func TestQuickPushChainAskedMidway(t *testing.T) {
	x := newRig(t, "push4", nil, hw.Presence, Human, Human, Human, Human)
	x.run(time.Second)
	s := x.after()
	moves := []string{"Na", "W2", "Sc", "E1"}
	for i, gap := range []time.Duration{240, 320, 100, 0} {
		x.handPush(s, moves[i], 20*time.Millisecond)
		x.run(gap * time.Millisecond)
		s.Play(mustMove(t, x.rules, moves[i]))
	}
	x.run(3 * time.Second)
	x.wantTakenOrAnswered("", moves...)
}

// TestTapAnswerWhileMovesFollow: Push 4 on presence sensors. E2 is asked (Sf, pushing f1's
// marble up, also fills f2); E6, W3 and E1 follow at once, then f2 is tapped to answer E2.
// The tap comes as the board is matched again after the hands' work, which waits for
// them to pause: it must answer then, and the moves after it be taken or asked (simulated
// blitz hands had the tap dropped and the question left open).
func TestTapAnswerWhileMovesFollow(t *testing.T) {
	x := newRig(t, "push4", nil, hw.Presence, Human, Human, Human, Human)
	quartoResume(t, x, "Sa", "Se", "E1")
	s := x.after()
	made := []string{"E2", "E6", "W3", "E1"}
	for i, gap := range []time.Duration{360, 380, 60, 540} {
		x.handPush(s, made[i], 100*time.Millisecond)
		x.run(gap * time.Millisecond)
		s.Play(mustMove(t, x.rules, made[i]))
	}
	x.hands(260*time.Millisecond, "-f2", "+f2")
	x.run(3 * time.Second)
	if got := x.moves(); !strings.HasPrefix(got, "Sa Se E1 E2") {
		t.Fatalf("moves %q: the tap on f2 did not answer E2 (events %s)", got, x.eventTexts())
	}
	x.wantTakenOrAnswered("Sa Se E1", made...)
}

// TestAnswerOnTheSquareGoneThrough: Xe Queo! on presence sensors. b2-c2, then c2-c3 by
// the next player at once: the board reads as b2-c3 too, and the question's square for
// b2-c2 is c2, empty now. A pawn put on c2 and taken off answers it, and c2-c3 is then
// taken (simulated blitz hands could only answer on the kiosk: an empty square was a tap
// only where a move names it, Xe Queo!'s ring cell).
func TestAnswerOnTheSquareGoneThrough(t *testing.T) {
	x := newRig(t, "xequeo", nil, hw.Presence, Human, Human)
	quartoResume(t, x, "@d6")
	x.hands(60*time.Millisecond, "-b2", "+c2")
	x.run(200 * time.Millisecond)
	x.hands(60*time.Millisecond, "-c2", "+c3")
	x.run(2 * time.Second)
	if got := x.askedMoves(); !slices.Contains(got, "b2-c2") {
		t.Fatalf("asked %q, want b2-c2 among them (moves %q, events %s)", got, x.moves(), x.eventTexts())
	}
	if a := x.took(Asking); len(a) == 0 || !strings.Contains(a[len(a)-1].Text, "an empty one: put a piece down and lift it") {
		t.Fatalf("the question does not say how to answer on an empty square: %v", a)
	}
	x.hands(200*time.Millisecond, "+c2", "-c2")
	x.run(2 * time.Second)
	x.wantMoves("@d6 b2-c2 c2-c3")
}

// TestXeQueoShowAnsweredAfterMovesMade: Xe Queo! with the ring sensed, identity sensors.
// After a call, the card shown (a tap on the pawn of its colour) is asked once the next
// moves begin; they are made before anybody answers, then the pawn is tapped. Squares
// the moves after emptied (f4 by f4-g4; d2, filled by e1-d2 and emptied by d2-c3) hold no
// piece in a hand: the tap answers the show, and the moves after it are taken or asked
// (simulated blitz hands had the tap ignored, the question left open).
func TestXeQueoShowAnsweredAfterMovesMade(t *testing.T) {
	for _, tc := range []struct{ base, show, made string }{
		{"@b7 e4-e5 f1-f2 f7-e6 xq:O", "show:G", "@g7 f4-g4"},
		{"@a5 f7-f6 f1-e1 a3-a4 e4-d5 b3-b4 b4-a5 show:Y show:O @d3 f6-e5 b2-c2 xq:O", "show:O", "@a2 e1-d2 d2-c3"},
	} {
		t.Run(tc.show, func(t *testing.T) {
			x := newRig(t, "xequeo", map[string]string{"ring": "sensed"}, hw.Identity, Human, Human)
			quartoResume(t, x, strings.Fields(tc.base)...)
			s := x.after()
			made := append([]string{tc.show}, strings.Fields(tc.made)...)
			for _, m := range made {
				before := Project(s, hw.Identity)
				s.Play(mustMove(t, x.rules, m))
				after := Project(s, hw.Identity)
				for _, on := range []bool{false, true} {
					for sq := engine.Square(0); int(sq) < x.layout.Size(); sq++ {
						if before[sq] != after[sq] && (after[sq] != 0) == on {
							x.board.Set(x.layout.CellOf(sq), after[sq])
							x.run(200 * time.Millisecond)
						}
					}
				}
				x.run(300 * time.Millisecond)
			}
			x.run(time.Second)
			a := x.took(Asking)
			show := mustMove(t, x.rules, tc.show)
			if len(a) == 0 || !slices.Contains(a[len(a)-1].Options, show) {
				t.Fatalf("%s not asked (moves %q, events %s)", tc.show, x.moves(), x.eventTexts())
			}
			i := slices.Index(x.ref.asked.moves, show)
			sq := x.ref.distinct(i).First()
			v := x.board.Get(x.layout.CellOf(sq))
			x.board.Set(x.layout.CellOf(sq), 0)
			x.run(200 * time.Millisecond)
			x.board.Set(x.layout.CellOf(sq), v)
			x.run(2 * time.Second)
			if got := x.moves(); !strings.HasPrefix(got, tc.base+" "+tc.show) {
				t.Fatalf("moves %q: the tap on %s did not answer %s (events %s)", got, x.rules.Geometry().Name(sq), tc.show, x.eventTexts())
			}
			x.wantTakenOrAnswered(tc.base+" "+tc.show, made[1:]...)
		})
	}
}

// TestQuixo4PushesAfterAQuestion: Quixo for four on presence sensors. a5-e5 is asked (which
// face the cube shows, .1 or .2, no sensor tells), and two more pushes are made before
// anybody answers. The question stays open over both, and the answer takes all three or
// asks the next (simulated blitz hands had the board read as standing still: a push after
// an option was looked for, not several).
func TestQuixo4PushesAfterAQuestion(t *testing.T) {
	x := newRig(t, "quixo4", nil, hw.Presence, Human, Human, Human, Human)
	base := "e4-a4.2 a1-a5.2 b5-e5.1 b5-a5.2 e3-a3.2 e4-e5.1 b1-a1.1 d5-e5.2 d1-d5.2 e2-e5.1 a2-e2.1"
	quartoResume(t, x, strings.Fields(base)...)
	s := x.after()
	made := []string{"a5-e5.1", "e1-e5.1", "b1-b5.2"}
	for i, gap := range []time.Duration{400, 150, 0} {
		x.handPush(s, made[i], 100*time.Millisecond)
		x.run(gap * time.Millisecond)
		s.Play(mustMove(t, x.rules, made[i]))
	}
	x.run(3 * time.Second)
	x.wantTakenOrAnswered(base, made...)
}

// TestCrowdedAIMoveThenHiddenReply: Crowded on presence sensors. The AI's h7xh8 is
// carried out with h8 swapped in a glimpse, or inside one scan, and the reply d5xe4 begins
// at once, e4 swapped in a glimpse, d3 then turned. The AI's move is done and the reply
// under way: the AI's move is taken and the reply read after it, as alone; h8 never seen
// lifted is asked to be lifted first, as for the AI's move alone (simulated sleight hands
// had the referee read neither and wait in silence: a reply was looked for only done).
func TestCrowdedAIMoveThenHiddenReply(t *testing.T) {
	for _, unseen := range []bool{false, true} {
		t.Run(map[bool]string{false: "glimpsed", true: "unseen"}[unseen], func(t *testing.T) {
			x := newRig(t, "crowded", nil, hw.Presence, Human, AI)
			base := "f3xf2 b6xc6 c8xb8 f8xf7 e3xd2 f4xg4 c1xb2 d6xc7 a4xb4 g3xf2"
			quartoResume(t, x, strings.Fields(base)...)
			x.send(Message{Kind: CmdAIResult, Version: uint64(x.ref.State().Ply()), Move: mustMove(t, x.rules, "h7xh8")})
			if len(x.took(AIMove)) != 1 {
				t.Fatal("the AI's move is not announced")
			}
			x.run(500 * time.Millisecond)
			x.hands(tick, "-h7")
			x.run(100 * time.Millisecond)
			if unseen {
				x.hands(tick, "-h8 +h8")
			} else {
				x.hands(tick, "-h8", "+h8")
			}
			x.run(200 * time.Millisecond)
			x.hands(tick, "-d5")
			x.run(120 * time.Millisecond)
			x.hands(tick, "-e4", "+e4")
			x.run(240 * time.Millisecond)
			x.hands(180*time.Millisecond, "-d3", "+d3")
			x.run(4 * time.Second)
			if unseen {
				m := x.took(Mismatch)
				if len(m) != 1 || !strings.Contains(m[0].Text, "lift the piece on h8") {
					t.Fatalf("mismatch %v, want h8 to lift (moves %q, events %s)", m, x.moves(), x.eventTexts())
				}
				x.hands(200*time.Millisecond, "-h8", "+h8")
				x.run(2 * time.Second)
			}
			x.wantTakenOrAnswered(base, "h7xh8", "d5xe4")
		})
	}
}

// TestQuixoSlidWholeReadingAlike: Quixo on identity sensors, e4 and e5 both the mover's
// cubes. e4-e5 slid as a whole: e4's cube taken, e5's slid onto e4, which reads as before,
// a scan before e5 reads empty; the cube put in at e5 reads as before too. For that scan
// the board read as the position: the work must not be forgotten, and the push is asked
// (simulated sleight hands had it read as two taps and lost).
func TestQuixoSlidWholeReadingAlike(t *testing.T) {
	x := newRig(t, "quixo", nil, hw.Identity, Human, Human)
	base := strings.Fields("a2-a5 b5-a5 b5-a5 a2-a5 a3-e3 b1-a1 e1-e5 c5-a5 b1-a1 c1-a1 e2-e5 d5-d1 e3-e1 d1-d5 e2-e1 d5-e5 e1-e5 e2-e1 a2-a5 a4-a5 e3-e1 e2-e5 a2-a1 c1-a1 d1-d5 a2-a5 e2-e1 c5-e5 c1-e1 a4-e4 d1-a1 a4-a5 e2-e5 d1-e1 a2-e2 a2-a5 e5-e1 d5-d1 c5-a5 b5-a5 a2-a5 e2-e1 a5-a1 e5-a5 e5-e1 d1-e1 d1-d5 a3-a5 c1-e1 b1-a1 e1-a1 a3-a1 c5-a5 e2-a2 a5-e5 a2-a5 c5-a5 c5-c1")
	quartoResume(t, x, base...)
	s := x.after("e4-e5")
	if Project(s, hw.Identity) != Project(x.ref.State(), hw.Identity) {
		t.Fatal("e4-e5 changes the readings: not the case tested")
	}
	v := x.board.Get(x.cell("e4"))
	x.lift("e4")
	x.run(120 * time.Millisecond)
	x.put("e4", v)
	x.run(tick)
	x.lift("e5")
	x.run(120 * time.Millisecond)
	x.put("e5", v)
	x.run(4 * time.Second)
	x.wantTakenOrAnswered(strings.Join(base, " "), "e4-e5")
}

// TestAIPushSlidWholeIntoTheGutter: Push with gutters, presence sensors, row 1 full. The
// AI's W1 is carried out with the row slid as a whole, and its marble pushed off lands in
// the East gutter after all that work, or a scan before the new marble fills the entry
// (its contact bouncing). The gutter's one landing is the AI's marble: no reply W1 rolled
// unseen (which the AI's push, rolled first, would need its own landing before the reply's
// work) is asked, and the AI's push is taken (simulated sleight hands had "W1?" asked for
// the player, whose next push was then lost or taken wrongly; the landing a scan early:
// TestSimulatedHands, sleight, push+gutters game 69, "E3?" asked and the player's W3 lost).
func TestAIPushSlidWholeIntoTheGutter(t *testing.T) {
	for _, early := range []time.Duration{0, tick} {
		x := newSlotRig(t, "push", nil, hw.Presence, 0, true, AI, Human)
		base := strings.Fields("E3 Sd Sd E3 W1 Se E4 Nc Se Na E1 E3 E2 E2 W3 E4 Se W3 E1 Sc W5 Nc Sc Sb E5 W4 W2 W3 Ne Sd Se E5 Nc Nc W3 E1 Sc Sc Sa Sa Se Ne Se W3 E4 W4 Se W3 W4 Sd W1 Nc Nd Sa Nb Nd Ne E5 Ne Se E2 W3 E3 W1")
		quartoResume(t, x, base...)
		x.send(Message{Kind: CmdAIResult, Version: uint64(x.ref.State().Ply()), Move: mustMove(t, x.rules, "W1")})
		if len(x.took(AIMove)) != 1 {
			t.Fatal("the AI's move is not announced")
		}
		east := x.layout.Slots()[East-1].Cell
		x.board.Set(east, 0) // the last marble pushed off, taken away
		x.run(200 * time.Millisecond)
		x.hands(200*time.Millisecond, "-e1", "+e1 -a1")
		x.board.Set(east, 1)
		x.run(early)
		x.hands(time.Second, "+a1")
		x.wantMoves(strings.Join(base, " ") + " W1")
		if a := x.askedMoves(); len(a) > 0 {
			t.Fatalf("landing %v before the entry: asked %q after the AI's push alone", early, a)
		}
	}
}

// TestQuickSlideOverTheSquareJustLeft: Quad Wrangle on polarity sensors. b4-d2 slid over
// c3, then the next player's b5-b3 at once, its stone passing over b4, just emptied; the
// discs b5-b3 turns are turned after. b4 read filled and emptied again is b5-b3's way, not
// b4-d2 still at work: both moves are taken or asked (simulated blitz hands lost them).
func TestQuickSlideOverTheSquareJustLeft(t *testing.T) {
	x := newRig(t, "quadwrangle", nil, hw.Polarity, Human, Human)
	base := "a3-c5 g2-c2 c7-f4 e1-e5 f5 d5 c5-b5 b1-b2 b7-a7 f1-f2 g2 d1-d4 a7-c7 b4 a5-b6"
	quartoResume(t, x, strings.Fields(base)...)
	s := x.after()
	first := x.reading(s, "b4-d2")
	x.lift("b4")
	x.run(140 * time.Millisecond)
	x.put("c3", first)
	x.run(60 * time.Millisecond)
	x.put("d2", first)
	x.lift("c3")
	x.run(280 * time.Millisecond)
	s.Play(mustMove(t, x.rules, "b4-d2"))
	second := x.reading(s, "b5-b3")
	x.lift("b5")
	x.run(100 * time.Millisecond)
	x.put("b4", second)
	x.run(100 * time.Millisecond)
	x.lift("b4")
	x.put("b3", second)
	f := s.Footprint(mustMove(t, x.rules, "b5-b3"))
	for b := f.Flipped; b != 0; {
		sq := b.Pop()
		x.run(140 * time.Millisecond)
		x.board.Set(x.layout.CellOf(sq), 0)
		x.run(140 * time.Millisecond)
		x.board.Set(x.layout.CellOf(sq), second)
	}
	x.run(4 * time.Second)
	x.wantTakenOrAnswered(base, "b4-d2", "b5-b3")
}

// TestQuickChainThroughASquareLeftEmpty: Quad Wrangle on presence sensors, four moves by
// two people going on at once: a5-e5 slid over b5 c5 d5, e1-e3 slid over e2, b6 dropped,
// e3-e2. a5-d5 followed by d5-e5 reads the same first slide, but nothing then explains e3
// filled and emptied: it must never be taken (simulated blitz hands had a5-d5 committed).
func TestQuickChainThroughASquareLeftEmpty(t *testing.T) {
	x := newRig(t, "quadwrangle", nil, hw.Presence, Human, Human)
	x.run(500 * time.Millisecond)
	x.handsAt("0 +b5", "20 -a5", "80 -b5", "100 +c5", "160 +d5", "180 -c5", "280 -d5", "320 +e5",
		"580 -e1", "700 +e2", "780 -e2", "800 +e3", "1020 +b6", "1300 -e3", "1400 +e2")
	x.run(4 * time.Second)
	x.wantTakenOrAnswered("", "a5-e5", "e1-e3", "b6", "e3-e2")
}

// TestQuickMovesMadeBeforeBreak: Xe Queo! with the ring sensed, presence sensors. c4-c3
// made before break (c3 closes before c4 opens), then b4-c4 at once, made so too: the
// squares read as b4-c3 with c4 lifted and put back. But b4-c3's pawn would have come
// down on c3 0.3 s before leaving b4: the two moves are taken or asked, never b4-c3
// (simulated blitz hands had b4-c3 committed).
func TestQuickMovesMadeBeforeBreak(t *testing.T) {
	x := newRig(t, "xequeo", map[string]string{"ring": "sensed"}, hw.Presence, Human, Human)
	base := "@d2 xq:R show:O @c6 b3-b4 a3-b3 b4-c4 b3-d5 xq:B show:O @d7 f4-f5 f5-e5 c4-c5 e4-f5 d5-e6 xq:G show:V @a5 f1-e2 b2-b3 f5-e4 xq:O show:G @a7 xq:V show:W @a6 c5-b5 b3-b4 e5-d5 e2-d3 e6-c4 b5-a6 show:B show:V @f1"
	quartoResume(t, x, strings.Fields(base)...)
	x.hands(20*time.Millisecond, "+c3", "-c4")
	x.run(220 * time.Millisecond)
	x.hands(20*time.Millisecond, "+c4", "-b4")
	x.run(4 * time.Second)
	x.wantTakenOrAnswered(base, "c4-c3", "b4-c4")
}

// TestSlideRestingOnItsWay: Xe Queo! on presence sensors. f7-d7 over e7: where the pawn
// rested on e7 a quarter of a second or more, it may have been f7-e7 and the next
// player's e7-d7 (the pawns are anybody's): asked, and the answer f7-e7 takes e7-d7
// after it (simulated blitz hands had f7-d7 committed). Passed over quickly, it is the
// slide.
func TestSlideRestingOnItsWay(t *testing.T) {
	base := "@d7 xq:Y show:R @b7 b3-b4 e4-e5 b2-b3 f1-f2 f2-f3 f3-e3 f4-f5 f5-f6 e5-e6 f6-d6 b3-c4 a3-a5 e3-d3"
	for _, rest := range []time.Duration{80 * time.Millisecond, 200 * time.Millisecond} {
		t.Run(rest.String(), func(t *testing.T) {
			x := newRig(t, "xequeo", nil, hw.Presence, Human, Human)
			quartoResume(t, x, strings.Fields(base)...)
			x.hands(60*time.Millisecond, "-f7", "+e7")
			x.run(rest)
			x.hands(60*time.Millisecond, "-e7", "+d7")
			x.run(3 * time.Second)
			if rest+60*time.Millisecond < handOff {
				x.wantMoves(base + " f7-d7")
				return
			}
			if got := x.askedMoves(); !slices.Contains(got, "f7-e7") || !slices.Contains(got, "f7-d7") {
				t.Fatalf("asked %q, want f7-d7 and f7-e7 (moves %q, events %s)", got, x.moves(), x.eventTexts())
			}
			x.wantTakenOrAnswered(base, "f7-e7", "e7-d7")
		})
	}
}

// TestCrowdedTapAnswersAfterTheNextMove: Crowded on presence sensors. a2xa1 swapped in
// a glimpse, then f7xf6 at once, swapped so too, its e7 turned: a2xa1 or a2xa3 is asked. a1, lit for a2xa1,
// is then tapped. Some move after a2xa1 would turn a1, but not f7xf6, the one begun: the
// tap answers (simulated sleight hands had every tap read as a disc being turned).
func TestCrowdedTapAnswersAfterTheNextMove(t *testing.T) {
	x := newRig(t, "crowded", nil, hw.Presence, Human, Human)
	base := "f5xe5 a5xa6 d3xc3 f8xg8 a4xb5 g5xh5 c8xb7 d8xe8 e6xd7 g4xf4"
	quartoResume(t, x, strings.Fields(base)...)
	x.hands(300*time.Millisecond, "-a2")
	x.hands(tick, "-a1")
	x.hands(500*time.Millisecond, "+a1") // (swapped in a glimpse)
	x.hands(200*time.Millisecond, "-f7")
	x.hands(tick, "-f6")
	x.hands(340*time.Millisecond, "+f6")
	x.hands(180*time.Millisecond, "-e7", "+e7")
	x.run(3 * time.Second)
	if got := x.askedMoves(); !slices.Contains(got, "a2xa1") {
		t.Fatalf("asked %q, want a2xa1 among them (moves %q, events %s)", got, x.moves(), x.eventTexts())
	}
	x.hands(180*time.Millisecond, "-a1", "+a1")
	x.run(2 * time.Second)
	if got := x.moves(); !strings.HasPrefix(got, base+" a2xa1") {
		t.Fatalf("moves %q: the tap on a1 did not answer a2xa1 (events %s)", got, x.eventTexts())
	}
	x.run(4 * time.Second) // (f7xf6, its swap glimpsed, waits for a disc to tell it, or is asked)
	x.wantTakenOrAnswered(base, "a2xa1", "f7xf6")
}

// TestAIPushSlidWholeThenReply: Push 4 on presence sensors, row 5 full. The AI's E5 is
// carried out with the row slid as a whole (f5 read empty a scan before a5 full again: the
// contact bounced), then W4 is made at once, b4's marble moving on to c4. The AI's push is
// taken and W4 read after it (simulated sleight hands had the AI's push asked, then the
// board read as the position before Nb, b4 lifted, and both moves lost).
func TestAIPushSlidWholeThenReply(t *testing.T) {
	x := newRig(t, "push4", nil, hw.Presence, AI, Human, AI, Human)
	base := "E1 W4 W3 W5 Nf Nf Sb Sf Nd Ne E3 Nc E1 Se Sb Nd W2 W3 W1 W5 W5 Nf Na W1 Nb W6 E5 Nb"
	quartoResume(t, x, strings.Fields(base)...)
	x.send(Message{Kind: CmdAIResult, Version: uint64(x.ref.State().Ply()), Move: mustMove(t, x.rules, "E5")})
	if len(x.took(AIMove)) != 1 {
		t.Fatal("the AI's move is not announced")
	}
	x.hands(240*time.Millisecond, "-a5")
	x.hands(tick, "-f5")
	x.hands(200*time.Millisecond, "+a5")
	x.hands(260*time.Millisecond, "+f5")
	x.hands(120*time.Millisecond, "-b4", "+c4", "-a4", "+b4", "+a4")
	x.run(4 * time.Second)
	x.wantTakenOrAnswered(base, "E5", "W4")
}

// TestQuickChainNoDropSkipped: Quad Wrangle on presence sensors, five moves made at once by
// two people, the discs of each captured turned as they go: d2 dropped, a3-b4, a3 dropped
// again, c1-c2, f4-f3. d2 followed by c1-c2, f4-f3 and b4 dropped last also fits the board,
// with a3, a4 and a5 lifted and put back, but b4 came down before c1-c2 began: the rest
// of a first move begins no later than a piece put down off its squares (simulated blitz
// hands had c1-c2 committed after d2).
func TestQuickChainNoDropSkipped(t *testing.T) {
	x := newRig(t, "quadwrangle", nil, hw.Presence, Human, Human)
	base := strings.Fields("d7-d5 g4-d4 d7 f1-g1 a6-d6 g5-f5 a6 g3-f4 a3-b3 g2-g5 a2-b2 g3 a3 f3 a5-d2 g3-g4 a3-c5 g6-g7 b4 f3-c3 d5-f3 b6 d1-c2 f1 b3-d5 f1-b5 b2-b3 f5-d3 b4-a3 g6 c1-d1 g1-g3 d5-f5 d3-c4 e1-e5 b5-a5 d1-f1 g1 d2-d3 a5-b5 a1 c5-d5 d3-d2 a5 g5-f6 d5-e6 f1-d1 b6-a7 d2-c1 b6 f4-d2 e5-e1 e5 c4-c5 c6 e4 b1-a2 f3-e3 b1 e5-d5 g2 e3-g5 g2-f1 d3 g2 d2-e3 b2 e3-f2 c2-e2 g5-f4 c4")
	quartoResume(t, x, base...)
	x.handsAt("0 +d2", "80 -a3", "200 +b4", "500 -a5", "580 +a5", "780 -a4", "880 +a4",
		"1060 +a3", "1360 +c2", "1400 -c1", "1560 -d2", "1640 +d2", "1760 -f4", "1860 +f3",
		"2120 -f2", "2280 +f2", "2600 -e2", "2780 +e2")
	x.run(4 * time.Second)
	x.wantTakenOrAnswered(strings.Join(base, " "), "d2", "a3-b4", "a3", "c1-c2", "f4-f3")
}

// TestQuickDropWhereTheSlideMadeBeforeBreakLeft: Quad Wrangle on presence sensors. f4
// dropped, its discs turned; then b3-a3 made before break (a3 closes 40 ms before b3
// opens), and b3 dropped again by the next player, c4 turned. After f4 the squares read as
// a3 dropped with b3 lifted and put back, but b3 was lifted as a3's piece came down: the
// moves are taken or asked, never a3 (simulated blitz hands had a3 committed).
func TestQuickDropWhereTheSlideMadeBeforeBreakLeft(t *testing.T) {
	x := newRig(t, "quadwrangle", nil, hw.Presence, Human, Human)
	base := "a1 g6-e4 a4-b4 d1-c2 e5 d6 d1 d6-d3 a5-b5 g5-f4 a2-d5 c2-b2 e4-e2 f4-e4 a6-f6 g4-f5 e2-g4 d3-e3 b3 d5-d3 f2 a7 b3-e6 a6 d4 b5-c4 f2-e2 b7-d5 e2-f3 e5-f4 g5 b4-b3 g5-g7 a4 g2-e2 e5 e3-f2 a7-c5 g4-g5 c5-b4 e2-e3 b3-a2 c7-c6 c1-c2 d7-d6 b2-c1 f3-g4 b4-d2 e7-a7 b4 " +
		"f2-e2 b7 f7-c7 b4-b5 g3-f3 b1-b3 g7-g6 a4-b4 c3 c6-c5 f7 d6-e7 g4-g2 a2-b1 e3-f2 e6-b6 b3-a2 g7 f4-g3 f6-e6 f2-e3 b5-c6 b5 e5-f6 b3 f5-e5 f3-f5 d6 f1-g1 e5-f4 a2-b2 g3-g4 e1-f1 c7-d7 b1-a2 e6-e5 b4-a5 e3-f3 b4 f2 c7 f3-g3 a4 f7-e6 c2-b1 f1-e1 g6-f7 e3 b1-c2 f4-f3 a2-b1 e4-f4 f7-g6 g2-f1 e6-f7 f3-g2 f7-e6 d4-e4 f7 e2-f3 c3-d4 f2-e2 b3-a2 d2-c3 a3-b3 e3-f2 e4-e3 e1-d2 f4-e4 d1-e1 d1"
	quartoResume(t, x, strings.Fields(base)...)
	x.handsAt("0 +f4", "120 -f3", "240 +f3", "360 -e3", "420 +e3", "580 -g5", "780 +g5",
		"1000 -f5", "1140 +f5", "1320 -e5", "1480 +e5", "1680 -e4", "1820 +e4", "2060 +a3",
		"2100 -b3", "2420 +b3", "2560 -c4", "2740 +c4")
	x.run(4 * time.Second)
	x.wantTakenOrAnswered(base, "f4", "b3-a3", "b3")
}
