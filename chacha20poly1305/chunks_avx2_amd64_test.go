//go:build !purego

package chacha20poly1305

import (
	"bytes"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/carry-crypto/carry/chacha20poly1305/internal/chacha20"
	"github.com/carry-crypto/carry/chacha20poly1305/internal/poly1305"
	"github.com/carry-crypto/carry/internal/testutil"
	xaead "golang.org/x/crypto/chacha20poly1305"
)

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
	defer useFusedImplementation(false)()
	defer chacha20.UseImplementation("portable")()
	defer poly1305.UseImplementation("portable")()
	return seal(nil, key, nonce, pt, ad)
}

// checkAVX2Chunked seals pt with sealAVX2Kernels, compares the result with
// want, and opens it with openAVX2Kernels, out of place and in place; then
// checks that a bit flipped in the ciphertext, the additional data or the
// tag is refused.
func checkAVX2Chunked(t *testing.T, rng *rand.Rand, key *[KeySize]byte, nonce *[NonceSize]byte, pt, ad, want []byte) {
	t.Helper()
	n := len(pt)
	got := make([]byte, n+Overhead)
	if !sealAVX2Kernels(key, nonce, got[:n], pt, ad, (*[Overhead]byte)(got[n:])) {
		t.Fatalf("length %d: sealAVX2Kernels did not take it", n)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("length %d, ad %d: seal differs", n, len(ad))
	}
	inPlace := bytes.Clone(pt)
	var tag [Overhead]byte
	sealAVX2Kernels(key, nonce, inPlace, inPlace, ad, &tag)
	if !bytes.Equal(inPlace, want[:n]) || !bytes.Equal(tag[:], want[n:]) {
		t.Fatalf("length %d, ad %d: seal in place differs", n, len(ad))
	}

	out := make([]byte, n)
	done, ok := openAVX2Kernels(key, nonce, out, want[:n], ad, (*[Overhead]byte)(want[n:]))
	if !done || !ok || !bytes.Equal(out, pt) {
		t.Fatalf("length %d, ad %d: open differs", n, len(ad))
	}
	// In place, with the output running into the tag, as Open's dst may.
	buf := bytes.Clone(want)
	if _, ok := openAVX2Kernels(key, nonce, buf[:n], buf[:n], ad, (*[Overhead]byte)(buf[n:])); !ok || !bytes.Equal(buf[:n], pt) {
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
	if _, ok := openAVX2Kernels(key, nonce, out, forged[:n], fad, (*[Overhead]byte)(forged[n:])); ok {
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
	if !haveAVX2Fused {
		t.Skip("the CPU does not run the AVX2 chunk kernels")
	}
	defer useAVX2FusedOnly()()
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
	if !haveAVX2Fused {
		t.Skip("the CPU does not run the AVX2 chunk kernels")
	}
	defer useAVX2FusedOnly()()
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
	if !haveAVX2Fused {
		t.Skip("the CPU does not run the AVX2 chunk kernels")
	}
	defer useAVX2FusedOnly()()
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

// TestAVX2ChunkedOff checks that the AVX2 kernels take nothing while the
// AVX-512 kernels are in use or they are turned off.
func TestAVX2ChunkedOff(t *testing.T) {
	var key [KeySize]byte
	var nonce [NonceSize]byte
	var tag [Overhead]byte
	buf := make([]byte, 1024)
	old, oldFused := useAVX2Fused, useFused
	defer func() { useAVX2Fused, useFused = old, oldFused }()
	check := func(what string) {
		if sealAVX2Kernels(&key, &nonce, buf, buf, nil, &tag) {
			t.Errorf("sealAVX2Kernels ran %s", what)
		}
		if done, _ := openAVX2Kernels(&key, &nonce, buf, buf, nil, &tag); done {
			t.Errorf("openAVX2Kernels ran %s", what)
		}
	}
	useAVX2Fused, useFused = false, false
	check("while turned off")
	if haveFused {
		useAVX2Fused, useFused = haveAVX2Fused, true
		check("while the AVX-512 kernels are in use")
	}
}

// TestAVX2ChunkedAllocs checks that the AVX2 chunk kernel's Seal and Open
// allocate nothing.
func TestAVX2ChunkedAllocs(t *testing.T) {
	if !haveAVX2Fused {
		t.Skip("the CPU does not run the AVX2 chunk kernels")
	}
	defer useAVX2FusedOnly()()
	var key [KeySize]byte
	var nonce [NonceSize]byte
	var tag [Overhead]byte
	buf, ad := make([]byte, 1350), make([]byte, 13)
	if a := testing.AllocsPerRun(10, func() {
		sealAVX2Kernels(&key, &nonce, buf, buf, ad, &tag)
		openAVX2Kernels(&key, &nonce, buf, buf, ad, &tag)
	}); a != 0 {
		t.Errorf("%v allocations", a)
	}
}

// TestChunksAVX2AssemblyIsCurrent regenerates chunks_avx2_amd64.s and its
// stubs with the avo program in _asm and fails if they differ from the
// committed files.
func TestChunksAVX2AssemblyIsCurrent(t *testing.T) {
	testutil.CheckGenerated(t, "_asm",
		[]string{"-kernel", "chunksavx2", "-out", "../chunks_avx2_amd64.s", "-stubs", "../chunks_avx2_stubs_amd64.go", "-pkg", "chacha20poly1305"},
		"chunks_avx2_amd64.s", "chunks_avx2_stubs_amd64.go")
}

// BenchmarkAVX2Chunked measures Seal and Open on the AVX2 chunk kernel at
// the long sizes of bench_test.go (13 bytes of additional data), to put
// beside BenchmarkSealAVX2Path's and x/crypto's rows.
func BenchmarkAVX2Chunked(b *testing.B) {
	defer useAVX2FusedOnly()()
	for _, size := range []int{1350, 8192, 16384} {
		var key [KeySize]byte
		var nonce [NonceSize]byte
		var tag [Overhead]byte
		buf, ad := make([]byte, size), make([]byte, 13)
		b.Run("seal/"+strconv.Itoa(size), func(b *testing.B) {
			b.SetBytes(int64(size))
			for b.Loop() {
				sealAVX2Kernels(&key, &nonce, buf, buf, ad, &tag)
			}
		})
		sealAVX2Kernels(&key, &nonce, buf, buf, ad, &tag)
		out := make([]byte, size)
		b.Run("open/"+strconv.Itoa(size), func(b *testing.B) {
			b.SetBytes(int64(size))
			for b.Loop() {
				if _, ok := openAVX2Kernels(&key, &nonce, out, buf, ad, &tag); !ok {
					b.Fatal("open failed")
				}
			}
		})
	}
}

// chunkedAEAD is ChaCha20-Poly1305 on the AVX2 kernels called as seal and
// open call them (sealAVX2Kernels, openAVX2Kernels), and seal and open for
// what they do not take: the output from sliceForAppend, and the output
// zeroed if the tag is wrong. It lets reviewCase run the chunk kernel in
// every arrangement of dst.
type chunkedAEAD struct{ key [KeySize]byte }

func (a *chunkedAEAD) NonceSize() int { return NonceSize }
func (a *chunkedAEAD) Overhead() int  { return Overhead }

func (a *chunkedAEAD) Seal(dst, nonce, plaintext, additionalData []byte) []byte {
	ret, out := sliceForAppend(dst, len(plaintext)+Overhead)
	if !sealAVX2Kernels(&a.key, (*[NonceSize]byte)(nonce), out[:len(plaintext)], plaintext, additionalData, (*[Overhead]byte)(out[len(plaintext):])) {
		return seal(dst, &a.key, (*[NonceSize]byte)(nonce), plaintext, additionalData)
	}
	return ret
}

func (a *chunkedAEAD) Open(dst, nonce, ciphertext, additionalData []byte) ([]byte, error) {
	if len(ciphertext) < Overhead {
		return nil, errOpen
	}
	n := len(ciphertext) - Overhead
	ret, out := sliceForAppend(dst, n)
	done, ok := openAVX2Kernels(&a.key, (*[NonceSize]byte)(nonce), out, ciphertext[:n], additionalData, (*[Overhead]byte)(ciphertext[n:]))
	if !done {
		return open(dst, &a.key, (*[NonceSize]byte)(nonce), ciphertext, additionalData)
	}
	if !ok {
		clear(out)
		return nil, errOpen
	}
	return ret, nil
}

// TestAVX2ChunkedReview runs reviewCase (review_long_test.go: Seal and Open
// into a fresh slice, after a prefix, in place and over the tag, against
// x/crypto, and a forgery whose output must be zeroed) on chunkedAEAD at
// every length from 449 to 2600 bytes (up to 1500 with -short, 17 KiB with
// -long), additional data of 0 to 130 bytes in turn.
func TestAVX2ChunkedReview(t *testing.T) {
	if !haveAVX2Fused {
		t.Skip("the CPU does not run the AVX2 chunk kernels")
	}
	defer useAVX2FusedOnly()()
	rng := testutil.Rand(t)
	top := 2600
	if testing.Short() {
		top = 1500
	} else if *long {
		top = 17*1024 + 300
	}
	for n := avx2Max + 1; n <= top; n++ {
		a := &chunkedAEAD{key: [KeySize]byte(randBytes(rng, KeySize))}
		x, _ := xaead.New(a.key[:])
		reviewCase(t, rng, a, x, randBytes(rng, NonceSize), randBytes(rng, n), randBytes(rng, (n*7)%131), n)
	}
}
