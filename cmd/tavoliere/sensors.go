package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"
	"time"

	"github.com/tavoliere/tavoliere/cmd/tavoliere/boardfile"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/hardware"
	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/hw"
)

// runSensors is the wiring check of a board: it shows the live raw readings as the board
// in the terminal and lights the LED under every square that reads a piece.
func runSensors(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("sensors")
	board := fs.String("board", "", "the board file (firmware-config/*.toml)")
	every := fs.Duration("every", 200*time.Millisecond, "how often the picture is redrawn")
	frames := fs.Int("frames", 0, "stop after this many frames (0: run until interrupted)")
	if err := parseFlags(fs, args, stdout); err != nil {
		return ignoreHelp(err)
	}
	if *board == "" {
		return errors.New("sensors: -board is required")
	}
	bf, err := boardfile.Load(*board)
	if err != nil {
		return fmt.Errorf("sensors: %w", err)
	}
	h, err := hardware.Open(bf, slog.New(slog.NewTextHandler(stderr, nil)))
	if err != nil {
		return fmt.Errorf("sensors: %w", err)
	}
	defer h.Close()
	g := engine.NewGeometry(bf.Board.Files, bf.Board.Ranks, false)
	clear := false
	if f, ok := stdout.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			clear = true // a terminal: redraw in place
		}
	}
	var f hw.Frame
	lights := make(hw.LightFrame, h.Layout.LEDs())
	var drawn time.Time
	for n := 0; *frames == 0 || n < *frames; n++ {
		if err := h.Source.Read(ctx, &f); err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return fmt.Errorf("sensors: %w", err)
		}
		if h.Sink != nil {
			clear := hw.Color{}
			for i := range lights {
				lights[i] = clear
			}
			for sq := engine.Square(0); int(sq) < h.Layout.Size(); sq++ {
				if f.Cells[h.Layout.CellOf(sq)] != 0 {
					lights[h.Layout.LEDOf(sq)] = hw.Color{R: 60, G: 60, B: 60}
				}
			}
			if err := h.Sink.Show(lights); err != nil {
				return fmt.Errorf("sensors: LEDs: %w", err)
			}
		}
		if f.At.Sub(drawn) >= *every || (*frames > 0 && n == *frames-1) {
			drawn = f.At
			if clear {
				fmt.Fprint(stdout, "\x1b[H\x1b[2J")
			}
			fmt.Fprint(stdout, picture(h, g, f))
		}
	}
	return nil
}

// picture draws one frame as the board: '.' empty, '#' occupied (presence), 'L'/'D' the
// face up (polarity), the piece code (identity); then the off-board slots.
func picture(h *hardware.Board, g *engine.Geometry, f hw.Frame) string {
	var b strings.Builder
	show := func(v hw.Reading) string {
		switch {
		case v == 0:
			return "."
		case h.Layout.Kind() == hw.Presence:
			return "#"
		case h.Layout.Kind() == hw.Polarity && v <= 2:
			return string("?LD"[v])
		}
		return fmt.Sprint(v)
	}
	fmt.Fprintf(&b, "%s: %s sensors, frame at %s\n", h.File.Board.ID, h.Layout.Kind(), f.At.Format("15:04:05.000"))
	for _, r := range g.Diagram() {
		fmt.Fprintf(&b, "%d ", r+1)
		for file := range g.Files {
			fmt.Fprintf(&b, " %3s", show(f.Cells[h.Layout.CellOf(g.Square(file, r))]))
		}
		b.WriteByte('\n')
	}
	b.WriteString("  ")
	for file := range g.Files {
		fmt.Fprintf(&b, " %3c", 'a'+file)
	}
	b.WriteByte('\n')
	for _, s := range h.Layout.Slots() {
		fmt.Fprintf(&b, "slot %s: %s\n", s.Name, show(f.Cells[s.Cell]))
	}
	return b.String()
}
