package main

import (
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// kioskFlags are the flags tavoliere-kiosk gives Chromium, before the address.
const kioskFlags = "--kiosk --noerrdialogs --disable-infobars --no-first-run --disable-session-crashed-bubble --password-store=basic"

// runKiosk runs packaging/files/tavoliere-kiosk with a stub browser that writes its
// arguments to a file, and a PATH of only the tools named (linked from this machine's),
// so that the test says which of curl and wget there is. It returns what the browser was
// started with ("" if it was not), the script's stderr and how long it took.
func runKiosk(t *testing.T, tools []string, env []string, args ...string) (browserArgs, stderr string, took time.Duration, err error) {
	t.Helper()
	dir := t.TempDir()
	bin := filepath.Join(dir, "bin")
	if err := os.Mkdir(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tool := range append([]string{"sh", "date", "sleep"}, tools...) {
		path, err := exec.LookPath(tool)
		if err != nil {
			t.Skipf("no %s here", tool)
		}
		if err := os.Symlink(path, filepath.Join(bin, tool)); err != nil {
			t.Fatal(err)
		}
	}
	got := filepath.Join(dir, "browser-args")
	browser := filepath.Join(dir, "browser")
	if err := os.WriteFile(browser, []byte("#!/bin/sh\necho \"$*\" >"+got+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	script, _ := filepath.Abs(filepath.Join("files", "tavoliere-kiosk"))
	cmd := exec.Command(filepath.Join(bin, "sh"), append([]string{script}, args...)...)
	cmd.Env = append([]string{"PATH=" + bin, "TAVOLIERE_KIOSK_BROWSER=" + browser}, env...)
	var errOut strings.Builder
	cmd.Stderr = &errOut
	start := time.Now()
	err = cmd.Run()
	took = time.Since(start)
	b, _ := os.ReadFile(got)
	return strings.TrimSpace(string(b)), errOut.String(), took, err
}

// slowServer answers 503 to its first n requests, as a referee that is still starting
// would not (it answers nothing), and then the kiosk page.
func slowServer(t *testing.T, n int32) (*httptest.Server, *atomic.Int32) {
	var seen atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if seen.Add(1) <= n {
			http.Error(w, "starting", http.StatusServiceUnavailable)
			return
		}
		w.Write([]byte("<!doctype html><title>tavoliere</title>"))
	}))
	t.Cleanup(srv.Close)
	return srv, &seen
}

// TestKioskWaits: the browser starts only once the page is served, with the kiosk flags,
// whether curl or wget asks.
func TestKioskWaits(t *testing.T) {
	for _, tool := range []string{"curl", "wget"} {
		srv, seen := slowServer(t, 2)
		args, stderr, _, err := runKiosk(t, []string{tool}, nil, srv.URL+"/")
		if err != nil {
			t.Fatalf("%s: %v\n%s", tool, err, stderr)
		}
		if want := kioskFlags + " " + srv.URL + "/"; args != want {
			t.Errorf("%s: the browser got %q, want %q", tool, args, want)
		}
		if n := seen.Load(); n != 3 {
			t.Errorf("%s: %d requests, want 3 (two refused, then the page)", tool, n)
		}
	}
}

// TestKioskGivesUp: a referee that never answers: after TAVOLIERE_KIOSK_WAIT seconds the
// browser starts anyway (it shows why the page cannot be reached) and the log says so.
func TestKioskGivesUp(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	url := "http://" + ln.Addr().String() + "/"
	ln.Close() // nothing listens there now
	args, stderr, took, err := runKiosk(t, []string{"curl"}, []string{"TAVOLIERE_KIOSK_WAIT=2", "TAVOLIERE_KIOSK_URL=" + url})
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	if args != kioskFlags+" "+url {
		t.Errorf("the browser got %q", args)
	}
	if took < 2*time.Second || took > 10*time.Second {
		t.Errorf("gave up after %v, want about 2 s", took)
	}
	if !strings.Contains(stderr, "has not answered in 2 s (is the service running? systemctl status tavoliere)") {
		t.Errorf("stderr %q", stderr)
	}
}

// TestKioskNoBrowser: without Chromium the script says what to install, and fails.
func TestKioskNoBrowser(t *testing.T) {
	dir := t.TempDir()
	script, _ := filepath.Abs(filepath.Join("files", "tavoliere-kiosk"))
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	cmd := exec.Command(sh, script)
	cmd.Env = []string{"PATH=" + dir}
	out, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(out), "no chromium-browser or chromium: sudo apt install chromium-browser") {
		t.Errorf("%v: %s", err, out)
	}
	cmd = exec.Command(sh, script)
	cmd.Env = []string{"PATH=" + dir, "TAVOLIERE_KIOSK_BROWSER=/bin/true", "TAVOLIERE_KIOSK_WAIT=soon"}
	out, err = cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(out), "TAVOLIERE_KIOSK_WAIT=soon: want a number of seconds") {
		t.Errorf("%v: %s", err, out)
	}
}
