//go:build !amd64 || purego

package poly1305

func blocks(m *MAC, p []byte, hibit uint64) { blocksGeneric(m, p, hibit) }

// prepare does nothing: there is no vector loop here.
func prepare(m *MAC) {}

// Implementations returns the names of the implementations this machine
// runs: "portable" only, here. With UseImplementation, it lets tests run
// every path.
func Implementations() []string { return []string{"portable"} }

// UseImplementation selects the named implementation, which must be one of
// Implementations, and returns a function that restores the previous
// choice. It is for tests.
func UseImplementation(name string) (restore func()) {
	if name != "portable" {
		panic("poly1305: unknown implementation " + name)
	}
	return func() {}
}
