package main

import (
	"bytes"
	"context"
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestBuildsWiring: firmware-config/builds.md shows each reference build's wiring as
// check-config draws it; every picture is the command's output on the file it names.
// TAVOLIERE_UPDATE=1 writes them again.
func TestBuildsWiring(t *testing.T) {
	const path = "../../firmware-config/builds.md"
	doc, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	block := regexp.MustCompile("(?s)<!-- check-config ([a-z0-9.-]+) -->\n```\n(.*?)```\n")
	n := 0
	out := block.ReplaceAllStringFunc(string(doc), func(m string) string {
		g := block.FindStringSubmatch(m)
		n++
		var stdout, stderr bytes.Buffer
		if err := runCheckConfig(context.Background(), []string{"../../firmware-config/" + g[1]}, &stdout, &stderr); err != nil {
			t.Errorf("check-config %s: %v\n%s", g[1], err, stderr.String())
			return m
		}
		want := strings.TrimSuffix(stdout.String(), "\n")
		want = want[:strings.LastIndex(want, "\n")+1] // without the "FILE: ok" line
		if g[2] != want && os.Getenv("TAVOLIERE_UPDATE") == "" {
			t.Errorf("builds.md's picture of %s is not what check-config draws now: run TAVOLIERE_UPDATE=1 go test -run TestBuildsWiring ./cmd/tavoliere/", g[1])
		}
		return "<!-- check-config " + g[1] + " -->\n```\n" + want + "```\n"
	})
	if n == 0 {
		t.Fatal("builds.md has no check-config picture")
	}
	if os.Getenv("TAVOLIERE_UPDATE") != "" {
		if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
