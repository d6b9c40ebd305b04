// Package boards is the physical board: geometry and orientation of a board build, sensor
// and LED maps, debouncing, move recognition, light plans and the referee session.
//
// It also holds the simulated hand (hand.go): how a hand carries out a move on a board,
// lift by lift and put by put (Work, Steps), and the pieces a hand leaves on a simulated
// board beside what its sensors read (Hand). The kiosk's simulated board and the simulated
// player of this package's tests both use it, each with its own timing.
//
// boards imports engine and hw only; it never opens a bus, a port or a file (cmd does).
package boards
