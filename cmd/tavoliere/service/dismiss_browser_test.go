package service

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/kiosk"
	"github.com/tavoliere/tavoliere/hw"
)

// partPush makes Quixo's a1-e1 on the simulated board as a row slid as a whole: a1 lifted,
// e1 lifted, a1 filled by the row, the cube put in at e1 (the side to move's, a cross). The
// squares between are never seen empty: the push is seen only in part, and asked alone.
func partPush(k *stand) kiosk.State {
	k.t.Helper()
	for _, sq := range []string{"a1", "e1", "a1", "e1"} {
		k.click(sq)
	}
	s := k.waitFor("the one-option question", func(s kiosk.State) bool { return len(s.Asking) > 0 })
	if len(s.Asking) != 1 || s.Asking[0] != "a1-e1" {
		k.t.Fatalf("asked %v, want a1-e1 alone", s.Asking)
	}
	return s
}

// TestDismissOneOptionInBrowser: a question of one option (a push seen only in part) can be
// answered no. The page offers "No, not this move" beside the option, in English and in
// Italian, on the screen at 800x480 with nothing scrolling; pressed, the question closes and
// no move is taken. On polarity sensors the cube put in at e1 reads a cross where the game
// has a blank one: the page says what to set right, in its language. On presence sensors
// the board reads as the position: nothing to set right, and the push made again is taken.
func TestDismissOneOptionInBrowser(t *testing.T) {
	exe := chromium(t)
	words := map[string][3]string{ // the button, the mismatch, the log's line
		"en": {"No, not this move", "The board does not match the game: turn over e1", "a1-e1: not made; the question is closed"},
		"it": {"No, non è questa", "La scacchiera non corrisponde alla partita: capovolgi e1", "a1-e1: mossa non fatta; domanda chiusa"},
	}
	open := func(ctx context.Context, k *stand, lang string) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(800, 480), chromedp.Navigate(k.http.URL),
			chromedp.Evaluate[chromedp.Void](`localStorage.setItem('tavoliere-lang', '`+lang+`')`), chromedp.Reload(),
			chromedp.Poll[chromedp.Void](`document.documentElement.lang === '`+lang+`' && !!document.querySelector('#asking-moves .move-choice')`,
				chromedp.WithPollingTimeout(10*time.Second))); err != nil {
			t.Fatalf("%s: %v", lang, err)
		}
	}
	eval := func(ctx context.Context, expr string) string {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Evaluate[string](expr))
		if err != nil {
			t.Fatal(err)
		}
		return v
	}

	t.Run("polarity", func(t *testing.T) {
		k := newKiosk(t, "quixo", []boards.Side{boards.Human, boards.Human}, hw.Polarity, false)
		partPush(k)
		ctx := browser(t, exe)
		for _, lang := range []string{"en", "it"} {
			open(ctx, k, lang)
			got := eval(ctx, `(() => {
				const b = document.querySelector('#asking-none');
				if (!b) return 'no button';
				const r = b.getBoundingClientRect(), panel = document.getElementById('panel').getBoundingClientRect();
				const out = [];
				if (r.height === 0 || r.top < panel.top || r.bottom > Math.min(panel.bottom, innerHeight) || r.right > panel.right) out.push('not in view');
				for (const id of ['status', 'panel']) {
					const e = document.getElementById(id);
					if (e.scrollHeight > e.clientHeight) out.push('#' + id + ' scrolls: ' + e.scrollHeight + ' > ' + e.clientHeight);
				}
				return b.textContent + (out.length ? ' (' + out.join('; ') + ')' : '');
			})()`)
			if got != words[lang][0] {
				t.Errorf("%s: the one-option question's no: %q, want %q on the screen", lang, got, words[lang][0])
			}
		}
		if t.Failed() {
			t.FailNow()
		}
		// No, in Italian: the question closes, nothing is taken, and the page says what to
		// set right, in Italian, then in English.
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#asking-none"))); err != nil {
			t.Fatal(err)
		}
		s := k.waitFor("the question closed and the mismatch said", func(s kiosk.State) bool { return len(s.Asking) == 0 && s.Mismatch != "" })
		if len(s.Game.Moves) != 0 || s.Game.Ply != 0 {
			t.Fatalf("a move was taken: %v", s.Game.Moves)
		}
		for _, lang := range []string{"it", "en"} {
			if lang == "en" {
				if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#lang"))); err != nil {
					t.Fatal(err)
				}
			}
			if err := chromedp.Do(ctx, chromedp.Poll[chromedp.Void](`document.documentElement.lang === '`+lang+`' && document.querySelector('#asking').hidden && !document.querySelector('#mismatch').hidden`,
				chromedp.WithPollingTimeout(10*time.Second))); err != nil {
				t.Fatalf("%s: the page still asks, or shows no mismatch: %v", lang, err)
			}
			if got := eval(ctx, `document.querySelector('#mismatch').textContent`); got != words[lang][1] {
				t.Errorf("%s: the mismatch reads %q, want %q", lang, got, words[lang][1])
			}
			if got := eval(ctx, `[...document.querySelectorAll('#log li')].map((li) => li.textContent).join('\n')`); !strings.Contains(got, words[lang][2]) {
				t.Errorf("%s: the log does not say the question was closed (%q):\n%s", lang, words[lang][2], got)
			}
		}
		noPageErrors(t, ctx)
	})

	t.Run("presence", func(t *testing.T) {
		k := newKiosk(t, "quixo", []boards.Side{boards.Human, boards.Human}, hw.Presence, false)
		s := partPush(k)
		if code, msg := k.post(map[string]any{"cmd": "dismiss", "session": s.Session, "ply": s.Game.Ply}, false); code != 200 {
			t.Fatalf("dismiss: %d %s", code, msg)
		}
		s = k.waitFor("the question closed", func(s kiosk.State) bool { return len(s.Asking) == 0 })
		if len(s.Game.Moves) != 0 || s.Mismatch != "" {
			t.Fatalf("after no: moves %v, mismatch %q; want none", s.Game.Moves, s.Mismatch)
		}
		if code, _ := k.post(map[string]any{"cmd": "dismiss", "session": s.Session, "ply": s.Game.Ply}, false); code != 409 {
			t.Errorf("dismiss with no question open: %d, want 409", code)
		}
		handsMake(k, s, "a1-e1")
		if s = k.state(); fmt.Sprint(s.Game.Moves) != "[a1-e1]" {
			t.Fatalf("the push made again: moves %v", s.Game.Moves)
		}
	})
}

// TestOneOptionThenNextPushInBrowser (issue 31, item 5): Quixo human v human on presence
// sensors, a1-e1 asked alone (partPush), and the next player's push made by the simulated
// hand without an answer. The question comes back once the push is over and stays, with
// "No, not this move" beside its option; the option chosen on the page commits a1-e1 and then
// the push made after it (boards.TestQuixoOneOptionThenNextPush reads the hands).
func TestOneOptionThenNextPushInBrowser(t *testing.T) {
	exe := chromium(t)
	k := newKiosk(t, "quixo", []boards.Side{boards.Human, boards.Human}, hw.Presence, false)
	ctx := browser(t, exe)
	do, poll, eval := pageTools(t, ctx)
	do("open the kiosk", chromedp.Navigate(k.http.URL), chromedp.WaitVisible(chromedp.CSS(`#board .square[data-square="a1"]`)))
	partPush(k)
	if code, msg := k.post(map[string]any{"cmd": "sim", "action": "push", "move": "a5-e5"}, true); code != 200 {
		t.Fatalf("push a5-e5: %d %s", code, msg)
	}
	time.Sleep(2 * time.Second) // the push: 10 steps at 120 ms (the question is hidden while hands work)
	k.waitFor("the question back", func(s kiosk.State) bool { return len(s.Asking) > 0 || len(s.Game.Moves) > 0 || s.Mismatch != "" })
	time.Sleep(time.Second) // the board at rest
	if s := k.state(); len(s.Game.Moves) != 0 || fmt.Sprint(s.Asking) != "[a1-e1]" || s.Mismatch != "" {
		t.Fatalf("after the next push: moves %v, asking %v, mismatch %q; want a1-e1 still asked", s.Game.Moves, s.Asking, s.Mismatch)
	}
	option := `#asking-moves button.move-choice[data-move="a1-e1"]`
	do("the question on the page", poll(`!document.querySelector('#asking').hidden && !!document.querySelector('`+option+`')`))
	if got := eval(`document.querySelector('#asking-none')?.textContent || 'none'`); got != "No, not this move" {
		t.Errorf("beside the one option: %q, want \"No, not this move\"", got)
	}
	do("answer a1-e1", chromedp.Click(chromedp.CSS(option)))
	s := k.waitFor("both pushes", func(s kiosk.State) bool { return len(s.Game.Moves) >= 2 })
	if fmt.Sprint(s.Game.Moves) != "[a1-e1 a5-e5]" || len(s.Asking) != 0 {
		t.Fatalf("moves %v, asking %v; want a1-e1 then a5-e5", s.Game.Moves, s.Asking)
	}
	noPageErrors(t, ctx)
}
