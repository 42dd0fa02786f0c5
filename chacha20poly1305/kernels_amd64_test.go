//go:build !purego

package chacha20poly1305

import (
	"bytes"
	"crypto/cipher"
	"math/rand/v2"
	"slices"
	"testing"
	"unsafe"

	"github.com/carry-crypto/carry/internal/impl"
	"github.com/carry-crypto/carry/internal/testutil"
	xaead "golang.org/x/crypto/chacha20poly1305"
)

// A kernel is one of the AEAD's assembly kernels, called directly: seal
// encrypts src into dst and writes the tag, open decrypts src into dst and
// returns 1 if the tag is right, 0 otherwise. It takes messages of min to
// max bytes (for the AVX2 chunk kernel, which takes any length from min,
// max is as far as the tests go) with at most adMax bytes of additional
// data; writesOnForge is whether open writes dst when the tag is wrong.
type kernel struct {
	name          string
	seal          func(key *[32]byte, nonce *[12]byte, dst, src, ad []byte, tag *[16]byte)
	open          func(key *[32]byte, nonce *[12]byte, dst, src, ad []byte, tag *[16]byte) int
	min, max      int
	adMax         int
	writesOnForge bool
}

// anyAD is the adMax of the kernels that take additional data of any
// length.
const anyAD = 1 << 30

// lens returns every message length k takes.
func (k kernel) lens() []int { return span(k.min, k.max) }

// shortKernels are the AVX-512 kernels of fused_amd64.s: the fused ones
// (up to three blocks, with block 0 one set of four) and the short ones
// (one block, at most one block of additional data).
var shortKernels = []kernel{
	{"fused", sealFused, openFused, 0, fusedMax, anyAD, false},
	{"short", shortSeal, shortOpen, 0, shortMax, shortMaxAD, false},
}

// setsKernels are the AVX-512 set kernels of sets_amd64.s, two to four
// sets of four blocks.
var setsKernels = []kernel{
	{"sets", sealSets, openSets, fusedMax + 1, setsMax, anyAD, false},
	{"sets3", sealSets3, openSets3, setsMax + 1, sets3Max, anyAD, false},
	{"sets4", sealSets4, openSets4, sets3Max + 1, sets4Max, anyAD, false},
}

// avx2Kernels returns the AVX2 kernels: the short ones of
// fused_avx2_amd64.s, one to four sets of two blocks, and the chunk kernel
// of chunks_avx2_amd64.s (449 bytes and up: a first chunk of 448, then
// 512-byte chunks), tested through its fourth whole chunk and every tail
// after it (with -short, the first). The chunk kernel's open writes dst
// even if the tag is wrong (open zeroes it).
func avx2Kernels() []kernel {
	chunksTop := 448 + 4*512 + 511
	if testing.Short() {
		chunksTop = 448 + 512 + 511
	}
	return []kernel{
		{"avx2x1", sealAVX2x1, openAVX2x1, 0, blockSize, anyAD, false},
		{"avx2", sealAVX2, openAVX2, 0, 3 * blockSize, anyAD, false},
		{"avx2x3", sealAVX2x3, openAVX2x3, 0, 5 * blockSize, anyAD, false},
		{"avx2x4", sealAVX2x4, openAVX2x4, 0, avx2Max, anyAD, false},
		{"avx2chunks", sealAVX2Chunks, openAVX2Chunks, avx2Max + 1, chunksTop, anyAD, true},
	}
}

// kernelNamed returns the kernel of ks named name.
func kernelNamed(ks []kernel, name string) kernel {
	for _, k := range ks {
		if k.name == name {
			return k
		}
	}
	panic("no kernel " + name)
}

// span returns every length from lo to hi.
func span(lo, hi int) []int {
	var ls []int
	for n := lo; n <= hi; n++ {
		ls = append(ls, n)
	}
	return ls
}

// allByte reports whether every byte of b is v.
func allByte(b []byte, v byte) bool {
	for _, x := range b {
		if x != v {
			return false
		}
	}
	return true
}

// TestGeneratedAssemblyIsCurrent regenerates fused_amd64.s, chunks_amd64.s,
// fused_avx2_amd64.s, sets_amd64.s, chunks_avx2_amd64.s and their stubs
// with the avo program in _asm and fails if they differ from the committed
// files.
func TestGeneratedAssemblyIsCurrent(t *testing.T) {
	for _, c := range []struct{ kernel, name string }{
		{"", "fused"}, {"chunks", "chunks"}, {"avx2", "fused_avx2"}, {"sets", "sets"}, {"chunksavx2", "chunks_avx2"},
	} {
		var args []string
		if c.kernel != "" {
			args = []string{"-kernel", c.kernel}
		}
		asm, stubs := c.name+"_amd64.s", c.name+"_stubs_amd64.go"
		args = append(args, "-out", "../"+asm, "-stubs", "../"+stubs, "-pkg", "chacha20poly1305")
		testutil.CheckGenerated(t, "_asm", args, asm, stubs)
	}
}

// kernelADLens are the additional data lengths the kernels are tested at:
// none, partial blocks alone and after whole ones, one to four whole
// blocks, and one past the short kernels' buffer. Each message length
// takes a few of them in turn (all with -long).
var kernelADLens = []int{0, 1, 13, 15, 16, 17, 31, 32, 33, 48, 63, 64, 65, 257}

// adLensFor returns the additional data lengths message length n (the i-th
// tested) takes.
func adLensFor(i int) []int {
	if *long {
		return kernelADLens
	}
	k := len(kernelADLens)
	return []int{kernelADLens[i%k], kernelADLens[(i*5+3)%k]}
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

// stackSink keeps poisonStack's buffer live.
var stackSink byte

// poisonStack fills 24 KiB of the goroutine's stack below its caller's
// frame with v: a function its caller calls next (an assembly kernel's
// frame, at most 2 KiB, and the ABI wrapper's) finds its stack slots full
// of v, not zeros or the bytes an earlier call left.
//
//go:noinline
func poisonStack(v byte) {
	var buf [24 << 10]byte
	for i := range buf {
		buf[i] = v
	}
	stackSink ^= buf[int(v)*97%len(buf)]
}

// checkKernel runs seal and open of k on the message pt, ad (whose
// x/crypto encryption is want), each call on a stack poisoned with poison:
// the ciphertext and tag must be want's, with nothing written past them,
// Open must return pt for want and refuse want with its tag's bit bit
// flipped (writing nothing to dst, for the kernels that promise it).
func checkKernel(t *testing.T, k kernel, key, nonce, pt, ad, want []byte, poison byte, bit int) {
	t.Helper()
	const canary = 0x3c
	n := len(pt)
	got := bytes.Repeat([]byte{canary}, n+Overhead+48)
	poisonStack(poison)
	k.seal((*[32]byte)(key), (*[12]byte)(nonce), got[:n], pt, ad, (*[16]byte)(got[n:n+Overhead]))
	if !bytes.Equal(got[:n+Overhead], want) {
		t.Fatalf("%s: n %d, ad %d, stack %#x: seal differs from x/crypto", k.name, n, len(ad), poison)
	}
	if !allByte(got[n+Overhead:], canary) {
		t.Fatalf("%s: n %d, ad %d: seal wrote past the tag", k.name, n, len(ad))
	}
	out := bytes.Repeat([]byte{canary}, n+48)
	tag := (*[16]byte)(bytes.Clone(want[n:]))
	poisonStack(poison)
	if k.open((*[32]byte)(key), (*[12]byte)(nonce), out[:n], want[:n], ad, tag) != 1 {
		t.Fatalf("%s: n %d, ad %d, stack %#x: open refused the right tag", k.name, n, len(ad), poison)
	}
	if !bytes.Equal(out[:n], pt) || !allByte(out[n:], canary) {
		t.Fatalf("%s: n %d, ad %d, stack %#x: open wrote the wrong output", k.name, n, len(ad), poison)
	}
	tag[bit/8] ^= 1 << (bit % 8)
	out = bytes.Repeat([]byte{canary}, n+48)
	poisonStack(poison)
	if k.open((*[32]byte)(key), (*[12]byte)(nonce), out[:n], want[:n], ad, tag) != 0 {
		t.Fatalf("%s: n %d, ad %d: open accepted tag bit %d flipped", k.name, n, len(ad), bit)
	}
	if !allByte(out[n:], canary) || !k.writesOnForge && !allByte(out, canary) {
		t.Fatalf("%s: n %d, ad %d: open of a forgery wrote outside dst or (short kernel) to it", k.name, n, len(ad))
	}
}

// checkKernelRandom runs checkKernel on k with a random key, nonce,
// plaintext of n bytes and additional data of adLen bytes, a random bit
// of the tag to flip, and the stack poisoned with poison, or with a random
// non-zero byte if poison is 0.
func checkKernelRandom(t *testing.T, rng *rand.Rand, k kernel, n, adLen int, poison byte) {
	t.Helper()
	key, nonce := randBytes(rng, KeySize), randBytes(rng, NonceSize)
	pt, ad := randBytes(rng, n), randBytes(rng, adLen)
	x, _ := xaead.New(key)
	want := x.Seal(nil, nonce, pt, ad)
	if poison == 0 {
		poison = byte(1 + rng.IntN(255))
	}
	checkKernel(t, k, key, nonce, pt, ad, want, poison, rng.IntN(128))
}

// checkKernelAboveP runs checkKernel on k with want messages of n bytes
// whose final reduction must subtract p (messageAboveP), each under a
// random key and nonce, with no additional data; it fails if 2000 tries a
// message do not find them.
func checkKernelAboveP(t *testing.T, rng *rand.Rand, k kernel, n, want int) {
	t.Helper()
	hits, tries := 0, 0
	for ; hits < want && tries < 2000*want; tries++ {
		key, nonce := randBytes(rng, KeySize), randBytes(rng, NonceSize)
		pt, ok := messageAboveP(t, key, nonce, randBytes(rng, n))
		if !ok {
			continue
		}
		hits++
		x, _ := xaead.New(key)
		sealed := x.Seal(nil, nonce, pt, nil)
		checkKernel(t, k, key, nonce, pt, nil, sealed, 0xff, rng.IntN(128))
	}
	if hits < want {
		t.Fatalf("%s: n %d: %d messages with h + 5c >= p in %d tries", k.name, n, hits, tries)
	}
}

// onStackMax is the longest message kernelOnStack takes.
const onStackMax = 1100

// kernelOnStack seals pt and opens the result with k, with the key, nonce,
// tag and output in this function's frame, below big frames of 96 bytes
// and then small ones of 16, so that k's frame meets the end of a
// goroutine's stack at a step of a few words: the kernels whose frames are
// too large for NOSPLIT grow the stack in their prologue, and the runtime
// must move these arguments with it. It reports whether both calls gave
// want and pt, and whether the stack moved during them.
func kernelOnStack(k kernel, key *[32]byte, nonce *[12]byte, pt, ad, want []byte, big, small int) (ok, moved bool) {
	if big > 0 {
		var pad [96]byte
		pad[big%len(pad)] = byte(big)
		ok, moved := kernelOnStack(k, key, nonce, pt, ad, want, big-1, small)
		return ok && pad[big%len(pad)] == byte(big), moved
	}
	if small > 0 {
		var pad [2]uint64
		pad[small%2] = uint64(small)
		ok, moved := kernelOnStack(k, key, nonce, pt, ad, want, 0, small-1)
		return ok && pad[small%2] == uint64(small), moved
	}
	var kc [32]byte
	var nc [12]byte
	var tag [16]byte
	var out, back [onStackMax]byte
	kc, nc = *key, *nonce
	n := len(pt)
	at := uintptr(unsafe.Pointer(&tag))
	callKernel(k.name, false, &kc, &nc, out[:n], pt, ad, &tag)
	ok = bytes.Equal(out[:n], want[:n]) && bytes.Equal(tag[:], want[n:])
	ok = callKernel(k.name, true, &kc, &nc, back[:n], out[:n], ad, &tag) == 1 && bytes.Equal(back[:n], pt) && ok
	return ok, uintptr(unsafe.Pointer(&tag)) != at
}

// checkOnStack runs kernelOnStack for k in a new goroutine, whose stack
// starts small, and fails t unless the kernel gave want and pt; it reports
// whether the stack moved.
func checkOnStack(t *testing.T, k kernel, key *[32]byte, nonce *[12]byte, pt, ad, want []byte, big, small int) (moved bool) {
	t.Helper()
	type result struct{ ok, moved bool }
	done := make(chan result)
	go func() {
		ok, moved := kernelOnStack(k, key, nonce, pt, ad, want, big, small)
		done <- result{ok, moved}
	}()
	r := <-done
	if !r.ok {
		t.Fatalf("%s: n %d, %d big and %d small frames deep in a new goroutine: seal or open differs", k.name, len(pt), big, small)
	}
	return r.moved
}

// callKernel calls the seal or (open) open kernel named name directly, not
// through a function value, through which escape analysis cannot see the
// stubs' go:noescape and would move kernelOnStack's arrays to the heap.
func callKernel(name string, open bool, key *[32]byte, nonce *[12]byte, dst, src, ad []byte, tag *[16]byte) int {
	switch {
	case name == "avx2x1" && !open:
		sealAVX2x1(key, nonce, dst, src, ad, tag)
	case name == "avx2x1":
		return openAVX2x1(key, nonce, dst, src, ad, tag)
	case name == "avx2" && !open:
		sealAVX2(key, nonce, dst, src, ad, tag)
	case name == "avx2":
		return openAVX2(key, nonce, dst, src, ad, tag)
	case name == "avx2x3" && !open:
		sealAVX2x3(key, nonce, dst, src, ad, tag)
	case name == "avx2x3":
		return openAVX2x3(key, nonce, dst, src, ad, tag)
	case name == "avx2x4" && !open:
		sealAVX2x4(key, nonce, dst, src, ad, tag)
	case name == "avx2x4":
		return openAVX2x4(key, nonce, dst, src, ad, tag)
	case name == "avx2chunks" && !open:
		sealAVX2Chunks(key, nonce, dst, src, ad, tag)
	case name == "avx2chunks":
		return openAVX2Chunks(key, nonce, dst, src, ad, tag)
	case name == "sets" && !open:
		sealSets(key, nonce, dst, src, ad, tag)
	case name == "sets":
		return openSets(key, nonce, dst, src, ad, tag)
	case name == "sets3" && !open:
		sealSets3(key, nonce, dst, src, ad, tag)
	case name == "sets3":
		return openSets3(key, nonce, dst, src, ad, tag)
	case name == "sets4" && !open:
		sealSets4(key, nonce, dst, src, ad, tag)
	case name == "sets4":
		return openSets4(key, nonce, dst, src, ad, tag)
	default:
		panic("unknown kernel " + name)
	}
	return 0
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

// TestKernelsSmallH runs the two- and three-set kernels, and the other
// kernels whose final reduction is written apart (the fused and short
// ones', reduceH; the AVX2 ones'), on messages whose Poly1305 value h mod p
// is each of 0 to 4 with the accumulator at p above it (messageSmallH), so
// that the final reduction must change both words of h: the tags must be
// x/crypto's (checkKernel), with additional data of 0, 13 and 32 bytes.
func TestKernelsSmallH(t *testing.T) {
	testutil.RequireImplementation(t, "chacha20poly1305", "fused")
	rng := testutil.Rand(t)
	kernels := append(slices.Clone(setsKernels[:2]), shortKernels...)
	lens := map[string][]int{"sets": {208, 256, 320, 448}, "sets3": {464, 512, 576, 704}, "fused": {16, 192}, "short": {16, 64},
		"avx2x1": {64}, "avx2": {192}, "avx2x3": {320}, "avx2x4": {448}, "avx2chunks": {464, 1024}}
	if impl.Available("chacha20poly1305", "avx2fused") {
		kernels = append(kernels, avx2Kernels()...)
	}
	for _, k := range kernels {
		for _, n := range lens[k.name] {
			for _, adLen := range []int{0, 13, 32} {
				if adLen > k.adMax {
					continue
				}
				for target := range int64(5) {
					found := false
					for tries := 0; !found && tries < 200; tries++ {
						key, nonce := randBytes(rng, KeySize), randBytes(rng, NonceSize)
						ad := randBytes(rng, adLen)
						pt, ok := messageSmallH(t, key, nonce, ad, randBytes(rng, n), target)
						if !ok {
							continue
						}
						found = true
						x, _ := xaead.New(key)
						sealed := x.Seal(nil, nonce, pt, ad)
						checkKernel(t, k, key, nonce, pt, ad, sealed, 0xff, rng.IntN(128))
					}
					if !found {
						t.Fatalf("%s: n %d, ad %d: no message with h mod p = %d in 200 tries", k.name, n, adLen, target)
					}
				}
			}
		}
	}
}

// avx512Kernels returns every AVX-512 kernel: shortKernels and
// setsKernels.
func avx512Kernels() []kernel { return append(slices.Clone(shortKernels), setsKernels...) }
