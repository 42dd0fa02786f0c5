//go:build !purego

package chacha20poly1305

import (
	"bytes"
	"testing"

	"github.com/carry-crypto/carry/chacha20poly1305/internal/chacha20"
	"github.com/carry-crypto/carry/chacha20poly1305/internal/poly1305"
	"github.com/carry-crypto/carry/internal/testutil"
	xaead "golang.org/x/crypto/chacha20poly1305"
)

// avx2Kernels are the AVX2 kernels, and the shortest and longest message
// each is tested at (the chunk kernel takes any length from min).
// sealAVX2Chunks writes the plaintext even if the tag is wrong (open zeroes
// it).
var avx2Kernels = []struct {
	name          string
	seal          func(key *[32]byte, nonce *[12]byte, dst, src, ad []byte, tag *[16]byte)
	open          func(key *[32]byte, nonce *[12]byte, dst, src, ad []byte, tag *[16]byte) int
	min, max      int
	writesOnForge bool
}{
	{"avx2x1", sealAVX2x1, openAVX2x1, 0, blockSize, false},
	{"avx2", sealAVX2, openAVX2, 0, 3 * blockSize, false},
	{"avx2x3", sealAVX2x3, openAVX2x3, 0, 5 * blockSize, false},
	{"avx2x4", sealAVX2x4, openAVX2x4, 0, avx2Max, false},
	{"avx2chunks", sealAVX2Chunks, openAVX2Chunks, avx2Max + 1, avx2Max + 2*512 + 64, true},
}

// avx2ADLens are the lengths of additional data the AVX2 tests take: every
// one from 0 to 40 (TLS 1.2's 13 among them) and a few longer ones, or
// with -short a few.
func avx2ADLens() []int {
	if testing.Short() {
		return []int{0, 1, 5, 13, 15, 16, 17, 32, 40, 257}
	}
	return adLensTo40(48, 64, 100, 257)
}

// adLensTo40 returns the lengths of additional data longer, then every one
// from 0 to 40 (TLS 1.2's 13 among them: no whole block to two, and the
// partial one at every length).
func adLensTo40(longer ...int) []int {
	lens := append([]int(nil), longer...)
	for n := range 41 {
		lens = append(lens, n)
	}
	return lens
}

// TestAVX2FusedKernels calls the AVX2 short kernels directly at every
// length they take and compares them with x/crypto; it checks that they
// write nothing past the output, and that Open, for a forgery (a bit
// flipped in the ciphertext, the additional data or the tag), reports it
// and writes nothing at all.
func TestAVX2FusedKernels(t *testing.T) {
	if !haveAVX2Fused {
		t.Skip("the CPU does not run the AVX2 short kernels")
	}
	rng := testutil.Rand(t)
	const canary = 0xc3
	for _, k := range avx2Kernels {
		for n := k.min; n <= k.max; n++ {
			for _, adLen := range avx2ADLens() {
				key, nonce := randBytes(rng, KeySize), randBytes(rng, NonceSize)
				pt, ad := randBytes(rng, n), randBytes(rng, adLen)
				x, _ := xaead.New(key)
				want := x.Seal(nil, nonce, pt, ad)

				got := bytes.Repeat([]byte{canary}, n+Overhead+64)
				k.seal((*[32]byte)(key), (*[12]byte)(nonce), got[:n], pt, ad, (*[16]byte)(got[n:n+Overhead]))
				if !bytes.Equal(got[:n+Overhead], want) {
					t.Fatalf("%s: length %d, ad %d: seal differs from x/crypto", k.name, n, adLen)
				}
				if !allByte(got[n+Overhead:], canary) {
					t.Fatalf("%s: length %d, ad %d: seal wrote past the tag", k.name, n, adLen)
				}

				out := bytes.Repeat([]byte{canary}, n+64)
				if k.open((*[32]byte)(key), (*[12]byte)(nonce), out[:n], want[:n], ad, (*[16]byte)(want[n:])) != 1 {
					t.Fatalf("%s: length %d, ad %d: open refused the right tag", k.name, n, adLen)
				}
				if !bytes.Equal(out[:n], pt) || !allByte(out[n:], canary) {
					t.Fatalf("%s: length %d, ad %d: open wrote the wrong output", k.name, n, adLen)
				}

				forged, fad := bytes.Clone(want), bytes.Clone(ad)
				if i := rng.IntN(len(forged) + len(fad)); i < len(forged) {
					forged[i] ^= 1 << rng.IntN(8)
				} else {
					fad[i-len(forged)] ^= 1 << rng.IntN(8)
				}
				out = bytes.Repeat([]byte{canary}, n+64)
				if k.open((*[32]byte)(key), (*[12]byte)(nonce), out[:n], forged[:n], fad, (*[16]byte)(forged[n:])) != 0 {
					t.Fatalf("%s: length %d, ad %d: open accepted a forgery", k.name, n, adLen)
				}
				if !allByte(out[n:], canary) || !k.writesOnForge && !allByte(out, canary) {
					t.Fatalf("%s: length %d, ad %d: open wrote output for a forgery", k.name, n, adLen)
				}
			}
		}
	}
}

// TestAVX2FusedSealOpen runs Seal and Open with the AVX2 kernels selected
// at every length up to 64 bytes past the longest the short kernels take,
// then (a few lengths of additional data each) at every length through
// the long kernel's first chunks and tail, and at random lengths to 20000
// bytes, fresh and in place, against x/crypto and against the portable
// path; a forged tag is refused with the output zeroed.
func TestAVX2FusedSealOpen(t *testing.T) {
	if !haveAVX2Fused {
		t.Skip("the CPU does not run the AVX2 short kernels")
	}
	rng := testutil.Rand(t)
	type tc struct{ n, adLen int }
	var cases []tc
	for n := 0; n <= avx2Max+64; n++ {
		for _, adLen := range avx2ADLens() {
			cases = append(cases, tc{n, adLen})
		}
	}
	few := []int{0, 13, 16, 1, 40, 31}
	last, random := 3*blockSize+4*256+64, 200
	if testing.Short() {
		last, random = avx2Max+300, 20
	}
	for n := avx2Max + 65; n <= last; n++ {
		cases = append(cases, tc{n, few[n%len(few)]})
	}
	for range random {
		cases = append(cases, tc{rng.IntN(20000), few[rng.IntN(len(few))]})
	}
	for _, c := range cases {
		n, adLen := c.n, c.adLen
		{
			key, nonce := randBytes(rng, KeySize), randBytes(rng, NonceSize)
			pt, ad := randBytes(rng, n), randBytes(rng, adLen)
			x, _ := xaead.New(key)
			want := x.Seal(nil, nonce, pt, ad)
			portable := func() []byte {
				defer useFusedImplementation(false)()
				defer chacha20.UseImplementation("portable")()
				defer poly1305.UseImplementation("portable")()
				a, _ := New(key)
				return a.Seal(nil, nonce, pt, ad)
			}()
			if !bytes.Equal(portable, want) {
				t.Fatalf("length %d, ad %d: the portable path differs from x/crypto", n, adLen)
			}

			restore := useAVX2FusedOnly()
			a, _ := New(key)
			if got := a.Seal(nil, nonce, pt, ad); !bytes.Equal(got, want) {
				restore()
				t.Fatalf("length %d, ad %d: Seal differs", n, adLen)
			}
			inPlace := make([]byte, n, n+Overhead)
			copy(inPlace, pt)
			if got := a.Seal(inPlace[:0], nonce, inPlace, ad); !bytes.Equal(got, want) {
				restore()
				t.Fatalf("length %d, ad %d: Seal in place differs", n, adLen)
			}
			if got, err := a.Open(nil, nonce, want, ad); err != nil || !bytes.Equal(got, pt) {
				restore()
				t.Fatalf("length %d, ad %d: Open differs", n, adLen)
			}
			sealed := bytes.Clone(want)
			if got, err := a.Open(sealed[:0], nonce, sealed, ad); err != nil || !bytes.Equal(got, pt) {
				restore()
				t.Fatalf("length %d, ad %d: Open in place differs", n, adLen)
			}
			forged := bytes.Clone(want)
			forged[n+rng.IntN(Overhead)] ^= 1 << rng.IntN(8)
			dst := bytes.Repeat([]byte{0xa5}, n)
			_, err := a.Open(dst[:0], nonce, forged, ad)
			restore()
			if err == nil || !allByte(dst, 0) {
				t.Fatalf("length %d, ad %d: a forged tag was not refused with the output zeroed", n, adLen)
			}
		}
	}
}

// TestAVX2FusedLimits runs the AVX2 short kernels at the limits of
// polyMulAdd's bounds, as TestFusedLimits does the AVX-512 ones: r with the
// top three bits of each clamped word set, and additional data and
// ciphertext of all ones.
func TestAVX2FusedLimits(t *testing.T) {
	if !haveAVX2Fused {
		t.Skip("the CPU does not run the AVX2 short kernels")
	}
	key, nonce, x := largeRKey(t)
	for _, k := range avx2Kernels {
		for n := k.min; n <= k.max; n++ {
			for _, adLen := range []int{0, 1, 13, 16, 64, 257} {
				checkLimits(t, k.name, n, adLen, key, nonce, func(pt, ad []byte) []byte {
					return x.Seal(nil, nonce[:], pt, ad)
				}, k.seal, k.open)
			}
		}
	}
}

// TestAVX2ReviewEveryLength runs review_long_test.go's reviewCase (fresh,
// appended to a prefix, in place; Open with its output over the tag;
// forgeries refused with the output zeroed) with the AVX2 kernels selected,
// at every length from 1 to 2400 bytes (-short: 700), with additional data
// of every length from 0 to 130 in turn, a fifth of them as
// XChaCha20-Poly1305.
func TestAVX2ReviewEveryLength(t *testing.T) {
	if !haveAVX2Fused {
		t.Skip("the CPU does not run the AVX2 kernels")
	}
	defer useAVX2FusedOnly()()
	rng := testutil.Rand(t)
	top := 2400
	if testing.Short() {
		top = 700
	}
	for n := 1; n <= top; n++ {
		v, a, x := reviewAEADs(rng, n)
		reviewCase(t, rng, a, x, randBytes(rng, v.nonceSize), randBytes(rng, n), randBytes(rng, (n*7)%131), n)
	}
}

// TestAVX2Takes checks which messages go to the AVX2 kernels: all of them
// where only they are in use, none where they are not, and where the
// AVX-512 kernels are in use too, those from sets3Max+1 to avx2MidMax
// bytes (none: avx2MidMax is sets3Max), with the AVX-512 fused, two-set
// and three-set kernels before and the head path after.
func TestAVX2Takes(t *testing.T) {
	defer func(f, a bool) { useFused, useAVX2Fused = f, a }(useFused, useAVX2Fused)
	for _, c := range []struct {
		fused, avx2 bool
		lo, hi      int // the lengths taken, hi excluded
	}{
		{true, true, sets3Max + 1, avx2MidMax + 1},
		{false, true, 0, 1 << 20},
		{true, false, 0, 0},
		{false, false, 0, 0},
	} {
		useFused, useAVX2Fused = c.fused, c.avx2
		for n := range 4096 {
			if got, want := avx2Takes(n), n >= c.lo && n < c.hi; got != want {
				t.Fatalf("useFused %v, useAVX2Fused %v: avx2Takes(%d) = %v, want %v", c.fused, c.avx2, n, got, want)
			}
		}
	}
	if avx2MidMax >= chacha20.HeadSize {
		t.Errorf("avx2MidMax = %d reaches the head path's %d bytes", avx2MidMax, chacha20.HeadSize)
	}
	// The AVX-512 path takes what the AVX2 kernels leave: its wide head
	// starts every length from there.
	for n := avx2MidMax + 1; n <= chacha20.HeadSize; n++ {
		if w, ok := headWide(n); !ok || w != n {
			t.Fatalf("headWide(%d) = %d, %v: the wide head does not take the length after avx2MidMax", n, w, ok)
		}
	}
}
