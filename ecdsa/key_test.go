package ecdsa

import (
	"bytes"
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/hmac"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/asn1"
	"errors"
	"hash"
	"math/big"
	mathrand "math/rand/v2"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestNewPrivateKeyChecks checks that NewPrivateKey refuses what it must:
// unsupported curves, scalars outside [1, n-1], and public keys that are
// not D·G.
func TestNewPrivateKeyChecks(t *testing.T) {
	r := testutil.Rand(t)
	for _, c := range testCurves {
		std, err := ecdsa.GenerateKey(c, nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := NewPrivateKey(std); err != nil {
			t.Fatalf("%s: a valid key refused: %v", c.Params().Name, err)
		}
		// The generic implementation of the same parameters is the same
		// curve to crypto/ecdsa's VerifyASN1 and to us.
		generic := *std
		generic.Curve = c.Params()
		if _, err := NewPrivateKey(&generic); err != nil {
			t.Errorf("%s: the key with Curve = Params() refused: %v", c.Params().Name, err)
		}
		n := c.Params().N
		bad := map[string]func(k *ecdsa.PrivateKey){
			"D = 0":       func(k *ecdsa.PrivateKey) { k.D = big.NewInt(0) },
			"D = n":       func(k *ecdsa.PrivateKey) { k.D = new(big.Int).Set(n) },
			"D = n + D":   func(k *ecdsa.PrivateKey) { k.D = new(big.Int).Add(n, k.D) },
			"D = -D":      func(k *ecdsa.PrivateKey) { k.D = new(big.Int).Neg(k.D) },
			"D nil":       func(k *ecdsa.PrivateKey) { k.D = nil },
			"D = D + 1":   func(k *ecdsa.PrivateKey) { k.D = new(big.Int).Add(k.D, big.NewInt(1)) },
			"X = X + 1":   func(k *ecdsa.PrivateKey) { k.X = new(big.Int).Add(k.X, big.NewInt(1)) },
			"Y = p - Y":   func(k *ecdsa.PrivateKey) { k.Y = new(big.Int).Sub(c.Params().P, k.Y) },
			"Y = Y + p":   func(k *ecdsa.PrivateKey) { k.Y = new(big.Int).Add(c.Params().P, k.Y) },
			"X nil":       func(k *ecdsa.PrivateKey) { k.X = nil },
			"Curve P-224": func(k *ecdsa.PrivateKey) { k.Curve = elliptic.P224() },
			"Curve nil":   func(k *ecdsa.PrivateKey) { k.Curve = nil },
		}
		for name, mangle := range bad {
			k := *std
			mangle(&k)
			if _, err := NewPrivateKey(&k); err == nil {
				t.Errorf("%s: %s accepted", c.Params().Name, name)
			}
		}
		// Edge scalars, with their public keys.
		for _, d := range []*big.Int{big.NewInt(1), big.NewInt(2), new(big.Int).Sub(n, big.NewInt(1))} {
			x, y := c.ScalarBaseMult(d.FillBytes(make([]byte, scalarSize(c))))
			k, err := NewPrivateKey(&ecdsa.PrivateKey{PublicKey: ecdsa.PublicKey{Curve: c, X: x, Y: y}, D: d})
			if err != nil {
				t.Errorf("%s: D = %v refused: %v", c.Params().Name, d, err)
				continue
			}
			testSignVerify(t, k, r)
		}
	}
}

// testSignVerify signs a random digest with k, hedged and deterministic,
// and checks that carry and crypto/ecdsa both verify the signatures.
func testSignVerify(t *testing.T, k *PrivateKey, r *mathrand.Rand) {
	t.Helper()
	digest := make([]byte, 32)
	fillRand(r, digest)
	pub := k.PublicKey()
	for _, rand := range []any{nil, reader{r}} {
		var sig []byte
		var err error
		if rand == nil {
			sig, err = k.Sign(nil, digest, crypto.SHA256)
		} else {
			sig, err = k.Sign(rand.(reader), digest, crypto.SHA256)
		}
		if err != nil {
			t.Fatal(err)
		}
		if !VerifyASN1(pub, digest, sig) || !ecdsa.VerifyASN1(pub, digest, sig) {
			t.Errorf("%s: signature of %x with D = %x does not verify", pub.Curve.Params().Name, digest, k.d)
		}
	}
}

// TestKeyMethods checks Public, PublicKey, Std and Equal, and that keys are
// crypto.Signers.
func TestKeyMethods(t *testing.T) {
	r := testutil.Rand(t)
	for _, c := range testCurves {
		k, err := GenerateKey(c, reader{r})
		if err != nil {
			t.Fatal(err)
		}
		var signer crypto.Signer = k
		pub, ok := signer.Public().(*ecdsa.PublicKey)
		if !ok || pub.Curve != c {
			t.Fatalf("Public() = %T with curve %v", signer.Public(), pub.Curve)
		}
		std := k.ToStd()
		if !std.PublicKey.Equal(pub) || std.Curve != c {
			t.Errorf("Std() and Public() differ")
		}
		if x, y := c.ScalarBaseMult(std.D.Bytes()); x.Cmp(pub.X) != 0 || y.Cmp(pub.Y) != 0 {
			t.Errorf("the public key is not D·G")
		}
		again, err := NewPrivateKey(std)
		if err != nil {
			t.Fatal(err)
		}
		if !again.Equal(k) {
			t.Errorf("NewPrivateKey(k.ToStd()) is not Equal to k")
		}
		// The returned keys are copies.
		pub.X.SetInt64(1)
		std.D.SetInt64(1)
		if k.PublicKey().X.Cmp(big.NewInt(1)) == 0 || k.ToStd().D.Cmp(big.NewInt(1)) == 0 {
			t.Errorf("changing a returned key changed k")
		}
		other, err := GenerateKey(c, reader{r})
		if err != nil {
			t.Fatal(err)
		}
		if k.Equal(other) || k.Equal(std) {
			t.Errorf("Equal is true for a different key")
		}
	}
	if _, err := GenerateKey(elliptic.P224(), nil); err == nil {
		t.Errorf("GenerateKey on P-224 succeeded")
	}
}

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errors.New("broken reader") }

// TestSignErrors checks the errors of Sign, SignASN1 and GenerateKey where
// crypto/ecdsa's would fail too.
func TestSignErrors(t *testing.T) {
	k, err := GenerateKey(elliptic.P256(), nil)
	if err != nil {
		t.Fatal(err)
	}
	digest := sha256.Sum256([]byte("carry"))
	if _, err := k.Sign(nil, digest[:], nil); err == nil {
		t.Errorf("Sign with nil rand and nil opts succeeded")
	}
	if _, err := k.Sign(nil, digest[:20], crypto.SHA256); err == nil {
		t.Errorf("Sign with a digest of the wrong length succeeded")
	}
	if _, err := k.Sign(nil, digest[:], crypto.Hash(0)); err == nil {
		t.Errorf("Sign with hash 0 succeeded")
	}
	if _, err := k.Sign(errReader{}, digest[:], crypto.SHA256); err == nil {
		t.Errorf("Sign with a failing reader succeeded")
	}
	if _, err := SignASN1(errReader{}, k, digest[:]); err == nil {
		t.Errorf("SignASN1 with a failing reader succeeded")
	}
	if _, err := GenerateKey(elliptic.P256(), errReader{}); err == nil {
		t.Errorf("GenerateKey with a failing reader succeeded")
	}
	// nil rand means crypto/rand for SignASN1 and GenerateKey.
	sig, err := SignASN1(nil, k, digest[:])
	if err != nil || !VerifyASN1(k.PublicKey(), digest[:], sig) {
		t.Errorf("SignASN1(nil, ...) = %x, %v", sig, err)
	}
}

// TestHedged checks the hedged signatures: the same random bytes give the
// same signature, different messages or random bytes give different nonces,
// and a constant random source still gives valid signatures with distinct
// r for distinct messages (RFC 6979's protection).
func TestHedged(t *testing.T) {
	r := testutil.Rand(t)
	for _, c := range testCurves {
		k, err := GenerateKey(c, reader{r})
		if err != nil {
			t.Fatal(err)
		}
		d1, d2 := sha256.Sum256([]byte("one")), sha256.Sum256([]byte("two"))
		a, _ := SignASN1(constReader(0), k, d1[:])
		b, _ := SignASN1(constReader(0), k, d1[:])
		if !bytes.Equal(a, b) {
			t.Errorf("%s: the same random bytes gave two signatures", c.Params().Name)
		}
		r1, _, err := SignRaw(constReader(0), k, d1[:])
		if err != nil {
			t.Fatal(err)
		}
		r2, _, err := SignRaw(constReader(0), k, d2[:])
		if err != nil {
			t.Fatal(err)
		}
		r3, _, err := SignRaw(constReader(1), k, d1[:])
		if err != nil {
			t.Fatal(err)
		}
		det, err := k.Sign(nil, d1[:], crypto.SHA256)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Equal(r1, r2) || bytes.Equal(r1, r3) || bytes.Equal(a, det) {
			t.Errorf("%s: two signatures share a nonce", c.Params().Name)
		}
		if !VerifyASN1(k.PublicKey(), d1[:], a) || !ecdsa.VerifyASN1(k.PublicKey(), d1[:], a) {
			t.Errorf("%s: hedged signature does not verify", c.Params().Name)
		}
	}
}

// TestHedgedMatchesStd checks the hedged nonce construction byte for byte
// against crypto/ecdsa's, which uses a caller's reader only with
// GODEBUG=cryptocustomrand=1 (and then may read one extra byte first,
// which a constant reader makes harmless): it runs in a child process with
// that setting. Key generation from a constant reader is compared too.
//
// P-384 and P-521 sign as crypto/ecdsa does. P-256's DRBG takes SHA-256
// where crypto/ecdsa's takes SHA-512: refHedgedSign, an independent
// HMAC_DRBG on crypto/hmac and the signature with math/big, must equal
// crypto/ecdsa with SHA-512 (which checks the reference) and carry with
// SHA-256.
func TestHedgedMatchesStd(t *testing.T) {
	if !testutil.IsChild(t) {
		testutil.RunChild(t, "GODEBUG=cryptocustomrand=1")
		return
	}
	r := testutil.Rand(t)
	for _, c := range testCurves {
		for _, b := range []byte{0x01, 0x5a, 0x80} { // each a valid scalar: a constant that is not would loop
			std, err := ecdsa.GenerateKey(c, constReader(b))
			if err != nil {
				t.Fatal(err)
			}
			k, err := GenerateKey(c, constReader(b))
			if err != nil {
				t.Fatal(err)
			}
			if k.ToStd().D.Cmp(std.D) != 0 {
				t.Errorf("%s: GenerateKey from the constant %#x gave D = %x, crypto/ecdsa %x", c.Params().Name, b, k.ToStd().D, std.D)
			}
		}
		k, err := GenerateKey(c, reader{r})
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range []int{0, 20, 32, 48, 64, 80} {
			digest := make([]byte, n)
			fillRand(r, digest)
			for _, b := range []byte{0, 0x5a} {
				got, err := SignASN1(constReader(b), k, digest)
				if err != nil {
					t.Fatal(err)
				}
				want, err := ecdsa.SignASN1(constReader(b), k.ToStd(), digest)
				if err != nil {
					t.Fatal(err)
				}
				if c == elliptic.P256() {
					ref := refHedgedSign(t, sha512.New, k.ToStd(), b, digest)
					if !bytes.Equal(ref, want) {
						t.Fatalf("P-256: the reference with SHA-512 = %x, crypto/ecdsa %x", ref, want)
					}
					want = refHedgedSign(t, sha256.New, k.ToStd(), b, digest)
				}
				if !bytes.Equal(got, want) {
					t.Errorf("%s, digest of %d bytes: SignASN1 = %x, crypto/ecdsa %x", c.Params().Name, n, got, want)
				}
			}
		}
	}
}

// refHedgedSign is a hedged ECDSA signature written from the
// specifications, independent of the package's code: the HMAC_DRBG of SP
// 800-90A on crypto/hmac, seeded as draft-irtf-cfrg-det-sigs-with-noise-04,
// Section 4 (len(n) bytes of rand, then the key and bits2octets(hash), each
// padded to start a block of the HMAC's input), the nonce by rejection
// sampling, and (r, s) with math/big and crypto/elliptic. rand is the
// constant byte b. The curve must have an order of a whole number of bytes
// (P-256 or P-384).
func refHedgedSign(t *testing.T, h func() hash.Hash, k *ecdsa.PrivateKey, b byte, digest []byte) []byte {
	t.Helper()
	params := k.Curve.Params()
	n := params.N
	size := (n.BitLen() + 7) / 8
	if 8*size != n.BitLen() {
		t.Fatal("refHedgedSign: the order is not a whole number of bytes")
	}
	mac := func(key []byte, msg ...[]byte) []byte {
		m := hmac.New(h, key)
		for _, p := range msg {
			m.Write(p)
		}
		return m.Sum(nil)
	}
	// bits2octets: the leftmost bits of the digest, reduced modulo n.
	e := new(big.Int).SetBytes(digest)
	if excess := 8*len(digest) - n.BitLen(); excess > 0 {
		e.Rsh(e, uint(excess))
	}
	e.Mod(e, n)
	h1 := e.FillBytes(make([]byte, size))
	seed := bytes.Repeat([]byte{b}, size)
	hs, bs := h().Size(), h().BlockSize()
	pad := func(written int) []byte { return make([]byte, (bs-written%bs)%bs) }
	at := hs + 1 + len(seed)
	seed = append(seed, pad(at)...)
	seed = append(seed, k.D.FillBytes(make([]byte, size))...)
	seed = append(seed, pad(size)...)
	seed = append(seed, h1...)

	K := make([]byte, hs)
	V := bytes.Repeat([]byte{1}, hs)
	update := func(data []byte) {
		K = mac(K, V, []byte{0}, data)
		V = mac(K, V)
		if data != nil {
			K = mac(K, V, []byte{1}, data)
			V = mac(K, V)
		}
	}
	update(seed)
	var kk *big.Int
	for {
		var T []byte
		for len(T) < size {
			V = mac(K, V)
			T = append(T, V...)
		}
		kk = new(big.Int).SetBytes(T[:size])
		if kk.Sign() > 0 && kk.Cmp(n) < 0 {
			break
		}
		update(nil)
	}
	x, _ := k.Curve.ScalarBaseMult(kk.FillBytes(make([]byte, size)))
	r := new(big.Int).Mod(x, n)
	s := new(big.Int).Mul(r, k.D)
	s.Add(s, e)
	s.Mul(s, new(big.Int).ModInverse(kk, n))
	s.Mod(s, n)
	sig, err := asn1.Marshal(struct{ R, S *big.Int }{r, s})
	if err != nil {
		t.Fatal(err)
	}
	return sig
}
