package boards

// The waver hands of TestSimulatedHands: the habits of issue 28's fresh-eyes reviewer
// (knowndefects_test.go) drawn at random, in quick chains as blitz's: hands that change
// their mind as they go. A slide taken a square too far and brought back within about
// 100 ms; a move made and taken back at once, another made instead; a piece of the
// mover's lifted and put back on its own square before the real move; Xe Queo!'s chain of
// jumps set down on a hop square on its way; a stone dropped on the line a slide has just
// gone along, behind it. Each habit ends with the board showing the legal move the script
// made (intent): committing anything else is a false accept, leaving it unread a miss.

import (
	"fmt"
	"slices"
	"time"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/hw"
)

// waver is the profile: figures only (not gated), as blitz and sleight.
const waver = "waver"

// The habits, counted as they are made (figures.habits).
const (
	habitOvershoot = iota // a slide (or a push into an empty square) a square too far, brought back
	habitTakeback         // a move made and taken back within 100-200 ms, another made
	habitHesitate         // a piece of the mover's lifted and put back before the move
	habitMidway           // Xe Queo!'s chain of jumps set down on a hop square on its way
	habitDrop             // a drop on the line of the slide just made, behind it
	habitKinds
)

var habitNames = [habitKinds]string{"overshoot", "takeback", "hesitate", "midway", "drop"}

func habitsLine(h [habitKinds]int) string {
	s := ""
	for i, n := range h {
		if n > 0 {
			s += fmt.Sprintf(" %s %d", habitNames[i], n)
		}
	}
	if s == "" {
		return ""
	}
	return "; habits:" + s
}

// waverMove carries out move m of the truth position with one of the habits that fit it,
// if the dice say so, and reports whether it did (else perform goes on as usual). Only a
// person's own moves are made and taken back; the AI's move, carried out by a person, may
// be overshot or set down midway.
func (p *player) waverMove(m engine.Move, flipsNow bool) bool {
	if p.inHabit {
		return false
	}
	var do func()
	if hops := p.hopPath(m); len(hops) > 0 && p.rng.IntN(3) != 0 {
		do = func() { p.midway(m, hops); p.figures.habits[habitMidway]++ }
	} else if p.rng.IntN(2) == 0 {
		var habits []func()
		if beyond, ok := p.overshootSquare(m); ok {
			habits = append(habits, func() { p.overshoot(m, beyond, flipsNow); p.figures.habits[habitOvershoot]++ })
		}
		if p.sides[p.truth.Turn()] == Human {
			if m1, ok := p.takebackFirst(m); ok {
				habits = append(habits, func() { p.madeAndTakenBack(m1, m, flipsNow); p.figures.habits[habitTakeback]++ })
			}
		}
		if len(habits) > 0 {
			do = habits[p.rng.IntN(len(habits))]
		}
	}
	if do == nil {
		return false
	}
	p.inHabit = true
	defer func() { p.inHabit = false }()
	do()
	return true
}

// finalsOf returns what the sensors read after move m of the truth position on the squares
// it changes.
func (p *player) finalsOf(m engine.Move) map[engine.Square]hw.Reading {
	s := p.truth
	f := s.Footprint(m)
	s.Play(m)
	defer s.Undo()
	out := map[engine.Square]hw.Reading{}
	for b := f.Filled | f.Replaced | f.Flipped | f.Line; b != 0; {
		sq := b.Pop()
		out[sq] = p.reading(s, sq)
	}
	return out
}

// handDone marks the hand finished with the move of the script it made, and turns its
// discs if flipsNow.
func (p *player) handDone(m engine.Move, flipsNow bool) {
	p.doneAt = p.x.now
	p.done = append(p.done, p.x.now)
	if flipsNow {
		p.flips(p.truth.Footprint(m).Flipped, p.finalsOf(m))
	}
}

// slideOf returns the squares of m's slide in position s, from first, to last: a single
// piece from one square to another along a row, column or diagonal over empty squares,
// taking nothing (discs it turns aside); nil for any other move.
func slideOf(s engine.State, g *engine.Geometry, m engine.Move) []engine.Square {
	f := s.Footprint(m)
	if f.Line != 0 || f.Replaced != 0 || f.Tap != 0 || f.Emptied.Count() != 1 || f.Filled.Count() != 1 {
		return nil
	}
	from, to := f.Emptied.First(), f.Filled.First()
	df, dr := g.File(to)-g.File(from), g.Rank(to)-g.Rank(from)
	if df != 0 && dr != 0 && abs(df) != abs(dr) {
		return nil
	}
	path := []engine.Square{from}
	for fi, ri := g.File(from)+sign(df), g.Rank(from)+sign(dr); ; fi, ri = fi+sign(df), ri+sign(dr) {
		sq := g.Square(fi, ri)
		if sq != to && s.PieceAt(sq) != engine.Empty {
			return nil
		}
		path = append(path, sq)
		if sq == to {
			return path
		}
	}
}

// stepOn returns the square one step on from b in the direction from a to b, if on the
// board.
func stepOn(g *engine.Geometry, a, b engine.Square) (engine.Square, bool) {
	f := g.File(b) + sign(g.File(b)-g.File(a))
	r := g.Rank(b) + sign(g.Rank(b)-g.Rank(a))
	if f < 0 || r < 0 || f >= g.Files || r >= g.Ranks {
		return 0, false
	}
	return g.Square(f, r), true
}

// ringAt reports whether sq is Xe Queo!'s ring cell.
func (p *player) ringAt(sq engine.Square) bool {
	r, ok := p.truth.(interface{ Ring() engine.Square })
	return ok && r.Ring() == sq
}

// overshootSquare returns the square past where m's piece stops, along its way, if m is a
// slide or a push into an empty square (Push 4's chain stopping short) and that square is
// empty: the hand may take the piece one square too far.
func (p *player) overshootSquare(m engine.Move) (engine.Square, bool) {
	g := p.x.rules.Geometry()
	var a, b engine.Square
	if path := slideOf(p.truth, g, m); path != nil {
		a, b = path[len(path)-2], path[len(path)-1]
	} else if f := p.truth.Footprint(m); f.Line != 0 && f.Exit == engine.NoSquare && f.Flipped == 0 && f.Rack == engine.Empty {
		path := PushPath(g, f)
		if len(path) < 2 {
			return 0, false
		}
		a, b = path[1], path[0]
	} else {
		return 0, false
	}
	sq, ok := stepOn(g, a, b)
	if !ok || p.truth.PieceAt(sq) != engine.Empty || p.ringAt(sq) {
		return 0, false
	}
	return sq, true
}

// overshoot carries out m with its piece taken one square too far, to beyond, and brought
// back within about 100 ms: lifted and put down there, then moved back (the reviewer's
// a3, d3, c3), or slid on past and back.
func (p *player) overshoot(m engine.Move, beyond engine.Square, flipsNow bool) {
	s, g := p.truth, p.x.rules.Geometry()
	f := s.Footprint(m)
	finals := p.finalsOf(m)
	if path := slideOf(s, g, m); path != nil {
		from, to := path[0], path[len(path)-1]
		v := p.reading(s, from)
		if p.rng.IntN(2) == 0 {
			p.set(from, 0)
			p.wait(p.ms(60, 150))
			p.set(beyond, v)
			p.wait(p.ms(40, 100))
			p.set(beyond, 0)
			p.wait(p.ms(20, 60))
			p.set(to, finals[to])
		} else {
			p.set(from, 0)
			for _, sq := range path[1:] {
				p.wait(p.ms(20, 80))
				p.set(sq, v)
				if sq != to {
					p.wait(p.ms(0, 30))
					p.set(sq, 0)
				}
			}
			p.wait(p.ms(0, 30))
			p.set(beyond, v)
			p.set(to, 0)
			p.wait(p.ms(30, 100))
			p.set(to, finals[to])
			p.set(beyond, 0)
		}
		p.handDone(m, flipsNow)
		return
	}
	// A push into an empty square: the hole travels from the far end to the entry, the
	// front piece pushed first one square too far and brought back.
	path := PushPath(g, f)
	for i := 1; i < len(path); i++ {
		p.set(path[i], 0)
		p.wait(p.ms(60, 150))
		if i == 1 {
			p.set(beyond, finals[path[0]])
			p.wait(p.ms(40, 100))
			p.set(beyond, 0)
			p.wait(p.ms(20, 60))
		}
		p.set(path[i-1], finals[path[i-1]])
		p.wait(p.ms(30, 120))
	}
	p.set(f.Entry, finals[f.Entry])
	p.handDone(m, flipsNow)
}

// takebackFirst returns a move to make and take back before m: a slide that turns nothing
// and could have gone on (another legal move lifts the same piece and only it, and lands
// on an empty square: the referee waits the settle window for it, canExtend), whose board is neither m's nor one the chain has shown, and whose
// taking back does not read as a move after it (Xe Queo!'s pawns are anybody's: the pawn
// stepped back is the next player's step).
func (p *player) takebackFirst(m engine.Move) (engine.Move, bool) {
	g, kind := p.x.rules.Geometry(), p.x.layout.Kind()
	legal := p.truth.Legal(nil)
	now, after := Project(p.truth, kind), p.afterProjection(m)
	var cands []engine.Move
	for _, m1 := range legal {
		f := p.truth.Footprint(m1)
		if m1 == m || f.Flipped != 0 || f.Rack != engine.Empty || slideOf(p.truth, g, m1) == nil {
			continue
		}
		if !slices.ContainsFunc(legal, func(o engine.Move) bool {
			g := p.truth.Footprint(o)
			return o != m1 && g.Emptied == f.Emptied && g.Replaced == 0 && g.Touched&^f.Emptied == 0
		}) {
			continue
		}
		b1 := p.afterProjection(m1)
		if b1 == after || b1 == now || slices.Contains(p.chainSeen, b1) {
			continue
		}
		p.truth.Play(m1)
		back := slices.ContainsFunc(p.truth.Legal(nil), func(o engine.Move) bool { return p.afterProjection(o) == now })
		p.truth.Undo()
		if !back {
			cands = append(cands, m1)
		}
	}
	if len(cands) == 0 {
		return 0, false
	}
	return cands[p.rng.IntN(len(cands))], true
}

// madeAndTakenBack makes m1, takes it back 100-200 ms after it lands (the piece lifted and
// put back where it came from) and makes m.
func (p *player) madeAndTakenBack(m1, m engine.Move, flipsNow bool) {
	n := len(p.done)
	p.perform(m1, false)
	p.done = p.done[:n] // (no move of the script)
	f := p.truth.Footprint(m1)
	from, to := f.Emptied.First(), f.Filled.First()
	v := p.x.board.Get(p.x.layout.CellOf(to))
	p.wait(p.ms(100, 200))
	p.set(to, 0)
	p.wait(p.ms(40, 120))
	p.set(from, v)
	p.wait(p.ms(60, 200))
	p.perform(m, flipsNow)
}

// hopPath returns the squares a chain of jumps m sets down on between its start and its
// landing (Xe Queo!: over a pawn in any of the eight directions to the empty square
// beyond), the fewest; nil for a move that is no chain of two jumps or more.
func (p *player) hopPath(m engine.Move) []engine.Square {
	if p.x.rules.ID() != "xequeo" {
		return nil
	}
	s, g := p.truth, p.x.rules.Geometry()
	f := s.Footprint(m)
	if f.Emptied.Count() != 1 || f.Filled.Count() != 1 || f.Replaced != 0 {
		return nil
	}
	from, to := f.Emptied.First(), f.Filled.First()
	if g.Adjacent8(from).Has(to) {
		return nil // a step
	}
	pawn := func(sq engine.Square) bool { return sq != from && s.PieceAt(sq) != engine.Empty && !p.ringAt(sq) }
	prev := map[engine.Square]engine.Square{from: from}
	for frontier := []engine.Square{from}; len(frontier) > 0; {
		var next []engine.Square
		for _, a := range frontier {
			for b := g.Adjacent8(a); b != 0; {
				over := b.Pop()
				land, ok := stepOn(g, a, over)
				if !ok || !pawn(over) || s.PieceAt(land) != engine.Empty && land != from {
					continue
				}
				if _, seen := prev[land]; seen || land != to && p.ringAt(land) {
					continue
				}
				prev[land] = a
				next = append(next, land)
			}
		}
		frontier = next
	}
	if _, ok := prev[to]; !ok {
		return nil
	}
	var hops []engine.Square
	for sq := prev[to]; sq != from; sq = prev[sq] {
		hops = append([]engine.Square{sq}, hops...)
	}
	return hops
}

// midway carries out chain of jumps m with the pawn set down on each hop square on its
// way, and lifted again (the reviewer's a3, c3, e5).
func (p *player) midway(m engine.Move, hops []engine.Square) {
	f := p.truth.Footprint(m)
	from, to := f.Emptied.First(), f.Filled.First()
	v := p.reading(p.truth, from)
	finals := p.finalsOf(m)
	p.set(from, 0)
	for _, h := range hops {
		p.wait(p.ms(100, 200))
		p.set(h, v)
		p.wait(p.ms(80, 200))
		p.set(h, 0)
	}
	p.wait(p.ms(60, 150))
	p.set(to, finals[to])
	p.handDone(m, true)
}

// lastMade returns the move of the script made last and the position before it, if any.
func (p *player) lastMade() (engine.Move, engine.State, bool) {
	if len(p.intent) == 0 {
		return 0, nil, false
	}
	s := p.truth.Clone()
	s.Undo()
	return p.intent[len(p.intent)-1], s, true
}

// waverNext picks the next move of a quick chain and the pause before it: after a slide,
// two times in three a drop on a square of its line behind it (where the stone went over,
// or left), 20-240 ms after it lands; otherwise any legal move, 100-300 ms after.
func (p *player) waverNext(moves []engine.Move) (engine.Move, time.Duration, bool) {
	if last, s, ok := p.lastMade(); ok {
		if path := slideOf(s, p.x.rules.Geometry(), last); path != nil && p.rng.IntN(3) != 0 {
			behind := engine.Bitboard(0)
			for _, sq := range path[:len(path)-1] {
				behind |= engine.Bit(sq)
			}
			var drops []engine.Move
			for _, r := range moves {
				f := p.truth.Footprint(r)
				if f.Emptied|f.Replaced == 0 && f.Line == 0 && f.Filled.Count() == 1 && f.Filled&behind != 0 {
					drops = append(drops, r)
				}
			}
			if len(drops) > 0 {
				return drops[p.rng.IntN(len(drops))], p.ms(20, 240), true
			}
		}
	}
	return moves[p.rng.IntN(len(moves))], p.ms(100, 300), false
}

// hesitate lifts a piece of the mover's that r does not use (one a legal move could take
// up) and puts it back on its square, 40-150 ms later; r starts 50-150 ms after. Not a
// piece the last move used or a disc it or a move beside it could turn (a lift there reads
// as that move's work), nor a square lit for a question.
func (p *player) hesitate(r engine.Move) bool {
	f := p.truth.Footprint(r)
	var mine engine.Bitboard
	for _, o := range p.truth.Legal(nil) {
		mine |= p.truth.Footprint(o).Emptied
	}
	mine &^= f.Emptied | f.Filled | f.Replaced | f.Touched | f.Flipped | f.Tap
	if last, s, ok := p.lastMade(); ok {
		g := s.Footprint(last)
		mine &^= g.Emptied | g.Filled | g.Replaced | g.Touched | g.Flipped | g.Tap | g.Line
		for _, o := range s.Legal(nil) {
			mine &^= s.Footprint(o).Flipped
		}
	}
	if ref := p.x.ref; ref.v.kind == matchMany {
		for i := range ref.asked.moves {
			mine &^= ref.distinct(i)
		}
	}
	var sqs []engine.Square
	for mine != 0 {
		if sq := mine.Pop(); p.truth.PieceAt(sq) != engine.Empty {
			sqs = append(sqs, sq)
		}
	}
	if len(sqs) == 0 {
		return false
	}
	sq := sqs[p.rng.IntN(len(sqs))]
	v := p.x.board.Get(p.x.layout.CellOf(sq))
	p.set(sq, 0)
	p.wait(p.ms(40, 150))
	p.set(sq, v)
	p.wait(p.ms(50, 150))
	p.figures.habits[habitHesitate]++
	return true
}
