package xequeo

import (
	"math/rand/v2"
	"testing"

	"github.com/tavoliere/tavoliere/engine"
)

// TestTargets: over random matches under both metrics, Targets lists for every pawn the
// destinations Legal gives it.
func TestTargets(t *testing.T) {
	games := 300
	if short() {
		games = 40
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for _, metric := range []string{"euclid", "octile"} {
		for g := range games {
			r := mustRules(t, map[string]string{"distance": metric, "seed": string(rune('0' + g%10))})
			s := r.Start().(*State)
			var buf []engine.Move
			for !s.Outcome().Over {
				buf = s.Legal(buf[:0])
				if s.Phase() == Move {
					var want [Colours]engine.Bitboard
					for _, m := range buf {
						if kind, a, b := decode(m); kind == kindPawn {
							want[s.colourAt(engine.Square(a))] |= engine.Bit(engine.Square(b))
						}
					}
					at := s.Pawns()
					var occ engine.Bitboard
					for _, sq := range at {
						occ |= engine.Bit(sq)
					}
					for c, sq := range at {
						if got := r.Targets(occ, sq, s.Ring()); got != want[c] {
							t.Fatalf("%s: %v pawn: Targets %x, Legal %x", s, Colour(c), got, want[c])
						}
					}
				}
				s.Play(buf[rng.IntN(len(buf))])
			}
		}
	}
}

func TestMoveParts(t *testing.T) {
	r := mustRules(t, nil)
	for _, c := range []struct {
		move     string
		from, to string
		colour   string
	}{{"e4-c6", "e4", "c6", ""}, {"xq:R", "", "", "R"}, {"show:W", "", "", "W"}, {"@d4", "", "", ""}} {
		m, err := r.ParseMove(c.move)
		if err != nil {
			t.Fatal(err)
		}
		from, to, ok := MoveCells(m)
		if ok != (c.from != "") || ok && (r.geo.Name(from) != c.from || r.geo.Name(to) != c.to) {
			t.Errorf("MoveCells(%s) = %v %v %v", c.move, from, to, ok)
		}
		sq, ok := RingCell(m)
		if ok != (c.move[0] == '@') || ok && "@"+r.geo.Name(sq) != c.move {
			t.Errorf("RingCell(%s) = %v %v", c.move, sq, ok)
		}
		col, ok := MoveColour(m)
		if ok != (c.colour != "") || ok && string(col.Letter()) != c.colour {
			t.Errorf("MoveColour(%s) = %v %v", c.move, col, ok)
		}
	}
}
