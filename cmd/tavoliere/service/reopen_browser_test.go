package service

import (
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

// TestReopenedMoveInBrowser: Quad Wrangle, people against people on presence sensors.
// a6-b6 made (a6 lifted, b6 filled 100 ms later) is taken once the board rests; a drop on
// a6 650 ms after its lift calls it in doubt (a drop on b6 with a6 fumbled reads the
// same): the move is taken back and "b6 or a6-b6" asked. The log says why in English and
// in Italian, and the question is whole on the screen at 800×480 and 1280×800.
// REOPEN_SHOTS=dir saves each size and language there. (On a machine so slow that a6 comes
// back before a6-b6 is taken, the same question is asked with no move taken back: the
// log's line is then checked through the page's own wording of it.)
func TestReopenedMoveInBrowser(t *testing.T) {
	exe := chromium(t)
	k := newKiosk(t, "quadwrangle", []boards.Side{boards.Human, boards.Human}, hw.Presence, false)
	ctx := browser(t, exe)
	do, poll, eval := pageTools(t, ctx)
	do("open the kiosk", chromedp.Navigate(k.http.URL), chromedp.WaitVisible(chromedp.CSS(`#board .square[data-square="a6"]`)))
	k.handsAt("0 -a6", "100 +b6", "650 +a6")
	s := k.waitFor("the question", func(s kiosk.State) bool { return len(s.Asking) > 0 || s.Mismatch != "" })
	if asked := slices.Sorted(slices.Values(s.Asking)); fmt.Sprint(asked) != "[a6-b6 b6]" || len(s.Game.Moves) != 0 {
		t.Fatalf("moves %v, asking %v, mismatch %q; want b6 or a6-b6 asked, no move taken", s.Game.Moves, s.Asking, s.Mismatch)
	}
	words := map[string]string{
		"en": "a6-b6 in doubt: a piece was put back where one left",
		"it": "a6-b6 in dubbio: un pezzo è stato rimesso dove era",
	}
	for _, size := range [][2]int64{{800, 480}, {1280, 800}} {
		for _, lang := range []string{"en", "it"} {
			at := fmt.Sprintf("%s at %dx%d", lang, size[0], size[1])
			do(at, chromedp.EmulateViewport(size[0], size[1]),
				chromedp.Evaluate[chromedp.Void](`localStorage.setItem('tavoliere-lang', '`+lang+`')`), chromedp.Reload(),
				poll(`document.documentElement.lang === '`+lang+`' && document.querySelectorAll('#asking-moves .move-choice').length === 2`))
			said, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(async () => {
				const { msgText } = await import('./messages.js');
				const { state } = await import('./state.js');
				return msgText(state.data, { code: 'reopened', args: { n: '1', move: 'a6-b6', moves: 'a6-b6' } });
			})()`, chromedp.EvalAwaitPromise))
			if err != nil {
				t.Fatal(err)
			}
			if said != words[lang] {
				t.Errorf("%s: the page words the reopened move %q, want %q", at, said, words[lang])
			}
			lines := eval(`[...document.querySelectorAll('#log li')].map(li => li.textContent).join('\n')`)
			if reopened := strings.Contains(lines, "a6-b6"); reopened && !strings.Contains(lines, words[lang]) {
				t.Errorf("%s: the log reads %q, want a line saying %q", at, lines, words[lang])
			}
			if why := eval(questionFits); why != "" {
				t.Errorf("%s: %s", at, why)
			}
			if dir := os.Getenv("REOPEN_SHOTS"); dir != "" {
				saveShot(t, ctx, dir, fmt.Sprintf("reopen-%s-%dx%d.png", lang, size[0], size[1]))
			}
		}
	}
	noPageErrors(t, ctx)
}
