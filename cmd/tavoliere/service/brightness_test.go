package service

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"path/filepath"
	"testing"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/boardfile"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/hardware"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/journal"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/kiosk"
	"github.com/tavoliere/tavoliere/engine/registry"
	"github.com/tavoliere/tavoliere/hw"
	"github.com/tavoliere/tavoliere/hw/hwtest"
	"github.com/tavoliere/tavoliere/hw/max7219"
	"github.com/tavoliere/tavoliere/hw/sim"
)

// postCode sends a command and returns the status and the error's code.
func (k *stand) postCode(body string) (int, string) {
	k.t.Helper()
	resp, err := http.Post(k.http.URL+"/api/command", "application/json", bytes.NewReader([]byte(body)))
	if err != nil {
		k.t.Fatal(err)
	}
	defer resp.Body.Close()
	var e struct{ Code string }
	_ = json.NewDecoder(resp.Body).Decode(&e)
	return resp.StatusCode, e.Code
}

// simBrightness is the level the simulated board built for the game holds.
func (k *stand) simBrightness() uint8 {
	k.svc.mu.Lock()
	b := k.svc.board
	k.svc.mu.Unlock()
	return b.Brightness()
}

// TestBrightnessCommand: the kiosk's brightness reaches the simulated board's LEDs and the
// state; a level outside 1…255, or none, is refused with 400 and changes nothing; the level
// goes on to the board a new game builds, and after a restart.
func TestBrightnessCommand(t *testing.T) {
	path := filepath.Join(t.TempDir(), "journal.db")
	rules, err := registry.New("quadwrangle", nil)
	if err != nil {
		t.Fatal(err)
	}
	serve := func() *stand {
		j, err := journal.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		svc := &Service{log: slog.New(slog.NewTextHandler(io.Discard, nil)), journal: j, hub: kiosk.NewHub(), sensor: hw.Presence, seed: 1}
		return runKiosk(t, svc, Game{Rules: rules, Sides: []boards.Side{boards.Human, boards.Human}, Level: "beginner"}, false)
	}
	k := serve()
	if s := k.state(); s.Brightness != (kiosk.Brightness{Level: boardfile.DefaultBrightness, Dimmable: true}) {
		t.Errorf("at the start: brightness %+v, want the default, dimmable", s.Brightness)
	}
	if got := k.simBrightness(); got != boardfile.DefaultBrightness {
		t.Errorf("the simulated board starts at %d", got)
	}
	if code, why := k.postCode(`{"cmd":"brightness","brightness":40}`); code != 200 {
		t.Fatalf("brightness 40: %d %s", code, why)
	}
	k.waitFor("level 40", func(s kiosk.State) bool { return s.Brightness.Level == 40 })
	if got := k.simBrightness(); got != 40 {
		t.Errorf("the simulated board holds %d, want 40", got)
	}
	for _, body := range []string{`{"cmd":"brightness","brightness":0}`, `{"cmd":"brightness","brightness":256}`,
		`{"cmd":"brightness","brightness":-3}`, `{"cmd":"brightness"}`} {
		if code, why := k.postCode(body); code != 400 || why != "bad-brightness" {
			t.Errorf("%s: %d %q, want 400 bad-brightness", body, code, why)
		}
	}
	if code, _ := k.postCode(`{"cmd":"brightness","brightness":"high"}`); code != 400 {
		t.Errorf("a brightness in words: %d, want 400", code)
	}
	if s := k.state(); s.Brightness.Level != 40 || k.simBrightness() != 40 {
		t.Errorf("after refused levels: state %d, board %d, want 40", s.Brightness.Level, k.simBrightness())
	}
	if code, why := k.postCode(`{"cmd":"new-game","game":"krypte","sides":["human","human"]}`); code != 200 {
		t.Fatalf("new game: %d %s", code, why)
	}
	k.waitFor("krypte", func(s kiosk.State) bool { return s.Game.ID == "krypte" })
	if got := k.simBrightness(); got != 40 {
		t.Errorf("the new game's board holds %d, want 40", got)
	}

	k.stop()
	if err := k.svc.Shutdown(); err != nil {
		t.Fatal(err)
	}
	k = serve()
	if s := k.state(); s.Brightness.Level != 40 || k.simBrightness() != 40 {
		t.Errorf("after a restart: state %d, board %d, want 40", s.Brightness.Level, k.simBrightness())
	}
}

// hwKiosk runs Krypte on an 8×8 board put together from hardware: simulated sensors, and
// the LEDs of sink (nil: none), with the board file file (nil: none).
func hwKiosk(t *testing.T, path string, sink hw.Sink, file *boardfile.File) *stand {
	t.Helper()
	rules, err := registry.New("krypte", nil)
	if err != nil {
		t.Fatal(err)
	}
	layout, err := boards.NewLayout(boards.Spec{Files: 8, Ranks: 8, Kind: hw.Presence})
	if err != nil {
		t.Fatal(err)
	}
	board, err := sim.New(layout.Cells(), hw.Presence, layout.LEDs(), nil)
	if err != nil {
		t.Fatal(err)
	}
	j, err := journal.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	svc := &Service{log: log, journal: j, hub: kiosk.NewHub(), sensor: hw.Presence, seed: 1,
		hw: &hardware.Board{File: file, Layout: layout, Source: board, Sim: board, Sink: sink, Log: log}}
	return runKiosk(t, svc, Game{Rules: rules, Sides: []boards.Side{boards.Human, boards.Human}, Level: "beginner"}, false)
}

// boardFile is the board file of a board whose LEDs are one MAX7219 at intensity.
func boardFile(intensity int) *boardfile.File {
	return &boardfile.File{LEDs: boardfile.LEDs{Driver: boardfile.MAX7219, Count: 64, MAX7219: &boardfile.Max7219{Chips: 1, Intensity: intensity}}}
}

// TestBrightnessReachesTheDriver: on a board whose LEDs are a MAX7219 (a register model),
// the kiosk's level is the intensity every chip holds; the board file's intensity is the
// level shown at the start, kept across a restart unless the board file has changed since.
func TestBrightnessReachesTheDriver(t *testing.T) {
	path := filepath.Join(t.TempDir(), "journal.db")
	serve := func(intensity int) (*stand, *hwtest.MAX7219) {
		chips := hwtest.NewMAX7219(1, nil)
		d, err := max7219.New(chips, &max7219.Opts{Chips: 1, Intensity: uint8(intensity)})
		if err != nil {
			t.Fatal(err)
		}
		return hwKiosk(t, path, d, boardFile(intensity)), chips
	}
	k, chips := serve(8)
	if s := k.state(); s.Brightness != (kiosk.Brightness{Level: int(max7219.LevelOf(8)), Dimmable: true}) {
		t.Errorf("at the start: %+v, want the board file's intensity 8 as level %d", s.Brightness, max7219.LevelOf(8))
	}
	if code, why := k.postCode(`{"cmd":"brightness","brightness":200}`); code != 200 {
		t.Fatalf("brightness 200: %d %s", code, why)
	}
	k.waitFor("level 200", func(s kiosk.State) bool { return s.Brightness.Level == 200 })
	if got := chips.Chip(0).Intensity; got != 12 {
		t.Errorf("the chip's intensity is %d after level 200, want 12", got)
	}

	k.stop()
	if err := k.svc.Shutdown(); err != nil {
		t.Fatal(err)
	}
	k, chips = serve(8)
	if s := k.state(); s.Brightness.Level != 200 || chips.Chip(0).Intensity != 12 {
		t.Errorf("after a restart: level %d, intensity %d, want 200 and 12", s.Brightness.Level, chips.Chip(0).Intensity)
	}

	k.stop()
	if err := k.svc.Shutdown(); err != nil {
		t.Fatal(err)
	}
	k, chips = serve(3) // the board file edited: its intensity wins
	if s := k.state(); s.Brightness.Level != int(max7219.LevelOf(3)) || chips.Chip(0).Intensity != 3 {
		t.Errorf("after the board file changed: level %d, intensity %d, want %d and 3", s.Brightness.Level, chips.Chip(0).Intensity, max7219.LevelOf(3))
	}
}

// TestBrightnessNoLEDs: a board without LEDs cannot dim: the state says so and the command
// is refused with 409.
func TestBrightnessNoLEDs(t *testing.T) {
	k := hwKiosk(t, filepath.Join(t.TempDir(), "journal.db"), nil, nil)
	if s := k.state(); s.Brightness.Dimmable {
		t.Errorf("a board without LEDs: %+v, want not dimmable", s.Brightness)
	}
	if code, why := k.postCode(`{"cmd":"brightness","brightness":100}`); code != 409 || why != "no-dimmer" {
		t.Errorf("brightness without LEDs: %d %q, want 409 no-dimmer", code, why)
	}
}
