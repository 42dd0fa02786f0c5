package edwards25519

import "testing"

func benchScalars() (x, y, z *Scalar) {
	var b [64]byte
	for i := range b {
		b[i] = byte(0x5a ^ 37*i)
	}
	x, _ = new(Scalar).SetUniformBytes(b[:])
	b[0] ^= 1
	y, _ = new(Scalar).SetUniformBytes(b[:])
	b[1] ^= 1
	z, _ = new(Scalar).SetUniformBytes(b[:])
	return x, y, z
}

func BenchmarkScalarMultiplyAdd(b *testing.B) {
	x, y, z := benchScalars()
	b.ReportAllocs()
	for b.Loop() {
		x.MultiplyAdd(x, y, z)
	}
}

func BenchmarkScalarSetUniformBytes(b *testing.B) {
	var in [64]byte
	for i := range in {
		in[i] = byte(0xa5 ^ 11*i)
	}
	var s Scalar
	b.ReportAllocs()
	for b.Loop() {
		s.SetUniformBytes(in[:])
	}
}

func BenchmarkScalarBytes(b *testing.B) {
	x, _, _ := benchScalars()
	var out [32]byte
	b.ReportAllocs()
	for b.Loop() {
		x.FillBytes(&out)
	}
}
