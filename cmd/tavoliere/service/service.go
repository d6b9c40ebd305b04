// Package service is what `tavoliere serve` runs: a board (a hardware.Board from a board
// file, or a simulated one sized to each game), the referee session on it (boards.Session),
// the journal that keeps every game across restarts, attract mode, and the state it
// publishes to the kiosk (package kiosk), whose commands it carries out (Command).
//
// A restart resumes the game in progress in the journal, and with it the AI's move if it was
// announced and not yet carried out: the journal keeps that move (journal.Announce) and the
// resumed referee announces it again, lit as before (boards.Config.Announced), rather than
// search anew, since a search on a time budget (or with another -seed) may find another move
// than the one the players saw and perhaps began to make. A search the restart interrupted
// had shown nothing: the AI searches again. Likewise the secrets an AI seals (Xe Queo!'s
// pawn of each round): the kiosk shows a commitment only once the journal keeps its secret
// (journal.KeepSecret), and the resumed AI is given them back (registry.Sealer.Restore), so
// that the commitments the players saw still bind it.
//
// The decisions of the games and the referee are not here: when a hint or a takeback is
// allowed is the referee's (boards.Snapshot.Suggestable), the AI's levels are the AI's
// (search.Levels), and which AI plays a game is the registry's (registry.NewAI). What is
// here is the running of them: sessions started and stopped, the journal written before a
// move is shown, the simulated board's hands, the state encoded and published.
//
// It imports boards, engine, hw and its simulated board, the journal, the hardware package
// (a board cmd opened) and the kiosk (the JSON it publishes and the errors it answers with);
// never package main, and the kiosk never imports it.
package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/hardware"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/journal"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/kiosk"
	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/registry"
	"github.com/tavoliere/tavoliere/engine/search"
	"github.com/tavoliere/tavoliere/hw"
	"github.com/tavoliere/tavoliere/hw/sim"
)

// Service is what `tavoliere serve` runs: a board, the referee session on it, the journal,
// and the state the kiosk reads. Its session's callbacks run in the session's goroutine;
// HTTP handlers run in theirs; mu guards what they share.
type Service struct {
	log     *slog.Logger
	journal *journal.Journal
	hub     *kiosk.Hub
	sensor  hw.SensorKind
	seed    uint64
	hw      *hardware.Board // a board from a board file; nil: a simulated board sized to each game

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
	xqKept      map[[2]int]string // the commitment the journal keeps, by seat and round
	snap        boards.Snapshot
	hasSnap     bool
	journalGame int64
	resuming    bool // the next NewGame event is a resumed game, already in the journal
	journalErr  string
	journalMsg  *kiosk.Msg    // journalErr, for the page to word
	mismatch    kiosk.TextMsg // the last mismatch reported: the snapshot's Mismatch, for the page to word
	events      []kiosk.Log
	version     uint64
	hand        *boards.Hand // the simulated board's hand, and the pieces it left there; nil for a real board
	guessed     []bool       // the hand's piece is the page's guess of a piece put with none in hand
	boardDown   bool         // the board is not answering (its bus fails, or a serial board is away)
	boardErr    string       // why
	boardCode   string       // why, for the page to word (kiosk.BoardCodes)
	att         attractState
	bright      brightness
}

// Options are what a service is made of; cmd opens them.
type Options struct {
	Log     *slog.Logger
	Journal *journal.Journal // the service closes it at Shutdown
	Board   *hardware.Board  // nil: a simulated board sized to each game; the service closes it
	Sensor  hw.SensorKind    // the simulated board's sensors (a Board's are its file's)
	Seed    uint64           // the AI's random seed
	Idle    time.Duration    // nobody playing for this long starts attract mode; 0: never
}

// New returns the service of o, to Start.
func New(o Options) *Service {
	s := &Service{log: o.Log, journal: o.Journal, hub: kiosk.NewHub(), sensor: o.Sensor, seed: o.Seed,
		fatal: make(chan error, 1), idle: o.Idle, hw: o.Board}
	if o.Board != nil {
		s.sensor = o.Board.File.Sensors.Kind
		if o.Board.Serial != nil { // (a serial board's driver reports its link)
			o.Board.SetOnState(s.boardState)
		}
	}
	return s
}

// Hub is where the service publishes the kiosk's state.
func (s *Service) Hub() *kiosk.Hub { return s.hub }

// Fatal reports a session that stopped by itself (the board was lost for good): serve
// exits, for systemd to start it again.
func (s *Service) Fatal() <-chan error { return s.fatal }

// Playing returns the rules of the game being played (a resumed one, perhaps not the one
// Start was given), nil before Start.
func (s *Service) Playing() engine.Rules {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.rules
}

// Game is a game to start: its rules, who plays each side, the AI's level
// (search.LevelNames).
type Game struct {
	Rules engine.Rules
	Sides []boards.Side
	Level string
	moves []engine.Move // a game resumed from the journal
	// announced is the AI's move the journal kept, announced for the position after moves
	// and not yet carried out: shown again rather than searched anew (boards.Config.Announced).
	announced engine.Move
	// secrets are the AI's sealed secrets the journal kept, given back to the AI
	// (registry.Sealer.Restore) so that the commitments shown before still bind it.
	secrets []journal.Secret
}

// Start resumes the game in progress in the journal, or starts spec, and runs the session
// until ctx ends.
func (s *Service) Start(ctx context.Context, spec Game, resume bool) error {
	s.runCtx = ctx
	if s.hw != nil && s.hw.Serial != nil {
		go s.readButtons(ctx, s.hw.Serial, s.hw.File.Buttons)
	}
	s.keptBrightness()
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
func recorded(g journal.Game) (Game, error) {
	rules, err := registry.New(g.Rules, g.Settings)
	if err != nil {
		return Game{}, err
	}
	spec := Game{Rules: rules, Level: g.Level, moves: []engine.Move{}}
	for _, name := range g.Sides {
		side, err := kiosk.ParseSide(name)
		if err != nil {
			return Game{}, err
		}
		spec.Sides = append(spec.Sides, side)
	}
	for _, m := range g.Moves {
		mv, err := rules.ParseMove(m.Text)
		if err != nil {
			return Game{}, fmt.Errorf("move %d: %w", m.Ply, err)
		}
		spec.moves = append(spec.moves, mv)
	}
	// An announced move that does not read leaves the AI to search again; the game resumes
	// all the same.
	if m, err := rules.ParseMove(g.Announced); g.Announced != "" && err == nil {
		spec.announced = m
	}
	spec.secrets = g.Secrets
	if _, ok := search.LevelNamed(spec.Level); !ok {
		spec.Level = "normal"
	}
	return spec, nil
}

// run starts a session for spec's game on the board file's board, or on a simulated
// board built to the game's size, replacing the session running before.
func (s *Service) run(spec Game) error {
	s.runMu.Lock()
	defer s.runMu.Unlock()
	g := spec.Rules.Geometry()
	var (
		layout *boards.Layout
		board  *sim.Board
		source hw.Source
		sink   hw.Sink
	)
	if s.hw != nil {
		if err := s.hw.Layout.Fits(g); err != nil {
			return kiosk.Coded(fmt.Errorf("%w: %s: %v", kiosk.ErrBadRequest, spec.Rules.Name(), err), "no-fit", "game", spec.Rules.ID())
		}
		layout, board, source, sink = s.hw.Layout, s.hw.Sim, s.hw.Source, s.hw.Sink
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
	var hand *boards.Hand
	var guessed []bool
	if board != nil {
		// A simulated board keeps its pieces across a restart as a real one does: put the
		// resumed position on it.
		pos := spec.Rules.Start()
		for _, m := range spec.moves {
			pos.Play(m)
		}
		hand, guessed = boards.NewHand(layout, board), make([]bool, layout.Size())
		hand.SetUp(pos)
	}
	level, _ := search.LevelNamed(spec.Level)
	cfg := boards.DefaultConfig(layout, spec.Rules)
	cfg.Sides, cfg.Resume, cfg.Announced = spec.Sides, spec.moves, spec.announced
	// Every session's games are numbered on from the last one's: a command for an old game
	// can never reach a new one. The referee counts its own games from there, a new game
	// per session at most before the next run, so leave room.
	s.nextGame += 1 << 20
	cfg.Game = s.nextGame
	o := boards.SessionOpts{
		Source: source, Sink: sink, Think: level.Think, Blunder: level.Blunder, Seed: s.seed,
		Record: s.record, OnEvent: s.onEvent, OnUpdate: s.onUpdate, NewThinker: s.newThinker(spec.Sides, spec.secrets),
		GiveUp: s.giveUp,
	}
	if s.hw == nil || s.hw.Serial == nil {
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
	s.rules, s.sides, s.level, s.faces, s.hand, s.guessed = spec.Rules, spec.Sides, spec.Level, boards.Faces(spec.Rules), hand, guessed
	s.xq, s.xqSeats, s.xqKept = nil, nil, nil
	if board != nil && s.hw == nil { // (a new simulated board: the level set goes on)
		s.bright.dimmer = board
		_ = board.SetBrightness(s.bright.level) // (a simulated board's never fails)
	}
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
func (s *Service) stopSession() {
	s.mu.Lock()
	stop, done := s.stop, s.done
	s.stop, s.done = nil, nil
	s.mu.Unlock()
	if stop != nil {
		stop()
		<-done
	}
}

// Shutdown stops the session (the LEDs go dark), halts the drivers and closes the
// journal.
func (s *Service) Shutdown() error {
	s.stopSession()
	var err error
	if s.hw != nil {
		err = s.hw.Close()
	}
	return errors.Join(err, s.journal.Close())
}
