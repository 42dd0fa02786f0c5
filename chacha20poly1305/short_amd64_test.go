//go:build !purego

package chacha20poly1305

import (
	"bytes"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
	xaead "golang.org/x/crypto/chacha20poly1305"
)

// TestShortMatchesComposed compares the fused functions (sealFused and
// openFused, shortSeal and shortOpen) directly with Seal and Open composed
// of the chacha20 and poly1305 packages' portable code, at every length
// they take and additional data of every length up to 33 bytes and some
// longer ones; it checks that they write nothing past the output, and that
// the Open functions, for a wrong tag, report it and write nothing at all.
func TestShortMatchesComposed(t *testing.T) {
	testutil.RequireImplementation(t, "chacha20poly1305", "fused")
	defer portable()()
	rng := testutil.Rand(t)
	adLens := []int{48, 64, 100, 257}
	for n := range 34 {
		adLens = append(adLens, n)
	}
	const canary = 0xc3
	for _, k := range shortKernels {
		for n := 0; n <= k.max; n++ {
			for _, adLen := range adLens {
				if adLen > k.adMax {
					continue
				}
				key := (*[KeySize]byte)(randBytes(rng, KeySize))
				nonce := (*[NonceSize]byte)(randBytes(rng, NonceSize))
				pt, ad := randBytes(rng, n), randBytes(rng, adLen)
				want := seal(pathPortable, nil, key, nonce, pt, ad)

				got := bytes.Repeat([]byte{canary}, n+Overhead+64)
				k.seal(key, nonce, got[:n], pt, ad, (*[Overhead]byte)(got[n:n+Overhead]))
				if !bytes.Equal(got[:n+Overhead], want) {
					t.Fatalf("%s: length %d, ad %d: seal differs", k.name, n, adLen)
				}
				if !allByte(got[n+Overhead:], canary) {
					t.Fatalf("%s: length %d, ad %d: seal wrote past the tag", k.name, n, adLen)
				}

				out := bytes.Repeat([]byte{canary}, n+64)
				if k.open(key, nonce, out[:n], want[:n], ad, (*[Overhead]byte)(want[n:])) != 1 {
					t.Fatalf("%s: length %d, ad %d: open refused the right tag", k.name, n, adLen)
				}
				if !bytes.Equal(out[:n], pt) || !allByte(out[n:], canary) {
					t.Fatalf("%s: length %d, ad %d: open wrote the wrong output", k.name, n, adLen)
				}

				forged := bytes.Clone(want)
				forged[rng.IntN(len(forged))] ^= 1 << rng.IntN(8)
				out = bytes.Repeat([]byte{canary}, n+64)
				if k.open(key, nonce, out[:n], forged[:n], ad, (*[Overhead]byte)(forged[n:])) != 0 {
					t.Fatalf("%s: length %d, ad %d: open accepted a forgery", k.name, n, adLen)
				}
				if !allByte(out, canary) {
					t.Fatalf("%s: length %d, ad %d: open wrote output for a forgery", k.name, n, adLen)
				}
			}
		}
	}
}

// TestShortLimits runs the fused functions at the limits of polyMulAdd's
// bounds (see _asm/fused_amd64_asm.go): r with the top three bits of each of
// its four clamped 32-bit words set, so that the products are near their
// largest, and blocks of all ones, in the additional data and, for the MAC,
// in the ciphertext (the plaintext is chosen to make it so), with the
// accumulator's top word as large as such blocks make it.
func TestShortLimits(t *testing.T) {
	testutil.RequireImplementation(t, "chacha20poly1305", "fused")
	defer portable()()
	key, nonce, _ := largeRKey(t)
	for _, k := range shortKernels {
		for n := 0; n <= k.max; n++ {
			for _, adLen := range []int{0, 1, 13, 16, 64, 257} {
				if adLen > k.adMax {
					continue
				}
				checkLimits(t, k.name, n, adLen, key, nonce, func(pt, ad []byte) []byte {
					return seal(pathPortable, nil, key, nonce, pt, ad)
				}, k.seal, k.open)
			}
		}
	}
}

// TestShortAdversarial runs the short and fused kernels on
// messages whose MAC blocks keep the accumulator's low words all ones
// (adversarialMessage), under random keys and under the largest r
// (largeRNonce), at every length they take and additional data lengths
// around one and two blocks: the model's tag must equal x/crypto's (which
// checks the model) and the kernels' must equal both.
func TestShortAdversarial(t *testing.T) {
	testutil.RequireImplementation(t, "chacha20poly1305", "fused")
	rng := testutil.Rand(t)
	keys := 3
	if *long {
		keys = 40
	}
	kns := modelKeys(t, rng, keys)
	var maxTop uint64
	for _, k := range shortKernels {
		for _, p := range kns {
			ks := keystreamFrom1(t, p.key, p.nonce, k.max)
			for n := 0; n <= k.max; n++ {
				for _, adLen := range []int{0, 1, 15, 16, 17, 32, 48, 50} {
					if adLen > k.adMax {
						continue
					}
					maxTop = max(maxTop, checkAdversarial(t, k.name, k.seal, k.open, p, ks, n, adLen))
				}
			}
		}
	}
	t.Logf("largest x2 in the chains: %#x (2^%.3f)", maxTop, log2(maxTop))
}

// TestShortTagAboveP runs the kernels on messages for which tagDone
// must take h - p: the last ciphertext block is solved for (with
// minAffine) so that the Poly1305 result h mod p is below 5 * 2^60,
// and kept when the model's unreduced h + 5c (tagDone's h) is at or above
// p, which random messages reach with probability about 2^-67. The
// kernels' tags must equal x/crypto's.
func TestShortTagAboveP(t *testing.T) {
	testutil.RequireImplementation(t, "chacha20poly1305", "fused")
	rng := testutil.Rand(t)
	want := 2
	if *long {
		want = 20
	}
	for _, k := range shortKernels {
		for _, n := range []int{16, 48, 64, 128, 192} {
			if n > k.max {
				continue
			}
			hits, tries := 0, 0
			for ; hits < want && tries < 1000*want; tries++ {
				key, nonce := randBytes(rng, KeySize), randBytes(rng, NonceSize)
				ct := randBytes(rng, n)
				pt, ok := messageAboveP(t, key, nonce, ct)
				if !ok {
					continue
				}
				hits++
				xa, _ := xaead.New(key)
				sealed := xa.Seal(nil, nonce, pt, nil)
				if !bytes.Equal(sealed[:n], ct) {
					t.Fatalf("%s: n %d: the chosen plaintext does not encrypt to the ciphertext", k.name, n)
				}
				got := make([]byte, n+Overhead)
				k.seal((*[32]byte)(key), (*[12]byte)(nonce), got[:n], pt, nil, (*[16]byte)(got[n:]))
				if !bytes.Equal(got, sealed) {
					t.Fatalf("%s: n %d: seal's tag differs from x/crypto's when h + 5c >= p", k.name, n)
				}
				out := make([]byte, n)
				if k.open((*[32]byte)(key), (*[12]byte)(nonce), out, ct, nil, (*[16]byte)(sealed[n:])) != 1 || !bytes.Equal(out, pt) {
					t.Fatalf("%s: n %d: open refused the right tag when h + 5c >= p", k.name, n)
				}
			}
			if hits < want {
				t.Fatalf("%s: n %d: %d messages with h + 5c >= p in %d tries", k.name, n, hits, tries)
			}
			t.Logf("%s: n %d: %d messages with h + 5c >= p in %d tries", k.name, n, hits, tries)
		}
	}
}
