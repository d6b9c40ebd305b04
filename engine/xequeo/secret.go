package xequeo

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// NonceSize is the length in bytes of a secret's nonce: 128 bits, so that nobody can find
// the colour behind a commitment by trying the seven colours.
const NonceSize = 16

// commitDomain opens the text a commitment hashes, so that a code of this game and version
// can never be read as the hash of anything else.
const commitDomain = "tavoliere xequeo commitment v2"

// ErrCommitment is wrapped by every verification that fails.
var ErrCommitment = errors.New("commitment does not verify")

// Secret is one player's secret for one round: the pawn chosen (the colour of the card put
// at the bottom of his pile) and a random nonce. It belongs to the player, never to the
// State: the referee learns the colour only when the card is shown.
//
// An AI commits to its secret when the round begins: the kiosk shows Commitment, and at the
// end of the round Reveal, from which anybody can check that the AI kept the pawn it chose:
//
//	printf '%s %s' 'tavoliere xequeo commitment v2' "$REVEAL" | sha256sum
//
// prints the code again. The code is the whole SHA-256, 256 bits: two reveals of one code
// are a SHA-256 collision, which nobody can find (the 32-bit code of v1 gave way to a
// birthday search in half a second on one core). The nonce keeps the colour hidden until
// the reveal.
type Secret struct {
	Round  int    // 1 for the first round of the match
	Colour Colour // the pawn chosen
	Nonce  [NonceSize]byte
}

// NewSecret returns the secret of colour c for round round, with a nonce from crypto/rand.
func NewSecret(round int, c Colour) (Secret, error) {
	var nonce [NonceSize]byte
	if _, err := rand.Read(nonce[:]); err != nil {
		return Secret{}, fmt.Errorf("xequeo: secret nonce: %w", err)
	}
	return SecretWithNonce(round, c, nonce[:])
}

// SecretWithNonce returns the secret of colour c for round round with the given nonce, which
// must be NonceSize bytes: for tests and for replaying a journal.
func SecretWithNonce(round int, c Colour, nonce []byte) (Secret, error) {
	switch {
	case round < 1:
		return Secret{}, fmt.Errorf("xequeo: secret for round %d: rounds count from 1", round)
	case c >= Colours:
		return Secret{}, fmt.Errorf("xequeo: secret of %v: not a pawn's colour", c)
	case len(nonce) != NonceSize:
		return Secret{}, fmt.Errorf("xequeo: secret nonce of %d bytes, want %d", len(nonce), NonceSize)
	}
	s := Secret{Round: round, Colour: c}
	copy(s.Nonce[:], nonce)
	return s, nil
}

// Reveal returns what the end of the round discloses: the round, the colour's letter and the
// nonce in hex, as "3 G 00112233445566778899aabbccddeeff".
func (s Secret) Reveal() string {
	return strconv.Itoa(s.Round) + " " + string(s.Colour.Letter()) + " " + hex.EncodeToString(s.Nonce[:])
}

// Commitment returns the code the kiosk shows while the round is played: SHA-256 over the
// domain string, a space and Reveal, in 64 hex digits.
func (s Secret) Commitment() string { return commitment(s.Reveal()) }

func commitment(reveal string) string {
	sum := sha256.Sum256([]byte(commitDomain + " " + reveal))
	return hex.EncodeToString(sum[:])
}

// String names the secret without giving it away: the round and the commitment.
func (s Secret) String() string {
	return "round " + strconv.Itoa(s.Round) + " commitment " + s.Commitment()
}

// ParseReveal reads the text Reveal writes.
func ParseReveal(text string) (Secret, error) {
	f := strings.Fields(text)
	if len(f) != 3 {
		return Secret{}, fmt.Errorf("xequeo: reveal %q: want <round> <colour letter> <nonce in hex>", text)
	}
	round, err := strconv.Atoi(f[0])
	if err != nil || strconv.Itoa(round) != f[0] {
		return Secret{}, fmt.Errorf("xequeo: reveal %q: round %q: want a number", text, f[0])
	}
	c := strings.Index(letters, f[1])
	if len(f[1]) != 1 || c < 0 {
		return Secret{}, fmt.Errorf("xequeo: reveal %q: colour %q: want one of R, O, Y, G, B, V, W", text, f[1])
	}
	nonce, err := hex.DecodeString(f[2])
	if err != nil || hex.EncodeToString(nonce) != f[2] {
		return Secret{}, fmt.Errorf("xequeo: reveal %q: nonce %q: want %d bytes in lower-case hex", text, f[2], NonceSize)
	}
	s, err := SecretWithNonce(round, Colour(c), nonce)
	if err != nil {
		return Secret{}, fmt.Errorf("xequeo: reveal %q: %w", text, err)
	}
	return s, nil
}

// VerifyCommitment checks that reveal is the secret behind the code shown during the round,
// and returns it. The text is read strictly, so that one commitment has one reveal.
func VerifyCommitment(code, reveal string) (Secret, error) {
	s, err := ParseReveal(reveal)
	if err != nil {
		return Secret{}, err
	}
	if got := s.Commitment(); got != code {
		return Secret{}, fmt.Errorf("xequeo: %w: %q hashes to %s, not %s", ErrCommitment, reveal, got, code)
	}
	return s, nil
}
