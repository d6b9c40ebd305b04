package boards

import (
	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/hw"
)

// Board is what the sensors read, square by square (index = engine.Square).
type Board [64]hw.Reading

// differs returns the squares where b and o read otherwise.
func (b *Board) differs(o *Board) engine.Bitboard {
	var out engine.Bitboard
	for sq := range b {
		if b[sq] != o[sq] {
			out |= engine.Bit(engine.Square(sq))
		}
	}
	return out
}

// occupied returns the squares where b reads a piece.
func (b *Board) occupied() engine.Bitboard {
	var out engine.Bitboard
	for sq, v := range b {
		if v != 0 {
			out |= engine.Bit(engine.Square(sq))
		}
	}
	return out
}

// ReadingOf returns what a sensor of kind k reads for piece p.
func ReadingOf(p engine.Piece, k hw.SensorKind) hw.Reading {
	switch {
	case p == engine.Empty:
		return 0
	case k == hw.Presence:
		return 1
	case k == hw.Polarity:
		return hw.Reading(p.Face())
	}
	return hw.Reading(p)
}

// Project returns what a sensor grid of kind k reads for position s (design.md: Project).
func Project(s engine.State, k hw.SensorKind) Board {
	var b Board
	n := s.Rules().Geometry().Size()
	for sq := engine.Square(0); int(sq) < n; sq++ {
		b[sq] = ReadingOf(s.PieceAt(sq), k)
	}
	return b
}
