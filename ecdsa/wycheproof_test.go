package ecdsa

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	_ "crypto/sha3"
	"math/big"
	"path/filepath"
	"strings"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// ecdsaTestFile is the layout of Wycheproof's ecdsa_*_test.json (schema
// ecdsa_verify_schema.json, DER signatures) and ecdsa_*_p1363_test.json
// (ecdsa_p1363_verify_schema.json, r || s).
type ecdsaTestFile struct {
	NumberOfTests int `json:"numberOfTests"`
	TestGroups    []struct {
		Key struct {
			Curve string `json:"curve"`
			Wx    string `json:"wx"`
			Wy    string `json:"wy"`
		} `json:"key"`
		SHA   string `json:"sha"`
		Type  string `json:"type"`
		Tests []struct {
			TcID    int      `json:"tcId"`
			Comment string   `json:"comment"`
			Msg     string   `json:"msg"`
			Sig     string   `json:"sig"`
			Result  string   `json:"result"`
			Flags   []string `json:"flags"`
		} `json:"tests"`
	} `json:"testGroups"`
}

var wycheproofHashes = map[string]crypto.Hash{
	"SHA-256": crypto.SHA256, "SHA-384": crypto.SHA384, "SHA-512": crypto.SHA512,
	"SHA3-256": crypto.SHA3_256, "SHA3-384": crypto.SHA3_384, "SHA3-512": crypto.SHA3_512,
}

var wycheproofCurves = map[string]elliptic.Curve{
	"secp256r1": elliptic.P256(), "secp384r1": elliptic.P384(), "secp521r1": elliptic.P521(),
}

// TestWycheproof runs every Wycheproof ECDSA verification file of P-256,
// P-384 and P-521 (ecdsa_secp{256,384,521}r1_sha*: SHA-2 and SHA-3, DER
// and P1363 signatures). Valid vectors must verify, invalid ones must not,
// and every vector, acceptable ones included, must get crypto/ecdsa's
// answer (for P1363, crypto/ecdsa's of the DER re-encoding). With -short,
// one vector in sixteen runs.
func TestWycheproof(t *testing.T) {
	dir := filepath.Join(testutil.WycheproofDir(t), "testvectors")
	files, err := filepath.Glob(filepath.Join(dir, "ecdsa_secp*r1_sha*_test.json"))
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	nfiles := 0
	for _, path := range files {
		file := filepath.Base(path)
		if !strings.HasPrefix(file, "ecdsa_secp256r1") && !strings.HasPrefix(file, "ecdsa_secp384r1") &&
			!strings.HasPrefix(file, "ecdsa_secp521r1") {
			continue
		}
		nfiles++
		t.Run(file, func(t *testing.T) {
			total += runWycheproofFile(t, file, strings.HasSuffix(file, "_p1363_test.json"))
		})
	}
	// 15 files in the pinned version: for each curve, SHA-2 in DER and
	// P1363 and SHA-3 in DER.
	if nfiles != 15 {
		t.Errorf("found %d files, want 15", nfiles)
	}
	t.Logf("%d vectors in %d files", total, nfiles)
}

func runWycheproofFile(t *testing.T, file string, p1363 bool) int {
	var f ecdsaTestFile
	testutil.LoadWycheproof(t, file, &f)
	n := 0
	for _, g := range f.TestGroups {
		curve := wycheproofCurves[g.Key.Curve]
		h := wycheproofHashes[g.SHA]
		if curve == nil || h == 0 {
			t.Fatalf("unknown curve %q or hash %q", g.Key.Curve, g.SHA)
		}
		pub := &ecdsa.PublicKey{
			Curve: curve,
			X:     new(big.Int).SetBytes(testutil.MustHex(t, g.Key.Wx)),
			Y:     new(big.Int).SetBytes(testutil.MustHex(t, g.Key.Wy)),
		}
		size := scalarSize(curve)
		for _, tc := range g.Tests {
			n++
			if testing.Short() && tc.TcID%16 != 0 {
				continue
			}
			hh := h.New()
			hh.Write(testutil.MustHex(t, tc.Msg))
			digest := hh.Sum(nil)
			sig := testutil.MustHex(t, tc.Sig)
			var got, want bool
			if p1363 {
				if len(sig) == 2*size {
					r, s := sig[:size], sig[size:]
					got = VerifyRaw(pub, digest, r, s)
					want = ecdsa.VerifyASN1(pub, digest, encodeSignature(r, s))
				}
			} else {
				got = VerifyASN1(pub, digest, sig)
				want = ecdsa.VerifyASN1(pub, digest, sig)
			}
			switch {
			case tc.Result == "valid" && !got:
				t.Errorf("tcId %d (%s): valid signature refused", tc.TcID, tc.Comment)
			case tc.Result == "invalid" && got:
				t.Errorf("tcId %d (%s, %s): invalid signature accepted", tc.TcID, tc.Comment, strings.Join(tc.Flags, ","))
			case got != want:
				t.Errorf("tcId %d (%s): carry says %v, crypto/ecdsa %v", tc.TcID, tc.Comment, got, want)
			}
		}
	}
	if n != f.NumberOfTests {
		t.Errorf("ran %d vectors, the file has %d", n, f.NumberOfTests)
	}
	return n
}
