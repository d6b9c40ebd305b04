package kiosk

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/registry"
	"github.com/tavoliere/tavoliere/engine/search"
)

// Encode turns a referee snapshot and the service's own facts into API.md's JSON.
func Encode(snap boards.Snapshot, facts Facts) ([]byte, error) {
	r := snap.Rules
	g := r.Geometry()
	st := State{
		Version: facts.Version, PublishedAt: time.Now().UTC(), Session: snap.Game, JournalGame: facts.JournalGame,
		Sensor: snap.Kind.String(), Thinking: snap.Thinking, AIMove: snap.AIMove, Asking: snap.Asking, AskingFirst: snap.AskingFirst, Unseen: snap.Unseen,
		Mismatch: snap.Mismatch, Waiting: snap.Waiting, Hints: snap.Hints, Simulated: facts.Simulated,
		Level: facts.Level, Brightness: facts.Brightness, JournalError: facts.JournalError, JournalMsg: facts.JournalMsg, Board: facts.Board, Log: facts.Log, Levels: search.LevelNames(), Games: facts.Games, AISecrets: facts.AISecrets,
		Demo: facts.Demo,
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
	if code, _ := snap.Dismissable(); code != "" && len(snap.Asking) > 0 { // (with no question, nothing to offer it beside)
		st.Refused["dismiss"] = code
	}
	st.LevelTimes = map[string]int{}
	for _, l := range search.Levels() {
		st.LevelTimes[l.Name] = int(l.Think / time.Millisecond)
	}
	st.Guide = []Guide{}
	for _, p := range snap.Guide {
		st.Guide = append(st.Guide, Guide{Square: g.Name(p.Square), Colour: p.Colour, Label: pieceLabel(r, p.Piece), Light: lightOf(p.Light)})
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
		Over: snap.Outcome.Over, Winners: []int{}, Scored: engine.IsScored(r),
		Flips: engine.IsFlipping(r),
	}
	st.Game.Winning, st.Game.Broken = winningSquares(r, snap)
	if st.Game.Moves == nil {
		st.Game.Moves = []string{}
	}
	st.Game.Round = replayed(r, snap.Moves).round
	fs := facts.Faces
	pos, err := r.ParsePosition(snap.Position) // the referee's own position: it reads back
	if err != nil {
		pos = nil
	}
	own := playerPieces(r, pos)
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
		pl.Piece, pl.Label, pl.Seat = int(own[p]), pieceLabel(r, own[p]), engine.SeatOf(r, p)
		st.Game.Players = append(st.Game.Players, pl)
		if snap.Outcome.Won(p) {
			st.Game.Winners = append(st.Game.Winners, p)
		}
	}
	if snap.Outcome.Over {
		st.Game.Result, st.Game.Reason = snap.Outcome.Text(r), ReasonMsg(snap.Outcome.Reason)
	}
	if snap.Mismatch != "" && snap.Mismatch == facts.Mismatch.Text {
		st.MismatchMsg = facts.Mismatch.Msg
	}
	ring := ringAt(pos)
	for sq := engine.Square(0); int(sq) < g.Size(); sq++ {
		st.Squares = append(st.Squares, Square{
			Name: g.Name(sq), Piece: int(snap.Pieces[sq]), Reading: int(snap.Board[sq]), Expected: int(snap.Expected[sq]),
			Light: lightOf(snap.Plan[sq]),
			Label: pieceLabel(r, snap.Pieces[sq]),
			Ring:  sq == ring,
		})
		if int(sq) < len(facts.Phys) {
			p := facts.Phys[sq]
			n := int(p)
			st.Squares[len(st.Squares)-1].OnBoard, st.Squares[len(st.Squares)-1].OnBoardLabel = &n, pieceLabel(r, p)
		}
	}
	for _, p := range snap.Rack {
		st.Rack = append(st.Rack, Rack{Label: pieceLabel(r, p.Piece), Piece: int(p.Piece), In: p.In, Slot: p.Slot, Read: p.Read, Light: lightOf(p.Light)})
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

func lightOf(l boards.Light) Light {
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

// winningSquares lists the squares of the figure that decided a won game (engine.WinFigure)
// and those of them the last move broke: none while it goes on, after a draw, and in games
// that end on a count. The figure is read from the position, or, where only the history
// holds it (a Push square broken by the spear edition's last push, which leaves its owner
// the win), from the moves replayed; broken are then its squares the last push changed.
func winningSquares(r engine.Rules, snap boards.Snapshot) (winning, broken []int) {
	winning, broken = []int{}, []int{}
	if !snap.Outcome.Over || snap.Outcome.Winners == 0 {
		return winning, broken
	}
	s, err := r.ParsePosition(snap.Position)
	if err != nil {
		return winning, broken
	}
	figure, changed := engine.WinningSquares(s), engine.Bitboard(0)
	if figure == 0 {
		if rp := replayed(r, snap.Moves); rp.position == snap.Position {
			figure, changed = rp.figure, rp.broken
		}
	}
	for b := figure; b != 0; {
		winning = append(winning, int(b.Pop()))
	}
	for b := changed; b != 0; {
		broken = append(broken, int(b.Pop()))
	}
	return winning, broken
}

// pieceLabel names piece p as the game's notation does, for games whose pieces differ.
func pieceLabel(r engine.Rules, p engine.Piece) string {
	if n, ok := r.(engine.PieceNamer); ok && p != engine.Empty {
		return n.PieceName(p)
	}
	return ""
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

// ringAt is the square Xe Queo!'s ring lies on at pos (engine.Ringed), engine.NoSquare for
// none and for a position that could not be read.
func ringAt(pos engine.State) engine.Square {
	if pos == nil {
		return engine.NoSquare
	}
	return engine.RingAt(pos)
}

// playerPieces returns the piece that stands for each player in the player list at pos
// (boards.PlayerPieces); none for a position that could not be read.
func playerPieces(r engine.Rules, pos engine.State) []engine.Piece {
	if pos == nil {
		return make([]engine.Piece, r.Players())
	}
	return boards.PlayerPieces(pos)
}
