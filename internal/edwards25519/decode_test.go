package edwards25519

import (
	"bytes"
	"crypto/ed25519"
	"crypto/sha512"
	"math/big"
	"slices"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// refDecode is the decoding rule of crypto/ed25519 (filippo.io/edwards25519)
// in math/big: y is bits 0 to 254 reduced mod p, x^2 = (y^2 − 1)/(d·y^2 + 1)
// must be a square, and x is the root whose parity is bit 255, except that
// x = 0 is accepted with either bit 255.
func refDecode(b *[32]byte) (refPoint, bool) {
	sign := uint(b[31] >> 7)
	yb := *b
	yb[31] &= 127
	y := new(big.Int).Mod(leBig(&yb), bigP)
	y2 := bigMulMod(y, y)
	u := new(big.Int).Sub(y2, big.NewInt(1))
	w := new(big.Int).Add(bigMulMod(bigD, y2), big.NewInt(1))
	w.Mod(w, bigP).ModInverse(w, bigP)
	x := new(big.Int).ModSqrt(bigMulMod(u.Mod(u, bigP), w), bigP)
	if x == nil {
		return refPoint{}, false
	}
	if x.Bit(0) != sign {
		x.Sub(bigP, x).Mod(x, bigP)
	}
	return refPoint{x, y}, true
}

// refEncode is the canonical encoding of RFC 8032, Section 5.1.2.
func refEncode(q refPoint) [32]byte {
	b := *bigLE(q.y)
	b[31] |= byte(q.x.Bit(0)) << 7
	return b
}

// checkSetBytes compares SetBytes with refDecode on b. The receiver is 2·B,
// whose Z is not 1, so that SetBytes must set every coordinate.
func checkSetBytes(t *testing.T, b []byte) {
	t.Helper()
	want, ok := refDecode((*[32]byte)(b))
	orig := new(Point).Double(NewGeneratorPoint())
	v := new(Point).Set(orig)
	got, err := v.SetBytes(b)
	switch {
	case ok && err != nil:
		t.Fatalf("SetBytes(%x) = %v, want (%v, %v)", b, err, want.x, want.y)
	case !ok && err == nil:
		t.Fatalf("SetBytes(%x) accepted an encoding that crypto/ed25519 rejects", b)
	case !ok:
		if got != nil || v.Equal(orig) != 1 {
			t.Fatalf("SetBytes(%x) failed but changed the receiver or returned a point", b)
		}
		return
	}
	if got != v {
		t.Fatal("SetBytes did not return its receiver")
	}
	if q := toRef(t, v); !refEqual(q, want) || !refOnCurve(q) {
		t.Fatalf("SetBytes(%x) = (%v, %v), want (%v, %v)", b, q.x, q.y, want.x, want.y)
	}
	if enc := refEncode(want); !bytes.Equal(v.Bytes(), enc[:]) {
		t.Fatalf("SetBytes(%x).Bytes() = %x, want %x", b, v.Bytes(), enc)
	}
}

// withSign returns the 32-byte little-endian y with bit 255 set to sign.
func withSign(y *big.Int, sign byte) []byte {
	b := *bigLE(y)
	b[31] |= sign << 7
	return b[:]
}

func TestSetBytesRandom(t *testing.T) {
	r := testutil.Rand(t)
	accepted := 0
	n := iterations(1000)
	for range n {
		b := randBytes(r)
		if _, ok := refDecode(b); ok {
			accepted++
		}
		checkSetBytes(t, b[:])
	}
	// About half of all y have an x.
	if accepted < n/4 || accepted > 3*n/4 {
		t.Errorf("%d of %d random encodings accepted", accepted, n)
	}
	// Encodings of random points of the whole curve, and of multiples of B.
	for _, q := range testPoints(t, iterations(50)) {
		enc := refEncode(q)
		checkSetBytes(t, enc[:])
		enc[31] ^= 0x80
		checkSetBytes(t, enc[:])
	}
}

// TestSetBytesNonCanonical tries every y from p to 2^255 − 1 with both
// signs, and every encoding of a point with x = 0.
func TestSetBytesNonCanonical(t *testing.T) {
	accepted := 0
	for k := range int64(19) {
		y := new(big.Int).Add(bigP, big.NewInt(k))
		for sign := range byte(2) {
			b := withSign(y, sign)
			if _, ok := refDecode((*[32]byte)(b)); ok {
				accepted++
			}
			checkSetBytes(t, b)
			// The same y below p decodes to the same point.
			if p1, err := new(Point).SetBytes(b); err == nil {
				p2, err := new(Point).SetBytes(withSign(big.NewInt(k), sign))
				if err != nil || p1.Equal(p2) != 1 {
					t.Errorf("y = p + %d and y = %d decode differently", k, k)
				}
			}
		}
	}
	if accepted == 0 {
		t.Error("no non-canonical y accepted")
	}

	// x = 0: y = 1 (and p + 1) is the identity, y = −1 the point of order 2.
	one := big.NewInt(1)
	for _, y := range []*big.Int{one, new(big.Int).Add(bigP, one), new(big.Int).Sub(bigP, one)} {
		for sign := range byte(2) {
			b := withSign(y, sign)
			checkSetBytes(t, b)
			v, err := new(Point).SetBytes(b)
			if err != nil {
				t.Fatalf("x = 0 encoding %x rejected", b)
			}
			if q := toRef(t, v); q.x.Sign() != 0 {
				t.Errorf("x = 0 encoding %x decodes to x = %v", b, q.x)
			}
		}
	}
}

func TestSetBytesSmallOrder(t *testing.T) {
	pts := torsionPoints()
	for _, q := range pts {
		enc := refEncode(q)
		checkSetBytes(t, enc[:])
		enc[31] ^= 0x80
		checkSetBytes(t, enc[:])
		// The non-canonical y + p, when it fits in 255 bits.
		if y := new(big.Int).Add(q.y, bigP); y.BitLen() <= 255 {
			checkSetBytes(t, withSign(y, byte(q.x.Bit(0))))
		}
	}
}

func TestSetBytesLength(t *testing.T) {
	for _, n := range []int{0, 31, 33, 64} {
		v := NewGeneratorPoint()
		if got, err := v.SetBytes(make([]byte, n)); err == nil || got != nil || v.Equal(NewGeneratorPoint()) != 1 {
			t.Errorf("SetBytes accepted %d bytes or changed its receiver", n)
		}
	}
}

func FuzzSetBytes(f *testing.F) {
	f.Add(make([]byte, 32))
	f.Add(bytes.Repeat([]byte{0xff}, 32))
	f.Add(NewGeneratorPoint().Bytes())
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) != 32 {
			if _, err := new(Point).SetBytes(b); err == nil {
				t.Fatalf("SetBytes accepted %d bytes", len(b))
			}
			return
		}
		checkSetBytes(t, b)
	})
}

// TestSetBytesAgainstStdlib uses crypto/ed25519.Verify as the oracle of
// which public keys decode, on every encoding of the 8-torsion points
// (canonical, with the sign bit flipped, with y + p): a signature (R, S = 0)
// verifies under A exactly when A decodes and R = −k·A, k = SHA-512(R ‖ A ‖
// M) mod l. For a point of order dividing 8, k·A = (k mod 8)·A, so R is
// chosen among the torsion points and M varied until the equation holds.
func TestSetBytesAgainstStdlib(t *testing.T) {
	torsion := torsionPoints()
	var encs [][]byte
	for _, q := range torsion {
		enc := refEncode(q)
		encs = append(encs, bytes.Clone(enc[:]))
		enc[31] ^= 0x80
		encs = append(encs, bytes.Clone(enc[:]))
		if y := new(big.Int).Add(q.y, bigP); y.BitLen() <= 255 {
			encs = append(encs, withSign(y, 0), withSign(y, 1))
		}
	}
	for _, a := range encs {
		A, decodes := refDecode((*[32]byte)(a))
		_, err := new(Point).SetBytes(a)
		if (err == nil) != decodes {
			t.Fatalf("SetBytes(%x): error %v, reference decodes: %v", a, err, decodes)
		}
		// Up to the first message that verifies (after 8 tries on average),
		// or 64 tries for an A that does not decode.
		matched := false
		tries := 0
		for _, rq := range torsion {
			R := refEncode(rq)
			for m := range 8 {
				if matched || tries == 64 {
					break
				}
				tries++
				msg := []byte{byte(m)}
				sig := append(R[:], make([]byte, 32)...)
				want := false
				if decodes {
					h := sha512.Sum512(slices.Concat(R[:], a, msg))
					k := new(big.Int).Mod(leBigSlice(h[:]), bigL)
					k.Mod(k, big.NewInt(8))
					want = refEqual(refNeg(refScalarMult(k, A)), rq)
				}
				if got := ed25519.Verify(ed25519.PublicKey(a), msg, sig); got != want {
					t.Fatalf("crypto/ed25519.Verify(A = %x, R = %x) = %v, want %v", a, R, got, want)
				}
				matched = matched || want
			}
		}
		if decodes && !matched {
			t.Errorf("no message made the equation hold for A = %x", a)
		}
	}
}
