package journal

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// exportWidth is the longest line Export writes, unless one move alone is longer.
const exportWidth = 80

// Export writes g as text, in the manner of PGN: a header of [Tag "value"] lines, a blank
// line, the moves, and the result ("*" while in progress) alone on the last line. Moves are
// numbered in pairs ("1. f4 g5-f6 2. f5") when two sides play, and one number per ply
// otherwise; a number stays on the line of the move it numbers, and lines are wrapped at 80
// columns. Tag values escape \ and " with a backslash.
func Export(w io.Writer, g Game) error {
	var b strings.Builder
	tag := func(name, value string) {
		value = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", " ").Replace(value)
		fmt.Fprintf(&b, "[%s \"%s\"]\n", name, value)
	}
	tag("Game", g.Rules)
	var settings []string
	for _, k := range slices.Sorted(maps.Keys(g.Settings)) {
		settings = append(settings, k+"="+g.Settings[k])
	}
	tag("Settings", strings.Join(settings, " "))
	tag("Sides", strings.Join(g.Sides, " "))
	if g.Level != "" {
		tag("Level", g.Level)
	}
	tag("Started", formatTime(g.Started))
	if !g.Ended.IsZero() {
		tag("Ended", formatTime(g.Ended))
	}
	result := g.Result
	if result == "" {
		result = "*"
	}
	tag("Result", result)
	b.WriteByte('\n')

	line := 0 // length of the line being written
	word := func(s string) {
		switch {
		case line == 0:
		case line+1+len(s) > exportWidth:
			b.WriteByte('\n')
			line = 0
		default:
			b.WriteByte(' ')
			line++
		}
		b.WriteString(s)
		line += len(s)
	}
	pair := len(g.Sides) == 2
	for i, m := range g.Moves {
		switch {
		case !pair:
			word(strconv.Itoa(i+1) + ". " + m.Text)
		case i%2 == 0:
			word(strconv.Itoa(i/2+1) + ". " + m.Text)
		default:
			word(m.Text)
		}
	}
	if line > 0 {
		b.WriteByte('\n')
	}
	b.WriteString(result)
	b.WriteByte('\n')
	_, err := io.WriteString(w, b.String())
	return err
}
