package service

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tavoliere/tavoliere/cmd/tavoliere/kiosk"
	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/registry"
)

// longMoves plays random moves of rules that keep the game going (in Xe Queo! the round
// too) from the start, up to limit, and returns the longest such game of a few tries: every
// game of the registry that can go on so far goes to limit; Quarto, Quantik and Quad end
// when their sixteen squares are full.
func longMoves(rules engine.Rules, rng *rand.Rand, limit int) []string {
	var best []string
	for range 20 {
		s := rules.Start()
		var moves []string
		for len(moves) < limit {
			var going []engine.Move
			for _, m := range goingOn(rules, s, s.Legal(nil)) {
				next := s.Clone()
				next.Play(m)
				if !next.Outcome().Over && len(next.Legal(nil)) > 0 {
					going = append(going, m)
				}
			}
			if len(going) == 0 {
				break
			}
			m := going[rng.IntN(len(going))]
			moves = append(moves, rules.FormatMove(m))
			s.Play(m)
		}
		if len(moves) > len(best) {
			best = moves
		}
		if len(best) == limit {
			break
		}
	}
	return best
}

// moveListView is where the move list's last move is drawn, against its box and the window.
type moveListView struct {
	Moves    int  `json:"moves"`    // moves drawn
	InView   bool `json:"inView"`   // the last move wholly inside the box's visible part and the window
	Overflow bool `json:"overflow"` // the list is taller than its box
	FirstOut bool `json:"firstOut"` // the first move is scrolled out of the box
	Why      string
}

const readMoveList = `(() => {
	const box = document.querySelector('#moves');
	const all = box.querySelectorAll('.mv');
	const last = box.querySelector('.mv.last');
	const b = box.getBoundingClientRect();
	const panel = document.querySelector('#panel').getBoundingClientRect();
	const out = { moves: all.length, inView: false, overflow: box.scrollHeight > box.clientHeight + 1, firstOut: false, Why: '' };
	if (!last || last !== all[all.length - 1]) { out.Why = 'the last move is not marked'; return out; }
	const r = last.getBoundingClientRect();
	out.inView = r.height > 0 && r.top >= b.top - 1 && r.bottom <= b.bottom + 1 && r.right <= Math.min(b.right, panel.right, innerWidth) + 1 &&
		r.bottom <= innerHeight && r.top >= 0;
	out.Why = 'last move at ' + [r.left, r.top, r.right, r.bottom].map(Math.round) + ', its box at ' + [b.left, b.top, b.right, b.bottom].map(Math.round) +
		', the box scrolled ' + box.scrollTop + ' of ' + box.scrollHeight + ', window ' + innerWidth + 'x' + innerHeight;
	const f = all[0].getBoundingClientRect();
	out.firstOut = f.bottom <= b.top + 1;
	return out;
})()`

// TestLongMoveListInBrowser: every game of the registry resumed some 40 moves in (Quarto,
// Quantik and Quad as far as random play goes before their board is full), at the Pi's
// 800×480 and at 1280×800, in English and in Italian: the move list holds every move and
// keeps the last one in view inside its box, on the screen; where the moves are more than
// the box holds (in most games at 800×480), it is the first ones that are scrolled out. Then
// one more move made by hands on the simulated board: the new last move is in view too.
// In Italian, no English sentence of the message catalogue is on the page, in its text or
// in its elements' titles and names.
// MOVES_SHOTS=dir saves each case there, to look at.
func TestLongMoveListInBrowser(t *testing.T) {
	exe := chromium(t)
	ctx := browser(t, exe)
	const limit = 40
	english := englishFragments(t)
	var overflowed []string // the games whose list overflows its box at 800×480
	ran := 0
	for i, e := range registry.All() {
		t.Run(e.ID, func(t *testing.T) {
			rules, err := registry.New(e.ID, nil)
			if err != nil {
				t.Fatal(err)
			}
			moves := longMoves(rules, rand.New(rand.NewPCG(40, uint64(i))), limit)
			if len(moves) < 12 {
				t.Fatalf("random play found %d moves that keep %s going", len(moves), e.ID)
			}
			k := resumedKioskAs(t, e.ID, nil, nil, moves, "")
			ran++
			for _, size := range [][2]int64{{800, 480}, {1280, 800}} {
				for _, lang := range []string{"en", "it"} {
					at := fmt.Sprintf("%s at %dx%d, %d moves", lang, size[0], size[1], len(moves))
					if err := chromedp.Do(ctx, chromedp.EmulateViewport(size[0], size[1]), chromedp.Navigate(k.http.URL),
						chromedp.Evaluate[chromedp.Void](`localStorage.setItem('tavoliere-lang', '`+lang+`')`), chromedp.Reload(),
						chromedp.Poll[chromedp.Void](fmt.Sprintf(`document.documentElement.lang === '%s' && document.querySelectorAll('#moves .mv').length === %d`, lang, len(moves)),
							chromedp.WithPollingTimeout(10*time.Second))); err != nil {
						t.Fatalf("%s: the moves are not drawn: %v", at, err)
					}
					if checkMoveList(t, ctx, at, len(moves)) && size[1] == 480 && lang == "en" {
						overflowed = append(overflowed, e.ID)
					}
					if lang == "it" {
						noEnglishOnPage(t, ctx, english, at)
					}
					if dir := os.Getenv("MOVES_SHOTS"); dir != "" {
						saveShot(t, ctx, dir, fmt.Sprintf("moves-%s-%s-%dx%d.png", e.ID, lang, size[0], size[1]))
					}
				}
			}
			// One more, the page open (at 1280×800, in Italian).
			s := k.state()
			rng := rand.New(rand.NewPCG(41, uint64(i)))
			pos, err := rules.ParsePosition(s.Game.Position)
			if err != nil {
				t.Fatal(err)
			}
			legal := pos.Legal(nil)
			handsMake(k, s, rules.FormatMove(legal[rng.IntN(len(legal))]))
			k.waitFor("the move made", func(s kiosk.State) bool { return len(s.Game.Moves) == len(moves)+1 })
			if err := chromedp.Do(ctx, chromedp.Poll[chromedp.Void](fmt.Sprintf(`document.querySelectorAll('#moves .mv').length === %d`, len(moves)+1),
				chromedp.WithPollingTimeout(10*time.Second))); err != nil {
				t.Fatalf("the move made is not drawn: %v", err)
			}
			checkMoveList(t, ctx, "after one more move", len(moves)+1)
			noPageErrors(t, ctx)
		})
	}
	// (The test is about a list longer than its box: most games' 40 moves are.)
	t.Logf("the list overflows its box at 800x480 in %v", overflowed)
	if ran == len(registry.All()) && len(overflowed) < ran/2 {
		t.Errorf("the list overflows its box at 800x480 only in %v: the test wants a long list", overflowed)
	}
}

// checkMoveList reads the move list: n moves, the last in view; and reports whether the
// list is taller than its box, its first move scrolled out.
func checkMoveList(t *testing.T, ctx context.Context, at string, n int) (overflow bool) {
	t.Helper()
	var v moveListView
	// (The page scrolls the list once it is drawn: a frame or two.)
	err := chromedp.Do(ctx, chromedp.Poll[chromedp.Void](readMoveList+`.inView`, chromedp.WithPollingTimeout(3*time.Second)))
	v, rerr := chromedp.Run(ctx, chromedp.Evaluate[moveListView](readMoveList))
	if rerr != nil {
		t.Fatal(rerr)
	}
	if err != nil || !v.InView {
		t.Errorf("%s: the last move is not in view: %s", at, v.Why)
	}
	if v.Moves != n {
		t.Errorf("%s: %d moves drawn, want %d", at, v.Moves, n)
	}
	if v.Overflow != v.FirstOut {
		t.Errorf("%s: the list overflows %v, its first move scrolled out %v (%s)", at, v.Overflow, v.FirstOut, v.Why)
	}
	return v.Overflow && v.FirstOut
}

// noEnglishOnPage fails where the page's text, or an element's title or aria-label, holds
// one of the English fragments of the message catalogue (englishFragments).
func noEnglishOnPage(t *testing.T, ctx context.Context, english []string, at string) {
	t.Helper()
	texts, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[document.body.innerText,
		...[...document.querySelectorAll('[title], [aria-label]')].flatMap((e) => [e.title || '', e.getAttribute('aria-label') || ''])]`))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range english {
		for _, text := range texts {
			if strings.Contains(text, f) {
				t.Errorf("%s: the Italian page shows the English %q in %q", at, f, text)
				break
			}
		}
	}
}
