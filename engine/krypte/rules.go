// Package krypte implements Marino Carpignano's Krypte (docs/rules/README.md).
//
// Discs enter from an edge, slide over occupied cells to the first empty one, and turn over
// every orthogonal neighbour; the first line of four of one colour wins. Player 0 is Black
// (face 2, the dark side, up), player 1 White (face 1, the light side, up), as in every
// game (engine.Face1); Black moves first, from the North edge.
//
// Orientation: rank 1 is the North edge, drawn at the top, as on the rule sheet's diagrams.
//
// Position notation: the ranks from 1 (North) to 8, separated by '/', each from file a
// (West): 'B' Black, 'W' White, '.' empty; the side to move ('b' or 'w'); the edge the last
// disc entered from ('N', 'E', 'S', 'W', or '-' before the first move). The start is
//
//	......../......../......../......../......../......../......../........ b -
//
// Move notation: the landing cell ("e5"); the ambiguity ban makes the edge follow from it.
//
// The package imports only the standard library and engine.
package krypte

import (
	"fmt"

	"github.com/tavoliere/tavoliere/engine"
)

// ID is the registry id of the game.
const ID = "krypte"

// Players.
const (
	Black = 0
	White = 1
)

// Edge is a side of the board a disc enters from.
type Edge uint8

// Edges, clockwise from North; NoEdge before the first move.
const (
	NoEdge Edge = iota
	N
	E
	S
	W
)

func (e Edge) String() string { return string("-NESW"[e]) }

// active returns the two edges that follow e clockwise; before the first move
// only North is active.
func (e Edge) active() (Edge, Edge) {
	if e == NoEdge {
		return N, NoEdge
	}
	return e%4 + 1, (e+1)%4 + 1
}

const (
	fileA engine.Bitboard = 0x0101010101010101
	fileB                 = fileA << 1
	fileG                 = fileA << 6
	fileH                 = fileA << 7
)

// hasLine reports whether b holds four in a row, orthogonally or diagonally.
func hasLine(b engine.Bitboard) bool {
	x := b & (b >> 1 &^ fileH) // east
	if x&(x>>2&^(fileG|fileH)) != 0 {
		return true
	}
	x = b & (b >> 8) // towards rank 8
	if x&(x>>16) != 0 {
		return true
	}
	x = b & (b >> 9 &^ fileH) // rank+1, file+1
	if x&(x>>18&^(fileG|fileH)) != 0 {
		return true
	}
	x = b & (b >> 7 &^ fileA) // rank+1, file-1
	return x&(x>>14&^(fileA|fileB)) != 0
}

// Rules is Krypte. It has no settings.
type Rules struct {
	geo  *engine.Geometry
	keys []uint64 // [colour*64+square], side to move, then the last edge
}

// New returns the rules of Krypte. Krypte has no settings; any override is an error.
func New(overrides map[string]string) (*Rules, error) {
	if _, err := engine.NewSettings(nil, overrides); err != nil {
		return nil, fmt.Errorf("%s: %w", ID, err)
	}
	return &Rules{
		geo:  engine.NewGeometry(8, 8, true),
		keys: engine.ZobristKeys(0x6b72797074650001, 2*64+1+5),
	}, nil
}

// ID implements engine.Rules.
func (r *Rules) ID() string { return ID }

// Name implements engine.Rules.
func (r *Rules) Name() string { return "Krypte" }

// Geometry implements engine.Rules.
func (r *Rules) Geometry() *engine.Geometry { return r.geo }

// Players implements engine.Rules.
func (r *Rules) Players() int { return 2 }

// Flips implements engine.Flipping: a disc played turns the discs beside it.
func (r *Rules) Flips() bool { return true }

// PlayerName implements engine.Rules.
func (r *Rules) PlayerName(p int) string { return [...]string{"Black", "White"}[p] }

// Settings implements engine.Rules.
func (r *Rules) Settings() engine.Settings {
	s, _ := engine.NewSettings(nil, nil)
	return s
}

// Start implements engine.Rules.
func (r *Rules) Start() engine.State { return r.NewState([2]engine.Bitboard{}, Black, NoEdge) }

// NewState returns the position with the given discs (by player), side to move and last
// entry edge.
func (r *Rules) NewState(discs [2]engine.Bitboard, turn int, last Edge) *State {
	s := &State{r: r, bb: discs, turn: uint8(turn), last: last, hist: make([]undo, 0, 64)}
	for c := range discs {
		for b := discs[c]; b != 0; {
			s.hash ^= r.keys[c*64+int(b.Pop())]
		}
	}
	if turn == White {
		s.hash ^= r.keys[128]
	}
	s.hash ^= r.keys[129+int(last)]
	s.status = s.lines()
	return s
}
