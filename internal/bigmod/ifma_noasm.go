//go:build !amd64 || purego

package bigmod

import "github.com/carry-crypto/carry/internal/impl"

// useIFMA is false where there is no assembly: Exp's calls of the IFMA
// exponentiation compile away, and moduli get no radix-2^52 constants.
const useIFMA = false

func init() { impl.Register(implIFMA, nil) }

func (z *Nat) expIFMA(x *Nat, e []byte, m *Modulus, w int) *Nat {
	panic("carry/bigmod: internal error: no IFMA kernels")
}

func expPairIFMA(z1, x1 *Nat, e1 []byte, m1 *Modulus, z2, x2 *Nat, e2 []byte, m2 *Modulus, w int) {
	panic("carry/bigmod: internal error: no IFMA kernels")
}

func (z *Nat) expShortIFMAVarTime(x *Nat, e uint, m *Modulus) *Nat {
	panic("carry/bigmod: internal error: no IFMA kernels")
}
