//go:build !purego

package chacha20poly1305

import (
	"math/rand/v2"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// A probeCase is the arguments of one seal and two opens of a kernel: a
// random key, nonce, plaintext pt and additional data ad; ct and tag for
// the seal to write, which the first open takes; forged, tag with a bit
// flipped, for the second; and out for the opens to write.
type probeCase struct {
	key         *[32]byte
	nonce       *[12]byte
	pt, ad      []byte
	ct, out     []byte
	tag, forged *[16]byte
}

// probeCases returns the cases for kernel k: messages of its shortest,
// its longest and a random length it takes, each with no additional data
// and with a random length of it, up to k.adMax or 300 bytes.
func probeCases(rng *rand.Rand, k kernel) []*probeCase {
	var cs []*probeCase
	for _, n := range []int{k.min, k.min + rng.IntN(k.max-k.min+1), k.max} {
		for _, adLen := range []int{0, rng.IntN(min(k.adMax, 300) + 1)} {
			cs = append(cs, &probeCase{
				key:    (*[32]byte)(randBytes(rng, KeySize)),
				nonce:  (*[12]byte)(randBytes(rng, NonceSize)),
				pt:     randBytes(rng, n),
				ad:     randBytes(rng, adLen),
				ct:     make([]byte, n),
				out:    make([]byte, n),
				tag:    new([16]byte),
				forged: new([16]byte),
			})
		}
	}
	return cs
}

// forge sets c.forged to c.tag with a random bit flipped, for an open that
// must refuse it, and returns it.
func (c *probeCase) forge(rng *rand.Rand) *[16]byte {
	*c.forged = *c.tag
	bit := rng.IntN(128)
	c.forged[bit/8] ^= 1 << (bit % 8)
	return c.forged
}

// TestAsmKeepsFramePointer calls every seal and open kernel, the AVX-512
// ones of fused_amd64.s and sets_amd64.s and the AVX2 ones of
// fused_avx2_amd64.s and chunks_avx2_amd64.s, directly at the shortest, the
// longest and a random length each takes, the opens with the right tag and
// with a forged one (their two returns), each call followed at once by the
// frame pointer probe of testutil.FramePointerProbe: a kernel that wrote a
// frame slot over its saved frame pointer returns with a wrong one, and the
// probe fails the test. The results themselves are checked by the tests of
// each kernel.
func TestAsmKeepsFramePointer(t *testing.T) {
	probe := testutil.FramePointerProbe(t)
	t.Run("fused", func(t *testing.T) {
		testutil.RequireImplementation(t, "chacha20poly1305", "fused")
		rng := testutil.Rand(t)
		for _, c := range probeCases(rng, kernelNamed(shortKernels, "fused")) {
			sealFused(c.key, c.nonce, c.ct, c.pt, c.ad, c.tag)
			probe()
			openFused(c.key, c.nonce, c.out, c.ct, c.ad, c.tag)
			probe()
			openFused(c.key, c.nonce, c.out, c.ct, c.ad, c.forge(rng))
			probe()
		}
		for _, c := range probeCases(rng, kernelNamed(shortKernels, "short")) {
			shortSeal(c.key, c.nonce, c.ct, c.pt, c.ad, c.tag)
			probe()
			shortOpen(c.key, c.nonce, c.out, c.ct, c.ad, c.tag)
			probe()
			shortOpen(c.key, c.nonce, c.out, c.ct, c.ad, c.forge(rng))
			probe()
		}
		for _, c := range probeCases(rng, kernelNamed(setsKernels, "sets")) {
			sealSets(c.key, c.nonce, c.ct, c.pt, c.ad, c.tag)
			probe()
			openSets(c.key, c.nonce, c.out, c.ct, c.ad, c.tag)
			probe()
			openSets(c.key, c.nonce, c.out, c.ct, c.ad, c.forge(rng))
			probe()
		}
		for _, c := range probeCases(rng, kernelNamed(setsKernels, "sets3")) {
			sealSets3(c.key, c.nonce, c.ct, c.pt, c.ad, c.tag)
			probe()
			openSets3(c.key, c.nonce, c.out, c.ct, c.ad, c.tag)
			probe()
			openSets3(c.key, c.nonce, c.out, c.ct, c.ad, c.forge(rng))
			probe()
		}
		for _, c := range probeCases(rng, kernelNamed(setsKernels, "sets4")) {
			sealSets4(c.key, c.nonce, c.ct, c.pt, c.ad, c.tag)
			probe()
			openSets4(c.key, c.nonce, c.out, c.ct, c.ad, c.tag)
			probe()
			openSets4(c.key, c.nonce, c.out, c.ct, c.ad, c.forge(rng))
			probe()
		}
	})
	t.Run("avx2fused", func(t *testing.T) {
		testutil.RequireImplementation(t, "chacha20poly1305", "avx2fused")
		rng := testutil.Rand(t)
		ks := avx2Kernels()
		for _, c := range probeCases(rng, kernelNamed(ks, "avx2x1")) {
			sealAVX2x1(c.key, c.nonce, c.ct, c.pt, c.ad, c.tag)
			probe()
			openAVX2x1(c.key, c.nonce, c.out, c.ct, c.ad, c.tag)
			probe()
			openAVX2x1(c.key, c.nonce, c.out, c.ct, c.ad, c.forge(rng))
			probe()
		}
		for _, c := range probeCases(rng, kernelNamed(ks, "avx2")) {
			sealAVX2(c.key, c.nonce, c.ct, c.pt, c.ad, c.tag)
			probe()
			openAVX2(c.key, c.nonce, c.out, c.ct, c.ad, c.tag)
			probe()
			openAVX2(c.key, c.nonce, c.out, c.ct, c.ad, c.forge(rng))
			probe()
		}
		for _, c := range probeCases(rng, kernelNamed(ks, "avx2x3")) {
			sealAVX2x3(c.key, c.nonce, c.ct, c.pt, c.ad, c.tag)
			probe()
			openAVX2x3(c.key, c.nonce, c.out, c.ct, c.ad, c.tag)
			probe()
			openAVX2x3(c.key, c.nonce, c.out, c.ct, c.ad, c.forge(rng))
			probe()
		}
		for _, c := range probeCases(rng, kernelNamed(ks, "avx2x4")) {
			sealAVX2x4(c.key, c.nonce, c.ct, c.pt, c.ad, c.tag)
			probe()
			openAVX2x4(c.key, c.nonce, c.out, c.ct, c.ad, c.tag)
			probe()
			openAVX2x4(c.key, c.nonce, c.out, c.ct, c.ad, c.forge(rng))
			probe()
		}
		for _, c := range probeCases(rng, kernelNamed(ks, "avx2chunks")) {
			sealAVX2Chunks(c.key, c.nonce, c.ct, c.pt, c.ad, c.tag)
			probe()
			openAVX2Chunks(c.key, c.nonce, c.out, c.ct, c.ad, c.tag)
			probe()
			openAVX2Chunks(c.key, c.nonce, c.out, c.ct, c.ad, c.forge(rng))
			probe()
		}
	})
}
