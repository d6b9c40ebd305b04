package service

import (
	"encoding/json"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/kiosk"
	"github.com/tavoliere/tavoliere/hw"
)

// englishFragments are the English sentences of the message catalogue, cut where an
// argument goes, that the Italian page must not show: each piece of two words or more.
func englishFragments(t *testing.T) []string {
	t.Helper()
	return catalogueEnglish(t, `^(msg|why|reason|mis|do|did):|^askingHow`)
}

// catalogueEnglish is englishFragments of the catalogue's keys that match keys, with the
// referee's English.
func catalogueEnglish(t *testing.T, keys string) []string {
	t.Helper()
	dict, err := kiosk.Words()
	if err != nil {
		t.Fatal(err)
	}
	cut := regexp.MustCompile(`\{\w+\}`)
	trim := func(s string) string { return strings.Trim(s, " .,:;?!“”«»()") }
	seen := map[string]bool{}
	var out []string
	for k, en := range dict["en"] {
		if !regexp.MustCompile(keys).MatchString(k) || dict["it"][k] == en {
			continue
		}
		for _, f := range cut.Split(en, -1) {
			f = trim(f)
			if len(strings.Fields(f)) >= 2 && !seen[f] {
				seen[f] = true
				out = append(out, f)
			}
		}
	}
	// The referee's English, which the page shows where it cannot word a message.
	return append(out, "does not match the game", "which move", "taken back", "matches the game", "wins (", "draw (")
}

// TestMessagesInItalianInBrowser plays through what the referee and the service say, with
// the page in Italian: a question (Quarto's first piece to hand over, chosen on the screen
// only, with the pieces drawn beside the words), a move taken back and the mismatch it
// leaves, a command the service refuses, Xe Queo!'s ring to place and a game over. At each
// step the page says it in Italian, and no English sentence of the message catalogue is on
// the screen.
func TestMessagesInItalianInBrowser(t *testing.T) {
	exe := chromium(t)
	k := newKiosk(t, "quarto", []boards.Side{boards.Human, boards.Human}, hw.Presence, false)
	ctx := browser(t, exe)
	english := englishFragments(t)
	if len(english) < 80 {
		t.Fatalf("only %d English fragments: the catalogue was not read", len(english))
	}
	pageText := func() string {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerText`))
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	noEnglish := func(step string) {
		t.Helper()
		text := pageText()
		for _, f := range english {
			if strings.Contains(text, f) {
				t.Errorf("%s: the Italian page shows the English %q:\n%s", step, f, text)
			}
		}
	}
	// see waits until the page's text at sel holds want.
	see := func(step, sel, want string) {
		t.Helper()
		js := `(document.querySelector(` + jsString(sel) + `)?.innerText || '').includes(` + jsString(want) + `)`
		if err := chromedp.Do(ctx, chromedp.Poll[chromedp.Void](js, chromedp.WithPollingTimeout(15*time.Second))); err != nil {
			got, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerText`))
			t.Fatalf("%s: %s does not say %q: %v\n%s", step, sel, want, err, got)
		}
	}
	do := func(step string, steps ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, steps...); err != nil {
			t.Fatalf("%s: %v", step, err)
		}
	}
	do("open the kiosk in Italian", chromedp.Navigate(k.http.URL),
		chromedp.Evaluate[chromedp.Void](`localStorage.setItem('tavoliere-lang', 'it')`), chromedp.Reload(),
		chromedp.WaitVisible(chromedp.CSS(`#board .square[data-square="a1"]`)))

	// A question no square answers: Quarto's first piece, handed over on the screen.
	k.waitFor("the first piece asked", func(s kiosk.State) bool { return len(s.Asking) > 0 })
	see("the question", "#asking", "Quale mossa?")
	see("the question's lead", "#asking-lead", "Dai al Giocatore 2:")
	label, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('#asking-moves button[data-move="BLRH"]').getAttribute('aria-label')`))
	if err != nil || label != "dai al Giocatore 2 il pezzo alto, chiaro, rotondo, cavo" {
		t.Errorf("the option BLRH is named %q (%v)", label, err)
	}
	see("the question's answer", "#asking-how", "Scegli qui.")
	pictures, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('#asking-moves button .choice-piece svg[data-look^="quarto"]').length`))
	if err != nil || pictures != 16 {
		t.Errorf("the question's options show %d pieces, want 16 (%v)", pictures, err)
	}
	noEnglish("the question")

	// The answer on the screen, a move, and the next question; then a move taken back.
	do("answer", chromedp.Click(chromedp.CSS(`#asking-moves button[data-move="BLRH"]`)))
	k.waitFor("the piece handed over", func(s kiosk.State) bool { return len(s.Game.Moves) == 1 })
	see("the move in the log", "#log", "Giocatore 1 dà al Giocatore 2 il pezzo alto, chiaro, rotondo, cavo")
	k.click("a1")
	s := k.waitFor("the next piece asked", func(s kiosk.State) bool { return len(s.Asking) > 0 && s.Game.Ply == 1 })
	see("the next question", "#asking-lead", "Metti il tuo pezzo su a1 e dai al Giocatore 1:")
	if code, msg := k.post(map[string]any{"cmd": "choose", "session": s.Session, "move": s.Asking[0]}, false); code != 200 {
		t.Fatalf("choose %s: %d %s", s.Asking[0], code, msg)
	}
	k.waitFor("the second move", func(s kiosk.State) bool { return len(s.Game.Moves) == 2 })
	do("take back", chromedp.Click(chromedp.CSS("#takeback")))
	k.waitFor("the move taken back", func(s kiosk.State) bool { return len(s.Game.Moves) == 1 })
	see("the takeback", "#log", "Mosse annullate: 1")
	noEnglish("the takeback")

	// The piece put on a1 is still there: a mismatch, until it is lifted.
	s = k.waitFor("the mismatch", func(s kiosk.State) bool { return s.Mismatch != "" })
	if s.MismatchMsg == nil || s.MismatchMsg.Code != "mismatch" || s.MismatchMsg.Args["clear"] != "a1" {
		t.Fatalf("the mismatch's message: %+v (%q)", s.MismatchMsg, s.Mismatch)
	}
	see("the mismatch", "#mismatch", "La scacchiera non corrisponde alla partita: libera a1")
	noEnglish("the mismatch")
	k.click("a1")
	k.waitFor("the board put right", func(s kiosk.State) bool { return s.Mismatch == "" && !s.Waiting })
	see("the board put right", "#log", "La scacchiera corrisponde alla partita")

	// A command the service refuses, in words: a flip where there is no piece.
	// (Quarto's pieces have one face: Flip is not offered, but a shift-click still flips.)
	do("flip an empty square", chromedp.Evaluate[chromedp.Void](`void document.querySelector('#board .square[data-square="d4"]')
		.dispatchEvent(new MouseEvent('click', { bubbles: true, shiftKey: true }))`))
	see("the refusal", "#toast-text", "Su d4 non c’è un pezzo da capovolgere.")
	noEnglish("the refusal")
	do("the toast closed", chromedp.Click(chromedp.CSS("#toast-close")))

	// Xe Queo!'s ring to place: the question's options in words, with the ring drawn.
	old := k.state().Session
	if code, msg := k.post(map[string]any{"cmd": "new-game", "game": "xequeo", "sides": []string{"human", "human"}}, false); code != 200 {
		t.Fatalf("new game: %d %s", code, msg)
	}
	k.waitFor("the ring to place", func(s kiosk.State) bool { return s.Session != old && len(s.Asking) > 0 })
	see("the ring's question", "#asking-lead", "Metti l’anello su:")
	see("the new game", "#log", "Nuova partita: Xe Queo!")
	noEnglish("Xe Queo!'s question")

	// A game over at the move cap.
	old = k.state().Session
	if code, msg := k.post(map[string]any{"cmd": "new-game", "game": "quadwrangle", "settings": map[string]string{"move-cap": "2"},
		"sides": []string{"human", "human"}}, false); code != 200 {
		t.Fatalf("new game: %d %s", code, msg)
	}
	k.waitFor("Quad Wrangle", func(s kiosk.State) bool { return s.Session != old && !s.Waiting })
	k.click("d4")
	k.waitFor("d4", func(s kiosk.State) bool { return len(s.Game.Moves) == 1 })
	k.click("b2")
	s = k.waitFor("the game over", func(s kiosk.State) bool { return s.Game.Over })
	if s.Game.Reason == nil || s.Game.Reason.Code != "move-cap" {
		t.Fatalf("the reason: %+v (%q)", s.Game.Reason, s.Game.Result)
	}
	see("the result", "#result", "limite di semimosse raggiunto")
	see("the game over in the log", "#log", "Partita finita: ")
	noEnglish("the game over")
	noPageErrors(t, ctx)
}

// TestRefusalWords: an API error answers with a code and its arguments beside the English,
// for the page to word.
func TestRefusalWords(t *testing.T) {
	k := newKiosk(t, "quadwrangle", []boards.Side{boards.Human, boards.Human}, hw.Presence, false)
	s := k.state()
	for _, c := range []struct {
		body any
		code string
	}{
		{map[string]any{"cmd": "takeback", "session": s.Session}, "no-moves"},
		{map[string]any{"cmd": "takeback", "session": s.Session + 99}, "stale-game"},
		{map[string]any{"cmd": "sim", "square": "d4", "action": "flip"}, "no-piece"},
		{map[string]any{"cmd": "choose", "session": s.Session, "move": "d4"}, "not-asked"},
		{map[string]any{"cmd": "nonsense"}, "bad-cmd"},
		{`{"cmd": `, "malformed"},
	} {
		code, body := k.postRaw(c.body)
		if body.Code != c.code {
			t.Errorf("%v: %d %+v, want code %s", c.body, code, body, c.code)
		}
	}
	if _, body := k.postRaw(map[string]any{"cmd": "sim", "square": "d4", "action": "flip"}); body.Args["square"] != "d4" {
		t.Errorf("no-piece's arguments: %+v", body)
	}
}

// errorBody is an API error's JSON.
type errorBody struct {
	Error string
	Code  string
	Args  map[string]string
}

// postRaw sends a command and returns the status and the error body.
func (k *stand) postRaw(body any) (int, errorBody) {
	k.t.Helper()
	b, ok := body.(string)
	if !ok {
		j, _ := json.Marshal(body)
		b = string(j)
	}
	resp, err := http.Post(k.http.URL+"/api/command", "application/json", strings.NewReader(b))
	if err != nil {
		k.t.Fatal(err)
	}
	defer resp.Body.Close()
	var e errorBody
	_ = json.NewDecoder(resp.Body).Decode(&e)
	return resp.StatusCode, e
}

// TestJournalErrorWordedInBrowser: a move the journal cannot record is named on the page in
// both languages (the server sends its argument as move, the catalogue says {what}: the
// page words the one into the other).
func TestJournalErrorWordedInBrowser(t *testing.T) {
	exe := chromium(t)
	k := newKiosk(t, "krypte", []boards.Side{boards.Human, boards.Human}, hw.Presence, false)
	ctx := browser(t, exe)
	do, poll, eval := pageTools(t, ctx)
	do("open the kiosk", chromedp.Navigate(k.http.URL), chromedp.WaitVisible(chromedp.CSS(`#board .square[data-square="a1"]`)))
	k.j.Close()
	k.click("d1")
	s := k.waitFor("the refusal", func(s kiosk.State) bool { return s.JournalError != "" })
	if s.JournalMsg == nil || s.JournalMsg.Code != "journal-move" || s.JournalMsg.Args["move"] != "d1" {
		t.Fatalf("the journal's message: %+v", s.JournalMsg)
	}
	const text = `document.querySelector('#journal-error').innerText`
	do("the error shown", poll(`!document.querySelector('#journal-error').hidden`))
	if got, want := eval(text), "The journal could not record “d1”"; got != want {
		t.Errorf("in English the page says %q, want %q", got, want)
	}
	do("in Italian", chromedp.Click(chromedp.CSS("#lang")))
	if got, want := eval(text), "Il registro non ha potuto annotare «d1»"; got != want {
		t.Errorf("in Italian the page says %q, want %q", got, want)
	}
	noPageErrors(t, ctx)
}
