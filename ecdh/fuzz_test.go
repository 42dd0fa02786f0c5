package ecdh

import (
	"bytes"
	"crypto/ecdh"
	"crypto/elliptic"
	"testing"
)

// FuzzNewPublicKey checks that NewPublicKey accepts exactly what
// crypto/ecdh's does, on every curve, with the same encoding, and that ECDH
// with an accepted key agrees with crypto/ecdh's. So that the fuzzer reaches
// valid points, an input that reads as a compressed point of a NIST curve
// is also tried in its uncompressed form (crypto/elliptic decompresses it).
func FuzzNewPublicKey(f *testing.F) {
	for _, tc := range testCurves {
		k, err := tc.std.GenerateKey(nil)
		if err != nil {
			f.Fatal(err)
		}
		q := k.PublicKey().Bytes()
		f.Add(q)
		f.Add(q[:len(q)/2+1])
	}
	f.Add([]byte{0})
	f.Add([]byte{4})
	keys := make([]*PrivateKey, len(testCurves))
	for i, tc := range testCurves {
		k, err := tc.curve.NewPrivateKey(bytes.Repeat([]byte{1}, tc.curve.privateKeySize()))
		if err != nil {
			f.Fatal(err)
		}
		keys[i] = k
	}
	f.Fuzz(func(t *testing.T, q []byte) {
		for i, tc := range testCurves {
			checkPublicKeyInput(t, keys[i], tc.std, q)
			params := curveParams(tc.curve)
			if params == nil {
				continue
			}
			if x, y := elliptic.UnmarshalCompressed(params, q); x != nil {
				size := (params.BitSize + 7) / 8
				u := make([]byte, 1+2*size)
				u[0] = 4
				x.FillBytes(u[1 : 1+size])
				y.FillBytes(u[1+size:])
				checkPublicKeyInput(t, keys[i], tc.std, u)
			}
		}
	})
}

// checkPublicKeyInput compares NewPublicKey(q), and ECDH of k with the key,
// on k's curve with crypto/ecdh's curve std.
func checkPublicKeyInput(t *testing.T, k *PrivateKey, std ecdh.Curve, q []byte) {
	t.Helper()
	c := k.Curve()
	pub, err := c.NewPublicKey(q)
	spub, stdErr := std.NewPublicKey(q)
	if !sameError(err, stdErr) {
		t.Fatalf("%s: NewPublicKey(%x): carry %v, crypto/ecdh %v", c, q, err, stdErr)
	}
	if err != nil {
		return
	}
	if !bytes.Equal(pub.Bytes(), spub.Bytes()) {
		t.Fatalf("%s: Bytes() = %x, crypto/ecdh %x", c, pub.Bytes(), spub.Bytes())
	}
	sk := k.ToStd()
	got, err := k.ECDH(pub)
	want, stdErr := sk.ECDH(spub)
	if !sameError(err, stdErr) || !bytes.Equal(got, want) {
		t.Fatalf("%s: ECDH with %x: carry %x, %v; crypto/ecdh %x, %v", c, q, got, err, want, stdErr)
	}
}
