package service

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/hw"
)

// TestRoundWonWordedInBrowser: the end of a Xe Queo! round (boards.RoundOver, "round-won")
// is a log line in words, naming the ring's winner and the rings count, in English and in
// Italian.
func TestRoundWonWordedInBrowser(t *testing.T) {
	exe := chromium(t)
	ctx := browser(t, exe)
	k := newKiosk(t, "xequeo", []boards.Side{boards.Human, boards.Human}, hw.Presence, false)
	if err := chromedp.Do(ctx, chromedp.Navigate(k.http.URL),
		chromedp.Poll[chromedp.Void](`document.querySelectorAll('#board .square').length > 0`, chromedp.WithPollingTimeout(15*time.Second))); err != nil {
		t.Fatal(err)
	}
	for lang, want := range map[string]string{"en": "round over Player 2 wins the ring: rings 0–1", "it": "fine della manche Giocatore 2 vince l’anello: anelli 0–1"} {
		got, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(async () => {
			const { t } = await import('./words.js');
			const { msgText } = await import('./messages.js');
			const { state } = await import('./state.js');
			state.lang = '`+lang+`';
			const line = { kind: 'round', code: 'round-won', args: { player: '1', rings: '0–1' } };
			return t('log:' + line.kind) + ' ' + msgText(state.data, line);
		})()`, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Errorf("%s: the round's end reads %q, want %q", lang, got, want)
		}
	}
	noPageErrors(t, ctx)
}
