package service

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/kiosk"
	"github.com/tavoliere/tavoliere/engine/registry"
	"github.com/tavoliere/tavoliere/hw"
)

// chromium finds Debian's Chromium. CI installs it (.ci/run) and must run this test; a
// developer's machine without it skips, saying how to get it.
func chromium(t *testing.T) string {
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("chromium is not installed; .ci/run installs Debian's chromium package")
	}
	t.Skip("chromium is not installed (apt-get install chromium); CI runs this test")
	return ""
}

// browser starts a headless Chromium the size of the kiosk's screen, for the length of the
// test (three minutes at most).
func browser(t *testing.T, exe string) context.Context {
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("lang", "en-US"),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(800, 480), // the 7-inch kiosk screen
	)
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	ctx, cancelT := context.WithTimeout(ctx, 3*time.Minute)
	t.Cleanup(func() { cancelT(); cancel(); cancelA() })
	// The window's size is not the page's: headless Chromium gave the page 800×337.
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(800, 480)); err != nil {
		t.Fatal(err)
	}
	return ctx
}

// TestKioskInBrowser plays against the AI in the kiosk page in a real headless Chromium:
// Start a game from the page, play by clicking the simulated board, see the AI's reply on
// the LED overlay and carry it out, take a move back, reload and find the same game, switch
// to Italian. A screenshot is left in .artifacts/kiosk.png.
func TestKioskInBrowser(t *testing.T) {
	exe := chromium(t)
	k := newKiosk(t, "krypte", []boards.Side{boards.Human, boards.Human}, hw.Presence, false)
	ctx := browser(t, exe)
	run := func(what string, steps ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, steps...); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	text := func(sel string) string {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(sel)))
		if err != nil {
			t.Fatalf("text of %s: %v", sel, err)
		}
		return v
	}
	sq := func(name string) chromedp.CSS {
		return chromedp.CSS(fmt.Sprintf(`#board .square[data-square="%s"]`, name))
	}
	click := func(name string) {
		t.Helper()
		run("click "+name, chromedp.Click(sq(name)))
		time.Sleep(80 * time.Millisecond) // a hand is not faster than the debouncer
	}
	css := func(s string) chromedp.CSS { return chromedp.CSS(s) }
	poll := func(expr string) chromedp.Action[chromedp.Void] {
		return chromedp.Poll[chromedp.Void](expr, chromedp.WithPollingTimeout(30*time.Second))
	}

	run("open the kiosk", chromedp.Navigate(k.http.URL), chromedp.WaitVisible(sq("d1")))

	// A new game against the AI, from the page.
	old := k.state().Session
	run("new game",
		chromedp.Click(css("#new-game")),
		chromedp.WaitVisible(css("#new-game-dialog")),
		chromedp.SetValue(css("#ng-game"), "quadwrangle"),
		chromedp.Evaluate[chromedp.Void](`document.querySelector('#ng-game').dispatchEvent(new Event('change'))`),
		chromedp.SetValue(css("#ng-side-0"), "human"),
		chromedp.SetValue(css("#ng-side-1"), "ai"),
		chromedp.Click(css("#ng-start")),
	)
	s := k.waitFor("the new game", func(s kiosk.State) bool { return s.Session != old && s.Game.ID == "quadwrangle" && !s.Waiting })
	if s.Game.Players[1].Side != "ai" {
		t.Fatalf("sides %+v", s.Game.Players)
	}
	run("the 7x7 board", chromedp.WaitVisible(sq("g7")))

	// Play f4 by clicking; the AI answers and its move is lit on the overlay.
	click("f4")
	s = k.waitFor("the AI's reply", func(s kiosk.State) bool { return len(s.Game.Moves) == 1 && s.AIMove != "" })
	run("the AI's move on the page", chromedp.WaitVisible(css("#ai-move")),
		poll(`document.querySelector('#ai-move').textContent.trim() !== ''`))
	aiText := text("#ai-move")
	lit, err := chromedp.Run(ctx, chromedp.Evaluate[string](
		`[...document.querySelectorAll('#board .square')].filter(e => e.dataset.light !== 'off').map(e => e.dataset.square).join(' ')`))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(aiText, s.AIMove) {
		t.Fatalf("the page shows %q, the AI played %s", aiText, s.AIMove)
	}
	rules, _ := registry.New("quadwrangle", nil)
	pos, _ := rules.ParsePosition(s.Game.Position)
	m, _ := rules.ParseMove(s.AIMove)
	f := pos.Footprint(m)
	dest := rules.Geometry().Name((f.Filled | f.Replaced).First())
	if !strings.Contains(" "+lit+" ", " "+dest+" ") {
		t.Fatalf("the AI's destination %s is not lit on the overlay (lit: %s)", dest, lit)
	}
	// Carry it out on the board: lift, then put down.
	for b := f.Emptied; b != 0; {
		click(rules.Geometry().Name(b.Pop()))
	}
	click(dest)
	s = k.waitFor("the AI's move done", func(s kiosk.State) bool { return len(s.Game.Moves) == 2 })

	// Take it back from the page: against the AI, back to the human's turn.
	run("takeback", chromedp.Click(css("#takeback")))
	s = k.waitFor("the takeback", func(s kiosk.State) bool { return len(s.Game.Moves) == 0 && s.Waiting })
	for _, q := range s.Squares {
		if q.Reading != q.Expected {
			click(q.Name) // the lights say what to restore
		}
	}
	k.waitFor("the board restored", func(s kiosk.State) bool { return !s.Waiting })
	click("f4")
	k.waitFor("f4 again", func(s kiosk.State) bool { return len(s.Game.Moves) == 1 })

	// Reload: the same game is there.
	run("reload", chromedp.Reload(), chromedp.WaitVisible(sq("f4")),
		poll(`document.querySelector('#moves').textContent.includes('f4')`))
	moves := text("#moves")
	if !strings.Contains(moves, "f4") {
		t.Fatalf("after reload the move list is %q", moves)
	}

	// The screenshot artifact, then Italian.
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join("..", "..", "..", ".artifacts")
	if err := os.MkdirAll(dir, 0o755); err == nil {
		path := filepath.Join(dir, "kiosk.png")
		if err := os.WriteFile(path, png, 0o644); err == nil {
			abs, _ := filepath.Abs(path)
			t.Logf("screenshot: %s", abs)
		}
	}
	run("Italian", chromedp.Click(css("#lang")),
		poll(`document.querySelector('#new-game').textContent.includes('Nuova partita')`))
	label := text("#new-game")
	if !strings.Contains(label, "Nuova partita") {
		t.Fatalf("in Italian the new-game button reads %q", label)
	}
	// The operator's views too, then no error anywhere on the way.
	run("sensors and flip", chromedp.Click(css("#operator")), chromedp.Click(css("#sensors")), chromedp.WaitVisible(css("#sensor-view")),
		chromedp.Click(css("#sensors")), chromedp.Click(css("#flip")), chromedp.Click(css("#flip")), chromedp.Click(css("#operator-close")),
		chromedp.Click(css("#new-game")), chromedp.WaitVisible(css("#new-game-dialog")), chromedp.Click(css("#ng-cancel")))
	noPageErrors(t, ctx)
}

// noPageErrors fails the test with the errors the page met (window.kioskErrors).
// saveShot writes a screenshot of the page in ctx as dir/name (dir made if need be) and
// returns its path.
func saveShot(t *testing.T, ctx context.Context, dir, name string) string {
	t.Helper()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// pageTools returns the steps a browser test takes on the page in ctx: do runs actions and
// fails the test with the step's name, poll waits up to 10 s for js to be true, eval returns
// js's string.
func pageTools(t *testing.T, ctx context.Context) (do func(step string, actions ...chromedp.Action[chromedp.Void]), poll func(js string) chromedp.Action[chromedp.Void], eval func(js string) string) {
	do = func(step string, actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, actions...); err != nil {
			t.Fatalf("%s: %v", step, err)
		}
	}
	poll = func(js string) chromedp.Action[chromedp.Void] {
		return chromedp.Poll[chromedp.Void](js, chromedp.WithPollingTimeout(10*time.Second))
	}
	eval = func(js string) string {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Evaluate[string](js))
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	return do, poll, eval
}

func noPageErrors(t *testing.T, ctx context.Context) {
	t.Helper()
	errs, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`window.kioskErrors || ['no kioskErrors: app.js did not run']`))
	if err != nil {
		t.Fatal(err)
	}
	if len(errs) > 0 {
		t.Fatalf("the page met errors: %q", errs)
	}
}

// TestKioskUnseenMovesInBrowser: on presence sensors a Push board reads the same after every
// push; the page lists the moves under "Moves the board cannot see", and a click enters one.
func TestKioskUnseenMovesInBrowser(t *testing.T) {
	exe := chromium(t)
	k := newKiosk(t, "push", []boards.Side{boards.Human, boards.Human}, hw.Presence, false)
	ctx := browser(t, exe)
	button := chromedp.CSS(`#unseen-moves button[data-move="Nc"]`)
	if err := chromedp.Do(ctx,
		chromedp.Navigate(k.http.URL),
		chromedp.WaitVisible(chromedp.CSS("#unseen")),
		chromedp.Click(chromedp.CSS("#unseen summary")),
		chromedp.WaitVisible(button),
		chromedp.Click(button),
	); err != nil {
		t.Fatal(err)
	}
	k.waitFor("the move entered", func(s kiosk.State) bool { return len(s.Game.Moves) == 1 && s.Game.Moves[0] == "Nc" })
	noPageErrors(t, ctx)
}

// The kiosk names the pawns to put while Xe Queo! is set up, in the page's language.
func TestKioskXeQueoGuideInBrowser(t *testing.T) {
	exe := chromium(t)
	k := newKiosk(t, "xequeo", []boards.Side{boards.Human, boards.Human}, hw.Presence, false)
	k.waitFor("the ring to place", func(s kiosk.State) bool { return len(s.Asking) > 0 })
	k.click("b3") // the red pawn
	k.waitFor("the guide", func(s kiosk.State) bool { return len(s.Guide) == 1 })
	ctx := browser(t, exe)
	if err := chromedp.Do(ctx,
		chromedp.Navigate(k.http.URL),
		chromedp.WaitVisible(chromedp.CSS(`#guide li[data-square="b3"]`)),
	); err != nil {
		t.Fatal(err)
	}
	text, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("#guide")))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text, "Put the red pawn on b3") {
		t.Fatalf("guide reads %q", text)
	}

	// A new game from the page, its deal left empty: the service draws it.
	old := k.state().Session
	if err := chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS("#new-game")),
		chromedp.WaitVisible(chromedp.CSS("#new-game-dialog")),
		chromedp.SetValue(chromedp.CSS("#ng-game"), "xequeo"),
		chromedp.Evaluate[chromedp.Void](`document.querySelector('#ng-game').dispatchEvent(new Event('change'))`),
		chromedp.WaitVisible(chromedp.CSS("#ng-set-seed")),
		chromedp.Click(chromedp.CSS("#ng-start")),
	); err != nil {
		t.Fatal(err)
	}
	s := k.waitFor("the new game", func(s kiosk.State) bool { return s.Session != old && s.Game.ID == "xequeo" })
	if s.Game.Settings["seed"] == "1" { // drawn over 2³¹ values
		t.Fatalf("the page's new game kept the default deal: %v", s.Game.Settings)
	}
	noPageErrors(t, ctx)
}

// Hint mode from the page: the Suggest button shows the AI's move; the level list names each
// level's thinking time.
func TestKioskSuggestInBrowser(t *testing.T) {
	exe := chromium(t)
	k := newKiosk(t, "krypte", []boards.Side{boards.Human, boards.AI}, hw.Presence, false)
	k.waitFor("the start", func(s kiosk.State) bool { return !s.Waiting })
	ctx := browser(t, exe)
	if err := chromedp.Do(ctx,
		chromedp.Navigate(k.http.URL),
		chromedp.WaitVisible(chromedp.CSS("#suggest")),
		chromedp.Click(chromedp.CSS("#suggest")),
		chromedp.WaitVisible(chromedp.CSS("#suggestion-box")),
	); err != nil {
		t.Fatal(err)
	}
	s := k.waitFor("the suggestion", func(s kiosk.State) bool { return s.Suggestion != "" })
	if err := chromedp.Do(ctx, chromedp.Poll[chromedp.Void](
		`document.querySelector('#suggestion').textContent.trim() === '`+s.Suggestion+`'`, chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Fatalf("the page does not show the suggestion %s: %v", s.Suggestion, err)
	}
	levels, err := chromedp.Run(ctx, chromedp.Evaluate[string](`[...document.querySelectorAll('#level option')].map(o => o.textContent).join(', ')`))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(levels, "beginner (20 ms)") || !strings.Contains(levels, "strongest (1 s)") {
		t.Fatalf("levels offered: %s", levels)
	}
	noPageErrors(t, ctx)
}
