package service

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tavoliere/tavoliere/cmd/tavoliere/kiosk"
	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/registry"
)

// TestBrokenSquareInBrowser: in Push's spear edition a last push that breaks the winner's
// square leaves him the win (E3 Nc Nc Nc makes White's b2-d4, W2 then turns b2 Black). The
// state gives the square as it stood (game.winning) and the square the push broke
// (game.broken); the page draws the square striped and the broken one crossed through with
// a dashed frame (shapes, not a colour), names it so, and says why in the banner, in English
// and in Italian, with nothing scrolling at 800x480.
func TestBrokenSquareInBrowser(t *testing.T) {
	exe := chromium(t)
	settings := map[string]string{"spear": "on"}
	moves := []string{"E3", "Nc", "Nc", "Nc", "W2"}
	rules, err := registry.New("push", settings)
	if err != nil {
		t.Fatal(err)
	}
	s := rules.Start()
	var before engine.State
	for i, text := range moves {
		m, err := rules.ParseMove(text)
		if err != nil || s.Validate(m) != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if i == len(moves)-1 {
			before = s.Clone()
		}
		s.Play(m)
	}
	var winning, broken []int
	for b := engine.WinningSquares(s); b != 0; {
		sq := b.Pop()
		winning = append(winning, int(sq))
		if s.PieceAt(sq) != before.PieceAt(sq) {
			broken = append(broken, int(sq))
		}
	}
	if o := s.Outcome(); !o.Won(1) || len(winning) != 9 || len(broken) == 0 {
		t.Fatalf("the moves %v: %+v, square %v, broken %v; want White's square broken and White's win", moves, o, winning, broken)
	}
	k := resumedKiosk(t, "push", settings, moves)
	st := k.waitFor("game over", func(s kiosk.State) bool { return s.Game.Over })
	if !slices.Equal(st.Game.Winning, winning) || !slices.Equal(st.Game.Broken, broken) {
		t.Fatalf("game.winning %v, game.broken %v; want %v and %v", st.Game.Winning, st.Game.Broken, winning, broken)
	}
	ctx := browser(t, exe)
	for _, c := range []struct{ lang, label, note string }{
		{"en", "part of the winning square, broken by the last push", "3×3 square · The last push broke it (✕)"},
		{"it", "parte del quadrato vincente, rotto dall’ultima spinta", "quadrato 3×3 · L’ultima spinta l’ha rotto (✕)"},
	} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(800, 480), chromedp.Navigate(k.http.URL),
			chromedp.Evaluate[chromedp.Void](`localStorage.setItem('tavoliere-lang', '`+c.lang+`')`), chromedp.Reload(),
			chromedp.Poll[chromedp.Void](`document.documentElement.lang === '`+c.lang+`' && !document.querySelector('#result').hidden && document.querySelectorAll('#board .square').length > 0`,
				chromedp.WithPollingTimeout(15*time.Second))); err != nil {
			t.Fatalf("%s: open the kiosk at game over: %v", c.lang, err)
		}
		got, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`(() => {
			const idx = (sel) => [...document.querySelectorAll(sel)].map((b) => +b.dataset.index).sort((a, b) => a - b).join(' ');
			const out = [];
			for (const b of document.querySelectorAll('#board .square.broken')) {
				const crack = b.querySelector('.crack'), r = crack.getBoundingClientRect();
				if (!crack.checkVisibility() || r.width < 10 || !getComputedStyle(crack).backgroundImage.includes('linear-gradient')) out.push(b.dataset.square + ': no cross drawn');
				if (getComputedStyle(b).outlineStyle !== 'dashed') out.push(b.dataset.square + ': its frame is ' + getComputedStyle(b).outlineStyle);
				if (!b.getAttribute('aria-label').includes(`+jsString(c.label)+`)) out.push(b.dataset.square + ' is named ' + b.getAttribute('aria-label'));
			}
			for (const id of ['status', 'panel']) {
				const e = document.getElementById(id);
				if (e.scrollHeight > e.clientHeight) out.push('#' + id + ' scrolls: ' + e.scrollHeight + ' > ' + e.clientHeight);
			}
			for (const id of ['result', 'rematch']) {
				const r = document.getElementById(id).getBoundingClientRect();
				if (r.height === 0 || r.top < 0 || r.bottom > innerHeight) out.push('#' + id + ' is out of view');
			}
			return [idx('#board .square.won'), idx('#board .square.broken'), document.querySelector('#result').innerText, out.join('; ')];
		})()`))
		if err != nil {
			t.Fatal(err)
		}
		if want := fmt.Sprint(winning); "["+got[0]+"]" != want {
			t.Errorf("%s: the page draws %s as the winning square, want %s", c.lang, got[0], want)
		}
		if want := fmt.Sprint(broken); "["+got[1]+"]" != want {
			t.Errorf("%s: the page draws %s as broken, want %s", c.lang, got[1], want)
		}
		if !strings.Contains(got[2], c.note) {
			t.Errorf("%s: the banner says %q, want %q", c.lang, got[2], c.note)
		}
		if got[3] != "" {
			t.Errorf("%s at 800x480: %s", c.lang, got[3])
		}
	}
	noPageErrors(t, ctx)
}
