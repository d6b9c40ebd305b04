// Package push implements Gilbert Obermair's Push (1977; docs/rules/README.md): 25
// marbles fill a 5×5 board, the player to move holds the 26th and pushes it in
// at an edge; the marble that falls out at the far edge goes back to its owner, who moves
// next. A 3×3 square of one colour wins.
//
// Players: player 0 is Black, who holds the spare marble at the start and so moves first
// (the sheet's "second player"); player 1 is White, the sheet's "first player",
// whose 13 marbles stand on the corner colour of the checkerboard: a1 c1 e1 b2 d2 a3 c3 e3 b4
// d4 a5 c5 e5. Black's 12 stand on the other squares. Black's marbles are dark (engine.Face2),
// White's light (engine.Face1), as in every game. Rank 1 is the bottom edge.
//
// A move is one insertion, named by its entry point: the marble in hand goes in at
// either end of any row or column (20 entry points), the line moves one square and the marble
// at the far end falls out. Two insertions that give the same position are still two moves.
// The owner of the ejected marble moves next, so the player to move always holds
// exactly one marble: 12 of his marbles are on the board, 13 of the other's.
//
// End: the owner of a 3×3 square's colour wins, whoever pushed; two squares
// of different colours never stand together on 5×5. With the setting spear (off by
// default) the Spear edition's refinement applies: the win is unconditional only if the
// winning push ejected a marble of the winner's colour (the winner then holds the spare);
// if it ejected one of the opponent's, the opponent, who then holds the spare, makes one
// last push and the game ends after it, whatever it ejects: a 3×4 block (either way round)
// of his colour wins for him, a 3×3 square of his colour is a draw, anything else leaves the
// win to the square's owner, even if the push broke the square. On 5×5 the last push can
// never make a 3×4 block: such a block shares two neighbouring squares of one line with the
// standing 3×3 square, and a push along that line keeps the middle one in the winner's colour
// (the tests check every board exhaustively); the rule is kept as written all the same.
//
// Endless play: the third occurrence of a position with the same player to move is
// a draw, and so is reaching the setting move-cap (default 400 insertions, 0 for none). Both
// look at the history and live in Outcome only; Legal and perft follow the position. They do
// not cut short a pending last push.
//
// Position notation: the ranks from 5 (top) down to 1, separated by '/', each from file a:
// 'B' Black, 'W' White (the board is always full); the player to move, who holds the spare
// ('b' or 'w'); the number of insertions played; and, only in a spear game that ended on the
// last push, "last=b" or "last=w" naming who made that push. The start is
//
//	WBWBW/BWBWB/WBWBW/BWBWB/WBWBW b 0
//
// Move notation: the edge the marble enters from, then the line: "Nc" goes in at c5, the
// North (top) end of file c, and pushes the file down, so c1 falls out; "Sc" goes in at c1
// and pushes up; "W3" goes in at a3, the West (left) end of rank 3, and pushes right, so e3
// falls out; "E3" goes in at e3 and pushes left.
//
// The package imports only the standard library and engine.
package push

import (
	"fmt"

	"github.com/tavoliere/tavoliere/engine"
)

// ID is the registry id of the game.
const ID = "push"

// Players.
const (
	Black = 0 // holds the spare marble at the start and moves first
	White = 1 // the 13 marbles on the corner colour
)

// Edge is the side of the board a marble enters from.
type Edge uint8

// Edges; North is the top (rank 5), West the left (file a).
const (
	N Edge = 1 + iota
	E
	S
	W
)

const edgeLetters = "?NESW"

func (e Edge) String() string {
	if e < N || e > W {
		return "?"
	}
	return edgeLetters[e : e+1]
}

// NewMove returns the insertion from edge e into line i (0-based: the file for N and S, the
// rank for E and W).
func NewMove(e Edge, i int) engine.Move { return engine.Move(int(e)<<3 | i) }

func decode(m engine.Move) (e Edge, line int, ok bool) {
	e, line = Edge(m>>3), int(m&7)
	return e, line, m < 1<<6 && e >= N && e <= W && line < size
}

func index(m engine.Move) int { return int(m>>3-1)*size + int(m&7) }

const (
	size  = 5
	fileA = engine.Bitboard(1 | 1<<5 | 1<<10 | 1<<15 | 1<<20)
	// Where a run of three (four) starts along a rank: files a-c (a-b).
	start3 = fileA * 7
	start4 = fileA * 3
)

// hasSquare reports whether b holds a 3×3 square.
func hasSquare(b engine.Bitboard) bool {
	h := b & (b >> 1) & (b >> 2) & start3
	return h&(h>>size)&(h>>(2*size)) != 0
}

// squares3 returns the squares of b's 3×3 squares.
func squares3(b engine.Bitboard) engine.Bitboard {
	h := b & (b >> 1) & (b >> 2) & start3
	c := h & (h >> size) & (h >> (2 * size)) // their lower left corners
	c |= c<<1 | c<<2
	return c | c<<size | c<<(2*size)
}

// hasBlock34 reports whether b holds a 3×4 block, three wide and four tall or four wide and
// three tall.
func hasBlock34(b engine.Bitboard) bool {
	h := b & (b >> 1) & (b >> 2) & start3
	if h&(h>>size)&(h>>(2*size))&(h>>(3*size)) != 0 {
		return true
	}
	h = b & (b >> 1) & (b >> 2) & (b >> 3) & start4
	return h&(h>>size)&(h>>(2*size)) != 0
}

// push is what one of the 20 insertions does: the line it moves, where the marble goes in
// and where one falls out, and the shift that moves the rest one square along.
type push struct {
	line        engine.Bitboard
	entry, exit engine.Square
	shl, shr    uint8
}

// apply returns the marbles of one colour after the push; the entering marble is not added.
func (p *push) apply(b engine.Bitboard) engine.Bitboard {
	return b&^p.line | (b&p.line&^engine.Bit(p.exit))<<p.shl>>p.shr
}

var settingDefs = []engine.Setting{
	{Key: "spear", Kind: engine.Bool, Default: "off",
		Doc: "the Spear edition's last push after a square that ejected the loser's marble"},
	{Key: "move-cap", Kind: engine.Int, Default: "400", Min: 0, Max: 100000,
		Doc: "insertions after which the game is drawn (0: no cap)"},
}

// SettingDefs returns the settings of Push.
func SettingDefs() []engine.Setting { return settingDefs }

// Rules is Push with its settings in force.
type Rules struct {
	geo      *engine.Geometry
	settings engine.Settings
	spear    bool
	moveCap  int
	pushes   [4 * size]push
	moves    [4 * size]engine.Move // every insertion, in the order Legal lists them
	start    [2]engine.Bitboard
	keys     []uint64 // Zobrist: [colour*25+square], White to move, last push by Black, by White
	flip     [size * size]uint64
}

const (
	keyTurn = 2 * size * size
	keyLast = keyTurn // keys[keyLast+p+1]: the last push was made by p
)

// New returns the rules of Push with the given setting overrides.
func New(overrides map[string]string) (*Rules, error) {
	s, err := engine.NewSettings(settingDefs, overrides)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", ID, err)
	}
	r := &Rules{
		geo:      engine.NewGeometry(size, size, false),
		settings: s,
		spear:    s.Bool("spear"),
		moveCap:  s.Int("move-cap"),
		keys:     engine.ZobristKeys(0x7075736800000001, 2*size*size+3),
	}
	g := r.geo
	for e := N; e <= W; e++ {
		for i := range size {
			m := NewMove(e, i)
			p := &r.pushes[index(m)]
			switch e {
			case N:
				p.line, p.entry, p.exit, p.shr = g.FileMask(i), g.Square(i, size-1), g.Square(i, 0), size
			case S:
				p.line, p.entry, p.exit, p.shl = g.FileMask(i), g.Square(i, 0), g.Square(i, size-1), size
			case W:
				p.line, p.entry, p.exit, p.shl = g.RankMask(i), g.Square(0, i), g.Square(size-1, i), 1
			case E:
				p.line, p.entry, p.exit, p.shr = g.RankMask(i), g.Square(size-1, i), g.Square(0, i), 1
			}
			r.moves[index(m)] = m
		}
	}
	for sq := range engine.Square(size * size) {
		if (g.File(sq)+g.Rank(sq))%2 == 0 {
			r.start[White] |= engine.Bit(sq)
		}
		r.flip[sq] = r.keys[sq] ^ r.keys[size*size+int(sq)]
	}
	r.start[Black] = g.All() &^ r.start[White]
	return r, nil
}

// ID implements engine.Rules.
func (r *Rules) ID() string { return ID }

// Name implements engine.Rules.
func (r *Rules) Name() string { return "Push" }

// Geometry implements engine.Rules.
func (r *Rules) Geometry() *engine.Geometry { return r.geo }

// Players implements engine.Rules.
func (r *Rules) Players() int { return 2 }

// PlayerName implements engine.Rules.
func (r *Rules) PlayerName(p int) string { return [...]string{"Black", "White"}[p] }

// Settings implements engine.Rules.
func (r *Rules) Settings() engine.Settings { return r.settings }

// Start implements engine.Rules.
func (r *Rules) Start() engine.State { return r.NewState(r.start, Black, 0) }

// NewState returns the position with the given marbles (by player), player to move and
// number of insertions played, with an empty history. The board must be full, with 12
// marbles of the player to move.
func (r *Rules) NewState(marbles [2]engine.Bitboard, turn, ply int) *State {
	s := &State{r: r, bb: marbles, turn: uint8(turn), ply: ply, hist: make([]undo, 0, 64)}
	s.hash = r.hashOf(marbles, turn, 0)
	return s
}

func (r *Rules) hashOf(bb [2]engine.Bitboard, turn int, last uint8) uint64 {
	var h uint64
	for c := range bb {
		for b := bb[c]; b != 0; {
			h ^= r.keys[c*size*size+int(b.Pop())]
		}
	}
	if turn == White {
		h ^= r.keys[keyTurn]
	}
	if last != 0 {
		h ^= r.keys[keyLast+int(last)]
	}
	return h
}
