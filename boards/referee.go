package boards

import (
	"fmt"
	"slices"
	"time"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/hw"
)

// Side says who plays a player's pieces.
type Side uint8

// Sides.
const (
	Human Side = iota
	AI
)

// Config is how a referee reads the board. The zero durations take the defaults of
// DefaultConfig: the timings the best electronic boards use (a debounce of two scans, a
// settle window of 300 ms), docs/recognition.md.
type Config struct {
	Layout *Layout
	Rules  engine.Rules
	Sides  []Side // one per player; missing players are Human

	Debounce     int           // agreeing scans before a cell changes (2-3)
	Settle       time.Duration // quiet time before a move that could still extend commits
	Grace        time.Duration // a mismatch settled this long is reported in words
	Hold         time.Duration // an earlier position held this long is a takeback
	TapMax       time.Duration // a lift and put back on one square within this is a tap
	FlickerLimit int           // raw changes of one cell within a second that count as flicker
	Restless     time.Duration // a board that has not settled for this long is reported
	// Repeat is how long a board may send no frame before a tick (HandleTick) counts as a
	// scan that reads as its last frame: a board that sends frames only on change (TBP)
	// is timed by the host's clock, not by its frames. Longer than a polled scan's period.
	Repeat   time.Duration
	Takeback bool // restoring an earlier position on the board takes moves back
	Hints    bool // light the legal destinations of a lifted piece

	// Resume, when not nil, starts the referee in the game these moves lead to (a game
	// recorded before a crash) instead of at the start.
	Resume []engine.Move
	// Announced, with Resume, is the AI's move announced before the restart and not yet
	// carried out: the referee announces it again at once, lit, in place of a new search,
	// which on a time budget may find another move than the one the players saw. It is
	// ignored unless an AI side is to move and the move is legal there.
	Announced engine.Move
	// Game is the id of the referee's first game (0 means 1). A service that replaces one
	// referee by another continues the numbering, so that a command for a game of the old
	// referee can never reach a game of the new one.
	Game uint64
}

// DefaultConfig returns the settings for layout l and rules r, human against human.
func DefaultConfig(l *Layout, r engine.Rules) Config {
	return Config{
		Layout: l, Rules: r,
		Debounce: 2, Settle: 300 * time.Millisecond, Grace: 3 * time.Second,
		Hold: 1500 * time.Millisecond, TapMax: 700 * time.Millisecond,
		FlickerLimit: 12, Restless: 10 * time.Second, Repeat: 25 * time.Millisecond,
		Takeback: true, Hints: true,
	}
}

// EventKind names what a referee tells the service and the kiosk.
type EventKind uint8

// Events.
const (
	MoveCommitted EventKind = iota + 1 // a move is accepted and recorded
	TakenBack                          // moves were taken back (Event.Ply is the new ply)
	Mismatch                           // the board has differed from the game for Grace: what to fix
	Repaired                           // the board matches the game again after a reported mismatch
	Asking                             // several moves fit: choose one (a tap on a lit square, or the kiosk)
	GameOver                           // the game has ended
	Think                              // an AI player is to move: search Event.State
	AIMove                             // the AI's move is announced: carry it out on the board
	Tap                                // a piece was lifted and put back on one square
	Warning                            // bad input or a sensor problem; Event.Text says what
	NewGame                            // a new game has started: set up the board as lit
	Suggest                            // a player asks for a move: search Event.State for him
	Suggested                          // the AI's suggestion for the player to move: Event.Move
	RoundOver                          // the last move ended a round (engine.Rounds): who won it, the count
	Dismissed                          // the open question was closed: none of its moves was made
)

var kindNames = [...]string{"", "move", "takeback", "mismatch", "repaired", "asking", "game-over", "think", "ai-move", "tap", "warning", "new-game", "suggest", "suggested", "round", "dismissed"}

func (k EventKind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("EventKind(%d)", uint8(k))
}

// Event is something the referee reports. Fields other than Kind, Game, Ply and At are set
// where the kind uses them.
type Event struct {
	Kind    EventKind
	Game    uint64
	Ply     int
	At      time.Time
	Move    engine.Move
	Text    string          // the move's notation, or the message in words (English)
	Msg     Msg             // what Text says, as a code and arguments for a kiosk to word
	Remove  engine.Bitboard // Mismatch: squares to clear
	Put     engine.Bitboard // Mismatch: squares to fill
	Turn    engine.Bitboard // Mismatch: pieces to turn over or exchange
	Square  engine.Square   // Tap
	Options []engine.Move   // Asking
	Outcome engine.Outcome  // GameOver
	State   engine.State    // Think: a copy of the position for the AI to search
}

// Stats counts what the referee saw.
type Stats struct {
	Frames, BadFrames, StaleFrames, StaleMessages int
	Repeats                                       int // ticks read as the last frame again
	Commits, Takebacks, Asks, Mismatches, Taps    int
	Reopened                                      int // moves committed, then called in doubt by the board and asked (reopen.go)
	Flickers, Restless                            int
	Entered                                       int // moves entered on the kiosk without a question
}

// Message is input to a referee besides frames: commands and AI results. Game must be the
// current game's id (Referee.Game): a message for another game is dropped and counted.
type Message struct {
	Kind    MessageKind
	Game    uint64
	Version uint64      // AIResult: Event.Ply of the Think it answers; Takeback, Choose, Dismiss: the ply the command was made at plus one (0: not checked)
	Move    engine.Move // Choose, AIResult
	On      bool        // Hints
	Rules   engine.Rules
	Sides   []Side
	Moves   []engine.Move // CmdResume
}

// MessageKind names a command.
type MessageKind uint8

// Commands.
const (
	CmdNewGame    MessageKind = iota + 1 // Rules and Sides; Game is ignored
	CmdTakeback                          // take back the last move (the last human move against an AI)
	CmdChoose                            // answer Asking with Move
	CmdHints                             // light legal destinations of a lifted piece: On
	CmdAIResult                          // the AI's move for the Think of Version
	CmdResume                            // Rules, Sides and Moves: a recorded game to go on with
	CmdEnter                             // enter Move, one the board shows made but cannot see (Snapshot.Unseen)
	CmdSuggest                           // a player to move asks the AI for a move (hint mode)
	CmdSuggestion                        // the AI's suggestion, Move, for the Suggest event of Version
	CmdDismiss                           // close the open question, none of its moves made
)

// verdict is what a match found in the evidence (match, from scratch each time): a move to
// commit, perhaps with the next one's work kept (split), a takeback, moves to ask about,
// a move in progress, or nothing; the commit, the questions and the lights read it.
type verdict struct {
	kind       matchKind
	move       engine.Move // the move that fits (matchMove)
	back       int         // the plies to take back (matchBack)
	extendable bool        // the move may yet grow (a placement, a push): committed once the board settles
	restHeld   bool        // moves read with the last one on its way (matchPair): taken once the board rests
	moves      []engine.Move
	part       []engine.Move   // pushes partly seen
	split      int             // where in work the next move's work starts, when a match commits two moves (-1: none)
	splits     []int           // where each first move's rest begins, for moves (matchPair), or none
	swapped    []swapOption    // options read with a drop swapped unseen after them (swappedOnTheWay)
	askFrom    int             // where the next move's work begins, for a question about the first of two (-1: none)
	firmNext   bool            // the question to ask closes on an answer only: a reply after it is no evidence (strayAsked)
	firstOf    bool            // the question to ask is which of several moves made came first (firstSeen)
	unread     bool            // and no reading of the moves after any of them was found (firstSeen)
	shown      bool            // moves are read from the board alone (shown.go): asked as which came first
	toLift     engine.Bitboard // squares a move the board shows made must still be seen lifted
	// rackCanTell: the moves that fit differ by a piece the rack will show taken;
	// liftsCanTell: by discs still to turn (hidden.go).
	rackCanTell, liftsCanTell bool
}

// Referee turns settled sensor frames into moves of one game at a time. It is a state
// machine with no goroutines and no clock of its own: time comes from the frames, so a
// recorded frame sequence replays exactly. Session runs one in a goroutine.
type Referee struct {
	cfg    Config
	kind   hw.SensorKind
	size   int
	deb    *debouncer
	seeded bool

	game    uint64
	startAt time.Time
	state   engine.State
	sides   []Side
	history []engine.Move
	legal   []engine.Move
	tmp     scratch // buffers the searches reuse, valid within one call
	v       verdict // what the last match found

	board    Board
	ev       evidence     // what the hands did since the board last showed the position
	slots    []hw.Reading // by sensor channel: the off-board slots' readings
	rack     []rackSlot
	rackOK   bool // the rack reads what the game has waiting in it
	rackPlan []Light
	expected Board
	alt      Board           // the other acceptable reading of a pending flip
	pending  engine.Bitboard // flips still to do (polarity, identity) or shown (presence)
	turning  engine.Bitboard // presence: discs lit to turn that were lifted, since the last commit
	diff     engine.Bitboard
	gutterOf map[int]Edge // the gutters' cells, and the edge of the game's diagram each runs along
	lastOut  Edge         // the edge the last move committed pushed a piece off, until the hands work again
	search   chainSearch  // the current search for several moves (chain.go)
	liftAt   [64]time.Time
	liftVal  [64]hw.Reading // what a square read before it was last lifted
	putAt    [64]time.Time  // when a piece was last put on an empty square of a board at rest
	last     time.Time      // last stable change
	scanAt   time.Time      // the last frame, or the last tick read as a scan
	scans    uint32         // counts scans: work seen in one scan has no order
	now      time.Time

	thinking    bool
	aiMove      engine.Move     // announced, not yet carried out
	suggested   engine.Move     // the AI's suggestion for the player to move, 0 for none
	aiTap       engine.Bitboard // the AI's last move, silent, by the square it names (Tap): lit
	committedAt time.Time       // when the last move was committed
	reopen      reopening       // the last moves, while the board may yet call them in doubt (reopen.go)
	strays      engine.Bitboard // stones the players said were no move (extraShown's question answered), till taken up
	liftAsked   engine.Bitboard // squares the lights asked to lift and put back (toLift), since the last commit
	suggestAt   int             // the ply a suggestion was asked at, -1 for none
	afterAI     Board
	asked       question    // the question open, if any
	shown       shownSearch // the board read alone as legal moves, where the work reads as none (shown.go)
	lastMove    engine.Move
	lastFrom    engine.Bitboard
	lastTo      engine.Bitboard
	misSent     bool
	misText     string
	restSent    bool
	gameOver    bool
	dirty       bool          // the position changed: match again on the next frame
	sync        bool          // no move counts until the board has shown the position once
	tapSquare   engine.Square // a piece just came back where it was lifted from, quickly
	// tapHeld is a tap read once the debounce has passed with nothing else changed
	// (tapHeldScan, tapHeldChanges: the scan and the count of changes it came in).
	tapHeld                     engine.Square
	tapHeldScan, tapHeldChanges uint32
	tapBegan                    time.Time // when that tap's hand began (its lift, or its put on an empty square)
	quietAt                     time.Time // when the board was last settled
	stats                       Stats
	version                     uint64 // counts changes a kiosk could see
	events                      []Event
	delivered                   bool // events were returned: the next call starts afresh

	// changes counts the squares' reading changes; scanFrom is its count when the scan
	// began, and changedFrom[s] its count when the scan of s's change before last began: a
	// tap is two changes of its square, nothing else changed since (reconsider).
	changes, scanFrom        uint32
	changedFrom, changedLast [64]uint32
}

// scratch holds the buffers the searches reuse, so that reading a frame allocates nothing:
// each is valid only within the call that fills it.
type scratch struct {
	moves           []engine.Move             // legal moves of a position searched
	work            []work                    // a copy of the work
	order           []work                    // the work as a push would have done it (pushOrder)
	chainMoves      [chainMoves][]engine.Move // the moves at each depth of a reading of several (secondFits)
	chainStarts     [chainMoves][]int         // where the next move may begin at each depth (secondFits)
	chainTried      [chainMoves][]moveKey     // the moves alike tried at each depth (secondFits)
	workOn, workOff engine.Bitboard           // the squares the work filled, emptied (firstOfTwo)
	pairKeys        []keyedPair               // first moves by what the sensors read of them (firstOfTwo)
	ties            []tiedRest                // readings of the rest as good as the best (firstOfTwo)
	refill          []bool                    // the readings refillRival or a stop on the way keeps (fewest)
	rival           []bool                    // the readings refillRival keeps (fewest)
	unexplained     []int                     // how many lifts each reading leaves unexplained (fewest)
	front           []bool                    // the readings no other beats on moves and lifts unexplained (fewest)
	stops           []engine.Move             // the moves stopping where a reading's first move rested (fewest)
}

// question is the question open: the moves asked about and where the work of each, and of
// what came after, lies.
type question struct {
	moves    []engine.Move // the options, nil where nothing is asked
	splits   []int         // where the work after each option begins (matchPair), or none
	swapped  []swapOption  // options that stand only with a drop after them (swappedOnTheWay)
	work     int           // where the work after the question's move begins
	at       int           // len(work) when the question was asked
	when     time.Time     // when it was asked
	firm     bool          // it closes on an answer only: a reply after it is no evidence (strayAsked)
	first    bool          // it asks which of several moves made came first (firstSeen)
	extra    bool          // it asks which of the placements the board shows with pieces more is the move (extraShown)
	unread   bool          // of those, none whose moves after were read: the answer is taken while the board stays as asked
	board    Board         // the board when it was asked
	closing  bool          // the board shows the position again: the question closes when it rests
	heldTap  engine.Square // a tap answering it, read once the board is matched
	turnTaps [64]uint8     // by square, taps read as a disc turned for a move made since
}

type matchKind uint8

const (
	noMatch     matchKind = iota
	matchSame             // the board shows the current position
	matchMove             // one move fits
	matchAIPair           // the announced AI move and one reply fit
	matchBack             // an earlier position
	matchMany             // several moves fit
	inProgress            // part of a move is done
)

// NewReferee returns a referee for cfg, with the first game started at time at.
func NewReferee(cfg Config, at time.Time) (*Referee, error) {
	d := DefaultConfig(cfg.Layout, cfg.Rules)
	if cfg.Layout == nil || cfg.Rules == nil {
		return nil, fmt.Errorf("referee: a layout and rules are needed")
	}
	if cfg.Debounce <= 0 {
		cfg.Debounce = d.Debounce
	}
	orDefault := func(v *time.Duration, def time.Duration) {
		if *v <= 0 {
			*v = def
		}
	}
	orDefault(&cfg.Settle, d.Settle)
	orDefault(&cfg.Grace, d.Grace)
	orDefault(&cfg.Hold, d.Hold)
	orDefault(&cfg.TapMax, d.TapMax)
	orDefault(&cfg.Restless, d.Restless)
	orDefault(&cfg.Repeat, d.Repeat)
	if cfg.FlickerLimit <= 0 {
		cfg.FlickerLimit = d.FlickerLimit
	}
	if err := cfg.Layout.Fits(cfg.Rules.Geometry()); err != nil {
		return nil, fmt.Errorf("referee: %s: %w", cfg.Rules.ID(), err)
	}
	r := &Referee{
		cfg: cfg, kind: cfg.Layout.Kind(), size: cfg.Layout.Size(),
		deb:   newDebouncer(cfg.Layout.Cells(), cfg.Debounce, cfg.FlickerLimit),
		slots: make([]hw.Reading, cfg.Layout.Cells()),
		legal: make([]engine.Move, 0, 256), v: verdict{moves: make([]engine.Move, 0, 256)},
		events: make([]Event, 0, 8),
	}
	r.tmp.moves = make([]engine.Move, 0, 256)
	r.now = at
	r.version = 1
	if cfg.Game > 0 {
		r.game = cfg.Game - 1 // start counts it up
	}
	if cfg.Resume != nil {
		if err := r.resumeGame(cfg.Rules, cfg.Sides, cfg.Resume); err != nil {
			return nil, fmt.Errorf("referee: %w", err)
		}
		if cfg.Announced != 0 {
			r.reannounce(cfg.Announced)
		}
		return r, nil
	}
	r.start(cfg.Rules, cfg.Sides, at)
	return r, nil
}

func (r *Referee) start(rules engine.Rules, sides []Side, at time.Time) {
	r.game++
	r.startAt, r.now, r.last, r.quietAt = at, at, at, at
	r.cfg.Rules = rules
	r.state = rules.Start()
	r.setUpRack()
	r.sides = make([]Side, rules.Players())
	copy(r.sides, sides)
	r.history = r.history[:0]
	r.gameOver, r.thinking, r.aiMove, r.asked.moves = false, false, 0, nil
	r.lastMove, r.lastFrom, r.lastTo, r.pending, r.strays = 0, 0, 0, 0, 0
	r.sync = true
	r.positionChanged()
	r.emit(Event{Kind: NewGame, Text: rules.Name(), Msg: msg("new-game", "game", rules.ID())})
	r.next()
}

// reannounce announces m, the AI's move kept across a restart, as the answer to the search
// the resumed game asked for (its Think event, which it takes the place of).
func (r *Referee) reannounce(m engine.Move) {
	if !r.thinking || r.state.Validate(m) != nil {
		return // the AI is not to move, or the move is not its: it searches anew
	}
	r.events = slices.DeleteFunc(r.events, func(e Event) bool { return e.Kind == Think })
	r.aiResult(Message{Kind: CmdAIResult, Game: r.game, Version: uint64(r.state.Ply()), Move: m})
}

// Game returns the current game's id: messages must carry it.
func (r *Referee) Game() uint64 { return r.game }

// State returns the game as the referee knows it. The caller must not change it.
func (r *Referee) State() engine.State { return r.state }

// History returns the moves of the current game.
func (r *Referee) History() []engine.Move { return r.history }

// Version counts the changes a kiosk could see: settled readings, events, commands.
func (r *Referee) Version() uint64 { return r.version }

// Stats returns the counters.
func (r *Referee) Stats() Stats { return r.stats }

// Board returns the settled sensor readings, square by square.
func (r *Referee) Board() Board { return r.board }

// Expected returns what the board should read for the current position.
func (r *Referee) Expected() Board { return r.expected }

// Pending returns the events NewReferee caused, for the caller to deliver before its first
// Handle call (valid until that call).
func (r *Referee) Pending() []Event {
	r.delivered = true
	return r.events
}

// Seeded reports whether the referee has read the board at least once.
func (r *Referee) Seeded() bool { return r.seeded }

// AISide reports whether the AI plays a side of the current game.
func (r *Referee) AISide() bool { return slices.Contains(r.sides, AI) }

// Settled reports whether the board has been quiet for the settle window.
func (r *Referee) Settled() bool { return r.now.Sub(r.last) >= r.cfg.Settle }

// HandleFrame feeds one sensor frame and returns the events it caused (valid until the next
// call).
func (r *Referee) HandleFrame(f hw.Frame) []Event {
	r.begin()
	r.stats.Frames++
	if len(f.Cells) != r.cfg.Layout.Cells() {
		r.stats.BadFrames++
		r.emit(Event{Kind: Warning, Text: fmt.Sprintf("frame of %d cells dropped: the board has %d", len(f.Cells), r.cfg.Layout.Cells()),
			Msg: msg("bad-frame", "got", itoa(len(f.Cells)), "want", itoa(r.cfg.Layout.Cells()))})
		return r.events
	}
	if f.At.Before(r.startAt) {
		r.stats.StaleFrames++
		r.emit(Event{Kind: Warning, Text: "frame from before the current game dropped", Msg: msg("stale-frame")})
		return r.events
	}
	if f.At.After(r.now) {
		r.now = f.At
	}
	if !r.seeded {
		// The first frame is the board as it stands: nothing has moved yet.
		r.seeded = true
		r.deb.reset(f.Cells)
		for c, v := range f.Cells {
			r.setCell(c, v)
		}
		r.last, r.scanAt = r.now, r.now
		r.reconsider(true)
		return r.events
	}
	r.scan(f.Cells)
	return r.events
}

// HandleTick tells the referee that the host's clock reads at and no frame has come since
// the last: the board still reads as its last frame. Once Repeat has passed since the last
// frame (a board that sends frames only on change), a tick is a scan of that frame: the
// debouncer, the settle window and the grace period go on by the host's clock. It returns
// the events it caused (valid until the next call).
func (r *Referee) HandleTick(at time.Time) []Event {
	r.begin()
	if !r.seeded || at.Sub(r.scanAt) < r.cfg.Repeat || !at.After(r.now) {
		return r.events
	}
	r.now = at
	r.stats.Repeats++
	r.scan(r.deb.raw)
	return r.events
}

// scan feeds one scan's readings, at r.now, to the debouncer and matches what settled.
func (r *Referee) scan(cells []hw.Reading) {
	r.scanAt = r.now
	r.scans++
	r.scanFrom = r.changes
	changed := false
	r.deb.update(r.now, cells, func(c int) {
		changed = true
		r.setCell(c, r.deb.stable[c])
	}, r.flicker, r.glimpse)
	if changed {
		r.last = r.now
		r.version++
	}
	if r.reopen.due > 0 {
		r.reopenLast()
	}
	r.releaseAI()
	r.reconsider(changed)
}

func (r *Referee) setCell(c int, v hw.Reading) {
	s := r.cfg.Layout.SquareOf(c)
	if s == engine.NoSquare {
		if e, ok := r.gutterOf[c]; ok && v == 0 && r.slots[c] != 0 && e == r.lastOut {
			r.lastOut = NoEdge // the gutter emptied: what lands in it next is new
		}
		if e, ok := r.gutterOf[c]; ok && v != 0 && r.slots[c] == 0 {
			if e == r.lastOut && len(r.ev.work) == 0 {
				r.lastOut = NoEdge // the marble the last move pushed off, landing late
			} else {
				if r.ev.gutterIn&(1<<e) == 0 {
					r.ev.gutterAt[e], r.ev.gutterScan[e] = len(r.ev.work), r.scans
				}
				r.ev.gutterIn |= 1 << e // a piece pushed off that edge
			}
		}
		r.slots[c] = v
		return
	}
	old := r.board[s]
	r.board[s] = v
	r.changes++
	r.strays &^= engine.Bit(s) // (a stray taken up: what comes there next is new)
	r.changedFrom[s], r.changedLast[s] = r.changedLast[s], r.scanFrom
	r.lastOut = NoEdge
	if v == 0 && old != 0 && r.pending.Has(s) {
		r.ev.lateTurns |= engine.Bit(s)
	}
	if r.kind == hw.Presence && r.pending != 0 {
		// Presence sensors cannot see a disc turned: a lit disc lifted is taken as turned,
		// and work on any other square begins the next move, for which the rest are.
		switch {
		case r.pending.Has(s):
			r.pending &^= engine.Bit(s)
			r.turning |= engine.Bit(s)
		case !r.turning.Has(s): // (a disc turned, put back)
			r.pending, r.turning = 0, 0
		}
	}
	if t := r.ev.tapped; r.ev.tappedOK {
		if r.scans-t[1].scan <= uint32(r.cfg.Debounce) && len(r.ev.work)+2 <= maxWork {
			// A square changed within the debounce of the tapped piece coming back (the
			// tap, held, is dropped: reconsider): another changed with it, a row slid
			// whole as its first square filled again (Push 4's c1 emptied as c6, lifted,
			// filled), or this one at once again. It was work, not a tap.
			r.ev.work = append(r.ev.work, t[:]...)
		}
		r.ev.tappedOK = false
	}
	if (v == 0) != (old == 0) {
		if len(r.ev.work) < maxWork {
			r.ev.work = append(r.ev.work, work{sq: s, on: v != 0, scan: r.scans, at: r.now, val: v})
		} else {
			r.ev.workLost = true
		}
		if len(r.reopen.moves) > 0 {
			r.reopenOn()
		}
	}
	switch {
	case v == 0 && old != 0 && !r.putAt[s].IsZero() && r.now.Sub(r.putAt[s]) <= r.cfg.TapMax &&
		len(r.ev.work) >= 2 && r.ev.work[len(r.ev.work)-2].is(s, true) && r.tapPoint(s):
		// A tap on an empty square that a move asked about names to be tapped, or that only
		// one option acts on: a piece put down on a board at rest and taken off again at
		// once, nothing else done in between (Xe Queo!'s ring cell chosen on a board that
		// does not read the ring; b2-c2 chosen over b2-c3 where the pawn went on to c3). A
		// piece put down on its way somewhere is no tap: the board was not at rest.
		r.tapSquare, r.tapBegan = s, r.putAt[s]
		r.putAt[s] = time.Time{}
	case v == 0 && old != 0:
		r.ev.lifted |= engine.Bit(s)
		r.ev.tapLifts |= engine.Bit(s)
		r.ev.restLift = 0
		if r.Settled() { // (r.last is still the change before this one)
			r.ev.restLift = engine.Bit(s)
		}
		r.liftAt[s], r.liftVal[s] = r.now, old
	case v != 0 && old == 0 && v == r.liftVal[s] && !r.liftAt[s].IsZero() && r.now.Sub(r.liftAt[s]) <= r.cfg.TapMax &&
		r.ev.tapLifts == engine.Bit(s) && len(r.ev.work) >= 2 && r.ev.work[len(r.ev.work)-2].is(s, false) && !r.liftedOnTheGo():
		// A tap is one square lifted and put back, nothing else lifted since the board last
		// matched or the question was asked, nothing else done in between: a square emptied
		// and filled again as a row is pushed through it is no tap; nor one lifted before
		// the board rested since another square changed (liftedOnTheGo).
		r.tapSquare, r.tapBegan = s, r.liftAt[s]
	}
	if v != 0 && old == 0 {
		r.putAt[s] = time.Time{}
		if r.Settled() && (r.v.kind == matchSame || r.v.kind == matchMany) {
			// (r.last is still the change before this one; the board at rest showed a
			// position or the options asked, not a move on its way: Quixo's e2-e5 slid
			// whole, paused, its entry filled last, is no tap begun.)
			r.putAt[s] = r.now
		}
	}
}
