package kiosk

import (
	"testing"
	"time"
)

// TestHubKeepsTheNewest: two publishers encode at once (the session's update and attract
// mode's demo); the state read from the older facts may reach the hub last. Seen under the
// race detector: the demo's frame, read before a question opened, was published after the
// question's, and the page showed the demo and no question for good.
func TestHubKeepsTheNewest(t *testing.T) {
	h := NewHub()
	sub := h.Subscribe()
	defer h.Unsubscribe(sub)
	h.Publish(2, []byte("question"))
	h.Publish(1, []byte("demo, before the question"))
	if got := string(h.Current()); got != "question" {
		t.Fatalf("current %q, want the newest state", got)
	}
	select {
	case <-sub.Wake():
	case <-time.After(time.Second):
		t.Fatal("the subscriber was not woken")
	}
	sub.mu.Lock()
	next := string(sub.next)
	sub.mu.Unlock()
	if next != "question" {
		t.Fatalf("the subscriber holds %q, want the newest state", next)
	}
	h.Publish(3, []byte("later"))
	if got := string(h.Current()); got != "later" {
		t.Fatalf("current %q after a newer state", got)
	}
}
