package service

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/tavoliere/tavoliere/cmd/tavoliere/kiosk"
	"github.com/tavoliere/tavoliere/hw/hwtest"
	"github.com/tavoliere/tavoliere/hw/max7219"
)

// TestBrightnessInBrowser: in the operator's menu the LEDs' brightness shows the board
// file's level; the slider and − set it, the MAX7219 (a register model) takes each level as
// its intensity and the menu shows it; the menu fits 800×480 and 1280×800 with nothing
// scrolling, in English and in Italian, the Italian with no English left. Screenshots go to
// /tmp/shots/bright-*.png. On a board without LEDs the control is disabled and says why.
func TestBrightnessInBrowser(t *testing.T) {
	exe := chromium(t)
	chips := hwtest.NewMAX7219(1, nil)
	d, err := max7219.New(chips, &max7219.Opts{Chips: 1, Intensity: 8})
	if err != nil {
		t.Fatal(err)
	}
	k := hwKiosk(t, filepath.Join(t.TempDir(), "journal.db"), d, boardFile(8))
	ctx := browser(t, exe)
	do, poll, eval := pageTools(t, ctx)
	fits := func(step string) {
		t.Helper()
		if why := eval(`(() => {
			const out = [];
			const p = document.querySelector('#panel');
			if (p.scrollHeight > p.clientHeight) out.push('the panel scrolls: ' + p.scrollHeight + ' > ' + p.clientHeight);
			const m = document.querySelector('#operator-menu');
			if (m.scrollHeight > m.clientHeight) out.push('the menu scrolls: ' + m.scrollHeight + ' > ' + m.clientHeight);
			if (document.scrollingElement.scrollHeight > innerHeight) out.push('the page scrolls');
			for (const e of document.querySelectorAll('#operator-menu[open], #operator-menu[open] button:not([hidden]), #operator-menu[open] select, #operator-menu[open] input, #bright-value')) {
				const r = e.getBoundingClientRect();
				if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) out.push((e.id || e.tagName) + ' is off the screen');
			}
			return out.join('; ');
		})()`); why != "" {
			t.Errorf("%s: %s", step, why)
		}
	}
	shot := func(name string) {
		t.Helper()
		saveShot(t, ctx, "/tmp/shots", "bright-"+name+".png")
	}
	shown := func(level int) chromedp.Action[chromedp.Void] {
		return poll(`document.querySelector('#brightness').value === '` + strconv.Itoa(level) + `' && document.querySelector('#bright-value').textContent === '` + pct(level) + `'`)
	}

	start := int(max7219.LevelOf(8))
	do("load and open the menu", chromedp.Navigate(k.http.URL), chromedp.WaitVisible(chromedp.CSS("#board .square")),
		chromedp.Click(chromedp.CSS("#operator")), chromedp.WaitVisible(chromedp.CSS("#bright-box")), shown(start))
	fits("800x480, the menu open")

	do("the slider to 240", chromedp.SetValue(chromedp.CSS("#brightness"), "240"),
		chromedp.Evaluate[chromedp.Void](`document.querySelector('#brightness').dispatchEvent(new Event('change'))`))
	k.waitFor("level 240", func(s kiosk.State) bool { return s.Brightness.Level == 240 })
	do("240 shown", shown(240))
	if got := chips.Chip(0).Intensity; got != 14 {
		t.Errorf("level 240: the chip's intensity is %d, want 14", got)
	}
	do("−", chromedp.Click(chromedp.CSS("#bright-down")))
	k.waitFor("level 224", func(s kiosk.State) bool { return s.Brightness.Level == 224 })
	do("224 shown", shown(224))
	if got := chips.Chip(0).Intensity; got != 13 {
		t.Errorf("level 224: the chip's intensity is %d, want 13", got)
	}
	shot("en-800x480")

	do("Italian", chromedp.Click(chromedp.CSS("#operator-close")), chromedp.Click(chromedp.CSS("#lang")), poll(`document.documentElement.lang === 'it'`),
		chromedp.Click(chromedp.CSS("#operator")), chromedp.WaitVisible(chromedp.CSS("#bright-box")), shown(224))
	fits("800x480 in Italian, the menu open")
	text := eval(`document.querySelector('#operator-menu').innerText + '\n' + document.querySelector('#bright-down').getAttribute('aria-label') + '\n' +
		document.querySelector('#bright-up').getAttribute('aria-label') + '\n' + document.querySelector('#operator').getAttribute('aria-label')`)
	for _, en := range []string{"LED brightness", "Dimmer", "Brighter", "brightness"} {
		if strings.Contains(text, en) {
			t.Errorf("the Italian menu shows the English %q:\n%s", en, text)
		}
	}
	if !strings.Contains(text, "Luminosità LED") {
		t.Errorf("the Italian menu lacks Luminosità LED:\n%s", text)
	}
	shot("it-800x480")

	for _, lang := range []string{"it", "en"} {
		do("1280x800 "+lang, chromedp.EmulateViewport(1280, 800), chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS("#board .square")),
			poll(`document.documentElement.lang === '`+lang+`'`), chromedp.Click(chromedp.CSS("#operator")), chromedp.WaitVisible(chromedp.CSS("#bright-box")), shown(224))
		fits("1280x800 " + lang)
		shot(lang + "-1280x800")
		if lang == "it" {
			do("back to English", chromedp.Click(chromedp.CSS("#operator-close")), chromedp.Click(chromedp.CSS("#lang")))
		}
	}
	noPageErrors(t, ctx)

	// A board without LEDs: the control is there, disabled, and says why.
	k = hwKiosk(t, filepath.Join(t.TempDir(), "journal.db"), nil, nil)
	do("no LEDs", chromedp.EmulateViewport(800, 480), chromedp.Navigate(k.http.URL), chromedp.WaitVisible(chromedp.CSS("#board .square")),
		chromedp.Click(chromedp.CSS("#operator")), chromedp.WaitVisible(chromedp.CSS("#bright-note")),
		poll(`document.querySelector('#brightness').disabled && document.querySelector('#bright-up').disabled && document.querySelector('#bright-down').disabled`))
	fits("no LEDs, 800x480")
	shot("noleds-en-800x480")
	noPageErrors(t, ctx)
}

// pct is the page's brightPct: the level as a share of full, rounded.
func pct(level int) string { return strconv.Itoa((level*100+127)/255) + " %" }
