package quarto

import (
	"fmt"
	"strings"

	"github.com/tavoliere/tavoliere/engine"
)

// FormatPiece writes piece code c in the rule sheet's attribute letters: "BLRH".
func FormatPiece(c int) string {
	if c < 0 || c > 15 {
		return "?"
	}
	b := []byte("sLRH")
	if c&Tall != 0 {
		b[0] = 'B'
	}
	if c&Dark != 0 {
		b[1] = 'D'
	}
	if c&Square != 0 {
		b[2] = 'Q'
	}
	if c&Solid != 0 {
		b[3] = 'F'
	}
	return string(b)
}

// ParsePiece reads a piece's four letters, in either case.
func ParsePiece(text string) (int, error) {
	if len(text) != 4 {
		return NoPiece, fmt.Errorf("piece %q: want four letters, B or s, L or D, R or Q, H or F", text)
	}
	c := 0
	for i, pair := range [...]string{"SB", "LD", "RQ", "HF"} {
		switch strings.ToUpper(text[i : i+1]) {
		case pair[:1]:
		case pair[1:]:
			c |= 1 << i
		default:
			return NoPiece, fmt.Errorf("piece %q: letter %d must be %c or %c", text, i+1, pair[0], pair[1])
		}
	}
	return c, nil
}

// ParseMove implements engine.Rules.
func (r *Rules) ParseMove(text string) (engine.Move, error) {
	place, give, hasGive := strings.Cut(text, ":")
	sq, c := -1, NoPiece
	switch {
	case hasGive && (place == "" || give == ""):
		return 0, fmt.Errorf("move %q: want square:piece (c3:sLQF) on both sides of ':'", text)
	case hasGive:
	case len(text) == 4:
		place, give = "", text
	default:
		place, give = text, ""
	}
	if place != "" {
		s, err := r.geo.ParseSquare(strings.ToLower(place))
		if err != nil {
			return 0, fmt.Errorf("move %q: %w", text, err)
		}
		sq = int(s)
	}
	if give != "" {
		var err error
		if c, err = ParsePiece(give); err != nil {
			return 0, fmt.Errorf("move %q: %w", text, err)
		}
	}
	if sq < 0 && c < 0 {
		return 0, fmt.Errorf("move %q: want a square, a piece or square:piece (c3:sLQF)", text)
	}
	return pack(sq, c), nil
}

// FormatMove implements engine.Rules.
func (r *Rules) FormatMove(m engine.Move) string {
	sq, c := Unpack(m)
	if m == 0 || m>>10 != 0 || sq > 15 || c > 15 {
		return fmt.Sprintf("?%x", uint32(m))
	}
	switch {
	case sq < 0:
		return FormatPiece(c)
	case c < 0:
		return r.geo.Name(engine.Square(sq))
	}
	return r.geo.Name(engine.Square(sq)) + ":" + FormatPiece(c)
}

// ParsePosition implements engine.Rules.
func (r *Rules) ParsePosition(text string) (engine.State, error) {
	f := strings.Fields(text)
	if len(f) != 3 {
		return nil, fmt.Errorf("position %q: want <ranks 4…1> <piece held or -> <player 1 or 2>", text)
	}
	ranks := strings.Split(f[0], "/")
	if len(ranks) != 4 {
		return nil, fmt.Errorf("position: %d ranks, want 4 (rank 4 first)", len(ranks))
	}
	s := r.Start().(*State)
	s.avail = 0xFFFF
	for i, row := range ranks {
		rank := 3 - i
		file := 0
		for j := 0; j < len(row); file++ {
			if file > 3 {
				return nil, fmt.Errorf("position: rank %d %q has more than 4 squares", rank+1, row)
			}
			sq := rank*4 + file
			if row[j] == '.' {
				j++
				continue
			}
			if j+4 > len(row) {
				return nil, fmt.Errorf("position: rank %d: %q at %s: want '.' or four letters", rank+1, row[j:], r.geo.Name(engine.Square(sq)))
			}
			c, err := ParsePiece(row[j : j+4])
			if err != nil {
				return nil, fmt.Errorf("position: %s: %w", r.geo.Name(engine.Square(sq)), err)
			}
			if s.avail&(1<<c) == 0 {
				return nil, fmt.Errorf("position: %s: piece %s is on the board twice", r.geo.Name(engine.Square(sq)), FormatPiece(c))
			}
			s.put(sq, c)
			j += 4
		}
		if file != 4 {
			return nil, fmt.Errorf("position: rank %d %q has %d squares, want 4", rank+1, row, file)
		}
	}
	if f[1] != "-" {
		c, err := ParsePiece(f[1])
		if err != nil {
			return nil, fmt.Errorf("position: piece held: %w", err)
		}
		if s.avail&(1<<c) == 0 {
			return nil, fmt.Errorf("position: piece held %s is on the board", FormatPiece(c))
		}
		s.held = int8(c)
		s.avail &^= 1 << c
	}
	switch f[2] {
	case "1", "2":
		s.turn = f[2][0] - '1'
	default:
		return nil, fmt.Errorf("position: player to move %q: want 1 or 2", f[2])
	}
	s.won = s.anyWin()
	switch {
	case s.held >= 0 && (s.won || s.occ == 0xFFFF):
		return nil, fmt.Errorf("position: the game is over, yet %s is held", FormatPiece(int(s.held)))
	case s.held < 0 && !s.won && s.occ != 0 && s.occ != 0xFFFF:
		return nil, fmt.Errorf("position: no piece held: the player to move must have been given one")
	}
	s.hash = s.computeHash()
	return s, nil
}

// String implements engine.State.
func (s *State) String() string {
	var b strings.Builder
	for rank := 3; rank >= 0; rank-- {
		if rank < 3 {
			b.WriteByte('/')
		}
		for file := range 4 {
			if c := s.board[rank*4+file]; c >= 0 {
				b.WriteString(FormatPiece(int(c)))
			} else {
				b.WriteByte('.')
			}
		}
	}
	b.WriteByte(' ')
	if s.held >= 0 {
		b.WriteString(FormatPiece(int(s.held)))
	} else {
		b.WriteByte('-')
	}
	b.WriteString([]string{" 1", " 2"}[s.turn])
	return b.String()
}
