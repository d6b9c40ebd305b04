// Package xequeo implements Alex Randolph's Xe Queo! (docs/rules/README.md): two
// players move seven shared pawns towards a ring, each hoping to bring in the pawn he chose
// in secret, or call "Xe queo!" on the pawn he believes the opponent chose.
//
// The State is the referee's public view. It never holds a player's secret pawn: the cards
// enter as moves when they are shown (the project's rule on secret choices); the AI's own choice and its belief about the
// opponent's belong to the AI, not to the rules.
//
// Board and pawns: 7×7, files a–g, ranks 1–7, a1 bottom left. Seven pawns, one of each
// colour: R red, O orange, Y yellow, G green, B blue, V violet, W white (Colour 0…6). Pawn c
// is the piece with face engine.Face1 and identity c+1: presence and polarity sensors see a
// pawn, identity sensors its colour. Players: 0 "Player 1", 1 "Player 2".
//
// Settings: "distance" is euclid (the default: squared Euclidean distance, in
// integers) or octile (max + (√2−1)·min, compared exactly in integers: the sign of p + q√2
// from the squares of p and q, never a float). "seed" (default 1) deals the pawns at Start:
// seven distinct cells drawn uniformly, by rejection, from a PCG stream of the seed, so the
// deal of a seed never changes with the Go release and a journal replays.
//
// A match is a series of rounds; each round gives one ring, and the first to four rings wins
// (engine.Win, reason "four rings"). A round goes through these phases (Turn is who acts):
//
//   - place: a player puts the ring on an empty cell that is not 8-adjacent to any pawn
//     ("@d4"): in round 1 Player 1, later the loser of the previous round. Such a cell always
//     exists: a1, a4, a7, d1, d4, d7, g1, g4 and g7 are three king steps apart from each
//     other, so no pawn is on or next to two of them, and seven pawns leave two of the nine
//     free and unguarded.
//   - move: the player who did not place the ring acts first (in round 1 by the sheet, later
//     as the winner of the previous round, who is the loser's opponent), then the players
//     alternate. A turn either moves any pawn or challenges. A pawn steps to an empty
//     8-adjacent cell, or jumps over an 8-adjacent pawn to the empty cell just beyond it,
//     jumps chained as in Chinese checkers; after the whole move it must be strictly closer
//     to the ring than before, whatever the hops in between did. A chain that reaches
//     the ring cell ends there (a project decision). A move is its two cells ("e4-c6"), whatever the
//     path. A challenge names a colour ("xq:R").
//   - show: a pawn that enters the ring is a claim (a project decision). Its mover shows his card, then
//     the opponent shows his ("show:R"); the mover takes the ring if his card is that pawn's
//     colour and the opponent's is not, else the opponent takes it. After a challenge the
//     opponent shows his card, and the challenger takes the ring if it is the colour named,
//     else the opponent does. Any colour may be shown: a referee cannot check a card.
//   - then the winner of the round gets the ring. At four rings the match is over (phase
//     over); otherwise the loser places the next ring. The pawns stay where they are, the
//     pawn in the old ring too.
//
// No match is drawn and every match ends: each round gives its ring to somebody, and a round
// cannot go on for ever, since every pawn move makes the moved pawn strictly closer to the
// ring and a pawn's distance takes finitely many values (so the sum over the pawns, which
// falls at every move, cannot fall for ever), while a challenge ends the round at once. In
// the move phase a player can always challenge, so nobody is ever without a move.
//
// Decisions where the rules are silent:
//   - Player 1 places the first ring (the sheet says "one player");
//   - the later rings obey the first one's constraint (inferred: the sheet is silent), the pawn left in
//     the old ring counting as any other;
//   - both cards are always shown, even when the mover's card already gives the ring to the
//     opponent: the two cards are the round's record;
//   - once the match is over, Turn is the loser's (who would have placed the next ring);
//   - the position notation ends with the number of moves played, as the other games' do
//     where the board cannot tell it (Ply);
//   - the deal is uniform over the board; the German review's "one player distributes
//     them" is not offered.
//
// Footprints: a pawn move empties its cell and fills its destination (Touched the cell it
// leaves, Piece the pawn). Placing the ring, challenging and showing a card do nothing the
// sensors see (the zero Footprint): the kiosk enters them, or the recognizer asks.
//
// Score is the rings won. The hash covers the whole public state: the pawns, the ring cell,
// the phase, who acts, the rings, the pawn entered or the colour challenged and the card
// shown.
//
// Position notation: the ranks from 7 (top) down to 1, separated by '/', each from file a:
// a colour letter or '.'; then the ring cell ('-' when none is on the board); the rings won
// by Player 1 and Player 2 ("1-2"); the phase and who acts ("place:1", "move:2", "show:1",
// or "over"); in a show phase the claim: "in:G" the green pawn entered the ring, followed by
// "shown:G" once its mover has shown green, or "xq:R" red was challenged; and the number of
// moves played. The start of seed 1, and the same pawns after Player 1 moved the green pawn
// into the ring on d6 and showed green, Player 2 to show:
//
//	.....B./......./......./....GY./OR...../.W...../.....V. - 0-0 place:1 0
//	.....B./...G.../......./.....Y./OR...../.W...../.....V. d6 0-0 show:2 in:G shown:G 4
//
// The card that ends a round is not in the position: once it is shown the round is
// decided, the rings count it and the next round's place phase begins; the moves played
// keep it.
//
// ParsePosition takes only what a match can reach, and says what is wrong: the seven pawns
// once each, a ring exactly in the move and show phases, a pawn on the ring exactly when it
// is the one entered, at most one player with four rings and then the match over, and a
// move count no smaller than the phases it implies; in round 1 the first ring is placed by
// Player 1 at move 0, and the count says who acts.
//
// Move notation: "@d4" places the ring, "e4-c6" moves the pawn on e4 to c6, "xq:R"
// challenges red, "show:R" shows the red card.
//
// The package imports only the standard library and engine.
package xequeo

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strconv"

	"github.com/tavoliere/tavoliere/engine"
)

// ID is the registry id of the game.
const ID = "xequeo"

// Players.
const (
	Player1 = 0
	Player2 = 1
)

// RingsToWin is the number of rings that wins the match.
const RingsToWin = 4

// Colour is a pawn's colour, and the colour of a card.
type Colour uint8

// The seven colours, in the order of their identity codes.
const (
	Red Colour = iota
	Orange
	Yellow
	Green
	Blue
	Violet
	White
	Colours = 7 // how many there are
)

const letters = "ROYGBVW"

// Letter returns the colour's letter: 'R', 'O', 'Y', 'G', 'B', 'V' or 'W'.
func (c Colour) Letter() byte { return letters[c] }

func (c Colour) String() string {
	if c >= Colours {
		return fmt.Sprintf("colour(%d)", uint8(c))
	}
	return [...]string{"red", "orange", "yellow", "green", "blue", "violet", "white"}[c]
}

// PieceOf returns the piece code of the pawn of colour c.
func PieceOf(c Colour) engine.Piece { return engine.Face1 | engine.Piece(c+1)<<2 }

// Ring is the ring's piece code, on the boards whose sensors read it (setting ring=sensed):
// face engine.Face1, identity 8.
const Ring = engine.Face1 | engine.Piece(Colours+1)<<2

// rgb is each colour as an LED shows it.
var rgb = [Colours][3]uint8{{255, 0, 0}, {255, 90, 0}, {255, 210, 0}, {0, 255, 0}, {0, 0, 255}, {150, 0, 255}, {255, 255, 255}}

// RGB returns the colour as an LED shows it.
func (c Colour) RGB() [3]uint8 { return rgb[c] }

// Phase is the part of a round the match is in.
type Phase uint8

// Phases, in the order of a round.
const (
	Place          Phase = iota // the ring is to be placed
	Move                        // a pawn move or a challenge
	ShowEntered                 // a pawn entered the ring: its mover shows his card
	ShowAnswer                  // the mover has shown: the opponent shows his card
	ShowChallenged              // a colour was challenged: the opponent shows his card
	Over                        // a player has four rings
)

// Metric is how distance to the ring is measured: the setting "distance".
type Metric uint8

// Metrics.
const (
	Euclid Metric = iota // squared Euclidean distance
	Octile               // max + (√2−1)·min, compared exactly
)

const (
	size  = 7
	cells = size * size
	all   = engine.Bitboard(1)<<cells - 1
	fileA = engine.Bitboard(0x0040810204081) // a1 a2 … a7
	fileG = fileA << (size - 1)
)

// closer[metric][ring][from] holds the cells strictly closer to ring than from is.
var closer = func() (t [2][cells][cells]engine.Bitboard) {
	for m := range t {
		for ring := range cells {
			for from := range cells {
				for to := range cells {
					if compareDistance(Metric(m), ring, to, from) < 0 {
						t[m][ring][from] |= engine.Bit(engine.Square(to))
					}
				}
			}
		}
	}
	return t
}()

// offsets returns the absolute file and rank differences of two cells.
func offsets(a, b int) (dx, dy int) {
	dx, dy = a%size-b%size, a/size-b/size
	if dx < 0 {
		dx = -dx
	}
	if dy < 0 {
		dy = -dy
	}
	return dx, dy
}

// octile returns the distance of a and b as p + q√2: p straight steps, q diagonal ones.
func octile(a, b int) (p, q int) {
	dx, dy := offsets(a, b)
	return max(dx, dy) - min(dx, dy), min(dx, dy)
}

// compareDistance returns the sign of dist(ring, a) − dist(ring, b).
func compareDistance(m Metric, ring, a, b int) int {
	if m == Euclid {
		ax, ay := offsets(ring, a)
		bx, by := offsets(ring, b)
		return sign(ax*ax + ay*ay - bx*bx - by*by)
	}
	ap, aq := octile(ring, a)
	bp, bq := octile(ring, b)
	return signRoot2(ap-bp, aq-bq)
}

func sign(x int) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}

// signRoot2 returns the sign of p + q√2. Where p and q differ in sign it is the sign of the
// larger of p² and 2q², which are never equal unless both are zero (√2 is irrational).
func signRoot2(p, q int) int {
	switch {
	case p >= 0 && q >= 0 || p <= 0 && q <= 0:
		return sign(p + q)
	case p > 0:
		return sign(p*p - 2*q*q)
	}
	return sign(2*q*q - p*p)
}

// distanceText writes the distance of a from ring as the metric measures it.
func distanceText(m Metric, ring, a int) string {
	if m == Euclid {
		dx, dy := offsets(ring, a)
		return strconv.Itoa(dx*dx + dy*dy)
	}
	p, q := octile(ring, a)
	switch {
	case q == 0:
		return strconv.Itoa(p)
	case p == 0 && q == 1:
		return "√2"
	case p == 0:
		return strconv.Itoa(q) + "√2"
	case q == 1:
		return strconv.Itoa(p) + "+√2"
	}
	return strconv.Itoa(p) + "+" + strconv.Itoa(q) + "√2"
}

// settingDefs are Xe Queo!'s settings: the distance and the deal.
var settingDefs = []engine.Setting{
	{Key: "distance", Kind: engine.Choice, Default: "euclid", Choices: []string{"euclid", "octile"},
		Doc: "how closeness to the ring is measured: squared Euclidean distance, or octile (diagonal step √2)"},
	{Key: "seed", Kind: engine.Int, Default: "1", Min: 0, Max: 1<<31 - 1,
		Doc: "the random deal of the seven pawns at the start (the service draws one for each game unless given)", Random: true},
	{Key: "ring", Kind: engine.Choice, Default: "tapped", Choices: []string{"tapped", "sensed"},
		Doc: "whether the board's sensors read the ring on its cell (a ring carrying a magnet): tapped, the ring's cell is chosen by a tap or on the kiosk; sensed, the ring is read where it is put"},
}

// SettingDefs returns Xe Queo!'s settings.
func SettingDefs() []engine.Setting { return slices.Clone(settingDefs) }

// Zobrist key layout.
const (
	keyPawn  = 0                           // [colour*cells+square]
	keyRing  = keyPawn + Colours*cells     // [square]
	keyPhase = keyRing + cells             // [phase]
	keyTurn  = keyPhase + int(Over) + 1    // Player 2 acts
	keyRings = keyTurn + 1                 // [player*(RingsToWin+1)+rings]
	keyClaim = keyRings + 2*RingsToWin + 2 // [colour]: the pawn entered or the colour challenged
	keyShown = keyClaim + Colours          // [colour]: the card the mover showed
	numKeys  = keyShown + Colours
)

// Rules is Xe Queo! with its settings in force.
type Rules struct {
	geo      *engine.Geometry
	settings engine.Settings
	metric   Metric
	sensed   bool // the sensors read the ring on its cell
	deal     [Colours]engine.Square
	keys     []uint64
}

// New returns the rules of Xe Queo! with the given setting overrides.
func New(overrides map[string]string) (*Rules, error) {
	s, err := engine.NewSettings(settingDefs, overrides)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", ID, err)
	}
	r := &Rules{
		geo:      engine.NewGeometry(size, size, false),
		settings: s,
		keys:     engine.ZobristKeys(0x786571756571_01, numKeys),
		deal:     Deal(uint64(s.Int("seed"))),
	}
	if s.Get("distance") == "octile" {
		r.metric = Octile
	}
	r.sensed = s.Get("ring") == "sensed"
	return r, nil
}

// Deal returns the cells of the seven pawns, by colour, dealt from seed: a partial
// Fisher–Yates shuffle of the 49 cells driven by a PCG stream of the seed.
func Deal(seed uint64) [Colours]engine.Square {
	src := rand.NewPCG(seed, 0x786571756f) // "xequo"
	var board [cells]engine.Square
	for i := range board {
		board[i] = engine.Square(i)
	}
	var d [Colours]engine.Square
	for c := range d {
		j := c + int(below(src, uint64(cells-c)))
		board[c], board[j] = board[j], board[c]
		d[c] = board[c]
	}
	return d
}

// below returns a uniform number in [0, n) (Lemire's multiply and reject), fixed by its
// definition rather than by math/rand's implementation.
func below(src *rand.PCG, n uint64) uint64 {
	threshold := -n % n
	for {
		hi, lo := bits.Mul64(src.Uint64(), n)
		if lo >= threshold {
			return hi
		}
	}
}

// Metric returns the distance in force.
func (r *Rules) Metric() Metric { return r.metric }

// ID implements engine.Rules.
func (r *Rules) ID() string { return ID }

// Name implements engine.Rules.
func (r *Rules) Name() string { return "Xe Queo!" }

// Geometry implements engine.Rules.
func (r *Rules) Geometry() *engine.Geometry { return r.geo }

// Players implements engine.Rules.
func (r *Rules) Players() int { return 2 }

// Scored implements engine.Scored: the rings won, State.Score, decide the match.
func (r *Rules) Scored() bool { return true }

// Rounds implements engine.Rounds: each round gives one ring, counted by State.Score.
func (r *Rules) Rounds() bool { return true }

// PlayerName implements engine.Rules.
func (r *Rules) PlayerName(p int) string { return [...]string{"Player 1", "Player 2"}[p] }

// Settings implements engine.Rules.
func (r *Rules) Settings() engine.Settings { return r.settings }

// PieceName implements engine.PieceNamer: the colour's letter, "@" for the ring.
func (r *Rules) PieceName(p engine.Piece) string {
	if p == Ring {
		return "@"
	}
	c := int(p.Identity()) - 1
	if p.Face() != uint8(engine.Face1) || c < 0 || c >= Colours {
		return "?"
	}
	return letters[c : c+1]
}

// PieceColor implements engine.Painted: a pawn's colour; the ring has none.
func (r *Rules) PieceColor(p engine.Piece) (name string, c [3]uint8, ok bool) {
	i := int(p.Identity()) - 1
	if p.Face() != uint8(engine.Face1) || i < 0 || i >= Colours {
		return "", c, false
	}
	return Colour(i).String(), rgb[i], true
}

// Start implements engine.Rules: the dealt pawns, Player 1 to place the first ring.
func (r *Rules) Start() engine.State {
	return r.newState(position{at: r.deal, ring: engine.NoSquare, phase: Place, turn: Player1})
}

// newState completes p (the occupied cells, the hashes) into a state with a new history.
func (r *Rules) newState(p position) *State {
	p.occ = 0
	p.pawnHash = 0
	for c, sq := range p.at {
		p.occ |= engine.Bit(sq)
		p.pawnHash ^= r.keys[keyPawn+c*cells+int(sq)]
	}
	s := &State{r: r, pos: p, hist: make([]position, 0, 64)}
	s.pos.hash = s.pos.pawnHash ^ s.meta()
	return s
}

// Move encoding: the kind in bits 12 and up, then the cells (from<<6 | to) or the colour.
const (
	kindPawn = 1 + iota
	kindRing
	kindChallenge
	kindShow
)

// PawnMove returns the move of the pawn on from to to.
func PawnMove(from, to engine.Square) engine.Move {
	return engine.Move(kindPawn<<12 | int(from)<<6 | int(to))
}

// RingAt returns the move placing the ring on sq.
func RingAt(sq engine.Square) engine.Move { return engine.Move(kindRing<<12 | int(sq)) }

// Challenge returns the challenge naming colour c.
func Challenge(c Colour) engine.Move { return engine.Move(kindChallenge<<12 | int(c)) }

// Show returns the move showing the card of colour c.
func Show(c Colour) engine.Move { return engine.Move(kindShow<<12 | int(c)) }

// decode splits m into its kind and operands; kind is 0 for a value that is no move.
func decode(m engine.Move) (kind int, a, b int) {
	kind, a, b = int(m>>12), int(m>>6&63), int(m&63)
	switch {
	case kind == kindPawn && a < cells && b < cells:
	case kind == kindRing && a == 0 && b < cells:
	case (kind == kindChallenge || kind == kindShow) && a == 0 && b < Colours:
	default:
		return 0, 0, 0
	}
	return kind, a, b
}
