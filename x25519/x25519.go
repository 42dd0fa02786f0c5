// Package x25519 implements the X25519 Diffie-Hellman function of RFC 7748
// with the API and the semantics of golang.org/x/crypto/curve25519: a program
// that imports this package under the name curve25519 builds and behaves as
// before: the same results, the same panics, and the same errors under this
// package's prefix.
//
// Every function here is constant time in the scalar. The point is treated as
// public. The Montgomery ladder runs on the four-word field of
// internal/field25519: in assembly (mulx, adcx, adox) on amd64 CPUs with BMI2
// and ADX, and in portable Go (math/bits) elsewhere and with the purego build
// tag. Public keys (the base point) are computed by a fixed-base table on the
// Edwards form of the curve (internal/edwards25519), on the same field.
//
// carry is not a FIPS 140 validated module: when the standard library runs
// in FIPS 140 mode (crypto/fips140.Enabled reports true, for example under
// GODEBUG=fips140=on or only), every function of this package computes with
// crypto/ecdh's X25519 instead, as golang.org/x/crypto/curve25519 does, and
// so gets its errors (in FIPS 140-only mode, X25519 is refused).
package x25519

import (
	"crypto/ecdh"
	"crypto/fips140"
	"crypto/subtle"
	"errors"

	"github.com/carry-crypto/carry/internal/edwards25519"
	"github.com/carry-crypto/carry/internal/field25519"
)

const (
	// ScalarSize is the length in bytes of X25519's scalar input.
	ScalarSize = 32
	// PointSize is the length in bytes of X25519's point input and output.
	PointSize = 32
)

// Basepoint is the encoding of u = 9, the generator of Curve25519's
// prime-order subgroup (RFC 7748, Section 4.1). It must not be modified.
var Basepoint []byte

var basePoint = [32]byte{9}

func init() { Basepoint = basePoint[:] }

// The errors of X25519: those of golang.org/x/crypto/curve25519 (which are
// crypto/ecdh's), under this package's prefix.
var (
	errPointLength  = errors.New("carry/x25519: invalid public key")
	errScalarLength = errors.New("carry/x25519: invalid private key size")
	errLowOrder     = errors.New("carry/x25519: bad X25519 remote ECDH input: low order point")
)

// X25519 computes scalar × point on Curve25519 (RFC 7748, Section 5) and
// returns the u-coordinate of the result, a new 32-byte slice. scalar and
// point must be 32 bytes long: a private key (random bytes), and either
// [Basepoint], to compute the public key, or the peer's public key, to
// compute a shared secret.
//
// The scalar is clamped on a copy; bit 255 of the point is ignored and
// non-canonical u-coordinates (u >= 2^255 - 19) are reduced. X25519 returns
// an error if point is not 32 bytes long, then if scalar is not, and if the
// result is all zeros, which happens exactly when point is of low order; on
// error the slice is nil.
//
// A point whose 32 bytes are those of the base point (in Basepoint or in any
// other slice) takes a fixed-base multiplication on the Edwards form of the
// curve with a precomputed table (internal/edwards25519), about three times
// as fast as the ladder; the result is the same.
//
// Outside FIPS 140 mode X25519 does not allocate besides its 32-byte
// result, which stays on the caller's stack when it does not escape there.
func X25519(scalar, point []byte) ([]byte, error) {
	// The body is out of line so that this function is inlined and dst
	// can live in the caller's frame.
	var dst [32]byte
	return x25519(&dst, scalar, point)
}

func x25519(dst *[32]byte, scalar, point []byte) ([]byte, error) {
	if fips140.Enabled() {
		return x25519Std(dst, scalar, point)
	}
	if len(point) != PointSize {
		return nil, errPointLength
	}
	if len(scalar) != ScalarSize {
		return nil, errScalarLength
	}
	var k [32]byte
	copy(k[:], scalar)
	clamp(&k)
	// The point is public, so comparing it with the base point may branch.
	// Both paths read all of point before they write dst, which may
	// therefore alias it.
	if u := (*[32]byte)(point); *u == basePoint {
		edwards25519.X25519Base(dst, &k)
	} else {
		scalarMult(dst, &k, u)
	}
	var zero [32]byte
	if subtle.ConstantTimeCompare(dst[:], zero[:]) == 1 {
		return nil, errLowOrder
	}
	return dst[:], nil
}

// x25519Std is x25519 computed by crypto/ecdh, for FIPS 140 mode, with its
// checks in the same order and its errors.
func x25519Std(dst *[32]byte, scalar, point []byte) ([]byte, error) {
	c := ecdh.X25519()
	pub, err := c.NewPublicKey(point)
	if err != nil {
		return nil, err
	}
	priv, err := c.NewPrivateKey(scalar)
	if err != nil {
		return nil, err
	}
	out, err := priv.ECDH(pub)
	if err != nil {
		return nil, err
	}
	copy(dst[:], out)
	return dst[:], nil
}

// ScalarMult sets dst to scalar × point, as [X25519] computes it. dst may
// alias scalar or point.
//
// Deprecated: ScalarMult cannot report a low-order point: it sets dst to all
// zeros then, whatever the scalar, as golang.org/x/crypto/curve25519 does.
// Use X25519, which returns an error.
func ScalarMult(dst, scalar, point *[32]byte) {
	if _, err := x25519(dst, scalar[:], point[:]); err != nil {
		// With 32-byte inputs the only error is the all-zero result
		// (in FIPS 140-only mode, X25519 refused).
		clear(dst[:])
	}
}

// ScalarBaseMult sets dst to scalar × the base point: the public key of the
// private key scalar. dst may alias scalar.
//
// It panics only where golang.org/x/crypto/curve25519's does, in FIPS
// 140-only mode, which refuses X25519. [X25519] with [Basepoint] computes the
// same and takes slices, which avoids copying keys into arrays.
func ScalarBaseMult(dst, scalar *[32]byte) {
	if _, err := x25519(dst, scalar[:], basePoint[:]); err != nil {
		// A clamped scalar times the base point is never the identity: the
		// error is crypto/ecdh's refusal in FIPS 140-only mode.
		panic("carry/x25519: " + err.Error())
	}
}

// scalarMult sets dst to the canonical encoding of the u-coordinate of k·u
// (k clamped) by the Montgomery ladder. dst may alias u.
func scalarMult(dst, k, u *[32]byte) {
	var x1, x2, z2 field25519.Element
	if _, err := x1.SetBytes(u[:]); err != nil {
		panic("carry/x25519: internal error: SetBytes of 32 bytes failed")
	}
	field25519.Ladder(&x2, &z2, k, &x1)
	z2.Invert(&z2) // 0 for the point at infinity, and so u = 0
	x2.Mul(&x2, &z2).FillBytes(dst)
}

// clamp applies RFC 7748's decodeScalar25519 to k in place: it clears the
// three low bits and sets bit 254. Bit 255, which decodeScalar25519 also
// clears, is left as it is: neither field25519.Ladder nor
// edwards25519.X25519Base reads it.
func clamp(k *[32]byte) {
	k[0] &= 248
	k[31] |= 64
}
