package service

import (
	"encoding/json"
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
	"github.com/tavoliere/tavoliere/engine/xequeo"
)

// fitCase is a game some moves in, as the sweep resumes it.
type fitCase struct {
	name  string
	id    string
	sides []string // by player; the AI, where there is one, plays second
	moves []string
	ai    string // the AI's move announced, to carry out
	// Xe Queo!'s seals, as the AI shows them. A resumed game has none until the next move
	// (the AI watches moves made, not a game resumed), so the page draws these over its state.
	seals []kiosk.AISecret
}

// fitCases plays, for every game of the registry, against the AI and people against people,
// 6 to 10 random legal moves of a fixed seed: against the AI up to a position where it is the
// AI's turn, with a random move of its announced (as the journal keeps it), to carry out. In
// Xe Queo! the round goes on (no challenge, no card shown), with the AI's sealed pawn; one
// more Xe Queo! case plays on into the second round, the first round's seal revealed beside
// the second's.
func fitCases(t *testing.T) []fitCase {
	t.Helper()
	var out []fitCase
	for i, e := range registry.All() {
		for _, ai := range []bool{true, false} {
			rules, err := registry.New(e.ID, nil)
			if err != nil {
				t.Fatal(err)
			}
			sides, name := []string(nil), e.ID+"/people"
			if ai {
				sides, name = []string{"human", "ai"}, e.ID+"/ai"
			}
			rng := rand.New(rand.NewPCG(800, uint64(480+i)))
			moves, s, ok := fitMoves(rules, rng, func(s engine.State, n int) bool {
				return n >= 6 && (!ai || s.Turn() == 1)
			}, 10)
			if !ok {
				t.Fatalf("%s: no position 6 to 10 random moves in that suits the sweep", name)
			}
			c := fitCase{name: name, id: e.ID, sides: sides, moves: moves}
			if ai {
				c.ai = randomMove(rules, s, rng)
			}
			if e.ID == xequeo.ID && ai {
				c.seals = []kiosk.AISecret{seal(t, rng, 1, xequeo.Colour(rng.IntN(xequeo.Colours)), false)}
			}
			out = append(out, c)
			if e.ID == xequeo.ID && ai {
				moves, s := xequeoRound2(t, rules, rng)
				out = append(out, fitCase{name: e.ID + "/ai/round2", id: e.ID, sides: sides, moves: moves, ai: randomMove(rules, s, rng),
					seals: []kiosk.AISecret{seal(t, rng, 1, xequeo.Green, true), seal(t, rng, 2, xequeo.Colour(rng.IntN(xequeo.Colours)), false)}})
			}
		}
	}
	return out
}

// seal is the AI's (Player 2's) seal of pawn c for round, revealed or not, with a nonce of
// rng's.
func seal(t *testing.T, rng *rand.Rand, round int, c xequeo.Colour, revealed bool) kiosk.AISecret {
	t.Helper()
	nonce := make([]byte, xequeo.NonceSize)
	for i := range nonce {
		nonce[i] = byte(rng.Uint32())
	}
	sec, err := xequeo.SecretWithNonce(round, c, nonce)
	if err != nil {
		t.Fatal(err)
	}
	out := kiosk.AISecret{Player: 2, Round: round, Commitment: sec.Commitment()}
	if revealed {
		out.Reveal = sec.Reveal()
	}
	return out
}

// randomMove is a random move of s (in Xe Queo! one that keeps the round going), in notation.
func randomMove(rules engine.Rules, s engine.State, rng *rand.Rand) string {
	legal := goingOn(rules, s, s.Legal(nil))
	return rules.FormatMove(legal[rng.IntN(len(legal))])
}

// fitMoves plays random moves that keep a game going (in Xe Queo! the round too) until done
// says the position suits, in at most limit moves, and returns them and the position they
// lead to; it tries again from the start a few times.
func fitMoves(rules engine.Rules, rng *rand.Rand, done func(engine.State, int) bool, limit int) ([]string, engine.State, bool) {
	for range 50 {
		s := rules.Start()
		var moves []string
		for len(moves) < limit && !s.Outcome().Over {
			legal := goingOn(rules, s, s.Legal(nil))
			if len(legal) == 0 {
				break
			}
			m := legal[rng.IntN(len(legal))]
			moves = append(moves, rules.FormatMove(m))
			s.Play(m)
			if !s.Outcome().Over && done(s, len(moves)) {
				return moves, s, true
			}
		}
	}
	return nil, nil, false
}

// goingOn leaves out of legal, in Xe Queo!, the moves that end the round: a challenge, and a
// pawn into the ring (each leads to the cards shown).
func goingOn(rules engine.Rules, s engine.State, legal []engine.Move) []engine.Move {
	if rules.ID() != xequeo.ID {
		return legal
	}
	var out []engine.Move
	for _, m := range legal {
		next := s.Clone().(*xequeo.State)
		next.Play(m)
		if next.Phase() == xequeo.Move {
			out = append(out, m)
		}
	}
	return out
}

// xequeoRound2 plays Xe Queo!'s first round to its end by a challenge, then the next ring and
// pawn moves to the AI's turn: the first seal revealed and the second shown.
func xequeoRound2(t *testing.T, rules engine.Rules, rng *rand.Rand) ([]string, engine.State) {
	t.Helper()
	first, s, ok := fitMoves(rules, rng, func(s engine.State, n int) bool { return n >= 4 && s.Turn() == 0 }, 10)
	if !ok {
		t.Fatal("xequeo: no first round to end")
	}
	// Player 1 calls the AI's pawn red, the AI shows its card, green: the round is over.
	for _, text := range []string{"xq:R", "show:G"} {
		m, err := rules.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Validate(m); err != nil {
			t.Fatalf("xequeo: %s after %v: %v", text, first, err)
		}
		s.Play(m)
		first = append(first, text)
	}
	if s.Score(0)+s.Score(1) != 1 {
		t.Fatalf("xequeo: the round did not end after %v", first)
	}
	for n := 0; n < 12 && (n < 3 || s.Turn() != 1); n++ {
		legal := goingOn(rules, s, s.Legal(nil))
		m := legal[rng.IntN(len(legal))]
		first = append(first, rules.FormatMove(m))
		s.Play(m)
	}
	if s.Turn() != 1 {
		t.Fatalf("xequeo: not the AI's turn in round 2 after %v", first)
	}
	return first, s
}

// TestFitSweepInBrowser: every game, against the AI and people against people, some moves
// in, fits the Pi's 800×480 screen in English and in Italian: nothing on the page scrolls
// (the panel, the status, any box with a scroll bar of its own, the page itself), and every
// button of the player's is on the screen, unclipped. Xe Queo!'s seals show the newest one's
// fingerprint, and the whole seals when tapped. FIT_SHOTS=dir also saves each case at
// 800×480 and 1280×800 there, to look at.
func TestFitSweepInBrowser(t *testing.T) {
	exe := chromium(t)
	cases := fitCases(t)
	ctx := browser(t, exe)
	shots := os.Getenv("FIT_SHOTS")
	sizes := [][2]int64{{800, 480}}
	if shots != "" {
		sizes = append(sizes, [2]int64{1280, 800})
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			k := resumedKioskAs(t, c.id, nil, c.sides, c.moves, c.ai)
			ai := len(c.sides) > 0
			if ai {
				k.waitFor("the AI's move announced", func(s kiosk.State) bool { return s.AIMove == c.ai })
			}
			seals, err := json.Marshal(c.seals)
			if err != nil {
				t.Fatal(err)
			}
			// Drawn: the moves, the AI's move to carry out.
			ready := fmt.Sprintf(`document.querySelectorAll('#moves .mv').length === %d && (%t ? document.querySelector('#ai-move').textContent.trim() !== '' : true)`, len(c.moves), ai)
			// In one go, so that no state from the service draws the page again in between: the
			// seals drawn, the newest one's fingerprint in view; what does not fit; what does not
			// fit with the moves the board cannot see (Push's pushes, Xe Queo!'s challenges)
			// opened; and the seals tapped, whole, with what to check them against.
			check := `(async () => {
				const { apply } = await import('./app.js');
				const { state } = await import('./state.js');
				const seals = ` + string(seals) + `;
				const out = { shown: true, fit: '', unseen: '', whole: true };
				if (seals) {
					apply({ ...state.data, aiSecrets: seals });
					const box = document.querySelector('#ai-secrets');
					out.shown = box.checkVisibility() && box.textContent.includes(seals[seals.length - 1].commitment.slice(0, 8));
				}
				out.fit = ` + fitProblems + `;
				const u = document.getElementById('unseen');
				if (u.checkVisibility()) {
					u.open = true;
					out.unseen = ` + fitProblems + `;
					u.open = false;
				}
				if (seals) {
					const all = [...document.querySelectorAll('#ai-secrets details')];
					all.forEach((d) => { d.open = true; });
					const text = document.querySelector('#ai-secrets').textContent;
					all.forEach((d) => { d.open = false; });
					out.whole = seals.every((x) => text.includes(x.commitment) && text.includes(x.reveal));
				}
				return out;
			})()`
			for _, size := range sizes {
				for _, lang := range []string{"en", "it"} {
					at := fmt.Sprintf("%s at %dx%d", lang, size[0], size[1])
					if err := chromedp.Do(ctx, chromedp.EmulateViewport(size[0], size[1]), chromedp.Navigate(k.http.URL),
						chromedp.Evaluate[chromedp.Void](`localStorage.setItem('tavoliere-lang', '`+lang+`')`), chromedp.Reload(),
						chromedp.Poll[chromedp.Void](`document.documentElement.lang === '`+lang+`' && `+ready, chromedp.WithPollingTimeout(10*time.Second))); err != nil {
						t.Fatalf("%s: the page is not drawn: %v", at, err)
					}
					got, err := chromedp.Run(ctx, chromedp.Evaluate[fitReport](check, chromedp.EvalAwaitPromise))
					if err != nil {
						t.Fatal(err)
					}
					if !got.Shown {
						t.Errorf("%s: the newest seal's fingerprint is not shown", at)
					}
					if got.Fit != "" {
						t.Errorf("%s after %v: %s", at, c.moves, got.Fit)
					}
					if got.Unseen != "" {
						t.Errorf("%s after %v, the moves the board cannot see opened: %s", at, c.moves, got.Unseen)
					}
					if !got.Whole {
						t.Errorf("%s: the whole seals are not there when tapped", at)
					}
					if shots != "" {
						// (The seals drawn again, should a state have come since.)
						if _, err := chromedp.Run(ctx, chromedp.Evaluate[fitReport](check, chromedp.EvalAwaitPromise)); err != nil {
							t.Fatal(err)
						}
						saveShot(t, ctx, shots, fmt.Sprintf("fit-%s-%s-%dx%d.png", strings.ReplaceAll(c.name, "/", "-"), lang, size[0], size[1]))
					}
				}
			}
			noPageErrors(t, ctx)
		})
	}
}

// fitReport is what the sweep's check finds on the page.
type fitReport struct {
	Shown  bool   `json:"shown"`  // the newest seal's fingerprint, where there are seals
	Fit    string `json:"fit"`    // what does not fit, "" for nothing
	Unseen string `json:"unseen"` // the same, the moves the board cannot see opened
	Whole  bool   `json:"whole"`  // the whole seals there when tapped
}

// fitProblems lists, in the page, what does not fit: every box drawn that scrolls (its
// content taller or wider than it, past a pixel of rounding), the page's own scrolling, and
// each of the player's buttons not wholly on the screen or cut off by a box around it.
const fitProblems = `(() => {
	const out = [];
	const drawn = (e) => e.checkVisibility({ visibilityProperty: true });
	const name = (e) => e.id ? '#' + e.id : e.tagName.toLowerCase() + (e.className ? '.' + String(e.className).split(' ')[0] : '');
	const clips = (e) => /auto|scroll|hidden|clip/.test(getComputedStyle(e).overflowY + getComputedStyle(e).overflowX);
	for (const e of document.querySelectorAll('body *')) {
		const s = getComputedStyle(e);
		if (!/auto|scroll/.test(s.overflowY + s.overflowX) || !drawn(e)) continue;
		if (e.scrollHeight > e.clientHeight + 1) out.push(name(e) + ' scrolls by ' + (e.scrollHeight - e.clientHeight) + 'px');
		if (e.scrollWidth > e.clientWidth + 1) out.push(name(e) + ' scrolls sideways by ' + (e.scrollWidth - e.clientWidth) + 'px');
	}
	const root = document.scrollingElement;
	if (root.scrollHeight > innerHeight + 1) out.push('the page scrolls by ' + (root.scrollHeight - innerHeight) + 'px');
	const view = { top: 0, left: 0, bottom: innerHeight, right: innerWidth };
	const inside = (r, b) => r.top >= b.top - 0.5 && r.left >= b.left - 0.5 && r.bottom <= b.bottom + 0.5 && r.right <= b.right + 0.5;
	for (const b of document.querySelectorAll('#panel button')) {
		if (!drawn(b) || b.closest('dialog:not([open])')) continue;
		const r = b.getBoundingClientRect();
		const what = b.id ? '#' + b.id : (b.dataset.move || b.textContent.trim().slice(0, 20));
		if (!inside(r, view)) { out.push(what + ' is off the screen by ' + Math.round(Math.max(r.bottom - innerHeight, r.right - innerWidth, -r.top, -r.left)) + 'px'); continue; }
		for (let p = b.parentElement; p && p !== document.body; p = p.parentElement) {
			if (clips(p) && !inside(r, p.getBoundingClientRect())) { out.push(what + ' is cut off by ' + name(p)); break; }
		}
	}
	return out.join('; ');
})()`
