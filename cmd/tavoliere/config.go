package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"

	"github.com/tavoliere/tavoliere/cmd/tavoliere/boardfile"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/service"
	"github.com/tavoliere/tavoliere/engine/registry"
	"github.com/tavoliere/tavoliere/engine/search"
)

// The service's config file: serve -config FILE (/etc/tavoliere/tavoliere.toml in the .deb,
// whose systemd unit starts serve so; the file is cmd/tavoliere/tavoliere.toml). Each key
// sets one of serve's flags, and a flag given on the command line wins over the file. A
// config file must name a board file: a Pi installed as a referee never falls back to the
// simulated board because a line is missing. Every problem is reported as a board file's
// are, FILE:LINE:COLUMN: key "KEY": what is wrong.

// configKeys are the config file's keys, each with the serve flag it sets, in the order
// the file ships them.
var configKeys = []struct{ key, flag string }{
	{"board", "board"},
	{"game", "game"},
	{"listen", "listen"},
	{"token", "token"},
	{"hosts", "hosts"},
	{"sides", "sides"},
	{"level", "level"},
	{"attract", "attract"},
	{"journal", "journal"},
	{"quixo_table", "quixo-table"},
}

// settingsTable is the config's table of game settings, what -set key=value gives.
const settingsTable = "settings"

// configValue is one key's value as written, and where.
type configValue struct {
	text      string
	line, col int
}

// serveConfig is a decoded config file.
type serveConfig struct {
	path     string
	keys     map[string]configValue // top-level keys, paths resolved against the file's folder
	settings map[string]configValue // the [settings] table
}

// applyConfig reads the config file at path (nothing when path is empty) and sets every
// flag of fs that the command line did not give from it; serve's flags must already be
// parsed. The error lists every problem found, one a line.
func applyConfig(fset *flag.FlagSet, path string) error {
	if path == "" {
		return nil
	}
	c, err := loadConfig(path)
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	given := map[string]bool{}
	fset.Visit(func(f *flag.Flag) { given[f.Name] = true })
	var errs boardfile.ErrorList
	for _, k := range configKeys {
		v, ok := c.keys[k.key]
		if !ok || given[k.flag] {
			continue
		}
		if err := fset.Set(k.flag, v.text); err != nil {
			errs = append(errs, c.errorAt(k.key, err))
		}
	}
	if _, ok := c.keys["board"]; !ok && !given["board"] {
		errs = append(errs, &boardfile.Error{File: c.path, Key: "board",
			Err: errors.New("missing: a config file names the board file of the build it serves (the .deb ships the reference ones in /usr/share/tavoliere/boards/; sim.toml there is the simulated board); without one the service would referee a simulated board")})
	}
	if sets, ok := fset.Lookup("set").Value.(*setFlags); ok {
		onLine := map[string]bool{}
		for _, s := range *sets {
			k, _, _ := strings.Cut(s, "=")
			onLine[k] = true
		}
		for _, k := range sortedKeys(c.settings) {
			if !onLine[k] {
				_ = sets.Set(k + "=" + c.settings[k].text)
			}
		}
	}
	errs = append(errs, c.check(fset, given)...)
	if len(errs) > 0 {
		sort.SliceStable(errs, func(i, j int) bool { return lineOrLast(errs[i]) < lineOrLast(errs[j]) })
		return fmt.Errorf("serve: %w", errs)
	}
	return nil
}

// loadConfig reads and decodes a config file: a syntax error, a key it does not know or a
// value of the wrong type is an error with its line.
func loadConfig(path string) (*serveConfig, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err // the path is in front already
		}
		return nil, boardfile.ErrorList{{File: path, Err: err}}
	}
	return parseConfig(path, data)
}

// parseConfig decodes a config file's text; path names it in errors, and relative paths in
// it are taken from its folder.
func parseConfig(path string, data []byte) (*serveConfig, error) {
	var doc map[string]any
	if err := toml.NewDecoder(bytes.NewReader(data)).Decode(&doc); err != nil {
		var de *toml.DecodeError
		if errors.As(err, &de) {
			line, col := de.Position()
			return nil, boardfile.ErrorList{{File: path, Line: line, Col: col, Err: errors.New(strings.TrimPrefix(de.Error(), "toml: "))}}
		}
		return nil, boardfile.ErrorList{{File: path, Err: err}}
	}
	c := &serveConfig{path: path, keys: map[string]configValue{}, settings: map[string]configValue{}}
	where := configPositions(data)
	var errs boardfile.ErrorList
	bad := func(key string, err error) {
		p := where[key]
		errs = append(errs, &boardfile.Error{File: path, Line: p.line, Col: p.col, Key: key, Err: err})
	}
	for _, key := range sortedKeys(doc) {
		value := doc[key]
		if key == settingsTable {
			table, ok := value.(map[string]any)
			if !ok {
				bad(key, fmt.Errorf("want a table of the game's settings ([settings], then key = value lines), got %s", tomlKind(value)))
				continue
			}
			for _, name := range sortedKeys(table) {
				full := key + "." + name
				text, ok := settingText(table[name])
				if !ok {
					bad(full, fmt.Errorf("want a string, an integer or true or false, got %s", tomlKind(table[name])))
					continue
				}
				p := where[full]
				c.settings[name] = configValue{text: text, line: p.line, col: p.col}
			}
			continue
		}
		if !slices.ContainsFunc(configKeys, func(k struct{ key, flag string }) bool { return k.key == key }) {
			what := "unknown key"
			if _, isTable := value.(map[string]any); isTable {
				what = "unknown table"
			}
			if s := closestKey(key); s != "" {
				what += fmt.Sprintf(" (did you mean %q?)", s)
			}
			bad(key, fmt.Errorf("%s; the keys are %s and the table [%s]", what, knownKeys(), settingsTable))
			continue
		}
		text, ok := value.(string)
		if !ok {
			bad(key, fmt.Errorf("want a string, got %s", tomlKind(value)))
			continue
		}
		if text != "" && (key == "board" || key == "journal" || key == "quixo_table") && !filepath.IsAbs(text) {
			text = filepath.Join(filepath.Dir(path), text)
		}
		p := where[key]
		c.keys[key] = configValue{text: text, line: p.line, col: p.col}
	}
	if len(errs) > 0 {
		sort.SliceStable(errs, func(i, j int) bool { return lineOrLast(errs[i]) < lineOrLast(errs[j]) })
		return nil, errs
	}
	return c, nil
}

// check checks the values the config gives (not those the command line overrides) as
// serve would, so that a bad one is reported at its line; fset holds the values in force.
func (c *serveConfig) check(fset *flag.FlagSet, given map[string]bool) boardfile.ErrorList {
	var errs boardfile.ErrorList
	fromFile := func(key string) (configValue, bool) {
		flagName := key
		for _, k := range configKeys {
			if k.key == key {
				flagName = k.flag
			}
		}
		v, ok := c.keys[key]
		return v, ok && !given[flagName]
	}
	bad := func(key string, format string, args ...any) {
		errs = append(errs, c.errorAt(key, fmt.Errorf(format, args...)))
	}
	game := fset.Lookup("game").Value.String()
	gameOK := true
	if v, ok := fromFile("game"); ok {
		if _, err := registry.Lookup(v.text); err != nil {
			bad("game", "%v", err)
			gameOK = false
		}
	}
	if v, ok := fromFile("level"); ok {
		if _, known := search.LevelNamed(v.text); !known {
			bad("level", "%q: want one of %s", v.text, strings.Join(search.LevelNames(), ", "))
		}
	}
	if v, ok := fromFile("attract"); ok {
		if _, err := service.ParseIdle(v.text); err != nil {
			bad("attract", "%v", err)
		}
	}
	if v, ok := fromFile("listen"); ok {
		if _, _, err := net.SplitHostPort(v.text); err != nil {
			bad("listen", "%q: want host:port or :port, as in \":8080\" (every address) or \"localhost:8080\" (this machine only)", v.text)
		}
	}
	if v, ok := fromFile("quixo_table"); ok && v.text != "" {
		if _, err := os.Stat(v.text); err != nil {
			bad("quixo_table", "%v", unwrapPath(err))
		}
	}
	if v, ok := fromFile("board"); ok {
		c.checkBoard(v, game, gameOK, given["game"], bad)
	}
	if !gameOK {
		return errs
	}
	if v, ok := fromFile("sides"); ok && v.text != "" {
		if rules, err := registry.New(game, nil); err == nil {
			if _, err := parseSides(v.text, rules); err != nil {
				bad("sides", "%v", err)
			}
		}
	}
	if _, err := registry.Lookup(game); err == nil {
		for _, name := range sortedKeys(c.settings) {
			if _, err := registry.New(game, map[string]string{name: c.settings[name].text}); err != nil {
				bad(settingsTable+"."+name, "%v", err)
			}
		}
	}
	return errs
}

// checkBoard checks the config's board: named, there, a valid board file, and of the
// game's size (the game from the command line, when gameGiven, or the config).
func (c *serveConfig) checkBoard(v configValue, game string, gameOK, gameGiven bool, bad func(string, string, ...any)) {
	if v.text == "" {
		bad("board", "empty: name the board file of the build this serves (the .deb ships the reference ones in /usr/share/tavoliere/boards/; sim.toml there is the simulated board)")
		return
	}
	bf, err := boardfile.Load(v.text)
	if err != nil {
		var list boardfile.ErrorList
		if errors.As(err, &list) && len(list) == 1 && list[0].Line == 0 && list[0].Key == "" {
			bad("board", "%s: %v", v.text, list[0].Err) // not there, or not readable
			return
		}
		bad("board", "%s is not a valid board file (tavoliere check-config %s lists its problems)", v.text, v.text)
		return
	}
	if !gameOK {
		return
	}
	rules, err := registry.New(game, nil)
	if err != nil {
		return
	}
	g := rules.Geometry()
	if bf.Board.Files == g.Files && bf.Board.Ranks == g.Ranks {
		return
	}
	key := "game"
	if _, ok := c.keys["game"]; !ok || gameGiven {
		key = "board"
	}
	bad(key, "%s is %dx%d; %s is played on %dx%d: choose a game of the board's size, or the board file of another build",
		v.text, bf.Board.Files, bf.Board.Ranks, rules.Name(), g.Files, g.Ranks)
}

// errorAt is an Error about key, placed where the file writes it.
func (c *serveConfig) errorAt(key string, err error) *boardfile.Error {
	e := &boardfile.Error{File: c.path, Key: key, Err: err}
	v, ok := c.keys[key]
	if name, isSetting := strings.CutPrefix(key, settingsTable+"."); isSetting {
		v, ok = c.settings[name]
	}
	if ok {
		e.Line, e.Col = v.line, v.col
	}
	return e
}

// configPositions returns where each key of a config file is written: top-level keys by
// name, a table's keys as "table.key", a table's header by the table's name. It stops
// quietly at a syntax error, which the decoder reports.
func configPositions(data []byte) map[string]cfgPos {
	where := map[string]cfgPos{}
	lines := []int{0}
	for i, b := range data {
		if b == '\n' {
			lines = append(lines, i+1)
		}
	}
	at := func(offset uint32) cfgPos {
		o := int(offset)
		l := sort.Search(len(lines), func(i int) bool { return lines[i] > o }) - 1
		return cfgPos{line: l + 1, col: o - lines[l] + 1}
	}
	name := func(n *unstable.Node) (string, *unstable.Node) {
		var parts []string
		var first *unstable.Node
		it := n.Key()
		for it.Next() {
			if first == nil {
				first = it.Node()
			}
			parts = append(parts, string(it.Node().Data))
		}
		return strings.Join(parts, "."), first
	}
	var p unstable.Parser
	p.Reset(data)
	table := ""
	for p.NextExpression() {
		e := p.Expression()
		switch e.Kind {
		case unstable.Table, unstable.ArrayTable:
			key, first := name(e)
			table = key
			if _, seen := where[key]; !seen && first != nil {
				where[key] = at(first.Raw.Offset)
			}
		case unstable.KeyValue:
			key, first := name(e)
			if table != "" {
				key = table + "." + key
			}
			if _, seen := where[key]; !seen && first != nil {
				where[key] = at(first.Raw.Offset)
			}
		}
	}
	return where
}

// cfgPos is a place in a file: 1-based line and column.
type cfgPos struct{ line, col int }

func settingText(v any) (string, bool) {
	switch v := v.(type) {
	case string:
		return v, true
	case int64:
		return strconv.FormatInt(v, 10), true
	case bool:
		if v {
			return "on", true
		}
		return "off", true
	}
	return "", false
}

// tomlKind names a decoded TOML value's type as the file writes it.
func tomlKind(v any) string {
	switch v.(type) {
	case string:
		return "a string"
	case int64:
		return "an integer"
	case float64:
		return "a float"
	case bool:
		return "a boolean"
	case map[string]any:
		return "a table"
	case []any:
		return "an array"
	}
	return fmt.Sprintf("a %T", v)
}

func knownKeys() string {
	names := make([]string, len(configKeys))
	for i, k := range configKeys {
		names[i] = k.key
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// closestKey returns the known key within two edits of key, or "": "quixo-table", the
// flag's spelling, is "quixo_table".
func closestKey(key string) string {
	key = strings.ReplaceAll(strings.ToLower(key), "-", "_")
	best, bestD := "", 3
	for _, k := range configKeys {
		if d := boardfile.Distance(key, k.key); d < bestD {
			best, bestD = k.key, d
		}
	}
	if d := boardfile.Distance(key, settingsTable); d < bestD {
		best = settingsTable
	}
	return best
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func lineOrLast(e *boardfile.Error) int {
	if e.Line == 0 {
		return int(^uint(0) >> 1)
	}
	return e.Line
}

func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: %w", pe.Path, pe.Err)
	}
	return err
}
