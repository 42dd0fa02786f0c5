package chacha20poly1305

import (
	"bytes"
	"crypto/cipher"
	"math/rand/v2"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
	xaead "golang.org/x/crypto/chacha20poly1305"
)

// variant is one of the two AEADs with its x/crypto twin.
type variant struct {
	name      string
	new, newX func([]byte) (cipher.AEAD, error) // carry's and x/crypto's
	nonceSize int
}

var variants = []variant{
	{"ChaCha20-Poly1305", New, xaead.New, NonceSize},
	{"XChaCha20-Poly1305", NewX, xaead.NewX, NonceSizeX},
}

// differentialLengths returns every length from 0 to 1024, the lengths
// around every multiple of 64 bytes (one ChaCha20 block) up to 40 blocks
// and around every multiple of 256, 512 and 1024 bytes (the 4-, 8- and
// 16-block widths) up to 8 KiB, and some random lengths up to 128 KiB.
func differentialLengths(rng *rand.Rand) []int {
	seen := map[int]bool{}
	var ls []int
	add := func(n int) {
		if n >= 0 && !seen[n] {
			seen[n] = true
			ls = append(ls, n)
		}
	}
	for n := range 1025 {
		add(n)
	}
	for b := 1; b <= 40; b++ {
		for _, d := range []int{-17, -16, -15, -1, 0, 1, 15, 16, 17} {
			add(64*b + d)
		}
	}
	for w := 256; w <= 8192; w += 256 {
		for _, d := range []int{-65, -64, -63, -1, 0, 1, 63, 64, 65} {
			add(w + d)
		}
	}
	for range 12 {
		add(rng.IntN(1 << 17))
	}
	return ls
}

// randAD returns additional data of a length drawn from 0, a multiple of 16,
// a short length and a long one.
func randAD(rng *rand.Rand) []byte {
	var n int
	switch rng.IntN(4) {
	case 0:
	case 1:
		n = 16 * rng.IntN(5)
	case 2:
		n = rng.IntN(40)
	default:
		n = rng.IntN(600)
	}
	return randBytes(rng, n)
}

func randBytes(rng *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
	return b
}

// TestDifferential compares Seal and Open with x/crypto at every length of
// differentialLengths, with and without additional data, into a new slice,
// appended to a prefix, and in place.
func TestDifferential(t *testing.T) {
	forEachImpl(t, func(t *testing.T) {
		rng := testutil.Rand(t)
		for _, v := range variants {
			for _, n := range differentialLengths(rng) {
				key := randBytes(rng, KeySize)
				nonce := randBytes(rng, v.nonceSize)
				ad := randAD(rng)
				pt := randBytes(rng, n)
				a, _ := v.new(key)
				x, _ := v.newX(key)
				want := x.Seal(nil, nonce, pt, ad)

				if got := a.Seal(nil, nonce, pt, ad); !bytes.Equal(got, want) {
					t.Fatalf("%s: length %d, ad %d: Seal differs from x/crypto", v.name, n, len(ad))
				}
				prefix := randBytes(rng, rng.IntN(20))
				if got := a.Seal(bytes.Clone(prefix), nonce, pt, ad); !bytes.Equal(got, append(bytes.Clone(prefix), want...)) {
					t.Fatalf("%s: length %d, ad %d: Seal after a prefix differs from x/crypto", v.name, n, len(ad))
				}
				buf := make([]byte, n, n+Overhead)
				copy(buf, pt)
				if got := a.Seal(buf[:0], nonce, buf, ad); !bytes.Equal(got, want) || &got[0] != &buf[:1][0] {
					t.Fatalf("%s: length %d, ad %d: Seal in place differs from x/crypto", v.name, n, len(ad))
				}

				if got, err := a.Open(nil, nonce, want, ad); err != nil || !bytes.Equal(got, pt) {
					t.Fatalf("%s: length %d, ad %d: Open: %v", v.name, n, len(ad), err)
				}
				if got, err := a.Open(bytes.Clone(prefix), nonce, want, ad); err != nil || !bytes.Equal(got, append(bytes.Clone(prefix), pt...)) {
					t.Fatalf("%s: length %d, ad %d: Open after a prefix: %v", v.name, n, len(ad), err)
				}
				sealed := bytes.Clone(want)
				if got, err := a.Open(sealed[:0], nonce, sealed, ad); err != nil || !bytes.Equal(got, pt) {
					t.Fatalf("%s: length %d, ad %d: Open in place: %v", v.name, n, len(ad), err)
				}
			}
		}
	})
}

// TestDifferentialShort compares Seal and Open (through New, which
// takes the short kernels up to 64 bytes with at most 16 bytes of
// additional data and the fused ones up to 192) with x/crypto at every
// length from 0 to 260 bytes and additional data of 0 to 20, 31, 32, 33 and
// 64 bytes, into a new slice, after a prefix, in place and over the tag,
// and a forgery in place (refused, output zeroed); with -long,
// 40 random messages for each pair of lengths, else one.
func TestDifferentialShort(t *testing.T) {
	rng := testutil.Rand(t)
	reps := 1
	if *long {
		reps = 40
	}
	adLens := []int{31, 32, 33, 64}
	for a := range 21 {
		adLens = append(adLens, a)
	}
	forEachImpl(t, func(t *testing.T) {
		for n := 0; n <= 260; n++ {
			for _, adLen := range adLens {
				for range reps {
					differentialShortOne(t, rng, n, adLen)
				}
			}
		}
	})
}

func differentialShortOne(t *testing.T, rng *rand.Rand, n, adLen int) {
	key, nonce := randBytes(rng, KeySize), randBytes(rng, NonceSize)
	var pt, ad []byte
	switch rng.IntN(4) {
	case 0:
		pt, ad = bytes.Repeat([]byte{0xff}, n), bytes.Repeat([]byte{0xff}, adLen)
	default:
		pt, ad = randBytes(rng, n), randBytes(rng, adLen)
	}
	if adLen == 0 && rng.IntN(2) == 0 {
		ad = nil
	}
	a, _ := New(key)
	x, _ := xaead.New(key)
	want := x.Seal(nil, nonce, pt, ad)
	if got := a.Seal(nil, nonce, pt, ad); !bytes.Equal(got, want) {
		t.Fatalf("n %d, ad %d: Seal differs from x/crypto", n, adLen)
	}
	prefix := randBytes(rng, 1+rng.IntN(9))
	if got := a.Seal(bytes.Clone(prefix), nonce, pt, ad); !bytes.Equal(got, append(bytes.Clone(prefix), want...)) {
		t.Fatalf("n %d, ad %d: Seal after a prefix differs", n, adLen)
	}
	buf := make([]byte, n, n+Overhead)
	copy(buf, pt)
	if got := a.Seal(buf[:0], nonce, buf, ad); !bytes.Equal(got, want) {
		t.Fatalf("n %d, ad %d: Seal in place differs", n, adLen)
	}
	if got, err := a.Open(nil, nonce, want, ad); err != nil || !bytes.Equal(got, pt) {
		t.Fatalf("n %d, ad %d: Open: %v", n, adLen, err)
	}
	if got, err := a.Open(bytes.Clone(prefix), nonce, want, ad); err != nil || !bytes.Equal(got, append(bytes.Clone(prefix), pt...)) {
		t.Fatalf("n %d, ad %d: Open after a prefix: %v", n, adLen, err)
	}
	sealed := bytes.Clone(want)
	if got, err := a.Open(sealed[:0], nonce, sealed, ad); err != nil || !bytes.Equal(got, pt) {
		t.Fatalf("n %d, ad %d: Open in place: %v", n, adLen, err)
	}
	// The output right after the ciphertext, over the tag (for n < 16
	// inside it): allowed, and the kernels must read the tag first.
	over := make([]byte, 2*n+Overhead)
	copy(over, want)
	if got, err := a.Open(over[n:n], nonce, over[:n+Overhead], ad); err != nil || !bytes.Equal(got, pt) {
		t.Fatalf("n %d, ad %d: Open over the tag: %v", n, adLen, err)
	}
	sealed = bytes.Clone(want)
	sealed[len(sealed)-1-rng.IntN(len(sealed))] ^= 1 << rng.IntN(8)
	if got, err := a.Open(sealed[:0], nonce, sealed, ad); err == nil || got != nil || !allZero(sealed[:n]) {
		t.Fatalf("n %d, ad %d: forged Open in place: %x, %v; output %x", n, adLen, got, err, sealed[:n])
	}
}
