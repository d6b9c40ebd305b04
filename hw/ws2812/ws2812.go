// Package ws2812 shows light frames on a chain of WS2812/WS2812B (RGB) or SK6812 (RGB or
// RGBW) LEDs driven from the host's SPI MOSI, through periph's nrzled encoder: at 2.5 MHz
// every LED bit becomes four SPI bits, 1000 for a 0 and 1110 for a 1.
//
// Wiring: MOSI through a 3.3 V→5 V level shifter (74AHCT125) to the first LED's DIN. The
// strip has no chip select and takes every byte on MOSI as pixels, so it needs an SPI bus
// of its own (SPI1 on a 40-pin Pi, dtoverlay=spi1-1cs) or a buffer enabled by a chip select.
// The Pi derives the SPI clock from the core clock, so pin that (core_freq=250 before the
// Pi 4, core_freq_min=500 on a Pi 4) or the 2.5 MHz drifts with frequency scaling. Frames over 4096 bytes (more than 340 RGB LEDs) need a larger
// spidev.bufsize. Budget the supply: up to 60 mA an LED at full white, so 64 LEDs can draw
// 3.8 A; Brightness scales every channel down.
//
// nrzled v3.7.4 shapes the design three ways:
//   - NewSPI takes the spi.Port and calls Connect itself (2.5 MHz, Mode3, 8 bits), so New
//     takes the port, not a connection, and the port must serve this strip alone.
//   - Its SPI path always sends G, R, B from each RGB triple it is given.
//   - It cannot drive RGBW over SPI: with Channels 4, Write reads RGBW input as consecutive
//     RGB triples (a pixel's W goes out as the next group's first colour) and leaves the
//     last quarter of the stream unencoded, and Draw drops the fourth byte.
//
// So this package uses nrzled, always with Channels 3, as an encoder of a byte stream in
// groups of three: it lays out the bytes the LEDs must receive in the configured order,
// swaps the first two of every three to undo the fixed G-R-B, and rounds the stream up to
// whole groups. For 4-channel LEDs that is ceil(4*LEDs/3) groups, and up to two extra zero
// bytes run out past the last LED, harmlessly.
//
// nrzled frames the data with only 9.6 µs of low line; the LEDs latch after 50 µs (280 µs
// for recent WS2812B), which the gap between frames provides.
//
// Datasheets: https://cdn-shop.adafruit.com/datasheets/WS2812B.pdf,
// https://cdn-shop.adafruit.com/product-files/2757/p2757_SK6812RGBW_REV01.pdf
//
// ws2812 imports hw and periph.io only.
package ws2812

import (
	"fmt"
	"strings"
	"sync"

	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"
	"periph.io/x/devices/v3/nrzled"

	"github.com/tavoliere/tavoliere/hw"
)

// Freq is the SPI clock nrzled requires: four SPI bits per 1.6 µs LED bit.
const Freq = 2500 * physic.KiloHertz

// Opts configures a chain.
type Opts struct {
	// LEDs is the number of LEDs in the chain, 1 to 4096.
	LEDs int
	// Brightness scales every channel: 255 shows colours as given, 0 is dark.
	Brightness uint8
	// Order is the order the LEDs expect the channels in: "GRB" for WS2812 and SK6812 RGB,
	// "RGB" for some clones, "GRBW" for SK6812 RGBW; any arrangement of R, G, B and
	// optionally W. With a W channel, the white common to R, G and B goes to W.
	Order string
}

// DefaultOpts is 64 WS2812B (a chessboard) at a quarter brightness, which keeps a
// full-white frame near 1 A. Copy it and edit the copy.
var DefaultOpts = Opts{LEDs: 64, Brightness: 64, Order: "GRB"}

// Dev is a WS2812/SK6812 chain. It implements hw.Sink and is safe for concurrent use.
type Dev struct {
	mu     sync.Mutex
	led    *nrzled.Dev
	leds   int
	order  string
	chans  []byte // per wire position: 'R', 'G', 'B' or 'W'
	bright uint8
	pix    []byte        // what nrzled.Write gets: the wire bytes with nrzled's G-R swap undone
	last   hw.LightFrame // the frame Show last sent, nil before the first and after Halt
}

// New connects to port (which cmd opened with spireg.Open and closes) and returns the
// chain. It sends nothing: the LEDs keep whatever they showed until Show or Halt.
func New(port spi.Port, o *Opts) (*Dev, error) {
	if o == nil {
		o = &DefaultOpts
	}
	if o.LEDs < 1 || o.LEDs > 4096 {
		return nil, fmt.Errorf("ws2812: %d LEDs: want 1 to 4096", o.LEDs)
	}
	order := strings.ToUpper(o.Order)
	if order == "" {
		order = "GRB"
	}
	if !ValidOrder(order) {
		return nil, fmt.Errorf("ws2812: colour order %q: want an arrangement of RGB or RGBW", o.Order)
	}
	groups := (len(order)*o.LEDs + 2) / 3
	led, err := nrzled.NewSPI(port, &nrzled.Opts{NumPixels: groups, Channels: 3, Freq: Freq})
	if err != nil {
		return nil, fmt.Errorf("ws2812: %w", err)
	}
	return &Dev{led: led, leds: o.LEDs, order: order, chans: []byte(order), bright: o.Brightness, pix: make([]byte, 3*groups)}, nil
}

// ValidOrder reports whether s is a channel order a chain can take: every one of R, G and
// B once, and optionally W once ("GRB", "GRBW").
func ValidOrder(s string) bool {
	if len(s) != 3 && len(s) != 4 {
		return false
	}
	for _, c := range "RGBW"[:len(s)] {
		if strings.Count(s, string(c)) != 1 {
			return false
		}
	}
	return true
}

func (d *Dev) String() string {
	return fmt.Sprintf("ws2812{%s, %d %s LEDs}", d.led, d.leds, d.order)
}

// LEDs implements hw.Sink.
func (d *Dev) LEDs() int { return d.leds }

// SetBrightness implements hw.Dimmer: it changes the scale, 0 dark to 255 full, and
// sends the frame last shown again at once, scaled anew, so that the operator sees the
// change; dark LEDs (before the first Show, after Halt) stay dark until the next Show.
func (d *Dev) SetBrightness(b uint8) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.bright = b
	if d.last == nil {
		return nil
	}
	return d.show(d.last)
}

// Show implements hw.Sink: one SPI transaction carrying the whole chain.
func (d *Dev) Show(f hw.LightFrame) error {
	if len(f) != d.leds {
		return fmt.Errorf("ws2812: frame of %d colours for %d LEDs", len(f), d.leds)
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	d.last = append(d.last[:0], f...)
	return d.show(f)
}

// show sends f at the current brightness; d.mu is held.
func (d *Dev) show(f hw.LightFrame) error {
	n := len(d.chans)
	for i, c := range f {
		r, g, b := scale(c.R, d.bright), scale(c.G, d.bright), scale(c.B, d.bright)
		var w uint8
		if n == 4 {
			w = min(r, g, b)
			r, g, b = r-w, g-w, b-w
		}
		for k, ch := range d.chans {
			var v uint8
			switch ch {
			case 'R':
				v = r
			case 'G':
				v = g
			case 'B':
				v = b
			default:
				v = w
			}
			m := i*n + k
			d.pix[m-m%3+unswap[m%3]] = v
		}
	}
	if _, err := d.led.Write(d.pix); err != nil {
		return fmt.Errorf("ws2812: %w", err)
	}
	return nil
}

// unswap undoes nrzled's order within each group of three: it sends input byte 1 first,
// then byte 0, then byte 2.
var unswap = [3]int{1, 0, 2}

// scale returns v*b/255, rounded.
func scale(v, b uint8) uint8 { return uint8((uint16(v)*uint16(b) + 127) / 255) }

// Halt implements conn.Resource: every LED dark, in one transaction. The next Show lights
// them again.
func (d *Dev) Halt() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.last = nil
	if err := d.led.Halt(); err != nil {
		return fmt.Errorf("ws2812: %w", err)
	}
	return nil
}

var (
	_ hw.Sink   = (*Dev)(nil)
	_ hw.Dimmer = (*Dev)(nil)
)
