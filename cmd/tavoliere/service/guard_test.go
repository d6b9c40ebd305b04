package service

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/hw"
)

// TestAPIGuard: the API refuses a request for a Host this machine does not answer to (a
// DNS-rebinding page), one a page of another site sent, a takeback at a negative ply and
// an oversized body (413); the token goes only to a loopback client asking for a loopback
// name, not through a proxy, and not to a page of another site. Every command is refused
// from a foreign Host or Origin.
func TestAPIGuard(t *testing.T) {
	k := newKiosk(t, "quadwrangle", []boards.Side{boards.Human, boards.Human}, hw.Presence, false)
	k.svc.mu.Lock()
	session := k.svc.snap.Game
	k.svc.mu.Unlock()
	port := k.http.URL[strings.LastIndex(k.http.URL, ":"):]
	do := func(method, path, host string, header map[string]string, body string) (int, string) {
		t.Helper()
		req, err := http.NewRequest(method, k.http.URL+path, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		if host != "" {
			req.Host = host
		}
		for k, v := range header {
			req.Header.Set(k, v)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var e struct{ Error string }
		_ = json.NewDecoder(resp.Body).Decode(&e)
		return resp.StatusCode, e.Error
	}
	hints := fmt.Sprintf(`{"cmd":"hints","session":%d,"on":true}`, session)
	for _, tc := range []struct {
		name         string
		method, path string
		host         string
		header       map[string]string
		body         string
		code         int
		says         string
	}{
		{"a foreign Host gets the page saying why", "GET", "/", "evil.example" + port, nil, "", 403, ""},
		{"a foreign Host reads no state", "GET", "/api/state", "evil.example" + port, nil, "", 403, "not a name of this kiosk"},
		{"a foreign Host sends no command", "POST", "/api/command", "evil.example" + port, nil, hints, 403, "-hosts evil.example"},
		{"a foreign Host gets no token", "GET", "/api/token", "evil.example" + port, nil, "", 403, ""},
		{"a foreign Origin sends no command", "POST", "/api/command", "", map[string]string{"Origin": "http://evil.example"}, hints, 403, "http://evil.example"},
		{"no origin at all (a sandboxed page)", "POST", "/api/command", "", map[string]string{"Origin": "null"}, hints, 403, "no origin"},
		{"another site, as the browser says", "POST", "/api/command", "", map[string]string{"Sec-Fetch-Site": "cross-site"}, hints, 403, "another site"},
		{"the kiosk's own page", "POST", "/api/command", "", map[string]string{"Origin": k.http.URL, "Sec-Fetch-Site": "same-origin"}, hints, 200, ""},
		{"localhost is this machine", "POST", "/api/command", "localhost" + port, map[string]string{"Origin": "http://localhost" + port}, hints, 200, ""},
		{"this machine's name", "GET", "/api/state", "kiosk.club.lan" + port, nil, "", 200, ""},
		{"the page by this machine's name", "GET", "/", "KIOSK.club.lan." + port, nil, "", 200, ""},
		{"an IPv6 address with its zone", "GET", "/api/state", "[fe80::1%25eth0]" + port, nil, "", 200, ""},
		{"a takeback at ply -1", "POST", "/api/command", "", nil, fmt.Sprintf(`{"cmd":"takeback","session":%d,"ply":-1}`, session), 400, "ply -1"},
		{"a body over 64 KiB", "POST", "/api/command", "", nil, `{"cmd":"hints","move":"` + strings.Repeat("x", 70<<10) + `"}`, 413, "at most 65536 bytes"},
		{"the token through a proxy", "GET", "/api/token", "", map[string]string{"X-Forwarded-For": "192.0.2.7"}, "", 403, ""},
		{"the token for a name not loopback", "GET", "/api/token", "kiosk.club.lan" + port, nil, "", 403, "localhost"},
		{"a foreign Origin gets no token", "GET", "/api/token", "localhost" + port, map[string]string{"Origin": "http://evil.example"}, "", 403, "http://evil.example"},
		{"another site gets no token, as the browser says", "GET", "/api/token", "localhost" + port, map[string]string{"Sec-Fetch-Site": "cross-site"}, "", 403, "another site"},
		{"the token at localhost", "GET", "/api/token", "localhost" + port, nil, "", 200, ""},
		{"the token at 127.0.0.1", "GET", "/api/token", "", nil, "", 200, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, says := do(tc.method, tc.path, tc.host, tc.header, tc.body)
			if code != tc.code || !strings.Contains(says, tc.says) {
				t.Errorf("%d %q, want %d and %q", code, says, tc.code, tc.says)
			}
		})
	}
	// Every command, from a foreign Host or a page of another site, is refused before it is
	// read: a new game would start, a touch end the demo.
	for _, cmd := range []string{"new-game", "takeback", "hints", "suggest", "choose", "dismiss", "enter", "level", "brightness", "sim", "touch", "nonsense"} {
		body := fmt.Sprintf(`{"cmd":%q,"session":%d,"ply":0,"game":"krypte","sides":["human","human"],"level":"easy","brightness":9,"on":true,"move":"d4","square":"d4","action":"toggle"}`, cmd, session)
		for _, from := range []struct {
			host   string
			header map[string]string
		}{{"evil.example" + port, nil}, {"", map[string]string{"Origin": "http://evil.example"}}, {"", map[string]string{"Sec-Fetch-Site": "cross-site"}}} {
			if code, says := do("POST", "/api/command", from.host, from.header, body); code != 403 {
				t.Errorf("%s from host %q %v: %d %q, want 403", cmd, from.host, from.header, code, says)
			}
		}
	}
	k.svc.mu.Lock()
	after := k.svc.snap.Game
	k.svc.mu.Unlock()
	if after != session {
		t.Errorf("the game is %d after the refused commands, was %d", after, session)
	}
}

// TestFavicon: the page names its icon, and the icon is served (every load asked for
// /favicon.ico and got a 404).
func TestFavicon(t *testing.T) {
	k := newKiosk(t, "krypte", []boards.Side{boards.Human, boards.Human}, hw.Presence, false)
	for _, c := range []struct{ path, has string }{{"/", `rel="icon" href="favicon.svg"`}, {"/favicon.svg", "<svg"}} {
		resp, err := http.Get(k.http.URL + c.path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(string(b), c.has) {
			t.Errorf("GET %s: %d, want 200 with %q", c.path, resp.StatusCode, c.has)
		}
	}
}
