package boards

// Regression tests from the simulated player's games of 2026-11-28's sixteenth session
// (FuzzHands, seeds 2000-2999), each failing before its fix.

import (
	"math/rand/v2"
	"testing"

	"github.com/tavoliere/tavoliere/hw"
)

// TestWaverFuzzQuixo4DotsAskedNotReadFromWhatFollows: Quixo for four on presence and
// polarity sensors, waver hands (FuzzHands seed 640, games 7 and 18; 2038, game 7; 2424,
// game 7; 2405, game 18). a1-a5's dot is answered after eight more pushes; of e2-e1.1 and
// e2-e1.2, only .1's reading of the seven after it was found (.2's search ran out of its
// budget), and .1 was taken: .2 was made, a FALSE ACCEPT. The two read apart because e1's
// cube is the same one, dot and all, before and after .2 alone, though the sensors see
// the same work either way (presence and polarity sensors do not read dots). A dot the
// sensors cannot see is asked (rules, decision 14).
func TestWaverFuzzQuixo4DotsAskedNotReadFromWhatFollows(t *testing.T) {
	for _, g := range [][2]uint64{{640, 7}, {640, 18}, {2038, 7}, {2424, 7}, {2405, 18}} {
		fuzzHands(t, g[0], uint8(g[1]), 0x50)
	}
}

// TestPushesAlikeReadAlike: in positions from random Quixo for four games, every two
// pushes along the same line from the same entry (the dots apart) read alike (readKey) on
// presence and polarity sensors, which do not read a dot, whatever cubes they leave.
func TestPushesAlikeReadAlike(t *testing.T) {
	rng := rand.New(rand.NewPCG(58, 1))
	for _, kind := range []hw.SensorKind{hw.Presence, hw.Polarity} {
		x := newRig(t, "quixo4", nil, kind)
		pairs := 0
		for game := 0; game < 20; game++ {
			s := x.rules.Start()
			for ply := 0; ply < 60 && !s.Outcome().Over; ply++ {
				ms := s.Legal(nil)
				for i, a := range ms {
					fa := s.Footprint(a)
					for _, b := range ms[i+1:] {
						fb := s.Footprint(b)
						if fa.Line != fb.Line || fa.Entry != fb.Entry {
							continue
						}
						pairs++
						if x.ref.readKey(fa) != x.ref.readKey(fb) {
							t.Fatalf("%v: %s and %s read apart after %d moves", kind, x.rules.FormatMove(a), x.rules.FormatMove(b), ply)
						}
					}
				}
				s.Play(ms[rng.IntN(len(ms))])
			}
		}
		if pairs == 0 {
			t.Fatalf("%v: no pushes alike in 20 games", kind)
		}
	}
}
