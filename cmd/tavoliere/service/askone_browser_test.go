package service

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/hw"
)

// TestOneOptionAskedAsAConfirmationInBrowser: a question with one option (a Quixo push seen
// only in part) reads as a confirmation, not "which move?", in the panel and in the log, in
// English and in Italian; two options still ask which.
func TestOneOptionAskedAsAConfirmationInBrowser(t *testing.T) {
	exe := chromium(t)
	ctx := browser(t, exe)
	k := newKiosk(t, "quixo", []boards.Side{boards.Human, boards.Human}, hw.Presence, false)
	if err := chromedp.Do(ctx, chromedp.Navigate(k.http.URL),
		chromedp.Poll[chromedp.Void](`document.querySelectorAll('#board .square').length > 0`, chromedp.WithPollingTimeout(15*time.Second))); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		lang, moves, title, line string
	}{
		{"en", "a1-e1", "Was this the move? Confirm it, or make it again on the board.", "Was the move "},
		{"it", "a1-e1", "Era questa la mossa? Confermala, o rifalla sulla scacchiera.", "Era questa la mossa: "},
		{"en", "a1-e1 a1-a5", "Which move?", "Which move: "},
		{"it", "a1-e1 a1-a5", "Quale mossa?", "Quale mossa: "},
	} {
		got, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`(async () => {
			const { msgText } = await import('./messages.js');
			const { renderAsking } = await import('./panel.js');
			const { state } = await import('./state.js');
			state.lang = '`+c.lang+`';
			const d = { ...state.data, asking: '`+c.moves+`'.split(' '), squares: [] };
			renderAsking(d);
			const line = { kind: 'ask', code: 'asking', args: { moves: '`+c.moves+`' } };
			return [document.querySelector('#asking-title').textContent, msgText(d, line)];
		})()`, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 2 || got[0] != c.title || len(got[1]) < len(c.line) || got[1][:len(c.line)] != c.line {
			t.Errorf("%s, asked %s: the panel reads %q, the log %q; want %q and %q…", c.lang, c.moves, got[0], got[1], c.title, c.line)
		}
	}
	noPageErrors(t, ctx)
}
