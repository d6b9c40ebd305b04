// Package quadwrangle implements Keith Carter's Quad Wrangle (7×7) and its Crowded
// variant (8×8, Carter's Crusade), with the project's settings (docs/rules/README.md).
//
// Players: 0 is White, 1 is Black. Stones are two-faced discs: White shows face 1, Black
// face 2, so a capture turns a disc over.
//
// Quad Wrangle's "first" setting is a project decision: the rule sheet has White move first,
// The project gives Crowded the setting, and Quad Wrangle has it too for symmetry.
//
// Position notation: the rows of the diagram from the top (the highest rank) down, separated
// by '/', each from file a: 'W' White, 'B' Black, '.' empty; then the side to move ('w' or
// 'b') and the number of moves played. Quad Wrangle's start is
//
//	.WWWWW./W.....B/W.....B/W.....B/W.....B/W.....B/.BBBBB. w 0
//
// Move notation: a placement is its square ("f4"; a drop or a growth, which the position
// decides), a slide is "g5-f6", a Crowded capture is "d4xe5".
//
// The package imports only the standard library and engine.
package quadwrangle

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/tavoliere/tavoliere/engine"
)

// Game ids.
const (
	IDQuadWrangle = "quadwrangle"
	IDCrowded     = "crowded"
)

// Players.
const (
	White = 0
	Black = 1
)

// Move kinds, in bits 12-13 of a Move; never zero, so no legal move is the zero Move.
const (
	kindPlace   = 1
	kindSlide   = 2
	kindCapture = 3
)

func placeMove(to engine.Square) engine.Move { return engine.Move(kindPlace<<12 | int(to)) }
func slideMove(from, to engine.Square) engine.Move {
	return engine.Move(kindSlide<<12 | int(from)<<6 | int(to))
}
func captureMove(from, to engine.Square) engine.Move {
	return engine.Move(kindCapture<<12 | int(from)<<6 | int(to))
}

func decode(m engine.Move) (kind int, from, to engine.Square) {
	return int(m >> 12), engine.Square(m >> 6 & 63), engine.Square(m & 63)
}

// Settings of Quad Wrangle: drops last, the move cap.
var qwSettings = []engine.Setting{
	{Key: "drop-last", Kind: engine.Bool, Default: "off",
		Doc: "Carter's priority: a drop only when no slide or growth exists"},
	{Key: "move-cap", Kind: engine.Int, Default: "300", Min: 0, Max: 100000,
		Doc: "plies after which the game ends, scored on the stones (0: no cap)"},
	{Key: "first", Kind: engine.Choice, Default: "white", Choices: []string{"white", "black"},
		Doc: "who moves first"},
}

// Settings of Crowded: the start layout, the first player.
var crowdedSettings = []engine.Setting{
	{Key: "layout", Kind: engine.Choice, Default: "checkerboard", Choices: []string{"checkerboard", "random"},
		Doc: "start: Neto's checkerboard (White on a1's colour) or Carter's random 32 v 32 deal"},
	{Key: "seed", Kind: engine.Int, Default: "1", Min: 0, Max: 1<<31 - 1,
		Doc: "the deal of the random layout"},
	{Key: "first", Kind: engine.Choice, Default: "black", Choices: []string{"black", "white"},
		Doc: "who moves first"},
}

// SettingDefs returns the settings of the game with the given id.
func SettingDefs(id string) []engine.Setting {
	if id == IDCrowded {
		return crowdedSettings
	}
	return qwSettings
}

// Rules is Quad Wrangle or Crowded with its settings in force.
type Rules struct {
	crowded  bool
	geo      *engine.Geometry
	settings engine.Settings
	dropLast bool
	moveCap  int
	first    int
	start    [2]engine.Bitboard
	rays     [8][64][8]engine.Square // queen rays from each square, NoSquare-terminated
	keys     []uint64                // Zobrist: [colour*64+square], then the side to move
}

// New returns the rules of Quad Wrangle (id "quadwrangle") or Crowded ("crowded") with the
// given setting overrides.
func New(id string, overrides map[string]string) (*Rules, error) {
	if id != IDQuadWrangle && id != IDCrowded {
		return nil, fmt.Errorf("quadwrangle: unknown game %q", id)
	}
	s, err := engine.NewSettings(SettingDefs(id), overrides)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", id, err)
	}
	r := &Rules{crowded: id == IDCrowded, settings: s}
	if s.Get("first") == "black" {
		r.first = Black
	}
	if r.crowded {
		r.geo = engine.NewGeometry(8, 8, false)
		r.start = crowdedStart(r.geo, s.Get("layout"), uint64(s.Int("seed")))
	} else {
		r.geo = engine.NewGeometry(7, 7, false)
		r.dropLast = s.Bool("drop-last")
		r.moveCap = s.Int("move-cap")
		for _, n := range strings.Fields("a2 a3 a4 a5 a6 b7 c7 d7 e7 f7") {
			sq, _ := r.geo.ParseSquare(n)
			r.start[White] |= engine.Bit(sq)
		}
		for _, n := range strings.Fields("b1 c1 d1 e1 f1 g2 g3 g4 g5 g6") {
			sq, _ := r.geo.ParseSquare(n)
			r.start[Black] |= engine.Bit(sq)
		}
	}
	r.initRays()
	r.keys = engine.ZobristKeys(0x51ad_3a9e_0001+uint64(r.geo.Files), 2*64+1)
	return r, nil
}

// crowdedStart deals the Crowded board: the checkerboard with White on a1's colour, or 32 v
// 32 shuffled by a PCG stream of the seed (Fisher-Yates written out here, so that the deal
// of a seed never changes with the Go release).
func crowdedStart(g *engine.Geometry, layout string, seed uint64) [2]engine.Bitboard {
	var w engine.Bitboard
	if layout == "random" {
		sq := make([]engine.Square, 64)
		for i := range sq {
			sq[i] = engine.Square(i)
		}
		pcg := rand.NewPCG(seed, 0xc0ded)
		for i := len(sq) - 1; i > 0; i-- {
			j := int(pcg.Uint64() % uint64(i+1))
			sq[i], sq[j] = sq[j], sq[i]
		}
		for _, s := range sq[:32] {
			w |= engine.Bit(s)
		}
	} else {
		for s := engine.Square(0); s < 64; s++ {
			if (g.File(s)+g.Rank(s))%2 == 0 {
				w |= engine.Bit(s)
			}
		}
	}
	return [2]engine.Bitboard{w, g.All() &^ w}
}

func (r *Rules) initRays() {
	for s := engine.Square(0); int(s) < r.geo.Size(); s++ {
		for d, dir := range engine.AllDirections {
			n := 0
			for b := r.geo.Shift(engine.Bit(s), dir); b != 0; b = r.geo.Shift(b, dir) {
				r.rays[d][s][n] = b.First()
				n++
			}
			for ; n < 8; n++ {
				r.rays[d][s][n] = engine.NoSquare
			}
		}
	}
}

// ID implements engine.Rules.
func (r *Rules) ID() string {
	if r.crowded {
		return IDCrowded
	}
	return IDQuadWrangle
}

// Name implements engine.Rules.
func (r *Rules) Name() string {
	if r.crowded {
		return "Quad Wrangle: Crowded (Crusade)"
	}
	return "Quad Wrangle"
}

// Geometry implements engine.Rules.
func (r *Rules) Geometry() *engine.Geometry { return r.geo }

// Players implements engine.Rules.
func (r *Rules) Players() int { return 2 }

// Scored implements engine.Scored: the stones on the board decide the game, and
// State.Score counts them.
func (r *Rules) Scored() bool { return true }

// Flips implements engine.Flipping: a move turns the opponent's stones beside it.
func (r *Rules) Flips() bool { return true }

// PlayerName implements engine.Rules.
func (r *Rules) PlayerName(p int) string {
	if p == White {
		return "White"
	}
	return "Black"
}

// Settings implements engine.Rules.
func (r *Rules) Settings() engine.Settings { return r.settings }

// Start implements engine.Rules.
func (r *Rules) Start() engine.State { return r.NewState(r.start, r.first, 0) }

// NewState returns the position with the given stones (indexed by player), side to move
// and ply count, with an empty history.
func (r *Rules) NewState(stones [2]engine.Bitboard, turn, ply int) *State {
	s := &State{r: r, bb: stones, turn: uint8(turn), ply: ply, hist: make([]undo, 0, 64)}
	s.hash = r.hashOf(stones, turn)
	return s
}

func (r *Rules) hashOf(bb [2]engine.Bitboard, turn int) uint64 {
	var h uint64
	for c := range bb {
		for b := bb[c]; b != 0; {
			h ^= r.keys[c*64+int(b.Pop())]
		}
	}
	if turn == Black {
		h ^= r.keys[128]
	}
	return h
}
