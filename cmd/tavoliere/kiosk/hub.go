package kiosk

import (
	"sync"
)

// Hub hands the newest state to every Subscriber. A slow Subscriber never holds up the
// others and never queues: it is woken, and takes the newest state when it is ready. Each
// state is whole (the full move list), so nothing is lost by skipping one.
type Hub struct {
	mu      sync.Mutex
	latest  []byte
	version uint64 // latest's
	subs    map[*Subscriber]struct{}
}

type Subscriber struct {
	wake chan struct{}
	mu   sync.Mutex
	next []byte
}

func NewHub() *Hub { return &Hub{subs: map[*Subscriber]struct{}{}} }

// Publish makes state, of the given version, the newest one and wakes every Subscriber. A
// state older than the one held is dropped: two publishers encode at once (the session's
// update and attract mode's demo), and the one that read the older facts may finish last.
func (h *Hub) Publish(version uint64, state []byte) {
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

// Current returns the newest state.
func (h *Hub) Current() []byte {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.latest
}

// Subscribe returns a Subscriber that already holds the newest state.
func (h *Hub) Subscribe() *Subscriber {
	h.mu.Lock()
	defer h.mu.Unlock()
	s := &Subscriber{wake: make(chan struct{}, 1), next: h.latest}
	if s.next != nil {
		s.wake <- struct{}{}
	}
	h.subs[s] = struct{}{}
	return s
}

func (h *Hub) Unsubscribe(s *Subscriber) {
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(h.subs, s)
}

func (h *Hub) Count() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.subs)
}

// Wake is signalled when there is a state to take.
func (s *Subscriber) Wake() <-chan struct{} { return s.wake }

// Take returns the state the Subscriber was woken for, or nil.
func (s *Subscriber) Take() []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	b := s.next
	s.next = nil
	return b
}
