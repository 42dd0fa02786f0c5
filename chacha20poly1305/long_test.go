package chacha20poly1305

import (
	"bytes"
	"crypto/cipher"
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"github.com/carry-crypto/carry/chacha20poly1305/internal/chacha20"
	"github.com/carry-crypto/carry/internal/testutil"
	xaead "golang.org/x/crypto/chacha20poly1305"
)

// longBounds returns the message lengths at and around the bounds between
// the long-message paths: 193 (past the fused kernels), 240 to 256 (where
// groups.plan takes every length, and where authenticate's single buffer
// ends), the head (960 bytes, headSize - blockSize), the wide head's one
// and two woven sets (961 to 1216 and 1472 bytes) and the short kernel
// after it (to 1983), and after one to four 1024-byte chunks the bounds of
// xorTailMAC (64 to 256 bytes) and of a partial block.
func longBounds() []int {
	seen := map[int]bool{}
	var ls []int
	add := func(n int) {
		if n > 0 && !seen[n] {
			seen[n] = true
			ls = append(ls, n)
		}
	}
	for n := 192; n <= 260; n++ {
		add(n)
	}
	for _, n := range []int{383, 384, 385, 895, 896, 897, 959, 960, 961, 975, 976, 1023, 1024, 1025,
		1215, 1216, 1217, 1218, 1231, 1232, 1233, 1471, 1472, 1473, 1474, 1983} {
		add(n)
	}
	for k := 1; k <= 4; k++ {
		for _, d := range []int{0, 1, 15, 16, 17, 63, 64, 65, 127, 128, 129, 255, 256, 257, 383, 511, 512, 513, 1023} {
			add(chacha20.HeadSize + 1024*k + d)
		}
	}
	return ls
}

// adOfKind returns the API tests' additional data of kind c: nil (0),
// 13 (1) or 17 (2) random bytes, empty but not nil (3), or 300 random
// bytes (4), more than the short kernels' stitched blocks take.
func adOfKind(rng *rand.Rand, c int) []byte {
	switch c {
	case 1:
		return randBytes(rng, 13)
	case 2:
		return randBytes(rng, 17)
	case 3:
		return []byte{}
	case 4:
		return randBytes(rng, 300)
	}
	return nil
}

// randomVariant returns the variant for a test's message of n bytes
// (XChaCha20-Poly1305 every fifth length, ChaCha20-Poly1305 otherwise), and
// carry's and x/crypto's AEADs under a random key.
func randomVariant(rng *rand.Rand, n int) (v variant, a, x cipher.AEAD) {
	v = variants[0]
	if n%5 == 0 {
		v = variants[1]
	}
	key := randBytes(rng, KeySize)
	a, _ = v.new(key)
	x, _ = v.newX(key)
	return v, a, x
}

// checkSealOpen runs one message through Seal and Open, into a fresh slice,
// after a prefix, in place and (Open) over the tag, chosen by mode, and
// compares with x/crypto; then refuses a forgery (one bit of the
// ciphertext, tag or additional data flipped), checking that the output is
// zeroed, in the same arrangement.
func checkSealOpen(t *testing.T, rng *rand.Rand, a, x cipher.AEAD, nonce, pt, ad []byte, mode int) {
	t.Helper()
	n := len(pt)
	want := x.Seal(nil, nonce, pt, ad)
	var sealed []byte
	switch mode % 3 {
	case 0:
		sealed = a.Seal(nil, nonce, pt, ad)
	case 1:
		prefix := randBytes(rng, 1+rng.IntN(20))
		got := a.Seal(bytes.Clone(prefix), nonce, pt, ad)
		if !bytes.HasPrefix(got, prefix) {
			t.Fatalf("length %d, ad %d: Seal changed dst's prefix", n, len(ad))
		}
		sealed = got[len(prefix):]
	default:
		buf := make([]byte, n, n+Overhead)
		copy(buf, pt)
		sealed = a.Seal(buf[:0], nonce, buf, ad)
		if &sealed[0] != &buf[:1][0] {
			t.Fatalf("length %d, ad %d: Seal in place moved its output", n, len(ad))
		}
	}
	if !bytes.Equal(sealed, want) {
		t.Fatalf("length %d, ad %d, mode %d: Seal differs from x/crypto", n, len(ad), mode%3)
	}

	// open runs Open on a copy of sealed and ad in the arrangement of
	// mode, returning its result and the output region.
	open := func(sealed, ad []byte) ([]byte, error, []byte) {
		switch mode % 4 {
		case 0:
			buf := bytes.Repeat([]byte{0xa5}, n)
			got, err := a.Open(buf[:0], nonce, bytes.Clone(sealed), ad)
			return got, err, buf
		case 1:
			// After a prefix, the output in dst's spare capacity.
			prefix := randBytes(rng, 1+rng.IntN(20))
			buf := bytes.Repeat([]byte{0xa5}, len(prefix)+n)
			copy(buf, prefix)
			got, err := a.Open(buf[:len(prefix)], nonce, bytes.Clone(sealed), ad)
			if !bytes.Equal(buf[:len(prefix)], prefix) {
				t.Fatalf("length %d, ad %d: Open changed dst's prefix", n, len(ad))
			}
			if err == nil {
				if !bytes.HasPrefix(got, prefix) {
					t.Fatalf("length %d, ad %d: Open lost dst's prefix", n, len(ad))
				}
				got = got[len(prefix):]
			}
			return got, err, buf[len(prefix):]
		case 2:
			buf := bytes.Clone(sealed)
			got, err := a.Open(buf[:0], nonce, buf, ad)
			return got, err, buf[:n]
		default:
			// The output over the tag and past it.
			buf := make([]byte, 2*n+Overhead)
			copy(buf, sealed)
			got, err := a.Open(buf[n:n], nonce, buf[:n+Overhead], ad)
			return got, err, buf[n : 2*n]
		}
	}
	if got, err, _ := open(sealed, ad); err != nil || !bytes.Equal(got, pt) {
		t.Fatalf("length %d, ad %d, mode %d: Open: %v", n, len(ad), mode%4, err)
	}

	forged, forgedAD := bytes.Clone(sealed), bytes.Clone(ad)
	switch pick := rng.IntN(3); {
	case pick == 0 && len(forgedAD) > 0:
		forgedAD[rng.IntN(len(forgedAD))] ^= 1 << rng.IntN(8)
	case pick == 1:
		forged[n+rng.IntN(Overhead)] ^= 1 << rng.IntN(8)
	default:
		forged[rng.IntN(n)] ^= 1 << rng.IntN(8)
	}
	got, err, region := open(forged, forgedAD)
	if err == nil || got != nil {
		t.Fatalf("length %d, ad %d, mode %d: Open took a forgery", n, len(ad), mode%4)
	}
	if !allZero(region) {
		t.Fatalf("length %d, ad %d, mode %d: Open of a forgery left its output unzeroed", n, len(ad), mode%4)
	}
}

// TestLongEveryLength compares Seal and Open with x/crypto at every
// length from 193 to 4200 bytes (every path after the fused kernels, up
// to three chunks and every tail after them), with additional data of
// every length from 0 to 130 in turn, in each arrangement of checkSealOpen,
// a fifth of them as XChaCha20-Poly1305.
// With -long, up to 17 KiB (fifteen chunks and a tail), with a second
// random case per length.
func TestLongEveryLength(t *testing.T) {
	rng := testutil.Rand(t)
	top, per := 4200, 1
	if testing.Short() {
		top = 1500
	}
	if *long {
		top, per = 17*1024+300, 2
	}
	for n := 193; n <= top; n++ {
		for i := range per {
			// XChaCha20-Poly1305 every fifth case: the same paths after
			// its subkey.
			v := variants[0]
			if (n+i)%5 == 0 {
				v = variants[1]
			}
			key := randBytes(rng, KeySize)
			a, _ := v.new(key)
			x, _ := v.newX(key)
			adLen := (n*7 + 53*i) % 131
			checkSealOpen(t, rng, a, x, randBytes(rng, v.nonceSize), randBytes(rng, n), randBytes(rng, adLen), n+i)
		}
	}
}

// TestLongBounds runs checkSealOpen at every length of longBounds with
// every length of additional data from 0 to 130 (no zero blocks to eight
// of them in groups.plan, one or two head groups, over its 128-byte
// limit), each arrangement in turn. With -long, on every implementation.
func TestLongBounds(t *testing.T) {
	run := func(t *testing.T) {
		rng := testutil.Rand(t)
		key := randBytes(rng, KeySize)
		a, _ := New(key)
		x, _ := xaead.New(key)
		i := 0
		for _, n := range longBounds() {
			for adLen := range 131 {
				if testing.Short() && adLen%5 != 0 {
					continue
				}
				i++
				checkSealOpen(t, rng, a, x, randBytes(rng, NonceSize), randBytes(rng, n), randBytes(rng, adLen), i)
			}
		}
	}
	if *long {
		forEachImpl(t, run)
		return
	}
	run(t)
}

// largeRNonce returns the first nonce (a counter in its first four bytes)
// under which key gives a Poly1305 r whose four clamped 32-bit words have
// their top three bits set (1 in 2^12 nonces), so that the products of
// the MAC's one-block steps are near their largest.
func largeRNonce(t *testing.T, key *[KeySize]byte) *[NonceSize]byte {
	t.Helper()
	return nonceForR(t, key, [4]uint32{0x0e000000, 0x0e000000, 0x0e000000, 0x0e000000})
}

// largestRNonce returns, for key, the first nonce whose r has, besides the
// top three bits of each clamped word, the other clamped bits of its top
// word and the next four set (1 in 2^16 nonces), so that the vector loop's
// products are near their largest.
func largestRNonce(t *testing.T, key *[KeySize]byte) []byte {
	t.Helper()
	return nonceForR(t, key, [4]uint32{0x0e000000, 0x0e000000, 0x0e000000, 0x0fe00000})[:]
}

// nonceForR returns the first nonce (a counter in its first four bytes)
// under which key gives a Poly1305 r whose 32-bit words have every bit of
// the word of tops set. (The clamp keeps bits 0..27 of word 0 and bits
// 2..27 of words 1..3: bits 25..27 are the top three of each.)
func nonceForR(t *testing.T, key *[KeySize]byte, tops [4]uint32) *[NonceSize]byte {
	t.Helper()
	var nonce [NonceSize]byte
	for i := range uint32(1 << 22) {
		binary.LittleEndian.PutUint32(nonce[:], i)
		var s chacha20.State
		var block0 [blockSize]byte
		s.Init(key, &nonce, 0).XORKeyStream(block0[:], block0[:])
		large := true
		for w, top := range tops {
			if binary.LittleEndian.Uint32(block0[4*w:])&top != top {
				large = false
			}
		}
		if large {
			return &nonce
		}
	}
	t.Fatal("no nonce gives a large r")
	return nil
}

// TestLongLargestR runs Seal and Open against x/crypto with a large r
// (largestRNonce), all-ones additional data and all-ones ciphertext (the
// largest Poly1305 blocks; the plaintext is chosen to give it), at every
// length from 193 to 2600 bytes and around every bound of longBounds,
// with lengths of additional data that give every number of zero blocks in
// groups.plan (0, 1, 15, 16, 17, 112, 113, 127, 128 and 129, and one that
// goes round).
func TestLongLargestR(t *testing.T) {
	key := (*[KeySize]byte)(bytes.Repeat([]byte{0xff}, KeySize))
	nonce := largestRNonce(t, key)
	a, _ := New(key[:])
	x, _ := xaead.New(key[:])
	lens := longBounds()
	top := 2600
	if testing.Short() {
		top = 1000
	}
	if *long {
		top = 9000
	}
	for n := 193; n <= top; n++ {
		lens = append(lens, n)
	}
	adLens := []int{0, 1, 15, 16, 17, 112, 113, 127, 128, 129}
	for i, n := range lens {
		ones := bytes.Repeat([]byte{0xff}, n)
		pt := x.Seal(nil, nonce, ones, nil)[:n]
		for j, adLen := range append(adLens, (3*i)%131) {
			if testing.Short() && (i+j)%3 != 0 {
				continue
			}
			ad := bytes.Repeat([]byte{0xff}, adLen)
			want := x.Seal(nil, nonce, pt, ad)
			if !bytes.Equal(want[:n], ones) {
				t.Fatalf("length %d: the chosen plaintext does not encrypt to all ones", n)
			}
			var got []byte
			if (i+j)%2 == 0 {
				got = a.Seal(nil, nonce, pt, ad)
			} else {
				buf := make([]byte, n, n+Overhead)
				copy(buf, pt)
				got = a.Seal(buf[:0], nonce, buf, ad)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("length %d, ad %d: Seal with the largest r and blocks differs from x/crypto", n, adLen)
			}
			opened, err := a.Open(nil, nonce, want, ad)
			if err != nil || !bytes.Equal(opened, pt) {
				t.Fatalf("length %d, ad %d: Open with the largest r and blocks: %v", n, adLen, err)
			}
		}
	}
}
