package testutil

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWycheproofX25519(t *testing.T) {
	var f XDHTestFile
	LoadWycheproof(t, "x25519_test.json", &f)
	if f.Algorithm != "XDH" {
		t.Errorf("algorithm = %q, want XDH", f.Algorithm)
	}
	if n := f.Count(); n != f.NumberOfTests || n <= 400 {
		t.Errorf("file holds %d tests and claims %d; want the same number, over 400", n, f.NumberOfTests)
	}
	for _, g := range f.TestGroups {
		if g.Curve != "curve25519" {
			t.Errorf("group curve = %q, want curve25519", g.Curve)
		}
		for _, tc := range g.Tests {
			for _, h := range []string{tc.Public, tc.Private, tc.Shared} {
				if b := MustHex(t, h); len(b) != 32 {
					t.Errorf("tcId %d: %d-byte value, want 32", tc.TcID, len(b))
				}
			}
			switch tc.Result {
			case "valid", "acceptable", "invalid":
			default:
				t.Errorf("tcId %d: unknown result %q", tc.TcID, tc.Result)
			}
		}
	}
	// tcId 1 is RFC-style "normal case"; pin it so a change of layout or of
	// version is noticed.
	first := f.TestGroups[0].Tests[0]
	if first.TcID != 1 || first.Result != "valid" ||
		first.Shared != "436a2c040cf45fea9b29a0cb81b1f41458f863d0d61b453d0a982720d6d61320" {
		t.Errorf("first test = %+v, not the pinned version's tcId 1", first)
	}
}

func TestWycheproofDirCached(t *testing.T) {
	a, b := WycheproofDir(t), WycheproofDir(t)
	if a != b {
		t.Errorf("two calls returned %q and %q", a, b)
	}
	if !strings.Contains(a, wycheproofVersion) {
		t.Errorf("directory %q does not name the pinned version %s", a, wycheproofVersion)
	}
	if _, err := os.Stat(filepath.Join(a, "testvectors", "x25519_test.json")); err != nil {
		t.Error(err)
	}
}

// TestFetchModuleError checks that a module that cannot be fetched gives an
// error naming the module, not an empty directory.
func TestFetchModuleError(t *testing.T) {
	t.Setenv("GOPROXY", "off")
	t.Setenv("GOMODCACHE", t.TempDir())
	dir, err := fetchModule(wycheproofModule, wycheproofVersion)
	if err == nil {
		t.Fatalf("fetch with GOPROXY=off and an empty module cache succeeded: %q", dir)
	}
	if !strings.Contains(err.Error(), wycheproofModule) {
		t.Errorf("error %q does not name the module", err)
	}
}

// TestFetchModuleIgnoresGOFLAGS checks that flags meant for the build of the
// tests do not reach the download.
func TestFetchModuleIgnoresGOFLAGS(t *testing.T) {
	t.Setenv("GOFLAGS", "-mod=vendor")
	if _, err := fetchModule(wycheproofModule, wycheproofVersion); err != nil {
		t.Fatal(err)
	}
}
