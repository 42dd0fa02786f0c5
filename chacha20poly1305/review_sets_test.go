//go:build amd64 && !purego && linux

package chacha20poly1305

// A second reader's tests of the two-set kernels (sealSets and openSets,
// sets_amd64.s from _asm/sets_amd64_asm.go), and of the three-set ones
// (sealSets3 and openSets3, from _asm/sets3_amd64_asm.go, 449 to 704
// bytes, where the tests below run them too), for what their own tests
// could miss: every buffer against an unmapped page at every length they
// take; the MAC driven at the limits of polyMulAdd's bounds
// (review_short_test.go's word model) through the additional data's loop,
// the blocks stitched into set 1's rounds and the rest, with a final h at
// or above p, and with h mod p = 0..4 (the final reduction changing both
// words); every length of additional data from 0 to 300; each call on a
// stack poisoned with non-zero bytes; every tag bit and a bit of every MAC
// block flipped; arguments on a goroutine's stack at every depth; the
// public API around the kernels' bounds (192/193, 448/449, 704/705) in every
// arrangement of its output, with the fused functions on and off; and a
// taint audit of sets_amd64.s for branches, addresses and masks from
// secret data.

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/big"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
	xaead "golang.org/x/crypto/chacha20poly1305"
)

// setsRevKernel is the two-set kernels, with every length they take, as
// rvCheckKernel (review_avx2_test.go) runs them: Open writes nothing for a
// wrong tag.
func setsRevKernel() rvAVX2Kernel {
	return rvAVX2Kernel{name: "sets", seal: sealSets, open: openSets, lens: rvSpan(fusedMax+1, setsMax)}
}

// setsRevKernels is the two-set kernels (setsRevKernel) and the three-set
// ones (sealSets3 and openSets3, setsMax+1 to sets3Max bytes).
func setsRevKernels() []rvAVX2Kernel {
	return []rvAVX2Kernel{setsRevKernel(),
		{name: "sets3", seal: sealSets3, open: openSets3, lens: rvSpan(setsMax+1, sets3Max)}}
}

// setsRevKernelFor returns the set kernel that takes n bytes.
func setsRevKernelFor(n int) rvAVX2Kernel {
	for _, k := range setsRevKernels() {
		if slices.Contains(k.lens, n) {
			return k
		}
	}
	panic("no set kernel takes " + strconv.Itoa(n) + " bytes")
}

// setsRevEdges are the message lengths at the set kernels' edges: the
// first and last they take, the last block partial, whole or one byte
// long, the last set holding one to four blocks, and the lengths block
// last in the stack buffer; first the two-set kernels', then the three-set
// ones'.
var setsRevEdges = []int{193, 194, 207, 208, 209, 255, 256, 257, 319, 320, 321, 383, 384, 385, 433, 440, 447, 448,
	449, 450, 463, 464, 465, 511, 512, 513, 575, 576, 577, 639, 640, 641, 689, 696, 703, 704}

// TestSetsReviewGuardPages runs the two- and three-set kernels with src,
// dst, ad, tag, key and nonce each against an unmapped page, after it and
// before it (guardPages, review_short_test.go), at every length they take and
// additional data of 0 to 17, 31 to 33, 47 to 49 and 255 to 257 bytes: a
// byte read or written outside them (a mask wrong by a byte, a whole-block
// load of the additional data's partial block) would fault. The page
// around dst must be untouched and Open with a wrong tag must write
// nothing. Then Seal and Open in place, the message at the end of its page.
func TestSetsReviewGuardPages(t *testing.T) {
	if !haveFused {
		t.Skip("the CPU does not run the fused functions")
	}
	rng := testutil.Rand(t)
	pages := newGuardPages(t)
	adLens := append(guardADLens(), 47, 48, 49, 255, 256, 257)
	for _, k := range setsRevKernels() {
		for _, n := range k.lens {
			for _, adLen := range adLens {
				for _, atEnd := range []bool{true, false} {
					c := pages.place(rng, n, adLen, atEnd)
					c.checkSeal(t, k.name, k.seal)
					c.checkOpen(t, rng, k.name, k.open, false)
				}
			}
		}
		for _, n := range k.lens {
			for _, atEnd := range []bool{true, false} {
				c := pages.place(rng, n, rng.IntN(40), atEnd)
				// In place: dst is src.
				k.seal(c.key, c.nonce, c.src, c.src, c.ad, c.tag)
				if !bytes.Equal(c.src, c.want[:n]) || !bytes.Equal(c.tag[:], c.want[n:]) {
					t.Fatalf("%s: n %d, ad %d, at end %v: seal in place differs", k.name, n, c.adLen, atEnd)
				}
				if k.open(c.key, c.nonce, c.src, c.src, c.ad, c.tag) != 1 || !bytes.Equal(c.src, c.pt) {
					t.Fatalf("%s: n %d, ad %d, at end %v: open in place differs", k.name, n, c.adLen, atEnd)
				}
			}
		}
	}
}

// TestSetsReviewADLens runs the two- and three-set kernels (rvCheckKernel: ciphertext
// and tag against x/crypto, nothing written past them, Open right and
// refusing a flipped tag bit, each call on a poisoned stack) with
// additional data of every length from 0 to 300 bytes (no whole block to
// eighteen, the partial one from 0 to 15 bytes: the MAC's first block from
// the additional data or the stack, the stitched blocks from the partial
// one or the ciphertext) at the lengths of setsRevEdges, and every seventh
// length (a different seventh for each) at every other length the kernels
// take; with -long, every length at every length.
func TestSetsReviewADLens(t *testing.T) {
	if !haveFused {
		t.Skip("the CPU does not run the fused functions")
	}
	rng := testutil.Rand(t)
	for _, k := range setsRevKernels() {
		for _, n := range k.lens {
			step := 7
			if *long || slices.Contains(setsRevEdges, n) {
				step = 1
			}
			for adLen := n % step; adLen <= 300; adLen += step {
				rvCheckRandom(t, rng, k, n, adLen, 0)
			}
		}
	}
}

// TestSetsReviewPoisonedStack runs the two- and three-set kernels (rvCheckKernel) at
// every length they take, with two lengths of additional data of
// rvAVX2ADLens in turn (all of them with -long), each call on a stack
// poisoned with a random non-zero byte and then with 0xff: a byte of the
// stack buffer read before it is written (the ciphertext's zero padding,
// the additional data's partial block's, the lengths block or its
// neighbours) would change the tag or the output.
func TestSetsReviewPoisonedStack(t *testing.T) {
	if !haveFused {
		t.Skip("the CPU does not run the fused functions")
	}
	rng := testutil.Rand(t)
	for _, k := range setsRevKernels() {
		for i, n := range k.lens {
			for _, adLen := range rvADFor(i) {
				for _, poison := range []byte{byte(1 + rng.IntN(255)), 0xff} {
					rvCheckRandom(t, rng, k, n, adLen, poison)
				}
			}
		}
	}
}

// TestSetsReviewAdversarial drives the two- and three-set kernels at every length they
// take, with additional data of lengths that put the MAC's first block,
// the stitched blocks and the rest in each place, on messages whose whole
// MAC blocks are chosen through the word model of polyMulAdd
// (shortRevAdversarial) to leave the accumulator's low words all ones
// after each (partial blocks all ones), under the largest r (largeRNonce)
// and random keys: the model must drop no carry and keep x2 < 2^63 along
// chains of up to 1 + 17 + 28 + 1 blocks, its tag must equal x/crypto's,
// and the kernels' (rvCheckKernel, on a stack poisoned with 0xff) both.
// The kernels' MAC is polyMulAdd block after block in the AEAD's order,
// however the blocks are split between the loops and the stitched rounds,
// so their chain is the model's.
func TestSetsReviewAdversarial(t *testing.T) {
	if !haveFused {
		t.Skip("the CPU does not run the fused functions")
	}
	rng := testutil.Rand(t)
	kns := shortRevKeys(t, rng, testutil.Runs(*long, 1, 10, 0))
	adLens := []int{0, 1, 15, 16, 17, 31, 32, 33, 48, 50, 64, 100, 272}
	var maxTop uint64
	for _, k := range setsRevKernels() {
		for _, kn := range kns {
			ks := shortRevKeystream(t, kn.key, kn.nonce, slices.Max(k.lens))
			for _, n := range k.lens {
				for _, adLen := range adLens {
					pt, ad, want, top := shortRevModelMessage(t, kn, ks, n, adLen)
					maxTop = max(maxTop, top)
					rvCheckKernel(t, k, kn.key, kn.nonce, pt, ad, want, 0xff, rng.IntN(128))
				}
			}
		}
	}
	t.Logf("largest x2 in the chains: %#x (2^%.3f)", maxTop, shortRevLog2(maxTop))
}

// TestSetsReviewTagAboveP runs the two- and three-set kernels on messages
// whose final reduction must subtract p (shortRevAboveP: the last
// ciphertext block solved for so that h + 5c, reduceH's h, lies at or above
// p, which random messages reach with probability about 2^-67), at lengths
// that end in each of the last set's blocks and at both ends: the tags must be x/crypto's,
// and Open must take them and refuse them with a bit flipped.
func TestSetsReviewTagAboveP(t *testing.T) {
	if !haveFused {
		t.Skip("the CPU does not run the fused functions")
	}
	rng := testutil.Rand(t)
	k := setsRevKernel()
	want := testutil.Runs(*long, 2, 20, 1)
	for _, n := range []int{208, 256, 272, 320, 384, 400, 448} {
		rvCheckAboveP(t, rng, k, n, want)
	}
	k = setsRevKernels()[1]
	for _, n := range []int{464, 512, 528, 576, 640, 656, 704} {
		rvCheckAboveP(t, rng, k, n, want)
	}
}

// setsRevSmallH returns, under key and nonce, with additional data ad, a
// plaintext of n = len(ct) bytes (a multiple of 16, at least 16) that
// encrypts to ct with its last block replaced by one solved for, so that
// the Poly1305 value before s is added, h mod p, is target (0 to 4), and
// the final accumulator, as the word model of polyMulAdd leaves it, gives
// reduceH h + 5c = p + target. Then g = h + 5 - 2^130, which reduceH
// selects, differs from h in both words (h's are 2^64 - 5 + target and
// 2^64 - 1, g's target and 0): a reduction that took g's low word and kept
// h's high one would be wrong. Messages whose h + 5c lies further above p
// (shortRevAboveP) have g's high word equal to h's and cannot tell. ok is
// false when the solved block does not fit 128 bits (about 3 in 4) or the
// model's h + 5c is not p + target.
func setsRevSmallH(t *testing.T, key, nonce, ad, ct []byte, target int64) (pt []byte, ok bool) {
	n := len(ct)
	r0, r1, s0, s1 := shortRevPolyKey(t, key, nonce)
	r := shortRevAcc([3]uint64{r0, r1, 0})
	words := func(b []byte) []uint64 {
		var blk [16]byte
		copy(blk[:], b)
		return []uint64{binary.LittleEndian.Uint64(blk[:]), binary.LittleEndian.Uint64(blk[8:])}
	}
	// chain runs the model over the MAC's blocks up to the ciphertext's
	// last (included or not).
	chain := func(withLast bool) (x [3]uint64) {
		for i := 0; i < len(ad); i += 16 {
			x, _ = shortRevMulAdd(x, r0, r1, words(ad[i:min(i+16, len(ad))]))
		}
		for i := 0; i < n-16 || withLast && i < n; i += 16 {
			x, _ = shortRevMulAdd(x, r0, r1, words(ct[i:i+16]))
		}
		return x
	}
	// h = ((X r + M + 2^128) r + L + 2^128) r mod p, with X the
	// accumulator before the last block M and L the lengths block: M r^2
	// + b, solved for M.
	r2 := new(big.Int).Mul(r, r)
	r2.Mod(r2, shortRevP)
	b := new(big.Int).Mul(shortRevAcc(chain(false)), r)
	b.Add(b, shortRevAcc([3]uint64{0, 0, 1}))
	b.Mul(b, r2)
	b.Add(b, new(big.Int).Mul(shortRevAcc([3]uint64{uint64(len(ad)), uint64(n), 1}), r))
	m := new(big.Int).Sub(big.NewInt(target), b)
	m.Mul(m, new(big.Int).ModInverse(r2, shortRevP))
	m.Mod(m, shortRevP)
	if m.BitLen() > 128 {
		return nil, false
	}
	mb := m.FillBytes(make([]byte, 16))
	slices.Reverse(mb)
	copy(ct[n-16:], mb)
	x := chain(true)
	x, _ = shortRevMulAdd(x, r0, r1, []uint64{uint64(len(ad)), uint64(n)})
	x, _ = shortRevMulAdd(x, r0, r1, nil)
	if shortRevUnreduced(x).Cmp(new(big.Int).Add(shortRevP, big.NewInt(target))) != 0 {
		return nil, false
	}
	shortRevCheckModelTag(t, x, s0, s1, fmt.Sprintf("n %d, h mod p = %d", n, target))
	return shortRevDecrypt(t, key, nonce, ct), true
}

// TestSetsReviewSmallH runs the two- and three-set kernels, and the other short
// kernels whose final reduction is written apart (the fused and short
// ones', reduceH; the AVX2 ones'), on messages whose Poly1305 value h mod p
// is each of 0 to 4 with the accumulator at p above it (setsRevSmallH), so
// that the final reduction must change both words of h: the tags must be
// x/crypto's (rvCheckKernel), with additional data of 0, 13 and 32 bytes.
func TestSetsReviewSmallH(t *testing.T) {
	if !haveFused {
		t.Skip("the CPU does not run the fused functions")
	}
	rng := testutil.Rand(t)
	kernels := setsRevKernels()
	lens := map[string][]int{"sets": {208, 256, 320, 448}, "sets3": {464, 512, 576, 704}, "fused": {16, 192}, "short": {16, 64},
		"avx2x1": {64}, "avx2": {192}, "avx2x3": {320}, "avx2x4": {448}, "avx2chunks": {464, 1024}}
	for _, k := range fusedKernels {
		kernels = append(kernels, rvAVX2Kernel{name: k.name, seal: k.seal, open: k.open})
	}
	if haveAVX2Fused {
		kernels = append(kernels, rvAVX2Kernels()...)
	}
	for _, k := range kernels {
		for _, n := range lens[k.name] {
			for _, adLen := range []int{0, 13, 32} {
				if k.name == "short" && adLen > shortMaxAD {
					continue
				}
				for target := range int64(5) {
					found := false
					for tries := 0; !found && tries < 200; tries++ {
						key, nonce := randBytes(rng, KeySize), randBytes(rng, NonceSize)
						ad := randBytes(rng, adLen)
						pt, ok := setsRevSmallH(t, key, nonce, ad, randBytes(rng, n), target)
						if !ok {
							continue
						}
						found = true
						x, _ := xaead.New(key)
						sealed := x.Seal(nil, nonce, pt, ad)
						rvCheckKernel(t, k, key, nonce, pt, ad, sealed, 0xff, rng.IntN(128))
					}
					if !found {
						t.Fatalf("%s: n %d, ad %d: no message with h mod p = %d in 200 tries", k.name, n, adLen, target)
					}
				}
			}
		}
	}
}

// TestSetsReviewEveryForgery flips, for openSets and openSets3, each of the 128 tag bits,
// a random bit of every 16-byte MAC block of the ciphertext (the last one
// partial or whole) and of the additional data, and changes the additional
// data's and the ciphertext's length by a zero byte, at the lengths of
// setsRevEdges: every one must be refused with dst, src, ad and the tag
// untouched.
func TestSetsReviewEveryForgery(t *testing.T) {
	if !haveFused {
		t.Skip("the CPU does not run the fused functions")
	}
	rng := testutil.Rand(t)
	for _, n := range setsRevEdges {
		k := setsRevKernelFor(n)
		setsEveryForgery(t, rng, n, k.seal, k.open, n < sets3Max && n != setsMax)
	}
}

// setsRevOnStack seals pt and opens the result with the two-set kernels
// (or, past setsMax bytes, the three-set ones),
// called directly (so that escape analysis sees their go:noescape), with
// the key, nonce, tag and output in this function's frame, after depth
// frames of setsRevOnStack. It reports whether both gave want and pt.
func setsRevOnStack(key *[32]byte, nonce *[12]byte, pt, ad, want []byte, depth int) bool {
	if depth > 0 {
		var pad [96]byte
		pad[depth%len(pad)] = byte(depth)
		ok := setsRevOnStack(key, nonce, pt, ad, want, depth-1)
		return ok && pad[depth%len(pad)] == byte(depth)
	}
	var kc [32]byte
	var nc [12]byte
	var tag [16]byte
	var out, back [sets3Max]byte
	kc, nc = *key, *nonce
	n := len(pt)
	if n > setsMax {
		sealSets3(&kc, &nc, out[:n], pt, ad, &tag)
		ok := bytes.Equal(out[:n], want[:n]) && bytes.Equal(tag[:], want[n:])
		return openSets3(&kc, &nc, back[:n], out[:n], ad, &tag) == 1 && bytes.Equal(back[:n], pt) && ok
	}
	sealSets(&kc, &nc, out[:n], pt, ad, &tag)
	ok := bytes.Equal(out[:n], want[:n]) && bytes.Equal(tag[:], want[n:])
	return openSets(&kc, &nc, back[:n], out[:n], ad, &tag) == 1 && bytes.Equal(back[:n], pt) && ok
}

// TestSetsReviewOnStack runs the two-set kernels, whose 544-byte frames
// are NOSPLIT (no prologue to grow the stack: the linker must have found
// room below every caller), and the three-set ones, whose 784-byte frames
// are too large for that and grow the stack in their prologue, by
// setsRevOnStack in a new goroutine at every depth from 0 to 150 frames, so
// that their frames meet the end of a small stack at every offset, with
// their arguments on it.
func TestSetsReviewOnStack(t *testing.T) {
	if !haveFused {
		t.Skip("the CPU does not run the fused functions")
	}
	rng := testutil.Rand(t)
	for _, n := range []int{fusedMax + 1, setsMax, setsMax + 1, sets3Max} {
		key, nonce := (*[32]byte)(randBytes(rng, KeySize)), (*[12]byte)(randBytes(rng, NonceSize))
		pt, ad := randBytes(rng, n), randBytes(rng, 13)
		x, _ := xaead.New(key[:])
		want := x.Seal(nil, nonce[:], pt, ad)
		for depth := 0; depth <= 150; depth++ {
			done := make(chan bool)
			go func() { done <- setsRevOnStack(key, nonce, pt, ad, want, depth) }()
			if !<-done {
				t.Fatalf("n %d, %d frames deep in a new goroutine: seal or open differs", n, depth)
			}
		}
	}
}

// setsRevAPILens are the message lengths of the API tests: each side of
// the bounds between the fused, two-set, three-set and following kernels,
// and the edges inside the set kernels.
var setsRevAPILens = append([]int{190, 191, 192, 705, 706, 720}, setsRevEdges...)

// TestSetsReviewAPI runs Seal and Open, with the fused functions on (the
// two-set kernels from 193 to 448 bytes, the three-set ones to 704), at every length of
// setsRevAPILens, in each of reviewCase's arrangements (a fresh output,
// after a prefix, in place; Open also over the tag), with forgeries
// refused and the output zeroed, with additional data nil, empty, or of
// 13, 17 or 300 bytes; and with nil dst, nil additional data and Open's
// output right after the ciphertext, over the tag, at every offset from 0
// to 16 bytes past its end; each as ChaCha20-Poly1305 and
// XChaCha20-Poly1305.
func TestSetsReviewAPI(t *testing.T) {
	if !haveFused {
		t.Skip("the CPU does not run the fused functions")
	}
	defer useFusedImplementation(true)()
	rng := testutil.Rand(t)
	for _, v := range variants {
		key := randBytes(rng, KeySize)
		a, _ := v.new(key)
		x, _ := v.newX(key)
		for i, n := range setsRevAPILens {
			for mode := range 12 {
				ad := reviewAD(rng, (i+mode)%5)
				reviewCase(t, rng, a, x, randBytes(rng, v.nonceSize), randBytes(rng, n), ad, mode)
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

// TestSetsReviewDispatch checks which lengths sealShort and openShort take
// (through 1216 bytes with the fused functions on, the two-set kernels past
// 192, the three-set ones past 448, the four- and five-set ones past 704
// and 960; none with them off), and that Seal and Open agree with x/crypto
// on each side of 192/193, 448/449, 704/705, 960/961 and 1216/1217
// with the fused functions on and off and every other implementation
// (forEachImpl): a message past 192 bytes sent to the fused kernel, past
// 448 to the two-set one or past 704 to the three-set one, would lose its
// last bytes.
func TestSetsReviewDispatch(t *testing.T) {
	if !haveFused {
		t.Skip("the CPU does not run the fused functions")
	}
	rng := testutil.Rand(t)
	key := (*[KeySize]byte)(randBytes(rng, KeySize))
	nonce := (*[NonceSize]byte)(randBytes(rng, NonceSize))
	x, _ := xaead.New(key[:])
	edges := []int{191, 192, 193, 194, 447, 448, 449, 450, 703, 704, 705, 706, 959, 960, 961, 962, 1215, 1216, 1217, 1218}
	for _, on := range []bool{true, false} {
		restore := useFusedImplementation(on)
		for _, n := range edges {
			pt, ad := randBytes(rng, n), randBytes(rng, 13)
			want := x.Seal(nil, nonce[:], pt, ad)
			ct := make([]byte, n)
			var tag [Overhead]byte
			taken := sealShort(key, nonce, ct, pt, ad, &tag)
			if taken != (on && n <= sets5Max) {
				t.Fatalf("fused %v, n %d: sealShort took it: %v", on, n, taken)
			}
			if taken && (!bytes.Equal(ct, want[:n]) || !bytes.Equal(tag[:], want[n:])) {
				t.Fatalf("fused %v, n %d: sealShort differs from x/crypto", on, n)
			}
			if n > fusedMax && n <= sets3Max {
				k := setsRevKernelFor(n)
				direct := make([]byte, n)
				var directTag [Overhead]byte
				k.seal(key, nonce, direct, pt, ad, &directTag)
				if !bytes.Equal(direct, want[:n]) || directTag != [Overhead]byte(want[n:]) {
					t.Fatalf("n %d: %s differs from x/crypto", n, k.name)
				}
			}
			out := make([]byte, n)
			done, ok := openShort(key, nonce, out, want[:n], ad, (*[Overhead]byte)(want[n:]))
			if done != (on && n <= sets5Max) || done && (!ok || !bytes.Equal(out, pt)) {
				t.Fatalf("fused %v, n %d: openShort: done %v, ok %v", on, n, done, ok)
			}
		}
		restore()
	}
	forEachImpl(t, func(t *testing.T) {
		a, _ := New(key[:])
		for i, n := range edges {
			for mode := range 4 {
				reviewCase(t, rng, a, x, nonce[:], randBytes(rng, n), randBytes(rng, 13*(i%3)), mode+i)
			}
		}
	})
}

// ctAuditAsm audits Go assembly src (a generated kernel file) for the
// constant-time rules, by a taint analysis of each TEXT function's general
// registers, flags and opmask registers, to a fixed point over its jumps:
// public are immediates, the arguments (pointers and lengths, read from
// FP), read-only constants (SB), what is computed from them only and the
// stack slots they are stored to; secret is everything loaded through a
// pointer or from the rest of the frame, taken from a vector register, and
// every register before it is written.
// It returns a problem for each conditional jump on secret flags (but one
// to a label ending in "_fail": Open's public result), each memory
// operand whose address uses a secret register, each masked access under a
// secret mask, and each division. CMOV on secret flags, and masked moves
// between registers under a secret mask, are allowed.
func ctAuditAsm(src string) (problems []string) {
	type insn struct {
		line      int
		label, op string
		args      []string
	}
	// Byte registers are their whole register's.
	alias := map[string]string{}
	for _, r := range []string{"AX", "BX", "CX", "DX"} {
		alias[r[:1]+"L"] = r
	}
	for _, r := range []string{"SI", "DI", "BP", "R8", "R9", "R10", "R11", "R12", "R13", "R14", "R15"} {
		alias[r+"B"] = r
	}
	var funcs [][]insn
	for i, l := range strings.Split(src, "\n") {
		if j := strings.Index(l, "//"); j >= 0 {
			l = l[:j]
		}
		l = strings.TrimSpace(l)
		switch {
		case l == "" || strings.HasPrefix(l, "#") || strings.HasPrefix(l, "DATA") || strings.HasPrefix(l, "GLOBL"):
		case strings.HasPrefix(l, "TEXT"):
			funcs = append(funcs, nil)
		case len(funcs) == 0:
		case strings.HasSuffix(l, ":"):
			funcs[len(funcs)-1] = append(funcs[len(funcs)-1], insn{line: i + 1, label: strings.TrimSuffix(l, ":")})
		default:
			for _, one := range strings.Split(l, ";") {
				f := strings.Fields(strings.TrimSpace(one))
				if len(f) == 0 {
					continue
				}
				var args []string
				if len(f) > 1 {
					for _, a := range strings.Split(strings.Join(f[1:], ""), ",") {
						a = strings.TrimSpace(a)
						if r, ok := alias[a]; ok {
							a = r
						}
						args = append(args, a)
					}
				}
				funcs[len(funcs)-1] = append(funcs[len(funcs)-1], insn{line: i + 1, op: f[0], args: args})
			}
		}
	}
	gp := map[string]bool{"AX": true, "BX": true, "CX": true, "DX": true, "SI": true, "DI": true, "BP": true,
		"R8": true, "R9": true, "R10": true, "R11": true, "R12": true, "R13": true, "R14": true, "R15": true}
	isK := func(a string) bool { return len(a) == 2 && a[0] == 'K' && a[1] >= '0' && a[1] <= '7' }
	isVec := func(a string) bool {
		return len(a) > 1 && (a[0] == 'X' || a[0] == 'Y' || a[0] == 'Z') && a[1] >= '0' && a[1] <= '9'
	}
	isMem := func(a string) bool { return strings.Contains(a, "(") }
	type state map[string]bool // secret registers, "flags" and opmasks
	entry := func() state {
		s := state{"flags": true}
		for r := range gp {
			s[r] = true
		}
		for k := range 8 {
			s[fmt.Sprintf("K%d", k)] = true
		}
		return s
	}
	// A state's "pub:N" entries are the 8-byte stack slots at N(SP)
	// known to hold a public value (the rest of the frame is secret).
	isPub := func(k string) bool { return strings.HasPrefix(k, "pub:") }
	join := func(a, b state) state {
		c := state{}
		for r, v := range a {
			if isPub(r) {
				c[r] = v && b[r]
			} else {
				c[r] = v || b[r]
			}
		}
		for r, v := range b {
			if !isPub(r) {
				c[r] = v || a[r]
			}
		}
		return c
	}
	clone := func(a state) state {
		c := state{}
		for r, v := range a {
			c[r] = v
		}
		return c
	}
	// slot returns N for the operand N(SP), or ok false.
	slot := func(a string) (n int, ok bool) {
		off, found := strings.CutSuffix(a, "(SP)")
		if !found || strings.Contains(off, "(") {
			return 0, false
		}
		if off == "" {
			return 0, true
		}
		n, err := strconv.Atoi(off)
		return n, err == nil
	}
	same := func(a, b state) bool {
		for r := range a {
			if a[r] != b[r] {
				return false
			}
		}
		for r := range b {
			if a[r] != b[r] {
				return false
			}
		}
		return true
	}
	for _, fn := range funcs {
		in := map[string]state{}
		tagBranch := 0 // the line of the one branch on Open's tag comparison
		// pass runs fn once from the states at its labels so far; it
		// reports whether any of them grew, and with check, the problems.
		pass := func(check bool) (grew bool) {
			st, live := entry(), true
			seen := map[string]bool{}
			report := func(ins insn, why string) {
				p := fmt.Sprintf("line %d: %s %s: %s", ins.line, ins.op, strings.Join(ins.args, ", "), why)
				if check && !seen[p] {
					seen[p] = true
					problems = append(problems, p)
				}
			}
			// val is an operand's taint as a source; a memory operand's
			// address must be public.
			val := func(ins insn, a string) bool {
				switch {
				case strings.HasPrefix(a, "$"):
					return false
				case gp[a] || isK(a):
					return st[a]
				case isVec(a):
					return true
				case isMem(a):
					if strings.HasSuffix(a, "(FP)") || strings.HasSuffix(a, "(SB)") {
						return false
					}
					if n, ok := slot(a); ok {
						return !st[fmt.Sprintf("pub:%d", n)]
					}
					for _, part := range strings.Split(a, "(")[1:] {
						r := strings.TrimSuffix(strings.Split(part, "*")[0], ")")
						if r != "SP" && st[r] {
							report(ins, "address from a secret register "+r)
						}
					}
					return true
				}
				report(ins, "unknown operand "+a)
				return true
			}
			jump := func(l string) {
				n := st
				if old, ok := in[l]; ok {
					n = join(old, st)
					if same(old, n) {
						return
					}
				}
				in[l] = clone(n)
				grew = true
			}
			for _, ins := range fn {
				if ins.label != "" {
					if s, ok := in[ins.label]; ok {
						if live {
							st = join(st, s)
						} else {
							st, live = clone(s), true
						}
					}
					continue
				}
				if !live {
					continue
				}
				op, args := ins.op, ins.args
				last := ""
				if len(args) > 0 {
					last = args[len(args)-1]
				}
				// srcs is the taint of the sources: every operand but a
				// three-operand instruction's destination. (Every memory
				// operand's address is checked here; a jump's label and
				// LEAQ's address, not a memory access, are not operands.)
				var srcs bool
				for i, a := range args {
					if op[0] == 'J' || op == "LEAQ" {
						break
					}
					t := val(ins, a)
					if i < 2 || i < len(args)-1 {
						srcs = t || srcs
					}
				}
				if slices.ContainsFunc(args, isMem) {
					for _, a := range args {
						if isK(a) && st[a] && !strings.HasPrefix(op, "KMOV") {
							report(ins, "a memory access under a secret mask "+a)
						}
					}
				}
				// A store to the frame: a MOVQ to a slot makes it as
				// public as the value; any other secret store makes the
				// slots it may reach secret.
				if isMem(last) && strings.Contains(last, "(SP)") && op[0] != 'J' {
					t := srcs
					if strings.HasPrefix(op, "MOV") && len(args) == 2 {
						t = val(ins, args[0])
					}
					n, plain := slot(last)
					switch {
					case plain && op == "MOVQ":
						st[fmt.Sprintf("pub:%d", n)] = !t
					case t:
						for k := range st {
							var m int
							if _, err := fmt.Sscanf(k, "pub:%d", &m); err == nil && (!plain || m > n-8 && m < n+64) {
								delete(st, k)
							}
						}
					}
				}
				switch {
				case strings.Contains(op, "DIV"):
					report(ins, "a division")
				case op == "JMP":
					jump(args[0])
					live = false
				case op == "RET":
					live = false
				case op[0] == 'J':
					switch {
					case !st["flags"]:
					case !strings.HasSuffix(args[0], "_fail"):
						report(ins, "a branch on secret flags")
					case tagBranch != 0 && tagBranch != ins.line:
						report(ins, "a second branch on the tag (an early exit?)")
					default:
						tagBranch = ins.line
					}
					jump(args[0])
				case strings.HasPrefix(op, "CMOV"):
					st[last] = st[last] || val(ins, args[0]) || st["flags"]
				case op == "MULXQ":
					t := val(ins, args[0]) || st["DX"]
					st[args[1]], st[args[2]] = t, t
				case op == "LEAQ":
					// The address's registers, not memory.
					t := false
					for _, part := range strings.Split(args[0], "(")[1:] {
						t = st[strings.TrimSuffix(strings.Split(part, "*")[0], ")")] || t
					}
					st[last] = t
				case strings.HasPrefix(op, "MOV") || op == "KMOVQ":
					if gp[last] || isK(last) {
						st[last] = val(ins, args[0])
					}
				case strings.HasPrefix(op, "V") || strings.HasPrefix(op, "K"):
					// Vector data is secret; a general register written
					// from it is too.
					if gp[last] {
						st[last] = true
					}
				case (op == "XORQ" || op == "XORL" || op == "SUBQ") && len(args) == 2 && args[0] == args[1]:
					st[last], st["flags"] = false, false
				case strings.HasPrefix(op, "CMP") || strings.HasPrefix(op, "TEST"):
					st["flags"] = srcs
				case strings.HasPrefix(op, "ADC") || strings.HasPrefix(op, "SBB"):
					t := srcs || st["flags"]
					if gp[last] {
						st[last] = t
					}
					st["flags"] = t
				default:
					// Arithmetic: the destination (last) from every
					// operand, and the flags from it.
					t := srcs
					if gp[last] {
						st[last] = t
					}
					st["flags"] = t
				}
			}
			return grew
		}
		for pass(false) {
		}
		pass(true)
	}
	return problems
}

// TestSetsReviewConstantTimeAsm audits sets_amd64.s with ctAuditAsm: no
// branch but on public lengths and counters and Open's tag comparison, no
// address or mask from secret data, no division. It first checks that the
// audit finds a branch on the MAC's accumulator, an address from it and a
// division added to the file, a load under a mask made from the key, an
// early exit from Open's tag comparison, and a branch and an address on
// secret values stored to the frame and reloaded; and that it finds none
// for a public count stored and reloaded.
func TestSetsReviewConstantTimeAsm(t *testing.T) {
	b, err := os.ReadFile("sets_amd64.s")
	if err != nil {
		t.Fatal(err)
	}
	src := string(b)
	for _, bad := range []struct{ after, insert, want string }{
		{"R12, R9\n", "TESTQ R9, R9; JZ openSets_stitch\n", "a branch on secret flags"},
		{"R12, R9\n", "MOVQ (SI)(R8*1), AX\n", "address from a secret register R8"},
		{"R12, R9\n", "DIVQ R9\n", "a division"},
		{"key+0(FP), SI\n", "MOVQ (SI), AX; KMOVQ AX, K3; VMOVDQU8.Z 16(SI), K3, Z13\n", "under a secret mask K3"},
		{"XORQ (SI), R8\n", "JNZ openSets_fail\n", "a second branch on the tag"},
		{"R12, R9\n", "MOVQ R8, 24(SP); MOVQ 24(SP), AX; TESTQ AX, AX; JZ openSets_stitch\n", "a branch on secret flags"},
		{"R12, R9\n", "MOVQ AX, 24(SP); MOVQ 24(SP), AX; MOVQ AX, 32(SP); MOVQ 32(SP), AX; MOVQ (SI)(AX*1), AX\n", "address from a secret register AX"},
	} {
		i := strings.LastIndex(src, bad.after)
		if i < 0 {
			t.Fatalf("sets_amd64.s has no %q to insert after", bad.after)
		}
		i += len(bad.after)
		if ps := ctAuditAsm(src[:i] + bad.insert + src[i:]); len(ps) != 1 || !strings.Contains(ps[0], bad.want) {
			t.Fatalf("%q inserted: the audit found %q, not %s alone", bad.insert, ps, bad.want)
		}
	}
	// A public counter spilled to the frame and reloaded stays public.
	i := strings.LastIndex(src, "$0x0c, DI\n") + len("$0x0c, DI\n")
	if ps := ctAuditAsm(src[:i] + "MOVQ DI, 24(SP); MOVQ 24(SP), DI\n" + src[i:]); len(ps) > 0 {
		t.Fatalf("a public count spilled and reloaded: the audit found %q", ps)
	}
	if ps := ctAuditAsm(src); len(ps) > 0 {
		t.Fatalf("sets_amd64.s:\n%s", strings.Join(ps, "\n"))
	}
}
