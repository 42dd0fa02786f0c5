package bigmod

import (
	"crypto/rand"
	"crypto/rsa"
	"fmt"
	"math/big"
	"testing"
)

// crtKey is an RSA private key in the form the private operation by CRT
// uses, built with this package's API only, as the rsa package will.
type crtKey struct {
	n, p, q    *Modulus
	dp, dq     []byte
	qinv, qMod *Nat // qinv mod p; q with n's limb count
	e          uint
}

func newCRTKey(t testing.TB, k *rsa.PrivateKey) *crtKey {
	t.Helper()
	p, q := k.Primes[0], k.Primes[1]
	var err error
	ck := &crtKey{e: uint(k.E), dp: k.Precomputed.Dp.Bytes(), dq: k.Precomputed.Dq.Bytes()}
	if ck.n, err = NewModulusProduct(p.Bytes(), q.Bytes()); err != nil {
		t.Fatal(err)
	}
	if ck.p, err = NewModulus(p.Bytes()); err != nil {
		t.Fatal(err)
	}
	if ck.q, err = NewModulus(q.Bytes()); err != nil {
		t.Fatal(err)
	}
	if ck.qinv, err = NewNat().SetBytes(k.Precomputed.Qinv.Bytes(), ck.p); err != nil {
		t.Fatal(err)
	}
	ck.qMod = ck.q.Nat().ExpandFor(ck.n)
	return ck
}

// decrypt returns c^d mod n by CRT, checked by re-encryption, or nil if the
// check fails.
func (k *crtKey) decrypt(c []byte) []byte {
	cN, err := NewNat().SetBytes(c, k.n)
	if err != nil {
		return nil
	}
	mp := NewNat().Mod(cN, k.p)
	mp.Exp(mp, k.dp, k.p)
	mq := NewNat().Mod(cN, k.q)
	mq.Exp(mq, k.dq, k.q)
	// h = (mp - mq)·qinv mod p; m = mq + h·q, below p·q = n.
	h := NewNat().Mod(mq, k.p)
	h.Sub(mp, h, k.p)
	h.Mul(h, k.qinv, k.p)
	h.ExpandFor(k.n)
	h.Mul(h, k.qMod, k.n)
	m := mq.ExpandFor(k.n)
	m.Add(m, h, k.n)
	// The check: m^e = c.
	if NewNat().ExpShortVarTime(m, k.e, k.n).Equal(cN) != 1 {
		return nil
	}
	return m.Bytes(k.n)
}

// TestRSACRT runs the private operation of RSA by CRT, as the rsa package
// will build it from this package, against math/big's c^d mod n, on keys
// from crypto/rsa of the sizes RSA uses and of sizes not a multiple of 64
// (3072 and 4096 bits with -long).
func TestRSACRT(t *testing.T) {
	r := rng(t)
	sizes := []int{1024, 1030, 1536, 2048, 2050}
	if *long {
		sizes = append(sizes, 3072, 4096) // key generation takes seconds
	}
	if short() {
		sizes = []int{1024, 1030, 2048}
	}
	for _, bits := range sizes {
		t.Run(fmt.Sprint(bits), func(t *testing.T) {
			key, err := rsa.GenerateKey(rand.Reader, bits)
			if err != nil {
				t.Fatal(err)
			}
			k := newCRTKey(t, key)
			for i := 0; i < 3; i++ {
				c := new(big.Int).Mod(randBig(r, bits), key.N)
				if i == 1 {
					c.Sub(key.N, big.NewInt(1))
				}
				want := new(big.Int).Exp(c, key.D, key.N).FillBytes(make([]byte, k.n.Size()))
				got := k.decrypt(c.FillBytes(make([]byte, k.n.Size())))
				if string(got) != string(want) {
					t.Fatalf("decrypt(%x) = %x, want %x", c, got, want)
				}
			}
			// A wrong key fails the check instead of releasing a result.
			k.dp[len(k.dp)-1] ^= 2
			if got := k.decrypt(big.NewInt(2).FillBytes(make([]byte, k.n.Size()))); got != nil {
				t.Fatal("a faulty dp passed the check")
			}
		})
	}
}

// BenchmarkRSACRT times that private operation, to set beside
// BenchmarkStdRSASign (which adds the padding and a hash's worth of work).
func BenchmarkRSACRT(b *testing.B) {
	for _, bits := range []int{2048, 3072, 4096} {
		b.Run(fmt.Sprint(bits), func(b *testing.B) {
			key, err := rsa.GenerateKey(rand.Reader, bits)
			if err != nil {
				b.Fatal(err)
			}
			k := newCRTKey(b, key)
			c := new(big.Int).Sub(key.N, big.NewInt(12345)).FillBytes(make([]byte, k.n.Size()))
			b.ReportAllocs()
			for b.Loop() {
				if k.decrypt(c) == nil {
					b.Fatal("check failed")
				}
			}
		})
	}
}
