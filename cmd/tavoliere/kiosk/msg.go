package kiosk

import (
	"strings"

	"github.com/tavoliere/tavoliere/boards"
)

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
