package boardfile

import (
	"bytes"
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestButtons: the [buttons] table binds the microcontroller's buttons to actions; a button
// the firmware does not wire, an unknown action, or buttons on a board without a
// microcontroller are refused with the line and key.
func TestButtons(t *testing.T) {
	shipped, err := os.ReadFile("../../../firmware-config/tbp-4x4.toml") // wires one button, "new"
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Parse("tbp-4x4.toml", shipped); err != nil {
		t.Fatalf("the shipped file with its [buttons]: %v", err)
	}
	// The same file without its [buttons] table, for each case to add its own.
	base := regexp.MustCompile(`(?m)^\[buttons\]\n(?:[^\[\n].*\n)*`).ReplaceAll(shipped, nil)
	if regexp.MustCompile(`(?m)^\[buttons\]`).Match(base) || bytes.Equal(base, shipped) {
		t.Fatal("the [buttons] table was not taken out")
	}
	matrix, err := os.ReadFile("../../../firmware-config/quarto-4x4-gpio-reserve.toml")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name    string
		file    []byte
		buttons string
		want    string // "" : accepted
	}{
		{"bound", base, "new = \"new-game\"", ""},
		{"every action", base, "new = \"confirm\"", ""},
		{"unknown action", base, "new = \"undo\"", `key "buttons.new": "undo": want one of takeback, hint, new-game, confirm`},
		{"not wired", base, "back = \"takeback\"", `key "buttons.back": the firmware table has no button "back" (it has new)`},
		{"no microcontroller", matrix, "new = \"new-game\"", `key "buttons": buttons are read through a TBP microcontroller, and sensors.driver is "matrix"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			text := string(c.file) + "\n[buttons]\n" + c.buttons + "\n"
			f, err := Parse("board.toml", []byte(text))
			switch {
			case c.want == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case c.want == "":
				if len(f.Buttons) != 1 {
					t.Fatalf("buttons %v", f.Buttons)
				}
			case err == nil:
				t.Fatalf("accepted; want %s", c.want)
			case !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "board.toml:"):
				t.Fatalf("%v\nwant board.toml:LINE:COL: %s", err, c.want)
			}
		})
	}
}
