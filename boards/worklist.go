package boards

// The hand's work in order: where in it a square was last filled or emptied, whether a
// piece put down went on (a slide passing over), rested, or was taken on by a later move.

import (
	"slices"
	"time"

	"github.com/tavoliere/tavoliere/engine"
)

// fromScan returns where the work from scan on begins in ws, or -1 if none does.
func fromScan(ws []work, scan uint32) int {
	return slices.IndexFunc(ws, func(w work) bool { return w.scan >= scan })
}

// turnedAt reports whether the lift at ws[i] is a disc turned over: the hand's next work
// puts it back on its square.
func turnedAt(ws []work, i int) bool {
	return i+1 < len(ws) && ws[i+1].is(ws[i].sq, true)
}

// setDown is how long a stone rests where its slide's square was filled again beneath it
// (another hand's drop) before it reads as set down, not passing over (takenOn). Between
// it and handOff both may be: the reading asked names one (2026-11-27's eighth lab note).
const setDown = 150 * time.Millisecond

// takenOn reports whether a piece was put down on a square move f fills, from work[k] on,
// and taken up again after it came to rest (handOff), or after resting setDown or more
// while the square f's piece left was filled again beneath it (a piece put there by
// another hand: d7-d6, a drop on d7, then d6-c5, all in 340 ms): a later move's. (One
// resting less is a slide passing over: d7-d5 over d6, the drop on d7 made meanwhile.)
func (r *Referee) takenOn(f engine.Footprint, k int) bool {
	sqs := f.Filled
	from, _, carries := carried(f)
	var put [64]time.Time
	var refilled engine.Bitboard // (f's from filled again while the piece lay there)
	for _, w := range r.ev.work[min(k, len(r.ev.work)):] {
		switch {
		case carries && w.is(from, true):
			refilled |= sqs & onAt(put[:], sqs)
		case !sqs.Has(w.sq):
		case w.on:
			put[w.sq] = w.at
		case put[w.sq].IsZero():
		case w.at.Sub(put[w.sq]) >= handOff || refilled.Has(w.sq) && w.at.Sub(put[w.sq]) >= setDown:
			return true
		default:
			put[w.sq], refilled = time.Time{}, refilled&^engine.Bit(w.sq)
		}
	}
	return false
}

// onAt returns the squares of sqs with a time set in put: a piece lying there.
func onAt(put []time.Time, sqs engine.Bitboard) engine.Bitboard {
	var out engine.Bitboard
	for b := sqs; b != 0; {
		if sq := b.Pop(); !put[sq].IsZero() {
			out |= engine.Bit(sq)
		}
	}
	return out
}

// wentOn reports whether the piece put down at ws[i] went on: taken up again within handOff
// of coming down, and not put back at once (a slide passing over the square). One that
// rested longer is the one put, whatever is done with it later: turned over on presence
// sensors, or taken on by a later move.
func wentOn(ws []work, i int) bool {
	sq, put := ws[i].sq, ws[i].at
	for j := i + 1; j < len(ws); j++ {
		w := ws[j]
		switch {
		case w.sq != sq:
			continue
		case w.on || w.at.Sub(put) >= handOff:
			return false
		}
		for _, v := range ws[j+1:] {
			if v.sq == sq {
				return !v.on || v.at.Sub(w.at) >= handOff
			}
		}
		return true
	}
	return false
}

// farBetween reports whether work on a square away from ws[i]'s (not beside it) came
// between the piece put down at ws[i] and its square's next work: another hand's, not the
// same hand dragging its piece on.
func (r *Referee) farBetween(ws []work, i int) bool {
	j := nextAt(ws, i)
	near := r.cfg.Rules.Geometry().Adjacent8(ws[i].sq) | engine.Bit(ws[i].sq)
	return j > i+1 && slices.ContainsFunc(ws[i+1:j], func(w work) bool { return !near.Has(w.sq) })
}

// nextAt returns where in ws the square of ws[i] is next worked after i, or -1.
func nextAt(ws []work, i int) int {
	if j := slices.IndexFunc(ws[i+1:], func(w work) bool { return w.sq == ws[i].sq }); j >= 0 {
		return i + 1 + j
	}
	return -1
}

// slidOver reports whether the piece put down at ws[i] went on made before break: another
// square filled before it was taken up again, within handOff (a slide passing over the
// square). A piece put back and taken up again, then put elsewhere, may be a move taken back
// and made anew.
func slidOver(ws []work, i int) bool {
	if !wentOn(ws, i) {
		return false
	}
	j := nextAt(ws, i) // (there is one: wentOn)
	return slices.ContainsFunc(ws[i+1:j], func(w work) bool { return w.on })
}

// lastAt returns where in ws square sq was last filled (on) or emptied, or -1.
func lastAt(ws []work, sq engine.Square, on bool) int {
	for i := len(ws) - 1; i >= 0; i-- {
		if ws[i].is(sq, on) {
			return i
		}
	}
	return -1
}

// downAt reports whether the work in ws leaves a piece down on one of sqs: its last work
// there a piece put down.
func downAt(ws []work, sqs engine.Bitboard) bool {
	for b := sqs; b != 0; {
		if sq := b.Pop(); lastAt(ws, sq, true) > lastAt(ws, sq, false) {
			return true
		}
	}
	return false
}

// restedAt reports whether the piece put down at ws[i] rested there for handOff at least.
func restedAt(ws []work, i int) bool {
	for _, w := range ws[i+1:] {
		if w.sq == ws[i].sq {
			return w.at.Sub(ws[i].at) >= handOff
		}
	}
	return true
}

// lastOn returns where in ws the last work on a square of sqs is, or -1.
func lastOn(ws []work, sqs engine.Bitboard) int {
	for i := len(ws) - 1; i >= 0; i-- {
		if sqs.Has(ws[i].sq) {
			return i
		}
	}
	return -1
}

// squaresOf returns the squares worked in ws.
func squaresOf(ws []work) engine.Bitboard {
	var out engine.Bitboard
	for _, w := range ws {
		out |= engine.Bit(w.sq)
	}
	return out
}

// laterAt reports whether the square of ws[i] is filled (on) or emptied later in ws.
func laterAt(ws []work, i int, on bool) bool {
	return slices.ContainsFunc(ws[i+1:], func(v work) bool { return v.is(ws[i].sq, on) })
}
