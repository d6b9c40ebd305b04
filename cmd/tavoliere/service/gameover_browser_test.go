package service

import (
	"io"
	"log/slog"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tavoliere/tavoliere/cmd/tavoliere/journal"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/kiosk"
	"github.com/tavoliere/tavoliere/engine/registry"
	"github.com/tavoliere/tavoliere/hw"
)

// overCase is a game played to its end: its moves from the start, the last one made by
// hands on the simulated board, the others resumed as from the journal; and what the page
// must show at game over, in Italian.
type overCase struct {
	id       string
	settings map[string]string
	moves    []string
	winning  string // the squares of the figure that decided it, by name; "" for none
	result   string // the banner's winner, in Italian
	score    string // the final score in Italian, where the game has one
}

var overCases = []overCase{
	// four tall pieces on the anti-diagonal, the fourth placed by Player 1.
	{id: "quarto", moves: []string{"BLRH", "a4:BDQF", "b3:BLQH", "c2:BDRF", "d1"},
		winning: "a4 b3 c2 d1", result: "Vince il Giocatore 1"},
	// Crosses' column e, the last cube pushed in at e1.
	{id: "quixo", moves: []string{"a4-e4", "c5-a5", "b5-e5", "c1-c5", "e2-e5", "d1-a1", "e1-e5", "b5-a5", "b1-e1"},
		winning: "e1 e2 e3 e4 e5", result: "Vincono le Croci"},
	// Black's b3-d5, made by three pushes down file c (the last entered: presence sensors
	// do not see it).
	{id: "push", moves: []string{"W1", "E4", "Nc", "Nc", "Nc"},
		winning: "b3 c3 d3 b4 c4 d4 b5 c5 d5", result: "Vince il Nero"},
	// The rule sheet's example game: White's e5-e8 made by the flip of e6.
	{id: "krypte", moves: []string{"d1", "e8", "c1", "h5", "e7", "c2", "g5", "a4", "d2", "f5", "e6", "e1", "h2", "d8", "a5", "e2", "h1", "e5"},
		winning: "e5 e6 e7 e8", result: "Vince il Bianco"},
	// QW-1 and QW-2 at a move cap of 2: scored on the stones, 9 to 12; no figure.
	{id: "quadwrangle", settings: map[string]string{"move-cap": "2"}, moves: []string{"f4", "g5-f6"},
		result: "Vince il Nero", score: "Punteggio finale: Bianco 9 – Nero 12"},
}

// overKiosk serves c's game one move short of its end, resumed from the journal as after a
// restart, and makes the last move by hands on the simulated board.
func overKiosk(t *testing.T, c overCase) (*stand, kiosk.State) {
	t.Helper()
	k := resumedKiosk(t, c.id, c.settings, c.moves[:len(c.moves)-1])
	handsMake(k, k.state(), c.moves[len(c.moves)-1])
	return k, k.waitFor("game over", func(s kiosk.State) bool { return s.Game.Over })
}

// resumedKiosk serves game id with moves played, every side human, resumed from the
// journal as after a restart.
func resumedKiosk(t *testing.T, id string, settings map[string]string, moves []string) *stand {
	t.Helper()
	return resumedKioskAs(t, id, settings, nil, moves, "")
}

// resumedKioskAs is resumedKiosk with the sides given, by player ("human" or "ai"; nil for
// every side human), and the AI's move announced in the journal ("" for none), which the
// resumed game shows without the AI searching.
func resumedKioskAs(t *testing.T, id string, settings map[string]string, sides []string, moves []string, announced string) *stand {
	t.Helper()
	rules, err := registry.New(id, settings)
	if err != nil {
		t.Fatal(err)
	}
	j, err := journal.Open(filepath.Join(t.TempDir(), "journal.db"))
	if err != nil {
		t.Fatal(err)
	}
	g := journal.Game{Rules: id, Settings: settings, Level: "beginner", Started: time.Now(), Sides: sides}
	for range rules.Players() - len(g.Sides) {
		g.Sides = append(g.Sides, "human")
	}
	gid, err := j.StartGame(g)
	if err != nil {
		t.Fatal(err)
	}
	for i, text := range moves {
		if err := j.AddMove(gid, i+1, text, time.Now()); err != nil {
			t.Fatal(err)
		}
	}
	if announced != "" {
		if err := j.Announce(gid, len(moves)+1, announced, time.Now()); err != nil {
			t.Fatal(err)
		}
	}
	svc := &Service{log: slog.New(slog.NewTextHandler(io.Discard, nil)), journal: j, hub: kiosk.NewHub(), sensor: hw.Presence, seed: 1}
	k := runKiosk(t, svc, Game{Rules: rules, Level: "beginner"}, false)
	if s := k.state(); len(s.Game.Moves) != len(moves) {
		t.Fatalf("resumed with the moves %v", s.Game.Moves)
	}
	return k
}

// TestGameOverInBrowser plays games to their end and checks game over as the page shows it
// in Italian: the squares of the figure that decided the game drawn as such (and only
// those), agreeing with the state's game.winning and with the rules; the banner naming the
// winner and why, and the final score where the game keeps one (Quad Wrangle) and none
// where it does not; no English on the page.
func TestGameOverInBrowser(t *testing.T) {
	exe := chromium(t)
	ctx := browser(t, exe)
	english := append(englishFragments(t), "Final score", "wins", "White", "Black", "Player", "Crosses")
	for _, c := range overCases {
		t.Run(c.id, func(t *testing.T) {
			k, s := overKiosk(t, c)
			g, _ := registry.New(c.id, c.settings)
			var want []int
			for _, n := range strings.Fields(c.winning) {
				sq, err := g.Geometry().ParseSquare(n)
				if err != nil {
					t.Fatal(err)
				}
				want = append(want, int(sq))
			}
			slices.Sort(want)
			if want == nil {
				want = []int{}
			}
			if !slices.Equal(s.Game.Winning, want) {
				t.Errorf("game.winning %v, want %v (%s)", s.Game.Winning, want, c.winning)
			}
			if s.Game.Scored != (c.score != "") {
				t.Errorf("game.scored %v", s.Game.Scored)
			}
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(800, 480), chromedp.Navigate(k.http.URL),
				chromedp.Evaluate[chromedp.Void](`localStorage.setItem('tavoliere-lang', 'it')`), chromedp.Reload(),
				chromedp.Poll[chromedp.Void](`!document.querySelector('#result').hidden && document.querySelectorAll('#board .square').length > 0`,
					chromedp.WithPollingTimeout(15*time.Second))); err != nil {
				t.Fatalf("open the kiosk at game over: %v", err)
			}
			drawn, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](`[...document.querySelectorAll('#board .square.won')].map((b) => +b.dataset.index).sort((a, b) => a - b)`))
			if err != nil {
				t.Fatal(err)
			}
			if drawn == nil {
				drawn = []int{}
			}
			if !slices.Equal(drawn, s.Game.Winning) {
				t.Errorf("the page draws %v as winning, the state says %v", drawn, s.Game.Winning)
			}
			// Told apart by a pattern, not by colour alone; and named for a screen reader.
			if len(drawn) > 0 {
				look, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`(() => { const b = document.querySelector('#board .square.won');
					return [getComputedStyle(b).backgroundImage, b.getAttribute('aria-label')]; })()`))
				if err != nil {
					t.Fatal(err)
				}
				if !strings.Contains(look[0], "repeating-linear-gradient") || !strings.Contains(look[1], "parte della figura vincente") {
					t.Errorf("a winning square looks %q, named %q", look[0], look[1])
				}
			}
			// The banner and Rematch in view at 800×480, with no scrolling.
			fits, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`['#result', '#rematch'].every((id) => {
				const r = document.querySelector(id).getBoundingClientRect();
				return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; })`))
			if err != nil || !fits {
				t.Errorf("the banner or Rematch is out of view at 800x480 (%v)", err)
			}
			// The move that ended the game can be taken back (a mistake).
			if off, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('#takeback').getAttribute('aria-disabled')`)); err != nil || off != "false" {
				t.Errorf("Take back at game over: aria-disabled %q (%v), want it enabled", off, err)
			}
			result, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('#result').innerText`))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(result, c.result) {
				t.Errorf("the banner says %q, want %q", result, c.result)
			}
			if (c.score == "") == strings.Contains(result, "Punteggio") || !strings.Contains(result, c.score) {
				t.Errorf("the banner says %q, want the score %q", result, c.score)
			}
			scores, err := chromedp.Run(ctx, chromedp.Evaluate[string](`[...document.querySelectorAll('#players .score')].map((x) => x.textContent).join('|')`))
			if err != nil {
				t.Fatal(err)
			}
			if (c.score == "") != (strings.Trim(scores, "|") == "") {
				t.Errorf("the players' scores read %q", scores)
			}
			page, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerText`))
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range english {
				if strings.Contains(page, f) {
					t.Errorf("the Italian page shows the English %q:\n%s", f, page)
				}
			}
			noPageErrors(t, ctx)
		})
	}
}
