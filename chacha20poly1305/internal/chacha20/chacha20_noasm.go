//go:build !amd64 || purego

package chacha20

func xorKeyStream(s *State, dst, src []byte) { xorKeyStreamGeneric(s, dst, src) }

func xorKeyStreamHead(s *State, block0 *[BlockSize]byte, dst, src []byte) {
	xorKeyStreamHeadGeneric(s, block0, dst, src)
}

// Implementations returns the names of the implementations this machine
// runs: "portable" only, here. With UseImplementation, it lets tests run
// every path.
func Implementations() []string { return []string{"portable"} }

// UseImplementation selects the named implementation, which must be one of
// Implementations, and returns a function that restores the previous
// choice. It is for tests.
func UseImplementation(name string) (restore func()) {
	if name != "portable" {
		panic("chacha20: unknown implementation " + name)
	}
	return func() {}
}
