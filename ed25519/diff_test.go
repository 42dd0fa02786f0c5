package ed25519

import (
	"bytes"
	"crypto"
	"crypto/ed25519"
	"crypto/sha512"
	"math/big"
	mathrand "math/rand/v2"
	"testing"

	"github.com/carry-crypto/carry/internal/edwards25519"
	"github.com/carry-crypto/carry/internal/testutil"
)

// smallOrder holds the canonical encodings of the eight points of order
// dividing 8: the identity, the point of order 2, the two of order 4 and
// the four of order 8.
var smallOrder = []string{
	"0100000000000000000000000000000000000000000000000000000000000000",
	"ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
	"0000000000000000000000000000000000000000000000000000000000000000",
	"0000000000000000000000000000000000000000000000000000000000000080",
	"26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
	"26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85",
	"c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
	"c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa",
}

// oddEncodings returns the encodings next to the edge of the field: y and
// y + p for y = 0..18 (the only values with a second, non-canonical
// encoding below 2^255) and y = p − 1, each with both sign bits, and the
// eight small-order points. Some are not on the curve; some are small-order
// points in non-canonical form.
func oddEncodings(t testing.TB) [][]byte {
	var out [][]byte
	p := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19))
	for y := int64(-1); y < 19; y++ {
		vs := []*big.Int{new(big.Int).Add(p, big.NewInt(y))}
		if y >= 0 {
			vs = append(vs, big.NewInt(y))
		}
		for _, v := range vs {
			for _, sign := range []byte{0, 0x80} {
				b := leBytes(v)
				b[31] |= sign
				out = append(out, b)
			}
		}
	}
	for _, s := range smallOrder {
		out = append(out, testutil.MustHex(t, s))
	}
	return out
}

// leBytes returns v < 2^256 as 32 little-endian bytes.
func leBytes(v *big.Int) []byte {
	b := v.FillBytes(make([]byte, 32))
	for i, j := 0, 31; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	return b
}

// orderL is l, the order of the basepoint.
var orderL, _ = new(big.Int).SetString("7237005577332262213973186563042994240857116359379907606001950938285454250989", 10)

// plusL returns the 32-byte little-endian encoding of s + l.
func plusL(s []byte) []byte {
	r := bytes.Clone(s)
	for i, j := 0, 31; i < j; i, j = i+1, j-1 {
		r[i], r[j] = r[j], r[i]
	}
	return leBytes(new(big.Int).Add(new(big.Int).SetBytes(r), orderL))
}

// addTorsion returns the encoding of the point of pub plus the small-order
// point of encoding tor.
func addTorsion(t testing.TB, pub []byte, tor string) []byte {
	var A, T edwards25519.Point
	if _, err := A.SetBytes(pub); err != nil {
		t.Fatal(err)
	}
	if _, err := T.SetBytes(testutil.MustHex(t, tor)); err != nil {
		t.Fatal(err)
	}
	return A.Add(&A, &T).Bytes()
}

// signTorsion returns a key and a signature of msg made with k's secret
// scalar s and the nonce r, with points of small order added: the key is
// A = [s]B + torA and R = [r]B + torR, and S = r + k·s for the challenge k
// over these A and R. Then [S]B − R − [k]A = −torR − [k]torA: Verify accepts
// exactly when that is the identity, and VerifyCofactored always.
func signTorsion(t testing.TB, priv PrivateKey, r *edwards25519.Scalar, msg []byte, torA, torR string) (pub, sig []byte) {
	k := mustExpand(t, priv)
	var A, R, T edwards25519.Point
	A.ScalarBaseMultScalar(&k.s)
	if _, err := T.SetBytes(testutil.MustHex(t, torA)); err != nil {
		t.Fatal(err)
	}
	pub = A.Add(&A, &T).Bytes()
	R.ScalarBaseMultScalar(r)
	if _, err := T.SetBytes(testutil.MustHex(t, torR)); err != nil {
		t.Fatal(err)
	}
	sig = R.Add(&R, &T).Bytes()
	var c, S edwards25519.Scalar
	challenge(&c, sig, pub, msg, domPure, "")
	S.MultiplyAdd(&c, &k.s, r)
	return pub, append(sig, S.Bytes()...)
}

func randBytes(rnd *mathrand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(rnd.Uint32())
	}
	return b
}

func flipBit(rnd *mathrand.Rand, b []byte, lo, hi int) []byte {
	b = bytes.Clone(b)
	i := lo*8 + rnd.IntN((hi-lo)*8)
	b[i/8] ^= 1 << (i % 8)
	return b
}

// verifyCase is one (key, message, signature) triple and what it tests.
type verifyCase struct {
	kind          string
	pub, msg, sig []byte
}

// checkAgainstStd checks the verification functions on c against
// crypto/ed25519: Verify answers as its Verify, VerifyWithOptions returns
// its error, and VerifyCofactored accepts at least what it accepts. With
// batches, it also checks that one-item batches answer as Verify
// (VerifyBatchExact) and as VerifyCofactored (VerifyBatch). It returns
// crypto/ed25519's answer.
func checkAgainstStd(t *testing.T, c verifyCase, batches bool) bool {
	t.Helper()
	wantErr := ed25519.VerifyWithOptions(c.pub, c.msg, c.sig, &ed25519.Options{})
	want := wantErr == nil
	if got := Verify(c.pub, c.msg, c.sig); got != want {
		t.Fatalf("%s: Verify(%x, %x, %x) = %v, crypto/ed25519 says %v", c.kind, c.pub, c.msg, c.sig, got, want)
	}
	if got := VerifyWithOptions(c.pub, c.msg, c.sig, &ed25519.Options{}); errString(got) != errString(wantErr) {
		t.Fatalf("%s: VerifyWithOptions(%x, %x, %x) = %q, crypto/ed25519 says %q", c.kind, c.pub, c.msg, c.sig, errString(got), errString(wantErr))
	}
	cof := VerifyCofactored(c.pub, c.msg, c.sig)
	if want && !cof {
		t.Fatalf("%s: VerifyCofactored(%x, %x, %x) rejects what Verify accepts", c.kind, c.pub, c.msg, c.sig)
	}
	if !batches {
		return want
	}
	batch := []ed25519.PublicKey{c.pub}
	if got := VerifyBatchExact(batch, [][]byte{c.msg}, [][]byte{c.sig}); got != want {
		t.Fatalf("%s: VerifyBatchExact(%x, %x, %x) = %v, crypto/ed25519 says %v", c.kind, c.pub, c.msg, c.sig, got, want)
	}
	if got := VerifyBatch(batch, [][]byte{c.msg}, [][]byte{c.sig}); got != cof {
		t.Fatalf("%s: VerifyBatch(%x, %x, %x) = %v, VerifyCofactored = %v", c.kind, c.pub, c.msg, c.sig, got, cof)
	}
	return want
}

// TestDifferential signs random messages with random keys and checks the
// signatures byte for byte against crypto/ed25519 (Ed25519, Ed25519ctx and
// Ed25519ph), then checks that verification agrees with crypto/ed25519 on
// the valid signature and on mangled ones: a bit flipped in R, S, the key
// or the message, S + l, keys and R of small order, non-canonical
// encodings of keys and R, keys with a small-order component, and random
// bytes.
func TestDifferential(t *testing.T) {
	iters := 2000
	if testing.Short() {
		iters = 100
	}
	if *long {
		iters = 50_000
	}
	rnd := testutil.Rand(t)
	odd := oddEncodings(t)
	cases, accepted := map[string]int{}, map[string]int{}
	for iter := range iters {
		seed := randBytes(rnd, SeedSize)
		msg := randBytes(rnd, rnd.IntN(300))
		k, std := mustKey(t, seed)
		signer := mustSigner(t, k)
		sig := Sign(k, msg)
		if want := ed25519.Sign(std, msg); !bytes.Equal(sig, want) {
			t.Fatalf("Sign(%x, %x) = %x, crypto/ed25519 says %x", seed, msg, sig, want)
		}
		ctx := string(randBytes(rnd, 1+rnd.IntN(40)))
		digest := sha512.Sum512(msg)
		for _, o := range []*ed25519.Options{{Context: ctx}, {Hash: crypto.SHA512}, {Hash: crypto.SHA512, Context: ctx}} {
			in := msg
			if o.Hash == crypto.SHA512 {
				in = digest[:]
			}
			got, err := signer.Sign(nil, in, o)
			want, wantErr := std.Sign(nil, in, o)
			if err != nil || wantErr != nil || !bytes.Equal(got, want) {
				t.Fatalf("Sign(%x, %x, %+v) = %x, %v; crypto/ed25519 says %x, %v", seed, in, o, got, err, want, wantErr)
			}
			if err := VerifyWithOptions(publicKey(k), in, got, o); err != nil {
				t.Fatalf("VerifyWithOptions(%+v): %v", o, err)
			}
		}

		pub := []byte(publicKey(k))
		tor := smallOrder[4+rnd.IntN(4)]
		oddA, oddR := odd[rnd.IntN(len(odd))], odd[rnd.IntN(len(odd))]
		small := testutil.MustHex(t, smallOrder[rnd.IntN(len(smallOrder))])
		msgFlip := append(bytes.Clone(msg), 0)
		if len(msg) > 0 {
			msgFlip = flipBit(rnd, msg, 0, len(msg))
		}
		var nonce edwards25519.Scalar
		nonce.SetUniformBytes(randBytes(rnd, 64))
		torsionCase := func(kind, torR string) verifyCase {
			torA := tor
			if kind == "R + small-order point" {
				torA = smallOrder[0]
			}
			p, s := signTorsion(t, k, &nonce, msg, torA, torR)
			if !VerifyCofactored(p, msg, s) {
				t.Fatalf("%s: VerifyCofactored rejects a signature valid up to small-order points", kind)
			}
			return verifyCase{kind, p, msg, s}
		}
		list := []verifyCase{
			{"valid", pub, msg, sig},
			{"R bit flipped", pub, msg, flipBit(rnd, sig, 0, 32)},
			{"S bit flipped", pub, msg, flipBit(rnd, sig, 32, 64)},
			{"A bit flipped", flipBit(rnd, pub, 0, 32), msg, sig},
			{"message changed", pub, msgFlip, sig},
			{"S + l", pub, msg, append(bytes.Clone(sig[:32]), plusL(sig[32:])...)},
			{"small-order A, R, S = 0", small, msg, append(bytes.Clone(oddR), make([]byte, 32)...)},
			{"small-order A, S kept", small, msg, sig},
			{"small-order R", pub, msg, append(bytes.Clone(oddR), sig[32:]...)},
			{"odd A", oddA, msg, sig},
			{"odd A and R", oddA, msg, append(bytes.Clone(oddR), sig[32:]...)},
			{"A with a component of order 8", addTorsion(t, pub, tor), msg, sig},
			torsionCase("A + T8, signed for it", smallOrder[0]),
			torsionCase("R + small-order point", smallOrder[1+rnd.IntN(7)]),
			torsionCase("A + T8 and R + T8, signed", smallOrder[4+rnd.IntN(4)]),
			{"random signature", pub, msg, randBytes(rnd, 64)},
		}
		for _, c := range list {
			cases[c.kind]++
			// One-item batches for one key in four: they run the same
			// checks as Verify and VerifyCofactored.
			if checkAgainstStd(t, c, iter%4 == 0) {
				accepted[c.kind]++
			}
		}
	}
	total := 0
	for kind, n := range cases {
		total += n
		t.Logf("%-32s %6d cases, %6d accepted", kind, n, accepted[kind])
	}
	if accepted["valid"] != iters {
		t.Errorf("%d of %d valid signatures accepted", accepted["valid"], iters)
	}
	// Small-order keys with small-order R and S = 0 verify when R =
	// −[k]A, about one time in eight: both answers must occur.
	if !testing.Short() && (accepted["small-order A, R, S = 0"] == 0 || accepted["small-order A, R, S = 0"] == iters) {
		t.Errorf("small-order keys: %d of %d accepted; the cases do not exercise both answers", accepted["small-order A, R, S = 0"], iters)
	}
	// A key with a component of order 8, signed for: Verify accepts when
	// k ≡ 0 mod 8, one time in eight; and never with only R off by a
	// small-order point.
	if n := accepted["A + T8, signed for it"]; !testing.Short() && (n == 0 || n > iters/4) {
		t.Errorf("keys with a component of order 8: %d of %d accepted, expected about one in eight", n, iters)
	}
	if n := accepted["R + small-order point"]; n != 0 {
		t.Errorf("R off by a small-order point: %d accepted", n)
	}
	t.Logf("%d differential cases", total)
}

// TestNonCanonicalEncodings checks every odd encoding as a key and as R
// against crypto/ed25519, with S = 0 and with the S of a valid signature.
func TestNonCanonicalEncodings(t *testing.T) {
	odd := oddEncodings(t)
	k, _ := mustKey(t, bytes.Repeat([]byte{9}, 32))
	msg := []byte("non-canonical")
	sig := Sign(k, msg)
	n := 0
	step := 1
	if testing.Short() {
		step = 21
	}
	for _, a := range odd {
		for j := 0; j < len(odd); j += step {
			r := odd[j]
			for _, s := range [][]byte{make([]byte, 32), sig[32:]} {
				checkAgainstStd(t, verifyCase{"odd key and R", a, msg, append(bytes.Clone(r), s...)}, j%4 == 0)
				n++
			}
		}
		checkAgainstStd(t, verifyCase{"odd key", a, msg, sig}, true)
		checkAgainstStd(t, verifyCase{"odd R", publicKey(k), msg, append(bytes.Clone(a), sig[32:]...)}, true)
		n += 2
	}
	t.Logf("%d cases", n)
}
