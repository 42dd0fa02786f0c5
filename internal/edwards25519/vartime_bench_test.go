package edwards25519

import (
	"crypto/ed25519"
	"testing"
)

func BenchmarkVarTimeDoubleScalarBaseMult(b *testing.B) {
	x, y, _ := benchScalars()
	A := new(Point).ScalarBaseMultScalar(y)
	baseOddTable()
	var v Point
	b.ReportAllocs()
	for b.Loop() {
		v.VarTimeDoubleScalarBaseMult(x, A, y)
	}
}

func BenchmarkScalarMult(b *testing.B) {
	x, y, _ := benchScalars()
	A := new(Point).ScalarBaseMultScalar(y)
	var v Point
	b.ReportAllocs()
	for b.Loop() {
		v.ScalarMult(x, A)
	}
}

func BenchmarkScalarBaseMultScalar(b *testing.B) {
	x, _, _ := benchScalars()
	var v Point
	b.ReportAllocs()
	for b.Loop() {
		v.ScalarBaseMultScalar(x)
	}
}

func BenchmarkSetBytes(b *testing.B) {
	enc := NewGeneratorPoint().Bytes()
	var v Point
	b.ReportAllocs()
	for b.Loop() {
		v.SetBytes(enc)
	}
}

// BenchmarkStdlibEd25519Verify is crypto/ed25519.Verify, which is a
// SetBytes, a SHA-512 and a double-scalar multiplication, for scale.
func BenchmarkStdlibEd25519Verify(b *testing.B) {
	priv := ed25519.NewKeyFromSeed(make([]byte, 32))
	pub := priv.Public().(ed25519.PublicKey)
	msg := []byte("carry")
	sig := ed25519.Sign(priv, msg)
	b.ReportAllocs()
	for b.Loop() {
		if !ed25519.Verify(pub, msg, sig) {
			b.Fatal("invalid")
		}
	}
}
