package service

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/kiosk"
	"github.com/tavoliere/tavoliere/engine/registry"
	"github.com/tavoliere/tavoliere/hw"
)

// rulesItalianNames are the games whose Italian name differs from the registry's.
var rulesItalianNames = map[string]string{
	"crowded":           "Quad Wrangle: Variante Affollata (Crusade)",
	"quarto-advanced":   "Quarto! Variante Avanzata",
	"quarto-pro":        "Quarto! Variante Pro",
	"quarto-simplified": "Quarto! Variante semplificata",
	"quixo4":            "Quixo a quattro (squadre)",
}

// rulesScreen is what a rules screen showed.
type rulesScreen struct {
	Game     string    `json:"game"`
	Lang     string    `json:"lang"`
	Title    string    `json:"title"`
	Body     string    `json:"body"`
	Sections int       `json:"sections"`
	Settings []string  `json:"settings"`
	Pieces   int       `json:"pieces"`
	Caption  string    `json:"caption"`
	Close    []float64 `json:"close"`  // the close button's left, top, right, bottom
	Dialog   []float64 `json:"dialog"` // the dialog's
	View     []float64 `json:"view"`   // the window's width and height, and its scroll
	Own      bool      `json:"own"`    // the screen's body scrolls by itself
}

const rulesScreenJS = `(() => {
  const d = document.getElementById('rules-dialog');
  const body = document.getElementById('rules-body');
  const rect = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const closed = [...body.querySelectorAll('details:not([open])')];
  closed.forEach((x) => { x.open = true; }); // the lights' legend too
  const text = body.innerText;
  closed.forEach((x) => { x.open = false; });
  return {
    game: d.dataset.game || '', lang: d.lang || '',
    title: document.getElementById('rules-title').textContent,
    body: text,
    sections: body.querySelectorAll('section h3').length,
    settings: [...body.querySelectorAll('.rules-settings li')].map((li) => li.dataset.key),
    pieces: body.querySelectorAll('figure svg [data-look]').length,
    caption: body.querySelector('figcaption')?.textContent || '',
    close: rect(document.getElementById('rules-close')), dialog: rect(d),
    view: [innerWidth, innerHeight, scrollX, scrollY],
    own: getComputedStyle(body).overflowY === 'auto',
  };
})()`

// TestRulesInBrowser opens the rules screen of every game and variant in a real headless
// Chromium at the kiosk's 800×480 (and from the new-game dialog at 1280×800 too): during play (the Rules button, on the current game) and
// from the new-game dialog (on the game chosen there), in English and in Italian. Each names
// its game, has its sections, a diagram drawn with the page's pieces and every setting of the
// game explained; the Italian screen holds none of the English screen's sentences and no
// English words, and the English none of the Italian's; the screen fits the window with its
// close button in view and scrolls by itself. Screenshots of two games, one in each language,
// go to .artifacts/rules/ (RULES_SHOTS=all writes every screen).
func TestRulesInBrowser(t *testing.T) {
	exe := chromium(t)
	k := newKiosk(t, "quadwrangle", []boards.Side{boards.Human, boards.Human}, hw.Presence, false)
	ctx := browser(t, exe)
	run := func(what string, steps ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, steps...); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	css := func(s string) chromedp.CSS { return chromedp.CSS(s) }
	poll := func(expr string) chromedp.Action[chromedp.Void] {
		return chromedp.Poll[chromedp.Void](expr, chromedp.WithPollingTimeout(20*time.Second))
	}
	dir := filepath.Join("..", "..", "..", ".artifacts", "rules")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	shots := map[string]bool{"quarto en": true, "xequeo it": true}
	all := os.Getenv("RULES_SHOTS") == "all"

	// screen reads the open rules screen, checks it, and closes it.
	screens := map[string]rulesScreen{}
	screen := func(id, lang, how string) rulesScreen {
		t.Helper()
		run(how+": the rules of "+id, chromedp.WaitVisible(css("#rules-dialog")),
			poll(`document.getElementById('rules-dialog').dataset.game === '`+id+`' && document.getElementById('rules-dialog').lang === '`+lang+`'`))
		s, err := chromedp.Run(ctx, chromedp.Evaluate[rulesScreen](rulesScreenJS))
		if err != nil {
			t.Fatal(err)
		}
		where := how + ", " + id + " in " + lang
		e, _ := registry.Lookup(id)
		name := e.Name
		if it, ok := rulesItalianNames[id]; ok && lang == "it" {
			name = it
		}
		if !strings.Contains(s.Title, name) {
			t.Errorf("%s: the title is %q, not the game's name %q", where, s.Title, name)
		}
		if s.Sections < 5 || len(s.Body) < 600 {
			t.Errorf("%s: %d sections, %d characters: %q", where, s.Sections, len(s.Body), s.Body)
		}
		if s.Pieces == 0 || s.Caption == "" {
			t.Errorf("%s: the diagram has %d pieces and the caption %q", where, s.Pieces, s.Caption)
		}
		var keys []string
		for _, set := range e.Settings {
			keys = append(keys, set.Key)
		}
		if strings.Join(s.Settings, " ") != strings.Join(keys, " ") {
			t.Errorf("%s: settings explained %q, the game's %q", where, s.Settings, keys)
		}
		w, h := s.View[0], s.View[1]
		if s.View[2] != 0 || s.View[3] != 0 {
			t.Errorf("%s: the page is scrolled (%v)", where, s.View)
		}
		if c := s.Close; c[0] < 0 || c[1] < 0 || c[2] > w || c[3] > h || c[2]-c[0] < 30 || c[3]-c[1] < 30 {
			t.Errorf("%s: the close button at %v is not within the %vx%v window", where, c, w, h)
		}
		if d := s.Dialog; d[0] < 0 || d[1] < 0 || d[2] > w || d[3] > h {
			t.Errorf("%s: the screen at %v does not fit the %vx%v window", where, d, w, h)
		}
		if !s.Own {
			t.Errorf("%s: the screen's text does not scroll by itself", where)
		}
		if key := id + " " + lang; shots[key] || all {
			size := "" // (800×480's are named as they were)
			if s.View[0] != 800 {
				size = fmt.Sprintf("-%vx%v", s.View[0], s.View[1])
			}
			path := saveShot(t, ctx, dir, id+"-"+lang+size+".png")
			if shots[key] {
				abs, _ := filepath.Abs(path)
				t.Logf("screenshot: %s", abs)
			}
		}
		run(where+": close", chromedp.Click(css("#rules-close")), chromedp.WaitNotVisible(css("#rules-dialog")))
		if how == "during play" {
			screens[id+" "+lang] = s
		}
		return s
	}
	setLang := func(lang string) {
		t.Helper()
		run("language "+lang, poll(`!!document.getElementById('lang').dataset.lang`),
			chromedp.Evaluate[chromedp.Void](`document.getElementById('lang').dataset.lang === '`+lang+`' || document.getElementById('lang').click()`),
			poll(`document.documentElement.lang === '`+lang+`'`))
	}

	run("open the kiosk", chromedp.EmulateViewport(800, 480), chromedp.Navigate(k.http.URL), chromedp.WaitVisible(css(`#board .square`)))
	entries := registry.All()
	for i, e := range entries {
		sides := []string{}
		for range e.Players {
			sides = append(sides, "human")
		}
		if code, msg := k.post(map[string]any{"cmd": "new-game", "game": e.ID, "sides": sides}, true); code != 200 {
			t.Fatalf("new game %s: %d %s", e.ID, code, msg)
		}
		s := k.waitFor("the game "+e.ID, func(s kiosk.State) bool { return s.Game.ID == e.ID })
		setLang("en")
		run("the page shows "+e.ID, poll(`document.getElementById('game-name').textContent === `+jsString(s.Game.Name)))
		for _, lang := range []string{"en", "it"} {
			setLang(lang)
			run("during play: Rules", chromedp.Click(css("#rules")))
			screen(e.ID, lang, "during play")
			// From the new-game dialog, on another game chosen there.
			other := entries[(i+1)%len(entries)].ID
			run("new-game dialog: "+other, chromedp.Click(css("#new-game")), chromedp.WaitVisible(css("#new-game-dialog")),
				chromedp.SetValue(css("#ng-game"), other),
				chromedp.Evaluate[chromedp.Void](`document.querySelector('#ng-game').dispatchEvent(new Event('change'))`),
				chromedp.Click(css("#ng-rules")))
			screen(other, lang, "from the new-game dialog")
			run("the new-game dialog is still open", chromedp.WaitVisible(css("#new-game-dialog")), chromedp.Click(css("#ng-cancel")),
				chromedp.WaitNotVisible(css("#new-game-dialog")))
		}
	}
	// At 1280×800 too, every game's screen from the new-game dialog, in both languages.
	run("at 1280x800", chromedp.EmulateViewport(1280, 800), poll(`innerWidth === 1280`))
	for _, lang := range []string{"en", "it"} {
		setLang(lang)
		run("new-game dialog at 1280x800", chromedp.Click(css("#new-game")), chromedp.WaitVisible(css("#new-game-dialog")))
		for _, e := range entries {
			run("new-game dialog at 1280x800: "+e.ID, chromedp.SetValue(css("#ng-game"), e.ID),
				chromedp.Evaluate[chromedp.Void](`document.querySelector('#ng-game').dispatchEvent(new Event('change'))`),
				chromedp.Click(css("#ng-rules")))
			if s := screen(e.ID, lang, "at 1280x800"); s.View[0] != 1280 || s.View[1] != 800 {
				t.Errorf("%s in %s: the window is %vx%v", e.ID, lang, s.View[0], s.View[1])
			}
		}
		run("the new-game dialog closed", chromedp.Click(css("#ng-cancel")), chromedp.WaitNotVisible(css("#new-game-dialog")))
	}
	run("back at 800x480", chromedp.EmulateViewport(800, 480), poll(`innerWidth === 800`))

	// The screen's own language button switches the whole page, and the screen with it.
	setLang("en")
	run("the rules' language button", chromedp.Click(css("#rules")), chromedp.WaitVisible(css("#rules-dialog")),
		chromedp.Click(css("#rules-lang")), poll(`document.getElementById('rules-dialog').lang === 'it'`),
		poll(`document.getElementById('new-game').textContent.includes('Nuova partita')`),
		chromedp.Click(css("#rules-close")))
	noPageErrors(t, ctx)

	// Italian and English apart: no sentence of one in the other, no common word of the other.
	sentence := regexp.MustCompile(`[^.:;!?\n]{25,}`)
	english := regexp.MustCompile(`(?i)\b(the|you|your|and|with|when|which|piece|move|board|square)\b`)
	italian := regexp.MustCompile(`(?i)\b(della|delle|che|una|sulla|nella|gli|pedina|mossa|casella)\b`)
	for _, e := range entries {
		en, it := screens[e.ID+" en"], screens[e.ID+" it"]
		for _, s := range sentence.FindAllString(en.Body, -1) {
			if s = strings.TrimSpace(s); len(s) >= 25 && strings.Contains(it.Body, s) {
				t.Errorf("%s: the Italian screen has the English %q", e.ID, s)
			}
		}
		if w := english.FindAllString(it.Body, -1); len(w) > 0 {
			t.Errorf("%s: the Italian screen has English words %q", e.ID, w)
		}
		if w := italian.FindAllString(en.Body, -1); len(w) > 0 {
			t.Errorf("%s: the English screen has Italian words %q", e.ID, w)
		}
		if en.Caption == it.Caption {
			t.Errorf("%s: the caption %q is not translated", e.ID, en.Caption)
		}
	}
}

// jsString quotes s for JavaScript.
func jsString(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}
