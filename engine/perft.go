package engine

// Perft counts the move paths of exactly depth moves from s (leaf nodes), through the State
// contract. It ignores the history rules (repetition, move cap): a path ends early only where
// the position itself has no moves. s is left as it was.
func Perft(s State, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	bufs := make([][]Move, depth)
	for i := range bufs {
		bufs[i] = make([]Move, 0, 256)
	}
	return perft(s, depth, bufs)
}

func perft(s State, depth int, bufs [][]Move) uint64 {
	moves := s.Legal(bufs[depth-1][:0])
	bufs[depth-1] = moves
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		s.Play(m)
		n += perft(s, depth-1, bufs)
		s.Undo()
	}
	return n
}

// Divide returns, for each legal move of s, the perft count of depth-1 below it, in the
// order Legal gives the moves.
func Divide(s State, depth int) ([]Move, []uint64) {
	moves := s.Legal(nil)
	counts := make([]uint64, len(moves))
	for i, m := range moves {
		s.Play(m)
		counts[i] = Perft(s, depth-1)
		s.Undo()
	}
	return moves, counts
}
