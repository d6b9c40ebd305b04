package service

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/kiosk"
	"github.com/tavoliere/tavoliere/hw"
)

// TestManyOptionsFitInBrowser: a question with many options fits the screen whole, at the
// Pi's 800×480 and at 1280×800, in English and in Italian: Quarto's piece to give the AI
// (16), Quarto's move once a piece is placed (15: the square and the piece given), Xe
// Queo!'s ring (13 squares), and a question of ten plain moves. Neither the question nor
// the panel or the status around it scrolls, and every option, "None of these", the
// question's title and its lead are on the screen and inside the boxes that hold them.
// "None of these" is offered where the board can show the options, not where it can show
// none of them (Quarto's first piece handed over, Xe Queo!'s ring): one of them is made,
// and "none" only asked again. QUESTION_SHOTS=dir saves each case there, to look at.
func TestManyOptionsFitInBrowser(t *testing.T) {
	exe := chromium(t)
	for _, c := range []struct {
		name  string
		game  string
		sides []boards.Side
		setUp func(k *stand)
		plain string // a question of plain moves drawn over the state's, by the page's own renderAsking
		none  bool   // "none of these" offered
	}{
		{name: "quarto: the piece to give the AI", game: "quarto", sides: []boards.Side{boards.Human, boards.AI}, none: false},
		{name: "quarto: the piece placed and the piece given", game: "quarto", sides: []boards.Side{boards.Human, boards.Human}, setUp: func(k *stand) {
			s := k.waitFor("the first question", func(s kiosk.State) bool { return len(s.Asking) == 16 })
			if code, msg := k.post(map[string]any{"cmd": "choose", "session": s.Session, "move": s.Asking[0]}, false); code != 200 {
				t.Fatalf("choose %s: %d %s", s.Asking[0], code, msg)
			}
			k.waitFor("the piece given", func(s kiosk.State) bool { return s.Game.Ply == 1 })
			k.click("c3")
			k.waitFor("the question of the piece placed", func(s kiosk.State) bool { return len(s.Asking) == 15 })
		}, none: true},
		{name: "xequeo: the ring", game: "xequeo", sides: []boards.Side{boards.Human, boards.Human}, none: false},
		{name: "quadwrangle: ten plain moves", game: "quadwrangle", sides: []boards.Side{boards.Human, boards.Human},
			plain: "a1-a2 b2-c3 d4-e5 f6-g7 a7-b6 c1-c2 e3-f3 g1-f2 d7-d6 b4-c4", none: true},
	} {
		t.Run(c.name, func(t *testing.T) {
			k := newKiosk(t, c.game, c.sides, hw.Presence, false)
			if c.setUp != nil {
				c.setUp(k)
			}
			want := len(strings.Fields(c.plain))
			if c.plain == "" {
				want = len(k.waitFor("the question", func(s kiosk.State) bool { return len(s.Asking) > 0 }).Asking)
			}
			if want < 10 {
				t.Fatalf("the question has %d options", want)
			}
			ctx := browser(t, exe)
			for _, size := range [][2]int64{{800, 480}, {1280, 800}} {
				for _, lang := range []string{"en", "it"} {
					at := fmt.Sprintf("%s at %dx%d", lang, size[0], size[1])
					if err := chromedp.Do(ctx, chromedp.EmulateViewport(size[0], size[1]), chromedp.Navigate(k.http.URL),
						chromedp.Evaluate[chromedp.Void](`localStorage.setItem('tavoliere-lang', '`+lang+`')`), chromedp.Reload(),
						chromedp.Poll[chromedp.Void](`document.documentElement.lang === '`+lang+`' && document.querySelectorAll('#board .square').length > 0`,
							chromedp.WithPollingTimeout(10*time.Second))); err != nil {
						t.Fatalf("%s: %v", at, err)
					}
					if c.plain != "" {
						if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`(async () => {
							const { renderAsking } = await import('./panel.js');
							const { state } = await import('./state.js');
							renderAsking({ ...state.data, asking: '`+c.plain+`'.split(' ') });
						})()`, chromedp.EvalAwaitPromise)); err != nil {
							t.Fatal(err)
						}
					}
					if err := chromedp.Do(ctx, chromedp.Poll[chromedp.Void](fmt.Sprintf(`document.querySelectorAll('#asking-moves .move-choice').length === %d`, want),
						chromedp.WithPollingTimeout(10*time.Second))); err != nil {
						t.Fatalf("%s: the question's %d options are not drawn: %v", at, want, err)
					}
					why, err := chromedp.Run(ctx, chromedp.Evaluate[string](`((offered) => {
						const out = [];
						for (const id of ['asking', 'asking-moves', 'status', 'panel']) {
							const e = document.getElementById(id);
							if (e.scrollHeight > e.clientHeight) out.push('#' + id + ' scrolls: ' + e.scrollHeight + ' > ' + e.clientHeight);
						}
						const boxes = ['asking', 'status', 'panel'].map((id) => document.getElementById(id).getBoundingClientRect());
						const inside = (r, b) => r.top >= b.top - 0.5 && r.left >= b.left - 0.5 && r.bottom <= b.bottom + 0.5 && r.right <= b.right + 0.5;
						const parts = [...document.querySelectorAll('#asking-title, #asking-lead:not([hidden]), #asking-moves .move-choice, #asking-none, #asking-how')];
						const none = document.querySelector('#asking-none');
						if (!none !== !offered) out.push(offered ? 'no "none of these"' : '"none of these" offered where the board can show none of the options');
						else if (none && (none.scrollWidth > none.clientWidth || none.scrollHeight > none.clientHeight || none.getClientRects().length !== 1 || none.getBoundingClientRect().height > 48))
							out.push('"none of these" does not hold its words on one line: ' + none.getBoundingClientRect().width + '×' + none.getBoundingClientRect().height);
						for (const e of parts) {
							const r = e.getBoundingClientRect();
							const name = e.dataset.move || e.id;
							if (r.width === 0 || r.height === 0) out.push(name + ' is not drawn');
							else if (!inside(r, { top: 0, left: 0, bottom: innerHeight, right: innerWidth })) out.push(name + ' is off the screen');
							else if (!boxes.every((b) => inside(r, b))) out.push(name + ' is cut off by its box');
						}
						return out.join('; ');
					})(`+fmt.Sprint(c.none)+`)`))
					if err != nil {
						t.Fatal(err)
					}
					if why != "" {
						t.Errorf("%s: %s", at, why)
					}
					if dir := os.Getenv("QUESTION_SHOTS"); dir != "" {
						saveShot(t, ctx, dir, fmt.Sprintf("question-%s-%s-%dx%d.png", strings.NewReplacer(": ", "-", " ", "-").Replace(c.name), lang, size[0], size[1]))
					}
				}
			}
			noPageErrors(t, ctx)
		})
	}
}
