package edwards25519

import (
	"crypto/ed25519"
	"crypto/sha512"
	"crypto/subtle"
	"fmt"
	"slices"
	"testing"
	"time"
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

// BenchmarkVarTimeBaseWindow times VarTimeDoubleScalarBaseMult with B's
// NAF width 7 to 10, in alternating rounds so that all see the same
// machine load, and reports the minimum of each in µs. Its ns/op is
// meaningless (set to 0).
func BenchmarkVarTimeBaseWindow(b *testing.B) {
	x, y, _ := benchScalars()
	A := new(Point).ScalarBaseMultScalar(y)
	widths := []uint{7, 8, 9, 10}
	tbls := make([][]niels, len(widths))
	for i, w := range widths {
		tbls[i] = make([]niels, 1<<(w-2))
		baseOddMultiples(tbls[i])
	}
	mins := make([]time.Duration, len(widths))
	var v Point
	for b.Loop() {
		for i, w := range widths {
			start := time.Now()
			for range 10 {
				v.varTimeDoubleScalarBaseMult(x, A, y, tbls[i], w)
			}
			if d := time.Since(start) / 10; mins[i] == 0 || d < mins[i] {
				mins[i] = d
			}
		}
	}
	for i, w := range widths {
		b.ReportMetric(float64(mins[i].Nanoseconds())/1000, fmt.Sprintf("us-w%d", w))
	}
	b.ReportMetric(0, "ns/op")
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

// verifyLike is RFC 8032 verification (Section 5.1.7) on this package,
// checked as crypto/ed25519 checks it: the encoding of S·B − k·A against R.
func verifyLike(pub, msg, sig []byte) bool {
	var A Point
	if _, err := A.SetBytes(pub); err != nil {
		return false
	}
	var S, k Scalar
	if _, err := S.SetCanonicalBytes(sig[32:]); err != nil {
		return false
	}
	h := sha512.New()
	h.Write(sig[:32])
	h.Write(pub)
	h.Write(msg)
	var d [64]byte
	k.SetUniformBytes(h.Sum(d[:0]))
	A.Negate(&A)
	var R Point
	var enc [32]byte
	R.VarTimeDoubleScalarBaseMult(&k, &A, &S).bytes(&enc)
	return subtle.ConstantTimeCompare(enc[:], sig[:32]) == 1
}

// BenchmarkVerifyAlternating times verifyLike and crypto/ed25519.Verify in
// alternating blocks, and reports the minimum and median per operation of
// each, and the ratio of the minima. Its ns/op is meaningless (set to 0).
func BenchmarkVerifyAlternating(b *testing.B) {
	priv := ed25519.NewKeyFromSeed(make([]byte, 32))
	pub := priv.Public().(ed25519.PublicKey)
	msg := []byte("carry")
	sig := ed25519.Sign(priv, msg)
	if !verifyLike(pub, msg, sig) {
		b.Fatal("verifyLike rejects a valid signature")
	}
	baseOddTable()
	ops := []func(){
		func() { verifyLike(pub, msg, sig) },
		func() { ed25519.Verify(pub, msg, sig) },
	}
	times := make([][]float64, len(ops))
	const block = 20
	for b.Loop() {
		for i, op := range ops {
			start := time.Now()
			for range block {
				op()
			}
			times[i] = append(times[i], float64(time.Since(start).Nanoseconds())/block/1000)
		}
	}
	for i, name := range []string{"carry", "std"} {
		slices.Sort(times[i])
		b.ReportMetric(times[i][0], "us-min-"+name)
		b.ReportMetric(times[i][len(times[i])/2], "us-med-"+name)
	}
	b.ReportMetric(times[1][0]/times[0][0], "std/carry")
	b.ReportMetric(0, "ns/op")
}
