package main

import (
	"regexp"
	"testing"
)

func TestLevelsCommand(t *testing.T) {
	cases := []commandCase{
		{args: []string{"-game", "quantik", "-moves", "3", "-level", "beginner"},
			want: []string{
				`^quantik \[first=light seed=1\]: the AI at each level over 3 positions of random games, seed 1, GOMAXPROCS \d+$`,
				`^beginner +budget 20ms +random moves 40%  median \S+ +p99 \S+ +slowest \S+ +peak memory \d+\.\d MiB \((resident|Go runtime)\)$`,
			}},
		{args: []string{"-game", "quantik", "-level", "godlike"}, err: `-level "godlike": want one of beginner, easy, normal, strong, strongest`},
		{args: []string{"-game", "quantik", "-moves", "0"}, err: "-moves 0: want at least 1"},
		{args: []string{"-game", "xequeo"}, err: "xequeo keeps secret choices"},
		{args: []string{}, err: "-game is required"},
	}
	runCommandCases(t, "levels", cases, func(line, want string) bool { return regexp.MustCompile(want).MatchString(line) })
}
