package hmac

import (
	"crypto/sha256"
	"crypto/sha512"
	"encoding/hex"
	"hash"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// wycheproofMACFile is the layout of Wycheproof's hmac_*_test.json files
// (schema mac_test_schema.json); fields the test does not use are left out.
type wycheproofMACFile struct {
	Algorithm     string `json:"algorithm"`
	NumberOfTests int    `json:"numberOfTests"`
	TestGroups    []struct {
		KeySize int `json:"keySize"` // bits
		TagSize int `json:"tagSize"` // bits: the tag is the MAC truncated to this
		Tests   []struct {
			TcID    int      `json:"tcId"`
			Comment string   `json:"comment"`
			Key     string   `json:"key"`
			Msg     string   `json:"msg"`
			Tag     string   `json:"tag"`
			Result  string   `json:"result"` // "valid" or "invalid"
			Flags   []string `json:"flags"`
		} `json:"tests"`
	} `json:"testGroups"`
}

// TestWycheproof runs Wycheproof's HMAC-SHA256, HMAC-SHA384 and
// HMAC-SHA512 vectors: a valid tag must equal the MAC truncated to the
// group's tag size, an invalid one must not (Equal), through a prepared Key,
// New and the one-shot Sum.
func TestWycheproof(t *testing.T) {
	for _, f := range []struct {
		file string
		h    func() hash.Hash
	}{
		{"hmac_sha256_test.json", sha256.New},
		{"hmac_sha384_test.json", sha512.New384},
		{"hmac_sha512_test.json", sha512.New},
	} {
		t.Run(f.file, func(t *testing.T) {
			var v wycheproofMACFile
			testutil.LoadWycheproof(t, f.file, &v)
			n, valid := 0, 0
			for _, g := range v.TestGroups {
				for _, tc := range g.Tests {
					n++
					key, err1 := hex.DecodeString(tc.Key)
					msg, err2 := hex.DecodeString(tc.Msg)
					tag, err3 := hex.DecodeString(tc.Tag)
					if err1 != nil || err2 != nil || err3 != nil || len(key)*8 != g.KeySize {
						t.Fatalf("tcId %d: bad vector", tc.TcID)
					}
					wantValid := tc.Result == "valid"
					if wantValid {
						valid++
					} else if tc.Result != "invalid" {
						t.Fatalf("tcId %d: unexpected result %q", tc.TcID, tc.Result)
					}
					for name, mac := range allMACs(f.h, key, msg) {
						got := Equal(mac[:g.TagSize/8], tag)
						if got != wantValid {
							t.Errorf("tcId %d (%s), %s: tag accepted = %v, want %v",
								tc.TcID, tc.Comment, name, got, wantValid)
						}
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
