package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/cmd/tavoliere/service"
)

// configFlags parses args as serve does and applies the config file at path: it returns
// the flags' values afterwards.
func configFlags(t *testing.T, path string, args ...string) (map[string]string, []string, error) {
	t.Helper()
	fs := newFlags("serve")
	names := []string{"listen", "board", "game", "sides", "level", "attract", "journal", "token", "hosts", "quixo-table"}
	for _, n := range names {
		def := ""
		switch n {
		case "game":
			def = "quadwrangle" // serve's default
		case "attract":
			def = service.AttractIdle.String()
		}
		fs.String(n, def, "")
	}
	var sets setFlags
	fs.Var(&sets, "set", "")
	if err := fs.Parse(args); err != nil {
		t.Fatal(err)
	}
	err := applyConfig(fs, path)
	values := map[string]string{}
	for _, n := range names {
		values[n] = fs.Lookup(n).Value.String()
	}
	return values, sets, err
}

func writeConfig(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "tavoliere.toml")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func repoBoard(t *testing.T, name string) string {
	t.Helper()
	path, err := filepath.Abs(filepath.Join("..", "..", "firmware-config", name))
	if err != nil {
		t.Fatal(err)
	}
	return path
}

// TestShippedConfig: the config the .deb installs as /etc/tavoliere/tavoliere.toml is
// valid, names a reference board file the package ships (firmware-config/ here) and sets
// what the unit's service needs.
func TestShippedConfig(t *testing.T) {
	text, err := os.ReadFile("tavoliere.toml")
	if err != nil {
		t.Fatal(err)
	}
	const shipped = "/usr/share/tavoliere/boards/"
	m := regexp.MustCompile(`(?m)^board = "` + shipped + `([^"]+)"`).FindSubmatch(text)
	if m == nil {
		t.Fatalf("tavoliere.toml names no board under %s", shipped)
	}
	local := strings.ReplaceAll(string(text), shipped, repoBoard(t, "")+"/")
	got, sets, err := configFlags(t, writeConfig(t, local))
	if err != nil {
		t.Fatalf("the shipped config: %v", err)
	}
	want := map[string]string{"board": repoBoard(t, string(m[1])), "game": "quadwrangle", "listen": ":8080", "level": "normal", "token": "", "hosts": "", "sides": "", "attract": "5m"}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %q, want %q", k, got[k], v)
		}
	}
	if len(sets) != 0 {
		t.Errorf("settings %v, want none", sets)
	}
	// Every board the comments name is one the package ships.
	for _, name := range regexp.MustCompile(shipped+`([a-z0-9-]+\.toml)`).FindAllStringSubmatch(string(text), -1) {
		if _, err := os.Stat(repoBoard(t, name[1])); err != nil {
			t.Errorf("tavoliere.toml names %s%s: %v", shipped, name[1], err)
		}
	}
}

// TestConfigGood: every key sets its flag; relative paths are the file's folder's; the
// command line wins, a -set on it over the same setting in the file.
func TestConfigGood(t *testing.T) {
	dir := t.TempDir()
	board, err := os.ReadFile(repoBoard(t, "tbp-5x5.toml"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "board.toml"), board, 0o644); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "tavoliere.toml")
	err = os.WriteFile(path, []byte(`# a Quixo table
board = "board.toml"
game = "push"
listen = "localhost:9000"
token = "s3cret"
sides = "ai,human"
level = "strong"
journal = "/var/lib/tavoliere/journal.db"

[settings]
spear = true
move-cap = 200
`), 0o644)
	if err != nil {
		t.Fatal(err)
	}
	got, sets, err := configFlags(t, path)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"board": filepath.Join(dir, "board.toml"), "game": "push", "listen": "localhost:9000",
		"token": "s3cret", "sides": "ai,human", "level": "strong", "journal": "/var/lib/tavoliere/journal.db", "quixo-table": ""}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %q, want %q", k, got[k], v)
		}
	}
	if strings.Join(sets, " ") != "move-cap=200 spear=on" {
		t.Errorf("settings %q", sets)
	}

	got, sets, err = configFlags(t, path, "-listen", ":8081", "-level", "easy", "-set", "spear=off")
	if err != nil {
		t.Fatal(err)
	}
	if got["listen"] != ":8081" || got["level"] != "easy" || got["game"] != "push" {
		t.Errorf("the command line does not win: %v", got)
	}
	if strings.Join(sets, " ") != "spear=off move-cap=200" {
		t.Errorf("settings %q, want the command line's spear and the file's move-cap", sets)
	}
	// A value the command line overrides is not checked: the file's is not used.
	got, _, err = configFlags(t, writeConfig(t, "board = \""+repoBoard(t, "sim.toml")+"\"\nlevel = \"hard\"\n"), "-level", "easy")
	if err != nil || got["level"] != "easy" {
		t.Errorf("level overridden: %v, %v", got["level"], err)
	}
	// -board on the command line stands for the file's missing one.
	if _, _, err := configFlags(t, writeConfig(t, "game = \"quadwrangle\"\n"), "-board", repoBoard(t, "sim.toml")); err != nil {
		t.Errorf("board given on the command line: %v", err)
	}
}

// TestConfigErrors: a bad config names the file, the line and the key, every problem at
// once, in the order of the file.
func TestConfigErrors(t *testing.T) {
	sim := repoBoard(t, "sim.toml")
	for _, c := range []struct {
		name, text string
		args       []string
		want       []string // the error's lines, after the file's name
	}{
		{"unknown key", "board = \"" + sim + "\"\nlevl = \"easy\"\n", nil,
			[]string{`:2:1: key "levl": unknown key (did you mean "level"?); the keys are board, game, listen, token, hosts, sides, level, attract, journal and quixo_table and the table [settings]`}},
		{"a flag's spelling", "board = \"" + sim + "\"\nquixo-table = \"q.tbl\"\n", nil,
			[]string{`:2:1: key "quixo-table": unknown key (did you mean "quixo_table"?)`}},
		{"unknown table", "board = \"" + sim + "\"\n[setings]\nring = \"sensed\"\n", nil,
			[]string{`:2:2: key "setings": unknown table (did you mean "settings"?)`}},
		{"wrong type", "board = \"" + sim + "\"\n\nlevel = 3\n", nil,
			[]string{`:3:1: key "level": want a string, got an integer`}},
		{"bad level", "board = \"" + sim + "\"\nlevel = \"hard\"\n", nil,
			[]string{`:2:1: key "level": "hard": want one of beginner, easy, normal, strong, strongest`}},
		{"bad attract", "board = \"" + sim + "\"\nattract = \"5 minutes\"\n", nil,
			[]string{`:2:1: key "attract": "5 minutes": want a time, as in "5m" or "90s", or "0" (never)`}},
		{"bad listen and game", "board = \"" + sim + "\"\nlisten = \"8080\"\ngame = \"chess\"\n", nil,
			[]string{`:2:1: key "listen": "8080": want host:port`, `:3:1: key "game": unknown game "chess"`}},
		{"bad sides", "board = \"" + sim + "\"\nsides = \"human,robot\"\n", nil,
			[]string{`:2:1: key "sides": `}},
		{"bad setting", "board = \"" + sim + "\"\n[settings]\nmove-cap = \"lots\"\ncolour = \"red\"\n", nil,
			[]string{`:3:1: key "settings.move-cap": `, `:4:1: key "settings.colour": `}},
		{"setting of a wrong type", "board = \"" + sim + "\"\n[settings]\nmove-cap = [1]\n", nil,
			[]string{`:3:1: key "settings.move-cap": want a string, an integer or true or false, got an array`}},
		{"no board", "game = \"quadwrangle\"\n", nil,
			[]string{`: key "board": missing: a config file names the board file`}},
		{"empty board", "\nboard = \"\"\n", nil,
			[]string{`:2:1: key "board": empty: name the board file`}},
		{"board not there", "board = \"/nonexistent/board.toml\"\n", nil,
			[]string{`:1:1: key "board": /nonexistent/board.toml: no such file or directory`}},
		{"board of another size", "board = \"" + repoBoard(t, "tbp-4x4.toml") + "\"\ngame = \"quadwrangle\"\n", nil,
			[]string{`:2:1: key "game": ` + repoBoard(t, "tbp-4x4.toml") + ` is 4x4; Quad Wrangle is played on 7x7`}},
		{"board of another size than -game", "board = \"" + repoBoard(t, "tbp-4x4.toml") + "\"\n", []string{"-game", "push"},
			[]string{`:1:1: key "board": `}},
		{"not a board file", "board = \"tavoliere.toml\"\n", nil,
			[]string{`:1:1: key "board": $FILE is not a valid board file (tavoliere check-config $FILE lists its problems)`}},
		{"syntax", "board = \"" + sim + "\"\nlevel = normal\n", nil,
			[]string{`:2:9: `}},
	} {
		path := writeConfig(t, c.text)
		_, _, err := configFlags(t, path, c.args...)
		if err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		lines := strings.Split(err.Error(), "\n")
		if len(lines) != len(c.want) {
			t.Errorf("%s: %d lines, want %d:\n%v", c.name, len(lines), len(c.want), err)
			continue
		}
		for i, w := range c.want {
			prefix := path
			if i == 0 {
				prefix = "serve: " + path
			}
			w = strings.ReplaceAll(w, "$FILE", path)
			if !strings.HasPrefix(lines[i], prefix+w) {
				t.Errorf("%s: line %d\n got %s\nwant %s%s…", c.name, i+1, lines[i], prefix, w)
			}
		}
	}
}

// TestServeConfig: serve -config stops on a config without a board before it opens
// anything, naming the file and the key, and serves with a good one.
func TestServeConfig(t *testing.T) {
	dir := t.TempDir()
	journal := filepath.Join(dir, "journal.db")
	path := writeConfig(t, "game = \"quadwrangle\"\nlisten = \"127.0.0.1:0\"\n")
	var out, errOut bytes.Buffer
	err := run(context.Background(), []string{"serve", "-config", path, "-journal", journal}, &out, &errOut)
	if err == nil || !strings.Contains(err.Error(), path+`: key "board": missing`) {
		t.Fatalf("serve with a config without a board: %v", err)
	}
	if _, serr := os.Stat(journal); serr == nil {
		t.Error("the journal was opened before the config was checked")
	}
	path = writeConfig(t, "board = \""+repoBoard(t, "sim.toml")+"\"\nlisten = \"127.0.0.1:0\"\ngame = \"quadwrangle\"\nlevel = \"easy\"\n")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := run(ctx, []string{"-config", path, "-journal", journal}, &out, &errOut); err != nil {
		t.Fatalf("serve -config: %v\n%s", err, errOut.String())
	}
	if !strings.Contains(out.String(), "kiosk on http://localhost:") {
		t.Errorf("serve -config printed %q", out.String())
	}
}
