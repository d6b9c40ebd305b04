package engine

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
)

// SettingKind says what values a setting takes.
type SettingKind uint8

// Kinds of setting.
const (
	Bool   SettingKind = iota // on / off
	Int                       // a whole number within Min…Max
	Choice                    // one of Choices
)

// Setting describes one option of a game family (the project's decisions, docs/rules/README.md): its key, its default and what
// it means. Values are kept as text so that the CLI, the kiosk and the journal share one form.
type Setting struct {
	Key      string
	Kind     SettingKind
	Default  string
	Choices  []string // for Choice
	Min, Max int      // for Int
	Doc      string
	// Random marks a setting a service draws afresh, uniformly over Min…Max, for each game
	// it starts where none is given: Xe Queo!'s deal. Default stays the value for the tools
	// (perft, arena) and the tests, so that their figures replay.
	Random bool
}

// Values lists what the setting accepts, for help texts.
func (s Setting) Values() string {
	switch s.Kind {
	case Bool:
		return "on|off"
	case Int:
		return fmt.Sprintf("%d…%d", s.Min, s.Max)
	}
	return strings.Join(s.Choices, "|")
}

// check returns the canonical form of v, or why it is not a value of s.
func (s Setting) check(v string) (string, error) {
	switch s.Kind {
	case Bool:
		switch strings.ToLower(v) {
		case "on", "true", "yes", "1":
			return "on", nil
		case "off", "false", "no", "0":
			return "off", nil
		}
	case Int:
		n, err := strconv.Atoi(v)
		if err == nil && n >= s.Min && n <= s.Max {
			return strconv.Itoa(n), nil
		}
	case Choice:
		if slices.Contains(s.Choices, v) {
			return v, nil
		}
	}
	return "", fmt.Errorf("setting %s: %q is not one of %s", s.Key, v, s.Values())
}

// ErrUnknownSetting is wrapped when a key names no setting of the game.
var ErrUnknownSetting = errors.New("unknown setting")

// Settings is a complete set of values for a game family's settings, in the family's order.
type Settings struct {
	defs   []Setting
	values []string
}

// NewSettings applies the given key=value overrides to the defaults of defs. An unknown key
// or a value out of range is an error that names it.
func NewSettings(defs []Setting, overrides map[string]string) (Settings, error) {
	s := Settings{defs: defs, values: make([]string, len(defs))}
	for i, d := range defs {
		s.values[i] = d.Default
	}
	keys := make([]string, 0, len(overrides))
	for k := range overrides {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		i := slices.IndexFunc(defs, func(d Setting) bool { return d.Key == k })
		if i < 0 {
			return Settings{}, fmt.Errorf("%w %q (known: %s)", ErrUnknownSetting, k, keyList(defs))
		}
		v, err := defs[i].check(overrides[k])
		if err != nil {
			return Settings{}, err
		}
		s.values[i] = v
	}
	return s, nil
}

func keyList(defs []Setting) string {
	if len(defs) == 0 {
		return "none"
	}
	ks := make([]string, len(defs))
	for i, d := range defs {
		ks[i] = d.Key
	}
	return strings.Join(ks, ", ")
}

// Defs returns the settings' descriptions.
func (s Settings) Defs() []Setting { return s.defs }

// Get returns the value of key, or "" when the game has no such setting.
func (s Settings) Get(key string) string {
	for i, d := range s.defs {
		if d.Key == key {
			return s.values[i]
		}
	}
	return ""
}

// Bool returns a Bool setting's value.
func (s Settings) Bool(key string) bool { return s.Get(key) == "on" }

// Int returns an Int setting's value.
func (s Settings) Int(key string) int {
	n, _ := strconv.Atoi(s.Get(key))
	return n
}

// String writes the settings as "key=value key=value", in the family's order.
func (s Settings) String() string {
	var b strings.Builder
	for i, d := range s.defs {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(d.Key + "=" + s.values[i])
	}
	return b.String()
}

// ParseOverrides reads "key=value" words (as given to -set) into a map. A repeated key or a
// word without "=" is an error.
func ParseOverrides(words []string) (map[string]string, error) {
	m := make(map[string]string, len(words))
	for _, w := range words {
		k, v, ok := strings.Cut(w, "=")
		if !ok || k == "" {
			return nil, fmt.Errorf("setting %q: want key=value", w)
		}
		if _, dup := m[k]; dup {
			return nil, fmt.Errorf("setting %q given twice", k)
		}
		m[k] = v
	}
	return m, nil
}

// FirstSettings returns the settings of who moves first for a game whose first player is a
// setting: "first", one of the players' keys (the first listed is the default) or
// "random", and "seed", from which random draws.
func FirstSettings(players ...string) []Setting {
	return []Setting{
		{Key: "first", Kind: Choice, Default: players[0], Choices: append(slices.Clone(players), "random"),
			Doc: "who moves first; random draws it from the seed"},
		{Key: "seed", Kind: Int, Default: "1", Min: 0, Max: 1<<31 - 1,
			Doc: "the draw of first=random"},
	}
}

// FirstPlayer returns the first player that settings made with FirstSettings say: the
// player named, or for "random" one drawn from a PCG stream of the seed and the game's salt.
// The PCG's output is fixed by its definition, so a seed's draw never changes with the Go
// release.
func FirstPlayer(s Settings, salt uint64) int {
	first := s.Get("first")
	if first == "random" {
		n := uint64(len(s.defs[slices.IndexFunc(s.defs, func(d Setting) bool { return d.Key == "first" })].Choices) - 1)
		return int(rand.NewPCG(uint64(s.Int("seed")), salt).Uint64() >> 32 * n >> 32)
	}
	for _, d := range s.defs {
		if d.Key == "first" {
			return slices.Index(d.Choices, first)
		}
	}
	return 0
}

// Drawn returns overrides with a value drawn by intn (which returns 0…n-1) for every Random
// setting of defs that overrides does not give. overrides is not changed.
func Drawn(defs []Setting, overrides map[string]string, intn func(n int) int) map[string]string {
	out := make(map[string]string, len(overrides)+1)
	for k, v := range overrides {
		out[k] = v
	}
	for _, d := range defs {
		if _, given := out[d.Key]; d.Random && d.Kind == Int && !given {
			out[d.Key] = strconv.Itoa(d.Min + intn(d.Max-d.Min+1))
		}
	}
	return out
}
