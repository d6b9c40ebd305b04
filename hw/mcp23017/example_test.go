package mcp23017_test

import (
	"log"
	"time"

	"periph.io/x/conn/v3/i2c/i2creg"
	"periph.io/x/conn/v3/physic"

	"github.com/tavoliere/tavoliere/hw"
	"github.com/tavoliere/tavoliere/hw/mcp23017"
)

// How cmd wires four expanders, after host.Init() has registered the Pi's buses.
func Example() {
	bus, err := i2creg.Open("") // the first bus: /dev/i2c-1 on a Pi
	if err != nil {
		log.Fatal(err)
	}
	defer bus.Close()
	if err := bus.SetSpeed(400 * physic.KiloHertz); err != nil {
		log.Print(err)
	}
	o := mcp23017.DefaultOpts
	o.Addrs = []uint16{0x20, 0x21, 0x22, 0x23}
	d, err := mcp23017.New(bus, &o)
	if err != nil {
		log.Fatal(err)
	}
	src := hw.Poll(d, 20*time.Millisecond, nil)
	_ = src
}
