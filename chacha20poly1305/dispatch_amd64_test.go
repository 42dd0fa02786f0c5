//go:build !purego

package chacha20poly1305

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
	xaead "golang.org/x/crypto/chacha20poly1305"
)

// wantPath is choosePath's table (dispatch.go), written out apart: the
// path of a message of n bytes with adLen bytes of additional data where
// the AVX-512 kernels (fused), poly1305's vector loop (chunks) and the
// AVX2 kernels (avx2) are in use or not.
func wantPath(n, adLen int, fused, chunks, avx2 bool) path {
	switch {
	case fused && n <= 64 && adLen <= 16:
		return pathShort
	case fused && n <= 192:
		return pathFused
	case fused && n <= 448:
		return pathSets
	case fused && n <= 704:
		return pathSets3
	case fused && n <= 960:
		return pathSets4
	case fused && n <= 1983:
		return pathWide
	case fused && chunks:
		return pathChunks
	case fused:
		return pathHead
	case avx2 && n <= 64:
		return pathAVX2x1
	case avx2 && n <= 192:
		return pathAVX2
	case avx2 && n <= 320:
		return pathAVX2x3
	case avx2 && n <= 448:
		return pathAVX2x4
	case avx2:
		return pathAVX2Chunks
	}
	return pathPortable
}

// TestChoosePath checks choosePath against its table at every length from
// 0 to 4200 bytes and at 2^38 - 64 (the longest plaintext), with 0, 16 and
// 17 bytes of additional data, for each choice of the AVX-512 kernels,
// poly1305's vector loop and the AVX2 kernels: in particular, the AVX2
// kernels take nothing where the AVX-512 ones are in use.
func TestChoosePath(t *testing.T) {
	defer func(f, c, a bool) { useFused, useChunks, useAVX2Fused = f, c, a }(useFused, useChunks, useAVX2Fused)
	for _, fused := range []bool{true, false} {
		for _, chunks := range []bool{true, false} {
			for _, avx2 := range []bool{true, false} {
				useFused, useChunks, useAVX2Fused = fused, chunks, avx2
				for n := 0; n <= 4200; n++ {
					for _, adLen := range []int{0, 16, 17} {
						if got, want := choosePath(n, adLen), wantPath(n, adLen, fused, chunks, avx2); got != want {
							t.Fatalf("fused %v, chunks %v, avx2 %v: choosePath(%d, %d) = %d, want %d", fused, chunks, avx2, n, adLen, got, want)
						}
					}
				}
				if got, want := choosePath(maxPlaintext, 13), wantPath(maxPlaintext, 13, fused, chunks, avx2); got != want {
					t.Fatalf("fused %v, chunks %v, avx2 %v: choosePath of the longest plaintext = %d, want %d", fused, chunks, avx2, got, want)
				}
			}
		}
	}
}

// pathEdges are the message lengths on each side of the bounds of
// choosePath's table, and a few between.
var pathEdges = []int{0, 1, 63, 64, 65, 191, 192, 193, 194, 256, 319, 320, 321, 447, 448, 449, 450, 512, 703, 704, 705, 706,
	959, 960, 961, 962, 1024, 1215, 1216, 1217, 1218, 1350, 1982, 1983, 1984, 1985, 4096}

// TestPathKernels calls sealKernel and openKernel, with the AVX-512
// kernels selected and then the AVX2 ones, on the path choosePath gives
// for each length of pathEdges the kernels take (with 13 bytes of
// additional data, and 17 for the short kernel's lengths): Seal must equal
// x/crypto, Open give the plaintext and refuse a flipped tag bit. A
// message sent to a kernel of fewer sets would lose its last bytes.
func TestPathKernels(t *testing.T) {
	rng := testutil.Rand(t)
	for _, name := range []string{"fused", "avx2fused"} {
		t.Run(name, func(t *testing.T) {
			testutil.SelectImplementation(t, "chacha20poly1305", name)
			for _, n := range pathEdges {
				for _, adLen := range []int{13, 17} {
					p := choosePath(n, adLen)
					if p >= pathWide {
						continue
					}
					key := (*[KeySize]byte)(randBytes(rng, KeySize))
					nonce := (*[NonceSize]byte)(randBytes(rng, NonceSize))
					pt, ad := randBytes(rng, n), randBytes(rng, adLen)
					x, _ := xaead.New(key[:])
					want := x.Seal(nil, nonce[:], pt, ad)
					got := make([]byte, n+Overhead)
					sealKernel(p, key, nonce, got[:n], pt, ad, (*[Overhead]byte)(got[n:]))
					if !bytes.Equal(got, want) {
						t.Fatalf("path %d, n %d, ad %d: sealKernel differs from x/crypto", p, n, adLen)
					}
					out := make([]byte, n)
					if !openKernel(p, key, nonce, out, want[:n], ad, (*[Overhead]byte)(want[n:])) || !bytes.Equal(out, pt) {
						t.Fatalf("path %d, n %d, ad %d: openKernel refused the right tag or differs", p, n, adLen)
					}
					tag := [Overhead]byte(want[n:])
					tag[rng.IntN(Overhead)] ^= 1 << rng.IntN(8)
					if openKernel(p, key, nonce, out, want[:n], ad, &tag) {
						t.Fatalf("path %d, n %d, ad %d: openKernel took a flipped tag bit", p, n, adLen)
					}
				}
			}
		})
	}
}

// TestPathEdges runs Seal and Open (checkSealOpen: fresh, after a prefix,
// in place and over the tag, and a forgery refused with the output zeroed)
// against x/crypto at every length of pathEdges, with 0, 13 and 26 bytes
// of additional data, on every implementation (forEachImpl).
func TestPathEdges(t *testing.T) {
	forEachImpl(t, func(t *testing.T) {
		rng := testutil.Rand(t)
		key := randBytes(rng, KeySize)
		a, _ := New(key)
		x, _ := xaead.New(key)
		for i, n := range pathEdges {
			if n == 0 {
				continue // checkSealOpen forges a ciphertext byte
			}
			for mode := range 4 {
				checkSealOpen(t, rng, a, x, randBytes(rng, NonceSize), randBytes(rng, n), randBytes(rng, 13*(i%3)), mode+i)
			}
		}
	})
}

// TestKernelRefusesOtherPaths checks that sealKernel and openKernel panic
// on a path that has no assembly kernel rather than return with nothing
// written.
func TestKernelRefusesOtherPaths(t *testing.T) {
	for _, p := range []path{pathWide, pathChunks, pathHead, pathPortable, pathNEON} {
		mustRefuse(t, fmt.Sprintf("sealKernel(%d)", p), func(key *[KeySize]byte, nonce *[NonceSize]byte, buf []byte, tag *[Overhead]byte) {
			sealKernel(p, key, nonce, buf, buf, nil, tag)
		})
		mustRefuse(t, fmt.Sprintf("openKernel(%d)", p), func(key *[KeySize]byte, nonce *[NonceSize]byte, buf []byte, tag *[Overhead]byte) {
			openKernel(p, key, nonce, buf, buf, nil, tag)
		})
	}
}
