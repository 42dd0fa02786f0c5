package x25519

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/crypto/curve25519"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestAPIMatchesCurve25519 checks that every exported identifier of
// golang.org/x/crypto/curve25519 exists here with the same type and value.
func TestAPIMatchesCurve25519(t *testing.T) {
	funcs := []struct {
		name      string
		ours, std any
	}{
		{"X25519", X25519, curve25519.X25519},
		{"ScalarMult", ScalarMult, curve25519.ScalarMult},
		{"ScalarBaseMult", ScalarBaseMult, curve25519.ScalarBaseMult},
		{"Basepoint", Basepoint, curve25519.Basepoint},
	}
	for _, f := range funcs {
		if a, b := reflect.TypeOf(f.ours), reflect.TypeOf(f.std); a != b {
			t.Errorf("%s has type %v, curve25519's %v", f.name, a, b)
		}
	}
	if !bytes.Equal(Basepoint, curve25519.Basepoint) {
		t.Errorf("Basepoint = %x, curve25519's %x", Basepoint, curve25519.Basepoint)
	}
	// Untyped constants: the same value, and usable where curve25519's are.
	var a [ScalarSize]byte
	var b [PointSize]byte
	var _ [curve25519.ScalarSize]byte = a
	var _ [curve25519.PointSize]byte = b
}

// sameError reports whether err (of this package) and want (of
// golang.org/x/crypto/curve25519, that is crypto/ecdh's) are both nil, or
// both errors with the same message after the package prefix.
func sameError(err, want error) bool {
	if err == nil || want == nil {
		return err == nil && want == nil
	}
	msg, ok := strings.CutPrefix(err.Error(), "carry/x25519: ")
	return ok && "crypto/ecdh: "+msg == want.Error()
}

// x25519Inputs returns the inputs of the differential tests: random scalars
// with random points, the base point, low-order points (canonical or not,
// with bit 255 set or not), and inputs of the wrong lengths.
func x25519Inputs(t *testing.T, n int) (scalars, points [][]byte) {
	r := testutil.Rand(t)
	lowOrder := []string{
		"0000000000000000000000000000000000000000000000000000000000000000",
		"0100000000000000000000000000000000000000000000000000000000000000",
		"e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800",
		"5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157",
		"ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
		"edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
		"eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
		"5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f11d7",
		"edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
	}
	for i := range n {
		s, p := make([]byte, 32), make([]byte, 32)
		fillRand(r, s)
		fillRand(r, p)
		switch i % 8 {
		case 0:
			p = Basepoint
		case 1:
			p = testutil.MustHex(t, lowOrder[r.IntN(len(lowOrder))])
		case 2:
			p = p[:r.IntN(32)]
		case 3:
			s = append(s, 0)
		case 4:
			s, p = s[:r.IntN(32)], append(p, 1)
		}
		scalars, points = append(scalars, s), append(points, p)
	}
	return append(scalars, nil), append(points, nil)
}

// TestDifferentialCurve25519 compares X25519, ScalarMult and ScalarBaseMult
// with golang.org/x/crypto/curve25519's on the inputs of x25519Inputs: the
// same results, the same errors in the same order of checks, and the same
// all-zero output of the deprecated ScalarMult for low-order points.
func TestDifferentialCurve25519(t *testing.T) {
	scalars, points := x25519Inputs(t, testutil.Runs(*long, 2000, 50_000, 200))
	testutil.EachImplementation(t, "field25519", func(t *testing.T) {
		lowOrder := 0
		for i, s := range scalars {
			p := points[i]
			got, err := X25519(s, p)
			want, stdErr := curve25519.X25519(s, p)
			if !sameError(err, stdErr) || !bytes.Equal(got, want) || (got == nil) != (want == nil) {
				t.Fatalf("X25519(%x, %x) = %x, %v; curve25519 %x, %v", s, p, got, err, want, stdErr)
			}
			if len(s) != 32 || len(p) != 32 {
				continue
			}
			// ScalarMult overwrites all of dst, whatever was there.
			dst, stdDst := [32]byte{0: 0xaa, 31: 0x55}, [32]byte{}
			ScalarMult(&dst, (*[32]byte)(s), (*[32]byte)(p))
			curve25519.ScalarMult(&stdDst, (*[32]byte)(s), (*[32]byte)(p))
			if dst != stdDst {
				t.Fatalf("ScalarMult(%x, %x) = %x, curve25519 %x", s, p, dst, stdDst)
			}
			if stdErr != nil {
				lowOrder++
			}
			ScalarBaseMult(&dst, (*[32]byte)(s))
			curve25519.ScalarBaseMult(&stdDst, (*[32]byte)(s))
			if dst != stdDst {
				t.Fatalf("ScalarBaseMult(%x) = %x, curve25519 %x", s, dst, stdDst)
			}
		}
		if lowOrder == 0 {
			t.Error("no low-order point among the inputs")
		}
	})
}

// TestScalarMultAliasing checks ScalarMult with dst the same array as the
// point or the scalar, and ScalarBaseMult with dst the scalar.
func TestScalarMultAliasing(t *testing.T) {
	r := testutil.Rand(t)
	testutil.EachImplementation(t, "field25519", func(t *testing.T) {
		for range 20 {
			var s, p, want [32]byte
			fillRand(r, s[:])
			fillRand(r, p[:])
			curve25519.ScalarMult(&want, &s, &p)

			dst := p
			ScalarMult(&dst, &s, &dst)
			if dst != want {
				t.Fatalf("ScalarMult with dst = point: %x, want %x", dst, want)
			}
			dst = s
			ScalarMult(&dst, &dst, &p)
			if dst != want {
				t.Fatalf("ScalarMult with dst = scalar: %x, want %x", dst, want)
			}
			curve25519.ScalarBaseMult(&want, &s)
			dst = s
			ScalarBaseMult(&dst, &dst)
			if dst != want {
				t.Fatalf("ScalarBaseMult with dst = scalar: %x, want %x", dst, want)
			}
		}
	})
}
