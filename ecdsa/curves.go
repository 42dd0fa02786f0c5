package ecdsa

import (
	"crypto"
	"crypto/elliptic"
	_ "crypto/sha256" // the hash of P-256's hedged signatures
	_ "crypto/sha512" // the hash of P-384's and P-521's

	"github.com/carry-crypto/carry/internal/nistec"
)

// nistCurves are the curves carry implements.
var nistCurves = []*curve{
	newCurve(newNISTCurve(nistec.NewP256Point, nistec.NewP256Scalar, 32, 0,
		elliptic.P256().Params().N, elliptic.P256().Params().P, crypto.SHA256), elliptic.P256()),
	newCurve(newNISTCurve(nistec.NewP384Point, nistec.NewP384Scalar, 48, 0,
		elliptic.P384().Params().N, elliptic.P384().Params().P, crypto.SHA512), elliptic.P384()),
	newCurve(newNISTCurve(nistec.NewP521Point, nistec.NewP521Scalar, 66, 7,
		elliptic.P521().Params().N, elliptic.P521().Params().P, crypto.SHA512), elliptic.P521()),
}

func newCurve(impl curveImpl, std elliptic.Curve) *curve {
	return &curve{impl: impl, std: std, params: std.Params()}
}
