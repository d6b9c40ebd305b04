package service

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/kiosk"
	"github.com/tavoliere/tavoliere/hw"
)

// TestArrowLegendInBrowser: the legend says what each arrow over the board means, in
// English and in Italian, only while that arrow is drawn: none before the first move; the
// last move (solid) and the AI's move to carry out (dashed, as on the board) while the AI's
// move waits; the last move alone once it is carried out. At 800×480 and 1280×800 the
// legend is on the screen and neither the status nor the panel scrolls.
func TestArrowLegendInBrowser(t *testing.T) {
	exe := chromium(t)
	k := newKiosk(t, "quadwrangle", []boards.Side{boards.Human, boards.AI}, hw.Presence, false)
	ctx := browser(t, exe)
	words := map[string]map[string]string{
		"en": {"last": "the last move", "ai": "the AI's move to carry out"},
		"it": {"last": "l'ultima mossa", "ai": "la mossa dell'IA da eseguire"},
	}
	open := func(w, h int64, lang, ready string) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(w, h), chromedp.Navigate(k.http.URL),
			chromedp.Evaluate[chromedp.Void](`localStorage.setItem('tavoliere-lang', '`+lang+`')`), chromedp.Reload(),
			chromedp.Poll[chromedp.Void](`document.documentElement.lang === '`+lang+`' && document.querySelectorAll('#board .square').length > 0 && `+ready,
				chromedp.WithPollingTimeout(10*time.Second))); err != nil {
			t.Fatalf("%s at %dx%d: %v", lang, w, h, err)
		}
	}
	// legend returns the arrows the legend names, kind by kind, with their words and the
	// dashes of their pictures ("none" for a solid one).
	legend := func() map[string][2]string {
		t.Helper()
		got, err := chromedp.Run(ctx, chromedp.Evaluate[map[string][2]string](`Object.fromEntries([...document.querySelectorAll('#legend li[data-arrow]')].map((li) => {
			const stroke = li.querySelector('svg .stroke');
			return [li.dataset.arrow, [li.textContent.trim(), stroke ? getComputedStyle(stroke).strokeDasharray : 'no picture']];
		}))`))
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	fits := func(at string) {
		t.Helper()
		why, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => {
			const out = [];
			for (const id of ['status', 'panel']) {
				const e = document.getElementById(id);
				if (e.scrollHeight > e.clientHeight) out.push('#' + id + ' scrolls: ' + e.scrollHeight + ' > ' + e.clientHeight);
			}
			const panel = document.getElementById('panel').getBoundingClientRect();
			for (const li of document.querySelectorAll('#legend li')) {
				const r = li.getBoundingClientRect();
				if (r.height === 0 || r.top < panel.top || r.bottom > Math.min(panel.bottom, innerHeight) || r.right > panel.right + 0.5) out.push(li.textContent + ' is not in view');
			}
			return out.join('; ');
		})()`))
		if err != nil {
			t.Fatal(err)
		}
		if why != "" {
			t.Errorf("%s: %s", at, why)
		}
	}

	// Before any move: no arrow, none in the legend.
	open(800, 480, "en", `true`)
	if got := legend(); len(got) != 0 {
		t.Errorf("no move made: the legend names arrows %v", got)
	}

	k.click("f4")
	s := k.waitFor("the AI's move", func(s kiosk.State) bool { return s.AIMove != "" && s.Arrows.AI != nil && s.Arrows.Last != nil })
	for _, size := range [][2]int64{{800, 480}, {1280, 800}} {
		for _, lang := range []string{"en", "it"} {
			at := fmt.Sprintf("%s at %dx%d", lang, size[0], size[1])
			open(size[0], size[1], lang, `!!document.querySelector('#board svg.arrows g.arrow.ai')`)
			got := legend()
			for _, kind := range []string{"last", "ai"} {
				if got[kind][0] != words[lang][kind] {
					t.Errorf("%s: the legend's %s arrow reads %q, want %q", at, kind, got[kind][0], words[lang][kind])
				}
			}
			if got["last"][1] != "none" || got["ai"][1] == "none" || got["ai"][1] == "no picture" {
				t.Errorf("%s: the legend's pictures: the last move's dashes %q (want solid), the AI's %q (want dashed)", at, got["last"][1], got["ai"][1])
			}
			fits(at)
		}
	}

	// The AI's move carried out: its arrow and its line in the legend are gone.
	k.carryOut(s, s.AIMove)
	k.waitFor("the AI's move carried out", func(s kiosk.State) bool { return len(s.Game.Moves) == 2 && s.Arrows.AI == nil })
	open(800, 480, "en", `!document.querySelector('#board svg.arrows g.arrow.ai')`)
	if got := legend(); len(got) != 1 || got["last"][0] != words["en"]["last"] {
		t.Errorf("after the AI's move: the legend names arrows %v, want the last move alone", got)
	}
	noPageErrors(t, ctx)
}
