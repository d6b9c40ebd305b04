package matrix_test

import (
	"log"
	"time"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpioreg"

	"github.com/tavoliere/tavoliere/hw"
	"github.com/tavoliere/tavoliere/hw/matrix"
)

// How cmd wires an 8×8 matrix, after host.Init() has registered the Pi's pins.
func Example() {
	var rows, cols []gpio.PinIO
	for _, n := range []string{"GPIO4", "GPIO17", "GPIO27", "GPIO22", "GPIO5", "GPIO6", "GPIO13", "GPIO19"} {
		rows = append(rows, gpioreg.ByName(n))
	}
	for _, n := range []string{"GPIO12", "GPIO16", "GPIO20", "GPIO21", "GPIO23", "GPIO24", "GPIO25", "GPIO26"} {
		cols = append(cols, gpioreg.ByName(n))
	}
	o := matrix.DefaultOpts
	o.Settle = 20 * time.Microsecond // long ribbon cable
	d, err := matrix.New(rows, cols, &o)
	if err != nil {
		log.Fatal(err)
	}
	defer d.Halt()
	src := hw.Poll(d, 20*time.Millisecond, nil)
	_ = src
}
