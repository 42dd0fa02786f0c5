//go:build !purego

package chacha20poly1305

import (
	"bytes"
	"crypto/cipher"
	"encoding/binary"
	"testing"

	"github.com/carry-crypto/carry/chacha20poly1305/internal/chacha20"
	"github.com/carry-crypto/carry/chacha20poly1305/internal/poly1305"
	"github.com/carry-crypto/carry/internal/testutil"
	xaead "golang.org/x/crypto/chacha20poly1305"
)

// fusedKernels are the fused functions, and the longest message and
// additional data each takes.
var fusedKernels = []struct {
	name  string
	seal  func(key *[32]byte, nonce *[12]byte, dst, src, ad []byte, tag *[16]byte)
	open  func(key *[32]byte, nonce *[12]byte, dst, src, ad []byte, tag *[16]byte) int
	max   int
	adMax int
}{
	{"fused", sealFused, openFused, fusedMax, 1 << 10},
	{"short", shortSeal, shortOpen, shortMax, shortMaxAD},
}

// TestFusedMatchesComposed compares the fused functions (sealFused and
// openFused, shortSeal and shortOpen) directly with Seal and Open composed
// of the chacha20 and poly1305 packages' portable code, at every length
// they take and additional data of every length up to 33 bytes and some
// longer ones; it checks that they write nothing past the output, and that
// the Open functions, for a wrong tag, report it and write nothing at all.
func TestFusedMatchesComposed(t *testing.T) {
	if !haveFused {
		t.Skip("the CPU does not run the fused functions")
	}
	defer useFusedImplementation(false)()
	defer chacha20.UseImplementation("portable")()
	defer poly1305.UseImplementation("portable")()
	rng := testutil.Rand(t)
	adLens := []int{48, 64, 100, 257}
	for n := range 34 {
		adLens = append(adLens, n)
	}
	const canary = 0xc3
	for _, k := range fusedKernels {
		for n := 0; n <= k.max; n++ {
			for _, adLen := range adLens {
				if adLen > k.adMax {
					continue
				}
				key := (*[KeySize]byte)(randBytes(rng, KeySize))
				nonce := (*[NonceSize]byte)(randBytes(rng, NonceSize))
				pt, ad := randBytes(rng, n), randBytes(rng, adLen)
				want := seal(nil, key, nonce, pt, ad)

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

func allByte(b []byte, v byte) bool {
	for _, x := range b {
		if x != v {
			return false
		}
	}
	return true
}

// TestGeneratedAssemblyIsCurrent regenerates fused_amd64.s, chunks_amd64.s,
// fused_avx2_amd64.s, sets_amd64.s and their stubs with the avo program in _asm and
// fails if they differ from the committed files.
func TestGeneratedAssemblyIsCurrent(t *testing.T) {
	testutil.CheckGenerated(t, "_asm",
		[]string{"-out", "../fused_amd64.s", "-stubs", "../fused_stubs_amd64.go", "-pkg", "chacha20poly1305"},
		"fused_amd64.s", "fused_stubs_amd64.go")
	testutil.CheckGenerated(t, "_asm",
		[]string{"-kernel", "chunks", "-out", "../chunks_amd64.s", "-stubs", "../chunks_stubs_amd64.go", "-pkg", "chacha20poly1305"},
		"chunks_amd64.s", "chunks_stubs_amd64.go")
	testutil.CheckGenerated(t, "_asm",
		[]string{"-kernel", "avx2", "-out", "../fused_avx2_amd64.s", "-stubs", "../fused_avx2_stubs_amd64.go", "-pkg", "chacha20poly1305"},
		"fused_avx2_amd64.s", "fused_avx2_stubs_amd64.go")
	testutil.CheckGenerated(t, "_asm",
		[]string{"-kernel", "sets", "-out", "../sets_amd64.s", "-stubs", "../sets_stubs_amd64.go", "-pkg", "chacha20poly1305"},
		"sets_amd64.s", "sets_stubs_amd64.go")
}

// TestFusedLimits runs the fused functions at the limits of polyMulAdd's
// bounds (see _asm/fused_amd64_asm.go): r with the top three bits of each of
// its four clamped 32-bit words set, so that the products are near their
// largest, and blocks of all ones, in the additional data and, for the MAC,
// in the ciphertext (the plaintext is chosen to make it so), with the
// accumulator's top word as large as such blocks make it.
func TestFusedLimits(t *testing.T) {
	if !haveFused {
		t.Skip("the CPU does not run the fused functions")
	}
	defer useFusedImplementation(false)()
	defer chacha20.UseImplementation("portable")()
	defer poly1305.UseImplementation("portable")()
	key, nonce, _ := largeRKey(t)
	for _, k := range fusedKernels {
		for n := 0; n <= k.max; n++ {
			for _, adLen := range []int{0, 1, 13, 16, 64, 257} {
				if adLen > k.adMax {
					continue
				}
				checkLimits(t, k.name, n, adLen, key, nonce, func(pt, ad []byte) []byte {
					return seal(nil, key, nonce, pt, ad)
				}, k.seal, k.open)
			}
		}
	}
}

// checkLimits runs seal and open (the kernel name) on the n bytes whose
// ciphertext under key and nonce is all ones, with adLen bytes of 0xff as
// additional data, and fails t unless they agree with ref, a reference Seal
// returning the ciphertext and the tag.
func checkLimits(t *testing.T, name string, n, adLen int, key *[KeySize]byte, nonce *[NonceSize]byte, ref func(pt, ad []byte) []byte,
	seal func(key *[32]byte, nonce *[12]byte, dst, src, ad []byte, tag *[16]byte),
	open func(key *[32]byte, nonce *[12]byte, dst, src, ad []byte, tag *[16]byte) int) {
	t.Helper()
	ones := bytes.Repeat([]byte{0xff}, n)
	ad := bytes.Repeat([]byte{0xff}, adLen)
	// The plaintext whose ciphertext is all ones: ChaCha20 XORs, so it is
	// the encryption of all ones.
	pt := ref(ones, ad)[:n]
	want := ref(pt, ad)
	if !bytes.Equal(want[:n], ones) {
		t.Fatalf("length %d: the chosen plaintext does not encrypt to all ones", n)
	}
	got := make([]byte, n+Overhead)
	seal(key, nonce, got[:n], pt, ad, (*[Overhead]byte)(got[n:]))
	if !bytes.Equal(got, want) {
		t.Fatalf("%s: length %d, ad %d: seal differs at the limits", name, n, adLen)
	}
	out := make([]byte, n)
	if open(key, nonce, out, want[:n], ad, (*[Overhead]byte)(want[n:])) != 1 || !bytes.Equal(out, pt) {
		t.Fatalf("%s: length %d, ad %d: open differs at the limits", name, n, adLen)
	}
}

// largeRKey returns the all-ones key, the nonce largeRNonce finds for it
// (r with the top three bits of each clamped word set), and x/crypto's
// AEAD under the key: the inputs of the tests at polyMulAdd's bounds.
func largeRKey(t *testing.T) (key *[KeySize]byte, nonce *[NonceSize]byte, x cipher.AEAD) {
	t.Helper()
	key = (*[KeySize]byte)(bytes.Repeat([]byte{0xff}, KeySize))
	x, err := xaead.New(key[:])
	if err != nil {
		t.Fatal(err)
	}
	return key, largeRNonce(t, key), x
}

// largeRNonce returns the first nonce (a counter in its first four bytes)
// under which key gives a Poly1305 r whose four clamped 32-bit words have
// their top three bits set (1 in 2^12 nonces).
func largeRNonce(t *testing.T, key *[KeySize]byte) *[NonceSize]byte {
	t.Helper()
	var nonce [NonceSize]byte
	for i := range uint32(1 << 20) {
		binary.LittleEndian.PutUint32(nonce[:], i)
		var s chacha20.State
		var block0 [blockSize]byte
		s.Init(key, &nonce, 0).XORKeyStream(block0[:], block0[:])
		large := true
		for w, top := range []uint32{0x0e000000, 0x0e000000, 0x0e000000, 0x0e000000} {
			// The clamp keeps bits 0..27 of word 0 and bits 2..27 of
			// words 1..3: bits 25..27 are the top three of each.
			if binary.LittleEndian.Uint32(block0[4*w:])&top != top {
				large = false
			}
		}
		if large {
			return &nonce
		}
	}
	t.Fatal("no nonce gives a large r")
	return nil
}
