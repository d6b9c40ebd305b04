package service

import (
	"bufio"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/boards"
	"github.com/tavoliere/tavoliere/cmd/tavoliere/kiosk"
	"github.com/tavoliere/tavoliere/engine/registry"
	"github.com/tavoliere/tavoliere/hw"
)

// TestSpectators puts 200 spectators on the event stream while a game of Krypte is played:
// every spectator sees every move, in order, and the test reports the time from publishing
// a state to its delivery.
func TestSpectators(t *testing.T) {
	const spectators = 200
	k := newKiosk(t, "krypte", []boards.Side{boards.Human, boards.Human}, hw.Presence, false)
	tr := &http.Transport{MaxConnsPerHost: 0, MaxIdleConnsPerHost: spectators}
	client := &http.Client{Transport: tr}
	type seen struct {
		mu      sync.Mutex // the test reads while the spectator writes
		moves   [][]string
		latency []time.Duration
		err     error
	}
	results := make([]seen, spectators)
	var wg sync.WaitGroup
	stop := make(chan struct{})
	ready := make(chan struct{}, spectators)
	for i := range spectators {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			resp, err := client.Get(k.http.URL + "/api/events")
			if err != nil {
				results[i].err = err
				ready <- struct{}{}
				return
			}
			defer resp.Body.Close()
			go func() { <-stop; resp.Body.Close() }()
			lines := bufio.NewScanner(resp.Body)
			lines.Buffer(make([]byte, 1<<20), 1<<20)
			first := true
			for lines.Scan() {
				data, ok := strings.CutPrefix(lines.Text(), "data: ")
				if !ok {
					continue
				}
				got := time.Now()
				var s kiosk.State
				if err := json.Unmarshal([]byte(data), &s); err != nil {
					select {
					case <-stop: // hung up mid-line by the test itself
					default:
						results[i].err = err
					}
					return
				}
				r := &results[i]
				r.mu.Lock()
				if !first {
					r.latency = append(r.latency, got.Sub(s.PublishedAt))
				}
				if n := len(r.moves); n == 0 || !slices.Equal(r.moves[n-1], s.Game.Moves) {
					r.moves = append(r.moves, s.Game.Moves)
				}
				r.mu.Unlock()
				if first {
					first = false
					ready <- struct{}{}
				}
			}
		}(i)
	}
	for range spectators {
		<-ready
	}
	if n := k.svc.hub.Count(); n != spectators {
		t.Fatalf("%d subscribers", n)
	}
	rules, _ := registry.New("krypte", nil)
	var played []string
	for len(played) < 20 {
		s := k.state()
		if s.Game.Over {
			break
		}
		pos, _ := rules.ParsePosition(s.Game.Position)
		legal := pos.Legal(nil)
		mv := rules.FormatMove(legal[len(played)%len(legal)])
		k.click(mv)
		k.waitFor(mv, func(s kiosk.State) bool { return len(s.Game.Moves) == len(played)+1 })
		played = append(played, mv)
	}
	// Let the last state reach everyone, then hang up.
	deadline := time.Now().Add(30 * time.Second)
	for {
		done := 0
		for i := range results {
			r := &results[i]
			r.mu.Lock()
			if n := len(r.moves); n > 0 && slices.Equal(r.moves[n-1], played) {
				done++
			}
			r.mu.Unlock()
		}
		if done == spectators || time.Now().After(deadline) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	close(stop)
	wg.Wait()
	var all []time.Duration
	for i := range results {
		r := &results[i]
		if r.err != nil {
			t.Fatalf("spectator %d: %v", i, r.err)
		}
		// Every list extends the one before, and the last is the whole game.
		for j := 1; j < len(r.moves); j++ {
			prev, cur := r.moves[j-1], r.moves[j]
			if len(cur) < len(prev) || !slices.Equal(cur[:len(prev)], prev) {
				t.Fatalf("spectator %d saw %v after %v", i, cur, prev)
			}
		}
		if n := len(r.moves); n == 0 || !slices.Equal(r.moves[n-1], played) {
			t.Fatalf("spectator %d ended with %v, the game was %v", i, r.moves[len(r.moves)-1], played)
		}
		all = append(all, r.latency...)
	}
	slices.Sort(all)
	t.Logf("%d spectators, %d moves, %d deliveries: publish to delivery median %v, p99 %v, max %v",
		spectators, len(played), len(all), all[len(all)/2], all[len(all)*99/100], all[len(all)-1])
}
