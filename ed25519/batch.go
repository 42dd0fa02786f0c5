package ed25519

import (
	"bytes"
	"crypto/ed25519"
	"crypto/fips140"
	"crypto/rand"

	"github.com/carry-crypto/carry/internal/edwards25519"
)

// VerifyBatch reports whether every sigs[i] is a valid Ed25519 signature of
// messages[i] by pubs[i], under the cofactored equation of
// [VerifyCofactored], checking them all at once for a fraction of the cost of
// checking them one by one.
//
// With random 128-bit z_i from crypto/rand, it checks the one equation
//
//	[8]( −(Σ z_i·S_i)·B + Σ [z_i]R_i + Σ [z_i·k_i]A_i ) = O
//
// with one variable-time multi-scalar multiplication (with one term per
// distinct key: signatures by the same key share its term), where k_i =
// SHA-512(R_i || A_i || M_i) mod l. If every signature satisfies
// [8]([S_i]B − R_i − [k_i]A_i) = O the batch is accepted; if one does not,
// the batch is rejected except with probability about 2^-128 (a forger
// cannot choose its signature knowing the z_i).
//
// The equation has the cofactor 8 because a batch equation without it
// would accept or reject a signature with a small-order component depending
// on the z_i, that is, at random. The answer is therefore [VerifyCofactored]'s
// and not always [Verify]'s: a signature crafted with a public key or an R
// that has a component of small order (and one with a non-canonical
// encoding of R) may be accepted here and rejected by Verify. Honest
// signers never produce one. Where answers must equal crypto/ed25519's, use
// [VerifyBatchExact].
//
// It returns false if the three slices differ in length, if any key is not
// 32 bytes long (Verify panics on those) or any signature not 64 bytes long,
// if any S is not below l, or if any key or R fails to decode. An empty
// batch is valid: VerifyBatch(nil, nil, nil) is true. Only pure Ed25519 is
// batched, not Ed25519ctx or Ed25519ph.
//
// VerifyBatch runs in variable time: everything it reads is public.
func VerifyBatch(pubs []PublicKey, messages, sigs [][]byte) bool {
	n := len(pubs)
	if len(messages) != n || len(sigs) != n {
		return false
	}
	if n == 0 {
		return true
	}

	// Scalars and points for the multi-scalar multiplication: B first, then
	// R_1..R_n, then the distinct keys, each once with the sum of its
	// coefficients (a batch by one signer has one key term, not n).
	scalarStore := make([]edwards25519.Scalar, 2*n+1)
	pointStore := make([]edwards25519.Point, 2*n+1)
	scalars := make([]*edwards25519.Scalar, 1+n, 2*n+1)
	points := make([]*edwards25519.Point, 1+n, 2*n+1)
	for i := range scalars {
		scalars[i] = &scalarStore[i]
		points[i] = &pointStore[i]
	}
	points[0].Set(edwards25519.NewGeneratorPoint())
	keyIndex := make(map[[PublicKeySize]byte]int, n) // key -> its term

	// 128-bit coefficients: 16 random bytes in the low half of a 32-byte
	// little-endian integer, always below l.
	zBytes := make([]byte, 16*n)
	rand.Read(zBytes)

	var z, S, k, zS, zk edwards25519.Scalar
	var zBuf [32]byte
	sumZS := scalars[0] // Σ z_i·S_i, negated at the end
	for i := range n {
		pub, sig := pubs[i], sigs[i]
		if len(pub) != PublicKeySize || len(sig) != SignatureSize {
			return false
		}
		if _, err := S.SetCanonicalBytes(sig[32:]); err != nil {
			return false
		}
		if _, err := points[1+i].SetBytes(sig[:32]); err != nil {
			return false
		}
		j, ok := keyIndex[[PublicKeySize]byte(pub)]
		if !ok {
			j = len(points)
			points = append(points, &pointStore[j])
			scalars = append(scalars, &scalarStore[j]) // zero
			if _, err := points[j].SetBytes(pub); err != nil {
				return false
			}
			keyIndex[[PublicKeySize]byte(pub)] = j
		}
		challenge(&k, sig[:32], pub, messages[i], domPure, "")

		copy(zBuf[:16], zBytes[16*i:])
		if _, err := z.SetCanonicalBytes(zBuf[:]); err != nil {
			panic("carry/ed25519: internal error: a 128-bit scalar is not canonical")
		}
		scalars[1+i].Set(&z)
		scalars[j].Add(scalars[j], zk.Multiply(&z, &k))
		sumZS.Add(sumZS, zS.Multiply(&z, &S))
	}
	sumZS.Negate(sumZS)

	var P edwards25519.Point
	P.VarTimeMultiScalarMult(scalars, points)
	P.MultByCofactor(&P)
	return P.Equal(edwards25519.NewIdentityPoint()) == 1
}

// VerifyBatchExact reports whether every sigs[i] is a valid signature of
// messages[i] by pubs[i] as [Verify] decides it: its answer is exactly
// "Verify is true for every i", for every input. It returns false, instead of
// panicking as Verify does, when a key is not 32 bytes long, and false when
// the three slices differ in length; an empty batch is valid.
//
// It costs as much as verifying the signatures one by one (it stops at the
// first invalid one). No batch equation gives Verify's answers for less.
// Verify rejects a signature whose only fault is a component of small order
// in [S]B − R − [k]A. A random combination of the n equations without the
// cofactor loses such a component with a probability as high as 1/2 (a
// component of order 2 vanishes whenever its coefficient is even), and with
// the cofactor it loses it always; telling instead whether each key and each
// R is free of such components takes a multiplication by l per point,
// which costs more than a verification. Use [VerifyBatch] where the
// cofactored answer is acceptable.
//
// VerifyBatchExact runs in variable time: everything it reads is public.
func VerifyBatchExact(pubs []PublicKey, messages, sigs [][]byte) bool {
	n := len(pubs)
	if len(messages) != n || len(sigs) != n {
		return false
	}
	if fips140.Enabled() {
		for i := range n {
			if len(pubs[i]) != PublicKeySize || !ed25519.Verify(pubs[i], messages[i], sigs[i]) {
				return false
			}
		}
		return true
	}
	var A edwards25519.Point
	for i := range n {
		if len(pubs[i]) != PublicKeySize {
			return false
		}
		// A run of signatures by one key decodes it once.
		if i == 0 || !bytes.Equal(pubs[i], pubs[i-1]) {
			if _, err := A.SetBytes(pubs[i]); err != nil {
				return false
			}
		}
		if verifyVarTime(&A, pubs[i], messages[i], sigs[i], domPure, "") != nil {
			return false
		}
	}
	return true
}
