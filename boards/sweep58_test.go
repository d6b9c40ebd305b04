package boards

// Regression tests from the simulated player's games of 2026-11-28's sixteenth session
// (FuzzHands, seeds 2000-2999), each failing before its fix.

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"

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

// TestWaverFuzzQuadWrangleSlideTakenBackThenMadeBeforeBreak: Quad Wrangle on polarity and
// identity sensors, waver hands (FuzzHands seed 2057, games 11 and 22). a6's stone is slid
// to e6 over b6 and back, then on to b6, b6 filled a scan before a6 read empty; the next
// player drops on a6, then b6-g1, c5 and b7 follow. Seen: the drop on a6 read as the
// stone put back after a6-e6, before a6-b6 began, so a6-b6 had no reading; g1 was taken,
// a drop nobody made (a FALSE ACCEPT). A slide made again after it was taken back may fill
// its square before its own square reads empty.
func TestWaverFuzzQuadWrangleSlideTakenBackThenMadeBeforeBreak(t *testing.T) {
	for _, g := range []uint8{11, 22} {
		fuzzHands(t, 2057, g, 0x50)
	}
	x := newRig(t, "quadwrangle", nil, hw.Presence, Human, Human)
	base := "b7-e4 b1-b3 b1 d1-d2 f7-d5 b3-b2 e5 b1-d3"
	quartoResume(t, x, strings.Fields(base)...)
	x.handsAt("0 -a6", "120 +b6", "200 -b6", "240 +c6", "320 -c6", "340 +d6", "380 -d6",
		"400 +e6", "580 -e6", "640 +a6", "820 +b6", "860 -a6", "900 -f1", "960 +g1",
		"1120 -g1", "1240 +f1", "1340 +a6", "1460 -b6", "1580 +c5", "1640 -c5", "1680 +d4",
		"1780 -d4", "1800 +e3", "1900 -e3", "1940 +f2", "2000 +g1", "2020 -f2", "2340 -f1",
		"2480 +f1", "2640 -g2", "2840 +g2", "2940 -g3", "3080 +f3", "3140 +e3", "3160 -f3",
		"3280 -e3", "3380 +g3", "3460 +c5", "3620 +e6", "3640 -d7", "3800 -e6", "3880 +d7",
		"4020 +b7", "4280 -a6", "4380 +a6")
	x.run(4 * time.Second)
	x.wantTakenOrAnswered(base, "a6-b6", "a6", "b6-g1", "c5", "b7")
}
