package main

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/hw"
)

// TestKioskFitsInBrowser: on the Pi's 800×480 screen, after ten moves the move list wraps and
// keeps the last move in view, and the new-game dialog's Start button is on the screen.
func TestKioskFitsInBrowser(t *testing.T) {
	exe := chromium(t)
	k := newKiosk(t, "quadwrangle", []boards.Side{boards.Human, boards.Human}, hw.Presence, false)
	for i, sq := range []string{"d4", "b2", "c3", "e5", "a1", "g7", "b6", "f2", "c5", "e3"} {
		k.click(sq)
		k.waitFor(sq, func(s stateJSON) bool { return len(s.Game.Moves) == i+1 })
	}
	ctx := browser(t, exe)
	inView := func(what, expr string) {
		t.Helper()
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](expr))
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			t.Errorf("%s is not in view at 800x480", what)
		}
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(k.http.URL),
		chromedp.Poll[chromedp.Void](`document.querySelectorAll('#moves .mv').length === 10`, chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		n, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`JSON.stringify(window.kioskErrors) + document.body.innerText.slice(0, 300)`))
		t.Fatalf("%v: %s", err, n)
	}
	inView("the last move", `(() => {
		const box = document.querySelector('#moves').getBoundingClientRect();
		const last = document.querySelector('#moves .last').getBoundingClientRect();
		const panel = document.querySelector('#panel').getBoundingClientRect();
		return last.right <= Math.min(box.right, panel.right, innerWidth) + 1 && last.bottom <= box.bottom + 1 &&
			last.top >= box.top - 1 && last.bottom <= innerHeight;
	})()`)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#new-game")), chromedp.WaitVisible(chromedp.CSS("#new-game-dialog"))); err != nil {
		t.Fatal(err)
	}
	inView("the new-game dialog's Start button", `(() => {
		const r = document.querySelector('#ng-start').getBoundingClientRect();
		return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight;
	})()`)
	noPageErrors(t, ctx)
}
