// Package registry is the registry of tavoliere's games: every game by a stable id, with its
// settings and their defaults. The ids are part of the journal and the CLI; never rename one.
//
// It also says which AI plays each game (NewAI): the baseline search of engine/search, or
// the game's own (Xe Queo!'s, engine/xequeo/xqai), so that no caller switches on a game.
//
// It imports the game packages, their AIs and engine; nothing outside engine.
package registry

import (
	"fmt"
	"strings"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/krypte"
	"github.com/tavoliere/tavoliere/engine/push"
	"github.com/tavoliere/tavoliere/engine/push4"
	"github.com/tavoliere/tavoliere/engine/quad"
	"github.com/tavoliere/tavoliere/engine/quadwrangle"
	"github.com/tavoliere/tavoliere/engine/quantik"
	"github.com/tavoliere/tavoliere/engine/quarto"
	"github.com/tavoliere/tavoliere/engine/quixo"
	"github.com/tavoliere/tavoliere/engine/search"
	"github.com/tavoliere/tavoliere/engine/xequeo"
)

// Entry describes one game of the registry.
type Entry struct {
	ID       string
	Name     string
	Board    string // "7x7"
	Players  int
	Settings []engine.Setting
	New      func(overrides map[string]string) (engine.Rules, error)
	// AI seats the game's own AI (NewAI); nil: the baseline search plays it.
	AI func(r engine.Rules, o search.Options, seats []int) Thinker
	// Secret: the game keeps secret choices (see the function Secret).
	Secret bool
}

var entries = []Entry{
	{
		ID: quadwrangle.IDQuadWrangle, Name: "Quad Wrangle", Board: "7x7", Players: 2,
		Settings: quadwrangle.SettingDefs(quadwrangle.IDQuadWrangle),
		New: func(o map[string]string) (engine.Rules, error) {
			return quadwrangle.New(quadwrangle.IDQuadWrangle, o)
		},
	},
	{
		ID: quadwrangle.IDCrowded, Name: "Quad Wrangle: Crowded (Crusade)", Board: "8x8", Players: 2,
		Settings: quadwrangle.SettingDefs(quadwrangle.IDCrowded),
		New: func(o map[string]string) (engine.Rules, error) {
			return quadwrangle.New(quadwrangle.IDCrowded, o)
		},
	},
	quartoEntry(quarto.IDBase, "Quarto!"),
	quartoEntry(quarto.IDAdvanced, "Quarto! Advanced"),
	quartoEntry(quarto.IDPro, "Quarto! Pro"),
	quartoEntry(quarto.IDSimplified, "Quarto! Simplified"),
	{
		ID: quad.ID, Name: "Quad", Board: "4x4", Players: 2, Settings: quad.SettingDefs(),
		New: func(o map[string]string) (engine.Rules, error) { return quad.New(o) },
	},
	{
		ID: quantik.ID, Name: "Quantik", Board: "4x4", Players: 2, Settings: quantik.SettingDefs(),
		New: func(o map[string]string) (engine.Rules, error) { return quantik.New(o) },
	},
	{
		ID: quixo.ID, Name: "Quixo", Board: "5x5", Players: 2, Settings: quixo.SettingDefs(),
		New: func(o map[string]string) (engine.Rules, error) { return quixo.New(quixo.ID, o) },
	},
	{
		ID: quixo.ID4, Name: "Quixo for four (teams)", Board: "5x5", Players: 4, Settings: quixo.SettingDefs(),
		New: func(o map[string]string) (engine.Rules, error) { return quixo.New(quixo.ID4, o) },
	},
	{
		ID: push.ID, Name: "Push", Board: "5x5", Players: 2, Settings: push.SettingDefs(),
		New: func(o map[string]string) (engine.Rules, error) { return push.New(o) },
	},
	{
		ID: push4.ID, Name: "Push 4", Board: "6x6", Players: 4, Settings: push4.SettingDefs(),
		New: func(o map[string]string) (engine.Rules, error) { return push4.New(o) },
	},
	{
		ID: xequeo.ID, Name: "Xe Queo!", Board: "7x7", Players: 2, Settings: xequeo.SettingDefs(),
		New: func(o map[string]string) (engine.Rules, error) { return xequeo.New(o) },
		AI:  xequeoAI, Secret: true,
	},
	{
		ID: krypte.ID, Name: "Krypte", Board: "8x8", Players: 2,
		New: func(o map[string]string) (engine.Rules, error) { return krypte.New(o) },
	},
}

func quartoEntry(id, name string) Entry {
	return Entry{
		ID: id, Name: name, Board: "4x4", Players: 2, Settings: quarto.SettingDefs(id),
		New: func(o map[string]string) (engine.Rules, error) { return quarto.New(id, o) },
	}
}

// All returns every game, in a fixed order.
func All() []Entry { return entries }

// Lookup returns the game with the given id.
func Lookup(id string) (Entry, error) {
	for _, e := range entries {
		if e.ID == id {
			return e, nil
		}
	}
	ids := make([]string, len(entries))
	for i, e := range entries {
		ids[i] = e.ID
	}
	return Entry{}, fmt.Errorf("unknown game %q (known: %s)", id, strings.Join(ids, ", "))
}

// New returns the rules of game id with the given setting overrides.
func New(id string, overrides map[string]string) (engine.Rules, error) {
	e, err := Lookup(id)
	if err != nil {
		return nil, err
	}
	return e.New(overrides)
}
