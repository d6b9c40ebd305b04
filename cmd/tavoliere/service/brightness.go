package service

import (
	"fmt"

	"github.com/tavoliere/tavoliere/cmd/tavoliere/boardfile"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/journal"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/kiosk"
	"github.com/tavoliere/tavoliere/hw"
)

// The LEDs' brightness, from the kiosk's operator menu to the driver (hw.Dimmer). The level
// the operator sets is kept in the journal across restarts (journal.SetBrightness) while
// the board file's brightness stays what it was when it was set: an edited board file wins.

// brightness is the LEDs' brightness the service holds; Service.mu guards it.
type brightness struct {
	dimmer hw.Dimmer // the board's LEDs' control; nil where they cannot dim or there are none
	file   uint8     // the level the board file gives (boardfile.DefaultBrightness without one)
	level  uint8     // the level shown: the operator's, else file; 0 until Start
}

// keptBrightness starts the LEDs at the level the operator set before a restart, or at the
// board file's.
func (s *Service) keptBrightness() {
	var dimmer hw.Dimmer
	file := uint8(boardfile.DefaultBrightness) // (a simulated board built to each game gets the level in run)
	if s.hw != nil {
		dimmer, file = s.hw.Dimmer()
	}
	s.mu.Lock()
	b := &s.bright
	b.dimmer, b.file, b.level = dimmer, file, file
	s.mu.Unlock()
	kept, ok, err := s.journal.Brightness()
	switch {
	case err != nil:
		s.log.Warn("the LEDs' brightness kept in the journal cannot be read; the board file's is used", "err", err)
		return
	case !ok:
		return
	case kept.Over != int(b.file):
		s.log.Info("the board file's brightness changed since the operator set one: the board file's is used",
			"operator", kept.Level, "file was", kept.Over, "file", b.file)
		return
	case kept.Level < 1 || kept.Level > 255:
		return
	}
	s.mu.Lock()
	b.level = uint8(kept.Level)
	s.mu.Unlock()
	if dimmer != nil {
		if err := dimmer.SetBrightness(uint8(kept.Level)); err != nil {
			s.log.Warn("the LEDs' brightness", "level", kept.Level, "err", err)
		}
	}
}

// setBrightness carries out the command brightness: the level to the driver, then to the
// journal.
func (s *Service) setBrightness(c kiosk.Command) error {
	if c.Brightness == nil || *c.Brightness < 1 || *c.Brightness > 255 {
		got := "none"
		if c.Brightness != nil {
			got = fmt.Sprint(*c.Brightness)
		}
		return kiosk.Coded(fmt.Errorf("%w: brightness %s: want brightness 1…255", kiosk.ErrBadRequest, got), "bad-brightness", "brightness", got)
	}
	level := uint8(*c.Brightness)
	s.mu.Lock()
	dimmer, file := s.bright.dimmer, s.bright.file
	s.mu.Unlock()
	if dimmer == nil {
		return kiosk.Coded(fmt.Errorf("%w: this board's LEDs cannot be dimmed", kiosk.ErrConflict), "no-dimmer")
	}
	if err := dimmer.SetBrightness(level); err != nil {
		return fmt.Errorf("LED brightness %d: %w", level, err)
	}
	s.mu.Lock()
	s.bright.level = level
	s.mu.Unlock()
	s.publish()
	if err := s.journal.SetBrightness(journal.Brightness{Level: int(level), Over: int(file)}); err != nil {
		return fmt.Errorf("LED brightness %d is set but not kept for a restart: %w", level, err)
	}
	return nil
}

// brightnessFacts is the brightness the state tells the page; s.mu is held.
func (s *Service) brightnessFacts() kiosk.Brightness {
	return kiosk.Brightness{Level: int(s.bright.level), Dimmable: s.bright.dimmer != nil}
}
