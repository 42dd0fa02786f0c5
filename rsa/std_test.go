package rsa

import (
	"bytes"
	"crypto"
	"crypto/fips140"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/sha512"
	"fmt"
	"math/big"
	"os"
	"strings"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// zeros returns a reader of n zero bytes, the same "random" stream for
// carry's call and crypto/rsa's, so that their results can be compared.
func zeros(n int) *bytes.Reader { return bytes.NewReader(make([]byte, n)) }

// TestSameOutcomes runs every function on inputs that crypto/rsa refuses,
// panics on, or reads in a way of its own, and with crypto/rsa's function:
// each must give the same result, error text and panic. The random streams
// are the same for both, so results that use them match too.
func TestSameOutcomes(t *testing.T) {
	sk := stdKey(t, 2048)
	pub := &sk.PublicKey
	d32 := make([]byte, 32)
	ct := make([]byte, 256)
	ct[255] = 5
	long := append([]byte{0}, ct...) // one byte longer than the modulus, same value
	var nilKey *rsa.PrivateKey
	pss, err := rsa.SignPSS(rand.Reader, sk, crypto.SHA256, d32, nil)
	if err != nil {
		t.Fatal(err)
	}
	// A PKCS #1 v1.5 ciphertext with a leading zero byte, given without it:
	// crypto/rsa reads it as the number it is.
	var short []byte
	for range 4096 {
		c, err := rsa.EncryptPKCS1v15(rand.Reader, pub, []byte("short"))
		if err != nil {
			t.Fatal(err)
		}
		if c[0] == 0 {
			short = c[1:]
			break
		}
	}
	if short == nil {
		t.Fatal("no ciphertext with a leading zero in 4096")
	}
	pssOpts := func(salt int, h crypto.Hash) *rsa.PSSOptions { return &rsa.PSSOptions{SaltLength: salt, Hash: h} }
	for name, f := range map[string]func(a api) outcome{
		"SignPKCS1v15 short digest": func(a api) outcome {
			return call(func() ([]byte, error) { return a.SignPKCS1v15(nil, sk, crypto.SHA256, d32[:31]) })
		},
		"SignPKCS1v15 unknown hash": func(a api) outcome {
			return call(func() ([]byte, error) { return a.SignPKCS1v15(nil, sk, crypto.Hash(99), d32) })
		},
		"SignPKCS1v15 nil key": func(a api) outcome {
			return call(func() ([]byte, error) { return a.SignPKCS1v15(nil, nilKey, crypto.SHA256, d32) })
		},
		"SignPKCS1v15 nil key, short digest": func(a api) outcome {
			return call(func() ([]byte, error) { return a.SignPKCS1v15(nil, nilKey, crypto.SHA256, d32[:1]) })
		},
		"SignPKCS1v15 raw digest too long": func(a api) outcome {
			return call(func() ([]byte, error) { return a.SignPKCS1v15(nil, sk, 0, make([]byte, 246)) })
		},
		"VerifyPKCS1v15 short digest": func(a api) outcome {
			return callErr(func() error { return a.VerifyPKCS1v15(pub, crypto.SHA256, d32[:31], ct) })
		},
		"VerifyPKCS1v15 hash without prefix": func(a api) outcome {
			return callErr(func() error { return a.VerifyPKCS1v15(pub, crypto.BLAKE2b_256, d32, ct) })
		},
		"SignPSS salt -2": func(a api) outcome {
			return call(func() ([]byte, error) { return a.SignPSS(zeros(512), sk, crypto.SHA256, d32, pssOpts(-2, 0)) })
		},
		"SignPSS salt too long": func(a api) outcome {
			return call(func() ([]byte, error) { return a.SignPSS(zeros(512), sk, crypto.SHA256, d32, pssOpts(223, 0)) })
		},
		"SignPSS longest salt": func(a api) outcome {
			return call(func() ([]byte, error) { return a.SignPSS(zeros(512), sk, crypto.SHA256, d32, pssOpts(222, 0)) })
		},
		"SignPSS short digest": func(a api) outcome {
			return call(func() ([]byte, error) { return a.SignPSS(zeros(512), sk, crypto.SHA256, d32[:5], nil) })
		},
		"SignPSS opts.Hash overrides": func(a api) outcome {
			return call(func() ([]byte, error) {
				return a.SignPSS(zeros(512), sk, crypto.SHA1, make([]byte, 64), pssOpts(0, crypto.SHA512))
			})
		},
		"SignPSS unavailable hash": func(a api) outcome {
			return call(func() ([]byte, error) { return a.SignPSS(zeros(512), sk, crypto.BLAKE2b_256, d32, nil) })
		},
		"SignPSS short random": func(a api) outcome {
			return call(func() ([]byte, error) { return a.SignPSS(zeros(10), sk, crypto.SHA256, d32, nil) })
		},
		"VerifyPSS salt -2": func(a api) outcome {
			return callErr(func() error { return a.VerifyPSS(pub, crypto.SHA256, d32, ct, pssOpts(-2, 0)) })
		},
		"VerifyPSS ignores opts.Hash": func(a api) outcome {
			return callErr(func() error { return a.VerifyPSS(pub, crypto.SHA256, d32, pss, pssOpts(0, crypto.SHA512)) })
		},
		"VerifyPSS salt equals hash": func(a api) outcome {
			return callErr(func() error {
				return a.VerifyPSS(pub, crypto.SHA256, d32, pss, pssOpts(rsa.PSSSaltLengthEqualsHash, 0))
			})
		},
		"EncryptOAEP message too long": func(a api) outcome {
			return call(func() ([]byte, error) { return a.EncryptOAEP(sha512.New(), zeros(64), pub, make([]byte, 127), nil) })
		},
		"EncryptOAEP longest message": func(a api) outcome {
			return call(func() ([]byte, error) {
				return a.EncryptOAEP(sha512.New(), zeros(64), pub, make([]byte, 126), []byte("l"))
			})
		},
		"EncryptOAEP short random": func(a api) outcome {
			return call(func() ([]byte, error) { return a.EncryptOAEP(sha256.New(), zeros(3), pub, nil, nil) })
		},
		"EncryptOAEPWithOptions nil options": func(a api) outcome {
			return call(func() ([]byte, error) { return a.EncryptOAEPWithOptions(zeros(64), pub, nil, nil) })
		},
		"EncryptOAEPWithOptions unavailable hash": func(a api) outcome {
			return call(func() ([]byte, error) {
				return a.EncryptOAEPWithOptions(zeros(64), pub, nil, &rsa.OAEPOptions{Hash: crypto.BLAKE2b_256})
			})
		},
		"EncryptOAEPWithOptions MGF hash": func(a api) outcome {
			return call(func() ([]byte, error) {
				return a.EncryptOAEPWithOptions(zeros(64), pub, []byte("m"), &rsa.OAEPOptions{Hash: crypto.SHA256, MGFHash: crypto.SHA1})
			})
		},
		"DecryptOAEP hash too long for the key": func(a api) outcome {
			return call(func() ([]byte, error) { return a.DecryptOAEP(sha512.New(), nil, stdKey(t, 1024), ct[:128], nil) })
		},
		"DecryptPKCS1v15 longer ciphertext": func(a api) outcome {
			return call(func() ([]byte, error) { return a.DecryptPKCS1v15(nil, sk, long) })
		},
		"DecryptPKCS1v15 short ciphertext": func(a api) outcome {
			return call(func() ([]byte, error) { return a.DecryptPKCS1v15(nil, sk, short) })
		},
		"DecryptPKCS1v15SessionKey key too long": func(a api) outcome {
			return callErr(func() error { return a.DecryptPKCS1v15SessionKey(nil, sk, ct, make([]byte, 246)) })
		},
		"DecryptPKCS1v15SessionKey ciphertext not below n": func(a api) outcome {
			return callErr(func() error { return a.DecryptPKCS1v15SessionKey(nil, sk, sk.N.Bytes(), make([]byte, 16)) })
		},
		"Decrypt short ciphertext": func(a api) outcome {
			return call(func() ([]byte, error) { return a.signer(t, sk).Decrypt(nil, short, nil) })
		},
		"Decrypt unavailable OAEP hash": func(a api) outcome {
			return call(func() ([]byte, error) {
				return a.signer(t, sk).Decrypt(nil, ct, &rsa.OAEPOptions{Hash: crypto.BLAKE2b_256})
			})
		},
		"Decrypt session key, short random": func(a api) outcome {
			return call(func() ([]byte, error) {
				return a.signer(t, sk).Decrypt(zeros(3), ct, &rsa.PKCS1v15DecryptOptions{SessionKeyLen: 16})
			})
		},
		"Sign PSS without a hash": func(a api) outcome {
			return call(func() ([]byte, error) { return a.signer(t, sk).Sign(zeros(512), d32, &rsa.PSSOptions{}) })
		},
	} {
		same(t, name, f)
	}
}

// TestNilRandom checks nil random where crypto/rsa takes it: the functions
// that do not read it (signing by PKCS #1 v1.5, decryption, and, since Go
// 1.26, PKCS #1 v1.5 encryption, which reads the system's source) work
// with nil; those that read it panic, as crypto/rsa's do.
func TestNilRandom(t *testing.T) {
	sk := stdKey(t, 2048)
	pub := &sk.PublicKey
	d32 := make([]byte, 32)
	oaep, err := rsa.EncryptOAEP(sha256.New(), rand.Reader, pub, []byte("msg"), nil)
	if err != nil {
		t.Fatal(err)
	}
	pkcs, err := rsa.EncryptPKCS1v15(rand.Reader, pub, make([]byte, 16))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		f      func(a api) outcome
		panics bool
	}{
		{"SignPKCS1v15", func(a api) outcome {
			return call(func() ([]byte, error) { return a.SignPKCS1v15(nil, sk, crypto.SHA256, d32) })
		}, false},
		{"Sign PKCS #1 v1.5", func(a api) outcome {
			return call(func() ([]byte, error) { return a.signer(t, sk).Sign(nil, d32, crypto.SHA256) })
		}, false},
		{"DecryptOAEP", func(a api) outcome {
			return call(func() ([]byte, error) { return a.DecryptOAEP(sha256.New(), nil, sk, oaep, nil) })
		}, false},
		{"DecryptPKCS1v15", func(a api) outcome {
			return call(func() ([]byte, error) { return a.DecryptPKCS1v15(nil, sk, pkcs) })
		}, false},
		{"DecryptPKCS1v15SessionKey", func(a api) outcome {
			return call(func() ([]byte, error) { k := make([]byte, 16); return k, a.DecryptPKCS1v15SessionKey(nil, sk, pkcs, k) })
		}, false},
		{"Decrypt OAEP", func(a api) outcome {
			return call(func() ([]byte, error) {
				return a.signer(t, sk).Decrypt(nil, oaep, &rsa.OAEPOptions{Hash: crypto.SHA256})
			})
		}, false},
		{"SignPSS", func(a api) outcome {
			return call(func() ([]byte, error) { return a.SignPSS(nil, sk, crypto.SHA256, d32, nil) })
		}, true},
		{"EncryptOAEP", func(a api) outcome {
			return call(func() ([]byte, error) { return a.EncryptOAEP(sha256.New(), nil, pub, nil, nil) })
		}, true},
		{"Decrypt session key", func(a api) outcome {
			return call(func() ([]byte, error) {
				return a.signer(t, sk).Decrypt(nil, pkcs, &rsa.PKCS1v15DecryptOptions{SessionKeyLen: 16})
			})
		}, true},
	} {
		o := same(t, c.name, c.f)
		if panicked := o.panicked != ""; panicked != c.panics || o.err != "" {
			t.Errorf("%s with nil random: %v", c.name, o)
		}
	}
	ct, err := EncryptPKCS1v15(nil, pub, []byte("msg"))
	if err != nil {
		t.Fatal(err)
	}
	if msg, err := DecryptPKCS1v15(nil, sk, ct); err != nil || string(msg) != "msg" {
		t.Fatalf("EncryptPKCS1v15 with nil random: %q, %v", msg, err)
	}
}

// smallKey returns a two-prime key of bits bits, made from crypto/rand's
// primes, for sizes crypto/rsa.GenerateKey refuses.
func smallKey(t *testing.T, bits int) *rsa.PrivateKey {
	t.Helper()
	for {
		p, err := rand.Prime(rand.Reader, bits/2)
		if err != nil {
			t.Fatal(err)
		}
		q, err := rand.Prime(rand.Reader, bits-bits/2)
		if err != nil {
			t.Fatal(err)
		}
		n := new(big.Int).Mul(p, q)
		one := big.NewInt(1)
		phi := new(big.Int).Mul(new(big.Int).Sub(p, one), new(big.Int).Sub(q, one))
		d := new(big.Int).ModInverse(big.NewInt(65537), phi)
		if n.BitLen() != bits || d == nil || p.Cmp(q) == 0 {
			continue
		}
		k := &rsa.PrivateKey{PublicKey: rsa.PublicKey{N: n, E: 65537}, D: d, Primes: []*big.Int{p, q}}
		k.Precompute()
		if k.Validate() == nil {
			return k
		}
	}
}

// checkStdKey checks a valid key that carry's arithmetic does not take:
// every function gives crypto/rsa's outcome, and NewSigner gives a Signer
// that runs crypto/rsa's code, or crypto/rsa's error.
func checkStdKey(t *testing.T, name string, sk *rsa.PrivateKey) {
	t.Helper()
	if carryKey(sk) != nil {
		t.Errorf("%s: converted", name)
	}
	digest := sha256.Sum256([]byte(name))
	sign := same(t, name+": SignPKCS1v15", func(a api) outcome {
		return call(func() ([]byte, error) { return a.SignPKCS1v15(nil, sk, crypto.SHA256, digest[:]) })
	})
	same(t, name+": VerifyPKCS1v15", func(a api) outcome {
		return callErr(func() error { return a.VerifyPKCS1v15(&sk.PublicKey, crypto.SHA256, digest[:], []byte(sign.result)) })
	})
	same(t, name+": SignPSS", func(a api) outcome {
		return call(func() ([]byte, error) { return a.SignPSS(zeros(1024), sk, crypto.SHA256, digest[:], nil) })
	})
	ct := same(t, name+": EncryptOAEP", func(a api) outcome {
		return call(func() ([]byte, error) { return a.EncryptOAEP(sha256.New(), zeros(64), &sk.PublicKey, []byte("m"), nil) })
	})
	same(t, name+": DecryptOAEP", func(a api) outcome {
		return call(func() ([]byte, error) { return a.DecryptOAEP(sha256.New(), nil, sk, []byte(ct.result), nil) })
	})
	s, err := NewSigner(sk)
	if sign.err != "" {
		if err == nil || err.Error() != sign.err {
			t.Errorf("%s: NewSigner: %v; crypto/rsa's signing: %s", name, err, sign.err)
		}
		return
	}
	if err != nil {
		t.Fatalf("%s: NewSigner: %v", name, err)
	}
	if s.k != nil {
		t.Errorf("%s: the Signer has a converted key", name)
	}
	same(t, name+": Sign", func(a api) outcome {
		return call(func() ([]byte, error) { return a.signer(t, sk).Sign(nil, digest[:], crypto.SHA256) })
	})
}

// TestStdKeys runs keys that carry's arithmetic does not take: crypto/rsa's
// code runs for them, with its results and errors.
func TestStdKeys(t *testing.T) {
	mk, err := rsa.GenerateMultiPrimeKey(rand.Reader, 3, 1024)
	if err != nil {
		t.Fatal(err)
	}
	checkStdKey(t, "three primes", mk)
	if s := callErr(func() error { _, err := GenerateMultiPrimeKey(rand.Reader, 1, 1024); return err }); s.err == "" {
		t.Error("GenerateMultiPrimeKey of one prime succeeded")
	}
	// Under 1024 bits: refused by crypto/rsa, here and in a child process
	// with GODEBUG rsa1024min=0, where crypto/rsa uses the key.
	checkStdKey(t, "768 bits", smallKey(t, 768))
	// Over 8192 bits, the public side (a private key that size takes
	// minutes to generate: with -long).
	n := new(big.Int).Lsh(big.NewInt(1), 8200)
	n.Sub(n, big.NewInt(1))
	big8200 := &rsa.PublicKey{N: n, E: 65537}
	same(t, "8200-bit public key", func(a api) outcome {
		return callErr(func() error { return a.VerifyPKCS1v15(big8200, crypto.SHA256, make([]byte, 32), make([]byte, 1025)) })
	})
	if *long {
		checkStdKey(t, "8200 bits", smallKey(t, 8200))
	}
}

// TestSmallKeysWithGODEBUG is checkStdKey on a 768-bit key with GODEBUG
// rsa1024min=0, under which crypto/rsa uses it.
func TestSmallKeysWithGODEBUG(t *testing.T) {
	if testutil.IsChild(t) {
		k := smallKey(t, 768)
		if _, err := rsa.SignPKCS1v15(nil, k, crypto.SHA256, make([]byte, 32)); err != nil {
			t.Fatalf("GODEBUG rsa1024min=0 not in force: %v", err)
		}
		checkStdKey(t, "768 bits", k)
		return
	}
	if testing.Short() {
		t.Skip("re-runs the test binary; skipped with -short")
	}
	testutil.RunChild(t, "GODEBUG=rsa1024min=0")
}

// TestFIPSMode runs the functions in FIPS 140 mode, in child processes with
// GODEBUG fips140=on and fips140=only: no key is converted, carry's public
// operation never runs, and the outcomes are crypto/rsa's, its refusals in
// fips140=only mode included.
func TestFIPSMode(t *testing.T) {
	for _, mode := range []string{"on", "only"} {
		t.Run(mode, func(t *testing.T) {
			if testutil.IsChild(t) {
				fipsChild(t, mode)
				return
			}
			if testing.Short() {
				t.Skip("re-runs the test binary; skipped with -short")
			}
			testutil.RunChild(t, "GODEBUG=fips140="+mode)
		})
	}
}

func fipsChild(t *testing.T, mode string) {
	if !fips140.Enabled() || !strings.Contains(os.Getenv("GODEBUG"), "fips140="+mode) {
		t.Fatal("not in FIPS 140 mode")
	}
	for _, bits := range []int{1024, 2048} {
		sk := cloneKey(stdKey(t, bits))
		name := fmt.Sprintf("%d bits", bits)
		digest := sha256.Sum256([]byte(name))
		sign := same(t, name+": SignPKCS1v15", func(a api) outcome {
			return call(func() ([]byte, error) { return a.SignPKCS1v15(nil, sk, crypto.SHA256, digest[:]) })
		})
		if sign.failed() != (mode == "only" && bits < 2048) {
			t.Errorf("%s: SignPKCS1v15: %v", name, sign)
		}
		same(t, name+": VerifyPKCS1v15", func(a api) outcome {
			return callErr(func() error { return a.VerifyPKCS1v15(&sk.PublicKey, crypto.SHA256, digest[:], []byte(sign.result)) })
		})
		same(t, name+": SignPSS", func(a api) outcome {
			return call(func() ([]byte, error) { return a.SignPSS(zeros(512), sk, crypto.SHA256, digest[:], nil) })
		})
		ct := same(t, name+": EncryptOAEP", func(a api) outcome {
			return call(func() ([]byte, error) { return a.EncryptOAEP(sha256.New(), zeros(64), &sk.PublicKey, []byte("m"), nil) })
		})
		same(t, name+": DecryptOAEP", func(a api) outcome {
			return call(func() ([]byte, error) { return a.DecryptOAEP(sha256.New(), nil, sk, []byte(ct.result), nil) })
		})
		same(t, name+": DecryptPKCS1v15", func(a api) outcome {
			return call(func() ([]byte, error) { return a.DecryptPKCS1v15(nil, sk, []byte(ct.result)) })
		})
		if _, ok := keys.Get(sk); ok {
			t.Errorf("%s: key converted in FIPS 140 mode", name)
		}
		if s, err := NewSigner(sk); err == nil && s.k != nil {
			t.Errorf("%s: NewSigner converted the key in FIPS 140 mode", name)
		}
	}
	if lastPublic.Load() != nil {
		t.Error("carry's public operation ran in FIPS 140 mode")
	}
}
