package rsa

import (
	"bytes"
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/sha512"
	"fmt"
	"math"
	"math/big"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// pkcs1Hashes are the hashes PKCS #1 v1.5 signatures are tested with, 0
// the raw digest.
var pkcs1Hashes = []crypto.Hash{0, crypto.MD5, crypto.SHA1, crypto.SHA224, crypto.SHA256,
	crypto.SHA384, crypto.SHA512, crypto.SHA512_224, crypto.SHA512_256, crypto.SHA3_256,
	crypto.SHA3_512, crypto.MD5SHA1}

func TestSignPKCS1v15MatchesStd(t *testing.T) {
	r := testutil.Rand(t)
	for _, bits := range testSizes {
		t.Run(fmt.Sprint(bits), func(t *testing.T) {
			sk, _ := testKey(t, bits)
			signer := newSigner(t, sk)
			for _, h := range pkcs1Hashes {
				size := 36
				if h != 0 {
					size = h.Size()
				}
				digest := make([]byte, size)
				for i := range digest {
					digest[i] = byte(r.Uint32())
				}
				want, err := rsa.SignPKCS1v15(nil, sk, h, digest)
				if err != nil {
					t.Fatal(err)
				}
				got, err := SignPKCS1v15(nil, sk, h, digest)
				if err != nil {
					t.Fatalf("hash %v: %v", h, err)
				}
				if !bytes.Equal(got, want) {
					t.Fatalf("hash %v: signature differs from crypto/rsa", h)
				}
				if err := VerifyPKCS1v15(&sk.PublicKey, h, digest, got); err != nil {
					t.Fatalf("hash %v: VerifyPKCS1v15: %v", h, err)
				}
				got[len(got)/2] ^= 1
				if VerifyPKCS1v15(&sk.PublicKey, h, digest, got) == nil {
					t.Fatalf("hash %v: corrupted signature verified", h)
				}
				// The Signer gives the same.
				got2, err := signer.Sign(nil, digest, h)
				if err != nil || !bytes.Equal(got2, want) {
					t.Fatalf("hash %v: Sign differs: %v", h, err)
				}
			}
			// A digest of the wrong length, and a hash without a DigestInfo,
			// are refused with crypto/rsa's errors.
			for _, c := range []struct {
				h      crypto.Hash
				digest []byte
			}{{crypto.SHA256, make([]byte, 31)}, {crypto.BLAKE2b_256, make([]byte, 32)}} {
				_, err := SignPKCS1v15(nil, sk, c.h, c.digest)
				_, stdErr := rsa.SignPKCS1v15(nil, sk, c.h, c.digest)
				if err == nil || stdErr == nil || err.Error() != stdErr.Error() {
					t.Fatalf("hash %v, %d-byte digest: %v, crypto/rsa %v", c.h, len(c.digest), err, stdErr)
				}
			}
		})
	}
}

// TestPSSInterop signs with each package and verifies with the other, for
// every salt-length setting.
func TestPSSInterop(t *testing.T) {
	for _, bits := range testSizes {
		t.Run(fmt.Sprint(bits), func(t *testing.T) {
			sk, _ := testKey(t, bits)
			signer := newSigner(t, sk)
			pub := &sk.PublicKey
			for _, h := range []crypto.Hash{crypto.SHA256, crypto.SHA512} {
				digest := h.New().Sum([]byte("msg"))[:h.Size()]
				for _, sl := range []int{rsa.PSSSaltLengthAuto, rsa.PSSSaltLengthEqualsHash, 1, 20} {
					opts := &rsa.PSSOptions{SaltLength: sl}
					sig, err := SignPSS(rand.Reader, sk, h, digest, opts)
					_, stdErr := rsa.SignPSS(rand.Reader, sk, h, digest, opts)
					if (err == nil) != (stdErr == nil) || err != nil && err.Error() != stdErr.Error() {
						t.Fatalf("hash %v salt %d: error %v, crypto/rsa's %v", h, sl, err, stdErr)
					}
					if err != nil {
						continue // the salt does not fit in this key, for either
					}
					if err := rsa.VerifyPSS(pub, h, digest, sig, opts); err != nil {
						t.Fatalf("crypto/rsa rejects our PSS (hash %v salt %d): %v", h, sl, err)
					}
					if err := VerifyPSS(pub, h, digest, sig, opts); err != nil {
						t.Fatalf("own PSS rejected: %v", err)
					}
					// The salt length is the one crypto/rsa signs with:
					// check it against an exact verification.
					want := sl
					switch sl {
					case rsa.PSSSaltLengthAuto:
						want = (bits-1+7)/8 - 2 - h.Size()
					case rsa.PSSSaltLengthEqualsHash:
						want = h.Size()
					}
					if err := rsa.VerifyPSS(pub, h, digest, sig, &rsa.PSSOptions{SaltLength: want}); err != nil {
						t.Fatalf("salt length %d: not %d bytes", sl, want)
					}
					sig2, err := rsa.SignPSS(rand.Reader, sk, h, digest, opts)
					if err != nil {
						t.Fatal(err)
					}
					if err := VerifyPSS(pub, h, digest, sig2, opts); err != nil {
						t.Fatalf("crypto/rsa's PSS rejected (hash %v salt %d): %v", h, sl, err)
					}
					sig3, err := signer.Sign(rand.Reader, digest, &rsa.PSSOptions{SaltLength: sl, Hash: h})
					if err != nil || rsa.VerifyPSS(pub, h, digest, sig3, opts) != nil {
						t.Fatalf("Sign with PSSOptions: %v", err)
					}
					sig2[0] ^= 0x80
					if VerifyPSS(pub, h, digest, sig2, opts) == nil {
						t.Fatal("corrupted PSS signature verified")
					}
				}
			}
			opts := &rsa.PSSOptions{SaltLength: -5}
			_, err := SignPSS(rand.Reader, sk, crypto.SHA256, make([]byte, 32), opts)
			_, stdErr := rsa.SignPSS(rand.Reader, sk, crypto.SHA256, make([]byte, 32), opts)
			if err == nil || stdErr == nil || err.Error() != stdErr.Error() {
				t.Fatalf("negative salt length: %v, crypto/rsa %v", err, stdErr)
			}
		})
	}
}

func TestOAEPInterop(t *testing.T) {
	for _, bits := range testSizes {
		t.Run(fmt.Sprint(bits), func(t *testing.T) {
			sk, _ := testKey(t, bits)
			signer := newSigner(t, sk)
			pub := &sk.PublicKey
			label := []byte("label")
			for _, msgLen := range []int{0, 1, 16, sk.Size() - 2*32 - 2} {
				msg := bytes.Repeat([]byte{0x5a}, msgLen)
				ct, err := EncryptOAEP(sha256.New(), rand.Reader, pub, msg, label)
				if err != nil {
					t.Fatal(err)
				}
				got, err := rsa.DecryptOAEP(sha256.New(), nil, sk, ct, label)
				if err != nil || !bytes.Equal(got, msg) {
					t.Fatalf("crypto/rsa cannot decrypt ours: %v", err)
				}
				ct2, err := rsa.EncryptOAEP(sha256.New(), rand.Reader, pub, msg, label)
				if err != nil {
					t.Fatal(err)
				}
				got, err = DecryptOAEP(sha256.New(), nil, sk, ct2, label)
				if err != nil || !bytes.Equal(got, msg) {
					t.Fatalf("cannot decrypt crypto/rsa's: %v", err)
				}
				// OAEPOptions with a distinct MGF hash.
				ct3, err := rsa.EncryptOAEPWithOptions(rand.Reader, pub, msg, &rsa.OAEPOptions{Hash: crypto.SHA256, MGFHash: crypto.SHA1, Label: label})
				if err != nil {
					t.Fatal(err)
				}
				got, err = signer.Decrypt(nil, ct3, &rsa.OAEPOptions{Hash: crypto.SHA256, MGFHash: crypto.SHA1, Label: label})
				if err != nil || !bytes.Equal(got, msg) {
					t.Fatalf("Decrypt with MGFHash: %v", err)
				}
				// And carry's EncryptOAEPWithOptions, for crypto/rsa.
				ct4, err := EncryptOAEPWithOptions(rand.Reader, pub, msg, &rsa.OAEPOptions{Hash: crypto.SHA256, MGFHash: crypto.SHA1, Label: label})
				if err != nil {
					t.Fatal(err)
				}
				got, err = sk.Decrypt(nil, ct4, &rsa.OAEPOptions{Hash: crypto.SHA256, MGFHash: crypto.SHA1, Label: label})
				if err != nil || !bytes.Equal(got, msg) {
					t.Fatalf("crypto/rsa cannot decrypt EncryptOAEPWithOptions's: %v", err)
				}
				if _, err := DecryptOAEP(sha256.New(), nil, sk, ct2, []byte("other")); err != rsa.ErrDecryption {
					t.Fatalf("wrong label: %v", err)
				}
				ct2[3] ^= 1
				if _, err := DecryptOAEP(sha256.New(), nil, sk, ct2, label); err != rsa.ErrDecryption {
					t.Fatalf("corrupted ciphertext: %v", err)
				}
			}
			if _, err := EncryptOAEP(sha512.New(), rand.Reader, pub, make([]byte, max(0, sk.Size()-2*64-1)), nil); err != rsa.ErrMessageTooLong {
				t.Fatalf("long message: %v", err)
			}
		})
	}
}

func TestPKCS1v15EncryptionInterop(t *testing.T) {
	for _, bits := range []int{1024, 2047, 2048} {
		t.Run(fmt.Sprint(bits), func(t *testing.T) {
			sk, _ := testKey(t, bits)
			signer := newSigner(t, sk)
			pub := &sk.PublicKey
			for _, msgLen := range []int{0, 1, 48, sk.Size() - 11} {
				msg := bytes.Repeat([]byte{0xa5}, msgLen)
				ct, err := EncryptPKCS1v15(rand.Reader, pub, msg)
				if err != nil {
					t.Fatal(err)
				}
				got, err := rsa.DecryptPKCS1v15(nil, sk, ct)
				if err != nil || !bytes.Equal(got, msg) {
					t.Fatalf("crypto/rsa cannot decrypt ours: %v", err)
				}
				ct2, err := rsa.EncryptPKCS1v15(rand.Reader, pub, msg)
				if err != nil {
					t.Fatal(err)
				}
				for _, opts := range []crypto.DecrypterOpts{nil, &rsa.PKCS1v15DecryptOptions{}} {
					got, err = signer.Decrypt(nil, ct2, opts)
					if err != nil || !bytes.Equal(got, msg) {
						t.Fatalf("cannot decrypt crypto/rsa's: %v", err)
					}
				}
				// SessionKeyLen: the message if its length matches, else the
				// random bytes, and no error either way.
				if msgLen > 0 {
					got, err = signer.Decrypt(rand.Reader, ct2, &rsa.PKCS1v15DecryptOptions{SessionKeyLen: msgLen})
					if err != nil || !bytes.Equal(got, msg) {
						t.Fatalf("session key: %v", err)
					}
				}
				got, err = signer.Decrypt(bytes.NewReader(make([]byte, msgLen+1)), ct2, &rsa.PKCS1v15DecryptOptions{SessionKeyLen: msgLen + 1})
				if msgLen+1 > sk.Size()-11 { // too long for the key, as crypto/rsa
					if err != rsa.ErrDecryption {
						t.Fatalf("session key longer than the key allows: %v", err)
					}
				} else if err != nil || !bytes.Equal(got, make([]byte, msgLen+1)) {
					t.Fatalf("session key of the wrong length: %x, %v", got, err)
				}
			}
			if _, err := EncryptPKCS1v15(rand.Reader, pub, make([]byte, sk.Size()-10)); err != rsa.ErrMessageTooLong {
				t.Fatalf("long message: %v", err)
			}
			if _, err := DecryptPKCS1v15(nil, sk, make([]byte, sk.Size())); err != rsa.ErrDecryption {
				t.Fatalf("zero ciphertext: %v", err)
			}
			if _, err := DecryptPKCS1v15(nil, sk, sk.N.Bytes()); err != rsa.ErrDecryption {
				t.Fatalf("ciphertext n: %v", err)
			}
		})
	}
}

// cloneKey returns a deep copy of sk's values without crypto/rsa's own
// precomputation, so that crypto/rsa checks the copy's values on every call.
func cloneKey(sk *rsa.PrivateKey) *rsa.PrivateKey {
	return &rsa.PrivateKey{
		PublicKey: rsa.PublicKey{N: new(big.Int).Set(sk.N), E: sk.E},
		D:         new(big.Int).Set(sk.D),
		Primes:    []*big.Int{new(big.Int).Set(sk.Primes[0]), new(big.Int).Set(sk.Primes[1])},
		Precomputed: rsa.PrecomputedValues{
			Dp:   new(big.Int).Set(sk.Precomputed.Dp),
			Dq:   new(big.Int).Set(sk.Precomputed.Dq),
			Qinv: new(big.Int).Set(sk.Precomputed.Qinv),
		},
	}
}

// checkBrokenKey checks a key that carry must not convert: every function
// gives what crypto/rsa's gives for it (its error, or its result where
// crypto/rsa still uses the key), and NewSigner refuses it exactly when
// Validate does.
func checkBrokenKey(t *testing.T, name string, k *rsa.PrivateKey) {
	t.Helper()
	if newPrivateKey(k) != nil {
		t.Errorf("%s: key converted", name)
	}
	digest := sha256.Sum256([]byte(name))
	same(t, name+": SignPKCS1v15", func(a api) outcome {
		return call(func() ([]byte, error) { return a.SignPKCS1v15(nil, k, crypto.SHA256, digest[:]) })
	})
	size := 256
	if k.N != nil {
		size = k.Size()
	}
	ct := make([]byte, size)
	ct[size-1] = 2
	same(t, name+": DecryptPKCS1v15", func(a api) outcome {
		return call(func() ([]byte, error) { return a.DecryptPKCS1v15(nil, k, ct) })
	})
	same(t, name+": DecryptOAEP", func(a api) outcome {
		return call(func() ([]byte, error) { return a.DecryptOAEP(sha256.New(), nil, k, ct, nil) })
	})
	_, err := NewSigner(k)
	if verr := k.Validate(); verr != nil {
		if err == nil || err.Error() != verr.Error() {
			t.Errorf("%s: NewSigner: %v; Validate: %v", name, err, verr)
		}
		return
	}
	if err != nil {
		t.Errorf("%s: NewSigner: %v; Validate accepts the key", name, err)
		return
	}
	same(t, name+": Sign", func(a api) outcome {
		return call(func() ([]byte, error) { return a.signer(t, k).Sign(nil, digest[:], crypto.SHA256) })
	})
}

// TestBrokenKeys breaks a key in each of its values: carry converts none of
// them, and every function gives crypto/rsa's outcome. The values crypto/rsa
// reads differently (a negative d, by its absolute value) or computes
// itself (a missing dp) give keys that carry converts and signs with as
// crypto/rsa does.
func TestBrokenKeys(t *testing.T) {
	sk := stdKey(t, 2048)
	if newPrivateKey(cloneKey(sk)) == nil {
		t.Fatal("the copy of the key is not converted")
	}
	one := big.NewInt(1)
	other := stdKey(t, 2050)
	cases := map[string]func(k *rsa.PrivateKey){
		"wrong p":      func(k *rsa.PrivateKey) { k.Primes[0].Add(k.Primes[0], big.NewInt(2)) },
		"other p":      func(k *rsa.PrivateKey) { k.Primes[0] = other.Primes[0] },
		"even p":       func(k *rsa.PrivateKey) { k.Primes[0].Add(k.Primes[0], one) },
		"n != p*q":     func(k *rsa.PrivateKey) { k.N.Add(k.N, big.NewInt(2)) },
		"even e":       func(k *rsa.PrivateKey) { k.E = 65536 },
		"e = 1":        func(k *rsa.PrivateKey) { k.E = 1 },
		"e = 3":        func(k *rsa.PrivateKey) { k.E = 3 },
		"e too large":  func(k *rsa.PrivateKey) { k.E = math.MaxInt }, // 2^63 - 1; on 32-bit platforms 2^31 - 1, refused as inconsistent
		"wrong d":      func(k *rsa.PrivateKey) { k.D.Add(k.D, big.NewInt(2)) },
		"wrong dp":     func(k *rsa.PrivateKey) { k.Precomputed.Dp.Add(k.Precomputed.Dp, big.NewInt(2)) },
		"wrong dq":     func(k *rsa.PrivateKey) { k.Precomputed.Dq.Sub(k.Precomputed.Dq, one) },
		"wrong qinv":   func(k *rsa.PrivateKey) { k.Precomputed.Qinv.Add(k.Precomputed.Qinv, one) },
		"qinv >= p":    func(k *rsa.PrivateKey) { k.Precomputed.Qinv.Add(k.Precomputed.Qinv, k.Primes[0]) },
		"swapped p q":  func(k *rsa.PrivateKey) { k.Primes[0], k.Primes[1] = k.Primes[1], k.Primes[0] },
		"one prime":    func(k *rsa.PrivateKey) { k.Primes = k.Primes[:1] },
		"nil D":        func(k *rsa.PrivateKey) { k.D = nil },
		"nil N":        func(k *rsa.PrivateKey) { k.N = nil },
		"nil p":        func(k *rsa.PrivateKey) { k.Primes[0] = nil },
		"zero qinv":    func(k *rsa.PrivateKey) { k.Precomputed.Qinv.SetInt64(0) },
		"multi-prime3": func(k *rsa.PrivateKey) { k.Primes = append(k.Primes, big.NewInt(7)) },
	}
	for name, breakKey := range cases {
		k := cloneKey(sk)
		breakKey(k)
		checkBrokenKey(t, name, k)
	}
	if newPrivateKey(cloneKey(sk)) == nil {
		t.Fatal("breaking the copies changed the key")
	}

	readAsStd := map[string]func(k *rsa.PrivateKey){
		"negative d": func(k *rsa.PrivateKey) { k.D.Neg(k.D) },
		"no dp":      func(k *rsa.PrivateKey) { k.Precomputed.Dp = nil },
		"no qinv":    func(k *rsa.PrivateKey) { k.Precomputed.Qinv = nil },
	}
	want, err := rsa.SignPKCS1v15(nil, sk, crypto.SHA256, make([]byte, 32))
	if err != nil {
		t.Fatal(err)
	}
	for name, change := range readAsStd {
		k := cloneKey(sk)
		change(k)
		if newPrivateKey(k) == nil {
			t.Errorf("%s: key not converted", name)
		}
		got, err := SignPKCS1v15(nil, k, crypto.SHA256, make([]byte, 32))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: %v, or a signature not crypto/rsa's", name, err)
		}
	}
}

// TestCRTExponentModPMinus1 makes a key whose dp is d mod (p-1) plus
// (p-1)/2, for a prime p of which 2 and 3 are quadratic residues: then
// x^(dp·e) ≡ x (mod p) for x = 2 and 3, as for every quadratic residue x,
// but dp·e is not 1 mod p-1. The key must be refused up front, as Validate refuses
// it, not left to the check by re-encryption of each result.
func TestCRTExponentModPMinus1(t *testing.T) {
	for _, bits := range testSizes {
		sk := stdKey(t, bits)
		for i, p := range sk.Primes {
			if big.Jacobi(big.NewInt(2), p) != 1 || big.Jacobi(big.NewInt(3), p) != 1 {
				continue
			}
			k := cloneKey(sk)
			pm1 := new(big.Int).Sub(p, big.NewInt(1))
			half := new(big.Int).Rsh(pm1, 1)
			exp := &k.Precomputed.Dp
			if i == 1 {
				exp = &k.Precomputed.Dq
			}
			(*exp).Add(*exp, half).Mod(*exp, pm1)
			de := new(big.Int).Mul(*exp, big.NewInt(int64(k.E)))
			if de.Mod(de, pm1).Cmp(big.NewInt(1)) == 0 {
				t.Fatal("the changed exponent is still an inverse of e")
			}
			for _, x := range []int64{2, 3} {
				y := new(big.Int).Exp(big.NewInt(x), de.Mul(*exp, big.NewInt(int64(k.E))), p)
				if y.Int64() != x {
					t.Fatalf("x^(dp·e) = %v mod p for x = %d", y, x)
				}
			}
			checkBrokenKey(t, fmt.Sprintf("%d bits, prime %d", bits, i), k)
			return
		}
	}
	t.Fatal("no test key has a prime of which 2 and 3 are quadratic residues")
}

// TestFaultNotReleased checks that a fault in the private operation (here a
// corrupted dp) returns ErrDecryption, as crypto/rsa's check does, and not
// a signature that would reveal q.
func TestFaultNotReleased(t *testing.T) {
	_, k := testKey(t, 2048)
	bad := *k
	bad.dp = bytes.Clone(k.dp)
	bad.dp[len(bad.dp)-1] ^= 4
	em, _ := pkcs1v15Encode(crypto.SHA256, make([]byte, 32), k.size())
	if sig, err := bad.private(em); err != rsa.ErrDecryption || sig != nil {
		t.Fatalf("faulty signature released, or error %v", err)
	}
}

func TestSignerPublicAndEqual(t *testing.T) {
	sk := stdKey(t, 2048)
	s := newSigner(t, sk)
	pub, ok := s.Public().(*rsa.PublicKey)
	if !ok || !pub.Equal(&sk.PublicKey) || pub.Size() != 256 {
		t.Fatal("Public differs from the crypto/rsa key's")
	}
	pub.N.SetInt64(5) // the caller's copy: the key must not change
	if !s.Public().(*rsa.PublicKey).Equal(&sk.PublicKey) || sk.N.BitLen() != 2048 {
		t.Fatal("Public shares its modulus with the key")
	}
	if s.PrivateKey() != sk {
		t.Fatal("PrivateKey is not the key given to NewSigner")
	}
	same := cloneKey(sk)
	other := stdKey(t, 2050)
	for _, c := range []struct {
		x    crypto.PrivateKey
		want bool
	}{
		{s, true}, {sk, true}, {same, true}, {newSigner(t, same), true},
		{other, false}, {newSigner(t, other), false}, {nil, false}, {&sk.PublicKey, false},
	} {
		if got := s.Equal(c.x); got != c.want {
			t.Errorf("Equal(%T) = %v", c.x, got)
		}
	}
	// The other way, crypto/rsa's Equal knows only its own type: it takes
	// the key back from the Signer.
	if !sk.Equal(s.PrivateKey()) || !same.Equal(s.PrivateKey()) || sk.Equal(s) {
		t.Fatal("crypto/rsa's Equal with the Signer's key is wrong")
	}
}

func TestGenerateKey(t *testing.T) {
	k, err := GenerateKey(rand.Reader, 1024)
	if err != nil {
		t.Fatal(err)
	}
	if carryKey(k) == nil {
		t.Fatal("generated key not converted")
	}
	sig, err := SignPKCS1v15(nil, k, crypto.SHA256, make([]byte, 32))
	if err != nil {
		t.Fatal(err)
	}
	if err := rsa.VerifyPKCS1v15(k.Public().(*rsa.PublicKey), crypto.SHA256, make([]byte, 32), sig); err != nil {
		t.Fatal(err)
	}
	_, err = GenerateKey(rand.Reader, 512)
	_, stdErr := rsa.GenerateKey(rand.Reader, 512)
	if err == nil || stdErr == nil || err.Error() != stdErr.Error() {
		t.Fatalf("512-bit key: %v, crypto/rsa %v", err, stdErr)
	}
}

// TestBadInputs feeds wrong lengths and values to every function: each
// gives what crypto/rsa gives (an error, or a panic where it panics), and
// never a success.
func TestBadInputs(t *testing.T) {
	sk := stdKey(t, 2048)
	pub := &sk.PublicKey
	n := sk.N.Bytes()
	digest := make([]byte, 32)
	for _, sig := range [][]byte{nil, {1}, make([]byte, 255), make([]byte, 257), append([]byte{0}, n...), n, bytes.Repeat([]byte{0xff}, 256)} {
		for name, f := range map[string]func(a api) outcome{
			"VerifyPKCS1v15": func(a api) outcome {
				return callErr(func() error { return a.VerifyPKCS1v15(pub, crypto.SHA256, digest, sig) })
			},
			"VerifyPSS": func(a api) outcome {
				return callErr(func() error { return a.VerifyPSS(pub, crypto.SHA256, digest, sig, nil) })
			},
			"DecryptPKCS1v15": func(a api) outcome {
				return call(func() ([]byte, error) { return a.DecryptPKCS1v15(nil, sk, sig) })
			},
			"DecryptOAEP": func(a api) outcome {
				return call(func() ([]byte, error) { return a.DecryptOAEP(sha256.New(), nil, sk, sig, nil) })
			},
			"Decrypt": func(a api) outcome {
				return call(func() ([]byte, error) { return a.signer(t, sk).Decrypt(nil, sig, nil) })
			},
		} {
			name := fmt.Sprintf("%s of %d bytes", name, len(sig))
			if !same(t, name, f).failed() {
				t.Errorf("%s succeeded", name)
			}
		}
	}
	for i, bad := range []*rsa.PublicKey{nil, {}, {N: big.NewInt(0), E: 3}, {N: new(big.Int).Lsh(big.NewInt(1), 2048), E: 3},
		{N: sk.N, E: 2}, {N: sk.N, E: -3}, {N: new(big.Int).Rsh(sk.N, 1100), E: 3}} {
		verify := same(t, fmt.Sprintf("VerifyPKCS1v15, bad key %d", i), func(a api) outcome {
			return callErr(func() error { return a.VerifyPKCS1v15(bad, crypto.SHA256, digest, make([]byte, 256)) })
		})
		encrypt := same(t, fmt.Sprintf("EncryptOAEP, bad key %d", i), func(a api) outcome {
			return call(func() ([]byte, error) { return a.EncryptOAEP(sha256.New(), rand.Reader, bad, nil, nil) })
		})
		if !verify.failed() || !encrypt.failed() {
			t.Errorf("bad public key %d accepted", i)
		}
	}
	// A nil crypto.SignerOpts panics in crypto/rsa's Sign, and so in the
	// Signer's; PSSOptions are an error for Decrypt; VerifyPSS panics for a
	// hash that is not available.
	for name, f := range map[string]func(a api) outcome{
		"Sign with nil opts": func(a api) outcome {
			return call(func() ([]byte, error) { return a.signer(t, sk).Sign(rand.Reader, digest, nil) })
		},
		"Decrypt with PSSOptions": func(a api) outcome {
			return call(func() ([]byte, error) {
				return a.signer(t, sk).Decrypt(rand.Reader, make([]byte, 256), &rsa.PSSOptions{})
			})
		},
		"VerifyPSS with hash 0": func(a api) outcome {
			return callErr(func() error { return a.VerifyPSS(pub, crypto.Hash(0), digest, make([]byte, 256), nil) })
		},
	} {
		if !same(t, name, f).failed() {
			t.Errorf("%s succeeded", name)
		}
	}
}

// TestPublicModulusCache verifies under keys that alternate, from several
// goroutines, so that the one-entry cache of public moduli is replaced and
// shared: every verification must still be right.
func TestPublicModulusCache(t *testing.T) {
	type signed struct {
		pub    *rsa.PublicKey
		digest []byte
		sig    []byte
	}
	var cases []signed
	for _, bits := range []int{1024, 2047, 2048} {
		sk := stdKey(t, bits)
		digest := make([]byte, 32)
		digest[0] = byte(bits)
		sig, err := SignPKCS1v15(nil, sk, crypto.SHA256, digest)
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, signed{&sk.PublicKey, digest, sig})
	}
	done := make(chan error)
	for g := range 4 {
		go func() {
			for i := range 60 {
				a := cases[(g+i)%len(cases)]
				b := cases[(g+i+1)%len(cases)]
				if err := VerifyPKCS1v15(a.pub, crypto.SHA256, a.digest, a.sig); err != nil {
					done <- err
					return
				}
				if VerifyPKCS1v15(a.pub, crypto.SHA256, b.digest, b.sig) == nil {
					done <- fmt.Errorf("a signature verified under another key")
					return
				}
			}
			done <- nil
		}()
	}
	for range 4 {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
}
