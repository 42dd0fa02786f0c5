//go:build amd64 && !purego && linux

package chacha20poly1305

import (
	"os"
	"strings"
	"testing"
)

// TestKernelsConstantTimeAsm runs ctAuditAsm (review_sets_test.go: no
// branch on secret flags but Open's tag branch, no address or masked access
// from secret data, no division) over the generated assembly the reviews of
// sets_amd64.s and of the wide head kernels did not: the short and fused
// kernels, the AVX2 kernels and Poly1305's.
func TestKernelsConstantTimeAsm(t *testing.T) {
	for _, file := range []string{
		"fused_amd64.s",
		"fused_avx2_amd64.s",
		"chunks_avx2_amd64.s",
		"internal/poly1305/sum_amd64.s",
	} {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		src := string(b)
		if ps := ctAuditAsm(src); len(ps) > 0 {
			t.Errorf("%s:\n%s", file, strings.Join(ps, "\n"))
		}
		// The audit sees the secrets of this file: an address made from
		// the low word of its first Poly1305 product is found.
		i := strings.Index(src, "MULXQ ")
		if i < 0 {
			t.Fatalf("%s has no MULXQ", file)
		}
		end := i + strings.IndexByte(src[i:], '\n')
		ops := strings.Split(strings.TrimSpace(src[i+len("MULXQ "):end]), ", ")
		lo := ops[1]
		bad := src[:end+1] + "\tMOVQ (SP)(" + lo + "*1), " + lo + "\n" + src[end+1:]
		if ps := ctAuditAsm(bad); len(ps) == 0 || !strings.Contains(strings.Join(ps, "\n"), "address from a secret register "+lo) {
			t.Errorf("%s: an address from the product in %s: the audit found %q", file, lo, ps)
		}
	}
}
