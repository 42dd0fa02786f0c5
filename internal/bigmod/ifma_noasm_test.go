//go:build !amd64 || purego

package bigmod

import (
	"strings"
	"testing"
)

// TestIFMAStubsPanic checks that the IFMA entry points of a build without
// the kernels, which the exponentiations never call there (useIFMA is
// false), panic with the package's message rather than return, leaving
// their results unset, if something does call them.
func TestIFMAStubsPanic(t *testing.T) {
	for _, c := range []struct {
		name string
		f    func()
	}{
		{"expIFMA", func() { new(Nat).expIFMA(new(Nat), nil, nil, 1) }},
		{"expPairIFMA", func() { expPairIFMA(new(Nat), new(Nat), nil, nil, new(Nat), new(Nat), nil, nil, 1) }},
		{"expShortIFMAVarTime", func() { new(Nat).expShortIFMAVarTime(new(Nat), 1, nil) }},
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
