package max7219_test

import (
	"log"

	"periph.io/x/conn/v3/spi/spireg"

	"github.com/tavoliere/tavoliere/hw"
	"github.com/tavoliere/tavoliere/hw/max7219"
)

// How cmd wires one 8×8 module mounted upside down, after host.Init() has registered the
// Pi's buses.
func Example() {
	port, err := spireg.Open("SPI0.1")
	if err != nil {
		log.Fatal(err)
	}
	defer port.Close()
	conn, err := port.Connect(max7219.MaxFreq, max7219.Mode, 8)
	if err != nil {
		log.Fatal(err)
	}
	o := max7219.DefaultOpts
	o.Map = func(i int) (chip, row, bit int) { return 0, 7 - i/8, i % 8 }
	d, err := max7219.New(conn, &o)
	if err != nil {
		log.Fatal(err)
	}
	defer d.Halt()
	f := make(hw.LightFrame, d.LEDs())
	f[0] = hw.Color{R: 255}
	if err := d.Show(f); err != nil {
		log.Fatal(err)
	}
}
