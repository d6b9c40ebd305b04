package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/registry"
)

// setFlags collects repeated -set key=value flags.
type setFlags []string

func (s *setFlags) String() string     { return strings.Join(*s, " ") }
func (s *setFlags) Set(v string) error { *s = append(*s, v); return nil }

// newFlags returns a flag set that reports errors in one line instead of printing usage;
// -h prints the flags to stdout.
func newFlags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

// parseFlags parses args; -h prints the flags to stdout and returns errHelp.
func parseFlags(fs *flag.FlagSet, args []string, stdout io.Writer) error {
	err := fs.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		fs.SetOutput(stdout)
		fmt.Fprintf(stdout, "usage of tavoliere %s:\n", fs.Name())
		fs.PrintDefaults()
		return errHelp
	}
	if err != nil {
		return fmt.Errorf("%s: %w", fs.Name(), err)
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%s: unexpected argument %q", fs.Name(), fs.Arg(0))
	}
	return nil
}

// errHelp means help was printed: not a failure.
var errHelp = errors.New("help printed")

// rulesFromFlags builds the rules of -game with the -set overrides.
func rulesFromFlags(cmd, id string, sets setFlags) (engine.Rules, error) {
	return rulesDrawn(cmd, id, sets, false)
}

// rulesDrawn is rulesFromFlags that, with draw, also draws the game's random settings that
// -set does not give (Xe Queo!'s deal): the service deals each game afresh, the tools keep
// the defaults so that their figures replay.
func rulesDrawn(cmd, id string, sets setFlags, draw bool) (engine.Rules, error) {
	if id == "" {
		return nil, fmt.Errorf("%s: -game is required (see tavoliere games)", cmd)
	}
	over, err := engine.ParseOverrides(sets)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", cmd, err)
	}
	if draw {
		over = registry.Dealt(id, over, rand.IntN)
	}
	r, err := registry.New(id, over)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", cmd, err)
	}
	return r, nil
}

// ignoreHelp is nil for the help printed (-h), err otherwise.
func ignoreHelp(err error) error {
	if errors.Is(err, errHelp) {
		return nil
	}
	return err
}

// settingsText is the settings in force as the output headers print them: Settings.String
// is empty for a game that has none.
func settingsText(r engine.Rules) string {
	if s := r.Settings().String(); s != "" {
		return s
	}
	return "no settings"
}

// hiddenChoices refuses a command that plays the baseline search in a game with secret
// choices: the search would see a card as a move like any other, and show whichever it
// liked. Xe Queo!'s own matches are played by tavoliere arena.
func hiddenChoices(cmd string, r engine.Rules) error {
	if registry.Secret(r.ID()) {
		return fmt.Errorf("%s: %s keeps secret choices, which the baseline search cannot play; its AI's matches: tavoliere arena -game xequeo -a ai -b random|naive", cmd, r.ID())
	}
	return nil
}
