package hkdf

import (
	"bytes"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/hex"
	"hash"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// wycheproofHKDFFile is the layout of Wycheproof's hkdf_*_test.json files
// (schema hkdf_test_schema.json); fields the test does not use are left out.
type wycheproofHKDFFile struct {
	Algorithm     string `json:"algorithm"`
	NumberOfTests int    `json:"numberOfTests"`
	TestGroups    []struct {
		KeySize int `json:"keySize"` // bits of IKM
		Tests   []struct {
			TcID    int      `json:"tcId"`
			Comment string   `json:"comment"`
			IKM     string   `json:"ikm"`
			Salt    string   `json:"salt"`
			Info    string   `json:"info"`
			Size    int      `json:"size"`
			OKM     string   `json:"okm"`
			Result  string   `json:"result"` // "valid", or "invalid" for a size over the limit
			Flags   []string `json:"flags"`
		} `json:"tests"`
	} `json:"testGroups"`
}

// TestWycheproof runs Wycheproof's HKDF-SHA256, HKDF-SHA384 and
// HKDF-SHA512 vectors through Key, and through Extract then Expand: a valid
// vector must give its OKM, an invalid one (an output over 255 blocks) the
// error.
func TestWycheproof(t *testing.T) {
	for _, f := range []struct {
		file string
		h    func() hash.Hash
	}{
		{"hkdf_sha256_test.json", sha256.New},
		{"hkdf_sha384_test.json", sha512.New384},
		{"hkdf_sha512_test.json", sha512.New},
	} {
		t.Run(f.file, func(t *testing.T) {
			var v wycheproofHKDFFile
			testutil.LoadWycheproof(t, f.file, &v)
			n, valid := 0, 0
			for _, g := range v.TestGroups {
				for _, tc := range g.Tests {
					n++
					ikm, err1 := hex.DecodeString(tc.IKM)
					salt, err2 := hex.DecodeString(tc.Salt)
					info, err3 := hex.DecodeString(tc.Info)
					okm, err4 := hex.DecodeString(tc.OKM)
					if err1 != nil || err2 != nil || err3 != nil || err4 != nil {
						t.Fatalf("tcId %d: bad vector", tc.TcID)
					}
					switch tc.Result {
					case "valid":
						valid++
						got, err := Key(f.h, ikm, salt, string(info), tc.Size)
						if err != nil || !bytes.Equal(got, okm) {
							t.Errorf("tcId %d (%s): Key = %x, %v, want %x", tc.TcID, tc.Comment, got, err, okm)
						}
						prk, err := Extract(f.h, ikm, salt)
						if err != nil {
							t.Fatalf("tcId %d: Extract: %v", tc.TcID, err)
						}
						got, err = Expand(f.h, prk, string(info), tc.Size)
						if err != nil || !bytes.Equal(got, okm) {
							t.Errorf("tcId %d (%s): Expand = %x, %v, want %x", tc.TcID, tc.Comment, got, err, okm)
						}
					case "invalid":
						if got, err := Key(f.h, ikm, salt, string(info), tc.Size); err == nil {
							t.Errorf("tcId %d (%s): Key = %x, want an error", tc.TcID, tc.Comment, got)
						}
					default:
						t.Fatalf("tcId %d: unexpected result %q", tc.TcID, tc.Result)
					}
				}
			}
			if n != v.NumberOfTests || n == 0 {
				t.Fatalf("ran %d tests, the file says %d", n, v.NumberOfTests)
			}
			t.Logf("%d vectors (%d valid)", n, valid)
		})
	}
}
