package ecdh

import (
	"bytes"
	"fmt"
	"runtime"
	"testing"
)

// TestStdP256 checks where the keys of each curve are made and used: by
// crypto/ecdh for P-256 where stdP256 is set (arm64 only), by carry
// otherwise. A routed key holds crypto/ecdh's key, which ToStd returns and
// ECDH computes with, and its errors are crypto/ecdh's word for word; a key
// of either kind reads GenerateKey's reader, and its shared secrets are
// crypto/ecdh's.
func TestStdP256(t *testing.T) {
	if stdP256 && runtime.GOARCH != "arm64" {
		t.Fatalf("stdP256 is set on %s", runtime.GOARCH)
	}
	for _, tc := range testCurves {
		routed := stdP256 && tc.curve == P256()
		if stdMakes(tc.curve) != routed {
			t.Fatalf("%s: stdMakes = %v, want %v", tc.name, !routed, routed)
		}
		size := tc.curve.privateKeySize()
		seed := bytes.Repeat([]byte{0x01}, size) // a valid scalar of every curve
		k, err := tc.curve.GenerateKey(bytes.NewReader(seed))
		if err != nil || !bytes.Equal(k.Bytes(), seed) {
			t.Fatalf("%s: GenerateKey did not take the reader's bytes: %v", tc.name, err)
		}
		peerKey := bytes.Clone(seed)
		peerKey[size-1] = 0x02
		peer, err := tc.curve.NewPrivateKey(peerKey)
		if err != nil {
			t.Fatal(err)
		}
		pub, err := tc.curve.NewPublicKey(peer.PublicKey().Bytes())
		if err != nil {
			t.Fatal(err)
		}
		conv, err := PrivateKeyFromStd(k.ToStd())
		if err != nil {
			t.Fatal(err)
		}
		convPub, err := PublicKeyFromStd(pub.ToStd())
		if err != nil {
			t.Fatal(err)
		}
		for _, kk := range []*PrivateKey{k, peer, conv} {
			if (kk.std != nil) != routed || (kk.pub.std != nil) != routed {
				t.Fatalf("%s: a private key holds a crypto/ecdh key: %v, want %v", tc.name, kk.std != nil, routed)
			}
			if routed && (kk.ToStd() != kk.std || kk.PublicKey().ToStd() != kk.pub.std) {
				t.Fatalf("%s: ToStd is not the crypto/ecdh key the key computes with", tc.name)
			}
		}
		for _, p := range []*PublicKey{pub, convPub} {
			if (p.std != nil) != routed {
				t.Fatalf("%s: a public key holds a crypto/ecdh key: %v, want %v", tc.name, p.std != nil, routed)
			}
		}
		stdK, err := tc.std.NewPrivateKey(seed)
		if err != nil {
			t.Fatal(err)
		}
		want, err := stdK.ECDH(pub.ToStd())
		if err != nil {
			t.Fatal(err)
		}
		for _, kk := range []*PrivateKey{k, conv} {
			for _, p := range []*PublicKey{pub, convPub} {
				if got, err := kk.ECDH(p); err != nil || !bytes.Equal(got, want) {
					t.Errorf("%s: ECDH = %x, %v; crypto/ecdh %x", tc.name, got, err, want)
				}
			}
		}
		// Wrong lengths, the zero scalar, the identity, a point off the curve.
		for _, in := range [][]byte{nil, {0}, make([]byte, size), append([]byte{4}, make([]byte, 2*size)...)} {
			_, err1 := tc.curve.NewPrivateKey(in)
			_, std1 := tc.std.NewPrivateKey(in)
			_, err2 := tc.curve.NewPublicKey(in)
			_, std2 := tc.std.NewPublicKey(in)
			if !sameError(err1, std1) || !sameError(err2, std2) {
				t.Errorf("%s: errors %v, %v; crypto/ecdh's %v, %v", tc.name, err1, err2, std1, std2)
			}
			if routed && (fmt.Sprint(err1) != fmt.Sprint(std1) || fmt.Sprint(err2) != fmt.Sprint(std2)) {
				t.Errorf("%s: errors %v, %v; crypto/ecdh's %v, %v word for word", tc.name, err1, err2, std1, std2)
			}
		}
	}
}
