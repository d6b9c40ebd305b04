package boards

import (
	"flag"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/hw"
)

// player plays on the simulated board the way people do: contact bounce, pieces slid over
// the squares between, captures in either order or with two hands, the wrong piece lifted
// and put back, discs turned by hand, the AI's move carried out and answered at once,
// takebacks on the board and from the kiosk. It knows what it did (truth) and checks the
// referee never accepts anything else.
type player struct {
	x       *rig
	rng     *rand.Rand
	truth   engine.State
	sides   []Side
	intent  []engine.Move // moves the referee should commit next, in order
	doneAt  time.Time     // when the hand finished the move being checked
	bounce  map[int]bounce
	aiMove  engine.Move
	unseen  bool // the move made is one the sensors cannot show: entered on the kiosk
	rolled  bool // the move made was marbles rolled along as one: the player waits for the referee
	noRoll  bool // the move to make is not rolled (a move made before a question is answered)
	asked   bool
	first   int       // questions about which of several moves came first (the kiosk's askingFirst)
	screen  bool      // the kiosk said to choose on the screen: the next answer is given there
	askedAt time.Time // when the last question was asked: answered no sooner than a person could see it
	log     []string
	figures figures

	// The hands (a profile, TestSimulatedHands): calm ("" or "calm", the hands above),
	// blitz, sleight, or calm hands on a board sending frames on change over a serial line
	// ("serial-500ms", "serial-1s": the heartbeat).
	profile   string
	delayEach bool          // the delay of every move committed, each from when its hand finished
	done      []time.Time   // when the hand finished each move of intent made so far, in order
	committed int           // moves of intent committed so far
	hostAt    time.Time     // the host's clock while a serial board's frame or tick is handled
	link      *serialLink   // the serial line, for the serial profiles
	inHabit   bool          // waver: a habit is being carried out (perform makes its moves plainly)
	chainSeen []Board       // waver: the boards of the quick chain's positions so far
	inFlight  engine.Move   // the move the hand is making, not yet in truth (0: none)
	late      []engine.Move // the AI's silent moves committed while the hand finished inFlight
	// How much longer the player waits, where the referee has neither taken the move nor
	// asked when the player looks, before counting it missed (0: it looks once). A referee
	// waiting for the discs to turn asks after its grace period: the move is late, not lost.
	patience time.Duration
	// The last moves committed as intended, in a row: the referee may take them back to ask
	// when the board calls them in doubt (reopened).
	okTail []committedOK
}

// committedOK is a move committed as intended, with the figures' lengths before it, to
// drop its delay and wall time if it is reopened and committed again.
type committedOK struct {
	move          engine.Move
	delays, walls int
}

// The hand profiles of TestSimulatedHands.
const (
	calm    = "calm"    // the hands player was written for: TestSimulatedPlayer's
	blitz   = "blitz"   // the next player goes on 50-400 ms after the last move's last change
	sleight = "sleight" // captures swapped, fumbles put back as the move starts, rows slid whole, two cubes at once
	// waver (waver_test.go): the reviewer's habits in quick chains
)

type bounce struct {
	old   hw.Reading
	until time.Time
}

type figures struct {
	moves, falseAccepts, missed, asks, mismatches, takebacks, games, entered int
	questions                                                                int             // Asking events
	unseenSwaps                                                              int             // sleight: captures swapped between two scans, which no sensor saw
	reopened                                                                 int             // moves taken back by the referee to ask (a piece put back where one left)
	habits                                                                   [habitKinds]int // waver: the habits made, by kind
	wall                                                                     []time.Duration // HandleFrame + Lights for the frame that committed
	delay                                                                    []time.Duration // simulated: hand finished -> commit
}

func (f *figures) add(g figures) {
	f.moves += g.moves
	f.falseAccepts += g.falseAccepts
	f.missed += g.missed
	f.asks += g.asks
	f.mismatches += g.mismatches
	f.takebacks += g.takebacks
	f.games += g.games
	f.entered += g.entered
	f.questions += g.questions
	f.unseenSwaps += g.unseenSwaps
	f.reopened += g.reopened
	for i, n := range g.habits {
		f.habits[i] += n
	}
	f.wall = append(f.wall, g.wall...)
	f.delay = append(f.delay, g.delay...)
}

func quantile(d []time.Duration, q float64) time.Duration {
	if len(d) == 0 {
		return 0
	}
	s := slices.Clone(d)
	slices.Sort(s)
	return s[int(q*float64(len(s)-1))]
}

func (f figures) String() string {
	return fmt.Sprintf("%d moves in %d games: false accepts %d, missed %d, asks %d, entered on the kiosk %d, mismatch reports %d, takebacks %d; "+
		"settled frame to lights: median %v, p99 %v, max %v (processing); hand done to commit: median %v, p99 %v (simulated)",
		f.moves, f.games, f.falseAccepts, f.missed, f.asks, f.entered, f.mismatches, f.takebacks,
		quantile(f.wall, .5), quantile(f.wall, .99), quantile(f.wall, 1), quantile(f.delay, .5), quantile(f.delay, .99))
}

func (p *player) logf(format string, args ...any) {
	if len(p.log) < 40 {
		p.log = append(p.log, fmt.Sprintf("%v ", p.x.now.Sub(epoch).Round(time.Millisecond))+fmt.Sprintf(format, args...))
	}
}

// set changes a square the way a hand does: the contact may bounce for up to 30 ms.
func (p *player) set(sq engine.Square, v hw.Reading) { p.setCell(p.x.layout.CellOf(sq), v) }

// setCell changes a sensor cell, a square's or a rack slot's, the way a hand does.
func (p *player) setCell(c int, v hw.Reading) {
	if dbgCell != nil {
		dbgCell(p, c, v)
	}
	old := p.x.board.Get(c)
	p.x.board.Set(c, v)
	if p.link != nil {
		return // the board's microcontroller debounces the contacts: its frames never bounce
	}
	if p.rng.IntN(2) == 0 {
		p.bounce[c] = bounce{old: old, until: p.x.now.Add(time.Duration(5+p.rng.IntN(26)) * time.Millisecond)}
	}
}

// wait lets d of simulated time pass, frame by frame, answering the referee as it goes.
func (p *player) wait(d time.Duration) {
	x := p.x
	for end := x.now.Add(d); x.now.Before(end); {
		x.now = x.now.Add(tick)
		x.board.Snapshot(x.now, &x.frame)
		if p.link != nil {
			p.serialScan()
			continue
		}
		// (Cell by cell in order: a game replays exactly from its seed.)
		for _, c := range slices.Sorted(maps.Keys(p.bounce)) {
			if b := p.bounce[c]; x.now.After(b.until) {
				delete(p.bounce, c)
			} else if p.rng.IntN(2) == 0 {
				x.frame.Cells[c] = b.old
			}
		}
		start := time.Now()
		evs := x.ref.HandleFrame(x.frame)
		x.lights = x.ref.Lights(x.now, x.lights)
		wall := time.Since(start)
		for _, e := range evs {
			p.observe(e, wall)
		}
		if dbgFrame != nil {
			dbgFrame()
		}
	}
}

// setQuiet changes a square without bounce: a piece laid down flat, or a swap the contact
// never opens for.
func (p *player) setQuiet(sq engine.Square, v hw.Reading) {
	c := p.x.layout.CellOf(sq)
	if dbgCell != nil {
		dbgCell(p, c, v)
	}
	delete(p.bounce, c)
	p.x.board.Set(c, v)
}

// swap takes the piece off square sq and puts v there in one movement of the fingers,
// 10-40 ms apart, at a random moment between two scans: the scans that fall inside read the
// square empty (none for about one swap in twelve, below what a 50 Hz scan can see; one, a
// glimpse the debouncer does not take for a lift; two, a lift).
func (p *player) swap(sq engine.Square, v hw.Reading) {
	d := p.ms(10, 40) + time.Duration(p.rng.Int64N(int64(tick)))
	p.setQuiet(sq, 0)
	scans := int(d / tick)
	if scans == 0 {
		p.figures.unseenSwaps++
	}
	for range min(scans, 2) {
		p.wait(tick)
	}
	p.setQuiet(sq, v)
}

// serialLink is a board on a serial line (TBP/1). Its microcontroller scans the grid every
// 20 ms and debounces the contacts itself; it sends a frame when a reading changes, and the
// last frame again when it has sent nothing for beat (the heartbeat). Each frame arrives
// 0-30 ms after its scan, in order, and is stamped by the host as it arrives (tbp.Dev). The
// host tells the referee the time every 33 ms between frames (Session's ticks: HandleTick).
type serialLink struct {
	beat     time.Duration
	last     []hw.Reading // the cells of the last frame sent
	sentAt   time.Time
	inFlight []hw.Frame // sent, not yet arrived: At is when each arrives
	arrive   time.Time  // when the last frame sent arrives
	tickAt   time.Time  // the host's next tick
}

const hostTick = 33 * time.Millisecond // Session's LightEvery

// serialScan is one scan of a serial board at p.x.now (p.x.frame): a frame sent if it
// changed or the heartbeat is due, and the host's work until now, frames and ticks in the
// order of the host's clock.
func (p *player) serialScan() {
	x, l := p.x, p.link
	if l.last == nil || !slices.Equal(x.frame.Cells, l.last) || x.now.Sub(l.sentAt) >= l.beat {
		l.last = append(l.last[:0], x.frame.Cells...)
		l.sentAt = x.now
		at := x.now.Add(p.ms(0, 30))
		if at.Before(l.arrive) {
			at = l.arrive // a serial line delivers in order
		}
		l.arrive = at
		l.inFlight = append(l.inFlight, hw.Frame{At: at, Cells: slices.Clone(x.frame.Cells)})
	}
	if l.tickAt.IsZero() {
		l.tickAt = x.now.Add(hostTick)
	}
	for {
		frame := len(l.inFlight) > 0 && !l.inFlight[0].At.After(x.now)
		tick := !l.tickAt.After(x.now)
		if !frame && !tick {
			break
		}
		start := time.Now()
		var evs []Event
		if frame && (!tick || !l.inFlight[0].At.After(l.tickAt)) {
			f := l.inFlight[0]
			l.inFlight = l.inFlight[1:]
			p.hostAt = f.At
			evs = x.ref.HandleFrame(f)
		} else {
			p.hostAt = l.tickAt
			l.tickAt = l.tickAt.Add(hostTick)
			evs = x.ref.HandleTick(p.hostAt)
		}
		x.lights = x.ref.Lights(p.hostAt, x.lights)
		wall := time.Since(start)
		for _, e := range evs {
			p.observe(e, wall)
		}
		p.hostAt = time.Time{}
	}
}

func (p *player) send(m Message) {
	m.Game = p.x.ref.Game()
	at := p.x.now
	if !p.hostAt.IsZero() {
		at = p.hostAt // an answer to a frame's event (the AI's move) comes on the host's clock
	}
	for _, e := range p.x.ref.HandleMessage(m, at) {
		p.observe(e, 0)
	}
}

// Hooks for tracing one simulated game while debugging: every event, every cell changed.
var (
	dbgHook  func(Event)
	dbgCell  func(p *player, c int, v hw.Reading)
	dbgFrame func()
)

func (p *player) observe(e Event, wall time.Duration) {
	if dbgHook != nil {
		dbgHook(e)
	}
	switch e.Kind {
	case MoveCommitted:
		if len(p.intent) > 0 && p.intent[0] == e.Move {
			if len(p.okTail) == maxReopen {
				p.okTail = p.okTail[1:]
			}
			p.okTail = append(p.okTail, committedOK{e.Move, len(p.figures.delay), len(p.figures.wall)})
			p.intent = p.intent[1:]
			if wall > 0 {
				p.figures.wall = append(p.figures.wall, wall)
			}
			switch {
			case p.delayEach:
				// Each move from when its hand finished; one committed before that counts
				// as no delay.
				d := time.Duration(0)
				if p.committed < len(p.done) {
					d = max(0, e.At.Sub(p.done[p.committed]))
				}
				p.committed++
				p.figures.delay = append(p.figures.delay, d)
			case !p.doneAt.IsZero() && len(p.intent) == 0:
				p.figures.delay = append(p.figures.delay, e.At.Sub(p.doneAt))
			}
			return
		}
		p.okTail = p.okTail[:0] // (a move not the hands': none before it is reopened)
		if len(p.intent) == 0 && e.Move == p.aiMove {
			// (The move in flight was committed as it landed, while the hand still
			// worked: the AI's next move follows it, in truth once the hand is done.)
			s := p.truth
			if p.inFlight != 0 {
				s = s.Clone()
				s.Play(p.inFlight)
				for _, m := range p.late {
					s.Play(m)
				}
			}
			if f := s.Footprint(e.Move); s.Validate(e.Move) == nil && f.Emptied|f.Filled|f.Replaced|f.Flipped == 0 && len(p.x.ref.rack) == 0 {
				// The AI's move the squares cannot show (a Quarto piece handed over):
				// done when announced, with nothing for the hands to do.
				if p.inFlight != 0 {
					p.late = append(p.late, e.Move)
				} else {
					p.truth.Play(e.Move)
				}
				p.figures.moves++
				return
			}
		}
		p.figures.falseAccepts++
		p.logf("FALSE ACCEPT %s (intent %v) after %s", e.Text, p.names(p.intent), p.x.moves())
	case TakenBack:
		n, _ := strconv.Atoi(e.Msg.Args["n"])
		if k := len(p.okTail) - n; e.Msg.Code == "reopened" && n > 0 && k >= 0 && p.okTail[k].move == e.Move {
			// The moves the hands made, taken back to be asked: to be committed again.
			back := make([]engine.Move, 0, n+len(p.intent))
			for _, c := range p.okTail[k:] {
				back = append(back, c.move)
			}
			p.intent = append(back, p.intent...)
			p.committed = max(0, p.committed-n)
			p.figures.delay, p.figures.wall = p.figures.delay[:p.okTail[k].delays], p.figures.wall[:p.okTail[k].walls]
			p.figures.reopened++
			p.logf("reopened %s", e.Text)
		}
		p.okTail = p.okTail[:0]
	case Think:
		// The player stands in for the engine: any legal move will do.
		moves := e.State.Legal(nil)
		p.aiMove = moves[p.rng.IntN(len(moves))]
		p.send(Message{Kind: CmdAIResult, Version: uint64(e.Ply), Move: p.aiMove})
	case Asking:
		p.asked, p.askedAt, p.screen = true, p.x.now, false
		p.figures.questions++
		if p.x.ref.AskingFirst() {
			p.first++
		}
	case Warning:
		switch e.Msg.Code {
		case "tap-turned":
			p.asked = true // (the kiosk says to tap again: the player does)
		case "tap-unread":
			p.asked, p.screen = true, true // (the kiosk says to choose on the screen: the player does)
		}
	case Mismatch:
		p.figures.mismatches++
		p.logf("mismatch: %s", e.Text)
	}
}

// refereeSays is what the referee shows when a move is missed: the match, the question open,
// the mismatch sent.
func (p *player) refereeSays() string {
	r := p.x.ref
	s := fmt.Sprintf("match %d", r.v.kind)
	if r.asked.moves != nil {
		s += fmt.Sprintf(", asking %v", p.names(r.asked.moves))
	}
	if r.misSent {
		s += fmt.Sprintf(", mismatch %q", r.misText)
	}
	if r.v.toLift != 0 {
		s += fmt.Sprintf(", to lift %v", r.v.toLift)
	}
	return s
}

func (p *player) names(ms []engine.Move) string {
	var out []string
	for _, m := range ms {
		out = append(out, p.x.rules.FormatMove(m))
	}
	return strings.Join(out, " ")
}

func (p *player) reading(s engine.State, sq engine.Square) hw.Reading {
	return ReadingOf(s.PieceAt(sq), p.x.layout.Kind())
}

func (p *player) ms(lo, hi int) time.Duration {
	return time.Duration(lo+p.rng.IntN(hi-lo+1)) * time.Millisecond
}

// performPlay performs m and plays it in truth, then the AI's silent moves committed while
// the hand finished it.
func (p *player) performPlay(m engine.Move, flipsNow bool) {
	p.inFlight = m
	p.perform(m, flipsNow)
	p.inFlight = 0
	p.truth.Play(m)
	for _, l := range p.late {
		p.truth.Play(l)
	}
	p.late = p.late[:0]
}

// perform carries out move m of the truth position with the hands; it returns when the hand
// has finished the move's main part (flips come after, unless turnLater). The hand's work
// is the simulated hand's (WorkOf, hand.go): its own are the timing, the bouncing contacts
// and the habits, where they depart from the steps a calm hand makes.
func (p *player) perform(m engine.Move, flipsNow bool) {
	s := p.truth
	f := s.Footprint(m)
	p.emptyGutters()
	if p.profile == waver && p.waverMove(m, flipsNow) {
		return
	}
	w := WorkOf(p.x.layout, p.x.board, s, m)
	defer func() {
		if st, ok := w.GutterStep(); ok {
			p.setCell(st.Cell, st.Reading) // the marble pushed off rolls into the gutter
		}
	}()
	var finals = map[engine.Square]hw.Reading{}
	for b := f.Filled | f.Replaced | f.Flipped | f.Line; b != 0; {
		sq := b.Pop()
		finals[sq] = w.After(sq)
	}
	switch {
	case w.Motion == Push && f.To != engine.Nowhere && !p.noRoll && p.rng.IntN(5) == 0:
		// Marbles rolled along as one: no square reads empty, the colours change at once (on
		// presence sensors nothing changes: the player enters the move on the kiosk).
		for _, sq := range slices.Sorted(maps.Keys(finals)) { // (in order: a game replays from its seed)
			p.set(sq, finals[sq])
		}
		p.rolled = true
		if Project(s, p.x.layout.Kind()) == p.afterProjection(m) {
			p.unseen = true
		}
	case w.Motion == Push: // a push: the hole travels from the piece taken to where it goes in
		style := 0 // the hole travelling, a piece at a time
		if p.profile == sleight {
			style = p.rng.IntN(3) // or the row slid as a whole (1), or two pieces at once (2)
		}
		if style == 0 {
			p.carry(w.Main(), func(i int, st Step) time.Duration {
				switch {
				case i == 0 && w.Exits:
					return p.ms(80, 250) // the cube taken, the marble falling off
				case st.Lift():
					return p.ms(60, 150) // a cube lifted and moved on by a hand
				}
				return p.ms(30, 120)
			})
			break
		}
		path := w.Path
		if f.Exit != engine.NoSquare {
			p.set(path[0], 0) // the cube taken, the marble falling off
			p.wait(p.ms(80, 250))
		}
		if style == 1 && len(path) > 1 {
			// The rest of the line slid along as one towards the piece taken: the squares
			// between never read empty, the entry empties as they fill; the piece is put in
			// there.
			for _, sq := range path[:len(path)-1] {
				p.set(sq, finals[sq])
			}
			p.set(f.Entry, 0)
			p.wait(p.ms(100, 300))
			path = nil
		}
		for i := 1; i < len(path); i++ {
			if style == 2 && i+1 < len(path) && p.rng.IntN(2) == 0 {
				// Two pieces lifted together and put down together, a square on: two
				// adjacent squares change in the same scan, twice.
				p.setQuiet(path[i], 0)
				p.setQuiet(path[i+1], 0)
				p.wait(p.ms(60, 150))
				p.setQuiet(path[i-1], finals[path[i-1]])
				p.setQuiet(path[i], finals[path[i]])
				p.wait(p.ms(30, 120))
				i++
				continue
			}
			p.set(path[i], 0)
			p.wait(p.ms(60, 150)) // a cube lifted and moved on by a hand
			p.set(path[i-1], finals[path[i-1]])
			p.wait(p.ms(30, 120))
		}
		p.set(f.Entry, finals[f.Entry])
	case w.Motion == Capture: // a capture that lands
		from, to := w.From, w.To
		if p.profile == sleight && p.rng.IntN(2) == 0 {
			// The capturer carried over, then swapped for the captured piece in one
			// movement: the captured square is never seen empty.
			p.set(from, 0)
			p.wait(p.ms(60, 300))
			p.swap(to, finals[to])
			break
		}
		switch p.rng.IntN(3) {
		case 0: // the captured stone first, as the hand's steps
			p.carry(w.Main(), func(i int, _ Step) time.Duration {
				if i == 0 {
					return p.ms(60, 300)
				}
				return p.ms(60, 250)
			})
		case 1: // the capturer first
			p.set(from, 0)
			p.wait(p.ms(60, 300))
			p.set(to, 0)
			p.wait(p.ms(60, 250))
			p.set(to, finals[to])
		default: // two hands at once
			p.set(from, 0)
			p.set(to, 0)
			p.wait(p.ms(60, 250))
			p.set(to, finals[to])
		}
	case w.Motion == Remove: // pieces taken off (Xe Queo!'s sensed ring)
		p.carry(w.Main(), nil)
	case w.Motion == Jump: // a pawn jumping, or going round: lifted and put down
		p.carry(w.Main(), func(int, Step) time.Duration { return p.ms(100, 400) })
	case w.Motion == Slide: // a slide over the squares between, made before break or not
		from, to, path := w.From, w.To, w.Path
		v := p.reading(s, from)
		if p.rng.IntN(3) == 0 {
			// Make before break: the next square's sensor closes before from's opens.
			p.set(path[0], v)
			p.wait(p.ms(0, 40))
			p.set(from, 0)
		} else {
			p.set(from, 0)
			p.wait(p.ms(40, 150))
			p.set(path[0], v)
		}
		for i, sq := range path[:len(path)-1] {
			p.wait(p.ms(20, 100))
			if p.rng.IntN(3) == 0 {
				p.set(path[i+1], v) // again, the next before the last lets go
				p.wait(p.ms(0, 30))
				p.set(sq, 0)
			} else {
				p.set(sq, 0)
				p.wait(p.ms(0, 40))
				p.set(path[i+1], v)
			}
		}
		p.set(to, finals[to])
	case w.Motion == HandOver: // nothing on the squares: a piece handed over, from the rack if any
		p.carry(w.Main(), nil)
		if len(p.x.ref.rack) == 0 {
			p.unseen = true // a card shown, a challenge: said on the kiosk if not asked
		}
	case w.Motion == PlaceAndGive: // Quarto: place, hand over, either order
		first := p.rng.IntN(2) == 0
		if first {
			p.takeFromRack(w)
			p.wait(p.ms(100, 600))
		}
		p.set(w.To, finals[w.To])
		if !first {
			p.wait(p.ms(100, 600))
			p.takeFromRack(w)
		}
	default: // a placement from the supply, or taken from the rack first
		if f.Rack != engine.Empty {
			p.takeFromRack(w)
			p.wait(p.ms(100, 500))
		}
		p.set(w.To, finals[w.To])
	}
	p.doneAt = p.x.now
	p.done = append(p.done, p.x.now)
	if flipsNow {
		p.flips(f.Flipped, finals)
	}
}

// carry makes steps with the hand, waiting pause(i, step) after each but the last (nil:
// no wait).
func (p *player) carry(steps []Step, pause func(i int, st Step) time.Duration) {
	for i, st := range steps {
		p.setCell(st.Cell, st.Reading)
		if pause != nil && i < len(steps)-1 {
			p.wait(pause(i, st))
		}
	}
}

// afterProjection is what the sensors read after move m of the truth position.
func (p *player) afterProjection(m engine.Move) Board {
	p.truth.Play(m)
	defer p.truth.Undo()
	return Project(p.truth, p.x.layout.Kind())
}

// emptyGutters takes the marbles out of the gutters, back to the players' hands.
func (p *player) emptyGutters() {
	for _, sl := range p.x.layout.Slots() {
		if sl.Gutter != NoEdge && p.x.board.Get(sl.Cell) != 0 {
			p.setCell(sl.Cell, 0)
			p.wait(p.ms(60, 200))
		}
	}
}

// takeFromRack lifts the piece of work w from its slot of the rack, if the board has one.
func (p *player) takeFromRack(w Work) {
	if w.Slot >= 0 {
		p.setCell(w.Slot, 0)
	}
}

// restoreRack puts the rack right for position s, a slot at a time.
func (p *player) restoreRack(s engine.State) {
	if len(p.x.ref.rack) == 0 {
		return
	}
	rs := s.(engine.RackState)
	for _, sl := range p.x.ref.rack {
		if !sl.first {
			continue
		}
		n := 0
		for _, o := range p.x.ref.rack {
			if o.piece == sl.piece && p.x.board.Get(o.cell) != 0 {
				n++
			}
		}
		for n != rs.InRack(sl.piece) {
			p.wait(p.ms(100, 300))
			if n > rs.InRack(sl.piece) {
				p.setCell(p.x.slotOf(sl.piece, true), 0)
				n--
			} else {
				p.setCell(p.x.slotOf(sl.piece, false), ReadingOf(sl.piece, p.x.layout.Kind()))
				n++
			}
		}
	}
}

// flips turns discs over by hand: lift, turn, put back.
func (p *player) flips(b engine.Bitboard, finals map[engine.Square]hw.Reading) {
	sqs := []engine.Square{}
	for b != 0 {
		sqs = append(sqs, b.Pop())
	}
	p.rng.Shuffle(len(sqs), func(i, j int) { sqs[i], sqs[j] = sqs[j], sqs[i] })
	for _, sq := range sqs {
		p.wait(p.ms(100, 400))
		p.set(sq, 0)
		p.wait(p.ms(40, 200))
		p.set(sq, finals[sq])
	}
}

// restore puts the board right, one square at a time, as the lights ask: pieces off first
// (a hand undoing a slide lifts the piece before it puts it back), then pieces on, then
// pieces turned over.
func (p *player) restore(target Board) {
	const (
		off = iota
		on
		turn
	)
	step := func(have, want hw.Reading) int {
		switch {
		case want == 0:
			return off
		case have == 0:
			return on
		}
		return turn
	}
	for pass := off; pass <= turn; pass++ {
		for sq := engine.Square(0); int(sq) < p.x.layout.Size(); sq++ {
			c := p.x.layout.CellOf(sq)
			have, want := p.x.board.Get(c), target[sq]
			if have == want || step(have, want) != pass {
				continue
			}
			p.wait(p.ms(100, 300))
			if pass == turn {
				p.set(sq, 0) // lift, turn, put back
				p.wait(p.ms(40, 150))
			}
			p.set(sq, want)
		}
	}
}

// fumble lifts a piece that takes no part in the next move and puts it back; quick, the
// move starts within a scan (0-20 ms) of the piece put back, with the other hand.
func (p *player) fumble(m engine.Move, quick bool) {
	f := p.truth.Footprint(m)
	occupied := engine.Bitboard(0)
	for sq := engine.Square(0); int(sq) < p.x.layout.Size(); sq++ {
		if p.truth.PieceAt(sq) != engine.Empty {
			occupied |= engine.Bit(sq)
		}
	}
	occupied &^= f.Emptied | f.Filled | f.Replaced | f.Touched | f.Flipped | f.Tap
	if r := p.x.ref; r.v.kind == matchMany {
		for i := range r.asked.moves {
			occupied &^= r.distinct(i) // a lit square is tapped only to answer
		}
	}
	if p.link != nil {
		// On a serial board the referee may ask a tick or two after the hand is free: a
		// square a question would light is left alone as well (a piece lifted there as the
		// question comes and put back reads as the answer).
		for _, o := range p.truth.Legal(nil) {
			occupied &^= p.truth.Footprint(o).Tap
		}
	}
	if occupied == 0 {
		return
	}
	var sqs []engine.Square
	for occupied != 0 {
		sqs = append(sqs, occupied.Pop())
	}
	sq := sqs[p.rng.IntN(len(sqs))]
	v := p.x.board.Get(p.x.layout.CellOf(sq))
	p.set(sq, 0)
	p.wait(p.ms(100, 800))
	p.set(sq, v)
	if quick {
		p.wait(p.ms(0, 20))
		return
	}
	p.wait(p.ms(60, 200))
}

// settle waits until the board has been quiet long enough for any move to commit, and
// checks the referee agrees with what the player did.
func (p *player) settle() bool {
	p.wait(p.x.ref.cfg.Settle + p.ms(150, 400))
	if p.patience > 0 && p.x.ref.State().Ply() < p.truth.Ply() && p.x.ref.asked.moves == nil {
		p.wait(p.patience)
		p.logf("waited %v: referee at %s, asking %v", p.patience, p.x.moves(), p.names(p.x.ref.asked.moves))
	}
	p.awaitQuestion()
	// The board showed nothing: the player enters the move on the kiosk (once the referee
	// has had the time to take it from a gutter, if the board has them, and once the
	// question about the moves before it is answered).
	p.enterUnseen()
	for i, n := 0, max(4, 2*len(p.intent)); p.asked && len(p.intent) > 0 && i < n; i++ {
		p.answer() // a question for the first move, then perhaps for the ones after
		p.wait(p.x.ref.cfg.Settle + p.ms(150, 400))
		if p.patience > 0 && p.x.ref.State().Ply() < p.truth.Ply() && p.x.ref.asked.moves == nil {
			p.wait(p.patience)
			p.logf("waited %v after an answer: referee at %s, asking %v", p.patience, p.x.moves(), p.names(p.x.ref.asked.moves))
		}
		p.awaitQuestion()
		p.enterUnseen()
	}
	p.unseen = false
	want := p.truth
	got := p.x.ref.State()
	if got.Ply() != want.Ply() || got.String() != want.String() {
		if got.Ply() < want.Ply() {
			p.figures.missed++
			p.logf("MISSED: referee at %s, player played %v; %s", p.x.moves(), p.names(p.intent), p.refereeSays())
		} else {
			p.logf("DIVERGED: referee %s / truth %s", got, want)
		}
		return false
	}
	p.intent, p.done, p.committed = nil, p.done[:0], 0
	return true
}

// enterUnseen enters the move the sensors could not see on the kiosk, once it is the only
// one left and no question is open.
func (p *player) enterUnseen() {
	if !p.unseen {
		return
	}
	p.wait(p.x.ref.cfg.Settle)
	if len(p.intent) == 1 && p.x.ref.asked.moves == nil {
		p.unseen = false
		p.figures.entered++
		p.send(Message{Kind: CmdEnter, Move: p.intent[0]})
		p.wait(p.ms(100, 300))
	}
}

// awaitQuestion waits while the referee holds several moves that the rack or the discs
// still to turn may tell apart: it asks once the grace period has passed.
func (p *player) awaitQuestion() {
	// The board shows a move made but a square of it never seen lifted (a capture swapped
	// faster than the scans): after the grace period the lights say to lift it, and the
	// player does; then perhaps for the move after it (the AI's capture, then the reply).
	for range 3 {
		r := p.x.ref
		if r.v.kind != inProgress || r.v.toLift == 0 {
			break
		}
		p.wait(r.cfg.Grace)
		lifted := false
		for b := r.v.toLift; r.misSent && b != 0; {
			sq := b.Pop()
			v := p.x.board.Get(p.x.layout.CellOf(sq))
			p.set(sq, 0)
			p.wait(p.ms(100, 300))
			p.set(sq, v)
			p.wait(p.ms(100, 200))
			lifted = true
		}
		if !lifted {
			break
		}
		p.wait(r.cfg.Settle + p.ms(100, 300)) // (the move is taken once the board rests)
	}
	if r := p.x.ref; r.v.kind == matchMany && r.asked.moves == nil && (r.v.rackCanTell || r.v.liftsCanTell) {
		p.wait(r.cfg.Grace)
	}
	if r := p.x.ref; r.v.kind == inProgress && r.v.toLift == 0 && r.asked.moves == nil && len(r.shownPushes(nil)) > 0 {
		p.wait(r.cfg.Grace) // a push the board shows made, its work mostly unseen: asked then
	}
}

// answer taps the lit square that tells the player's move apart.
func (p *player) answer() {
	r := p.x.ref
	if len(p.intent) == 0 {
		return // a question about a move still to make (Quixo 4's pass): asked at once
	}
	p.asked = false
	p.figures.asks++
	if d := p.x.now.Sub(p.askedAt); d < answerReaction+100*time.Millisecond {
		p.wait(answerReaction + 100*time.Millisecond - d) // (a person sees the lights, then reaches)
	}
	for i, m := range r.asked.moves {
		if m == p.intent[0] {
			d := r.distinct(i)
			if d == 0 || p.rng.IntN(3) == 0 || p.screen {
				p.screen = false
				p.send(Message{Kind: CmdChoose, Move: m})
			} else {
				sq := d.First()
				if (r.lastFrom | r.lastTo).Has(sq) {
					// The piece just moved: a tap on it at once reads as it being straightened.
					p.wait(r.cfg.Hold)
				}
				v := p.x.board.Get(p.x.layout.CellOf(sq))
				if v == 0 {
					// An empty square to tap (Xe Queo!'s ring cell, a square the pawn went
					// on through): a piece put on it and taken off.
					p.set(sq, 1)
					p.wait(p.ms(60, 300))
					p.set(sq, 0)
				} else {
					p.set(sq, 0)
					p.wait(p.ms(60, 300))
					p.set(sq, v)
				}
				p.wait(p.ms(100, 200))
			}
			return
		}
	}
}

// play plays one game to its end (or until moves run out) and reports whether the referee
// kept up.
func (p *player) play(budget *int) {
	x := p.x
	p.figures.games++
	p.truth = x.rules.Start()
	p.send(Message{Kind: CmdNewGame, Rules: x.rules, Sides: p.sides})
	p.restore(Project(p.truth, x.layout.Kind()))
	p.restoreRack(p.truth)
	p.wait(500 * time.Millisecond)
	buf := make([]engine.Move, 0, 256)
	for !p.truth.Outcome().Over && *budget > 0 {
		turn := p.truth.Turn()
		var m engine.Move
		if p.sides[turn] == AI {
			// (The AI's move is held while the move before it may be called in doubt:
			// TapMax at most. The hands wait for its lights.)
			ply := p.truth.Ply()
			for end := x.now.Add(x.ref.cfg.TapMax); x.ref.aiMove == 0 && x.ref.thinking && x.now.Before(end); {
				p.wait(tick)
			}
			if x.ref.aiMove == 0 && p.truth.Ply() != ply {
				continue // (a move the squares cannot show, committed as it was announced)
			}
			if x.ref.aiMove == 0 {
				p.logf("no AI move announced at %s", p.truth)
				p.figures.missed++
				return
			}
			m = x.ref.aiMove
		} else {
			buf = p.truth.Legal(buf[:0])
			m = buf[p.rng.IntN(len(buf))]
			switch {
			case p.profile == sleight:
				if p.rng.IntN(4) == 0 {
					p.fumble(m, true)
				}
			case p.rng.IntN(10) == 0:
				p.fumble(m, false)
			}
		}
		p.intent, p.rolled = []engine.Move{m}, false
		p.done, p.committed = p.done[:0], 0
		// Against the AI, answer its move at once now and then: a fast reply before the
		// board settles, flips turned afterwards (in blitz, one time in two, 50-400 ms
		// after).
		odds, gapLo, gapHi := 4, 100, 250
		switch p.profile {
		case blitz:
			odds, gapLo, gapHi = 2, 50, 400
		case waver:
			odds, gapLo, gapHi = 2, 100, 300
		}
		fast := p.sides[turn] == AI && p.rng.IntN(odds) == 0
		var before Board // the board before the move, in blitz
		if p.profile == blitz || p.profile == waver {
			before = Project(p.truth, x.layout.Kind())
		}
		p.chainSeen = append(p.chainSeen[:0], Project(p.truth, x.layout.Kind()))
		p.performPlay(m, !fast)
		p.figures.moves++
		*budget--
		if fast && !p.unseen && !p.truth.Outcome().Over && p.sides[p.truth.Turn()] == Human {
			buf = p.truth.Legal(buf[:0])
			r := buf[p.rng.IntN(len(buf))]
			p.intent = append(p.intent, r)
			// A hand takes at least 100 ms to go from one piece to the next: faster, a square
			// lifted and filled again never reads empty for two scans. (Blitz: 50 ms, the
			// other hand; waits end on the next 20 ms frame.)
			p.wait(p.ms(gapLo, gapHi))
			if p.profile == waver && p.rng.IntN(3) == 0 {
				p.hesitate(r)
			}
			p.performPlay(r, true)
			p.figures.moves++
			*budget--
		}
		quick := !fast && p.sides[turn] == Human && p.quick(budget, before)
		// Between people, now and then the next player goes on before a question about
		// the move is answered (Quarto: the piece handed over is put down at once).
		if !fast && !quick && !p.rolled && !p.unseen && !slices.Contains(p.sides, AI) && !p.truth.Outcome().Over && p.rng.IntN(6) == 0 {
			p.wait(x.ref.cfg.Settle + p.ms(100, 300))
			buf = p.truth.Legal(buf[:0])
			r := buf[p.rng.IntN(len(buf))]
			// (Not a move that sets the board back as it was before the last one: that
			// reads as the last move taken back, and is.)
			if p.afterProjection(r) != Project(x.ref.State(), x.layout.Kind()) {
				p.goOn(r, budget)
			}
		}
		if fast {
			p.restore(Project(p.truth, x.layout.Kind())) // the AI move's discs, turned late
			p.restoreRack(p.truth)
		}
		if !p.settle() {
			return
		}
		// Now and then, take the last move back (a finished game stays finished).
		switch n := len(x.ref.History()); {
		case p.truth.Outcome().Over:
		case n > 0 && p.rng.IntN(40) == 0 && !slices.Contains(p.sides, AI) && p.undoable():
			// On the board: put the position back and hold it. (A cube pushed in is taken
			// up from its entry to push the row back, whatever its face reads.)
			last := p.truth.Ply()
			m := x.ref.History()[n-1]
			p.truth.Undo()
			if f := p.truth.Footprint(m); f.Line != 0 && takenInHand(f) {
				target := Project(p.truth, x.layout.Kind())
				p.wait(p.ms(100, 300))
				p.set(f.Entry, 0)
				v := target[f.Entry]
				target[f.Entry] = 0
				p.restore(target) // (the row pushed back, the entry filled last)
				p.wait(p.ms(100, 300))
				p.set(f.Entry, v)
			}
			p.restore(Project(p.truth, x.layout.Kind()))
			p.restoreRack(p.truth)
			p.wait(x.ref.cfg.Hold + 300*time.Millisecond)
			if x.ref.v.kind == matchMany && x.ref.State().Ply() == last {
				// The pushes set back read as moves made as well (Quixo for four's dots read
				// alike): asked, and none of them was made.
				p.send(Message{Kind: CmdDismiss})
				p.wait(x.ref.cfg.Hold + 300*time.Millisecond)
			}
			if x.ref.State().Ply() != last-1 {
				p.logf("takeback on the board not seen")
				p.figures.missed++
				return
			}
			p.figures.takebacks++
		case n > 0 && p.rng.IntN(40) == 0:
			// From the kiosk: the lights say what to put back.
			p.send(Message{Kind: CmdTakeback})
			for p.truth.Ply() > x.ref.State().Ply() {
				p.truth.Undo()
			}
			p.restore(Project(p.truth, x.layout.Kind()))
			p.restoreRack(p.truth)
			p.wait(300 * time.Millisecond)
			p.figures.takebacks++
		}
	}
}

// quick plays, in blitz, the next people's moves without waiting for the board to settle:
// while a person is to move, one time in two, the next move starts 50-400 ms after the
// last change of the one before (flips included), a chain as long as the odds allow. The
// referee must commit them all, in order (intent). Not after a move the sensors cannot
// show (entered on the kiosk once the board rests) or marbles rolled along as one (the
// player waits for the referee), nor a move that sets the board back as it was earlier in
// the chain: that reads as the moves taken back, and is. It reports whether it moved.
func (p *player) quick(budget *int, before Board) bool {
	if p.profile != blitz && p.profile != waver {
		return false
	}
	kind := p.x.layout.Kind()
	seen := []Board{before} // the boards of the chain's positions before the current one
	moved := false
	for *budget > 0 && !p.unseen && !p.rolled && !p.truth.Outcome().Over && p.sides[p.truth.Turn()] == Human && p.rng.IntN(2) == 0 {
		moves := p.truth.Legal(nil)
		r, gap, drop := moves[p.rng.IntN(len(moves))], p.ms(50, 400), false
		if p.profile == waver {
			r, gap, drop = p.waverNext(moves)
		}
		now, after := Project(p.truth, kind), p.afterProjection(r)
		if after != now && slices.Contains(seen, after) {
			break
		}
		seen = append(seen, now)
		p.chainSeen = seen
		p.wait(p.handGap(r, gap))
		if drop {
			p.figures.habits[habitDrop]++
		} else if p.profile == waver && p.rng.IntN(3) == 0 {
			p.hesitate(r)
		}
		p.goOn(r, budget)
		moved = true
	}
	return moved
}

// handGap is the pause d before the next player's move r, but at least handOff and a
// little more where r takes up the piece the last move put down: another person's hand
// cannot take it from under the first one's fingers sooner.
func (p *player) handGap(r engine.Move, d time.Duration) time.Duration {
	if len(p.intent) == 0 {
		return d
	}
	last := p.intent[len(p.intent)-1] // (made last: p.truth is after it)
	s := p.truth.Clone()
	s.Undo()
	put := s.Footprint(last)
	if f := p.truth.Footprint(r); (f.Emptied|f.Touched)&(put.Filled|put.Replaced) != 0 {
		return max(d, handOff+p.ms(50, 150))
	}
	return d
}

// goOn makes move r at once, before the referee has committed the moves intended so far:
// never rolled, which could read as another single move, asked.
func (p *player) goOn(r engine.Move, budget *int) {
	p.intent = append(p.intent, r)
	p.noRoll = true
	p.perform(r, true)
	p.noRoll = false
	p.truth.Play(r)
	p.figures.moves++
	*budget--
}

// undoable reports whether the last move can be taken back on the board: it changed the
// squares, or the rack shows it.
func (p *player) undoable() bool {
	h := p.x.ref.History()
	last := h[len(h)-1]
	after := Project(p.truth, p.x.layout.Kind())
	p.truth.Undo()
	f := p.truth.Footprint(last)
	before := Project(p.truth, p.x.layout.Kind())
	p.truth.Play(last)
	for _, m := range p.truth.Legal(nil) {
		if p.afterProjection(m) == before {
			// The board set back reads as a move from here just as well (Xe Queo!'s sensed
			// ring put back where it was is the next ring placed there): taken as the move.
			// Such a takeback is made on the kiosk.
			return false
		}
	}
	return before != after || (len(p.x.ref.rack) > 0 && f.Rack != engine.Empty)
}

var simSeed = flag.Uint64("simseed", 0, "base seed of the simulated player's games")

var handsShow = flag.Int("hands-show", 3, "games failed shown per run of TestSimulatedHands (0: all)")

var handsFlag = flag.Bool("hands", false, "run TestSimulatedHands: the simulated player with quicker, clumsier hands "+
	"(blitz, sleight, serial, waver; about 90 s)")

type playerRun struct {
	id      string
	kinds   []hw.SensorKind
	slots   int  // a rack of this many slots
	gutters bool // a gutter along each edge
	set     map[string]string
}

var allKinds = []hw.SensorKind{hw.Presence, hw.Polarity, hw.Identity}

// playerRuns are the games the simulated player plays, each on every sensor kind.
var playerRuns = []playerRun{{"quadwrangle", allKinds, 0, false, nil}, {"crowded", allKinds, 0, false, nil}, {"krypte", allKinds, 0, false, nil},
	{"quarto", allKinds, 0, false, nil}, {"quarto-pro", allKinds, 16, false, nil}, {"quantik", allKinds, 0, false, nil}, {"quantik", allKinds, 16, false, nil},
	{"quad", allKinds, 0, false, nil}, {"quad", allKinds, 16, false, nil}, {"quixo", allKinds, 0, false, nil}, {"quixo4", allKinds, 0, false, nil},
	{"push", allKinds, 0, false, nil}, {"push", allKinds, 0, true, nil}, {"push4", allKinds, 0, false, nil}, {"xequeo", allKinds, 0, false, nil},
	{"xequeo", allKinds, 0, false, map[string]string{"ring": "sensed"}}}

func (run playerRun) name() string {
	name := run.id
	if run.set["ring"] == "sensed" {
		name += "+ring"
	}
	if run.slots > 0 {
		name += "+rack"
	}
	if run.gutters {
		name += "+gutters"
	}
	return name
}

// simTarget is the moves a game is played for: 10,000, or 1,500 with -short or -race.
func simTarget() int {
	if testing.Short() || raceEnabled {
		return 1500
	}
	return 10000
}

// sideSets are the seatings run's games take in turn: people against people, against the
// AI either way, and the AI against itself.
func (run playerRun) sideSets(t *testing.T) [][]Side {
	if newRackRig(t, run.id, run.set, hw.Presence, 0).rules.Players() == 4 {
		return [][]Side{{Human, Human, Human, Human}, {Human, AI, Human, AI}, {AI, Human, AI, Human}, {AI, AI, AI, AI}}
	}
	return [][]Side{{Human, Human}, {Human, AI}, {AI, Human}, {AI, AI}}
}

// player returns the simulated player of run's game (its sensor kind, seating and draws
// from game), with hands of profile.
func (run playerRun) player(t *testing.T, game int, sideSets [][]Side, profile string) *player {
	x := newSlotRig(t, run.id, run.set, run.kinds[game%len(run.kinds)], run.slots, run.gutters)
	p := &player{x: x, rng: rand.New(rand.NewPCG(*simSeed+uint64(game), 0x91a7e5)), bounce: map[int]bounce{},
		sides: sideSets[game%len(sideSets)]}
	p.hands(t, profile)
	return p
}

// simulate plays games of run until target moves are made, with hands of profile ("" for
// TestSimulatedPlayer's), and reports every game the referee failed with t.Errorf (the
// first maxErrors, if > 0, then their number).
func simulate(t *testing.T, run playerRun, target int, profile string, maxErrors int) figures {
	var total figures
	budget := target
	sideSets := run.sideSets(t)
	failed := 0
	report := t.Errorf
	if !gated(profile) && profile != blitz && profile != sleight {
		report = t.Logf // (moves missed by hands the referee does not pass yet: figures only)
	}
	for game := 0; budget > 0; game++ {
		p := run.player(t, game, sideSets, profile)
		kind := p.x.layout.Kind()
		p.play(&budget)
		total.add(p.figures)
		if p.figures.falseAccepts > 0 || p.figures.missed > 0 {
			rep := report
			if p.figures.falseAccepts > 0 {
				rep = t.Errorf // (a move nobody made fails every profile)
			}
			if failed++; maxErrors <= 0 || failed <= maxErrors || p.figures.falseAccepts > 0 {
				rep("game %d (%s, sides %v): %s\n%s", game, kind, p.sides, p.figures, strings.Join(p.log, "\n"))
			}
		}
	}
	if maxErrors > 0 && failed > maxErrors {
		report("%d games of %d failed (%d shown): false accepts %d, missed %d", failed, total.games, maxErrors, total.falseAccepts, total.missed)
	}
	if total.moves < target {
		t.Errorf("only %d moves simulated", total.moves)
	}
	return total
}

// hands gives the player the hands of profile ("" for TestSimulatedPlayer's): for a serial
// profile, a serial link to a referee that takes each frame's changes at once, as Session
// sets it for a board whose firmware debounces (hw.Debounced).
func (p *player) hands(t testing.TB, profile string) {
	if profile == "" {
		return
	}
	p.profile, p.delayEach = profile, true
	beat, ok := strings.CutPrefix(profile, "serial-")
	if !ok {
		return
	}
	d, err := time.ParseDuration(beat)
	if err != nil {
		t.Fatal(err)
	}
	p.link = &serialLink{beat: d}
	p.x.debounced()
	p.x.run(tick)
}

// gated reports whether the referee is held to no move missed with hands of profile: the
// calm hands and the serial boards; blitz, sleight and waver hands' misses are reported.
// Every profile is held to no false accept.
func gated(profile string) bool {
	return profile == "" || profile == calm || strings.HasPrefix(profile, "serial-")
}

// TestSimulatedPlayer plays full games of every game on every sensor kind with human and
// AI sides, and requires that no move is ever accepted that the player did not make and no
// move made is left unaccepted once the board settles.
func TestSimulatedPlayer(t *testing.T) {
	target := simTarget()
	for _, run := range playerRuns {
		name := run.name()
		t.Run(name, func(t *testing.T) {
			total := simulate(t, run, target, "", 0)
			t.Logf("%s: %s", name, total)
		})
	}
}

// handProfiles are the hands TestSimulatedHands plays with: calm (TestSimulatedPlayer's,
// the reference), blitz, sleight, calm hands on a serial board that sends frames on change
// with a heartbeat of 500 ms or 1 s, and waver (the reviewer's habits: waver_test.go).
var handProfiles = []string{calm, blitz, sleight, "serial-500ms", "serial-1s", waver}

// TestSimulatedHands is TestSimulatedPlayer with the hands testers found the referee fails
// with: quicker (blitz: the next player goes on 50-400 ms after the last move), clumsier
// (sleight: captures swapped in one movement, a piece fumbled and put back as the move
// starts, rows slid as a whole, two cubes moved at once), calm on a serial board that sends
// frames only on change, and waver (the reviewer's overshoots, moves taken back,
// hesitations, jumps set down midway, drops behind a slide: waver_test.go). Each runs every
// game on every sensor kind, people against people and against the AI. False accepts and
// moves missed fail the test with calm, blitz and sleight hands and on serial boards; with
// waver hands, which the referee does not pass yet (issue 28), moves missed are reported.
// (FuzzHands holds blitz and sleight hands to no false accept only: over its wider space of
// games they still miss moves.) It runs with -hands (about 90 s).
func TestSimulatedHands(t *testing.T) {
	if !*handsFlag {
		t.Skip("about a minute: run with -hands (go test ./boards/ -run TestSimulatedHands -hands)")
	}
	target := simTarget()
	type row struct {
		name string
		f    figures
	}
	var summary []row
	for _, profile := range handProfiles {
		t.Run(profile, func(t *testing.T) {
			var rows []row
			var sum figures
			for _, run := range playerRuns {
				name := run.name()
				t.Run(name, func(t *testing.T) {
					f := simulate(t, run, target, profile, *handsShow)
					t.Logf("%s/%s: %s", profile, name, handsLine(f))
					rows = append(rows, row{name, f})
					sum.add(f)
				})
			}
			slices.SortStableFunc(rows, func(a, b row) int {
				return (b.f.falseAccepts + b.f.missed) - (a.f.falseAccepts + a.f.missed)
			})
			var b strings.Builder
			fmt.Fprintf(&b, "%s, summed over %d games of %d runs: %s\nworst:", profile, sum.games, len(rows), handsLine(sum))
			for _, r := range rows[:min(4, len(rows))] {
				fmt.Fprintf(&b, "\n  %-16s %s", r.name, handsLine(r.f))
			}
			t.Logf("%s", b.String())
			summary = append(summary, row{profile, sum})
		})
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%-13s %7s %6s %6s %8s %8s %8s", "hands", "moves", "false", "missed", "asks/10k", "median", "p99")
	for _, r := range summary {
		fmt.Fprintf(&b, "\n%-13s %7d %6d %6d %8.0f %8v %8v", r.name, r.f.moves, r.f.falseAccepts, r.f.missed,
			per10k(r.f.questions, r.f.moves), quantile(r.f.delay, .5), quantile(r.f.delay, .99))
	}
	t.Logf("hand finished to commit, every move committed (simulated):\n%s", b.String())
}

func per10k(n, moves int) float64 {
	if moves == 0 {
		return 0
	}
	return float64(n) * 10000 / float64(moves)
}

// handsLine is a run's figures in one line, for TestSimulatedHands.
func handsLine(f figures) string {
	return fmt.Sprintf("moves %d, false accepts %d, missed %d, asks/10k %.0f, delay median %v p99 %v (games %d, answered %d, kiosk %d, mismatches %d, swaps between scans %d)",
		f.moves, f.falseAccepts, f.missed, per10k(f.questions, f.moves), quantile(f.delay, .5), quantile(f.delay, .99),
		f.games, f.asks, f.entered, f.mismatches, f.unseenSwaps) + reopenedLine(f.reopened) + habitsLine(f.habits)
}

// reopenedLine counts the moves the referee took back to ask, where it did.
func reopenedLine(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(", reopened %d", n)
}
