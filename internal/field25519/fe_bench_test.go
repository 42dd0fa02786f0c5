package field25519

import "testing"

// benchElements returns two fixed elements with full-size words.
func benchElements() (x, y Element) {
	x = Element{[4]uint64{0x7d3f1a2b3c4d5e6f, 0x6e5f4a3b2c1d0e1f, 0x123456789abcdef0, 0x7fedcba987654321}}
	y = Element{[4]uint64{0x1a2b3c4d5e6f7a8b, 0x7f6e5d4c3b2a1908, 0x0f1e2d3c4b5a6978, 0x5a5a5a5a5a5a5a5a}}
	return
}

func BenchmarkMul(b *testing.B) {
	x, y := benchElements()
	b.ReportAllocs()
	for b.Loop() {
		x.Mul(&x, &y)
	}
}

func BenchmarkSquare(b *testing.B) {
	x, _ := benchElements()
	b.ReportAllocs()
	for b.Loop() {
		x.Square(&x)
	}
}

// BenchmarkSquareN times runs of 50 squarings, as in Invert.
func BenchmarkSquareN(b *testing.B) {
	x, _ := benchElements()
	b.ReportAllocs()
	for b.Loop() {
		x.SquareN(&x, 50)
	}
}

func BenchmarkInvert(b *testing.B) {
	x, _ := benchElements()
	b.ReportAllocs()
	for b.Loop() {
		x.Invert(&x)
	}
}

func BenchmarkPow22523(b *testing.B) {
	x, _ := benchElements()
	b.ReportAllocs()
	for b.Loop() {
		x.Pow22523(&x)
	}
}

func BenchmarkAdd(b *testing.B) {
	x, y := benchElements()
	b.ReportAllocs()
	for b.Loop() {
		x.Add(&x, &y)
	}
}

func BenchmarkBytes(b *testing.B) {
	x, _ := benchElements()
	var out [32]byte
	b.ReportAllocs()
	for b.Loop() {
		x.FillBytes(&out)
		x.w[0] ^= uint64(out[0])
	}
}

// invertFermat sets v = z^(p-2) = z^(2^255 - 21) (Fermat), in 254 squarings
// and 11 multiplications: the inversion Invert is measured against.
func invertFermat(v, z *Element) *Element {
	var t, z11 Element
	pow2250(&t, &z11, z)   // z^(2^250 - 1), z^11
	t.SquareN(&t, 5)       // 2^255 - 2^5
	return v.Mul(&t, &z11) // 2^255 - 32 + 11 = 2^255 - 21
}

func BenchmarkInvertFermat(b *testing.B) {
	x, _ := benchElements()
	b.ReportAllocs()
	for b.Loop() {
		invertFermat(&x, &x)
	}
}
