package boards

// Questions: several moves fit and the sensors cannot tell them apart; a tap on a lit square
// or the kiosk answers. Also the moves entered on the kiosk, and suggestions.

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/hw"
)

// ask reports that several moves fit; the answer is a tap or CmdChoose.
func (r *Referee) ask() {
	r.asked.moves = append([]engine.Move(nil), r.v.moves...)
	r.shown.asked = r.v.shown // (askShown's question is marked)
	r.ev.tapLifts, r.asked.work, r.asked.at, r.asked.closing, r.asked.firm = 0, len(r.ev.work), len(r.ev.work), false, r.v.firmNext
	r.asked.first, r.asked.unread, r.asked.board, r.asked.extra = r.v.firstOf, r.v.unread, r.board, false
	r.asked.when, r.asked.turnTaps = r.now, [64]uint8{}
	if r.v.askFrom >= 0 {
		r.asked.work = r.v.askFrom // the work from there on is the next move's (matchPair)
	}
	r.asked.splits = r.asked.splits[:0]
	r.asked.swapped = append(r.asked.swapped[:0], r.v.swapped...)
	if len(r.v.splits) == len(r.v.moves) {
		r.asked.splits = append(r.asked.splits, r.v.splits...) // (each option's own)
	}
	r.stats.Asks++
	names := make([]string, len(r.asked.moves))
	for i, m := range r.asked.moves {
		names[i] = r.cfg.Rules.FormatMove(m)
	}
	lit := r.lit() // the squares a tap answers on
	how, code := "Tap its lit square or choose on the screen", "tap"
	if lit == 0 {
		how, code = "Choose on the screen", "screen" // (no square tells the moves apart)
	}
	for b := lit; b != 0; {
		if r.board[b.Pop()] == 0 {
			how, code = "Tap its lit square (an empty one: put a piece down and lift it) or choose on the screen", "tap-empty"
			break
		}
	}
	text, m := "which move: ", msg("asking", "moves", strings.Join(names, " "), "how", code)
	if r.shown.asked || r.asked.first {
		// (Moves the board alone shows, or more than a reading holds: which came first.)
		text, m = "the board shows several moves; which came first: ", msg("asking", "moves", strings.Join(names, " "), "how", code, "first", "1")
	}
	r.emit(Event{Kind: Asking, Options: r.asked.moves, Text: text + strings.Join(names, " or ") + "? " + how, Msg: m})
}

// tapPoint reports whether a move asked about names square s to be tapped
// (engine.Footprint.Tap), or s is a square only one option acts on (distinct), empty when
// the question was asked (the piece put there came after it): the pawn that went on
// through it, chosen by a piece put there and taken off.
func (r *Referee) tapPoint(s engine.Square) bool {
	since := len(r.ev.work)-2 >= r.asked.at
	for i, m := range r.asked.moves {
		if r.state.Footprint(m).Tap.Has(s) || since && r.distinct(i).Has(s) {
			return true
		}
	}
	return false
}

// distinct returns the squares only option i changes, among the options asked, and the
// squares a tap on which chooses it (engine.Footprint.Tap). A push is
// chosen by its entry square, where the piece went in. Not a disc an option still has to
// turn (turnPending): its turn would read as the tap.
func (r *Referee) distinct(i int) engine.Bitboard {
	hands := func(m engine.Move) engine.Bitboard { // where the hand acts; flips are not chosen by
		f := r.state.Footprint(m)
		if f.Line != 0 {
			return engine.Bit(f.Entry)
		}
		return f.Emptied | f.Filled | f.Replaced | f.Touched | f.Tap
	}
	own := hands(r.asked.moves[i])
	for j, o := range r.asked.moves {
		if j != i {
			own &^= hands(o)
		}
	}
	for b := own; b != 0; {
		if sq := b.Pop(); r.turnPending(sq, len(r.ev.work)) {
			own &^= engine.Bit(sq)
		}
	}
	return own
}

// turnPending reports whether, on presence sensors, square t is one an option asked turns
// and was never seen lifted in work[:n] (the evidence since the last commit, where the
// options' work begins): its turn is still to come, and a lift and put back there is that
// turn as well as a tap (h2xg2, g2 swapped, turns g3, h2xg3's square). Such a square is not
// lit, and its first lift and put back is no answer; seen lifted once, a further lift is the
// tap.
func (r *Referee) turnPending(t engine.Square, n int) bool {
	if r.kind != hw.Presence || lastAt(r.ev.work[:min(n, len(r.ev.work))], t, false) >= 0 {
		return false
	}
	return slices.ContainsFunc(r.asked.moves, func(o engine.Move) bool { return r.state.Footprint(o).Flipped.Has(t) })
}

// lit returns the squares a tap answers the open question on: each option's distinct
// squares. None: it is asked on the screen only.
func (r *Referee) lit() engine.Bitboard {
	var lit engine.Bitboard
	for i := range r.asked.moves {
		lit |= r.distinct(i)
	}
	return lit
}

// chooseBySquare answers the question by a tap on square s, one only one option acts on or
// names to be tapped (distinct); on an empty square, a piece put there and taken off.
func (r *Referee) chooseBySquare(s engine.Square) {
	for i, m := range r.asked.moves {
		if r.distinct(i).Has(s) {
			r.choose(m)
			return
		}
	}
}

func (r *Referee) choose(m engine.Move) {
	switch {
	case !slices.Contains(r.asked.moves, m):
		r.emit(Event{Kind: Warning, Text: r.cfg.Rules.FormatMove(m) + " is not one of the moves asked about", Msg: msg("not-an-option", "move", r.cfg.Rules.FormatMove(m))})
	case r.shown.asked && r.board == r.shown.board:
		// Read from the board alone: the rest is asked once this is in.
		r.commit(m)
		r.shown.next = true
	case r.shown.asked:
		r.emit(Event{Kind: Warning, Text: r.cfg.Rules.FormatMove(m) + ": the board no longer shows that move", Msg: msg("option-gone", "move", r.cfg.Rules.FormatMove(m))})
	case r.asked.unread && !r.asAsked(), !r.asked.unread && (r.v.kind == matchMany && !slices.Contains(r.v.moves, m) || !r.showsAlone(m) && !r.followedBy(slices.Index(r.asked.moves, m)) && !r.standsUntouched(m)):
		// The board has changed since the question: the answer is for a board gone, one that
		// showed the option alone or followed by the moves of the people after, as the
		// options are read (followedBy). A move taken back since is no longer shown: b2-c2,
		// then c2-c3 and back, makes no answer b2-c3. (Asked with no reading of the moves
		// after any option, question.unread: the answer stands while the board is as asked.)
		r.emit(Event{Kind: Warning, Text: r.cfg.Rules.FormatMove(m) + ": the board no longer shows that move", Msg: msg("option-gone", "move", r.cfg.Rules.FormatMove(m))})
	default:
		// The work done since the question was asked belongs to the next move: the players
		// may have gone on before answering. (But for the option's own discs turned first,
		// each lifted and put back: g1xh2's h3 and g3, turned as it was asked.)
		k, flips := r.askWorkOf(slices.Index(r.asked.moves, m)), r.state.Footprint(m).Flipped
		for k+1 < len(r.ev.work) && flips.Has(r.ev.work[k].sq) && !r.ev.work[k].on && r.ev.work[k+1].is(r.ev.work[k].sq, true) &&
			lastAt(r.ev.work[:k], r.ev.work[k].sq, false) < 0 {
			flips &^= engine.Bit(r.ev.work[k].sq) // (each disc once, and only one not yet turned)
			k += 2
		}
		then, extra := r.asked.thenOf(m), r.asked.extra
		r.commitKeeping(m, k)
		if then != 0 {
			r.commitKeeping(then, 0) // (the drop the board shows after it, never seen made)
		}
		if extra {
			// The other stones are no move: none is read onto them until they are taken up.
			remove, _, _ := r.repairs()
			r.strays |= remove
		}
	}
}

// showsAlone reports whether the board reads as after move m (its discs may be turned
// late).
func (r *Referee) showsAlone(m engine.Move) bool {
	after, f, then := r.boardAfterAsked(m)
	return r.diffAfter(&after, f.Flipped|then.Flipped) == 0
}

// boardAfterAsked returns the board as option m leaves it, with the drop it stands with
// (swapOption), and the footprints of the two.
func (r *Referee) boardAfterAsked(m engine.Move) (after Board, f, then engine.Footprint) {
	f = r.state.Footprint(m)
	then, plies := r.playAsked(m)
	after = Project(r.state, r.kind)
	r.undo(plies)
	return after, f, then
}

// followedBy reports whether the board shows option i of the open question followed by the
// moves of the people after it: as the options are read together (answeredByReply), an
// option the sensors read alike shown standing for it (Quarto's piece handed over, on
// presence sensors); or, where together they spent the search's budget, weighed again alone
// with a budget of its own. A reading cut short or run past the moves it holds is not
// disproved (readAfterOption).
func (r *Referee) followedBy(i int) bool {
	shown := func(ok fit) bool { return ok == fitFull || ok == fitPartial }
	r.noteWork()
	r.search.nodes = 0
	chained := map[moveKey]bool{}
	key := r.readKey(r.state.Footprint(r.asked.moves[i]))
	for j, o := range r.asked.moves {
		// (The sensors read the options alike the same: one shown, all are. Not one only
		// left unweighed by a budget the options spent together: weighed alone below.)
		if ok, _, cut := r.readAfterOption(j, chained); shown(ok) && !cut && (j == i || r.readKey(r.state.Footprint(o)) == key) {
			return true
		}
	}
	r.search.nodes = 0
	ok, _, _ := r.readAfterOption(i, map[moveKey]bool{})
	// (Or, where that weighing was cut short, the options all act on the same squares (only
	// the answer tells them apart: Quarto's piece handed over) and the option's own squares
	// read as it left them: the players' answer is taken, and the moves after it read, or asked, from
	// there. A Quarto placement asked, then seven more, is no board gone.)
	return shown(ok) || r.search.nodes > chainBudget/4 && len(r.asked.moves) > 1 && r.onOneSquare() && r.stands(r.asked.moves[i])
}

// onOneSquare reports whether the options of the open question all act on the same squares
// (they differ only in the piece: Quarto's piece handed over).
func (r *Referee) onOneSquare() bool {
	sqs := func(m engine.Move) engine.Bitboard {
		f := r.state.Footprint(m)
		return f.Emptied | f.Filled | f.Replaced | f.Touched | f.Line
	}
	first := sqs(r.asked.moves[0])
	return !slices.ContainsFunc(r.asked.moves[1:], func(o engine.Move) bool { return sqs(o) != first })
}

// standsUntouched reports whether no hand has worked option m's squares since the question
// was asked (nor glimpsed them empty), and they read as then, or turned: the players went
// on past it (more moves than a reading holds, a hand wavering among them, moves no
// reading after it finds), and answered. The board showed the option when asked, and
// still does there: their word is taken for the move made, and the moves after are read
// from there, or asked. (An option taken back since, or its piece moved on, has its
// squares worked: refused. Its discs, and its squares' colours, may have been turned by
// the moves after it, where pieces turn.)
func (r *Referee) standsUntouched(m engine.Move) bool {
	f := r.state.Footprint(m)
	own := f.Emptied | f.Filled | f.Replaced | f.Touched | f.Line
	for b := own & r.ev.glimpsed; b != 0; {
		if r.ev.glimpseAt[b.Pop()].at.After(r.asked.when) {
			return false
		}
	}
	for b := own; b != 0; {
		// (Its squares read as when asked, or the same piece turned: on identity sensors a
		// piece swapped for another in a scan leaves no work.)
		sq := b.Pop()
		if now, then := r.board[sq], r.asked.board[sq]; now != then && !(engine.IsFlipping(r.cfg.Rules) && now&3 != 0 && now&3 != 3 && now^3 == then) {
			return false
		}
	}
	return !slices.ContainsFunc(r.ev.work[min(r.asked.at, len(r.ev.work)):], func(w work) bool { return own.Has(w.sq) })
}

// stands reports whether the squares move m empties or fills read as m leaves them.
func (r *Referee) stands(m engine.Move) bool {
	after, f, then := r.boardAfterAsked(m)
	for b := f.Emptied | f.Filled | f.Replaced | then.Emptied | then.Filled | then.Replaced; b != 0; {
		if sq := b.Pop(); r.board[sq] != after[sq] {
			return false
		}
	}
	return true
}

// askWorkOf returns where the work of the move after option i of the question begins: the
// option's own split where the question was about the first of several moves (b2-c3 or
// b2-b4 then more: b2-c3's rest may begin with its piece lifted again), else asked.work.
func (r *Referee) askWorkOf(i int) int {
	if i >= 0 && i < len(r.asked.splits) {
		return max(r.asked.splits[i], r.asked.work)
	}
	return r.asked.work
}

// askedUnseen reports whether an option of the open question leaves the squares reading as
// before it (a Push 4 column slid as a whole): a move that fits the board now may follow it.
func (r *Referee) askedUnseen() bool {
	for _, o := range r.asked.moves {
		r.state.Play(o)
		same := Project(r.state, r.kind) == r.expected
		r.state.Undo()
		if same {
			return true
		}
	}
	return false
}

// answeredByReply looks for the answer to an open question in the next move: the players
// went on (the opponent put the piece handed over on the board) before anybody answered.
// Where the board shows one option followed by a legal reply, and no other option, the
// option is committed and the reply is matched next; where several options could precede
// it, the question stays open and the board is not a mismatch.
func (r *Referee) answeredByReply() {
	if r.tapOnItsWay() {
		r.v.kind = inProgress
		return
	}
	var found engine.Move
	n, partly := 0, 0
	r.tmp.moves = r.tmp.moves[:0]
	r.noteWork()
	r.search.nodes = 0
	chained := map[moveKey]bool{} // options that read alike, followed by several moves: once each
	var foundAt int
	for i, o := range r.asked.moves {
		from := r.askWorkOf(i)
		ok, tapOnly, _ := r.readAfterOption(i, chained)
		switch ok {
		case fitFull:
			if tapOnly || r.asked.firm {
				// (A choice only a tap or the kiosk tells; or asked because the hands may
				// have made more moves than it: a reply legal after it says nothing of that.)
				partly++
				break
			}
			found, foundAt = o, from
			n++
		case fitPartial:
			partly++ // a push partly seen: the question stays open
		}
	}
	switch {
	case n == 1 && partly == 0:
		r.v.kind, r.v.move, r.v.extendable = matchMove, found, true
		r.v.split = foundAt // the reply's work is kept for it
	case n+partly > 0:
		r.v.kind = matchMany
		r.v.moves = append(r.v.moves[:0], r.asked.moves...)
	}
}

// tapOnItsWay reports whether the only work since the question is a lit square lifted,
// still up for less than a tap takes: the tap answering it, not yet done, is no reply's
// first lift (Crowded: f2xf1 or f2xf3 asked, f1 lifted 300 ms to choose f2xf1 is no
// f1xe2 begun after f2xf3).
func (r *Referee) tapOnItsWay() bool {
	ws := r.ev.work[min(r.asked.at, len(r.ev.work)):]
	return len(ws) == 1 && !ws[0].on && r.board[ws[0].sq] == 0 && r.lit().Has(ws[0].sq) && r.now.Sub(ws[0].at) <= r.cfg.TapMax
}

// readAfterOption reports how option i of the open question, followed by the work since it,
// fits the board: seen whole with a reply (fitFull), followed by several moves or a push
// partly seen (fitPartial); whether only a tap or the kiosk tells it; and whether it is
// fitPartial only because the search for the moves after it was cut short, or ran past the
// moves a reading holds (not disproved). Options alike share a chain found (chained), not
// one cut short.
func (r *Referee) readAfterOption(i int, chained map[moveKey]bool) (ok fit, tapOnly, cut bool) {
	s, o := r.state, r.asked.moves[i]
	from := r.askWorkOf(i)
	f := s.Footprint(o)
	if f.Line == 0 && f.Touched&^(r.ev.lifted|r.ev.glimpsed)&^f.Replaced != 0 {
		return fitNone, false, false // (a push asked about was read from its work when asked; a capture's stone may be swapped unseen)
	}
	// A choice only a tap or the kiosk tells (Xe Queo!'s ring cell): the reply being legal
	// after it is no evidence of it, and the question stays open.
	tapOnly = f.Tap != 0 && r.silent(o)
	then, plies := r.playAsked(o) // (read with its drop: swapOption)
	f.Flipped |= then.Flipped
	after := Project(s, r.kind)
	diff := r.diffAfter(&after, f.Flipped)
	if diff == 0 && len(r.ev.work) <= from && f.Line != 0 {
		ok = fitPartial // the board shows the push asked about, nothing since: still asked
	}
	// A reply that leaves the squares reading as before is a push, seen by its work.
	pushOnly := diff == 0
	if (diff != 0 || len(r.ev.work) > from) && !s.Outcome().Over {
		r.tmp.moves = s.Legal(r.tmp.moves[:0])
		for _, m := range r.tmp.moves {
			if pushOnly && s.Footprint(m).Line == 0 {
				continue
			}
			if fm := r.fits(m, min(from, len(r.ev.work)), 0, diff, &after); fm == fitFull || fm == fitPartial {
				ok = max(ok, fm)
			}
		}
		// A reply done but for a disc it turns, still in a hand: the question stays open,
		// and no other move is read from a board the reply is not done with.
		if ok == fitNone && !pushOnly && slices.ContainsFunc(r.tmp.moves, func(m engine.Move) bool { return r.turnsInHand(m, diff) }) {
			ok = fitPartial
		}
		if ok == fitNone && r.now.Sub(r.lastWork()) >= pairQuiet {
			// Several moves made since (players who go on quickly): the question stays
			// open while the board shows this option followed by them, pushes too that
			// leave it reading as the option alone (Push 4's W6 and Na after W4). (Once
			// the hands pause from their work: a tap answering, no work, just made, is no
			// reason to wait.)
			// (Options alike share a reading found; one not found is looked for again:
			// Quantik's shapes, alike on polarity sensors, differ in what may follow.)
			key := r.readKey(f)
			found := chained[key]
			if !found {
				// (Moves whose work comes first are weighed first: any one found will do,
				// and the search's budget is spent on likely readings before others.)
				r.byFirstWork(r.tmp.moves, min(from, len(r.ev.work)))
				r.search.cut, r.search.deep = false, false
				for _, m := range r.tmp.moves {
					fm := s.Footprint(m)
					if pushOnly && fm.Line == 0 {
						continue // (the board as after the option: pushes follow it, seen by their work)
					}
					if r.secondFits(m, fm, min(from, len(r.ev.work)), diff, &after, f.Flipped, chainMoves-2, 0, true).done {
						found = true
						break
					}
				}
				// (Not found where the search was cut short, its budget spent, moves
				// alike tried once only where what follows them may differ, or more
				// moves made than a reading holds: not disproved, so the question stays
				// open.)
				cut = !found && (r.search.cut || r.search.deep)
				chained[key] = found
			}
			if found || cut {
				ok = fitPartial
			}
		} else if ok == fitNone {
			r.dirty = true // looked for once the hands pause (pairQuiet)
		}
		r.tmp.moves = r.tmp.moves[:0]
	}
	r.undo(plies)
	return ok, tapOnly, cut
}

// byFirstWork orders moves (legal in r.state) by where the work from work[k] on could
// first have made each: the first work on the last of the squares it empties or fills
// (b4-g4 after the drop on g4 waits for b4's lift), then the first on any square it acts
// on; moves with neither last, moves alike in their order.
func (r *Referee) byFirstWork(moves []engine.Move, k int) {
	type keyed struct {
		m             engine.Move
		done, touched int
	}
	firstOn := func(sqs engine.Bitboard) int {
		for i := k; i < len(r.ev.work); i++ {
			if sqs.Has(r.ev.work[i].sq) {
				return i
			}
		}
		return len(r.ev.work)
	}
	ms := make([]keyed, len(moves))
	for j, m := range moves {
		f := r.state.Footprint(m)
		km := keyed{m: m, touched: firstOn(r.own(f))}
		for b := f.Emptied | f.Filled | f.Replaced; b != 0; {
			km.done = max(km.done, firstOn(engine.Bit(b.Pop())))
		}
		ms[j] = km
	}
	slices.SortStableFunc(ms, func(a, b keyed) int { return cmp.Or(a.done-b.done, a.touched-b.touched) })
	for j := range ms {
		moves[j] = ms[j].m
	}
}

// undoneLate reports whether move m, read from the board alone with a question open and no
// option among the moves it fits, would need an option undone whose piece stood when m's
// hands began: a square the option fills held a piece then, and was emptied only after.
// The option was made and stands, its piece in a hand now (a lit disc lifted to answer),
// and m came after it, not instead of it. (f7-e7 asked, f7 and g5-g4 made; e7 lifted to
// tap it reads as g5-g4 alone.)
func (r *Referee) undoneLate(m engine.Move) bool {
	if r.asked.moves == nil || slices.Contains(r.asked.moves, m) {
		return false
	}
	start := r.startScan(r.state.Footprint(m), 0, 0)
	if start == ^uint32(0) {
		return false
	}
	ws := r.ev.work
	begin := fromScan(ws, start)
	if begin < 0 {
		return false
	}
	empty := ^r.board.occupied()
	for _, o := range r.asked.moves {
		f := r.state.Footprint(o)
		for b := (f.Filled | f.Replaced) & empty; b != 0; {
			sq := b.Pop()
			if on := lastAt(ws[:begin], sq, true); on >= 0 && lastAt(ws[:begin], sq, false) < on && lastAt(ws[begin:], sq, false) >= 0 {
				return true
			}
		}
	}
	return false
}

// enter commits move m, entered on the kiosk (CmdEnter), when the board shows the position
// after it and the sensors cannot tell it from standing still: a Push row rolled along as
// one on presence sensors, a card shown. It is refused while a question is open.
func (r *Referee) enter(m engine.Move) {
	text := r.cfg.Rules.FormatMove(m)
	switch {
	case r.gameOver:
		r.emit(Event{Kind: Warning, Text: text + ": the game is over", Msg: msg("enter-over", "move", text)})
		return
	case r.asked.moves != nil:
		r.emit(Event{Kind: Warning, Text: text + ": a question is open: answer it", Msg: msg("enter-asking", "move", text)})
		return
	case r.thinking || r.aiMove != 0 && m != r.aiMove:
		r.emit(Event{Kind: Warning, Text: text + ": the AI's move is awaited", Msg: msg("enter-ai", "move", text)})
		return
	case r.state.Validate(m) != nil:
		r.emit(Event{Kind: Warning, Text: r.state.Validate(m).Error(), Msg: msg("illegal", "move", text)})
		return
	case !r.cannotSee(m):
		r.emit(Event{Kind: Warning, Text: text + ": the board sees that move: make it on the board", Msg: msg("enter-seen", "move", text)})
		return
	}
	s := r.state
	s.Play(m)
	shows := Project(s, r.kind) == r.board && r.rackFits(s)
	s.Undo()
	if !shows {
		r.emit(Event{Kind: Warning, Text: text + ": the board does not show that move", Msg: msg("enter-not-shown", "move", text)})
		return
	}
	r.stats.Entered++
	r.commit(m)
}

// suggest asks the AI for a move for the player to move (hint mode): refused, with the
// reason, unless a player sits at the board to move and the board shows the position.
func (r *Referee) suggest() {
	why, code := "", "" // (code: the kiosk's, as the service's refusals name them)
	switch {
	case r.gameOver:
		why, code = "the game is over", "over"
	case r.thinking || r.aiMove != 0 || r.sides[r.state.Turn()] == AI:
		why, code = "the AI is to move", "ai-turn"
	case r.asked.moves != nil:
		why, code = "a question is open: answer it first", "asking"
	case r.sync || r.diff != 0 || !r.rackOK:
		why, code = "the board does not show the position: set it up as lit first", "board"
	case r.suggestAt == r.state.Ply():
		return // asked already: the answer is on its way, or shown
	}
	if why != "" {
		r.emit(Event{Kind: Warning, Text: "no suggestion: " + why, Msg: msg("no-suggestion", "why", code)})
		return
	}
	r.suggestAt = r.state.Ply()
	r.emit(Event{Kind: Suggest, State: r.state.Clone()})
}

// suggestion shows the AI's suggestion, if it is for the position on the board.
func (r *Referee) suggestion(m Message) {
	if r.suggestAt < 0 || m.Version != uint64(r.suggestAt) || r.suggestAt != r.state.Ply() {
		r.stats.StaleMessages++
		return // for a position gone
	}
	if m.Move == 0 {
		r.suggestAt = -1
		r.emit(Event{Kind: Warning, Text: "no suggestion: the AI found none", Msg: msg("no-suggestion-found")})
		return
	}
	if err := r.state.Validate(m.Move); err != nil {
		r.suggestAt = -1
		r.emit(Event{Kind: Warning, Text: fmt.Sprintf("suggestion refused: %v", err), Msg: msg("suggestion-refused", "move", r.cfg.Rules.FormatMove(m.Move))})
		return
	}
	r.suggested = m.Move
	r.version++
	r.emit(Event{Kind: Suggested, Move: m.Move, Text: r.cfg.Rules.FormatMove(m.Move), Msg: msg("suggested", "move", r.cfg.Rules.FormatMove(m.Move))})
}
