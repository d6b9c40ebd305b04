// Package kiosk is the kiosk's web side: the page (ES modules, SVG and CSS in this
// directory, embedded as they are, with no build step), its HTTP server (Server: the page,
// GET /api/state, the server-sent events of GET /api/events, POST /api/command, and the
// guards of Host, Origin and token), the hub that hands every new state to the event
// streams (Hub), and the JSON of API.md (State, Encode: a referee's Snapshot and the
// service's Facts turned into what the page draws).
//
// The commands are carried out by a Commander, the service, which imports this package to
// publish its states and to answer with its errors (ErrBadRequest, ErrConflict, Coded); this
// package never imports the service, and decides nothing of the games: what a state
// permits is the referee's (boards.Snapshot.Suggestable), the levels are the AI's
// (search.Levels), each player's piece and seat and Xe Queo!'s ring are the games'
// (boards.PlayerPieces, engine.Seated, engine.Ringed). The page's assets stay beside the Go
// files, so that the page is edited where it is served from.
//
// It imports boards, engine (its interfaces, the registry and the search, never a game's
// package: the import test refuses one) and the standard library; never package main, the
// service or the hardware.
package kiosk

import (
	"context"
	"crypto/subtle"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"
)

// pageFiles are the page: ES modules, SVG and CSS, no build step.
//
//go:embed *.html *.js *.css *.svg
var pageFiles embed.FS

// Command is the body of POST /api/command (API.md).
type Command struct {
	Cmd      string            `json:"cmd"`
	Session  uint64            `json:"session"`
	Ply      *int              `json:"ply"` // the ply on the screen the command was made from
	Game     string            `json:"game"`
	Settings map[string]string `json:"settings"`
	Sides    []string          `json:"sides"`
	Level    string            `json:"level"`
	Move     string            `json:"move"`
	On       *bool             `json:"on"`
	Square   string            `json:"square"`
	Action   string            `json:"action"`
	// Brightness is the LEDs' brightness, 1…255 (cmd brightness; level is the AI's).
	Brightness *int `json:"brightness"`
}

// Commander carries out the kiosk's commands: the service. An error marked ErrBadRequest,
// ErrConflict or ErrNotFound (and coded, for the page to word) is the command's fault;
// any other, the service's.
type Commander interface {
	Command(ctx context.Context, c Command) error
}

// Server is the kiosk's HTTP side: the page, the state, the event stream, the commands.
type Server struct {
	Commands  Commander
	Hub       *Hub // the states Commands publishes
	Log       *slog.Logger
	Token     string // what commands need, when NeedToken
	NeedToken bool   // the kiosk listens beyond this machine
	Ping      time.Duration
	Done      <-chan struct{} // closed at shutdown: event streams end
	// Hosts are the names, besides IP addresses and localhost, that the API answers to in
	// a request's Host (this machine's name, name.local, -hosts: HostNames): a page on
	// another site that rebinds its name to this machine's address is refused.
	Hosts map[string]bool
}

// Handler returns the kiosk's routes.
func (h *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	page := http.FileServerFS(pageFiles)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if !h.knownHost(r.Host) { // the page would load and its API be refused: say why here
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.WriteHeader(http.StatusForbidden)
			name := html.EscapeString(hostOnly(r.Host))
			fmt.Fprintf(w, `<!doctype html><meta charset="utf-8"><title>Tavoliere</title><p>This kiosk is not reached by the name %s: open it by its IP address, or start tavoliere serve with -hosts %s (the config's hosts key).</p><p lang="it">Questo chiosco non risponde al nome %s: aprilo con il suo indirizzo IP, o avvia tavoliere serve con -hosts %s (la chiave hosts della configurazione).</p>`, name, name, name, name)
			return
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			httpError(w, http.StatusMethodNotAllowed, "method", "the page is read with GET")
			return
		}
		page.ServeHTTP(w, r)
	})
	mux.HandleFunc("GET /api/state", h.guard(h.state))
	mux.HandleFunc("GET /api/events", h.guard(h.events))
	mux.HandleFunc("/api/command", h.guard(h.command))
	mux.HandleFunc("GET /api/token", h.guard(h.tokenForLocal))
	return mux
}

// guard refuses, with 403, an API request whose Host this machine does not answer to (a
// DNS-rebinding page), or that a page of another site sent (its Origin, or the browser's
// Sec-Fetch-Site, says so).
func (h *Server) guard(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if !h.knownHost(r.Host) {
			httpError(w, http.StatusForbidden, "host", fmt.Sprintf("host %q is not a name of this kiosk: use its IP address or localhost, or start serve with -hosts %s", r.Host, hostOnly(r.Host)))
			return
		}
		if o := r.Header.Get("Origin"); o != "" && o != "null" {
			if u, err := url.Parse(o); err != nil || !strings.EqualFold(u.Host, r.Host) {
				httpError(w, http.StatusForbidden, "origin", fmt.Sprintf("a page from %s may not use this kiosk's API", o))
				return
			}
		} else if o == "null" {
			httpError(w, http.StatusForbidden, "origin", "a page of no origin may not use this kiosk's API")
			return
		}
		if site := r.Header.Get("Sec-Fetch-Site"); site != "" && site != "same-origin" && site != "none" {
			httpError(w, http.StatusForbidden, "origin", "a page of another site may not use this kiosk's API")
			return
		}
		next(w, r)
	}
}

// HostNames are the names the API answers to besides IP addresses and localhost: this
// machine's name and name.local (mDNS, as Raspberry Pi OS announces it), and extra, a
// comma-separated list.
func HostNames(extra string) map[string]bool {
	names := map[string]bool{}
	if n, err := os.Hostname(); err == nil && n != "" {
		n = hostOnly(n)
		names[n], names[n+".local"] = true, true
	}
	for _, n := range strings.Split(extra, ",") {
		if n = hostOnly(strings.TrimSpace(n)); n != "" { // (a port given with it is no part of the name)
			names[n] = true
		}
	}
	return names
}

// hostOnly is the name a Host header asks for: without its port and brackets, a trailing
// dot, or upper case.
func hostOnly(host string) string {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	return strings.ToLower(strings.TrimSuffix(strings.Trim(host, "[]"), "."))
}

// knownHost says whether the API answers to a request for host: an IP address, localhost,
// or one of h.hosts.
func (h *Server) knownHost(host string) bool {
	name := hostOnly(host)
	ip, _, _ := strings.Cut(name, "%") // an IPv6 address's zone
	return name != "" && (net.ParseIP(ip) != nil || name == "localhost" || h.Hosts[name])
}

// localHost says whether host names this machine's loopback: localhost, 127.0.0.0/8, ::1.
func localHost(host string) bool {
	name := hostOnly(host)
	ip := net.ParseIP(name)
	return name == "localhost" || ip != nil && ip.IsLoopback()
}

func (h *Server) state(w http.ResponseWriter, r *http.Request) {
	b := h.Hub.Current()
	if b == nil {
		httpError(w, http.StatusServiceUnavailable, "not-ready", "the board has not been read yet")
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(b)
}

// events streams every new state as a server-sent event.
func (h *Server) events(w http.ResponseWriter, r *http.Request) {
	fl, ok := w.(http.Flusher)
	if !ok {
		httpError(w, http.StatusInternalServerError, "failed", "streaming unsupported")
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Accel-Buffering", "no")
	sub := h.Hub.Subscribe()
	defer h.Hub.Unsubscribe(sub)
	ping := time.NewTicker(h.Ping)
	defer ping.Stop()
	fl.Flush()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-h.Done:
			return
		case <-ping.C:
			if _, err := io.WriteString(w, ": ping\n\n"); err != nil {
				return
			}
			fl.Flush()
		case <-sub.Wake():
			b := sub.Take()
			if b == nil {
				continue
			}
			if _, err := fmt.Fprintf(w, "event: state\ndata: %s\n\n", b); err != nil {
				return
			}
			fl.Flush()
		}
	}
}

const maxCommand = 64 << 10

func (h *Server) command(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		httpError(w, http.StatusMethodNotAllowed, "method", "commands are POSTed")
		return
	}
	if h.NeedToken && !h.authorised(r) {
		httpError(w, http.StatusUnauthorized, "token", "this kiosk's commands need its token: Authorization: Bearer TOKEN")
		return
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxCommand))
	dec.DisallowUnknownFields()
	var c Command
	if err := dec.Decode(&c); err != nil {
		if tooBig := (*http.MaxBytesError)(nil); errors.As(err, &tooBig) {
			httpError(w, http.StatusRequestEntityTooLarge, "too-big", fmt.Sprintf("a command is at most %d bytes", maxCommand))
			return
		}
		httpError(w, http.StatusBadRequest, "malformed", "malformed command: "+err.Error())
		return
	}
	if dec.More() {
		httpError(w, http.StatusBadRequest, "malformed", "malformed command: more than one JSON value")
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), 5*time.Second)
	defer cancel()
	err := h.Commands.Command(ctx, c)
	code := "failed" // (an error of the session's: the page says only that it failed)
	var ce *CodedError
	if errors.As(err, &ce) {
		code = ce.code
	}
	switch {
	case err == nil:
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"ok":true}`)
	case errors.Is(err, ErrBadRequest):
		httpError(w, http.StatusBadRequest, code, err.Error(), ce)
	case errors.Is(err, ErrConflict):
		httpError(w, http.StatusConflict, code, err.Error(), ce)
	case errors.Is(err, ErrNotFound):
		httpError(w, http.StatusNotFound, code, err.Error(), ce)
	default:
		h.Log.Error("command", "cmd", c.Cmd, "err", err)
		httpError(w, http.StatusServiceUnavailable, code, err.Error(), ce)
	}
}

func (h *Server) authorised(r *http.Request) bool {
	got, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	return ok && subtle.ConstantTimeCompare([]byte(got), []byte(h.Token)) == 1
}

// tokenForLocal gives the token to a browser on this machine (the kiosk's own screen): a
// loopback client that asked for a loopback name, not through a proxy.
func (h *Server) tokenForLocal(w http.ResponseWriter, r *http.Request) {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	ip := net.ParseIP(host)
	proxied := r.Header.Get("X-Forwarded-For") != "" || r.Header.Get("Forwarded") != "" || r.Header.Get("X-Real-Ip") != ""
	if err != nil || ip == nil || !ip.IsLoopback() || !localHost(r.Host) || proxied {
		httpError(w, http.StatusForbidden, "token-local", "the token is given only to the kiosk's own screen, at http://localhost")
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	_ = json.NewEncoder(w).Encode(map[string]string{"token": h.Token})
}

// httpError answers with status and the error in English (msg) and as a code, with the
// arguments of a coded error, for the page to word (words.js 'why:<code>').
func httpError(w http.ResponseWriter, status int, code, msg string, ce ...*CodedError) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	body := struct {
		Error string            `json:"error"`
		Code  string            `json:"code"`
		Args  map[string]string `json:"args,omitempty"`
	}{Error: msg, Code: code}
	if len(ce) > 0 && ce[0] != nil {
		body.Args = ce[0].args
	}
	_ = json.NewEncoder(w).Encode(body)
}

// Loopback reports whether a listen address reaches this machine only.
func Loopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
