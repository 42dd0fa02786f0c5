package x25519

import (
	"crypto/ecdh"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// The benchmarks put carry's X25519 beside crypto/ecdh's for the same
// operation: a shared secret, and a public key from the base point.

func benchScalarPoint() (scalar, point []byte) {
	scalar = make([]byte, 32)
	for i := range scalar {
		scalar[i] = byte(7*i + 1)
	}
	point = make([]byte, 32)
	for i := range point {
		point[i] = byte(13*i + 5)
	}
	point[31] &= 0x7f
	return scalar, point
}

func BenchmarkX25519(b *testing.B) {
	scalar, point := benchScalarPoint()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := X25519(scalar, point); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkX25519Portable(b *testing.B) {
	testutil.SelectImplementation(b, "field25519", "")
	BenchmarkX25519(b)
}

func BenchmarkX25519Base(b *testing.B) {
	scalar, _ := benchScalarPoint()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := X25519(scalar, Basepoint); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkStdlibECDH(b *testing.B) {
	scalar, point := benchScalarPoint()
	priv, err := ecdh.X25519().NewPrivateKey(scalar)
	if err != nil {
		b.Fatal(err)
	}
	pub, err := ecdh.X25519().NewPublicKey(point)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := priv.ECDH(pub); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkStdlibPublicKey(b *testing.B) {
	scalar, _ := benchScalarPoint()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ecdh.X25519().NewPrivateKey(scalar); err != nil {
			b.Fatal(err)
		}
	}
}
