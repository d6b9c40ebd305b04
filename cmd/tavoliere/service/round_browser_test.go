package service

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/kiosk"
	"github.com/tavoliere/tavoliere/engine/registry"
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

// TestRoundOverShownInBrowser: once a Xe Queo! round is over, the page says so on screen
// until the next round begins with its ring: who won the round and the rings each player
// has, in English and in Italian, in view at 800×480 and 1280×800 with the next ring's
// question open and nothing scrolling; gone once the ring is placed.
func TestRoundOverShownInBrowser(t *testing.T) {
	exe := chromium(t)
	settings := map[string]string{"seed": "7"}
	rules, err := registry.New("xequeo", settings)
	if err != nil {
		t.Fatal(err)
	}
	// Random moves from the deal to the end of the first round.
	s := rules.Start()
	rng := rand.New(rand.NewPCG(1, 2))
	var moves []string
	for s.Score(0)+s.Score(1) == 0 {
		legal := s.Legal(nil)
		m := legal[rng.IntN(len(legal))]
		moves = append(moves, rules.FormatMove(m))
		s.Play(m)
	}
	winner := 0
	if s.Score(1) > 0 {
		winner = 1
	}
	k := resumedKiosk(t, "xequeo", settings, moves)
	st := k.waitFor("the next ring asked", func(s kiosk.State) bool { return len(s.Asking) > 0 })
	if r := st.Game.Round; r == nil || r.Number != 1 || r.Player != winner || len(r.Won) != 2 || r.Won[winner] != 1 || r.Won[1-winner] != 0 {
		t.Fatalf("after %v the state's round is %+v, want round 1 won by player %d", moves, r, winner)
	}
	won := [2]int{1 - winner, winner}
	ctx := browser(t, exe)
	for _, size := range [][2]int64{{800, 480}, {1280, 800}} {
		for _, c := range []struct{ lang, won, rings string }{
			{"en", fmt.Sprintf("Player %d wins round 1", winner+1), fmt.Sprintf("rings %d–%d", won[0], won[1])},
			{"it", fmt.Sprintf("Giocatore %d vince la manche 1", winner+1), fmt.Sprintf("anelli %d–%d", won[0], won[1])},
		} {
			at := fmt.Sprintf("%s at %dx%d", c.lang, size[0], size[1])
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(size[0], size[1]), chromedp.Navigate(k.http.URL),
				chromedp.Evaluate[chromedp.Void](`localStorage.setItem('tavoliere-lang', '`+c.lang+`')`), chromedp.Reload(),
				chromedp.Poll[chromedp.Void](`document.documentElement.lang === '`+c.lang+`' && document.querySelectorAll('#asking-moves .move-choice').length > 0`,
					chromedp.WithPollingTimeout(10*time.Second))); err != nil {
				t.Fatalf("%s: %v", at, err)
			}
			got, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`(() => {
				const box = document.querySelector('#round-over');
				if (!box || box.hidden) return ['', 'no round shown'];
				const out = [];
				for (const id of ['status', 'panel']) {
					const e = document.getElementById(id);
					if (e.scrollHeight > e.clientHeight) out.push('#' + id + ' scrolls: ' + e.scrollHeight + ' > ' + e.clientHeight);
				}
				const r = box.getBoundingClientRect(), s = document.querySelector('#status').getBoundingClientRect();
				if (r.height === 0 || r.top < Math.max(0, s.top) || r.bottom > Math.min(innerHeight, s.bottom)) out.push('the round is out of view');
				return [box.innerText.replace(/\s+/g, ' ').trim(), out.join('; ')];
			})()`))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(got[0], c.won) || !strings.Contains(got[0], c.rings) || got[1] != "" {
				t.Errorf("%s: the round's end reads %q (%s); want %q and %q", at, got[0], got[1], c.won, c.rings)
			}
		}
	}
	// The ring placed: the next round has begun.
	if code, msg := k.post(map[string]any{"cmd": "choose", "session": st.Session, "move": st.Asking[0]}, false); code != 200 {
		t.Fatalf("choose %s: %d %s", st.Asking[0], code, msg)
	}
	k.waitFor("the next round", func(s kiosk.State) bool { return len(s.Game.Moves) == len(moves)+1 && s.Game.Round == nil })
	if err := chromedp.Do(ctx, chromedp.Poll[chromedp.Void](`document.querySelector('#round-over').hidden`, chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Errorf("the round's end still shown in the next round: %v", err)
	}
	noPageErrors(t, ctx)
}
