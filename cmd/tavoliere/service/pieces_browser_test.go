package service

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/kiosk"
	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/engine/enginetest"
	"github.com/tavoliere/tavoliere/engine/quad"
	"github.com/tavoliere/tavoliere/engine/quantik"
	"github.com/tavoliere/tavoliere/engine/quarto"
	"github.com/tavoliere/tavoliere/engine/registry"
	"github.com/tavoliere/tavoliere/engine/xequeo"
	"github.com/tavoliere/tavoliere/hw"
)

// TestPiecesInBrowser draws every game's pieces in Chromium at the kiosk's 800×480 and at
// 1280×800, after a few moves that bring several kinds of piece out: each square's drawn
// piece (the SVG's data-look) is the piece of the state, as this test reads it from the
// engine's own encoding (not from the labels the page reads); so are the player list's and
// the rack's; pieces that differ only in colour (Light and Dark, Push 4's and Xe Queo!'s
// colours) differ in shape or pattern too; the squares' and the rack's names are words in
// English and Italian; the page meets no error. A screenshot of each game's start and of
// the position after the moves, at each size, is left in .artifacts/pieces/ (CI's artifacts). Without -tags soak it draws one game of each kind of piece
// (piecesSample); CI draws every game with the tag.
func TestPiecesInBrowser(t *testing.T) {
	exe := chromium(t)
	ctx := browser(t, exe)
	dir := filepath.Join("..", "..", "..", ".artifacts", "pieces")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	plies := map[string]int{"quarto": 5, "quarto-advanced": 5, "quarto-pro": 5, "quarto-simplified": 5, "quad": 5,
		"quantik": 5, "quixo": 4, "quixo4": 6, "push": 2, "push4": 6, "xequeo": 3, "krypte": 4, "quadwrangle": 1, "crowded": 1}
	for _, e := range registry.All() {
		if !enginetest.Soak && !piecesSample[e.ID] {
			continue
		}
		t.Run(e.ID, func(t *testing.T) {
			k := newKiosk(t, e.ID, []boards.Side{boards.Human, boards.Human, boards.Human, boards.Human}[:playersOf(t, e.ID)], hw.Presence, false)
			open := func(size [2]int64, s kiosk.State) {
				t.Helper()
				if err := chromedp.Do(ctx, chromedp.EmulateViewport(size[0], size[1]), chromedp.Navigate(k.http.URL),
					chromedp.Poll[chromedp.Void](fmt.Sprintf(`document.querySelectorAll('#board .square').length === %d && document.querySelector('#game-name').textContent !== 'Tavoliere' && document.querySelectorAll('#moves .mv').length === %d`, len(s.Squares), len(s.Game.Moves)),
						chromedp.WithPollingTimeout(10*time.Second))); err != nil {
					errs, _ := chromedp.Run(ctx, chromedp.Evaluate[[]string](`window.kioskErrors || ['app.js did not run']`))
					t.Fatalf("open the kiosk at %dx%d: %v (the page's errors: %q)", size[0], size[1], err, errs)
				}
			}
			// The game's start, as a player first sees it.
			for _, size := range [][2]int64{{800, 480}, {1280, 800}} {
				open(size, k.state())
				saveShot(t, ctx, dir, fmt.Sprintf("%s-start-%dx%d.png", e.ID, size[0], size[1]))
			}
			playSome(k, plies[e.ID])
			s := k.state()
			for _, size := range [][2]int64{{800, 480}, {1280, 800}} {
				open(size, s)
				checkPieces(t, ctx, s, fmt.Sprintf("%dx%d", size[0], size[1]))
				saveShot(t, ctx, dir, fmt.Sprintf("%s-%dx%d.png", e.ID, size[0], size[1]))
			}
			checkPieceWords(t, ctx)
			if e.ID == xequeo.ID {
				checkRing(t, ctx)
			}
			noPageErrors(t, ctx)
		})
	}
}

// piecesSample is one game of each kind of piece: Quarto's sixteen, Quad's eight types,
// Quantik's shapes, Quixo's cubes with the four-player dots, Push 4's marbles, Xe Queo!'s
// pawns and ring, and the discs of Krypte (Quad Wrangle's and Crowded's are the same).
var piecesSample = map[string]bool{"quarto": true, "quad": true, "quantik": true, "quixo4": true,
	"push4": true, "xequeo": true, "krypte": true}

func playersOf(t *testing.T, id string) int {
	r, err := registry.New(id, nil)
	if err != nil {
		t.Fatal(err)
	}
	return r.Players()
}

// playSome plays n moves on the simulated board as hands do, each a legal move picked to
// vary the pieces: put down (clicks), pushed (the sim's push), or, where the board cannot
// tell it (a Quarto piece handed over, Xe Queo!'s ring, a push the presence sensors do not
// see), answered from the kiosk.
func playSome(k *stand, n int) {
	k.t.Helper()
	for i := range n {
		s := k.state()
		if s.Game.Over {
			return
		}
		rules, _ := registry.New(s.Game.ID, s.Game.Settings)
		pos, err := rules.ParsePosition(s.Game.Position)
		if err != nil {
			k.t.Fatal(err)
		}
		var seen, all []engine.Move
		for _, m := range pos.Legal(nil) {
			f := pos.Footprint(m)
			all = append(all, m)
			if f.Filled|f.Emptied|f.Replaced|f.Line != 0 {
				seen = append(seen, m)
			}
		}
		if len(seen) > 0 {
			all = seen
		}
		handsMake(k, s, rules.FormatMove(all[(i*7+3)%len(all)]))
	}
}

// handsMake makes move text of s's position on the simulated board as hands do: put down
// (clicks), pushed (the sim's push), or, where the board cannot tell it (a Quarto piece
// handed over, Xe Queo!'s ring, a push the presence sensors do not see), answered from the
// kiosk; and waits until the game has it and the board matches.
func handsMake(k *stand, s kiosk.State, text string) {
	k.t.Helper()
	f, g := k.footprint(s, text)
	switch {
	case f.Line != 0:
		if code, msg := k.post(map[string]any{"cmd": "sim", "action": "push", "move": text}, true); code != 200 {
			k.t.Fatalf("push %s: %d %s", text, code, msg)
		}
		time.Sleep(time.Duration(f.Line.Count()+1) * 130 * time.Millisecond) // the hands push at 120 ms a step
	case f.Filled|f.Emptied|f.Replaced != 0:
		k.clickOut(f, g)
		for b := f.Flipped; b != 0; {
			if code, msg := k.post(map[string]any{"cmd": "sim", "square": g.Name(b.Pop()), "action": "flip"}, true); code != 200 {
				k.t.Fatalf("flip: %d %s", code, msg)
			}
		}
	}
	deadline := time.Now().Add(20 * time.Second)
	var answered uint64 // the state's version when last answered: once a state
	for {
		now := k.state()
		if len(now.Game.Moves) > len(s.Game.Moves) {
			break
		}
		cmd := ""
		if slices.Contains(now.Asking, text) {
			cmd = "choose"
		} else if slices.Contains(now.Unseen, text) {
			cmd = "enter"
		}
		if cmd != "" && now.Version > answered {
			answered = now.Version
			// (409: the answer before this one was taken after the state was read; the
			// deadline catches an answer never taken.)
			if code, msg := k.post(map[string]any{"cmd": cmd, "session": now.Session, "ply": now.Game.Ply, "move": text}, false); code != 200 && code != 409 {
				k.t.Fatalf("%s %s: %d %s", cmd, text, code, msg)
			}
		}
		if time.Now().After(deadline) {
			k.t.Fatalf("move %s of %s not taken: asking %v unseen %v mismatch %q", text, s.Game.ID, now.Asking, now.Unseen, now.Mismatch)
		}
		time.Sleep(20 * time.Millisecond)
	}
	k.waitFor("the hands done with "+text, func(s kiosk.State) bool {
		for _, q := range s.Squares {
			if q.Reading != q.Expected {
				return false
			}
		}
		return !s.Waiting
	})
}

// lookOf is what the page must draw for a piece of the state, read from the engine's encoding
// of the piece (pieces.js reads the labels): "quarto tall dark square hollow", "disc light".
func lookOf(g kiosk.Game, piece int, ring bool) string {
	p := engine.Piece(piece)
	shade := map[uint8]string{1: "light", 2: "dark"}[p.Face()]
	id := g.ID
	switch {
	case id == xequeo.ID:
		if c := int(p.Identity()) - 1; p != engine.Empty && p != xequeo.Ring {
			look := "pawn " + xequeo.Colour(c).String()
			if ring {
				look += " ring"
			}
			return look
		}
		if ring || p == xequeo.Ring {
			return "ring"
		}
		return ""
	case p == engine.Empty:
		return ""
	case strings.HasPrefix(id, "quarto"):
		c := quarto.CodeOf(p)
		pick := func(bit int, yes, no string) string {
			if c&bit != 0 {
				return yes
			}
			return no
		}
		return "quarto " + pick(quarto.Tall, "tall", "short") + " " + pick(quarto.Dark, "dark", "light") + " " +
			pick(quarto.Square, "square", "round") + " " + pick(quarto.Solid, "solid", "hollow")
	case id == quad.ID:
		ty := int(p.Identity()) - 1
		return "quad " + shade + " " + [2]string{"round", "square"}[ty&1] + " " + [2]string{"hollow", "solid"}[ty>>1]
	case id == quantik.ID:
		return "quantik " + shade + " " + quantik.Shape(p.Identity()-1).String()
	case id == "quixo" || id == "quixo4":
		look := "cube " + [4]string{"", "cross", "circle", "blank"}[p.Face()]
		if dot := int(p.Identity()); dot > 0 {
			look += " dot-" + g.Players[int(p.Face())-1+2*(dot-1)].Seat
		}
		return look
	case id == "push4":
		return "marble " + strings.ToLower(g.Players[p.Identity()-1].Name)
	case id == "push":
		return "marble " + shade
	}
	return "disc " + shade
}

// drawn is what the page shows, read back from it.
type drawn struct {
	Squares map[string]string // square name: data-look of its SVG ("" for none)
	Players []string
	Rack    []string
	Shapes  map[string]string // data-look: the SVG's markup without its colours
	Names   []string          // the squares' and the rack's aria-labels
}

const readDrawn = `(() => {
  const look = (e) => e?.querySelector('svg.pc')?.dataset.look || '';
  const out = { Squares: {}, Players: [], Rack: [], Shapes: {}, Names: [] };
  for (const b of document.querySelectorAll('#board .square')) {
    out.Squares[b.dataset.square] = look(b.querySelector('.piece'));
    out.Names.push(b.getAttribute('aria-label'));
  }
  for (const li of document.querySelectorAll('#players li')) out.Players.push(look(li));
  for (const li of document.querySelectorAll('#rack li')) { out.Rack.push(look(li)); out.Names.push(li.getAttribute('aria-label')); }
  const colours = /\s(fill|stroke|stop-color|fill-opacity|stroke-opacity|opacity|data-look|data-piece)="[^"]*"/g;
  for (const svg of document.querySelectorAll('svg.pc')) out.Shapes[svg.dataset.look] = svg.outerHTML.replace(colours, '');
  return out;
})()`

var colourWords = []string{"light", "dark", "red", "orange", "yellow", "green", "blue", "violet", "white"}

func checkPieces(t *testing.T, ctx context.Context, s kiosk.State, size string) {
	t.Helper()
	d, err := chromedp.Run(ctx, chromedp.Evaluate[drawn](readDrawn))
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]bool{}
	for _, q := range s.Squares {
		want := lookOf(s.Game, q.Piece, q.Ring)
		if got := d.Squares[q.Name]; got != want {
			t.Errorf("%s: %s draws %q, the state has piece %d %q ring %v: want %q", size, q.Name, got, q.Piece, q.Label, q.Ring, want)
		}
		kinds[want] = true
	}
	delete(kinds, "")
	if len(kinds) < 2 {
		t.Errorf("%s: the board shows %d kinds of piece (%v); the test wants several", size, len(kinds), kinds)
	}
	for i, p := range s.Game.Players {
		want := lookOf(s.Game, p.Piece, false)
		if i >= len(d.Players) || d.Players[i] != want {
			t.Errorf("%s: player %s draws %v, want %q (piece %d)", size, p.Name, d.Players, want, p.Piece)
		}
	}
	if len(d.Rack) != len(s.Rack) {
		t.Errorf("%s: the rack draws %d pieces, the state has %d", size, len(d.Rack), len(s.Rack))
	}
	for i, p := range s.Rack {
		if want := lookOf(s.Game, p.Piece, false); i < len(d.Rack) && d.Rack[i] != want {
			t.Errorf("%s: rack place %d draws %q, want %q", size, i, d.Rack[i], want)
		}
	}
	// Pieces that differ only in colour differ in shape or pattern too.
	pairs := 0
	for a, sa := range d.Shapes {
		for b, sb := range d.Shapes {
			if a < b && colourPair(a, b) {
				pairs++
				if sa == sb {
					t.Errorf("%s: %q and %q differ only in colour", size, a, b)
				}
			}
		}
	}
	if pairs == 0 && !strings.HasPrefix(s.Game.ID, "quixo") {
		t.Errorf("%s: no two pieces that differ in colour alone were drawn (%v)", size, slices.Sorted(maps.Keys(d.Shapes)))
	}
}

// colourPair says whether looks a and b differ in one word, a colour.
func colourPair(a, b string) bool {
	wa, wb := strings.Fields(a), strings.Fields(b)
	if len(wa) != len(wb) {
		return false
	}
	diff := -1
	for i := range wa {
		if wa[i] != wb[i] {
			if diff >= 0 {
				return false
			}
			diff = i
		}
	}
	return diff >= 0 && slices.Contains(colourWords, wa[diff]) && slices.Contains(colourWords, wb[diff])
}

// checkPieceWords reads the squares' and the rack's names in English and in Italian: words,
// no key of the dictionary and no notation.
func checkPieceWords(t *testing.T, ctx context.Context) {
	t.Helper()
	bad := regexp.MustCompile(`pc:|colour:|token|undefined|\bpiece \d`)
	for _, lang := range []string{"en", "it", "en"} {
		if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(
			`document.querySelector('#lang').dataset.lang === %q || document.querySelector('#lang').click()`, lang)),
			chromedp.Poll[chromedp.Void](fmt.Sprintf(`document.documentElement.lang === %q`, lang), chromedp.WithPollingTimeout(5*time.Second))); err != nil {
			t.Fatal(err)
		}
		d, err := chromedp.Run(ctx, chromedp.Evaluate[drawn](readDrawn))
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range d.Names {
			if bad.MatchString(n) {
				t.Errorf("%s: a piece is named %q", lang, n)
			}
		}
	}
}

// checkRing draws what a few moves do not bring out: a pawn in Xe Queo!'s ring (the ring
// under it, the pawn's letter on it), and the ring alone as the sensors read it (ring=sensed:
// piece 33, "@").
func checkRing(t *testing.T, ctx context.Context) {
	t.Helper()
	got, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`import(new URL('pieces.js', location.href)).then((m) => {
  const g = { id: 'xequeo', players: [] };
  return [{ piece: 5, label: 'R', ring: true }, { piece: 33, label: '@' }].map((p) => m.pieceLook(g, p) + ': ' +
    [...m.pieceSVG(g, p).querySelectorAll('[data-mark]')].map((e) => e.dataset.mark).join(' ') + ': ' + m.pieceName(g, p));
})`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"pawn red ring: ring letter: red pawn in the ring", "ring: ring: the ring"}
	if !slices.Equal(got, want) {
		t.Errorf("the ring draws %q, want %q", got, want)
	}
}
