package ed25519

import (
	"bytes"
	"crypto"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"testing"
	"testing/iotest"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestKeyConversions checks GenerateKey, NewKeyFromSeed, NewPrivateKey,
// Seed, Bytes, Public and Equal against crypto/ed25519.
func TestKeyConversions(t *testing.T) {
	rnd := testutil.Rand(t)
	for range 50 {
		seed := make([]byte, SeedSize)
		for i := range seed {
			seed[i] = byte(rnd.Uint32())
		}
		k, std := mustKey(t, seed)
		if !bytes.Equal(k.Bytes(), std) {
			t.Fatalf("Bytes %x, want %x", k.Bytes(), std)
		}
		if !bytes.Equal(k.Seed(), seed) {
			t.Fatalf("Seed %x, want %x", k.Seed(), seed)
		}
		if pub := k.Public().(ed25519.PublicKey); !pub.Equal(std.Public()) {
			t.Fatalf("Public %x, want %x", pub, std.Public())
		}
		k2, err := NewPrivateKey(std)
		if err != nil {
			t.Fatal(err)
		}
		if !k2.Equal(k) || !bytes.Equal(k2.Bytes(), std) {
			t.Fatalf("NewPrivateKey gave another key")
		}
		// The returned slices are copies.
		k.Seed()[0] ^= 1
		k.Bytes()[0] ^= 1
		k.Public().(ed25519.PublicKey)[0] ^= 1
		if !bytes.Equal(k.Bytes(), std) {
			t.Fatalf("modifying a returned slice changed the key")
		}
	}
}

func TestGenerateKey(t *testing.T) {
	k, err := GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	k2, err := GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	if k.Equal(k2) {
		t.Errorf("two generated keys are equal")
	}
	if k.Equal(k.Bytes()) {
		t.Errorf("Equal is true for another type")
	}
	// GenerateKey reads the seed from rand, as crypto/ed25519 does.
	seed := bytes.Repeat([]byte{7}, SeedSize)
	k3, err := GenerateKey(bytes.NewReader(seed))
	if err != nil {
		t.Fatal(err)
	}
	if want := ed25519.NewKeyFromSeed(seed); !bytes.Equal(k3.Bytes(), want) {
		t.Errorf("GenerateKey(seed reader) = %x, want %x", k3.Bytes(), want)
	}
	failing := iotest.ErrReader(errors.New("no randomness"))
	if _, err := GenerateKey(failing); err == nil {
		t.Errorf("GenerateKey succeeded with a failing reader")
	}
	if _, err := GenerateKey(bytes.NewReader(seed[:31])); err == nil {
		t.Errorf("GenerateKey succeeded with 31 bytes of randomness")
	}
}

func TestBadKeys(t *testing.T) {
	for _, n := range []int{0, 31, 33, 64} {
		if _, err := NewKeyFromSeed(make([]byte, n)); err == nil {
			t.Errorf("NewKeyFromSeed accepted %d bytes", n)
		}
	}
	for _, n := range []int{0, 32, 63, 65} {
		if _, err := NewPrivateKey(make([]byte, n)); err == nil {
			t.Errorf("NewPrivateKey accepted %d bytes", n)
		}
	}
	std := ed25519.NewKeyFromSeed(bytes.Repeat([]byte{1}, 32))
	for i := range PrivateKeySize {
		bad := bytes.Clone(std)
		bad[i] ^= 0x10
		if _, err := NewPrivateKey(bad); err == nil {
			t.Errorf("NewPrivateKey accepted a key with byte %d changed", i)
		}
	}
}

// TestSignOptions checks the Sign method against crypto/ed25519's for all
// three variants and for every error: the same signatures, the same
// errors.
func TestSignOptions(t *testing.T) {
	rnd := testutil.Rand(t)
	long255 := string(bytes.Repeat([]byte{'c'}, 255))
	long256 := long255 + "c"
	digest := make([]byte, 64)
	cases := []struct {
		msg  []byte
		opts crypto.SignerOpts
	}{
		{[]byte("hello"), crypto.Hash(0)},
		{[]byte("hello"), &ed25519.Options{}},
		{[]byte("hello"), &ed25519.Options{Context: "ctx"}},
		{[]byte("hello"), &ed25519.Options{Context: long255}},
		{[]byte("hello"), &ed25519.Options{Context: long256}},
		{digest, crypto.SHA512},
		{digest, &ed25519.Options{Hash: crypto.SHA512}},
		{digest, &ed25519.Options{Hash: crypto.SHA512, Context: "ctx"}},
		{digest, &ed25519.Options{Hash: crypto.SHA512, Context: long255}},
		{digest, &ed25519.Options{Hash: crypto.SHA512, Context: long256}},
		{digest[:63], crypto.SHA512},
		{append(digest, 0), &ed25519.Options{Hash: crypto.SHA512}},
		{digest, crypto.SHA256},
		{digest, &ed25519.Options{Hash: crypto.SHA384, Context: "x"}},
		{nil, &ed25519.Options{Context: "ctx"}},
	}
	for range 20 {
		for i := range digest {
			digest[i] = byte(rnd.Uint32())
		}
		seed := make([]byte, 32)
		for i := range seed {
			seed[i] = byte(rnd.Uint32())
		}
		k, std := mustKey(t, seed)
		var signer crypto.Signer = k
		for i, c := range cases {
			got, err := signer.Sign(nil, c.msg, c.opts)
			want, wantErr := std.Sign(nil, c.msg, c.opts)
			if errString(err) != errString(wantErr) {
				t.Fatalf("case %d: error %q, want %q", i, errString(err), errString(wantErr))
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("case %d: signature %x, want %x", i, got, want)
			}
			if err != nil {
				continue
			}
			o := &ed25519.Options{Hash: c.opts.HashFunc()}
			if eo, ok := c.opts.(*ed25519.Options); ok {
				o = eo
			}
			if err := VerifyWithOptions(k.PublicKey(), c.msg, got, o); err != nil {
				t.Fatalf("case %d: VerifyWithOptions: %v", i, err)
			}
		}
	}
}

// TestVerifyErrors checks that VerifyWithOptions returns crypto/ed25519's
// error, and Verify and VerifyWithOptions panic as it does, on every kind
// of bad input.
func TestVerifyErrors(t *testing.T) {
	k, std := mustKey(t, bytes.Repeat([]byte{3}, 32))
	pub := k.PublicKey()
	digest := make([]byte, 64)
	msg := []byte("message")
	sig := Sign(k, msg)
	phSig, _ := std.Sign(nil, digest, crypto.SHA512)
	badPub := make([]byte, 32) // y = 0, sign bit... see below
	badPub[0] = 2              // y = 2 is not on the curve
	type tc struct {
		pub      []byte
		msg, sig []byte
		opts     *ed25519.Options
	}
	cases := []tc{
		{pub, msg, sig, &ed25519.Options{}},
		{pub, msg, sig, &ed25519.Options{Context: "c"}},
		{pub, msg, sig[:63], &ed25519.Options{}},
		{pub, msg, append(bytes.Clone(sig), 0), &ed25519.Options{}},
		{pub, msg, nil, &ed25519.Options{}},
		{badPub, msg, sig, &ed25519.Options{}},
		{badPub, msg, sig, &ed25519.Options{Hash: crypto.SHA256}},
		{pub, digest, phSig, &ed25519.Options{Hash: crypto.SHA512}},
		{pub, digest[:10], phSig, &ed25519.Options{Hash: crypto.SHA512}},
		{pub, digest, phSig[:10], &ed25519.Options{Hash: crypto.SHA512}},
		{pub, digest, phSig, &ed25519.Options{Hash: crypto.SHA512, Context: string(make([]byte, 256))}},
		{pub, msg, sig, &ed25519.Options{Context: string(make([]byte, 256))}},
		{pub, msg, sig, &ed25519.Options{Hash: crypto.SHA256}},
		{pub, msg, sig, &ed25519.Options{Hash: crypto.SHA256, Context: "c"}},
	}
	for i, c := range cases {
		got := VerifyWithOptions(c.pub, c.msg, c.sig, c.opts)
		want := ed25519.VerifyWithOptions(c.pub, c.msg, c.sig, c.opts)
		if errString(got) != errString(want) {
			t.Errorf("case %d: error %q, want %q", i, errString(got), errString(want))
		}
	}
	for _, n := range []int{0, 31, 33, 64} {
		p := make([]byte, n)
		for name, f := range map[string][2]func(){
			"Verify": {
				func() { Verify(p, msg, sig) },
				func() { ed25519.Verify(p, msg, sig) }},
			"VerifyWithOptions": {
				func() { VerifyWithOptions(p, msg, sig, &ed25519.Options{}) },
				func() { ed25519.VerifyWithOptions(p, msg, sig, &ed25519.Options{}) }},
		} {
			got, want := panicText(f[0]), panicText(f[1])
			if got == nil || got != want {
				t.Errorf("%s with a %d-byte key panicked with %v, want %v", name, n, got, want)
			}
		}
		if VerifyCofactored(p, msg, sig) || VerifyBatch([]ed25519.PublicKey{p}, [][]byte{msg}, [][]byte{sig}) ||
			VerifyBatchExact([]ed25519.PublicKey{p}, [][]byte{msg}, [][]byte{sig}) {
			t.Errorf("a %d-byte key verified", n)
		}
	}
}

// TestSignAllocations checks that Sign does not allocate.
func TestSignAllocations(t *testing.T) {
	k, _ := mustKey(t, bytes.Repeat([]byte{5}, 32))
	msg := []byte("allocation test")
	var acc byte
	if n := testing.AllocsPerRun(100, func() {
		acc ^= Sign(k, msg)[0]
	}); n > 0 {
		t.Errorf("Sign allocates %v times", n)
	}
}
