package service

import (
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tavoliere/tavoliere/boards"
)

// TestTapWarningsInBrowser: while a question is open (TestBoardShownQuestionInBrowser's
// hands), the referee's two warnings about a tap, "tap it again" (tap-turned) and "choose on
// the screen" (tap-unread), are the log's last line, and what to do, the words before the
// reason in brackets, is whole on the screen in English and Italian at 800×480 and
// 1280×800: the line is cut with an ellipsis only in the reason. The warnings are the
// referee's events, given to the service as the session gives them. TAPWARN_SHOTS=dir saves
// each case there, to look at.
func TestTapWarningsInBrowser(t *testing.T) {
	k, ctx := boardShownQuestion(t)
	do, poll, eval := pageTools(t, ctx)
	if s := k.state(); len(s.Asking) == 0 {
		t.Fatalf("no question: moves %v, mismatch %q", s.Game.Moves, s.Mismatch)
	}

	words := map[string]map[string]string{ // what to do, by language and code
		"en": {"tap-turned": "a3: tap it again to choose", "tap-unread": "a3: choose on the screen"},
		"it": {"tap-turned": "a3: toccala di nuovo per scegliere", "tap-unread": "a3: scegli sullo schermo"},
	}
	for _, code := range []string{"tap-turned", "tap-unread"} {
		k.svc.onEvent(boards.Event{Kind: boards.Warning, At: time.Now(), Text: code + " a3",
			Msg: boards.Msg{Code: code, Args: map[string]string{"square": "a3"}}})
		k.svc.publish()
		for _, size := range [][2]int64{{800, 480}, {1280, 800}} {
			for _, lang := range []string{"en", "it"} {
				at := fmt.Sprintf("%s, %s at %dx%d", code, lang, size[0], size[1])
				want := words[lang][code]
				do(at, chromedp.EmulateViewport(size[0], size[1]),
					chromedp.Evaluate[chromedp.Void](`localStorage.setItem('tavoliere-lang', '`+lang+`')`), chromedp.Reload(),
					poll(`document.documentElement.lang === '`+lang+`' && (document.querySelector('#log li:last-child')?.textContent || '').includes(`+jsString(want)+`)`))
				// The words to do, measured as drawn: inside the line's box, and the line on the screen.
				why := eval(`((want) => {
					const li = document.querySelector('#log li:last-child');
					const b = li.getBoundingClientRect();
					if (b.width === 0 || b.height === 0) return 'the log line is not drawn';
					if (b.top < 0 || b.bottom > innerHeight || b.left < 0 || b.right > innerWidth) return 'the log line is off the screen';
					const walk = document.createTreeWalker(li, NodeFilter.SHOW_TEXT);
					for (let n = walk.nextNode(); n; n = walk.nextNode()) {
						const i = n.data.indexOf(want);
						if (i < 0) continue;
						const r = document.createRange();
						r.setStart(n, i);
						r.setEnd(n, i + want.length);
						const w = r.getBoundingClientRect();
						// The ellipsis takes about an em where the line is cut.
						const em = parseFloat(getComputedStyle(li).fontSize);
						return w.right <= b.right - em ? '' : 'what to do is cut: its words end at ' + w.right + ', the line at ' + b.right;
					}
					return 'no text of the line holds the words';
				})(` + jsString(want) + `)`)
				if why != "" {
					t.Errorf("%s: %s", at, why)
				}
				if dir := os.Getenv("TAPWARN_SHOTS"); dir != "" {
					saveShot(t, ctx, dir, fmt.Sprintf("tapwarn-%s-%s-%dx%d.png", code, lang, size[0], size[1]))
				}
			}
		}
	}
	noPageErrors(t, ctx)
}
