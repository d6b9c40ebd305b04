package main

import (
	"testing"
	"time"
)

// TestHubKeepsTheNewest: two publishers encode at once (the session's update and attract
// mode's demo); the state read from the older facts may reach the hub last. Seen under the
// race detector: the demo's frame, read before a question opened, was published after the
// question's, and the page showed the demo and no question for good.
func TestHubKeepsTheNewest(t *testing.T) {
	h := newHub()
	sub := h.subscribe()
	defer h.unsubscribe(sub)
	h.publish(2, []byte("question"))
	h.publish(1, []byte("demo, before the question"))
	if got := string(h.current()); got != "question" {
		t.Fatalf("current %q, want the newest state", got)
	}
	select {
	case <-sub.wake:
	case <-time.After(time.Second):
		t.Fatal("the subscriber was not woken")
	}
	sub.mu.Lock()
	next := string(sub.next)
	sub.mu.Unlock()
	if next != "question" {
		t.Fatalf("the subscriber holds %q, want the newest state", next)
	}
	h.publish(3, []byte("later"))
	if got := string(h.current()); got != "later" {
		t.Fatalf("current %q after a newer state", got)
	}
}
