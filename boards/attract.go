package boards

import (
	"time"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/hw"
)

// The attract pattern: what the LEDs show while the kiosk plays the AI against itself to
// invite visitors (Session.SetAttract). A dim band sweeps the board's diagonals from a1, a
// step every attractStep, then a gap of darkness: nothing blinks, and its colour is none
// of the game's, so that no square ever reads as a move to carry out. A step changes the
// frame a few times a second, which a serial board's link carries with ease. One-colour
// LEDs cannot dim: there the band is one diagonal wide.
const (
	attractStep = 300 * time.Millisecond
	attractGap  = 4 // dark steps between two sweeps
)

var (
	attractHead = hw.Color{R: 14, G: 10, B: 40}
	attractTail = hw.Color{R: 4, G: 3, B: 12}
	monoOn      = hw.Color{R: 255, G: 255, B: 255}
)

// attractLights fills dst with the attract pattern at now; rack slots stay dark.
func attractLights(l *Layout, now time.Time, dst hw.LightFrame) {
	clear(dst)
	spec := l.Spec()
	sweep := spec.Files + spec.Ranks - 1 + attractGap
	head := int(now.UnixNano() / int64(attractStep) % int64(sweep))
	for sq := range l.Size() {
		led := l.LEDOf(engine.Square(sq))
		if led < 0 || led >= len(dst) {
			continue
		}
		switch d := head - (sq%spec.Files + sq/spec.Files); {
		case d == 0 && spec.Mono:
			dst[led] = monoOn
		case d == 0:
			dst[led] = attractHead
		case (d == 1 || d == 2) && !spec.Mono:
			dst[led] = attractTail
		}
	}
}
