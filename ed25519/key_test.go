package ed25519

import (
	"bytes"
	"crypto"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"io"
	"strconv"
	"testing"
	"testing/cryptotest"
	"testing/iotest"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestKeyConversions checks NewKeyFromSeed (through mustKey), NewSigner and
// the Signer's PrivateKey, Public and Equal against crypto/ed25519.
func TestKeyConversions(t *testing.T) {
	rnd := testutil.Rand(t)
	for range 50 {
		seed := make([]byte, SeedSize)
		for i := range seed {
			seed[i] = byte(rnd.Uint32())
		}
		k, std := mustKey(t, seed)
		s := mustSigner(t, k)
		if !bytes.Equal(s.PrivateKey(), std) {
			t.Fatalf("PrivateKey %x, want %x", s.PrivateKey(), std)
		}
		if !bytes.Equal(s.PrivateKey().Seed(), seed) {
			t.Fatalf("Seed %x, want %x", s.PrivateKey().Seed(), seed)
		}
		if pub := s.Public().(PublicKey); !pub.Equal(std.Public()) {
			t.Fatalf("Public %x, want %x", pub, std.Public())
		}
		s2 := mustSigner(t, std)
		if !s2.Equal(s) || !s.Equal(s2) || !s.Equal(std) || !std.Equal(s.PrivateKey()) {
			t.Fatalf("Equal is false between a Signer and a key of the same value")
		}
		// The returned slices are copies.
		s.PrivateKey()[0] ^= 1
		s.Public().(PublicKey)[0] ^= 1
		if !bytes.Equal(s.PrivateKey(), std) {
			t.Fatalf("modifying a returned slice changed the key")
		}
	}
}

// TestSignerEqual checks Equal on what it must refuse.
func TestSignerEqual(t *testing.T) {
	k, _ := mustKey(t, bytes.Repeat([]byte{1}, SeedSize))
	other, _ := mustKey(t, bytes.Repeat([]byte{2}, SeedSize))
	s, so := mustSigner(t, k), mustSigner(t, other)
	for name, x := range map[string]crypto.PrivateKey{
		"another Signer":       so,
		"another PrivateKey":   other,
		"the PublicKey":        publicKey(k),
		"the key as []byte":    []byte(k),
		"a nil *Signer":        (*Signer)(nil),
		"nil":                  nil,
		"a short PrivateKey":   k[:63],
		"a pointer to the key": &k,
	} {
		if s.Equal(x) {
			t.Errorf("Equal(%s) is true", name)
		}
	}
	if !s.Equal(s) {
		t.Errorf("Equal(itself) is false")
	}
}

func TestGenerateKey(t *testing.T) {
	pub, k, err := GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	pub2, k2, err := GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	if k.Equal(k2) || pub.Equal(pub2) {
		t.Errorf("two generated keys are equal")
	}
	for _, p := range []struct {
		pub PublicKey
		k   PrivateKey
	}{{pub, k}, {pub2, k2}} {
		if want := ed25519.NewKeyFromSeed(p.k.Seed()); !bytes.Equal(p.k, want) || !bytes.Equal(p.pub, want[SeedSize:]) {
			t.Errorf("GenerateKey = %x, %x; crypto/ed25519 makes %x from its seed", p.pub, p.k, want)
		}
	}
	// GenerateKey reads the seed from random, as crypto/ed25519 does, and
	// returns a public key in its own slice.
	seed := bytes.Repeat([]byte{7}, SeedSize)
	pub3, k3, err := GenerateKey(bytes.NewReader(seed))
	if err != nil {
		t.Fatal(err)
	}
	if want := ed25519.NewKeyFromSeed(seed); !bytes.Equal(k3, want) || !bytes.Equal(pub3, want[SeedSize:]) {
		t.Errorf("GenerateKey(seed reader) = %x, %x, want %x", pub3, k3, want)
	}
	pub3[0] ^= 1
	if pub3[0] == k3[SeedSize] {
		t.Errorf("the public key shares the private key's memory")
	}
	// Readers that fail: the same errors as crypto/ed25519's.
	for name, r := range map[string]func() io.Reader{
		"failing":  func() io.Reader { return iotest.ErrReader(errors.New("no randomness")) },
		"31 bytes": func() io.Reader { return bytes.NewReader(seed[:31]) },
		"empty":    func() io.Reader { return bytes.NewReader(nil) },
	} {
		_, _, err := GenerateKey(r())
		_, _, want := ed25519.GenerateKey(r())
		if err == nil || errString(err) != errString(want) {
			t.Errorf("GenerateKey(%s reader): error %q, crypto/ed25519 says %q", name, errString(err), errString(want))
		}
	}
}

// TestGenerateKeyNilRandom checks that GenerateKey(nil) reads where
// crypto/ed25519.GenerateKey(nil) does: the standard library's generator,
// which testing/cryptotest.SetGlobalRandom replaces and a replaced
// crypto/rand.Reader does not.
func TestGenerateKeyNilRandom(t *testing.T) {
	cryptotest.SetGlobalRandom(t, 17)
	_, k, err := GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	cryptotest.SetGlobalRandom(t, 17)
	_, want, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(k, want) {
		t.Errorf("GenerateKey(nil) under SetGlobalRandom = %x, crypto/ed25519 says %x", k, want)
	}

	defer func(r io.Reader) { rand.Reader = r }(rand.Reader)
	rand.Reader = bytes.NewReader(make([]byte, 1024))
	_, k, err = GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(k.Seed(), make([]byte, SeedSize)) {
		t.Errorf("GenerateKey(nil) read a replaced crypto/rand.Reader")
	}
}

// TestBadKeys checks that NewKeyFromSeed and Sign panic where crypto/ed25519
// panics, with its messages, and that NewSigner returns an error instead,
// also for a key whose halves disagree.
func TestBadKeys(t *testing.T) {
	msg := []byte("message")
	for _, n := range []int{0, 31, 33, 64} {
		got := panicText(func() { NewKeyFromSeed(make([]byte, n)) })
		want := panicText(func() { ed25519.NewKeyFromSeed(make([]byte, n)) })
		if got == nil || got != want {
			t.Errorf("NewKeyFromSeed of %d bytes panicked with %v, want %v", n, got, want)
		}
	}
	for _, n := range []int{0, 32, 63, 65, 128} {
		k := make(PrivateKey, n)
		got := panicText(func() { Sign(k, msg) })
		want := panicText(func() { ed25519.Sign(k, msg) })
		// crypto/ed25519 takes the address of a key's first byte before
		// checking its length, so an empty key panics there with an index
		// out of range; carry panics with its message for a bad length.
		if got == nil || want == nil || (n != 0 && got != want) {
			t.Errorf("Sign with a %d-byte key panicked with %v, want %v", n, got, want)
		}
		_, err := NewSigner(k)
		wantErr := "ed25519: bad private key length: " + strconv.Itoa(n)
		if n != 0 {
			_, stdErr := k.Sign(nil, msg, crypto.Hash(0))
			wantErr = errString(stdErr)
		}
		if errString(err) != wantErr {
			t.Errorf("NewSigner of %d bytes: error %q, want %q", n, errString(err), wantErr)
		}
	}
	std := ed25519.NewKeyFromSeed(bytes.Repeat([]byte{1}, 32))
	for i := range PrivateKeySize {
		bad := bytes.Clone(std)
		bad[i] ^= 0x10
		if _, err := NewSigner(bad); err == nil {
			t.Errorf("NewSigner accepted a key with byte %d changed", i)
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
		var signer crypto.Signer = mustSigner(t, k)
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
			if err := VerifyWithOptions(publicKey(k), c.msg, got, o); err != nil {
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
	pub := publicKey(k)
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
