//go:build !purego && linux

package chacha20poly1305

import (
	"bytes"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
	xaead "golang.org/x/crypto/chacha20poly1305"
)

// TestSetsGuardPages runs sealSets and openSets with src, dst, ad, tag, key
// and nonce each against an unmapped page, after it and before it, at
// every length they take and additional data of 0 to 17 and 31 to 33
// bytes (guardPages, review_short_test.go): a byte read or written outside
// them would fault. The page around dst must be untouched, and Open with a
// wrong tag must write nothing.
func TestSetsGuardPages(t *testing.T) {
	if !haveFused {
		t.Skip("the CPU does not run the fused functions")
	}
	rng := testutil.Rand(t)
	pages := newGuardPages(t)
	for n := fusedMax + 1; n <= setsMax; n++ {
		for _, adLen := range guardADLens() {
			for _, atEnd := range []bool{true, false} {
				c := pages.place(rng, n, adLen, atEnd)
				c.checkSeal(t, "sets", sealSets)
				c.checkOpen(t, rng, "sets", openSets, false)
			}
		}
	}
}

// TestSetsAdversarial runs sealSets and openSets on messages whose MAC
// blocks keep the accumulator's low words all ones after every block
// (shortRevAdversarial, review_short_test.go), under the largest r and a
// few random keys, at every length they take and additional data around
// one and two blocks: the MAC blocks stitched into the rounds and those
// after them go through the same polyMulAdd as the fused kernels', and
// the tags must equal the model's and x/crypto's.
func TestSetsAdversarial(t *testing.T) {
	if !haveFused {
		t.Skip("the CPU does not run the fused functions")
	}
	rng := testutil.Rand(t)
	keys := 2
	if *long {
		keys = 20
	}
	type kn struct{ key, nonce []byte }
	bigKey := bytes.Repeat([]byte{0xff}, KeySize)
	kns := []kn{{bigKey, largeRNonce(t, (*[KeySize]byte)(bigKey))[:]}}
	for range keys {
		kns = append(kns, kn{randBytes(rng, KeySize), randBytes(rng, NonceSize)})
	}
	for _, p := range kns {
		r0, r1, s0, s1 := shortRevPolyKey(t, p.key, p.nonce)
		x, err := xaead.New(p.key)
		if err != nil {
			t.Fatal(err)
		}
		ks := shortRevKeystream(t, p.key, p.nonce, setsMax)
		for n := fusedMax + 1; n <= setsMax; n++ {
			for _, adLen := range []int{0, 1, 15, 16, 17, 32, 48, 50} {
				ad, ct, tag, top, overflow := shortRevAdversarial(r0, r1, s0, s1, adLen, n)
				if overflow || top >= 1<<63 {
					t.Fatalf("n %d, ad %d: the model dropped a carry or x2 = %#x", n, adLen, top)
				}
				pt := make([]byte, n)
				for i := range pt {
					pt[i] = ct[i] ^ ks[i]
				}
				want := x.Seal(nil, p.nonce, pt, ad)
				if !bytes.Equal(want[:n], ct) || !bytes.Equal(want[n:], tag[:]) {
					t.Fatalf("n %d, ad %d: the model's tag differs from x/crypto's", n, adLen)
				}
				got := make([]byte, n+Overhead)
				sealSets((*[32]byte)(p.key), (*[12]byte)(p.nonce), got[:n], pt, ad, (*[16]byte)(got[n:]))
				if !bytes.Equal(got, want) {
					t.Fatalf("n %d, ad %d: seal differs", n, adLen)
				}
				out := make([]byte, n)
				if openSets((*[32]byte)(p.key), (*[12]byte)(p.nonce), out, ct, ad, &tag) != 1 || !bytes.Equal(out, pt) {
					t.Fatalf("n %d, ad %d: open differs", n, adLen)
				}
			}
		}
	}
}
