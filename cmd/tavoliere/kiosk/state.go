package kiosk

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/quarto"
	"github.com/tavoliere/tavoliere/engine/quixo"
	"github.com/tavoliere/tavoliere/engine/registry"
	"github.com/tavoliere/tavoliere/engine/search"
	"github.com/tavoliere/tavoliere/engine/xequeo"
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
	Unseen       []string   `json:"unseen"`
	Mismatch     string     `json:"mismatch"`
	MismatchMsg  *Msg       `json:"mismatchMsg,omitempty"` // what mismatch says, for the page to word
	Waiting      bool       `json:"waiting"`
	Hints        bool       `json:"hints"`
	Simulated    bool       `json:"simulated"`
	Level        string     `json:"level"`
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
	// ("no-moves", "over", "secret", "ai-turn", "asking", "board"); a command not listed
	// can be made.
	Refused    map[string]string `json:"refused"`
	LevelTimes map[string]int    `json:"levelTimes"` // each level's thinking time per move, in ms

	// Demo is attract mode's game (the service's attract.go), drawn over the board; none while somebody
	// plays.
	Demo *Demo `json:"demo,omitempty"`
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
	// Scored says the rules keep a score (engine.Scored): players[].score is then the rule's
	// own count; in other games the players have no score.
	Scored bool `json:"scored"`
	// Flips says the game's moves turn pieces over (engine.Flipping): only there does the
	// simulated board offer Flip.
	Flips bool `json:"flips"`
}

// Msg is a message for the page to word in its language (words.js): a code and its
// arguments (squares, moves in the game's notation, numbers).
type Msg struct {
	Code string            `json:"code"`
	Args map[string]string `json:"args,omitempty"`
}

// MsgOf is the JSON of a referee's message.
func MsgOf(m boards.Msg) *Msg {
	if m.Code == "" {
		return nil
	}
	return &Msg{Code: m.Code, Args: m.Args}
}

// reasons are the codes of the engines' reasons a game ended (engine.Outcome.Reason), the
// words.js keys 'reason:<code>'; reasonPrefixes those that name something after a fixed
// start (Quantik's line, Push 4's pusher).
var (
	reasons = map[string]string{
		"board full": "board-full", "threefold repetition": "repetition", "move cap": "move-cap",
		"no legal move": "no-legal-move", "no move": "no-move", "Quarto!": "quarto", "four rings": "four-rings",
		"line of four": "line-of-four", "line of four made by the opponent's move": "line-of-four-opponent",
		"line of five": "line-of-five", "line of five made by the loser": "line-of-five-loser",
		"3×4 block on the last push": "block-on-push", "3×3 square on the last push": "square-on-push",
		"3×3 square": "square", "no capture left": "no-capture-left",
		"line of four light pieces": "line-of-four-light", "line of four dark pieces": "line-of-four-dark",
		"line of four round pieces": "line-of-four-round", "line of four square pieces": "line-of-four-square",
		"line of four hollow pieces": "line-of-four-hollow", "line of four solid pieces": "line-of-four-solid",
	}
	reasonPrefixes = []struct{ prefix, suffix, code, arg string }{
		{"four shapes in a ", "", "four-shapes", "line"},
		{"line of four made by ", "'s push", "line-of-four-push", "player"},
	}
)

// reasonOther is the code of a reason reasons does not know: the page shows its English.
const reasonOther = "other"

// ReasonMsg is the code of an engine's reason a game ended; "other", with the English, for
// a reason this list does not know (TestReasonsWorded reads the engines for theirs).
func ReasonMsg(reason string) *Msg {
	if c, ok := reasons[reason]; ok {
		return &Msg{Code: c}
	}
	for _, p := range reasonPrefixes {
		if rest, ok := strings.CutPrefix(reason, p.prefix); ok && strings.HasSuffix(rest, p.suffix) {
			return &Msg{Code: p.code, Args: map[string]string{p.arg: strings.TrimSuffix(rest, p.suffix)}}
		}
	}
	return &Msg{Code: reasonOther, Args: map[string]string{"text": reason}}
}

// winningSquares lists the squares of the figure that decided a won game, read from its
// position (engine.WinFigure); none while it goes on, after a draw, and in games that end on
// a count. The position holds no history, so a figure that only the history shows (a Push
// square broken by the last push of the spear edition) is not drawn.
func winningSquares(r engine.Rules, snap boards.Snapshot) []int {
	out := []int{}
	if !snap.Outcome.Over || snap.Outcome.Winners == 0 {
		return out
	}
	s, err := r.ParsePosition(snap.Position)
	if err != nil {
		return out
	}
	for b := engine.WinningSquares(s); b != 0; {
		out = append(out, int(b.Pop()))
	}
	return out
}

// PieceLabel names piece p as the game's notation does, for games whose pieces differ.
func PieceLabel(r engine.Rules, p engine.Piece) string {
	if n, ok := r.(engine.PieceNamer); ok && p != engine.Empty {
		return n.PieceName(p)
	}
	return ""
}

type Player struct {
	Name  string `json:"name"`
	Side  string `json:"side"`
	Score int    `json:"score"` // the rule's own count where game.scored, else 0
	Face  int    `json:"face"`
	// The piece the player list draws for the player, as squares' piece counts it
	// (PlayerPieces), and its label where the game's pieces have one.
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

func SideName(s boards.Side) string {
	if s == boards.AI {
		return "ai"
	}
	return "human"
}

func ParseSide(s string) (boards.Side, error) {
	switch s {
	case "human":
		return boards.Human, nil
	case "ai":
		return boards.AI, nil
	}
	return 0, fmt.Errorf("side %q: want human or ai", s)
}

// seats are where the players of Quixo for four sit, by player (A1, B1, A2, B2): round the
// table clockwise from the edge of rank 1, team-mates opposite. The rules say only that
// team-mates sit opposite and turns go round the table; the page draws a cube's dot towards
// the edge of the player it points to.
var seats = []string{"S", "W", "N", "E"}

// RingAt is the square Xe Queo!'s ring lies on in position, engine.NoSquare for none (and in
// every other game). The squares' pieces show it only where the sensors read it (ring=sensed)
// and no pawn stands in it.
func RingAt(r engine.Rules, position string) engine.Square {
	if _, ok := r.(*xequeo.Rules); !ok {
		return engine.NoSquare
	}
	if s, err := r.ParsePosition(position); err == nil {
		if x, ok := s.(*xequeo.State); ok {
			return x.Ring()
		}
	}
	return engine.NoSquare
}

// PlayerPieces returns the piece that stands for each player in the player list: the piece
// his moves put on the board (his colour, marble or symbol: boards.OwnPieces); in Quixo for four his
// team's symbol with the dot pointing to himself, the cubes he may take; in Quarto, whose
// pieces are shared, the piece the player to move holds to place (none for the other, and
// none on the first turn); none in Xe Queo!, whose pawns are everybody's.
func PlayerPieces(r engine.Rules, position string) []engine.Piece {
	out := make([]engine.Piece, r.Players())
	switch r.(type) {
	case *xequeo.Rules:
		return out
	case *quarto.Rules:
		if s, err := r.ParsePosition(position); err == nil {
			if q, ok := s.(*quarto.State); ok && q.Held() != quarto.NoPiece {
				out[q.Turn()] = quarto.PieceOf(q.Held())
			}
		}
		return out
	}
	if r.ID() == quixo.ID4 {
		for p := range out {
			out[p] = quixo.Cube(p&1, p>>1+1)
		}
		return out
	}
	return boards.OwnPieces(r)
}

// Encode turns a referee snapshot and the service's own facts into API.md's JSON.
func Encode(snap boards.Snapshot, svc Facts) ([]byte, error) {
	r := snap.Rules
	g := r.Geometry()
	st := State{
		Version: svc.Version, PublishedAt: time.Now().UTC(), Session: snap.Game, JournalGame: svc.JournalGame,
		Sensor: snap.Kind.String(), Thinking: snap.Thinking, AIMove: snap.AIMove, Asking: snap.Asking, Unseen: snap.Unseen,
		Mismatch: snap.Mismatch, Waiting: snap.Waiting, Hints: snap.Hints, Simulated: svc.Simulated,
		Level: svc.Level, JournalError: svc.JournalError, JournalMsg: svc.JournalMsg, Board: svc.Board, Log: svc.Log, Levels: search.LevelNames(), Games: svc.Games, AISecrets: svc.AISecrets,
		Demo: svc.Demo,
	}
	if st.Unseen == nil {
		st.Unseen = []string{}
	}
	st.Arrows = arrowsOf(snap)
	st.Suggestion, st.Suggesting = snap.Suggestion, snap.Suggesting
	st.Refused = map[string]string{}
	if code, _ := snap.Takebackable(); code != "" {
		st.Refused["takeback"] = code
	}
	if code, _ := snap.Suggestable(); code != "" {
		st.Refused["suggest"] = code
	}
	st.LevelTimes = map[string]int{}
	for _, l := range search.Levels() {
		st.LevelTimes[l.Name] = int(l.Think / time.Millisecond)
	}
	st.Guide = []Guide{}
	for _, p := range snap.Guide {
		st.Guide = append(st.Guide, Guide{Square: g.Name(p.Square), Colour: p.Colour, Label: PieceLabel(r, p.Piece), Light: LightOf(p.Light)})
	}
	if st.Asking == nil {
		st.Asking = []string{}
	}
	settings := map[string]string{}
	for _, d := range r.Settings().Defs() {
		settings[d.Key] = r.Settings().Get(d.Key)
	}
	st.Game = Game{
		ID: r.ID(), Name: r.Name(), Files: g.Files, Ranks: g.Ranks, Rank1Top: g.Rank1Top,
		Settings: settings, Turn: snap.Turn, Ply: snap.Ply, Moves: snap.Moves, Position: snap.Position,
		Over: snap.Outcome.Over, Winners: []int{}, Winning: winningSquares(r, snap), Scored: engine.IsScored(r),
		Flips: engine.IsFlipping(r),
	}
	if st.Game.Moves == nil {
		st.Game.Moves = []string{}
	}
	fs := svc.Faces
	own := PlayerPieces(r, snap.Position)
	for p := range r.Players() {
		pl := Player{Name: r.PlayerName(p), Side: "human"}
		if st.Game.Scored && p < len(snap.Scores) {
			pl.Score = snap.Scores[p]
		}
		if p < len(snap.Sides) {
			pl.Side = SideName(snap.Sides[p])
		}
		if p < len(fs) {
			pl.Face = fs[p]
		}
		pl.Piece, pl.Label = int(own[p]), PieceLabel(r, own[p])
		if r.ID() == quixo.ID4 {
			pl.Seat = seats[p]
		}
		st.Game.Players = append(st.Game.Players, pl)
		if snap.Outcome.Won(p) {
			st.Game.Winners = append(st.Game.Winners, p)
		}
	}
	if snap.Outcome.Over {
		st.Game.Result, st.Game.Reason = snap.Outcome.Text(r), ReasonMsg(snap.Outcome.Reason)
	}
	if snap.Mismatch != "" && snap.Mismatch == svc.Mismatch.Text {
		st.MismatchMsg = svc.Mismatch.Msg
	}
	ring := RingAt(r, snap.Position)
	for sq := engine.Square(0); int(sq) < g.Size(); sq++ {
		st.Squares = append(st.Squares, Square{
			Name: g.Name(sq), Piece: int(snap.Pieces[sq]), Reading: int(snap.Board[sq]), Expected: int(snap.Expected[sq]),
			Light: LightOf(snap.Plan[sq]),
			Label: PieceLabel(r, snap.Pieces[sq]),
			Ring:  sq == ring,
		})
		if int(sq) < len(svc.Phys) {
			p := svc.Phys[sq]
			n := int(p)
			st.Squares[len(st.Squares)-1].OnBoard, st.Squares[len(st.Squares)-1].OnBoardLabel = &n, PieceLabel(r, p)
		}
	}
	for _, p := range snap.Rack {
		st.Rack = append(st.Rack, Rack{Label: PieceLabel(r, p.Piece), Piece: int(p.Piece), In: p.In, Slot: p.Slot, Read: p.Read, Light: LightOf(p.Light)})
	}
	for _, rank := range g.Diagram() {
		row := make([]int, g.Files)
		for f := range row {
			row[f] = int(g.Square(f, rank))
		}
		st.Diagram = append(st.Diagram, row)
	}
	for _, c := range snap.Cells {
		st.Cells = append(st.Cells, int(c))
	}
	return json.Marshal(st)
}

func LightOf(l boards.Light) Light {
	if l == boards.LightOff {
		return Light{Color: "#000000", Pattern: "off", Meaning: "off"}
	}
	p := [...]string{boards.Steady: "steady", boards.Slow: "slow", boards.Fast: "fast"}[l.Pattern]
	m := meanings[l]
	if l.Piece != engine.Empty {
		m = "put" // a put light in the colour of the pawn to put
	}
	return Light{Color: fmt.Sprintf("#%02x%02x%02x", l.Color.R, l.Color.G, l.Color.B), Pattern: p, Meaning: m}
}

// Listings describes every game of the registry for the new-game dialog; fits says whether
// it can be played on this board.
func Listings(fits func(engine.Rules) bool) []Listing {
	var out []Listing
	for _, e := range registry.All() {
		gl := Listing{ID: e.ID, Name: e.Name, Board: e.Board, Fits: true}
		if r, err := e.New(nil); err == nil {
			for p := range r.Players() {
				gl.Players = append(gl.Players, r.PlayerName(p))
			}
			if fits != nil {
				gl.Fits = fits(r)
			}
		}
		for _, s := range e.Settings {
			gl.Settings = append(gl.Settings, Setting{Key: s.Key, Default: s.Default, Values: s.Values(), Doc: s.Doc, Random: s.Random})
		}
		out = append(out, gl)
	}
	return out
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
