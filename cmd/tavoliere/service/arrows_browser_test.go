package service

import (
	"cmp"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/kiosk"
	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/registry"
	"github.com/tavoliere/tavoliere/hw"
)

// TestArrowsInBrowser draws the last move and the AI's move over the board in Chromium: a
// slide in Quad Wrangle and a push in Quixo as a solid arrow from the square left (the push's
// entry) to the square reached (the push's far end), ending in those squares on screen;
// against the AI its move to carry out as a dashed, running arrow (still with reduced
// motion), worded in English and Italian, gone once carried out, when it becomes the last
// move.
func TestArrowsInBrowser(t *testing.T) {
	exe := chromium(t)
	ctx := browser(t, exe)
	open := func(k *stand) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.Navigate(k.http.URL),
			chromedp.Poll[chromedp.Void](`document.querySelectorAll('#board .square').length > 0 && document.querySelector('#game-name').textContent !== 'Tavoliere'`,
				chromedp.WithPollingTimeout(10*time.Second))); err != nil {
			t.Fatalf("open the kiosk: %v", err)
		}
	}
	// arrow waits for the page's arrow of kind for move and checks that it runs from the
	// square from to the square to, on screen as in its data.
	arrow := func(kind, move, from, to string) {
		t.Helper()
		sel := fmt.Sprintf(`#board svg.arrows g.arrow.%s[data-move=%q]`, kind, move)
		if err := chromedp.Do(ctx, chromedp.Poll[chromedp.Void](fmt.Sprintf(`!!document.querySelector(%q)`, sel),
			chromedp.WithPollingTimeout(10*time.Second))); err != nil {
			got, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('#board svg.arrows')?.outerHTML || 'no layer'`))
			t.Fatalf("no %s arrow for %s: %v (the layer: %s)", kind, move, err, got)
		}
		bad, err := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(`(() => {
			const g = document.querySelector(%q), board = document.querySelector('#board').getBoundingClientRect();
			if (g.dataset.from !== %q || g.dataset.to !== %q) return 'from ' + g.dataset.from + ' to ' + g.dataset.to;
			const ring = g.querySelector('circle');
			const d = ring ? { x1: ring.getAttribute('cx'), y1: ring.getAttribute('cy'), x2: ring.getAttribute('cx'), y2: ring.getAttribute('cy') } : g.dataset;
			const inside = (name, x, y) => {
				const r = document.querySelector('.square[data-square="' + name + '"]').getBoundingClientRect();
				return x >= r.left - board.left && x <= r.right - board.left && y >= r.top - board.top && y <= r.bottom - board.top;
			};
			if (!inside(%q, +d.x1, +d.y1)) return 'starts at ' + d.x1 + ',' + d.y1 + ', outside %s';
			if (!inside(%q, +d.x2, +d.y2)) return 'ends at ' + d.x2 + ',' + d.y2 + ', outside %s';
			if (!g.querySelector('title')?.textContent.includes(%q)) return 'title ' + g.querySelector('title')?.textContent;
			return '';
		})()`, sel, from, to, cmp.Or(from, to), cmp.Or(from, to), to, to, to)))
		if err != nil {
			t.Fatal(err)
		}
		if bad != "" {
			t.Fatalf("the %s arrow of %s (from %s to %s): %s", kind, move, from, to, bad)
		}
	}
	count := func(kind string) int {
		t.Helper()
		n, err := chromedp.Run(ctx, chromedp.Evaluate[int](fmt.Sprintf(`document.querySelectorAll('#board svg.arrows g.arrow.%s').length`, kind)))
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	// first finds the first legal move of the position that the pick says is of its kind.
	first := func(s kiosk.State, pick func(engine.Footprint) bool) (string, engine.Footprint, *engine.Geometry) {
		t.Helper()
		rules, _ := registry.New(s.Game.ID, s.Game.Settings)
		pos, err := rules.ParsePosition(s.Game.Position)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range pos.Legal(nil) {
			if f := pos.Footprint(m); pick(f) {
				return rules.FormatMove(m), f, rules.Geometry()
			}
		}
		t.Fatalf("%s: no such move", s.Game.ID)
		return "", engine.Footprint{}, nil
	}

	t.Run("slide", func(t *testing.T) {
		k := newKiosk(t, "quadwrangle", []boards.Side{boards.Human, boards.Human}, hw.Presence, false)
		s := k.state()
		text, f, g := first(s, func(f engine.Footprint) bool { return f.Emptied.Count() == 1 && f.Filled.Count() == 1 })
		open(k)
		handsMake(k, s, text)
		from, to := g.Name(f.Emptied.First()), g.Name(f.Filled.First())
		if a := k.state().Arrows.Last; a == nil || a.From != from || a.To != to || a.Push {
			t.Fatalf("the state's last move %s: %+v, want from %s to %s", text, a, from, to)
		}
		arrow("last", text, from, to)
		if n := count("ai"); n != 0 {
			t.Fatalf("%d AI arrows with no AI", n)
		}
		noPageErrors(t, ctx)
	})

	t.Run("push", func(t *testing.T) {
		k := newKiosk(t, "quixo", []boards.Side{boards.Human, boards.Human}, hw.Presence, false)
		s := k.state()
		// A push along a whole row, so the line's far end is another square than the entry's
		// neighbour.
		text, f, g := first(s, func(f engine.Footprint) bool { return f.Line.Count() == 5 && f.Exit != engine.NoSquare })
		open(k)
		handsMake(k, s, text)
		from, to := g.Name(f.Entry), g.Name(f.Exit)
		if a := k.state().Arrows.Last; a == nil || a.From != from || a.To != to || !a.Push {
			t.Fatalf("the state's last move %s: %+v, want a push from %s to %s", text, a, from, to)
		}
		arrow("last", text, from, to)
		noPageErrors(t, ctx)
	})

	t.Run("ai", func(t *testing.T) {
		k := newKiosk(t, "quadwrangle", []boards.Side{boards.AI, boards.Human}, hw.Presence, false)
		s := k.waitFor("the AI's move", func(s kiosk.State) bool { return s.AIMove != "" })
		rules, _ := registry.New(s.Game.ID, s.Game.Settings)
		pos, _ := rules.ParsePosition(s.Game.Position)
		m, err := rules.ParseMove(s.AIMove)
		if err != nil {
			t.Fatal(err)
		}
		f := pos.Footprint(m)
		g := rules.Geometry()
		to, from := g.Name((f.Filled | f.Replaced).First()), ""
		if f.Emptied != 0 {
			from = g.Name(f.Emptied.First())
		}
		open(k)
		arrow("ai", s.AIMove, from, to) // from "": a stone put down, a ring on its square
		motion := func(v string) error {
			_, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
				Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: v}}})
			return err
		}
		look := func() string {
			t.Helper()
			v, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => {
				const c = getComputedStyle(document.querySelector('#board svg.arrows g.arrow.ai .stroke'));
				return c.strokeDasharray + ' | ' + c.animationName;
			})()`))
			if err != nil {
				t.Fatal(err)
			}
			return v
		}
		if v := look(); strings.HasPrefix(v, "none") || !strings.HasSuffix(v, "arrow-run") {
			t.Fatalf("the AI's arrow is not dashed and running: %s", v)
		}
		if err := motion("reduce"); err != nil {
			t.Fatal(err)
		}
		if v := look(); strings.HasPrefix(v, "none") || !strings.HasSuffix(v, "| none") {
			t.Fatalf("with reduced motion the AI's arrow must stay dashed and stand still: %s", v)
		}
		if err := motion(""); err != nil {
			t.Fatal(err)
		}
		// Worded in Italian too.
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[string](`localStorage.setItem('tavoliere-lang', 'it'), ''`)); err != nil {
			t.Fatal(err)
		}
		if err := chromedp.Do(ctx, chromedp.Reload()); err != nil {
			t.Fatal(err)
		}
		if err := chromedp.Do(ctx, chromedp.Poll[chromedp.Void](`document.querySelector('#board svg.arrows g.arrow.ai title')?.textContent.startsWith("Mossa dell'IA da eseguire")`,
			chromedp.WithPollingTimeout(10*time.Second))); err != nil {
			got, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('#board svg.arrows')?.textContent || 'no layer'`))
			t.Fatalf("the AI's arrow in Italian: %v (%q)", err, got)
		}
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[string](`localStorage.setItem('tavoliere-lang', 'en'), ''`)); err != nil {
			t.Fatal(err)
		}
		k.carryOut(s, s.AIMove)
		k.waitFor("the AI's move carried out", func(s kiosk.State) bool { return len(s.Game.Moves) == 1 && s.AIMove == "" })
		arrow("last", s.AIMove, from, to)
		if n := count("ai"); n != 0 {
			t.Fatalf("the AI's arrow stays after its move was carried out (%d)", n)
		}
		noPageErrors(t, ctx)
	})
}
