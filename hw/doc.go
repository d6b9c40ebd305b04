// Package hw holds the small interfaces and value types the physical board is made of:
// sensor frames and sources, light frames and sinks, buttons. Real drivers live in
// hw/<driver> (periph.io chips, a microcontroller over a serial line) beside a simulated
// board; the referee in boards uses only what is declared here.
//
// hw uses the standard library only and imports no other part of tavoliere.
package hw
