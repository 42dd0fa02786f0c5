package ecdh

import (
	"bytes"
	"crypto/ecdh"
	"crypto/elliptic"
	"math/big"
	mathrand "math/rand/v2"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// differentialCases is the number of cases per curve of each differential
// test: 1,000 by default, 50 with -short, 20,000 with -long.
func differentialCases() int {
	switch {
	case *long:
		return 20_000
	case testing.Short():
		return 50
	}
	return 1000
}

// curveParams returns the parameters of a NIST curve, or nil for X25519.
func curveParams(c Curve) *elliptic.CurveParams {
	switch c.String() {
	case "P-256":
		return elliptic.P256().Params()
	case "P-384":
		return elliptic.P384().Params()
	case "P-521":
		return elliptic.P521().Params()
	}
	return nil
}

// privateKeyCandidate returns a private key encoding, valid or not: random
// bytes (masked to the order's bit length most of the time), the values
// next to 0 and n, and encodings of the wrong length.
func privateKeyCandidate(r *mathrand.Rand, c Curve) []byte {
	size := c.privateKeySize()
	b := make([]byte, size)
	fillRand(r, b)
	params := curveParams(c)
	if params == nil {
		switch r.IntN(16) {
		case 0:
			return b[:r.IntN(size)]
		case 1:
			return append(b, byte(r.Uint32()))
		}
		return b
	}
	n := params.N
	set := func(v *big.Int) []byte { return v.FillBytes(b) }
	switch r.IntN(16) {
	case 0:
		return set(big.NewInt(int64(r.IntN(3)))) // 0, 1, 2
	case 1:
		return set(new(big.Int).Sub(n, big.NewInt(int64(r.IntN(3))))) // n, n-1, n-2
	case 2:
		if v := new(big.Int).Add(n, big.NewInt(int64(r.IntN(3)))); v.BitLen() <= 8*size {
			return set(v)
		}
		return set(n)
	case 3:
		for i := range b {
			b[i] = 0xff
		}
		return b
	case 4:
		return append(b, byte(r.Uint32()))
	case 5:
		return b[:r.IntN(size)]
	case 6:
		return b // unmasked: for P-521, mostly above n
	}
	if excess := 8*size - n.BitLen(); excess > 0 {
		b[0] &= 0xff >> excess
	}
	return b
}

// publicKeyCandidate mangles the valid encoding q in one of many ways, or
// leaves it alone.
func publicKeyCandidate(r *mathrand.Rand, c Curve, q []byte) []byte {
	b := bytes.Clone(q)
	params := curveParams(c)
	if params == nil {
		switch r.IntN(4) {
		case 0:
			b[r.IntN(len(b))] ^= 1 << r.IntN(8)
		case 1:
			return b[:r.IntN(len(b))]
		case 2:
			return append(b, 0)
		}
		return b
	}
	size := (params.BitSize + 7) / 8
	x, y := b[1:1+size], b[1+size:]
	switch r.IntN(16) {
	case 0:
		b[r.IntN(len(b))] ^= 1 << r.IntN(8)
	case 1:
		b[0] = []byte{0, 2, 3, 5, 6, 7}[r.IntN(6)]
	case 2:
		return b[:r.IntN(len(b))]
	case 3:
		return append(b, byte(r.Uint32()))
	case 4: // the compressed form
		return append([]byte{2 | y[size-1]&1}, x...)
	case 5:
		return []byte{0}
	case 6: // -Q, valid
		new(big.Int).Sub(params.P, new(big.Int).SetBytes(y)).FillBytes(y)
	case 7: // a coordinate plus p, if it fits
		cx := new(big.Int).Add(params.P, new(big.Int).SetBytes(x))
		if cx.BitLen() <= 8*size {
			cx.FillBytes(x)
		}
	case 8: // random coordinates
		fillRand(r, b[1:])
	case 9: // x = 0 or p-1 with the old y
		v := big.NewInt(0)
		if r.IntN(2) == 0 {
			v.Sub(params.P, big.NewInt(1))
		}
		v.FillBytes(x)
	}
	return b
}

// TestDifferentialPrivateKey checks that NewPrivateKey accepts exactly the
// private keys crypto/ecdh accepts, with the same public keys.
func TestDifferentialPrivateKey(t *testing.T) {
	for _, tc := range testCurves {
		t.Run(tc.name, func(t *testing.T) {
			r := testutil.Rand(t)
			valid := 0
			for i := range differentialCases() {
				key := privateKeyCandidate(r, tc.curve)
				switch i { // one key refused and one accepted by every curve
				case 0:
					key = []byte{1}
				case 1:
					key = bytes.Repeat([]byte{1}, tc.curve.privateKeySize())
				}
				k, err := tc.curve.NewPrivateKey(key)
				sk, stdErr := tc.std.NewPrivateKey(key)
				if !sameError(err, stdErr) {
					t.Fatalf("NewPrivateKey(%x): carry %v, crypto/ecdh %v", key, err, stdErr)
				}
				if err != nil {
					continue
				}
				valid++
				if !bytes.Equal(k.Bytes(), sk.Bytes()) || !bytes.Equal(k.PublicKey().Bytes(), sk.PublicKey().Bytes()) {
					t.Fatalf("NewPrivateKey(%x): public key %x, crypto/ecdh %x", key, k.PublicKey().Bytes(), sk.PublicKey().Bytes())
				}
			}
			if valid == 0 || valid == differentialCases() {
				t.Errorf("%d valid keys of %d: the candidates do not cover both sides", valid, differentialCases())
			}
		})
	}
}

// TestDifferentialECDH checks that NewPublicKey accepts exactly the public
// keys crypto/ecdh accepts, mangled as publicKeyCandidate does, and that
// ECDH gives the same shared secrets and errors.
func TestDifferentialECDH(t *testing.T) {
	for _, tc := range testCurves {
		t.Run(tc.name, func(t *testing.T) {
			r := testutil.Rand(t)
			var counts [2]int
			var sk, peer *ecdh.PrivateKey
			var k *PrivateKey
			for i := range differentialCases() {
				if i%8 == 0 { // a fresh key pair every few cases
					var err error
					if sk, err = tc.std.GenerateKey(reader{r}); err != nil {
						t.Fatal(err)
					}
					if peer, err = tc.std.GenerateKey(reader{r}); err != nil {
						t.Fatal(err)
					}
					if k, err = PrivateKeyFromStd(sk); err != nil {
						t.Fatal(err)
					}
				}
				q := publicKeyCandidate(r, tc.curve, peer.PublicKey().Bytes())
				if i%97 == 0 {
					q = sk.PublicKey().Bytes() // ECDH with itself
				}
				pub, err := tc.curve.NewPublicKey(q)
				spub, stdErr := tc.std.NewPublicKey(q)
				if !sameError(err, stdErr) {
					t.Fatalf("NewPublicKey(%x): carry %v, crypto/ecdh %v", q, err, stdErr)
				}
				if err != nil {
					counts[0]++
					continue
				}
				counts[1]++
				if !bytes.Equal(pub.Bytes(), spub.Bytes()) {
					t.Fatalf("NewPublicKey(%x).Bytes() = %x", q, pub.Bytes())
				}
				got, err := k.ECDH(pub)
				want, stdErr := sk.ECDH(spub)
				if !sameError(err, stdErr) || !bytes.Equal(got, want) {
					t.Fatalf("ECDH(%x, %x): carry %x, %v; crypto/ecdh %x, %v", sk.Bytes(), q, got, err, want, stdErr)
				}
			}
			t.Logf("%d public keys refused, %d accepted", counts[0], counts[1])
			if counts[0] == 0 || counts[1] == 0 {
				t.Errorf("the candidates do not cover both sides")
			}
		})
	}
}

// TestECDHEdgeScalars computes ECDH with the private keys 1, 2, n-1 and n-2
// (on the NIST curves) and compares with crypto/ecdh.
func TestECDHEdgeScalars(t *testing.T) {
	r := testutil.Rand(t)
	for _, c := range nistTestCurves() {
		n := curveParams(c).N
		std := c.std()
		peer, err := std.GenerateKey(reader{r})
		if err != nil {
			t.Fatal(err)
		}
		pub, err := PublicKeyFromStd(peer.PublicKey())
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range []*big.Int{big.NewInt(1), big.NewInt(2), new(big.Int).Sub(n, big.NewInt(1)), new(big.Int).Sub(n, big.NewInt(2))} {
			key := v.FillBytes(make([]byte, c.privateKeySize()))
			k, err := c.NewPrivateKey(key)
			if err != nil {
				t.Fatalf("%s: NewPrivateKey(%x): %v", c, key, err)
			}
			sk, err := std.NewPrivateKey(key)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(k.PublicKey().Bytes(), sk.PublicKey().Bytes()) {
				t.Errorf("%s: public key of %x differs", c, key)
			}
			got, err := k.ECDH(pub)
			if err != nil {
				t.Fatal(err)
			}
			want, err := sk.ECDH(peer.PublicKey())
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s: ECDH with private key %x = %x, want %x", c, key, got, want)
			}
		}
	}
}
