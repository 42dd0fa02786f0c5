package ecdsa

import (
	"bufio"
	"bytes"
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	_ "crypto/sha1"
	"crypto/sha256"
	_ "crypto/sha512"
	"math/big"
	"os"
	"strings"
	"testing"
)

// rfc6979Vector is one signature of testdata/rfc6979.txt.
type rfc6979Vector struct {
	curve   elliptic.Curve
	x, ux   *big.Int
	uy      *big.Int
	hash    crypto.Hash
	message string
	k, r, s *big.Int
}

var rfc6979Hashes = map[string]crypto.Hash{
	"SHA-1": crypto.SHA1, "SHA-224": crypto.SHA224, "SHA-256": crypto.SHA256,
	"SHA-384": crypto.SHA384, "SHA-512": crypto.SHA512,
}

// readRFC6979 parses testdata/rfc6979.txt.
func readRFC6979(t *testing.T) []rfc6979Vector {
	f, err := os.Open("testdata/rfc6979.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var vs []rfc6979Vector
	var cur rfc6979Vector
	hexInt := func(s string) *big.Int {
		v, ok := new(big.Int).SetString(s, 16)
		if !ok {
			t.Fatalf("bad hex %q", s)
		}
		return v
	}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if name, ok := strings.CutPrefix(line, "curve: "); ok {
			switch name {
			case "P-256":
				cur.curve = elliptic.P256()
			case "P-384":
				cur.curve = elliptic.P384()
			case "P-521":
				cur.curve = elliptic.P521()
			default:
				t.Fatalf("unknown curve %q", name)
			}
			continue
		}
		if rest, ok := strings.CutPrefix(line, "With "); ok {
			h, msg, ok := strings.Cut(strings.TrimSuffix(rest, ":"), ", message = ")
			if !ok || rfc6979Hashes[h] == 0 {
				t.Fatalf("bad line %q", line)
			}
			cur.hash, cur.message = rfc6979Hashes[h], strings.Trim(msg, `"`)
			continue
		}
		name, value, ok := strings.Cut(line, " = ")
		if !ok {
			t.Fatalf("bad line %q", line)
		}
		switch name {
		case "x":
			cur.x = hexInt(value)
		case "Ux":
			cur.ux = hexInt(value)
		case "Uy":
			cur.uy = hexInt(value)
		case "k":
			cur.k = hexInt(value)
		case "r":
			cur.r = hexInt(value)
		case "s":
			cur.s = hexInt(value)
			vs = append(vs, cur)
		default:
			t.Fatalf("bad line %q", line)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return vs
}

// TestRFC6979 checks the deterministic signatures of RFC 6979, Appendix
// A.2.5 to A.2.7 (P-256, P-384 and P-521 with SHA-1, SHA-224, SHA-256,
// SHA-384 and SHA-512, messages "sample" and "test"): Sign with no random
// source must give exactly (r, s), the vector's k must give r (a check of
// the file itself), and the signature must verify, in DER and raw forms.
func TestRFC6979(t *testing.T) {
	vs := readRFC6979(t)
	if len(vs) != 30 {
		t.Fatalf("read %d vectors, want 30", len(vs))
	}
	for _, v := range vs {
		name := v.curve.Params().Name + "/" + v.hash.String() + "/" + v.message
		std := &ecdsa.PrivateKey{PublicKey: ecdsa.PublicKey{Curve: v.curve, X: v.ux, Y: v.uy}, D: v.x}
		s, err := NewSigner(std)
		if err != nil {
			t.Fatalf("%s: NewSigner: %v", name, err)
		}
		k := carryForm(t, std)
		// The file: k·G has x = r mod n.
		kx, _ := v.curve.ScalarBaseMult(v.k.Bytes())
		if kx.Mod(kx, v.curve.Params().N).Cmp(v.r) != 0 {
			t.Errorf("%s: the vector's k does not give its r", name)
		}
		h := v.hash.New()
		h.Write([]byte(v.message))
		digest := h.Sum(nil)
		// The nonce of RFC 6979, Section 3.2: the DRBG's last candidate,
		// through bits2int, when sign is given the DRBG's output.
		drbg := getDRBG(v.hash)
		drbg.instantiate(k.d, refBits2Octets(v.curve, digest))
		var last []byte
		if _, _, err := signWithNonceOf(k, nonceFunc(func(b []byte) {
			drbg.Generate(b)
			last = bytes.Clone(b)
		}), digest); err != nil {
			t.Fatal(err)
		}
		drbg.release()
		nonce := new(big.Int).SetBytes(last)
		nonce.Rsh(nonce, uint(8*len(last)-v.curve.Params().N.BitLen()))
		if nonce.Cmp(v.k) != 0 {
			t.Errorf("%s: nonce %x, want %x", name, nonce, v.k)
		}
		sig, err := s.Sign(nil, digest, v.hash)
		if err != nil {
			t.Fatalf("%s: Sign: %v", name, err)
		}
		want := encodeSignature(v.r.Bytes(), v.s.Bytes())
		if !bytes.Equal(sig, want) {
			t.Errorf("%s: Sign = %x, want %x", name, sig, want)
		}
		pub := &std.PublicKey
		if !VerifyASN1(pub, digest, sig) || !ecdsa.VerifyASN1(pub, digest, sig) {
			t.Errorf("%s: the signature does not verify", name)
		}
		size := (v.curve.Params().N.BitLen() + 7) / 8
		if !VerifyRaw(pub, digest, v.r.FillBytes(make([]byte, size)), v.s.FillBytes(make([]byte, size))) {
			t.Errorf("%s: VerifyRaw refuses the signature", name)
		}
	}
}

// TestRFC6979Retry signs the message "wv[vnX" with RFC 6979's P-256 key and
// SHA-256, whose first candidate nonce is not below n, so that the DRBG
// must be updated and asked again (Section 3.2, step h.3): the signature
// must be crypto/ecdsa's.
func TestRFC6979Retry(t *testing.T) {
	var v rfc6979Vector
	for _, x := range readRFC6979(t) {
		if x.curve == elliptic.P256() {
			v = x
			break
		}
	}
	std := &ecdsa.PrivateKey{PublicKey: ecdsa.PublicKey{Curve: v.curve, X: v.ux, Y: v.uy}, D: v.x}
	k := carryForm(t, std)
	digest := sha256.Sum256([]byte("wv[vnX"))
	drbg := getDRBG(crypto.SHA256)
	drbg.instantiate(k.d, refBits2Octets(v.curve, digest[:]))
	first := make([]byte, 32)
	drbg.Generate(first)
	drbg.release()
	if new(big.Int).SetBytes(first).Cmp(v.curve.Params().N) < 0 {
		t.Fatalf("the first candidate %x is below n: this vector does not test the retry", first)
	}
	got, err := newSigner(t, std).Sign(nil, digest[:], crypto.SHA256)
	if err != nil {
		t.Fatal(err)
	}
	want, err := std.Sign(nil, digest[:], crypto.SHA256)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("Sign = %x, crypto/ecdsa %x", got, want)
	}
}
