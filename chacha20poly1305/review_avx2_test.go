//go:build amd64 && !purego && linux

package chacha20poly1305

// A second reader's tests of the AVX2 kernels for CPUs without AVX-512
// (fused_avx2_amd64.s from _asm/short_avx2_asm.go and _asm/long_avx2_asm.go,
// chunks_avx2_amd64.s from _asm/chunks_avx2_asm.go), for what their own
// tests could miss: the MAC driven at the limits of polyMulAdd's bounds
// through every kernel and across every chunk boundary (blocks chosen
// through review_short_test.go's word model so that the accumulator's low
// words are all ones after each, and messages whose final h lies at or
// above p); each call made on a stack poisoned with non-zero bytes, so that
// a stack slot or buffer byte read before the kernel writes it changes
// the result; and the public API with the AVX2 kernels selected at every
// bound between them, with empty and nil buffers and every arrangement of
// the output.

import (
	"bytes"
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/carry-crypto/carry/internal/testutil"
	xaead "golang.org/x/crypto/chacha20poly1305"
)

// rvAVX2Kernel is one AVX2 kernel and the message lengths it is tested at.
// writesOnForge is whether Open writes dst when the tag is wrong.
type rvAVX2Kernel struct {
	name          string
	seal          func(key *[32]byte, nonce *[12]byte, dst, src, ad []byte, tag *[16]byte)
	open          func(key *[32]byte, nonce *[12]byte, dst, src, ad []byte, tag *[16]byte) int
	lens          []int
	writesOnForge bool
}

// rvSpan returns every length from lo to hi.
func rvSpan(lo, hi int) []int {
	var ls []int
	for n := lo; n <= hi; n++ {
		ls = append(ls, n)
	}
	return ls
}

// rvAVX2Kernels returns the AVX2 kernels with every length each takes: the
// short ones all of theirs; sealAVX2Chunks (449 bytes and up: a first chunk of 448, then 512-byte
// chunks) through its fourth whole chunk and every tail after it. With
// -short, through the first whole chunk and its tails.
func rvAVX2Kernels() []rvAVX2Kernel {
	chunksTop := 448 + 4*512 + 511
	if testing.Short() {
		chunksTop = 448 + 512 + 511
	}
	return []rvAVX2Kernel{
		{"avx2x1", sealAVX2x1, openAVX2x1, rvSpan(0, blockSize), false},
		{"avx2", sealAVX2, openAVX2, rvSpan(0, 3*blockSize), false},
		{"avx2x3", sealAVX2x3, openAVX2x3, rvSpan(0, 5*blockSize), false},
		{"avx2x4", sealAVX2x4, openAVX2x4, rvSpan(0, avx2Max), false},
		{"avx2chunks", sealAVX2Chunks, openAVX2Chunks, rvSpan(avx2Max+1, chunksTop), true},
	}
}

// rvAVX2ADLens are the additional data lengths the kernels are tested at:
// none, partial blocks alone and after whole ones, one to four whole
// blocks, and one past the short kernels' buffer. Each message length
// takes a few of them in turn (all with -long).
var rvAVX2ADLens = []int{0, 1, 13, 15, 16, 17, 31, 32, 33, 48, 63, 64, 65, 257}

// rvADFor returns the additional data lengths message length n (the i-th
// tested) takes.
func rvADFor(i int) []int {
	if *long {
		return rvAVX2ADLens
	}
	k := len(rvAVX2ADLens)
	return []int{rvAVX2ADLens[i%k], rvAVX2ADLens[(i*5+3)%k]}
}

// rvSink keeps rvPoisonStack's buffer live.
var rvSink byte

// rvPoisonStack fills 24 KiB of the goroutine's stack below its caller's
// frame with v: a function its caller calls next (an assembly kernel's
// frame, at most 2 KiB, and the ABI wrapper's) finds its stack slots full
// of v, not zeros or the bytes an earlier call left.
//
//go:noinline
func rvPoisonStack(v byte) {
	var buf [24 << 10]byte
	for i := range buf {
		buf[i] = v
	}
	rvSink ^= buf[int(v)*97%len(buf)]
}

// rvCheckKernel runs seal and open of k on the message pt, ad (whose
// x/crypto encryption is want), each call on a stack poisoned with poison:
// the ciphertext and tag must be want's, with nothing written past them,
// Open must return pt for want and refuse want with its tag's bit bit
// flipped (writing nothing to dst, for the kernels that promise it).
func rvCheckKernel(t *testing.T, k rvAVX2Kernel, key, nonce, pt, ad, want []byte, poison byte, bit int) {
	t.Helper()
	const canary = 0x3c
	n := len(pt)
	got := bytes.Repeat([]byte{canary}, n+Overhead+48)
	rvPoisonStack(poison)
	k.seal((*[32]byte)(key), (*[12]byte)(nonce), got[:n], pt, ad, (*[16]byte)(got[n:n+Overhead]))
	if !bytes.Equal(got[:n+Overhead], want) {
		t.Fatalf("%s: n %d, ad %d, stack %#x: seal differs from x/crypto", k.name, n, len(ad), poison)
	}
	if !allByte(got[n+Overhead:], canary) {
		t.Fatalf("%s: n %d, ad %d: seal wrote past the tag", k.name, n, len(ad))
	}
	out := bytes.Repeat([]byte{canary}, n+48)
	tag := (*[16]byte)(bytes.Clone(want[n:]))
	rvPoisonStack(poison)
	if k.open((*[32]byte)(key), (*[12]byte)(nonce), out[:n], want[:n], ad, tag) != 1 {
		t.Fatalf("%s: n %d, ad %d, stack %#x: open refused the right tag", k.name, n, len(ad), poison)
	}
	if !bytes.Equal(out[:n], pt) || !allByte(out[n:], canary) {
		t.Fatalf("%s: n %d, ad %d, stack %#x: open wrote the wrong output", k.name, n, len(ad), poison)
	}
	tag[bit/8] ^= 1 << (bit % 8)
	out = bytes.Repeat([]byte{canary}, n+48)
	rvPoisonStack(poison)
	if k.open((*[32]byte)(key), (*[12]byte)(nonce), out[:n], want[:n], ad, tag) != 0 {
		t.Fatalf("%s: n %d, ad %d: open accepted tag bit %d flipped", k.name, n, len(ad), bit)
	}
	if !allByte(out[n:], canary) || !k.writesOnForge && !allByte(out, canary) {
		t.Fatalf("%s: n %d, ad %d: open of a forgery wrote outside dst or (short kernel) to it", k.name, n, len(ad))
	}
}

// TestAVX2ReviewAdversarial drives every AVX2 kernel, at every length of
// rvAVX2Kernels, with additional data and ciphertext whose whole MAC blocks
// are chosen through the word model of polyMulAdd (shortRevAdversarial) to
// leave the accumulator's low words all ones after each, partial blocks all
// ones: under the largest clamped r (largeRNonce) and under random keys.
// The model must drop no carry and keep x2 < 2^63, its tag must be
// x/crypto's, and each kernel's seal and open must agree, on a stack
// poisoned with 0xff (rvCheckKernel). Every kernel's MAC runs polyMulAdd
// from h = 0 (or the first block + 2^128, the same), one block after the
// other in the order of the AEAD's MAC input, whichever chunk or half
// round it is stitched into: the chain is the model's, block for block.
func TestAVX2ReviewAdversarial(t *testing.T) {
	if !haveAVX2Fused {
		t.Skip("the CPU does not run the AVX2 kernels")
	}
	rng := testutil.Rand(t)
	extra := 1
	if *long {
		extra = 8
	}
	kns := shortRevKeys(t, rng, extra)
	var maxTop uint64
	cases := 0
	for _, k := range rvAVX2Kernels() {
		for ki, p := range kns {
			ksAll := shortRevKeystream(t, p.key, p.nonce, k.lens[len(k.lens)-1])
			for i, n := range k.lens {
				for _, adLen := range rvADFor(i + 7*ki) {
					pt, ad, want, top := shortRevModelMessage(t, p, ksAll, n, adLen)
					maxTop = max(maxTop, top)
					rvCheckKernel(t, k, p.key, p.nonce, pt, ad, want, 0xff, rng.IntN(128))
					cases++
				}
			}
		}
	}
	t.Logf("%d cases; largest x2 in the chains: %#x (2^%.3f)", cases, maxTop, shortRevLog2(maxTop))
}

// TestAVX2ReviewPoisonedStack runs every AVX2 kernel at every length of
// rvAVX2Kernels on random messages, each call on a stack filled with a
// random non-zero byte (rvCheckKernel): a byte of a stack buffer read
// before it is written (a pad byte of the last partial block, a slot of
// the vertical state loaded before it is stored, the lengths block's
// neighbours) would change the tag or the output.
func TestAVX2ReviewPoisonedStack(t *testing.T) {
	if !haveAVX2Fused {
		t.Skip("the CPU does not run the AVX2 kernels")
	}
	rng := testutil.Rand(t)
	for _, k := range rvAVX2Kernels() {
		for i, n := range k.lens {
			for _, adLen := range rvADFor(3*i + 1) {
				rvCheckRandom(t, rng, k, n, adLen, 0)
			}
		}
	}
}

// rvCheckRandom runs rvCheckKernel on k with a random key, nonce,
// plaintext of n bytes and additional data of adLen bytes, a random bit
// of the tag to flip, and the stack poisoned with poison, or with a random
// non-zero byte if poison is 0.
func rvCheckRandom(t *testing.T, rng *rand.Rand, k rvAVX2Kernel, n, adLen int, poison byte) {
	t.Helper()
	key, nonce := randBytes(rng, KeySize), randBytes(rng, NonceSize)
	pt, ad := randBytes(rng, n), randBytes(rng, adLen)
	x, _ := xaead.New(key)
	want := x.Seal(nil, nonce, pt, ad)
	if poison == 0 {
		poison = byte(1 + rng.IntN(255))
	}
	rvCheckKernel(t, k, key, nonce, pt, ad, want, poison, rng.IntN(128))
}

// rvCheckAboveP runs rvCheckKernel on k with want messages of n bytes
// whose final reduction must subtract p (shortRevAboveP), each under a
// random key and nonce, with no additional data; it fails if 2000 tries a
// message do not find them.
func rvCheckAboveP(t *testing.T, rng *rand.Rand, k rvAVX2Kernel, n, want int) {
	t.Helper()
	hits, tries := 0, 0
	for ; hits < want && tries < 2000*want; tries++ {
		key, nonce := randBytes(rng, KeySize), randBytes(rng, NonceSize)
		pt, ok := shortRevAboveP(t, key, nonce, randBytes(rng, n))
		if !ok {
			continue
		}
		hits++
		x, _ := xaead.New(key)
		sealed := x.Seal(nil, nonce, pt, nil)
		rvCheckKernel(t, k, key, nonce, pt, nil, sealed, 0xff, rng.IntN(128))
	}
	if hits < want {
		t.Fatalf("%s: n %d: %d messages with h + 5c >= p in %d tries", k.name, n, hits, tries)
	}
}

// TestAVX2ReviewTagAboveP runs every AVX2 kernel on messages whose final
// reduction must subtract p (shortRevAboveP), at lengths that end in each
// kernel's every kind of last piece (the short kernels' sets; the chunk
// kernel's first chunk alone, a whole chunk, and tails on one set, two
// sets, or none): the tags must be x/crypto's.
func TestAVX2ReviewTagAboveP(t *testing.T) {
	if !haveAVX2Fused {
		t.Skip("the CPU does not run the AVX2 kernels")
	}
	rng := testutil.Rand(t)
	lens := map[string][]int{
		"avx2x1":     {16, 64},
		"avx2":       {80, 192},
		"avx2x3":     {208, 320},
		"avx2x4":     {336, 448},
		"avx2chunks": {464, 960, 1024, 1472, 1536, 1984},
	}
	want := 1
	if *long {
		want = 10
	}
	for _, k := range rvAVX2Kernels() {
		for _, n := range lens[k.name] {
			rvCheckAboveP(t, rng, k, n, want)
		}
	}
}

// rvAVX2Bounds are the message lengths at and around the bounds between
// the AVX2 kernels (64, 192, 320, 448) and within the chunk kernel (its
// first chunk of 448 bytes, chunks of 512, tails on one or two sets; the
// lengths around 192 + 256k were the bounds of a kernel it replaced).
var rvAVX2Bounds = []int{0, 1, 15, 16, 17, 63, 64, 65, 127, 128, 129, 191, 192, 193, 255, 256, 257,
	319, 320, 321, 447, 448, 449, 450, 463, 464, 511, 512, 513, 575, 576, 577, 639, 640, 641,
	703, 704, 705, 767, 768, 769, 831, 832, 833, 959, 960, 961, 1023, 1024, 1025, 1471, 1472, 1473}

// TestAVX2ReviewAPIBounds runs Seal and Open with the AVX2 kernels selected
// at every length of rvAVX2Bounds, in each of reviewCase's arrangements
// (fresh, after a prefix, in place; Open also with its output over the tag)
// and forgeries refused with the output zeroed, additional data of 0, 13
// and 17 bytes and nil; then the empty message with nil dst, plaintext and
// additional data; each as ChaCha20-Poly1305 and XChaCha20-Poly1305.
func TestAVX2ReviewAPIBounds(t *testing.T) {
	if !haveAVX2Fused {
		t.Skip("the CPU does not run the AVX2 kernels")
	}
	defer useAVX2FusedOnly()()
	rng := testutil.Rand(t)
	for _, v := range variants {
		key := randBytes(rng, KeySize)
		a, _ := v.new(key)
		x, _ := v.newX(key)
		for i, n := range rvAVX2Bounds {
			for mode := range 12 {
				ad := reviewAD(rng, (i+mode)%4)
				if n == 0 {
					// reviewCase forges a ciphertext byte; there is none.
					nonce := randBytes(rng, v.nonceSize)
					sealed := a.Seal(nil, nonce, nil, ad)
					if !bytes.Equal(sealed, x.Seal(nil, nonce, nil, ad)) {
						t.Fatalf("%s: empty message, ad %d: Seal differs", v.name, len(ad))
					}
					if got, err := a.Open(nil, nonce, sealed, ad); err != nil || len(got) != 0 {
						t.Fatalf("%s: empty message, ad %d: Open: %v", v.name, len(ad), err)
					}
					sealed[mode] ^= 1
					if got, err := a.Open(nil, nonce, sealed, ad); err == nil || got != nil {
						t.Fatalf("%s: empty message, ad %d: Open took a forged tag", v.name, len(ad))
					}
					continue
				}
				reviewCase(t, rng, a, x, randBytes(rng, v.nonceSize), randBytes(rng, n), ad, mode)
			}
		}
	}
}

// rvOnStack seals pt and opens the result with kernel k, with the key,
// nonce, tag and the output in this function's frame (the kernels do not
// let them escape) after depth frames of rvOnStack: the kernels with frames
// too large for NOSPLIT (x3, x4, chunks) grow the stack in their prologue
// at some depth (the chunk kernel's must), and the runtime must move these
// arguments with it. It
// reports whether both calls gave want and pt, and whether the stack moved
// during either.
func rvOnStack(k rvAVX2Kernel, key *[32]byte, nonce *[12]byte, pt, ad, want []byte, depth int) (ok, moved bool) {
	if depth > 0 {
		var pad [96]byte
		pad[depth%len(pad)] = byte(depth)
		ok, moved := rvOnStack(k, key, nonce, pt, ad, want, depth-1)
		return ok && pad[depth%len(pad)] == byte(depth), moved
	}
	var kc [32]byte
	var nc [12]byte
	var tag [16]byte
	var out, back [1100]byte
	kc, nc = *key, *nonce
	n := len(pt)
	at := uintptr(unsafe.Pointer(&tag))
	rvDirect(k.name, false, &kc, &nc, out[:n], pt, ad, &tag)
	ok = bytes.Equal(out[:n], want[:n]) && bytes.Equal(tag[:], want[n:])
	ok = rvDirect(k.name, true, &kc, &nc, back[:n], out[:n], ad, &tag) == 1 && bytes.Equal(back[:n], pt) && ok
	return ok, uintptr(unsafe.Pointer(&tag)) != at
}

// rvDirect calls the seal or (open) open kernel named name directly, not
// through a function value, through which escape analysis cannot see the
// stubs' go:noescape and would move rvOnStack's arrays to the heap.
func rvDirect(name string, open bool, key *[32]byte, nonce *[12]byte, dst, src, ad []byte, tag *[16]byte) int {
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
	default:
		panic("unknown kernel " + name)
	}
	return 0
}

// TestAVX2ReviewStackGrowth runs each AVX2 kernel by rvOnStack, in a new
// goroutine (whose stack starts small) at every depth from 0 to 150
// frames, so that the kernels' prologues meet the end of the stack at
// every offset: the output and the tag, on the moved stack, must be right,
// and the chunk kernel must have grown it at some depth.
func TestAVX2ReviewStackGrowth(t *testing.T) {
	if !haveAVX2Fused {
		t.Skip("the CPU does not run the AVX2 kernels")
	}
	rng := testutil.Rand(t)
	for _, k := range rvAVX2Kernels() {
		n := min(k.lens[len(k.lens)-1], 1100)
		key, nonce := (*[32]byte)(randBytes(rng, KeySize)), (*[12]byte)(randBytes(rng, NonceSize))
		pt, ad := randBytes(rng, n), randBytes(rng, 13)
		x, _ := xaead.New(key[:])
		want := x.Seal(nil, nonce[:], pt, ad)
		moves := 0
		for depth := 0; depth <= 150; depth++ {
			type result struct{ ok, moved bool }
			done := make(chan result)
			go func() {
				ok, moved := rvOnStack(k, key, nonce, pt, ad, want, depth)
				done <- result{ok, moved}
			}()
			r := <-done
			if !r.ok {
				t.Fatalf("%s: n %d, %d frames deep in a new goroutine: seal or open differs", k.name, n, depth)
			}
			if r.moved {
				moves++
			}
		}
		// The chunk kernel's frame, about 2 KiB, is larger than the
		// room the stack guard leaves below its caller's: at some depth
		// its prologue must grow the stack. (Those of x3 and x4, 608
		// and 800 bytes, may fit in that room.)
		if k.name == "avx2chunks" && moves == 0 {
			t.Fatalf("%s: the stack never grew in the kernel's calls: the test did not test it", k.name)
		}
		t.Logf("%s: the stack moved during the calls at %d of 151 depths", k.name, moves)
	}
}

// TestAVX2ReviewOpenOverTag runs the Go side of Open on the AVX2 kernels
// (openAVX2Kernels) with the output starting inside the tag or right after
// the ciphertext, at every offset from 0 to 16 bytes past its end, at
// lengths each kernel takes: the chunk kernel, which writes dst before it
// compares the tag, must be given a copy of it, or its output would
// overwrite the tag it compares and a right tag be refused.
func TestAVX2ReviewOpenOverTag(t *testing.T) {
	if !haveAVX2Fused {
		t.Skip("the CPU does not run the AVX2 kernels")
	}
	defer useAVX2FusedOnly()()
	rng := testutil.Rand(t)
	opens := []struct {
		name string
		open func(key *[KeySize]byte, nonce *[NonceSize]byte, out, ciphertext, ad []byte, tag *[Overhead]byte) (done, ok bool)
		lens []int
	}{
		{"openAVX2Kernels", openAVX2Kernels, []int{1, 15, 64, 65, 192, 193, 320, 448, 449, 465, 511, 512, 704, 960, 961, 1000, 1473}},
	}
	for _, o := range opens {
		for _, n := range o.lens {
			key, nonce := (*[KeySize]byte)(randBytes(rng, KeySize)), (*[NonceSize]byte)(randBytes(rng, NonceSize))
			pt, ad := randBytes(rng, n), randBytes(rng, 13)
			x, _ := xaead.New(key[:])
			sealed := x.Seal(nil, nonce[:], pt, ad)
			for off := 0; off <= Overhead; off++ {
				buf := make([]byte, 2*n+2*Overhead)
				copy(buf, sealed)
				out := buf[n+off : 2*n+off]
				done, ok := o.open(key, nonce, out, buf[:n], ad, (*[Overhead]byte)(buf[n:n+Overhead]))
				if !done || !ok || !bytes.Equal(out, pt) {
					t.Fatalf("%s: n %d, output %d bytes past the ciphertext: done %v, ok %v", o.name, n, off, done, ok)
				}
			}
		}
	}
}
