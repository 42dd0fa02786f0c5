// The standard library refuses to run in FIPS 140-3 mode when built with
// the purego tag (crypto/internal/fips140/check panics), so these tests
// cannot run in that build.

//go:build !purego

package x25519

import (
	"bytes"
	"crypto/fips140"
	"fmt"
	"strings"
	"testing"

	"golang.org/x/crypto/curve25519"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestFIPS140 checks, in a child process run with GODEBUG=fips140=on, that
// every function computes with crypto/ecdh, as golang.org/x/crypto/curve25519
// does: the results and the errors are curve25519's, word for word, and
// X25519 allocates crypto/ecdh's keys (more than its one result).
func TestFIPS140(t *testing.T) {
	if !testutil.IsChild(t) {
		testutil.RunChild(t, "GODEBUG=fips140=on")
		return
	}
	if !fips140.Enabled() {
		t.Fatal("GODEBUG=fips140=on did not enable FIPS 140 mode")
	}
	scalars, points := x25519Inputs(t, 200)
	for i, s := range scalars {
		p := points[i]
		got, err := X25519(s, p)
		want, stdErr := curve25519.X25519(s, p)
		if fmt.Sprint(err) != fmt.Sprint(stdErr) || !bytes.Equal(got, want) {
			t.Fatalf("X25519(%x, %x) = %x, %v; curve25519 %x, %v", s, p, got, err, want, stdErr)
		}
		if len(s) == 32 && len(p) == 32 {
			var dst, stdDst [32]byte
			ScalarMult(&dst, (*[32]byte)(s), (*[32]byte)(p))
			curve25519.ScalarMult(&stdDst, (*[32]byte)(s), (*[32]byte)(p))
			if dst != stdDst {
				t.Fatalf("ScalarMult(%x, %x) = %x, curve25519 %x", s, p, dst, stdDst)
			}
			ScalarBaseMult(&dst, (*[32]byte)(s))
			curve25519.ScalarBaseMult(&stdDst, (*[32]byte)(s))
			if dst != stdDst {
				t.Fatalf("ScalarBaseMult(%x) = %x, curve25519 %x", s, dst, stdDst)
			}
		}
	}
	scalar, point := benchScalarPoint()
	if n := testing.AllocsPerRun(10, func() { sink, _ = X25519(scalar, point) }); n <= 1 {
		t.Errorf("X25519 allocates %v times: it did not go through crypto/ecdh", n)
	}
}

// TestFIPS140Only checks, in a child process run with GODEBUG=fips140=only,
// which refuses X25519, that X25519 returns curve25519's error, ScalarMult
// sets dst to zeros and ScalarBaseMult panics with curve25519's message
// under this package's prefix.
func TestFIPS140Only(t *testing.T) {
	if !testutil.IsChild(t) {
		testutil.RunChild(t, "GODEBUG=fips140=only")
		return
	}
	if !fips140.Enforced() {
		t.Fatal("GODEBUG=fips140=only did not enforce FIPS 140-only mode")
	}
	scalar, point := benchScalarPoint()
	_, err := X25519(scalar, point)
	_, stdErr := curve25519.X25519(scalar, point)
	if err == nil || stdErr == nil || err.Error() != stdErr.Error() {
		t.Errorf("X25519: error %v, curve25519's %v", err, stdErr)
	}
	dst := [32]byte{1}
	ScalarMult(&dst, (*[32]byte)(scalar), (*[32]byte)(point))
	if dst != [32]byte{} {
		t.Errorf("ScalarMult left %x, want zeros", dst)
	}
	panicOf := func(f func()) (msg string) {
		defer func() { msg = fmt.Sprint(recover()) }()
		f()
		return ""
	}
	ours := panicOf(func() { ScalarBaseMult(&dst, &dst) })
	std := panicOf(func() { curve25519.ScalarBaseMult(&dst, &dst) })
	if msg, ok := strings.CutPrefix(ours, "carry/x25519: "); !ok || "curve25519: "+msg != std {
		t.Errorf("ScalarBaseMult panicked with %q, curve25519's with %q", ours, std)
	}
}
