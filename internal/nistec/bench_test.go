package nistec

import (
	"crypto/rand"
	"testing"
)

// benchPoints runs the scalar multiplications of one curve, and the standard
// library's crypto/ecdh equivalents beside them.
func benchPoints[T any, P pointPtr[T]](b *testing.B, c *curveCase, newGenerator func() P) {
	priv, err := c.ecdh.GenerateKey(rand.Reader)
	if err != nil {
		b.Fatal(err)
	}
	k := priv.Bytes()
	q := P(new(T))
	if _, err := q.ScalarBaseMult(k); err != nil {
		b.Fatal(err)
	}
	b.Run("ScalarBaseMult", func(b *testing.B) {
		b.ReportAllocs()
		p := P(new(T))
		for b.Loop() {
			p.ScalarBaseMult(k)
		}
	})
	b.Run("ScalarMult", func(b *testing.B) {
		b.ReportAllocs()
		p := P(new(T))
		for b.Loop() {
			p.ScalarMult(q, k)
		}
	})
	b.Run("ScalarMult+BytesX", func(b *testing.B) {
		b.ReportAllocs()
		p := P(new(T))
		for b.Loop() {
			p.ScalarMult(q, k)
			p.BytesX()
		}
	})
	b.Run("VarTimeDoubleScalarBaseMult", func(b *testing.B) {
		b.ReportAllocs()
		p := P(new(T))
		for b.Loop() {
			p.VarTimeDoubleScalarBaseMult(k, q, k)
		}
	})
	b.Run("std/ECDH", func(b *testing.B) {
		b.ReportAllocs()
		pub := priv.PublicKey()
		for b.Loop() {
			priv.ECDH(pub)
		}
	})
	b.Run("std/PublicKey", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			p, _ := c.ecdh.NewPrivateKey(k)
			p.PublicKey()
		}
	})
}

func BenchmarkP256(b *testing.B) { benchPoints(b, &p256Case, newP256Generator) }
func BenchmarkP384(b *testing.B) { benchPoints(b, &p384Case, newP384Generator) }
func BenchmarkP521(b *testing.B) { benchPoints(b, &p521Case, newP521Generator) }

func benchField[E any, P elementPtr[E]](b *testing.B) {
	x := P(P(new(E)).One())
	x.Add(x, x)
	x.Invert(x) // 1/2: a value with every word busy
	y := P(P(new(E)).Set(x))
	b.Run("Mul", func(b *testing.B) {
		for b.Loop() {
			P(x).Mul(x, y)
		}
	})
	b.Run("Square", func(b *testing.B) {
		for b.Loop() {
			P(x).Square(x)
		}
	})
	b.Run("Invert", func(b *testing.B) {
		for b.Loop() {
			P(x).Invert(x)
		}
	})
}

func BenchmarkP256Field(b *testing.B) { benchField[p256Element](b) }
func BenchmarkP384Field(b *testing.B) { benchField[p384Element](b) }
func BenchmarkP521Field(b *testing.B) { benchField[p521Element](b) }

// benchScalar runs the scalar multiplication and inversion.
func benchScalar[S any, P scalarPtr[S]](b *testing.B, size int) {
	buf := make([]byte, size)
	for i := range buf {
		buf[i] = byte(i*7 + 1)
	}
	buf[0] = 0
	x, err := P(new(S)).SetCanonicalBytes(buf)
	if err != nil {
		b.Fatal(err)
	}
	y := P(P(new(S)).Set(x))
	b.Run("Mul", func(b *testing.B) {
		for b.Loop() {
			P(x).Mul(x, y)
		}
	})
	b.Run("Invert", func(b *testing.B) {
		for b.Loop() {
			P(x).Invert(x)
		}
	})
}

func BenchmarkP256Scalar(b *testing.B) { benchScalar[P256Scalar](b, 32) }
func BenchmarkP384Scalar(b *testing.B) { benchScalar[P384Scalar](b, 48) }
func BenchmarkP521Scalar(b *testing.B) { benchScalar[P521Scalar](b, 66) }
