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
			sk, k := carryKey(t, bits)
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
				got, err := SignPKCS1v15(k, h, digest)
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
				// The Signer interface gives the same.
				got2, err := k.Sign(nil, digest, h)
				if err != nil || !bytes.Equal(got2, want) {
					t.Fatalf("hash %v: Sign differs: %v", h, err)
				}
			}
			// A digest of the wrong length, and an unknown hash, are refused.
			if _, err := SignPKCS1v15(k, crypto.SHA256, make([]byte, 31)); err == nil {
				t.Fatal("short digest accepted")
			}
			if _, err := SignPKCS1v15(k, crypto.BLAKE2b_256, make([]byte, 32)); err == nil {
				t.Fatal("unsupported hash accepted")
			}
		})
	}
}

// TestPSSInterop signs with each package and verifies with the other, for
// every salt-length setting.
func TestPSSInterop(t *testing.T) {
	for _, bits := range testSizes {
		t.Run(fmt.Sprint(bits), func(t *testing.T) {
			sk, k := carryKey(t, bits)
			pub := &sk.PublicKey
			for _, h := range []crypto.Hash{crypto.SHA256, crypto.SHA512} {
				digest := h.New().Sum([]byte("msg"))[:h.Size()]
				for _, sl := range []int{rsa.PSSSaltLengthAuto, rsa.PSSSaltLengthEqualsHash, 1, 20} {
					opts := &rsa.PSSOptions{SaltLength: sl}
					sig, err := SignPSS(rand.Reader, k, h, digest, opts)
					_, stdErr := rsa.SignPSS(rand.Reader, sk, h, digest, opts)
					if (err == nil) != (stdErr == nil) {
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
					sig3, err := k.Sign(rand.Reader, digest, &rsa.PSSOptions{SaltLength: sl, Hash: h})
					if err != nil || rsa.VerifyPSS(pub, h, digest, sig3, opts) != nil {
						t.Fatalf("Sign with PSSOptions: %v", err)
					}
					sig2[0] ^= 0x80
					if VerifyPSS(pub, h, digest, sig2, opts) == nil {
						t.Fatal("corrupted PSS signature verified")
					}
				}
			}
			if _, err := SignPSS(rand.Reader, k, crypto.SHA256, make([]byte, 32), &rsa.PSSOptions{SaltLength: -5}); err == nil {
				t.Fatal("negative salt length accepted")
			}
		})
	}
}

func TestOAEPInterop(t *testing.T) {
	for _, bits := range testSizes {
		t.Run(fmt.Sprint(bits), func(t *testing.T) {
			sk, k := carryKey(t, bits)
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
				got, err = DecryptOAEP(sha256.New(), nil, k, ct2, label)
				if err != nil || !bytes.Equal(got, msg) {
					t.Fatalf("cannot decrypt crypto/rsa's: %v", err)
				}
				// OAEPOptions with a distinct MGF hash.
				ct3, err := rsa.EncryptOAEPWithOptions(rand.Reader, pub, msg, &rsa.OAEPOptions{Hash: crypto.SHA256, MGFHash: crypto.SHA1, Label: label})
				if err != nil {
					t.Fatal(err)
				}
				got, err = k.Decrypt(nil, ct3, &rsa.OAEPOptions{Hash: crypto.SHA256, MGFHash: crypto.SHA1, Label: label})
				if err != nil || !bytes.Equal(got, msg) {
					t.Fatalf("Decrypt with MGFHash: %v", err)
				}
				if _, err := DecryptOAEP(sha256.New(), nil, k, ct2, []byte("other")); err != rsa.ErrDecryption {
					t.Fatalf("wrong label: %v", err)
				}
				ct2[3] ^= 1
				if _, err := DecryptOAEP(sha256.New(), nil, k, ct2, label); err != rsa.ErrDecryption {
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
			sk, k := carryKey(t, bits)
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
					got, err = k.Decrypt(nil, ct2, opts)
					if err != nil || !bytes.Equal(got, msg) {
						t.Fatalf("cannot decrypt crypto/rsa's: %v", err)
					}
				}
				// SessionKeyLen: the message if its length matches, else the
				// random bytes, and no error either way.
				if msgLen > 0 {
					got, err = k.Decrypt(rand.Reader, ct2, &rsa.PKCS1v15DecryptOptions{SessionKeyLen: msgLen})
					if err != nil || !bytes.Equal(got, msg) {
						t.Fatalf("session key: %v", err)
					}
				}
				got, err = k.Decrypt(bytes.NewReader(make([]byte, msgLen+1)), ct2, &rsa.PKCS1v15DecryptOptions{SessionKeyLen: msgLen + 1})
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
			if _, err := DecryptPKCS1v15(nil, k, make([]byte, sk.Size())); err != rsa.ErrDecryption {
				t.Fatalf("zero ciphertext: %v", err)
			}
			if _, err := DecryptPKCS1v15(nil, k, sk.N.Bytes()); err != rsa.ErrDecryption {
				t.Fatalf("ciphertext n: %v", err)
			}
		})
	}
}

// TestBrokenKeys checks that NewPrivateKey refuses keys that are not
// consistent, each with an error.
func TestBrokenKeys(t *testing.T) {
	sk := stdKey(t, 2048)
	clone := func() *rsa.PrivateKey {
		c := *sk
		c.PublicKey.N = new(big.Int).Set(sk.N)
		c.Primes = []*big.Int{new(big.Int).Set(sk.Primes[0]), new(big.Int).Set(sk.Primes[1])}
		c.D = new(big.Int).Set(sk.D)
		c.Precomputed.Dp = new(big.Int).Set(sk.Precomputed.Dp)
		c.Precomputed.Dq = new(big.Int).Set(sk.Precomputed.Dq)
		c.Precomputed.Qinv = new(big.Int).Set(sk.Precomputed.Qinv)
		return &c
	}
	if _, err := NewPrivateKey(clone()); err != nil {
		t.Fatal(err)
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
		"no dp":        func(k *rsa.PrivateKey) { k.Precomputed.Dp = nil },
		"one prime":    func(k *rsa.PrivateKey) { k.Primes = k.Primes[:1] },
		"nil D":        func(k *rsa.PrivateKey) { k.D = nil },
		"nil N":        func(k *rsa.PrivateKey) { k.N = nil },
		"negative d":   func(k *rsa.PrivateKey) { k.D.Neg(k.D) },
		"zero qinv":    func(k *rsa.PrivateKey) { k.Precomputed.Qinv.SetInt64(0) },
		"multi-prime3": func(k *rsa.PrivateKey) { k.Primes = append(k.Primes, big.NewInt(7)) },
	}
	for name, breakKey := range cases {
		k := clone()
		breakKey(k)
		if _, err := NewPrivateKey(k); err == nil {
			t.Errorf("%s: key accepted", name)
		}
	}
	if _, err := NewPrivateKey(nil); err == nil {
		t.Error("nil key accepted")
	}
	// A real multi-prime key gets the multi-prime error.
	mk, err := rsa.GenerateMultiPrimeKey(rand.Reader, 3, 1024)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := NewPrivateKey(mk); err != errMultiPrime {
		t.Errorf("multi-prime key: %v, want %v", err, errMultiPrime)
	}
}

// TestFaultNotReleased checks that a fault in the private operation (here a
// corrupted dp) returns an error and not a signature that would reveal q.
func TestFaultNotReleased(t *testing.T) {
	_, k := carryKey(t, 2048)
	bad := *k
	bad.dp = bytes.Clone(k.dp)
	bad.dp[len(bad.dp)-1] ^= 4
	if sig, err := SignPKCS1v15(&bad, crypto.SHA256, make([]byte, 32)); err == nil || sig != nil {
		t.Fatal("faulty signature released")
	}
}

func TestPublicAndEqual(t *testing.T) {
	sk, k := carryKey(t, 2048)
	pub, ok := k.Public().(*rsa.PublicKey)
	if !ok || !pub.Equal(&sk.PublicKey) {
		t.Fatal("Public differs from the crypto/rsa key's")
	}
	pub.N.SetInt64(5) // the caller's copy: the key must not change
	if !k.Public().(*rsa.PublicKey).Equal(&sk.PublicKey) {
		t.Fatal("Public shares its modulus with the key")
	}
	k2, _ := NewPrivateKey(sk)
	_, k3 := carryKey(t, 2050)
	if !k.Equal(k2) || k.Equal(k3) || k.Equal(sk) {
		t.Fatal("Equal is wrong")
	}
	if k.Size() != 256 {
		t.Fatalf("Size = %d", k.Size())
	}
}

func TestGenerateKey(t *testing.T) {
	k, err := GenerateKey(rand.Reader, 1024)
	if err != nil {
		t.Fatal(err)
	}
	sig, err := SignPKCS1v15(k, crypto.SHA256, make([]byte, 32))
	if err != nil {
		t.Fatal(err)
	}
	if err := rsa.VerifyPKCS1v15(k.Public().(*rsa.PublicKey), crypto.SHA256, make([]byte, 32), sig); err != nil {
		t.Fatal(err)
	}
	if _, err := GenerateKey(rand.Reader, 512); err == nil {
		t.Fatal("512-bit key generated")
	}
}

// TestBadInputs feeds wrong lengths and values to every function: errors,
// no panics.
func TestBadInputs(t *testing.T) {
	sk, k := carryKey(t, 2048)
	pub := &sk.PublicKey
	n := sk.N.Bytes()
	for _, sig := range [][]byte{nil, {1}, make([]byte, 255), make([]byte, 257), n, bytes.Repeat([]byte{0xff}, 256)} {
		if VerifyPKCS1v15(pub, crypto.SHA256, make([]byte, 32), sig) == nil {
			t.Fatal("bad signature verified")
		}
		if VerifyPSS(pub, crypto.SHA256, make([]byte, 32), sig, nil) == nil {
			t.Fatal("bad PSS signature verified")
		}
		if _, err := DecryptPKCS1v15(nil, k, sig); err == nil {
			t.Fatal("bad ciphertext decrypted")
		}
		if _, err := DecryptOAEP(sha256.New(), nil, k, sig, nil); err == nil {
			t.Fatal("bad OAEP ciphertext decrypted")
		}
	}
	for _, bad := range []*rsa.PublicKey{nil, {}, {N: big.NewInt(0), E: 3}, {N: new(big.Int).Lsh(big.NewInt(1), 2048), E: 3},
		{N: sk.N, E: 2}, {N: sk.N, E: -3}, {N: new(big.Int).Rsh(sk.N, 1100), E: 3}} {
		if VerifyPKCS1v15(bad, crypto.SHA256, make([]byte, 32), make([]byte, 256)) == nil {
			t.Fatal("bad public key accepted")
		}
		if _, err := EncryptOAEP(sha256.New(), rand.Reader, bad, nil, nil); err == nil {
			t.Fatal("bad public key accepted")
		}
	}
	if _, err := k.Sign(rand.Reader, make([]byte, 32), nil); err == nil {
		t.Fatal("nil opts accepted")
	}
	if _, err := k.Decrypt(rand.Reader, make([]byte, 256), &rsa.PSSOptions{}); err == nil {
		t.Fatal("PSSOptions accepted by Decrypt")
	}
	if VerifyPSS(pub, crypto.Hash(0), make([]byte, 32), make([]byte, 256), nil) == nil {
		t.Fatal("hash 0 accepted by VerifyPSS")
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
		sk, k := carryKey(t, bits)
		digest := make([]byte, 32)
		digest[0] = byte(bits)
		sig, err := SignPKCS1v15(k, crypto.SHA256, digest)
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
