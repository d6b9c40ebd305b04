package xequeo

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// The codes were computed outside Go, with the shell line of the Secret doc:
// printf '%s %s' 'tavoliere xequeo commitment v2' "$REVEAL" | sha256sum.
func TestCommitmentVectors(t *testing.T) {
	seq := make([]byte, NonceSize)
	for i := range seq {
		seq[i] = byte(i)
	}
	for _, c := range []struct {
		round  int
		colour Colour
		nonce  []byte
		reveal string
		code   string
	}{
		{3, Green, seq, "3 G 000102030405060708090a0b0c0d0e0f", "3ddcf17e2d264616181647a32177d895fe1648f86e4351fafb7068ec9121cb8f"},
		{1, Red, make([]byte, NonceSize), "1 R 00000000000000000000000000000000", "db482f68e3a9787b43d6c12966d9f8d2275d5933287ab43cc6867673535b9c4c"},
	} {
		s, err := SecretWithNonce(c.round, c.colour, c.nonce)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.Reveal(); got != c.reveal {
			t.Errorf("Reveal = %q, want %q", got, c.reveal)
		}
		if got := s.Commitment(); got != c.code {
			t.Errorf("%q: Commitment = %s, want %s", c.reveal, got, c.code)
		}
		got, err := VerifyCommitment(c.code, c.reveal)
		if err != nil || got != s {
			t.Errorf("VerifyCommitment(%s, %q) = %+v, %v; want %+v", c.code, c.reveal, got, err, s)
		}
		if strings.Contains(s.String(), string(c.colour.Letter())+" ") || !strings.Contains(s.String(), c.code) {
			t.Errorf("String %q should give the commitment, not the colour", s)
		}
	}
}

// TestCommitmentBinds: every other colour, a nonce changed in any byte, another round, or
// a reveal written differently fails against the code.
func TestCommitmentBinds(t *testing.T) {
	const code, reveal = "3ddcf17e2d264616181647a32177d895fe1648f86e4351fafb7068ec9121cb8f", "3 G 000102030405060708090a0b0c0d0e0f"
	var bad []string
	for _, l := range "ROYBVW" {
		bad = append(bad, "3 "+string(l)+" 000102030405060708090a0b0c0d0e0f")
	}
	for i := range NonceSize * 2 {
		b := []byte(reveal)
		j := 4 + i
		if b[j] == '0' {
			b[j] = '1'
		} else {
			b[j] = '0'
		}
		bad = append(bad, string(b))
	}
	bad = append(bad, "2 G 000102030405060708090a0b0c0d0e0f", "4 G 000102030405060708090a0b0c0d0e0f")
	for _, r := range bad {
		if _, err := VerifyCommitment(code, r); !errors.Is(err, ErrCommitment) {
			t.Errorf("VerifyCommitment(%s, %q) = %v, want ErrCommitment", code, r, err)
		}
	}
	for _, r := range []string{
		"", "3 G", "03 G 000102030405060708090a0b0c0d0e0f", "3 g 000102030405060708090a0b0c0d0e0f",
		"3 X 000102030405060708090a0b0c0d0e0f", "3 G 000102030405060708090A0B0C0D0E0F",
		"3 G 000102030405060708090a0b0c0d0e", "0 G 000102030405060708090a0b0c0d0e0f",
		"3 G 000102030405060708090a0b0c0d0e0f extra",
	} {
		if _, err := VerifyCommitment(code, r); err == nil || errors.Is(err, ErrCommitment) {
			t.Errorf("VerifyCommitment(%q) = %v, want a reading error", r, err)
		}
	}
}

func TestNewSecret(t *testing.T) {
	a, err := NewSecret(2, Violet)
	if err != nil {
		t.Fatal(err)
	}
	b, err := NewSecret(2, Violet)
	if err != nil {
		t.Fatal(err)
	}
	if a.Nonce == b.Nonce || a.Commitment() == b.Commitment() {
		t.Errorf("two secrets of the same colour share a nonce or a code: %v, %v", a, b)
	}
	if got, err := VerifyCommitment(a.Commitment(), a.Reveal()); err != nil || got != a {
		t.Errorf("a fresh secret does not verify: %v", err)
	}
	for _, c := range []struct {
		round  int
		colour Colour
		nonce  int
	}{{0, Red, NonceSize}, {1, Colours, NonceSize}, {1, Red, NonceSize - 1}} {
		if _, err := SecretWithNonce(c.round, c.colour, make([]byte, c.nonce)); err == nil {
			t.Errorf("SecretWithNonce(%d, %d, %d bytes) accepted", c.round, c.colour, c.nonce)
		}
	}
}

// The kiosk shows the code while the round is played; at its end anybody can check the
// reveal against it.
func ExampleVerifyCommitment() {
	nonce := []byte("0123456789abcdef") // crypto/rand's, in play: NewSecret
	s, err := SecretWithNonce(2, Blue, nonce)
	if err != nil {
		panic(err)
	}
	code, reveal := s.Commitment(), s.Reveal()
	fmt.Println("during the round:", code)
	fmt.Println("at its end:", reveal)
	got, err := VerifyCommitment(code, reveal)
	fmt.Println("verified:", got.Colour, err)
	_, err = VerifyCommitment(code, strings.Replace(reveal, " B ", " G ", 1))
	fmt.Println("green instead:", errors.Is(err, ErrCommitment))
	// Output:
	// during the round: 2ef3c0a08ffe58dc709b5ec4db011b28cdf49b1ca63477c8eceea2ba0d57e77d
	// at its end: 2 B 30313233343536373839616263646566
	// verified: blue <nil>
	// green instead: true
}
