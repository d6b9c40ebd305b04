package service

import (
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tavoliere/tavoliere/cmd/tavoliere/kiosk"
)

// attractFits lists, in the page, what of the demo does not fit the window.
const attractFits = `(() => {
	const out = [];
	const inside = (r) => r.width > 0 && r.top >= -0.5 && r.left >= -0.5 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5;
	const a = document.querySelector('#attract').getBoundingClientRect();
	if (a.left > 0.5 || a.top > 0.5 || a.right < innerWidth - 0.5 || a.bottom < innerHeight - 0.5) out.push('the demo does not cover the window: ' + [a.left, a.top, a.right, a.bottom]);
	for (const sel of ['#attract-invite', '#attract-invite2', '#attract-game']) {
		const e = document.querySelector(sel);
		if (!e || !inside(e.getBoundingClientRect())) out.push(sel + ' is not on the screen');
	}
	for (const q of document.querySelectorAll('#attract .at-sq')) if (!inside(q.getBoundingClientRect())) { out.push('a square of the board is off the screen'); break; }
	if (document.scrollingElement.scrollHeight > innerHeight + 1) out.push('the page scrolls');
	return out.join('; ');
})()`

// TestAttractInBrowser: a kiosk left idle plays the AI against itself over the page, with
// the demo, its board and its invitations wholly on the screen at 800×480 and 1280×800
// (ATTRACT_SHOTS=dir saves both), the invitation in the page's language and the other
// (English first, then Italian); a
// tap ends it at once and the game that was on is back on the page, as it was; then the
// demo comes again, and a key ends it too.
func TestAttractInBrowser(t *testing.T) {
	exe := chromium(t)
	k := idleKiosk(t, "quadwrangle", 1500*time.Millisecond, 300*time.Millisecond)
	k.click("f4")
	before := k.waitFor("f4", func(s kiosk.State) bool { return len(s.Game.Moves) == 1 })
	ctx := browser(t, exe)
	do := func(step string, steps ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, steps...); err != nil {
			t.Fatalf("%s: %v", step, err)
		}
	}
	poll := func(step, js string) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.Poll[chromedp.Void](js, chromedp.WithPollingTimeout(30*time.Second))); err != nil {
			got, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerText`))
			t.Fatalf("%s: %v\n%s", step, err, got)
		}
	}
	text := func(sel string) string {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector(`+jsString(sel)+`)?.textContent || ''`))
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	shown := `!!document.querySelector('#attract') && !document.querySelector('#attract').hidden`
	demoDrawn := shown + ` && document.querySelectorAll('#attract .at-sq').length === 49 && document.querySelectorAll('#attract .at-sq svg.pc').length > 4`
	do("open the kiosk", chromedp.Navigate(k.http.URL), chromedp.WaitVisible(chromedp.CSS(`#board .square[data-square="f4"]`)))

	poll("the demo, in English", demoDrawn)
	// At the Pi's 800×480 and at 1280×800: the demo covers the window, its board and both
	// invitations on the screen, nothing scrolling.
	for _, size := range [][2]int64{{1280, 800}, {800, 480}} {
		do("the window", chromedp.EmulateViewport(size[0], size[1]))
		poll("the demo redrawn", demoDrawn+fmt.Sprintf(` && innerWidth === %d`, size[0]))
		if why, err := chromedp.Run(ctx, chromedp.Evaluate[string](attractFits)); err != nil || why != "" {
			t.Errorf("at %dx%d: %s %v", size[0], size[1], why, err)
		}
		if dir := os.Getenv("ATTRACT_SHOTS"); dir != "" {
			saveShot(t, ctx, dir, fmt.Sprintf("attract-%dx%d.png", size[0], size[1]))
		}
	}
	if a, b := text("#attract-invite"), text("#attract-invite2"); a != "Touch to play" || b != "Tocca per giocare" {
		t.Errorf("the invitation says %q and %q", a, b)
	}
	if g := text("#attract-game"); g != "Quad Wrangle" {
		t.Errorf("the demo's game is %q", g)
	}
	do("in Italian", chromedp.Evaluate[chromedp.Void](`localStorage.setItem('tavoliere-lang', 'it')`), chromedp.Reload())
	poll("the demo, in Italian", demoDrawn)
	if a, b := text("#attract-invite"), text("#attract-invite2"); a != "Tocca per giocare" || b != "Touch to play" {
		t.Errorf("the invitation says %q and %q", a, b)
	}
	if d := text("#attract-demo"); d == "" || d == text("#attract-invite") {
		t.Errorf("the demo's line says %q", d)
	}

	do("a tap", chromedp.Click(chromedp.CSS("#attract .at-words")))
	if v, err := chromedp.Run(ctx, chromedp.Evaluate[bool](shown)); err != nil || v {
		t.Fatalf("the demo is still shown after a tap (%v)", err)
	}
	after := k.waitFor("the demo's end", func(s kiosk.State) bool { return s.Demo == nil })
	sameGame(t, before, after)
	poll("the game on the page", `document.querySelector('#board .square[data-square="f4"] svg.pc') !== null && document.querySelector('#game-name').textContent.includes('Quad Wrangle')`)

	poll("the demo again, the rotation's next game", shown+` && document.querySelectorAll('#attract .at-sq').length > 0`)
	do("a key", chromedp.KeyEvent("x"))
	k.waitFor("the demo's end on a key", func(s kiosk.State) bool { return s.Demo == nil })
	sameGame(t, before, k.state())
	noPageErrors(t, ctx)
}
