package ecdsa

import (
	"crypto/elliptic"
	"crypto/sha256"
	"crypto/sha512"

	"github.com/carry-crypto/carry/internal/nistec"
)

// nistCurves are the supported curves beside the standard library's values.
var nistCurves = []struct {
	impl curveImpl
	std  elliptic.Curve
}{
	{&nistCurve[*nistec.P256Point, *nistec.P256Scalar]{
		newPoint: nistec.NewP256Point, newScalar: nistec.NewP256Scalar, size: 32, n: elliptic.P256().Params().N, p: elliptic.P256().Params().P,
		hedge: sha256.New,
	}, elliptic.P256()},
	{&nistCurve[*nistec.P384Point, *nistec.P384Scalar]{
		newPoint: nistec.NewP384Point, newScalar: nistec.NewP384Scalar, size: 48, n: elliptic.P384().Params().N, p: elliptic.P384().Params().P,
		hedge: sha512.New,
	}, elliptic.P384()},
	{&nistCurve[*nistec.P521Point, *nistec.P521Scalar]{
		newPoint: nistec.NewP521Point, newScalar: nistec.NewP521Scalar, size: 66, excess: 7,
		n: elliptic.P521().Params().N, p: elliptic.P521().Params().P, hedge: sha512.New,
	}, elliptic.P521()},
}
