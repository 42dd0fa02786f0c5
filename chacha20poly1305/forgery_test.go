package chacha20poly1305

import (
	"bytes"
	"crypto/cipher"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// refused checks that Open refuses sealed under nonce and ad, and that it
// releases nothing: its output, written after a prefix into a buffer with the
// capacity for it, is zeroed and the prefix kept; and, in place, the
// ciphertext is zeroed.
func refused(t *testing.T, a cipher.AEAD, what string, nonce, sealed, ad []byte) {
	t.Helper()
	n := max(len(sealed)-Overhead, 0)
	buf := bytes.Repeat([]byte{0xa5}, 3+n)
	got, err := a.Open(buf[:3], nonce, sealed, ad)
	if err == nil || got != nil {
		t.Errorf("%s: Open accepted it", what)
		return
	}
	if !bytes.Equal(buf[:3], []byte{0xa5, 0xa5, 0xa5}) {
		t.Errorf("%s: failed Open changed the prefix of dst", what)
	}
	if len(sealed) >= Overhead && !allZero(buf[3:]) {
		t.Errorf("%s: failed Open left %x in the output", what, buf[3:])
	}

	inPlace := bytes.Clone(sealed)
	if got, err := a.Open(inPlace[:0], nonce, inPlace, ad); err == nil || got != nil {
		t.Errorf("%s: Open in place accepted it", what)
	} else if len(sealed) >= Overhead && !allZero(inPlace[:n]) {
		t.Errorf("%s: failed Open in place left %x in the ciphertext", what, inPlace[:n])
	}
}

// TestForgeries checks that Open refuses every single-bit change of the tag,
// a bit change in every byte of the ciphertext and of the additional data,
// every truncation, extensions, and another nonce; and that a refused Open
// zeroes its output.
func TestForgeries(t *testing.T) {
	forEachImpl(t, func(t *testing.T) {
		rng := testutil.Rand(t)
		for _, v := range variants {
			for _, n := range []int{0, 1, 15, 16, 17, 63, 64, 65, 255, 256, 257, 1350} {
				for _, adLen := range []int{0, 13} {
					key := randBytes(rng, KeySize)
					nonce := randBytes(rng, v.nonceSize)
					ad := randBytes(rng, adLen)
					a, _ := v.new(key)
					sealed := a.Seal(nil, nonce, randBytes(rng, n), ad)
					what := v.name + ", length " + itoa(n) + ", ad " + itoa(adLen)

					for bit := range 8 * Overhead {
						forged := bytes.Clone(sealed)
						forged[n+bit/8] ^= 1 << (bit % 8)
						refused(t, a, what+", tag bit "+itoa(bit), nonce, forged, ad)
					}
					for i := range n {
						forged := bytes.Clone(sealed)
						forged[i] ^= 1 << rng.IntN(8)
						refused(t, a, what+", ciphertext byte "+itoa(i), nonce, forged, ad)
					}
					for i := range adLen {
						forged := bytes.Clone(ad)
						forged[i] ^= 1 << rng.IntN(8)
						refused(t, a, what+", ad byte "+itoa(i), nonce, sealed, forged)
					}
					refused(t, a, what+", ad extended", nonce, sealed, append(bytes.Clone(ad), 0))
					if adLen > 0 {
						refused(t, a, what+", ad truncated", nonce, sealed, ad[:adLen-1])
					}
					for k := range len(sealed) {
						refused(t, a, what+", truncated to "+itoa(k), nonce, sealed[:k], ad)
					}
					for _, extra := range [][]byte{{0}, make([]byte, 16), sealed[:min(len(sealed), 5)]} {
						refused(t, a, what+", extended by "+itoa(len(extra)), nonce, append(bytes.Clone(sealed), extra...), ad)
					}
					for i := range v.nonceSize {
						other := bytes.Clone(nonce)
						other[i] ^= 0x80
						refused(t, a, what+", nonce byte "+itoa(i), other, sealed, ad)
					}
					other, _ := v.new(randBytes(rng, KeySize))
					refused(t, other, what+", another key", nonce, sealed, ad)
				}
			}
		}
	})
}

// TestShortForgeries flips each of the 128 tag bits, and each bit of a
// ciphertext and additional data byte, for Open through the short and
// fused kernels, at a few lengths: every one is refused, and the output
// is left untouched (by the kernel) and zeroed (by Open).
func TestShortForgeries(t *testing.T) {
	rng := testutil.Rand(t)
	for _, n := range []int{0, 1, 16, 63, 64, 65, 128, 192} {
		for _, adLen := range []int{0, 5, 13, 16, 17} {
			key, nonce := randBytes(rng, KeySize), randBytes(rng, NonceSize)
			a, _ := New(key)
			pt, ad := randBytes(rng, n), randBytes(rng, adLen)
			sealed := a.Seal(nil, nonce, pt, ad)
			for bit := range 8 * len(sealed) {
				if bit < 8*n && bit%13 != 0 {
					continue // every 13th bit of the ciphertext, all the tag's
				}
				bad := bytes.Clone(sealed)
				bad[bit/8] ^= 1 << (bit % 8)
				out := bytes.Repeat([]byte{0xee}, n)
				if got, err := a.Open(out[:0], nonce, bad, ad); err == nil || got != nil || !allZero(out) {
					t.Fatalf("n %d, ad %d: bit %d flipped: Open = %x, %v, output %x", n, adLen, bit, got, err, out)
				}
			}
			for i := range ad {
				bad := bytes.Clone(ad)
				bad[i] ^= 0x80
				if _, err := a.Open(nil, nonce, sealed, bad); err == nil {
					t.Fatalf("n %d, ad %d: ad byte %d flipped: accepted", n, adLen, i)
				}
			}
			if _, err := a.Open(nil, nonce, sealed, append(bytes.Clone(ad), 0)); err == nil {
				t.Fatalf("n %d, ad %d: ad with a zero byte appended accepted", n, adLen)
			}
			if n > 0 {
				// A zero byte removed from the end must change the tag:
				// the lengths block, not the padding, tells them apart.
				z := bytes.Clone(pt)
				z[n-1] = 0
				s := a.Seal(nil, nonce, z, ad)
				s2 := append(bytes.Clone(s[:n-1]), s[n:]...)
				if _, err := a.Open(nil, nonce, s2, ad); err == nil {
					t.Fatalf("n %d, ad %d: ciphertext shortened by a byte accepted", n, adLen)
				}
			}
		}
	}
}
