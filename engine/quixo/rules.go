// Package quixo implements Thierry Chapeau's Quixo (5×5, docs/rules/README.md): the 2-player
// game (id "quixo") and the 4-player team game (id "quixo4"), with the project's draw rules
// for endless play and the dot as part of the move.
//
// Board: 5×5, rank 1 at the bottom, a1 the bottom-left corner.
//
// Players: in quixo, 0 is Crosses (X, moves first) and 1 is Circles (O). In quixo4 the seats
// play in the order A1, B1, A2, B2 (players 0, 1, 2, 3); team A (players 0 and 2) plays X,
// team B (players 1 and 3) plays O, and team-mates sit opposite. A team win sets both its
// players' bits in Outcome.Winners.
//
// Pieces: a blank cube is Blank (face 3: no symbol up), an X cube shows engine.Face1 and an O
// cube engine.Face2, so polarity sensors read X and O. In quixo4 the identity bits say which
// team-mate the cube's dot points to: 1 the team's first player (A1 or B1), 2 its second (A2
// or B2); in quixo the identity is 0.
//
// A move takes a border cube that is blank or shows the mover's symbol (in quixo4: a blank
// one, or one of the team's symbol whose dot points to the mover) and puts it back, the
// mover's symbol up, at an end of its row or column, never where it came from; the cubes in
// between move one step. In quixo4 the mover also turns the dot to a team-mate (the
// project's rule: the dot is part of the move), so each move comes in two versions, and a player with no cube to take must pass:
// Legal then offers the single move Pass. In quixo nobody passes.
//
// End: a row, column or long diagonal of five of one symbol. A move that makes the
// opponent's line loses even if it makes the mover's too (QX-5), so Outcome, reading the
// position alone, gives the game to the side to move whenever its symbol has a line. The
// threefold repetition of a position with the same player to move is a draw, and so is
// reaching the "move-cap" setting's number of plies (default 400, 0 for none); both rules
// (the draw rules) look at the history and are in Outcome only, so perft ignores them. Taking a
// blank cube can never be undone (blank cubes only ever become fewer), so no repetition
// reaches back past one.
//
// Move notation: "c1-a1" takes c1 and puts the cube in at a1; in quixo4 the dot follows,
// "c1-a1.2" turning it to the team's second player (".1" the first); "pass" is the pass.
//
// Position notation: the ranks from 5 down to 1, separated by '/', each from file a: '.'
// blank, 'X' and 'O'; in quixo4 the capital points the dot to the team's first player and
// 'x', 'o' to its second. Then the player to move ("X" or "O"; in quixo4 "A1", "B1", "A2" or
// "B2") and the number of moves played. The start of quixo is
//
//	...../...../...../...../..... X 0
//
// The package imports only the standard library and engine.
package quixo

import (
	"fmt"

	"github.com/tavoliere/tavoliere/engine"
)

// Game ids.
const (
	ID  = "quixo"
	ID4 = "quixo4"
)

// Players of quixo; in quixo4 a player's team is p&1 (Crosses or Circles) and p>>1 says
// whether he is the team's first or second player.
const (
	Crosses = 0
	Circles = 1
)

// Blank is a cube with no symbol up.
const Blank engine.Piece = 3

// Cube returns the piece of a cube showing the symbol of team (Crosses or Circles), its dot
// pointing to the team's player dot (1 or 2; 0 in quixo).
func Cube(team, dot int) engine.Piece {
	return engine.Piece(team+1) | engine.Piece(dot)<<2
}

const (
	size  = 5
	cells = size * size
)

// A Move packs from (bits 0-4), to (5-9), the dot (10-11: 0 in quixo, 1 or 2 in quixo4) and
// the push flag (bit 12), so no push is the zero Move; Pass is bit 13 alone.
const (
	pushFlag = 1 << 12

	// Pass is the move of a quixo4 player with no cube to take.
	Pass engine.Move = 1 << 13
)

func pushMove(from, to engine.Square, dot int) engine.Move {
	return engine.Move(pushFlag | dot<<10 | int(to)<<5 | int(from))
}

func decode(m engine.Move) (from, to engine.Square, dot int) {
	return engine.Square(m & 31), engine.Square(m >> 5 & 31), int(m >> 10 & 3)
}

// push is what one (from, to) pair does: the segment from the entry to the square taken,
// and which way, and how far, the cubes between move.
type push struct {
	seg   engine.Bitboard
	shift uint8
	up    bool // towards higher squares (the entry is the lower end)
}

// Settings of both games: the move cap.
var settingDefs = []engine.Setting{
	{Key: "move-cap", Kind: engine.Int, Default: "400", Min: 0, Max: 100000,
		Doc: "plies after which the game is drawn (0: no cap)"},
}

// SettingDefs returns the settings of quixo and quixo4.
func SettingDefs() []engine.Setting { return settingDefs }

// Rules is quixo or quixo4 with its settings in force.
type Rules struct {
	four     bool
	geo      *engine.Geometry
	settings engine.Settings
	moveCap  int
	border   engine.Bitboard
	lines    [12]engine.Bitboard
	ends     [cells][3]engine.Square // where a cube taken from a border square may go, NoSquare-terminated
	pushes   [cells * cells]push     // by from*cells+to
	tg       *tableGeometry          // the pushes on 25-bit masks, for the table and the evaluation
	keys     []uint64                // Zobrist: [piece*cells+square]
	turnKey  [4]uint64               // 0 for player 0
}

// New returns the rules of Quixo (id "quixo") or the team game ("quixo4") with the given
// setting overrides.
func New(id string, overrides map[string]string) (*Rules, error) {
	if id != ID && id != ID4 {
		return nil, fmt.Errorf("quixo: unknown game %q", id)
	}
	s, err := engine.NewSettings(settingDefs, overrides)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", id, err)
	}
	r := &Rules{four: id == ID4, geo: engine.NewGeometry(size, size, false), settings: s, moveCap: s.Int("move-cap")}
	g := r.geo
	for i := range size {
		r.lines[i] = g.RankMask(i)
		r.lines[size+i] = g.FileMask(i)
		r.lines[2*size] |= engine.Bit(g.Square(i, i))
		r.lines[2*size+1] |= engine.Bit(g.Square(i, size-1-i))
	}
	r.border = g.RankMask(0) | g.RankMask(size-1) | g.FileMask(0) | g.FileMask(size-1)
	for sq := range engine.Square(cells) {
		r.ends[sq] = [3]engine.Square{engine.NoSquare, engine.NoSquare, engine.NoSquare}
		if !r.border.Has(sq) {
			continue
		}
		f, k := g.File(sq), g.Rank(sq)
		n := 0
		for _, to := range []engine.Square{g.Square(0, k), g.Square(size-1, k), g.Square(f, 0), g.Square(f, size-1)} {
			if to == sq {
				continue
			}
			r.ends[sq][n] = to
			n++
			r.pushes[int(sq)*cells+int(to)] = segment(g, sq, to)
		}
	}
	r.tg = geometryOf(r)
	r.keys = engine.ZobristKeys(0x9_0150_0000+uint64(len(id)), 12*cells+4)
	copy(r.turnKey[1:], r.keys[12*cells:])
	return r, nil
}

// segment returns the push of a cube taken at from and put in at to, an end of its row or
// column.
func segment(g *engine.Geometry, from, to engine.Square) push {
	lo, hi := min(from, to), max(from, to)
	step := engine.Square(1)
	if g.File(from) == g.File(to) {
		step = size
	}
	var p push
	for sq := lo; sq <= hi; sq += step {
		p.seg |= engine.Bit(sq)
	}
	p.shift, p.up = uint8(step), to < from
	return p
}

// ID implements engine.Rules.
func (r *Rules) ID() string {
	if r.four {
		return ID4
	}
	return ID
}

// Name implements engine.Rules.
func (r *Rules) Name() string {
	if r.four {
		return "Quixo for four"
	}
	return "Quixo"
}

// Geometry implements engine.Rules.
func (r *Rules) Geometry() *engine.Geometry { return r.geo }

// Players implements engine.Rules.
func (r *Rules) Players() int {
	if r.four {
		return 4
	}
	return 2
}

var (
	teamNames = [2]string{"Crosses", "Circles"}
	seats     = [4]string{"A1", "B1", "A2", "B2"}
	symbol    = [2]byte{'X', 'O'}
)

// PlayerName implements engine.Rules.
func (r *Rules) PlayerName(p int) string {
	if r.four {
		return teamNames[p&1] + " " + seats[p]
	}
	return teamNames[p]
}

// tableSeats are where the players of Quixo for four sit, by player (A1, B1, A2, B2): round
// the table clockwise from the edge of rank 1, team-mates opposite. The rules say only that
// team-mates sit opposite and turns go round the table; a cube's dot points towards the edge
// of the player it names.
var tableSeats = [4]string{"S", "W", "N", "E"}

// Seat implements engine.Seated: the edge player p sits at in Quixo for four; "" in Quixo,
// whose cubes point to nobody.
func (r *Rules) Seat(p int) string {
	if !r.four {
		return ""
	}
	return tableSeats[p]
}

// Settings implements engine.Rules.
func (r *Rules) Settings() engine.Settings { return r.settings }

// Start implements engine.Rules.
func (r *Rules) Start() engine.State { return r.NewState(nil, Crosses, 0) }

// NewState returns the position with the given cubes (nil for all blank; a zero entry is a
// blank cube too), player to move and ply count, with an empty history. Dots are dropped in
// quixo and default to the team's first player in quixo4.
func (r *Rules) NewState(board *[cells]engine.Piece, turn, ply int) *State {
	s := &State{r: r, turn: uint8(turn), ply: ply, irrev: ply, hist: make([]undo, 0, 64)}
	if board != nil {
		for sq, p := range board {
			b := engine.Bit(engine.Square(sq))
			switch p.Face() {
			case 1:
				s.x |= b
			case 2:
				s.o |= b
			default:
				continue
			}
			if r.four && p.Identity() == 2 {
				s.d |= b
			}
		}
	}
	s.hash = r.hashOf(s)
	return s
}

func (r *Rules) key(p engine.Piece, sq engine.Square) uint64 { return r.keys[int(p)*cells+int(sq)] }

func (r *Rules) hashOf(s *State) uint64 {
	h := r.turnKey[s.turn]
	for sq := range engine.Square(cells) {
		h ^= r.key(s.PieceAt(sq), sq)
	}
	return h
}

// team returns the bits of the players of p's team (p's bit alone in quixo).
func (r *Rules) team(p int) uint8 {
	if r.four {
		return 0b0101 << uint(p&1)
	}
	return 1 << uint(p)
}
