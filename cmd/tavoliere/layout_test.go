package main

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/tavoliere/tavoliere"

// TestImportDirection keeps the layout of design.md: imports point one way,
// cmd -> boards, engine, hw/...; boards -> engine, hw; hw/<driver> -> hw, periph.io,
// tarm/serial. engine and hw import no other part of the project, and only cmd and the
// drivers below hw (which take the buses cmd opens) import periph.io or tarm/serial. Within
// cmd, main imports the service, the service the kiosk and the hardware, and those the
// journal and the board file, never upwards (cmdLayers); the kiosk and the service make no
// game's decisions, so their product code imports no game's package (asksNoGame).
func TestImportDirection(t *testing.T) {
	files := 0
	root := walkGo(t, func(root, path string) error {
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		pkg := filepath.ToSlash(rel)
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		files++
		test := strings.HasSuffix(path, "_test.go")
		for _, imp := range f.Imports {
			p := strings.Trim(imp.Path.Value, `"`)
			if test && testOnly[p] {
				continue // a test double, never in the product
			}
			reason := forbidden(pkg, p)
			if reason == "" && !test {
				reason = touchesTheMachine(pkg, p)
			}
			if reason == "" && !test {
				reason = asksNoGame(pkg, p)
			}
			if reason != "" {
				t.Errorf("%s imports %s: %s", filepath.ToSlash(must(filepath.Rel(root, path))), p, reason)
			}
		}
		return nil
	})
	if files < 10 {
		t.Fatalf("only %d Go files found under %s", files, root)
	}
}

// walkGo calls visit with the module's root and each Go file under it (hidden directories
// skipped), failing t on an error, and returns the root.
func walkGo(t *testing.T, visit func(root, path string) error) string {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("module root not found: %v", err)
	}
	err = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && strings.HasPrefix(d.Name(), ".") && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() && path != root {
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
				return filepath.SkipDir // another module (packaging/): not the product's code
			}
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		return visit(root, path)
	})
	if err != nil {
		t.Fatal(err)
	}
	return root
}

func must(s string, _ error) string { return s }

// testOnly are the libraries tests may use anywhere: test doubles for hardware.
var testOnly = map[string]bool{
	"github.com/creack/pty": true, // a pseudo-terminal standing in for a serial port
}

// touchesTheMachine says why package dir's product code may not import path, or "": files,
// processes and the network (os, syscall, net and the packages below them, and io/ioutil,
// which wraps os) are cmd's (which opens buses and ports) and the hardware drivers', never
// the engine's, the referee's (boards), nor hw's contract nor the simulated board's. (Tests
// may read their testdata.)
func touchesTheMachine(dir, path string) string {
	top := strings.SplitN(dir, "/", 2)[0]
	driver := top == "hw" && !slices.Contains([]string{"hw", "hw/sim", "hw/hwtest"}, dir)
	root := strings.SplitN(path, "/", 2)[0]
	machine := slices.Contains([]string{"os", "syscall", "net"}, root) || path == "io/ioutil"
	if machine && (top == "engine" || top == "boards" || top == "hw" && !driver) {
		return "only cmd and the hardware drivers touch files, processes and the network"
	}
	return ""
}

func TestTouchesTheMachine(t *testing.T) {
	for _, c := range []struct {
		dir, path string
		ok        bool
	}{
		{"engine/quixo", "os", false},
		{"engine", "syscall", false},
		{"engine/search", "os/exec", false},
		{"engine/quad", "io/ioutil", false},
		{"engine/quad", "io", true},
		{"engine/xequeo", "crypto/sha256", true},
		{"boards", "os", false},
		{"boards", "net/http", false},
		{"hw", "os", false},
		{"hw/sim", "net", false},
		{"hw/hwtest", "syscall", false},
		{"hw/tbp", "os", true},
		{"hw/mcp23017", "syscall", true},
		{"cmd/tavoliere", "os", true},
		{"cmd/tavoliere/journal", "os", true},
	} {
		if got := touchesTheMachine(c.dir, c.path) == ""; got != c.ok {
			t.Errorf("%s importing %s: allowed %v, want %v", c.dir, c.path, got, c.ok)
		}
	}
}

// gameBlind are the packages under cmd that decide nothing of a game: they ask engine's
// interfaces (engine.Emblems, engine.Ringed, …), boards, the registry and the search, never a
// game's package, whose types a switch would name. (Their tests may build a game's
// positions.)
var gameBlind = []string{"cmd/tavoliere/kiosk", "cmd/tavoliere/service"}

// engineParts are the packages under engine/ that are no game's: a game's package is any
// other, and the packages below it (engine/xequeo/xqai).
var engineParts = []string{"engine", "engine/registry", "engine/search", "engine/stats", "engine/enginetest"}

// asksNoGame says why package dir's product code may not import path, or "": a package of
// gameBlind imports no game's package.
func asksNoGame(dir, path string) string {
	part, internal := strings.CutPrefix(path, module+"/")
	if !internal || !slices.Contains(gameBlind, dir) || !strings.HasPrefix(part+"/", "engine/") {
		return ""
	}
	if slices.Contains(engineParts, part) {
		return ""
	}
	return "the kiosk and the service make no game's decisions: ask an interface of engine or boards (engine.Emblems, engine.Ringed, boards.PlayerPieces) or the registry"
}

func TestAsksNoGame(t *testing.T) {
	for _, c := range []struct {
		dir, path string
		ok        bool
	}{
		{"cmd/tavoliere/kiosk", module + "/engine/xequeo", false},
		{"cmd/tavoliere/kiosk", module + "/engine/quarto", false},
		{"cmd/tavoliere/kiosk", module + "/engine/xequeo/xqai", false},
		{"cmd/tavoliere/service", module + "/engine/quixo", false},
		{"cmd/tavoliere/kiosk", module + "/engine", true},
		{"cmd/tavoliere/kiosk", module + "/engine/registry", true},
		{"cmd/tavoliere/kiosk", module + "/engine/search", true},
		{"cmd/tavoliere/service", module + "/boards", true},
		{"cmd/tavoliere/kiosk", module + "/enginex", true},
		{"cmd/tavoliere", module + "/engine/quixo", true},
		{"boards", module + "/engine/quixo", true},
	} {
		if got := asksNoGame(c.dir, c.path) == ""; got != c.ok {
			t.Errorf("%s importing %s: allowed %v, want %v", c.dir, c.path, got, c.ok)
		}
	}
}

// forbidden says why package dir (relative to the module root) may not import path, or "".
func forbidden(dir, path string) string {
	top := strings.SplitN(dir, "/", 2)[0]
	internal := strings.HasPrefix(path, module+"/") || path == module
	part := strings.TrimPrefix(path, module+"/")
	partTop := strings.SplitN(part, "/", 2)[0]
	stdlib := !strings.Contains(strings.SplitN(path, "/", 2)[0], ".")
	hwDriver := top == "hw" && dir != "hw"
	switch {
	case stdlib:
		return ""
	case strings.HasPrefix(path, "periph.io/") || strings.HasPrefix(path, "github.com/tarm/serial"):
		if top == "cmd" || hwDriver {
			return ""
		}
		return "only cmd and the drivers under hw/ use periph.io and tarm/serial"
	case !internal:
		if top == "cmd" {
			return "" // the service's libraries (SQLite, TOML) are cmd's business
		}
		return "a third-party library outside cmd and the hw drivers"
	}
	switch top {
	case "engine":
		if partTop != "engine" {
			return "engine imports no other part of the project"
		}
	case "hw":
		switch {
		case dir == "hw":
			return "hw imports no other part of the project"
		case partTop != "hw":
			return "a driver imports hw, never engine, boards or cmd"
		}
	case "boards":
		if !slices.Contains([]string{"engine", "hw"}, partTop) && partTop != "boards" {
			return "boards imports engine and hw only"
		}
	case "cmd":
		return cmdOrder(dir, part)
	default:
		return "Go code outside cmd, engine, boards and hw"
	}
	return ""
}

// cmdLayers are the layers of cmd/tavoliere, the highest first: main (flags and a file per
// subcommand) runs the service; the service runs a session on the hardware and publishes to
// the kiosk; the journal and the board file are below them all. A package imports only
// layers below its own.
var cmdLayers = map[string]int{
	"cmd/tavoliere":         3,
	"cmd/tavoliere/service": 2,
	"cmd/tavoliere/kiosk":   1, "cmd/tavoliere/hardware": 1,
	"cmd/tavoliere/journal": 0, "cmd/tavoliere/boardfile": 0,
}

// cmdOrder says why package dir under cmd may not import part (a path in the module), or "".
func cmdOrder(dir, part string) string {
	from, ok := cmdLayers[dir]
	to, toCmd := cmdLayers[part]
	switch {
	case !toCmd:
		if strings.HasPrefix(part, "cmd/") {
			return "a package under cmd/ that the layers of cmd/tavoliere (layout_test.go's cmdLayers) do not name"
		}
		return ""
	case !ok:
		return "a package under cmd/ that the layers of cmd/tavoliere (layout_test.go's cmdLayers) do not name"
	case to >= from:
		return "cmd/tavoliere's packages import only those below them: main, then the service, then the kiosk and the hardware, then the journal and the board file"
	}
	return ""
}

func TestForbidden(t *testing.T) {
	for _, c := range []struct {
		dir, path string
		ok        bool
	}{
		{"engine/krypte", "github.com/tavoliere/tavoliere/engine", true},
		{"engine/krypte", "github.com/tavoliere/tavoliere/hw", false},
		{"engine", "github.com/tavoliere/tavoliere/boards", false},
		{"engine/search", "periph.io/x/conn/v3/i2c", false},
		{"hw", "github.com/tavoliere/tavoliere/engine", false},
		{"hw", "periph.io/x/conn/v3/gpio", false},
		{"hw/mcp23017", "periph.io/x/conn/v3/i2c", true},
		{"hw/tbp", "github.com/tarm/serial", true},
		{"hw/tbp", "github.com/tavoliere/tavoliere/hw", true},
		{"hw/tbp", "github.com/tavoliere/tavoliere/boards", false},
		{"boards", "github.com/tavoliere/tavoliere/engine/quadwrangle", true},
		{"boards", "github.com/tavoliere/tavoliere/hw", true},
		{"boards", "github.com/tavoliere/tavoliere/cmd/tavoliere", false},
		{"boards", "periph.io/x/host/v3", false},
		{"cmd/tavoliere", "periph.io/x/host/v3", true},
		{"cmd/tavoliere", "modernc.org/sqlite", true},
		{"engine", "strings", true},
		{"cmd/tavoliere", "github.com/tavoliere/tavoliere/cmd/tavoliere/service", true},
		{"cmd/tavoliere/service", "github.com/tavoliere/tavoliere/cmd/tavoliere/kiosk", true},
		{"cmd/tavoliere/service", "github.com/tavoliere/tavoliere/cmd/tavoliere/hardware", true},
		{"cmd/tavoliere/hardware", "github.com/tavoliere/tavoliere/cmd/tavoliere/boardfile", true},
		{"cmd/tavoliere/kiosk", "github.com/tavoliere/tavoliere/cmd/tavoliere/service", false},
		{"cmd/tavoliere/kiosk", "github.com/tavoliere/tavoliere/cmd/tavoliere/hardware", false},
		{"cmd/tavoliere/hardware", "github.com/tavoliere/tavoliere/cmd/tavoliere/kiosk", false},
		{"cmd/tavoliere/service", "github.com/tavoliere/tavoliere/cmd/tavoliere", false},
		{"cmd/tavoliere/journal", "github.com/tavoliere/tavoliere/cmd/tavoliere/kiosk", false},
		{"cmd/tavoliere/kiosk", "github.com/tavoliere/tavoliere/engine/search", true},
	} {
		if got := forbidden(c.dir, c.path) == ""; got != c.ok {
			t.Errorf("%s importing %s: allowed %v, want %v", c.dir, c.path, got, c.ok)
		}
	}
}

// TestImportGroups keeps every file's imports in the house order: the standard library,
// then other modules, then the project's own, each group apart (a blank line between) and
// none mixed.
func TestImportGroups(t *testing.T) {
	kind := func(p string) int {
		switch {
		case p == module || strings.HasPrefix(p, module+"/"):
			return 2
		case strings.Contains(strings.SplitN(p, "/", 2)[0], "."):
			return 1
		}
		return 0
	}
	walkGo(t, func(root, path string) error {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		rel := filepath.ToSlash(must(filepath.Rel(root, path)))
		lastKind, lastLine := -1, 0
		for _, imp := range f.Imports {
			p := strings.Trim(imp.Path.Value, `"`)
			k, line := kind(p), fset.Position(imp.Pos()).Line
			switch {
			case lastKind < 0:
			case k < lastKind:
				t.Errorf("%s:%d: %s after a later group (the standard library, other modules, then the project's)", rel, line, p)
			case k == lastKind && line > lastLine+1 && imp.Doc == nil:
				t.Errorf("%s:%d: %s: one group split by a blank line", rel, line, p)
			case k > lastKind && line == lastLine+1:
				t.Errorf("%s:%d: %s: no blank line before its group", rel, line, p)
			}
			lastKind, lastLine = k, line
		}
		return nil
	})
}
