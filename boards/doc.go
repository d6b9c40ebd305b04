// Package boards is the physical board: geometry and orientation of a board build, sensor
// and LED maps, debouncing, move recognition, light plans and the referee session.
//
// boards imports engine and hw only; it never opens a bus, a port or a file (cmd does).
package boards
