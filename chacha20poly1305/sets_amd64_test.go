//go:build !purego

package chacha20poly1305

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
	xaead "golang.org/x/crypto/chacha20poly1305"
)

// setsKernelFor returns the set kernel that takes n bytes.
func setsKernelFor(n int) kernel {
	for _, k := range setsKernels {
		if n >= k.min && n <= k.max {
			return k
		}
	}
	panic("no set kernel takes the length")
}

// setsEdges are the message lengths at the set kernels' edges: the first
// and last each takes, the last block partial, whole or one byte long, the
// last set holding one to four blocks, and the lengths block last in the
// stack buffer; the two-set kernels', then the three- and four-set ones'.
var setsEdges = []int{193, 194, 207, 208, 209, 255, 256, 257, 319, 320, 321, 383, 384, 385, 433, 440, 447, 448,
	449, 450, 463, 464, 465, 511, 512, 513, 575, 576, 577, 639, 640, 641, 689, 696, 703, 704,
	705, 706, 719, 720, 721, 767, 768, 769, 831, 832, 833, 895, 896, 897, 945, 952, 959, 960}

// setsADLens are the additional data lengths of the two-set kernel tests:
// 0 to 40 bytes and a few long ones.
func setsADLens() []int {
	return adLensTo40(64, 100, 257, 1000)
}

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

// TestSetsMatchesXCrypto compares the set kernels directly with x/crypto
// at every length they take, fusedMax+1 to sets4Max, and additional data
// of 0 to 40 bytes and a few longer, out of place and in place, with every
// buffer between guard bytes that must stay untouched; Open must refuse a
// tag, ciphertext or additional data with a bit flipped and then write
// nothing.
func TestSetsMatchesXCrypto(t *testing.T) {
	testutil.RequireImplementation(t, "chacha20poly1305", "fused")
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
func setsCheckOne(t *testing.T, rng *rand.Rand, k kernel, n, adLen int, inPlace bool) {
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

// TestSetsMatchPortable compares the set kernels with the API on the
// portable ChaCha20 and Poly1305 (the fused functions off) at every length
// they take, additional data of every fifth length to 40 bytes and one of
// 300, in place for half the lengths.
func TestSetsMatchPortable(t *testing.T) {
	testutil.RequireImplementation(t, "chacha20poly1305", "fused")
	rng := testutil.Rand(t)
	defer portable()()
	for _, k := range setsKernels {
		for n := k.min; n <= k.max; n++ {
			adLen := []int{0, 5, 10, 15, 20, 25, 30, 35, 40, 300}[n%10]
			key, nonce := randBytes(rng, KeySize), randBytes(rng, NonceSize)
			pt, ad := randBytes(rng, n), randBytes(rng, adLen)
			a, err := New(key)
			if err != nil {
				t.Fatal(err)
			}
			want := a.Seal(nil, nonce, pt, ad)
			got := make([]byte, n+Overhead)
			src := pt
			if n%2 == 0 {
				copy(got, pt)
				src = got[:n]
			}
			k.seal((*[32]byte)(key), (*[12]byte)(nonce), got[:n], src, ad, (*[16]byte)(got[n:]))
			if !bytes.Equal(got, want) {
				t.Fatalf("%s: n %d, ad %d: seal differs from the portable path", k.name, n, adLen)
			}
			out := got[:n]
			if n%2 == 1 {
				out = make([]byte, n)
			}
			if k.open((*[32]byte)(key), (*[12]byte)(nonce), out, got[:n], ad, (*[16]byte)(want[n:])) != 1 || !bytes.Equal(out, pt) {
				t.Fatalf("%s: n %d, ad %d: open differs from the portable path", k.name, n, adLen)
			}
		}
	}
}

// TestSetsLimits runs the set kernels at the limits of polyMulAdd's
// bounds, as TestShortLimits runs the short ones: the largest r, and
// all-ones blocks of additional data and ciphertext, at every length they
// take.
func TestSetsLimits(t *testing.T) {
	testutil.RequireImplementation(t, "chacha20poly1305", "fused")
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

// TestSetsEveryForgery runs setsEveryForgery on the set kernel for each
// length of setsEdges (the ciphertext lengthened by a byte where the same
// kernel takes it): every forgery must be refused with dst, src, ad and
// the tag untouched.
func TestSetsEveryForgery(t *testing.T) {
	testutil.RequireImplementation(t, "chacha20poly1305", "fused")
	rng := testutil.Rand(t)
	for _, n := range setsEdges {
		k := setsKernelFor(n)
		setsEveryForgery(t, rng, n, k.seal, k.open, n < k.max)
	}
}

// setsAPIOverTag runs Open through the API, the fused functions on, at
// each of lens with dst the sealed message's first n bytes, so that the
// output (its next n bytes) starts on the tag, which Open allows (the
// output does not overlap the ciphertext): the result must be the
// plaintext, and a forged message must fail.
func setsAPIOverTag(t *testing.T, rng *rand.Rand, lens []int) {
	t.Helper()
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

// TestSetsAPIOverTag runs setsAPIOverTag at the lengths of setsEdges and
// setsOverlapLens.
func TestSetsAPIOverTag(t *testing.T) {
	testutil.RequireImplementation(t, "chacha20poly1305", "fused")
	setsAPIOverTag(t, testutil.Rand(t), append(slices.Clone(setsEdges), setsOverlapLens...))
}

// setsAPILens are the message lengths of the API tests: each side of
// the bounds between the fused, two-set, three-set and following kernels,
// and the edges inside the set kernels.
var setsAPILens = append([]int{190, 191, 192, 705, 706, 720}, setsEdges...)

// TestSetsAPI runs Seal and Open, with the fused functions on (the
// two-set kernels from 193 to 448 bytes, the three-set ones to 704), at every length of
// setsAPILens, in each of checkSealOpen's arrangements (a fresh output,
// after a prefix, in place; Open also over the tag), with forgeries
// refused and the output zeroed, with additional data nil, empty, or of
// 13, 17 or 300 bytes; and with nil dst, nil additional data and Open's
// output right after the ciphertext, over the tag, at every offset from 0
// to 16 bytes past its end; each as ChaCha20-Poly1305 and
// XChaCha20-Poly1305.
func TestSetsAPI(t *testing.T) {
	testutil.RequireImplementation(t, "chacha20poly1305", "fused")
	rng := testutil.Rand(t)
	for _, v := range variants {
		key := randBytes(rng, KeySize)
		a, _ := v.new(key)
		x, _ := v.newX(key)
		for i, n := range setsAPILens {
			for mode := range 12 {
				ad := adOfKind(rng, (i+mode)%5)
				checkSealOpen(t, rng, a, x, randBytes(rng, v.nonceSize), randBytes(rng, n), ad, mode)
			}
			nonce, pt := randBytes(rng, v.nonceSize), randBytes(rng, n)
			sealed := a.Seal(nil, nonce, pt, nil)
			if !bytes.Equal(sealed, x.Seal(nil, nonce, pt, nil)) {
				t.Fatalf("%s: n %d: Seal with nil dst and additional data differs", v.name, n)
			}
			for off := 0; off <= Overhead; off++ {
				buf := make([]byte, 2*n+2*Overhead)
				copy(buf, sealed)
				got, err := a.Open(buf[n+off:n+off], nonce, buf[:n+Overhead], nil)
				if err != nil || !bytes.Equal(got, pt) {
					t.Fatalf("%s: n %d: Open with its output %d bytes past the ciphertext: %v", v.name, n, off, err)
				}
			}
			if got, err := a.Open(nil, nonce, sealed, nil); err != nil || !bytes.Equal(got, pt) {
				t.Fatalf("%s: n %d: Open with nil dst: %v", v.name, n, err)
			}
		}
	}
}

// TestSetsADLens runs the two- and three-set kernels (checkKernel: ciphertext
// and tag against x/crypto, nothing written past them, Open right and
// refusing a flipped tag bit, each call on a poisoned stack) with
// additional data of every length from 0 to 300 bytes (no whole block to
// eighteen, the partial one from 0 to 15 bytes: the MAC's first block from
// the additional data or the stack, the stitched blocks from the partial
// one or the ciphertext) at the lengths of setsEdges, and every seventh
// length (a different seventh for each) at every other length the kernels
// take; with -long, every length at every length.
func TestSetsADLens(t *testing.T) {
	testutil.RequireImplementation(t, "chacha20poly1305", "fused")
	rng := testutil.Rand(t)
	for _, k := range setsKernels[:2] {
		for _, n := range k.lens() {
			step := 7
			if *long || slices.Contains(setsEdges, n) {
				step = 1
			}
			for adLen := n % step; adLen <= 300; adLen += step {
				checkKernelRandom(t, rng, k, n, adLen, 0)
			}
		}
	}
}

// TestSetsPoisonedStack runs the set kernels (checkKernelRandom) at every
// length they take, with two lengths of additional data of kernelADLens in
// turn (all of them with -long), each call on a stack poisoned with a
// random non-zero byte and then with 0xff: a byte of the stack buffer read
// before it is written (the ciphertext's zero padding, the additional
// data's partial block's, the lengths block or its neighbours, or a block
// past the data, which the kernels skip) would change the tag or the
// output.
func TestSetsPoisonedStack(t *testing.T) {
	testutil.RequireImplementation(t, "chacha20poly1305", "fused")
	rng := testutil.Rand(t)
	for _, k := range setsKernels {
		for i, n := range k.lens() {
			for _, adLen := range adLensFor(i) {
				for _, poison := range []byte{byte(1 + rng.IntN(255)), 0xff} {
					checkKernelRandom(t, rng, k, n, adLen, poison)
				}
			}
		}
	}
}

// TestSetsAdversarial drives the set kernels at every length they take,
// with additional data of lengths that put the MAC's first block, the
// stitched blocks and the rest in each place, on messages whose whole MAC
// blocks are chosen through the word model of polyMulAdd
// (adversarialMessage) to leave the accumulator's low words all ones after
// each (partial blocks all ones), under the largest r (largeRNonce) and two
// random keys (twenty with -long): the model must drop no carry and keep
// x2 < 2^63 along its chains, its tag must equal x/crypto's, and the
// kernels' (checkKernel, on a stack poisoned with 0xff) both. The
// kernels' MAC is polyMulAdd block after block in the AEAD's order,
// however the blocks are split between the loops and the stitched rounds,
// so their chain is the model's.
func TestSetsAdversarial(t *testing.T) {
	testutil.RequireImplementation(t, "chacha20poly1305", "fused")
	rng := testutil.Rand(t)
	keys := 2
	if *long {
		keys = 20
	}
	adLens := []int{0, 1, 15, 16, 17, 31, 32, 33, 48, 50, 64, 100, 272}
	var maxTop uint64
	for _, kn := range modelKeys(t, rng, keys) {
		ks := keystreamFrom1(t, kn.key, kn.nonce, sets4Max)
		for _, k := range setsKernels {
			for n := k.min; n <= k.max; n++ {
				for _, adLen := range adLens {
					pt, ad, want, top := modelMessage(t, kn, ks, n, adLen)
					maxTop = max(maxTop, top)
					checkKernel(t, k, kn.key, kn.nonce, pt, ad, want, 0xff, rng.IntN(128))
				}
			}
		}
	}
	t.Logf("largest x2 in the chains: %#x (2^%.3f)", maxTop, log2(maxTop))
}

// TestSetsTagAboveP runs the two- and three-set kernels on messages
// whose final reduction must subtract p (messageAboveP: the last
// ciphertext block solved for so that h + 5c, reduceH's h, lies at or above
// p, which random messages reach with probability about 2^-67), at lengths
// that end in each of the last set's blocks and at both ends: the tags must be x/crypto's,
// and Open must take them and refuse them with a bit flipped.
func TestSetsTagAboveP(t *testing.T) {
	testutil.RequireImplementation(t, "chacha20poly1305", "fused")
	rng := testutil.Rand(t)
	k := setsKernels[0]
	want := testutil.Runs(*long, 2, 20, 1)
	for _, n := range []int{208, 256, 272, 320, 384, 400, 448} {
		checkKernelAboveP(t, rng, k, n, want)
	}
	k = setsKernels[1]
	for _, n := range []int{464, 512, 528, 576, 640, 656, 704} {
		checkKernelAboveP(t, rng, k, n, want)
	}
}

// TestSetsOnStack runs the set kernels by kernelOnStack in new goroutines
// at each end of each kernel's lengths, at every depth from 0 to 150 big
// frames, and at every combination of 0 to 40 big and 1 to 7 small ones:
// the two-set kernels' 544-byte frames are NOSPLIT (no prologue to grow
// the stack: the linker must have found room below every caller), the
// others' too large for that, and their prologues must grow the stack
// wherever the frame falls; Seal and Open must still agree with x/crypto.
func TestSetsOnStack(t *testing.T) {
	testutil.RequireImplementation(t, "chacha20poly1305", "fused")
	rng := testutil.Rand(t)
	for _, k := range setsKernels {
		for _, n := range []int{k.min, k.max} {
			key, nonce := (*[32]byte)(randBytes(rng, KeySize)), (*[12]byte)(randBytes(rng, NonceSize))
			x, _ := xaead.New(key[:])
			pt, ad := randBytes(rng, n), randBytes(rng, 13)
			want := x.Seal(nil, nonce[:], pt, ad)
			for big := 0; big <= 150; big++ {
				checkOnStack(t, k, key, nonce, pt, ad, want, big, 0)
			}
			ad = randBytes(rng, 17)
			want = x.Seal(nil, nonce[:], pt, ad)
			for big := 0; big <= 40; big++ {
				for small := 1; small <= 7; small++ {
					checkOnStack(t, k, key, nonce, pt, ad, want, big, small)
				}
			}
		}
	}
}

// setsOverlapLens are the lengths of the overlap tests: the first and last
// the three-set kernels take and the last block partial, whole or one byte
// long in each of blocks 8 to 11 (the masked ones), then the four-set
// kernels' ends, their last blocks' and lengths between.
var setsOverlapLens = []int{449, 450, 463, 464, 511, 512, 513, 575, 576, 577, 639, 640, 641, 703, 704,
	705, 720, 767, 768, 769, 896, 959, 960}

// overlapShifts returns the offsets, from the ciphertext's start, of
// an Open kernel's output in the overlap tests: before the ciphertext by up to
// two blocks and more, over it by 1 to 16 bytes and by whole blocks (the
// output's end then over the tag at each of its 16 bytes), and starting in
// or just past the tag.
func overlapShifts(n int) []int {
	s := []int{-200, -129, -128, -65, -64, -63, -17, -16, -15, -1, 0, 63, 64, 65, 127, 128, 192, 448}
	for d := 1; d <= 16; d++ {
		s = append(s, d)
	}
	for d := n - 17; d <= n+17; d++ {
		s = append(s, d)
	}
	return s
}

// TestSetsOpenOverlap calls openSets3 and openSets4, which
// decrypt a copy of the ciphertext and read the tag before they write,
// with the ciphertext and its tag at a fixed place in a buffer and the
// output at every offset of overlapShifts and a few more whole blocks
// past, over the ciphertext, the tag or both: with the right tag the
// output must be the plaintext and the buffer outside it untouched; with a
// flipped tag bit the whole buffer must be unchanged. Seal's output over
// its input is only ever exact (in place), which TestSetsGuardPages runs.
func TestSetsOpenOverlap(t *testing.T) {
	testutil.RequireImplementation(t, "chacha20poly1305", "fused")
	rng := testutil.Rand(t)
	const base = 256
	for _, n := range setsOverlapLens {
		k := setsKernelFor(n)
		key, nonce := randBytes(rng, KeySize), randBytes(rng, NonceSize)
		pt, ad := randBytes(rng, n), randBytes(rng, rng.IntN(40))
		x, _ := xaead.New(key)
		sealed := x.Seal(nil, nonce, pt, ad)
		buf := make([]byte, base+2*n+1024)
		for _, d := range append(overlapShifts(n), 704, 768, 960) {
			for _, forge := range []bool{false, true} {
				for i := range buf {
					buf[i] = byte(i*7 + 3)
				}
				copy(buf[base:], sealed)
				if forge {
					buf[base+n+rng.IntN(Overhead)] ^= 1 << rng.IntN(8)
				}
				before := bytes.Clone(buf)
				ct := buf[base : base+n]
				tag := (*[16]byte)(buf[base+n:])
				dst := buf[base+d : base+d+n]
				ok := k.open((*[32]byte)(key), (*[12]byte)(nonce), dst, ct, ad, tag)
				if forge {
					if ok != 0 || !bytes.Equal(buf, before) {
						t.Fatalf("%s: n %d, output at %d: forged tag: ok %d, buffer changed %v", k.name, n, d, ok, !bytes.Equal(buf, before))
					}
					continue
				}
				if ok != 1 || !bytes.Equal(buf[base+d:base+d+n], pt) {
					t.Fatalf("%s: n %d, output at %d: ok %d, plaintext differs", k.name, n, d, ok)
				}
				if !bytes.Equal(buf[:base+d], before[:base+d]) || !bytes.Equal(buf[base+d+n:], before[base+d+n:]) {
					t.Fatalf("%s: n %d, output at %d: bytes outside the output written", k.name, n, d)
				}
			}
		}
	}
}
