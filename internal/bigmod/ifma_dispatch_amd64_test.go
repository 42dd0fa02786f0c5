//go:build !purego

package bigmod

import (
	"strings"
	"testing"
)

// TestIFMADispatchPanics calls amm, amm2 and selectIFMA at a size no
// kernel has: each must panic with the package's internal error, not
// return with z untouched.
func TestIFMADispatchPanics(t *testing.T) {
	z := make([]uint64, 50)
	for _, c := range []struct {
		name string
		f    func()
	}{
		{"amm", func() { amm(z, z, z, &radix52{d: 25}) }},
		{"amm2", func() { amm2(z, z, z, z, new([2]uint64), 25) }},
		{"selectIFMA", func() { selectIFMA(z[:25], z, 0) }},
	} {
		func() {
			defer func() {
				if msg, ok := recover().(string); !ok || !strings.Contains(msg, "bigmod: internal error") {
					t.Errorf("%s: panic %v, want the package's internal error", c.name, msg)
				}
			}()
			c.f()
		}()
	}
}
