package ecdh

import (
	"crypto/ecdh"

	"github.com/carry-crypto/carry/internal/nistec"
)

var (
	p256 = &nistCurve[*nistec.P256Point, *nistec.P256Scalar]{
		name: "P-256", size: 32, mask: 0xff, stdCurve: ecdh.P256(),
		newPoint: nistec.NewP256Point, newScalar: nistec.NewP256Scalar,
	}
	p384 = &nistCurve[*nistec.P384Point, *nistec.P384Scalar]{
		name: "P-384", size: 48, mask: 0xff, stdCurve: ecdh.P384(),
		newPoint: nistec.NewP384Point, newScalar: nistec.NewP384Scalar,
	}
	p521 = &nistCurve[*nistec.P521Point, *nistec.P521Scalar]{
		name: "P-521", size: 66, mask: 0x01, stdCurve: ecdh.P521(),
		newPoint: nistec.NewP521Point, newScalar: nistec.NewP521Scalar,
	}
)

// P256 returns the Curve that implements NIST P-256 (FIPS 186-5, Section
// 3.2.1.3; secp256r1, prime256v1) over internal/nistec.
func P256() Curve { return p256 }

// P384 returns the Curve that implements NIST P-384 (FIPS 186-5, Section
// 3.2.1.4; secp384r1) over internal/nistec.
func P384() Curve { return p384 }

// P521 returns the Curve that implements NIST P-521 (FIPS 186-5, Section
// 3.2.1.5; secp521r1) over internal/nistec.
func P521() Curve { return p521 }

// fromStdNIST returns carry's NIST curve of the same name as c, or nil.
func fromStdNIST(c ecdh.Curve) Curve {
	switch c {
	case ecdh.P256():
		return p256
	case ecdh.P384():
		return p384
	case ecdh.P521():
		return p521
	}
	return nil
}
