package boards

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestEveryEventHasMsg reads the package's source: every Event a referee emits carries a
// Msg (but Think and Suggest, which ask the AI and are shown to nobody), and every code
// given to msg, or to takeBack, is one of MsgCodes, which the kiosk words.
func TestEveryEventHasMsg(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	used := map[string]bool{}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CompositeLit:
				if id, ok := n.Type.(*ast.Ident); !ok || id.Name != "Event" || len(n.Elts) == 0 {
					return true
				}
				fields := map[string]ast.Expr{}
				for _, e := range n.Elts {
					if kv, ok := e.(*ast.KeyValueExpr); ok {
						fields[kv.Key.(*ast.Ident).Name] = kv.Value
					}
				}
				kind, _ := fields["Kind"].(*ast.Ident)
				if _, ok := fields["Msg"]; !ok && (kind == nil || kind.Name != "Think" && kind.Name != "Suggest") {
					t.Errorf("%s: an Event without a Msg: the kiosk cannot word it", fset.Position(n.Pos()))
				}
			case *ast.CallExpr:
				fn, ok := n.Fun.(*ast.SelectorExpr)
				name := ""
				if id, isID := n.Fun.(*ast.Ident); isID {
					name = id.Name
				} else if ok {
					name = fn.Sel.Name
				}
				arg := -1
				switch name {
				case "msg":
					arg = 0
				case "takeBack":
					arg = 2
				}
				if arg < 0 || len(n.Args) <= arg {
					return true
				}
				lit, ok := n.Args[arg].(*ast.BasicLit)
				if !ok {
					if id, isID := n.Args[arg].(*ast.Ident); name != "msg" || !isID || id.Name != "code" {
						t.Errorf("%s: %s's code is not a literal: the test cannot check it", fset.Position(n.Pos()), name)
					}
					return true // (takeBack's code, checked where takeBack is called)
				}
				code, _ := strconv.Unquote(lit.Value)
				used[code] = true
				if !slices.Contains(MsgCodes, code) {
					t.Errorf("%s: code %q is not in MsgCodes", fset.Position(n.Pos()), code)
				}
			}
			return true
		})
	}
	for _, c := range MsgCodes {
		if !used[c] {
			t.Errorf("MsgCodes lists %q, which no event carries", c)
		}
	}
}
