package ed25519

import (
	"bytes"
	"crypto/ed25519"
	"testing"

	"github.com/carry-crypto/carry/internal/edwards25519"
	"github.com/carry-crypto/carry/internal/testutil"
)

// signedBatch returns n valid signatures by n random keys on random
// messages.
func signedBatch(t testing.TB, n int) ([]ed25519.PublicKey, [][]byte, [][]byte) {
	t.Helper()
	rnd := testutil.Rand(t)
	pubs := make([]ed25519.PublicKey, n)
	msgs := make([][]byte, n)
	sigs := make([][]byte, n)
	for i := range n {
		k, _ := mustKey(t, randBytes(rnd, SeedSize))
		pubs[i] = publicKey(k)
		msgs[i] = randBytes(rnd, rnd.IntN(100))
		sigs[i] = Sign(k, msgs[i])
	}
	return pubs, msgs, sigs
}

// TestVerifyBatchSizes checks VerifyBatch and VerifyBatchExact on valid
// batches of every size from 1 to 256 (with -short, a selection).
func TestVerifyBatchSizes(t *testing.T) {
	pubs, msgs, sigs := signedBatch(t, 256)
	sizes := make([]int, 0, 256)
	for n := 1; n <= 256; n++ {
		if !testing.Short() || n <= 16 || n == 31 || n == 32 || n == 33 || n == 64 || n == 100 || n == 256 {
			sizes = append(sizes, n)
		}
	}
	for _, n := range sizes {
		if !VerifyBatch(pubs[:n], msgs[:n], sigs[:n]) {
			t.Errorf("VerifyBatch rejects a valid batch of %d", n)
		}
		if !VerifyBatchExact(pubs[:n], msgs[:n], sigs[:n]) {
			t.Errorf("VerifyBatchExact rejects a valid batch of %d", n)
		}
	}
	// Keys repeated within a batch (one signer, many messages).
	same := make([]ed25519.PublicKey, 64)
	sameMsgs := make([][]byte, 64)
	sameSigs := make([][]byte, 64)
	k, _ := mustKey(t, bytes.Repeat([]byte{4}, 32))
	for i := range same {
		same[i] = publicKey(k)
		sameMsgs[i] = []byte{byte(i)}
		sameSigs[i] = Sign(k, sameMsgs[i])
	}
	if !VerifyBatch(same, sameMsgs, sameSigs) || !VerifyBatchExact(same, sameMsgs, sameSigs) {
		t.Errorf("VerifyBatch or VerifyBatchExact rejects a valid batch by one key")
	}
	// One bad signature among them, and keys mixed: the key's shared term
	// must still carry each signature's coefficient.
	for _, pos := range []int{0, 17, 63} {
		bad := append([][]byte(nil), sameMsgs...)
		bad[pos] = []byte{0xff, byte(pos)}
		if VerifyBatch(same, bad, sameSigs) || VerifyBatchExact(same, bad, sameSigs) {
			t.Errorf("VerifyBatch or VerifyBatchExact accepts a batch by one key with a bad message at %d", pos)
		}
	}
	mixed := append([]ed25519.PublicKey(nil), same...)
	mixedMsgs := append([][]byte(nil), sameMsgs...)
	mixedSigs := append([][]byte(nil), sameSigs...)
	for i := 0; i < 64; i += 3 {
		mixed[i], mixedMsgs[i], mixedSigs[i] = pubs[i], msgs[i], sigs[i]
	}
	if !VerifyBatch(mixed, mixedMsgs, mixedSigs) || !VerifyBatchExact(mixed, mixedMsgs, mixedSigs) {
		t.Errorf("VerifyBatch or VerifyBatchExact rejects a valid batch by one key and 22 others")
	}
	mixedSigs[30] = mixedSigs[31]
	if VerifyBatch(mixed, mixedMsgs, mixedSigs) || VerifyBatchExact(mixed, mixedMsgs, mixedSigs) {
		t.Errorf("VerifyBatch or VerifyBatchExact accepts a batch with a signature of another message")
	}
	t.Logf("%d batch sizes", len(sizes))
}

// TestVerifyBatchOneBad puts one bad item at every position of batches of
// a few sizes: a signature with a bit flipped in R or S, another message,
// another key, S + l, a short signature, a key that does not decode.
// VerifyBatch and VerifyBatchExact must reject every one.
func TestVerifyBatchOneBad(t *testing.T) {
	pubs, msgs, sigs := signedBatch(t, 64)
	rnd := testutil.Rand(t)
	notOnCurve := make([]byte, 32)
	notOnCurve[0] = 2
	sizes := []int{1, 2, 3, 7, 64}
	if testing.Short() {
		sizes = []int{1, 2, 7}
	}
	type mangle func(pub, msg, sig []byte) (p, m, s []byte)
	mangles := map[string]mangle{
		"R bit": func(p, m, s []byte) ([]byte, []byte, []byte) { return p, m, flipBit(rnd, s, 0, 32) },
		"S bit": func(p, m, s []byte) ([]byte, []byte, []byte) { return p, m, flipBit(rnd, s, 32, 64) },
		"message": func(p, m, s []byte) ([]byte, []byte, []byte) {
			return p, append(bytes.Clone(m), 1), s
		},
		"key": func(p, m, s []byte) ([]byte, []byte, []byte) { return pubs[(int(p[0])+1)%len(pubs)], m, s },
		"S + l": func(p, m, s []byte) ([]byte, []byte, []byte) {
			return p, m, append(bytes.Clone(s[:32]), plusL(s[32:])...)
		},
		"short": func(p, m, s []byte) ([]byte, []byte, []byte) { return p, m, s[:63] },
		"bad key": func(p, m, s []byte) ([]byte, []byte, []byte) {
			return notOnCurve, m, s
		},
	}
	n := 0
	for _, size := range sizes {
		for pos := range size {
			for name, f := range mangles {
				p := append([]ed25519.PublicKey(nil), pubs[:size]...)
				m := append([][]byte(nil), msgs[:size]...)
				s := append([][]byte(nil), sigs[:size]...)
				var pp []byte
				pp, m[pos], s[pos] = f(p[pos], m[pos], s[pos])
				p[pos] = pp
				if ed25519.Verify(p[pos], m[pos], s[pos]) {
					continue // a key swap that happens to match: not a bad item
				}
				n++
				if VerifyBatch(p, m, s) {
					t.Errorf("VerifyBatch accepts a batch of %d with a bad item (%s) at %d", size, name, pos)
				}
				if VerifyBatchExact(p, m, s) {
					t.Errorf("VerifyBatchExact accepts a batch of %d with a bad item (%s) at %d", size, name, pos)
				}
			}
		}
	}
	t.Logf("%d batches with one bad item", n)
}

func TestVerifyBatchShapes(t *testing.T) {
	pubs, msgs, sigs := signedBatch(t, 3)
	for name, f := range map[string]func([]ed25519.PublicKey, [][]byte, [][]byte) bool{
		"VerifyBatch": VerifyBatch, "VerifyBatchExact": VerifyBatchExact,
	} {
		if !f(nil, nil, nil) || !f([]ed25519.PublicKey{}, [][]byte{}, [][]byte{}) {
			t.Errorf("%s rejects the empty batch", name)
		}
		if f(pubs[:2], msgs, sigs) || f(pubs, msgs[:2], sigs) || f(pubs, msgs, sigs[:2]) {
			t.Errorf("%s accepts slices of different lengths", name)
		}
		if !f(pubs, msgs, sigs) {
			t.Errorf("%s rejects a valid batch", name)
		}
	}
}

// TestVerifyBatchSmallOrderDiscrepancy builds the signature on which the
// cofactored batch equation and Verify disagree, as VerifyBatch's
// documentation warns: a key A = [a]B + T with T of order 8, signed
// honestly with a, so that [S]B − R − [k]A = −[k]T. Verify (and
// crypto/ed25519) reject it unless k is a multiple of 8; VerifyCofactored
// and VerifyBatch accept it; VerifyBatchExact rejects it.
func TestVerifyBatchSmallOrderDiscrepancy(t *testing.T) {
	k, _ := mustKey(t, bytes.Repeat([]byte{0x42}, 32))
	found := false
	for i := range 64 {
		msg := []byte{byte(i)}
		var r edwards25519.Scalar
		r.SetUniformBytes(bytes.Repeat([]byte{byte(i + 1)}, 64))
		pub, sig := signTorsion(t, k, &r, msg, smallOrder[4], smallOrder[0])
		if ed25519.Verify(pub, msg, sig) {
			continue // k ≡ 0 mod 8: the torsion term vanishes
		}
		found = true
		if Verify(pub, msg, sig) {
			t.Errorf("Verify accepts what crypto/ed25519 rejects")
		}
		if !VerifyCofactored(pub, msg, sig) {
			t.Errorf("VerifyCofactored rejects a signature valid up to a point of order 8")
		}
		pubs, msgs, sigs := signedBatch(t, 9)
		pubs[4], msgs[4], sigs[4] = pub, msg, sig
		if !VerifyBatch(pubs, msgs, sigs) {
			t.Errorf("VerifyBatch rejects the batch; its cofactored equation should accept it")
		}
		if VerifyBatchExact(pubs, msgs, sigs) {
			t.Errorf("VerifyBatchExact accepts a batch with a signature Verify rejects")
		}
		break
	}
	if !found {
		t.Fatal("no message gave a challenge that is not a multiple of 8")
	}
}

// TestVerifyBatchCancellingPair moves δ from the S of one valid signature
// to the S of another: the sum of the two equations still holds, so a batch
// check without random coefficients would accept the pair, and VerifyBatch
// must not.
func TestVerifyBatchCancellingPair(t *testing.T) {
	pubs, msgs, sigs := signedBatch(t, 8)
	var delta, s0, s1 edwards25519.Scalar
	delta.SetUniformBytes(bytes.Repeat([]byte{0x33}, 64))
	if _, err := s0.SetCanonicalBytes(sigs[2][32:]); err != nil {
		t.Fatal(err)
	}
	if _, err := s1.SetCanonicalBytes(sigs[5][32:]); err != nil {
		t.Fatal(err)
	}
	sigs[2] = append(bytes.Clone(sigs[2][:32]), s0.Add(&s0, &delta).Bytes()...)
	sigs[5] = append(bytes.Clone(sigs[5][:32]), s1.Subtract(&s1, &delta).Bytes()...)
	for i := range 20 {
		if VerifyBatch(pubs, msgs, sigs) {
			t.Fatalf("run %d: VerifyBatch accepts two invalid signatures whose errors cancel in a plain sum", i)
		}
	}
}

// TestCofactoredSmallOrder checks the ZIP 215 property: with S = 0, every
// key and R among the 14 encodings of points of small order (the 8
// canonical ones, x = 0 with the sign bit set, and y = 0 and y = 1 encoded
// as y + p) verify under the cofactored equation, one by one and all 196
// pairs in one batch, while Verify agrees with crypto/ed25519 on each.
func TestCofactoredSmallOrder(t *testing.T) {
	var encs [][]byte
	for _, b := range oddEncodings(t) {
		var P edwards25519.Point
		if _, err := P.SetBytes(b); err != nil {
			continue
		}
		if P.MultByCofactor(&P).Equal(edwards25519.NewIdentityPoint()) == 1 {
			encs = append(encs, b)
		}
	}
	// oddEncodings lists the 8 canonical encodings twice (once among the
	// y < 19 encodings); count distinct ones.
	seen := map[string]bool{}
	var distinct [][]byte
	for _, b := range encs {
		if !seen[string(b)] {
			seen[string(b)] = true
			distinct = append(distinct, b)
		}
	}
	if len(distinct) != 14 {
		t.Fatalf("%d encodings of small-order points, want 14", len(distinct))
	}
	msg := []byte("Zcash")
	var pubs []ed25519.PublicKey
	var msgs, sigs [][]byte
	for _, a := range distinct {
		for _, r := range distinct {
			sig := append(bytes.Clone(r), make([]byte, 32)...)
			if !VerifyCofactored(a, msg, sig) {
				t.Errorf("VerifyCofactored(%x, R = %x, S = 0) is false", a, r)
			}
			if got, want := Verify(a, msg, sig), ed25519.Verify(a, msg, sig); got != want {
				t.Errorf("Verify(%x, R = %x, S = 0) = %v, crypto/ed25519 says %v", a, r, got, want)
			}
			pubs, msgs, sigs = append(pubs, a), append(msgs, msg), append(sigs, sig)
		}
	}
	if !VerifyBatch(pubs, msgs, sigs) {
		t.Errorf("VerifyBatch rejects the 196 small-order pairs")
	}
}
