package rsa

import (
	"bytes"
	"crypto"
	"crypto/rsa"
	"crypto/x509"
	"encoding/hex"
	"math/big"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// The JSON of Wycheproof's RSA files (schemas rsassa_pkcs1_verify,
// rsassa_pss_verify, rsaes_oaep_decrypt and rsaes_pkcs1_decrypt), the
// fields these tests use.
type wpTest struct {
	TcID    int      `json:"tcId"`
	Comment string   `json:"comment"`
	Msg     string   `json:"msg"`
	Sig     string   `json:"sig"`
	Ct      string   `json:"ct"`
	Label   string   `json:"label"`
	Result  string   `json:"result"`
	Flags   []string `json:"flags"`
}

type wpGroup struct {
	N       string   `json:"n"`
	E       string   `json:"e"`
	KeySize int      `json:"keysize"`
	Sha     string   `json:"sha"`
	MgfSha  string   `json:"mgfSha"`
	SLen    int      `json:"sLen"`
	Pkcs8   string   `json:"privateKeyPkcs8"`
	Tests   []wpTest `json:"tests"`
}

type wpFile struct {
	Algorithm  string    `json:"algorithm"`
	NumOfTests int       `json:"numberOfTests"`
	Groups     []wpGroup `json:"testGroups"`
}

var wpHashes = map[string]crypto.Hash{
	"SHA-1": crypto.SHA1, "SHA-224": crypto.SHA224, "SHA-256": crypto.SHA256,
	"SHA-384": crypto.SHA384, "SHA-512": crypto.SHA512,
	"SHA-512/224": crypto.SHA512_224, "SHA-512/256": crypto.SHA512_256,
	"SHA3-224": crypto.SHA3_224, "SHA3-256": crypto.SHA3_256,
	"SHA3-384": crypto.SHA3_384, "SHA3-512": crypto.SHA3_512,
}

func wpHex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatalf("bad hex %q: %v", s, err)
	}
	return b
}

func wpHash(t *testing.T, name string) crypto.Hash {
	t.Helper()
	h, ok := wpHashes[name]
	if !ok {
		t.Fatalf("unknown hash %q", name)
	}
	return h
}

// wpPublicKey returns the group's public key, or nil if its size is outside
// what this package supports (under 1024 bits), in which case every
// operation must refuse it.
func wpPublicKey(t *testing.T, g *wpGroup) *rsa.PublicKey {
	n := new(big.Int).SetBytes(wpHex(t, g.N))
	e := new(big.Int).SetBytes(wpHex(t, g.E))
	if !e.IsInt64() || e.Int64() > 1<<31 {
		t.Fatalf("exponent %v", e)
	}
	return &rsa.PublicKey{N: n, E: int(e.Int64())}
}

func wpDigest(t *testing.T, h crypto.Hash, msg []byte) []byte {
	hh := h.New()
	hh.Write(msg)
	return hh.Sum(nil)
}

// wpCheck fails t if the outcome ok disagrees with the test's result
// ("acceptable" allows either).
func wpCheck(t *testing.T, file string, tc *wpTest, ok bool, err error) {
	t.Helper()
	switch {
	case tc.Result == "valid" && !ok:
		t.Errorf("%s #%d (%s): valid test rejected: %v", file, tc.TcID, tc.Comment, err)
	case tc.Result == "invalid" && ok:
		t.Errorf("%s #%d (%s): invalid test accepted", file, tc.TcID, tc.Comment)
	}
}

var wpSignatureFiles = []string{
	"rsa_signature_test.json",
	"rsa_signature_2048_sha224_test.json", "rsa_signature_2048_sha256_test.json",
	"rsa_signature_2048_sha384_test.json", "rsa_signature_2048_sha512_test.json",
	"rsa_signature_2048_sha512_224_test.json", "rsa_signature_2048_sha512_256_test.json",
	"rsa_signature_2048_sha3_224_test.json", "rsa_signature_2048_sha3_256_test.json",
	"rsa_signature_2048_sha3_384_test.json", "rsa_signature_2048_sha3_512_test.json",
	"rsa_signature_3072_sha256_test.json", "rsa_signature_3072_sha384_test.json",
	"rsa_signature_3072_sha512_test.json", "rsa_signature_3072_sha512_256_test.json",
	"rsa_signature_3072_sha3_256_test.json", "rsa_signature_3072_sha3_384_test.json",
	"rsa_signature_3072_sha3_512_test.json",
	"rsa_signature_4096_sha384_test.json", "rsa_signature_4096_sha512_test.json",
	"rsa_signature_4096_sha512_256_test.json",
}

func TestWycheproofPKCS1v15Verify(t *testing.T) {
	total := 0
	for _, file := range wpSignatureFiles {
		var f wpFile
		testutil.LoadWycheproof(t, file, &f)
		count := 0
		for _, g := range f.Groups {
			pub := wpPublicKey(t, &g)
			h := wpHash(t, g.Sha)
			for _, tc := range g.Tests {
				count++
				digest := wpDigest(t, h, wpHex(t, tc.Msg))
				err := VerifyPKCS1v15(pub, h, digest, wpHex(t, tc.Sig))
				if pub.N.BitLen() < minModulusBits {
					// crypto/rsa's refusal, unless GODEBUG rsa1024min=0.
					stdErr := rsa.VerifyPKCS1v15(pub, h, digest, wpHex(t, tc.Sig))
					if err == nil || stdErr == nil || err.Error() != stdErr.Error() {
						t.Errorf("%s #%d: key of %d bits: %v, crypto/rsa %v", file, tc.TcID, pub.N.BitLen(), err, stdErr)
					}
					continue
				}
				wpCheck(t, file, &tc, err == nil, err)
			}
		}
		if count != f.NumOfTests || count == 0 {
			t.Errorf("%s: ran %d tests of %d", file, count, f.NumOfTests)
		}
		total += count
	}
	t.Logf("%d tests", total)
}

var wpPSSFiles = []string{
	"rsa_pss_2048_sha1_mgf1_20_test.json", "rsa_pss_2048_sha256_mgf1_0_test.json",
	"rsa_pss_2048_sha256_mgf1_32_test.json", "rsa_pss_2048_sha512_256_mgf1_28_test.json",
	"rsa_pss_2048_sha512_256_mgf1_32_test.json", "rsa_pss_3072_sha256_mgf1_32_test.json",
	"rsa_pss_4096_sha256_mgf1_32_test.json", "rsa_pss_4096_sha512_mgf1_32_test.json",
	"rsa_pss_misc_test.json",
}

func TestWycheproofPSSVerify(t *testing.T) {
	total, other := 0, 0
	for _, file := range wpPSSFiles {
		var f wpFile
		testutil.LoadWycheproof(t, file, &f)
		count := 0
		for _, g := range f.Groups {
			pub := wpPublicKey(t, &g)
			h := wpHash(t, g.Sha)
			for _, tc := range g.Tests {
				count++
				digest := wpDigest(t, h, wpHex(t, tc.Msg))
				sig := wpHex(t, tc.Sig)
				if g.MgfSha != g.Sha {
					// MGF1 with another hash than the message's is not
					// supported, as in crypto/rsa: nothing may verify.
					other++
					if VerifyPSS(pub, h, digest, sig, nil) == nil && tc.Result == "valid" {
						t.Errorf("%s #%d: verified with the wrong MGF hash", file, tc.TcID)
					}
					continue
				}
				// A salt length of 0 is PSSSaltLengthAuto in crypto/rsa's
				// options; ask for an exact 0 by checking the salt after.
				opts := &rsa.PSSOptions{SaltLength: g.SLen}
				err := VerifyPSS(pub, h, digest, sig, opts)
				if err == nil && g.SLen == 0 {
					err = checkZeroSalt(pub, h, sig)
				}
				wpCheck(t, file, &tc, err == nil, err)
			}
		}
		if count != f.NumOfTests || count == 0 {
			t.Errorf("%s: ran %d tests of %d", file, count, f.NumOfTests)
		}
		total += count
	}
	t.Logf("%d tests (%d with a distinct MGF hash, checked not to verify)", total, other)
}

// checkZeroSalt returns an error unless the PSS signature sig has an empty
// salt: its DB, unmasked, ends in 0x01.
func checkZeroSalt(pub *rsa.PublicKey, h crypto.Hash, sig []byte) error {
	em, err := public(pub, sig)
	if err != nil {
		return err
	}
	emBits := pub.N.BitLen() - 1
	emLen := (emBits + 7) / 8
	em = em[len(em)-emLen:]
	hLen := h.Size()
	db := bytes.Clone(em[:emLen-hLen-1])
	mgf1XOR(db, h.New(), em[emLen-hLen-1:emLen-1])
	if db[len(db)-1] != 1 {
		return rsa.ErrVerification
	}
	return nil
}

// wpPrivateKey parses the group's PKCS #8 key and returns it with a Signer
// for it.
func wpPrivateKey(t *testing.T, g *wpGroup) (*rsa.PrivateKey, *Signer) {
	t.Helper()
	k, err := x509.ParsePKCS8PrivateKey(wpHex(t, g.Pkcs8))
	if err != nil {
		t.Fatal(err)
	}
	sk := k.(*rsa.PrivateKey)
	return sk, newSigner(t, sk)
}

var wpOAEPFiles = []string{
	"rsa_oaep_2048_sha1_mgf1sha1_test.json", "rsa_oaep_2048_sha224_mgf1sha1_test.json",
	"rsa_oaep_2048_sha224_mgf1sha224_test.json", "rsa_oaep_2048_sha256_mgf1sha1_test.json",
	"rsa_oaep_2048_sha256_mgf1sha256_test.json", "rsa_oaep_2048_sha384_mgf1sha1_test.json",
	"rsa_oaep_2048_sha384_mgf1sha384_test.json", "rsa_oaep_2048_sha512_mgf1sha1_test.json",
	"rsa_oaep_2048_sha512_mgf1sha512_test.json", "rsa_oaep_3072_sha256_mgf1sha1_test.json",
	"rsa_oaep_3072_sha256_mgf1sha256_test.json", "rsa_oaep_3072_sha512_mgf1sha1_test.json",
	"rsa_oaep_3072_sha512_mgf1sha512_test.json", "rsa_oaep_4096_sha256_mgf1sha1_test.json",
	"rsa_oaep_4096_sha256_mgf1sha256_test.json", "rsa_oaep_4096_sha512_mgf1sha1_test.json",
	"rsa_oaep_4096_sha512_mgf1sha512_test.json", "rsa_oaep_misc_test.json",
}

// skipDecryptCase reports whether the decryption test case numbered n (from
// 1 in its file) is left out. With -short, as under emulation and on 32-bit
// platforms, where a private-key operation costs tens of milliseconds, one
// case in eight of each file runs; the default run takes every case.
func skipDecryptCase(n int) bool {
	return testing.Short() && n%8 != 1
}

func TestWycheproofOAEPDecrypt(t *testing.T) {
	total := 0
	for _, file := range wpOAEPFiles {
		var f wpFile
		testutil.LoadWycheproof(t, file, &f)
		count, ran := 0, 0
		for _, g := range f.Groups {
			_, k := wpPrivateKey(t, &g)
			opts := &rsa.OAEPOptions{Hash: wpHash(t, g.Sha), MGFHash: wpHash(t, g.MgfSha)}
			for _, tc := range g.Tests {
				count++
				if skipDecryptCase(count) {
					continue
				}
				ran++
				opts.Label = wpHex(t, tc.Label)
				msg, err := k.Decrypt(nil, wpHex(t, tc.Ct), opts)
				ok := err == nil && bytes.Equal(msg, wpHex(t, tc.Msg))
				if err != nil && err != rsa.ErrDecryption {
					t.Errorf("%s #%d: error %v is not rsa.ErrDecryption", file, tc.TcID, err)
				}
				wpCheck(t, file, &tc, ok, err)
			}
		}
		if count != f.NumOfTests || ran == 0 {
			t.Errorf("%s: saw %d tests of %d, ran %d", file, count, f.NumOfTests, ran)
		}
		total += ran
	}
	t.Logf("%d tests", total)
}

func TestWycheproofPKCS1v15Decrypt(t *testing.T) {
	total := 0
	for _, file := range []string{"rsa_pkcs1_2048_test.json", "rsa_pkcs1_3072_test.json", "rsa_pkcs1_4096_test.json"} {
		var f wpFile
		testutil.LoadWycheproof(t, file, &f)
		count, ran := 0, 0
		for _, g := range f.Groups {
			sk, _ := wpPrivateKey(t, &g)
			for _, tc := range g.Tests {
				count++
				if skipDecryptCase(count) {
					continue
				}
				ran++
				msg, err := DecryptPKCS1v15(nil, sk, wpHex(t, tc.Ct))
				ok := err == nil && bytes.Equal(msg, wpHex(t, tc.Msg))
				if err != nil && err != rsa.ErrDecryption {
					t.Errorf("%s #%d: error %v is not rsa.ErrDecryption", file, tc.TcID, err)
				}
				wpCheck(t, file, &tc, ok, err)
			}
		}
		if count != f.NumOfTests || ran == 0 {
			t.Errorf("%s: saw %d tests of %d, ran %d", file, count, f.NumOfTests, ran)
		}
		total += ran
	}
	t.Logf("%d tests", total)
}

// TestWycheproofPKCS1v15Sign signs with the private keys of
// rsa_sig_gen_misc_test.json, PKCS #1 v1.5 being deterministic, and compares
// with the signatures given (all valid or acceptable), by the package
// function and by a Signer. Keys with a prime under 512 bits, which carry's
// arithmetic does not take, are signed with by crypto/rsa's code: they are
// checked not converted.
func TestWycheproofPKCS1v15Sign(t *testing.T) {
	const file = "rsa_sig_gen_misc_test.json"
	var f wpFile
	testutil.LoadWycheproof(t, file, &f)
	count, small := 0, 0
	for _, g := range f.Groups {
		sk, s := wpPrivateKey(t, &g)
		smallPrime := sk.Primes[0].BitLen() < 512 || sk.Primes[1].BitLen() < 512
		if converted := carryKey(sk) != nil; converted == smallPrime {
			t.Errorf("%s: key with primes of %d and %d bits: converted %v",
				file, sk.Primes[0].BitLen(), sk.Primes[1].BitLen(), converted)
		}
		h := wpHash(t, g.Sha)
		for _, tc := range g.Tests {
			count++
			if smallPrime {
				small++
			}
			digest := wpDigest(t, h, wpHex(t, tc.Msg))
			sig, err := SignPKCS1v15(nil, sk, h, digest)
			if err != nil || !bytes.Equal(sig, wpHex(t, tc.Sig)) {
				t.Errorf("%s #%d: signature differs: %v", file, tc.TcID, err)
			}
			sig, err = s.Sign(nil, digest, h)
			if err != nil || !bytes.Equal(sig, wpHex(t, tc.Sig)) {
				t.Errorf("%s #%d: Signer's signature differs: %v", file, tc.TcID, err)
			}
		}
	}
	if count != f.NumOfTests || count == 0 || small == 0 {
		t.Errorf("%s: ran %d tests of %d (%d with a small prime)", file, count, f.NumOfTests, small)
	}
	t.Logf("%d tests (%d on a key with a prime under 512 bits, signed by crypto/rsa's code)", count, small)
}
