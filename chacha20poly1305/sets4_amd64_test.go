//go:build !purego

package chacha20poly1305

// Tests of the four- and five-set kernels (sealSets4 and openSets4, 705 to
// 960 bytes; sealSets5 and openSets5, 961 to 1216; sets_amd64.s from
// _asm/sets3_amd64_asm.go's setsNKernel and _asm/sets4_amd64_asm.go's
// plans), called directly, as sets_amd64_test.go, review_sets_test.go
// and review_sets3_test.go test the two- and three-set ones.

import (
	"bytes"
	"testing"

	"github.com/carry-crypto/carry/chacha20poly1305/internal/chacha20"
	"github.com/carry-crypto/carry/chacha20poly1305/internal/poly1305"
	"github.com/carry-crypto/carry/internal/testutil"
	xaead "golang.org/x/crypto/chacha20poly1305"
)

// sets4Kernels are the four- and five-set kernels and the lengths they
// take.
var sets4Kernels = []setsKernel{
	{"sets4", sealSets4, openSets4, sets3Max + 1, sets4Max},
	{"sets5", sealSets5, openSets5, sets4Max + 1, sets5Max},
}

// allSetsKernels returns every set kernel, two to five sets: setsKernels
// and sets4Kernels.
func allSetsKernels() []setsKernel {
	return append(append([]setsKernel(nil), setsKernels...), sets4Kernels...)
}

// sets4KernelFor returns the kernel of sets4Kernels that takes n bytes.
func sets4KernelFor(n int) setsKernel {
	for _, k := range sets4Kernels {
		if n >= k.min && n <= k.max {
			return k
		}
	}
	panic("sets4KernelFor: no kernel takes the length")
}

// sets4Edges are the lengths at the kernels' edges: the first and last
// each takes, the last block one byte long, partial or whole in each of
// the last set's blocks, and the lengths block last in the stack buffer.
var sets4Edges = []int{705, 706, 719, 720, 721, 767, 768, 769, 831, 832, 833, 895, 896, 897, 945, 952, 959, 960,
	961, 962, 975, 976, 977, 1023, 1024, 1025, 1087, 1088, 1089, 1151, 1152, 1153, 1201, 1208, 1215, 1216}

// TestSets4MatchesXCrypto runs setsCheckOne (sets_amd64_test.go) on the
// kernels at every length they take, with additional data of 0 to 40
// bytes and a few longer (up to 1000), in place and not: Seal and Open must
// equal x/crypto and write nothing outside their outputs, and Open must
// refuse a tag, ciphertext or additional data with a bit flipped and write
// nothing.
func TestSets4MatchesXCrypto(t *testing.T) {
	if !haveFused {
		t.Skip("the CPU does not run the fused functions")
	}
	rng := testutil.Rand(t)
	for _, k := range sets4Kernels {
		for n := k.min; n <= k.max; n++ {
			for _, adLen := range setsADLens() {
				setsCheckOne(t, rng, k, n, adLen, (n+adLen)%2 == 1)
			}
		}
	}
}

// TestSets4MatchesPortable compares the kernels with the API on the
// portable ChaCha20 and Poly1305 (the fused functions off) at every length
// they take, additional data of every fifth length to 40 bytes and one of
// 300, in place for half the lengths.
func TestSets4MatchesPortable(t *testing.T) {
	if !haveFused {
		t.Skip("the CPU does not run the fused functions")
	}
	rng := testutil.Rand(t)
	defer useFusedImplementation(false)()
	defer chacha20.UseImplementation("portable")()
	defer poly1305.UseImplementation("portable")()
	for _, k := range sets4Kernels {
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

// TestSets4Limits runs the kernels at the limits of polyMulAdd's bounds
// (checkLimits, fused_amd64_test.go): the largest r, and all-ones blocks
// of additional data and ciphertext, at every length they take.
func TestSets4Limits(t *testing.T) {
	if !haveFused {
		t.Skip("the CPU does not run the fused functions")
	}
	key, nonce, x := largeRKey(t)
	ref := func(pt, ad []byte) []byte { return x.Seal(nil, nonce[:], pt, ad) }
	for _, k := range sets4Kernels {
		for n := k.min; n <= k.max; n++ {
			for _, adLen := range []int{0, 1, 13, 16, 64, 257} {
				checkLimits(t, k.name, n, adLen, key, nonce, ref, k.seal, k.open)
			}
		}
	}
}

// TestSets4EveryForgery flips, for openSets4 and openSets5, each of the 128
// tag bits, a random bit of every 16-byte MAC block of the ciphertext and
// of the additional data, and appends a zero byte to the additional data
// and (where the kernel still takes the longer length) to the ciphertext,
// at the lengths of sets4Edges: every forgery must be refused with dst,
// src, ad and the tag untouched, and the right tag accepted after them.
func TestSets4EveryForgery(t *testing.T) {
	if !haveFused {
		t.Skip("the CPU does not run the fused functions")
	}
	rng := testutil.Rand(t)
	for _, n := range sets4Edges {
		k := sets4KernelFor(n)
		setsEveryForgery(t, rng, n, k.seal, k.open, n < k.max)
	}
}

// TestSets4APIOverTag runs Open through the API, the fused functions on,
// with its output starting on the sealed message's tag, at the kernels'
// edge lengths: the result must be the plaintext, and a forged message must
// fail.
func TestSets4APIOverTag(t *testing.T) {
	if !haveFused {
		t.Skip("the CPU does not run the fused functions")
	}
	setsAPIOverTag(t, testutil.Rand(t), sets4Edges)
}

// sets4OnStack seals pt and opens the result with the kernel for its
// length, called directly (so that escape analysis sees their
// go:noescape), with the key, nonce, tag and output in this function's
// frame, below big frames of 96 bytes and small frames of about 16 more
// than their callers', so that the kernels' frames (1040 and 1296 bytes)
// meet the goroutine stack's end at a step of a few words. It reports
// whether both gave want and pt.
func sets4OnStack(key *[32]byte, nonce *[12]byte, pt, ad, want []byte, big, small int) bool {
	if big > 0 {
		var pad [96]byte
		pad[big%len(pad)] = byte(big)
		ok := sets4OnStack(key, nonce, pt, ad, want, big-1, small)
		return ok && pad[big%len(pad)] == byte(big)
	}
	if small > 0 {
		var pad [2]uint64
		pad[small%2] = uint64(small)
		ok := sets4OnStack(key, nonce, pt, ad, want, 0, small-1)
		return ok && pad[small%2] == uint64(small)
	}
	var kc [32]byte
	var nc [12]byte
	var tag [16]byte
	var out, back [sets5Max]byte
	kc, nc = *key, *nonce
	n := len(pt)
	k := sets4KernelFor(n)
	k.seal(&kc, &nc, out[:n], pt, ad, &tag)
	ok := bytes.Equal(out[:n], want[:n]) && bytes.Equal(tag[:], want[n:])
	return k.open(&kc, &nc, back[:n], out[:n], ad, &tag) == 1 && bytes.Equal(back[:n], pt) && ok
}

// TestSets4StackStep runs the kernels in new goroutines at every
// combination of 0 to 40 big and 0 to 7 small frames above them
// (sets4OnStack): the prologue must grow the stack wherever the frame
// falls, and Seal and Open must still agree with x/crypto.
func TestSets4StackStep(t *testing.T) {
	if !haveFused {
		t.Skip("the CPU does not run the fused functions")
	}
	rng := testutil.Rand(t)
	for _, n := range []int{705, 960, 961, 1216} {
		key, nonce := (*[32]byte)(randBytes(rng, KeySize)), (*[12]byte)(randBytes(rng, NonceSize))
		pt, ad := randBytes(rng, n), randBytes(rng, 17)
		x, _ := xaead.New(key[:])
		want := x.Seal(nil, nonce[:], pt, ad)
		for big := 0; big <= 40; big++ {
			for small := 0; small <= 7; small++ {
				done := make(chan bool)
				go func() { done <- sets4OnStack(key, nonce, pt, ad, want, big, small) }()
				if !<-done {
					t.Fatalf("n %d, %d big and %d small frames deep: seal or open differs", n, big, small)
				}
			}
		}
	}
}
