package ed25519

import (
	"bytes"
	"crypto/ed25519"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// eddsaTestFile is the layout of Wycheproof's eddsa_test.json (schema
// eddsa_verify_schema.json); fields the test does not use are left out.
type eddsaTestFile struct {
	Algorithm     string       `json:"algorithm"`
	NumberOfTests int          `json:"numberOfTests"`
	TestGroups    []eddsaGroup `json:"testGroups"`
}

type eddsaGroup struct {
	Key struct {
		Curve string `json:"curve"`
		PK    string `json:"pk"`
		SK    string `json:"sk"`
	} `json:"key"`
	Type  string      `json:"type"`
	Tests []eddsaTest `json:"tests"`
}

type eddsaTest struct {
	TcID    int      `json:"tcId"`
	Comment string   `json:"comment"`
	Msg     string   `json:"msg"`
	Sig     string   `json:"sig"`
	Result  string   `json:"result"`
	Flags   []string `json:"flags"`
}

// TestWycheproof runs Wycheproof's Ed25519 verification vectors: each
// "valid" signature verifies (and is the one carry makes with the group's
// private key), each "invalid" one does not, under Verify,
// VerifyBatchExact and, for the valid ones, VerifyBatch; crypto/ed25519
// agrees on every one.
func TestWycheproof(t *testing.T) {
	var f eddsaTestFile
	testutil.LoadWycheproof(t, "eddsa_test.json", &f)
	if f.Algorithm != "EDDSA" {
		t.Fatalf("algorithm %q", f.Algorithm)
	}
	n, valid := 0, 0
	for _, g := range f.TestGroups {
		if g.Key.Curve != "edwards25519" || g.Type != "EddsaVerify" {
			t.Fatalf("unexpected group: curve %q, type %q", g.Key.Curve, g.Type)
		}
		pub := ed25519.PublicKey(testutil.MustHex(t, g.Key.PK))
		k := NewKeyFromSeed(testutil.MustHex(t, g.Key.SK))
		if !bytes.Equal(publicKey(k), pub) {
			t.Errorf("group key: public key %x, want %x", publicKey(k), pub)
		}
		for _, tc := range g.Tests {
			n++
			msg, sig := testutil.MustHex(t, tc.Msg), testutil.MustHex(t, tc.Sig)
			want := tc.Result == "valid"
			if !want && tc.Result != "invalid" {
				t.Fatalf("tcId %d: result %q", tc.TcID, tc.Result)
			}
			if got := Verify(pub, msg, sig); got != want {
				t.Errorf("tcId %d (%s): Verify = %v, want %v", tc.TcID, tc.Comment, got, want)
			}
			if got := ed25519.Verify(pub, msg, sig); got != want {
				t.Errorf("tcId %d (%s): crypto/ed25519.Verify = %v, want %v", tc.TcID, tc.Comment, got, want)
			}
			batch := []ed25519.PublicKey{pub}
			if got := VerifyBatchExact(batch, [][]byte{msg}, [][]byte{sig}); got != want {
				t.Errorf("tcId %d (%s): VerifyBatchExact = %v, want %v", tc.TcID, tc.Comment, got, want)
			}
			if want {
				valid++
				if got := Sign(k, msg); !bytes.Equal(got, sig) {
					t.Errorf("tcId %d (%s): Sign = %x, want %x", tc.TcID, tc.Comment, got, sig)
				}
				if !VerifyBatch(batch, [][]byte{msg}, [][]byte{sig}) {
					t.Errorf("tcId %d (%s): VerifyBatch rejects a valid signature", tc.TcID, tc.Comment)
				}
			}
		}
	}
	if n != f.NumberOfTests || n < 145 {
		t.Errorf("ran %d tests, the file has %d", n, f.NumberOfTests)
	}
	t.Logf("%d Wycheproof vectors, %d valid", n, valid)
}
