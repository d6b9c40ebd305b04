package service

import (
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/kiosk"
	"github.com/tavoliere/tavoliere/hw"
)

// TestOperatorMenuInBrowser: the players' row holds only the players' buttons; the operator's
// tools (Show moves, Sensors, Flip, the AI's level) are in a menu of their own, which opens,
// works and closes; the panel fits the Pi's 800×480 without scrolling, the menu closed and
// open, in English and in Italian, and the Italian has no English left.
func TestOperatorMenuInBrowser(t *testing.T) {
	exe := chromium(t)
	k := newKiosk(t, "quadwrangle", []boards.Side{boards.Human, boards.AI}, hw.Presence, false)
	s := k.state()
	ctx := browser(t, exe)
	do, poll, eval := pageTools(t, ctx)
	// fits says what does not fit the screen: the panel scrolled, a button or the menu off it.
	fits := func(step string) {
		t.Helper()
		if why := eval(`(() => {
			const out = [];
			const p = document.querySelector('#panel');
			if (p.scrollHeight > p.clientHeight) out.push('the panel scrolls: ' + p.scrollHeight + ' > ' + p.clientHeight);
			for (const e of document.querySelectorAll('#controls button, #operator-menu[open], #operator-menu[open] button:not([hidden]), #operator-menu[open] select')) {
				const r = e.getBoundingClientRect();
				if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) out.push((e.id || e.tagName) + ' is off the screen');
			}
			return out.join('; ');
		})()`); why != "" {
			t.Errorf("%s at 800x480: %s", step, why)
		}
	}

	do("load", chromedp.Navigate(k.http.URL), chromedp.WaitVisible(chromedp.CSS("#board .square")), poll(`document.querySelectorAll('#level option').length > 0`))
	if got := eval(`[...document.querySelectorAll('#controls button')].map(b => b.id).join(' ')`); got != "new-game takeback suggest rules lang operator" {
		t.Errorf("the players' row: %s", got)
	}
	if got := eval(`['hints', 'sensors', 'flip', 'level'].filter(id => document.getElementById(id).checkVisibility()).join(' ')`); got != "" {
		t.Errorf("with the menu closed, %s in sight", got)
	}
	fits("the menu closed")

	do("open the menu", chromedp.Click(chromedp.CSS("#operator")), chromedp.WaitVisible(chromedp.CSS("#operator-menu")),
		poll(`document.querySelector('#operator').getAttribute('aria-expanded') === 'true'`))
	fits("the menu open")
	hints := s.Hints // (on by default)
	do("Show moves", chromedp.Click(chromedp.CSS("#hints")))
	k.waitFor("hints toggled", func(s kiosk.State) bool { return s.Hints != hints })
	do("Show moves pressed", poll(`document.querySelector('#hints').getAttribute('aria-pressed') === '`+strconv.FormatBool(!hints)+`'`))
	do("Sensors", chromedp.Click(chromedp.CSS("#sensors")), chromedp.WaitVisible(chromedp.CSS("#sensor-view")),
		poll(`document.querySelector('#operator').classList.contains('tools-on')`)) // (a tool on, the menu closed or open)
	do("Flip, on the simulated board", chromedp.Click(chromedp.CSS("#flip")), poll(`document.querySelector('#flip').getAttribute('aria-pressed') === 'true'`),
		chromedp.Click(chromedp.CSS("#flip")))
	if s.Level == "strong" {
		t.Fatal("the test wants another level to start with")
	}
	do("the level", chromedp.SetValue(chromedp.CSS("#level"), "strong"),
		chromedp.Evaluate[chromedp.Void](`document.querySelector('#level').dispatchEvent(new Event('change'))`))
	k.waitFor("the level strong", func(s kiosk.State) bool { return s.Level == "strong" })
	do("tools off", chromedp.Click(chromedp.CSS("#sensors")), chromedp.Click(chromedp.CSS("#hints")))
	k.waitFor("hints back", func(s kiosk.State) bool { return s.Hints == hints })
	do("close", chromedp.Click(chromedp.CSS("#operator-close")),
		poll(`!document.querySelector('#operator-menu').open && document.querySelector('#operator').getAttribute('aria-expanded') === 'false'`),
		poll(`document.querySelector('#operator').classList.contains('tools-on') === `+strconv.FormatBool(hints)))
	fits("the menu closed again")

	// In Italian: the same, with no English word left in the row or the menu.
	do("Italian", chromedp.Click(chromedp.CSS("#lang")), poll(`document.documentElement.lang === 'it'`),
		chromedp.Click(chromedp.CSS("#operator")), chromedp.WaitVisible(chromedp.CSS("#operator-menu")))
	fits("in Italian, the menu open")
	text := eval(`document.querySelector('#controls').innerText + '\n' + document.querySelector('#operator-menu').innerText + '\n' +
		document.querySelector('#operator').getAttribute('aria-label')`)
	for _, en := range []string{"New game", "Take back", "Suggest", "Rules", "Operator", "Show moves", "Sensors", "Flip", "AI level", "Close", "beginner", "strong"} {
		if strings.Contains(text, en) {
			t.Errorf("the Italian page shows the English %q:\n%s", en, text)
		}
	}
	for _, it := range []string{"Gestione", "Mostra mosse", "Sensori", "Capovolgi", "Livello IA", "Chiudi"} {
		if !strings.Contains(text, it) {
			t.Errorf("the Italian page lacks %q:\n%s", it, text)
		}
	}
	do("close in Italian", chromedp.Click(chromedp.CSS("#operator-close")), poll(`!document.querySelector('#operator-menu').open`))
	fits("in Italian, the menu closed")
	noPageErrors(t, ctx)
}

// TestPanelFitsInBrowser: at the start of games whose panel is long (Quarto's question with
// the pieces waiting, Xe Queo!'s ring to place, Push 4's four players) the panel does not
// scroll, on the Pi's 800×480 and at 1280×800; a long status scrolls by itself.
func TestPanelFitsInBrowser(t *testing.T) {
	exe := chromium(t)
	for _, c := range []struct {
		game  string
		sides []boards.Side
	}{
		{"quarto", []boards.Side{boards.Human, boards.AI}},
		{"xequeo", []boards.Side{boards.Human, boards.AI}},
		{"push4", []boards.Side{boards.Human, boards.AI, boards.Human, boards.AI}},
	} {
		k := newKiosk(t, c.game, c.sides, hw.Presence, false)
		ctx := browser(t, exe)
		for _, size := range [][2]int64{{800, 480}, {1280, 800}} {
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(size[0], size[1]), chromedp.Navigate(k.http.URL),
				chromedp.WaitVisible(chromedp.CSS("#board .square")), chromedp.WaitVisible(chromedp.CSS("#turn"))); err != nil {
				t.Fatalf("%s: %v", c.game, err)
			}
			fit, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => {
				const p = document.querySelector('#panel');
				return p.scrollHeight > p.clientHeight ? p.scrollHeight + ' > ' + p.clientHeight : '';
			})()`))
			if err != nil {
				t.Fatal(err)
			}
			if fit != "" {
				t.Errorf("%s at %dx%d: the panel scrolls (%s)", c.game, size[0], size[1], fit)
			}
		}
		noPageErrors(t, ctx)
	}
}
