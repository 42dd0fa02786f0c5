package ecdh

import (
	"bytes"
	"testing"
)

// FuzzNewPublicKey checks that NewPublicKey accepts exactly what
// crypto/ecdh's does, on every curve, with the same encoding, and that ECDH
// with an accepted key agrees with crypto/ecdh's.
func FuzzNewPublicKey(f *testing.F) {
	for _, tc := range testCurves {
		k, err := tc.std.GenerateKey(nil)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(k.PublicKey().Bytes())
		f.Add(k.PublicKey().Bytes()[:len(k.PublicKey().Bytes())/2+1])
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
			pub, err := tc.curve.NewPublicKey(q)
			spub, stdErr := tc.std.NewPublicKey(q)
			if (err == nil) != (stdErr == nil) {
				t.Fatalf("%s: NewPublicKey(%x): carry %v, crypto/ecdh %v", tc.name, q, err, stdErr)
			}
			if err != nil {
				continue
			}
			if !bytes.Equal(pub.Bytes(), spub.Bytes()) {
				t.Fatalf("%s: Bytes() = %x, crypto/ecdh %x", tc.name, pub.Bytes(), spub.Bytes())
			}
			sk, err := keys[i].ToStd()
			if err != nil {
				t.Fatal(err)
			}
			got, err := keys[i].ECDH(pub)
			want, stdErr := sk.ECDH(spub)
			if (err == nil) != (stdErr == nil) || !bytes.Equal(got, want) {
				t.Fatalf("%s: ECDH with %x: carry %x, %v; crypto/ecdh %x, %v", tc.name, q, got, err, want, stdErr)
			}
		}
	})
}
