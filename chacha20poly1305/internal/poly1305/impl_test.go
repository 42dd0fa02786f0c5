package poly1305

import "testing"

// forEachImpl runs f once for each implementation of blocks that this
// machine can run, selecting it for the duration of f.
func forEachImpl(t *testing.T, f func(t *testing.T)) {
	for _, impl := range impls {
		t.Run(impl.name, func(t *testing.T) {
			defer impl.use()()
			f(t)
		})
	}
}

// An impl is an implementation of blocks; use selects it and returns a
// function that restores the previous choice.
type impl struct {
	name string
	use  func() (restore func())
}
