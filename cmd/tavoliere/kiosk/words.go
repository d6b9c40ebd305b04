package kiosk

import (
	"fmt"
	"io/fs"
	"regexp"
	"strings"
)

// Words reads the page's message catalogue, words.js's DICT: each language's keys and
// strings, as the page holds them. The page words every code the server sends from it; the
// tests here and the service's (the Italian page shows no English) read it to check so.
func Words() (map[string]map[string]string, error) {
	b, err := fs.ReadFile(pageFiles, "words.js")
	if err != nil {
		return nil, err
	}
	src := string(b)
	entry := regexp.MustCompile(`(?:'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|([A-Za-z_$][\w$]*))\s*:\s*(?:'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)")`)
	out := map[string]map[string]string{}
	var twice []string
	for _, lang := range []string{"en", "it"} {
		start := strings.Index(src, "\n  "+lang+": {\n")
		if start < 0 {
			return nil, fmt.Errorf("words.js: no DICT.%s", lang)
		}
		end := strings.Index(src[start:], "\n  },\n")
		if end < 0 {
			return nil, fmt.Errorf("words.js: DICT.%s does not end", lang)
		}
		body := regexp.MustCompile(`(?m)^\s*//.*$`).ReplaceAllString(src[start:start+end], "")
		out[lang] = map[string]string{}
		for _, m := range entry.FindAllStringSubmatch(body, -1) {
			key := m[1] + m[2] + m[3]
			val := m[4] + m[5]
			if _, ok := out[lang][key]; ok {
				twice = append(twice, fmt.Sprintf("DICT.%s has %q twice", lang, key))
			}
			out[lang][key] = strings.NewReplacer(`\'`, `'`, `\"`, `"`).Replace(val)
		}
	}
	if len(twice) > 0 {
		return out, fmt.Errorf("words.js: %s", strings.Join(twice, "; "))
	}
	return out, nil
}
