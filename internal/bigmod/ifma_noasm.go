//go:build !amd64 || purego

package bigmod

// useIFMA is false where there is no assembly: Exp's calls of the IFMA
// exponentiation compile away.
const useIFMA = false

// ifmaCapable is false where there are no IFMA kernels: moduli get no
// radix-2^52 constants.
const ifmaCapable = false

func (z *Nat) expIFMA(x *Nat, e []byte, m *Modulus, w int) *Nat {
	panic("carry/bigmod: internal error: no IFMA kernels")
}

func expPairIFMA(z1, x1 *Nat, e1 []byte, m1 *Modulus, z2, x2 *Nat, e2 []byte, m2 *Modulus, w int) {
	panic("carry/bigmod: internal error: no IFMA kernels")
}

func (z *Nat) expShortIFMAVarTime(x *Nat, e uint, m *Modulus) *Nat {
	panic("carry/bigmod: internal error: no IFMA kernels")
}
