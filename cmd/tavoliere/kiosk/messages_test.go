package kiosk

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/engine/registry"
)

// wordsDict reads words.js's DICT (Words), failing t on a key twice in one language.
func wordsDict(t *testing.T) map[string]map[string]string {
	t.Helper()
	out, err := Words()
	if err != nil {
		if out == nil {
			t.Fatal(err)
		}
		t.Error(err)
	}
	return out
}

// permits is the referee's file of the kiosk's refusals (boards.Snapshot.Suggestable, …):
// each returns a code and its English.
const permits = "../../../boards/permits.go"

// serverCodes reads the source of this package and the service's (../service) for every
// code they send the page: refusals and errors ('why:': Coded, httpError, and the codes the
// referee's permits return) and their own messages ('msg:': Msg{Code}).
func serverCodes(t *testing.T) map[string]string {
	t.Helper()
	var files []string
	for _, pattern := range []string{"*.go", "../service/*.go"} {
		more, err := filepath.Glob(pattern)
		if err != nil || len(more) == 0 {
			t.Fatalf("%s: %v files, %v", pattern, len(more), err)
		}
		files = append(files, more...)
	}
	files = append(files, permits)
	out := map[string]string{}
	fset := token.NewFileSet()
	lit := func(e ast.Expr, where token.Pos, key string) {
		if b, ok := e.(*ast.BasicLit); ok && b.Kind == token.STRING {
			s, _ := strconv.Unquote(b.Value)
			out[key+s] = fset.Position(where).String()
		}
	}
	// name is what a call or a type names, within this package or from it (kiosk.Coded).
	name := func(e ast.Expr) (*ast.Ident, bool) {
		if s, ok := e.(*ast.SelectorExpr); ok {
			if x, ok := s.X.(*ast.Ident); !ok || x.Name != "kiosk" {
				return nil, false
			}
			e = s.Sel
		}
		id, ok := e.(*ast.Ident)
		return id, ok
	}
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, file, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ReturnStmt:
				if file == permits && len(n.Results) == 2 {
					if b, ok := n.Results[0].(*ast.BasicLit); ok && b.Value != `""` {
						lit(b, n.Pos(), "why:")
					}
				}
			case *ast.CallExpr:
				id, ok := name(n.Fun)
				switch {
				case ok && id.Name == "Coded" && len(n.Args) > 1:
					lit(n.Args[1], n.Pos(), "why:")
				case ok && id.Name == "httpError" && len(n.Args) > 2:
					lit(n.Args[2], n.Pos(), "why:")
				}
			case *ast.CompositeLit:
				id, ok := name(n.Type)
				switch {
				case ok && id.Name == "Msg":
					for _, e := range n.Elts {
						if kv, ok := e.(*ast.KeyValueExpr); ok && kv.Key.(*ast.Ident).Name == "Code" {
							lit(kv.Value, n.Pos(), "msg:")
						}
					}
				}
			}
			return true
		})
	}
	return out
}

// TestMessageCatalogue walks every code the service can send the page and checks that
// words.js words it in English and in Italian, the Italian not the English left as it was.
func TestMessageCatalogue(t *testing.T) {
	dict := wordsDict(t)
	want := serverCodes(t)
	for _, c := range boards.MsgCodes {
		want["msg:"+c] = "boards.MsgCodes"
	}
	for _, c := range reasons {
		want["reason:"+c] = "reasons"
	}
	for _, p := range reasonPrefixes {
		want["reason:"+p.code] = "reasonPrefixes"
	}
	want["reason:"+reasonOther] = "ReasonMsg"
	for _, c := range BoardCodes {
		want["board:"+c] = "BoardCodes"
	}
	for _, l := range []string{"row", "column", "quadrant"} { // Quantik's lines (four-shapes)
		want["line:"+l] = "reasonPrefixes"
	}
	// The parts of a mismatch (boards.Referee.reportMismatch's arguments; pawns, one by one).
	for _, p := range []string{"clear", "pawn", "put", "right", "turn", "rack-out", "rack-back"} {
		want["mis:"+p] = "mismatch"
	}
	// The words of moves (messages.js).
	for _, k := range []string{"quarto-give", "quarto-place", "quarto-both", "place", "ring", "xq", "show", "pass", "push"} {
		want["do:"+k], want["did:"+k] = "moveWords", "moveWords"
	}
	for _, e := range []string{"N", "E", "S", "W"} {
		want["edge:"+e] = "moveWords"
	}
	// The arrows the page draws over the board, which the legend names (the state's arrows).
	arrows := reflect.TypeFor[Arrows]()
	for i := range arrows.NumField() {
		name, _, _ := strings.Cut(arrows.Field(i).Tag.Get("json"), ",")
		want["arrows:"+name] = "Arrows"
	}
	// The kinds of the log's lines (boards.EventKind).
	for k := boards.EventKind(1); !strings.HasPrefix(k.String(), "EventKind("); k++ {
		want["log:"+k.String()] = "boards.EventKind"
	}
	if len(want) < 100 {
		t.Fatalf("only %d codes found: the source walk is broken", len(want))
	}
	keys := slices.Sorted(func(yield func(string) bool) {
		for k := range want {
			if !yield(k) {
				return
			}
		}
	})
	for _, k := range keys {
		for _, lang := range []string{"en", "it"} {
			if _, ok := dict[lang][k]; !ok {
				t.Errorf("%s (sent by %s) has no words in DICT.%s", k, want[k], lang)
			}
		}
	}
	// No Italian left as the English, but names and words the same in both.
	same := []string{"ok", "reason:quarto", "mv:xq"}
	letters := regexp.MustCompile(`\p{L}`)
	placeholders := regexp.MustCompile(`\{\w+\}`)
	for k, en := range dict["en"] {
		it, ok := dict["it"][k]
		if !ok || it != en || slices.Contains(same, k) || !letters.MatchString(placeholders.ReplaceAllString(en, "")) {
			continue
		}
		t.Errorf("DICT.it[%q] is the English %q", k, en)
	}
}

// TestReasonsWorded reads the engines for every reason a game can end with and checks that
// ReasonMsg gives it a code of its own (not "other", which shows the English).
func TestReasonsWorded(t *testing.T) {
	files, err := filepath.Glob("../../../engine/*/*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("engine sources: %v %v", files, err)
	}
	re := regexp.MustCompile(`(?:engine\.Draw\(|engine\.Win\([^,()]+(?:\([^()]*\))?,\s*|Reason:\s*|scored\()"([^"]+)"`)
	found := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") || strings.Contains(f, "/search/") || strings.Contains(f, "/enginetest/") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range re.FindAllStringSubmatch(string(b), -1) {
			found++
			reason := m[1]
			if strings.HasSuffix(reason, " ") || strings.HasSuffix(reason, "by ") {
				reason += "X" // a reason that names something after it: the prefix alone
				if strings.HasPrefix(reason, "line of four made by ") {
					reason += "'s push"
				}
			}
			if r := ReasonMsg(reason); r.Code == reasonOther {
				t.Errorf("%s: the reason %q has no code in reasons: the page would show it in English", f, m[1])
			}
		}
	}
	for _, r := range []string{"line of four light pieces", "line of four solid pieces", "four shapes in a row", "line of four made by Red's push"} {
		if ReasonMsg(r).Code == reasonOther {
			t.Errorf("%q has no code", r)
		}
	}
	if found < 15 {
		t.Fatalf("only %d reasons found in the engines: the search is broken", found)
	}
}

// TestSettingsWorded checks that the new-game dialog says every game's settings in Italian:
// each setting's name and values, and its help, the game's own ('doc:<game>:<key>') or the
// key's ('doc:<key>'), which the games without their own must share in English too.
func TestSettingsWorded(t *testing.T) {
	it := wordsDict(t)["it"]
	shared := map[string]string{} // a key's English help, as the games without their own have it
	for _, e := range registry.All() {
		for _, s := range e.Settings {
			if _, ok := it["set:"+s.Key]; !ok {
				t.Errorf("%s: setting %s has no Italian name (set:%s)", e.ID, s.Key, s.Key)
			}
			_, own := it["doc:"+e.ID+":"+s.Key]
			_, generic := it["doc:"+s.Key]
			switch first, seen := shared[s.Key]; {
			case own:
			case !generic:
				t.Errorf("%s: setting %s has no Italian help (doc:%s:%s)", e.ID, s.Key, e.ID, s.Key)
			case seen && first != s.Doc:
				t.Errorf("%s: setting %s's help is not the other games' (%q, %q): give it doc:%s:%s", e.ID, s.Key, s.Doc, first, e.ID, s.Key)
			default:
				shared[s.Key] = s.Doc
			}
			if strings.Contains(s.Values(), "…") {
				continue // a number
			}
			for _, v := range strings.Split(s.Values(), "|") {
				if _, ok := it["val:"+v]; !ok {
					t.Errorf("%s: setting %s's value %s has no Italian (val:%s)", e.ID, s.Key, v, v)
				}
			}
		}
	}
}

// TestPageWordsInItalian checks that every element index.html names for translation
// (data-i18n, data-i18n-aria) has its Italian.
func TestPageWordsInItalian(t *testing.T) {
	it := wordsDict(t)["it"]
	b, err := fs.ReadFile(pageFiles, "index.html")
	if err != nil {
		t.Fatal(err)
	}
	keys := regexp.MustCompile(`data-i18n(?:-aria)?="([^"]+)"`).FindAllStringSubmatch(string(b), -1)
	if len(keys) < 20 {
		t.Fatalf("only %d words in index.html", len(keys))
	}
	for _, k := range keys {
		if _, ok := it[k[1]]; !ok {
			t.Errorf("index.html's %q has no Italian", k[1])
		}
	}
}
