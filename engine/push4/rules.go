// Package push4 implements Push 4 (2010; docs/rules/README.md): four
// players push marbles into a 6×6 board from its edges; the first line of four of one colour,
// across or up and down, wins.
//
// Board and players: 6×6, rank 1 at the bottom, empty at the start. Players in turn order:
// 0 Red, 1 Blue, 2 Green, 3 Yellow, 9 marbles each, all in hand at the start. Who moves first
// is the setting "first" (red, blue, green, yellow or random from "seed"), Red by
// default. A marble is engine.Face1 with the identity player+1, so identity sensors tell the
// four colours apart; presence and polarity sensors do not.
//
// Moves: a move is one insertion, named by its entry point, one of 24 (the 6
// files from the North and from the South edge, the 6 ranks from the West and from the East
// edge). The marble enters the edge cell and pushes the contiguous chain of marbles in front
// of it one cell inward; where the chain reaches the far edge, its last marble falls off and
// goes back to its owner's hand. Every entry point is legal while the mover holds a marble.
//
// Turns: the turn passes to the next player in order who holds a marble; players
// with an empty hand are skipped (no pass move); when every other hand is empty, the mover
// moves again. Nobody holds a marble only when the board is full.
//
// End: four of one colour in a row, orthogonally, wins (no diagonals). If one push makes the
// lines of several players, the mover wins if one of them is his; otherwise the
// first owner of a line in turn order after the mover. A full board without a line (all
// hands empty) is a draw. The third occurrence of a position with the same player to move is
// a draw, and so is reaching the setting "move-cap" insertions (default 400, 0 for none)
// (a setting); these history rules live in Outcome only, so perft ignores them.
//
// Footprints: Line runs from the entry cell (Entry) to the end of the pushed chain, the empty
// cell it moves into (Filled, the entry cell itself when it was empty) or the far edge cell
// whose marble falls off (Exit, else engine.NoSquare). From is engine.Supply; To is
// engine.Supply when a marble falls off (back to its owner's hand), else engine.Nowhere.
// Replaced holds the cells of the chain whose colour changes, Touched every marble the push
// moves; a push empties no cell. Piece names the marble that ends on the filled cell.
//
// Position notation: the ranks from 6 (top) to 1, separated by '/', each from file a: 'R',
// 'B', 'G', 'Y' a marble, '.' empty; the player to move ('r', 'b', 'g', 'y'); the number of
// insertions played (may be left out when parsing: 0). Hands are not written: each player
// holds 9 minus his marbles on the board. The start is
//
//	....../....../....../....../....../...... r 0
//
// The rule for lines of several players needs the player who pushed last. A parsed position has no history, so it takes
// the player before the one to move in turn order; the true pusher can differ only when that
// player holds no marble (skipped, or he pushed his last one).
//
// Move notation: the edge letter and the line: "Nc" enters file c from the North (top) edge
// and pushes down, "Sc" from the South pushing up, "W3" enters rank 3 from the West (left)
// edge pushing right, "E3" from the East pushing left.
//
// The package imports only the standard library and engine.
package push4

import (
	"fmt"
	"slices"

	"github.com/tavoliere/tavoliere/engine"
)

// ID is the registry id of the game.
const ID = "push4"

// Players, in turn order.
const (
	Red = iota
	Blue
	Green
	Yellow
)

// Size is the side of the board; Marbles is each player's number of marbles.
const (
	Size    = 6
	Marbles = 9
	cells   = Size * Size
)

// Edge is the side of the board a marble enters from.
type Edge uint8

// Edges, clockwise from North (the top, rank 6).
const (
	N Edge = iota
	E
	S
	W
)

func (e Edge) String() string { return string("NESW"[e]) }

// MoveOf returns the insertion from edge e into line i (0-based: the file for N and S, the
// rank for E and W).
func MoveOf(e Edge, i int) engine.Move { return engine.Move(1 + int(e)*Size + i) }

// Decode returns the edge and 0-based line of an insertion; ok is false for no insertion.
func Decode(m engine.Move) (e Edge, i int, ok bool) {
	if m == 0 || m > 4*Size {
		return 0, 0, false
	}
	return Edge((m - 1) / Size), int(m-1) % Size, true
}

const moves = 4 * Size

// entry is what one entry point does: the cells from the entry cell to the far edge, the
// sets of their first k cells, and the shift that moves a cell one step along the path.
type entry struct {
	path     [Size]engine.Square
	prefix   [Size + 1]engine.Bitboard
	shl, shr uint
}

// pieceOf returns the marble of player p.
func pieceOf(p int) engine.Piece { return engine.Face1 | engine.Piece(p+1)<<2 }

var (
	letters     = "RBGY"
	sideLetters = "rbgy"
	names       = [...]string{"Red", "Blue", "Green", "Yellow"}
	keyNames    = []string{"red", "blue", "green", "yellow"}
)

// settingDefs are Push 4's settings: who moves first and the move cap.
var settingDefs = append(engine.FirstSettings(keyNames...), engine.Setting{
	Key: "move-cap", Kind: engine.Int, Default: "400", Min: 0, Max: 100000,
	Doc: "insertions after which the game is a draw (0: no cap)",
})

// SettingDefs returns Push 4's settings.
func SettingDefs() []engine.Setting { return slices.Clone(settingDefs) }

// Rules is Push 4 with its settings in force.
type Rules struct {
	geo      *engine.Geometry
	settings engine.Settings
	first    int
	moveCap  int
	entries  [moves + 1]entry // by move
	keys     []uint64         // Zobrist: [player*36+square], then [144+player to move]
}

// New returns the rules of Push 4 with the given setting overrides.
func New(overrides map[string]string) (*Rules, error) {
	s, err := engine.NewSettings(settingDefs, overrides)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", ID, err)
	}
	r := &Rules{
		geo:      engine.NewGeometry(Size, Size, false),
		settings: s,
		first:    engine.FirstPlayer(s, 0x7075736834),
		moveCap:  s.Int("move-cap"),
		keys:     engine.ZobristKeys(0x7075736834000001, 4*cells+4),
	}
	for m := engine.Move(1); m <= moves; m++ {
		e, i, _ := Decode(m)
		en := &r.entries[m]
		for j := range Size {
			switch e {
			case N:
				en.path[j] = r.geo.Square(i, Size-1-j)
			case S:
				en.path[j] = r.geo.Square(i, j)
			case W:
				en.path[j] = r.geo.Square(j, i)
			case E:
				en.path[j] = r.geo.Square(Size-1-j, i)
			}
			en.prefix[j+1] = en.prefix[j] | engine.Bit(en.path[j])
		}
		switch e {
		case N:
			en.shr = Size
		case S:
			en.shl = Size
		case W:
			en.shl = 1
		case E:
			en.shr = 1
		}
	}
	return r, nil
}

// First returns the player who moves first.
func (r *Rules) First() int { return r.first }

// ID implements engine.Rules.
func (r *Rules) ID() string { return ID }

// Name implements engine.Rules.
func (r *Rules) Name() string { return "Push 4" }

// Geometry implements engine.Rules.
func (r *Rules) Geometry() *engine.Geometry { return r.geo }

// Players implements engine.Rules.
func (r *Rules) Players() int { return 4 }

// PlayerName implements engine.Rules.
func (r *Rules) PlayerName(p int) string { return names[p] }

// Settings implements engine.Rules.
func (r *Rules) Settings() engine.Settings { return r.settings }

// PieceName implements engine.PieceNamer: the colour's letter, as the position notation
// writes it.
func (r *Rules) PieceName(p engine.Piece) string {
	c := int(p.Identity()) - 1
	if p.Face() != uint8(engine.Face1) || c < 0 || c >= len(letters) {
		return "?"
	}
	return letters[c : c+1]
}

// Start implements engine.Rules.
func (r *Rules) Start() engine.State { return r.NewState([4]engine.Bitboard{}, r.first, 0) }

// NewState returns the position with the given marbles (by player), player to move and
// number of insertions played, with an empty history. The player before the one to move
// counts as the last to have pushed (see the package doc).
func (r *Rules) NewState(marbles [4]engine.Bitboard, turn, ply int) *State {
	s := &State{r: r, bb: marbles, turn: uint8(turn), last: uint8((turn + 3) % 4), ply: ply, hist: make([]undo, 0, 64)}
	for p := range marbles {
		for b := marbles[p]; b != 0; {
			s.hash ^= r.keys[p*cells+int(b.Pop())]
		}
	}
	s.hash ^= r.keys[4*cells+turn]
	s.status = s.lines()
	return s
}

// hasLine reports whether b holds four in a row across or up and down on the 6×6 board.
func hasLine(b engine.Bitboard) bool {
	const (
		filesAE = 0b011111 * 0x041041041 // files a-e: a step east stays on the rank
		filesAC = 0b000111 * 0x041041041
	)
	x := b & (b >> 1) & filesAE
	if x&(x>>2)&filesAC != 0 {
		return true
	}
	x = b & (b >> Size)
	return x&(x>>(2*Size)) != 0
}
