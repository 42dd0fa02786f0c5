package ecdsa

import (
	"bytes"
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/sha256"
	"runtime"
	"testing"
)

// carryCurves returns the curves of testCurves whose keys the package's
// functions give to carry's code: all three, but P-256 where stdP256 hands
// its keys to crypto/ecdsa.
func carryCurves() []elliptic.Curve {
	var cs []elliptic.Curve
	for _, c := range testCurves {
		if !stdP256 || c != elliptic.P256() {
			cs = append(cs, c)
		}
	}
	return cs
}

// TestStdP256 checks which code takes the keys of each curve: crypto/ecdsa
// for P-256 where stdP256 is set (arm64 only), carry otherwise. A routed
// key is never converted or cached, by signing, GenerateKey or
// ParseRawPrivateKey, its public key is verified by crypto/ecdsa, and its
// hedged signatures, from the same reader, are crypto/ecdsa's byte for
// byte, from SignASN1, Sign, SignRaw and a Signer; carry's P-256 signatures
// are not (its DRBG hashes with SHA-256, crypto/ecdsa's with SHA-512), and
// its P-384 and P-521 signatures are.
func TestStdP256(t *testing.T) {
	if stdP256 && runtime.GOARCH != "arm64" {
		t.Fatalf("stdP256 is set on %s", runtime.GOARCH)
	}
	withCallerRand(t)
	digest := sha256.Sum256([]byte("route"))
	for _, c := range testCurves {
		name := c.Params().Name
		routed := stdP256 && c == elliptic.P256()
		if stdRuns(c) != routed || stdRuns(c.Params()) != routed {
			t.Fatalf("%s: stdRuns = %v, want %v", name, !routed, routed)
		}
		std, err := ecdsa.GenerateKey(c, constReader(0x5a))
		if err != nil {
			t.Fatal(err)
		}
		want, err := ecdsa.SignASN1(constReader(0x11), std, digest[:])
		if err != nil {
			t.Fatal(err)
		}
		got, err := SignASN1(constReader(0x11), std, digest[:])
		if err != nil {
			t.Fatal(err)
		}
		if _, cached := keys.Get(std); cached == routed || (carryKey(std) == nil) != routed {
			t.Errorf("%s: the key is cached after SignASN1: %v, want %v", name, cached, !routed)
		}
		wantSame := routed || c != elliptic.P256()
		if bytes.Equal(got, want) != wantSame {
			t.Errorf("%s: SignASN1 = %x, crypto/ecdsa %x: equal %v, want %v", name, got, want, !wantSame, wantSame)
		}
		if !VerifyASN1(&std.PublicKey, digest[:], got) || !ecdsa.VerifyASN1(&std.PublicKey, digest[:], got) {
			t.Errorf("%s: SignASN1's signature does not verify", name)
		}
		r, s, err := Sign(constReader(0x11), std, digest[:])
		if err != nil || !bytes.Equal(encodeSignature(r.Bytes(), s.Bytes()), got) {
			t.Errorf("%s: Sign = %x, %x, %v; SignASN1 %x", name, r, s, err, got)
		}
		rb, sb, err := SignRaw(constReader(0x11), std, digest[:])
		if err != nil || !bytes.Equal(encodeSignature(rb, sb), got) || !VerifyRaw(&std.PublicKey, digest[:], rb, sb) {
			t.Errorf("%s: SignRaw = %x, %x, %v; SignASN1 %x", name, rb, sb, err, got)
		}
		signer := newSigner(t, std)
		if (signer.key() == nil) != routed {
			t.Errorf("%s: the Signer signs with carry's code: %v, want %v", name, signer.key() != nil, !routed)
		}
		if sig, err := signer.Sign(constReader(0x11), digest[:], crypto.SHA256); err != nil || !bytes.Equal(sig, got) {
			t.Errorf("%s: Signer.Sign = %x, %v; SignASN1 %x", name, sig, err, got)
		}
		if impl, _ := publicKey(&std.PublicKey); (impl == nil) != routed {
			t.Errorf("%s: carry verifies: %v, want %v", name, impl != nil, !routed)
		}
		gen, err := GenerateKey(c, constReader(0x5a))
		if err != nil || !gen.Equal(std) {
			t.Fatalf("%s: GenerateKey = %v, %v; crypto/ecdsa's D = %x", name, gen, err, std.D)
		}
		d, err := std.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		parsed, err := ParseRawPrivateKey(c, d)
		if err != nil || !parsed.Equal(std) {
			t.Fatalf("%s: ParseRawPrivateKey = %v, %v", name, parsed, err)
		}
		for fn, k := range map[string]*PrivateKey{"GenerateKey": gen, "ParseRawPrivateKey": parsed} {
			if _, cached := keys.Get(k); cached == routed {
				t.Errorf("%s: %s's key is cached: %v, want %v", name, fn, cached, !routed)
			}
		}
	}
}
