package search

import (
	"time"

	"github.com/tavoliere/tavoliere/engine"
)

// Level is one of the AI's levels, as the kiosk offers them: the time it thinks per move and
// its chance of playing a random move instead (Options.Blunder), so that the weaker levels
// play like people who see the immediate threats and not much more.
type Level struct {
	Name    string
	Think   time.Duration
	Blunder float64
}

// levels are the AI's levels, weakest first. The service seats them, the arena plays them
// and `tavoliere levels` times them; README.md and the kiosk's dialog quote them.
var levels = []Level{
	{Name: "beginner", Think: 20 * time.Millisecond, Blunder: 0.4},
	{Name: "easy", Think: 100 * time.Millisecond, Blunder: 0.15},
	{Name: "normal", Think: 300 * time.Millisecond},
	{Name: "strong", Think: 700 * time.Millisecond},
	{Name: "strongest", Think: time.Second},
}

// Levels returns the AI's levels, weakest first.
func Levels() []Level { return append([]Level(nil), levels...) }

// LevelNames returns the names of the AI's levels, weakest first.
func LevelNames() []string {
	out := make([]string, len(levels))
	for i, l := range levels {
		out[i] = l.Name
	}
	return out
}

// LevelNamed returns the level called name.
func LevelNamed(name string) (Level, bool) {
	for _, l := range levels {
		if l.Name == name {
			return l, true
		}
	}
	return Level{}, false
}

// Options returns o with the level's budget: its time per move, no playout count, and its
// random moves.
func (l Level) Options(o Options) Options {
	o.Think, o.Iterations, o.Blunder = l.Think, 0, l.Blunder
	return o
}

// levelPlayer is the AI at a level: a match's options for each move (its seed) with the
// level's budget and random moves, whatever the match's budget says.
type levelPlayer struct {
	*AI
	level Level
}

// SetOptions keeps the level's budget.
func (p *levelPlayer) SetOptions(o Options) { p.AI.SetOptions(p.level.Options(o)) }

// Player returns the factory of the AI at the level for an arena.
func (l Level) Player() Factory {
	return func(r engine.Rules, o Options) Player {
		return &levelPlayer{AI: NewAI(r, l.Options(o)), level: l}
	}
}
