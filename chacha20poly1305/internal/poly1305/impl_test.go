package poly1305

import "testing"

// forEachImpl runs f once for each implementation of xorKeyStream that this
// machine can run, selecting it for the duration of f.
func forEachImpl(t *testing.T, f func(t *testing.T)) {
	for _, name := range Implementations() {
		t.Run(name, func(t *testing.T) {
			defer UseImplementation(name)()
			f(t)
		})
	}
}

func TestUseImplementation(t *testing.T) {
	impls := Implementations()
	if len(impls) == 0 || impls[len(impls)-1] != "portable" {
		t.Fatalf("Implementations() = %q, want a list ending in portable", impls)
	}
	defer func() {
		if recover() == nil {
			t.Error("UseImplementation of an unknown name did not panic")
		}
	}()
	UseImplementation("rot13")
}
