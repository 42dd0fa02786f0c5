package ecdsa

import (
	"bytes"
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	_ "crypto/sha1"
	"crypto/sha256"
	_ "crypto/sha3"
	"encoding/asn1"
	"math/big"
	mathrand "math/rand/v2"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// differentialCases returns the number of cases on curve c of a
// differential test: base for P-256 by default, a half of it for P-384 and
// a third for P-521 (whose operations take longer in crypto/ecdsa too);
// a twentieth of that with -short, 20 times as many with -long.
func differentialCases(c elliptic.Curve, base int) int {
	switch c.Params().BitSize {
	case 384:
		base /= 2
	case 521:
		base /= 3
	}
	switch {
	case *long:
		return 20 * base
	case testing.Short():
		return max(base/20, 1)
	}
	return base
}

// TestDeterministicMatchesStd checks that a Signer's Sign with no random
// source gives exactly crypto/ecdsa's RFC 6979 signatures, for random keys and digests
// of SHA-1, SHA-2 and SHA-3 hashes (digests shorter and longer than the
// order, truncated).
func TestDeterministicMatchesStd(t *testing.T) {
	hashes := []crypto.Hash{crypto.SHA1, crypto.SHA224, crypto.SHA256, crypto.SHA384,
		crypto.SHA512, crypto.SHA512_256, crypto.SHA3_256, crypto.SHA3_512}
	for _, c := range testCurves {
		t.Run(c.Params().Name, func(t *testing.T) {
			r := testutil.Rand(t)
			var k *PrivateKey
			var s *Signer
			for i := range differentialCases(c, 200) {
				if i%8 == 0 {
					k = testKey(t, c, r)
					s = newSigner(t, k)
				}
				h := hashes[r.IntN(len(hashes))]
				digest := make([]byte, h.Size())
				fillRand(r, digest)
				got, err := s.Sign(nil, digest, h)
				if err != nil {
					t.Fatal(err)
				}
				want, err := k.Sign(nil, digest, h)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got, want) {
					t.Fatalf("D = %x, %v digest %x: Sign = %x, crypto/ecdsa %x", k.D, h, digest, got, want)
				}
			}
		})
	}
}

// derSignature encodes r and s, which may be negative or too large, in
// DER.
func derSignature(r, s *big.Int) []byte {
	b, err := asn1.Marshal(struct{ R, S *big.Int }{r, s})
	if err != nil {
		panic(err)
	}
	return b
}

// mangle changes a signature, its digest or its public key in one of many
// ways (or none) and says how. Some changes keep the signature valid:
// s -> n - s, bytes appended to a digest longer than the order.
func mangle(r *mathrand.Rand, c elliptic.Curve, pub *ecdsa.PublicKey, digest, sig []byte, other *ecdsa.PublicKey) (*ecdsa.PublicKey, []byte, []byte, string) {
	n, p := c.Params().N, c.Params().P
	var rs struct{ R, S *big.Int }
	if _, err := asn1.Unmarshal(sig, &rs); err != nil {
		panic(err)
	}
	sig, digest = bytes.Clone(sig), bytes.Clone(digest)
	switch r.IntN(20) {
	case 0:
		sig[r.IntN(len(sig))] ^= 1 << r.IntN(8)
		return pub, digest, sig, "a bit of the signature flipped"
	case 1:
		if len(digest) == 0 {
			return pub, []byte{0}, sig, "a zero byte for a digest"
		}
		digest[r.IntN(len(digest))] ^= 1 << r.IntN(8)
		return pub, digest, sig, "a bit of the digest flipped"
	case 2:
		return pub, append(digest, byte(r.Uint32())), sig, "a byte appended to the digest"
	case 3:
		if len(digest) > 0 {
			digest = digest[:len(digest)-1]
		}
		return pub, digest, sig, "the digest's last byte removed"
	case 4:
		return pub, digest, derSignature(big.NewInt(0), rs.S), "r = 0"
	case 5:
		return pub, digest, derSignature(rs.R, big.NewInt(0)), "s = 0"
	case 6:
		return pub, digest, derSignature(new(big.Int).Add(rs.R, n), rs.S), "r + n"
	case 7:
		return pub, digest, derSignature(rs.R, new(big.Int).Sub(n, rs.S)), "s = n - s (valid)"
	case 8:
		return pub, digest, derSignature(rs.R, new(big.Int).Add(rs.S, n)), "s + n"
	case 9:
		return pub, digest, derSignature(n, n), "r = s = n"
	case 10:
		return pub, digest, derSignature(new(big.Int).Neg(rs.R), rs.S), "r negative"
	case 11:
		return pub, digest, derSignature(rs.S, rs.R), "r and s swapped"
	case 12:
		return pub, digest, append(sig, 0), "a byte appended to the signature"
	case 13:
		// A non-minimal length: the long form for a short length.
		if sig[1] < 0x80 {
			long := append([]byte{0x30, 0x81}, sig[1:]...)
			return pub, digest, long, "long-form length"
		}
		return pub, digest, sig[:len(sig)-1], "truncated signature"
	case 14:
		return other, digest, sig, "another key"
	case 15:
		q := *pub
		q.Y = new(big.Int).Sub(p, pub.Y)
		return &q, digest, sig, "the key's negation"
	case 16:
		q := *pub
		q.X = new(big.Int).Add(pub.X, big.NewInt(1))
		return &q, digest, sig, "a key off the curve"
	case 17:
		q := *pub
		q.Y = new(big.Int).Add(pub.Y, p)
		return &q, digest, sig, "a coordinate plus p"
	case 18:
		return pub, digest, derSignature(new(big.Int).Sub(n, big.NewInt(1)), new(big.Int).Sub(n, big.NewInt(1))), "r = s = n - 1"
	}
	return pub, digest, sig, "unchanged"
}

// TestVerifyMatchesStd checks that VerifyASN1, Verify and VerifyRaw agree
// with crypto/ecdsa.VerifyASN1 and Verify on signatures of digests of every length from 0
// to 80 bytes, valid and mangled as mangle does, made by carry and by
// crypto/ecdsa.
func TestVerifyMatchesStd(t *testing.T) {
	for _, c := range testCurves {
		t.Run(c.Params().Name, func(t *testing.T) {
			r := testutil.Rand(t)
			size := scalarSize(c)
			var k *PrivateKey
			var other *ecdsa.PublicKey
			var counts [2]int
			for i := range differentialCases(c, 1000) {
				if i%16 == 0 {
					k = testKey(t, c, r)
					other = &testKey(t, c, r).PublicKey
				}
				digest := make([]byte, i%81)
				fillRand(r, digest)
				var sig []byte
				var err error
				if i%2 == 0 {
					sig, err = SignASN1(reader{r}, k, digest)
				} else {
					sig, err = ecdsa.SignASN1(nil, k, digest)
				}
				if err != nil {
					t.Fatal(err)
				}
				pub, d, s, how := &k.PublicKey, digest, sig, "unchanged"
				if i%16 != 0 { // the first signature of each key is left valid
					pub, d, s, how = mangle(r, c, pub, d, s, other)
				}
				got := VerifyASN1(pub, d, s)
				want := ecdsa.VerifyASN1(pub, d, s)
				if got != want {
					t.Fatalf("%s: VerifyASN1 = %v, crypto/ecdsa %v (key %x, %x; digest %x; signature %x)",
						how, got, want, pub.X, pub.Y, d, s)
				}
				if got {
					counts[1]++
				} else {
					counts[0]++
				}
				// The integers, where they parse, and the raw form, where
				// they fit.
				var rs struct{ R, S *big.Int }
				if _, err := asn1.Unmarshal(s, &rs); err == nil {
					if got, want := Verify(pub, d, rs.R, rs.S), ecdsa.Verify(pub, d, rs.R, rs.S); got != want {
						t.Fatalf("%s: Verify = %v, crypto/ecdsa %v", how, got, want)
					}
				}
				if _, err := asn1.Unmarshal(s, &rs); err == nil && rs.R.Sign() >= 0 && rs.S.Sign() >= 0 &&
					rs.R.BitLen() <= 8*size && rs.S.BitLen() <= 8*size {
					raw := VerifyRaw(pub, d, rs.R.FillBytes(make([]byte, size)), rs.S.FillBytes(make([]byte, size)))
					if raw != want && bytes.Equal(derSignature(rs.R, rs.S), s) {
						t.Fatalf("%s: VerifyRaw = %v, crypto/ecdsa %v", how, raw, want)
					}
				}
			}
			t.Logf("%d refused, %d accepted", counts[0], counts[1])
			if counts[0] == 0 || counts[1] == 0 {
				t.Errorf("the cases do not cover both answers")
			}
		})
	}
}

// TestVerifyRawLengths checks that VerifyRaw takes r and s of exactly the
// order's length only.
func TestVerifyRawLengths(t *testing.T) {
	for _, c := range testCurves {
		k, err := GenerateKey(c, nil)
		if err != nil {
			t.Fatal(err)
		}
		digest := []byte("a digest")
		rb, sb, err := SignRaw(nil, k, digest)
		if err != nil {
			t.Fatal(err)
		}
		size := scalarSize(c)
		if len(rb) != size || len(sb) != size {
			t.Fatalf("SignRaw gave %d and %d bytes, want %d", len(rb), len(sb), size)
		}
		pub := &k.PublicKey
		if !VerifyRaw(pub, digest, rb, sb) {
			t.Errorf("%s: VerifyRaw refuses SignRaw's signature", c.Params().Name)
		}
		if VerifyRaw(pub, digest, append([]byte{0}, rb...), sb) || VerifyRaw(pub, digest, rb[1:], sb) ||
			VerifyRaw(pub, digest, rb, append([]byte{0}, sb...)) {
			t.Errorf("%s: VerifyRaw accepts r or s of the wrong length", c.Params().Name)
		}
		if !ecdsa.VerifyASN1(pub, digest, encodeSignature(rb, sb)) {
			t.Errorf("%s: crypto/ecdsa refuses SignRaw's signature", c.Params().Name)
		}
	}
	// A nil public key panics, as in crypto/ecdsa.
	for name, f := range map[string]func() error{
		"VerifyRaw":  func() error { VerifyRaw(nil, nil, nil, nil); return nil },
		"VerifyASN1": func() error { VerifyASN1(nil, nil, nil); return nil },
		"Verify":     func() error { Verify(nil, nil, big.NewInt(1), big.NewInt(1)); return nil },
		"std":        func() error { ecdsa.VerifyASN1(nil, nil, nil); return nil },
	} {
		if o := run(f); !o.panicked {
			t.Errorf("%s with a nil public key: %v, want a panic", name, o)
		}
	}
	// P-224 is crypto/ecdsa's.
	bad := &ecdsa.PublicKey{Curve: elliptic.P224(), X: big.NewInt(1), Y: big.NewInt(1)}
	if VerifyASN1(bad, nil, nil) || VerifyRaw(bad, nil, make([]byte, 28), make([]byte, 28)) {
		t.Errorf("a P-224 point off the curve verifies")
	}
	k, err := ecdsa.GenerateKey(elliptic.P224(), nil)
	if err != nil {
		t.Fatal(err)
	}
	digest := []byte("a digest")
	sig, err := ecdsa.SignASN1(nil, k, digest)
	if err != nil {
		t.Fatal(err)
	}
	rb, sb, err := SignRaw(nil, k, digest)
	if err != nil || len(rb) != 28 || len(sb) != 28 {
		t.Fatalf("P-224: SignRaw = %x, %x, %v", rb, sb, err)
	}
	if !VerifyASN1(&k.PublicKey, digest, sig) || !VerifyRaw(&k.PublicKey, digest, rb, sb) ||
		VerifyRaw(&k.PublicKey, digest, rb[1:], sb) || !ecdsa.VerifyASN1(&k.PublicKey, digest, encodeSignature(rb, sb)) {
		t.Errorf("P-224: VerifyASN1, VerifyRaw or SignRaw fails")
	}
}

// TestBadPublicKeysAsStd checks that VerifyASN1, Verify and VerifyRaw give
// a bad public key crypto/ecdsa's outcome: false for coordinates that are
// negative, too long or off the curve, a panic for nil ones or a nil curve,
// crypto/ecdsa's answer for a P-224 curve.
func TestBadPublicKeysAsStd(t *testing.T) {
	r := testutil.Rand(t)
	digest := sha256.Sum256([]byte("bad public keys"))
	for _, c := range testCurves {
		k := testKey(t, c, r)
		rb, sb, err := SignRaw(nil, k, digest[:])
		if err != nil {
			t.Fatal(err)
		}
		sig := encodeSignature(rb, sb)
		ri, si := new(big.Int).SetBytes(rb), new(big.Int).SetBytes(sb)
		p := c.Params().P
		for name, mangle := range map[string]func(q *ecdsa.PublicKey){
			"valid":       func(q *ecdsa.PublicKey) {},
			"X nil":       func(q *ecdsa.PublicKey) { q.X = nil },
			"Y nil":       func(q *ecdsa.PublicKey) { q.Y = nil },
			"X = -X":      func(q *ecdsa.PublicKey) { q.X = new(big.Int).Neg(q.X) },
			"Y = Y + 2^b": func(q *ecdsa.PublicKey) { q.Y = new(big.Int).SetBit(q.Y, c.Params().BitSize, 1) },
			"X = X + p":   func(q *ecdsa.PublicKey) { q.X = new(big.Int).Add(q.X, p) },
			"Y = Y + 1":   func(q *ecdsa.PublicKey) { q.Y = new(big.Int).Add(q.Y, big.NewInt(1)) },
			"(0, 0)":      func(q *ecdsa.PublicKey) { q.X, q.Y = new(big.Int), new(big.Int) },
			"Curve nil":   func(q *ecdsa.PublicKey) { q.Curve = nil },
			"Curve P-224": func(q *ecdsa.PublicKey) { q.Curve = elliptic.P224() },
			"Params()":    func(q *ecdsa.PublicKey) { q.Curve = c.Params() },
		} {
			q := k.PublicKey
			mangle(&q)
			verdict := func(f func() bool) outcome {
				var ok bool
				o := run(func() error { ok = f(); return nil })
				o.ok = o.ok && ok
				return o
			}
			for _, f := range []struct {
				name       string
				carry, std func() bool
			}{
				{"VerifyASN1", func() bool { return VerifyASN1(&q, digest[:], sig) }, func() bool { return ecdsa.VerifyASN1(&q, digest[:], sig) }},
				{"Verify", func() bool { return Verify(&q, digest[:], ri, si) }, func() bool { return ecdsa.Verify(&q, digest[:], ri, si) }},
				{"VerifyRaw", func() bool { return VerifyRaw(&q, digest[:], rb, sb) }, func() bool { return ecdsa.VerifyASN1(&q, digest[:], sig) }},
			} {
				if got, want := verdict(f.carry), verdict(f.std); got != want {
					t.Errorf("%s: %s: %s gives %v, crypto/ecdsa %v", c.Params().Name, name, f.name, got, want)
				}
			}
		}
	}
}
