package ecdh

import (
	"bytes"
	"encoding/asn1"
	"strings"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestX25519Wycheproof runs Wycheproof's x25519_test.json through the ecdh
// API: every vector's shared secret is reproduced, and the vectors whose
// shared secret is all zeros (low-order points) are refused by ECDH, as
// crypto/ecdh refuses them.
func TestX25519Wycheproof(t *testing.T) {
	var f testutil.XDHTestFile
	testutil.LoadWycheproof(t, "x25519_test.json", &f)
	n := 0
	for _, g := range f.TestGroups {
		for _, tc := range g.Tests {
			n++
			priv, err := X25519().NewPrivateKey(testutil.MustHex(t, tc.Private))
			if err != nil {
				t.Fatalf("tcId %d: NewPrivateKey: %v", tc.TcID, err)
			}
			pub, err := X25519().NewPublicKey(testutil.MustHex(t, tc.Public))
			if err != nil {
				t.Fatalf("tcId %d: NewPublicKey: %v", tc.TcID, err)
			}
			shared := testutil.MustHex(t, tc.Shared)
			got, err := priv.ECDH(pub)
			if bytes.Equal(shared, make([]byte, 32)) {
				if err == nil {
					t.Errorf("tcId %d (%s): ECDH accepted a low-order point", tc.TcID, tc.Comment)
				}
				continue
			}
			if tc.Result == "invalid" {
				if err == nil && bytes.Equal(got, shared) {
					t.Errorf("tcId %d (%s): invalid vector accepted", tc.TcID, tc.Comment)
				}
				continue
			}
			if err != nil || !bytes.Equal(got, shared) {
				t.Errorf("tcId %d (%s): ECDH = %x, %v; want %x", tc.TcID, tc.Comment, got, err, shared)
			}
		}
	}
	if n != f.NumberOfTests || n < 500 {
		t.Errorf("ran %d vectors, the file has %d", n, f.NumberOfTests)
	}
	t.Logf("%d X25519 vectors", n)
}

// ecdhTestFile is the layout of Wycheproof's ecdh_*_test.json (schema
// ecdh_test_schema.json, public keys as DER SubjectPublicKeyInfo) and
// ecdh_*_ecpoint_test.json (ecdh_ecpoint_test_schema.json, raw points).
type ecdhTestFile struct {
	NumberOfTests int `json:"numberOfTests"`
	TestGroups    []struct {
		Curve    string `json:"curve"`
		Encoding string `json:"encoding"`
		Tests    []struct {
			TcID    int      `json:"tcId"`
			Comment string   `json:"comment"`
			Public  string   `json:"public"`
			Private string   `json:"private"`
			Shared  string   `json:"shared"`
			Result  string   `json:"result"`
			Flags   []string `json:"flags"`
		} `json:"tests"`
	} `json:"testGroups"`
}

// wycheproofCurves maps carry's NIST curves to their Wycheproof names and
// named-curve OIDs.
var wycheproofCurves = map[string]struct {
	name string
	oid  asn1.ObjectIdentifier
}{
	"P-256": {"secp256r1", asn1.ObjectIdentifier{1, 2, 840, 10045, 3, 1, 7}},
	"P-384": {"secp384r1", asn1.ObjectIdentifier{1, 3, 132, 0, 34}},
	"P-521": {"secp521r1", asn1.ObjectIdentifier{1, 3, 132, 0, 35}},
}

// spkiPoint returns the point of a DER SubjectPublicKeyInfo whose algorithm
// is id-ecPublicKey on the named curve oid, or false.
func spkiPoint(der []byte, oid asn1.ObjectIdentifier) ([]byte, bool) {
	var spki struct {
		Algorithm struct {
			Algorithm  asn1.ObjectIdentifier
			Parameters asn1.RawValue
		}
		PublicKey asn1.BitString
	}
	rest, err := asn1.Unmarshal(der, &spki)
	if err != nil || len(rest) != 0 {
		return nil, false
	}
	if !spki.Algorithm.Algorithm.Equal(asn1.ObjectIdentifier{1, 2, 840, 10045, 2, 1}) {
		return nil, false
	}
	var named asn1.ObjectIdentifier
	if rest, err := asn1.Unmarshal(spki.Algorithm.Parameters.FullBytes, &named); err != nil || len(rest) != 0 || !named.Equal(oid) {
		return nil, false
	}
	if spki.PublicKey.BitLength%8 != 0 {
		return nil, false
	}
	return spki.PublicKey.Bytes, true
}

// wycheproofPrivate returns Wycheproof's private key (a big-endian integer,
// possibly with a leading zero byte or shorter than the order) at the
// curve's length.
func wycheproofPrivate(t *testing.T, c Curve, s string) []byte {
	b := testutil.MustHex(t, s)
	for len(b) > c.privateKeySize() && b[0] == 0 {
		b = b[1:]
	}
	if len(b) > c.privateKeySize() {
		t.Fatalf("private key %s is too long for %s", s, c)
	}
	return append(make([]byte, c.privateKeySize()-len(b)), b...)
}

// TestNISTWycheproof runs Wycheproof's ECDH vectors for each NIST curve, in
// both encodings of the public key. Valid vectors must give the shared
// secret, invalid ones must fail, and every vector (acceptable ones
// included, such as compressed points) must get the same answer from
// carry and crypto/ecdh. With -short, one vector in eight runs.
func TestNISTWycheproof(t *testing.T) {
	for _, c := range nistTestCurves() {
		w := wycheproofCurves[c.String()]
		for _, file := range []string{"ecdh_" + w.name + "_test.json", "ecdh_" + w.name + "_ecpoint_test.json"} {
			t.Run(file, func(t *testing.T) {
				var f ecdhTestFile
				testutil.LoadWycheproof(t, file, &f)
				std := c.std()
				n, checked := 0, 0
				for _, g := range f.TestGroups {
					for _, tc := range g.Tests {
						n++
						if testing.Short() && tc.TcID%8 != 0 {
							continue // -short (386, qemu): one vector in eight
						}
						point := testutil.MustHex(t, tc.Public)
						if g.Encoding == "asn" {
							p, ok := spkiPoint(point, w.oid)
							if !ok {
								// Not a named-curve key of this curve: the
								// DER layer's business, not ECDH's.
								if tc.Result == "valid" {
									t.Errorf("tcId %d (%s): cannot read a valid vector's public key", tc.TcID, tc.Comment)
								}
								continue
							}
							point = p
						}
						checked++
						priv, err := c.NewPrivateKey(wycheproofPrivate(t, c, tc.Private))
						if err != nil {
							t.Fatalf("tcId %d: NewPrivateKey: %v", tc.TcID, err)
						}
						var got []byte
						pub, err := c.NewPublicKey(point)
						if err == nil {
							got, err = priv.ECDH(pub)
						}
						want := testutil.MustHex(t, tc.Shared)
						switch tc.Result {
						case "valid":
							if err != nil || !bytes.Equal(got, want) {
								t.Errorf("tcId %d (%s): ECDH = %x, %v; want %x", tc.TcID, tc.Comment, got, err, want)
							}
						case "invalid":
							if err == nil {
								t.Errorf("tcId %d (%s, %s): invalid vector accepted", tc.TcID, tc.Comment, strings.Join(tc.Flags, ","))
							}
						}
						// The same answer as the standard library's.
						sk, err2 := std.NewPrivateKey(priv.Bytes())
						if err2 != nil {
							t.Fatal(err2)
						}
						var stdGot []byte
						spub, err2 := std.NewPublicKey(point)
						if err2 == nil {
							stdGot, err2 = sk.ECDH(spub)
						}
						if (err == nil) != (err2 == nil) || !bytes.Equal(got, stdGot) {
							t.Errorf("tcId %d (%s): carry %x, %v; crypto/ecdh %x, %v", tc.TcID, tc.Comment, got, err, stdGot, err2)
						}
					}
				}
				if n != f.NumberOfTests {
					t.Errorf("ran %d vectors, the file has %d", n, f.NumberOfTests)
				}
				t.Logf("%d vectors, %d through ECDH", n, checked)
			})
		}
	}
}
