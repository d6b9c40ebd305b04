package service

import (
	"context"
	"fmt"
	"slices"
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

// questionFits returns what of the open question is not on the screen at the viewport's
// size: a box that scrolls, or its title, an option or its "none" cut off; "" for none.
const questionFits = `(() => {
	const out = [];
	for (const id of ['asking', 'asking-moves', 'status', 'panel']) {
		const e = document.getElementById(id);
		if (e.scrollHeight > e.clientHeight) out.push('#' + id + ' scrolls: ' + e.scrollHeight + ' > ' + e.clientHeight);
	}
	if (document.scrollingElement.scrollHeight > innerHeight) out.push('the page scrolls');
	const boxes = ['asking', 'status', 'panel'].map((id) => document.getElementById(id).getBoundingClientRect());
	const inside = (r, b) => r.top >= b.top - 0.5 && r.left >= b.left - 0.5 && r.bottom <= b.bottom + 0.5 && r.right <= b.right + 0.5;
	for (const e of document.querySelectorAll('#asking-title, #asking-moves button, #asking-how')) {
		const r = e.getBoundingClientRect();
		const name = e.dataset.move || e.id;
		if (r.width === 0 || r.height === 0) out.push(name + ' is not drawn');
		else if (!inside(r, { top: 0, left: 0, bottom: innerHeight, right: innerWidth })) out.push(name + ' is off the screen');
		else if (!boxes.every((b) => inside(r, b))) out.push(name + ' is cut off by its box');
	}
	return out.join('; ');
})()`

// TestNoneOfTwoOptionsInBrowser: an ordinary question of two options (Crowded on presence
// sensors: Black's stone on e6 lifted with White's on d6 and e7, put down on d6 and e7
// put back: e6xd6 or e6xe7) offers "None of these" too; pressed, the question closes, no
// move is taken, and the log says so.
func TestNoneOfTwoOptionsInBrowser(t *testing.T) {
	exe := chromium(t)
	k := newKiosk(t, "crowded", []boards.Side{boards.Human, boards.Human}, hw.Presence, false)
	ctx := browser(t, exe)
	do, poll, eval := pageTools(t, ctx)
	do("open the kiosk", chromedp.Navigate(k.http.URL), chromedp.WaitVisible(chromedp.CSS(`#board .square[data-square="e6"]`)))
	k.handsAt("0 -e6", "0 -d6", "0 -e7", "100 +d6", "100 +e7")
	s := k.waitFor("a question, a move or a mismatch", func(s kiosk.State) bool {
		return len(s.Asking) > 0 || len(s.Game.Moves) > 0 || s.Mismatch != ""
	})
	if asked := slices.Sorted(slices.Values(s.Asking)); fmt.Sprint(asked) != "[e6xd6 e6xe7]" || s.AskingFirst || len(s.Game.Moves) != 0 {
		t.Fatalf("moves %v, asking %v (askingFirst %v), mismatch %q; want e6xd6 or e6xe7 asked", s.Game.Moves, s.Asking, s.AskingFirst, s.Mismatch)
	}
	do("the question on the page", poll(`document.querySelectorAll('#asking-moves .move-choice').length === 2`))
	if got := eval(`document.querySelector('#asking-title').textContent`); got != "Which move?" {
		t.Errorf("the question reads %q, want \"Which move?\"", got)
	}
	if got := eval(`document.querySelector('#asking-none')?.textContent || 'no button'`); got != "None of these" {
		t.Fatalf("beside the two options: %q, want \"None of these\"", got)
	}
	if why := eval(questionFits); why != "" {
		t.Errorf("800x480: %s", why)
	}
	do("none of these", chromedp.Click(chromedp.CSS("#asking-none")))
	s = k.waitFor("the question closed", func(s kiosk.State) bool {
		return slices.ContainsFunc(s.Log, func(l kiosk.Log) bool { return l.Code == "dismissed" }) || len(s.Game.Moves) > 0
	})
	if len(s.Game.Moves) != 0 {
		t.Fatalf("a move was taken: %v", s.Game.Moves)
	}
	i := slices.IndexFunc(s.Log, func(l kiosk.Log) bool { return l.Code == "dismissed" })
	if got := strings.Fields(s.Log[i].Args["moves"]); fmt.Sprint(slices.Sorted(slices.Values(got))) != "[e6xd6 e6xe7]" {
		t.Errorf("closed: %v, want e6xd6 and e6xe7", got)
	}
	do("the page says the question was closed", poll(`[...document.querySelectorAll('#log li')].some((li) => li.textContent.includes('not made; the question is closed'))`))
	noPageErrors(t, ctx)
}
