package boards

import "strconv"

// Msg is what an event says, for a kiosk to word in its own language: a code of MsgCodes
// and its arguments (squares by name, moves and pieces in the game's notation, numbers).
// Event.Text says the same in English for the journal and the log.
type Msg struct {
	Code string
	Args map[string]string
}

// msg returns the message code with its arguments given as name, value pairs.
func msg(code string, args ...string) Msg {
	m := Msg{Code: code}
	for i := 0; i+1 < len(args); i += 2 {
		if m.Args == nil {
			m.Args = map[string]string{}
		}
		m.Args[args[i]] = args[i+1]
	}
	return m
}

// itoa writes a number for a message's arguments.
func itoa(n int) string { return strconv.Itoa(n) }

// MsgCodes lists every code a referee's events carry; a kiosk words each one.
var MsgCodes = []string{
	// Moves and the game.
	"move", "ai-move", "suggested", "taken-back", "set-back", "reopened", "retracted", "new-game", "resumed",
	"game-over", "round-won", "tap", "tap-turned", "tap-unread", "asking", "dismissed", "repaired",
	// What to fix on the board.
	"mismatch", "lift-back",
	// Commands refused, and the board's troubles.
	"no-game-given", "game-no-fit", "stale-game", "stale-command", "not-asked", "must-choose", "unknown-command",
	"no-takeback", "stale-ai", "ai-refused", "resume-failed", "restless", "bad-frame",
	"stale-frame", "flicker", "not-an-option", "option-gone", "enter-over", "enter-asking",
	"enter-ai", "illegal", "enter-seen", "enter-not-shown", "no-suggestion", "no-suggestion-found",
	"suggestion-refused",
}
