package engine

import (
	"errors"
	"fmt"
	"strings"
	"time"
)

// Move is one complete turn of a player, packed by its game: a Quad Wrangle
// placement or slide, a Krypte entry, later a Quarto placement with the piece handed over.
// The zero Move is never a legal move.
type Move uint32

// Piece is what stands on a square, as the sensors may see it. The low two bits are the
// face (which colour or side is up: 1 or 2; polarity sensors read it); the bits above are an
// identity code for games whose pieces differ (Quarto; identity sensors read the whole
// value). The zero Piece is an empty square.
//
// A face names the same physical side in every game, so that one board's polarity sensors
// serve them all: for two-coloured discs and stones, Face1 is the light (white) side up and
// Face2 the dark (black) side up, whichever player those colours belong to.
type Piece uint8

// Pieces with a face and no identity, for the two-colour games.
const (
	Empty Piece = 0
	Face1 Piece = 1 // the light (white) side up
	Face2 Piece = 2 // the dark (black) side up
)

// Face returns which side of the piece is up (0 for an empty square).
func (p Piece) Face() uint8 { return uint8(p) & 3 }

// Identity returns the identity code (0 for pieces told apart by face only).
func (p Piece) Identity() uint8 { return uint8(p) >> 2 }

// Place names where a piece comes from or goes to off the board.
type Place uint8

// Off-board places.
const (
	Nowhere Place = iota // the move takes nothing from, or puts nothing off, the board
	Supply               // the mover's own stock of pieces
	Reserve              // a shared reserve (Quarto's pieces not yet placed)
	Out                  // captured: off the board, out of play
)

// Footprint is what a move does to the physical board: what a person's hands change, and
// so what the sensors will see. The recognizer matches frames against footprints and
// projections; it knows no game.
type Footprint struct {
	Emptied  Bitboard // occupied before, empty after
	Filled   Bitboard // empty before, occupied after
	Flipped  Bitboard // the same piece stays and turns over (changes owner)
	Replaced Bitboard // occupied before and after, by another piece: a capture that lands
	Touched  Bitboard // squares a hand must lift a piece from at some point
	From     Place    // where a piece put on the board comes from
	To       Place    // where a piece taken off the board goes

	// Piece names the piece that ends on the one Filled square, for games whose pieces
	// differ (Quarto, Quad, Quantik); 0 where the game does not name it.
	Piece Piece
	// Rack is the piece the move takes from the rack (Racked games): the piece placed
	// (Quad, Quantik), or the piece handed to the opponent (Quarto); 0 for none.
	Rack Piece

	// A push (Quixo, Push, Push 4) moves every piece of a segment of a row or column one
	// square along it. Line is the segment, 0 for a move that is no push. Entry is the
	// square at its end where a piece goes in (the hand puts it down there last); Exit is
	// the square at its other end that a piece leaves first (Quixo: the cube taken; Push:
	// the marble that falls off the far edge), or NoSquare when no piece leaves (Push 4: a
	// chain that stops short of the far edge; Line then ends at the empty square the chain
	// moves into).
	Line        Bitboard
	Entry, Exit Square

	// Via is the squares a moving piece may be set down on along its way, between the
	// square it leaves and the one it fills: Xe Queo!'s cells a chain of jumps may hop to.
	// 0 for none (a step, a slide: its way is the straight line between).
	Via Bitboard

	// Tap is where a tap chooses this move when the referee asks which move was made, for
	// moves the squares cannot tell apart: Xe Queo!'s ring put on a cell its sensors do not
	// read, a card shown by a tap on the pawn of its colour. 0 for none.
	Tap Bitboard
}

// Racked is implemented by the Rules of games whose pieces wait off the board before they
// are played: Quarto's shared pieces, Quad's and Quantik's supplies. Rack lists the pieces
// of a full rack, slot by slot; a board build with a reserve rack holds them in this order,
// so that the slot a piece leaves names it. Pieces of one code may fill several slots.
type Racked interface {
	Rack() []Piece
}

// PieceNamer is implemented by the Rules of games whose pieces differ beyond their face
// (Quarto, Quad, Quantik): PieceName writes a piece as the game's notation does ("BLRH").
type PieceNamer interface {
	PieceName(p Piece) string
}

// Evaluator is implemented by the Rules of two-player games with a static evaluation, for
// alpha-beta search: Evaluate returns the value of s, a position that is not over, to the
// player to move, within ±EvalMax; a won game is worth more than any evaluation. It must not
// allocate: it runs at every leaf of the search.
type Evaluator interface {
	Evaluate(s State) int
}

// EvalMax bounds an Evaluator's values.
const EvalMax = 1 << 20

// Tuned is implemented by the Rules of games whose AI plays better with knobs of its own,
// measured against the baseline in the arena (docs/ai.md says why): AITuning
// returns them. A game that does not implement it gets the zero Tuning, the defaults.
type Tuned interface {
	AITuning() Tuning
}

// Tuning is the AI's knobs for a game; the zero value is the defaults.
type Tuning struct {
	// AlphaBetaUpTo, for a game with an Evaluator, is the longest time per move the AI
	// searches with alpha-beta; beyond it, it runs MCTS, whose playouts see further. 0:
	// alpha-beta at every time; NoAlphaBeta: MCTS at every time (alpha-beta only on a
	// budget of iterations).
	AlphaBetaUpTo time.Duration
	// CarefulPlayouts: playouts shun a move that ends the game at once in another player's
	// win while the player has another (search.MCTSOptions.Careful), where random play makes
	// such moves and real play does not.
	CarefulPlayouts bool
	// Exploration is the UCT constant of the AI's MCTS; 0: √2.
	Exploration float64
	// SolverPercent is the share of the AI's time for a move its solver takes, in percent;
	// 0: four fifths. A solver that often runs out of time costs the search that follows
	// less with a smaller share.
	SolverPercent int
}

// NoAlphaBeta is the Tuning.AlphaBetaUpTo of a game whose AI runs MCTS at every time per
// move.
const NoAlphaBeta time.Duration = -1

// TuningOf returns r's Tuning: its own if it is Tuned, else the defaults.
func TuningOf(r Rules) Tuning {
	if t, ok := r.(Tuned); ok {
		return t.AITuning()
	}
	return Tuning{}
}

// WinFinder is implemented by the Rules of games that can find a move winning at once
// faster than by playing each move and asking Outcome, as informed playouts do at every ply:
// WinningMove returns the first of moves, legal moves of s, after which the player to move
// of s has won (Outcome.Won), exactly as playing them in turn would find, and false if
// there is none. It must not allocate.
type WinFinder interface {
	WinningMove(s State, moves []Move) (Move, bool)
}

// WinningMoveByPlay finds what WinFinder.WinningMove finds, for any game, the plain way: it
// plays each of moves in turn and asks Outcome whether the player to move of s has won. A
// WinFinder falls back on it where its fast way does not apply, and tests check the fast way
// against it.
func WinningMoveByPlay(s State, moves []Move) (Move, bool) {
	me := s.Turn()
	for _, m := range moves {
		s.Play(m)
		o := s.Outcome()
		s.Undo()
		if o.Over && o.Won(me) {
			return m, true
		}
	}
	return 0, false
}

// TwoSided is implemented by the Rules of games of more than two players that are two
// sides taking turns (Quixo for four: two teams whose players alternate), which a
// two-player search may search as such: an Evaluator's value is to the side to move, and
// Outcome.Won of a team's win holds for each of its players.
type TwoSided interface {
	TwoSided() bool
}

// IsTwoSided reports whether r is a game of two sides taking turns: two players, or
// TwoSided.
func IsTwoSided(r Rules) bool {
	if r.Players() == 2 {
		return true
	}
	t, ok := r.(TwoSided)
	return ok && t.TwoSided()
}

// Painted is implemented by the Rules of games whose pieces are told apart by their colour
// alone (Xe Queo!'s seven pawns), which presence and polarity sensors cannot see: a board
// with colour LEDs lights where a piece goes in the piece's own colour, and a kiosk names
// it. PieceColor returns the colour's name ("red") and its RGB value for an LED; ok is false
// for a piece that has no colour of its own.
type Painted interface {
	PieceColor(p Piece) (name string, rgb [3]uint8, ok bool)
}

// Emblems is implemented by the States of games whose players are not each shown by the
// piece of their colour that their moves put down (boards.OwnPieces reads that one from the
// start): Quarto's pieces are shared, so the player to move is shown with the piece he holds
// to place; in Quixo for four a team shares a symbol, and each player's cube has the dot
// pointing to himself; Xe Queo!'s pawns are everybody's. Emblem returns the piece that
// stands for player p in a player list now, Empty for none.
type Emblems interface {
	Emblem(p int) Piece
}

// Seated is implemented by the Rules of games whose rules tie the pieces to where the players
// sit (Quixo for four: a cube's dot points to the edge of a player). Seat returns the edge of
// the board player p sits at, "S", "W", "N" or "E", rank 1's edge being "S"; "" for none.
type Seated interface {
	Seat(p int) string
}

// SeatOf returns r's Seat of player p where it is Seated, else "".
func SeatOf(r Rules, p int) string {
	if s, ok := r.(Seated); ok {
		return s.Seat(p)
	}
	return ""
}

// Ringed is implemented by the States of games with a marker that lies on a square apart
// from the pieces (Xe Queo!'s ring), which a kiosk draws and the squares' pieces show only
// where sensors read it. Ring returns its square, NoSquare while it is off the board.
type Ringed interface {
	Ring() Square
}

// RingAt returns s's Ring where it is Ringed, else NoSquare.
func RingAt(s State) Square {
	if r, ok := s.(Ringed); ok {
		return r.Ring()
	}
	return NoSquare
}

// Scored is implemented by the Rules of games whose rules keep a score: a count that decides
// the game (Quad Wrangle's and Crowded's stones on the board at the end) or that is won
// along the way (Xe Queo!'s rings). Where Scored returns true, State.Score is that count, the
// score a kiosk shows; in other games Score is only a measure of material for tools, no
// score of the rules, and a kiosk shows none.
type Scored interface {
	Scored() bool
}

// IsScored reports whether r's rules keep a score (Scored).
func IsScored(r Rules) bool {
	s, ok := r.(Scored)
	return ok && s.Scored()
}

// Rounds is implemented by the Rules of games played in rounds, each won by one player
// (Xe Queo!'s rings): State.Score counts the rounds each player has won, so that a move that
// raises a score ends a round.
type Rounds interface {
	Rounds() bool
}

// IsRounds reports whether r's games are played in rounds (Rounds).
func IsRounds(r Rules) bool {
	x, ok := r.(Rounds)
	return ok && x.Rounds()
}

// Flipping is implemented by the Rules of games whose pieces have two faces that a move
// turns over (Quad Wrangle's and Crowded's stones, Krypte's discs): only there may a
// Footprint's Flipped be set, and only there has a board a piece to turn by hand.
type Flipping interface {
	Flips() bool
}

// IsFlipping reports whether r's moves turn pieces over (Flipping).
func IsFlipping(r Rules) bool {
	f, ok := r.(Flipping)
	return ok && f.Flips()
}

// WinFigure is implemented by the States of games won by a figure on the board: a line,
// a 2×2 or larger square, a region, a block. WinningSquares returns the squares of the
// figure that decided the game, for a kiosk to draw and a board to light: where one move
// made several at once, all of them; empty while the game goes on, after a draw, and where
// the game was won another way (a player with no move, a count). Each game's doc says which
// of its ends have a figure. A game whose ends never have one (a count, rings won) may
// implement it to say so, returning none.
type WinFigure interface {
	WinningSquares() Bitboard
}

// WinningSquares returns s's WinningSquares where it is a WinFigure, else none.
func WinningSquares(s State) Bitboard {
	if w, ok := s.(WinFigure); ok {
		return w.WinningSquares()
	}
	return 0
}

// RackState is implemented by the States of Racked games. InRack returns how many pieces
// of code p are still in the rack: not on the board, and not handed to a player.
type RackState interface {
	InRack(p Piece) int
}

// Outcome is how a game stands. Winners is a bit set of players (bit i for player i): one
// bit for a win, a team's bits for a team win, none with Over set for a draw.
type Outcome struct {
	Over    bool
	Winners uint8
	Reason  string // why the game ended, in words: "board full", "threefold repetition", …
}

// Ongoing is the outcome of a game still being played.
var Ongoing = Outcome{}

// Draw returns the outcome of a drawn game.
func Draw(reason string) Outcome { return Outcome{Over: true, Reason: reason} }

// Win returns the outcome of a game won by player p.
func Win(p int, reason string) Outcome {
	return Outcome{Over: true, Winners: 1 << uint(p), Reason: reason}
}

// Won reports whether player p is among the winners.
func (o Outcome) Won(p int) bool { return o.Winners>>uint(p)&1 != 0 }

// IsDraw reports whether the game ended with no winner.
func (o Outcome) IsDraw() bool { return o.Over && o.Winners == 0 }

// Reward is the game's value to player p: 1 for a win, ½ for a draw, 0 for a loss or an
// unfinished game. Searches maximise it.
func (o Outcome) Reward(p int) float64 {
	switch {
	case !o.Over:
		return 0
	case o.Winners == 0:
		return 0.5
	case o.Won(p):
		return 1
	}
	return 0
}

// Text says how the game ended, in words: "White wins (board full)", "draw (move cap)";
// "" while it goes on.
func (o Outcome) Text(r Rules) string {
	if !o.Over {
		return ""
	}
	var who []string
	for p := range r.Players() {
		if o.Won(p) {
			who = append(who, r.PlayerName(p))
		}
	}
	if len(who) == 0 {
		return "draw (" + o.Reason + ")"
	}
	return strings.Join(who, " and ") + " wins (" + o.Reason + ")"
}

// Rules is a game family with its settings in force: Quad Wrangle with drop-last on, Krypte,
// Crowded dealt at random from seed 7. It is immutable and safe for concurrent use.
type Rules interface {
	ID() string   // the registry id: "quadwrangle", "crowded", "krypte", …
	Name() string // the name printed for people
	Geometry() *Geometry
	Players() int // 2 or 4
	PlayerName(p int) string
	Settings() Settings // every setting of the family, with the values in force

	// Start returns the opening position. Where the rules deal pieces at random, the deal
	// comes from the settings (a seed), so that it can be replayed.
	Start() State
	// ParsePosition reads the position notation that State.String writes.
	ParsePosition(text string) (State, error)
	// ParseMove and FormatMove read and write the game's move notation. They do not check
	// legality (State.Validate does): ParseMove(FormatMove(m)) == m for every move.
	ParseMove(text string) (Move, error)
	FormatMove(m Move) string
}

// State is a game in progress: a position and the history that led to it (for repetition,
// the move cap and takeback). It is mutable and owned by one goroutine; Clone copies it.
//
// Legal follows the position alone: a finished position (board full, a line made) has no
// moves, but the rules that look at the history (repetition, the move cap) are only in
// Outcome. Game loops ask Outcome first; perft, which ignores those rules, does not.
type State interface {
	Rules() Rules
	Turn() int // the player to move
	Ply() int  // moves played since the start position

	// Legal appends the legal moves to buf and returns it. It does not allocate when buf
	// has room.
	Legal(buf []Move) []Move
	// Play makes move m, which must be legal (Validate tells); Undo takes back the last
	// move made by Play. Neither allocates once the history has grown to its depth.
	Play(m Move)
	// Undo must follow a Play it has not yet taken back (a clone keeps the history it was
	// cloned with); with no move to take back, as in a start or parsed position, it panics.
	Undo()
	// Validate returns nil if m is legal here, else an error that says why not (wrapping
	// ErrIllegal).
	Validate(m Move) error

	Outcome() Outcome
	Score(p int) int // material or stone count of player p, as the rules score it
	Hash() uint64    // Zobrist key of the position and the side to move

	PieceAt(s Square) Piece
	Footprint(m Move) Footprint // what legal move m does to the board, before it is made

	Clone() State
	// String writes the position notation, which Rules().ParsePosition reads back. It holds
	// the position, not the history: a parsed position starts a new history, so repetition
	// counts start again from it. To restore a game with its history, a journal replays the
	// moves from the start.
	String() string
}

// ErrIllegal is wrapped by every error that refuses a move.
var ErrIllegal = errors.New("illegal move")

// Illegal returns an error refusing move text for the given reason.
func Illegal(text, format string, args ...any) error {
	return fmt.Errorf("%w %s: %s", ErrIllegal, text, fmt.Sprintf(format, args...))
}

// Play parses text as a move, checks it and makes it: the way a person's move enters a game.
func Play(s State, text string) (Move, error) {
	m, err := s.Rules().ParseMove(text)
	if err != nil {
		return 0, err
	}
	if err := s.Validate(m); err != nil {
		return 0, err
	}
	s.Play(m)
	return m, nil
}
