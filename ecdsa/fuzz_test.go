package ecdsa

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/sha256"
	mathrand "math/rand/v2"
	"testing"
)

// FuzzVerify checks that VerifyASN1 agrees with crypto/ecdsa.VerifyASN1 on
// any signature and digest, under a fixed key of the curve chosen by the
// first input. The seeds are valid signatures and digests of each curve.
func FuzzVerify(f *testing.F) {
	keys := make([]*PrivateKey, len(testCurves))
	for i, c := range testCurves {
		k := testKey(f, c, mathrand.New(mathrand.NewPCG(uint64(i), 9)))
		keys[i] = k
		s := newSigner(f, k)
		for _, msg := range []string{"", "carry", "a longer message for the seed corpus"} {
			digest := sha256.Sum256([]byte(msg))
			sig, err := s.Sign(nil, digest[:], crypto.SHA256)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(uint8(i), digest[:], sig)
		}
	}
	pubs := make([]*ecdsa.PublicKey, len(keys))
	for i, k := range keys {
		pubs[i] = &k.PublicKey
	}
	f.Fuzz(func(t *testing.T, curve uint8, digest, sig []byte) {
		pub := pubs[int(curve)%len(pubs)]
		got := VerifyASN1(pub, digest, sig)
		want := ecdsa.VerifyASN1(pub, digest, sig)
		if got != want {
			t.Fatalf("%s: VerifyASN1(%x, %x) = %v, crypto/ecdsa %v", pub.Curve.Params().Name, digest, sig, got, want)
		}
	})
}

// FuzzParseSignature checks the DER parser on any input: what it accepts
// re-encodes to the same bytes.
func FuzzParseSignature(f *testing.F) {
	f.Add([]byte{0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01})
	f.Add([]byte{0x30, 0x81, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01})
	f.Fuzz(func(t *testing.T, sig []byte) {
		r, s, ok := parseSignature(sig)
		if !ok {
			return
		}
		if len(r) == 0 || len(s) == 0 {
			t.Fatalf("parseSignature(%x) gave an empty integer", sig)
		}
		if (r[0] == 0 && len(r) > 1) || (s[0] == 0 && len(s) > 1) {
			t.Fatalf("parseSignature(%x) left a leading zero", sig)
		}
		if r[0] == 0 || s[0] == 0 {
			return // zero, which encodeSignature does not encode
		}
		if again := encodeSignature(r, s); string(again) != string(sig) {
			t.Fatalf("parseSignature(%x) = %x, %x, which encodes to %x", sig, r, s, again)
		}
	})
}
