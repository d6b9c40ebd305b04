package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/engine/registry"
)

// wordsDict reads words.js's DICT: each language's keys and strings, as the page holds them.
func wordsDict(t *testing.T) map[string]map[string]string {
	t.Helper()
	b, err := fs.ReadFile(kioskFiles, "kiosk/words.js")
	if err != nil {
		t.Fatal(err)
	}
	src := string(b)
	entry := regexp.MustCompile(`(?:'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|([A-Za-z_$][\w$]*))\s*:\s*(?:'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)")`)
	out := map[string]map[string]string{}
	for _, lang := range []string{"en", "it"} {
		start := strings.Index(src, "\n  "+lang+": {\n")
		if start < 0 {
			t.Fatalf("words.js: no DICT.%s", lang)
		}
		end := strings.Index(src[start:], "\n  },\n")
		if end < 0 {
			t.Fatalf("words.js: DICT.%s does not end", lang)
		}
		body := regexp.MustCompile(`(?m)^\s*//.*$`).ReplaceAllString(src[start:start+end], "")
		out[lang] = map[string]string{}
		for _, m := range entry.FindAllStringSubmatch(body, -1) {
			key := m[1] + m[2] + m[3]
			val := m[4] + m[5]
			if _, twice := out[lang][key]; twice {
				t.Errorf("words.js: DICT.%s has %q twice", lang, key)
			}
			out[lang][key] = strings.NewReplacer(`\'`, `'`, `\"`, `"`).Replace(val)
		}
	}
	return out
}

// permits is the referee's file of the kiosk's refusals (boards.Snapshot.Suggestable, …):
// each returns a code and its English.
const permits = "../../boards/permits.go"

// serverCodes reads the package's source for every code it sends the page: refusals and
// errors ('why:': coded, httpError, and the codes the referee's permits return) and its own
// messages ('msg:': msgJSON{Code}).
func serverCodes(t *testing.T) map[string]string {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
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
			case *ast.ReturnStmt:
				if name == permits && len(n.Results) == 2 {
					if b, ok := n.Results[0].(*ast.BasicLit); ok && b.Value != `""` {
						lit(b, n.Pos(), "why:")
					}
				}
			case *ast.CallExpr:
				id, ok := n.Fun.(*ast.Ident)
				switch {
				case ok && id.Name == "coded" && len(n.Args) > 1:
					lit(n.Args[1], n.Pos(), "why:")
				case ok && id.Name == "httpError" && len(n.Args) > 2:
					lit(n.Args[2], n.Pos(), "why:")
				}
			case *ast.CompositeLit:
				id, ok := n.Type.(*ast.Ident)
				switch {
				case ok && id.Name == "msgJSON":
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
	want["reason:"+reasonOther] = "reasonMsg"
	for _, c := range boardCodes {
		want["board:"+c] = "boardCodes"
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
// reasonMsg gives it a code of its own (not "other", which shows the English).
func TestReasonsWorded(t *testing.T) {
	files, err := filepath.Glob("../../engine/*/*.go")
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
			if r := reasonMsg(reason); r.Code == reasonOther {
				t.Errorf("%s: the reason %q has no code in reasons: the page would show it in English", f, m[1])
			}
		}
	}
	for _, r := range []string{"line of four light pieces", "line of four solid pieces", "four shapes in a row", "line of four made by Red's push"} {
		if reasonMsg(r).Code == reasonOther {
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
	b, err := fs.ReadFile(kioskFiles, "kiosk/index.html")
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
