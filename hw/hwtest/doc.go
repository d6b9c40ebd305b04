// Package hwtest holds fakes of the chips and wiring the hw drivers talk to, for their
// tests: a fake GPIO pin that records what is done to it, a diode switch matrix built from
// such pins, register models of the MCP23017 (behind i2c.Bus), of a 74HC165 chain and of a
// MAX7219 chain (behind spi.Conn), a WS2812 strip that decodes the SPI-encoded NRZ stream,
// and a counting SPI sink for benchmarks.
//
// periph's gpiotest.Pin would do for single pins, but it pulls in
// github.com/jonboulle/clockwork, which go.sum does not carry; and a matrix needs pins that
// see each other anyway. The models follow the datasheets closely enough that a driver
// which misuses the chip reads wrong values, rather than merely replaying a script.
//
// hwtest imports periph.io/x/conn and the standard library only. Nothing in it touches /dev.
package hwtest
