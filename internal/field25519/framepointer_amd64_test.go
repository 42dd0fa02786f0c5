//go:build !purego

package field25519

import (
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestAsmKeepsFramePointer calls every assembly function callable from Go,
// the ADX multiplication, squarings and ladder, the IFMA ladder and the
// divsteps batch, on inputs their contracts allow, each call followed at
// once by the frame pointer probe of testutil.FramePointerProbe: a function
// that wrote a frame slot over its saved frame pointer returns with a wrong
// one, and the probe fails the test. ladderADX is the one with a frame; the
// others, frameless, are called too, should they get one. The values
// themselves are checked by the tests of each function.
func TestAsmKeepsFramePointer(t *testing.T) {
	r := testutil.Rand(t)
	probe := testutil.FramePointerProbe(t)
	elems := specialElements()
	// The ladders' u: the special values below 2^255 + 2^23.
	var us []*Element
	for _, u := range elems {
		if limbsBig(u).Cmp(boundM) < 0 {
			us = append(us, u)
		}
	}
	// A clamped scalar (RFC 7748, Section 5).
	var k [32]byte
	for i := range k {
		k[i] = byte(r.Uint64())
	}
	k[0] &= 248
	k[31] &= 127
	k[31] |= 64

	t.Run("adx", func(t *testing.T) {
		testutil.RequireImplementation(t, "field25519", "adx")
		for i, a := range elems {
			b := elems[(i+1)%len(elems)]
			var out [4]uint64
			mulADX(&out, &a.w, &b.w)
			probe()
			squareNADX(&out, &a.w, 1+i%7)
			probe()
		}
		for _, u := range us {
			var xz [8]uint64
			ladderADX(&xz, &k, &u.w)
			probe()
		}
	})

	t.Run("ifma", func(t *testing.T) {
		testutil.RequireImplementation(t, "field25519", "ifma")
		for _, u := range us {
			// The state as ladderVec sets it: (x2, z2, x3, z3) =
			// (1, 0, u, 1), and u times each, limbs below 2^51 + 1.
			var uu [4]uint64
			mulGeneric(&uu, &u.w, &u.w)
			l, ll := limbs51(&u.w), limbs51(&uu)
			var st [40]uint64
			for i := range 5 {
				st[8*i+2], st[8*i+4], st[8*i+6], st[8*i+7] = l[i], l[i], ll[i], l[i]
			}
			st[0], st[3] = 1, 1
			ladderIFMA(&st, &k)
			probe()
		}
	})

	// divstepsBatch needs CMOV only, which every amd64 CPU has.
	t.Run("divsteps", func(t *testing.T) {
		for _, dd := range []int64{1, -1, 59, -59, 1201, -1201} {
			f := r.Uint64() | 1 // f odd
			g := r.Uint64()
			divstepsBatch(dd, f, g)
			probe()
		}
	})
}
