package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/cmd/tavoliere/journal"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/kiosk"
	"github.com/tavoliere/tavoliere/engine/enginetest"
	"github.com/tavoliere/tavoliere/engine/registry"
)

// buildBinary builds tavoliere once for the tests that run it as a process.
func buildBinary(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "tavoliere")
	cmd := exec.Command("go", "build", "-o", bin, ".")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

var kioskLine = regexp.MustCompile(`kiosk on (http://\S+)`)

// startServe runs `tavoliere serve` and returns the process and its kiosk URL.
func startServe(t *testing.T, bin string, args ...string) (*exec.Cmd, string) {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"serve", "-listen", "127.0.0.1:0"}, args...)...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = nil
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(out)
	for lines.Scan() {
		if m := kioskLine.FindStringSubmatch(lines.Text()); m != nil {
			go func() {
				for lines.Scan() {
				}
			}()
			return cmd, m[1]
		}
	}
	cmd.Process.Kill()
	cmd.Wait()
	t.Fatalf("serve printed no address")
	return nil, ""
}

func getState(url string) (kiosk.State, error) {
	var s kiosk.State
	resp, err := http.Get(url + "/api/state")
	if err != nil {
		return s, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		return s, fmt.Errorf("state: %s", resp.Status)
	}
	return s, json.NewDecoder(resp.Body).Decode(&s)
}

func postCommand(url string, body map[string]any) error {
	b, _ := json.Marshal(body)
	resp, err := http.Post(url+"/api/command", "application/json", strings.NewReader(string(b)))
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		return fmt.Errorf("%v: %s", body, resp.Status)
	}
	return nil
}

// TestCrashResume kills a serving process with SIGKILL at random points while a scripted
// player plays Krypte on the simulated board, and restarts it, 20 times (200 with -tags
// soak, as CI runs it). After every kill the journal holds every move the kiosk ever
// showed, and the restarted service resumes from it.
func TestCrashResume(t *testing.T) {
	kills := 20
	if enginetest.Soak && !testing.Short() {
		kills = 200 // (about 80 s: CI's soak step)
	}
	bin := buildBinary(t)
	dbPath := filepath.Join(t.TempDir(), "journal.db")
	rng := rand.New(rand.NewPCG(7, 11))
	rules, _ := registry.New("krypte", nil)
	var shown []string // every move the kiosk showed, in the game being played
	games, moves := 0, 0
	for kill := 0; kill < kills; kill++ {
		cmd, url := startServe(t, bin, "-journal", dbPath, "-game", "krypte", "-sides", "human,human", "-level", "beginner")
		// The service resumes: it shows exactly the moves recorded.
		var s kiosk.State
		deadline := time.Now().Add(30 * time.Second)
		for {
			var err error
			s, err = getState(url)
			if err == nil && !s.Waiting {
				break
			}
			if time.Now().After(deadline) {
				cmd.Process.Kill()
				t.Fatalf("kill %d: no state after restart: %v", kill, err)
			}
			time.Sleep(10 * time.Millisecond)
		}
		if !slices.Equal(s.Game.Moves, shown) {
			cmd.Process.Kill()
			t.Fatalf("kill %d: resumed with %v, the kiosk had shown %v", kill, s.Game.Moves, shown)
		}
		// Play until a random moment, then kill.
		// A new game's session shows itself a moment after the command: until then the
		// kiosk still shows the finished game, which is not the one being played.
		killAt := time.Now().Add(time.Duration(rng.IntN(600)) * time.Millisecond)
		var finishedSession uint64
		asked := false
		for time.Now().Before(killAt) {
			if s.Game.Over && !asked {
				if err := postCommand(url, map[string]any{"cmd": "new-game", "game": "krypte", "sides": []string{"human", "human"}}); err != nil {
					t.Fatal(err)
				}
				games++
				shown, finishedSession, asked = nil, s.Session, true
			} else if !s.Game.Over {
				pos, err := rules.ParsePosition(s.Game.Position)
				if err != nil {
					t.Fatal(err)
				}
				legal := pos.Legal(nil)
				if err := postCommand(url, map[string]any{"cmd": "sim", "square": rules.FormatMove(legal[rng.IntN(len(legal))]), "action": "toggle"}); err != nil {
					t.Fatal(err)
				}
			}
			time.Sleep(time.Duration(20+rng.IntN(60)) * time.Millisecond)
			if st, err := getState(url); err == nil && !(asked && st.Session == finishedSession) {
				asked = false
				if len(st.Game.Moves) > len(shown) || st.Session != s.Session {
					moves += len(st.Game.Moves) - len(shown)
				}
				s = st
				shown = st.Game.Moves
			}
		}
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()
		// What the kiosk showed is in the journal.
		j, err := journal.Open(dbPath)
		if err != nil {
			t.Fatalf("kill %d: journal: %v", kill, err)
		}
		all, err := j.Games()
		j.Close()
		if err != nil {
			t.Fatal(err)
		}
		var recorded []string
		finished := false
		if len(all) > 0 { // the newest game: in progress, or just finished
			for _, m := range all[0].Moves {
				recorded = append(recorded, m.Text)
			}
			finished = !all[0].Ended.IsZero()
		}
		if len(recorded) < len(shown) || !slices.Equal(recorded[:len(shown)], shown) {
			t.Fatalf("kill %d: the kiosk showed %v, the journal holds %v", kill, shown, recorded)
		}
		// Moves committed after the last look are shown after the restart; a finished game
		// is not resumed.
		shown = recorded
		if finished {
			shown = nil
		}
	}
	t.Logf("%d SIGKILLs, %d games, %d moves shown: every one in the journal after every kill", kills, games, moves)
}

// TestSIGTERM stops a serving process the way systemd does: it exits cleanly, having
// darkened the LEDs and closed the journal.
func TestSIGTERM(t *testing.T) {
	bin := buildBinary(t)
	dbPath := filepath.Join(t.TempDir(), "journal.db")
	cmd := exec.Command(bin, "serve", "-listen", "127.0.0.1:0", "-journal", dbPath)
	var logs strings.Builder
	cmd.Stderr = &logs
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(out)
	if !lines.Scan() || !kioskLine.MatchString(lines.Text()) {
		cmd.Process.Kill()
		t.Fatalf("no address: %q", lines.Text())
	}
	cmd.Process.Signal(syscall.SIGTERM)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("exit after SIGTERM: %v\n%s", err, logs.String())
	}
	if !strings.Contains(logs.String(), "LEDs dark, journal closed") {
		t.Errorf("log:\n%s", logs.String())
	}
	// The journal was closed cleanly: another writer can open it at once.
	j, err := journal.Open(dbPath)
	if err != nil {
		t.Fatal(err)
	}
	j.Close()
}
