// Package bigmod implements constant-time arithmetic modulo odd numbers of
// 512 to 8192 bits, for RSA: conversions to and from big-endian bytes,
// reduction, addition, subtraction, multiplication and exponentiation.
//
// # Representation
//
// A [Nat] is a natural number in little-endian 64-bit limbs, W = 2^64. Its
// limb count is its announced size: public, and for most operations that of
// the [Modulus] they work modulo. A Modulus m of n limbs works in the
// Montgomery domain of R = W^n: it holds m0inv = -m⁻¹ mod W, R mod m and
// R² mod m. The Montgomery kernels (mont.go) multiply by the CIOS method
// with the reduction fused into the product loop as a second carry chain.
//
// On CPUs with AVX-512 IFMA, Exp, ExpPair and ExpShortVarTime modulo 1024,
// 1536, 2048, 3072 and 4096 bits (the CRT halves of RSA-2048, 3072 and 4096,
// and the RSA moduli) work instead in radix 2^52, values of 20 to 80 digits
// in 64-bit lanes, by an almost-Montgomery multiplication on
// VPMADD52LUQ/HUQ (radix52.go, ifma_amd64.go, the generator in _asm); the
// values are converted at entry and exit only.
//
// # Constant time
//
// Every function runs in time that depends on the limb counts of its
// arguments and on the bit length of the modulus (the "announced" sizes),
// and not on their values: there are no branches, memory indices or
// variable-time instructions that depend on them. Secret conditions are
// [choice] values, 1 or 0, applied through masks; a limb comparison is the
// borrow of a subtraction. The exceptions say so and carry the suffix
// VarTime; each names its public inputs. A refused input (SetBytes of a
// value not below the modulus, say) returns early: the timing then reveals
// that it was refused, which the error says anyway.
//
// # Errors and panics
//
// Decoding a value an attacker chose returns an error and leaves the
// receiver unchanged. A panic means a caller broke a documented size
// contract (limb counts that do not match); its message starts with
// "bigmod: internal error" or "bigmod:".
package bigmod

import (
	"errors"
	"math/bits"
)

const (
	// MinModulusBits and MaxModulusBits bound the bit length of a Modulus.
	MinModulusBits = 512
	MaxModulusBits = 8192

	// preallocLimbs is the capacity NewNat reserves: 2048 bits, the modulus
	// of RSA-2048 and the CRT halves of RSA-4096.
	preallocLimbs = 2048 / 64

	// stackLimbs is the largest limb count for which the operations keep
	// their scratch space in arrays on the stack, and so do not allocate:
	// 4096 bits, the modulus of RSA-4096. Larger moduli allocate it.
	stackLimbs = 4096 / 64
)

// Nat is a natural number of a fixed number of 64-bit limbs, its announced
// size, which operations may leak; its value they do not.
//
// The zero value is a valid Nat of zero limbs; [NewNat] returns one with
// room reserved. Methods take their result in the receiver and return it.
// Unless a method says otherwise its receiver may alias its arguments.
type Nat struct {
	// limbs is little-endian: the value is Σ limbs[i]·2^(64i).
	limbs []uint64
}

// NewNat returns a Nat of zero limbs with capacity for 2048 bits. It inlines,
// so the Nat and its limbs can live on the caller's stack.
func NewNat() *Nat {
	limbs := make([]uint64, 0, preallocLimbs)
	return &Nat{limbs}
}

// ExpandFor sets x to m's limb count, keeping its value, and returns x. x
// must not have more limbs than m; ExpandFor panics otherwise.
func (x *Nat) ExpandFor(m *Modulus) *Nat {
	n := len(m.limbs)
	if len(x.limbs) > n {
		panic("carry/bigmod: ExpandFor of a Nat larger than the modulus")
	}
	if cap(x.limbs) < n {
		limbs := make([]uint64, n)
		copy(limbs, x.limbs)
		x.limbs = limbs
		return x
	}
	old := len(x.limbs)
	x.limbs = x.limbs[:n]
	clear(x.limbs[old:])
	return x
}

// limbFromBytes returns limb i (little-endian) of the big-endian b, zero if
// b does not reach it. Which bytes it reads depends on len(b) and i only.
func limbFromBytes(b []byte, i int) uint64 {
	end := len(b) - 8*i // one past the limb's least significant byte
	var l uint64
	for k := 0; k < 8; k++ {
		if p := end - 1 - k; p >= 0 {
			l += uint64(b[p]) << (8 * k)
		}
	}
	return l
}

// errTooLong and errOverflow are the decoding errors. Both say only that an
// input was refused, never which of its bits made it so.
var (
	errTooLong  = errors.New("carry/bigmod: input longer than the modulus")
	errOverflow = errors.New("carry/bigmod: input not below the modulus")
)

// SetBytes sets x = b, the big-endian b, with m's limb count, and returns x.
//
// b may be shorter than m's size in bytes (leading zeros are implied). If b
// is longer than m.Size() bytes, or its value is m or more, SetBytes returns
// an error and leaves x unchanged. Its time depends on len(b) and m's size,
// not on the value of b or m.
func (x *Nat) SetBytes(b []byte, m *Modulus) (*Nat, error) {
	if len(b) > m.Size() {
		return nil, errTooLong
	}
	// Decide first, reading b against m with a borrow chain, so that x is
	// written only when b is accepted.
	var borrow uint64
	for i, mi := range m.limbs {
		_, borrow = bits.Sub64(limbFromBytes(b, i), mi, borrow)
	}
	if borrow == 0 { // b - m did not borrow: b >= m
		return nil, errOverflow
	}
	n := len(m.limbs)
	if cap(x.limbs) < n {
		x.limbs = make([]uint64, n)
	}
	x.limbs = x.limbs[:n] // every limb is set below
	for i := range x.limbs {
		x.limbs[i] = limbFromBytes(b, i)
	}
	return x, nil
}

// Bytes returns x in big-endian form, m.Size() bytes long. x's value must be
// below 2^(8·m.Size()), as every value reduced modulo m is; Bytes panics
// otherwise.
func (x *Nat) Bytes(m *Modulus) []byte {
	return x.FillBytes(make([]byte, m.Size()))
}

// FillBytes writes x in big-endian form into all of buf, zero-padded on the
// left, and returns buf. x's value must be below 2^(8·len(buf)); FillBytes
// panics otherwise. Its time depends on len(buf) and x's limb count only.
func (x *Nat) FillBytes(buf []byte) []byte {
	clear(buf)
	var dropped uint64 // the OR of every bit that did not fit in buf
	for i, l := range x.limbs {
		for k := 0; k < 8; k++ {
			b := byte(l >> (8 * k))
			if p := len(buf) - 1 - (8*i + k); p >= 0 {
				buf[p] = b
			} else {
				dropped |= uint64(b)
			}
		}
	}
	if ctIsZero(dropped) == no {
		panic("carry/bigmod: internal error: value does not fit in the buffer")
	}
	return buf
}

// Equal returns 1 if x == y and 0 otherwise. x and y must have the same limb
// count.
func (x *Nat) Equal(y *Nat) choice {
	n := len(x.limbs)
	if len(y.limbs) != n {
		panic("carry/bigmod: internal error: Equal of Nats of different sizes")
	}
	var diff uint64
	for i, yi := range y.limbs[:n] {
		diff |= x.limbs[i] ^ yi
	}
	return ctIsZero(diff)
}
