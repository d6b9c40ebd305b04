package kiosk

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// sent is one place the server sends a message: its catalogue key ("msg:journal-move",
// "why:bad-move", "reason:four-shapes"), the names of its arguments, and where.
type sent struct {
	key   string
	args  []string
	where string
}

// sentMessages reads the referee's source (msg calls), this package's and the service's
// (Msg literals, Coded calls) and ReasonMsg's tables for every message the server sends,
// each with the arguments of that call. A code given through a parameter (the referee's
// takeBack passes its code on to msg) takes the arguments of the msg inside, at each call
// that gives the parameter a literal.
func sentMessages(t *testing.T) []sent {
	t.Helper()
	var files []string
	for _, pattern := range []string{"../../../boards/*.go", "*.go", "../service/*.go"} {
		more, err := filepath.Glob(pattern)
		if err != nil || len(more) == 0 {
			t.Fatalf("%s: %v files, %v", pattern, len(more), err)
		}
		files = append(files, more...)
	}
	fset := token.NewFileSet()
	str := func(e ast.Expr) (string, bool) {
		b, ok := e.(*ast.BasicLit)
		if !ok || b.Kind != token.STRING {
			return "", false
		}
		s, _ := strconv.Unquote(b.Value)
		return s, true
	}
	// pairs are the names of name, value pairs (msg's and Coded's); ok is false when a name
	// is not a literal, or the pairs are a slice passed on (the referee's mismatch).
	pairs := func(call *ast.CallExpr, from int) (names []string, ok bool) {
		if call.Ellipsis.IsValid() {
			return nil, false
		}
		for i := from; i < len(call.Args); i += 2 {
			s, isLit := str(call.Args[i])
			if !isLit {
				return nil, false
			}
			names = append(names, s)
		}
		return names, true
	}
	// named is the name a call or a type has, within a package or from kiosk (kiosk.Coded, r.takeBack).
	named := func(e ast.Expr) string {
		switch e := e.(type) {
		case *ast.Ident:
			return e.Name
		case *ast.SelectorExpr:
			return e.Sel.Name
		}
		return ""
	}
	var out []sent
	type relay struct { // a function that passes its parameter at index on to msg as the code
		index int
		args  []string
		ok    bool
	}
	relays := map[string]relay{}
	var calls []*ast.CallExpr // to read for the relays' codes once all are known
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, file, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		referee := strings.Contains(file, "/boards/")
		for _, d := range f.Decls {
			fn, _ := d.(*ast.FuncDecl)
			ast.Inspect(d, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.CallExpr:
					calls = append(calls, n)
					name := named(n.Fun)
					switch {
					case referee && name == "msg" && len(n.Args) > 0:
						args, ok := pairs(n, 1)
						if code, isLit := str(n.Args[0]); isLit {
							if !ok {
								args = nil // (the mismatch's parts: the page words them from the parts it knows)
							}
							out = append(out, sent{"msg:" + code, args, fset.Position(n.Pos()).String()})
							break
						}
						id, isID := n.Args[0].(*ast.Ident)
						if !isID || fn == nil {
							t.Errorf("%s: msg's code is not a literal nor a parameter", fset.Position(n.Pos()))
							break
						}
						index := 0
						for _, field := range fn.Type.Params.List {
							for _, p := range field.Names {
								if p.Name == id.Name {
									relays[fn.Name.Name] = relay{index, args, ok}
								}
								index++
							}
						}
						if _, found := relays[fn.Name.Name]; !found {
							t.Errorf("%s: msg's code %s is not a parameter of %s", fset.Position(n.Pos()), id.Name, fn.Name.Name)
						}
					case !referee && name == "Coded" && len(n.Args) > 1:
						code, isLit := str(n.Args[1])
						if !isLit {
							break // (a referee's permit's code, which has no arguments)
						}
						args, ok := pairs(n, 2)
						if !ok {
							t.Errorf("%s: Coded's argument names are not literals: the test cannot check them", fset.Position(n.Pos()))
						}
						out = append(out, sent{"why:" + code, args, fset.Position(n.Pos()).String()})
					}
				case *ast.CompositeLit:
					if referee || named(n.Type) != "Msg" {
						break
					}
					s := sent{where: fset.Position(n.Pos()).String()}
					literal := true // (a Msg made of another's, as MsgOf's, is checked where that one is made)
					for _, e := range n.Elts {
						kv, ok := e.(*ast.KeyValueExpr)
						if !ok {
							continue
						}
						switch kv.Key.(*ast.Ident).Name {
						case "Code":
							if code, isLit := str(kv.Value); isLit {
								s.key = "msg:" + code
							}
						case "Args":
							m, isLit := kv.Value.(*ast.CompositeLit)
							if !isLit {
								literal = false
								break
							}
							for _, a := range m.Elts {
								if name, isLit := str(a.(*ast.KeyValueExpr).Key); isLit {
									s.args = append(s.args, name)
								}
							}
						}
					}
					switch {
					case s.key != "" && !literal:
						t.Errorf("%s: a Msg's Args are not a literal: the test cannot check them", s.where)
					case s.key != "":
						out = append(out, s)
					}
				}
				return true
			})
		}
	}
	for _, call := range calls {
		r, ok := relays[named(call.Fun)]
		if !ok || len(call.Args) <= r.index {
			continue
		}
		if code, isLit := str(call.Args[r.index]); isLit {
			out = append(out, sent{"msg:" + code, r.args, fset.Position(call.Pos()).String()})
		}
	}
	for _, c := range reasons {
		out = append(out, sent{"reason:" + c, nil, "reasons"})
	}
	for _, p := range reasonPrefixes {
		out = append(out, sent{"reason:" + p.code, []string{p.arg}, "reasonPrefixes"})
	}
	out = append(out, sent{"reason:" + reasonOther, []string{"text"}, "ReasonMsg"})
	return out
}

// pageWords are the words messages.js makes of a message's arguments before it fills the
// catalogue's placeholders (msgText, whyText, reasonText): each maps the catalogue key a
// message is worded by to the placeholders the page fills, from the arguments sent (which
// it keeps as they are, beside these). A message may be worded by more keys than its own
// (a question by msg:asking-one or msg:asking-many).
func pageWords(key string, args []string) map[string][]string {
	vars := slices.Clone(args)
	has := func(a string) bool { return slices.Contains(args, a) }
	prefix, code, _ := strings.Cut(key, ":")
	if prefix == "reason" {
		return map[string][]string{key: vars}
	}
	if has("move") {
		vars = append(vars, "what") // the move worded (moveWords)
	}
	if prefix == "why" {
		return map[string][]string{key: vars}
	}
	switch code {
	case "asking", "dismissed":
		if has("moves") {
			vars = append(vars, "options")
		}
		if code == "asking" {
			return map[string][]string{key: vars, "msg:asking-one": vars, "msg:asking-many": {"n"},
				"msg:asking-first": vars, "msg:asking-first-many": {"n"}}
		}
	case "game-over":
		vars = append(vars, "result") // the winners' names and the reason worded
	case "round-won":
		vars = append(vars, "player") // a name, of the player given or the one to move
	case "mismatch":
		vars = append(vars, "parts") // the parts sent, each worded by mis:<part>
	}
	return map[string][]string{key: vars}
}

// derivedInPage are the names messages.js's functions set in vars beyond the arguments
// (vars.x = …), which pageWords must know of; TestMessageArguments reads messages.js for them.
var derivedInPage = map[string][]string{
	"msgText": {"game", "kind", "options", "parts", "player", "result", "what", "where", "why"},
	"whyText": {"game", "what"},
}

// TestMessageArguments checks, for every message the server sends, that its English and
// Italian words fill their placeholders only from the arguments sent (or from what the
// page makes of them, pageWords): a placeholder without one shows up empty on the page. An
// argument no placeholder uses is allowed: some tell the page what to do rather than what
// to say (a move's player is its mover, a question's how), and some are for the API's other
// callers (the brightness refused, the game whose pieces have no other face).
func TestMessageArguments(t *testing.T) {
	dict := wordsDict(t)
	b, err := fs.ReadFile(pageFiles, "messages.js")
	if err != nil {
		t.Fatal(err)
	}
	for _, fn := range regexp.MustCompile(`(?m)^(?:export )?function `).Split(string(b), -1)[1:] {
		name, _, _ := strings.Cut(fn, "(")
		var set []string
		for _, m := range regexp.MustCompile(`\bvars\.(\w+) =`).FindAllStringSubmatch(fn, -1) {
			set = append(set, m[1])
		}
		slices.Sort(set)
		if set = slices.Compact(set); !slices.Equal(set, derivedInPage[name]) {
			t.Errorf("messages.js's %s sets vars %v, pageWords knows %v: tell pageWords what the page words now", name, set, derivedInPage[name])
		}
	}
	all := sentMessages(t)
	if len(all) < 60 {
		t.Fatalf("only %d messages found: the source walk is broken", len(all))
	}
	// The codes sent without arguments that sentMessages does not read (the referee's
	// permits, the server's refusals, httpError's).
	for key, where := range serverCodes(t) {
		if !slices.ContainsFunc(all, func(s sent) bool { return s.key == key }) {
			all = append(all, sent{key, nil, where})
		}
	}
	placeholder := regexp.MustCompile(`\{(\w+)\}`)
	uses := func(s string) []string {
		var out []string
		for _, m := range placeholder.FindAllStringSubmatch(s, -1) {
			if !slices.Contains(out, m[1]) {
				out = append(out, m[1])
			}
		}
		slices.Sort(out)
		return out
	}
	seen := map[string]bool{}
	for _, s := range all {
		for key, vars := range pageWords(s.key, s.args) {
			var per []string // each language's placeholders, to compare
			for _, lang := range []string{"en", "it"} {
				words, ok := dict[lang][key]
				if !ok {
					t.Errorf("%s: %s has no words in DICT.%s", s.where, key, lang)
					continue
				}
				per = append(per, fmt.Sprint(uses(words)))
				for _, p := range uses(words) {
					if !slices.Contains(vars, p) {
						t.Errorf("%s: DICT.%s[%q] says {%s}, but the server sends %v: the page shows it empty", s.where, lang, key, p, s.args)
					}
				}
			}
			if len(per) == 2 && per[0] != per[1] && !seen[key] {
				t.Errorf("%s: the English says %s, the Italian %s", key, per[0], per[1])
			}
			seen[key] = true
		}
	}
}
