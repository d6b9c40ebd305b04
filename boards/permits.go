package boards

import (
	"errors"

	"github.com/tavoliere/tavoliere/engine/registry"
)

// The referee's permissions for the kiosk's commands that a state may refuse: each says why
// the command would be refused now, as a code the kiosk words in its language (words.js
// 'why:<code>') and the words in English for the API's other callers; "" and nil when it
// can be made. The kiosk disables a refused command and shows why.

// Suggestable says why the AI cannot suggest a move now (hint mode): a player must be to
// move on a board that shows the position, with no question open. A game that keeps
// secret choices (registry.Secret: Xe Queo!) would need the player's secret, which nobody
// else knows.
func (s Snapshot) Suggestable() (code string, err error) {
	turn := s.Turn
	switch {
	case s.Rules != nil && registry.Secret(s.Rules.ID()):
		return "secret", errors.New("a suggestion in " + s.Rules.Name() + " would need your secret pawn, which the service never knows")
	case s.Outcome.Over:
		return "over", errors.New("the game is over")
	case s.Thinking || s.AIMove != "" || turn < len(s.Sides) && s.Sides[turn] == AI:
		return "ai-turn", errors.New("the AI is to move")
	case len(s.Asking) > 0:
		return "asking", errors.New("a question is open: answer it first")
	case s.Waiting || s.Board != s.Expected:
		return "board", errors.New("the board does not show the position: set it up as lit first")
	}
	return "", nil
}

// Takebackable says why no move can be taken back now: at game over one can, for the player
// who ended the game by a mistake.
func (s Snapshot) Takebackable() (code string, err error) {
	if len(s.Moves) == 0 {
		return "no-moves", errors.New("no move to take back")
	}
	return "", nil
}

// mustChoose is why a question about moves the board cannot show is not dismissed.
const mustChoose = "the moves asked about are made on the screen or by a tap, not on the board: choose one"

// Dismissable says why the open question cannot be answered "none of these": there is none,
// or its options are moves the board cannot show (AskingSilent), one of which is made, so
// none of them is no answer (the question would only be asked again).
func (s Snapshot) Dismissable() (code string, err error) {
	switch {
	case len(s.Asking) == 0:
		return "no-question", errors.New("no question is open")
	case s.AskingSilent:
		return "must-choose", errors.New(mustChoose)
	}
	return "", nil
}
