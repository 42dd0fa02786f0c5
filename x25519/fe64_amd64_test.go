//go:build !purego

package x25519

import (
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// The assembly computes the portable functions' results word for word: the
// same products, the same reductions.
func TestADXMatchesPortable(t *testing.T) {
	testutil.RequireImplementation(t, "x25519", "adx")
	r := testutil.Rand(t)
	n := 200000
	if *long {
		n = 5000000
	}
	for i := 0; i < n; i++ {
		a, b := randFE64(r, false), randFE64(r, false)
		var got, want fe64
		mulADX((*[4]uint64)(&got), (*[4]uint64)(&a), (*[4]uint64)(&b))
		mul64(&want, &a, &b)
		if got != want {
			t.Fatalf("mulADX(%x, %x) = %x, mul64 gives %x", a, b, got, want)
		}
		k := 1 + r.IntN(4)
		squareNADX((*[4]uint64)(&got), (*[4]uint64)(&a), k)
		squareN64(&want, &a, k)
		if got != want {
			t.Fatalf("squareNADX(%x, %d) = %x, squareN64 gives %x", a, k, got, want)
		}
		// Aliasing.
		x := a
		mulADX((*[4]uint64)(&x), (*[4]uint64)(&x), (*[4]uint64)(&b))
		mul64(&want, &a, &b)
		if x != want {
			t.Fatalf("mulADX with out = a differs")
		}
		x = a
		squareNADX((*[4]uint64)(&x), (*[4]uint64)(&x), k)
		squareN64(&want, &a, k)
		if x != want {
			t.Fatalf("squareNADX with out = a differs")
		}
	}
}

// The assembly ladder and the portable one agree on random and extreme
// scalars and points, including u-coordinates of the special values and with
// bit 255 set, and on the base point path.
func TestADXLadderMatchesPortable(t *testing.T) {
	testutil.RequireImplementation(t, "x25519", "adx")
	r := testutil.Rand(t)
	var scalars [][32]byte
	var zero, ones [32]byte
	for i := range ones {
		ones[i] = 0xff
	}
	scalars = append(scalars, zero, ones)
	for i := 0; i < 300; i++ {
		var k [32]byte
		fillRand(r, k[:])
		scalars = append(scalars, k)
	}
	var points [][32]byte
	for _, v := range fe64Special {
		var u [32]byte
		store64le(&u, &v)
		points = append(points, u)
	}
	for i := 0; i < 20; i++ {
		var u [32]byte
		fillRand(r, u[:])
		points = append(points, u)
	}
	points = append(points, basePoint)
	for _, k := range scalars {
		clamp(&k)
		for j, u := range points {
			if j%7 != int(k[1])%7 && u != basePoint {
				continue // a seventh of the pairs keeps the test fast
			}
			var got, want [32]byte
			scalarMultADX(&got, &k, &u)
			scalarMult64(&want, &k, &u)
			if got != want {
				t.Fatalf("scalarMultADX(%x, %x) = %x, portable %x", k, u, got, want)
			}
		}
	}
}

// store64le writes v's words little-endian without reducing them.
func store64le(dst *[32]byte, v *fe64) {
	for i, w := range v {
		for j := 0; j < 8; j++ {
			dst[8*i+j] = byte(w >> (8 * j))
		}
	}
}
