package bigmod

import (
	"math/big"
	"testing"
)

// fuzzModulus turns fuzzer bytes into an odd modulus of 2 to 1100 bits (so
// that both generic and unrolled sizes, 512 and 1024 bits among them, are
// reached), or reports false.
func fuzzModulus(t *testing.T, b []byte) (*Modulus, *big.Int, bool) {
	if len(b) > 1100/8 {
		b = b[:1100/8]
	}
	mb := new(big.Int).SetBytes(b)
	mb.SetBit(mb, 0, 1)
	if mb.BitLen() < 2 {
		return nil, nil, false
	}
	return modulusFromBig(t, mb), mb, true
}

// FuzzMontgomeryMul checks Mul, and the kernels montMul and montSqr
// underneath it, against math/big.
func FuzzMontgomeryMul(f *testing.F) {
	f.Add([]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}, []byte{1}, []byte{0xff})
	f.Add(append([]byte{0x80}, make([]byte, 127)...), []byte{0xff, 0xff}, []byte{2})
	f.Add(make([]byte, 64), []byte{}, []byte{3})
	f.Fuzz(func(t *testing.T, mBytes, xBytes, yBytes []byte) {
		m, mb, ok := fuzzModulus(t, mBytes)
		if !ok {
			return
		}
		n := len(m.limbs)
		xb := new(big.Int).Mod(new(big.Int).SetBytes(xBytes), mb)
		yb := new(big.Int).Mod(new(big.Int).SetBytes(yBytes), mb)
		x, y := natFromBig(xb, n), natFromBig(yb, n)
		want := new(big.Int).Mul(xb, yb)
		want.Mod(want, mb)
		if got := NewNat().Mul(x, y, m).toBig(); got.Cmp(want) != 0 {
			t.Fatalf("Mul(%x, %x) mod %x = %x, want %x", xb, yb, mb, got, want)
		}
		rInv := new(big.Int).ModInverse(pow2(64*n), mb)
		z := make([]uint64, n)
		montMul(z, x.limbs, y.limbs, m.limbs, m.m0inv)
		if got, want := limbsToBig(z), montWantInv(xb, yb, mb, rInv); got.Cmp(want) != 0 {
			t.Fatalf("montMul(%x, %x) mod %x = %x, want %x", xb, yb, mb, got, want)
		}
		montSqr(z, x.limbs, m.limbs, m.m0inv)
		if got, want := limbsToBig(z), montWantInv(xb, xb, mb, rInv); got.Cmp(want) != 0 {
			t.Fatalf("montSqr(%x) mod %x = %x, want %x", xb, mb, got, want)
		}
	})
}

// FuzzExp checks Exp, and ExpShortVarTime on the exponent's low word,
// against math/big.
func FuzzExp(f *testing.F) {
	f.Add([]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}, []byte{7}, []byte{1, 0, 1})
	f.Add(append([]byte{0x80}, make([]byte, 127)...), []byte{0xff, 0xff}, []byte{})
	f.Add([]byte{3}, []byte{2}, []byte{0xff, 0xff, 0xff})
	f.Fuzz(func(t *testing.T, mBytes, xBytes, e []byte) {
		m, mb, ok := fuzzModulus(t, mBytes)
		if !ok {
			return
		}
		if len(e) > 300 {
			e = e[:300]
		}
		n := len(m.limbs)
		xb := new(big.Int).Mod(new(big.Int).SetBytes(xBytes), mb)
		x := natFromBig(xb, n)
		eb := new(big.Int).SetBytes(e)
		want := new(big.Int).Exp(xb, eb, mb)
		if got := NewNat().Exp(x, e, m).toBig(); got.Cmp(want) != 0 {
			t.Fatalf("Exp(%x, %x) mod %x = %x, want %x", xb, e, mb, got, want)
		}
		short := uint(eb.Uint64())
		want = new(big.Int).Exp(xb, new(big.Int).SetUint64(uint64(short)), mb)
		if got := NewNat().ExpShortVarTime(x, short, m).toBig(); got.Cmp(want) != 0 {
			t.Fatalf("ExpShortVarTime(%x, %d) mod %x = %x, want %x", xb, short, mb, got, want)
		}
	})
}
