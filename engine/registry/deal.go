package registry

import "github.com/tavoliere/tavoliere/engine"

// Dealt returns overrides with game id's random settings (engine.Setting.Random: Xe Queo!'s
// deal) drawn by intn where not given; overrides as they are for an unknown game, whose
// error New gives.
func Dealt(id string, overrides map[string]string, intn func(int) int) map[string]string {
	e, err := Lookup(id)
	if err != nil {
		return overrides
	}
	return engine.Drawn(e.Settings, overrides, intn)
}
