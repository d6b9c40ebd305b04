package service

import (
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/engine/registry"
	"github.com/tavoliere/tavoliere/hw"
)

// dialogProblems lists, in the page, what of the open new-game dialog does not fit: the
// dialog outside the window, any box in it that scrolls, the page scrolling, and each of
// its fields and buttons not wholly on the screen and inside the dialog.
const dialogProblems = `(() => {
	const out = [];
	const d = document.getElementById('new-game-dialog');
	if (!d.open) return 'the dialog is not open';
	const view = { top: 0, left: 0, bottom: innerHeight, right: innerWidth };
	const inside = (r, b) => r.top >= b.top - 0.5 && r.left >= b.left - 0.5 && r.bottom <= b.bottom + 0.5 && r.right <= b.right + 0.5;
	const box = d.getBoundingClientRect();
	if (!inside(box, view)) out.push('the dialog at ' + [box.left, box.top, box.right, box.bottom].map(Math.round) + ' is off the screen');
	for (const e of [d, ...d.querySelectorAll('*')]) {
		if (!e.checkVisibility()) continue;
		if (e.scrollHeight > e.clientHeight + 1 && /auto|scroll/.test(getComputedStyle(e).overflowY)) out.push((e.id || e.tagName) + ' scrolls by ' + (e.scrollHeight - e.clientHeight) + 'px');
	}
	if (document.scrollingElement.scrollHeight > innerHeight + 1) out.push('the page scrolls');
	for (const e of d.querySelectorAll('button, select, input')) {
		if (!e.checkVisibility()) continue;
		const r = e.getBoundingClientRect();
		if (r.height < 20) out.push((e.id || e.tagName) + ' is ' + Math.round(r.height) + 'px high');
		if (!inside(r, view) || !inside(r, box)) out.push((e.id || e.tagName) + ' is cut off at ' + [r.left, r.top, r.right, r.bottom].map(Math.round));
	}
	return out.join('; ');
})()`

// TestNewGameDialogFitsInBrowser opens the new-game dialog at the Pi's 800×480 and at
// 1280×800, in English and in Italian, and chooses every game of the registry in it: with
// each game's settings and players the dialog fits the window with nothing scrolling, every
// field and button (Start, Cancel, Rules) on the screen; in Italian it holds no English of
// the catalogue's settings, values and help or of its messages. NEWGAME_SHOTS=dir saves
// each game there, to look at.
func TestNewGameDialogFitsInBrowser(t *testing.T) {
	exe := chromium(t)
	k := newKiosk(t, "quadwrangle", []boards.Side{boards.Human, boards.Human}, hw.Presence, false)
	ctx := browser(t, exe)
	english := catalogueEnglish(t, `^(msg|why|doc|set|val):`)
	shots := os.Getenv("NEWGAME_SHOTS")
	for _, size := range [][2]int64{{800, 480}, {1280, 800}} {
		for _, lang := range []string{"en", "it"} {
			at := fmt.Sprintf("%s at %dx%d", lang, size[0], size[1])
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(size[0], size[1]), chromedp.Navigate(k.http.URL),
				chromedp.Evaluate[chromedp.Void](`localStorage.setItem('tavoliere-lang', '`+lang+`')`), chromedp.Reload(),
				chromedp.Poll[chromedp.Void](`document.documentElement.lang === '`+lang+`' && document.querySelectorAll('#board .square').length > 0`, chromedp.WithPollingTimeout(10*time.Second)),
				chromedp.Click(chromedp.CSS("#new-game")), chromedp.WaitVisible(chromedp.CSS("#new-game-dialog"))); err != nil {
				t.Fatalf("%s: open the new-game dialog: %v", at, err)
			}
			for _, e := range registry.All() {
				where := at + ", " + e.ID
				if err := chromedp.Do(ctx, chromedp.SetValue(chromedp.CSS("#ng-game"), e.ID),
					chromedp.Evaluate[chromedp.Void](`document.querySelector('#ng-game').dispatchEvent(new Event('change'))`),
					chromedp.Poll[chromedp.Void](fmt.Sprintf(`document.querySelectorAll('#ng-sides select').length === %d`, e.Players), chromedp.WithPollingTimeout(5*time.Second))); err != nil {
					t.Fatalf("%s: the dialog does not show the game's %d players: %v", where, e.Players, err)
				}
				why, err := chromedp.Run(ctx, chromedp.Evaluate[string](dialogProblems))
				if err != nil {
					t.Fatal(err)
				}
				if why != "" {
					t.Errorf("%s: %s", where, why)
				}
				if lang == "it" {
					noEnglishOnPage(t, ctx, english, where)
				}
				if shots != "" {
					saveShot(t, ctx, shots, fmt.Sprintf("newgame-%s-%s-%dx%d.png", e.ID, lang, size[0], size[1]))
				}
			}
			if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#ng-cancel")), chromedp.WaitNotVisible(chromedp.CSS("#new-game-dialog"))); err != nil {
				t.Fatalf("%s: Cancel: %v", at, err)
			}
		}
	}
	noPageErrors(t, ctx)
}
