package service

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/kiosk"
	"github.com/tavoliere/tavoliere/hw"
)

// TestBoardShownQuestionInBrowser: Quad Wrangle, people against people on presence
// sensors; a3-d3, g5-e5, then a5-c5 made and taken back and a6-c6 made, a6 lifted before
// a5's stone is back, so that the hands' work reads as no moves in order
// (boards.TestShownMovesAskedNotUndone's hands, on the simulated board through the sim API). The board alone reads as three moves, and the page asks which
// came first, a3-d3 or a6-c6, not "which move?", with "None of these" beside them, in English
// and in Italian, whole on the screen at 800×480 and 1280×800. a3-d3 chosen on the page is
// taken and g5-e5 asked at once, worded the same way. ASKFIRST_SHOTS=dir saves the question
// at each size and language there, and the next one in Italian at 800×480.
func TestBoardShownQuestionInBrowser(t *testing.T) {
	k, ctx := boardShownQuestion(t)
	do, poll, eval := pageTools(t, ctx)
	s := k.state()
	if asked := slices.Sorted(slices.Values(s.Asking)); fmt.Sprint(asked) != "[a3-d3 a6-c6]" || !s.AskingFirst || len(s.Game.Moves) != 0 {
		t.Fatalf("moves %v, asking %v (askingFirst %v), mismatch %q; want a3-d3 or a6-c6 asked as which came first",
			s.Game.Moves, s.Asking, s.AskingFirst, s.Mismatch)
	}

	words := map[string][3]string{ // the title, the button that answers none, the log's line
		"en": {"The board shows several moves. Which came first?", "None of these", "The board shows several moves; which came first: "},
		"it": {"La scacchiera mostra più mosse. Qual è stata la prima?", "Nessuna di queste", "La scacchiera mostra più mosse; qual è stata la prima: "},
	}
	shot := func(name string) {
		t.Helper()
		if dir := os.Getenv("ASKFIRST_SHOTS"); dir != "" {
			saveShot(t, ctx, dir, name)
		}
	}
	for _, size := range [][2]int64{{800, 480}, {1280, 800}} {
		for _, lang := range []string{"en", "it"} {
			at := fmt.Sprintf("%s at %dx%d", lang, size[0], size[1])
			do(at, chromedp.EmulateViewport(size[0], size[1]),
				chromedp.Evaluate[chromedp.Void](`localStorage.setItem('tavoliere-lang', '`+lang+`')`), chromedp.Reload(),
				poll(`document.documentElement.lang === '`+lang+`' && document.querySelectorAll('#asking-moves .move-choice').length === 2`))
			if got := eval(`document.querySelector('#asking-title').textContent`); got != words[lang][0] {
				t.Errorf("%s: the question reads %q, want %q", at, got, words[lang][0])
			}
			if got := eval(`document.querySelector('#asking-none')?.textContent || 'no button'`); got != words[lang][1] {
				t.Errorf("%s: beside the options: %q, want %q", at, got, words[lang][1])
			}
			if why := eval(questionFits); why != "" {
				t.Errorf("%s: %s", at, why)
			}
			if got := eval(`document.querySelector('#log li:last-child')?.textContent || ''`); !strings.Contains(got, words[lang][2]) {
				t.Errorf("%s: the log's last line %q, want it to say %q", at, got, words[lang][2])
			}
			shot(fmt.Sprintf("askfirst-%s-%dx%d.png", lang, size[0], size[1]))
		}
	}
	if t.Failed() {
		t.FailNow()
	}

	// a3-d3 chosen on the page (in Italian, as the page was left): taken, and g5-e5 asked at
	// once, still as the moves the board shows.
	do("choose a3-d3", chromedp.EmulateViewport(800, 480), chromedp.Click(chromedp.CSS(`#asking-moves button.move-choice[data-move="a3-d3"]`)))
	s = k.waitFor("a3-d3 taken and what follows", func(s kiosk.State) bool {
		return len(s.Game.Moves) > 1 || len(s.Game.Moves) == 1 && (len(s.Asking) > 0 || s.Mismatch != "")
	})
	if fmt.Sprint(s.Game.Moves) != "[a3-d3]" || fmt.Sprint(s.Asking) != "[g5-e5]" || !s.AskingFirst {
		t.Fatalf("moves %v, asking %v (askingFirst %v); want a3-d3 taken and g5-e5 asked as the next of the board's moves", s.Game.Moves, s.Asking, s.AskingFirst)
	}
	do("g5-e5 asked on the page", poll(`!!document.querySelector('#asking-moves button.move-choice[data-move="g5-e5"]')`))
	if got, want := eval(`document.querySelector('#asking-title').textContent`), "La scacchiera mostra più mosse. È questa la prima?"; got != want {
		t.Errorf("g5-e5 asked: the question reads %q, want %q", got, want)
	}
	if got, want := eval(`document.querySelector('#asking-none')?.textContent || 'no button'`), "No, non è questa"; got != want {
		t.Errorf("g5-e5 asked: beside the option: %q, want %q", got, want)
	}
	if why := eval(questionFits); why != "" {
		t.Errorf("g5-e5 asked, at 800x480: %s", why)
	}
	shot("askfirst-next-it-800x480.png")
	noPageErrors(t, ctx)
}

// boardShownQuestion opens the kiosk in a browser on Quad Wrangle, people against people on
// presence sensors, and plays the hands of boards.TestShownMovesAskedNotUndone through the
// sim API: a3-d3, g5-e5, a5-c5 made and taken back and a6-c6 made, a6 lifted before a5's
// stone is back. It returns once the referee asks, moves or reports a mismatch.
func boardShownQuestion(t *testing.T) (*stand, context.Context) {
	t.Helper()
	exe := chromium(t)
	k := newKiosk(t, "quadwrangle", []boards.Side{boards.Human, boards.Human}, hw.Presence, false)
	ctx := browser(t, exe)
	if err := chromedp.Do(ctx, chromedp.Navigate(k.http.URL), chromedp.WaitVisible(chromedp.CSS(`#board .square[data-square="a3"]`))); err != nil {
		t.Fatalf("open the kiosk: %v", err)
	}
	k.handsAt("0 -a3", "100 +d3", "200 -g5", "300 +e5", "400 -a5", "500 +c5", "600 -c5", "650 -a6", "700 +a5", "900 +c6")
	k.waitFor("a question, a move or a mismatch", func(s kiosk.State) bool {
		return len(s.Asking) > 0 || len(s.Game.Moves) > 0 || s.Mismatch != ""
	})
	return k, ctx
}
