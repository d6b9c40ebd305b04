package main

import (
	"sync"
)

// hub hands the newest state to every subscriber. A slow subscriber never holds up the
// others and never queues: it is woken, and takes the newest state when it is ready. Each
// state is whole (the full move list), so nothing is lost by skipping one.
type hub struct {
	mu      sync.Mutex
	latest  []byte
	version uint64 // latest's
	subs    map[*subscriber]struct{}
}

type subscriber struct {
	wake chan struct{}
	mu   sync.Mutex
	next []byte
}

func newHub() *hub { return &hub{subs: map[*subscriber]struct{}{}} }

// publish makes state, of the given version, the newest one and wakes every subscriber. A
// state older than the one held is dropped: two publishers encode at once (the session's
// update and attract mode's demo), and the one that read the older facts may finish last.
func (h *hub) publish(version uint64, state []byte) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if version <= h.version && h.latest != nil {
		return
	}
	h.latest, h.version = state, version
	for s := range h.subs {
		s.mu.Lock()
		s.next = state
		s.mu.Unlock()
		select {
		case s.wake <- struct{}{}:
		default:
		}
	}
}

// current returns the newest state.
func (h *hub) current() []byte {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.latest
}

// subscribe returns a subscriber that already holds the newest state.
func (h *hub) subscribe() *subscriber {
	h.mu.Lock()
	defer h.mu.Unlock()
	s := &subscriber{wake: make(chan struct{}, 1), next: h.latest}
	if s.next != nil {
		s.wake <- struct{}{}
	}
	h.subs[s] = struct{}{}
	return s
}

func (h *hub) unsubscribe(s *subscriber) {
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(h.subs, s)
}

func (h *hub) count() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.subs)
}

// take returns the state the subscriber was woken for, or nil.
func (s *subscriber) take() []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	b := s.next
	s.next = nil
	return b
}
