package boards

// Weighing the readings of the work as a first move and the rest (pairs.go): which are kept,
// to be taken where one is left, or asked. Fewer moves win among readings that account
// alike for the squares lifted; the hands that began first made the first move.

import (
	"slices"

	"github.com/tavoliere/tavoliere/engine"
)

// earliest keeps, of the first moves found, those whose work began in the earliest scan:
// the hands that began first made the first move. Readings that leave a lift unexplained
// and those that explain every one (fewest keeps both) are weighed apart: b3-b4 taken back
// and a3-b4 made began later than b3-b4 followed by a3-b3, yet is no less what was done.
// A push seen in part is kept, and crowds out none: it is asked, and where its work began
// is what it hides (Na seen in part from a6 tapped first, beside W5 seen whole after). So
// is a reading fewest keeps only as leaving fewer lifts unexplained (front), which crowds
// out none: a5-c5 and the rest, begun first, is asked beside the drop on b6.
func (r *Referee) earliest(pairs []pairFit) []pairFit {
	if len(pairs) < 2 {
		return pairs
	}
	start := func(a engine.Move) uint32 {
		f := r.state.Footprint(a)
		// (Its own piece tried elsewhere and put back first is no beginning: b3 tried on
		// c3 and back, then b3-b4 made before break, begins where a drop on b4 does.)
		k := 0
		if f.Line == 0 {
			k = r.ownTriedFirst(r.ev.work, f)
		}
		s := r.startScan(f, k, 0)
		// (A slide made before break begins with the square past its own filled: c4-a4
		// over b4 begins where c4-b4 does, b4 filled a scan before c4 emptied; and c4-b4
		// where c4-a4 does, though that piece went on.)
		way := r.own(f) &^ (f.Emptied | f.Replaced | f.Touched | f.Flipped | f.Line)
		if i := slices.IndexFunc(r.ev.work[k:], func(w work) bool { return w.on && way.Has(w.sq) }); i >= 0 {
			s = min(s, r.ev.work[k+i].scan)
		}
		return s
	}
	first := [2]uint32{^uint32(0), ^uint32(0)}
	for _, p := range pairs {
		if !p.front && !p.partial {
			first[r.whole(p)] = min(first[r.whole(p)], start(p.a))
		}
	}
	keep := pairs[:0]
	for _, p := range pairs {
		if start(p.a) == first[r.whole(p)] || p.partial || p.front || p.refills {
			keep = append(keep, p)
		}
	}
	return keep
}

// whole is 1 where reading p accounts for every square lifted, else 0: the first move's
// squares, its hand overshooting, a move made and taken back far from it (nobody's), a
// fumble lifted and put back at once after the rest began away from the rest's squares
// (nobody's, however near the first move), the rest's squares. The rest accounts for no
// square lifted only before it began: a disc it turns is turned after it, not 1.5 s before
// (e6 lifted as f6 came down and put back 860 ms later is no disc a later e7 turned: f6 so
// leaves a lift unexplained, and is asked beside e6-f6 then a drop on e6).
func (r *Referee) whole(p pairFit) int {
	if r.leftOver(p) == 0 {
		return 1
	}
	return 0
}

// leftOver returns the squares lifted that reading p does not account for (whole), and the
// square of its first move's piece taken up again too soon to be handed on (handedOnSoon).
func (r *Referee) leftOver(p pairFit) engine.Bitboard {
	var early, late engine.Bitboard
	for i, w := range r.ev.work {
		switch {
		case w.on:
		case i < p.split:
			early |= engine.Bit(w.sq)
		default:
			late |= engine.Bit(w.sq)
		}
	}
	f := r.state.Footprint(p.a)
	// (A disc a turns, lifted before a's pieces were taken up, was fumbled, not turned:
	// h8 lifted and put back as f7 is taken up is no disc f7xg7 turns.)
	own, explained := r.own(f)&^(r.turnedEarly(f)&^r.ev.lateTurns), p.covers
	if f.Line == 0 {
		// (Pushes are read by their work's order, their rest's by its own.)
		explained = r.overshot(own, p.split)&^(r.takenBackBefore(own, p.split)&r.workedFrom(p.split)) | r.takenBackIn(own, 0) | p.covers&^(early&^late)
		// (And a piece lifted and put back at once after the rest began, away from the
		// rest's squares: a fumble, nobody's, however near the first move it lies: b7 after
		// e6-c6 as d6 is dropped, beside e6-d6 and c6. Not one held up longer: b6 lifted as
		// a5 is dropped and put back 620 ms later is b6-a5 and a drop on b6.)
		explained |= r.takenBackAfter(own, p.split) & brief(r.ev.work[min(p.split, len(r.ev.work)):]) &^ (p.covers | r.cfg.Rules.Geometry().Dilate8(p.covers))
		// (And a move of a's own piece made and taken back before a, its other squares
		// worked no more: d4-c3 made before break and back, then d4-b4. Not a square
		// lifted again after: d4 held as c5-b4 is made is no takeback of d4. Nor work
		// leaving the board as it was that does not begin with a's piece taken up and end
		// with it put back: g7-c3, a drop on g7 and c3-b4 read so too.)
		ws := r.ev.work[:min(max(p.split, 0), len(r.ev.work))]
		if pre := r.ownTriedFirst(ws, f); pre > 0 {
			explained |= squaresOf(ws[:pre]) &^ squaresOf(r.ev.work[pre:]) &^ own
		}
		explained |= r.triedAfter(f)
	}
	return r.ev.lifted&^(own|explained) | r.handedOnSoon(p)
}

// handedOnSoon returns the square reading p's first move put its piece down on, where the
// rest takes that piece up again sooner than handOff after: no other person's hand takes a
// piece up so soon, and the lift is left unexplained (Xe Queo!'s a3-c5 over b4, b4 held
// 60 ms, is no a3-b4 and the next player's b4-b5).
func (r *Referee) handedOnSoon(p pairFit) engine.Bitboard {
	_, to, ok := carried(r.state.Footprint(p.a))
	if !ok || p.split <= 0 || p.split >= len(r.ev.work) {
		return 0
	}
	// (Its last work before the rest a piece put down, taken up by the rest: the next
	// work there is a lift, after the split.)
	if down := lastOn(r.ev.work[:p.split], engine.Bit(to)); down < 0 || !r.ev.work[down].on || restedAt(r.ev.work, down) {
		return 0
	}
	return engine.Bit(to)
}

// fewest keeps, of the first moves found with the rest seen whole, those whose reading
// holds the fewest moves: a slide read as a shorter one and a move more (f7-f6, b5, f6-f5
// for f7-f5, b5) is not what the hands did; those the rack shows too, where it can. Where
// none is seen whole (a first push seen in part counts for none), all are kept.
//
// Fewer moves win only among readings that account alike for the squares lifted: a reading
// that leaves one lifted and put back (g6 and e6, with f5 fumbled) and a longer one that
// holds it (f5-g6, e6, f5 put back down) are both kept, and asked. A reading that leaves
// lifts unexplained and holds no fewer moves than one that explains them all is dropped
// (e1-e5 and a drop on e6, its discs turned by nobody, beside e1-e6 turning them). A push
// seen in part, its rest seen whole, is kept: it is asked, and a cube fumbled past its far
// end, which makes it seen in part, leaves that lift unexplained. So is a slide whose rest
// puts a piece where it left, beside a drop on its square (refillRival), and a move that
// stops where another reading's first move rested long enough to be handed on
// (restedToHandOn): c5-a5 and the next player's a5-a3, beside c5-a3 over a5 with a5 held
// 380 ms, as the one-move reading alone is.
func (r *Referee) fewest(pairs []pairFit) []pairFit {
	least := [2]int{chainMoves + 1, chainMoves + 1} // (by whole: readings holding every lift, or not)
	rack := false
	for _, p := range pairs {
		rack = rack || p.done && p.rack
	}
	// (Each reading's lifts left unexplained, counted once: whole is none left.)
	unexplained := r.tmp.unexplained[:0]
	for _, p := range pairs {
		unexplained = append(unexplained, r.leftOver(p).Count())
	}
	r.tmp.unexplained = unexplained
	whole := func(i int) int {
		if unexplained[i] == 0 {
			return 1
		}
		return 0
	}
	for i, p := range pairs {
		// (A first push seen in part counts for no least: where a cube was fumbled or a
		// row slid, it may read as fewer moves than the hands made. It is kept below.)
		if p.done && p.rack == rack && !p.partial {
			least[whole(i)] = min(least[whole(i)], p.moves)
		}
	}
	// (The moves stopping where a reading's first move rested to be handed on, once each.)
	stops := r.tmp.stops[:0]
	for _, q := range pairs {
		if !q.done {
			continue
		}
		if a, _ := r.restedToHandOn(q.a); a != 0 {
			stops = append(stops, a)
		}
	}
	r.tmp.stops = stops
	refill, rival := r.tmp.refill[:0], r.tmp.rival[:0]
	for _, p := range pairs {
		rival = append(rival, p.done && r.refillRival(p, pairs))
		refill = append(refill, rival[len(rival)-1] || p.done && slices.Contains(stops, p.a))
	}
	r.tmp.refill, r.tmp.rival = refill, rival
	// (And where none accounts for every lift, a longer reading that leaves fewer squares
	// unexplained is kept beside a shorter one: a5-c5, a5, c5-b6 and c5, a6 slid and taken
	// back among them, is no drop on b6 then c5 with a5, b5 and c5 left to nobody.)
	front := r.tmp.front[:0]
	for i, p := range pairs {
		on := p.done && p.rack == rack
		for j, q := range pairs {
			if on && q.done && q.rack == rack && q.moves <= p.moves && unexplained[j] <= unexplained[i] && (q.moves < p.moves || unexplained[j] < unexplained[i]) {
				on = false
			}
		}
		front = append(front, on)
	}
	r.tmp.front = front
	keep := pairs[:0]
	for i, p := range pairs {
		kept := min(least[0], least[1]) > chainMoves && !p.done || p.done && p.rack == rack && p.moves == least[whole(i)] && (whole(i) == 1 || p.moves < least[1]) ||
			p.done && p.partial || refill[i]
		// (Where no reading accounts for every lift, fewer moves tell nothing: each leaves
		// work to nobody, and all are kept, as front, which earliest keeps too: c6-d5 and
		// a drop on e6, e4 left to nobody, beside c6-e4, d5 and e4-e6, f4 left; d1-d3 and
		// d1, beside a drop on c2 where b1 was tried over it before, all of b1's try left.)
		if !kept && p.done && p.rack == rack && least[1] > chainMoves {
			front[i] = true
		}
		if kept || front[i] {
			p.front, p.refills = !kept, rival[i] // (read before keep overwrites pairs)
			keep = append(keep, p)
		}
	}
	return keep
}

// refillRival reports whether reading p is a slide whose rest puts a piece on the square
// it left before any other work there (f1-g2, then f1 by the next player; or e7-f7, then
// e5-e7), beside a reading of fewer moves whose first move fills the slide's square, the
// square left lifted and put back (a drop on g2 or f7, f1 or e7 fumbled; d6-f6, g7 held
// 920 ms): the sensors cannot tell a quick reply from a fumble, and fewest keeps both, to
// be asked, and earliest too (refills), though the shorter began first. (Two moves more at
// most: past the budget, shortFits takes a short reading only with two moves of depth to
// spare, which must hold this one.)
func (r *Referee) refillRival(p pairFit, pairs []pairFit) bool {
	from, to, ok := carried(r.state.Footprint(p.a))
	if !ok || p.split < 0 || p.split >= len(r.ev.work) {
		return false
	}
	ws := r.ev.work[p.split:]
	k := slices.IndexFunc(ws, func(w work) bool { return w.sq == from || w.sq == to })
	if k < 0 || !ws[k].is(from, true) {
		return false
	}
	return slices.ContainsFunc(pairs, func(q pairFit) bool {
		f := r.state.Footprint(q.a)
		return q.done && q.moves < p.moves && p.moves <= q.moves+2 && f.Line == 0 && f.Filled == engine.Bit(to)
	})
}
