//go:build !race

package boards

const raceEnabled = false
