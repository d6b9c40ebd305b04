package boards

// Commands and commits: a move taken into the game, taken back, resumed or retracted.

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/hw"
)

func (r *Referee) commitMatch() {
	if r.v.kind == matchAIPair {
		reply, lifted := r.v.move, r.ev.lifted
		// The evidence for the reply, gathered before the AI's move went in; of a push's
		// work, what came after the AI's push.
		r.commitKeeping(r.aiMove, r.v.split)
		switch {
		case r.gameOver || r.aiMove != 0:
		case reply != 0:
			r.commit(reply)
		default:
			r.ev.lifted |= lifted
		}
		return
	}
	if r.v.split >= 0 {
		r.commitKeeping(r.v.move, r.v.split)
		return
	}
	if r.v.move != r.aiMove && !r.answeredOnBoard() {
		r.commitByBoard(r.v.move)
		return
	}
	r.commit(r.v.move)
}

// answeredOnBoard reports whether the board shows an option of the open question by work
// begun once a hand could answer it (answerReaction): the players' answer, which a tap
// choosing it ends by putting its piece back (b4 or a4-b4, answered by lifting a4), not a
// move to call in doubt. Work begun sooner is a piece fumbled as the question came.
func (r *Referee) answeredOnBoard() bool {
	return r.asked.moves != nil && r.asked.at < len(r.ev.work) && r.ev.work[r.asked.at].at.Sub(r.asked.when) >= answerReaction
}

func (r *Referee) commit(m engine.Move) {
	f := r.state.Footprint(m)
	silentAI := m == r.aiMove && r.silent(m)
	before, turned := r.expected, r.ev.lifted&f.Flipped
	if !r.ev.workLost {
		turned &^= r.turnedEarly(f) // (a disc lifted before the capture was fumbled, not turned)
	}
	text, mover := r.cfg.Rules.FormatMove(m), r.state.Turn()
	rounds := r.roundsWon()
	r.state.Play(m)
	r.history = append(r.history, m)
	r.stats.Commits++
	if m == r.aiMove {
		r.aiMove = 0
	}
	r.lastMove, r.lastFrom, r.lastTo = m, f.Emptied|f.Touched, f.Filled|f.Replaced
	r.positionChanged()
	r.committedAt = r.now
	if silentAI {
		r.aiTap = f.Tap // the AI's choice the squares cannot show (Xe Queo!'s ring cell): lit
	}
	if f.Line != 0 && f.Exit != engine.NoSquare && f.To != engine.Nowhere {
		r.lastOut = exitEdge(r.cfg.Rules.Geometry(), f)
	}
	// Flips of earlier moves not yet done stay to do; a disc flipped twice is done.
	if r.kind == hw.Presence {
		// (Discs lifted once the move was made, while it was held, are taken as turned.)
		r.pending, r.turning = f.Flipped&^turned, turned
	} else {
		// (Not a disc the move takes away: g6, turned by g4-f5, then g6-g7 and a drop on g6,
		// is no disc unturned.)
		r.pending = r.pending&^(f.Emptied|f.Replaced) ^ f.Flipped
	}
	for b := f.Flipped; b != 0; {
		sq := b.Pop()
		r.alt[sq] = before[sq]
	}
	r.emit(Event{Kind: MoveCommitted, Move: m, Text: text, Msg: msg("move", "move", text, "player", itoa(mover))})
	if r.roundOver(rounds) {
		r.aiTap = 0 // (the AI's card that ended it: nothing left to carry out in the next round)
	}
	r.next()
}

// roundsWon is, in a game played in rounds (engine.Rounds), the rounds each player has won;
// nil in other games.
func (r *Referee) roundsWon() []int {
	if !engine.IsRounds(r.cfg.Rules) {
		return nil
	}
	won := make([]int, r.cfg.Rules.Players())
	for p := range won {
		won[p] = r.state.Score(p)
	}
	return won
}

// roundOver says who won the round the last move ended, and the count, where before (the
// rounds won before it) shows one ended; it reports whether one did.
func (r *Referee) roundOver(before []int) bool {
	after, ended := r.roundsWon(), false
	for p := range before {
		if after[p] <= before[p] {
			continue
		}
		count := make([]string, len(after))
		for i, n := range after {
			count[i] = itoa(n)
		}
		rings := strings.Join(count, "–")
		r.emit(Event{Kind: RoundOver, Text: fmt.Sprintf("%s wins the round: %s", r.cfg.Rules.PlayerName(p), rings),
			Msg: msg("round-won", "player", itoa(p), "rings", rings)})
		ended = true
	}
	return ended
}

// commitKeeping commits m and keeps the hand's work from work[k] on as evidence for the
// next move, and before it the last change of each square off m's own, worked only before
// work[k], that still differs from the position after m: the next move's, made early (e2
// dropped a moment after f1-d3 over e2 came down, then g2-g1: without it, g1 and g2-e2
// read the board with nothing to order them); and the lift of a piece lifted last before
// work[k] and put back after it (refilled).
func (r *Referee) commitKeeping(m engine.Move, k int) {
	k = min(k, len(r.ev.work))
	after := append(r.tmp.work[:0], r.ev.work[k:]...)
	f := r.state.Footprint(m)
	lost, glimpsed, glimpseAt := r.ev.workLost, r.ev.glimpsed, r.ev.glimpseAt
	var early []work // (each square's last change before work[k], off m's own squares: where none is after, or a lift put back after)
	later := squaresOf(after)
	seen := f.Emptied | f.Filled | f.Replaced | f.Flipped | f.Line
	var refilled engine.Bitboard // (pieces lifted before work[k], put back after it)
	for i := k - 1; i >= 0; i-- {
		w := r.ev.work[i]
		if seen.Has(w.sq) {
			continue
		}
		seen |= engine.Bit(w.sq)
		if later.Has(w.sq) {
			// A piece lifted before work[k] and put back after it: the lift stays (a2-b3
			// begun before the split a question's lone option left, a2 dropped on later:
			// without the lift, the work reads b3 with a2's piece come out of nowhere).
			first := slices.IndexFunc(after, func(a work) bool { return a.sq == w.sq })
			if w.on || !after[first].on || r.state.PieceAt(w.sq) == engine.Empty {
				continue
			}
			refilled |= engine.Bit(w.sq)
		}
		early = append(early, w)
	}
	slices.Reverse(early)
	r.commit(m)
	early = slices.DeleteFunc(early, func(w work) bool {
		return !refilled.Has(w.sq) && r.board[w.sq] == ReadingOf(r.state.PieceAt(w.sq), r.kind)
	})
	r.ev.work = append(append(r.ev.work[:0], early...), after...)
	r.tmp.work, r.ev.workLost = after, lost
	// A swap inside the next move glimpsed before the commit stays; one of m's is m's.
	r.ev.glimpsed, r.ev.glimpseAt = glimpsed&^(f.Touched|f.Replaced), glimpseAt
	r.ev.lifted |= liftsIn(r.ev.work)
	r.ev.lateTurns = f.Flipped & r.ev.lifted // (m's discs, lifted in the next move's work)
}

func (r *Referee) takeBack(k int, why, code string) {
	r.undoMoves(k)
	r.stats.Takebacks++
	r.emit(Event{Kind: TakenBack, Text: fmt.Sprintf("%s: %d move(s) taken back", why, k), Msg: msg(code, "n", itoa(k))})
	r.next()
}

// undoMoves takes the last k moves out of the game, for takeBack and reopenLast: the
// caller says so and goes on (next).
func (r *Referee) undoMoves(k int) {
	var flips engine.Bitboard // the discs the undone moves turned, a disc turned twice not
	for i := range k {
		m := r.history[len(r.history)-1-i]
		r.state.Undo()
		flips ^= r.state.Footprint(m).Flipped
	}
	r.history = r.history[:len(r.history)-k]
	pending := r.pending
	r.strays = 0
	r.thinking, r.aiMove, r.pending = false, 0, 0
	if r.kind == hw.Presence {
		// Presence sensors cannot see a disc's face: the discs taken as turned (their lights
		// had gone) are lit to be turned back; those still lit to turn never were.
		r.pending = flips &^ pending
	}
	r.lastMove, r.lastFrom, r.lastTo = 0, 0, 0
	r.positionChanged()
}

// HandleMessage feeds a command or an AI result, at time at, and returns the events it
// caused (valid until the next call).
func (r *Referee) HandleMessage(m Message, at time.Time) []Event {
	r.begin()
	if at.After(r.now) {
		r.now = at
	}
	if m.Kind == CmdNewGame {
		if m.Rules == nil {
			r.emit(Event{Kind: Warning, Text: "new game: no game given", Msg: msg("no-game-given")})
			return r.events
		}
		if err := r.cfg.Layout.Fits(m.Rules.Geometry()); err != nil {
			r.emit(Event{Kind: Warning, Text: fmt.Sprintf("new game %s: %v", m.Rules.ID(), err), Msg: msg("game-no-fit", "game", m.Rules.ID())})
			return r.events
		}
		r.start(m.Rules, m.Sides, r.now)
		return r.events
	}
	if m.Kind == CmdResume {
		r.resume(m)
		return r.events
	}
	if m.Game != r.game {
		r.stats.StaleMessages++
		r.emit(Event{Kind: Warning, Text: fmt.Sprintf("message for game %d dropped: game %d is on", m.Game, r.game), Msg: msg("stale-game")})
		return r.events
	}
	if (m.Kind == CmdTakeback || m.Kind == CmdChoose || m.Kind == CmdEnter || m.Kind == CmdDismiss) && m.Version != 0 && m.Version != uint64(r.state.Ply())+1 {
		r.stats.StaleMessages++
		r.emit(Event{Kind: Warning, Text: "a command made for an earlier position dropped", Msg: msg("stale-command")})
		return r.events
	}
	switch m.Kind {
	case CmdTakeback:
		r.commandTakeback()
	case CmdChoose:
		if r.asked.moves == nil {
			r.emit(Event{Kind: Warning, Text: "nothing was asked", Msg: msg("not-asked")})
		} else {
			r.choose(m.Move)
		}
	case CmdEnter:
		r.enter(m.Move)
	case CmdDismiss:
		r.dismiss()
	case CmdSuggest:
		r.suggest()
	case CmdSuggestion:
		r.suggestion(m)
	case CmdHints:
		r.cfg.Hints = m.On
		r.version++
	case CmdAIResult:
		r.aiResult(m)
	default:
		r.emit(Event{Kind: Warning, Text: fmt.Sprintf("unknown command %d", m.Kind), Msg: msg("unknown-command", "n", itoa(int(m.Kind)))})
	}
	return r.events
}

func (r *Referee) commandTakeback() {
	n := len(r.history)
	if n == 0 {
		r.emit(Event{Kind: Warning, Text: "nothing to take back", Msg: msg("no-takeback")})
		return
	}
	// After the game's end too: a player who ended it by a mistake takes the move back, and
	// the game goes on (takeBack's next finds it not over).
	defer func() { r.sync = true }() // the board must show the earlier position again
	// Against an AI, go back to the last position where a human was to move.
	k := 1
	for k < n && r.sidesAt(n-k) == AI {
		k++
	}
	if r.sidesAt(n-k) == AI {
		k = 1
	}
	r.takeBack(k, "takeback", "taken-back")
}

// sidesAt returns who was to move before move i of the history.
func (r *Referee) sidesAt(i int) Side {
	back := len(r.history) - i
	for range back {
		r.state.Undo()
	}
	side := r.sides[r.state.Turn()]
	for j := i; j < len(r.history); j++ {
		r.state.Play(r.history[j])
	}
	return side
}

func (r *Referee) aiResult(m Message) {
	if !r.thinking || m.Version != uint64(r.state.Ply()) {
		r.stats.StaleMessages++
		r.emit(Event{Kind: Warning, Text: "AI result for an earlier position dropped", Msg: msg("stale-ai")})
		return
	}
	if err := r.state.Validate(m.Move); err != nil {
		r.emit(Event{Kind: Warning, Text: fmt.Sprintf("AI move refused: %v", err), Msg: msg("ai-refused", "move", r.cfg.Rules.FormatMove(m.Move))})
		return
	}
	if r.doubtOpen() {
		r.reopen.held.m, r.reopen.held.ok = m, true // (releaseAI announces it)
		return
	}
	r.reopen.held.ok = false // (one held before, for this position: this one is announced)
	r.thinking = false
	r.aiMove = m.Move
	if r.kind == hw.Presence {
		r.pending = 0 // the next move has begun: discs turned unseen are taken as turned
	}
	r.state.Play(m.Move)
	r.afterAI = Project(r.state, r.kind)
	r.state.Undo()
	r.dirty = true
	text := r.cfg.Rules.FormatMove(m.Move)
	r.emit(Event{Kind: AIMove, Move: m.Move, Text: text, Msg: msg("ai-move", "move", text, "player", itoa(r.state.Turn()))})
}

// resume starts a game from its recorded moves (after a crash or a power cut): the board
// must then show the position, and the lights say what to fix until it does.
func (r *Referee) resume(m Message) {
	if err := r.resumeGame(m.Rules, m.Sides, m.Moves); err != nil {
		r.emit(Event{Kind: Warning, Text: err.Error(), Msg: msg("resume-failed")})
	}
}

func (r *Referee) resumeGame(rules engine.Rules, sides []Side, moves []engine.Move) error {
	if rules == nil {
		return fmt.Errorf("resume: no game given")
	}
	if err := r.cfg.Layout.Fits(rules.Geometry()); err != nil {
		return fmt.Errorf("resume %s: %w", rules.ID(), err)
	}
	s := rules.Start()
	for i, mv := range moves {
		if err := s.Validate(mv); err != nil {
			return fmt.Errorf("resume: move %d: %w", i+1, err)
		}
		s.Play(mv)
	}
	r.start(rules, sides, r.now)
	for _, mv := range moves {
		r.state.Play(mv)
		r.history = append(r.history, mv)
	}
	if n := len(moves); n > 0 {
		last := moves[n-1]
		r.state.Undo()
		f := r.state.Footprint(last)
		r.state.Play(last)
		r.lastMove, r.lastFrom, r.lastTo = last, f.Emptied|f.Touched, f.Filled|f.Replaced
	}
	r.events = r.events[:0] // start's NewGame and Think were for the empty game
	r.positionChanged()
	r.emit(Event{Kind: NewGame, Text: fmt.Sprintf("%s resumed after %d moves", rules.Name(), len(moves)), Msg: msg("resumed", "game", rules.ID(), "n", itoa(len(moves)))})
	r.next()
	return nil
}

// Retract takes back the last n moves because they could not be recorded, and says why:
// unlike a takeback, it is no player's doing, and the board must be put back as lit. It
// returns the events it caused (valid until the next call).
func (r *Referee) Retract(n int, why string) []Event {
	r.begin()
	if n > len(r.history) {
		n = len(r.history)
	}
	for range n {
		r.state.Undo()
	}
	r.history = r.history[:len(r.history)-n]
	r.thinking, r.aiMove, r.pending = false, 0, 0
	r.lastMove, r.lastFrom, r.lastTo = 0, 0, 0
	r.positionChanged()
	r.sync = true // the board must show the position again: playing the move once more retries
	r.emit(Event{Kind: Warning, Text: why, Msg: msg("retracted", "n", itoa(n))})
	r.next()
	return r.events
}

// earlierMatch returns k > 0 if the board shows the position k moves back (k = 1, 2). A
// cube push is set back only by a hand that took up the cube it put in at its entry and
// worked on its line alone (but for pieces fumbled, lifted and put back at once): moves
// made since can leave the faces as before (Quixo for four on polarity sensors: a1-a5,
// then d1-e1 and a4-a1; b5-b1, then a4-a5 and b1-b5, which pushes b5-b1's cube back out
// as a hand setting it back would). (Marbles may be rolled back along as one, unseen.)
func (r *Referee) earlierMatch() int {
	n := len(r.history)
	for k := 1; k <= 2 && k <= n; k++ {
		for range k {
			r.state.Undo()
		}
		same := Project(r.state, r.kind) == r.board && r.rackFits(r.state)
		var entries, lines engine.Bitboard
		for i := n - k; i < n; i++ {
			if f := r.state.Footprint(r.history[i]); f.Line != 0 && takenInHand(f) {
				entries |= engine.Bit(f.Entry)
				lines |= f.Line
			}
			r.state.Play(r.history[i])
		}
		if same && entries&^r.ev.lifted == 0 && (lines == 0 || r.ev.lifted&^lines&^brief(r.ev.work) == 0) {
			return k
		}
	}
	return 0
}
