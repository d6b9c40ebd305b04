package xequeo

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tavoliere/tavoliere/engine"
)

// ParseMove implements engine.Rules.
func (r *Rules) ParseMove(text string) (engine.Move, error) {
	colour := func(s string) (Colour, error) {
		if i := strings.Index(letters, s); len(s) == 1 && i >= 0 {
			return Colour(i), nil
		}
		return 0, fmt.Errorf("move %q: colour %q: want one of R, O, Y, G, B, V, W", text, s)
	}
	switch {
	case strings.HasPrefix(text, "@"):
		sq, err := r.geo.ParseSquare(text[1:])
		if err != nil {
			return 0, fmt.Errorf("move %q: %w", text, err)
		}
		return RingAt(sq), nil
	case strings.HasPrefix(text, "xq:"):
		c, err := colour(text[3:])
		return Challenge(c), err
	case strings.HasPrefix(text, "show:"):
		c, err := colour(text[5:])
		return Show(c), err
	}
	from, to, ok := strings.Cut(text, "-")
	if !ok {
		return 0, fmt.Errorf("move %q: want @d4, e4-c6, xq:R or show:R", text)
	}
	a, err := r.geo.ParseSquare(from)
	if err != nil {
		return 0, fmt.Errorf("move %q: %w", text, err)
	}
	b, err := r.geo.ParseSquare(to)
	if err != nil {
		return 0, fmt.Errorf("move %q: %w", text, err)
	}
	return PawnMove(a, b), nil
}

// FormatMove implements engine.Rules.
func (r *Rules) FormatMove(m engine.Move) string {
	kind, a, b := decode(m)
	switch kind {
	case kindPawn:
		return r.geo.Name(engine.Square(a)) + "-" + r.geo.Name(engine.Square(b))
	case kindRing:
		return "@" + r.geo.Name(engine.Square(b))
	case kindChallenge:
		return "xq:" + letters[b:b+1]
	case kindShow:
		return "show:" + letters[b:b+1]
	}
	return fmt.Sprintf("?%x", uint32(m))
}

// ParsePosition implements engine.Rules. It refuses what no match can reach, and says what.
func (r *Rules) ParsePosition(text string) (engine.State, error) {
	f := strings.Fields(text)
	if len(f) < 5 {
		return nil, fmt.Errorf("position %q: want <ranks> <ring> <rings> <phase> [<claim>…] <moves>", text)
	}
	var p position
	if err := r.parseRanks(f[0], &p); err != nil {
		return nil, err
	}
	p.ring = engine.NoSquare
	if f[1] != "-" {
		sq, err := r.geo.ParseSquare(f[1])
		if err != nil {
			return nil, fmt.Errorf("position: ring: %w", err)
		}
		p.ring = sq
	}
	a, b, ok := strings.Cut(f[2], "-")
	if !ok || len(a) != 1 || len(b) != 1 || a[0] < '0' || a[0] > '4' || b[0] < '0' || b[0] > '4' {
		return nil, fmt.Errorf("position: rings %q: want <Player 1's>-<Player 2's>, each 0…4", f[2])
	}
	p.rings = [2]uint8{a[0] - '0', b[0] - '0'}
	if err := parsePhase(f[3], f[4:len(f)-1], &p); err != nil {
		return nil, err
	}
	moves := f[len(f)-1]
	ply, err := strconv.Atoi(moves)
	if err != nil || ply < 0 || strconv.Itoa(ply) != moves {
		return nil, fmt.Errorf("position: moves played %q: want a number", moves)
	}
	p.ply = ply
	if err := r.consistent(&p); err != nil {
		return nil, fmt.Errorf("position: %w", err)
	}
	return r.newState(p), nil
}

func (r *Rules) parseRanks(text string, p *position) error {
	rows := strings.Split(text, "/")
	if len(rows) != size {
		return fmt.Errorf("position: %d ranks, want 7 (rank 7 first)", len(rows))
	}
	var seen [Colours]bool
	for i, row := range rows {
		rank := size - 1 - i
		if len(row) != size {
			return fmt.Errorf("position: rank %d %q has %d cells, want 7", rank+1, row, len(row))
		}
		for file := range size {
			sq := r.geo.Square(file, rank)
			if row[file] == '.' {
				continue
			}
			c := strings.IndexByte(letters, row[file])
			if c < 0 {
				return fmt.Errorf("position: %q at %s: want one of R, O, Y, G, B, V, W or '.'", row[file], r.geo.Name(sq))
			}
			if seen[c] {
				return fmt.Errorf("position: two %s pawns", Colour(c))
			}
			seen[c] = true
			p.at[c] = sq
		}
	}
	for c, ok := range seen {
		if !ok {
			return fmt.Errorf("position: no %s pawn: the seven pawns never leave the board", Colour(c))
		}
	}
	return nil
}

func parsePhase(phase string, claim []string, p *position) error {
	name, who, _ := strings.Cut(phase, ":")
	if name == "over" && who == "" {
		p.phase = Over
		if len(claim) != 0 {
			return fmt.Errorf("position: %q after the match is over", strings.Join(claim, " "))
		}
		// Turn is the loser's, who would place the next ring.
		if p.rings[Player1] == RingsToWin {
			p.turn = Player2
		}
		return nil
	}
	switch who {
	case "1":
		p.turn = Player1
	case "2":
		p.turn = Player2
	default:
		return fmt.Errorf("position: phase %q: want place:1, move:1, show:1 (or 2), or over", phase)
	}
	colour := func(tok, prefix string) (Colour, bool) {
		rest, ok := strings.CutPrefix(tok, prefix)
		i := strings.Index(letters, rest)
		return Colour(i), ok && len(rest) == 1 && i >= 0
	}
	switch name {
	case "place", "move":
		p.phase = Place
		if name == "move" {
			p.phase = Move
		}
		if len(claim) != 0 {
			return fmt.Errorf("position: %q in the %s phase: a claim belongs to a show phase", strings.Join(claim, " "), name)
		}
		return nil
	case "show":
	default:
		return fmt.Errorf("position: phase %q: want place, move, show or over", name)
	}
	switch c, ok := colour(firstOf(claim), "in:"); {
	case ok && len(claim) == 1:
		p.phase, p.claim = ShowEntered, c
		return nil
	case ok && len(claim) == 2:
		shown, ok := colour(claim[1], "shown:")
		if !ok {
			return fmt.Errorf("position: %q: want shown: and the colour the mover showed", claim[1])
		}
		p.phase, p.claim, p.shown = ShowAnswer, c, shown
		return nil
	}
	if c, ok := colour(firstOf(claim), "xq:"); ok && len(claim) == 1 {
		p.phase, p.claim = ShowChallenged, c
		return nil
	}
	return fmt.Errorf("position: show phase with %q: want in:C, in:C shown:C or xq:C (C a colour letter)", strings.Join(claim, " "))
}

func firstOf(s []string) string {
	if len(s) == 0 {
		return ""
	}
	return s[0]
}

// consistent checks that a match can reach p.
func (r *Rules) consistent(p *position) error {
	g := r.geo
	won := int(p.rings[0]) + int(p.rings[1])
	switch {
	case p.rings[0] == RingsToWin && p.rings[1] == RingsToWin:
		return fmt.Errorf("both players have four rings")
	case p.phase == Over && max(p.rings[0], p.rings[1]) < RingsToWin:
		return fmt.Errorf("the match is over but nobody has four rings")
	case p.phase != Over && max(p.rings[0], p.rings[1]) == RingsToWin:
		return fmt.Errorf("a player has four rings but the match goes on")
	case (p.phase == Place || p.phase == Over) && p.ring != engine.NoSquare:
		return fmt.Errorf("a ring on %s in the %s phase", g.Name(p.ring), phaseName(p.phase))
	case p.phase != Place && p.phase != Over && p.ring == engine.NoSquare:
		return fmt.Errorf("no ring in the %s phase", phaseName(p.phase))
	}
	on := Colour(Colours) // the pawn on the ring
	for c, sq := range p.at {
		if sq == p.ring {
			on = Colour(c)
		}
	}
	switch p.phase {
	case Move, ShowChallenged:
		if on < Colours {
			return fmt.Errorf("the %s pawn stands in the ring on %s but no claim is made: a pawn entering the ring ends the moves", on, g.Name(p.ring))
		}
	case ShowEntered, ShowAnswer:
		if on != p.claim {
			return fmt.Errorf("the %s pawn entered the ring, but it is not on %s", p.claim, g.Name(p.ring))
		}
	}
	// The fewest moves that reach the phase: each round ended took three at least (the ring,
	// a challenge, the card).
	least := 3*won + [...]int{Place: 0, Move: 1, ShowEntered: 2, ShowAnswer: 3, ShowChallenged: 2, Over: 0}[p.phase]
	if p.ply < least {
		return fmt.Errorf("%d moves played: this phase with %d rings won takes %d at least", p.ply, won, least)
	}
	if won > 0 {
		return nil
	}
	// Round 1: Player 1 placed the ring at move 0, then the players alternated, Player 2
	// acting at odd counts, except that a pawn's mover shows his card right after his move.
	if p.phase == Place {
		if p.ply != 0 || p.turn != Player1 {
			return fmt.Errorf("the first ring is placed by Player 1, at move 0")
		}
		return nil
	}
	acts := p.ply & 1
	if p.phase == ShowEntered || p.phase == ShowAnswer {
		acts ^= 1
	}
	if int(p.turn) != acts {
		return fmt.Errorf("round 1 after %d moves: %s acts, not %s", p.ply, r.PlayerName(acts), r.PlayerName(int(p.turn)))
	}
	return nil
}

func phaseName(ph Phase) string {
	return [...]string{"place", "move", "show", "show", "show", "over"}[ph]
}

// String implements engine.State.
func (s *State) String() string {
	p, g := &s.pos, s.r.geo
	var b strings.Builder
	for rank := size - 1; rank >= 0; rank-- {
		for file := range size {
			sq := g.Square(file, rank)
			if c := s.colourAt(sq); c < Colours {
				b.WriteByte(c.Letter())
			} else {
				b.WriteByte('.')
			}
		}
		if rank > 0 {
			b.WriteByte('/')
		}
	}
	b.WriteByte(' ')
	b.WriteString(g.Name(p.ring)) // "-" for NoSquare
	b.WriteString(" " + strconv.Itoa(int(p.rings[0])) + "-" + strconv.Itoa(int(p.rings[1])) + " ")
	who := strconv.Itoa(int(p.turn) + 1)
	switch p.phase {
	case Place:
		b.WriteString("place:" + who)
	case Move:
		b.WriteString("move:" + who)
	case ShowEntered:
		b.WriteString("show:" + who + " in:" + string(p.claim.Letter()))
	case ShowAnswer:
		b.WriteString("show:" + who + " in:" + string(p.claim.Letter()) + " shown:" + string(p.shown.Letter()))
	case ShowChallenged:
		b.WriteString("show:" + who + " xq:" + string(p.claim.Letter()))
	case Over:
		b.WriteString("over")
	}
	b.WriteString(" " + strconv.Itoa(p.ply))
	return b.String()
}
