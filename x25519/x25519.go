// Package x25519 implements the X25519 Diffie-Hellman function of RFC 7748
// with the semantics of golang.org/x/crypto/curve25519.X25519.
//
// Every function here is constant time in the scalar. The point is treated as
// public. The Montgomery ladder runs on four 64-bit words: in assembly (mulx,
// adcx, adox) on amd64 CPUs with BMI2 and ADX, and in portable Go
// (math/bits) elsewhere and with the purego build tag. Public keys (the base
// point) are computed by a fixed-base table on the Edwards form of the curve
// (internal/edwards25519).
package x25519

import (
	"crypto/subtle"
	"errors"

	"github.com/carry-crypto/carry/internal/edwards25519"
)

const (
	// ScalarSize is the size of the scalar input to X25519.
	ScalarSize = 32
	// PointSize is the size of the point input to X25519.
	PointSize = 32
)

// Basepoint is the canonical Curve25519 generator, u = 9.
var Basepoint []byte

var basePoint = [32]byte{9}

func init() { Basepoint = basePoint[:] }

var (
	errScalarLength = errors.New("x25519: bad scalar length: want 32 bytes")
	errPointLength  = errors.New("x25519: bad point length: want 32 bytes")
	errLowOrder     = errors.New("x25519: bad input point: low order point")
)

// X25519 returns the result of the scalar multiplication (scalar * point),
// according to RFC 7748, Section 5. scalar, point and the return value are
// slices of 32 bytes.
//
// The scalar is clamped as RFC 7748 requires; bit 255 of the point is
// ignored and non-canonical u-coordinates (u >= 2^255 - 19) are accepted and
// reduced. If scalar or point has the wrong length, or the result is the
// all-zero value (which happens exactly when point is of low order), X25519
// returns an error.
//
// If point holds the base point 9 (Basepoint, or any slice with its 32
// bytes), X25519 computes the public key by a fixed-base multiplication on
// the Edwards form of the curve with a precomputed table
// (internal/edwards25519), about twice as fast as the ladder; the result is
// the same.
//
// X25519 does not allocate besides its 32-byte result.
func X25519(scalar, point []byte) ([]byte, error) {
	// Outline the body so the returned slice can be stack-allocated by a
	// caller that does not let it escape.
	var dst [32]byte
	return x25519(&dst, scalar, point)
}

func x25519(dst *[32]byte, scalar, point []byte) ([]byte, error) {
	if len(scalar) != ScalarSize {
		return nil, errScalarLength
	}
	if len(point) != PointSize {
		return nil, errPointLength
	}
	var k [32]byte
	copy(k[:], scalar)
	clamp(&k)
	// The point is public, so comparing it with the base point may branch.
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

// clamp applies RFC 7748's decodeScalar25519 to k in place: it clears the
// three low bits and bit 255, and sets bit 254.
func clamp(k *[32]byte) {
	k[0] &= 248
	k[31] &= 127
	k[31] |= 64
}
