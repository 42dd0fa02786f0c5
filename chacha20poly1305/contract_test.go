package chacha20poly1305

import (
	"bytes"
	"crypto/cipher"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// The tests of this file check the cipher.AEAD contract, as the standard
// library's crypto/internal/cryptotest/aead.go does for its AEADs: round
// trips, inputs left unmodified, the overlaps that must panic, appending to
// dst, and refusal of a changed nonce, additional data or ciphertext.

// contractLengths are the plaintext and additional data lengths the
// contract is checked at: empty, one block or less (the short kernels),
// short, and around 8 KiB.
var contractLengths = []int{0, 1, 40, 156, 8192, 8193, 8208}

// forEachContractCase runs f for each AEAD variant and each pair of
// plaintext and additional data lengths, with a fresh AEAD, nonce, plaintext
// and additional data.
func forEachContractCase(t *testing.T, f func(t *testing.T, a cipher.AEAD, nonce, pt, ad []byte)) {
	forEachImpl(t, func(t *testing.T) {
		rng := testutil.Rand(t)
		for _, v := range variants {
			for _, ptLen := range contractLengths {
				for _, adLen := range contractLengths {
					a, err := v.new(randBytes(rng, KeySize))
					if err != nil {
						t.Fatal(err)
					}
					t.Run(v.name+"/pt="+itoa(ptLen)+",ad="+itoa(adLen), func(t *testing.T) {
						f(t, a, randBytes(rng, v.nonceSize), randBytes(rng, ptLen), randBytes(rng, adLen))
					})
				}
			}
		}
	})
}

func TestContractRoundTrip(t *testing.T) {
	forEachContractCase(t, func(t *testing.T, a cipher.AEAD, nonce, pt, ad []byte) {
		sealed := a.Seal(nil, nonce, pt, ad)
		if len(sealed) != len(pt)+a.Overhead() {
			t.Fatalf("Seal returned %d bytes for %d of plaintext", len(sealed), len(pt))
		}
		got, err := a.Open(nil, nonce, sealed, ad)
		if err != nil || !bytes.Equal(got, pt) {
			t.Fatalf("Open after Seal: %v", err)
		}
	})
}

func TestContractInputsNotModified(t *testing.T) {
	forEachContractCase(t, func(t *testing.T, a cipher.AEAD, nonce, pt, ad []byte) {
		ptCopy, adCopy, nonceCopy := bytes.Clone(pt), bytes.Clone(ad), bytes.Clone(nonce)
		sealed := a.Seal(nil, nonce, pt, ad)
		if !bytes.Equal(pt, ptCopy) || !bytes.Equal(ad, adCopy) || !bytes.Equal(nonce, nonceCopy) {
			t.Fatal("Seal modified its inputs")
		}
		sealedCopy := bytes.Clone(sealed)
		if _, err := a.Open(nil, nonce, sealed, ad); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(sealed, sealedCopy) || !bytes.Equal(ad, adCopy) || !bytes.Equal(nonce, nonceCopy) {
			t.Fatal("Open modified its inputs")
		}
	})
}

func TestContractOverlapPanics(t *testing.T) {
	forEachContractCase(t, func(t *testing.T, a cipher.AEAD, nonce, pt, ad []byte) {
		n := len(pt)
		sealed := a.Seal(nil, nonce, pt, ad)
		if n > 1 {
			// The output starting one byte after the input, and
			// overlapping only the input's last byte.
			buf := make([]byte, 2*n+Overhead)
			copy(buf, pt)
			mustPanic(t, "Seal with dst = input shifted by 1", func() { a.Seal(buf[1:1], nonce, buf[:n], ad) })
			mustPanic(t, "Seal with dst on the input's last byte", func() { a.Seal(buf[n-1:n-1], nonce, buf[:n], ad) })

			buf = make([]byte, 2*n+Overhead)
			copy(buf, sealed)
			mustPanic(t, "Open with dst = input shifted by 1", func() { a.Open(buf[1:1], nonce, buf[:len(sealed)], ad) })
			copy(buf, sealed)
			mustPanic(t, "Open with dst on the ciphertext's last byte", func() { a.Open(buf[n-1:n-1], nonce, buf[:len(sealed)], ad) })
		}
		if len(ad) > 0 {
			// The output overlapping the additional data.
			buf := make([]byte, len(ad)+n+Overhead)
			copy(buf, ad)
			mustPanic(t, "Seal with dst on the additional data", func() { a.Seal(buf[:0], nonce, pt, buf[:len(ad)]) })
			if n > 0 {
				mustPanic(t, "Open with dst on the additional data", func() { a.Open(buf[:0], nonce, sealed, buf[:len(ad)]) })
			}
		}
	})
}

func TestContractAppend(t *testing.T) {
	forEachContractCase(t, func(t *testing.T, a cipher.AEAD, nonce, pt, ad []byte) {
		want := a.Seal(nil, nonce, pt, ad)
		for _, prefix := range [][]byte{[]byte("a"), bytes.Repeat([]byte{0x5c}, 512)} {
			for _, extraCap := range []int{0, len(pt) + Overhead} {
				dst := make([]byte, len(prefix), len(prefix)+extraCap)
				copy(dst, prefix)
				out := a.Seal(dst, nonce, pt, ad)
				if !bytes.Equal(out[:len(prefix)], prefix) || !bytes.Equal(out[len(prefix):], want) {
					t.Fatalf("Seal after a %d-byte prefix (capacity %d more): wrong result", len(prefix), extraCap)
				}
				dst = make([]byte, len(prefix), len(prefix)+extraCap)
				copy(dst, prefix)
				out, err := a.Open(dst, nonce, want, ad)
				if err != nil || !bytes.Equal(out[:len(prefix)], prefix) || !bytes.Equal(out[len(prefix):], pt) {
					t.Fatalf("Open after a %d-byte prefix (capacity %d more): %v", len(prefix), extraCap, err)
				}
			}
		}
	})
}

func TestContractWrongInputs(t *testing.T) {
	forEachContractCase(t, func(t *testing.T, a cipher.AEAD, nonce, pt, ad []byte) {
		sealed := a.Seal(nil, nonce, pt, ad)
		otherNonce := bytes.Clone(nonce)
		otherNonce[len(otherNonce)-1]++
		refused(t, a, "another nonce", otherNonce, sealed, ad)
		if len(ad) > 0 {
			otherAD := bytes.Clone(ad)
			otherAD[len(otherAD)-1]++
			refused(t, a, "other additional data", nonce, sealed, otherAD)
		}
		otherCT := bytes.Clone(sealed)
		otherCT[len(otherCT)-1]++
		refused(t, a, "another ciphertext", nonce, otherCT, ad)
	})
}

func TestSizes(t *testing.T) {
	key := make([]byte, KeySize)
	for _, v := range variants {
		a, err := v.new(key)
		if err != nil {
			t.Fatal(err)
		}
		if a.NonceSize() != v.nonceSize || a.Overhead() != Overhead || Overhead != 16 || KeySize != 32 {
			t.Errorf("%s: NonceSize %d, Overhead %d", v.name, a.NonceSize(), a.Overhead())
		}
	}
	if NonceSize != 12 || NonceSizeX != 24 {
		t.Errorf("NonceSize %d, NonceSizeX %d", NonceSize, NonceSizeX)
	}
	// RFC 8439, Section 2.8: P_MAX is 274,877,906,880 bytes and C_MAX 16 more.
	// TestTooLargePanics checks that one byte more is refused; a length at
	// the limit cannot be sealed or opened in a test.
	if maxPlaintext != 274_877_906_880 || maxCiphertext != 274_877_906_896 {
		t.Errorf("maxPlaintext %d, maxCiphertext %d, want RFC 8439's P_MAX 274877906880 and C_MAX 274877906896",
			uint64(maxPlaintext), uint64(maxCiphertext))
	}
}

func TestBadKeyLength(t *testing.T) {
	for _, v := range variants {
		for _, n := range []int{0, 1, 16, 31, 33, 64} {
			if a, err := v.new(make([]byte, n)); err == nil || a != nil {
				t.Errorf("%s: a %d-byte key was accepted", v.name, n)
			}
		}
	}
}

func TestBadNonceLengthPanics(t *testing.T) {
	for _, v := range variants {
		a, _ := v.new(make([]byte, KeySize))
		sealed := a.Seal(nil, make([]byte, v.nonceSize), []byte("hello"), nil)
		for _, n := range []int{0, v.nonceSize - 1, v.nonceSize + 1, 12 + 24 - v.nonceSize} {
			nonce := make([]byte, n)
			mustPanic(t, v.name+": Seal with a "+itoa(n)+"-byte nonce", func() { a.Seal(nil, nonce, []byte("hello"), nil) })
			mustPanic(t, v.name+": Open with a "+itoa(n)+"-byte nonce", func() { a.Open(nil, nonce, sealed, nil) })
		}
	}
}

// TestShortCiphertext checks that a ciphertext shorter than a tag is an
// error, not a panic, as in x/crypto.
func TestShortCiphertext(t *testing.T) {
	for _, v := range variants {
		a, _ := v.new(make([]byte, KeySize))
		for n := range Overhead {
			if out, err := a.Open(nil, make([]byte, v.nonceSize), make([]byte, n), nil); err == nil || out != nil {
				t.Errorf("%s: a %d-byte ciphertext opened", v.name, n)
			}
		}
	}
}

// TestAllocations checks that Seal and Open allocate nothing when dst has
// the capacity for their output.
func TestAllocations(t *testing.T) {
	forEachImpl(t, func(t *testing.T) {
		testAllocations(t)
	})
}

func testAllocations(t *testing.T) {
	for _, v := range variants {
		a, _ := v.new(make([]byte, KeySize))
		nonce := make([]byte, v.nonceSize)
		pt := make([]byte, 1350)
		ad := make([]byte, 13)
		dst := make([]byte, 0, len(pt)+Overhead)
		sealed := a.Seal(nil, nonce, pt, ad)
		if n := testing.AllocsPerRun(20, func() { a.Seal(dst, nonce, pt, ad) }); n != 0 {
			t.Errorf("%s: Seal allocates %v times", v.name, n)
		}
		if n := testing.AllocsPerRun(20, func() {
			if _, err := a.Open(dst, nonce, sealed, ad); err != nil {
				t.Fatal(err)
			}
		}); n != 0 {
			t.Errorf("%s: Open allocates %v times", v.name, n)
		}
	}
}

// TestOpenOutputOverTag checks Open when its output starts right after the
// ciphertext, over the tag (which the contract allows: only the ciphertext
// must not overlap the output inexactly), at lengths on every path, both
// with the right tag and with a forged one.
func TestOpenOutputOverTag(t *testing.T) {
	forEachImpl(t, func(t *testing.T) {
		rng := testutil.Rand(t)
		for _, n := range []int{16, 64, 192, 193, 959, 960, 1350, 4096} {
			a, _ := New(randBytes(rng, KeySize))
			nonce, pt, ad := randBytes(rng, NonceSize), randBytes(rng, n), randBytes(rng, 13)
			sealed := a.Seal(nil, nonce, pt, ad)
			for _, forge := range []bool{false, true} {
				buf := make([]byte, 2*n+Overhead)
				copy(buf, sealed)
				if forge {
					buf[n] ^= 1
				}
				got, err := a.Open(buf[n:n], nonce, buf[:n+Overhead], ad)
				switch {
				case forge && (err == nil || !allZero(buf[n:2*n])):
					t.Errorf("length %d: forged tag: Open returned %v, output zeroed %v", n, err, allZero(buf[n:2*n]))
				case !forge && (err != nil || !bytes.Equal(got, pt)):
					t.Errorf("length %d: Open with its output over the tag: %v", n, err)
				}
			}
		}
	})
}
