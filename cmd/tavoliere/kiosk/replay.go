package kiosk

import (
	"slices"
	"sync"

	"github.com/tavoliere/tavoliere/engine"
)

// replay is what a game's moves replayed from the start show that its position alone does
// not: the last move's arrow, drawn from the position before it; in a game played in
// rounds (engine.Rounds), the round the last move ended, if it ended one; and, where the
// moves end a won game, the figure that decided it as the history holds it (Push's spear
// edition keeps the square its last push broke), with those of its squares the last move
// changed, and the position reached, to check the replay against the referee's.
type replay struct {
	arrow    *Arrow
	round    *Round
	figure   engine.Bitboard
	broken   engine.Bitboard
	position string
}

// replays keeps the replay of the moves it was made from: the state is encoded at every
// change the kiosk could see, and the replay costs a parse and a play a move (58 µs for
// 103 moves of Quad Wrangle here).
var replays struct {
	sync.Mutex
	rules engine.Rules
	moves []string
	replay
}

// replayed replays moves of r from the start, or returns the replay kept for them.
func replayed(r engine.Rules, moves []string) replay {
	replays.Lock()
	defer replays.Unlock()
	if replays.rules == r && slices.Equal(replays.moves, moves) {
		return replays.replay
	}
	var rp replay
	if n := len(moves); n > 0 {
		s := r.Start()
		for _, text := range moves[:n-1] {
			m, err := r.ParseMove(text)
			if err != nil || s.Validate(m) != nil {
				s = nil
				break
			}
			s.Play(m)
		}
		if s != nil {
			rp.arrow = arrowOf(s, moves[n-1])
			rp.round = roundEnded(s, moves[n-1])
			rp.figure, rp.broken, rp.position = wonAfter(s, moves[n-1])
		}
	}
	replays.rules, replays.moves, replays.replay = r, slices.Clone(moves), rp
	return rp
}

// lastArrow draws the last of moves from the position before it.
func lastArrow(r engine.Rules, moves []string) *Arrow { return replayed(r, moves).arrow }

// roundEnded is the round move text of s ends, in a game played in rounds: the move raises
// a player's count of rounds won (State.Score); nil for a move that ends none, or ends the
// game, whose own end says more. s is left as it was.
func roundEnded(s engine.State, text string) *Round {
	r := s.Rules()
	m, err := r.ParseMove(text)
	if !engine.IsRounds(r) || err != nil || s.Validate(m) != nil {
		return nil
	}
	before := make([]int, r.Players())
	for p := range before {
		before[p] = s.Score(p)
	}
	s.Play(m)
	defer s.Undo()
	if s.Outcome().Over {
		return nil
	}
	round := &Round{Player: -1}
	for p := range before {
		n := s.Score(p)
		round.Won = append(round.Won, n)
		round.Number += n
		if n > before[p] {
			round.Player = p
		}
	}
	if round.Player < 0 {
		return nil
	}
	return round
}

// wonAfter plays move text of s where it wins the game and reads the figure that decided
// it, the squares of it whose piece the move changed, and the position reached; none for
// a move that does not win. s is left as it was.
func wonAfter(s engine.State, text string) (figure, changed engine.Bitboard, position string) {
	m, err := s.Rules().ParseMove(text)
	if err != nil || s.Validate(m) != nil {
		return 0, 0, ""
	}
	s.Play(m)
	if o := s.Outcome(); o.Over && o.Winners != 0 {
		figure, position = engine.WinningSquares(s), s.String()
	}
	var after [64]engine.Piece
	for b := figure; b != 0; {
		sq := b.Pop()
		after[sq] = s.PieceAt(sq)
	}
	s.Undo()
	for b := figure; b != 0; {
		sq := b.Pop()
		if s.PieceAt(sq) != after[sq] {
			changed |= engine.Bit(sq)
		}
	}
	return figure, changed, position
}
