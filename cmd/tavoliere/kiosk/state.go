package kiosk

import (
	"time"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/engine"
)

// The JSON of GET /api/state (API.md).
type State struct {
	Version      uint64     `json:"version"`
	PublishedAt  time.Time  `json:"publishedAt"`
	Session      uint64     `json:"session"`
	JournalGame  int64      `json:"journalGame"`
	Game         Game       `json:"game"`
	Squares      []Square   `json:"squares"`
	Diagram      [][]int    `json:"diagram"`
	Cells        []int      `json:"cells"`
	Sensor       string     `json:"sensor"`
	Thinking     bool       `json:"thinking"`
	AIMove       string     `json:"aiMove"`
	Arrows       Arrows     `json:"arrows"` // the last move and the AI's move, drawn over the board
	Asking       []string   `json:"asking"`
	AskingFirst  bool       `json:"askingFirst"` // asking is about moves read from the board alone: which came first
	Unseen       []string   `json:"unseen"`
	Mismatch     string     `json:"mismatch"`
	MismatchMsg  *Msg       `json:"mismatchMsg,omitempty"` // what mismatch says, for the page to word
	Waiting      bool       `json:"waiting"`
	Hints        bool       `json:"hints"`
	Simulated    bool       `json:"simulated"`
	Level        string     `json:"level"`
	Brightness   Brightness `json:"brightness"`
	JournalError string     `json:"journalError"`
	JournalMsg   *Msg       `json:"journalErrorMsg,omitempty"`
	Board        Board      `json:"board"`
	Log          []Log      `json:"log"`
	Games        []Listing  `json:"games"`
	Levels       []string   `json:"levels"`
	Rack         []Rack     `json:"rack,omitempty"`
	AISecrets    []AISecret `json:"aiSecrets,omitempty"`
	Guide        []Guide    `json:"guide"`
	Suggestion   string     `json:"suggestion"` // the AI's move for the player to move, asked with suggest
	Suggesting   bool       `json:"suggesting"` // the suggestion is being searched
	// Refused says, for each of the player's commands that would be refused now, why: a code
	// ("no-moves", "over", "secret", "ai-turn", "asking", "board", "must-choose"); a command not listed
	// can be made.
	Refused    map[string]string `json:"refused"`
	LevelTimes map[string]int    `json:"levelTimes"` // each level's thinking time per move, in ms

	// Demo is attract mode's game (the service's attract.go), drawn over the board; none while somebody
	// plays.
	Demo *Demo `json:"demo,omitempty"`
}

// Brightness is the LEDs' brightness, 1…255, as the operator set it or the board file
// gave it, and whether the board's LEDs can change it (a board without LEDs cannot).
type Brightness struct {
	Level    int  `json:"level"`
	Dimmable bool `json:"dimmable"`
}

// Board is the state of the board's link: always connected for a board on the Pi's own
// pins; a serial board can go away (unplugged) and come back, and the game waits.
type Board struct {
	Connected bool   `json:"connected"`
	Error     string `json:"error"`          // in English
	Code      string `json:"code,omitempty"` // why, for the page to word (BoardCodes)
}

type Game struct {
	ID       string            `json:"id"`
	Name     string            `json:"name"`
	Files    int               `json:"files"`
	Ranks    int               `json:"ranks"`
	Rank1Top bool              `json:"rank1Top"`
	Settings map[string]string `json:"settings"`
	Players  []Player          `json:"players"`
	Turn     int               `json:"turn"`
	Ply      int               `json:"ply"`
	Moves    []string          `json:"moves"`
	Position string            `json:"position"`
	Over     bool              `json:"over"`
	Result   string            `json:"result"`
	Reason   *Msg              `json:"reason,omitempty"` // why the game ended, for the page to word
	Winners  []int             `json:"winners"`
	// Winning lists the squares (indices, as squares) of the line, square, region or block
	// that decided a won game (engine.WinFigure); empty while the game goes on, after a draw
	// and where a count decided.
	Winning []int `json:"winning"`
	// Broken lists the squares of Winning that the last move broke, leaving the win to the
	// figure's owner all the same (Push's spear edition); empty otherwise.
	Broken []int `json:"broken"`
	// Round is the round the last move ended (Xe Queo!'s, engine.Rounds), until the next
	// move begins the next round; nil otherwise and at game over.
	Round *Round `json:"round,omitempty"`
	// Scored says the rules keep a score (engine.Scored): players[].score is then the rule's
	// own count; in other games the players have no score.
	Scored bool `json:"scored"`
	// Flips says the game's moves turn pieces over (engine.Flipping): only there does the
	// simulated board offer Flip.
	Flips bool `json:"flips"`
}

// Round is a round just ended: its number (1 for the first), its winner (a player index),
// and the rounds each player has won, in player order.
type Round struct {
	Number int   `json:"number"`
	Player int   `json:"player"`
	Won    []int `json:"won"`
}

type Player struct {
	Name  string `json:"name"`
	Side  string `json:"side"`
	Score int    `json:"score"` // the rule's own count where game.scored, else 0
	Face  int    `json:"face"`
	// The piece the player list draws for the player, as squares' piece counts it
	// (playerPieces), and its label where the game's pieces have one.
	Piece int    `json:"piece"`
	Label string `json:"label,omitempty"`
	// Quixo for four: the edge of the board the player sits at (S, W, N, E; seats).
	Seat string `json:"seat,omitempty"`
}

type Square struct {
	Name     string `json:"name"`
	Piece    int    `json:"piece"`
	Label    string `json:"label,omitempty"` // the piece in the game's notation, where pieces differ
	Reading  int    `json:"reading"`
	Expected int    `json:"expected"`
	Light    Light  `json:"light"`
	Ring     bool   `json:"ring,omitempty"` // Xe Queo!: the ring lies on this square, a pawn in it or not
	// On the simulated board: the piece a hand left there, whatever the game says (it may
	// differ from piece until the board is put right), and its label.
	OnBoard      *int   `json:"onBoard,omitempty"`
	OnBoardLabel string `json:"onBoardLabel,omitempty"`
}

// Rack is one place of the game's rack: the pieces waiting off the board.
type Rack struct {
	Label string `json:"label"`
	Piece int    `json:"piece"`
	In    bool   `json:"in"`   // the game has the piece waiting
	Slot  bool   `json:"slot"` // the board has a sensed slot for it
	Read  bool   `json:"read"` // the slot reads a piece
	Light Light  `json:"light"`
}

// Guide is a pawn to put, named by its colour (Snapshot.Guide): Xe Queo!'s set-up.
type Guide struct {
	Square string `json:"square"`
	Colour string `json:"colour"` // "red"
	Label  string `json:"label"`  // the piece in the game's notation: "R"
	Light  Light  `json:"light"`
}

type Light struct {
	Color   string `json:"color"`
	Pattern string `json:"pattern"`
	Meaning string `json:"meaning"`
}

// meanings names each instruction of the light plan for the page's words and aria-labels.
var meanings = map[boards.Light]string{
	boards.LightRemove: "remove", boards.LightPut: "put", boards.LightTurn: "turn",
	boards.LightAsk: "ask", boards.LightAIFrom: "ai-from", boards.LightAITo: "ai-to",
	boards.LightFlip: "flip", boards.LightDest: "destination", boards.LightLast: "last",
	boards.LightHintFrom: "hint-from", boards.LightHintTo: "hint-to", boards.LightLift: "lift",
	boards.LightWin: "win",
}

type Log struct {
	At   time.Time         `json:"at"`
	Kind string            `json:"kind"`
	Text string            `json:"text"`           // in English
	Code string            `json:"code,omitempty"` // what text says, for the page to word (words.js 'msg:<code>')
	Args map[string]string `json:"args,omitempty"`
}

type Listing struct {
	ID       string    `json:"id"`
	Name     string    `json:"name"`
	Board    string    `json:"board"`
	Players  []string  `json:"players"`
	Fits     bool      `json:"fits"`
	Settings []Setting `json:"settings"`
}

type Setting struct {
	Key     string `json:"key"`
	Default string `json:"default"`
	Values  string `json:"values"`
	Doc     string `json:"doc"`
	Random  bool   `json:"random,omitempty"` // drawn for each game unless given (Xe Queo!'s deal)
}

// AISecret is one pawn Xe Queo!'s AI chose: its commitment from the round's start, and
// what it chose once the round is over.
type AISecret struct {
	Player     int    `json:"player"` // 1-based
	Round      int    `json:"round"`
	Commitment string `json:"commitment"`
	Reveal     string `json:"reveal"` // "<round> <colour> <nonce>" once the round is over; "" before
}

// Facts is what the service adds to a snapshot in the state JSON.
type Facts struct {
	Version      uint64
	JournalGame  int64
	Simulated    bool
	Level        string
	Brightness   Brightness
	JournalError string
	JournalMsg   *Msg
	Mismatch     TextMsg
	Board        Board
	Log          []Log
	Games        []Listing
	Faces        []int
	AISecrets    []AISecret
	Phys         []engine.Piece // the simulated board's pieces as hands left them; nil on a real board
	Demo         *Demo          // attract mode's demo; nil while none runs
}

// TextMsg is an event's text and its message.
type TextMsg struct {
	Text string
	Msg  *Msg
}

// BoardCodes are the codes of why the board is away (words.js 'board:<code>'): a serial
// board unplugged or reset, one that is not the board file's, one that speaks another
// version of the protocol; the Pi's own buses failing.
var BoardCodes = []string{"away", "wrong-board", "version", "bus"}
