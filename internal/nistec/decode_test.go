package nistec

import (
	"bytes"
	"math/big"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

func testDecoding[T any, P pointPtr[T]](t *testing.T, c *curveCase, newPoint, newGenerator func() P) {
	size := c.size
	p := c.params.P
	r := testutil.Rand(t)
	sentinel := newGenerator().Bytes()
	refuse := func(what string, b []byte) {
		t.Helper()
		q := newGenerator()
		if _, err := q.SetBytes(b); err == nil {
			t.Fatalf("SetBytes accepted %s: %x", what, b)
		}
		if !bytes.Equal(q.Bytes(), sentinel) {
			t.Fatalf("SetBytes changed the receiver on %s", what)
		}
	}
	rounds, randoms := 20, 200
	if testing.Short() {
		rounds, randoms = 5, 50
	}
	for range rounds {
		k := randomBelow(r, c.params.N)
		if k.Sign() == 0 {
			continue
		}
		q := P(new(T))
		if _, err := q.ScalarBaseMult(fixedBytes(k, c.scalarSize)); err != nil {
			t.Fatal(err)
		}
		u := q.Bytes()
		cmp := compressed(u)
		x, err := q.BytesX()
		if err != nil || !bytes.Equal(x, u[1:1+size]) {
			t.Fatalf("BytesX = %x, %v; Bytes = %x", x, err, u)
		}
		for _, enc := range [][]byte{u, cmp} {
			d := P(new(T))
			if _, err := d.SetBytes(enc); err != nil {
				t.Fatalf("SetBytes(%x): %v", enc, err)
			}
			if !bytes.Equal(d.Bytes(), u) {
				t.Fatalf("SetBytes(%x) decoded %x", enc, d.Bytes())
			}
		}
		// The other sign decodes to -Q.
		other := bytes.Clone(cmp)
		other[0] ^= 1
		d := P(new(T))
		if _, err := d.SetBytes(other); err != nil {
			t.Fatal(err)
		}
		if want := c.refBaseMult(t, new(big.Int).Neg(k)); !bytes.Equal(d.Bytes(), want) {
			t.Fatalf("SetBytes(%x) = %x, want %x", other, d.Bytes(), want)
		}
		// Off the curve: y + 1.
		off := bytes.Clone(u)
		y := new(big.Int).SetBytes(off[1+size:])
		y.Add(y, big.NewInt(1)).Mod(y, p)
		y.FillBytes(off[1+size:])
		refuse("a point off the curve", off)
		// Coordinates plus p, where they still fit.
		xp := new(big.Int).Add(new(big.Int).SetBytes(u[1:1+size]), p)
		if xp.BitLen() <= 8*size {
			enc := bytes.Clone(u)
			xp.FillBytes(enc[1 : 1+size])
			refuse("x + p", enc)
			enc = bytes.Clone(cmp)
			xp.FillBytes(enc[1:])
			refuse("compressed x + p", enc)
		}
		yp := new(big.Int).Add(new(big.Int).SetBytes(u[1+size:]), p)
		if yp.BitLen() <= 8*size {
			enc := bytes.Clone(u)
			yp.FillBytes(enc[1+size:])
			refuse("y + p", enc)
		}
		// Wrong tags and lengths.
		for _, tag := range []byte{0, 1, 5, 6, 7, 0xff} {
			enc := bytes.Clone(u)
			enc[0] = tag
			refuse("a wrong tag", enc)
		}
		for _, tag := range []byte{0, 4} {
			enc := bytes.Clone(cmp)
			enc[0] = tag
			refuse("a wrong compressed tag", enc)
		}
		refuse("a truncated point", u[:len(u)-1])
		refuse("a long point", append(bytes.Clone(u), 0))
		refuse("a truncated compressed point", cmp[:len(cmp)-1])
	}
	// x = p - 1 and x = p, compressed.
	pm1 := append([]byte{2}, fixedBytes(new(big.Int).Sub(p, big.NewInt(1)), size)...)
	if d := P(new(T)); true {
		if _, err := d.SetBytes(pm1); err == nil {
			// Accepted only if it is on the curve: check by re-encoding.
			if !bytes.Equal(compressed(d.Bytes())[1:], pm1[1:]) {
				t.Fatal("x = p - 1 decoded to another point")
			}
		}
	}
	refuse("x = p", append([]byte{3}, fixedBytes(p, size)...))
	refuse("the identity's long form", make([]byte, 1+2*size))
	refuse("the empty string", nil)
	refuse("{0, 0}", []byte{0, 0})
	refuse("{4}", []byte{4})
	// The identity.
	id := newGenerator()
	if _, err := id.SetBytes([]byte{0}); err != nil || !bytes.Equal(id.Bytes(), []byte{0}) {
		t.Fatalf("SetBytes({0}) = %x, %v", id.Bytes(), err)
	}
	// Random strings are refused unless they decode to a point that encodes back.
	for range randoms {
		b := make([]byte, 1+2*size)
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		b[0] = 4
		refuse("random bytes", b)
		b = b[:1+size]
		b[0] = 2 | b[1]&1
		d := P(new(T))
		if _, err := d.SetBytes(b); err == nil {
			if !bytes.Equal(compressed(d.Bytes()), b) {
				t.Fatalf("SetBytes(%x) round trips to %x", b, compressed(d.Bytes()))
			}
			if _, err := c.ecdh.NewPublicKey(d.Bytes()); err != nil {
				t.Fatalf("decoded %x, which crypto/ecdh refuses: %v", b, err)
			}
		}
	}
}

func TestP256Decoding(t *testing.T) { testDecoding(t, &p256Case, NewP256Point, newP256Generator) }
func TestP384Decoding(t *testing.T) { testDecoding(t, &p384Case, NewP384Point, newP384Generator) }
func TestP521Decoding(t *testing.T) { testDecoding(t, &p521Case, NewP521Point, newP521Generator) }

// fuzzSetBytes checks that SetBytes agrees with crypto/ecdh on uncompressed
// points, and that whatever it accepts encodes back to the input.
func fuzzSetBytes[T any, P pointPtr[T]](t *testing.T, c *curveCase, b []byte) {
	q := P(new(T))
	_, err := q.SetBytes(b)
	_, stdErr := c.ecdh.NewPublicKey(b)
	if len(b) == 1+2*c.size && b[0] == 4 && (err == nil) != (stdErr == nil) {
		t.Fatalf("SetBytes(%x): %v; crypto/ecdh: %v", b, err, stdErr)
	}
	if err != nil {
		return
	}
	var back []byte
	switch len(b) {
	case 1:
		back = q.Bytes()
	case 1 + c.size:
		back = compressed(q.Bytes())
	default:
		back = q.Bytes()
	}
	if !bytes.Equal(back, b) {
		t.Fatalf("SetBytes(%x) encodes back to %x", b, back)
	}
}

func FuzzSetBytes(f *testing.F) {
	for _, g := range [][]byte{newP256Generator().Bytes(), newP384Generator().Bytes(), newP521Generator().Bytes()} {
		f.Add(g)
		f.Add(g[:1+(len(g)-1)/2])
	}
	f.Add([]byte{0})
	f.Fuzz(func(t *testing.T, b []byte) {
		fuzzSetBytes[P256Point](t, &p256Case, b)
		fuzzSetBytes[P384Point](t, &p384Case, b)
		fuzzSetBytes[P521Point](t, &p521Case, b)
	})
}
