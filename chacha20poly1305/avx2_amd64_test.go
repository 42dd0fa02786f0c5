//go:build !purego

package chacha20poly1305

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/carry-crypto/carry/internal/impl"
	"github.com/carry-crypto/carry/internal/testutil"
	xaead "golang.org/x/crypto/chacha20poly1305"
)

// avx2DirectTop is as far as the tests that call the AVX2 kernels at every
// length, with many lengths of additional data, run the chunk kernel: two
// whole chunks and a tail.
const avx2DirectTop = avx2Max + 2*512 + 64

// avx2ADLens are the lengths of additional data the AVX2 tests take: every
// one from 0 to 40 (TLS 1.2's 13 among them) and a few longer ones, or
// with -short a few.
func avx2ADLens() []int {
	if testing.Short() {
		return []int{0, 1, 5, 13, 15, 16, 17, 32, 40, 257}
	}
	return adLensTo40(48, 64, 100, 257)
}

// TestAVX2Kernels calls the AVX2 short kernels directly at every
// length they take and compares them with x/crypto; it checks that they
// write nothing past the output, and that Open, for a forgery (a bit
// flipped in the ciphertext, the additional data or the tag), reports it
// and writes nothing at all.
func TestAVX2Kernels(t *testing.T) {
	testutil.RequireImplementation(t, "chacha20poly1305", "avx2fused")
	rng := testutil.Rand(t)
	const canary = 0xc3
	for _, k := range avx2Kernels() {
		for n := k.min; n <= min(k.max, avx2DirectTop); n++ {
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

// TestAVX2Limits runs the AVX2 short kernels at the limits of
// polyMulAdd's bounds, as TestShortLimits does the AVX-512 ones: r with the
// top three bits of each clamped word set, and additional data and
// ciphertext of all ones.
func TestAVX2Limits(t *testing.T) {
	testutil.RequireImplementation(t, "chacha20poly1305", "avx2fused")
	key, nonce, x := largeRKey(t)
	for _, k := range avx2Kernels() {
		for n := k.min; n <= min(k.max, avx2DirectTop); n++ {
			for _, adLen := range []int{0, 1, 13, 16, 64, 257} {
				checkLimits(t, k.name, n, adLen, key, nonce, func(pt, ad []byte) []byte {
					return x.Seal(nil, nonce[:], pt, ad)
				}, k.seal, k.open)
			}
		}
	}
}

// TestAVX2Adversarial drives every AVX2 kernel, at every length of
// avx2Kernels, with additional data and ciphertext whose whole MAC blocks
// are chosen through the word model of polyMulAdd (adversarialMessage) to
// leave the accumulator's low words all ones after each, partial blocks all
// ones: under the largest clamped r (largeRNonce) and under random keys.
// The model must drop no carry and keep x2 < 2^63, its tag must be
// x/crypto's, and each kernel's seal and open must agree, on a stack
// poisoned with 0xff (checkKernel). Every kernel's MAC runs polyMulAdd
// from h = 0 (or the first block + 2^128, the same), one block after the
// other in the order of the AEAD's MAC input, whichever chunk or half
// round it is stitched into: the chain is the model's, block for block.
func TestAVX2Adversarial(t *testing.T) {
	testutil.RequireImplementation(t, "chacha20poly1305", "avx2fused")
	rng := testutil.Rand(t)
	extra := 1
	if *long {
		extra = 8
	}
	kns := modelKeys(t, rng, extra)
	var maxTop uint64
	cases := 0
	for _, k := range avx2Kernels() {
		for ki, p := range kns {
			ksAll := keystreamFrom1(t, p.key, p.nonce, k.max)
			for i, n := range k.lens() {
				for _, adLen := range adLensFor(i + 7*ki) {
					pt, ad, want, top := modelMessage(t, p, ksAll, n, adLen)
					maxTop = max(maxTop, top)
					checkKernel(t, k, p.key, p.nonce, pt, ad, want, 0xff, rng.IntN(128))
					cases++
				}
			}
		}
	}
	t.Logf("%d cases; largest x2 in the chains: %#x (2^%.3f)", cases, maxTop, log2(maxTop))
}

// TestAVX2PoisonedStack runs every AVX2 kernel at every length of
// avx2Kernels on random messages, each call on a stack filled with a
// random non-zero byte (checkKernel): a byte of a stack buffer read
// before it is written (a pad byte of the last partial block, a slot of
// the vertical state loaded before it is stored, the lengths block's
// neighbours) would change the tag or the output.
func TestAVX2PoisonedStack(t *testing.T) {
	testutil.RequireImplementation(t, "chacha20poly1305", "avx2fused")
	rng := testutil.Rand(t)
	for _, k := range avx2Kernels() {
		for i, n := range k.lens() {
			for _, adLen := range adLensFor(3*i + 1) {
				checkKernelRandom(t, rng, k, n, adLen, 0)
			}
		}
	}
}

// TestAVX2TagAboveP runs every AVX2 kernel on messages whose final
// reduction must subtract p (messageAboveP), at lengths that end in each
// kernel's every kind of last piece (the short kernels' sets; the chunk
// kernel's first chunk alone, a whole chunk, and tails on one set, two
// sets, or none): the tags must be x/crypto's.
func TestAVX2TagAboveP(t *testing.T) {
	testutil.RequireImplementation(t, "chacha20poly1305", "avx2fused")
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
	for _, k := range avx2Kernels() {
		for _, n := range lens[k.name] {
			checkKernelAboveP(t, rng, k, n, want)
		}
	}
}

// TestAVX2StackGrowth runs each AVX2 kernel by kernelOnStack, in a new
// goroutine (whose stack starts small) at every depth from 0 to 150
// frames, so that the kernels' prologues meet the end of the stack at
// every offset: the output and the tag, on the moved stack, must be right,
// and the chunk kernel must have grown it at some depth.
func TestAVX2StackGrowth(t *testing.T) {
	testutil.RequireImplementation(t, "chacha20poly1305", "avx2fused")
	rng := testutil.Rand(t)
	for _, k := range avx2Kernels() {
		n := min(k.max, onStackMax)
		key, nonce := (*[32]byte)(randBytes(rng, KeySize)), (*[12]byte)(randBytes(rng, NonceSize))
		pt, ad := randBytes(rng, n), randBytes(rng, 13)
		x, _ := xaead.New(key[:])
		want := x.Seal(nil, nonce[:], pt, ad)
		moves := 0
		for depth := 0; depth <= 150; depth++ {
			if checkOnStack(t, k, key, nonce, pt, ad, want, depth, 0) {
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

// TestAVX2SealOpen runs Seal and Open with the AVX2 kernels selected
// at every length up to 64 bytes past the longest the short kernels take,
// then (a few lengths of additional data each) at every length through
// the long kernel's first chunks and tail, and at random lengths to 20000
// bytes, fresh and in place, against x/crypto and against the portable
// path; a forged tag is refused with the output zeroed.
func TestAVX2SealOpen(t *testing.T) {
	testutil.RequireImplementation(t, "chacha20poly1305", "avx2fused")
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
				defer portable()()
				a, _ := New(key)
				return a.Seal(nil, nonce, pt, ad)
			}()
			if !bytes.Equal(portable, want) {
				t.Fatalf("length %d, ad %d: the portable path differs from x/crypto", n, adLen)
			}

			restore := impl.Select("chacha20poly1305", "avx2fused")
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

// avx2Bounds are the message lengths at and around the bounds between
// the AVX2 kernels (64, 192, 320, 448) and within the chunk kernel (its
// first chunk of 448 bytes, chunks of 512, tails on one or two sets; the
// lengths around 192 + 256k were the bounds of a kernel it replaced).
var avx2Bounds = []int{0, 1, 15, 16, 17, 63, 64, 65, 127, 128, 129, 191, 192, 193, 255, 256, 257,
	319, 320, 321, 447, 448, 449, 450, 463, 464, 511, 512, 513, 575, 576, 577, 639, 640, 641,
	703, 704, 705, 767, 768, 769, 831, 832, 833, 959, 960, 961, 1023, 1024, 1025, 1471, 1472, 1473}

// TestAVX2APIBounds runs Seal and Open with the AVX2 kernels selected
// at every length of avx2Bounds, in each of checkSealOpen's arrangements
// (fresh, after a prefix, in place; Open also with its output over the tag)
// and forgeries refused with the output zeroed, additional data of 0, 13
// and 17 bytes and nil; then the empty message with nil dst, plaintext and
// additional data; each as ChaCha20-Poly1305 and XChaCha20-Poly1305.
func TestAVX2APIBounds(t *testing.T) {
	testutil.SelectImplementation(t, "chacha20poly1305", "avx2fused")
	rng := testutil.Rand(t)
	for _, v := range variants {
		key := randBytes(rng, KeySize)
		a, _ := v.new(key)
		x, _ := v.newX(key)
		for i, n := range avx2Bounds {
			for mode := range 12 {
				ad := adOfKind(rng, (i+mode)%4)
				if n == 0 {
					// checkSealOpen forges a ciphertext byte; there is none.
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
				checkSealOpen(t, rng, a, x, randBytes(rng, v.nonceSize), randBytes(rng, n), ad, mode)
			}
		}
	}
}

// TestAVX2EveryLength runs checkSealOpen (fresh, appended to a prefix, in
// place; Open with its output over the tag; forgeries refused with the
// output zeroed) with the AVX2 kernels selected, at every length from 1 to
// 2600 bytes (-short: 1500; -long: 17 KiB and a tail), with additional
// data of every length from 0 to 130 in turn, and every fifth length as
// XChaCha20-Poly1305 too.
func TestAVX2EveryLength(t *testing.T) {
	testutil.SelectImplementation(t, "chacha20poly1305", "avx2fused")
	rng := testutil.Rand(t)
	top := testutil.Runs(*long, 2600, 17*1024+300, 1500)
	for n := 1; n <= top; n++ {
		for _, v := range variants {
			if v.nonceSize == NonceSizeX && n%5 != 0 {
				continue
			}
			key := randBytes(rng, KeySize)
			a, _ := v.new(key)
			x, _ := v.newX(key)
			checkSealOpen(t, rng, a, x, randBytes(rng, v.nonceSize), randBytes(rng, n), randBytes(rng, (n*7)%131), n)
		}
	}
}

// TestAVX2OpenOverTag runs the Go side of Open on the AVX2 kernels
// (openKernel on choosePath's path) with the output starting inside the
// tag or right after the ciphertext, at every offset from 0 to 16 bytes
// past its end, at lengths each kernel takes: the chunk kernel, which
// writes dst before it compares the tag, must be given a copy of it, or
// its output would overwrite the tag it compares and a right tag be
// refused.
func TestAVX2OpenOverTag(t *testing.T) {
	testutil.SelectImplementation(t, "chacha20poly1305", "avx2fused")
	rng := testutil.Rand(t)
	for _, n := range []int{1, 15, 64, 65, 192, 193, 320, 448, 449, 465, 511, 512, 704, 960, 961, 1000, 1473} {
		key, nonce := (*[KeySize]byte)(randBytes(rng, KeySize)), (*[NonceSize]byte)(randBytes(rng, NonceSize))
		pt, ad := randBytes(rng, n), randBytes(rng, 13)
		x, _ := xaead.New(key[:])
		sealed := x.Seal(nil, nonce[:], pt, ad)
		p := choosePath(n, len(ad))
		for off := 0; off <= Overhead; off++ {
			buf := make([]byte, 2*n+2*Overhead)
			copy(buf, sealed)
			out := buf[n+off : 2*n+off]
			if !openKernel(p, key, nonce, out, buf[:n], ad, (*[Overhead]byte)(buf[n:n+Overhead])) || !bytes.Equal(out, pt) {
				t.Fatalf("path %d: n %d, output %d bytes past the ciphertext: open refused the tag or differs", p, n, off)
			}
		}
	}
}

// avx2ChunkLens returns the message lengths the AVX2 chunk kernel tests
// take: every length from 449 (the shortest it takes) to 512, the lengths
// within 17 bytes of each boundary of its chunks (the first chunk holds 448
// bytes of data, the others 512: 448 + 512k) and of each multiple of 512,
// for k up to 5 (up to 2 with -short), tails (the data after the last
// whole chunk) around 128, 256 and 384 bytes and of 448, and 1350, 8192,
// 16384.
func avx2ChunkLens() []int {
	var lens []int
	for n := avx2Max + 1; n <= 512; n++ {
		lens = append(lens, n)
	}
	kmax := 5
	if testing.Short() {
		kmax = 2
	}
	for k := 1; k <= kmax; k++ {
		for _, b := range []int{448 + 512*k, 512 * k} {
			for d := -17; d <= 17; d++ {
				if n := b + d; n > 512 {
					lens = append(lens, n)
				}
			}
		}
	}
	// The tail after the last whole chunk runs on one horizontal set up
	// to 128 bytes, two up to 256, the eight vertical blocks beyond.
	for k := range 3 {
		for _, t := range []int{65, 127, 128, 129, 130, 192, 255, 256, 257, 258, 320, 383, 384, 385, 386, 448} {
			lens = append(lens, 448+512*k+t)
		}
	}
	return append(lens, 1350, 8192, 16384)
}

// portableSeal returns the encryption of pt on the portable code, with
// every assembly path off.
func portableSeal(key *[KeySize]byte, nonce *[NonceSize]byte, pt, ad []byte) []byte {
	defer portable()()
	return seal(pathPortable, nil, key, nonce, pt, ad)
}

// checkAVX2Chunked seals pt with sealKernel on the path choosePath gives,
// which must be the chunk kernel's, compares the result with want, and
// opens it with openKernel, out of place and in place; then
// checks that a bit flipped in the ciphertext, the additional data or the
// tag is refused.
func checkAVX2Chunked(t *testing.T, rng *rand.Rand, key *[KeySize]byte, nonce *[NonceSize]byte, pt, ad, want []byte) {
	t.Helper()
	n := len(pt)
	got := make([]byte, n+Overhead)
	p := choosePath(n, len(ad))
	if p != pathAVX2Chunks {
		t.Fatalf("length %d: path %d, not the AVX2 chunk kernel's", n, p)
	}
	sealKernel(p, key, nonce, got[:n], pt, ad, (*[Overhead]byte)(got[n:]))
	if !bytes.Equal(got, want) {
		t.Fatalf("length %d, ad %d: seal differs", n, len(ad))
	}
	inPlace := bytes.Clone(pt)
	var tag [Overhead]byte
	sealKernel(p, key, nonce, inPlace, inPlace, ad, &tag)
	if !bytes.Equal(inPlace, want[:n]) || !bytes.Equal(tag[:], want[n:]) {
		t.Fatalf("length %d, ad %d: seal in place differs", n, len(ad))
	}

	out := make([]byte, n)
	if !openKernel(p, key, nonce, out, want[:n], ad, (*[Overhead]byte)(want[n:])) || !bytes.Equal(out, pt) {
		t.Fatalf("length %d, ad %d: open differs", n, len(ad))
	}
	// In place, with the output running into the tag, as Open's dst may.
	buf := bytes.Clone(want)
	if !openKernel(p, key, nonce, buf[:n], buf[:n], ad, (*[Overhead]byte)(buf[n:])) || !bytes.Equal(buf[:n], pt) {
		t.Fatalf("length %d, ad %d: open in place differs", n, len(ad))
	}

	forged := bytes.Clone(want)
	fad := bytes.Clone(ad)
	switch k := rng.IntN(3); {
	case k == 0 || len(ad) == 0 && k == 1:
		bit := rng.IntN(8 * n)
		forged[bit/8] ^= 1 << (bit % 8)
	case k == 1:
		bit := rng.IntN(8 * len(ad))
		fad[bit/8] ^= 1 << (bit % 8)
	default:
		bit := rng.IntN(128)
		forged[n+bit/8] ^= 1 << (bit % 8)
	}
	if openKernel(p, key, nonce, out, forged[:n], fad, (*[Overhead]byte)(forged[n:])) {
		t.Fatalf("length %d, ad %d: a forgery was accepted", n, len(ad))
	}
}

// checkAVX2ChunkedRandom runs checkAVX2Chunked on a random key, nonce,
// plaintext of n bytes and additional data of adLen bytes against x/crypto,
// and (portable set) checks first that the portable code agrees with it.
func checkAVX2ChunkedRandom(t *testing.T, rng *rand.Rand, n, adLen int, portable bool) {
	t.Helper()
	key, nonce := (*[KeySize]byte)(randBytes(rng, KeySize)), (*[NonceSize]byte)(randBytes(rng, NonceSize))
	pt, ad := randBytes(rng, n), randBytes(rng, adLen)
	x, _ := xaead.New(key[:])
	want := x.Seal(nil, nonce[:], pt, ad)
	if portable && !bytes.Equal(portableSeal(key, nonce, pt, ad), want) {
		t.Fatalf("length %d, ad %d: the portable code and x/crypto differ", n, adLen)
	}
	checkAVX2Chunked(t, rng, key, nonce, pt, ad, want)
}

// TestAVX2Chunked runs the AVX2 chunk kernel at every length of
// avx2ChunkLens, with additional data of 0 to 300 bytes (a few lengths a
// message, every one over the run), against x/crypto, and at a third of
// them against the portable code too; in place; and with forgeries.
func TestAVX2Chunked(t *testing.T) {
	testutil.SelectImplementation(t, "chacha20poly1305", "avx2fused")
	rng := testutil.Rand(t)
	adLens := []int{0, 1, 13, 15, 16, 17, 32, 300}
	i := 0
	for _, n := range avx2ChunkLens() {
		for _, adLen := range []int{adLens[i%len(adLens)], i % 301} {
			i++
			checkAVX2ChunkedRandom(t, rng, n, adLen, i%3 == 0)
		}
	}
}

// TestAVX2ChunkedRandom runs the AVX2 chunk kernel at random lengths up to
// 70000 bytes with random additional data up to 300 bytes, against
// x/crypto and the portable code.
func TestAVX2ChunkedRandom(t *testing.T) {
	testutil.SelectImplementation(t, "chacha20poly1305", "avx2fused")
	rng := testutil.Rand(t)
	runs := 40
	if testing.Short() {
		runs = 4
	} else if *long {
		runs = 2000
	}
	for range runs {
		n, adLen := avx2Max+1+rng.IntN(70000-avx2Max), rng.IntN(301)
		checkAVX2ChunkedRandom(t, rng, n, adLen, true)
	}
}

// TestAVX2ChunkedLimits runs the AVX2 chunk kernel at the limits of
// polyMulAdd's bounds (see _asm/fused_amd64_asm.go: with r0, r1 < 2^60,
// s1 < 2^60.33 and x2 < 2^63 on entry, the columns stay below 2^125.6 and
// 2^125.4 and the new top word x2 below 2^62.5), which the kernel's MAC
// uses block by block, in the rounds and out of them: r with the top three
// bits of each of its clamped words set (largeRNonce, under the all-ones
// key), so that the products are near their largest, and a ciphertext and
// additional data of all ones, every block the largest it can be, at the
// lengths of avx2ChunkLens.
func TestAVX2ChunkedLimits(t *testing.T) {
	testutil.SelectImplementation(t, "chacha20poly1305", "avx2fused")
	rng := testutil.Rand(t)
	key, nonce, x := largeRKey(t)
	for i, n := range avx2ChunkLens() {
		ad := bytes.Repeat([]byte{0xff}, []int{0, 13, 16, 300}[i%4])
		ones := bytes.Repeat([]byte{0xff}, n)
		// The plaintext whose ciphertext is all ones: ChaCha20 XORs, so
		// it is the encryption of all ones.
		pt := x.Seal(nil, nonce[:], ones, nil)[:n]
		want := x.Seal(nil, nonce[:], pt, ad)
		if !bytes.Equal(want[:n], ones) {
			t.Fatalf("length %d: the chosen plaintext does not encrypt to all ones", n)
		}
		checkAVX2Chunked(t, rng, key, nonce, pt, ad, want)
	}
}

// TestAVX2ChunkedAllocs checks that the AVX2 chunk kernel's Seal and Open
// allocate nothing.
func TestAVX2ChunkedAllocs(t *testing.T) {
	testutil.SelectImplementation(t, "chacha20poly1305", "avx2fused")
	var key [KeySize]byte
	var nonce [NonceSize]byte
	var tag [Overhead]byte
	buf, ad := make([]byte, 1350), make([]byte, 13)
	if a := testing.AllocsPerRun(10, func() {
		sealKernel(pathAVX2Chunks, &key, &nonce, buf, buf, ad, &tag)
		openKernel(pathAVX2Chunks, &key, &nonce, buf, buf, ad, &tag)
	}); a != 0 {
		t.Errorf("%v allocations", a)
	}
}
