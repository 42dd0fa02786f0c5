// Package x25519 implements the X25519 Diffie-Hellman function of RFC 7748
// with the semantics of golang.org/x/crypto/curve25519.X25519.
//
// Every function here is constant time in the scalar. The point is treated as
// public. On amd64 CPUs with BMI2 and ADX the Montgomery ladder runs in
// assembly on four 64-bit words (mulx, adcx, adox); elsewhere, and with the
// purego build tag, it runs in portable Go on five 51-bit limbs
// (internal/field25519).
package x25519

import (
	"crypto/subtle"
	"errors"
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
// If point is Basepoint (but not if it is merely a different slice with the
// same contents) a precomputed implementation might be used for performance.
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
	scalarMult(dst, &k, (*[32]byte)(point))
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
