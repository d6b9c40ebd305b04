package boards

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/tavoliere/tavoliere/engine"
	"github.com/tavoliere/tavoliere/hw"
)

// FuzzReferee feeds arbitrary frame sequences, with commands mixed in, to a referee. It
// must never panic, never commit an illegal move, and its game must always be the replay of
// its own history.
func FuzzReferee(f *testing.F) {
	f.Add([]byte{0, 24, 1, 3, 24, 1, 3, 200, 0}, uint8(0))
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, uint8(1))
	f.Add([]byte{250, 251, 252, 253, 254, 255, 0, 0, 0}, uint8(2))
	games := []struct {
		id   string
		kind hw.SensorKind
	}{{"quadwrangle", hw.Presence}, {"crowded", hw.Polarity}, {"krypte", hw.Identity}}
	f.Fuzz(func(t *testing.T, script []byte, which uint8) {
		g := games[int(which)%len(games)]
		x := newRig(t, g.id, nil, g.kind, Human, Side(which/3%2))
		cells := x.layout.Cells()
		for i := 0; i+1 < len(script); i += 2 {
			op, arg := script[i], script[i+1]
			switch {
			case op < 200: // set a cell
				x.board.Set(int(op)%cells, hw.Reading(arg%4))
			case op < 220: // let time pass
				x.run(time.Duration(arg) * 10 * time.Millisecond)
			case op < 230:
				x.send(Message{Kind: CmdTakeback})
			case op < 240:
				legal := x.ref.State().Legal(nil)
				if len(legal) > 0 {
					x.send(Message{Kind: CmdChoose, Move: legal[int(arg)%len(legal)]})
				}
			case op < 250: // an AI result, maybe for an old position, maybe illegal
				x.send(Message{Kind: CmdAIResult, Version: uint64(arg % 8), Move: engine.Move(arg) * 37})
			default: // a frame of the wrong size, or from the past
				x.events = append(x.events, x.ref.HandleFrame(hw.Frame{At: x.now.Add(-time.Duration(arg) * time.Millisecond), Cells: make([]hw.Reading, int(arg)%70)})...)
			}
			x.run(tick)
		}
		x.run(time.Second)
		replay := x.rules.Start()
		for i, m := range x.ref.History() {
			if err := replay.Validate(m); err != nil {
				t.Fatalf("move %d %s was committed but is illegal: %v", i+1, x.rules.FormatMove(m), err)
			}
			replay.Play(m)
		}
		if replay.String() != x.ref.State().String() {
			t.Fatalf("referee's game %s is not the replay of its history %s", x.ref.State(), replay)
		}
		if Project(x.ref.State(), g.kind) != x.ref.Expected() {
			t.Fatal("the expected board is not the projection of the position")
		}
	})
}

// FuzzHands plays a short game of random legal moves with the simulated player's hands
// (its timing, order of work, fumbles, quick replies and takebacks all drawn from seed), on
// a game, sensor kind and seating chosen by the input, calm on a polled board or on a
// serial one, or blitz, sleight or waver hands, and requires that every move committed is
// the one the hands made and, for the hands the referee is held to (gated), that no move
// made is left uncommitted.
func FuzzHands(f *testing.F) {
	f.Add(uint64(1), uint8(0), uint8(0))
	f.Add(uint64(7), uint8(9), uint8(4))
	f.Add(uint64(108), uint8(13), uint8(0))
	f.Add(uint64(3), uint8(10), uint8(1<<4))
	f.Add(uint64(5), uint8(24), uint8(2<<4))
	f.Add(uint64(11), uint8(0), uint8(3<<4))
	f.Add(uint64(12), uint8(12), uint8(4<<4))
	f.Add(uint64(13), uint8(10), uint8(5<<4))
	f.Add(uint64(427), uint8(0x84), uint8(0xf4)) // Quad Wrangle, blitz: f7-e6, f2-g1, f7 read as e6, f2-g1 (fixed)
	f.Add(uint64(7893), uint8(0), uint8(0x50))   // Quad Wrangle, waver: a stone sliding on read as set down (fixed)
	f.Add(uint64(571), uint8(9), uint8(0x50))    // Push 4, waver: a push taken before its marble came down (fixed)
	f.Add(uint64(2369), uint8(1), uint8(0x40))   // Crowded, sleight: a disc fumbled before the capture read as turned (fixed)
	f.Add(uint64(640), uint8(7), uint8(0x50))    // Quixo for four, waver: a dot told by what follows alone (fixed)
	f.Add(uint64(2057), uint8(11), uint8(0x50))  // Quad Wrangle, waver: a slide made again before break read as a drop (fixed)
	f.Add(uint64(2418), uint8(19), uint8(0x32))  // Push, blitz against the AI: a reply setting the AI's rolled push back read as a takeback (fixed)
	f.Add(uint64(2331), uint8(11), uint8(0x50))  // Quad Wrangle, waver: a first move no reading of the moves after holds, asked (fixed)
	f.Add(uint64(2790), uint8(9), uint8(0x40))   // Push 4, sleight: a fumble and a push begun read as a push (fixed)
	f.Fuzz(fuzzHands)
}

// fuzzHands is FuzzHands's body: a game, sensor kind, seating and hands from game and
// seats, the hands' draws from seed.
func fuzzHands(t *testing.T, seed uint64, game, seats uint8) {
	p := playHands(t, seed, game, seats, 0)
	if p.figures.falseAccepts > 0 || p.figures.missed > 0 && gated(p.profile) {
		t.Fatalf("%s: %s\n%s", p.about(), p.figures, strings.Join(p.log, "\n"))
	}
}

// playHands plays FuzzHands's game: a game, sensor kind and seating from game and seats,
// the hands' draws from seed, and the player's patience.
func playHands(t *testing.T, seed uint64, game, seats uint8, patience time.Duration) *player {
	profiles := []string{"", "serial-500ms", "serial-1s", blitz, sleight, waver}
	games := []string{"quadwrangle", "crowded", "krypte", "quarto", "quantik", "quad", "quixo", "quixo4", "push", "push4", "xequeo"}
	kinds := []hw.SensorKind{hw.Presence, hw.Polarity, hw.Identity}
	id := games[int(game)%len(games)]
	x := newRig(t, id, nil, kinds[int(game)/len(games)%len(kinds)])
	sides := make([]Side, x.rules.Players())
	for i := range sides {
		sides[i] = Side(seats >> i & 1)
	}
	p := &player{x: x, rng: rand.New(rand.NewPCG(seed, 0x91a7e5)), bounce: map[int]bounce{}, sides: sides, patience: patience}
	p.hands(t, profiles[int(seats>>4)%len(profiles)])
	budget := 40
	p.play(&budget)
	return p
}

// about names the player's game: the rules, sensor kind, sides and hands.
func (p *player) about() string {
	return fmt.Sprintf("%s, %v, sides %v, hands %q", p.x.rules.ID(), p.x.layout.Kind(), p.sides, p.profile)
}
