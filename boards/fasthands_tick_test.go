package boards

import (
	"fmt"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/hw"
)

// ticker is how time passes for a referee between frames: Referee.HandleTick(at), the
// board still reading as its last frame. It is asserted at run time, so that this file
// compiles before the method exists (the test then fails, saying so).
type ticker interface {
	HandleTick(at time.Time) []Event
}

const (
	heartbeat = 500 * time.Millisecond // a serial board's frame when nothing changes
	tickEvery = 33 * time.Millisecond  // the service's calls to HandleTick between frames
)

// serialBoard feeds a rig's referee as a serial board does: a frame only when a reading
// changes (change), and a heartbeat every 500 ms (at every multiple of 500 ms since the
// epoch); between frames, HandleTick every 33 ms.
type serialBoard struct {
	x        *rig
	tk       ticker
	nextBeat time.Time
	nextTick time.Time
}

func newSerialBoard(t *testing.T, x *rig) *serialBoard {
	t.Helper()
	tk, ok := any(x.ref).(ticker)
	if !ok {
		t.Fatal("Referee has no HandleTick(time.Time) []Event: time cannot pass between frames")
	}
	s := &serialBoard{x: x, tk: tk}
	s.nextBeat = epoch.Add(x.now.Sub(epoch).Truncate(heartbeat) + heartbeat)
	s.nextTick = x.now.Add(tickEvery)
	return s
}

// frame sends the board's readings now.
func (s *serialBoard) frame() {
	x := s.x
	x.board.Snapshot(x.now, &x.frame)
	x.events = append(x.events, x.ref.HandleFrame(x.frame)...)
	s.nextTick = x.now.Add(tickEvery)
}

// change sends the frame of a change made now.
func (s *serialBoard) change() { s.frame() }

// run lets d pass: heartbeats, and ticks between frames.
func (s *serialBoard) run(d time.Duration) {
	x := s.x
	end := x.now.Add(d)
	for {
		beat := !s.nextBeat.After(s.nextTick)
		next := s.nextTick
		if beat {
			next = s.nextBeat
		}
		if next.After(end) {
			break
		}
		x.now = next
		if beat {
			s.nextBeat = s.nextBeat.Add(heartbeat)
			s.frame()
		} else {
			s.nextTick = s.nextTick.Add(tickEvery)
			x.events = append(x.events, s.tk.HandleTick(x.now)...)
		}
	}
	x.now = end
}

// committedAt returns when move text was committed, or the zero time.
func (x *rig) committedAt(text string) time.Time {
	for _, e := range x.events {
		if e.Kind == MoveCommitted && e.Text == text {
			return e.At
		}
	}
	return time.Time{}
}

// TestFastHandsSerialTick: a serial board sends a frame only on change, plus a heartbeat
// every 500 ms. The referee's debouncer and settle window advance only when a frame
// arrives, so a move is committed about two heartbeats after the hand is done. With
// HandleTick called every 33 ms between frames, a Quad Wrangle placement (e4, which waits
// for the settle window) must be committed within 0.5 s of the change; two placements
// 0.15-0.7 s apart must both be committed, in order, with no mismatch. (Where a7 comes
// before e4's settle window ends, under about 0.37 s, this needs TestFastHandsQuickPlacement's
// fix as well: a HandleTick that reads the last frame again passes the rest.)
func TestFastHandsSerialTick(t *testing.T) {
	t.Run("one placement", func(t *testing.T) {
		x := newRig(t, "quadwrangle", nil, hw.Presence, Human, Human)
		x.run(time.Second)
		s := newSerialBoard(t, x)
		s.run(s.nextBeat.Add(20 * time.Millisecond).Sub(x.now)) // just after a heartbeat
		x.events = nil
		x.put("e4", 1)
		at := x.now
		s.change()
		s.run(3 * time.Second)
		x.wantMoves("e4")
		if d := x.committedAt("e4").Sub(at); d >= 500*time.Millisecond {
			t.Fatalf("e4 committed %v after the change, want under 500ms", d)
		}
	})
	for _, gap := range []time.Duration{150 * time.Millisecond, 300 * time.Millisecond, 450 * time.Millisecond, 700 * time.Millisecond} {
		t.Run(fmt.Sprintf("two placements %v apart", gap), func(t *testing.T) {
			x := newRig(t, "quadwrangle", nil, hw.Presence, Human, Human)
			x.run(time.Second)
			x.after("e4", "a7")
			s := newSerialBoard(t, x)
			s.run(s.nextBeat.Add(20 * time.Millisecond).Sub(x.now))
			x.events = nil
			x.put("e4", 1)
			s.change()
			s.run(gap)
			x.put("a7", 1)
			s.change()
			s.run(5 * time.Second)
			if m := x.took(Mismatch); m != nil {
				t.Fatalf("mismatch %q (moves %q)", m[0].Text, x.moves())
			}
			x.wantMoves("e4 a7")
		})
	}
}

// TestSerialTapIsSeen: a board whose firmware debounces sends a frame on each change, and
// its frames are taken at once (Session, hw.Debounced). A tap of 30 ms, a frame lifted and
// a frame put back before the service's next tick, is a tap; debounced again by the
// referee it read as a glimpse, and an answer tapped on a serial board was lost (Xe
// Queo!'s cards are shown so).
func TestSerialTapIsSeen(t *testing.T) {
	x := newRig(t, "quadwrangle", nil, hw.Presence, Human, Human)
	x.debounced()
	s := newSerialBoard(t, x)
	s.change()
	s.run(time.Second)
	x.put("d4", 1)
	s.change()
	s.run(time.Second)
	x.wantMoves("d4")
	x.took(Tap)
	x.lift("d4")
	s.change()
	s.run(30 * time.Millisecond)
	x.put("d4", 1)
	s.change()
	s.run(time.Second)
	if taps := x.took(Tap); len(taps) != 1 {
		t.Fatalf("a tap of 30 ms on a board debouncing its own frames: %d taps seen", len(taps))
	}
}
