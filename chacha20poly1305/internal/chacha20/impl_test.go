package chacha20

import "testing"

// forEachImpl runs f once for each implementation of xorKeyStream that this
// machine can run, selecting it for the duration of f.
func forEachImpl(t *testing.T, f func(t *testing.T)) {
	for _, impl := range impls {
		t.Run(impl.name, func(t *testing.T) {
			defer impl.use()()
			f(t)
		})
	}
}

// An impl is an implementation of xorKeyStream; use selects it and returns a
// function that restores the previous choice.
type impl struct {
	name string
	use  func() (restore func())
}
