package kiosk

import (
	"io/fs"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestKioskModules checks the page's ES modules against each other, as no build step does:
// every name one module imports is exported by the module it names, and every name a
// module uses that another exports is imported (else the browser throws only when that
// line runs). Comments and string literals are left out of the search.
func TestKioskModules(t *testing.T) {
	files, err := fs.Glob(pageFiles, "*.js")
	if err != nil || len(files) < 2 {
		t.Fatalf("kiosk modules: %v %v", files, err)
	}
	export := regexp.MustCompile(`(?m)^export (?:async function|function|const|let) ([A-Za-z_$][\w$]*)`)
	importRE := regexp.MustCompile(`(?m)^import \{([^}]*)\} from '\./([a-z]+\.js)';`)
	comment := regexp.MustCompile(`//[^\n]*`)
	single := regexp.MustCompile(`'(?:[^'\\\n]|\\.)*'`)
	double := regexp.MustCompile(`"(?:[^"\\\n]|\\.)*"`)
	src := map[string]string{}
	exports := map[string][]string{}
	for _, f := range files {
		b, err := fs.ReadFile(pageFiles, f)
		if err != nil {
			t.Fatal(err)
		}
		name := f
		src[name] = string(b)
		for _, m := range export.FindAllStringSubmatch(string(b), -1) {
			exports[name] = append(exports[name], m[1])
		}
	}
	for name, s := range src {
		imported := map[string]string{}
		for _, m := range importRE.FindAllStringSubmatch(s, -1) {
			for _, n := range strings.Split(m[1], ",") {
				n = strings.TrimSpace(n)
				if from, twice := imported[n]; twice {
					t.Errorf("%s imports %s twice (from %s and %s): the browser refuses the module", name, n, from, m[2])
				}
				imported[n] = m[2]
				if !slices.Contains(exports[m[2]], n) {
					t.Errorf("%s imports %s from %s, which does not export it", name, n, m[2])
				}
			}
		}
		code := importRE.ReplaceAllString(s, "")
		code = comment.ReplaceAllString(code, "")
		code = single.ReplaceAllString(code, "''")
		code = double.ReplaceAllString(code, `""`)
		for other, names := range exports {
			if other == name {
				continue
			}
			for _, n := range names {
				if _, ok := imported[n]; ok || slices.Contains(exports[name], n) {
					continue
				}
				if used(code, n) {
					t.Errorf("%s uses %s, exported by %s, without importing it", name, n, other)
				}
			}
		}
	}
}

// used reports whether code names n outside a member access (x.n) or an object's key
// ({n: …}), a spread (...n) counting.
func used(code, n string) bool {
	for i := 0; ; {
		j := strings.Index(code[i:], n)
		if j < 0 {
			return false
		}
		at, end := i+j, i+j+len(n)
		i = end
		word := func(c byte) bool {
			return c == '_' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		}
		if at > 0 && word(code[at-1]) || end < len(code) && word(code[end]) {
			continue
		}
		if at > 0 && code[at-1] == '.' && !(at >= 3 && code[at-3:at] == "...") {
			continue
		}
		if rest := strings.TrimLeft(code[end:], " "); strings.HasPrefix(rest, ":") && !strings.HasPrefix(rest, "::") {
			continue // an object's key, { game: … }
		}
		return true
	}
}
