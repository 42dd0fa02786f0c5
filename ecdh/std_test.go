package ecdh

import (
	"bytes"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/x509"
	"math/big"
	"reflect"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// stdToCarry maps crypto/ecdh's types to this package's counterparts.
var stdToCarry = map[reflect.Type]reflect.Type{
	reflect.TypeFor[ecdh.Curve]():        reflect.TypeFor[Curve](),
	reflect.TypeFor[*ecdh.PrivateKey]():  reflect.TypeFor[*PrivateKey](),
	reflect.TypeFor[*ecdh.PublicKey]():   reflect.TypeFor[*PublicKey](),
	reflect.TypeFor[ecdh.KeyExchanger](): reflect.TypeFor[KeyExchanger](),
}

// carryType returns t with crypto/ecdh's types replaced by this package's,
// in a function's parameters and results.
func carryType(t reflect.Type) reflect.Type {
	if c, ok := stdToCarry[t]; ok {
		return c
	}
	if t.Kind() != reflect.Func {
		return t
	}
	var in, out []reflect.Type
	for i := range t.NumIn() {
		in = append(in, carryType(t.In(i)))
	}
	for i := range t.NumOut() {
		out = append(out, carryType(t.Out(i)))
	}
	return reflect.FuncOf(in, out, t.IsVariadic())
}

// TestAPIMatchesStd checks that this package's Curve, PrivateKey, PublicKey
// and KeyExchanger have every exported method of crypto/ecdh's, with the
// same signature once crypto/ecdh's types are read as this package's, and
// that the curve functions match; the types themselves are the exception
// the package documentation explains.
func TestAPIMatchesStd(t *testing.T) {
	checked := 0
	for std, ours := range stdToCarry {
		for i := range std.NumMethod() {
			m := std.Method(i)
			if !m.IsExported() {
				continue
			}
			checked++
			got, ok := ours.MethodByName(m.Name)
			if !ok {
				t.Errorf("%v has no method %s (%v has)", ours, m.Name, std)
				continue
			}
			if want := carryType(m.Type); got.Type != want {
				t.Errorf("%v.%s has type %v, want %v", ours, m.Name, got.Type, want)
			}
		}
	}
	// PrivateKey's 6 methods, PublicKey's 3, Curve's 3, KeyExchanger's 3.
	if checked != 15 {
		t.Errorf("checked %d methods, want 15", checked)
	}
	for name, pair := range map[string][2]any{
		"P256":   {P256, ecdh.P256},
		"P384":   {P384, ecdh.P384},
		"P521":   {P521, ecdh.P521},
		"X25519": {X25519, ecdh.X25519},
	} {
		if got, want := reflect.TypeOf(pair[0]), carryType(reflect.TypeOf(pair[1])); got != want {
			t.Errorf("%s has type %v, want %v", name, got, want)
		}
	}
}

// TestStdInterop checks, on every curve, the conversions both ways and
// Equal across the two packages: a key and its crypto/ecdh counterpart are
// Equal seen from this package, in both directions of conversion; crypto/ecdh's
// Equal does not know this package's keys (documented); keys of other
// values or curves are not Equal; and shared secrets agree across packages.
func TestStdInterop(t *testing.T) {
	r := testutil.Rand(t)
	for _, tc := range testCurves {
		t.Run(tc.name, func(t *testing.T) {
			k, err := tc.curve.GenerateKey(reader{r})
			if err != nil {
				t.Fatal(err)
			}
			sk := k.ToStd()
			if sk.Curve() != tc.std || !bytes.Equal(sk.Bytes(), k.Bytes()) ||
				!bytes.Equal(sk.PublicKey().Bytes(), k.PublicKey().Bytes()) {
				t.Fatal("ToStd gave another key")
			}
			if !k.Equal(sk) || !k.PublicKey().Equal(sk.PublicKey()) || !k.PublicKey().Equal(k.PublicKey().ToStd()) {
				t.Error("a key is not Equal to its crypto/ecdh counterpart")
			}
			if sk.Equal(k) || sk.PublicKey().Equal(k.PublicKey()) {
				t.Error("crypto/ecdh's Equal now knows this package's keys: update the documentation")
			}
			if k.Equal(sk.PublicKey()) || k.PublicKey().Equal(sk) {
				t.Error("a private key is Equal to a public key")
			}
			other, err := tc.std.GenerateKey(nil)
			if err != nil {
				t.Fatal(err)
			}
			if k.Equal(other) || k.PublicKey().Equal(other.PublicKey()) {
				t.Error("a key is Equal to another crypto/ecdh key")
			}
			for _, oc := range testCurves {
				if oc.std == tc.std || oc.curve.privateKeySize() != tc.curve.privateKeySize() {
					continue
				}
				// The same bytes on another curve of the same key size.
				if same, err := oc.std.NewPrivateKey(k.Bytes()); err == nil && k.Equal(same) {
					t.Errorf("a key is Equal to the %s key of the same bytes", oc.name)
				}
			}

			back, err := PrivateKeyFromStd(other)
			if err != nil {
				t.Fatal(err)
			}
			if !back.Equal(other) || back.Curve() != tc.curve || !back.PublicKey().Equal(other.PublicKey()) {
				t.Error("PrivateKeyFromStd gave another key")
			}
			pback, err := PublicKeyFromStd(other.PublicKey())
			if err != nil {
				t.Fatal(err)
			}
			if !pback.Equal(other.PublicKey()) || pback.Curve() != tc.curve {
				t.Error("PublicKeyFromStd gave another key")
			}
			got, err := k.ECDH(pback)
			want, stdErr := sk.ECDH(other.PublicKey())
			if err != nil || stdErr != nil || !bytes.Equal(got, want) {
				t.Errorf("ECDH across packages: %x, %v; crypto/ecdh %x, %v", got, err, want, stdErr)
			}
			got, err = back.ECDH(k.PublicKey())
			if err != nil || !bytes.Equal(got, want) {
				t.Errorf("ECDH of a converted key: %x, %v; want %x", got, err, want)
			}
		})
	}
	if _, err := PrivateKeyFromStd(&ecdh.PrivateKey{}); err == nil {
		t.Error("PrivateKeyFromStd accepted crypto/ecdh's zero key")
	}
	if _, err := PublicKeyFromStd(&ecdh.PublicKey{}); err == nil {
		t.Error("PublicKeyFromStd accepted crypto/ecdh's zero key")
	}
	sk, _ := ecdh.X25519().GenerateKey(nil)
	if new(PrivateKey).Equal(sk) || new(PublicKey).Equal(sk.PublicKey()) {
		t.Error("a zero key is Equal to a crypto/ecdh key")
	}
}

// TestPKCS8PKIX checks the way to and from crypto/x509 on every curve:
// through ToStd, x509.MarshalPKCS8PrivateKey and MarshalPKIXPublicKey,
// ParsePKCS8PrivateKey and ParsePKIXPublicKey (a *crypto/ecdsa key for the
// NIST curves, converted with its ECDH method) and the FromStd functions,
// a key comes back Equal, and its encodings are crypto/ecdh's.
func TestPKCS8PKIX(t *testing.T) {
	r := testutil.Rand(t)
	for _, tc := range testCurves {
		t.Run(tc.name, func(t *testing.T) {
			k, err := tc.curve.GenerateKey(reader{r})
			if err != nil {
				t.Fatal(err)
			}
			der, err := x509.MarshalPKCS8PrivateKey(k.ToStd())
			if err != nil {
				t.Fatal(err)
			}
			stdDER, err := x509.MarshalPKCS8PrivateKey(mustStdPrivateKey(t, tc.std, k.Bytes()))
			if err != nil || !bytes.Equal(der, stdDER) {
				t.Fatalf("PKCS #8 encoding differs from crypto/ecdh's key's: %v", err)
			}
			parsed, err := x509.ParsePKCS8PrivateKey(der)
			if err != nil {
				t.Fatal(err)
			}
			var sk *ecdh.PrivateKey
			switch p := parsed.(type) {
			case *ecdh.PrivateKey:
				sk = p
			case *ecdsa.PrivateKey:
				if sk, err = p.ECDH(); err != nil {
					t.Fatal(err)
				}
			default:
				t.Fatalf("ParsePKCS8PrivateKey returned a %T", parsed)
			}
			back, err := PrivateKeyFromStd(sk)
			if err != nil {
				t.Fatal(err)
			}
			if !back.Equal(k) || !back.PublicKey().Equal(k.PublicKey()) {
				t.Error("the key did not survive PKCS #8")
			}

			pder, err := x509.MarshalPKIXPublicKey(k.PublicKey().ToStd())
			if err != nil {
				t.Fatal(err)
			}
			pparsed, err := x509.ParsePKIXPublicKey(pder)
			if err != nil {
				t.Fatal(err)
			}
			var spk *ecdh.PublicKey
			switch p := pparsed.(type) {
			case *ecdh.PublicKey:
				spk = p
			case *ecdsa.PublicKey:
				if spk, err = p.ECDH(); err != nil {
					t.Fatal(err)
				}
			default:
				t.Fatalf("ParsePKIXPublicKey returned a %T", pparsed)
			}
			pback, err := PublicKeyFromStd(spk)
			if err != nil {
				t.Fatal(err)
			}
			if !pback.Equal(k.PublicKey()) {
				t.Error("the public key did not survive PKIX")
			}
		})
	}
}

func mustStdPrivateKey(t *testing.T, c ecdh.Curve, key []byte) *ecdh.PrivateKey {
	t.Helper()
	k, err := c.NewPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// TestGenerateKeyNilRand checks that GenerateKey takes a nil reader, as
// crypto/ecdh's does, and draws from crypto/rand then.
func TestGenerateKeyNilRand(t *testing.T) {
	for _, tc := range testCurves {
		a, err := tc.curve.GenerateKey(nil)
		if err != nil {
			t.Fatalf("%s: GenerateKey(nil): %v", tc.name, err)
		}
		b, err := tc.curve.GenerateKey(nil)
		if err != nil {
			t.Fatal(err)
		}
		if a.Equal(b) || a.Curve() != tc.curve {
			t.Errorf("%s: GenerateKey(nil) gave the same key twice, or a key of another curve", tc.name)
		}
		if _, err := tc.curve.NewPrivateKey(a.Bytes()); err != nil {
			t.Errorf("%s: GenerateKey(nil) gave an invalid key: %v", tc.name, err)
		}
	}
}

// TestBadInputs checks, on every curve, that the inputs crypto/ecdh refuses
// are refused here with the same message (sameError): private keys of the
// wrong length, zero, the order n and above; public keys of the wrong
// length, the identity, compressed points, other prefixes, points off the
// curve and coordinates not below p; X25519's low-order points, which ECDH
// refuses. Nothing panics.
func TestBadInputs(t *testing.T) {
	for _, tc := range testCurves {
		t.Run(tc.name, func(t *testing.T) {
			size := tc.curve.privateKeySize()
			privs := [][]byte{nil, {}, make([]byte, size-1), make([]byte, size+1)}
			var pubs [][]byte
			var peerPubs [][]byte // valid public keys whose ECDH fails
			if params := curveParams(tc.curve); params != nil {
				n := params.N
				privs = append(privs, make([]byte, size), n.FillBytes(make([]byte, size)),
					bytes.Repeat([]byte{0xff}, size))
				if n.BitLen() < 8*size {
					privs = append(privs, new(big.Int).Lsh(n, 1).FillBytes(make([]byte, size)))
				}
				g := mustStdPrivateKey(t, tc.std, append(make([]byte, size-1), 1)).PublicKey().Bytes()
				flip := bytes.Clone(g)
				flip[len(flip)-1] ^= 1 // off the curve
				xp := bytes.Clone(g)
				params.P.FillBytes(xp[1 : 1+size]) // x = p
				pubs = [][]byte{nil, {0}, {4}, g[:len(g)-1], append(g, 0), g[:1+size],
					append([]byte{2}, g[1:1+size]...), append([]byte{3}, g[1:1+size]...),
					append([]byte{5}, g[1:]...), append([]byte{6}, g[1:]...), flip, xp,
					make([]byte, len(g))}
				// y + p, where it fits (P-521): the same point, not canonical.
				if yp := new(big.Int).Add(params.P, new(big.Int).SetBytes(g[1+size:])); yp.BitLen() <= 8*size {
					pubs = append(pubs, append(bytes.Clone(g[:1+size]), yp.FillBytes(make([]byte, size))...))
				}
			} else {
				pubs = [][]byte{nil, {}, make([]byte, 31), make([]byte, 33)}
				for _, h := range []string{
					"0000000000000000000000000000000000000000000000000000000000000000",
					"0100000000000000000000000000000000000000000000000000000000000000",
					"e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800",
					"ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
					"edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
				} {
					peerPubs = append(peerPubs, testutil.MustHex(t, h))
				}
			}
			for _, key := range privs {
				_, err := tc.curve.NewPrivateKey(key)
				_, stdErr := tc.std.NewPrivateKey(key)
				if err == nil || !sameError(err, stdErr) {
					t.Errorf("NewPrivateKey(%x): %v; crypto/ecdh %v", key, err, stdErr)
				}
			}
			for _, key := range pubs {
				_, err := tc.curve.NewPublicKey(key)
				_, stdErr := tc.std.NewPublicKey(key)
				if err == nil || !sameError(err, stdErr) {
					t.Errorf("NewPublicKey(%x): %v; crypto/ecdh %v", key, err, stdErr)
				}
			}
			k := mustKey(t, tc.curve, bytes.Repeat([]byte{1}, size))
			for _, key := range peerPubs {
				pub, err := tc.curve.NewPublicKey(key)
				if err != nil {
					t.Fatal(err)
				}
				_, err = k.ECDH(pub)
				_, stdErr := k.ToStd().ECDH(pub.ToStd())
				if err == nil || !sameError(err, stdErr) {
					t.Errorf("ECDH with %x: %v; crypto/ecdh %v", key, err, stdErr)
				}
			}
		})
	}
}

func mustKey(t *testing.T, c Curve, key []byte) *PrivateKey {
	t.Helper()
	k, err := c.NewPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	return k
}
