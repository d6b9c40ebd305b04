package hc165_test

import (
	"log"
	"time"

	"periph.io/x/conn/v3/gpio/gpioreg"
	"periph.io/x/conn/v3/spi/spireg"

	"github.com/tavoliere/tavoliere/hw"
	"github.com/tavoliere/tavoliere/hw/hc165"
)

// How cmd wires a chain of eight 74HC165, after host.Init() has registered the Pi's
// buses and pins.
func Example() {
	port, err := spireg.Open("SPI0.0")
	if err != nil {
		log.Fatal(err)
	}
	defer port.Close()
	conn, err := port.Connect(hc165.Freq, hc165.Mode, 8)
	if err != nil {
		log.Fatal(err)
	}
	d, err := hc165.New(conn, gpioreg.ByName("GPIO25"), &hc165.DefaultOpts)
	if err != nil {
		log.Fatal(err)
	}
	src := hw.Poll(d, 20*time.Millisecond, nil)
	_ = src
}
