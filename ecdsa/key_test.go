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
	"io"
	"math/big"
	mathrand "math/rand/v2"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// badKeys are ways to make a key invalid, or inconsistent, or not carry's:
// unsupported curves, scalars outside [1, n-1], public keys that are not
// D·G, nil fields.
func badKeys(c elliptic.Curve) map[string]func(k *ecdsa.PrivateKey) {
	n := c.Params().N
	return map[string]func(k *ecdsa.PrivateKey){
		"D = 0":       func(k *ecdsa.PrivateKey) { k.D = big.NewInt(0) },
		"D = n":       func(k *ecdsa.PrivateKey) { k.D = new(big.Int).Set(n) },
		"D = n + D":   func(k *ecdsa.PrivateKey) { k.D = new(big.Int).Add(n, k.D) },
		"D = -D":      func(k *ecdsa.PrivateKey) { k.D = new(big.Int).Neg(k.D) },
		"D nil":       func(k *ecdsa.PrivateKey) { k.D = nil },
		"D = D + 1":   func(k *ecdsa.PrivateKey) { k.D = new(big.Int).Add(k.D, big.NewInt(1)) },
		"X = X + 1":   func(k *ecdsa.PrivateKey) { k.X = new(big.Int).Add(k.X, big.NewInt(1)) },
		"Y = p - Y":   func(k *ecdsa.PrivateKey) { k.Y = new(big.Int).Sub(c.Params().P, k.Y) },
		"Y = Y + p":   func(k *ecdsa.PrivateKey) { k.Y = new(big.Int).Add(c.Params().P, k.Y) },
		"X = -X":      func(k *ecdsa.PrivateKey) { k.X = new(big.Int).Neg(k.X) },
		"X nil":       func(k *ecdsa.PrivateKey) { k.X = nil },
		"Curve P-224": func(k *ecdsa.PrivateKey) { k.Curve = elliptic.P224() },
		"Curve nil":   func(k *ecdsa.PrivateKey) { k.Curve = nil },
	}
}

// TestNewSignerChecks checks that NewSigner refuses what it must (badKeys)
// with an error, and takes valid keys, the generic implementation of the
// curve's parameters and the edge scalars.
func TestNewSignerChecks(t *testing.T) {
	r := testutil.Rand(t)
	if _, err := NewSigner(nil); err == nil {
		t.Errorf("NewSigner(nil) succeeded")
	}
	for _, c := range testCurves {
		std := testKey(t, c, r)
		if _, err := NewSigner(std); err != nil {
			t.Fatalf("%s: a valid key refused: %v", c.Params().Name, err)
		}
		// The generic implementation of the same parameters is the same
		// curve to crypto/ecdsa's functions and to carry's.
		generic := *std
		generic.Curve = c.Params()
		if _, err := NewSigner(&generic); err != nil {
			t.Errorf("%s: the key with Curve = Params() refused: %v", c.Params().Name, err)
		}
		for name, mangle := range badKeys(c) {
			k := *std
			mangle(&k)
			if _, err := NewSigner(&k); err == nil {
				t.Errorf("%s: %s accepted", c.Params().Name, name)
			}
		}
		// Edge scalars, with their public keys.
		n := c.Params().N
		for _, d := range []*big.Int{big.NewInt(1), big.NewInt(2), new(big.Int).Sub(n, big.NewInt(1))} {
			x, y := c.ScalarBaseMult(d.FillBytes(make([]byte, scalarSize(c))))
			s, err := NewSigner(&ecdsa.PrivateKey{PublicKey: ecdsa.PublicKey{Curve: c, X: x, Y: y}, D: d})
			if err != nil {
				t.Errorf("%s: D = %v refused: %v", c.Params().Name, d, err)
				continue
			}
			testSignVerify(t, s, r)
		}
	}
}

// TestBadKeysAsStd checks that the functions give a bad key (badKeys)
// crypto/ecdsa's outcome: the same error, the same panic, or a signature
// where crypto/ecdsa signs (a public key that is not D·G but a point, a
// P-224 key), which verifies under D·G as crypto/ecdsa's does.
func TestBadKeysAsStd(t *testing.T) {
	r := testutil.Rand(t)
	digest := sha256.Sum256([]byte("bad keys"))
	for _, c := range testCurves {
		std := testKey(t, c, r)
		for name, mangle := range badKeys(c) {
			k := *std
			mangle(&k)
			var carrySig, stdSig []byte
			var rr, ss *big.Int
			for _, f := range []struct {
				name       string
				carry, std func() error
			}{
				{"SignASN1", func() (err error) { carrySig, err = SignASN1(nil, &k, digest[:]); return },
					func() (err error) { stdSig, err = ecdsa.SignASN1(nil, &k, digest[:]); return }},
				{"Sign", func() (err error) { rr, ss, err = Sign(nil, &k, digest[:]); return },
					func() (err error) { _, _, err = ecdsa.Sign(nil, &k, digest[:]); return }},
				{"SignRaw", func() (err error) { _, _, err = SignRaw(nil, &k, digest[:]); return },
					func() (err error) { _, err = ecdsa.SignASN1(nil, &k, digest[:]); return }},
			} {
				got, want := run(f.carry), run(f.std)
				if got != want {
					t.Errorf("%s: %s: %s gives %v, crypto/ecdsa %v", c.Params().Name, name, f.name, got, want)
				}
			}
			if carrySig == nil || stdSig == nil {
				continue
			}
			// Both signed: with D, whatever X and Y say.
			sc := k.Curve
			dx, dy := sc.ScalarBaseMult(k.D.Bytes())
			truePub := &ecdsa.PublicKey{Curve: sc, X: dx, Y: dy}
			if !ecdsa.VerifyASN1(truePub, digest[:], carrySig) || !ecdsa.VerifyASN1(truePub, digest[:], stdSig) ||
				!ecdsa.Verify(truePub, digest[:], rr, ss) {
				t.Errorf("%s: %s: the signatures do not verify under D·G", c.Params().Name, name)
			}
		}
	}
}

// testSignVerify signs a random digest with s, hedged and deterministic,
// and checks that carry and crypto/ecdsa both verify the signatures.
func testSignVerify(t *testing.T, s *Signer, r *mathrand.Rand) {
	t.Helper()
	digest := make([]byte, 32)
	fillRand(r, digest)
	pub := s.Public().(*ecdsa.PublicKey)
	for _, rand := range []any{nil, reader{r}} {
		var sig []byte
		var err error
		if rand == nil {
			sig, err = s.Sign(nil, digest, crypto.SHA256)
		} else {
			sig, err = s.Sign(rand.(reader), digest, crypto.SHA256)
		}
		if err != nil {
			t.Fatal(err)
		}
		if !VerifyASN1(pub, digest, sig) || !ecdsa.VerifyASN1(pub, digest, sig) {
			t.Errorf("%s: signature of %x with D = %x does not verify", pub.Curve.Params().Name, digest, s.priv.D)
		}
	}
}

// TestSignerMethods checks Public, PrivateKey and Equal, that a Signer is a
// crypto.Signer, and that GenerateKey's keys are D·G.
func TestSignerMethods(t *testing.T) {
	r := testutil.Rand(t)
	for _, c := range testCurves {
		k, err := GenerateKey(c, nil)
		if err != nil {
			t.Fatal(err)
		}
		if k.Curve != c {
			t.Fatalf("GenerateKey gave a key on %v", k.Curve)
		}
		s := newSigner(t, k)
		var signer crypto.Signer = s
		pub, ok := signer.Public().(*ecdsa.PublicKey)
		if !ok || pub != &k.PublicKey {
			t.Fatalf("Public() = %T %p, want the key's own %p", signer.Public(), pub, &k.PublicKey)
		}
		if s.PrivateKey() != k {
			t.Errorf("PrivateKey() is not the key the Signer was made from")
		}
		if x, y := c.ScalarBaseMult(k.D.Bytes()); x.Cmp(pub.X) != 0 || y.Cmp(pub.Y) != 0 {
			t.Errorf("the public key is not D·G")
		}
		// Equal, both ways where the methods are carry's, across Signers
		// and standard keys of the same value.
		cp := &ecdsa.PrivateKey{PublicKey: ecdsa.PublicKey{Curve: c, X: new(big.Int).Set(k.X), Y: new(big.Int).Set(k.Y)},
			D: new(big.Int).Set(k.D)}
		s2 := newSigner(t, cp)
		if !s.Equal(k) || !s.Equal(cp) || !s.Equal(s2) || !s2.Equal(s) || !s.Equal(s) {
			t.Errorf("Equal is false for a key of the same value")
		}
		if !k.Equal(s.PrivateKey()) || !cp.Equal(s.PrivateKey()) || !s.PrivateKey().Equal(cp) {
			t.Errorf("(*PrivateKey).Equal is false for the Signer's key")
		}
		other := testKey(t, c, r)
		generic := *cp
		generic.Curve = c.Params()
		if s.Equal(other) || s.Equal(newSigner(t, other)) || s.Equal(&generic) || s.Equal(pub) || s.Equal(nil) {
			t.Errorf("Equal is true for a different key")
		}
		testSignVerify(t, s, r)
	}
	// P-224 is crypto/ecdsa's.
	k, err := GenerateKey(elliptic.P224(), nil)
	if err != nil {
		t.Fatalf("GenerateKey on P-224: %v", err)
	}
	digest := sha256.Sum224([]byte("P-224"))
	sig, err := SignASN1(nil, k, digest[:])
	if err != nil || !VerifyASN1(&k.PublicKey, digest[:], sig) || !ecdsa.VerifyASN1(&k.PublicKey, digest[:], sig) {
		t.Errorf("P-224: SignASN1 = %x, %v, or it does not verify", sig, err)
	}
	if _, err := NewSigner(k); err == nil {
		t.Errorf("NewSigner took a P-224 key")
	}
}

type errReader struct{}

var errBroken = errors.New("broken reader")

func (errReader) Read([]byte) (int, error) { return 0, errBroken }

// TestSignErrors checks the outcomes of Signer.Sign where crypto/ecdsa's
// Sign fails: nil opts, a digest of the wrong length, an unknown hash.
func TestSignErrors(t *testing.T) {
	k := testKey(t, elliptic.P256(), testutil.Rand(t))
	s := newSigner(t, k)
	digest := sha256.Sum256([]byte("carry"))
	for _, tc := range []struct {
		name   string
		digest []byte
		opts   crypto.SignerOpts
		fails  bool
	}{
		{"nil opts", digest[:], nil, true},
		{"wrong length", digest[:20], crypto.SHA256, true},
		{"hash 0", digest[:], crypto.Hash(0), true},
		{"unlinked hash", make([]byte, 16), crypto.MD4, true},
		{"SHA-256", digest[:], crypto.SHA256, false},
	} {
		got := run(func() error { _, err := s.Sign(nil, tc.digest, tc.opts); return err })
		want := run(func() error { _, err := k.Sign(nil, tc.digest, tc.opts); return err })
		if got != want || got.ok == tc.fails {
			t.Errorf("%s: Sign gives %v, crypto/ecdsa %v", tc.name, got, want)
		}
	}
}

// TestRandSource checks that the readers are taken as crypto/ecdsa takes
// them: ignored by default (a failing reader or nil goes unread), read
// with GODEBUG=cryptocustomrand=1 (a failing reader's error is returned, nil
// panics), and ignored again once the setting is gone.
func TestRandSource(t *testing.T) {
	k := testKey(t, elliptic.P256(), testutil.Rand(t))
	s := newSigner(t, k)
	digest := sha256.Sum256([]byte("carry"))
	calls := []struct {
		name       string
		carry, std func(rand *errReader) error
	}{
		{"SignASN1", func(rand *errReader) error { _, err := SignASN1(readerOrNil(rand), k, digest[:]); return err },
			func(rand *errReader) error { _, err := ecdsa.SignASN1(readerOrNil(rand), k, digest[:]); return err }},
		{"Sign", func(rand *errReader) error { _, _, err := Sign(readerOrNil(rand), k, digest[:]); return err },
			func(rand *errReader) error { _, _, err := ecdsa.Sign(readerOrNil(rand), k, digest[:]); return err }},
		{"GenerateKey", func(rand *errReader) error { _, err := GenerateKey(elliptic.P384(), readerOrNil(rand)); return err },
			func(rand *errReader) error {
				_, err := ecdsa.GenerateKey(elliptic.P384(), readerOrNil(rand))
				return err
			}},
		{"Signer.Sign", func(rand *errReader) error { _, err := s.Sign(rand, digest[:], crypto.SHA256); return err },
			func(rand *errReader) error { _, err := k.Sign(rand, digest[:], crypto.SHA256); return err }},
	}
	check := func(t *testing.T, readerFails bool) {
		for _, f := range calls {
			got, want := run(func() error { return f.carry(&errReader{}) }), run(func() error { return f.std(&errReader{}) })
			if got != want || got.ok == readerFails || (readerFails && got.err != errBroken.Error()) {
				t.Errorf("%s with a failing reader: %v, crypto/ecdsa %v", f.name, got, want)
			}
			if f.name == "Signer.Sign" {
				continue // nil asks for a deterministic signature
			}
			got, want = run(func() error { return f.carry(nil) }), run(func() error { return f.std(nil) })
			if got.panicked != want.panicked || got.panicked != readerFails {
				t.Errorf("%s with nil: %v, crypto/ecdsa %v", f.name, got, want)
			}
		}
	}
	t.Run("default", func(t *testing.T) { check(t, false) })
	t.Run("cryptocustomrand", func(t *testing.T) {
		withCallerRand(t)
		check(t, true)
	})
	t.Run("after", func(t *testing.T) {
		if readsCallerRand() {
			t.Fatal("the setting is gone, but carry still reads callers' readers")
		}
		check(t, false)
	})
}

// readerOrNil returns r as an io.Reader, or a nil io.Reader for nil.
func readerOrNil(r *errReader) io.Reader {
	if r == nil {
		return nil
	}
	return r
}

// TestHedged checks the hedged signatures: the same random bytes give the
// same signature, different messages or random bytes give different nonces,
// and a constant random source still gives valid signatures with distinct
// r for distinct messages (RFC 6979's protection).
func TestHedged(t *testing.T) {
	withCallerRand(t)
	r := testutil.Rand(t)
	for _, c := range testCurves {
		k := testKey(t, c, r)
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
		det, err := newSigner(t, k).Sign(nil, d1[:], crypto.SHA256)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Equal(r1, r2) || bytes.Equal(r1, r3) || bytes.Equal(a, det) {
			t.Errorf("%s: two signatures share a nonce", c.Params().Name)
		}
		if !VerifyASN1(&k.PublicKey, d1[:], a) || !ecdsa.VerifyASN1(&k.PublicKey, d1[:], a) {
			t.Errorf("%s: hedged signature does not verify", c.Params().Name)
		}
		// Sign and the Signer's Sign are SignASN1 in other forms.
		rr, ss, err := Sign(constReader(0), k, d1[:])
		if err != nil || !bytes.Equal(encodeSignature(rr.Bytes(), ss.Bytes()), a) {
			t.Errorf("%s: Sign = %x, %x, %v; SignASN1 %x", c.Params().Name, rr, ss, err, a)
		}
		if sig, err := newSigner(t, k).Sign(constReader(0), d1[:], crypto.SHA256); err != nil || !bytes.Equal(sig, a) {
			t.Errorf("%s: Signer.Sign = %x, %v; SignASN1 %x", c.Params().Name, sig, err, a)
		}
	}
}

// TestHedgedMatchesStd checks the hedged nonce construction byte for byte
// against crypto/ecdsa's, which uses a caller's reader only with
// GODEBUG=cryptocustomrand=1, and then reads and drops one byte first half
// the time, which a constant reader makes harmless. Key generation from a
// constant reader is compared too.
//
// P-384 and P-521 sign as crypto/ecdsa does. P-256's DRBG takes SHA-256
// where crypto/ecdsa's takes SHA-512: refHedgedSign, an independent
// HMAC_DRBG on crypto/hmac and the signature with math/big, must equal
// crypto/ecdsa with SHA-512 (which checks the reference) and carry with
// SHA-256.
func TestHedgedMatchesStd(t *testing.T) {
	withCallerRand(t)
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
			if !k.Equal(std) {
				t.Errorf("%s: GenerateKey from the constant %#x gave D = %x, crypto/ecdsa %x", c.Params().Name, b, k.D, std.D)
			}
		}
		k := testKey(t, c, r)
		for _, n := range []int{0, 20, 32, 48, 64, 80} {
			digest := make([]byte, n)
			fillRand(r, digest)
			for _, b := range []byte{0, 0x5a} {
				got, err := SignASN1(constReader(b), k, digest)
				if err != nil {
					t.Fatal(err)
				}
				want, err := ecdsa.SignASN1(constReader(b), k, digest)
				if err != nil {
					t.Fatal(err)
				}
				if c == elliptic.P256() {
					ref := refHedgedSign(t, sha512.New, k, b, digest)
					if !bytes.Equal(ref, want) {
						t.Fatalf("P-256: the reference with SHA-512 = %x, crypto/ecdsa %x", ref, want)
					}
					want = refHedgedSign(t, sha256.New, k, b, digest)
				}
				if !bytes.Equal(got, want) {
					t.Errorf("%s, digest of %d bytes: SignASN1 = %x, crypto/ecdsa %x", c.Params().Name, n, got, want)
				}
			}
		}
	}
}

// TestDroppedByteStd checks what the docs of GenerateKey and SignASN1 say
// of a reader whose bytes differ (not a constant): with
// GODEBUG=cryptocustomrand=1, crypto/ecdsa's key, and its P-384 and P-521
// signatures, are carry's from the same bytes when it does not drop the
// first byte, and carry's from the bytes after the first when it does; of
// 40 tries, some must be each (all alike has probability 2^-39).
func TestDroppedByteStd(t *testing.T) {
	withCallerRand(t)
	r := testutil.Rand(t)
	stream := make([]byte, 256)
	for _, c := range testCurves {
		k := testKey(t, c, r)
		digest := sha256.Sum256([]byte("dropped"))
		var kept, dropped int
		for range 40 {
			fillRand(r, stream)
			stdKey, err := ecdsa.GenerateKey(c, bytes.NewReader(stream))
			if err != nil {
				t.Fatal(err)
			}
			fromAll, err := GenerateKey(c, bytes.NewReader(stream))
			if err != nil {
				t.Fatal(err)
			}
			fromSecond, err := GenerateKey(c, bytes.NewReader(stream[1:]))
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case stdKey.Equal(fromAll):
				kept++
			case stdKey.Equal(fromSecond):
				dropped++
			default:
				t.Fatalf("%s: crypto/ecdsa's key is not carry's from the same bytes or from the second on", c.Params().Name)
			}
			if c == elliptic.P256() {
				continue
			}
			stdSig, err := ecdsa.SignASN1(bytes.NewReader(stream), k, digest[:])
			if err != nil {
				t.Fatal(err)
			}
			sigAll, err := SignASN1(bytes.NewReader(stream), k, digest[:])
			if err != nil {
				t.Fatal(err)
			}
			sigSecond, err := SignASN1(bytes.NewReader(stream[1:]), k, digest[:])
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case bytes.Equal(stdSig, sigAll):
				kept++
			case bytes.Equal(stdSig, sigSecond):
				dropped++
			default:
				t.Fatalf("%s: crypto/ecdsa's signature is not carry's from the same bytes or from the second on", c.Params().Name)
			}
		}
		if kept == 0 || dropped == 0 {
			t.Errorf("%s: crypto/ecdsa kept the first byte %d times and dropped it %d times", c.Params().Name, kept, dropped)
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
