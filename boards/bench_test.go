package boards

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/hw"
)

// BenchmarkFrame measures one frame through the debouncer and the matcher on an 8×8 board
// (Crowded, the widest move list), for the three kinds of frame a referee sees: nothing
// changed, a piece lifted (a new stable state to match), and a move completed (matched and
// committed, the next position's moves generated).
func BenchmarkFrame(b *testing.B) {
	for _, kind := range []hw.SensorKind{hw.Presence, hw.Polarity} {
		b.Run(kind.String(), func(b *testing.B) {
			x := newRig(b, "crowded", nil, kind)
			frames := make([]hw.Frame, 0, 64)
			// A capture made and taken back, frame by frame, over and over.
			rng := rand.New(rand.NewPCG(1, 2))
			legal := x.ref.State().Legal(nil)
			m := legal[rng.IntN(len(legal))]
			f := x.ref.State().Footprint(m)
			from, to := f.Emptied.First(), f.Replaced.First()
			cell := func(s engine.Square) int { return x.layout.CellOf(s) }
			snap := func() {
				var fr hw.Frame
				x.board.Snapshot(time.Time{}, &fr)
				frames = append(frames, fr, fr) // two agreeing scans
			}
			v := x.board.Get(cell(from))
			w := x.board.Get(cell(to))
			snap()
			x.board.Set(cell(to), 0)
			snap()
			x.board.Set(cell(from), 0)
			snap()
			x.board.Set(cell(to), v)
			snap()
			if kind == hw.Presence {
				// (The discs it turns are lifted and put back: on presence sensors a capture
				// is known by them, hidden.go.)
				for d := f.Flipped; d != 0; {
					sq := d.Pop()
					x.board.Set(cell(sq), 0)
					snap()
					x.board.Set(cell(sq), 1)
					snap()
				}
			}
			for range 20 {
				snap() // quiet frames
			}
			x.board.Set(cell(to), w)
			x.board.Set(cell(from), v)
			b.ReportAllocs()
			b.ResetTimer()
			at := x.now
			i := 0
			for b.Loop() {
				fr := frames[i%len(frames)]
				if i%len(frames) == 0 && i > 0 {
					// The capture went in: take it back, as the kiosk would, so the cycle repeats.
					x.ref.HandleMessage(Message{Kind: CmdTakeback, Game: x.ref.Game()}, at)
				}
				at = at.Add(tick)
				fr.At = at
				x.ref.HandleFrame(fr)
				i++
			}
			b.ReportMetric(float64(x.ref.Stats().Commits)/float64(b.N), "commits/frame")
			if b.N > 2*len(frames) && x.ref.Stats().Commits == 0 {
				b.Fatal("no move was committed: the benchmark measured nothing")
			}
		})
	}
}

// BenchmarkCommitFrame times only the frame that completes a move: the match, the commit,
// the next position's moves and expected board.
func BenchmarkCommitFrame(b *testing.B) {
	x := newRig(b, "crowded", nil, hw.Presence)
	m := x.ref.State().Legal(nil)[0]
	f := x.ref.State().Footprint(m)
	from, to := x.layout.CellOf(f.Emptied.First()), x.layout.CellOf(f.Replaced.First())
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		x.board.Set(to, 0)
		x.board.Set(from, 0)
		x.run(3 * tick)
		x.board.Set(to, 1)
		x.run(tick) // the first scan of the landing: not yet agreed
		x.now = x.now.Add(tick)
		x.board.Snapshot(x.now, &x.frame)
		b.StartTimer()
		x.ref.HandleFrame(x.frame) // the second: the move commits
		b.StopTimer()
		if len(x.ref.History()) != 1 {
			b.Fatalf("not committed: %v", x.ref.History())
		}
		x.ref.HandleMessage(Message{Kind: CmdTakeback, Game: x.ref.Game()}, x.now)
		x.board.Set(from, 1)
		x.run(3 * tick)
		b.StartTimer()
	}
}

// BenchmarkQuickReading measures reading several quick moves at once (firstOfTwo: the first
// move and the rest of the reading in order), on the boards of TestQuickChains as the last
// change lands: four Quad Wrangle moves (slides over the squares between), four Quantik
// placements (each piece unknown on presence sensors).
func BenchmarkQuickReading(b *testing.B) {
	for _, c := range []struct {
		name, id string
		hands    []string
	}{
		{"quadwrangle-4", "quadwrangle", []string{"-d7", "+d6", "+d5", "-d6", "-g4", "+f4", "-f4", "+e4", "+d4", "-e4", "+d7", "-f1", "+g1"}},
		{"quantik-4", "quantik", []string{"+b4", "+d3", "+d2", "+d4"}},
	} {
		b.Run(c.name, func(b *testing.B) {
			x := newRig(b, c.id, nil, hw.Presence, Human, Human)
			x.run(time.Second)
			x.hands(80*time.Millisecond, c.hands...)
			if len(x.ref.History()) > 1 || len(x.ref.firstOfTwo(false)) == 0 {
				b.Fatalf("not a reading of several moves: moves %q", x.moves())
			}
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				x.ref.firstOfTwo(false)
			}
		})
	}
}

// BenchmarkShownSearch is the search for legal moves the board alone shows (shown.go), on
// TestReview28QuadTakebackInAChain's board: three moves of Quad Wrangle, from the start.
func BenchmarkShownSearch(b *testing.B) {
	x := newRig(b, "quadwrangle", nil, hw.Presence, Human, Human)
	x.run(500 * time.Millisecond)
	x.handsAt(takebackInAChain...)
	x.run(1500 * time.Millisecond)
	if len(x.ref.shownFirst()) != 2 {
		b.Fatalf("shown %v, want a3-d3 and a6-c6", x.ref.shown.first)
	}
	b.ReportAllocs()
	for b.Loop() {
		x.ref.shown.read = false
		x.ref.shownFirst()
	}
}

// BenchmarkReadingPastTheBudget is the search for several moves in one reading where the
// full search runs past chainBudget and readings of fewer moves decide (firstOfTwo):
// TestBlitzFuzzQuadWrangleDraggedPastTheBudget's first game, a6-b6, g2-b2, b6-a6 and e1-e6
// on polarity sensors, each stone dragged over the squares on its way (the contacts clean).
func BenchmarkReadingPastTheBudget(b *testing.B) {
	x := newRig(b, "quadwrangle", nil, hw.Polarity, Human, Human)
	x.run(500 * time.Millisecond)
	last := 0
	for _, st := range []struct {
		ms int
		sq string
		v  hw.Reading
	}{
		{520, "b6", 1}, {540, "a6", 0}, {680, "g2", 0}, {760, "f2", 2}, {800, "f2", 0}, {840, "e2", 2},
		{880, "d2", 2}, {920, "e2", 0}, {1000, "c2", 2}, {1020, "d2", 0}, {1080, "c2", 0}, {1120, "b2", 2},
		{1300, "a3", 0}, {1460, "a3", 2}, {1560, "a2", 0}, {1760, "a2", 2}, {2060, "b6", 0}, {2140, "a6", 1},
		{2340, "e2", 2}, {2380, "e1", 0}, {2440, "e3", 2}, {2460, "e2", 0}, {2500, "e3", 0}, {2540, "e4", 2},
		{2600, "e4", 0}, {2640, "e5", 2}, {2700, "e6", 2}, {2720, "e5", 0}, {2860, "e7", 0}, {2960, "e7", 2},
		{3200, "f7", 0}, {3400, "f7", 2}, {3580, "d7", 0}, {3760, "d7", 2},
	} {
		x.run(time.Duration(st.ms-last) * time.Millisecond)
		last = st.ms
		x.put(st.sq, st.v)
	}
	x.run(2 * tick)
	r := x.ref
	if r.pairsWithin(false, chainMoves); r.search.nodes <= chainBudget || len(r.History()) > 0 {
		b.Fatalf("the full search weighed %d readings, moves %q: not past the budget", r.search.nodes, x.moves())
	}
	if p := r.firstOfTwo(false); len(p) != 1 || r.cfg.Rules.FormatMove(p[0].a) != "a6-b6" || p[0].unsure {
		b.Fatalf("read %v, want a6-b6 taken", p)
	}
	b.ReportAllocs()
	for b.Loop() {
		r.firstOfTwo(false)
	}
}
