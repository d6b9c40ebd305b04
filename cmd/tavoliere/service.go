package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"time"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/journal"
	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/registry"
	"github.com/tavoliere/tavoliere/engine/search"
	"github.com/tavoliere/tavoliere/hw"
	"github.com/tavoliere/tavoliere/hw/sim"
	"github.com/tavoliere/tavoliere/hw/tbp"
)

// service is what `tavoliere serve` runs: a board, the referee session on it, the journal,
// and the state the kiosk reads. Its session's callbacks run in the session's goroutine;
// HTTP handlers run in theirs; mu guards what they share.
type service struct {
	log     *slog.Logger
	journal *journal.Journal
	hub     *hub
	sensor  hw.SensorKind
	seed    uint64
	hw      *hardware // a board from a board file; nil: a simulated board sized to each game

	runCtx context.Context // the service's lifetime: sessions run under it
	fatal  chan error      // a session that stopped by itself: the board was lost; serve exits
	giveUp time.Duration   // how long the board may fail before that (0: the session's default)
	idle   time.Duration   // nobody playing for this long starts attract mode (attract.go); 0: never
	pace   time.Duration   // the time between two moves of attract mode's demo

	// runMu serialises run: one session at a time is stopped, built and started, and
	// nextGame numbers the games of every session, so that no two share an id.
	runMu    sync.Mutex
	nextGame uint64

	mu          sync.Mutex
	board       *sim.Board
	layout      *boards.Layout
	session     *boards.Session
	stop        context.CancelFunc
	done        chan struct{}
	rules       engine.Rules // of the game being started or played
	sides       []boards.Side
	faces       []int
	level       string
	xq          registry.Sealer // an AI that seals its secret choices (Xe Queo!'s), for its commitments
	xqSeats     []int
	snap        boards.Snapshot
	hasSnap     bool
	journalGame int64
	resuming    bool // the next NewGame event is a resumed game, already in the journal
	journalErr  string
	journalMsg  *msgJSON // journalErr, for the page to word
	mismatch    textMsg  // the last mismatch reported: the snapshot's Mismatch, for the page to word
	events      []logJSON
	version     uint64
	hand        hw.Reading     // the piece last lifted on the simulated board, as its sensor reads it
	handPiece   engine.Piece   // and what it is
	phys        []engine.Piece // the simulated board's pieces as hands left them, by square
	guessed     []bool         // phys is the page's guess of a piece put with none in hand
	boardDown   bool           // the board is not answering (its bus fails, or a serial board is away)
	boardErr    string         // why
	boardCode   string         // why, for the page to word (boardCodes)
	att         attractState
}

// boardCodes are the codes of why the board is away (words.js 'board:<code>'): a serial
// board unplugged or reset, one that is not the board file's, one that speaks another
// version of the protocol; the Pi's own buses failing.
var boardCodes = []string{"away", "wrong-board", "version", "bus"}

// boardState hears from a serial board's driver: the game waits while the board is away.
func (s *service) boardState(connected bool, err error) {
	code := "away"
	switch {
	case errors.Is(err, tbp.ErrMismatch):
		code = "wrong-board"
	case errors.Is(err, tbp.ErrVersion):
		code = "version"
	}
	s.setBoard(connected, err, code)
}

// setBoard says whether the board answers, and why not.
func (s *service) setBoard(connected bool, err error, code string) {
	s.mu.Lock()
	s.boardDown, s.boardErr, s.boardCode = !connected || err != nil, "", ""
	if s.boardDown {
		s.boardCode = code
	}
	if err != nil {
		s.boardErr = err.Error()
	}
	s.mu.Unlock()
	if !connected || err != nil {
		s.endDemo() // the kiosk says the board is away
	}
	s.publish()
}

// busState hears from the session that the board on the Pi's own buses stopped answering,
// or answers again; the kiosk says so while the game waits.
func (s *service) busState(up bool, err error) {
	if up {
		s.log.Info("the board answers again")
	} else {
		s.log.Warn("the board stopped answering; retrying", "err", err)
	}
	s.setBoard(up, err, "bus")
}

// serviceFacts is what the service adds to a snapshot in the state JSON.
type serviceFacts struct {
	version      uint64
	journalGame  int64
	simulated    bool
	level        string
	journalError string
	journalMsg   *msgJSON
	mismatch     textMsg
	board        boardJSON
	log          []logJSON
	games        []gameListing
	faces        []int
	aiSecrets    []aiSecretJSON
	phys         []engine.Piece // the simulated board's pieces as hands left them; nil on a real board
	demo         *demoJSON      // attract mode's demo; nil while none runs
}

// textMsg is an event's text and its message.
type textMsg struct {
	text string
	msg  *msgJSON
}

type gameSpec struct {
	rules engine.Rules
	sides []boards.Side
	level string
	moves []engine.Move // a game resumed from the journal
}

// start resumes the game in progress in the journal, or starts spec, and runs the session
// until ctx ends.
func (s *service) start(ctx context.Context, spec gameSpec, resume bool) error {
	s.runCtx = ctx
	if s.hw != nil && s.hw.serial != nil {
		go s.readButtons(ctx, s.hw.serial, s.hw.file.Buttons)
	}
	s.activity(time.Now())
	if s.idle > 0 {
		if s.pace <= 0 {
			s.pace = demoPace
		}
		go s.watchIdle(ctx)
	}
	if resume {
		g, ok, err := s.journal.InProgress()
		if err != nil {
			return fmt.Errorf("journal: %w", err)
		}
		if ok {
			rs, err := recorded(g)
			if err != nil {
				s.log.Warn("the game in progress in the journal cannot be resumed; starting a new one", "game", g.ID, "err", err)
			} else {
				s.log.Info("resuming the game in progress", "game", g.ID, "rules", g.Rules, "moves", len(rs.moves))
				s.mu.Lock()
				s.journalGame, s.resuming = g.ID, true
				s.mu.Unlock()
				if err := s.run(rs); err == nil {
					return nil
				} else {
					// Still recorded as in progress; the next game abandons it.
					s.log.Warn("the game in progress in the journal cannot be resumed here; starting a new one", "game", g.ID, "err", err)
					s.mu.Lock()
					s.resuming = false
					s.mu.Unlock()
				}
			}
		}
	}
	return s.run(spec)
}

// recorded turns a journal game back into rules, sides and moves.
func recorded(g journal.Game) (gameSpec, error) {
	rules, err := registry.New(g.Rules, g.Settings)
	if err != nil {
		return gameSpec{}, err
	}
	spec := gameSpec{rules: rules, level: g.Level, moves: []engine.Move{}}
	for _, name := range g.Sides {
		side, err := parseSide(name)
		if err != nil {
			return gameSpec{}, err
		}
		spec.sides = append(spec.sides, side)
	}
	for _, m := range g.Moves {
		mv, err := rules.ParseMove(m.Text)
		if err != nil {
			return gameSpec{}, fmt.Errorf("move %d: %w", m.Ply, err)
		}
		spec.moves = append(spec.moves, mv)
	}
	if _, ok := search.LevelNamed(spec.level); !ok {
		spec.level = "normal"
	}
	return spec, nil
}

// run starts a session for spec's game on the board file's board, or on a simulated
// board built to the game's size, replacing the session running before.
func (s *service) run(spec gameSpec) error {
	s.runMu.Lock()
	defer s.runMu.Unlock()
	g := spec.rules.Geometry()
	var (
		layout *boards.Layout
		board  *sim.Board
		source hw.Source
		sink   hw.Sink
	)
	if s.hw != nil {
		if err := s.hw.layout.Fits(g); err != nil {
			return coded(fmt.Errorf("%w: %s: %v", errBadRequest, spec.rules.Name(), err), "no-fit", "game", spec.rules.ID())
		}
		layout, board, source, sink = s.hw.layout, s.hw.sim, s.hw.source, s.hw.sink
	} else {
		var err error
		layout, err = boards.NewLayout(boards.Spec{Files: g.Files, Ranks: g.Ranks, Kind: s.sensor})
		if err != nil {
			return err
		}
		if board, err = sim.New(layout.Cells(), s.sensor, layout.LEDs(), nil); err != nil {
			return err
		}
		source, sink = board, board
	}
	var phys []engine.Piece
	if board != nil {
		// A simulated board keeps its pieces across a restart as a real one does: put the
		// resumed position on it.
		pos := spec.rules.Start()
		for _, m := range spec.moves {
			pos.Play(m)
		}
		want := boards.Project(pos, layout.Kind())
		phys = make([]engine.Piece, layout.Size())
		for sq := range layout.Size() {
			board.Set(layout.CellOf(engine.Square(sq)), want[sq])
			phys[sq] = pos.PieceAt(engine.Square(sq))
		}
	}
	level, _ := search.LevelNamed(spec.level)
	cfg := boards.DefaultConfig(layout, spec.rules)
	cfg.Sides, cfg.Resume = spec.sides, spec.moves
	// Every session's games are numbered on from the last one's: a command for an old game
	// can never reach a new one. The referee counts its own games from there, a new game
	// per session at most before the next run, so leave room.
	s.nextGame += 1 << 20
	cfg.Game = s.nextGame
	o := boards.SessionOpts{
		Source: source, Sink: sink, Think: level.Think, Blunder: level.Blunder, Seed: s.seed,
		Record: s.record, OnEvent: s.onEvent, OnUpdate: s.onUpdate, NewThinker: s.newThinker(spec.sides),
		GiveUp: s.giveUp,
	}
	if s.hw == nil || s.hw.serial == nil {
		o.OnLink = s.busState // (a serial board's driver reports its own link: boardState)
		// A new session says only when its board fails: what the last one said is gone.
		s.mu.Lock()
		s.boardDown, s.boardErr, s.boardCode = false, "", ""
		s.mu.Unlock()
	}
	session, err := boards.NewSession(cfg, o)
	if err != nil {
		return err
	}
	s.stopSession()
	ctx, cancel := context.WithCancel(s.runCtx)
	done := make(chan struct{})
	s.mu.Lock()
	s.board, s.layout, s.session, s.stop, s.done = board, layout, session, cancel, done
	s.rules, s.sides, s.level, s.faces, s.hand, s.handPiece, s.phys = spec.rules, spec.sides, spec.level, faces(spec.rules), 0, engine.Empty, phys
	s.guessed = make([]bool, len(phys))
	s.xq, s.xqSeats = nil, nil
	s.mu.Unlock()
	go func() {
		defer close(done)
		if err := session.Run(ctx); err != nil {
			s.log.Error("session stopped", "err", err)
			select {
			case s.fatal <- err:
			default:
			}
		}
	}()
	return nil
}

// stopSession stops the running session and waits until its LEDs are dark.
func (s *service) stopSession() {
	s.mu.Lock()
	stop, done := s.stop, s.done
	s.stop, s.done = nil, nil
	s.mu.Unlock()
	if stop != nil {
		stop()
		<-done
	}
}

// record runs in the session's goroutine for every committed move, before anything shows
// it: a move the journal cannot record is not accepted (the referee takes it back).
func (s *service) record(e boards.Event) error {
	s.mu.Lock()
	game := s.journalGame
	s.mu.Unlock()
	err := s.journal.AddMove(game, e.Ply, e.Text, e.At)
	s.mu.Lock()
	defer s.mu.Unlock()
	if err != nil {
		s.journalErr = fmt.Sprintf("the journal could not record %s: %v", e.Text, err)
		s.journalMsg = &msgJSON{Code: "journal-move", Args: map[string]string{"move": e.Text}}
		s.log.Error("journal", "move", e.Text, "err", err)
		return err
	}
	s.journalErr, s.journalMsg = "", nil
	return nil
}

// onEvent runs in the session's goroutine, before the lights show the event: the journal
// records games, takebacks and results here (moves in record).
func (s *service) onEvent(e boards.Event) {
	if e.Kind == boards.Think {
		return
	}
	s.mu.Lock()
	rules, sides, level, game, resuming := s.rules, s.sides, s.level, s.journalGame, s.resuming
	s.mu.Unlock()
	var err error
	switch e.Kind {
	case boards.NewGame:
		if resuming {
			s.mu.Lock()
			s.resuming = false
			s.mu.Unlock()
			break
		}
		settings := map[string]string{}
		for _, d := range rules.Settings().Defs() {
			settings[d.Key] = rules.Settings().Get(d.Key)
		}
		names := make([]string, rules.Players())
		for p := range names {
			names[p] = "human"
			if p < len(sides) {
				names[p] = sideName(sides[p])
			}
		}
		var id int64
		id, err = s.journal.StartGame(journal.Game{Rules: rules.ID(), Settings: settings, Sides: names, Level: level, Started: e.At})
		if err == nil {
			s.mu.Lock()
			s.journalGame = id
			s.mu.Unlock()
		}
	case boards.TakenBack:
		err = s.journal.TakeBack(game, e.Ply, e.At)
	case boards.GameOver:
		err = s.journal.EndGame(game, e.Text, e.At)
	}
	level2 := slog.LevelInfo
	if e.Kind == boards.Warning || e.Kind == boards.Mismatch {
		level2 = slog.LevelWarn
	}
	s.log.Log(context.Background(), level2, e.Kind.String(), "game", game, "ply", e.Ply, "text", e.Text)
	s.mu.Lock()
	defer s.mu.Unlock()
	if err != nil {
		s.journalErr = fmt.Sprintf("the journal could not record %s: %v", e.Kind, err)
		s.journalMsg = &msgJSON{Code: "journal-event", Args: map[string]string{"kind": e.Kind.String()}}
		s.log.Error("journal", "err", err)
	}
	if e.Kind == boards.Mismatch {
		s.mismatch = textMsg{e.Text, msgOf(e.Msg)}
	}
	l := logJSON{At: e.At, Kind: e.Kind.String(), Text: e.Text}
	if m := msgOf(e.Msg); m != nil {
		l.Code, l.Args = m.Code, m.Args
	}
	if e.Kind == boards.GameOver { // the engine's reason in English: its code, for the page
		r := reasonMsg(e.Outcome.Reason)
		l.Args = map[string]string{"winners": e.Msg.Args["winners"], "reason": r.Code}
		for k, v := range r.Args {
			l.Args[k] = v
		}
	}
	s.logLine(l)
}

// logLine keeps a line of the kiosk's log, the newest 50. Called with s.mu held.
func (s *service) logLine(l logJSON) {
	s.events = append(s.events, l)
	if len(s.events) > 50 {
		s.events = s.events[len(s.events)-50:]
	}
}

// onUpdate runs in the session's goroutine: it publishes the new state to the kiosks.
// A change on the sensors is somebody playing, and a game that needs somebody (a question
// opens) needs the screen: either ends attract mode.
func (s *service) onUpdate(snap boards.Snapshot) {
	s.mu.Lock()
	touched := s.hasSnap && !slices.Equal(s.snap.Cells, snap.Cells)
	needed := s.att.cancel != nil && attractBlocked(snap, s.boardDown) != ""
	s.snap, s.hasSnap = snap, true
	s.mu.Unlock()
	switch {
	case touched:
		s.activity(time.Now())
	case needed:
		s.endDemo()
	}
	s.publish()
}

// publish encodes the latest snapshot with the service's facts and hands it to the hub.
func (s *service) publish() {
	s.mu.Lock()
	if !s.hasSnap {
		s.mu.Unlock()
		return
	}
	s.version++
	layout := s.layout
	facts := serviceFacts{
		version: s.version, journalGame: s.journalGame, simulated: s.board != nil, level: s.level, phys: s.physNow(),
		journalError: s.journalErr, journalMsg: s.journalMsg, mismatch: s.mismatch, log: append([]logJSON(nil), s.events...), faces: s.faces,
		board: boardJSON{Connected: !s.boardDown, Error: s.boardErr, Code: s.boardCode}, aiSecrets: s.aiSecrets(s.snap),
		demo: s.att.demo,
	}
	snap := s.snap
	s.mu.Unlock()
	fits := func(engine.Rules) bool { return true } // a simulated board is built to each game's size
	if s.hw != nil {
		fits = func(r engine.Rules) bool { return layout.Fits(r.Geometry()) == nil }
	}
	facts.games = listing(fits)
	b, err := encodeState(snap, facts)
	if err != nil {
		s.log.Error("state", "err", err)
		return
	}
	s.hub.publish(facts.version, b)
}

// errConflict marks a command about a game that is not the one being played.
var errConflict = errors.New("conflict")

// errBadRequest marks a malformed command.
var errBadRequest = errors.New("bad request")

// errNotFound marks a command for something the board does not have.
var errNotFound = errors.New("not found")

// codedError is a command's error with a code the page words in its language (words.js
// 'why:<code>') and its arguments; Error stays the English, for the API's other callers.
type codedError struct {
	err  error
	code string
	args map[string]string
}

func (e *codedError) Error() string { return e.err.Error() }
func (e *codedError) Unwrap() error { return e.err }

// coded gives err a code and arguments, name and value pairs, for the page.
func coded(err error, code string, args ...string) error {
	e := &codedError{err: err, code: code}
	for i := 0; i+1 < len(args); i += 2 {
		if e.args == nil {
			e.args = map[string]string{}
		}
		e.args[args[i]] = args[i+1]
	}
	return e
}

// command carries out one kiosk command (API.md). Any command is somebody playing: it ends
// attract mode.
func (s *service) command(ctx context.Context, c commandJSON) error {
	s.activity(time.Now())
	s.mu.Lock()
	session, snap, has := s.session, s.snap, s.hasSnap
	s.mu.Unlock()
	// The ply the command was made at: the screen's when it says, else the latest state's.
	// A second tap on the same screen then takes nothing more back.
	atPly := uint64(snap.Ply) + 1
	if c.Ply != nil {
		if *c.Ply < 0 {
			return coded(fmt.Errorf("%w: ply %d: want the ply shown, 0 or more", errBadRequest, *c.Ply), "bad-ply")
		}
		atPly = uint64(*c.Ply) + 1
	}
	current := func() error {
		switch {
		case !has || c.Session != snap.Game:
			return coded(fmt.Errorf("%w: session %d is not the game being played (%d)", errConflict, c.Session, snap.Game), "stale-game")
		}
		return nil
	}
	switch c.Cmd {
	case "touch":
		return nil // (a touch on the page: activity alone)
	case "new-game":
		return s.newGame(ctx, c)
	case "level":
		l, ok := search.LevelNamed(c.Level)
		if !ok {
			return coded(fmt.Errorf("%w: level %q: want one of %v", errBadRequest, c.Level, search.LevelNames()), "bad-level", "level", c.Level)
		}
		s.mu.Lock()
		s.level = c.Level
		s.mu.Unlock()
		session.SetThink(l.Think)
		session.SetBlunder(l.Blunder)
		s.publish()
		return nil
	case "takeback":
		if err := current(); err != nil {
			return err
		}
		if code, err := snap.Takebackable(); err != nil {
			return coded(fmt.Errorf("%w: %v", errConflict, err), code)
		}
		return session.Send(ctx, boards.Message{Kind: boards.CmdTakeback, Game: c.Session, Version: atPly})
	case "hints":
		if err := current(); err != nil {
			return err
		}
		if c.On == nil {
			return coded(fmt.Errorf("%w: hints needs on: true or false", errBadRequest), "bad-hints")
		}
		return session.Send(ctx, boards.Message{Kind: boards.CmdHints, Game: c.Session, On: *c.On})
	case "suggest":
		if err := current(); err != nil {
			return err
		}
		if code, err := snap.Suggestable(); err != nil {
			return coded(fmt.Errorf("%w: %v", errConflict, err), code)
		}
		return session.Send(ctx, boards.Message{Kind: boards.CmdSuggest, Game: c.Session, Version: atPly})
	case "choose":
		if err := current(); err != nil {
			return err
		}
		if snap.Outcome.Over {
			return coded(fmt.Errorf("%w: the game is over", errConflict), "over")
		}
		m, err := snap.Rules.ParseMove(c.Move)
		if err != nil {
			return coded(fmt.Errorf("%w: %v", errBadRequest, err), "bad-move", "move", c.Move)
		}
		if !slices.Contains(snap.Asking, snap.Rules.FormatMove(m)) {
			return coded(fmt.Errorf("%w: %s is not one of the moves asked about (%v)", errConflict, c.Move, snap.Asking), "not-asked", "move", c.Move)
		}
		return session.Send(ctx, boards.Message{Kind: boards.CmdChoose, Game: c.Session, Move: m, Version: atPly})
	case "enter":
		if err := current(); err != nil {
			return err
		}
		m, err := snap.Rules.ParseMove(c.Move)
		if err != nil {
			return coded(fmt.Errorf("%w: %v", errBadRequest, err), "bad-move", "move", c.Move)
		}
		if !slices.Contains(snap.Unseen, snap.Rules.FormatMove(m)) {
			return coded(fmt.Errorf("%w: %s is not a move the board shows made and cannot see (%v)", errConflict, c.Move, snap.Unseen), "not-unseen", "move", c.Move)
		}
		return session.Send(ctx, boards.Message{Kind: boards.CmdEnter, Game: c.Session, Move: m, Version: atPly})
	case "sim":
		if err := s.simAction(c); err != nil {
			return err
		}
		s.publish() // a hand's change the referee may not see (a disc turned on presence sensors)
		return nil
	case "":
		return coded(fmt.Errorf("%w: no cmd", errBadRequest), "bad-cmd")
	}
	return coded(fmt.Errorf("%w: unknown cmd %q", errBadRequest, c.Cmd), "bad-cmd")
}

func (s *service) newGame(ctx context.Context, c commandJSON) error {
	rules, err := registry.New(c.Game, dealt(c.Game, c.Settings))
	if err != nil {
		return coded(fmt.Errorf("%w: %v", errBadRequest, err), "bad-game", "game", c.Game)
	}
	spec := gameSpec{rules: rules, level: c.Level}
	if spec.level == "" {
		s.mu.Lock()
		spec.level = s.level
		s.mu.Unlock()
	}
	if _, ok := search.LevelNamed(spec.level); !ok {
		return coded(fmt.Errorf("%w: level %q: want one of %v", errBadRequest, spec.level, search.LevelNames()), "bad-level", "level", spec.level)
	}
	if len(c.Sides) != rules.Players() {
		return coded(fmt.Errorf("%w: %d sides for a %d-player game", errBadRequest, len(c.Sides), rules.Players()), "bad-sides")
	}
	for _, name := range c.Sides {
		side, err := parseSide(name)
		if err != nil {
			return coded(fmt.Errorf("%w: %v", errBadRequest, err), "bad-sides")
		}
		spec.sides = append(spec.sides, side)
	}
	return s.run(spec)
}

// simAction lifts, puts or turns a piece on the simulated board.
func (s *service) simAction(c commandJSON) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.board == nil || !s.hasSnap {
		return coded(fmt.Errorf("%w: this board is not simulated", errNotFound), "not-simulated")
	}
	g := s.snap.Rules.Geometry()
	if c.Action == "push" {
		return s.simPush(c.Move)
	}
	sq, err := g.ParseSquare(c.Square)
	if err != nil {
		return coded(fmt.Errorf("%w: %v", errBadRequest, err), "bad-square", "square", c.Square)
	}
	cell := s.layout.CellOf(sq)
	v := s.board.Get(cell)
	switch c.Action {
	case "toggle":
		if v != 0 {
			s.hand, s.handPiece = s.board.Lift(cell), s.phys[sq]
			if s.handPiece == engine.Empty { // (a hand's piece the model lost track of)
				s.handPiece = s.snap.Pieces[sq]
			}
			s.phys[sq], s.guessed[sq] = engine.Empty, false
			break
		}
		put, piece := s.hand, s.handPiece
		if put == 0 {
			piece = s.pieceFor(sq)
			put = boards.ReadingOf(piece, s.sensor)
		}
		s.board.Put(cell, put)
		s.phys[sq], s.guessed[sq], s.hand, s.handPiece = piece, s.hand == 0, 0, engine.Empty
	case "flip":
		p := s.phys[sq]
		if v == 0 || p == engine.Empty {
			return coded(fmt.Errorf("%w: no piece on %s to turn over", errConflict, c.Square), "no-piece", "square", c.Square)
		}
		if p != 1 && p != 2 {
			return coded(fmt.Errorf("%w: %s's pieces have no other face to turn up", errConflict, s.snap.Rules.Name()), "no-face", "game", s.snap.Rules.ID())
		}
		// The disc turns over whatever the sensors see; on presence sensors they see nothing.
		s.phys[sq], s.guessed[sq] = p^3, false
		if s.sensor != hw.Presence {
			s.board.Set(cell, v^3) // faces 1 and 2 swap; an identity keeps its upper bits
		}
	default:
		return coded(fmt.Errorf("%w: action %q: want toggle, flip or push", errBadRequest, c.Action), "bad-action")
	}
	return nil
}

// simPush carries out push move text of the position on the simulated board the way a hand
// does, the hole travelling from the far end of the line to the entry, a step every 120 ms.
// It returns at once; the push goes on in the background. Called with s.mu held.
func (s *service) simPush(text string) error {
	st, err := s.snap.Rules.ParsePosition(s.snap.Position)
	if err != nil {
		return coded(fmt.Errorf("%w: %v", errConflict, err), "bad-position")
	}
	m, err := s.snap.Rules.ParseMove(text)
	if err != nil {
		return coded(fmt.Errorf("%w: %v", errBadRequest, err), "bad-move", "move", text)
	}
	if err := st.Validate(m); err != nil {
		return coded(fmt.Errorf("%w: %v", errConflict, err), "illegal", "move", text)
	}
	f := st.Footprint(m)
	if f.Line == 0 {
		return coded(fmt.Errorf("%w: %s is no push", errBadRequest, text), "no-push", "move", text)
	}
	line := boards.PushPath(s.snap.Rules.Geometry(), f)
	cells := make([]int, len(line))
	for i, q := range line {
		cells[i] = s.layout.CellOf(q)
	}
	st.Play(m)
	in := boards.ReadingOf(st.PieceAt(f.Entry), s.sensor)
	for _, q := range line { // the cubes as the hand leaves them
		s.phys[q], s.guessed[q] = st.PieceAt(q), false
	}
	board, ctx := s.board, s.runCtx
	go board.Push(ctx, cells, in, 120*time.Millisecond)
	return nil
}

// physNow is the simulated board's pieces for the state: a piece put with none in hand was
// guessed (which of Quantik's shapes, say, the sensors cannot tell), and once the game has
// a piece there, that is the one the hand put. Called with s.mu held.
func (s *service) physNow() []engine.Piece {
	if s.phys == nil {
		return nil
	}
	for sq, g := range s.guessed {
		if p := s.snap.Pieces[sq]; g && p != engine.Empty {
			s.phys[sq], s.guessed[sq] = p, false
		}
	}
	return slices.Clone(s.phys)
}

// pieceFor returns the piece a hand puts down on square sq of the simulated board: the piece
// a legal move puts there (Quarto's piece handed over; the first of Quantik's and Quad's
// that may go there), else the side to move's face. Called with s.mu held.
func (s *service) pieceFor(sq engine.Square) engine.Piece {
	if st, err := s.snap.Rules.ParsePosition(s.snap.Position); err == nil {
		for _, m := range st.Legal(nil) {
			if f := st.Footprint(m); f.Filled == engine.Bit(sq) && f.Piece != engine.Empty {
				return f.Piece
			}
		}
	}
	return engine.Piece(s.faces[s.snap.Turn%len(s.faces)])
}

// shutdown stops the session (the LEDs go dark), halts the drivers and closes the
// journal.
func (s *service) shutdown() error {
	s.stopSession()
	var err error
	if s.hw != nil {
		err = s.hw.close()
	}
	return errors.Join(err, s.journal.Close())
}
