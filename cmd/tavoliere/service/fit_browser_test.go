package service

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/kiosk"
	"github.com/tavoliere/tavoliere/hw"
)

// TestKioskFitsInBrowser: on the Pi's 800×480 screen, after ten moves the move list wraps and
// keeps the last move in view, and the new-game dialog's Start button is on the screen.
func TestKioskFitsInBrowser(t *testing.T) {
	exe := chromium(t)
	k := newKiosk(t, "quadwrangle", []boards.Side{boards.Human, boards.Human}, hw.Presence, false)
	for i, sq := range []string{"d4", "b2", "c3", "e5", "a1", "g7", "b6", "f2", "c5", "e3"} {
		k.click(sq)
		k.waitFor(sq, func(s kiosk.State) bool { return len(s.Game.Moves) == i+1 })
	}
	ctx := browser(t, exe)
	inView := func(what, expr string) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.Poll[chromedp.Void](expr, chromedp.WithPollingTimeout(5*time.Second))); err != nil {
			t.Errorf("%s is not in view at 800x480: %v", what, err)
		}
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(800, 480), chromedp.Navigate(k.http.URL),
		chromedp.Poll[chromedp.Void](`document.querySelectorAll('#moves .mv').length === 10`, chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		n, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`JSON.stringify(window.kioskErrors) + document.body.innerText.slice(0, 300)`))
		t.Fatalf("%v: %s", err, n)
	}
	inView("the last move", `(() => {
		const box = document.querySelector('#moves').getBoundingClientRect();
		const last = document.querySelector('#moves .last').getBoundingClientRect();
		const panel = document.querySelector('#panel').getBoundingClientRect();
		return last.right <= Math.min(box.right, panel.right, innerWidth) + 1 && last.bottom <= box.bottom + 1 &&
			last.top >= box.top - 1 && last.bottom <= innerHeight;
	})()`)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#new-game")), chromedp.WaitVisible(chromedp.CSS("#new-game-dialog"))); err != nil {
		t.Fatal(err)
	}
	inView("the new-game dialog's Start button", `(() => {
		const r = document.querySelector('#ng-start').getBoundingClientRect();
		return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight;
	})()`)
	noPageErrors(t, ctx)
}

// TestSimBoardInBrowser: the simulated board draws what hands left on it. After a takeback
// the stone is still drawn where the game has none, with the empty square it should be
// marked in the corner; a disc turned over on presence sensors is drawn turned, with the
// face the game has in the corner.
func TestSimBoardInBrowser(t *testing.T) {
	exe := chromium(t)
	k := newKiosk(t, "quadwrangle", []boards.Side{boards.Human, boards.Human}, hw.Presence, false)
	k.click("d4")
	k.waitFor("d4", func(s kiosk.State) bool { return len(s.Game.Moves) == 1 })
	k.click("b2")
	s := k.waitFor("b2", func(s kiosk.State) bool { return len(s.Game.Moves) == 2 })
	if code, msg := k.post(map[string]any{"cmd": "takeback", "session": s.Session}, false); code != 200 {
		t.Fatalf("takeback: %d %s", code, msg)
	}
	k.waitFor("b2 taken back", func(s kiosk.State) bool { return len(s.Game.Moves) == 1 })
	if code, msg := k.post(map[string]any{"cmd": "sim", "square": "d4", "action": "flip"}, false); code != 200 {
		t.Fatalf("flip: %d %s", code, msg)
	}
	ctx := browser(t, exe)
	look := func(sq, part string) string {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => {
			const b = document.querySelector('#board .square[data-square="`+sq+`"]');
			return b ? (b.querySelector('.`+part+`').dataset.look || '') + (b.classList.contains('unlike') ? ' (unlike)' : '') : 'no square';
		})()`))
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(k.http.URL),
		chromedp.Poll[chromedp.Void](`document.querySelector('#board .square[data-square="d4"].unlike') !== null`, chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ sq, part, want string }{
		{"b2", "piece", "disc dark (unlike)"}, // the stone still there
		{"b2", "want", " (unlike)"},           // the game has none: an empty mark
		{"d4", "piece", "disc dark (unlike)"}, // turned over by hand
		{"d4", "want", "disc light (unlike)"}, // the game's face
		{"g6", "piece", "disc dark"},
	} {
		if got := look(c.sq, c.part); got != c.want {
			t.Errorf("%s's %s: %q, want %q", c.sq, c.part, got, c.want)
		}
	}
	noPageErrors(t, ctx)
}

// TestRefusedCommandsInBrowser: a command the service would refuse now looks unavailable and
// says why in words when pressed, in the page's language: Xe Queo!'s Suggest (the secret
// pawn), and Take back before any move.
func TestRefusedCommandsInBrowser(t *testing.T) {
	exe := chromium(t)
	k := newKiosk(t, "xequeo", []boards.Side{boards.Human, boards.Human}, hw.Presence, false)
	ctx := browser(t, exe)
	if err := chromedp.Do(ctx, chromedp.Navigate(k.http.URL),
		chromedp.Poll[chromedp.Void](`document.querySelector('#suggest').getAttribute('aria-disabled') === 'true'`, chromedp.WithPollingTimeout(10*time.Second)),
		chromedp.Click(chromedp.CSS("#suggest")),
		chromedp.WaitVisible(chromedp.CSS("#toast"))); err != nil {
		t.Fatal(err)
	}
	text, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("#toast-text")))
	if err != nil {
		t.Fatal(err)
	}
	if text != "A suggestion in Xe Queo! would need your secret pawn, which the kiosk never knows." {
		t.Errorf("Suggest says %q", text)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#lang")),
		chromedp.Poll[chromedp.Void](`document.querySelector('#takeback').title === 'Non ci sono mosse da annullare.'`, chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Errorf("Take back before any move, in Italian: %v", err)
	}
	if k.state().Game.Ply != 0 {
		t.Fatal("a refused command was sent")
	}
	noPageErrors(t, ctx)
}

// TestRematchInBrowser: at game over the page offers a rematch, which starts the same game
// with the same settings and the sides swapped; while a game is on, the legend says what the
// lights on the board ask for.
func TestRematchInBrowser(t *testing.T) {
	exe := chromium(t)
	k := newKiosk(t, "quadwrangle", []boards.Side{boards.Human, boards.Human}, hw.Presence, false)
	s := k.state()
	if code, msg := k.post(map[string]any{"cmd": "new-game", "game": "quadwrangle", "settings": map[string]string{"move-cap": "2"},
		"sides": []string{"human", "ai"}}, false); code != 200 {
		t.Fatalf("new game: %d %s", code, msg)
	}
	s = k.waitFor("the new game", func(n kiosk.State) bool { return n.Session != s.Session && !n.Waiting })
	k.click("d4")
	s = k.waitFor("the AI's move", func(s kiosk.State) bool { return s.AIMove != "" })
	ctx := browser(t, exe)
	if err := chromedp.Do(ctx, chromedp.Navigate(k.http.URL),
		chromedp.Poll[chromedp.Void](`document.querySelector('#legend li[data-meaning="ai-to"]') !== null`, chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Fatalf("the legend of the AI's move: %v", err)
	}
	k.carryOut(s, s.AIMove)
	s = k.waitFor("the game over at the cap", func(s kiosk.State) bool { return s.Game.Over })
	if err := chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS("#rematch")), chromedp.Click(chromedp.CSS("#rematch"))); err != nil {
		t.Fatal(err)
	}
	n := k.waitFor("the rematch", func(n kiosk.State) bool { return n.Session != s.Session })
	if n.Game.ID != "quadwrangle" || n.Game.Settings["move-cap"] != "2" || n.Game.Players[0].Side != "ai" || n.Game.Players[1].Side != "human" {
		t.Fatalf("the rematch: %s %v, sides %s %s", n.Game.ID, n.Game.Settings, n.Game.Players[0].Side, n.Game.Players[1].Side)
	}
	noPageErrors(t, ctx)
}
