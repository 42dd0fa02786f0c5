package chacha20poly1305

import (
	"bytes"
	"crypto/cipher"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/carry-crypto/carry/chacha20poly1305/internal/kat"
	"github.com/carry-crypto/carry/internal/testutil"
	xaead "golang.org/x/crypto/chacha20poly1305"
)

// TestRFCVectors checks the AEAD examples of RFC 8439 (Sections 2.8.2 and
// A.5) and draft-irtf-cfrg-xchacha-03 (A.3.1): Seal gives the ciphertext
// and tag, Open gives the plaintext back, and x/crypto agrees with the
// transcription.
func TestRFCVectors(t *testing.T) {
	forEachImpl(t, func(t *testing.T) {
		for _, kind := range []string{"aead", "xaead"} {
			newAEAD, newX := New, xaead.New
			if kind == "xaead" {
				newAEAD, newX = NewX, xaead.NewX
			}
			for _, r := range kat.Read(t, "testdata/rfc8439.txt", kind) {
				key, nonce, aad := r.Bytes(t, "key"), r.Bytes(t, "nonce"), r.Bytes(t, "aad")
				pt := r.Bytes(t, "plaintext")
				want := append(r.Bytes(t, "ciphertext"), r.Bytes(t, "tag")...)

				x, err := newX(key)
				if err != nil {
					t.Fatal(err)
				}
				if got := x.Seal(nil, nonce, pt, aad); !bytes.Equal(got, want) {
					t.Errorf("%s: x/crypto disagrees with the transcription:\n got %x\nwant %x", r.Name(), got, want)
				}

				a, err := newAEAD(key)
				if err != nil {
					t.Fatal(err)
				}
				if got := a.Seal(nil, nonce, pt, aad); !bytes.Equal(got, want) {
					t.Errorf("%s: Seal:\n got %x\nwant %x", r.Name(), got, want)
				}
				got, err := a.Open(nil, nonce, want, aad)
				if err != nil || !bytes.Equal(got, pt) {
					t.Errorf("%s: Open = %x, %v; want %x", r.Name(), got, err, pt)
				}
			}
		}
	})
}

// wycheproofAEADFile is the layout of Wycheproof's AEAD test files
// (schema aead_test_schema.json), with the fields these tests read.
type wycheproofAEADFile struct {
	Algorithm     string `json:"algorithm"`
	NumberOfTests int    `json:"numberOfTests"`
	TestGroups    []struct {
		IVSize  int `json:"ivSize"`
		KeySize int `json:"keySize"`
		TagSize int `json:"tagSize"`
		Tests   []struct {
			TcID    int    `json:"tcId"`
			Comment string `json:"comment"`
			Key     string `json:"key"`
			IV      string `json:"iv"`
			AAD     string `json:"aad"`
			Msg     string `json:"msg"`
			CT      string `json:"ct"`
			Tag     string `json:"tag"`
			Result  string `json:"result"`
		} `json:"tests"`
	} `json:"testGroups"`
}

// TestWycheproof runs Wycheproof's ChaCha20-Poly1305 and XChaCha20-Poly1305
// vectors. A valid vector must seal to its ciphertext and tag and open to its
// message; an invalid one must fail to open, with the output zeroed, or, when
// its nonce has the wrong size, panic in both Seal and Open, as x/crypto
// does.
func TestWycheproof(t *testing.T) {
	forEachImpl(t, func(t *testing.T) {
		for _, f := range []struct {
			file      string
			new       func([]byte) (cipher.AEAD, error)
			nonceSize int
		}{
			{"chacha20_poly1305_test.json", New, NonceSize},
			{"xchacha20_poly1305_test.json", NewX, NonceSizeX},
		} {
			var file wycheproofAEADFile
			testutil.LoadWycheproof(t, f.file, &file)
			n := 0
			for _, g := range file.TestGroups {
				for _, tc := range g.Tests {
					n++
					name := f.file + " #" + strconv.Itoa(tc.TcID)
					key, nonce, aad := mustHex(t, tc.Key), mustHex(t, tc.IV), mustHex(t, tc.AAD)
					msg, ct, tag := mustHex(t, tc.Msg), mustHex(t, tc.CT), mustHex(t, tc.Tag)
					a, err := f.new(key)
					if err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					sealed := append(bytes.Clone(ct), tag...)

					if len(nonce) != f.nonceSize {
						if tc.Result != "invalid" {
							t.Fatalf("%s: %s vector with a %d-byte nonce", name, tc.Result, len(nonce))
						}
						mustPanic(t, name+": Seal", func() { a.Seal(nil, nonce, msg, aad) })
						mustPanic(t, name+": Open", func() { a.Open(nil, nonce, sealed, aad) })
						continue
					}

					switch tc.Result {
					case "valid":
						if got := a.Seal(nil, nonce, msg, aad); !bytes.Equal(got, sealed) {
							t.Errorf("%s (%s): Seal:\n got %x\nwant %x", name, tc.Comment, got, sealed)
						}
						got, err := a.Open(nil, nonce, sealed, aad)
						if err != nil || !bytes.Equal(got, msg) {
							t.Errorf("%s (%s): Open = %x, %v; want %x", name, tc.Comment, got, err, msg)
						}
					case "invalid":
						dst := make([]byte, 3, 3+len(ct))
						got, err := a.Open(dst, nonce, sealed, aad)
						if err == nil || got != nil {
							t.Errorf("%s (%s): Open of an invalid vector = %x, %v", name, tc.Comment, got, err)
						}
						if out := dst[3 : 3+len(ct)]; !allZero(out) {
							t.Errorf("%s (%s): failed Open left %x in the output", name, tc.Comment, out)
						}
					default:
						t.Fatalf("%s: unknown result %q", name, tc.Result)
					}
				}
			}
			if n != file.NumberOfTests || n == 0 {
				t.Errorf("%s: ran %d vectors, the file says %d", f.file, n, file.NumberOfTests)
			}
		}
	})
}

func mustHex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func itoa(n int) string { return strconv.Itoa(n) }

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// mustPanic fails t if f does not panic.
func mustPanic(t *testing.T, what string, f func()) {
	t.Helper()
	defer func() {
		if recover() == nil {
			t.Errorf("%s did not panic", what)
		}
	}()
	f()
}

// mustPanicWith fails t unless f panics with a message containing msg.
func mustPanicWith(t *testing.T, what, msg string, f func()) {
	t.Helper()
	defer func() {
		if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), msg) {
			t.Errorf("%s: panicked with %v, want %q", what, r, msg)
		}
	}()
	f()
}

// mustRefuse fails t unless f, given zero arguments of a kernel's shapes
// (a 64-byte buffer), panics with an internal error.
func mustRefuse(t *testing.T, what string, f func(key *[KeySize]byte, nonce *[NonceSize]byte, buf []byte, tag *[Overhead]byte)) {
	t.Helper()
	var key [KeySize]byte
	var nonce [NonceSize]byte
	var tag [Overhead]byte
	mustPanicWith(t, what, "internal error", func() { f(&key, &nonce, make([]byte, 64), &tag) })
}
