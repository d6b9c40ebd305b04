package main

import (
	"context"
	"crypto/subtle"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"time"
)

//go:embed kiosk
var kioskFiles embed.FS

// commandJSON is the body of POST /api/command (API.md).
type commandJSON struct {
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
}

// server is the kiosk's HTTP side: the page, the state, the event stream, the commands.
type server struct {
	svc       *service
	log       *slog.Logger
	token     string
	needToken bool
	ping      time.Duration
	done      <-chan struct{} // closed at shutdown: event streams end
}

func (h *server) routes() http.Handler {
	mux := http.NewServeMux()
	page, _ := fs.Sub(kioskFiles, "kiosk")
	files := http.FileServerFS(page)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			httpError(w, http.StatusMethodNotAllowed, "the page is read with GET")
			return
		}
		files.ServeHTTP(w, r)
	})
	mux.HandleFunc("GET /api/state", h.state)
	mux.HandleFunc("GET /api/events", h.events)
	mux.HandleFunc("/api/command", h.command)
	mux.HandleFunc("GET /api/token", h.tokenForLocal)
	return mux
}

func (h *server) state(w http.ResponseWriter, r *http.Request) {
	b := h.svc.hub.current()
	if b == nil {
		httpError(w, http.StatusServiceUnavailable, "the board has not been read yet")
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(b)
}

// events streams every new state as a server-sent event.
func (h *server) events(w http.ResponseWriter, r *http.Request) {
	fl, ok := w.(http.Flusher)
	if !ok {
		httpError(w, http.StatusInternalServerError, "streaming unsupported")
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Accel-Buffering", "no")
	sub := h.svc.hub.subscribe()
	defer h.svc.hub.unsubscribe(sub)
	ping := time.NewTicker(h.ping)
	defer ping.Stop()
	fl.Flush()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-h.done:
			return
		case <-ping.C:
			if _, err := io.WriteString(w, ": ping\n\n"); err != nil {
				return
			}
			fl.Flush()
		case <-sub.wake:
			b := sub.take()
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

func (h *server) command(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		httpError(w, http.StatusMethodNotAllowed, "commands are POSTed")
		return
	}
	if h.needToken && !h.authorised(r) {
		httpError(w, http.StatusUnauthorized, "this kiosk's commands need its token: Authorization: Bearer TOKEN")
		return
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxCommand))
	dec.DisallowUnknownFields()
	var c commandJSON
	if err := dec.Decode(&c); err != nil {
		httpError(w, http.StatusBadRequest, "malformed command: "+err.Error())
		return
	}
	if dec.More() {
		httpError(w, http.StatusBadRequest, "malformed command: more than one JSON value")
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), 5*time.Second)
	defer cancel()
	err := h.svc.command(ctx, c)
	switch {
	case err == nil:
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"ok":true}`)
	case errors.Is(err, errBadRequest):
		httpError(w, http.StatusBadRequest, err.Error())
	case errors.Is(err, errConflict):
		httpError(w, http.StatusConflict, err.Error())
	case errors.Is(err, errNotFound):
		httpError(w, http.StatusNotFound, err.Error())
	default:
		h.log.Error("command", "cmd", c.Cmd, "err", err)
		httpError(w, http.StatusServiceUnavailable, err.Error())
	}
}

func (h *server) authorised(r *http.Request) bool {
	got, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	return ok && subtle.ConstantTimeCompare([]byte(got), []byte(h.token)) == 1
}

// tokenForLocal gives the token to a browser on this machine (the kiosk's own screen).
func (h *server) tokenForLocal(w http.ResponseWriter, r *http.Request) {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if ip := net.ParseIP(host); err != nil || ip == nil || !ip.IsLoopback() {
		httpError(w, http.StatusForbidden, "the token is given only to the kiosk's own screen")
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	_ = json.NewEncoder(w).Encode(map[string]string{"token": h.token})
}

func httpError(w http.ResponseWriter, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(map[string]string{"error": msg})
}

// loopback reports whether a listen address reaches this machine only.
func loopback(addr string) bool {
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
