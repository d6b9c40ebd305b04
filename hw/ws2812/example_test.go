package ws2812_test

import (
	"log"

	"periph.io/x/conn/v3/spi/spireg"

	"github.com/tavoliere/tavoliere/hw"
	"github.com/tavoliere/tavoliere/hw/ws2812"
)

// How cmd wires 64 SK6812 RGBW LEDs, after host.Init() has registered the Pi's buses.
func Example() {
	port, err := spireg.Open("SPI0.0")
	if err != nil {
		log.Fatal(err)
	}
	defer port.Close()
	o := ws2812.DefaultOpts
	o.Order = "GRBW"
	d, err := ws2812.New(port, &o) // connects at ws2812.Freq itself
	if err != nil {
		log.Fatal(err)
	}
	defer d.Halt()
	f := make(hw.LightFrame, d.LEDs())
	f[12] = hw.Color{G: 255}
	if err := d.Show(f); err != nil {
		log.Fatal(err)
	}
}
