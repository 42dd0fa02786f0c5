//go:build !purego

package chacha20poly1305

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
	xaead "golang.org/x/crypto/chacha20poly1305"
)

// setsGuard is the number of canary bytes before and after every buffer of
// the two-set kernel tests.
const setsGuard = 64

// setsCanary fills the guard bytes.
const setsCanary = 0xa5

// guarded returns a copy of b with setsGuard canary bytes on each side, and
// the copy's slice of b's bytes (capacity len(b)).
func guarded(b []byte) (whole, inner []byte) {
	whole = bytes.Repeat([]byte{setsCanary}, len(b)+2*setsGuard)
	copy(whole[setsGuard:], b)
	return whole, whole[setsGuard : setsGuard+len(b) : setsGuard+len(b)]
}

// guardsIntact reports whether whole's guard bytes (see guarded) are
// untouched.
func guardsIntact(whole []byte) bool {
	return allByte(whole[:setsGuard], setsCanary) && allByte(whole[len(whole)-setsGuard:], setsCanary)
}

// setsADLens are the additional data lengths of the two-set kernel tests:
// 0 to 40 bytes and a few long ones.
func setsADLens() []int {
	return adLensTo40(64, 100, 257, 1000)
}

// setsKernel is one of the set kernels and the lengths it takes, min to
// max bytes.
type setsKernel struct {
	name     string
	seal     func(key *[32]byte, nonce *[12]byte, dst, src, ad []byte, tag *[16]byte)
	open     func(key *[32]byte, nonce *[12]byte, dst, src, ad []byte, tag *[16]byte) int
	min, max int
}

// setsKernels is every set kernel: the two-set (sealSets, openSets) and
// three-set (sealSets3, openSets3) ones.
var setsKernels = []setsKernel{
	{"sets", sealSets, openSets, fusedMax + 1, setsMax},
	{"sets3", sealSets3, openSets3, setsMax + 1, sets3Max},
}

// TestSetsMatchesXCrypto compares the set kernels (setsKernels) directly
// with x/crypto at every length they take, fusedMax+1 to sets3Max, and additional
// data of 0 to 40 bytes and a few longer, out of place and in place, with
// every buffer between guard bytes that must stay untouched; Open must
// refuse a tag, ciphertext or additional data with a bit flipped and then
// write nothing.
func TestSetsMatchesXCrypto(t *testing.T) {
	if !haveFused {
		t.Skip("the CPU does not run the fused functions")
	}
	rng := testutil.Rand(t)
	for _, k := range setsKernels {
		for n := k.min; n <= k.max; n++ {
			for _, adLen := range setsADLens() {
				setsCheckOne(t, rng, k, n, adLen, (n+adLen)%2 == 1)
			}
		}
	}
}

// setsCheckOne runs one case of TestSetsMatchesXCrypto on k: a random key,
// nonce, plaintext of n bytes and additional data of adLen bytes, in place
// (inPlace: dst is src) or not.
func setsCheckOne(t *testing.T, rng *rand.Rand, k setsKernel, n, adLen int, inPlace bool) {
	t.Helper()
	key := (*[KeySize]byte)(randBytes(rng, KeySize))
	nonce := (*[NonceSize]byte)(randBytes(rng, NonceSize))
	pt, adv := randBytes(rng, n), randBytes(rng, adLen)
	x, err := xaead.New(key[:])
	if err != nil {
		t.Fatal(err)
	}
	want := x.Seal(nil, nonce[:], pt, adv)
	keyW, keyG := guarded(key[:])
	nonceW, nonceG := guarded(nonce[:])
	adW, ad := guarded(adv)
	tagW, tagG := guarded(make([]byte, Overhead))
	tag := (*[Overhead]byte)(tagG)
	srcW, src := guarded(pt)
	dstW, dst := srcW, src
	if !inPlace {
		dstW, dst = guarded(make([]byte, n))
		for i := range dst {
			dst[i] = setsCanary
		}
	}
	intact := func() bool {
		for _, w := range [][]byte{keyW, nonceW, adW, tagW, srcW, dstW} {
			if !guardsIntact(w) {
				return false
			}
		}
		return bytes.Equal(keyG, key[:]) && bytes.Equal(nonceG, nonce[:]) && bytes.Equal(ad, adv)
	}

	k.seal((*[32]byte)(keyG), (*[12]byte)(nonceG), dst, src, ad, tag)
	if !bytes.Equal(dst, want[:n]) || !bytes.Equal(tag[:], want[n:]) {
		t.Fatalf("%s: n %d, ad %d, in place %v: seal differs from x/crypto", k.name, n, adLen, inPlace)
	}
	if !intact() || !inPlace && !bytes.Equal(src, pt) {
		t.Fatalf("%s: n %d, ad %d, in place %v: seal wrote outside dst and tag", k.name, n, adLen, inPlace)
	}

	// Open, with src holding the ciphertext and dst (if apart) canaries.
	reset := func() {
		copy(src, want[:n])
		copy(tag[:], want[n:])
		if !inPlace {
			for i := range dst {
				dst[i] = setsCanary
			}
		}
	}
	// Forgeries: a bit of the tag, of the ciphertext or of the additional
	// data flipped.
	for _, where := range []int{0, 1, 2} {
		reset()
		var b []byte
		switch where {
		case 0:
			b = tag[:]
		case 1:
			b = src
		case 2:
			b = ad
		}
		if len(b) == 0 {
			continue
		}
		bit := rng.IntN(8 * len(b))
		b[bit/8] ^= 1 << (bit % 8)
		srcBefore := bytes.Clone(src)
		if k.open((*[32]byte)(keyG), (*[12]byte)(nonceG), dst, src, ad, tag) != 0 {
			t.Fatalf("%s: n %d, ad %d, in place %v: open accepted bit %d of %d flipped", k.name, n, adLen, inPlace, bit, where)
		}
		if !bytes.Equal(src, srcBefore) || !inPlace && !allByte(dst, setsCanary) {
			t.Fatalf("%s: n %d, ad %d, in place %v: open wrote output for a forgery", k.name, n, adLen, inPlace)
		}
		b[bit/8] ^= 1 << (bit % 8)
		if !intact() {
			t.Fatalf("%s: n %d, ad %d, in place %v: refused open wrote outside dst", k.name, n, adLen, inPlace)
		}
	}
	reset()
	if k.open((*[32]byte)(keyG), (*[12]byte)(nonceG), dst, src, ad, tag) != 1 {
		t.Fatalf("%s: n %d, ad %d, in place %v: open refused the right tag", k.name, n, adLen, inPlace)
	}
	if !bytes.Equal(dst, pt) || !intact() || !bytes.Equal(tag[:], want[n:]) {
		t.Fatalf("%s: n %d, ad %d, in place %v: open wrote the wrong output", k.name, n, adLen, inPlace)
	}
}

// TestSetsLimits runs the set kernels at the limits of polyMulAdd's
// bounds, as TestFusedLimits runs the fused functions: the largest r, and
// all-ones blocks of additional data and ciphertext, at every length they
// take.
func TestSetsLimits(t *testing.T) {
	if !haveFused {
		t.Skip("the CPU does not run the fused functions")
	}
	key, nonce, x := largeRKey(t)
	ref := func(pt, ad []byte) []byte { return x.Seal(nil, nonce[:], pt, ad) }
	for _, k := range setsKernels {
		for n := k.min; n <= k.max; n++ {
			for _, adLen := range []int{0, 1, 13, 16, 64, 257} {
				checkLimits(t, k.name, n, adLen, key, nonce, ref, k.seal, k.open)
			}
		}
	}
}

// TestSetsDispatch checks that Seal and Open take the set kernels for the
// lengths past fusedMax up to sets5Max and no others, through sealShort and
// openShort, and agree with x/crypto at those lengths' edges.
func TestSetsDispatch(t *testing.T) {
	if !haveFused {
		t.Skip("the CPU does not run the fused functions")
	}
	defer useFusedImplementation(true)()
	rng := testutil.Rand(t)
	key, nonce, a, x := randomPair(t, rng)
	for _, n := range []int{fusedMax, fusedMax + 1, 256, setsMax - 1, setsMax, setsMax + 1, 512, sets3Max - 1, sets3Max, sets3Max + 1, sets4Max, sets4Max + 1, 1024, sets5Max, sets5Max + 1} {
		pt, ad := randBytes(rng, n), randBytes(rng, 13)
		want := x.Seal(nil, nonce, pt, ad)
		var tag [Overhead]byte
		ct := make([]byte, n)
		taken := sealShort((*[KeySize]byte)(key), (*[NonceSize]byte)(nonce), ct, pt, ad, &tag)
		if taken != (n <= sets5Max) {
			t.Fatalf("n %d: sealShort took it: %v", n, taken)
		}
		if got := a.Seal(nil, nonce, pt, ad); !bytes.Equal(got, want) {
			t.Fatalf("n %d: Seal differs from x/crypto", n)
		}
		out := make([]byte, n)
		done, ok := openShort((*[KeySize]byte)(key), (*[NonceSize]byte)(nonce), out, want[:n], ad, (*[Overhead]byte)(want[n:]))
		if done != (n <= sets5Max) || done && (!ok || !bytes.Equal(out, pt)) {
			t.Fatalf("n %d: openShort: done %v, ok %v", n, done, ok)
		}
		if got, err := a.Open(nil, nonce, want, ad); err != nil || !bytes.Equal(got, pt) {
			t.Fatalf("n %d: Open: %v", n, err)
		}
	}
}

// setsEveryForgery seals a random message of n bytes with seal and, with
// additional data of 0, 13, 17 and 32 bytes, flips for open each of the
// 128 tag bits, a random bit of every 16-byte MAC block of the ciphertext
// (the last one partial or whole) and of the additional data, and appends
// a zero byte to the additional data and, if longer (the kernel also takes
// n+1 bytes), to the ciphertext: every forgery must be refused with dst,
// src, ad and the tag untouched, and the right tag accepted after them.
func setsEveryForgery(t *testing.T, rng *rand.Rand, n int, seal func(key *[32]byte, nonce *[12]byte, dst, src, ad []byte, tag *[16]byte),
	open func(key *[32]byte, nonce *[12]byte, dst, src, ad []byte, tag *[16]byte) int, longer bool) {
	t.Helper()
	const canary = 0xc3
	for _, adLen := range []int{0, 13, 17, 32} {
		key, nonce := (*[KeySize]byte)(randBytes(rng, KeySize)), (*[NonceSize]byte)(randBytes(rng, NonceSize))
		pt, ad := randBytes(rng, n), randBytes(rng, adLen)
		ct := make([]byte, n)
		var tag [Overhead]byte
		seal(key, nonce, ct, pt, ad, &tag)
		refused := func(what string, ct, ad []byte, tag *[Overhead]byte) {
			t.Helper()
			dst := bytes.Repeat([]byte{canary}, len(ct)+64)
			ctBefore, adBefore, tagBefore := bytes.Clone(ct), bytes.Clone(ad), *tag
			if open(key, nonce, dst[:len(ct)], ct, ad, tag) != 0 {
				t.Fatalf("n %d, ad %d: %s: accepted", n, adLen, what)
			}
			if !allByte(dst, canary) || !bytes.Equal(ct, ctBefore) || !bytes.Equal(ad, adBefore) || *tag != tagBefore {
				t.Fatalf("n %d, ad %d: %s: refused, but wrote to its output or input", n, adLen, what)
			}
		}
		for bit := range 8 * Overhead {
			bad := tag
			bad[bit/8] ^= 1 << (bit % 8)
			refused("tag bit flipped", ct, ad, &bad)
		}
		for i := 0; i < n; i += 16 {
			bad := bytes.Clone(ct)
			bit := 8*i + rng.IntN(8*min(16, n-i))
			bad[bit/8] ^= 1 << (bit % 8)
			refused("ciphertext bit flipped", bad, ad, &tag)
		}
		for i := 0; i < adLen; i += 16 {
			bad := bytes.Clone(ad)
			bit := 8*i + rng.IntN(8*min(16, adLen-i))
			bad[bit/8] ^= 1 << (bit % 8)
			refused("additional data bit flipped", ct, bad, &tag)
		}
		refused("additional data with a zero byte appended", ct, append(bytes.Clone(ad), 0), &tag)
		if longer {
			// The same padded MAC blocks: only the lengths block
			// tells them apart.
			refused("ciphertext with a zero byte appended", append(bytes.Clone(ct), 0), ad, &tag)
		}
		// The right tag, after all that.
		dst := make([]byte, n)
		if open(key, nonce, dst, ct, ad, &tag) != 1 || !bytes.Equal(dst, pt) {
			t.Fatalf("n %d, ad %d: open refused the right tag", n, adLen)
		}
	}
}

// setsAPIOverTag runs Open through the API, the fused functions on, at
// each of lens with dst the sealed message's first n bytes, so that the
// output (its next n bytes) starts on the tag, which Open allows (the
// output does not overlap the ciphertext): the result must be the
// plaintext, and a forged message must fail.
func setsAPIOverTag(t *testing.T, rng *rand.Rand, lens []int) {
	t.Helper()
	defer useFusedImplementation(true)()
	for _, n := range lens {
		key, nonce := randBytes(rng, KeySize), randBytes(rng, NonceSize)
		pt, ad := randBytes(rng, n), randBytes(rng, 13)
		a, err := New(key)
		if err != nil {
			t.Fatal(err)
		}
		for _, forge := range []bool{false, true} {
			buf := make([]byte, 2*n+Overhead)
			sealed := a.Seal(buf[:0], nonce, pt, ad)
			if &sealed[0] != &buf[0] {
				t.Fatalf("n %d: Seal did not use dst's capacity", n)
			}
			if forge {
				buf[n+rng.IntN(Overhead)] ^= 1 << rng.IntN(8)
			}
			got, err := a.Open(buf[:n], nonce, buf[:n+Overhead], ad)
			if forge {
				if err == nil {
					t.Fatalf("n %d: forged message opened", n)
				}
				continue
			}
			if err != nil || !bytes.Equal(got[n:], pt) {
				t.Fatalf("n %d: Open over the tag: err %v, plaintext equal %v", n, err, err == nil && bytes.Equal(got[n:], pt))
			}
		}
	}
}
