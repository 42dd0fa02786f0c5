package bigmod

import (
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"fmt"
	"math/big"
	mathrand "math/rand/v2"
	"testing"
)

// benchSizes are the modulus sizes of the exponentiation benchmarks: the CRT
// halves of RSA-2048, RSA-3072 and RSA-4096.
var benchSizes = []int{1024, 1536, 2048}

// benchModulus returns a fixed random modulus of the given size and a base
// and an exponent of the same size.
func benchModulus(b *testing.B, bits int) (*Modulus, *Nat, []byte) {
	r := mathrand.New(mathrand.NewChaCha8([32]byte{byte(bits), byte(bits >> 8)}))
	mb := randModulusBig(r, bits)
	m := modulusFromBig(b, mb)
	x := natFromBig(new(big.Int).Mod(randBig(r, bits), mb), len(m.limbs))
	e := randBig(r, bits).FillBytes(make([]byte, bits/8))
	return m, x, e
}

// BenchmarkExp is the private operation's half: an exponent as long as the
// modulus.
func BenchmarkExp(b *testing.B) {
	for _, bits := range benchSizes {
		b.Run(fmt.Sprint(bits), func(b *testing.B) {
			m, x, e := benchModulus(b, bits)
			z := NewNat()
			b.ReportAllocs()
			for b.Loop() {
				z.Exp(x, e, m)
			}
		})
	}
}

// BenchmarkExpWindow measures Exp's window widths against each other; the
// widths Exp uses (expWindow) were chosen from it.
func BenchmarkExpWindow(b *testing.B) {
	for _, bits := range benchSizes {
		for w := 3; w <= maxWindowBits; w++ {
			b.Run(fmt.Sprintf("%d/w=%d", bits, w), func(b *testing.B) {
				m, x, e := benchModulus(b, bits)
				z := NewNat()
				for b.Loop() {
					z.expWindow(x, e, m, w)
				}
			})
		}
	}
}

// BenchmarkBigExp is math/big's Exp on the same inputs, as a rough peer
// (variable time, so not a like-for-like comparison).
func BenchmarkBigExp(b *testing.B) {
	for _, bits := range benchSizes {
		b.Run(fmt.Sprint(bits), func(b *testing.B) {
			m, x, e := benchModulus(b, bits)
			mb, xb, eb := m.toBig(), x.toBig(), new(big.Int).SetBytes(e)
			z := new(big.Int)
			for b.Loop() {
				z.Exp(xb, eb, mb)
			}
		})
	}
}

// BenchmarkExpShortVarTime is the public operation: 65537 at the moduli of
// RSA-2048, RSA-3072 and RSA-4096.
func BenchmarkExpShortVarTime(b *testing.B) {
	for _, bits := range []int{2048, 3072, 4096} {
		b.Run(fmt.Sprint(bits), func(b *testing.B) {
			m, x, _ := benchModulus(b, bits)
			z := NewNat()
			b.ReportAllocs()
			for b.Loop() {
				z.ExpShortVarTime(x, 65537, m)
			}
		})
	}
}

// BenchmarkMontMul and BenchmarkMontSqr time the kernels at the sizes RSA
// uses, with the generic loops beside the unrolled ones.
func BenchmarkMontMul(b *testing.B) {
	for _, bits := range []int{1024, 1536, 2048, 3072, 4096} {
		m, x, _ := benchModulus(b, bits)
		n := len(m.limbs)
		z := make([]uint64, n)
		b.Run(fmt.Sprint(bits), func(b *testing.B) {
			for b.Loop() {
				montMul(z, x.limbs, x.limbs, m.limbs, m.m0inv)
			}
		})
		b.Run(fmt.Sprintf("%d/generic", bits), func(b *testing.B) {
			for b.Loop() {
				montMulGeneric(z, x.limbs, x.limbs, m.limbs, m.m0inv)
			}
		})
	}
}

func BenchmarkMontSqr(b *testing.B) {
	for _, bits := range []int{1024, 1536, 2048, 3072, 4096} {
		m, x, _ := benchModulus(b, bits)
		n := len(m.limbs)
		z := make([]uint64, n)
		b.Run(fmt.Sprint(bits), func(b *testing.B) {
			for b.Loop() {
				montSqr(z, x.limbs, m.limbs, m.m0inv)
			}
		})
		b.Run(fmt.Sprintf("%d/generic", bits), func(b *testing.B) {
			for b.Loop() {
				montSqrGeneric(z, x.limbs, m.limbs, m.m0inv)
			}
		})
	}
}

// BenchmarkNewModulus times the per-modulus precomputation (R² mod m).
func BenchmarkNewModulus(b *testing.B) {
	for _, bits := range []int{1024, 2048} {
		b.Run(fmt.Sprint(bits), func(b *testing.B) {
			m, _, _ := benchModulus(b, bits)
			mb := m.toBig().Bytes()
			for b.Loop() {
				if _, err := NewModulus(mb); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkModCRT reduces a value below p·q modulo p.
func BenchmarkModCRT(b *testing.B) {
	for _, bits := range benchSizes {
		b.Run(fmt.Sprint(bits), func(b *testing.B) {
			m, _, _ := benchModulus(b, bits)
			r := mathrand.New(mathrand.NewPCG(1, 2))
			x := natFromBig(randBig(r, 2*bits), 2*len(m.limbs))
			z := NewNat()
			b.ReportAllocs()
			for b.Loop() {
				z.Mod(x, m)
			}
		})
	}
}

// BenchmarkStdRSASign is crypto/rsa's PKCS #1 v1.5 signature, about two
// exponentiations of half the key's size (CRT) and a check: the standard
// library's figure to set Exp's against.
func BenchmarkStdRSASign(b *testing.B) {
	for _, bits := range []int{2048, 3072, 4096} {
		b.Run(fmt.Sprint(bits), func(b *testing.B) {
			key, err := rsa.GenerateKey(rand.Reader, bits)
			if err != nil {
				b.Fatal(err)
			}
			digest := sha256.Sum256([]byte("carry"))
			for b.Loop() {
				if _, err := rsa.SignPKCS1v15(nil, key, crypto.SHA256, digest[:]); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkStdRSAVerify is crypto/rsa's verification: an exponentiation by
// 65537 at the key's size.
func BenchmarkStdRSAVerify(b *testing.B) {
	for _, bits := range []int{2048, 3072, 4096} {
		b.Run(fmt.Sprint(bits), func(b *testing.B) {
			key, err := rsa.GenerateKey(rand.Reader, bits)
			if err != nil {
				b.Fatal(err)
			}
			digest := sha256.Sum256([]byte("carry"))
			sig, err := rsa.SignPKCS1v15(nil, key, crypto.SHA256, digest[:])
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if err := rsa.VerifyPKCS1v15(&key.PublicKey, crypto.SHA256, digest[:], sig); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
